"""The compiled runtime (`paxc accelerate`) plays the same games as the pure Python one, seed for
seed. It takes a minute or two to compile, so this test builds it once, in a scratch folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from runtime import accelerate
from runtime.commands import run_games
from tests.conftest import REPO

PLAY = (
    "import json\n"
    "from runtime.accelerate import running_compiled\n"
    "from runtime.commands import run_games\n"
    "results = list(run_games('pamir', {players}, 20, seed=99, jobs=1, check=True))\n"
    "print(json.dumps([running_compiled(), [[r.winner, list(r.scores), r.decisions, r.error] for r in results]]))\n"
)


def test_the_compiled_runtime_plays_the_same_games(tmp_path: Path) -> None:
    folder = accelerate.build(REPO, tmp_path / "fast")
    assert accelerate.running_compiled() is False  # the tests themselves run pure Python
    assert (folder / accelerate.FINGERPRINT).read_text() == accelerate.fingerprint(REPO)
    for players in (2, 5):
        done = subprocess.run(
            [sys.executable, "-P", "-c", PLAY.format(players=players)],
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
            for r in run_games("pamir", players, 20, 99, 1, True)
        ]
        assert results == pure
