"""Incremental builds: a card file whose text, game vocabulary and compiler are unchanged since
the last build is not parsed, checked or generated again; its module comes from a cache.

The cache (`.paxc-cache/` beside cards/, never committed) holds JSON only: for each card file the
generated module and the card numbers it defines, under a key that hashes everything the output
depends on (the compiler's own files, the vocabulary's text, the file's path and text). Whenever
the cache cannot answer with certainty (a vocabulary changed, two files define the same number,
module names collide, modifiers of two files conflict, any error) the build falls back to the full
one, which reports as usual.
The full build and the incremental one give the same bytes (tests/compiler/test_incremental.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import codegen, freshness, pynames, stacking
from paxc.compiler.diagnostics import Reporter
from paxc.compiler.freshness import toolchain
from paxc.compiler.project import CompileResult, PhaseTimes, collect_files, compile_paths, display_path
from paxc.runtime.core.files import read_regular_file

_GAME_LINE = re.compile(r"^\s*game\s+([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
CACHE_FOLDER = freshness.CACHE_FOLDER
_VOCABULARY_LINE = re.compile(r"^\s*vocabulary\s+([A-Za-z_][A-Za-z0-9_]*)\b", re.MULTILINE)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _key(claims: dict[str, str]) -> str:
    """An entry's key: the hash of what the entry claims to stand for, so an entry can prove it."""
    return hashlib.sha256(_canonical(claims)).hexdigest()


def _card_claims(package: str, card_file: _CardFile, vocabulary_text: str) -> dict[str, str]:
    return {
        "kind": "card",
        "toolchain": toolchain(),
        "package": package,
        "game": card_file.game,
        "path": card_file.shown,
        "vocabulary_sha256": _sha256(vocabulary_text),
        "source_sha256": _sha256(card_file.text),
    }


def _vocabulary_claims(package: str, game: str, text: str) -> dict[str, str]:
    return {
        "kind": "vocabulary",
        "toolchain": toolchain(),
        "package": package,
        "game": game,
        "path": f"cards/{game}/game.pax",
        "vocabulary_sha256": _sha256(text),
    }


@dataclass
class BuildOutput:
    """What a build produces: the files of generated/, the diagnostics, and what to report."""

    files: dict[str, str]
    result: CompileResult
    cards: int
    games: int
    cached_files: int
    warning: str | None = None  # one line about a damaged or unwritable cache


@dataclass
class _ModuleEntry:
    """What the cache keeps of one card file."""

    module: str
    text: str | None  # None: the file defines no card, so no module
    numbers: list[int]
    stacked: list[dict[str, object]]  # its modifiers, for the conflict check (stacking.Stacked.plain)


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
    cache = _Cache(root / CACHE_FOLDER)
    times = PhaseTimes()
    started = time.perf_counter()
    plan = _plan(root) if use_cache else None
    if plan is None:
        return _full(root, package)
    vocab_texts, card_files = plan
    claims = {f.shown: _card_claims(package, f, vocab_texts[f.game]) for f in card_files}
    cached = {shown: cache.read_module(claim) for shown, claim in claims.items()}
    missing = [f for f in card_files if cached[f.shown] is None]
    vocab_claims = {game: _vocabulary_claims(package, game, text) for game, text in vocab_texts.items()}
    vocab_cached = {game: cache.read_vocabulary(claim) for game, claim in vocab_claims.items()}
    if missing or any(entry is None for entry in vocab_cached.values()):
        games_to_compile = {f.game for f in missing} | {g for g, e in vocab_cached.items() if e is None}
        vocab_paths = [root / "cards" / game / "game.pax" for game in sorted(games_to_compile)]
        result = compile_paths([*vocab_paths, *(f.path for f in missing)], root)
        times.seconds.update(result.times.seconds)
        started = time.perf_counter()
        if not result.ok:
            return _full(root, package, cache.warning())
        for card_file in missing:
            game = result.games[card_file.game]
            file_ir = next(f for f in game.files if f.path == card_file.shown)
            entry = _ModuleEntry(
                pynames.card_module_name(card_file.game, card_file.shown),
                codegen.card_module(game, file_ir, package=package) if file_ir.cards else None,
                [c.number for c in file_ir.cards],
                [m.plain() for m in result.stacked.get(card_file.shown, [])],
            )
            cache.write(claims[card_file.shown], vars(entry))
            cached[card_file.shown] = entry
        for name in games_to_compile:
            game = result.games[name]
            vocab_entry = _VocabularyEntry(
                codegen.vocabulary_module(game.vocabulary, game.vocabulary_sha256), game.vocabulary.title
            )
            cache.write(vocab_claims[name], vars(vocab_entry))
            vocab_cached[name] = vocab_entry
    else:
        result = CompileResult({}, {}, [], times)
        started = times.add("cache", started)
    files = _assemble(vocab_cached, vocab_texts, card_files, cached, package)
    if files is None:
        return _full(root, package, cache.warning())
    times.add("generate", started)
    result.times = times
    cards = sum(len(entry.numbers) for entry in cached.values() if entry is not None)
    return BuildOutput(
        files, result, cards, len(vocab_texts), len(card_files) - len(missing), cache.warning()
    )


def _assemble(
    vocab_cached: dict[str, _VocabularyEntry | None],
    vocab_texts: dict[str, str],
    card_files: list[_CardFile],
    cached: dict[str, _ModuleEntry | None],
    package: str,
) -> dict[str, str] | None:
    """The files of generated/ from cache entries; None when the cache cannot be sure (the same
    card number in two files, two files flattening to one module name, or conflicting modifiers:
    the full build reports them)."""
    files = {"__init__.py": codegen.root_package_init(), "py.typed": ""}
    for game in sorted(vocab_cached):
        vocab_entry = vocab_cached[game]
        assert vocab_entry is not None
        files[f"{game}/vocabulary.py"] = vocab_entry.text
        numbers: set[int] = set()
        modules: list[str] = []
        modifiers: list[stacking.Stacked] = []
        sources = {f"cards/{game}/game.pax": _sha256(vocab_texts[game])}
        for card_file in (f for f in card_files if f.game == game):
            sources[card_file.shown] = _sha256(card_file.text)
            entry = cached[card_file.shown]
            assert entry is not None
            if numbers & set(entry.numbers):
                return None
            for plain in entry.stacked:
                modifier = stacking.Stacked.from_plain(plain)
                if modifier is None:
                    return None
                modifiers.append(modifier)
            numbers |= set(entry.numbers)
            if entry.text is None:
                continue
            if entry.module in modules:
                return None
            modules.append(entry.module)
            files[f"{game}/{entry.module}.py"] = entry.text
        if stacking.conflicts(modifiers):
            return None
        files[f"{game}/__init__.py"] = codegen.package_init(
            game, vocab_entry.title, modules, sources, package=package
        )
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


def _full(root: Path, package: str, warning: str | None = None) -> BuildOutput:
    result = compile_paths([root / "cards"], root)
    started = time.perf_counter()
    files = codegen.generate(result.games, package) if result.ok else {}
    result.times.add("generate", started)
    cards = sum(len(g.cards()) for g in result.games.values())
    return BuildOutput(files, result, cards, len(result.games), 0, warning)


# An entry is one card file's module: far below this. Anything larger is not an entry.
_MAX_ENTRY_BYTES = 16 * 1024 * 1024


class _Cache:
    """The cache folder. An entry is trusted only once it proves what it is: it holds the claims
    its key was computed from (toolchain, package, game, path, vocabulary and source hashes) and a
    checksum of its payload; the claims must hash to the key it is filed under and equal what the
    build now needs, and the payload must match its checksum and types. Anything else (another
    file's entry, an edited one, garbage, a folder, a pipe) is treated as absent and rebuilt. The
    cache never makes a build fail: when it cannot be written, the build goes on without it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rejected = 0
        self.write_error: str | None = None

    def warning(self) -> str | None:
        """At most one line saying what went wrong with the cache, if anything did."""
        if self.write_error is not None:
            return f"{CACHE_FOLDER}/ cannot be written ({self.write_error}); building without it"
        if self.rejected:
            entries = "entry" if self.rejected == 1 else "entries"
            return f"{self.rejected} damaged {entries} in {CACHE_FOLDER}/ ignored and rebuilt"
        return None

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def _payload(self, claims: dict[str, str]) -> dict[str, object] | None:
        key = _key(claims)
        path = self._path(key)
        try:
            raw = read_regular_file(path, _MAX_ENTRY_BYTES)
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            self.rejected += 1
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            if (
                isinstance(data, dict)
                and set(data) == {"claims", "payload", "checksum"}
                and isinstance(data["claims"], dict)
                and data["claims"] == claims
                and _key(data["claims"]) == key
                and isinstance(data["payload"], dict)
                and data["checksum"] == hashlib.sha256(_canonical(data["payload"])).hexdigest()
            ):
                payload: dict[str, object] = data["payload"]
                return payload
        except (ValueError, TypeError, RecursionError):
            pass  # not JSON, or JSON too deep to handle: damaged like any other
        self.rejected += 1
        return None

    def read_module(self, claims: dict[str, str]) -> _ModuleEntry | None:
        """A card file's entry; None when absent or not proven (then the file is compiled again)."""
        payload = self._payload(claims)
        if payload is None:
            return None
        module, text, numbers = payload.get("module"), payload.get("text"), payload.get("numbers")
        stacked = payload.get("stacked")
        if (
            set(payload) == {"module", "text", "numbers", "stacked"}
            and module == pynames.card_module_name(claims["game"], claims["path"])
            and (text is None or isinstance(text, str))
            and isinstance(numbers, list)
            and all(type(n) is int for n in numbers)
            and isinstance(stacked, list)
            and all(stacking.Stacked.from_plain(m) is not None for m in stacked)
        ):
            return _ModuleEntry(module, text, numbers, stacked)
        self.rejected += 1
        return None

    def read_vocabulary(self, claims: dict[str, str]) -> _VocabularyEntry | None:
        payload = self._payload(claims)
        if payload is None:
            return None
        text, title = payload.get("text"), payload.get("title")
        if set(payload) == {"text", "title"} and isinstance(text, str) and isinstance(title, str):
            return _VocabularyEntry(text, title)
        self.rejected += 1
        return None

    def write(self, claims: dict[str, str], payload: dict[str, object]) -> None:
        """File an entry under its key; once a write has failed, the cache is left alone."""
        if self.write_error is not None:
            return
        entry = {
            "claims": claims,
            "payload": payload,
            "checksum": hashlib.sha256(_canonical(payload)).hexdigest(),
        }
        target = self._path(_key(claims))
        temporary: Path | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)  # a folder where an entry belongs: damage, replaced
            handle, name = tempfile.mkstemp(prefix=f"{target.stem}.", suffix=".tmp", dir=target.parent)
            temporary = Path(name)
            with os.fdopen(handle, "wb") as stream:
                stream.write(_canonical(entry))
            os.chmod(temporary, 0o644)
            temporary.replace(target)
        except OSError as error:
            self.write_error = error.strerror or type(error).__name__
            if temporary is not None:
                temporary.unlink(missing_ok=True)
