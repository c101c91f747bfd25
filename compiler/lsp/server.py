"""The language server: pygls wiring between the protocol and the modules of this package.

Every request is answered from offsets into a document's text (`documents`, `lookup`,
`completion`, `symbols`, `formatting`); pygls's documents turn them into the protocol's positions, in whatever
encoding the client and pygls agreed on. A request at a position past the end of a document is
answered empty; an answer that fails is logged and answered empty, never a crash of the server.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from paxc.compiler import folders
from paxc.compiler.lsp import completion, formatting, symbols
from paxc.compiler.lsp.documents import MAX_CHARACTERS, SCENARIO_SUFFIX, Checked, Documents, Place
from paxc.compiler.lsp.game_index import Indexes
from paxc.compiler.lsp.lookup import Lookup
from paxc.compiler.project import display_path

# How long a document must rest after a change before it is checked again (typing goes on).
SETTLE_SECONDS = 0.2
# The documents given diagnostics: card files as `paxc check` checks them, scenario files as
# `paxc test` checks them before running any.
CHECKED_SUFFIXES = (folders.CARD_SUFFIX, SCENARIO_SUFFIX)

_log = logging.getLogger("paxc.lsp")
_Answer = TypeVar("_Answer")

_COMPLETION_KINDS = {
    completion.KEYWORD: types.CompletionItemKind.Keyword,
    completion.CARD: types.CompletionItemKind.Reference,
    completion.VALUE: types.CompletionItemKind.Value,
    "operation": types.CompletionItemKind.Function,
    "query": types.CompletionItemKind.Function,
    "trigger": types.CompletionItemKind.Event,
    "modifier": types.CompletionItemKind.Property,
    "replaceable": types.CompletionItemKind.Event,
    "enum value": types.CompletionItemKind.EnumMember,
    "enum": types.CompletionItemKind.Enum,
    "card type": types.CompletionItemKind.Class,
    "attribute": types.CompletionItemKind.Field,
    "timing": types.CompletionItemKind.Event,
    "zone": types.CompletionItemKind.Variable,
    "money": types.CompletionItemKind.Unit,
    "duration": types.CompletionItemKind.Constant,
    "place": types.CompletionItemKind.Constant,
    "game": types.CompletionItemKind.Module,
}

_SYMBOL_KINDS = {
    symbols.CARD: types.SymbolKind.Class,
    symbols.ABILITY: types.SymbolKind.Method,
    symbols.SIDE: types.SymbolKind.Interface,
    symbols.ERRATUM: types.SymbolKind.Event,
    symbols.EFFECT: types.SymbolKind.Function,
    symbols.VOCABULARY: types.SymbolKind.Namespace,
    "enum": types.SymbolKind.Enum,
    "enum value": types.SymbolKind.EnumMember,
    "cardtype": types.SymbolKind.Class,
    "attribute": types.SymbolKind.Field,
    "operation": types.SymbolKind.Function,
    "query": types.SymbolKind.Function,
    "trigger": types.SymbolKind.Event,
    "modifier": types.SymbolKind.Property,
    "replaceable": types.SymbolKind.Event,
}


class PaxServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("paxc", _version())
        self.documents = Documents()
        self.indexes = Indexes(self.documents)
        self.lookup = Lookup(self.documents, self.indexes)
        self.pending: dict[Path, int] = {}  # each document's count of changes, to check the last only
        self.tasks: set[asyncio.Task[None]] = set()  # the checks waiting for typing to settle

    def path_of(self, uri: str) -> Path | None:
        """The file a document is, absolute and through links (None: not a file, `untitled:`)."""
        fs_path = to_fs_path(uri)
        if fs_path is None:
            return None
        try:
            return Path(fs_path).resolve()
        except (OSError, RuntimeError, ValueError):
            return None

    def range_of(self, place: Place) -> tuple[str, types.Range]:
        """The URI and protocol range of a place in any file (open or on disk)."""
        uri = from_fs_path(str(place.path)) or place.path.as_uri()
        document = self.workspace.get_text_document(uri)
        try:
            return uri, types.Range(
                document.client_position_at_offset(place.start), document.client_position_at_offset(place.end)
            )
        except (OSError, UnicodeDecodeError, ValueError):
            return uri, types.Range(types.Position(0, 0), types.Position(0, 0))

    def publish(self, checked: Checked) -> None:
        uri = from_fs_path(str(checked.path)) or checked.path.as_uri()
        document = self.workspace.get_text_document(uri)
        found = []
        for located in checked.located:
            diagnostic = located.diagnostic
            message = diagnostic.message
            if located.elsewhere is not None:
                message = f"{located.elsewhere}: {message}"
            if diagnostic.hint:
                message += f"\nnote: {diagnostic.hint}"
            found.append(
                types.Diagnostic(
                    range=types.Range(
                        document.client_position_at_offset(located.start),
                        document.client_position_at_offset(located.end),
                    ),
                    message=message,
                    severity=types.DiagnosticSeverity.Error,
                    code=diagnostic.code.value,
                    source="paxc",
                )
            )
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=document.version)
        )

    def check_now(self, path: Path) -> None:
        try:
            self.publish(self.documents.check(path))
        except Exception:  # a bug of the checker must not end the session: log it, keep serving
            _log.error("checking %s failed:\n%s", path, traceback.format_exc())

    def changed(self, uri: str) -> None:
        """A document opened or changed: its text is what requests read from now on (at once,
        before the next message), and it is checked once typing settles."""
        path = self.path_of(uri)
        if path is None:
            return
        self.documents.open[path] = self.workspace.get_text_document(uri).source
        count = self.pending[path] = self.pending.get(path, 0) + 1
        task = asyncio.get_running_loop().create_task(self.check_settled(path, count))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def check_settled(self, path: Path, count: int) -> None:
        """Check the document unless it changed again meanwhile, then the other open card and
        scenario files of its project (a card number taken, a vocabulary changed, a card renamed)."""
        await asyncio.sleep(SETTLE_SECONDS)
        if self.pending.get(path) != count:
            return
        self.check_now(path)
        root = self.documents.root(path)
        for other in list(self.documents.open):
            if other != path and other.suffix in CHECKED_SUFFIXES and self.documents.root(other) == root:
                self.check_now(other)

    def offset(self, uri: str, position: types.Position) -> tuple[Path, int] | None:
        """The document's file and the offset of a position in it; None past its end."""
        path = self.path_of(uri)
        if path is None:
            return None
        document = self.workspace.get_text_document(uri)
        try:
            lines = document.lines
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        # Past the last line there is nothing; past the end of a line is its end (as the protocol
        # says, and pygls reads it).
        if position.line > len(lines) or (position.line == len(lines) and position.character > 0):
            return None
        return path, document.offset_at_position(position)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("paxc")
    except metadata.PackageNotFoundError:
        return "0"


def _safely(answer: Callable[[], _Answer], empty: _Answer) -> _Answer:
    try:
        return answer()
    except Exception:
        _log.error("a request failed:\n%s", traceback.format_exc())
        return empty


def make_server() -> PaxServer:
    server = PaxServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PaxServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PaxServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: PaxServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PaxServer, params: types.DidCloseTextDocumentParams) -> None:
        path = ls.path_of(params.text_document.uri)
        if path is not None:
            ls.documents.open.pop(path, None)
            ls.pending.pop(path, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
        )

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: PaxServer, params: types.HoverParams) -> types.Hover | None:
        def answer() -> types.Hover | None:
            where = ls.offset(params.text_document.uri, params.position)
            said = ls.lookup.hover(*where) if where is not None else None
            if said is None:
                return None
            text, place = said
            return types.Hover(
                contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                range=ls.range_of(place)[1],
            )

        return _safely(answer, None)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: PaxServer, params: types.DefinitionParams) -> list[types.Location]:
        def answer() -> list[types.Location]:
            where = ls.offset(params.text_document.uri, params.position)
            places = ls.lookup.definition(*where) if where is not None else []
            return [types.Location(*ls.range_of(place)) for place in places]

        return _safely(answer, [])

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[".", '"', "("])
    )
    def complete(ls: PaxServer, params: types.CompletionParams) -> types.CompletionList:
        def answer() -> types.CompletionList:
            where = ls.offset(params.text_document.uri, params.position)
            if where is None:
                return types.CompletionList(is_incomplete=False, items=[])
            path, offset = where
            text = ls.documents.text(path) or ""
            index = ls.lookup.index_for(path)
            games = _games(ls.documents.root(path))
            found = completion.complete(text, offset, index, games, scenario=path.suffix == SCENARIO_SUFFIX)
            items = [
                types.CompletionItem(
                    label=s.label,
                    kind=_COMPLETION_KINDS.get(s.kind, types.CompletionItemKind.Text),
                    detail=s.detail,
                )
                for s in found
            ]
            return types.CompletionList(is_incomplete=False, items=items)

        return _safely(answer, types.CompletionList(is_incomplete=False, items=[]))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: PaxServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        def answer() -> list[types.DocumentSymbol]:
            path = ls.path_of(params.text_document.uri)
            source = ls.documents.source(path) if path is not None else None
            if path is None or source is None or path.suffix != folders.CARD_SUFFIX:
                return []
            if len(source.text) > MAX_CHARACTERS:
                return []
            return [_document_symbol(ls, path, symbol) for symbol in symbols.outline(source)]

        return _safely(answer, [])

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def format_document(ls: PaxServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        def answer() -> list[types.TextEdit] | None:
            path = ls.path_of(params.text_document.uri)
            if path is None or path.suffix not in (folders.CARD_SUFFIX, SCENARIO_SUFFIX):
                return None
            document = ls.workspace.get_text_document(params.text_document.uri)
            text = document.source
            if len(text) > MAX_CHARACTERS:
                return None
            laid_out = formatting.formatted(text, display_path(path, ls.documents.root(path)))
            if laid_out is None:
                return None
            if laid_out == text:
                return []
            whole = types.Range(types.Position(0, 0), document.client_position_at_offset(len(text)))
            return [types.TextEdit(range=whole, new_text=laid_out)]

        return _safely(answer, None)

    return server


def _games(root: Path) -> tuple[str, ...]:
    """The games a card file of this project may name."""
    from paxc.runtime import games

    own = {path.parent.name for path in (root / "cards").glob(f"*/{folders.VOCABULARY_FILE}")}
    return tuple(sorted(own | set(games.installed())))


def _document_symbol(ls: PaxServer, path: Path, symbol: symbols.Symbol) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=symbol.name,
        detail=symbol.detail,
        kind=_SYMBOL_KINDS.get(symbol.kind, types.SymbolKind.Object),
        range=ls.range_of(Place(path, symbol.start, symbol.end))[1],
        selection_range=ls.range_of(Place(path, symbol.name_start, symbol.name_end))[1],
        children=[_document_symbol(ls, path, child) for child in symbol.children],
    )


class _QuietExit(logging.Filter):
    """Over TCP, pygls ends the process on `exit` by raising SystemExit in asyncio's callback,
    which asyncio would print as an unhandled exception: it is the end asked for."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], SystemExit))


def serve(tcp: bool = False, host: str = "127.0.0.1", port: int = 2087) -> None:
    """Serve one editor over stdin and stdout (or TCP) until it says exit."""
    server = make_server()
    if tcp:
        logging.getLogger("asyncio").addFilter(_QuietExit())
        server.start_tcp(host, port)
    else:
        server.start_io()
