"""Card strings and names must never become code: they end up as data, or as a diagnostic."""

from __future__ import annotations

import ast as python_ast
import importlib
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from paxc.compiler import codegen
from paxc.compiler.project import CompileResult, compile_paths
from tests.conftest import FIXTURES

# Each is written inside a card-language string, so \" and \\ are the language's own escapes.
HOSTILE_NAMES = {
    'quote"); import os; os.system("echo pwned': 'quote\\"); import os; os.system(\\"echo pwned',
    "line\nbreak\n__import__('os')": "line\\nbreak\\n__import__('os')",
    "\"\"\"triple\"\"\" and '''single'''": "\\\"\\\"\\\"triple\\\"\\\"\\\" and '''single'''",
    "back\\slash\\": "back\\\\slash\\\\",
    "{{ jinja }} {% raw %}": "{{ jinja }} {% raw %}",
    "# comment\n)]}": "# comment\\n)]}",
}


def _compile(tmp_path: Path, cards: str) -> tuple[CompileResult, dict[str, str]]:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "cards", root / "cards")
    (root / "cards" / "testgame" / "units.pax").unlink()
    (root / "cards" / "testgame" / "hostile.pax").write_text("game testgame\n" + cards, encoding="utf-8")
    result = compile_paths([root / "cards"], root)
    files = codegen.generate_game(result.games["testgame"], package="paxc.generated") if result.ok else {}
    return result, files


@pytest.mark.parametrize("expected, written", list(HOSTILE_NAMES.items()), ids=range(len(HOSTILE_NAMES)))
def test_hostile_strings_stay_data(tmp_path: Path, expected: str, written: str) -> None:
    cards = (
        f'card 1 "{written}" unit {{\n  provenance printed\n  region North\n  power 1\n'
        f'  motto "{written}"\n  note "{written}"\n  text "{written}"\n'
        f'  ability "{written}" {{\n    on play {{\n      say "{written}"\n    }}\n  }}\n}}\n'
    )
    result, files = _compile(tmp_path, cards)
    assert result.ok, result.render_diagnostics()
    source = files["testgame/cards_hostile.py"]
    tree = python_ast.parse(source)  # still valid Python
    # Nothing but imports, __all__, the effect function and the card constants at the top level.
    kinds = {type(node).__name__ for node in tree.body}
    assert kinds <= {"ImportFrom", "Assign", "AnnAssign", "FunctionDef", "Expr"}
    calls = [node for node in python_ast.walk(tree) if isinstance(node, python_ast.Call)]
    called = {python_ast.unparse(node.func) for node in calls}
    assert called <= {"Card", "Ability", "OneShot", "ctx.say"}, called
    # and the strings are exactly what the card said
    module = _import(tmp_path, files)
    card = module.CARD_1
    assert card.name == expected and card.motto == expected and card.note == expected
    assert card.intended_text == expected
    assert card.abilities[0].title == expected
    # the English text the runtime shows is data too, holding the strings as they are
    assert card.text.startswith(f"#1 {expected}\n") and "Note:" not in card.text  # notes: --notes only
    assert card.ability_text.startswith(f"{expected}:\n")


def _import(tmp_path: Path, files: dict[str, str]) -> ModuleType:
    out = tmp_path / "generated"
    for relative, text in files.items():
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_text(text, encoding="utf-8")
    import paxc.generated as generated

    generated.__path__.append(str(out))
    try:
        for name in [m for m in sys.modules if m.startswith("paxc.generated.testgame")]:
            del sys.modules[name]
        return importlib.import_module("paxc.generated.testgame.cards_hostile")
    finally:
        generated.__path__.remove(str(out))


@pytest.mark.parametrize(
    "variable", ["class", "import", "ctx", "event", "current", "print", "CARD_1", "match"]
)
def test_variable_names_that_clash_with_python(tmp_path: Path, variable: str) -> None:
    cards = (
        'card 1 "Scout" unit {\n  provenance printed\n  region North\n  power 1\n'
        f"  on play {{\n    choose region as {variable}\n    let total = gold(you)\n"
        f"    move_unit this to {variable}\n  }}\n}}\n"
    )
    result, files = _compile(tmp_path, cards)
    assert result.ok, result.render_diagnostics()
    source = files["testgame/cards_hostile.py"]
    python_ast.parse(source)
    assert f"{variable}_ = yield from ask(" in source


def test_a_string_cannot_be_closed_early(tmp_path: Path) -> None:
    """An unescaped quote ends the string in the card language itself: a syntax error, not code."""
    cards = 'card 1 "Scout" unit {\n  provenance printed\n  region North\n  power 1\n  motto "a" + os.system("x")\n}\n'
    result, files = _compile(tmp_path, cards)
    assert not result.ok
    assert files == {}


def _game_project(tmp_path: Path, vocabulary: str, cards: str | None = None) -> Path:
    """A project with one game, `odd`, of the given vocabulary (and card file)."""
    root = tmp_path / "project"
    (root / "cards" / "odd").mkdir(parents=True)
    (root / "cards" / "odd" / "game.pax").write_text(vocabulary, encoding="utf-8")
    if cards is not None:
        (root / "cards" / "odd" / "cards.pax").write_text(cards, encoding="utf-8")
    return root


def test_vocabulary_names_are_validated(tmp_path: Path) -> None:
    root = _game_project(
        tmp_path,
        'vocabulary odd "Evil\\"\\"\\" + __import__(\'os\')" {\n'
        "  enum class { None, True, import }\n"
        "  cardtype thing { for_: int }\n"
        '  operation run(lambda: int) "{lambda}"\n'
        "}\n",
    )
    result = compile_paths([root / "cards"], root)
    assert "'lambda' is a reserved word" in result.render_diagnostics()


def test_vocabulary_with_python_words_generates_valid_code(tmp_path: Path) -> None:
    root = _game_project(
        tmp_path,
        'vocabulary odd "Odd \\"\\"\\" title" {\n'
        "  enum class { None, True, import, self }\n"
        "  cardtype def { type: class required }\n"
        "  timing play\n"
        '  operation print(value: class) "print {value}"\n'
        "}\n",
        'game odd\ncard 1 "x" def {\n  provenance printed\n  type None\n  on play { print import }\n}\n',
    )
    result = compile_paths([root / "cards"], root)
    assert result.ok, result.render_diagnostics()
    for name, source in codegen.generate_game(result.games["odd"], package="paxc.generated").items():
        python_ast.parse(source, filename=name)


@pytest.mark.parametrize(
    "declaration, message",
    [
        ("enum none { a }", "'none' cannot name a class in Python"),
        ("enum provenance { a }", "becomes the class Provenance"),
        ("enum odd_effects { a }", "becomes the class OddEffects"),
        ("enum a_b { x }\n  enum a__b { y }", "becomes the class AB"),
        ("cardtype thing { self: int }", "'self' is a reserved word"),
        ("cardtype thing { __init__: int }", "'__init__' is a reserved word"),
        ("operation go(ctx: int)", "'ctx' is a reserved word"),
    ],
)
def test_vocabulary_names_that_would_break_generated_code(
    tmp_path: Path, declaration: str, message: str
) -> None:
    root = _game_project(tmp_path, f'vocabulary odd "Odd" {{\n  {declaration}\n}}\n')
    result = compile_paths([root / "cards"], root)
    assert message in result.render_diagnostics()


def _fixed_card_fields() -> list[str]:
    """The fields the generated Card class has in every game, read from its template."""
    template = (Path(codegen.__file__).parent / "templates" / "vocabulary.py.jinja").read_text("utf-8")
    body = template.split("class Card:", 1)[1].split("\n\n\n", 1)[0]
    return re.findall(r"^    ([a-z_]+): ", body, flags=re.MULTILINE)


@pytest.mark.parametrize("field", _fixed_card_fields())
def test_a_card_type_cannot_declare_a_field_every_card_already_has(tmp_path: Path, field: str) -> None:
    """Declared again, the game's own attribute would silently replace the generated one (a card
    type's `text` used to take the place of the card's English text)."""
    root = _game_project(
        tmp_path, f'vocabulary odd "Odd" {{\n  cardtype thing {{\n    {field}: int\n  }}\n}}\n'
    )
    result = compile_paths([root / "cards"], root)
    assert f"'{field}' is a built-in attribute of every card" in result.render_diagnostics()


@pytest.mark.parametrize(
    "variable", ["class", "ask_several", "ask_number", "recalled", "known_1_", "len", "tuple"]
)
@pytest.mark.parametrize("expected, written", list(HOSTILE_NAMES.items())[:2], ids=range(2))
def test_choices_of_several_values_and_numbers_stay_data(
    tmp_path: Path, variable: str, expected: str, written: str
) -> None:
    """The names a card gives to what it chooses never meet the code's own names (the decisions,
    the names an `is set` test keeps values under), and its title reaches the prompts as data."""
    cards = (
        f'card 1 "{written}" unit {{\n  provenance printed\n  region North\n  power 1\n'
        "  on play {\n"
        f"    choose up to 2 {variable} in army(you) where {variable}.power > 1\n"
        f"    for each c in {variable} {{\n      set this.target to c\n    }}\n"
        f"    choose number from 1 to count({variable}) + 1\n"
        "    gain number to you\n"
        "    if this.target is set and this.target.power > 1 {\n      move_unit this.target to South\n    }\n"
        "  }\n}\n"
    )
    result, files = _compile(tmp_path, cards)
    assert result.ok, result.render_diagnostics()
    source = files["testgame/cards_hostile.py"]
    tree = python_ast.parse(source)
    calls = {
        python_ast.unparse(node.func) for node in python_ast.walk(tree) if isinstance(node, python_ast.Call)
    }
    assert calls <= {
        "Card",
        "Ability",
        "OneShot",
        "ask_several",
        "ask_number",
        "tuple",
        "len",
        "recalled",
        "ctx.army",
        "ctx.remember",
        "ctx.recall",
        "ctx.gain",
        "ctx.move_unit",
    }, calls
    prompts = [
        node.args[1].value
        for node in python_ast.walk(tree)
        if isinstance(node, python_ast.Call)
        and python_ast.unparse(node.func) in ("ask_several", "ask_number")
        and isinstance(node.args[1], python_ast.Constant)
    ]
    assert prompts == [f"{expected}: choose up to 2 cards", f"{expected}: choose a number"]
    bound = {node.id for node in python_ast.walk(tree) if isinstance(node, python_ast.Name)}
    assert f"{variable}_" in bound and "known_1_" in bound  # the card's name, renamed, beside the code's
    module = _import(tmp_path, files)
    assert module.CARD_1.name == expected
