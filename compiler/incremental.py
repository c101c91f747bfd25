"""Incremental builds: a card file whose text, game vocabulary and compiler are unchanged since
the last build is not parsed, checked or generated again; its module comes from a cache.

The cache (`.paxc-cache/` beside cards/, never committed) holds JSON only: for each card file the
generated module and the card numbers it defines, under a key that hashes everything the output
depends on (the compiler's own files, the vocabulary's text, the file's path and text). Whenever
the cache cannot answer with certainty (a vocabulary changed, two files define the same number,
module names collide, any error) the build falls back to the full one, which reports as usual.
The full build and the incremental one give the same bytes (tests/compiler/test_incremental.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import codegen
from paxc.compiler.diagnostics import Reporter
from paxc.compiler.project import CompileResult, PhaseTimes, collect_files, compile_paths, display_path

CACHE_FOLDER = ".paxc-cache"
_GAME_LINE = re.compile(r"^\s*game\s+([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
_VOCABULARY_LINE = re.compile(r"^\s*vocabulary\s+([A-Za-z_][A-Za-z0-9_]*)\b", re.MULTILINE)
_COMPILER = Path(__file__).resolve().parent


@functools.cache
def toolchain() -> str:
    """A hash of everything in the compiler that shapes its output."""
    digest = hashlib.sha256()
    files = sorted(
        [
            *_COMPILER.glob("*.py"),
            *(_COMPILER / "templates").glob("*.jinja"),
            _COMPILER.parent / "grammar" / "pax.lark",
        ]
    )
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _key(*parts: str) -> str:
    digest = hashlib.sha256(toolchain().encode())
    for part in parts:
        digest.update(b"\0" + part.encode("utf-8"))
    return digest.hexdigest()


@dataclass
class BuildOutput:
    """What a build produces: the files of generated/, the diagnostics, and what to report."""

    files: dict[str, str]
    result: CompileResult
    cards: int
    games: int
    cached_files: int


@dataclass
class _ModuleEntry:
    """What the cache keeps of one card file."""

    module: str
    text: str | None  # None: the file defines no card, so no module
    numbers: list[int]


@dataclass
class _VocabularyEntry:
    text: str
    title: str


@dataclass
class _CardFile:
    path: Path
    shown: str
    text: str
    game: str


def build_files(root: Path, package: str, *, use_cache: bool = True) -> BuildOutput:
    """Every file of generated/ (imported as `package`), from the cache where it can; the result
    carries the diagnostics."""
    cache = root / CACHE_FOLDER
    times = PhaseTimes()
    started = time.perf_counter()
    plan = _plan(root) if use_cache else None
    if plan is None:
        return _full(root, package)
    vocab_texts, card_files = plan
    keys = {f.shown: _key("card", package, f.shown, vocab_texts[f.game], f.text) for f in card_files}
    cached = {shown: _read_module(cache, key) for shown, key in keys.items()}
    missing = [f for f in card_files if cached[f.shown] is None]
    vocab_keys = {game: _key("vocabulary", game, text) for game, text in vocab_texts.items()}
    vocab_cached = {game: _read_vocabulary(cache, key) for game, key in vocab_keys.items()}
    if missing or any(entry is None for entry in vocab_cached.values()):
        games_to_compile = {f.game for f in missing} | {g for g, e in vocab_cached.items() if e is None}
        vocab_paths = [root / "cards" / game / "game.pax" for game in sorted(games_to_compile)]
        result = compile_paths([*vocab_paths, *(f.path for f in missing)], root)
        times.seconds.update(result.times.seconds)
        started = time.perf_counter()
        if not result.ok:
            return _full(root, package)
        for card_file in missing:
            game = result.games[card_file.game]
            file_ir = next(f for f in game.files if f.path == card_file.shown)
            entry = _ModuleEntry(
                codegen.card_module_name(card_file.game, card_file.shown),
                codegen.card_module(game, file_ir, package=package) if file_ir.cards else None,
                [c.number for c in file_ir.cards],
            )
            _write(cache, keys[card_file.shown], vars(entry))
            cached[card_file.shown] = entry
        for name in games_to_compile:
            game = result.games[name]
            vocab_entry = _VocabularyEntry(
                codegen.vocabulary_module(game.vocabulary, game.vocabulary_sha256), game.vocabulary.title
            )
            _write(cache, vocab_keys[name], vars(vocab_entry))
            vocab_cached[name] = vocab_entry
    else:
        result = CompileResult({}, {}, [], times)
        started = times.add("cache", started)
    files = _assemble(vocab_cached, card_files, cached, package)
    if files is None:
        return _full(root, package)
    times.add("generate", started)
    result.times = times
    cards = sum(len(entry.numbers) for entry in cached.values() if entry is not None)
    return BuildOutput(files, result, cards, len(vocab_texts), len(card_files) - len(missing))


def _assemble(
    vocab_cached: dict[str, _VocabularyEntry | None],
    card_files: list[_CardFile],
    cached: dict[str, _ModuleEntry | None],
    package: str,
) -> dict[str, str] | None:
    """The files of generated/ from cache entries; None when the cache cannot be sure (the same
    card number in two files, or two files flattening to one module name)."""
    files = {"__init__.py": codegen.root_package_init(), "py.typed": ""}
    for game in sorted(vocab_cached):
        vocab_entry = vocab_cached[game]
        assert vocab_entry is not None
        files[f"{game}/vocabulary.py"] = vocab_entry.text
        numbers: set[int] = set()
        modules: list[str] = []
        for card_file in (f for f in card_files if f.game == game):
            entry = cached[card_file.shown]
            assert entry is not None
            if numbers & set(entry.numbers):
                return None
            numbers |= set(entry.numbers)
            if entry.text is None:
                continue
            if entry.module in modules:
                return None
            modules.append(entry.module)
            files[f"{game}/{entry.module}.py"] = entry.text
        files[f"{game}/__init__.py"] = codegen.package_init(game, vocab_entry.title, modules, package=package)
    return files


def _plan(root: Path) -> tuple[dict[str, str], list[_CardFile]] | None:
    """The vocabularies and card files of cards/, each file's game read from its `game` line;
    None when a file does not say plainly which game it belongs to."""
    reporter = Reporter()
    vocab_texts: dict[str, str] = {}
    card_files: list[_CardFile] = []
    for path in collect_files([root / "cards"], reporter, root):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        shown = display_path(path, root)
        vocabularies = _VOCABULARY_LINE.findall(text)
        games = _GAME_LINE.findall(text)
        if vocabularies and not games and path.name == "game.pax" and vocabularies == [path.parent.name]:
            vocab_texts[vocabularies[0]] = text
        elif len(games) == 1 and not vocabularies:
            card_files.append(_CardFile(path, shown, text, games[0]))
        else:
            return None
    if reporter.count or any(f.game not in vocab_texts for f in card_files):
        return None
    return vocab_texts, card_files


def _full(root: Path, package: str) -> BuildOutput:
    from paxc.compiler import build

    result = compile_paths([root / "cards"], root)
    started = time.perf_counter()
    files = build.generate(result.games, package) if result.ok else {}
    result.times.add("generate", started)
    cards = sum(len(g.cards()) for g in result.games.values())
    return BuildOutput(files, result, cards, len(result.games), 0)


def _read(cache: Path, key: str) -> dict[str, object] | None:
    try:
        data = json.loads((cache / key[:2] / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _read_module(cache: Path, key: str) -> _ModuleEntry | None:
    """A card file's entry; None when absent or not as written (then it is compiled again)."""
    data = _read(cache, key)
    if data is None:
        return None
    module, text, numbers = data.get("module"), data.get("text"), data.get("numbers")
    if (
        isinstance(module, str)
        and (text is None or isinstance(text, str))
        and isinstance(numbers, list)
        and all(isinstance(n, int) for n in numbers)
    ):
        return _ModuleEntry(module, text, numbers)
    return None


def _read_vocabulary(cache: Path, key: str) -> _VocabularyEntry | None:
    data = _read(cache, key)
    if data is None:
        return None
    text, title = data.get("text"), data.get("title")
    return _VocabularyEntry(text, title) if isinstance(text, str) and isinstance(title, str) else None


def _write(cache: Path, key: str, entry: dict[str, object]) -> None:
    folder = cache / key[:2]
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f"{key}.tmp"
    temporary.write_text(json.dumps(entry), encoding="utf-8")
    temporary.replace(folder / f"{key}.json")
