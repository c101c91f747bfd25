"""What a game declares and which cards it has, for hover, go to definition and completion.

Built from the game's `game.pax` (each name it declares, where, and how to describe it) and from
compiling the game's card folder (each card that checks, with its text as `paxc render` prints
it), the unsaved texts of open documents first. An index is kept until a file of its game
changes on disk or in the editor.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from paxc.compiler import ast, ir
from paxc.compiler.diagnostics import Reporter
from paxc.compiler.folders import CARD_SUFFIX, VOCABULARY_FILE, game_folder
from paxc.compiler.lsp.documents import Documents, Place, offset_of, span_offsets
from paxc.compiler.parser import parse
from paxc.compiler.project import compile_paths
from paxc.compiler.source import SourceFile, Span
from paxc.compiler.vocabulary import HookSpec, Vocabulary, base_phrasing, build_vocabulary, phrasing_forms

# The kinds of names a vocabulary declares, as hover and completion call them.
ENUM = "enum"
ENUM_VALUE = "enum value"
CARD_TYPE = "card type"
ATTRIBUTE = "attribute"
TIMING = "timing"
ZONE = "zone"
MONEY = "money"
DURATION = "duration"
MEMORY = "memory"
PLACE = "place"
GAME = "game"
# and the hook kinds: operation, query, trigger, modifier, replaceable (vocabulary.HOOK_KINDS)

# A declaration longer than this is cut in a hover (an enum of many values).
_LONGEST_SHOWN = 600


@dataclass(frozen=True, slots=True)
class Declaration:
    kind: str
    name: str
    place: Place  # the declared name in game.pax
    source: str  # the declaration as written
    owner: str | None = None  # the enum of a value, the card type of an attribute
    hook: HookSpec | None = None

    def describe(self) -> str:
        """Markdown for a hover: what it is, then its declaration (a hook: its signature and
        phrasing, as the vocabulary reads them)."""
        of = f" of `{self.owner}`" if self.owner else ""
        lines = [f"**{self.kind}** `{self.name}`{of}"]
        if self.hook is not None:
            lines += ["```pax", signature(self.hook), "```"]
            if self.hook.text:
                lines.append(f"Phrasing: “{base_phrasing(self.hook.text)}”")
                for key, said in phrasing_forms(self.hook.text).items():
                    lines.append(f"- {key}: “{said}”")
        else:
            shown = self.source if len(self.source) <= _LONGEST_SHOWN else self.source[:_LONGEST_SHOWN] + " …"
            lines += ["```pax", shown, "```"]
        return "\n".join(lines)


def signature(hook: HookSpec) -> str:
    """`operation place_armies(count: int, for coalition: coalition, in region: region)`."""
    params = []
    for param in hook.params:
        asked = f" {{{', '.join(param.asked)}}}" if param.asked else ""
        preposition = f"{param.preposition} " if param.preposition else ""
        params.append(f"{preposition}{param.name}: {param.type}{asked}")
    result = f" -> {hook.result}" if hook.result is not None else ""
    spent = " spent" if hook.spent else ""
    halts = ""
    if hook.halts is not None:
        value = str(hook.halts.value).lower()
        halts = f" halts to {'at most ' if hook.halts.at_most else ''}{value}"
    return f"{hook.kind} {hook.name}({', '.join(params)}){result}{spent}{halts}"


@dataclass(frozen=True, slots=True)
class CardEntry:
    """A card of the game that checks: where its header is, and what it compiled to."""

    card: ir.CardIR
    path: Path


@dataclass
class GameIndex:
    name: str
    root: Path
    vocabulary: Vocabulary | None = None
    vocabulary_path: Path | None = None
    declarations: dict[str, list[Declaration]] = field(default_factory=dict)
    cards: list[CardEntry] = field(default_factory=list)

    def declared(self, name: str, kinds: tuple[str, ...] = ()) -> list[Declaration]:
        """The declarations of `name`, those of `kinds` first (all of them when none is of those)."""
        found = self.declarations.get(name, [])
        preferred = [d for d in found if d.kind in kinds]
        return preferred or ([] if kinds and _strict(kinds) else found)

    def of_kind(self, *kinds: str) -> list[Declaration]:
        return [d for found in self.declarations.values() for d in found if d.kind in kinds]

    def card(self, key: int | str) -> CardEntry | None:
        """A card by its number, or by its name (as written, else without regard to case)."""
        if isinstance(key, int):
            return next((c for c in self.cards if c.card.number == key), None)
        exact = next((c for c in self.cards if c.card.name == key), None)
        return exact or next((c for c in self.cards if c.card.name.lower() == key.lower()), None)


def _strict(kinds: tuple[str, ...]) -> bool:
    """Positions where only a hook of one kind may stand (`when X`: a trigger) find nothing else."""
    return all(kind in ("operation", "query", "trigger", "modifier", "replaceable") for kind in kinds)


def place_of(documents: Documents, path: Path, span: Span) -> Place:
    source = documents.source(path)
    if source is None:
        return Place(path, 0, 0)
    return Place(path, *span_offsets(source, span))


def line_place(documents: Documents, path: Path, line: int) -> Place:
    """The whole of a 1-based line of a file."""
    source = documents.source(path)
    if source is None:
        return Place(path, 0, 0)
    start = offset_of(source, line, 1)
    return Place(path, start, start + len(source.line_text(line)))


class Indexes:
    """The index of each game, made again when one of its files changes."""

    def __init__(self, documents: Documents) -> None:
        self.documents = documents
        self._made: dict[tuple[Path, str], tuple[str, GameIndex]] = {}

    def game(self, root: Path, name: str) -> GameIndex | None:
        folder = game_folder(root, name)
        if folder is None:
            return None
        stamp = self._fingerprint(folder)
        known = self._made.get((root, name))
        if known is not None and known[0] == stamp:
            return known[1]
        index = self._build(root, name, folder)
        self._made[(root, name)] = (stamp, index)
        return index

    def _fingerprint(self, folder: Path) -> str:
        """What the index was made from: every card file's size and time, and the open texts."""
        digest = hashlib.sha256()
        for path in sorted(folder.rglob(f"*{CARD_SUFFIX}")):
            try:
                status = path.stat()
            except OSError:
                continue
            digest.update(f"{path}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
        for path, text in sorted(self.documents.open.items()):
            if path.is_relative_to(folder):
                digest.update(f"{path}\0".encode() + text.encode("utf-8", "replace"))
        return digest.hexdigest()

    def _build(self, root: Path, name: str, folder: Path) -> GameIndex:
        index = GameIndex(name, root)
        vocabulary_path = (folder / VOCABULARY_FILE).absolute()
        source = self.documents.source(vocabulary_path)
        if source is not None:
            index.vocabulary_path = vocabulary_path
            parsed = parse(source)[0]
            for decl in parsed.vocabularies[:1]:
                index.vocabulary = build_vocabulary(decl, source.display_path, Reporter())
                _declarations(index, decl, source, vocabulary_path)
        result = compile_paths([folder], root, texts=self.documents.open)
        game = result.games.get(name)
        for card in game.cards() if game is not None else []:
            shown = Path(card.path)
            index.cards.append(CardEntry(card, shown if shown.is_absolute() else root / shown))
        return index


def _declarations(index: GameIndex, decl: ast.VocabularyDecl, source: SourceFile, path: Path) -> None:
    """Every name `decl` declares, with where and as written."""

    def add(kind: str, ident: ast.Ident, whole: Span, owner: str | None = None) -> None:
        start, end = span_offsets(source, whole)
        written = source.text[start:end]
        hook = index.vocabulary.hooks.get(ident.text) if index.vocabulary is not None else None
        found = Declaration(
            kind,
            ident.text,
            Place(path, *span_offsets(source, ident.span)),
            written,
            owner,
            hook if hook is not None and hook.kind == kind else None,
        )
        index.declarations.setdefault(ident.text, []).append(found)

    add(GAME, decl.name, decl.name.span)
    for item in decl.items:
        if isinstance(item, ast.EnumDecl):
            add(ENUM, item.name, item.span)
            for member in item.members:
                add(ENUM_VALUE, member, item.span, item.name.text)
        elif isinstance(item, ast.CardTypeDecl):
            add(CARD_TYPE, item.name, item.span)
            for spec in item.fields:
                add(ATTRIBUTE, spec.name, spec.span, item.name.text)
        elif isinstance(item, ast.SignatureDecl):
            add(item.kind, item.name, item.span)
        elif isinstance(item, ast.TimingDecl):
            for ident in item.names:
                add(TIMING, ident, item.span)
        elif isinstance(item, ast.ZoneDecl):
            add(ZONE, item.name, item.span)
        elif isinstance(item, ast.MoneyDecl):
            add(MONEY, item.name, item.span)
        elif isinstance(item, ast.DurationDecl):
            add(DURATION, item.name, item.span)
        elif isinstance(item, ast.MemoryDecl):
            add(MEMORY, item.name, item.span)
        elif isinstance(item, ast.WhileDecl):
            add(PLACE, item.name, item.span)
