"""The compiled runtime (`paxc accelerate`) plays the same games as the pure Python one, seed for
seed, clones sessions as it does, and runs the commands. It takes a few minutes to compile, so
these tests build it once, in a scratch folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from paxc.runtime import accelerate
from paxc.runtime.commands import run_games
from tests.conftest import REPO

PLAY = (
    "import json\n"
    "from paxc.runtime.accelerate import running_compiled\n"
    "from paxc.runtime.commands import run_games\n"
    "results = list(run_games({game!r}, {players}, 20, seed=99, jobs=1, check=True, variants={variants!r}))\n"
    "print(json.dumps([running_compiled(), [[r.winner, list(r.scores), r.decisions, r.error] for r in results]]))\n"
)
# Both games, and the Díaz solitaire, whose Díaz runs rules of his own.
GAMES: tuple[tuple[str, int, dict[str, bool]], ...] = (
    ("pamir", 2, {}),
    ("pamir", 5, {}),
    ("porfiriana", 4, {}),
    ("porfiriana", 2, {"solitaire": True}),
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled copy, built once for the module's tests."""
    built = accelerate.build(REPO, tmp_path_factory.mktemp("accelerate") / "fast")
    assert accelerate.running_compiled() is False  # the tests themselves run pure Python
    assert (built / accelerate.FINGERPRINT).read_text() == accelerate.fingerprint(REPO)
    return built


def _compiled(folder: Path | None, script: str, cwd: Path) -> Any:
    """What `script` prints (JSON), run on the compiled copy (None: on pure Python)."""
    done = subprocess.run(
        [sys.executable, "-P", "-c", script],
        env=None if folder is None else accelerate.environment(folder),
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
    )
    return json.loads(done.stdout)


def test_the_compiled_runtime_plays_the_same_games(folder: Path, tmp_path: Path) -> None:
    for game, players, variants in GAMES:
        compiled, results = _compiled(
            folder, PLAY.format(game=game, players=players, variants=variants), tmp_path
        )
        assert compiled is True
        pure = [
            [r.winner, list(r.scores), r.decisions, r.error]
            for r in run_games(game, players, 20, 99, 1, True, variants)
        ]
        assert results == pure, (game, players, variants)


# A game at random, cloned now and then in the middle of a turn (as a search bot clones at each
# decision): whether each clone stands where the game stood (its decisions, draws, pending
# decision and every seat's observation), then the game's end.
CLONE = (
    "import json\n"
    "from paxc.runtime.accelerate import running_compiled\n"
    "from paxc.runtime.commands import kit_of\n"
    "from paxc.runtime.core.rng import Rng\n"
    "kit = kit_of({game!r})\n"
    "session = kit.new_session({{'players': 3}}, 5)\n"
    "def stands(s):\n"
    "    seen = [s.observation_string(seat) for seat in range(3)]\n"
    "    return [[e.choice for e in s.log], s.chance, s.current_player(), s.action_count(), seen]\n"
    "pick = Rng(6)\n"
    "same = []\n"
    "while not session.is_terminal():\n"
    "    if len(session.log) % 23 == 11:\n"
    "        same.append(stands(session.clone()) == stands(session))\n"
    "    session.apply_action(pick.below(session.action_count()))\n"
    "print(json.dumps([running_compiled(), same, stands(session), session.returns()]))\n"
)


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_the_compiled_runtime_clones_sessions(folder: Path, tmp_path: Path, game: str) -> None:
    """A Session is a native class there, which `object.__new__` cannot make: clones and the
    lazy copy of a turn's checkpoint made it so, and a search bot failed on the compiled runtime."""
    compiled, *played = _compiled(folder, CLONE.format(game=game), tmp_path)
    assert compiled is True
    assert played[0] and all(played[0])
    assert _compiled(None, CLONE.format(game=game), tmp_path) == [False, *played]


def test_the_generated_cards_are_compiled_too(folder: Path, tmp_path: Path) -> None:
    """Every module of generated/ (the cards' abilities, the vocabularies) is a C extension in the
    compiled copy: the rules ask the cards' modifiers at every listing."""
    modules = [path.removesuffix(".py").replace("/", ".") for path in accelerate.generated_modules(REPO)]
    assert "generated.pamir.vocabulary" in modules and "generated.porfiriana.vocabulary" in modules
    script = (
        "import importlib, importlib.machinery, json\n"
        f"modules = {[f'paxc.{module}'.removesuffix('.__init__') for module in modules]!r}\n"
        "suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)\n"
        "print(json.dumps([m for m in modules if not importlib.import_module(m).__file__.endswith(suffixes)]))\n"
    )
    assert _compiled(folder, script, tmp_path) == []


# The first modifier of each game's cards, called with no event: the error raised in the compiled
# card function must name its card as on the pure runtime (`core.card_errors`).
CARD_ERROR = (
    "import importlib, json\n"
    "from paxc.runtime.core import card_errors\n"
    "from paxc.runtime.effects import effects_of\n"
    "found = []\n"
    "for game in ('pamir', 'porfiriana'):\n"
    "    cards = importlib.import_module(f'paxc.generated.{game}').CARDS\n"
    "    card, effect = next((c, e) for c in cards for e in effects_of(c) if hasattr(e, 'apply'))\n"
    "    try:\n"
    "        effect.apply(None, None, 0)\n"
    "    except Exception as error:\n"
    "        named = card_errors.card_effect(error.__traceback__)\n"
    "        found.append([card.number, effect.source, named and [named.number, named.source]])\n"
    "print(json.dumps(found))\n"
)


def test_an_error_in_a_compiled_card_names_the_card(folder: Path, tmp_path: Path) -> None:
    found = _compiled(folder, CARD_ERROR, tmp_path)
    assert len(found) == 2 and all(named == [number, source] for number, source, named in found)
    assert _compiled(None, CARD_ERROR, tmp_path) == found


def test_simulate_runs_on_the_compiled_runtime(folder: Path) -> None:
    """What `paxc simulate --compiled` starts: the command itself on the compiled copy, from the
    project. Its games find the project's card files through the copy, so the command's check of
    the generated code against them passes (it refused, as for cards edited where installed)."""
    arguments = ["simulate", "pamir", "--players", "2", "--games", "3", "--seed", "21", "--json"]
    done = subprocess.run(
        [sys.executable, "-P", "-m", "paxc.compiler.cli", *arguments],
        env=accelerate.environment(folder),
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["runtime"] == "compiled"
    assert summary["errors"] == [] and sum(summary["wins"]) == 3


# The digest a save keeps of each game's state, at every tenth decision of a random game: the
# compiled runtime's must be the pure one's, or a save made by one would not load in the other.
# The compiled Pax Pamir digest once wrote its generator's repr (its classes have no __slots__,
# which the digest read), different from run to run.
DIGESTS = (
    "import hashlib, json\n"
    "from paxc.runtime.commands import kit_of\n"
    "from paxc.runtime.core.rng import Rng\n"
    "def digests(game, players, variants):\n"
    "    session = kit_of(game).new_session({{'players': players, **variants}}, 7)\n"
    "    chance, found = Rng(8), []\n"
    "    while not session.is_terminal():\n"
    "        options = session.legal_actions()\n"
    "        session.apply_action(options[chance.below(len(options))])\n"
    "        if len(session.log) % 10 == 0 or session.is_terminal():\n"
    "            found.append(hashlib.sha256(session.rules.digest(session.state).encode()).hexdigest())\n"
    "    return found\n"
    "print(json.dumps([digests(*game) for game in {games!r}]))\n"
)


def test_the_compiled_runtime_digests_states_as_pure_python(folder: Path, tmp_path: Path) -> None:
    script = DIGESTS.format(games=list(GAMES))
    compiled = _compiled(folder, script, tmp_path)
    assert all(compiled) and compiled == _compiled(None, script, tmp_path)
