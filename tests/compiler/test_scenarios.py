"""Scenario files (`paxc test`): their located errors, the report of a failing one, the JSON
output, and a scenario of each game that must pass and fail when its card does nothing."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from paxc.compiler.cli import main
from paxc.compiler.scenarios import load
from paxc.runtime import games
from paxc.runtime import scenarios as played
from paxc.runtime.porfiriana import hooks as porfiriana_hooks
from tests.conftest import FIXTURES, REPO

SCENARIOS = FIXTURES / "scenarios"


def paxc(*args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(REPO), *args])


def test_a_failing_scenario_shows_expected_and_actual_values_and_the_decision_before() -> None:
    result = paxc("test", str(SCENARIOS / "failing.paxtest"))
    assert result.exit_code == 1
    out = result.output
    assert (
        "FAIL tests/compiler/fixtures/scenarios/failing.paxtest:5: Insurrection expected to place three armies"
        in out
    )
    assert (
        "tests/compiler/fixtures/scenarios/failing.paxtest:11:3: failed: expect armies_in(Kabul, Afghan) == 3\n"
        "    expected: == 3\n"
        "    actual:   2\n"
        '    after: P0 chooses "buy Dominance Check" (line 10)\n'
    ) in out
    assert "failing.paxtest:12:3: failed: expect card 101 in cards in hand of P1\n" in out
    assert "    expected: Dominance Check (card 101) in []\n" in out
    assert "2 scenarios: 0 passed, 2 failed" in out


def test_an_answer_not_among_the_options_lists_them() -> None:
    out = paxc("test", str(SCENARIOS / "failing.paxtest")).output
    assert 'failing.paxtest:18:14: failed: "buy Prince Akbar Khan" is not among the options' in out
    assert "    question: Take an action, or end your turn\n    options:\n      end the turn\n" in out
    assert "      play Prince Akbar Khan on the right of the court\n" in out
    assert "    after: the position set up, before any scripted decision" in out


def test_a_position_the_game_cannot_have_fails_at_the_line_asking_for_it() -> None:
    """Spies on a card in no court, more tribes than a player's cylinders: each fails at its own
    line with the invariant it breaks, even with no decision after it (before, the first passed
    unseen and a decision after either failed at the decision)."""
    result = paxc("test", str(SCENARIOS / "impossible.paxtest"))
    assert result.exit_code == 1
    shown = "tests/compiler/fixtures/scenarios/impossible.paxtest"
    assert (
        f"{shown}:8:3: failed: this line sets a position the game cannot have\n"
        "    spies on card 5, which is in no court\n"
    ) in result.output
    assert (
        f"{shown}:14:3: failed: this line sets a position the game cannot have\n"
        "    player 1: -1 in supply + 11 tribes + 0 spies + 0 gifts != 10\n"
    ) in result.output
    assert "2 scenarios: 0 passed, 2 failed" in result.output


def test_mistakes_are_located_errors_and_nothing_runs() -> None:
    result = paxc("test", str(SCENARIOS / "errors.paxtest"))
    assert result.exit_code == 1
    shown = "tests/compiler/fixtures/scenarios/errors.paxtest"
    for located in (
        f"{shown}:5:7: error: unknown pamir card 'Prince Akbar Kahn'  [unknown-name]",
        f"{shown}:6:7: error: pamir has no card 999  [unknown-name]",
        f"{shown}:7:17: error: unknown zone 'courtyard'  [unknown-name]",
        f"{shown}:8:11: error: unknown name 'P2'  [unknown-name]",
        f"{shown}:9:14: error: unknown name 'Afgan'  [unknown-name]",
        f"{shown}:10:28: error: 'tribes' takes no 'with ...'  [wrong-arguments]",
        f"{shown}:11:17: error: unknown player 'P7'  [unknown-name]",
        f"{shown}:12:3: error: unknown player 'P3'  [unknown-name]",
        f"{shown}:13:14: error: unknown answer 'Kabull'  [unknown-name]",
        f"{shown}:14:38: error: a scenario has no 'you'  [unknown-name]",
        f"{shown}:15:34: error: unknown zone 'handd'  [unknown-name]",
    ):
        assert located in result.output
    assert "note: did you mean 'Prince Akbar Khan'?" in result.output
    assert "11 errors" in result.output
    assert "scenario:" not in result.output and "passed" not in result.output


def test_a_syntax_error_is_located() -> None:
    loaded = load([SCENARIOS / "syntax.paxtest"], REPO)
    assert [f"{d.span.line}:{d.span.column} {d.message}" for d in loaded.diagnostics] == [
        "5:3 a decision is written 'P0 chooses ANSWER, ...'",
        "10:37 unexpected end of line",
    ]
    assert not loaded.scenarios


@pytest.mark.parametrize("broken", [False, True])
def test_a_scenario_past_the_languages_limits_is_a_located_error_not_a_crash(
    tmp_path: Path, broken: bool
) -> None:
    """The card language's limits hold in scenario files too: an expectation nested 5,000 deep or
    a number of 5,000 digits is a located error and that scenario is left out, the others kept;
    whether the file parses whole or, after a syntax error elsewhere, one scenario at a time."""
    nots, digits = "not " * 5000, "9" * 5000
    text = (
        "game pamir\n\n"
        f'scenario "deep" {{\n  players 2\n  expect {nots}true\n}}\n\n'
        f'scenario "large" {{\n  players 2\n  set rupees of P0 to {digits}\n}}\n\n'
        'scenario "fine" {\n  players 2\n  expect armies_in(Kabul, Afghan) == 0\n}\n'
    )
    if broken:
        text += '\nscenario "broken" {\n  players 2\n  expect armies_in(Kabul\n}\n'
    path = tmp_path / "limits.paxtest"
    path.write_text(text)
    loaded = load([path], tmp_path)
    found = [(d.span.line, d.span.column, d.code.value) for d in loaded.diagnostics]
    assert found[:2] == [(5, 10, "too-deep"), (10, 23, "number-too-large")]
    assert len(found) == 2 + broken
    assert [s.name for s in loaded.scenarios] == ["fine"]
    result = paxc("test", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "limits.paxtest:5:10: error: this expression nests 5,001 deep; the limit is 48" in result.output


def test_json_gives_each_scenario_its_result() -> None:
    result = paxc("test", "--json", str(SCENARIOS / "failing.paxtest"))
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["ok"] is False and report["passed"] == 0 and report["failed"] == 2
    first = report["scenarios"][0]
    assert first["name"] == "Insurrection expected to place three armies"
    assert first["line"] == 5 and first["game"] == "pamir" and first["decisions"] == 1
    assert first["expectations"] == 2
    assert [f["line"] for f in first["failures"]] == [11, 12]
    assert first["failures"][0]["details"][:2] == ["expected: == 3", "actual:   2"]
    errors = json.loads(paxc("test", "--json", str(SCENARIOS / "errors.paxtest")).output)
    assert errors["ok"] is False and len(errors["errors"]) == 11
    assert errors["errors"][0]["code"] == "unknown-name"


def test_the_scenarios_of_the_repository_pass() -> None:
    result = paxc("test")
    assert result.exit_code == 0, result.output
    assert " failed" in result.output and ", 0 failed" in result.output


def _run(path: Path) -> list[played.Result]:
    loaded = load([path], REPO)
    assert not loaded.diagnostics, loaded.render_diagnostics()
    return [played.run(s, games.load_kit(games.find(s.game))) for s in loaded.scenarios]


def test_a_scenario_fails_when_its_card_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's scenario passes, and fails once the card's ability is taken away."""
    from paxc.generated.pamir import CARDS_BY_NUMBER as PAMIR
    from paxc.generated.porfiriana import CARDS_BY_NUMBER as PORFIRIANA

    pamir = REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest"
    porfiriana = REPO / "tests" / "scenarios" / "porfiriana" / "teresa_urrea.paxtest"
    assert all(r.passed for r in _run(pamir) + _run(porfiriana))
    monkeypatch.setitem(PAMIR, 3, dataclasses.replace(PAMIR[3], abilities=()))
    monkeypatch.setitem(PORFIRIANA, 1101, dataclasses.replace(PORFIRIANA[1101], abilities=()))
    porfiriana_hooks._abilities.cache_clear()  # abilities by card are kept once read
    assert not _run(pamir)[0].passed
    try:
        assert not _run(porfiriana)[0].passed
    finally:
        monkeypatch.undo()
        porfiriana_hooks._abilities.cache_clear()


def test_errata_lines_are_checked_where_they_stand(tmp_path: Path) -> None:
    path = tmp_path / "errata.paxtest"
    path.write_text(
        "game pamir\n\n"
        'scenario "versions" {\n'
        "  errata printed\n"
        "  errata latest\n"
        "  errata 2 for card 3\n"
        "  errata newest\n"
        "  errata 1 for P0\n"
        "  errata printed for card 3\n"
        "  errata latest for card 3\n"
        "}\n",
        encoding="utf-8",
    )
    loaded = load([path], REPO)
    assert [f"{d.span.line}:{d.span.column} {d.message}" for d in loaded.diagnostics] == [
        "5:3 the version of every card is given twice",
        "6:10 card 3 (Prince Akbar Khan) has no version 2",
        "7:3 'errata' takes one version",
        "8:12 'errata' takes one 'for card C'",
        "10:3 the version of card 3 is given twice",
    ]
    assert loaded.diagnostics[1].hint == "its versions: printed"


def test_the_errata_version_of_a_run_is_checked_against_the_games_it_tests() -> None:
    insurrection = str(REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest")
    for wrong, said in (
        ("newest", "use 'printed', 'latest'"),
        ("3:2", "card 3 (Prince Akbar Khan) has no version 2 (it has printed)"),
        ("1101:printed", "no game of the scenarios run has card 1101 (pamir)"),
    ):
        refused = paxc("test", insurrection, "--errata-version", wrong)
        assert refused.exit_code == 2 and said in refused.output, refused.output
    played = paxc("test", insurrection, "--errata-version", "printed", "--errata-version", "3:latest")
    assert played.exit_code == 0, played.output
    assert "[errata printed,3:latest]" in played.output
