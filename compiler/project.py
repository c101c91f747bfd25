"""The front end as a whole: find card files, parse them, read vocabularies, check every card.

`compile_paths` is what `paxc check`, `build`, `render` and `list` share. It never raises for
bad input: every problem comes back as a Diagnostic, sorted by position.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from paxc.compiler import ast, ir, pynames, stacking
from paxc.compiler.checker import GameChecker
from paxc.compiler.diagnostics import Code, Diagnostic, Reporter
from paxc.compiler.folders import CARD_SUFFIX, VOCABULARY_FILE, find_root, game_folder, is_file
from paxc.compiler.parser import parse
from paxc.compiler.source import SourceFile, Span
from paxc.compiler.vocabulary import Vocabulary, build_vocabulary


@dataclass
class PhaseTimes:
    """Seconds spent in each phase, for `--stats`."""

    seconds: dict[str, float] = field(default_factory=dict)

    def add(self, phase: str, since: float) -> float:
        now = time.perf_counter()
        self.seconds[phase] = self.seconds.get(phase, 0.0) + now - since
        return now


@dataclass
class CompileResult:
    sources: dict[str, SourceFile]
    games: dict[str, ir.GameIR]
    diagnostics: list[Diagnostic]
    times: PhaseTimes
    # The modifiers of each file checked (by its shown path), for the build cache's conflict check.
    stacked: dict[str, list[stacking.Stacked]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def render_diagnostics(self) -> str:
        return "\n".join(d.render(self.sources) for d in self.diagnostics)


def display_path(path: Path, root: Path) -> str:
    """How a file is named in messages and generated comments: relative to the root, with '/'."""
    try:
        where = path.resolve()
    except (OSError, RuntimeError):  # a name too long, links that loop: named as given
        where = path.absolute()
    try:
        return where.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def collect_files(
    paths: Sequence[Path], reporter: Reporter, root: Path, texts: Mapping[Path, str] | None = None
) -> list[Path]:
    """Every .pax file named or below a named folder, sorted, each once. A path that cannot be
    read (a name too long, a link that loops or leads nowhere) is an error of its own; one of
    `texts` (see compile_paths) is a file even when it is not on disk yet."""
    found: set[Path] = set()
    for path in paths:
        shown = display_path(path, root)
        try:
            if texts and path.absolute() in texts:
                found.add(path.absolute())
            elif path.is_dir():
                inside = _files_below(path, reporter, root)
                if not inside:
                    reporter.error(
                        Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"no {CARD_SUFFIX} files in {shown}"
                    )
                found.update(inside)
            elif path.is_file():
                found.add(path.resolve())
            elif path.is_symlink():
                reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read {shown}: {_BAD_LINK}")
            else:
                reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"no such file or folder: {shown}")
        except (OSError, RuntimeError) as error:
            reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read {shown}: {_reason(error)}")
    return sorted(found, key=lambda p: display_path(p, root))


_BAD_LINK = "a symbolic link that loops or leads nowhere"


def _files_below(folder: Path, reporter: Reporter, root: Path) -> set[Path]:
    """The card files below `folder`, through links; a broken or looping link to one is an error."""
    inside: set[Path] = set()
    for path in folder.rglob(f"*{CARD_SUFFIX}"):
        if path.is_file():
            inside.add(path.resolve())
        elif path.is_symlink() and not path.exists():
            shown = display_path(path, root)
            reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read {shown}: {_BAD_LINK}")
    return inside


def _reason(error: OSError | RuntimeError) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return _BAD_LINK  # pathlib's RuntimeError: "Symlink loop from ..."


def compile_paths(
    paths: Sequence[Path],
    root: Path | None = None,
    whole_games: bool = False,
    texts: Mapping[Path, str] | None = None,
) -> CompileResult:
    """Check the cards in `paths` (files or folders); vocabularies come from `<root>/cards/<game>/`.

    With `whole_games`, the other card files of each game named (`<root>/cards/<game>/`) are
    checked first, so that a card number used in one of them is reported where `paths` reuse
    it; only the errors, cards and files of `paths` are reported and returned.

    `texts`: the text of some files (by absolute path, as `Path.absolute()` names them) to read
    instead of what is on disk, for an editor's unsaved documents (`paxc lsp`).
    """
    texts = {path.absolute(): text for path, text in (texts or {}).items()}
    times = PhaseTimes()
    started = time.perf_counter()
    root = (root or find_root(Path.cwd())).resolve()
    reporter = Reporter()
    sources: dict[str, SourceFile] = {}
    parsed: list[ast.File] = []
    failed: set[str] = set()  # the files given that could not be read or parsed
    for path in collect_files(paths, reporter, root, texts):
        shown = display_path(path, root)
        source = _read_source(path, shown, reporter, sources, texts)
        if source is None:
            failed.add(shown)
            continue
        parsed_file, syntax_errors = parse(source)
        reporter.extend(syntax_errors)
        parsed.append(parsed_file)
        if syntax_errors:
            failed.add(shown)
    others = _rest_of_games(parsed, root, set(sources), texts) if whole_games else []
    started = times.add("parse", started)

    vocab_files, unreadable_games = _vocabulary_files(parsed, root, sources, failed, reporter, texts)
    vocabularies: dict[str, Vocabulary] = {}
    vocab_hashes: dict[str, str] = {}
    # A game's own cards/<game>/game.pax first: any other declaration of the game is the second.
    declarations = sorted(
        ((file, decl) for file in vocab_files for decl in file.vocabularies),
        key=lambda pair: pair[0].path != own_vocabulary(root, pair[1].name.text),
    )
    for file, decl in declarations:
        if decl.name.text in vocabularies:
            reporter.error(
                decl.name.span,
                Code.DUPLICATE_NAME,
                f"game '{decl.name.text}' is declared twice",
                f"first declared in {vocabularies[decl.name.text].path}",
            )
            continue
        errors_before = reporter.count
        vocabularies[decl.name.text] = build_vocabulary(decl, file.path, reporter)
        vocab_hashes[decl.name.text] = _sha256(sources[file.path].text)
        if reporter.count > errors_before:
            unreadable_games.add(decl.name.text)  # its cards would only echo the vocabulary's errors
    started = times.add("vocabulary", started)

    checkers = {name: GameChecker(vocab, reporter) for name, vocab in vocabularies.items()}
    files_by_game: dict[str, list[ir.CardFileIR]] = {name: [] for name in vocabularies}
    known_games = sorted({*vocabularies, *_game_names(root)})
    modules: dict[tuple[str, str], list[ast.File]] = {}  # (game, module) -> the files it would hold
    for file, named in [*((f, False) for f in others), *((f, True) for f in parsed)]:
        game = _game_of(file, vocabularies, unreadable_games, reporter, known_games)
        if game is None:
            continue
        if file.cards:
            modules.setdefault((game, pynames.card_module_name(game, file.path)), []).append(file)
        checker = checkers[game]
        cards = [checker.check_card(card) for card in file.cards]
        if not named:
            continue
        files_by_game[game].append(
            ir.CardFileIR(
                file.path, _sha256(sources[file.path].text), tuple(c for c in cards if c is not None)
            )
        )
    report_module_collisions(modules, reporter)
    shown_others = {file.path for file in others}
    stacked: dict[str, list[stacking.Stacked]] = {}
    for checker in checkers.values():
        report_conflicts(checker.stacked, reporter, shown_others)
        for modifier in checker.stacked:
            stacked.setdefault(modifier.span.path, []).append(modifier)
    times.add("check", started)

    games = {
        name: ir.GameIR(vocabularies[name], vocab_hashes[name], tuple(files))
        for name, files in sorted(files_by_game.items())
        if files or any(f.path == vocabularies[name].path for f in vocab_files)
    }
    diagnostics = [d for d in reporter.diagnostics if d.span.path not in shown_others]
    return CompileResult(sources, games, diagnostics, times, stacked)


def report_module_collisions(modules: dict[tuple[str, str], list[ast.File]], reporter: Reporter) -> None:
    """An error at each card file whose path flattens to the module name of another file of its
    game (`a/c.pax` and `a_c.pax` are both `cards_a_c`), naming the others: one module cannot
    hold both, and a suffix chosen by the build could collide with a third file's name."""
    for (_, module), files in sorted(modules.items()):
        for file in files if len(files) > 1 else []:
            others = " and ".join(other.path for other in files if other is not file)
            reporter.error(
                file.headers[0].span,
                Code.BAD_FILE,
                f"this file and {others} would both compile to the module {module}",
                "rename one of them: a module's name is the file's path below cards/<game>/, "
                "in lowercase, with '_' for '/' and for what is not a letter or digit",
            )


def report_conflicts(modifiers: Sequence[stacking.Stacked], reporter: Reporter, hidden: set[str]) -> None:
    """A `conflicting-modifiers` error for each pair of modifiers of one value whose result would
    depend on the order of play (compiler.stacking), at the later one of a file shown."""
    for earlier, later in stacking.conflicts(modifiers):
        here, there = (earlier, later) if later.span.path in hidden else (later, earlier)
        what = "replacement" if here.stage == "replace" else "scaling"
        reporter.error(
            here.span,
            Code.CONFLICTING_MODIFIERS,
            f"this {what} of '{here.hook}' (card {here.card}) and the one of card {there.card} at "
            f"{there.span} could both act: the result would depend on the order their cards came into play",
            "give them the same value, conditions that cannot both hold (X == A, X == B), "
            "or make one an adjustment ('by N'), a ceiling ('to at most') or a floor ('to at least')",
        )


def _rest_of_games(
    parsed: list[ast.File], root: Path, named: set[str], texts: Mapping[Path, str]
) -> list[ast.File]:
    """The card files of `<root>/cards/<game>/` for each game the parsed files name, but those.

    They are read to be checked alongside (see compile_paths): unreadable ones are left out and
    their syntax errors are not reported.
    """
    others: list[ast.File] = []
    for game in sorted({header.game.text for file in parsed for header in file.headers}):
        folder = game_folder(root, game)
        if folder is None:
            continue
        for path in sorted(folder.rglob(f"*{CARD_SUFFIX}")):
            shown = display_path(path, root)
            if shown in named or path == folder / VOCABULARY_FILE or not path.is_file():
                continue
            try:
                given = texts.get(path.absolute())
                source = SourceFile(shown, given) if given is not None else SourceFile.read(path, shown)
                others.append(parse(source)[0])
            except (OSError, UnicodeDecodeError):
                continue
    return others


def own_vocabulary(root: Path, game: str) -> str:
    """Where a project declares a game's vocabulary, as shown (relative to the root)."""
    return f"cards/{game}/{VOCABULARY_FILE}"


def _game_names(root: Path) -> set[str]:
    """The games a card file may name: the project's own and the installed ones."""
    from paxc.runtime import games

    own = {path.parent.name for path in (root / "cards").glob(f"*/{VOCABULARY_FILE}")}
    return own | set(games.installed())


def _read_source(
    path: Path,
    shown: str,
    reporter: Reporter,
    sources: dict[str, SourceFile],
    texts: Mapping[Path, str] | None = None,
) -> SourceFile | None:
    """The text of a card file (from `texts` if there), added to `sources`; None, with an
    error, if it cannot be read.

    A file that is not UTF-8 is reported at its first bad byte; its text, the bad bytes replaced,
    goes in `sources` so the report can show the line.
    """
    given = texts.get(path.absolute()) if texts else None
    if given is not None:
        sources[shown] = SourceFile(shown, given)
        return sources[shown]
    try:
        data = path.read_bytes()
    except OSError as error:
        reporter.error(
            Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read {shown}: {error.strerror or error}"
        )
        return None
    try:
        source = SourceFile(shown, data.decode("utf-8"))
    except UnicodeDecodeError as error:
        sources[shown] = readable = SourceFile(shown, data.decode("utf-8", errors="replace"))
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start : error.start].decode("utf-8", errors="replace")) + 1
        reporter.error(
            Span(readable.display_path, line, column, line, column + 1),
            Code.BAD_FILE,
            f"not UTF-8 text: byte 0x{data[error.start]:02x} here does not form a character",
            "card files are UTF-8; save the file in that encoding",
        )
        return None
    sources[shown] = source
    return source


def _vocabulary_files(
    parsed: list[ast.File],
    root: Path,
    sources: dict[str, SourceFile],
    failed: set[str],
    reporter: Reporter,
    texts: Mapping[Path, str] | None = None,
) -> tuple[list[ast.File], set[str]]:
    """Vocabularies declared among the given files, plus `cards/<game>/game.pax` for each game used.

    Also returns the games whose vocabulary file exists but could not be read or parsed, or
    does not declare the game (an error there): their cards are not checked (the vocabulary's
    own error is the one to fix first; the same goes for a vocabulary with errors, see
    compile_paths). `failed`: the files given that could not be read or parsed.
    """
    files = [f for f in parsed if f.vocabularies]
    declared = {decl.name.text for f in files for decl in f.vocabularies}
    # A game declared in a file given, but not in its own cards/<game>/game.pax (which the build
    # reads too): that one is the game's, read so that the other is reported as a second one.
    elsewhere = {
        game
        for game in declared
        if own_vocabulary(root, game) not in sources and is_file(root / own_vocabulary(root, game))
    }
    wanted = sorted(({h.game.text for f in parsed for h in f.headers} - declared) | elsewhere)
    unreadable: set[str] = set()
    for file in parsed:  # a game's own vocabulary file given, which must declare its game
        parts = file.path.split("/")
        game = parts[1] if len(parts) == 3 and file.path == own_vocabulary(root, parts[1]) else None
        if game is not None and file.path not in failed:
            if not any(decl.name.text == game for decl in file.vocabularies):
                _no_vocabulary(reporter, file.path, game)
                unreadable.add(game)
    for game in wanted:
        folder = game_folder(root, game)
        if folder is None:
            continue  # reported as an unknown game where the header names it
        path = folder / VOCABULARY_FILE
        shown = display_path(path, root)
        if shown in sources:  # given, and it failed to parse or declares another game (above)
            unreadable.add(game)
            continue
        source = _read_source(path, shown, reporter, sources, texts)
        if source is None:
            unreadable.add(game)
            continue
        parsed_file, syntax_errors = parse(source)
        reporter.extend(syntax_errors)
        if syntax_errors:
            unreadable.add(game)
        elif not any(decl.name.text == game for decl in parsed_file.vocabularies):
            _no_vocabulary(reporter, shown, game)
            unreadable.add(game)
        else:
            files.append(parsed_file)
    return files, unreadable


def _no_vocabulary(reporter: Reporter, shown: str, game: str) -> None:
    reporter.error(
        Span(shown, 1, 1, 1, 1),
        Code.BAD_VOCABULARY,
        f"{shown} does not declare the vocabulary of '{game}'",
        f"the game's cards need it: 'vocabulary {game} \"Title\" {{ ... }}'",
    )


def _game_of(
    file: ast.File,
    vocabularies: dict[str, Vocabulary],
    unreadable: set[str],
    reporter: Reporter,
    known_games: Sequence[str],
) -> str | None:
    if not file.cards and not file.headers:
        return None
    if not file.headers:
        first = file.cards[0].span
        reporter.error(
            Span(first.path, first.line, first.column, first.line, first.column + 4),
            Code.BAD_FILE,
            "cards come after a line saying their game",
            "start the file with 'game pamir' or 'game porfiriana'",
        )
        return None
    header = file.headers[0]
    for extra in file.headers[1:]:
        reporter.error(
            extra.span,
            Code.BAD_FILE,
            "a file holds the cards of one game only",
            f"this file is for '{header.game.text}'",
        )
    if header.game.text in unreadable:
        return None
    if header.game.text not in vocabularies:
        reporter.unknown(header.game.span, "game", header.game.text, known_games)
        return None
    return header.game.text


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
