"""The `paxc` command line fed odd arguments, as a careless or hostile user would: names too long
for the file system, digits that are not ASCII, symbolic links that loop, huge numbers, broken
saves and plug-ins. Every run must end with a clean exit status (0, 1 or click's 2 for usage) and
no traceback; an error must be said in a few lines, not a stack.

    .venv/bin/python -m tests.cli_edges          # every case, one line each, and the tally

The suite runs the same cases (tests/compiler/test_cli_edges.py) in process, through click's
test runner, which is faster than a process each.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

LONG = "a" * 300  # longer than a file name may be (255 bytes on the usual file systems)
HUGE = "9" * 5000  # past int()'s 4,300 digits
SEED_PAST_64_BITS = str(2**64 + 1)


@dataclass(frozen=True)
class Case:
    """One run of `paxc`: its arguments (`{root}` stands for the project folder), what it reads on
    stdin, the most lines it may write on stderr (click's usage errors take 4), and the exit
    status it must have where one is right."""

    args: tuple[str, ...]
    stdin: str = ""
    most_error_lines: int = 4
    status: int | None = None  # the exit status it must have, where one is right
    plugins: bool = False  # with the broken game plug-ins of PLUGINS installed

    def arguments(self, root: Path) -> list[str]:
        return [arg.replace("{root}", str(root)) for arg in self.args]


def _play(*answers: str) -> str:
    return "\n".join([*answers, "q", "y"]) + "\n"


# Game plug-ins that fail every way a plug-in can: each must cost one warning line, and only a
# command on that very game fails (one line, exit status 1).
PLUGINS = {
    "interrupts": "raise KeyboardInterrupt",
    "exits": "import sys\nsys.exit(3)",
    "fails": "raise ImportError('a module it needs is missing')",
    "kitraises": "GAME = Game('kitraises', 'Kit Raises', HERE, lambda: 1 // 0)",
    "kitnone": "GAME = Game('kitnone', 'Kit None', HERE, lambda: None)",
    "notagame": "GAME = 42",
}
_PLUGIN_HEAD = "from pathlib import Path\nfrom paxc.runtime.games import Game\nHERE = Path(__file__).parent\n"


CASES: list[Case] = [
    # File names too long, in every place a name is read.
    Case(("check", LONG)),
    Case(("check", f"{LONG}.pax")),
    Case(("check", f"{LONG}/{LONG}")),
    Case(("check", "--json", LONG)),
    Case(("render", LONG)),
    Case(("render", f"{LONG}.pax")),
    Case(("list", LONG)),
    Case(("profile", LONG)),
    Case(("--root", LONG, "check")),
    Case(("--root", LONG, "list", "pamir")),
    Case(("replay", LONG)),
    Case(("replay", f"{LONG}.json")),
    Case(("play", "pamir", "--save", f"{LONG}.json"), stdin="q\n"),
    Case(("play", "--load", f"{LONG}.json"), most_error_lines=1, status=1),
    Case(("simulate", LONG, "--games", "1")),
    Case(("play", LONG)),
    Case(("init", LONG)),
    Case(("init", "game", "--into", f"{{root}}/{LONG}")),
    Case(("cards", LONG, "--svg", "{root}/images"), status=2),  # a usage error, as `list LONG`
    Case(("cards", "pamir", "--svg", f"{{root}}/{LONG}"), most_error_lines=1, status=1),
    # Digits other than ASCII's, and numbers too large for int().
    Case(("render", "²")),
    Case(("render", "١٢")),
    Case(("render", HUGE)),
    Case(("render", "3", "--game", "²")),
    Case(("simulate", "pamir", "--games", "²")),
    Case(("simulate", "pamir", "--seed", HUGE, "--games", "1")),
    Case(("simulate", "pamir", "--seed", SEED_PAST_64_BITS, "--games", "1"), status=2),
    Case(("simulate", "pamir", "--seed", "-1", "--games", "1"), status=2),
    Case(("play", "pamir", "--seed", SEED_PAST_64_BITS), stdin="q\n", status=2),
    Case(("play", "pamir", "--players", "²")),
    Case(("play", "pamir"), stdin=_play("²")),
    Case(("play", "pamir"), stdin=_play("c ²")),
    Case(("play", "pamir"), stdin=_play("c " + HUGE)),
    Case(("play", "pamir"), stdin=_play(HUGE)),
    Case(("play", "pamir"), stdin=_play("-1", "0x1", "1e3", " 1 1", "c", "c \x00")),
    Case(("play", "porfiriana"), stdin=_play("²", "c ²", HUGE)),
    # Odd names and places.
    Case(("check", "{root}/loop.pax")),
    Case(("--root", "{root}/looping", "check")),
    Case(("--root", "{root}/looping", "build")),
    Case(("--root", "{root}/looping", "list", "pamir")),
    Case(("check",), status=0),
    # No generated/: every file listed (a project of its own: render and play build the other).
    Case(("--root", "{root}/unbuilt", "build", "--check"), status=1, most_error_lines=40),
    Case(("render", "{root}/loop.pax")),
    Case(("cards", "pamir", "--svg", "{root}/loop.pax"), most_error_lines=1, status=1),
    Case(("cards", "pamir", "--svg", "/dev/null/images"), most_error_lines=1, status=1),
    Case(("check", "/dev/null")),
    Case(("check", "{root}/cards/pamir/game.pax/x")),
    Case(("render", "")),
    Case(("render", " ")),
    Case(("list", "")),
    Case(("list", "../pamir")),
    Case(("profile", "pamir", "--exclude", "²")),
    Case(("replay", "/dev/null"), most_error_lines=1, status=1),
    Case(("replay", "{root}")),
    Case(("replay", "{root}/loop.pax")),
    Case(("replay", "{root}/bad-save.json"), most_error_lines=1, status=1),
    Case(("play", "--load", "{root}/bad-save.json"), most_error_lines=1, status=1),
    Case(("play", "--load", "{root}/loop.pax"), most_error_lines=1, status=1),
    Case(("play", "--load", "/dev/null"), most_error_lines=1, status=1),
    Case(("play", "pamir", "--save", "{root}/no/such/folder/log.json"), stdin="q\n"),
    Case(("play", "pamir", "--seats", "²")),
    Case(("simulate", "pamir", "--players", "99", "--games", "1")),
    Case(("simulate", "pamir", "--games", "0")),
    Case(("simulate", "pamir", "--jobs", "0", "--games", "1")),
    # Broken plug-ins.
    Case(("list", "pamir"), plugins=True, status=0, most_error_lines=len(PLUGINS)),
    Case(("simulate", "pamir", "--games", "2"), plugins=True, status=0, most_error_lines=len(PLUGINS)),
    Case(
        ("simulate", "kitraises", "--games", "2"), plugins=True, status=1, most_error_lines=len(PLUGINS) + 1
    ),
    Case(("play", "kitnone"), plugins=True, status=1, most_error_lines=len(PLUGINS) + 1),
    Case(("simulate", "exits", "--games", "1"), plugins=True, status=2, most_error_lines=len(PLUGINS) + 4),
]


@contextmanager
def project() -> Iterator[Path]:
    """A copy of the project's cards in a temporary folder, with a card file that links to itself
    (and a project holding one), and a save that is not one."""
    with tempfile.TemporaryDirectory(prefix="paxc-cli-") as folder:
        root = Path(folder)
        shutil.copytree(REPO / "cards", root / "cards")
        (root / "loop.pax").symlink_to(root / "loop.pax")
        # A second project whose cards of Pax Pamir hold a link to itself.
        looping = root / "looping" / "cards" / "pamir"
        shutil.copytree(REPO / "cards" / "pamir", looping)
        (looping / "loop.pax").symlink_to(looping / "loop.pax")
        shutil.copytree(REPO / "cards", root / "unbuilt" / "cards")
        (root / "bad-save.json").write_text(json.dumps({"game": "pamir", "seed": "x"}))
        _install_plugins(root / "plugins")
        yield root


def _install_plugins(site: Path) -> None:
    """The modules of PLUGINS in `site`, registered as a distribution's entry points."""
    info = site / "brokenplugins-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: brokenplugins\nVersion: 0\n")
    lines = ["[paxc.games]"] + [f"{name} = broken_{name}:GAME" for name in PLUGINS]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    for name, body in PLUGINS.items():
        (site / f"broken_{name}.py").write_text(_PLUGIN_HEAD + body + "\n")


@dataclass(frozen=True)
class Outcome:
    status: int
    stdout: str
    stderr: str

    def problem(self, case: Case) -> str | None:
        """What is wrong with this run, or None."""
        if "Traceback" in self.stdout + self.stderr:
            return "traceback"
        if self.status not in (0, 1, 2):
            return f"exit status {self.status}"
        said = [line for line in self.stderr.splitlines() if line.strip()]
        if self.status != 0 and not said and not self.stdout.strip():
            return "failed without a word"
        if len(said) > case.most_error_lines:
            return f"{len(said)} lines of errors"
        if case.status is not None and self.status != case.status:
            return f"exit status {self.status}, not {case.status}"
        return None


def run_process(case: Case, root: Path) -> Outcome:
    paxc = Path(sys.executable).with_name("paxc")
    done = subprocess.run(
        [str(paxc), *case.arguments(root)],
        input=case.stdin,
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
        check=False,
        env={**os.environ, "NO_COLOR": "1", **_plugin_path(case, root)},
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


def _plugin_path(case: Case, root: Path) -> dict[str, str]:
    if not case.plugins:
        return {}
    return {"PYTHONPATH": os.pathsep.join([str(root / "plugins"), os.environ.get("PYTHONPATH", "")])}


def main() -> int:
    failures = 0
    with project() as root:
        for case in CASES:
            outcome = run_process(case, root)
            problem = outcome.problem(case)
            failures += problem is not None
            last = (outcome.stderr or outcome.stdout).strip().splitlines()[-1:] or [""]
            shown = " ".join(case.args)[:70]
            print(
                f"{'FAIL ' + problem if problem else 'ok':<16} {outcome.status}  {shown:<72} {last[0][:90]}"
            )
    print(f"{len(CASES)} cases, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
