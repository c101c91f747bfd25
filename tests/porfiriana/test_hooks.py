"""How cards reach the rules through the hooks (runtime/porfiriana/hooks.py), where mutation testing
(issue 34) found the other tests silent: a replacement printed on one side of a card, acting for
its owner while that side shows; no move told once the game is over; a watcher shown each event; a once-per-round
discount counted when it is the only modifier of a price. The fixture cards are in
tests/porfiriana/fixtures/hook_cards.pax (and trigger_cards.pax)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardBought, CardType, PurchaseCost, TurnStarted
from paxc.runtime.core import watch
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import rules
from paxc.runtime.porfiriana.actions import Buy, EndTurn
from paxc.runtime.porfiriana.state import COLUMN_COSTS, TOPPLES_IN_GAME
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, cards, drive, empty_state, find, put, seat_without, turn
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


TRIGGER_CARDS = REPO / "tests" / "porfiriana" / "fixtures" / "trigger_cards.pax"


@pytest.fixture(scope="module")
def trigger_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(TRIGGER_CARDS, "porfiriana", tmp_path_factory.mktemp("trigger_cards"))


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


MARKET_CARDS = REPO / "tests" / "porfiriana" / "fixtures" / "market_cards.pax"


@pytest.fixture(scope="module")
def market_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(MARKET_CARDS, "porfiriana", tmp_path_factory.mktemp("market_cards"))


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
