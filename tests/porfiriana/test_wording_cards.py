"""Pax Porfiriana cards of tests/porfiriana/fixtures/wording_cards.pax, built on the unchanged
runtime: a trigger whose condition proves the card's memory present for its body (9080)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Action, ActionTaken, Card
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hooks
from paxc.runtime.porfiriana.actions import PlayCard
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import Answer, act, check_cubes, drive, empty_state, hold, put, turn
from tests.porfiriana.test_new_cards import SHOP

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "wording_cards.pax"
NUMBERS = (9080,)


@pytest.fixture(scope="module")
def wording_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("wording_cards"))


def ready(card: Card, monkeypatch: pytest.MonkeyPatch) -> PorfirianaState:
    """A game in which player 0, on turn, holds `card` to play."""
    join_game(card, monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, card.number)
    return state


def is_card(wanted: Card) -> Answer:
    return lambda option: getattr(option, "number", None) == wanted.number


def test_a_trigger_condition_proves_the_memory_for_its_body(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """9080: `when action_taken if ... this.marked is set ... { add_unrest 1 on this.marked }`."""
    organizer = wording_cards.CARD_9080
    state = ready(organizer, monkeypatch)
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(0))), [])  # not in play: nothing
    watched = put(state, 1, SHOP.number)
    act(state, 0, PlayCard(organizer.number), [is_card(SHOP)])
    assert state.memory == {organizer.number: {"marked": SHOP.number}}
    assert watched.unrest == 1  # playing the card was an action of yours, once it was marked
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(1))), [])  # another player's action
    assert watched.unrest == 1
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(0))), [])
    assert watched.unrest == 2
    check_cubes(state)


def test_the_wording_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    texts = {c.number: card_text(c) for c in compile_paths([FIXTURE], REPO).games["porfiriana"].cards()}
    assert "After you take an action, if the card this card marks is known and" in texts[9080]
    assert "put 1 unrest on the card this card marks" in texts[9080]


def test_the_wording_cards_play_in_random_games_with_every_invariant(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("porfiriana", wording_cards, NUMBERS, monkeypatch, seed=7, games=20)
    print("times each wording card acted in 20 games:", dict(sorted(acted.items())))
    assert set(acted) >= {9080}
