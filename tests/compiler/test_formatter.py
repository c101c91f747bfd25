"""`paxc fmt` (compiler/formatter.py): the layout it gives, and that it never changes a program.

Every card, vocabulary and scenario file of the repository is formatted: twice gives what once
gives, the comments are all there in order, the file parses to the same syntax tree, and the
card files compile to the same Python (with what it says of where the cards are masked: the
source lines it names, and the files' checksums; a card's lines may move). Hypothesis then respaces and annotates the real files, and draws new card files from each game's vocabulary,
for the same properties.
"""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxc.compiler import codegen, formatter, parser, scaffold
from paxc.compiler.cli import main
from paxc.compiler.diagnostics import Code
from paxc.compiler.folders import find_project
from paxc.compiler.formatter import FormatError, format_source
from paxc.compiler.project import compile_paths
from paxc.compiler.source import SourceFile, Span
from tests.card_generator import card_file, hypothesis_draw
from tests.conftest import REPO

SOURCES = sorted(
    path
    for folder in (REPO / "cards", REPO / "tests")
    for suffix in ("*.pax", "*.paxtest")
    for path in folder.rglob(suffix)
    if "example_game/.paxc-cache" not in path.as_posix()
)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def _shape(node: object) -> object:
    """A syntax tree without its positions: what a file says, wherever it says it."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (
            type(node).__name__,
            *(
                _shape(getattr(node, f.name))
                for f in dataclasses.fields(node)
                if f.name not in ("span", "path")
            ),
        )
    if isinstance(node, list | tuple):
        return tuple(_shape(item) for item in node)
    if isinstance(node, Span):
        return None
    return node


def _tree(text: str, path: str) -> object:
    source = SourceFile(path, text)
    if formatter.is_scenario(path):
        scenarios, errors = parser.parse_scenarios(source)
        assert not errors, errors
        return _shape(scenarios)
    cards, errors = parser.parse(source)
    assert not [e for e in errors if e.code is Code.SYNTAX], errors
    return _shape(cards)


def _comments(text: str, path: str) -> list[str]:
    tokens, errors = parser.layout_tokens(SourceFile(path, text), formatter.is_scenario(path))
    assert not errors
    return [
        line[line.index("#") :].rstrip()
        for t in tokens
        if t.kind == "_SEP"
        for line in t.text.split("\n")
        if "#" in line
    ]


def _check_formats(text: str, path: str) -> str:
    """Format `text`: the properties every formatting must have; the formatted text."""
    formatted = format_source(text, path)
    assert format_source(formatted, path) == formatted, "formatting twice changed the file again"
    assert _tree(formatted, path) == _tree(text, path)
    assert _comments(formatted, path) == _comments(text, path)
    return formatted


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_file_formats_to_the_same_program_once_and_for_all(path: Path) -> None:
    text = _read(path)
    shown = path.relative_to(REPO).as_posix()
    if text is None:
        pytest.skip("not UTF-8 (a case of the diagnostics tests)")
    source = SourceFile(shown, text)
    syntax = parser.parse_scenarios(source)[1] if formatter.is_scenario(shown) else parser.parse(source)[1]
    refusals = [d for d in syntax if d.code is Code.SYNTAX]
    blocks_too_deep = [d for d in syntax if d.code is Code.TOO_DEEP and "blocks nest" in d.message]
    if refusals:
        # A file that does not parse is refused with the errors `paxc check` gives.
        with pytest.raises(FormatError) as refused:
            format_source(text, shown)
        assert refused.value.diagnostics == refusals
        return
    if blocks_too_deep:
        # Nor is a file whose blocks nest deeper than check reads: refused at the first brace
        # past the limit (check points at the block that holds it).
        with pytest.raises(FormatError) as refused:
            format_source(text, shown)
        (reason,) = refused.value.diagnostics
        assert reason.code is Code.TOO_DEEP and reason.message == blocks_too_deep[0].message
        return
    _check_formats(text, shown)


# ---------------------------------------------------------------- the same Python


# What generated code says of where the cards were: the source lines it names (in comments, in
# `source=`, in the name of a `choose one`'s variable) and the card files' checksums.
_WHERE = re.compile(r"(?<=\.pax:)\d+(:\d+)?|(?<=\bbranch_)\d+\b|\b[0-9a-f]{64}\b|(?<=\bline )\d+")


def _masked(files: dict[str, str]) -> dict[str, str]:
    """Generated code less what says where the cards were."""
    return {name: _WHERE.sub("N", text) for name, text in files.items()}


def _generated(paths: list[Path], root: Path) -> dict[str, str] | list[tuple[str, str]]:
    """The Python of the cards of `paths`, or (when they do not check) their errors, unlocated."""
    result = compile_paths(paths, root)
    if not result.ok:
        return sorted((d.code.value, _WHERE.sub("N", d.message)) for d in result.diagnostics)
    return _masked(
        {n: t for game in result.games.values() for n, t in codegen.generate_game(game, package="p").items()}
    )


def _card_files_by_project() -> dict[Path, list[Path]]:
    projects: dict[Path, list[Path]] = {}
    for path in SOURCES:
        root = find_project(path.parent)
        if path.suffix == ".pax" and root is not None and _read(path) is not None:
            projects.setdefault(root, []).append(path)
    return projects


@pytest.mark.parametrize(
    "root", sorted(_card_files_by_project()), ids=lambda p: p.relative_to(REPO).as_posix() or "."
)
def test_formatted_card_files_compile_to_the_same_python(root: Path, tmp_path: Path) -> None:
    """Each card file of the project (its games' cards, and the fixtures that use them) compiled
    as it is and formatted, in a copy of the project where both have the same name."""
    files = _card_files_by_project()[root]
    copy = tmp_path / "project"
    shutil.copytree(root / "cards", copy / "cards")
    for path in files:
        (copy / path.relative_to(root)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, copy / path.relative_to(root))
    fixtures = [copy / p.relative_to(root) for p in files if not p.is_relative_to(root / "cards")]
    before = {p: _generated([p], copy) for p in fixtures}
    whole_before = _generated([copy / "cards"], copy)
    changed = 0
    for path in [copy / p.relative_to(root) for p in files]:
        text = path.read_text(encoding="utf-8")
        try:
            formatted = format_source(text, path.name)
        except FormatError:
            continue
        changed += formatted != text
        path.write_text(formatted, encoding="utf-8")
    assert _generated([copy / "cards"], copy) == whole_before
    for path, generated in before.items():
        assert _generated([path], copy) == generated, path
    print(f"{root.name}: {len(files)} files, {changed} changed by formatting")


# ---------------------------------------------------------------- fuzzing


def _parsing_sources() -> list[Path]:
    found = []
    for path in SOURCES:
        text = _read(path)
        if text is None:
            continue
        try:
            format_source(text, path.name)
        except FormatError:
            continue  # does not parse, or nests past the limit: refused (see the test above)
        tokens, _ = parser.layout_tokens(SourceFile(path.name, text), formatter.is_scenario(path.name))
        if len(tokens) > 3:
            found.append(path)
    return found


PARSING = _parsing_sources()


def _rewrite(text: str, path: str, rng: random.Random, noise: bool) -> str:
    """The file with its spacing changed at random: spaces, tabs and indentation anywhere, `;` for
    some new lines, blank lines as many as wanted where there was one; with `noise`, also new
    comments, blank lines, lines continued with `\\`, and lists broken where they may be."""
    tokens, errors = parser.layout_tokens(SourceFile(path, text), formatter.is_scenario(path))
    assert not errors
    out: list[str] = []

    def space() -> str:
        return rng.choice([" ", "  ", "\t", " \t "])

    def indent() -> str:
        return rng.choice(["", "  ", "    ", "\t", "       "])

    for index, token in enumerate(tokens):
        if token.kind != "_SEP":
            if index and tokens[index - 1].kind != "_SEP":
                if noise and rng.random() < 0.03:
                    out.append(" \\\n" + indent())
                elif noise and token.break_before and rng.random() < 0.2:
                    out.append("\n" + indent())
                else:
                    out.append(space())
            out.append(token.text)
            continue
        lines = token.text.split("\n")
        if len(lines) == 1:  # a `;`
            out.append(rng.choice([";", " ; ", "\n" + indent()]))
            continue
        first = lines[0][lines[0].index("#") :] if "#" in lines[0] else ""
        if noise and not first and index and rng.random() < 0.1:
            first = f"# noise {rng.randrange(1000)}"
        if first:
            out.append((space() if index else "") + first)
        commented = bool(first)
        for line in lines[1:-1]:
            out.append("\n")
            commented = "#" in line
            if commented:
                out.append(indent() + line[line.index("#") :])
            else:
                out.append(indent() + "\n" * rng.randrange(2))
        if noise and rng.random() < 0.05:
            out.append("\n" + indent() + "# noise line")
            commented = True
        if noise and rng.random() < 0.05:
            out.append("\n")
            commented = False
        if not commented and len(lines) == 2 and index and rng.random() < 0.2:
            out.append(rng.choice([";", " ;"]) + indent())
        else:
            out.append("\n" + indent())
    return "".join(out)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PARSING), st.integers(0, 2**32))
def test_respacing_a_file_changes_nothing_once_formatted(path: Path, seed: int) -> None:
    text = path.read_text(encoding="utf-8")
    respaced = _rewrite(text, path.name, random.Random(seed), noise=False)
    assert format_source(respaced, path.name) == format_source(text, path.name)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PARSING), st.integers(0, 2**32))
def test_comments_blank_lines_and_broken_lines_keep_the_program(path: Path, seed: int) -> None:
    text = path.read_text(encoding="utf-8")
    noisy = _rewrite(text, path.name, random.Random(seed), noise=True)
    formatted = _check_formats(noisy, path.name)
    assert _tree(formatted, path.name) == _tree(text, path.name)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["pamir", "porfiriana"]), st.data(), st.integers(0, 2**32))
def test_drawn_cards_compile_to_the_same_python_formatted(game: str, data: st.DataObject, seed: int) -> None:
    vocab = compile_paths([REPO / "cards" / game / "game.pax"], REPO).games[game].vocabulary
    text = card_file(game, vocab, hypothesis_draw(data), range(8000, 8003))
    text = _rewrite(text, "drawn.pax", random.Random(seed), noise=True)
    formatted = _check_formats(text, "drawn.pax")
    folder = Path(tempfile.mkdtemp(prefix="paxc-fmt-"))
    try:
        results = []
        for version in (text, formatted):
            card = folder / "cards" / game / "drawn.pax"
            card.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / "cards" / game / "game.pax", card.parent / "game.pax")
            card.write_text(version, encoding="utf-8")
            results.append(_generated([card], folder))
        assert results[0] == results[1]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- the layout

LAYOUTS = {
    "spacing": (
        'game   x\ncard 1  "A"  t{\n    impact spy ,spy,army\n  on play { gain ( 2*count( c ) ) }\n'
        "  modify cost by - 1 when card . region==North\n}\n",
        'game x\ncard 1 "A" t {\n  impact spy, spy, army\n  on play { gain (2 * count(c)) }\n'
        "  modify cost by -1 when card.region == North\n}\n",
    ),
    "semicolons and blocks over lines": (
        'game x\ncard 1 "A" t { on play { gain 1; gain 2 }\n}\n',
        'game x\ncard 1 "A" t {\n  on play {\n    gain 1\n    gain 2\n  }\n}\n',
    ),
    "blank lines": (
        '\n\n# head\n\n\n\ngame x\ncard 1 "A" t {\n\n  gain 1\n\n\n  gain 2\n\n}\n\n\n',
        '# head\n\ngame x\ncard 1 "A" t {\n  gain 1\n\n  gain 2\n}\n',
    ),
    "comments": (
        'game x # g\ncard 1 "A" t {\n# inside\n  a_long_name 1 # one\n  b 2      # two\n\n  c 3   # three\n   # last\n}\n',
        'game x  # g\ncard 1 "A" t {\n  # inside\n  a_long_name 1  # one\n  b 2            # two\n\n'
        "  c 3  # three\n  # last\n}\n",
    ),
    "asked values in parentheses": (
        'vocabulary v "V" {\n  modifier m(piece: piece { tribe , army }) -> int\n}\n',
        'vocabulary v "V" {\n  modifier m(piece: piece {tribe, army}) -> int\n}\n',
    ),
    "a list broken where it was": (
        'vocabulary v "V" {\n  enum e { a,\n  b, c }\n}\n',
        'vocabulary v "V" {\n  enum e {\n    a,\n    b, c\n  }\n}\n',
    ),
    "a line continued": (
        'game x\ncard 1 "A" t {\n  if a and \\\n b { gain 1 }\n}\n',
        'game x\ncard 1 "A" t {\n  if a and \\\n      b { gain 1 }\n}\n',
    ),
}


@pytest.mark.parametrize("case", sorted(LAYOUTS))
def test_the_layout(case: str) -> None:
    text, expected = LAYOUTS[case]
    assert format_source(text, "case.pax") == expected
    assert format_source(expected, "case.pax") == expected


def test_long_lists_are_broken_to_fit_and_blocks_opened() -> None:
    members = ", ".join(f'member_{i} "the text of member {i}"' for i in range(12))
    icons = ", ".join(["army"] * 40)
    text = (
        f'vocabulary v "V" {{\n  enum e {{ {members} }}\n}}\ngame x\ncard 1 "A" t {{\n  impact {icons}\n}}\n'
    )
    formatted = format_source(text, "long.pax")
    lines = formatted.splitlines()
    assert all(len(line) <= formatter.LINE_WIDTH for line in lines)
    assert lines[1] == "  enum e {" and lines[2].startswith("    member_0 ") and "  }" in lines
    impact = lines.index(next(line for line in lines if line.startswith("  impact ")))
    assert lines[impact + 1].startswith("      army, ")  # continued four spaces further in
    assert _tree(formatted, "long.pax") == _tree(text, "long.pax")


def test_a_file_that_does_not_parse_is_refused_with_check_s_errors() -> None:
    text = 'game x\ncard 1 "A" t {\n  power 2 @ 3\n}\n'
    with pytest.raises(FormatError) as refused:
        format_source(text, "bad.pax")
    [error] = refused.value.diagnostics
    assert (error.code, error.span.line, error.span.column) == (Code.SYNTAX, 3, 11)
    assert error.message == "unexpected character '@'"


# ---------------------------------------------------------------- the command


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "cards" / "x").mkdir(parents=True)
    (tmp_path / "cards" / "x" / "game.pax").write_text('vocabulary x "X" {\n  enum e { a,  b }\n}\n')
    (tmp_path / "cards" / "x" / "one.pax").write_text('game x\ncard 1 "A" t {\n    gain 1 # c\n}\n')
    (tmp_path / "cards" / "x" / "two.pax").write_text('game x\ncard 2 "B" t {\n  gain 2\n}\n')
    (tmp_path / "tests" / "scenarios").mkdir(parents=True)
    (tmp_path / "tests" / "scenarios" / "s.paxtest").write_text('game x\nscenario "S" {\n players 2\n}\n')
    return tmp_path


def _fmt(project: Path, *arguments: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--root", str(project), "fmt", *arguments], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_fmt_check_lists_what_would_change_and_writes_nothing(project: Path) -> None:
    before = {p: p.read_text() for p in project.rglob("*.pax*")}
    status, _, err = _fmt(project, "--check")
    assert status == 1
    assert err.splitlines() == [
        "would reformat cards/x/game.pax",
        "would reformat cards/x/one.pax",
        "would reformat tests/scenarios/s.paxtest",
        "3 files would be reformatted, 1 already formatted",
    ]
    assert {p: p.read_text() for p in project.rglob("*.pax*")} == before


def test_fmt_diff_prints_a_unified_diff(project: Path) -> None:
    status, out, _ = _fmt(project, "--diff", str(project / "cards" / "x" / "one.pax"))
    assert status == 0
    assert out == (
        "--- a/cards/x/one.pax\n+++ b/cards/x/one.pax\n@@ -1,4 +1,4 @@\n game x\n"
        ' card 1 "A" t {\n-    gain 1 # c\n+  gain 1  # c\n }\n'
    )


def test_fmt_writes_each_file_whole_keeping_its_permissions(project: Path) -> None:
    one = project / "cards" / "x" / "one.pax"
    one.chmod(0o640)
    status, out, _ = _fmt(project)
    assert status == 0, out
    assert "reformatted cards/x/one.pax" in out and out.endswith("3 files reformatted, 1 already formatted\n")
    assert one.read_text() == 'game x\ncard 1 "A" t {\n  gain 1  # c\n}\n'
    assert stat.S_IMODE(one.stat().st_mode) == 0o640
    assert sorted(p.name for p in one.parent.iterdir()) == ["game.pax", "one.pax", "two.pax"]
    assert _fmt(project, "--check")[0] == 0


def test_fmt_refuses_a_file_that_does_not_parse_and_writes_nothing(project: Path) -> None:
    (project / "cards" / "x" / "bad.pax").write_text('game x\ncard 3 "C" t {\n  gain 1 +\n}\n')
    before = {p: p.read_text() for p in project.rglob("*.pax*")}
    status, _, err = _fmt(project)
    assert status == 1
    assert "cards/x/bad.pax:3:11: error: unexpected end of line" in err
    assert err.rstrip().endswith("1 error: no file formatted")
    assert {p: p.read_text() for p in project.rglob("*.pax*")} == before


def test_fmt_reads_standard_input(project: Path) -> None:
    assert _fmt(project, "-", stdin="game   x\n")[:2] == (0, "game x\n")
    assert _fmt(project, "--check", "-", stdin="game   x\n")[0] == 1
    status, _, err = _fmt(project, "-", stdin="game\n")
    assert status == 1 and "<stdin>:1:5: error" in err


# The fixtures laid out by `paxc fmt`: all but the compiler's (its cases pin the places of their
# errors, and units.pax tries `;` between statements).
FORMATTED_FIXTURES = [
    REPO / "tests" / "pamir" / "fixtures",
    REPO / "tests" / "porfiriana" / "fixtures",
    REPO / "tests" / "example_game",
    REPO / "tests" / "plugins" / "fixtures",
]


def test_the_repository_is_formatted() -> None:
    """What `make test` also runs, `paxc fmt --check` over the cards and the scenarios; and the
    fixtures meant to be formatted."""
    status, _, err = _fmt(REPO, "--check")
    assert status == 0, err
    status, _, err = _fmt(REPO, "--check", *map(str, FORMATTED_FIXTURES))
    assert status == 0, err


def test_the_project_paxc_init_makes_is_formatted() -> None:
    files = scaffold.project_files("souk")
    laid_out = {name: text for name, text in files.items() if name.endswith((".pax", ".paxtest"))}
    assert len(laid_out) >= 3
    for name, text in laid_out.items():
        assert format_source(text, name) == text, name


def test_a_list_of_thousands_of_items_is_filled_in_steps_not_minutes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by a quick check: `impact` with 3,000 items made `paxc fmt` run for minutes (each line
    # of the list measured every start of the rest again) and recurse once per line made.
    # Counted, not timed: how many items' spacing the layout asks about.
    asked = 0
    spaced = formatter._spaced

    def counting(before: Any, after: Any) -> bool:
        nonlocal asked
        asked += 1
        return spaced(before, after)

    monkeypatch.setattr(formatter, "_spaced", counting)
    items = 3_000
    text = f'game pamir\n\ncard 992 "Wide" court {{\n  impact {", ".join(["spy"] * items)}\n}}\n'
    formatted = format_source(text, "wide.pax")
    lines = formatted.splitlines()
    assert all(len(line) <= formatter.LINE_WIDTH for line in lines)
    assert formatted.count("spy") == items
    assert asked < 20 * items


def test_blocks_deeper_than_check_reads_are_refused_located() -> None:
    depth = 3_000  # used to end in a RecursionError traceback
    body = "if 1 == 1 { " * depth + "place_armies 2 for Afghan in Kabul" + " }" * depth
    text = f'game pamir\n\ncard 991 "Deep" court {{\n  when dominance_check_ended {{\n    {body}\n  }}\n}}\n'
    with pytest.raises(FormatError) as refused:
        format_source(text, "deep.pax")
    (reason,) = refused.value.diagnostics
    assert reason.code is Code.TOO_DEEP
    assert (reason.span.line, reason.span.column) == (5, 5 + len("if 1 == 1 { ") * 30 + len("if 1 == 1 "))
