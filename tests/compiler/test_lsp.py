"""`paxc lsp`: a real editor session, pygls's own client talking JSON-RPC over stdio to the server
started as `paxc lsp`, on a copy of the example game's cards (nothing of the repository is written).

Each step is what an editor does: initialize, open a file with an error and receive its
diagnostics (the same as `paxc check` gives), change it to fix the error and see them cleared,
hover, go to definition, complete, outline, format. Then what an editor must survive: a file that does not
parse, binary junk, a huge document, requests past the end.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from paxc.compiler.formatter import format_source
from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text
from tests.conftest import REPO

EXAMPLE_CARDS = REPO / "tests" / "example_game" / "cards"
TIMEOUT = 60.0
_T = TypeVar("_T")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project holding a copy of the example game's cards."""
    shutil.copytree(EXAMPLE_CARDS, tmp_path / "cards")
    return tmp_path.resolve()


def run_apart(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """`asyncio.run` in a thread of its own: Playwright's sync API keeps an event loop running in
    the main thread while the session's browser is open (tests/browser.py), and asyncio.run
    refuses to start beside it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Session:
    """A client with the server running, keeping the diagnostics last published for each file."""

    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.diagnostics: dict[str, list[types.Diagnostic]] = {}
        self.arrived = asyncio.Condition()
        self.version = 0

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]  # pygls leaves it untyped
        async def published(params: types.PublishDiagnosticsParams) -> None:
            async with self.arrived:
                self.diagnostics[params.uri] = list(params.diagnostics)
                self.arrived.notify_all()

    async def diagnostics_for(
        self, uri: str, until: Callable[[list[types.Diagnostic]], bool]
    ) -> list[types.Diagnostic]:
        """The diagnostics of `uri` once they satisfy `until` (waiting for the server to publish)."""

        async def wait() -> list[types.Diagnostic]:
            async with self.arrived:
                await self.arrived.wait_for(lambda: uri in self.diagnostics and until(self.diagnostics[uri]))
                return self.diagnostics[uri]

        return await asyncio.wait_for(wait(), TIMEOUT)

    def open(self, path: Path, text: str) -> str:
        uri = path.as_uri()
        self.diagnostics.pop(uri, None)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "pax", 1, text))
        )
        return uri

    def change(self, uri: str, text: str) -> None:
        self.version += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(self.version + 1, uri),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    async def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return await self.client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, character))
        )

    async def definition(self, uri: str, line: int, character: int) -> list[types.Location]:
        found = await self.client.text_document_definition_async(
            types.DefinitionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))
        )
        if found is None:
            return []
        if isinstance(found, types.Location):
            return [found]
        return [item for item in found if isinstance(item, types.Location)]

    async def format(self, uri: str) -> Sequence[types.TextEdit] | None:
        return await self.client.text_document_formatting_async(
            types.DocumentFormattingParams(
                types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True)
            )
        )

    async def complete(self, uri: str, line: int, character: int) -> list[str]:
        found = await self.client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))
        )
        items = found.items if isinstance(found, types.CompletionList) else (found or [])
        return [item.label for item in items]


def run_session(project: Path, steps: Callable[[Session], Awaitable[_T]]) -> _T:
    """Start `paxc lsp` in the project, initialize, run the steps, then shut it down and exit."""

    async def session() -> _T:
        client = LanguageClient("paxc-tests", "1")
        await client.start_io(sys.executable, "-m", "paxc.compiler.cli", "lsp", cwd=str(project))
        talking = Session(client)
        try:
            await asyncio.wait_for(
                client.initialize_async(
                    types.InitializeParams(
                        capabilities=types.ClientCapabilities(), root_uri=project.as_uri(), process_id=None
                    )
                ),
                TIMEOUT,
            )
            client.initialized(types.InitializedParams())
            return await steps(talking)
        finally:
            await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
            client.exit(None)
            await asyncio.wait_for(client.stop(), TIMEOUT)  # type: ignore[no-untyped-call]  # untyped in pygls

    return run_apart(session())


def position(text: str, needle: str, after: int = 0) -> tuple[int, int]:
    """The 0-based line and character of the first `needle` in `text`, `after` characters in."""
    offset = text.index(needle) + after
    line = text.count("\n", 0, offset)
    return line, offset - (text.rfind("\n", 0, offset) + 1)


def check_as_cli(project: Path, path: Path, text: str) -> list[tuple[int, int, int, int, str, str]]:
    """What `paxc check` says of `path` holding `text` (saved in a second copy of the project)."""
    copy = project.parent / "saved"
    if not copy.exists():
        shutil.copytree(project / "cards", copy / "cards")
    saved = copy / path.relative_to(project)
    saved.write_text(text, encoding="utf-8")
    result = compile_paths([saved], copy.resolve(), whole_games=True)
    said = []
    for d in result.diagnostics:
        message = d.message + (f"\nnote: {d.hint}" if d.hint else "")
        span = d.span
        said.append(
            (span.line - 1, span.column - 1, span.end_line - 1, span.end_column - 1, d.code.value, message)
        )
    return said


def as_said(diagnostics: list[types.Diagnostic]) -> list[tuple[int, int, int, int, str, str]]:
    return [
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            str(d.code),
            d.message,
        )
        for d in diagnostics
    ]


def test_an_editor_session(project: Path) -> None:
    goods = project / "cards" / "bazaar" / "goods.pax"
    fixed = goods.read_text(encoding="utf-8")
    broken = fixed.replace(
        'card 2 "Dye Works" good {\n  provenance printed\n  guild Weavers',
        'card 2 "Dye Works" good {\n  provenance printed\n  guild Weaverz',
        1,
    )
    broken = broken.replace(
        "draw_cards 1 for you\n    }\n  }\n}\n\ncard 6", "draw_card 1 for you\n    }\n  }\n}\n\ncard 6", 1
    )
    assert broken.count("Weaverz") == 1 and broken.count("draw_card ") == 1
    expected = check_as_cli(project, goods, broken)
    assert {e[4] for e in expected} == {"unknown-name"} and len(expected) == 2

    async def steps(session: Session) -> None:
        uri = session.open(goods, broken)
        # Diagnostics as `paxc check` gives them: same places, codes, messages and hints.
        found = await session.diagnostics_for(uri, lambda d: len(d) > 0)
        assert as_said(found) == expected
        assert "unknown guild 'Weaverz'\nnote: did you mean 'Weavers'?" in [d.message for d in found]
        assert all(d.source == "paxc" and d.severity == types.DiagnosticSeverity.Error for d in found)

        # Fixed: the diagnostics are cleared.
        session.change(uri, fixed)
        assert await session.diagnostics_for(uri, lambda d: not d) == []

        # Hover on an enum value: its declaration; on an operation: its signature and phrasing;
        # on a card's name: its text as `paxc render` prints it.
        hover = await session.hover(uri, *position(fixed, "guild Weavers", 8))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert (
            "enum value" in hover.contents.value
            and "enum guild { Weavers, Smiths, Traders }" in hover.contents.value
        )
        hover = await session.hover(uri, *position(fixed, "draw_cards 1", 3))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert "operation draw_cards(count: int, for player: player)" in hover.contents.value
        assert "{player} draws {count} cards" in hover.contents.value
        hover = await session.hover(uri, *position(fixed, '"Anvil"', 2))
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        compiled = compile_paths([goods], project, whole_games=True)
        anvil = next(c for c in compiled.games["bazaar"].cards() if c.number == 5)
        assert card_text(anvil) in hover.contents.value
        assert "#5 Anvil" in hover.contents.value

        # Go to definition: a trigger and an enum value to their lines of game.pax.
        vocabulary = (project / "cards" / "bazaar" / "game.pax").read_text(encoding="utf-8")
        (location,) = await session.definition(uri, *position(fixed, "when card_played", 6))
        assert location.uri == (project / "cards" / "bazaar" / "game.pax").as_uri()
        assert location.range.start == types.Position(*position(vocabulary, "card_played("))
        (location,) = await session.definition(uri, *position(fixed, "guild Smiths", 7))
        assert location.range.start == types.Position(*position(vocabulary, "Smiths,"))

        # Completion: after `when`, the triggers; at the start of an effect's statement, the
        # operations; in an enum-typed argument, that enum's values.
        typing = fixed.replace("  on play {\n    gain 1\n  }", '  ability "New" {\n    when \n  }', 1)
        session.change(uri, typing)
        labels = await session.complete(uri, *position(typing, "when \n", 5))
        assert labels == ["card_played"]
        typing = fixed.replace("  on play {\n    gain 1\n  }", "  on play {\n    \n  }", 1)
        session.change(uri, typing)
        labels = await session.complete(uri, *position(typing, "on play {\n    \n", 14))
        assert {"draw_cards", "turn_over", "gain", "pay", "move", "let", "if", "choose"} <= set(labels)
        assert "card_played" not in labels and "Weavers" not in labels
        typing = fixed.replace("gain played(you, Weavers)", "gain played(you, ", 1)
        session.change(uri, typing)
        labels = await session.complete(uri, *position(typing, "gain played(you, ", 17))
        assert labels == ["Weavers", "Smiths", "Traders"]

        # Document symbols: the cards, and their abilities.
        session.change(uri, fixed)
        outline = await session.client.text_document_document_symbol_async(
            types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
        )
        assert outline is not None
        cards = [s for s in outline if isinstance(s, types.DocumentSymbol)]
        assert [s.name for s in cards][:3] == ["#1 Loom", "#2 Dye Works", "#3 Tapestry"]
        charter = next(s for s in cards if s.name == "#8 Market Charter")
        (ability,) = charter.children or []
        assert ability.name == "Charter" and ability.kind == types.SymbolKind.Method
        assert [effect.name for effect in ability.children or []] == ["while in play"]

        # Formatting: one edit of the whole text, to what `paxc fmt` writes; none for a document
        # that does not parse.
        messy = fixed.replace(
            '"Loom" good {\n  provenance printed', '"Loom"   good {\n      provenance   printed;cost 1', 1
        )
        messy = messy.replace(
            "  cost 1\n  points 1\n  on play {\n    gain 1", "  points 1\n  on play {\n    gain 1", 1
        )
        session.change(uri, messy)
        edits = await session.format(uri)
        assert edits is not None and len(edits) == 1
        (edit,) = edits
        assert edit.range.start == types.Position(0, 0) and edit.range.end == types.Position(
            messy.count("\n"), 0
        )
        assert edit.new_text == format_source(messy, "cards/bazaar/goods.pax") != messy
        assert '"Loom" good {\n  provenance printed\n  cost 1\n' in edit.new_text
        session.change(uri, edit.new_text)
        again = await session.format(uri)
        assert again is not None and len(again) == 0  # already laid out
        session.change(uri, broken.replace('"Loom" good {', '"Loom" good {{', 1))
        assert await session.format(uri) is None

    run_session(project, steps)


def test_unsaved_documents_are_what_the_game_is_checked_against(project: Path) -> None:
    """A vocabulary changed in the editor, not saved: the open card file is checked against it,
    and checked again when it changes; a card number taken in another unsaved file too."""
    game = project / "cards" / "bazaar" / "game.pax"
    goods = project / "cards" / "bazaar" / "goods.pax"
    extra = project / "cards" / "bazaar" / "extra.pax"
    vocabulary = game.read_text(encoding="utf-8")

    async def steps(session: Session) -> None:
        uri = session.open(goods, goods.read_text(encoding="utf-8"))
        assert await session.diagnostics_for(uri, lambda d: True) == []
        game_uri = session.open(game, vocabulary.replace("enum guild { Weavers,", "enum guild { Weaver,"))
        found = await session.diagnostics_for(uri, lambda d: len(d) > 0)
        assert {d.message for d in found} == {
            "unknown guild 'Weavers'\nnote: did you mean 'Weaver'?",
            "unknown name 'Weavers'\nnote: did you mean 'Weaver'?",
        }
        session.change(game_uri, vocabulary)
        assert await session.diagnostics_for(uri, lambda d: not d) == []
        # A file not saved yet, using a number another card has.
        extra_uri = session.open(
            extra,
            'game bazaar\n\ncard 3 "Copy" good {\n  provenance printed\n  guild Smiths\n  cost 1\n  points 1\n}\n',
        )
        found = await session.diagnostics_for(extra_uri, lambda d: len(d) > 0)
        assert [str(d.code) for d in found] == ["duplicate-card"]
        assert found[0].range.start == types.Position(2, 5)

    run_session(project, steps)


def test_a_scenario_file_gets_the_diagnostics_of_paxc_test(project: Path) -> None:
    """A scenario file open in the editor is checked as `paxc test` checks it before running
    (same places, codes and messages); fixed, its diagnostics are cleared."""
    from paxc.compiler import scenarios

    folder = project / "tests" / "scenarios"
    folder.mkdir(parents=True)
    path = folder / "akbar.paxtest"
    fixed = (REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest").read_text(encoding="utf-8")
    broken = fixed.replace('"Prince Akbar Khan"', '"Prince Akbr Khan"', 1)
    path.write_text(broken, encoding="utf-8")
    expected = [
        (
            d.span.line - 1,
            d.span.column - 1,
            d.code.value,
            d.message + (f"\nnote: {d.hint}" if d.hint else ""),
        )
        for d in scenarios.load([path], project).diagnostics
    ]
    assert [code for _, _, code, _ in expected] == ["unknown-name"]

    async def steps(session: Session) -> None:
        uri = session.open(path, broken)
        found = await session.diagnostics_for(uri, lambda d: len(d) > 0)
        assert [
            (d.range.start.line, d.range.start.character, str(d.code), d.message) for d in found
        ] == expected
        session.change(uri, fixed)
        assert await session.diagnostics_for(uri, lambda d: not d) == []

    run_session(project, steps)


def test_what_an_editor_must_survive(project: Path) -> None:
    """A file that does not parse gives its parse error; binary junk and a huge document are
    answered, not fatal; requests past the end of a document are answered empty; and the server
    goes on answering."""
    folder = project / "cards" / "bazaar"
    goods = folder / "goods.pax"
    text = goods.read_text(encoding="utf-8")

    async def steps(session: Session) -> None:
        unclosed = session.open(
            folder / "unclosed.pax", 'game bazaar\n\ncard 30 "Half" good {\n  provenance printed\n'
        )
        (found,) = await session.diagnostics_for(unclosed, lambda d: len(d) > 0)
        assert str(found.code) == "syntax" and found.message.startswith("this block is never closed")
        assert found.range.start == types.Position(2, 20)  # its "{"
        junk = session.open(folder / "junk.pax", "".join(chr(c) for c in range(0, 0x800, 7)) * 3)
        junk_found = await session.diagnostics_for(junk, lambda d: len(d) > 0)
        assert {str(d.code) for d in junk_found} == {"syntax"}
        assert await session.hover(junk, 0, 3) is None
        huge = session.open(folder / "huge.pax", "game bazaar\n" + "# a comment\n" * 100_000)
        (found,) = await session.diagnostics_for(huge, lambda d: len(d) > 0)
        assert found.message.startswith("too large to check as you type")
        assert await session.complete(huge, 5, 3) == []
        uri = session.open(goods, text)
        await session.diagnostics_for(uri, lambda d: True)
        lines = text.count("\n")
        assert await session.hover(uri, lines + 5, 0) is None
        # Past the end of a line is its end (the protocol says so): here the end of a comment.
        assert await session.hover(uri, 0, text.index("guild Weavers") + 8) is None
        assert await session.definition(uri, lines + 5, 0) == []
        assert await session.complete(uri, lines + 5, 0) == []
        # Still serving.
        hover = await session.hover(uri, *position(text, "guild Weavers", 8))
        assert hover is not None

    run_session(project, steps)


def test_without_pygls_the_command_says_how_to_install_it(project: Path) -> None:
    import subprocess

    hidden = "import sys; sys.modules['pygls'] = None; from paxc.compiler.cli import main; main(['lsp'])"
    completed = subprocess.run(
        [sys.executable, "-c", hidden], cwd=project, capture_output=True, text=True, check=False, timeout=120
    )
    assert completed.returncode == 1
    assert completed.stderr == "Error: paxc lsp needs pygls: pip install 'paxc[lsp]'\n"
    assert completed.stdout == ""


def test_over_tcp(project: Path) -> None:
    """`paxc lsp --tcp --port N`: the same server on a TCP port; it ends when the client says exit."""
    import socket
    import subprocess

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "paxc.compiler.cli", "lsp", "--tcp", "--port", str(port)],
        cwd=project,
        stderr=subprocess.PIPE,
        text=True,
    )
    goods = project / "cards" / "bazaar" / "goods.pax"
    text = goods.read_text(encoding="utf-8")

    async def session() -> str | None:
        client = LanguageClient("paxc-tests", "1")
        for _ in range(300):  # until the server listens
            try:
                await client.start_tcp("127.0.0.1", port)
                break
            except OSError:
                await asyncio.sleep(0.1)
        await asyncio.wait_for(
            client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities())), TIMEOUT
        )
        client.initialized(types.InitializedParams())
        talking = Session(client)
        uri = talking.open(goods, text)
        hover = await talking.hover(uri, *position(text, "guild Weavers", 8))
        await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
        client.exit(None)
        await asyncio.wait_for(client.stop(), TIMEOUT)  # type: ignore[no-untyped-call]  # untyped in pygls
        return (
            hover.contents.value
            if hover is not None and isinstance(hover.contents, types.MarkupContent)
            else None
        )

    try:
        said = run_apart(session())
        assert server.wait(TIMEOUT) == 0
    finally:
        server.kill()
        _, errors = server.communicate()
    assert said is not None and "enum value" in said
    assert "Traceback" not in errors
