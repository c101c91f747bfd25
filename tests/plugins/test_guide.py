"""The "Write your own game" guide (runtime/docs/own-game.md), followed as written: its commands run
in a new folder, its samples go into the files their first line names, and each output it shows
after a command is checked against what the command printed.

A sample's first line names its file: `# FILE` an excerpt the file must hold as shown, `# FILE, at
its end` text to add at the end, `# FILE, in the vocabulary` lines to add before the vocabulary's
closing brace, `# FILE, in class NAME` a method to add to the class (after its `game = GAME`). A
command line ending in `# exit N` must exit with N, every other with 0. `pip install -e` is done
as an editable install does it (the project folder importable as its package, its entry point
registered) in a folder of its own, so that paxc's own environment is left alone.

What it costs: about a minute on the shared development machine (some twenty paxc commands, a
type check and the project's tests).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

GUIDE = REPO / "runtime" / "docs" / "own-game.md"
PAXC = Path(sys.executable).with_name("paxc")
_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


@dataclass
class Block:
    kind: str  # sh, text, pax, paxtest, python
    text: str


def blocks() -> list[Block]:
    return [Block(kind, text) for kind, text in _BLOCK.findall(GUIDE.read_text(encoding="utf-8"))]


class Follower:
    """Someone following the guide in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.cwd = folder
        self.site = folder / "site"
        self.site.mkdir()
        self.said = ""  # what the last command printed

    def run(self, line: str) -> None:
        expected = 0
        if "# exit " in line:
            line, _, status = line.partition("# exit ")
            expected = int(status)
        words = shlex.split(line)
        if words[0] == "cd":
            self.cwd = self.cwd / words[1]
            return
        if words[:3] == ["pip", "install", "-e"]:
            self.install()
            return
        if words[0] == "paxc":
            command = [str(PAXC), *words[1:]]
        elif words[0] == "pytest":
            command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *words[1:]]
        else:
            raise AssertionError(f"the guide runs a command this test does not know: {line}")
        env = {**os.environ, "PYTHONPATH": str(self.site)}
        done = subprocess.run(command, cwd=self.cwd, env=env, capture_output=True, text=True, check=False)
        self.said = done.stdout + done.stderr
        assert done.returncode == expected, f"{line}: exit {done.returncode}\n{self.said}"

    def install(self) -> None:
        game = self.cwd.name
        (self.site / game).symlink_to(self.cwd, target_is_directory=True)
        info = self.site / f"{game}-0.1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {game}\nVersion: 0.1.0\n")
        (info / "entry_points.txt").write_text(f"[paxc.games]\n{game} = {game}.rules.plugin:GAME\n")

    def sample(self, block: Block) -> None:
        first, _, body = block.text.partition("\n")
        found = re.fullmatch(r"# (\S+)(?:, (at its end|in the vocabulary|in class (\w+)))?", first)
        assert found, f"a {block.kind} sample names no file on its first line: {first}"
        path = self.cwd / found[1]
        text = path.read_text(encoding="utf-8")
        where = found[2]
        if where is None:
            assert body in text, f"{found[1]} does not hold the guide's excerpt:\n{body}"
            return
        if where == "at its end":
            text = text.rstrip("\n") + "\n\n" + body
        elif where == "in the vocabulary":
            closing = text.rstrip().rindex("}")
            text = text[:closing] + "\n" + body + text[closing:]
        else:
            anchor = f"class {found[3]}("
            start = text.index(anchor)
            at = text.index("    game = GAME\n", start) + len("    game = GAME\n")
            text = text[:at] + "\n" + body + text[at:]
        path.write_text(text, encoding="utf-8")


def test_the_guide_works_as_written(tmp_path: Path) -> None:
    follower = Follower(tmp_path)
    samples = outputs = commands = 0
    for block in blocks():
        if block.kind == "sh":
            for line in filter(None, (line.strip() for line in block.text.splitlines())):
                follower.run(line)
                commands += 1
        elif block.kind == "text":
            for line in filter(None, (line.strip() for line in block.text.splitlines())):
                assert line in follower.said, (
                    f"the guide shows {line!r}; the command printed:\n{follower.said}"
                )
            outputs += 1
        else:
            follower.sample(block)
            samples += 1
    assert (commands, samples, outputs) == (12, 6, 6)  # every block was followed
    assert "10 passed" in follower.said  # the project's tests: 4 in Python, 6 scenarios
