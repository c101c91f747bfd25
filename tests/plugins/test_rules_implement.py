"""The rules implement what the cards use, checked before play (runtime/core/implemented.py):
every operation and query of a game's vocabulary is a method of its effects class taking what
the generated code passes, and every trigger and modifier is built by its rules. A game that
falls short is refused when it is loaded, naming the line of game.pax and the cards using it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime import games
from paxc.runtime.core import implemented
from paxc.runtime.effects import Effect
from paxc.runtime.pamir.context import PamirContext
from tests.conftest import REPO
from tests.plugins.test_example_game import EXAMPLE, run_paxc


def _line(path: str, text: str) -> int:
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def _without(cls: type, *names: str) -> type:
    """A copy of a class without some of its methods (its module: this test's)."""
    kept = {k: v for k, v in vars(cls).items() if k not in names and k not in ("__dict__", "__weakref__")}
    return type(cls.__name__, (), kept)


def _pamir() -> games.GameKit:
    return games.load_kit(games.find("pamir"))


def _problems(effects: type | None, rules: type | None = None) -> list[str]:
    kit = _pamir()
    found = implemented.problems("pamir", effects, rules or type(kit.rules), kit.cards)
    return [str(problem) for problem in found]


def test_both_bundled_games_implement_their_vocabularies() -> None:
    for name in ("pamir", "porfiriana"):
        kit = games.load_kit(games.find(name))
        assert kit.effects is not None
        assert implemented.problems(name, kit.effects, type(kit.rules), kit.cards) == []


def test_a_missing_operation_names_its_line_and_the_cards_using_it() -> None:
    found = _problems(_without(PamirContext, "place_armies"))
    line = _line("cards/pamir/game.pax", "operation place_armies(")
    assert len(found) == 1, found
    assert found[0].startswith(
        f"cards/pamir/game.pax:{line}: operation 'place_armies' is declared but the rules of pamir do not "
        "implement it (no method PamirContext.place_armies) (used by "
    )
    # Prince Akbar Khan's Insurrection places armies: its effect's line is named.
    effect = _line("cards/pamir/court/kabul.pax", "when dominance_check_ended")
    assert f"#3 Prince Akbar Khan at cards/pamir/court/kabul.pax:{effect}" in found[0]


class _WrongSignatures(PamirContext):
    # Generated code calls an operation with its arguments by name (`count=`, `coalition=`, ...).
    def place_armies(self, number: int, coalition: Any, region: Any) -> Effect:
        yield from ()

    # A query answers a value at once; a generator would hand the card a generator.
    def armies_in(self, region: Any, coalition: Any) -> Iterator[int]:  # type: ignore[override]
        yield 0


def test_a_wrong_signature_says_what_was_expected_and_found() -> None:
    found = _problems(_WrongSignatures)
    assert len(found) == 2, found
    armies, place = sorted(found, key=lambda text: "place_armies" not in text)[::-1]
    assert (
        "operation 'place_armies' is implemented by _WrongSignatures.place_armies with the wrong signature: "
        "expected place_armies(self, count: int, coalition: Coalition, region: Region) -> Effect, "
        "found place_armies(self, number: int, coalition: Any, region: Any) -> Effect"
    ) in place
    assert "query 'armies_in' is implemented by _WrongSignatures.armies_in with the wrong signature" in armies
    assert "-> Iterator[int]" in armies


def test_an_operation_must_give_an_effect() -> None:
    def place_armies(self: object, count: int, coalition: object, region: object) -> None:
        return None

    lacking = _without(PamirContext, "place_armies")
    lacking.place_armies = place_armies  # type: ignore[attr-defined]
    (found,) = _problems(lacking)
    assert "operation 'place_armies' is implemented by PamirContext.place_armies with the wrong" in found


class _NoRules:
    """Rules that build no event at all (this module's code names none of their classes)."""


def test_a_trigger_no_rule_tells_is_refused() -> None:
    class Context(PamirContext):
        pass

    found = _problems(Context, _NoRules)
    line = _line("cards/pamir/game.pax", "trigger dominance_check_ended(")
    told = [text for text in found if f"cards/pamir/game.pax:{line}:" in text]
    assert told == [
        f"cards/pamir/game.pax:{line}: trigger 'dominance_check_ended' is declared but the rules of pamir "
        "never tell it (no module of tests.plugins builds DominanceCheckEnded(...)) (used by "
        + told[0].split("(used by ", 1)[1]
    ]
    assert "#3 Prince Akbar Khan at cards/pamir/court/kabul.pax:" in told[0]
    # (A modifier this test package never names: its other modules build events of their own.)
    assert any("modifier 'court_limit' is declared but the rules of pamir never ask it" in t for t in found)


def test_a_kit_without_an_effects_class_cannot_be_checked() -> None:
    (found,) = _problems(None)
    assert found.startswith(
        "cards/pamir/game.pax: the rules of pamir name no effects class (GameKit.effects)"
    )


def test_paxc_check_reports_each_problem_at_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """`paxc check` of a project whose game's plug-in plays its cards checks the rules too."""
    real = games.find("pamir")
    kit = real.load_kit()
    lacking = _without(PamirContext, "place_armies")
    broken = games.Game("pamir", real.title, real.cards, lambda: _replace(kit, effects=lacking))
    others = dict(games.installed())
    monkeypatch.setattr(games, "installed", lambda: {**others, "pamir": broken})
    result = CliRunner().invoke(main, ["--root", str(REPO), "check", "cards/pamir"])
    assert result.exit_code == 1, result.output
    line = _line("cards/pamir/game.pax", "operation place_armies(")
    assert f"cards/pamir/game.pax:{line}: error: operation 'place_armies' is declared but" in result.output
    assert "[not-implemented]" in result.output and "1 error" in result.output
    as_json = CliRunner().invoke(main, ["--root", str(REPO), "check", "--json", "cards/pamir"])
    assert as_json.exit_code == 1 and '"code": "not-implemented"' in as_json.output
    assert f'"line": {line}' in as_json.output


def _replace(kit: games.GameKit, **changes: Any) -> games.GameKit:
    import dataclasses

    return dataclasses.replace(kit, **changes)


def test_a_plug_in_whose_rules_lack_an_operation_is_never_played(tmp_path: Path) -> None:
    """The example game with `draw_cards` taken out of its rules: every command that would play it
    refuses it at once, naming game.pax's line and the cards that draw."""
    source = tmp_path / "bazaar"
    shutil.copytree(EXAMPLE, source)
    rules = source / "rules" / "game.py"
    text = rules.read_text(encoding="utf-8")
    method = (
        "    def draw_cards(self, count: int, player: PlayerId) -> Effect:\n"
        "        draw(self.state, player, count)\n"
        "        yield from ()\n\n"
    )
    assert method in text
    rules.write_text(text.replace(method, ""), encoding="utf-8")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    played = run_paxc(site, "simulate", "bazaar", "--players", "2", "--games", "5", cwd=tmp_path)
    assert played.returncode == 1, played.stdout + played.stderr
    line = _line("tests/example_game/cards/bazaar/game.pax", "operation draw_cards(")
    anvil = _line("tests/example_game/cards/bazaar/goods.pax", "if played(you, Smiths) >= 2") - 1
    assert (
        f"cards/bazaar/game.pax:{line}: operation 'draw_cards' is declared but the rules of bazaar do not "
        f"implement it (no method Bazaar.draw_cards) (used by #5 Anvil at cards/bazaar/goods.pax:{anvil}, "
        "#7 Caravan at cards/bazaar/goods.pax:"
    ) in played.stderr
    assert "Traceback" not in played.stderr and "games" not in played.stdout
