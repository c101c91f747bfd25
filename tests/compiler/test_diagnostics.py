"""Every error code has bad inputs named after it (fixtures/cases/<code>--<what>.pax).

Each case's full report (location, message, source line, caret, hint) is a golden file beside it.
A case named `...--whole-game` is checked as `paxc check FILE` checks a file: against the other
card files of its game (fixtures/cards/testgame/).
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from paxc.compiler import parser as parser_module
from paxc.compiler.cli import main
from paxc.compiler.diagnostics import SHOWN_WIDTH, Code, close_name
from paxc.compiler.parser import parse
from paxc.compiler.project import compile_paths
from paxc.compiler.source import SourceFile
from tests.conftest import FIXTURES, REPO, check_golden

CASES = sorted((FIXTURES / "cases").glob("*.pax"))


def _report(case: Path) -> tuple[list[Code], str]:
    result = compile_paths([case], FIXTURES, whole_games=case.stem.endswith("--whole-game"))
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
        (Code.SYNTAX, 10),  # card 2: never closed (its '{')
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


@pytest.mark.parametrize(
    ("case", "line", "column"),
    [
        ("syntax--unclosed-block--end-of-file", 3, 21),  # the card's '{': the file ends inside it
        ("syntax--unclosed-block--next-card", 4, 21),  # the card's '{': the next card starts inside it
        ("syntax--unclosed-block--inner", 9, 13),  # 'on play {': its '}' was lost, the indentation says
    ],
)
def test_an_unclosed_block_points_at_its_brace(case: str, line: int, column: int) -> None:
    result = compile_paths([FIXTURES / "cases" / f"{case}.pax"], FIXTURES)
    (diagnostic,) = result.diagnostics
    assert (diagnostic.span.line, diagnostic.span.column) == (line, column)
    assert diagnostic.message == "this block is never closed"


def test_a_missing_brace_with_no_telling_indentation_points_at_the_innermost_block() -> None:
    text = 'game testgame\ncard 1 "Scout" unit {\nprovenance printed\non play {\ngain 1 to you\n'
    source = SourceFile("flat.pax", text)
    _, (diagnostic,) = parse(source)
    assert (diagnostic.span.line, diagnostic.span.column) == (4, 9)


def test_braces_in_strings_and_comments_are_not_blocks() -> None:
    text = 'game testgame\ncard 1 "Scout {" unit {  # }\n  provenance printed\n  note "}"\n'
    _, (diagnostic,) = parse(SourceFile("strings.pax", text))
    assert (diagnostic.span.line, diagnostic.span.column) == (2, 23)


def test_clean_cards_give_no_diagnostics() -> None:
    result = compile_paths([FIXTURES / "cards"], FIXTURES)
    assert result.diagnostics == []
    assert [c.number for c in result.games["testgame"].cards()] == [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_a_file_checked_alone_is_checked_against_its_game() -> None:
    case = FIXTURES / "cases" / "duplicate-card--whole-game.pax"
    assert compile_paths([case], FIXTURES).ok  # alone, nothing is wrong with it
    result = compile_paths([case], FIXTURES, whole_games=True)
    (duplicate,) = result.diagnostics
    assert duplicate.code == Code.DUPLICATE_CARD and duplicate.span.line == 5
    assert duplicate.hint == "card 2 is first defined at cards/testgame/units.pax:38:6"
    # Only the file named is counted and returned.
    assert [f.path for f in result.games["testgame"].files] == ["cases/duplicate-card--whole-game.pax"]


def test_an_unknown_hook_is_one_error() -> None:
    for case in ("unknown-name--trigger", "unknown-name--modifier"):
        result = compile_paths([FIXTURES / "cases" / f"{case}.pax"], FIXTURES)
        assert [d.code for d in result.diagnostics] == [Code.UNKNOWN_NAME], result.render_diagnostics()


@pytest.mark.parametrize(
    ("name", "candidates", "suggestion"),
    [
        ("yu", ["you", "this", "true", "false"], "you"),  # a letter left out of a short word
        ("pamri", ["pamir", "porfiriana"], "pamir"),  # two letters swapped
        ("yuo", ["you", "this"], "you"),  # swapped in a three-letter word (difflib alone: 0.67)
        ("Kabull", ["Herat", "Kabul", "Kandahar"], "Kabul"),
        ("kabul", ["Kabul"], "Kabul"),  # case only
        ("turn_begins", ["turn_started", "action_taken"], "turn_started"),  # the only one sharing a word
        ("purchase_price", ["purchase_cost", "bribe"], "purchase_cost"),
        # Mistyped past its start (difflib alone: 0.67): the only candidate beginning like it.
        ("armie", ["army", "road", "spy", "tribe", "leverage", "favor_military"], "army"),
    ],
)
def test_close_names_are_suggested(name: str, candidates: list[str], suggestion: str) -> None:
    assert close_name(name, candidates) == suggestion


@pytest.mark.parametrize(
    ("name", "candidates"),
    [
        ("ox", ["you", "on", "tax", "this"]),  # one letter of two differs: unrelated
        ("at", ["tax", "army", "spy"]),
        ("zz", ["you", "this", "true"]),
        ("sky", ["spy", "army"]),  # one letter of three differs
        ("go", ["gold", "gift"]),
        ("may_attack", ["may_betray", "may_battle_spy"]),  # a shared word, but not only one sharer
        ("card", []),
        ("armie", ["army", "armada"]),  # two candidates begin like it
    ],
)
def test_unrelated_names_get_no_suggestion(name: str, candidates: list[str]) -> None:
    assert close_name(name, candidates) is None


def test_recovery_parses_the_file_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a syntax error each card is parsed on its own: the text given to the parser adds up
    to the file twice (the failed whole-file parse, then the parts), never more, wherever the
    broken card stands. (Parts used to be padded with the lines above them: quadratic.)"""
    card = 'card {} "Unit {}" unit {{\n  provenance printed\n  region North\n  power 1\n}}\n\n'
    cards = [card.format(n, n) for n in range(10, 210)]
    cards[150] = cards[150].replace("}\n\n", "\n\n")  # one card lost its '}'
    text = "game testgame\n\n" + "".join(cards)
    parsed: list[int] = []
    lark = parser_module._lark()
    real_parse = lark.parse

    def counting_parse(text: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(len(text))
        return real_parse(text, *args, **kwargs)

    monkeypatch.setattr(lark, "parse", counting_parse)
    file, diagnostics = parse(SourceFile("many.pax", text))
    assert [d.span.line for d in diagnostics] == [2 + 150 * 6 + 1]
    assert len(file.cards) == 199
    assert file.cards[-1].span.line == 2 + 199 * 6 + 1  # positions are those of the whole file
    assert sum(parsed) <= 2 * len(text) + len(cards)


def test_diagnostics_are_coloured_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colour where `paxc check` writes to a terminal; plain when piped or with NO_COLOR set."""
    import io

    from paxc.runtime.terminal import style

    case = FIXTURES / "cases" / "unknown-name--region.pax"
    result = compile_paths([case], FIXTURES)
    plain = result.render_diagnostics()
    assert "\x1b[" not in plain
    with style.colouring(True):
        coloured = result.render_diagnostics()
    assert "\x1b[" in coloured and click.unstyle(coloured) == plain

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert style.wanted(Terminal()) and not style.wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not style.wanted(Terminal())
    piped = CliRunner().invoke(main, ["--root", str(FIXTURES), "check", str(case)])
    assert piped.exit_code == 1 and "unknown region 'Nrth'" in piped.output and "\x1b[" not in piped.output


def test_a_huge_unknown_name_is_never_compared_letter_by_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by an independent fuzz (and cProfile): `check` spent 36 µs per character of an
    unknown name, comparing it with every candidate in difflib for a suggestion (a name of
    500,000 characters: 18 s). A name that long gets no suggestion, and a name is compared only
    with candidates of a length that could be alike. Counted, not timed: the lengths of the
    names each difflib matcher was made for."""
    compared: list[tuple[int, int]] = []
    made = difflib.SequenceMatcher.__init__

    def spy(
        self: difflib.SequenceMatcher[str],
        isjunk: Any = None,
        a: Any = "",
        b: Any = "",
        autojunk: bool = True,
    ) -> None:
        compared.append((len(a), len(b)))
        made(self, isjunk, a, b, autojunk)

    monkeypatch.setattr(difflib.SequenceMatcher, "__init__", spy)
    candidates = [f"name_{number}" for number in range(200)] + ["r" + "q" * 999_999]
    assert close_name("q" * 1_000_000, candidates) is None
    assert close_name("nmae_12", candidates) == "name_12"
    assert compared  # the short name was compared
    assert max(max(pair) for pair in compared) <= 100


@pytest.mark.parametrize("before", [0, 400, 4_000])
def test_a_long_line_is_echoed_cut_around_the_part_pointed_at(before: int) -> None:
    # A 4,302-digit number used to be echoed whole (8.7 kB for one error): a line longer than
    # SHOWN_WIDTH is cut to a window around the error, its cut ends marked with "…".
    padding = "x" * before
    text = f'game pamir\n\ncard 990 "Big" court {{\n  note "{padding}"; region Kabull # {"y" * 500}\n}}\n'
    path = (REPO / "cards" / "pamir" / "court" / "big.pax").absolute()  # read from `texts` only
    result = compile_paths([path], root=REPO, texts={path: text})
    (diagnostic,) = [d for d in result.diagnostics if "Kabull" in d.message]
    echoed, caret = diagnostic.render(result.sources).splitlines()[1:3]
    assert len(echoed) <= 4 + SHOWN_WIDTH + 2
    assert echoed.endswith("…")
    assert echoed.startswith("    …") == (before > 0)
    under = caret.index("^")
    assert echoed[under : under + len("Kabull")] == "Kabull"
    assert caret.strip() == "^" + "~" * (len("Kabull") - 1)
