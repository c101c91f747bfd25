"""New cards in a fixture file, compiled with their game's vocabulary and imported as a module:
how the new-card tests of both games put cards written in the card language alone on the table."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from tests.conftest import REPO


def compile_card_file(fixture: Path, game: str, scratch: Path) -> ModuleType:
    """The module the build would generate for `fixture` (a card file of `game`), imported."""
    result = compile_paths([fixture], REPO)
    assert result.ok, result.render_diagnostics()
    (file,) = result.games[game].files
    path = scratch / f"new_{game}_cards.py"
    path.write_text(codegen.card_module(result.games[game], file, package="paxc.generated"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"new_{game}_cards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
