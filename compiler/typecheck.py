"""`paxc typecheck`: mypy --strict over a project's rules and its generated cards, so that the
rules are checked against the generated `<Game>Effects` protocol the cards are written against.

A project made by `paxc init` maps its folders onto one package (`rules/` is `<game>.rules`,
`generated/` is `<game>.generated`: the `package-dir` of its pyproject.toml), which an editable
install serves through an import hook, and mypy runs no import hook; an editable install of paxc
maps `paxc.runtime` and the rest the same way. So mypy reads the code through a view instead:
`build/typecheck/`, a folder of links named as the packages (`build/typecheck/<game>/rules` to
`rules/`, `build/typecheck/paxc/runtime` to wherever paxc's runtime is), made again at each run.
The project's pyproject.toml names that view as mypy's path (`[tool.mypy] mypy_path`), so a plain
`mypy` in the project reads the same once `paxc typecheck` has made it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

VIEW = Path("build") / "typecheck"
# paxc's packages a game's rules and tests may import, linked into the view from wherever paxc is
# installed (an editable install included).
PAXC_PACKAGES = ("paxc.compiler", "paxc.runtime", "paxc.generated")


class TypecheckError(Exception):
    """The project cannot be type-checked as it is; the message says why."""


def mapped_packages(root: Path) -> dict[str, Path]:
    """The project's packages by import name, each with its folder: `[tool.setuptools.package-dir]`
    of its pyproject.toml (`"mygame.rules" = "rules"`)."""
    config = root / "pyproject.toml"
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise TypecheckError(
            f"no pyproject.toml in {root}: paxc typecheck checks a project paxc init made"
        ) from error
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise TypecheckError(f"cannot read {config}: {error}") from error
    mapping = data.get("tool", {}).get("setuptools", {}).get("package-dir", {})
    if not isinstance(mapping, dict) or not mapping:
        raise TypecheckError(f"{config} maps no folders onto packages ([tool.setuptools.package-dir])")
    return {str(name): (root / str(folder)).resolve() for name, folder in mapping.items()}


def _link(view: Path, name: str, target: Path) -> None:
    link = view.joinpath(*name.split("."))
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_symlink() and link.resolve() == target:
        return
    if link.is_symlink() or link.is_file():
        link.unlink()
    link.symlink_to(target, target_is_directory=True)


def make_view(root: Path) -> tuple[Path, list[str]]:
    """The view mypy reads (see the module's docstring), and the project's packages of Python code
    to check (its mapped folders holding any `.py`: rules and generated, not cards)."""
    packages = mapped_packages(root)
    view = root / VIEW
    for name, folder in packages.items():
        _link(view, name, folder)
    for name in PAXC_PACKAGES:
        if name.split(".")[0] in {n.split(".")[0] for n in packages}:
            continue  # paxc's own repository: its folders are the project's
        spec = importlib.util.find_spec(name)
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        if locations:
            _link(view, name, Path(locations[0]).resolve())
    for top in {name.split(".")[0] for name in (*packages, *PAXC_PACKAGES)}:
        # Each top-level package a regular one to mypy, so that the view wins over a copy of the
        # game installed elsewhere (mypy takes a typed installed package before a namespace one).
        marker = view / top / "__init__.py"
        if marker.parent.is_dir() and not marker.is_file():
            marker.write_text("", encoding="utf-8")
    checked = [name for name, folder in packages.items() if any(folder.rglob("*.py"))]
    return view, sorted(checked)


def run(root: Path, arguments: list[str]) -> int:
    """mypy --strict over the project's packages through the view; mypy's exit status."""
    if importlib.util.find_spec("mypy") is None:
        raise TypecheckError("mypy is not installed here: pip install -e '.[dev]' in the project installs it")
    view, packages = make_view(root)
    command = [sys.executable, "-m", "mypy", "--strict"]
    for package in packages:
        command += ["-p", package]
    environment = {
        **os.environ,
        "MYPYPATH": os.pathsep.join(filter(None, [str(view), os.environ.get("MYPYPATH")])),
    }
    done = subprocess.run(
        [*command, *arguments], cwd=root, env=environment, capture_output=True, text=True, check=False
    )
    sys.stdout.write(in_project(done.stdout, root))
    sys.stderr.write(in_project(done.stderr, root))
    return done.returncode


def in_project(report: str, root: Path) -> str:
    """mypy's report with each file named where the designer edits it (`rules/game.py:12`), not
    through the view (`build/typecheck/mygame/rules/game.py:12`)."""
    for name, folder in mapped_packages(root).items():
        through = (VIEW / Path(*name.split("."))).as_posix() + "/"
        where = folder.relative_to(root.resolve()) if folder.is_relative_to(root.resolve()) else folder
        report = report.replace(through, where.as_posix() + "/")
    return report
