"""`paxc check FILE`, `paxc check` and `paxc build` agree on every input: what one accepts, the
others accept, and what one refuses, the others refuse, at the same place. Each case here is an
input that once passed one and failed another (found by an independent fuzz of the compiler);
the long fuzz (tests/fuzz_compiler.py) checks the same on its mutated projects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from paxc.compiler import pynames
from paxc.compiler.cli import main
from tests.conftest import REPO

KABUL = "cards/pamir/court/kabul.pax"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for folder in ("cards", "grammar"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    return tmp_path


def paxc(project: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(project), *args])


def card(number: int, name: str) -> str:
    return (
        f'card {number} "{name}" court {{\n  provenance printed\n  region Kabul\n  suit Military\n'
        "  rank 1\n}\n"
    )


def errors(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line]


def agree(project: Path, *files: str) -> list[str]:
    """Run `check` on each file, `check` and `build`; all must fail, `check` and `build` with the
    same errors, `check FILE` with some of them, and build must write nothing. The errors."""
    built = paxc(project, "build")
    assert built.exit_code == 1, built.output
    assert not (project / "generated").exists()
    whole = paxc(project, "check")
    assert whole.exit_code == 1, whole.output
    assert errors(whole) == errors(built), (whole.output, built.output)
    for file in files:
        alone = paxc(project, "check", str(project / file))
        assert alone.exit_code == 1, alone.output
        assert set(errors(alone)) <= set(errors(built)), (alone.output, built.output)
    return errors(built)


def test_a_vocabulary_declared_in_a_card_file_is_refused_by_check_and_build_alike(project: Path) -> None:
    """`check cards/pamir/extra.pax` once said no errors, while build reported 141 (the extra
    vocabulary, first in file order, was taken for the game's and every card failed against it).
    The vocabulary of cards/pamir/game.pax is the game's; another declaration is the one error."""
    extra = "cards/pamir/extra.pax"
    (project / extra).write_text('vocabulary pamir "Pax Pamir" {\n  enum region { Kabul }\n}\n')
    assert agree(project, extra) == [f"{extra}:1:12: error: game 'pamir' is declared twice  [duplicate-name]"]


@pytest.mark.parametrize(
    ("names", "colliding"),
    [
        (("a-c_3.pax", "a/c.pax", "a_c.pax"), ("a/c.pax", "a_c.pax")),
        (("X.pax", "X_3.pax", "x.pax"), ("X.pax", "x.pax")),
    ],
)
def test_card_files_whose_modules_would_collide_are_an_error_naming_both(
    project: Path, names: tuple[str, ...], colliding: tuple[str, str]
) -> None:
    """Once built silently, one card missing from the generated code (the second file's module
    was suffixed `_2`, which a third file's name could also give), `__init__` importing one
    module twice."""
    for number, name in enumerate(names, start=901):
        path = project / "cards" / "pamir" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("game pamir\n" + card(number, f"Card {number}"))
    first, second = (f"cards/pamir/{name}" for name in colliding)
    assert agree(project, first, second) == [
        f"{first}:1:1: error: this file and {second} would both compile to the module "
        f"{pynames.card_module_name('pamir', first)}  [bad-file]",
        f"{second}:1:1: error: this file and {first} would both compile to the module "
        f"{pynames.card_module_name('pamir', first)}  [bad-file]",
    ]
    for name in set(names) - set(colliding):
        alone = paxc(project, "check", str(project / "cards" / "pamir" / name))
        assert alone.exit_code == 0, alone.output


def test_files_that_do_not_collide_build_every_card(project: Path) -> None:
    for number, name in enumerate(["a-c_3.pax", "a/c.pax"], start=901):
        path = project / "cards" / "pamir" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("game pamir\n" + card(number, f"Card {number}"))
    built = paxc(project, "build")
    assert built.exit_code == 0, built.output
    init = (project / "generated" / "pamir" / "__init__.py").read_text()
    assert "cards_a_c_3" in init and "cards_a_c," in init.replace("cards_a_c\n", "cards_a_c,")
    listed = paxc(project, "list", "pamir").output
    assert "Card 901" in listed and "Card 902" in listed


@pytest.mark.parametrize("name", ["class", "None", "a" * 101])
def test_a_game_whose_name_cannot_be_a_package_is_refused_by_check(project: Path, name: str) -> None:
    """`vocabulary class` passed check and build, and built a package Python cannot import; a
    name of 300 characters made build fail writing the folder after check passed."""
    game = project / "cards" / name
    game.mkdir()
    (game / "game.pax").write_text(f'vocabulary {name} "New" {{\n  cardtype thing {{ }}\n}}\n')
    found = agree(project, f"cards/{name}/game.pax")
    assert len(found) == 1 and "[bad-vocabulary]" in found[0], found
    assert found[0].startswith(f"cards/{name}/game.pax:1:12: error: ")


def test_a_card_file_naming_a_game_too_long_for_a_folder_is_an_unknown_game(project: Path) -> None:
    """`game` followed by a name of 256 characters or more raised OSError (File name too long)
    while looking for the game's folder."""
    path = "cards/pamir/long.pax"
    (project / path).write_text("game " + "a" * 300 + "\n")
    found = agree(project, path)
    assert len(found) == 1 and "unknown game 'aaaa" in found[0], found


@pytest.mark.parametrize("vocabulary", ["", "# only a comment\n", 'vocabulary pamri "Typo" {\n}\n'])
def test_a_vocabulary_file_that_declares_no_vocabulary_of_its_game_is_an_error(
    project: Path, vocabulary: str
) -> None:
    """Found by the broader fuzz: a game.pax whose line ends were all carriage returns (one long
    comment) made `check` say no errors and check nothing, and `build` raise KeyError."""
    (project / "cards" / "pamir" / "game.pax").write_text(vocabulary)
    found = agree(project, KABUL, "cards/pamir/game.pax")
    assert found == [
        "cards/pamir/game.pax:1:1: error: cards/pamir/game.pax does not declare the vocabulary of "
        "'pamir'  [bad-vocabulary]"
    ], found
