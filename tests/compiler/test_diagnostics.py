"""Every error code has bad inputs named after it (fixtures/cases/<code>--<what>.pax).

Each case's full report (location, message, source line, caret, hint) is a golden file beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.compiler.diagnostics import Code
from paxc.compiler.project import compile_paths
from tests.conftest import FIXTURES, check_golden

CASES = sorted((FIXTURES / "cases").glob("*.pax"))


def _report(case: Path) -> tuple[list[Code], str]:
    result = compile_paths([case], FIXTURES)
    return [d.code for d in result.diagnostics], result.render_diagnostics() + "\n"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_reports_its_error(case: Path) -> None:
    codes, report = _report(case)
    assert codes, f"{case.name} compiled without errors"
    expected_code = case.stem.split("--")[0]
    if expected_code != "several-errors":  # those name no single code: see the tests below
        assert codes[0].value == expected_code, report
    check_golden(case.with_suffix(".expected"), report)


def test_every_error_code_has_a_case() -> None:
    covered = {c.stem.split("--")[0] for c in CASES}
    missing = {code.value for code in Code} - covered
    assert not missing, f"error codes without a test case: {sorted(missing)}"


def test_one_run_reports_every_error_sorted_by_position() -> None:
    result = compile_paths([FIXTURES / "cases" / "several-errors.pax"], FIXTURES)
    positions = [(d.span.line, d.span.column) for d in result.diagnostics]
    assert positions == sorted(positions)
    assert {d.code for d in result.diagnostics} >= {
        Code.UNKNOWN_NAME,
        Code.WRONG_TYPE,
        Code.MISPLACED_EFFECT,
        Code.DUPLICATE_CARD,
        Code.MISSING_ATTRIBUTE,
    }


def test_syntax_errors_in_several_cards_are_all_reported() -> None:
    result = compile_paths([FIXTURES / "cases" / "several-errors--syntax-in-two-cards.pax"], FIXTURES)
    assert [(d.code, d.span.line) for d in result.diagnostics] == [
        (Code.SYNTAX, 7),  # card 1: an attribute's value is not a sum
        (Code.SYNTAX, 11),  # card 2: never closed
        (Code.UNKNOWN_NAME, 15),  # card 3 parses, and is checked
    ]


def test_did_you_mean() -> None:
    _, report = _report(FIXTURES / "cases" / "unknown-name--region.pax")
    assert "note: did you mean 'North'?" in report


def test_expected_tokens_are_plain_words() -> None:
    for case in (c for c in CASES if c.stem.startswith("syntax")):
        _, report = _report(case)
        for internal in ("RBRACE", "LBRACE", "__ANON", "_SEP", "$END", "NAME", "STRING"):
            assert internal not in report, f"{case.name}: {report}"


def test_end_of_file_points_at_the_last_line() -> None:
    result = compile_paths([FIXTURES / "cases" / "syntax--end-of-file.pax"], FIXTURES)
    (diagnostic,) = result.diagnostics
    assert diagnostic.span.line == 5
    assert diagnostic.message == "unexpected end of file"


def test_clean_cards_give_no_diagnostics() -> None:
    result = compile_paths([FIXTURES / "cards"], FIXTURES)
    assert result.diagnostics == []
    assert [c.number for c in result.games["testgame"].cards()] == [1, 2, 3, 4, 5, 6]
