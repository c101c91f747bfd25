"""Property: whatever text `paxc check` is fed, it answers with a clean result or diagnostics,
never a traceback; and when the input is clean, the generated Python parses.

The hostile inputs of tests/compiler/fuzz_inputs.py (deep nesting, huge numbers, bad bytes, random
well-formed cards, mutations of the real card files and vocabularies) run here a few dozen at a
time; `python -m tests.fuzz_compiler` runs thousands and checks the generated code with mypy
--strict too."""

from __future__ import annotations

import ast as python_ast
import random
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from tests.compiler.fuzz_inputs import draw
from tests.conftest import FIXTURES, REPO
from tests.fuzz_compiler import check_input

SEED_FILES = [
    (FIXTURES / "cards" / "testgame" / "units.pax").read_text(encoding="utf-8"),
    (REPO / "cards" / "pamir" / "court" / "kabul.pax")
    .read_text(encoding="utf-8")
    .replace("game pamir", "game testgame"),
]
VOCABULARY = (FIXTURES / "cards" / "testgame" / "game.pax").read_text(encoding="utf-8")
TOKENS = [
    "card",
    "game",
    "testgame",
    "unit",
    "event",
    "{",
    "}",
    "(",
    ")",
    ",",
    ".",
    "\n",
    ";",
    '"',
    "\\",
    "#",
    "on",
    "play",
    "when",
    "while",
    "in",
    "instead",
    "of",
    "if",
    "else",
    "for",
    "each",
    "as",
    "where",
    "choose",
    "let",
    "modify",
    "to",
    "ability",
    "side",
    "errata",
    "this",
    "you",
    "==",
    "+",
    "*",
    "-",
    "North",
    "region",
    "power",
    "gain",
    "1",
    "99999999999999999999",
    "optional",
    "provenance",
    "printed",
    "vocabulary",
    "enum",
    "cardtype",
    "é",
    "\t",
    "\r\n",
    "\x00",
    "0",
    "operation",
    "query",
    "trigger",
    "modifier",
    "replaceable",
    "timing",
    "adjacent",
    "list",
    "required",
    "int",
    "bool",
    "text",
    "player",
    "card",
    "->",
    ":",
    "self",
    "None",
    "class",
    "card_type",
]

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_text(text: str, file_name: str = "fuzz.pax") -> None:
    """Compile the fixture game with `text` as one of its files (a new card file, or in place of
    the vocabulary `game.pax` or the cards `units.pax`)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        game = root / "cards" / "testgame"
        shutil.copytree(FIXTURES / "cards" / "testgame", game)
        if file_name == "fuzz.pax":
            (game / "units.pax").unlink()
        (game / file_name).write_text(text, encoding="utf-8")
        result = compile_paths([root / "cards"], root)
        report = result.render_diagnostics()
        if result.ok and "testgame" in result.games:
            for name, source in codegen.generate_game(
                result.games["testgame"], package="paxc.generated"
            ).items():
                python_ast.parse(source, filename=name)
        else:
            for diagnostic in result.diagnostics:
                reported_file = result.sources[diagnostic.span.path]
                assert 1 <= diagnostic.span.line <= len(reported_file.line_starts), report
                assert f"[{diagnostic.code.value}]" in report


@SETTINGS
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_random_text(text: str) -> None:
    check_text(text)


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join))
def test_random_token_soup(text: str) -> None:
    check_text("game testgame\n" + text)


@st.composite
def mutated(draw: st.DrawFn, seeds: list[str]) -> str:
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        start = draw(st.integers(0, len(text) - 1))
        end = draw(st.integers(start, min(len(text), start + 12)))
        action = draw(st.sampled_from(["delete", "insert", "duplicate", "replace"]))
        if action == "delete":
            text = text[:start] + text[end:]
        elif action == "insert":
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[start:]
        elif action == "duplicate":
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[end:]
    return text


@SETTINGS
@given(mutated(SEED_FILES))
def test_mutated_card_files(text: str) -> None:
    check_text(text)


@SETTINGS
@given(mutated([VOCABULARY]))
def test_mutated_vocabulary(text: str) -> None:
    check_text(text, "game.pax")


# Deep inputs nest up to 3,000 levels here, three times Python's recursion limit: a recursive walk
# of any of them would crash. Each costs the parser up to a second; the long fuzz goes to 10,000.
HOSTILE = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@HOSTILE
@given(st.randoms(use_true_random=False), st.sampled_from(["deep", "number", "bytes", "cards"]))
def test_hostile_inputs(rng: random.Random, kind: str) -> None:
    """Every input gets located diagnostics or, when it passes, code that Python compiles."""
    with tempfile.TemporaryDirectory() as folder:
        check_input(draw(rng, kind, max_depth=3_000), Path(folder))


# The real card files and vocabularies mutated (tokens, blocks, bytes, long names and words,
# duplicated numbers, colliding file names, damaged vocabularies, token soup, empty files): as
# above, and `check FILE` of each file must pass exactly when the whole game does.
REAL = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@REAL
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(
        ["tokens", "blocks", "damaged", "long", "duplicates", "collide", "vocabulary", "soup", "empty"]
    ),
)
def test_mutated_real_files(rng: random.Random, kind: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_input(draw(rng, kind), Path(folder))
