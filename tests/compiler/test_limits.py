"""The language's limits (compiler/limits.py, the README's "Limits"): everything within them passes
and compiles to Python that Python accepts; one step past them is a located error; far past them
(deeper than Python's recursion limit) is the same error, never a crash. Also the inputs that
crashed the compiler before: a vocabulary that is not UTF-8, a number over 4,300 digits."""

from __future__ import annotations

import inspect
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler import codegen, ir, limits
from paxc.compiler.cli import main
from paxc.compiler.diagnostics import Code
from paxc.compiler.project import CompileResult, compile_paths
from paxc.compiler.render import card_text
from tests.conftest import FIXTURES

HEAD = 'game testgame\ncard 9 "Deep" unit {\n  provenance printed\n  region North\n  power 2\n'


def compile_card_file(root: Path, text: str | bytes, vocabulary: bytes | None = None) -> CompileResult:
    """Check `text` as the only card file of a copy of the test game."""
    game = root / "cards" / "testgame"
    if game.exists():
        shutil.rmtree(game)
    shutil.copytree(FIXTURES / "cards" / "testgame", game)
    (game / "units.pax").unlink()
    (root / "grammar").mkdir(exist_ok=True)
    (game / "deep.pax").write_bytes(text.encode() if isinstance(text, str) else text)
    if vocabulary is not None:
        (game / "game.pax").write_bytes(vocabulary)
    return compile_paths([root / "cards"], root)


def generated_python_compiles(result: CompileResult) -> None:
    assert result.ok, result.render_diagnostics()
    for name, text in codegen.generate_game(result.games["testgame"], package="paxc.generated").items():
        compile(text, name, "exec")
    for card in result.games["testgame"].cards():
        card_text(card)


def card_at_the_limits(extra_block: int = 0, extra_loop: int = 0, extra_level: int = 0) -> str:
    """A card at every limit at once: blocks 32 deep (the card, an ability, an effect, 16 loops,
    an `if` with 10 `else if` and one more, an `if` in that), loops 16 deep, and expressions 48 deep of each
    kind; each `extra_` goes one step past a limit."""
    depth = limits.MAX_EXPRESSION_DEPTH + extra_level
    loops = limits.MAX_LOOP_DEPTH + extra_loop
    lines = [HEAD, '  ability "A" {', "  on play {"]
    lines += [f"for each player as p{i} where not p{i} != you {{" for i in range(loops)]
    else_ifs = 10 - extra_loop + extra_block
    lines.append('if false { say "a" }' + ' else if false { say "b" }' * else_ifs + " else if true {")
    lines.append("let sum = 1" + " + 1" * (depth - 1))  # a chain: one level per operator
    lines.append("if " + "not " * (depth - 1) + "true { gain sum to you }")  # `not not ... true`
    lines.append("if true" + " and true" * (depth - 1) + " { gain 1 to you }")
    lines.append("let nested = " + "(1 + " * (depth - 1) + "1" + ")" * (depth - 1))
    lines += ["}"] + ["}"] * loops + ["}", "}", "}"]
    return "\n".join(lines) + "\n"


def test_a_card_at_every_limit_passes_and_compiles(tmp_path: Path) -> None:
    generated_python_compiles(compile_card_file(tmp_path, card_at_the_limits()))


@pytest.mark.parametrize(
    ("past", "message"),
    [
        ({"extra_block": 1}, "blocks nest more than 32 deep here"),
        ({"extra_loop": 1}, "'for each' loops nest more than 16 deep here"),
        ({"extra_level": 1}, "this expression nests 49 deep; the limit is 48"),
    ],
)
def test_one_step_past_a_limit_is_an_error(tmp_path: Path, past: dict[str, int], message: str) -> None:
    result = compile_card_file(tmp_path, card_at_the_limits(**past))
    assert [(d.code, d.message) for d in result.diagnostics] == [(Code.TOO_DEEP, message)]


def test_the_compiler_stays_far_from_pythons_recursion_limit(tmp_path: Path) -> None:
    """At the limits, the compiler needs under 400 frames of Python's 1,000 (it needed 216 when
    measured), so the limits leave it a wide margin."""
    text = card_at_the_limits()
    compile_card_file(tmp_path, "")  # imports and caches everything before the limit is lowered
    with recursion_limit(len(inspect.stack()) + 400):
        result = compile_card_file(tmp_path, text)
        generated = codegen.generate_game(result.games["testgame"], package="paxc.generated")
        card_text(result.games["testgame"].cards()[0])
    assert result.ok and generated


@contextmanager
def recursion_limit(frames: int) -> Iterator[None]:
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


DEEP = 20_000  # 20 times Python's recursion limit: any recursive walk of it would crash
DEEP_CARDS = {
    "if": "on play {\n" + "if true {\n" * DEEP + "gain 1 to you\n" + "}\n" * DEEP + "}\n",
    "else if": 'on play {\nif false { say "a" }' + ' else if false { say "b" }' * DEEP + "\n}\n",
    "for each": "on play {\n" + "for each player as p {\n" * DEEP + "gain 1 to p\n" + "}\n" * DEEP + "}\n",
    "side": 'side "S" {\n' * DEEP + "power 1\n" + "}\n" * DEEP,
    "not": "on play {\nif " + "not " * DEEP + "true { gain 1 to you }\n}\n",
    "sum": "on play {\nlet x = 1" + " + 1" * DEEP + "\n}\n",
    "and": "on play {\nif true" + " and true" * DEEP + " { gain 1 to you }\n}\n",
    "parentheses": "on play {\nlet x = " + "(1 + " * DEEP + "1" + ")" * DEEP + "\n}\n",
    "call": "on play {\nlet x = " + "gold(" * DEEP + "you" + ")" * DEEP + "\n}\n",
    "attribute": "on play {\nlet x = this" + ".power" * DEEP + "\n}\n",
}


@pytest.mark.parametrize("kind", DEEP_CARDS)
def test_nesting_far_past_the_limits_is_one_located_error(tmp_path: Path, kind: str) -> None:
    text = HEAD + DEEP_CARDS[kind] + "}\n" + '\ncard 10 "After" event {\n  provenance printed\n  rank 2\n}\n'
    result = compile_card_file(tmp_path, text)
    too_deep = [d for d in result.diagnostics if d.code is Code.TOO_DEEP]
    # One error a limit passed (`for each` passes two: blocks and loops).
    assert len(too_deep) == len({d.message for d in too_deep}) in (1, 2), result.render_diagnostics()[:2000]
    assert too_deep[0].span.line >= 6
    # The card past the limit is left out; the next one is still checked.
    assert any(d.code is Code.INVALID_ATTRIBUTE and d.span.line > 6 for d in result.diagnostics)


def test_check_build_and_render_answer_a_deep_card_with_an_error(tmp_path: Path) -> None:
    compile_card_file(tmp_path, HEAD + DEEP_CARDS["not"] + "}\n")
    runner = CliRunner()
    for command in (["check"], ["build"], ["render", "9"]):
        result = runner.invoke(main, ["--root", str(tmp_path), *command])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "[too-deep]" in result.output
    assert not (tmp_path / "generated").exists()


def number_card(number: str) -> str:
    return HEAD.replace("power 2", f"power {number}") + "}\n"


def power_of(result: CompileResult) -> object:
    (card,) = result.games["testgame"].cards()
    (power,) = [a.value for a in card.attributes if a.field.name == "power"]
    assert isinstance(power, ir.IntConst)
    return power.value


# The last: 4,301 zeros then 1, a small number that int() refuses as written (over 4,300 digits).
@pytest.mark.parametrize("number", ["0", "999999999", "0000000000000000999999999", "0" * 4301 + "1"])
def test_numbers_up_to_the_limit_are_read(tmp_path: Path, number: str) -> None:
    result = compile_card_file(tmp_path, number_card(number))
    assert result.ok, result.render_diagnostics()
    assert power_of(result) == int(number.lstrip("0") or "0")


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("1000000000", "the number 1000000000 is too large"),
        ("9" * 4301, "the number of 4,301 digits is too large"),  # past int()'s 4,300 digits
        ("7" * 100_000, "the number of 100,000 digits is too large"),
    ],
)
def test_a_number_past_the_limit_is_a_located_error(tmp_path: Path, number: str, shown: str) -> None:
    result = compile_card_file(tmp_path, number_card(number))
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.message) == (Code.NUMBER_TOO_LARGE, shown)
    assert (diagnostic.span.line, diagnostic.span.column) == (5, 9)
    assert diagnostic.hint == "numbers go from 0 to 999,999,999"


def test_a_vocabulary_that_is_not_utf8_is_a_located_error(tmp_path: Path) -> None:
    vocabulary = (FIXTURES / "cards" / "testgame" / "game.pax").read_bytes()
    broken = vocabulary.replace(b"enum color { red, blue }", b"enum color { r\xe9d, blue }")
    assert broken != vocabulary
    result = compile_card_file(tmp_path, number_card("2"), vocabulary=broken)
    (diagnostic,) = result.diagnostics
    assert diagnostic.code is Code.BAD_FILE
    assert diagnostic.message == "not UTF-8 text: byte 0xe9 here does not form a character"
    assert str(diagnostic.span) == "cards/testgame/game.pax:6:17"
    runner = CliRunner()
    for command in (["check"], ["build"], ["render", "9"], ["list", "testgame"]):
        result_of_command = runner.invoke(main, ["--root", str(tmp_path), *command])
        assert result_of_command.exit_code == 1, (command, result_of_command.output)
        assert isinstance(result_of_command.exception, SystemExit), result_of_command.exception
        assert "cards/testgame/game.pax:6:17: error: not UTF-8 text" in result_of_command.output
    assert not (tmp_path / "generated").exists()


EFFECT = HEAD + "  on play {\n{body}\n  }\n}\n"


def test_a_name_keeps_one_type_throughout_an_effect(tmp_path: Path) -> None:
    """The effect is one Python function: `x` bound as a number in one block and as a region in
    another would be one variable of two types, which mypy --strict refuses."""
    body = "if true {\n let x = 1\n gain x to you\n} else {\n choose region as x\n move_unit this to x\n}"
    result = compile_card_file(tmp_path, EFFECT.replace("{body}", body))
    (diagnostic,) = result.diagnostics
    assert diagnostic.code is Code.DUPLICATE_NAME
    assert diagnostic.message == "'x' already names an int in this effect (line 8)"
    same_type = "if true {\n let x = 1\n gain x to you\n} else {\n let x = gold(you)\n gain x to you\n}"
    generated_python_compiles(compile_card_file(tmp_path, EFFECT.replace("{body}", same_type)))


def test_names_that_differ_stay_different_in_python(tmp_path: Path) -> None:
    body = "let class = 1\nlet class_ = 2\ngain class to you"
    result = compile_card_file(tmp_path, EFFECT.replace("{body}", body))
    generated_python_compiles(result)
    module = codegen.generate_game(result.games["testgame"], package="paxc.generated")[
        "testgame/cards_deep.py"
    ]
    assert "class_: int = 1" in module and "class__: int = 2" in module
    assert "amount=class_," in module


def test_an_effect_whose_only_name_is_yield_still_yields(tmp_path: Path) -> None:
    """Found by the fuzz: `let yield = ...` is written `yield_ = ...`, which once passed for a
    yield, leaving an effect that is no generator (mypy: "missing return statement")."""
    result = compile_card_file(
        tmp_path, EFFECT.replace("{body}", 'let yield = gold(you)\nlet t = "yield from"')
    )
    generated_python_compiles(result)
    module = codegen.generate_game(result.games["testgame"], package="paxc.generated")[
        "testgame/cards_deep.py"
    ]
    assert (
        '    yield_: int = ctx.gold(ctx.you)\n    t: str = "yield from"\n    yield from ()  # makes no decision'
        in module
    )


def test_limits_are_located_when_recovery_parses_one_card_at_a_time(tmp_path: Path) -> None:
    """A syntax error elsewhere in the file makes the parser take each card alone: the error of
    a card past a limit still names its own line."""
    broken = 'card 1 "Broken" event {\n  provenance printed\n  on play { gain 1 to }\n}\n'
    deep = (
        'card 2 "Deep" event {\n  provenance printed\n  on play {\n    let x = 1' + " + 1" * 60 + "\n  }\n}\n"
    )
    result = compile_card_file(tmp_path, "game testgame\n" + broken + deep)
    assert [(d.code, d.span.line, d.span.column) for d in result.diagnostics] == [
        (Code.SYNTAX, 4, 23),
        (Code.TOO_DEEP, 9, 13),
    ], result.render_diagnostics()


def test_a_variable_is_declared_with_its_type_where_first_bound(tmp_path: Path) -> None:
    """Found by the fuzz: `let x = r` once `r == West` held made mypy take x for `Literal[West]`,
    and refuse the region chosen into x afterwards. The first binding declares x a Region."""
    body = "for each region as r {\n if r == West {\n  let x = r\n  let y = x\n }\n}\nchoose region as x"
    result = compile_card_file(tmp_path, EFFECT.replace("{body}", body))
    generated_python_compiles(result)
    module = codegen.generate_game(result.games["testgame"], package="paxc.generated")[
        "testgame/cards_deep.py"
    ]
    assert "x: Region = r\n" in module and "y: Region = x\n" in module
    assert "    x = yield from ask(" in module


def test_a_local_named_like_a_generated_class_does_not_shadow_it(tmp_path: Path) -> None:
    """Found by an independent fuzz: `let Region = 1` made the module's `Region` an int inside
    the effect, and `Region.NORTH` an AttributeError. A name that starts with a capital, as the
    generated classes and constants do, gets a trailing underscore."""
    body = "let Region = 1\nlet ADJACENT_REGIONS = 2\nchoose region as r where adjacent(r, North)\nmove_unit this to r\ngain Region to you"
    result = compile_card_file(tmp_path, EFFECT.replace("{body}", body))
    generated_python_compiles(result)
    module = codegen.generate_game(result.games["testgame"], package="paxc.generated")[
        "testgame/cards_deep.py"
    ]
    assert "Region_: int = 1" in module and "ADJACENT_REGIONS_: int = 2" in module
    assert "in ADJACENT_REGIONS" in module and "amount=Region_" in module
