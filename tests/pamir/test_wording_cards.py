"""Pax Pamir cards of tests/pamir/fixtures/wording_cards.pax, built on the unchanged runtime: a
trigger whose condition proves the card's memory present for its body (980)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Card, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "wording_cards.pax"
NUMBERS = (980,)


@pytest.fixture(scope="module")
def wording_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("wording_cards"))


def play(card: Card, state: PamirState, player: int, answers: list[Answer]) -> list[Any]:
    """Run the card's `on play` effect as the rules do when `player` plays it; the questions."""
    (one_shot,) = card.abilities[0].one_shots
    return drive(run_effect(one_shot.run(PamirContext(state, player, card.number))), answers)


def test_a_trigger_condition_proves_the_memory_for_its_body(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """980: `when turn_started if ... this.marked is set ... { place_spy on this.marked }`."""
    ledger = wording_cards.CARD_980
    join_game(ledger, monkeypatch)
    state = empty_state(2)
    target = court_card(lambda c: c.number > 10)
    state.players[0].court.append(ledger.number)
    state.players[1].court.append(target.number)
    started = TurnStarted(PlayerId(0))
    drive(hooks.fire(state, started), [])  # nothing marked: the condition fails, nothing happens
    assert state.spies_on(target.number)[0] == 0
    play(ledger, state, 0, [target])  # the only card of another court
    assert state.memory[ledger.number] == {"marked": target.number}
    drive(hooks.fire(state, started), [])
    assert state.spies_on(target.number)[0] == 1
    drive(hooks.fire(state, TurnStarted(PlayerId(1))), [])  # another player's turn
    assert state.spies_on(target.number)[0] == 1


def test_the_wording_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    texts = {c.number: card_text(c) for c in compile_paths([FIXTURE], REPO).games["pamir"].cards()}
    assert "At the start of your turn, if the card this card marks is known and" in texts[980]
    assert "you place a spy on the card this card marks" in texts[980]


def test_the_wording_cards_play_in_random_games_with_every_invariant(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", wording_cards, NUMBERS, monkeypatch, seed=7, games=20)
    print("times each wording card acted in 20 games:", dict(sorted(acted.items())))
    assert set(acted) >= {980}
