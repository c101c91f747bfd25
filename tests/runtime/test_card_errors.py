"""Run-time errors point at cards: an exception raised while a card's effect, condition or
modifier runs names the card (number and name) and the line of its .pax file, in a note on the
exception (printed under its traceback) and in `paxc simulate`'s report of the game.

The failures are injected: an operation or a value every card reads made to raise, so that the
first card to use it fails, wherever it is in a random game."""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterator
from typing import Any

import pytest

from paxc.runtime import commands
from paxc.runtime.core import card_errors
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.porfiriana.context import PorfirianaContext
from tests.conftest import REPO

NOTE = re.compile(r"in card #(\d+) (.+) \((cards/[a-z_/]+\.pax):(\d+)\), raised at \w+\.py:\d+$")
EFFECT_STARTS = ("on ", "when ", "instead of ", "modify ")


class Injected(RuntimeError):
    pass


def raising(*args: object, **kwargs: object) -> Iterator[Any]:
    raise Injected("injected failure")
    yield  # an effect is a generator


def first_error(game: str, players: int) -> str:
    """The error of the first of a run of random games that fails."""
    options = commands.game_options(game, players, {})
    for seed in commands.game_seeds(7, 40):
        result = commands.play_one(game, options, seed, False)
        if result.error is not None:
            return result.error
    raise AssertionError("no game used the broken operation")


def assert_names_an_effect_of_the_card(error: str) -> tuple[int, str]:
    """The note names a card and a line of its file where one of that card's effects begins."""
    assert error.startswith("Injected: injected failure in card #"), error
    found = NOTE.search(error)
    assert found is not None, error
    number, name, path, line = int(found[1]), found[2], found[3], int(found[4])
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    assert lines[line - 1].strip().startswith(EFFECT_STARTS), lines[line - 1]
    headers = [text for text in lines[:line] if text.startswith("card ")]
    assert headers[-1].startswith(f'card {number} "{name}"'), (headers[-1], number, name)
    return number, path


def test_an_operation_failing_in_a_card_effect_names_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PamirContext, "place_armies", raising)
    number, path = assert_names_an_effect_of_the_card(first_error("pamir", 2))
    assert path.startswith("cards/pamir/")


def test_the_same_in_pax_porfiriana(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PorfirianaContext, "move_card", raising)
    _, path = assert_names_an_effect_of_the_card(first_error("porfiriana", 3))
    assert path.startswith("cards/porfiriana/")


def test_a_modifier_or_condition_failing_names_its_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """`you` is read by conditions and modifiers (never by the rules): the first card asking fails."""

    def you(self: PamirContext) -> None:
        raise Injected("injected failure")

    monkeypatch.setattr(PamirContext, "you", property(you))
    assert_names_an_effect_of_the_card(first_error("pamir", 3))


def test_the_note_is_printed_under_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PamirContext, "place_armies", raising)
    kit = commands.kit_of("pamir")
    for seed in range(40):
        try:
            session = kit.new_session({"players": 2}, seed)
            agents = [RandomAgent(seed + 1 + p) for p in range(2)]
            while not session.is_terminal():
                session.apply_action(agents[session.current_player()].choose(session))
        except Injected as error:
            printed = "".join(traceback.format_exception(error))
            assert "paxc: raised in the effect of card #" in printed
            assert printed.count("paxc: raised in") == 1  # once, however deep the effect was
            assert ".pax:" in printed.splitlines()[-1]
            return
    raise AssertionError("no game used the broken operation")


def test_an_error_outside_any_card_gets_no_note() -> None:
    def rules() -> None:
        raise Injected("not a card's")

    try:
        rules()
    except Injected as error:
        card_errors.note_card(error)
        assert not getattr(error, "__notes__", [])
        assert card_errors.card_note(error) is None


def test_a_move_the_zones_refuse_names_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose table of moves lacks one that `paxc check` let a card make (a plug-in that
    never calls `check_moves`): the refusal, raised in runtime/core/zones.py, names the card whose
    effect asked for the move and its line, and the card moved."""
    from paxc.runtime.porfiriana import card_rules

    for pair in list(card_rules.MOVERS):
        monkeypatch.delitem(card_rules.MOVERS, pair)
    error = first_error("porfiriana", 3)
    assert error.startswith("MoveRefused: card "), error
    assert error.endswith("raised at zones.py:" + error.rsplit(":", 1)[1]), error
    found = NOTE.search(error)
    assert found is not None, error
    lines = (REPO / found[3]).read_text(encoding="utf-8").splitlines()
    assert lines[int(found[4]) - 1].strip().startswith(EFFECT_STARTS)
