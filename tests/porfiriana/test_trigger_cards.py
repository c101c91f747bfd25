"""New Pax Porfiriana partners built on the general triggers card_moved and card_discarded
(tests/porfiriana/fixtures/trigger_cards.pax): compiled with the game's vocabulary and played on
the unchanged runtime. Each scenario follows the rules (a sale discards the card sold, from hand
or from a row: rules D4; at the end of a turn the headlines of the zero-cost column go to the
bull/bear discard: rules B), then random games play them all with every invariant checked."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, TurnEnded, TurnStarted
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.porfiriana import economy, game_rules, hooks, market, rules
from paxc.runtime.porfiriana.actions import Buy, EndTurn, Sell
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.new_cards import count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, cards, drive, empty_state, find, hold, may, put, turn
from tests.porfiriana.test_new_cards import SHOP, SHOP_2

NUMBERS = range(9070, 9077)


def new(trigger_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(trigger_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def test_society_columnist_gains_when_another_row_loses_a_card(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    columnist = new(trigger_cards, 9070, monkeypatch)
    state = empty_state()
    put(state, 0, columnist.number)
    put(state, 1, SHOP.number)
    put(state, 0, SHOP_2.number)
    turn(state, 1)
    act(state, 1, Sell(SHOP.number))  # sold from the row: discarded from it
    assert state.players[0].gold == 30 + 1
    turn(state, 0)
    act(state, 0, Sell(SHOP_2.number))  # your own row is not another player's
    assert state.players[0].gold == 30 + 1 + economy.sell_value(state)


def test_bear_trader_gains_when_a_headline_goes_to_the_bull_bear_pile(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    trader = new(trigger_cards, 9071, monkeypatch)
    state = empty_state()
    put(state, 2, trader.number)
    headline = find(CardType.HEADLINE, plain=False)  # discarded without effect
    other = find(CardType.HEADLINE, plain=False, exclude=(headline.number,))
    state.market[0][0] = headline.number
    state.market[1][1] = other.number  # not in the zero-cost column: it stays
    drive(market.discard_headlines(state, 0), [], then_first=True)
    assert state.bull_bear[-1] == headline.number
    assert state.players[2].gold == 30 + 1


def test_pawn_ticket_gains_when_you_discard_from_your_hand(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticket = new(trigger_cards, 9072, monkeypatch)
    state = empty_state()
    put(state, 0, ticket.number)
    price = economy.sell_value(state)
    hold(state, 0, SHOP.number)
    turn(state, 0)
    act(state, 0, Sell(SHOP.number))
    assert state.players[0].gold == 30 + price + 1
    hold(state, 1, SHOP_2.number)
    turn(state, 1)
    act(state, 1, Sell(SHOP_2.number))  # another player's hand
    assert state.players[0].gold == 30 + price + 1


# ---------------------------------------------------------------------- limits


def test_personal_secretary_raises_your_hand_limit_by_two(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the hand limit (5) a player buys only the cards played at once (rules E3)."""
    secretary = new(trigger_cards, 9075, monkeypatch)
    state = empty_state(gold=50)
    put(state, 0, secretary.number)
    fillers = [c.number for c in cards(CardType.BLACK)][:7]
    hold(state, 0, *fillers[:5])
    hold(state, 1, *fillers[:5])
    state.market[0][0] = SHOP.number
    turn(state, 0)
    assert may(state, 0, Buy(0, 0))  # 5 in hand, limit 7
    hold(state, 0, *fillers[5:7])
    assert not may(state, 0, Buy(0, 0))  # 7 in hand: at the limit
    turn(state, 1)
    assert not may(state, 1, Buy(0, 0))  # another player's limit stays 5


def test_chief_of_staff_gives_you_one_more_action_each_turn(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn has 3 actions, 2 for a player jailed when it starts (rules D, E)."""
    chief = new(trigger_cards, 9076, monkeypatch)
    state = empty_state()
    put(state, 0, chief.number)
    seen: list[int] = []
    for player, jailed in ((0, False), (1, False), (0, True)):
        state.players[player].jailed = jailed
        drive(rules.action_phase(state, player), [lambda o: isinstance(o, EndTurn)])
        seen.append(state.turn.actions_left)  # no action taken: all of them left
    assert seen == [4, 3, 3]


# ---------------------------------------------------------------------- turn_started, turn_ended


def _one_turn(state: PorfirianaState, player: int) -> None:
    """A whole turn as the rules run it: no action taken, then the headline discard, the refill
    and the income phase."""
    drive(game_rules.take_turn(state, player), [lambda o: isinstance(o, EndTurn)], then_first=True)


def test_early_riser_gains_at_the_start_of_your_turn_only(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    riser = new(trigger_cards, 9073, monkeypatch)
    without = empty_state()
    _one_turn(without, 0)
    state = empty_state()
    put(state, 0, riser.number)
    _one_turn(state, 0)
    assert state.players[0].gold == without.players[0].gold + 1
    before = state.players[0].gold
    state.active = 1
    _one_turn(state, 1)  # another player's turn
    assert state.players[0].gold == before


def test_night_watchman_gains_at_the_end_of_a_richer_players_turn(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    watchman = new(trigger_cards, 9074, monkeypatch)
    state = empty_state()
    put(state, 0, watchman.number)
    state.players[1].gold = 50
    state.active = 1
    _one_turn(state, 1)
    assert state.players[0].gold == 30 + 1
    state.players[2].gold = 10  # poorer than you: nothing
    state.active = 2
    _one_turn(state, 2)
    assert state.players[0].gold == 30 + 1


def test_every_turn_starts_and_ends_diaz_included(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Díaz takes his turn in his seat (rules L), so his turns start and end as any player's
    (told when some card of the game listens, as here)."""
    new(trigger_cards, 9073, monkeypatch)
    new(trigger_cards, 9074, monkeypatch)
    fired: list[object] = []

    def record(state: PorfirianaState, event: object, owner: int | None = None, played: Any = None) -> Effect:
        fired.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "fire", record)
    state = empty_state()
    _one_turn(state, 0)
    assert fired[0] == TurnStarted(PlayerId(0)) and fired[-1] == TurnEnded(PlayerId(0))
    solo = empty_state(2)
    solo.solitaire = True
    fired.clear()
    drive(game_rules.take_turn(solo, 1), [], then_first=True)
    assert fired[0] == TurnStarted(PlayerId(1)) and fired[-1] == TurnEnded(PlayerId(1))


def test_the_trigger_cards_play_in_random_games_with_every_invariant(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random three-player games with the cards on top of the deck, every invariant checked
    after each decision; each card's triggers are counted as they act (tests/new_cards.py)."""
    acted = count_in_random_games("porfiriana", trigger_cards, NUMBERS, monkeypatch, seed=5, games=30)
    print("times each trigger card acted in 30 games:", dict(sorted(acted.items())))
