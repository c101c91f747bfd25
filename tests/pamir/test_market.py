"""Scenarios for the rupees paid into the market (runtime/pamir/market.py): a purchase's rupees on
the cards to its left, an action's cost on the rightmost cards, rupees a card effect puts on a
market card, each added to the rupees already there."""

from __future__ import annotations

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import CardType
from paxc.runtime.pamir import market
from paxc.runtime.pamir.state import MARKET_COLUMNS
from tests.pamir.scenario import empty_state, event_card

# Court cards with no ability, to stand in the market.
PLAIN = [c.number for c in CARDS if c.card_type is CardType.COURT and not c.abilities][:4]


def test_an_action_cost_beyond_the_last_market_card_leaves_the_game() -> None:
    """Rulebook, action costs: one rupee to each market card from the right, the top row first;
    (decision, market.py) what finds no card leaves the game, never a second rupee on a card."""
    state = empty_state()
    state.market[0][MARKET_COLUMNS - 1] = PLAIN[0]  # one card, in the rightmost column
    rupees = state.players[0].rupees
    market.pay_action_cost(state, 0, 3)
    assert state.market_rupees[0][MARKET_COLUMNS - 1] == 1
    assert sum(map(sum, state.market_rupees)) == 1 and state.players[0].rupees == rupees - 3


def test_an_action_cost_adds_to_the_rupees_already_on_a_card() -> None:
    state = empty_state()
    state.market[0][MARKET_COLUMNS - 1] = PLAIN[0]
    state.market_rupees[0][MARKET_COLUMNS - 1] = 2
    market.pay_action_cost(state, 0, 1)
    assert state.market_rupees[0][MARKET_COLUMNS - 1] == 3


def test_a_purchase_made_cheaper_puts_only_what_was_paid_on_the_leftmost_cards() -> None:
    """A card three columns in costs three rupees, one on each card to its left; when an ability
    lowers the price to two, the two rupees paid go on the two leftmost cards, and no more."""
    state = empty_state()
    state.market[0][:4] = PLAIN[:4]
    market.pay_purchase(state, 0, 0, 3, 2)
    assert state.market_rupees[0][:4] == [1, 1, 0, 0]
    assert state.turn.paid_onto == set(PLAIN[:2])


def test_a_purchase_made_dearer_puts_the_columns_rupees_and_the_rest_leaves_the_game() -> None:
    """(decision, market.py) A card two columns in, priced 5 by an ability instead of 2: the buyer
    pays all 5, the two cards to its left get their one rupee each, the other 3 leave the game."""
    state = empty_state()
    state.market[0][:3] = PLAIN[:3]
    rupees = state.players[0].rupees
    market.pay_purchase(state, 0, 0, 2, 5)
    assert state.players[0].rupees == rupees - 5
    assert state.market_rupees[0][:3] == [1, 1, 0] and sum(map(sum, state.market_rupees)) == 2


def test_rupees_a_card_effect_puts_on_a_market_card_add_to_those_there() -> None:
    state = empty_state()
    state.market[1][2] = PLAIN[0]
    state.market_rupees[1][2] = 1
    market.put_rupees(state, PLAIN[0], 2)
    assert state.market_rupees[1][2] == 3 and PLAIN[0] in state.turn.paid_onto


def test_rupees_a_card_effect_puts_on_public_withdrawal_leave_the_game() -> None:
    """Public Withdrawal: rupees put on it while it is in the market are out of the game; those put
    on another card stay."""
    withdrawal = event_card(lambda c: c.name == "No Effect / Public Withdrawal")
    state = empty_state()
    state.market[0][0] = withdrawal.number
    state.market[0][1] = PLAIN[0]
    market.put_rupees(state, withdrawal.number, 2)
    market.put_rupees(state, PLAIN[0], 2)
    assert state.market_rupees[0][:2] == [0, 2]
    assert state.turn.paid_onto == {withdrawal.number, PLAIN[0]}


def test_a_purchase_puts_its_rupees_on_the_cards_to_its_left_but_public_withdrawal() -> None:
    """Public Withdrawal: rupees put on it while it is in the market are out of the game; a
    purchase's rupee on the card beside it stays there all the same."""
    withdrawal = event_card(lambda c: c.name == "No Effect / Public Withdrawal")
    state = empty_state()
    state.market[0][0] = withdrawal.number
    state.market[0][1:3] = PLAIN[:2]
    market.pay_purchase(state, 0, 0, 2, 2)
    assert state.market_rupees[0][:3] == [0, 1, 0]
    assert state.turn.paid_onto == {withdrawal.number, PLAIN[0]}


def test_each_row_slides_left_whatever_the_row_above_it_holds() -> None:
    """Rulebook, cleanup: the cards of each market row move to its leftmost spaces with their
    rupees. A top row whose cards stand at its left already, a space empty at its right, leaves
    the bottom row's gap to be closed all the same."""
    state = empty_state()
    state.market[0][:2] = PLAIN[:2]  # the top row: nothing to move
    state.market[1][1], state.market[1][3] = PLAIN[2], PLAIN[3]
    state.market_rupees[1][3] = 2
    market.slide_left(state)
    assert state.market[0][:3] == [PLAIN[0], PLAIN[1], None]
    assert state.market[1] == [PLAIN[2], PLAIN[3]] + [None] * (MARKET_COLUMNS - 2)
    assert state.market_rupees[1] == [0, 2] + [0] * (MARKET_COLUMNS - 2)


def test_the_empty_spaces_are_found_in_either_row_leftmost_column_first_top_row_first() -> None:
    """Rulebook, cleanup: new cards fill the empty spaces from the leftmost column, the top row
    first in each column. A gap in only one row is found whichever row it is in."""
    state = empty_state()
    court: list[int | None] = [c.number for c in CARDS if c.card_type is CardType.COURT]
    court = court[: 2 * MARKET_COLUMNS]
    state.market = [court[:MARKET_COLUMNS], court[MARKET_COLUMNS:]]
    assert market.empty_slots(state) == []
    state.market[0][4] = None
    assert market.empty_slots(state) == [(0, 4)]
    state.market[0][4], state.market[1][2] = court[4], None
    assert market.empty_slots(state) == [(1, 2)]
    state.market[0][4] = state.market[0][2] = None
    assert market.empty_slots(state) == [(0, 2), (1, 2), (0, 4)]
