"""How cards reach the rules through the hooks (runtime/porfiriana/hooks.py), where mutation testing
(issue 34) found the other tests silent: a replacement, and a trigger, printed on one side of a
card, acting for its owner while that side shows; no move told once the game is over; a watcher
shown each event; a once-per-round discount counted when it is the only modifier of a price, and
no longer once spent; a loop of triggers no rule ends stopped after 20 acts a turn; the modifiers
in effect (of a troop, a lasting effect, the regime card), each answering from the game it is
asked in, for the player it acts for, and seen as soon as the cards in effect change, however the
answers of before are remembered. The fixture cards are in tests/porfiriana/fixtures/hook_cards.pax
(and trigger_cards.pax, market_cards.pax)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana import CARDS_BY_NUMBER
from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardBought,
    CardType,
    PoliceCost,
    PurchaseCost,
    Regime,
    TurnStarted,
)
from paxc.runtime.core import watch
from paxc.runtime.core.abilities import REPEATS_PER_TURN
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hooks, market, rules
from paxc.runtime.porfiriana.actions import POLICE_COST, Buy, EndTurn, Police, police_cost
from paxc.runtime.porfiriana.state import COLUMN_COSTS, HAND_LIMIT, TOPPLES_IN_GAME, PorfirianaState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    cards,
    drive,
    empty_state,
    find,
    may,
    put,
    put_troop,
    seat_without,
    set_regime,
    turn,
)
from tests.porfiriana.test_attacks import LAWSUIT, at, play

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "hook_cards.pax"
TOPPLE = find(CardType.TOPPLE, lambda c: True)
OTHER_TOPPLE = find(CardType.TOPPLE, lambda c: True, exclude=[TOPPLE.number])
SHOP_CARDS = [c.number for c in cards(CardType.ENTERPRISE)][:2]


@pytest.fixture(scope="module")
def hook_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("hook_cards"))


def new(hook_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(hook_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def test_a_replacement_on_the_side_shown_acts_for_the_cards_owner(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Guardian Angel (fixture): its Guardian side cancels an attack card played against its owner.
    angel = new(hook_cards, 9180, monkeypatch)
    steals = LAWSUIT.steal or 0
    assert steals > 0
    state = empty_state()
    turn(state, 0)
    put(state, 1, angel.number, side=0)
    play(state, 0, LAWSUIT.number, at(None, victim=1))
    assert state.players[1].gold == 30 + 1 and state.players[1].prestige_stack == []
    play(state, 0, LAWSUIT.number, at(None, victim=2))  # against another player: played
    assert state.players[2].gold == 30 - steals
    state.players[1].row[-1].side = 1  # the Reverse shows: no replacement
    play(state, 0, LAWSUIT.number, at(None, victim=1))
    assert state.players[1].gold == 30 + 1 - steals


def test_no_card_hears_a_move_once_the_game_is_over(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bear Trader (fixture 9071) gains 1 whenever a card goes to the bull/bear pile. A topple card
    # bought goes there once played (rules K): heard while the game goes on, not after the fourth
    # topple has ended it.
    trader: Card = trigger_cards.CARD_9071
    join_game(trader, monkeypatch)
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    put(state, 1, trader.number)
    turn(state, 0)
    state.market[0][0] = TOPPLE.number
    act(state, 0, Buy(0, 0), then_first=True)  # nobody flips: nobody topples
    assert not state.over and state.bull_bear == [TOPPLE.number]
    assert state.players[1].gold == 30 + 1
    state.topples = TOPPLES_IN_GAME - 1
    state.market[0][1] = OTHER_TOPPLE.number
    act(state, 0, Buy(0, 1), then_first=True)  # the fourth topple: the game ends with it
    assert state.over and state.bull_bear[-1] == OTHER_TOPPLE.number
    assert state.players[1].gold == 30 + 1


def test_a_watcher_sees_each_event_fired() -> None:
    # `paxc compare` counts the cards bought and played by watching the events (core/watch.py).
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    state.market[0][0] = TOPPLE.number
    seen: list[object] = []
    with watch.watching((CardBought,), seen.append):
        act(state, 0, Buy(0, 0), then_first=True)
    assert [(type(e), e.card.number) for e in seen if isinstance(e, CardBought)] == [
        (CardBought, TOPPLE.number)
    ]
    assert len(seen) == 1


def test_a_watcher_sees_an_event_the_rules_make_only_when_it_can_matter() -> None:
    # The start of a turn is told only when something answers it (`hooks.matters`): a watcher does.
    state = empty_state()
    seen: list[object] = []
    with watch.watching((TurnStarted,), seen.append):
        drive(rules.action_phase(state, 0), [EndTurn()])
    assert seen == [TurnStarted(PlayerId(0))]


def test_a_once_per_round_discount_alone_in_effect_is_spent_too(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Haggler (fixture 9140): once per round, 2 gold off a purchase. With no other ability in
    # effect changing a price, its one modifier still counts the round.
    haggler: Card = market_cards.CARD_9140
    join_game(haggler, monkeypatch)
    state = empty_state(players=2)
    seat_without(state, 0, PurchaseCost)
    state.players[1].row[0].side = 1  # flipped: the Loyalist's price ability stops
    turn(state, 0)
    put(state, 0, haggler.number)
    price = COLUMN_COSTS[3]
    state.market[0][3], state.market[1][3] = SHOP_CARDS
    act(state, 0, Buy(0, 3))
    assert state.players[0].gold == 30 - (price - 2)
    act(state, 0, Buy(1, 3))  # the round's discount is spent
    assert state.players[0].gold == 30 - (price - 2) - price


def test_a_spent_once_per_round_discount_no_longer_makes_a_card_affordable(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Haggler again, the only price modifier in effect: once its discount is spent this round,
    # the options list the market at full price (the listing asks every price at once).
    haggler: Card = market_cards.CARD_9140
    join_game(haggler, monkeypatch)
    state = empty_state(players=2)
    seat_without(state, 0, PurchaseCost)
    state.players[1].row[0].side = 1
    turn(state, 0)
    put(state, 0, haggler.number)
    price = COLUMN_COSTS[3]
    state.market[0][3], state.market[1][3] = SHOP_CARDS
    state.players[0].gold = price - 2
    assert may(state, 0, Buy(1, 3))  # the discount unspent: affordable
    act(state, 0, Buy(0, 3))  # spends it
    state.players[0].gold = price - 2
    assert not may(state, 0, Buy(1, 3))
    state.players[0].gold = price
    assert may(state, 0, Buy(1, 3))


def test_no_move_is_told_once_the_game_is_over(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whatever rule moves a card after the game has ended (the rules' one teller of moves,
    # `hooks.card_moved`), Bear Trader hears nothing of it.
    trader: Card = trigger_cards.CARD_9071
    join_game(trader, monkeypatch)
    state = empty_state()
    put(state, 1, trader.number)
    turn(state, 0)
    drive(hooks.card_moved(state, TOPPLE.number, "market", None, "bull_bear", None, discarded=True), [])
    assert state.players[1].gold == 30 + 1
    state.over = True
    drive(hooks.card_moved(state, TOPPLE.number, "market", None, "bull_bear", None, discarded=True), [])
    assert state.players[1].gold == 30 + 1


# Village Constable (fixture troop 9181): while in play, a police action costs its owner at most 1
# gold while they hold 10 gold or less (3 otherwise: rules E8). Its modifier reads the game
# through its context (the owner's gold), so an answer worked out in another game, or before the
# cards in effect changed, shows.
ENTERPRISE = find(CardType.ENTERPRISE, lambda c: (c.income or 0) > 0 and c.number not in SHOP_CARDS)
POOR = 10


def poor_state() -> PorfirianaState:
    """Player 1 to play, holding 10 gold, with no Hacendado changing a police action's price."""
    state = empty_state()
    for player in range(len(state.players)):
        seat_without(state, player, PoliceCost)
    turn(state, 1)
    state.players[1].gold = POOR
    return state


def test_a_troop_on_an_enterprise_in_unrest_has_its_abilities_switched_off(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Glossary, Unrest Disk: an enterprise in unrest loses its abilities and its occupying troops
    # their prestige; the runtime switches the troop's abilities off with it.
    constable = new(hook_cards, 9181, monkeypatch)
    state = poor_state()
    held = put(state, 0, ENTERPRISE.number)
    put_troop(state, 1, constable.number, on=ENTERPRISE.number)  # extorting player 0's enterprise
    assert police_cost(state, 1, None) == 1
    held.unrest = 1
    assert police_cost(state, 1, None) == POLICE_COST
    held.unrest = 0
    assert police_cost(state, 1, None) == 1


def test_a_troop_joining_a_private_army_acts_at_once(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    constable = new(hook_cards, 9181, monkeypatch)
    state = poor_state()
    assert police_cost(state, 1, None) == POLICE_COST
    put_troop(state, 1, constable.number)  # into player 1's private army
    assert police_cost(state, 1, None) == 1
    state.players[1].army.clear()
    assert police_cost(state, 1, None) == POLICE_COST


def test_each_game_is_answered_from_its_own_state(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two games with the same cards in effect (as a search plays out copies of one): the
    # constable reads the gold of its owner in the game asked.
    constable = new(hook_cards, 9181, monkeypatch)
    poor, rich = poor_state(), poor_state()
    rich.players[1].gold = 30
    for state in (poor, rich):
        put_troop(state, 1, constable.number)
    assert police_cost(poor, 1, None) == 1
    assert police_cost(rich, 1, None) == POLICE_COST
    assert police_cost(poor, 1, None) == 1


def test_a_troop_joining_while_a_lasting_effect_is_in_force_acts_at_once(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Curfew (fixture 9182), played by player 1 this turn: until its end, police costs them at
    # most 2. The constable joining their army then brings it to 1.
    constable = new(hook_cards, 9181, monkeypatch)
    curfew = new(hook_cards, 9182, monkeypatch)
    state = poor_state()
    state.lasting.append(Lasting(curfew.number, 0, 1, "end_of_turn"))
    assert police_cost(state, 1, None) == 2
    put_troop(state, 1, constable.number)
    assert police_cost(state, 1, None) == 1


def test_the_regime_in_force_is_the_one_asked_after_two_changes(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pax, then U.S. Intervention, then Martial Law (rules E8: its police actions cost nothing),
    # the rows unchanged: the regime card of the first is second in the stack again under the
    # last, and only the one on top is in force.
    constable = new(hook_cards, 9181, monkeypatch)
    state = poor_state()
    put_troop(state, 1, constable.number)
    assert police_cost(state, 1, None) == 1
    set_regime(state, Regime.US_INTERVENTION)
    assert police_cost(state, 1, None) == 1
    set_regime(state, Regime.MARTIAL_LAW)
    assert police_cost(state, 1, None) == 0
    set_regime(state, Regime.PAX)
    assert police_cost(state, 1, None) == 1


def test_the_options_listed_see_a_troop_back_in_effect(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Player 1, jailed with 2 gold, may pay their way out only while the constable on their
    # enterprise is in effect: not while the enterprise is in unrest, again once it is policed.
    constable = new(hook_cards, 9181, monkeypatch)
    state = poor_state()
    held = put(state, 1, ENTERPRISE.number)
    put_troop(state, 1, constable.number, on=ENTERPRISE.number)  # guarding their own enterprise
    state.players[1].jailed = True
    turn(state, 1)
    state.players[1].gold = 2
    assert may(state, 1, Police(None))
    held.unrest = 1
    assert not may(state, 1, Police(None))
    held.unrest = 0
    assert may(state, 1, Police(None))


def test_a_card_joining_the_card_table_is_seen_without_anything_forgotten(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hoarder (fixture 9184): your hand limit is 1 more; Weathervane (9186) on its North side:
    # whenever another player buys a card, gain 1 gold. New cards put into the card table (as a
    # build with their file would, test_economy.py's plantation too) act once in play, though no
    # card of the table carried a hand limit or heard a purchase before (hooks.py remembers what
    # it found there by the table's size).
    hoarder: Card = hook_cards.CARD_9184
    vane: Card = hook_cards.CARD_9186
    hooks.forget_cards()
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    state.players[1].hand = [c.number for c in cards(CardType.ENTERPRISE)][2 : 2 + HAND_LIMIT]
    state.market[0][0], state.market[1][0] = SHOP_CARDS
    assert market.hand_full(state, 1)
    act(state, 0, Buy(0, 0))
    assert state.players[1].gold == 30
    for printed in (hoarder, vane):
        monkeypatch.setitem(CARDS_BY_NUMBER, printed.number, printed)
    put(state, 1, hoarder.number)
    put(state, 1, vane.number, side=0)
    assert not market.hand_full(state, 1)
    act(state, 0, Buy(1, 0))
    assert state.players[1].gold == 30 + 1


# Martial Law for the Poor (fixture regime card 9183): under it the hand limit of the player whose
# turn it is (the regime card acts for them) is 1 more while they hold 10 gold or less. No other
# card carries a hand limit: the regime card's modifiers are looked up alone.


def martial_law(regime_card: Card, gold: int) -> PorfirianaState:
    state = empty_state()
    state.regimes = [regime_card.number if card(n).regime is Regime.MARTIAL_LAW else n for n in state.regimes]
    set_regime(state, Regime.MARTIAL_LAW)
    turn(state, 0)
    for me in state.players:
        me.gold = gold
        me.hand = [c.number for c in cards(CardType.ENTERPRISE)][:HAND_LIMIT]
    return state


def test_a_regime_cards_modifier_reads_the_game_asked_for_the_player_whose_turn_it_is(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    regime_card = new(hook_cards, 9183, monkeypatch)
    poor, rich = martial_law(regime_card, POOR), martial_law(regime_card, 30)
    assert poor.regime_card.number == regime_card.number
    assert not market.hand_full(poor, 0)
    assert market.hand_full(poor, 1)  # not their turn
    assert market.hand_full(rich, 0)
    assert not market.hand_full(poor, 0)
    turn(poor, 1)
    assert not market.hand_full(poor, 1)
    assert market.hand_full(poor, 0)


def test_a_loop_of_triggers_no_rule_ends_stops_after_twenty_acts_a_turn(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rag Picker (fixture 9185): whenever a card moves into your hand, take the top card of the
    # discard pile into your hand. A card bought sets it off, and each card it takes sets it off
    # again; the runtime lets a trigger act 20 times a turn for one owner (README: the card
    # language, `core.abilities.REPEATS_PER_TURN`), here before the discard pile runs out.
    picker = new(hook_cards, 9185, monkeypatch)
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    put(state, 0, picker.number)
    pile = [c.number for c in cards(CardType.ENTERPRISE)][2 : 2 + REPEATS_PER_TURN + 5]
    assert len(pile) == REPEATS_PER_TURN + 5
    state.discard = list(pile)
    state.market[0][0] = SHOP_CARDS[0]
    act(state, 0, Buy(0, 0))
    assert len(state.players[0].hand) == 1 + REPEATS_PER_TURN
    assert state.discard == pile[:5]


def test_a_trigger_printed_on_the_side_shown_acts_for_the_cards_owner(
    hook_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Weathervane (fixture public card 9186): on its North side, whenever another player buys a
    # card, its owner gains 1 gold; its South side has no ability.
    vane = new(hook_cards, 9186, monkeypatch)
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    put(state, 1, vane.number, side=0)
    state.market[0][0], state.market[1][0] = SHOP_CARDS
    act(state, 0, Buy(0, 0))
    assert state.players[1].gold == 30 + 1
    state.players[1].row[-1].side = 1
    act(state, 0, Buy(1, 0))
    assert state.players[1].gold == 30 + 1
