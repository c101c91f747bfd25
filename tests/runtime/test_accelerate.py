"""The compiled runtime (`paxc accelerate`) plays the same games as the pure Python one, seed for
seed. It takes a minute or two to compile, so this test builds it once, in a scratch folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


def test_the_compiled_runtime_plays_the_same_games(tmp_path: Path) -> None:
    folder = accelerate.build(REPO, tmp_path / "fast")
    assert accelerate.running_compiled() is False  # the tests themselves run pure Python
    assert (folder / accelerate.FINGERPRINT).read_text() == accelerate.fingerprint(REPO)
    for game, players, variants in GAMES:
        done = subprocess.run(
            [sys.executable, "-P", "-c", PLAY.format(game=game, players=players, variants=variants)],
            env=accelerate.environment(folder),
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp_path,
        )
        compiled, results = json.loads(done.stdout)
        assert compiled is True
        pure = [
            [r.winner, list(r.scores), r.decisions, r.error]
            for r in run_games(game, players, 20, 99, 1, True, variants)
        ]
        assert results == pure, (game, players, variants)
