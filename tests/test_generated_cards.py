"""`paxc check` is a contract (issue 24): a card that passes it builds, passes `mypy --strict`,
imports, and plays random games without an exception or a broken invariant.

Cards are drawn from each game's vocabulary by hypothesis (tests/card_generator.py): its
operations, queries, triggers, modifiers, durations, memories, zones, declared moves and money,
in the language's statements. Each example is a file of a few cards; those the checker accepts
(against the whole game, as `paxc check FILE` does: a conflict with a printed card's modifier is
refused) are compiled as the build would, checked by mypy, imported, put on top of the deck (so that they
come out early) and played in 5 random three-player games with every invariant checked after
each decision, and the listing's cheap answers compared with a plain search at each decision
(tests/listing_checks.py).

The suite runs a few examples. A long run draws more, for instance:

    PAXC_GENERATED_CARDS=100 .venv/bin/pytest tests/test_generated_cards.py -s

(examples per game; `-s` prints what each run did). Thousands of files: the campaign
tests/generated_cards_campaign.py, which draws the same cards and runs mypy once per batch.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from paxc.compiler.vocabulary import Vocabulary
from paxc.runtime.commands import game_seeds, play_one
from tests.card_generator import card_file, hypothesis_draw
from tests.conftest import REPO
from tests.listing_checks import play_compared
from tests.new_cards import deal_on_top, join_pamir, join_porfiriana
from tests.test_static_checks import namespace_view

EXAMPLES = int(os.environ.get("PAXC_GENERATED_CARDS", "2"))
# The suite's few examples are the same at every run; a long run draws new ones each time.
DERANDOMIZE = "PAXC_GENERATED_CARDS" not in os.environ
CARDS_PER_FILE = 4
GAMES = 5
FIRST_NUMBER = 8000
# What each game's run did, printed at the end of a long run.
TALLY: dict[str, Counter[str]] = {"pamir": Counter(), "porfiriana": Counter()}


def vocabulary(game: str) -> Vocabulary:
    result = compile_paths([REPO / "cards" / game / "game.pax"], REPO)
    assert result.ok, result.render_diagnostics()
    return result.games[game].vocabulary


def mypy_strict(module: Path) -> str:
    """mypy --strict over one generated module with the real runtime: its report, or '' if clean."""
    view = namespace_view(REPO / "build" / "typecheck")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(REPO / "build" / "mypy-generated"),
            str(module),
        ],
        cwd=REPO,
        env={**os.environ, "MYPYPATH": os.pathsep.join([str(view), str(REPO)])},
        capture_output=True,
        text=True,
        check=False,
    )
    return "" if completed.returncode == 0 else completed.stdout + completed.stderr


def import_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_with(
    game: str,
    cards: list[Any],
    seed: int,
    games: int = GAMES,
    seeds: Sequence[int] = (),
    listings: bool = False,
) -> list[str]:
    """Random games with the cards in the game, on top of the deck: the errors (none, we hope).
    `games` games from `seed`, or the games of `seeds` (each a game's own seed) when given.
    `listings`: the listing's cheap answers compared with a plain search at every decision too
    (tests/listing_checks.py)."""
    join = join_pamir if game == "pamir" else join_porfiriana
    with pytest.MonkeyPatch.context() as monkeypatch:
        for card in cards:
            join(card, monkeypatch)
        deal_on_top(game, [card.number for card in cards], monkeypatch, rotate=False)
        chosen = seeds or game_seeds(seed, games)
        if listings:
            errors = [(s, play_compared(game, {"players": 3}, s)) for s in chosen]
        else:
            errors = [
                (r.seed, r.error) for r in (play_one(game, {"players": 3}, s, check=True) for s in chosen)
            ]
    return [f"seed {s}: {error}" for s, error in errors if error is not None]


def check_contract(game: str, data: st.DataObject, scratch: Path) -> None:
    vocab = vocabulary(game)
    numbers = range(FIRST_NUMBER, FIRST_NUMBER + CARDS_PER_FILE)
    text = card_file(game, vocab, hypothesis_draw(data), numbers)
    source = scratch / "cards" / game / "generated_cards.pax"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(text, encoding="utf-8")
    result = compile_paths([source], REPO, whole_games=True)
    tally = TALLY[game]
    tally["files"] += 1
    if not result.ok:
        tally["refused by check"] += 1
        for diagnostic in result.diagnostics:
            tally[f"refused: {diagnostic.code.value}"] += 1
        return  # the contract is about what passes
    (file,) = result.games[game].files
    module_path = scratch / f"generated_{game}_cards.py"
    module_path.write_text(codegen.card_module(result.games[game], file, package="paxc.generated"), "utf-8")
    report = mypy_strict(module_path)
    assert report == "", f"{text}\n{report}"
    module = import_module(module_path)
    cards = [getattr(module, f"CARD_{n}") for n in numbers]
    errors = play_with(game, cards, seed=data.draw(st.integers(0, 2**32)), listings=True)
    assert errors == [], f"{text}\n" + "\n".join(errors)
    tally["passed check, built, typed, imported and played"] += 1


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_every_card_check_accepts_builds_types_and_plays(
    game: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    scratch = tmp_path_factory.mktemp(f"generated_{game}")

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def contract(data: st.DataObject) -> None:
        check_contract(game, data, scratch)

    contract()
    print(f"\n{game}: {dict(TALLY[game])}")
    assert TALLY[game]["passed check, built, typed, imported and played"] > 0
