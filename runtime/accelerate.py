"""An optional compiled runtime: mypyc (part of mypy) turns the typed runtime modules and the
generated cards into C extensions, which play the same games about twice as fast.

The compiled copy lives in `.paxc-fast/` beside the project, never in the source tree: the pure
Python runtime stays the default, and the one the tests run. A command runs on the compiled copy
when that copy comes first on PYTHONPATH (see `environment`); results are the same, seed for
seed (tests/runtime/test_accelerate.py checks it).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

# The runtime modules worth compiling: the game loop and its rules. `runtime/effects.py` stays
# Python (mypyc makes no native generic dataclass, such as its `Modifier`), as do the commands;
# its decisions and `ask`, made and asked at every decision, are `runtime/choice.py`, compiled.
# Every module of `generated/` is compiled too (`generated_modules`).
COMPILED_MODULES = (
    "runtime/choice.py",
    "runtime/core/rng.py",
    # Asked at every question outside a listing (Pax Pamir's card contexts); its error stays
    # Python in `core/not_given.py` (mypyc makes no native class below RuntimeError).
    "runtime/core/seam.py",
    # Called at every event told (whether a watcher wants it) and every story line (whether
    # anybody listens): compiled, a call from the rules runs no interpreter frame.
    "runtime/core/watch.py",
    "runtime/core/narration.py",
    "runtime/core/session.py",
    "runtime/core/abilities.py",
    "runtime/core/lasting.py",
    "runtime/core/memory.py",
    "runtime/core/agents.py",
    "runtime/pamir/game_rules.py",
    "runtime/pamir/bribes.py",
    "runtime/pamir/state.py",
    "runtime/pamir/hooks.py",
    "runtime/pamir/pieces.py",
    "runtime/pamir/market.py",
    "runtime/pamir/card_actions.py",
    "runtime/pamir/rules.py",
    "runtime/pamir/context.py",
    "runtime/pamir/scoring.py",
    "runtime/pamir/options.py",
    *(
        f"runtime/porfiriana/{module}.py"
        for module in (
            "state",
            "hooks",
            "context",
            "economy",
            "prestige",
            "unrest",
            "losses",
            "troops",
            "strife",
            "regimes",
            "market",
            "cards_played",
            "hand",
            "attacks",
            "actions",
            "topple",
            "solitaire",
            "rules",
            "game_rules",
            "setup",
            "invariants",
        )
    ),
)
FOLDER = ".paxc-fast"
FINGERPRINT = "SOURCES.sha256"


def generated_modules(root: Path) -> list[str]:
    """The generated cards and vocabularies, compiled with the runtime in one group: the rules
    ask the cards' modifiers at every listing (a price of each market card, whether a point
    takes a cube), and compiled, a modifier reads its event's fields as a C struct's and the
    rules call it without an interpreter frame. Found afresh at each build: the modules follow
    the card files."""
    return sorted(path.relative_to(root).as_posix() for path in (root / "generated").rglob("*.py"))


def build_folder(root: Path) -> Path:
    return root / FOLDER


# Where the compiled copy keeps the packages: `paxc/runtime`, `paxc/generated` (their import names;
# `paxc` is a namespace package, so the rest of paxc still comes from where it is installed).
NAMESPACE = "paxc"


def fingerprint(root: Path) -> str:
    """A hash of the runtime and generated sources the compiled copy is made from."""
    digest = hashlib.sha256()
    for package in ("runtime", "generated"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build(root: Path, folder: Path | None = None) -> Path:
    """Copy the runtime and generated code into the build folder and compile them there."""
    target = folder or build_folder(root)
    shutil.rmtree(target, ignore_errors=True)
    (target / NAMESPACE).mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    for package in ("runtime", "generated"):
        shutil.copytree(root / package, target / NAMESPACE / package, ignore=ignore)
    # The games find their card files beside the runtime (`runtime/pamir/game.py`): linked, the
    # copy's games are those of the project's cards, which a command checks its generated code
    # against before it plays (without them it refused, as for cards edited where installed).
    if (root / "cards").is_dir():
        (target / NAMESPACE / "cards").symlink_to((root / "cards").resolve(), target_is_directory=True)
    # The namespace has no __init__.py: explicit package bases make mypyc name the modules
    # `paxc.runtime...` from their place below the build folder.
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mypyc",
            "--explicit-package-bases",
            *(f"{NAMESPACE}/{module}" for module in (*COMPILED_MODULES, *generated_modules(root))),
        ],
        cwd=target,
        env={**os.environ, "MYPYPATH": str(target)},
        check=True,
        capture_output=True,
        text=True,
    )
    shutil.rmtree(target / "build", ignore_errors=True)
    (target / FINGERPRINT).write_text(fingerprint(root), encoding="utf-8")
    return target


def is_built(root: Path) -> bool:
    rules = build_folder(root) / NAMESPACE / "runtime" / "pamir"
    return any(rules.glob("rules.*.so"))


def is_current(root: Path) -> bool:
    """Whether the compiled copy was made from the sources as they are now."""
    stamp = build_folder(root) / FINGERPRINT
    return stamp.is_file() and stamp.read_text(encoding="utf-8") == fingerprint(root)


def environment(folder: Path) -> dict[str, str]:
    """The environment for a process that runs on the compiled copy."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def running_compiled() -> bool:
    """Whether this process runs the compiled rules."""
    from paxc.runtime.pamir import rules

    return any(rules.__file__.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
