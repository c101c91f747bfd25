"""The `paxc` command line."""

from __future__ import annotations

import copy
import errno
import functools
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

# Only what every command needs is imported here. The compiler proper (parser, checker, code
# generation) is imported by the commands that compile, so that `play` and `simulate` start fast.
from paxc.compiler import build as build_module
from paxc.compiler import deck_profile
from paxc.compiler.balance.command import compare_command
from paxc.compiler.diagnostics import close_name
from paxc.compiler.folders import (
    PAXC_FOLDER,
    ProjectError,
    card_folders,
    check_root,
    find_project,
    game_folder,
    generated_package,
    is_file,
)
from paxc.runtime import commands as game_commands
from paxc.runtime import games
from paxc.runtime.core import card_texts, errata

if TYPE_CHECKING:
    from paxc.compiler import incremental, ir, text_review
    from paxc.compiler.project import CompileResult
    from paxc.compiler.render_fr import MissingWording
    from paxc.compiler.source import SourceFile
    from paxc.runtime.core.implemented import Problem


def _counted(count: int, noun: str) -> str:
    """`1 card`, `2 cards`: a count with its noun in the right number."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _root(ctx: click.Context) -> Path:
    root: Path = ctx.obj["root"]
    return root


def _report(result: CompileResult) -> None:
    """Diagnostics to stderr, with a count, as compilers do."""
    if result.diagnostics:
        from paxc.runtime.terminal import style

        with style.colouring(style.wanted(sys.stderr)):
            click.echo(result.render_diagnostics(), err=True)
        click.echo(_counted(len(result.diagnostics), "error"), err=True)


def _compile_or_exit(paths: list[Path], root: Path, whole_games: bool = False) -> CompileResult:
    from paxc.compiler.project import compile_paths

    result = compile_paths(paths, root, whole_games)
    if not result.ok:
        _report(result)
        sys.exit(1)
    return result


class _Commands(click.Group):
    """paxc's commands: whatever the system refuses them (a file name too long, a folder that
    cannot be read, a full disk) is said in one line, exit status 1, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except OSError as error:
            if error.errno == errno.EPIPE:
                raise  # output piped into `head`: click ends quietly
            raise click.ClickException(_system_error(error)) from error


def _system_error(error: OSError) -> str:
    """`cannot use NAME: REASON`, the name cut short when it is long."""
    reason = error.strerror or type(error).__name__
    if error.filename is None:
        return reason
    name = str(error.filename)
    shown = name if len(name) <= 80 else f"{name[:40]}...{name[-37:]}"
    return f"cannot use {shown}: {reason}"


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The project folder holding cards/ and generated/ (default: the nearest one at or above the "
    "current folder; outside any project, the games installed with paxc).",
)
@click.version_option(package_name="paxc")
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """paxc: write, check, compile and render the cards of card-driven board games.

    Card files (*.pax) live in cards/<game>/; each game's vocabulary is cards/<game>/game.pax.
    In a project of one game, a command's GAME may be left out.
    """
    ctx.ensure_object(dict)
    if root is not None:
        try:
            check_root(root)
        except ProjectError as error:
            raise click.BadParameter(str(error), param_hint="--root") from error
    project = root or find_project(Path.cwd())
    # Outside any project the commands work on the games installed with paxc, and write nothing.
    ctx.obj["in_project"] = project is not None
    ctx.obj["root"] = (project or PAXC_FOLDER).resolve()
    if project is not None:
        # A build killed mid-swap may have left generated/ under a temporary name: put it back first.
        build_module.recover(ctx.obj["root"] / "generated")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the result as JSON on stdout, for tools: every diagnostic with its file, line, "
    "column, end_line, end_column, severity, code, message and hint; the exit status is the same.",
)
@click.pass_context
def check(ctx: click.Context, paths: tuple[Path, ...], as_json: bool) -> None:
    """Check card files and print every error (default: all of cards/).

    PATHS are .pax files or folders, each checked against the rest of its game (a card number
    used elsewhere in the game is an error). Exits with status 1 when anything is wrong.
    """
    root = _root(ctx)
    targets = list(paths) or [root / "cards"]
    if as_json:
        _check_as_json(targets, root)
        return
    result = _compile_or_exit(targets, root, whole_games=True)
    cards = sum(len(f.cards) for g in result.games.values() for f in g.files)
    files = sum(len(g.files) for g in result.games.values())
    _exit_if_unimplemented(_rules_problems(root, result.games, fresh_only=True))
    click.echo(f"{_counted(cards, 'card')} in {_counted(files, 'file')}: no errors")


def _rules_problems(root: Path, names: Iterable[str], fresh_only: bool) -> list[Problem]:
    """What the rules of the project's own games (compiler/rules_check.py) do not implement of
    their vocabularies; `fresh_only`: only games whose generated code is that of their cards as
    they are now (the check reads the vocabulary through it)."""
    from paxc.compiler import freshness, rules_check

    own = rules_check.own_games(root, names)
    if fresh_only and own:
        stale = freshness.stale(root).files
        own = [game for game in own if not any(f.startswith(f"cards/{game.name}/") for f in stale)]
    return rules_check.unimplemented(own)


def _exit_if_unimplemented(problems: list[Problem]) -> None:
    if not problems:
        return
    from paxc.compiler import rules_check

    for problem in problems:
        click.echo(rules_check.as_text(problem), err=True)
    click.echo(_counted(len(problems), "error"), err=True)
    sys.exit(1)


def _check_as_json(paths: list[Path], root: Path) -> None:
    """`check --json`: one JSON document on stdout, errors or not; exit status 1 on errors."""
    import json

    from paxc.compiler.project import compile_paths

    result = compile_paths(paths, root, True)
    from paxc.compiler import rules_check

    diagnostics = [d.as_json() for d in result.diagnostics]
    if result.ok:
        diagnostics += [rules_check.as_json(p) for p in _rules_problems(root, result.games, fresh_only=True)]
    report = {
        "ok": not diagnostics,
        "cards": sum(len(f.cards) for g in result.games.values() for f in g.files),
        "files": sum(len(g.files) for g in result.games.values()),
        "errors": len(diagnostics),
        "diagnostics": diagnostics,
    }
    click.echo(json.dumps(report, indent=1, ensure_ascii=False))
    if diagnostics:
        sys.exit(1)


@main.command(name="test")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the results as JSON on stdout: each scenario with its file, line, game, passed, "
    "errata, decisions, expectations, seconds and failures; errors in the files as `check --json` "
    "gives them.",
)
@click.option(
    "--errata-version",
    "errata_versions",
    multiple=True,
    metavar="VERSION",
    help="Which version of the cards with errata every scenario plays, as for play: 'latest' (the "
    "default), 'printed', an erratum's number N, or per card NUMBER:VERSION (3:printed); may be "
    "given several times. A scenario's own 'errata' lines win for what they choose.",
)
@click.pass_context
def test_scenarios(
    ctx: click.Context, paths: tuple[Path, ...], as_json: bool, errata_versions: tuple[str, ...]
) -> None:
    """Run scenario files: a position, scripted decisions, what must hold after.

    PATHS are .paxtest files or folders (default: tests/scenarios/ of the project). The cards
    changed since the last build are built first, as for play. Each scenario is checked first
    as card text is (unknown cards, players, names: located errors,
    and nothing runs); then played on the game's rules from its seeded setup. A failing
    expectation shows the values it read and the decision it followed; an answer that is not
    among a decision's options lists them. With --errata-version, every scenario plays those
    versions of the cards, except those its own 'errata' lines choose (a line 'errata printed'
    chooses every card's). Exits with status 1 when anything failed.
    """
    import json

    from paxc.compiler import scenarios
    from paxc.runtime import scenarios as played
    from paxc.runtime.terminal import style

    root = _root(ctx)
    chosen = ",".join(errata_versions) or None
    if chosen is not None:
        try:
            errata.parse(chosen)
        except errata.ErrataError as error:
            raise click.BadParameter(str(error), param_hint="--errata-version") from error
    fresh_cards(ctx, None)  # the scenarios play the compiled cards: those of the card files now
    loaded = scenarios.load(list(paths), root)
    if loaded.diagnostics:
        if as_json:
            report = {"ok": False, "errors": [d.as_json() for d in loaded.diagnostics], "scenarios": []}
            click.echo(json.dumps(report, indent=1, ensure_ascii=False))
        else:
            with style.colouring(style.wanted(sys.stderr)):
                click.echo(loaded.render_diagnostics(), err=True)
            click.echo(_counted(len(loaded.diagnostics), "error"), err=True)
        sys.exit(1)
    kits = {name: games.load_kit(games.find(name)) for name in sorted({s.game for s in loaded.scenarios})}
    versions = _errata_of_games(chosen, kits)
    started = time.perf_counter()
    results = []
    for scenario in loaded.scenarios:
        scenario = played.with_errata(scenario, versions[scenario.game])
        result = played.run(scenario, kits[scenario.game])
        results.append(result)
        if not as_json:
            mark = "ok  " if result.passed else "FAIL"
            shown = f" [errata {scenario.errata}]" if errata.OPTION in scenario.options else ""
            click.echo(f"{mark} {scenario.where.path}:{scenario.where.line}: {scenario.name}{shown}")
            for failure in result.failures:
                click.echo(failure.render())
    failed = sum(1 for r in results if not r.passed)
    seconds = time.perf_counter() - started
    if as_json:
        report = {
            "ok": failed == 0,
            "errors": [],
            "passed": len(results) - failed,
            "failed": failed,
            "seconds": round(seconds, 3),
            "scenarios": [r.as_json() for r in results],
        }
        click.echo(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        click.echo(
            f"{_counted(len(results), 'scenario')}: {len(results) - failed} passed, {failed} failed ({seconds:.2f} s)"
        )
    if failed or not results:
        if not results and not as_json:
            click.echo("no scenario found", err=True)
        sys.exit(1)


def _errata_of_games(chosen: str | None, kits: dict[str, games.GameKit]) -> dict[str, str | None]:
    """The versions `--errata-version` chooses for the cards of each game a run tests (a card
    named by its number in the game that has it); a usage error for a card no game has or a
    version it lacks."""
    if chosen is None:
        return dict.fromkeys(kits)
    versions: dict[str, str | None] = {}
    named = set(errata.parse(chosen).cards)
    for name, kit in kits.items():
        numbers = {card.number for card in kit.cards}
        named -= numbers
        versions[name] = errata.only_cards(chosen, numbers)
        try:
            errata.check(errata.parse(versions[name] or errata.LATEST), kit.cards, kit.options.title)
        except errata.ErrataError as error:
            raise click.BadParameter(str(error), param_hint="--errata-version") from error
    if named and kits:
        cards = ", ".join(map(str, sorted(named)))
        raise click.BadParameter(
            f"no game of the scenarios run has card {cards} ({', '.join(kits)})",
            param_hint="--errata-version",
        )
    return versions


@main.command()
@click.option(
    "--check",
    "check_only",
    is_flag=True,
    help="Write nothing; exit 1 listing the stale files if generated/ does not match the cards.",
)
@click.option("--stats", is_flag=True, help="Print how long each phase took.")
@click.option(
    "--no-cache",
    is_flag=True,
    help="Compile every card file again, ignoring .paxc-cache/ (the output is the same either way).",
)
@click.pass_context
def build(ctx: click.Context, check_only: bool, stats: bool, no_cache: bool) -> None:
    """Check every card in cards/ and generate the Python modules in generated/.

    Card files unchanged since the last build come from .paxc-cache/. A build with errors leaves
    generated/ untouched.
    """
    root = _root(ctx)
    if not ctx.obj["in_project"]:
        click.echo(
            "no paxc project here (no cards/<game>/game.pax in this folder or above): "
            "checking the installed games' generated code instead of writing it",
            err=True,
        )
        check_only, no_cache = True, True
    started = time.perf_counter()
    try:
        package = generated_package(root)
    except ProjectError as error:
        raise click.ClickException(str(error)) from error
    from paxc.compiler import freshness, incremental

    output = incremental.build_files(root, package, use_cache=not no_cache)
    if output.warning is not None:
        click.echo(f"warning: {output.warning}", err=True)
    result = output.result
    if not result.ok:
        _report(result)
        sys.exit(1)
    files = output.files
    phase = time.perf_counter()
    out_dir = root / "generated"
    if check_only:
        staleness = build_module.stale_files(out_dir, files)
        result.times.add("compare", phase)
        if stats:
            _print_stats(result, output, started)
        if staleness:
            click.echo(
                "generated/ does not match the cards; run 'paxc build' and commit the result:", err=True
            )
            for line in staleness.lines():
                click.echo(f"  {line}", err=True)
            sys.exit(1)
        if ctx.obj["in_project"]:
            freshness.record_build(root, package)
        click.echo(f"generated/ is up to date ({_counted(len(files), 'file')})")
        return
    try:
        changed = build_module.write_atomically(out_dir, files)
    except build_module.WriteError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    freshness.record_build(root, package)
    result.times.add("write", phase)
    if stats:
        _print_stats(result, output, started)
    click.echo(
        f"built {_counted(output.cards, 'card')} of {_counted(output.games, 'game')}: {_written(changed, files)}"
    )
    # The rules of a game whose compiled cards changed, checked against them (its generated code
    # is fresh now); the build stands, the cards being right, but the command fails.
    rebuilt = {path.split("/", 1)[0] for path in changed}
    _exit_if_unimplemented(_rules_problems(root, sorted(rebuilt), fresh_only=False))


def _written(changed: list[str], files: dict[str, str]) -> str:
    """What a build did to generated/, said so that a build with nothing to rewrite (the first
    build of a fresh clone, whose generated/ is committed) does not read as a build that did nothing."""
    if not changed:
        return f"generated/ was already up to date ({_counted(len(files), 'file')} checked, none rewritten)"
    if len(changed) == len(files):
        return f"wrote generated/ ({_counted(len(files), 'file')})"
    return f"wrote {len(changed)} of the {_counted(len(files), 'file')} of generated/ (the others were up to date)"


def _print_stats(result: CompileResult, output: incremental.BuildOutput, started: float) -> None:
    click.echo(
        f"{_counted(output.cards, 'card')}; {_counted(output.cached_files, 'card file')} from the cache"
    )
    for phase, seconds in result.times.seconds.items():
        click.echo(f"  {phase:<11}{seconds * 1000:8.1f} ms")
    click.echo(f"  {'total':<11}{(time.perf_counter() - started) * 1000:8.1f} ms")


# `paxc fmt`: the layout of card, vocabulary and scenario files (compiler/formatter.py).


@main.command(name="fmt")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--check", "check_only", is_flag=True, help="Write nothing; exit 1 listing the files that would change."
)
@click.option(
    "--diff", "show_diff", is_flag=True, help="Write nothing; print what would change as a unified diff."
)
@click.pass_context
def fmt(ctx: click.Context, paths: tuple[Path, ...], check_only: bool, show_diff: bool) -> None:
    """Lay out card, vocabulary and scenario files in the one canonical layout.

    PATHS are .pax and .paxtest files or folders (default: cards/ and tests/scenarios/ of the
    project); '-' reads a card file on standard input and writes it formatted on standard output.
    Only spaces, new lines and ';' change: comments stay where they are and what the cards
    compile to stays the same. A file that does not parse is reported, located, and then nothing
    is written at all (exit status 1).
    """
    from paxc.compiler import formatter

    if paths == (Path("-"),):
        _format_stdin(check_only)
        return
    root = _root(ctx)
    if not paths and not ctx.obj["in_project"]:
        raise click.UsageError("no paxc project here: name the files to format")
    targets = list(paths) or [p for p in (root / "cards", root / "tests" / "scenarios") if p.is_dir()]
    run = formatter.format_files(targets, root)
    if run.diagnostics:
        from paxc.runtime.terminal import style

        with style.colouring(style.wanted(sys.stderr)):
            click.echo(run.render_diagnostics(), err=True)
        click.echo(f"{_counted(len(run.diagnostics), 'error')}: no file formatted", err=True)
        sys.exit(1)
    changed = [f for f in run.files if f.changed]
    if show_diff:
        import difflib

        for item in changed:
            lines = difflib.unified_diff(
                item.before.splitlines(keepends=True),
                item.after.splitlines(keepends=True),
                f"a/{item.shown}",
                f"b/{item.shown}",
            )
            click.echo("".join(lines), nl=False)
    if check_only or show_diff:
        for item in changed:
            click.echo(f"would reformat {item.shown}", err=True)
        click.echo(
            f"{_counted(len(changed), 'file')} would be reformatted, {len(run.files) - len(changed)} already formatted",
            err=True,
        )
        if changed and check_only:
            sys.exit(1)
        return
    for item in changed:
        formatter.write_atomically(item.path, item.after)
        click.echo(f"reformatted {item.shown}")
    click.echo(
        f"{_counted(len(changed), 'file')} reformatted, {len(run.files) - len(changed)} already formatted"
    )


def _format_stdin(check_only: bool) -> None:
    from paxc.compiler import formatter

    text = sys.stdin.read()
    try:
        formatted = formatter.format_source(text, "<stdin>")
    except formatter.FormatError as error:
        from paxc.compiler.source import SourceFile

        sources = {"<stdin>": SourceFile("<stdin>", text)}
        click.echo("\n".join(d.render(sources) for d in error.diagnostics), err=True)
        sys.exit(1)
    if check_only:
        sys.exit(0 if formatted == text else 1)
    click.echo(formatted, nl=False)


@main.command()
@click.argument("game")
@click.option(
    "--into",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder to make (default: ./GAME). It must not exist, or be empty.",
)
def init(game: str, folder: Path | None) -> None:
    """Start a project for a game of your own: its vocabulary, cards, rules and tests.

    GAME names the game (lowercase letters, digits, '_'). The project registers the game with
    paxc through the 'paxc.games' entry point; its cards are compiled at once into generated/.
    Then: cd into it, "pip install -e '.[dev]'" (the game, and pytest for its tests), and
    'paxc simulate GAME'.
    """
    from paxc.compiler import freshness, incremental, scaffold

    folder = folder or Path(game)
    try:
        written = scaffold.create(folder, game)
    except scaffold.InitError as error:
        raise click.ClickException(str(error)) from error
    root = folder.resolve()
    output = incremental.build_files(root, generated_package(root), use_cache=False)
    if not output.result.ok:  # the starter cards always compile; this guards the templates
        _report(output.result)
        sys.exit(1)
    build_module.write_atomically(root / "generated", output.files)
    freshness.record_build(root, generated_package(root))
    click.echo(f"made {folder}/ ({len(written)} files) and compiled its {output.cards} cards into generated/")
    click.echo(f"next: cd {folder} && pip install -e '.[dev]' && paxc simulate {game} --players 3 --games 20")


@main.command()
@click.argument("target", required=False)
@click.option("--game", help="The game to look the card up in, when its number or name is in several.")
@click.option(
    "--notes", is_flag=True, help="Also what only a designer reads: provenance, notes, errata and why."
)
@click.option(
    "--compare",
    is_flag=True,
    help='Show each card\'s intended text (`text "..."`) beside its generated text, and its review.',
)
@click.option("--json", "as_json", is_flag=True, help="With --compare: print the comparison as JSON.")
@click.option(
    "--lang",
    type=click.Choice(["en", "fr"]),
    default="en",
    show_default=True,
    help="The language of the text: fr from each game's `language fr` block.",
)
@click.pass_context
def render(
    ctx: click.Context,
    target: str | None,
    game: str | None,
    notes: bool,
    compare: bool,
    as_json: bool,
    lang: str,
) -> None:
    """Print the text of a card, generated from its definition.

    TARGET is a .pax file (every card in it), a card number or a card name. The text is what a
    player reads (as the table shows it); --notes adds the designer's notes. --compare shows, for
    each card or side with an intended text, that text beside the generated one and what the
    game's text_review.txt says of it (TARGET may then be left out for every card of --game).
    --lang fr says it in French, from the game's `language fr` block.
    """
    from paxc.compiler.render import card_text

    if as_json and not compare:
        raise click.UsageError("--json goes with --compare")
    if compare and lang != "en":
        raise click.UsageError(
            "--compare compares with the intended text, which is English: leave out --lang"
        )
    if target is None and not (compare and game is not None):
        raise click.UsageError("name a card or a .pax file (or, with --compare, a --game)")
    root = _root(ctx)
    if target is None:
        fresh_cards(ctx, None)
        result = _compile_or_exit(card_folders(root), root)
        if game not in result.games:
            raise click.UsageError(f"no game '{game}' (games: {', '.join(sorted(result.games))})")
        cards = list(result.games[game].cards())
    elif target.endswith(".pax") or is_file(Path(target)):
        path = Path(target)
        if _inside(path, root / "cards"):
            fresh_cards(ctx, None)
        result = _compile_or_exit([path], root)
        cards = [card for g in result.games.values() for f in g.files for card in f.cards]
    else:
        fresh_cards(ctx, None)
        result = _compile_or_exit(card_folders(root), root)
        cards = _lookup(result.games, target, game)
    if compare:
        _compare_texts(root, cards, as_json)
        return
    if lang == "fr":
        click.echo("\n\n".join(_french_texts(result, cards, notes)))
        return
    click.echo("\n\n".join(card_text(card, notes=notes) for card in cards))


def _french_texts(result: CompileResult, cards: list[ir.CardIR], notes: bool) -> list[str]:
    """The cards in French; a card the game's `language fr` block lacks a word for is refused
    with that error, located at what the vocabulary declares (exit status 1)."""
    from paxc.compiler.render_fr import FrenchRenderer, MissingWording

    vocabularies = {id(card): g.vocabulary for g in result.games.values() for card in g.cards()}
    renderers: dict[str, FrenchRenderer] = {}
    texts: list[str] = []
    for card in cards:
        vocabulary = vocabularies[id(card)]
        try:
            renderer = renderers.get(vocabulary.name) or FrenchRenderer(vocabulary)
            renderers[vocabulary.name] = renderer
            texts.append(renderer.card_text(card, notes=notes))
        except MissingWording as missing:
            _refuse_missing_wording(missing, card, result.sources)
    return texts


def _refuse_missing_wording(
    missing: MissingWording, card: ir.CardIR | None, sources: dict[str, SourceFile]
) -> NoReturn:
    """A card the game's French cannot say: the error at what the vocabulary declares, exit 1."""
    from paxc.compiler.diagnostics import Code, Diagnostic

    message = missing.what
    if card is not None:
        message += f" (needed by card #{card.number} {card.name}, {card.path}:{card.line})"
    click.echo(Diagnostic(missing.span, Code.BAD_VOCABULARY, message, missing.hint).render(sources), err=True)
    sys.exit(1)


def _french_card_texts(root: Path, game: str) -> dict[tuple[int, int], card_texts.Texts]:
    """Every version of every card of `game` said in French, for the table (`play --lang fr`):
    rendered here, where the compiler is, and handed to the runtime, which renders nothing."""
    from paxc.compiler.render_fr import FrenchRenderer, MissingWording

    folder = game_folder(root, game)
    result = _compile_or_exit([folder] if folder is not None else [], root)
    compiled = result.games.get(game)
    if compiled is None:
        raise click.BadParameter(_unknown_game(game, _known_games(root)), param_hint="GAME")
    texts: dict[tuple[int, int], card_texts.Texts] = {}
    versions = [version for card in compiled.cards() for version in (card, *card.versions)]
    for version in versions:
        try:
            renderer = FrenchRenderer(compiled.vocabulary)
            texts[(version.number, version.version)] = card_texts.Texts(
                renderer.card_text(version),
                renderer.abilities_text(version.abilities),
                tuple(
                    (renderer.side_text(version, side), renderer.abilities_text(side.abilities))
                    for side in version.sides
                ),
            )
        except MissingWording as missing:
            _refuse_missing_wording(missing, version, result.sources)
    return texts


def _compare_texts(root: Path, cards: list[ir.CardIR], as_json: bool) -> None:
    """`paxc render --compare`: intended and generated text side by side, with each review."""
    import json
    import shutil

    from paxc.compiler import text_review

    compared: list[text_review.Compared] = []
    for folder, group in _by_game_folder(root, cards).items():
        try:
            reviews = text_review.read_reviews(folder / text_review.REVIEW_FILE)
        except text_review.ReviewFileError as error:
            raise click.ClickException(str(error)) from error
        compared += text_review.compare(group, reviews)
    if as_json:
        shown = [
            {
                "key": c.unit.key,
                "number": c.unit.number,
                "name": c.unit.name,
                "intended": c.unit.intended,
                "generated": c.unit.generated,
                "fingerprint": c.unit.fingerprint,
                "status": c.status,
                "review": None
                if c.review is None
                else {"verdict": c.review.verdict, "fingerprint": c.review.fingerprint},
            }
            for c in compared
        ]
        click.echo(json.dumps({"compared": shown}, indent=2, ensure_ascii=False))
        return
    if not compared:
        click.echo('no card here says what it is meant to say (`text "..."`)')
        return
    width = max(60, min(160, shutil.get_terminal_size((120, 24)).columns))
    for item in compared:
        click.echo(_side_by_side(item, width))
    counts = {
        status: sum(1 for c in compared if c.status == status)
        for status in ("agrees", "differs", "changed", "unreviewed")
    }
    click.echo(
        f"{_counted(len(compared), 'text')} compared: {counts['agrees']} agree, {counts['differs']} differ "
        f"(reviewed), {counts['changed']} changed since reviewed, {counts['unreviewed']} not reviewed"
    )


def _by_game_folder(root: Path, cards: list[ir.CardIR]) -> dict[Path, list[ir.CardIR]]:
    """The cards by the folder of their game (where its game.pax and text_review.txt are)."""
    found: dict[Path, list[ir.CardIR]] = {}
    for card in cards:
        path = Path(card.path)
        path = path if path.is_absolute() else root / path
        folder = next((p for p in path.parents if (p / "game.pax").is_file()), path.parent)
        found.setdefault(folder, []).append(card)
    return found


def _side_by_side(item: text_review.Compared, width: int) -> str:
    """One compared text: a heading with its status, then the two texts in two columns."""
    import textwrap
    from itertools import zip_longest

    unit = item.unit
    verdict = item.review.verdict if item.review is not None and item.status != "changed" else ""
    status = {
        "agrees": "agrees",
        "differs": verdict,
        "changed": f"generated text changed since reviewed: review it, then write '{item.update_line()}'",
        "unreviewed": f"not reviewed: write '{item.update_line()}'",
    }[item.status]
    column = (width - 3) // 2
    left = ["intended"] + [
        line for part in unit.intended.splitlines() for line in textwrap.wrap(part, column) or [""]
    ]
    right = ["generated"]
    for part in unit.generated.splitlines():
        indent = part[: len(part) - len(part.lstrip())]
        right += textwrap.wrap(part, column, subsequent_indent=indent + "  ") or [""]
    rows = [f"{a:<{column}} | {b}".rstrip() for a, b in zip_longest(left, right, fillvalue="")]
    return "\n".join([f"#{unit.key} {unit.name}: {status}", *rows, ""])


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError):
        return False


@main.command(name="diff")
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option(
    "--errata", "errata_of", metavar="CARD", help="Compare CARD as printed with each of its errata instead."
)
@click.option("--game", help="With --errata: the game to look the card up in, when its name is in several.")
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON, for machines.")
@click.pass_context
def diff_cards(
    ctx: click.Context,
    old: str | None,
    new: str | None,
    errata_of: str | None,
    game: str | None,
    as_json: bool,
) -> None:
    """Show what a change to the cards changes, card by card.

    OLD and NEW are git revisions of the project (default: HEAD against the working tree; with OLD
    alone, OLD against the working tree). For each card added, removed or changed: the attributes
    that changed, its text before and after as a word diff ([-removed-]{+added+}), and what its
    changed effects touch (triggers, modifiers, operations, ...) with the other cards that use the
    same. Each version must compile; nothing in the project is written.
    """
    import json

    from paxc.compiler import diff

    root = _root(ctx)
    try:
        if errata_of is not None:
            if new is not None:
                raise click.UsageError("--errata takes at most one revision (default: the working tree)")
            result = diff.checked_version(root, old)
            card = _lookup(result.games, errata_of, game)[0]
            game_name = next(name for name, g in result.games.items() if card in g.cards())
            versions = diff.errata_versions(result.games[game_name], card)
            if as_json:
                shown = [{"version": e.version, "note": e.note, "change": d.as_json()} for e, d in versions]
                click.echo(json.dumps({"card": card.number, "name": card.name, "errata": shown}, indent=2))
                return
            if not card.errata:
                click.echo(f"#{card.number} {card.name} has no errata")
            colour = _colour_wanted()
            for erratum, change in versions:
                click.echo(f"erratum {erratum.version} ({erratum.note}) against the printed card:")
                click.echo("\n".join(diff.render([change], colour)))
            return
        before = diff.checked_version(root, old or "HEAD")
        after = diff.checked_version(root, new)
    except diff.DiffError as error:
        if error.result is not None:
            _report(error.result)
        raise click.ClickException(str(error)) from error
    changes = diff.compare(before.games, after.games)
    if as_json:
        names = {"old": old or "HEAD", "new": new or diff.WORKING_TREE}
        click.echo(json.dumps(names | {"cards": [c.as_json() for c in changes]}, indent=2))
        return
    if not changes:
        click.echo(f"no card changed between {old or 'HEAD'} and {new or diff.WORKING_TREE}")
        return
    click.echo("\n".join(diff.render(changes, _colour_wanted())).rstrip("\n"))
    click.echo(_counted(len(changes), "card") + " changed")


def _colour_wanted() -> bool:
    from paxc.runtime.terminal import style

    return style.wanted(sys.stdout)


def _lookup(games: dict[str, ir.GameIR], target: str, game: str | None) -> list[ir.CardIR]:
    """The cards TARGET names, found as `c NAME` finds them while playing (card_lookup: a number,
    a whole name, the start of a name or of one of its words, any part of it)."""
    from paxc.runtime.core import card_lookup

    if game is not None and game not in games:
        raise click.BadParameter(_unknown_game(game, games), param_hint="--game")
    pool = [(name, card) for name, g in games.items() if game in (None, name) for card in g.cards()]
    game_of = {id(card): name for name, card in pool}
    found = card_lookup.find(
        [card for _, card in pool], target, lambda card: [card.name, *(side.title for side in card.sides)]
    )
    names_found = {game_of[id(card)] for card in found.cards}
    if len(names_found) > 1:
        raise click.BadParameter(
            f"'{target}' names cards in several games; add --game ({', '.join(sorted(names_found))})",
            param_hint="TARGET",
        )
    # Several copies of one card (one name) are all printed; several different cards are a question.
    if not found.cards or len({card.name for card in found.cards}) > 1:
        raise click.BadParameter(card_lookup.answer(found, target, str), param_hint="TARGET")
    return list(found.cards)


def _unknown_game(game: str, known: Iterable[str]) -> str:
    names = sorted(known)
    close = close_name(game, names)
    suggestion = f"; did you mean '{close}'?" if close is not None else ""
    return f"unknown game '{game}'{suggestion} (games: {', '.join(names)})"


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON, for machines.")
@click.option("--quick", is_flag=True, help="Fewer, shorter runs: rough figures, fast.")
@click.option(
    "--peer",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    metavar="MODULE",
    help="A JavaScript module of Pax Pamir exporting playRandomGame (README, Figures): its random "
    "self-play is timed beside paxc's under node, and the ratio printed.",
)
@click.option(
    "--instructions",
    is_flag=True,
    help="Count the CPU instructions a game costs under valgrind's callgrind instead of timing "
    "(figures the machine's load does not move; a few minutes).",
)
@click.pass_context
def bench(ctx: click.Context, as_json: bool, quick: bool, peer: Path | None, instructions: bool) -> None:
    """Measure self-play, clone and playout, build and check speed, memory and state size, and
    print the figures; or, with --instructions, count the instructions of self-play and of a
    clone and its playout."""
    import json
    import shutil

    from paxc.compiler import bench as benchmark

    node = valgrind = None
    if peer is not None and instructions:
        raise click.UsageError("--peer times a peer engine; it does not go with --instructions")
    if peer is not None:
        node = shutil.which("node")
        if node is None:
            raise click.UsageError("--peer runs the peer engine under node, and there is no 'node' on PATH")
    if instructions:
        valgrind = shutil.which("valgrind")
        if valgrind is None:
            raise click.UsageError("--instructions counts under valgrind, and there is no 'valgrind' on PATH")
    for game in benchmark.GAMES_PLAYED:
        fresh_cards(ctx, game)
    if valgrind is not None:
        from paxc.compiler import bench_counts

        try:
            counted = bench_counts.run(
                _root(ctx), valgrind, quick, lambda step: click.echo(f"... {step}", err=True)
            )
        except RuntimeError as error:
            raise click.ClickException(str(error)) from error
        click.echo(
            json.dumps(counted, indent=1, sort_keys=True)
            if as_json
            else "\n".join(bench_counts.report(counted))
        )
        return
    try:
        figures = benchmark.run(
            _root(ctx),
            quick,
            lambda step: click.echo(f"... {step}", err=True),
            None if peer is None or node is None else (node, peer),
        )
    except RuntimeError as error:
        raise click.ClickException(str(error)) from error
    if as_json:
        click.echo(json.dumps(figures, indent=1, sort_keys=True))
    else:
        click.echo("\n".join(benchmark.report(figures)))


@main.command()
@click.option("--clean", is_flag=True, help="Remove the compiled runtime instead of building it.")
@click.pass_context
def accelerate(ctx: click.Context, clean: bool) -> None:
    """Compile the game runtime with mypyc into .paxc-fast/, for 'paxc simulate --compiled'.

    The pure Python runtime stays the default; the compiled one plays the same games, seed for
    seed, about twice as fast. Build it again after changing the runtime or the cards.
    """
    import shutil

    from paxc.runtime import accelerate as compiled_runtime

    folder = compiled_runtime.build_folder(_root(ctx))
    if clean:
        shutil.rmtree(folder, ignore_errors=True)
        click.echo(f"removed {folder.name}/")
        return
    click.echo("compiling the runtime and the cards with mypyc (a few minutes)...", err=True)
    try:
        compiled_runtime.build(_root(ctx))
    except OSError as error:  # a read-only project, a full disk
        raise click.ClickException(
            f"cannot write {folder.name}/: {error.strerror or error} ({folder.parent})"
        ) from error
    click.echo(f"compiled runtime in {folder.name}/: use 'paxc simulate ... --compiled'")


# ---------------------------------------------------------------------- never stale


def fresh_cards(ctx: click.Context, game: str | None) -> None:
    """Make sure the compiled cards a command is about to run (or show) are those of the card
    files as they are now: every command that runs compiled cards calls this first.

    A game played from this project (`game` installed from its folder, or only in its cards/;
    None: any game of it) is built incrementally if any card file changed since generated/ was
    made (or another compiler made it), with one line on stderr; cards that do not compile are
    refused with their diagnostics, exit status 1, and generated/ is left as it was. A game
    installed from elsewhere (paxc's own games outside their repository, a game installed from
    a wheel) is only checked: its generated code must match the card files installed with it,
    or the command refuses.
    """
    root = _root(ctx)
    in_project = bool(ctx.obj["in_project"])
    installed = games.installed().get(game) if game is not None else None
    home = installed.cards.resolve().parent.parent if installed is not None else None
    if home is None or home == root:
        if in_project and (game is None or is_file(root / "cards" / game / "game.pax")):
            _build_if_stale(root)
        if not in_project and home is not None:
            _check_installed(home, game, None)
        return
    _check_installed(home, game, root if in_project else None)


def _check_installed(home: Path, game: str | None, project: Path | None) -> None:
    """Refuse to run an installed game whose generated code does not match its card files (they
    were edited where it is installed); note when the project at hand has other cards of it."""
    from paxc.compiler import freshness

    if not (home / "generated" / str(game) / "__init__.py").is_file():
        return  # a plug-in laid out otherwise: nothing to compare its cards with
    staleness = freshness.stale(home)
    if staleness:
        shown = ", ".join(staleness.files[:3]) + (", ..." if len(staleness.files) > 3 else "")
        raise click.ClickException(
            f"the generated code of {game} in {home} does not match its card files ({shown}): "
            "run 'paxc build' there, or install the game again"
        )
    if project is None or not (project / "cards" / str(game) / "game.pax").is_file():
        return
    prefix = f"cards/{game}/"
    mine = {p: h for p, h in freshness.card_sources(project).items() if p.startswith(prefix)}
    theirs = {p: h for p, h in freshness.card_sources(home).items() if p.startswith(prefix)}
    if mine != theirs:
        click.echo(
            f"paxc: note: {game} is played as installed in {home}, not with this project's cards "
            "(install this project with 'pip install -e .' to play them)",
            err=True,
        )


def _build_if_stale(root: Path) -> None:
    """Build the project if its generated code is stale (see `fresh_cards`)."""
    from paxc.compiler import freshness

    try:
        package = generated_package(root)
    except ProjectError as error:
        raise click.ClickException(str(error)) from error
    if not freshness.stale(root, package):
        return
    started = time.perf_counter()
    try:
        with build_module.project_lock(root):
            # Another command may have built it while this one waited for the project.
            staleness = freshness.stale(root, package)
            if not staleness:
                return
            from paxc.compiler import incremental

            output = incremental.build_files(root, package)
            if output.warning is not None:
                click.echo(f"warning: {output.warning}", err=True)
            if not output.result.ok:
                click.echo(
                    f"paxc: the cards do not compile ({staleness.summary()} since the last build); "
                    "nothing was run:",
                    err=True,
                )
                _report(output.result)
                sys.exit(1)
            build_module.write_atomically(root / "generated", output.files, locked=True)
            freshness.record_build(root, package)
    except build_module.WriteError as error:
        raise click.ClickException(f"{error}; the cards changed since it was built") from error
    except OSError as error:  # the project folder cannot be locked (opened) at all
        raise click.ClickException(_system_error(error)) from error
    seconds = time.perf_counter() - started
    click.echo(f"paxc: built {staleness.summary()} ({seconds:.2f} s)", err=True)


def _game_run(arguments: dict[str, object]) -> str | None:
    """The game a game command will run: named (GAME), or that of the save it loads."""
    game = arguments.get("game")
    if isinstance(game, str):
        return game
    save = arguments.get("load_path") or arguments.get("log")
    return game_commands.saved_game(save) if isinstance(save, Path) else None


def _fresh_first(command: click.Command) -> click.Command:
    """A game command (play, simulate, replay) that first makes sure of its compiled cards."""
    callback = command.callback
    assert callback is not None

    @functools.wraps(callback)
    def run(*args: object, **arguments: object) -> object:
        context = click.get_current_context()
        fresh_cards(context, _game_run(arguments))
        lang = arguments.pop("lang", "en")
        game = _game_run(arguments)
        if lang == "fr" and game is not None:  # the table shows the cards in French
            card_texts.show(_french_card_texts(_root(context), game))
        try:
            return callback(*args, **arguments)
        finally:
            card_texts.show({})

    fresh = copy.copy(command)
    fresh.callback = run
    if command.name == "play":
        fresh.params = [
            *command.params,
            click.Option(
                ["--lang"],
                type=click.Choice(["en", "fr"]),
                default="en",
                show_default=True,
                help="The language of the cards' text at the table: fr from the game's `language fr` "
                "block (the board and the options stay English).",
            ),
        ]
    return fresh


for _command in game_commands.COMMANDS:
    main.add_command(_fresh_first(_command))
main.add_command(_fresh_first(compare_command))


def _compile_game(root: Path, game: str) -> ir.GameIR:
    """The compiled cards of one game (the project's cards/GAME/, else the installed game's); a
    usage error naming the games if unknown."""
    folder = game_folder(root, game)
    result = _compile_or_exit([folder] if folder is not None else [], root)
    if game not in result.games:
        raise click.BadParameter(_unknown_game(game, _known_games(root)), param_hint="GAME")
    return result.games[game]


def _known_games(root: Path) -> list[str]:
    """The games of the project and those installed."""
    return sorted({p.parent.name for p in (root / "cards").glob("*/game.pax")} | set(games.installed()))


@main.command(name="coverage")
@game_commands.GAME
@game_commands.PLAYERS
@click.option(
    "--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many games to play."
)
@click.option(
    "--seed",
    type=game_commands.SEED,
    default=1,
    show_default=True,
    help="Seed of the run: the games are those 'paxc simulate' plays with it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON on stdout, for tools.")
@click.option(
    "--html",
    "html_folder",
    type=click.Path(path_type=Path),
    metavar="DIR",
    help="Also write the report as web pages into DIR (made, or replacing the report there): an "
    "index per card file and each card file's source with every line marked and counted.",
)
@click.pass_context
def coverage_command(
    ctx: click.Context,
    game: str,
    players: int | None,
    count: int,
    seed: int,
    as_json: bool,
    html_folder: Path | None,
) -> None:
    """Count what the cards of GAME did in random self-played games, per card file.

    How often each one-shot effect, trigger and replacement ran, how often each modifier
    changed the value it was asked about (and how often it was asked), how often each branch of
    each 'if' was taken (an 'if' without 'else' has its unwritten one), and which cards never
    acted. The games are those 'paxc simulate GAME --seed S' plays. With --html DIR, the same as
    static web pages (DIR/index.html; self-contained, written whole or not at all; a DIR holding
    anything but a report is refused). Exits 1 if any game failed.
    """
    from paxc.compiler import coverage

    fresh_cards(ctx, game)
    root = _root(ctx)
    folder = game_folder(root, game)
    if folder is None:
        raise click.BadParameter(_unknown_game(game, _known_games(root)), param_hint="GAME")
    game_commands.installed_game(game)  # its games are played through its installed rules
    home = folder.resolve().parent.parent  # the project, or where the game is installed
    compiled = _compile_or_exit([folder], home)
    package = coverage.generated_package_of(home, game)
    if game not in compiled.games or package is None:
        raise click.ClickException(f"no generated code of {game} in {home / 'generated'}")
    try:
        result = coverage.measure(compiled.games[game], package, players, count, seed)
    except coverage.CoverageError as error:
        raise click.ClickException(str(error)) from error
    if html_folder is not None:
        from paxc.compiler import coverage_html

        try:
            index = coverage_html.write(result, compiled.sources, html_folder)
        except coverage_html.ReportError as error:
            raise click.ClickException(str(error)) from error
        click.echo(f"paxc: wrote the HTML report: {index}", err=True)
    if as_json:
        import json

        click.echo(json.dumps(result.as_json(), indent=1, ensure_ascii=False))
    else:
        click.echo("\n".join(result.lines()))
    if result.errors:
        sys.exit(1)


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("mypy_arguments", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def typecheck(ctx: click.Context, mypy_arguments: tuple[str, ...]) -> None:
    """Type-check the project's rules and generated cards with mypy --strict.

    The rules are checked against the generated <Game>Effects protocol the cards are written
    against. mypy runs no import hook, so it reads the packages the project maps (and paxc's own)
    through links in build/typecheck/, made again at each run. Arguments after the command go
    to mypy. Exit status: mypy's.
    """
    from paxc.compiler import typecheck as typecheck_module

    if not ctx.obj["in_project"]:
        raise click.ClickException("no paxc project here (no cards/<game>/game.pax in this folder or above)")
    try:
        status = typecheck_module.run(_root(ctx), list(mypy_arguments))
    except typecheck_module.TypecheckError as error:
        raise click.ClickException(str(error)) from error
    except OSError as error:
        raise click.ClickException(f"cannot make build/typecheck/: {error}") from error
    sys.exit(status)


@main.command(name="list")
@game_commands.GAME
@click.pass_context
def list_cards(ctx: click.Context, game: str) -> None:
    """List the cards of GAME: one line each with number, name and type."""
    for card in _compile_game(_root(ctx), game).cards():
        click.echo(f"{card.number:>4}  {card.name}  [{card.card_type}]")


@main.command(name="cards")
@game_commands.GAME
@click.option(
    "--svg",
    "svg_folder",
    type=click.Path(path_type=Path),
    metavar="DIR",
    required=True,
    help="Write the images into DIR (made, or replacing the images there): one SVG file per card "
    "and index.html showing them all, with a search box.",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "fr"]),
    default="en",
    show_default=True,
    help="The language of the cards' text: fr from the game's `language fr` block.",
)
@click.pass_context
def cards_command(ctx: click.Context, game: str, svg_folder: Path, lang: str) -> None:
    """Draw every card of GAME as an image, from its definition.

    Each card shows its number, type and name, its attributes and icons as badges, what it does
    (the text 'paxc render' prints), each side of a double-sided card, and its provenance. The
    images are SVG files named by number and name (0003-prince-akbar-khan.svg); DIR/index.html
    shows them all, with a search box that filters them by name, text or type as you type. The
    folder is written whole or not at all; a DIR holding anything but card images is refused.
    --lang fr draws them in French.
    """
    from paxc.compiler import card_images, pages
    from paxc.compiler.render_fr import MissingWording

    compiled = _compile_game(_root(ctx), game)
    wording = None
    if lang == "fr":
        card: ir.CardIR | None = None
        try:  # every card said first: a word missing refuses the whole folder before any is written
            wording = card_images.french_wording(compiled)
            for card in compiled.cards():
                wording.card_text(card)
        except MissingWording as missing:
            _refuse_missing_wording(missing, card, {})
    try:
        drawn = card_images.write(compiled, svg_folder, wording)
    except pages.FolderError as error:
        raise click.ClickException(str(error)) from error
    click.echo(
        f"drew {_counted(len(drawn), 'card')} of {compiled.vocabulary.title} into {svg_folder}/: "
        f"open {svg_folder / card_images.INDEX}"
    )


@main.command(name="profile")
@game_commands.GAME
@click.option(
    "--exclude",
    "excluded",
    multiple=True,
    metavar="TYPE",
    help="Leave the cards of this card type out of every figure (repeatable), e.g. --exclude hacendado.",
)
@click.option(
    "--prestige",
    "prestige_attribute",
    metavar="NAME",
    help=f"The attribute holding a card's upright prestige points (default: {deck_profile.DEFAULT_PRESTIGE}).",
)
@click.option(
    "--victim-prestige",
    "victim_attribute",
    metavar="NAME",
    help="The attribute holding the points awarded to a card's victim "
    f"(default: {deck_profile.DEFAULT_VICTIM_PRESTIGE}).",
)
@click.option(
    "--regime-change",
    "regime_attribute",
    metavar="NAME",
    help=f"The attribute naming the regime a card changes to (default: {deck_profile.DEFAULT_REGIME_CHANGE}).",
)
@click.option(
    "--distribution",
    "distributions",
    multiple=True,
    metavar="NAME",
    help="Profile this number attribute as a distribution: faces per value, totals (repeatable), e.g. "
    "--distribution cost.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the profile as JSON, for machines.")
@click.pass_context
def profile_deck(
    ctx: click.Context,
    game: str,
    excluded: tuple[str, ...],
    prestige_attribute: str | None,
    victim_attribute: str | None,
    regime_attribute: str | None,
    distributions: tuple[str, ...],
    as_json: bool,
) -> None:
    """Profile the deck of GAME, for designers balancing it.

    Cards per card type and per provenance; where the game's cards carry them, prestige points
    per kind (upright and victim-awarded) and the cards changing the regime to each regime, both
    split by card type. Every side of a card counts. A game without these attributes gets the
    counts only; an attribute named with an option must exist. An attribute holding a number (a
    prestige of int, or any named with --distribution) is shown as a distribution: the faces
    holding each value, a bar for each, and its totals.
    """
    compiled = _compile_game(_root(ctx), game)
    options = {
        "--prestige": prestige_attribute,
        "--victim-prestige": victim_attribute,
        "--regime-change": regime_attribute,
    }
    unknown = sorted(set(excluded) - set(compiled.vocabulary.card_types))
    if unknown:
        raise click.BadParameter(
            f"no card type {', '.join(repr(t) for t in unknown)} in {game} "
            f"(types: {', '.join(compiled.vocabulary.card_types)})",
            param_hint="--exclude",
        )
    for option, name in options.items():
        if name is not None and not deck_profile.has_attribute(compiled.vocabulary, name):
            raise click.BadParameter(f"no card type of {game} has an attribute '{name}'", param_hint=option)
    for name in distributions:
        if not deck_profile.has_attribute(compiled.vocabulary, name):
            raise click.BadParameter(
                f"no card type of {game} has an attribute '{name}'", param_hint="--distribution"
            )
    try:
        result = deck_profile.profile(
            compiled,
            prestige=prestige_attribute or deck_profile.DEFAULT_PRESTIGE,
            victim_prestige=victim_attribute or deck_profile.DEFAULT_VICTIM_PRESTIGE,
            regime_change=regime_attribute or deck_profile.DEFAULT_REGIME_CHANGE,
            exclude=excluded,
            distributions=distributions,
        )
    except deck_profile.ProfileError as error:
        raise click.UsageError(str(error)) from error
    if as_json:
        import json

        click.echo(json.dumps(result.as_json(), indent=1))
    else:
        click.echo(deck_profile.render(result))


# ---------------------------------------------------------------- paxc lsp (compiler/lsp/)


@main.command(name="lsp")
@click.option("--tcp", is_flag=True, help="Listen on a TCP port instead of talking over stdin and stdout.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --tcp: the address to listen on.")
@click.option(
    "--port", type=click.IntRange(1, 65535), default=2087, show_default=True, help="With --tcp: the port."
)
def lsp_command(tcp: bool, host: str, port: int) -> None:
    """Run the language server for card files (LSP), for editors: diagnostics as you type,
    hover, go to definition, completion, document symbols. Needs pygls: pip install 'paxc[lsp]'."""
    import importlib.util

    if importlib.util.find_spec("pygls") is None:
        raise click.ClickException("paxc lsp needs pygls: pip install 'paxc[lsp]'")
    from paxc.compiler.lsp.server import serve

    serve(tcp=tcp, host=host, port=port)


# ---------------------------------------------------------------- paxc serve (runtime/web/)


@main.command(name="serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port.")
@click.pass_context
def serve_command(ctx: click.Context, host: str, port: int) -> None:
    """Host games in a browser: a start page creates a game of any installed game (people and
    bots), with one link per seat; each page shows only its seat's view and follows the game
    live. Needs Starlette and uvicorn: pip install 'paxc[web]'."""
    from paxc.runtime.web import serve

    why = serve.missing()
    if why is not None:
        raise click.ClickException(why)
    fresh_cards(ctx, None)
    serve.serve(host, port)


if __name__ == "__main__":
    main()
