"""Scenario files (`*.paxtest`, `paxc test`): checked as card text is, lowered for the runtime.

A scenario file names its game, then holds scenarios (grammar/scenario.lark):

    game pamir

    scenario "Insurrection: two Afghan armies in Kabul after a dominance check" {
      players 2
      seed 3
      put card "Prince Akbar Khan" in court of P0
      P0 chooses "buy Dominance Check"
      expect armies_in(Kabul, Afghan) == 2
    }

Its lines are the card language's: a position line is a phrase (the game's settings, declared by
its `Arrangement`, and the vocabulary's operations, checked by the operation checker), an
expectation a condition (checked by the expression checker, with the vocabulary's queries,
zones and money), both written as Python by the card code generator; a card is `card N` or
`card "Name"`, a player `P0`, `P1`, ... or the names of a `players` line. Every error is a located
diagnostic, as `paxc check` reports them, and a file with one runs no scenario.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paxc.compiler import ast, ir, pynames
from paxc.compiler.checking.expressions import ExpressionChecker
from paxc.compiler.checking.modifiers import ModifierChecker
from paxc.compiler.checking.operations import OperationChecker
from paxc.compiler.checking.scopes import Binding, CardContext, Scope
from paxc.compiler.checking.statements import StatementChecker
from paxc.compiler.codegen import Names, _Emitter, _ModuleState
from paxc.compiler.diagnostics import Code, Diagnostic, Reporter
from paxc.compiler.folders import is_file
from paxc.compiler.parser import parse_scenarios
from paxc.compiler.project import compile_paths, display_path
from paxc.compiler.source import SourceFile, Span
from paxc.compiler.types import BOOL, CARD, INT, PLAYER, TEXT, Type, enum_type
from paxc.compiler.vocabulary import HookSpec, ParamSpec, Vocabulary
from paxc.runtime import games
from paxc.runtime import scenarios as run
from paxc.runtime.core import errata
from paxc.runtime.core.arrange import Arrangement, Setting
from paxc.runtime.core.zones import Place

SUFFIX = ".paxtest"
# Where `paxc test` looks when given no paths, below the project folder.
DEFAULT_FOLDER = Path("tests") / "scenarios"
# The lines that say which game is played, rather than set the position.
_GAME_LINES = ("players", "seed", "variant", "errata")
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=", "in")


@dataclass
class Loaded:
    """The scenarios of the files read, or the diagnostics that keep them from running."""

    sources: dict[str, SourceFile] = field(default_factory=dict)
    scenarios: list[run.Scenario] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def render_diagnostics(self) -> str:
        return "\n".join(d.render(self.sources) for d in self.diagnostics)


def scenario_files(paths: Sequence[Path], root: Path, reporter: Reporter) -> list[Path]:
    """The scenario files of `paths` (a folder: every `*.paxtest` below it); none given: those
    below the project's tests/scenarios/."""
    found: list[Path] = []
    for path in paths or [root / DEFAULT_FOLDER]:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob(f"*{SUFFIX}") if is_file(p)))
        elif is_file(path):
            found.append(path)
        elif paths:
            span = Span(display_path(path, root), 1, 1, 1, 1)
            reporter.error(span, Code.BAD_FILE, f"no such file or folder: {path}")
    return found


def load(paths: Sequence[Path], root: Path, texts: Mapping[Path, str] | None = None) -> Loaded:
    """Read, parse and check the scenario files; every error reported, none raised.

    `texts`: the text of some files, scenario or card files (by absolute path), to read instead of
    what is on disk, for an editor's unsaved documents (`paxc lsp`)."""
    texts = {path.absolute(): text for path, text in (texts or {}).items()}
    reporter = Reporter()
    loaded = Loaded()
    games_seen: dict[str, _Game | None] = {}
    for path in scenario_files(paths, root, reporter):
        shown = display_path(path, root)
        try:
            unsaved = texts.get(path.absolute())
            source = SourceFile(shown, unsaved) if unsaved is not None else SourceFile.read(path, shown)
        except (OSError, UnicodeDecodeError) as error:
            reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read the file: {error}")
            continue
        loaded.sources[shown] = source
        tree, syntax = parse_scenarios(source)
        reporter.extend(syntax)
        game = _file_game(tree, reporter, root, games_seen, loaded, texts)
        if game is None:
            continue
        for scenario in tree.scenarios:
            before = reporter.count
            checked = _ScenarioChecker(game, reporter, source).check(scenario)
            if checked is not None and reporter.count == before:
                loaded.scenarios.append(checked)
    loaded.diagnostics = reporter.diagnostics
    return loaded


# ---------------------------------------------------------------------- the game of a file


@dataclass
class _Game:
    name: str
    vocabulary: Vocabulary
    cards: dict[int, str]  # number -> name
    versions: dict[int, tuple[int, ...]]  # number -> its versions: 0 as printed, then its errata's
    kit: games.GameKit
    arrangement: Arrangement


def _file_game(
    tree: ast.ScenarioFile,
    reporter: Reporter,
    root: Path,
    seen: dict[str, _Game | None],
    loaded: Loaded,
    texts: Mapping[Path, str],
) -> _Game | None:
    if not tree.headers:
        reporter.error(
            Span(tree.path, 1, 1, 1, 2),
            Code.SYNTAX,
            "a scenario file starts with its game",
            "write 'game NAME' first",
        )
        return None
    header = tree.headers[0]
    for extra in tree.headers[1:]:
        reporter.error(extra.span, Code.DUPLICATE_NAME, "a scenario file names its game once")
    name = header.game.text
    if name not in seen:
        seen[name] = _game(name, header.game, reporter, root, loaded, texts)
    elif seen[name] is None:
        reporter.error(header.game.span, Code.UNKNOWN_NAME, f"the game '{name}' cannot be tested (see above)")
    return seen[name]


def _game(
    name: str, ident: ast.Ident, reporter: Reporter, root: Path, loaded: Loaded, texts: Mapping[Path, str]
) -> _Game | None:
    installed = games.installed()
    if name not in installed:
        note = games.not_installed(name, root)
        if note:
            reporter.error(ident.span, Code.UNKNOWN_NAME, f"unknown game '{name}'", note)
        else:
            reporter.unknown(ident.span, "game", name, installed)
        return None
    game = installed[name]
    folder = root / "cards" / name
    compiled = compile_paths([folder if folder.is_dir() else game.cards], root, texts=texts)
    if not compiled.ok or name not in compiled.games:
        loaded.sources.update(compiled.sources)
        reporter.extend(compiled.diagnostics)
        reporter.error(ident.span, Code.BAD_FILE, f"the cards of '{name}' do not compile: no scenario runs")
        return None
    try:
        kit = games.load_kit(game)
    except games.BrokenGame as error:
        reporter.error(ident.span, Code.BAD_FILE, str(error))
        return None
    if kit.arrange is None:
        reporter.error(
            ident.span,
            Code.INVALID_ATTRIBUTE,
            f"the game '{name}' offers no scenarios (its kit has no arrange)",
        )
        return None
    if not kit.cards:
        reporter.error(
            ident.span, Code.INVALID_ATTRIBUTE, f"the game '{name}' gives its kit no cards (GameKit.cards)"
        )
        return None
    ir_game = compiled.games[name]
    cards = {card.number: card.name for card in ir_game.cards()}
    versions = {card.number: tuple(v.version for v in (*card.versions, card)) for card in ir_game.cards()}
    return _Game(name, ir_game.vocabulary, cards, versions, kit, kit.arrange)


# ---------------------------------------------------------------------- one scenario


class _ScenarioChecker:
    def __init__(self, game: _Game, reporter: Reporter, source: SourceFile) -> None:
        self.source = source
        self.game = game
        self.reporter = reporter
        self.vocab = game.vocabulary
        self.setting_vocab = _with_hooks(self.vocab, game.arrangement.settings, "operation", reporter)
        self.query_vocab = _with_hooks(self.vocab, game.arrangement.queries, "query", reporter)
        self.players: dict[str, int] = {}
        self.cards: set[int] = set()

    def check(self, scenario: ast.Scenario) -> run.Scenario | None:
        options: dict[str, Any] = {}
        seed = 1
        names: list[str] | None = None
        versions: list[str] = []  # the parts of its `errata` option
        where = _where(scenario.span)
        for line in scenario.lines:
            if isinstance(line, ast.Phrase) and line.head.text in _GAME_LINES:
                values = [value for group in line.groups for value in group]
                if line.head.text == "errata":
                    self._errata(line, values, versions)
                elif line.head.text == "seed":
                    seed = self._whole(values, line, "seed")
                elif line.head.text == "players" and values and all(isinstance(v, ast.Name) for v in values):
                    names = [v.ident.text for v in values if isinstance(v, ast.Name)]
                    options["players"] = len(names)
                elif line.head.text == "players":
                    options["players"] = self._whole(values, line, "players")
                else:
                    for value in values:
                        if isinstance(value, ast.Name) and value.ident.text in self.game.kit.variants:
                            options[value.ident.text] = True
                        else:
                            shown = value.ident.text if isinstance(value, ast.Name) else "this"
                            self.reporter.unknown(
                                value.span,
                                f"{self.game.name} variant",
                                shown,
                                self.game.kit.variants,
                                listing=True,
                            )
        if versions:
            options[errata.OPTION] = ",".join(versions)
        seats = self._seats(options, seed, scenario)
        if seats is None:
            return None
        self.players = {f"P{seat}": seat for seat in range(seats)}
        seat_names = [f"P{seat}" for seat in range(seats)]
        for seat, name in enumerate(names or []):
            if seat < seats:
                self.players[name] = seat
                seat_names[seat] = name
        steps = list(self._steps(scenario))
        bindings = [(_local(name), "player", seat) for name, seat in self.players.items()]
        bindings += [(_local(_card_name(number)), "card", number) for number in sorted(self.cards)]
        return run.Scenario(
            name=scenario.name.value,
            where=where,
            game=self.game.name,
            options=options,
            seed=seed,
            players=tuple(seat_names),
            bindings=tuple(bindings),
            steps=tuple(steps),
        )

    def _errata(self, line: ast.Phrase, values: list[ast.Expr], versions: list[str]) -> None:
        """`errata printed`, `errata latest`, `errata N` (each card as its errata up to N leave
        it), `errata VERSION for card C`: the versions of the cards the scenario plays, as the
        option `errata` of a game says them (runtime/core/errata.py)."""
        usage = "errata printed, errata latest, errata N, or errata VERSION for card C"
        version = values[0] if len(values) == 1 else None
        text = (
            version.ident.text
            if isinstance(version, ast.Name) and version.ident.text in (errata.PRINTED, errata.LATEST)
            else str(version.value)
            if isinstance(version, ast.IntLit)
            else None
        )
        if text is None:
            self.reporter.error(line.span, Code.WRONG_ARGUMENTS, "'errata' takes one version", usage)
            return
        number: int | None = None
        for arg in line.prepositions:
            if arg.preposition != "for" or number is not None or not isinstance(arg.value, ast.CardRef):
                self.reporter.error(arg.span, Code.WRONG_ARGUMENTS, "'errata' takes one 'for card C'", usage)
                return
            number = self._card(arg.value)
            if number is None:
                return
        if number is None:
            if any(":" not in part for part in versions):
                self.reporter.error(
                    line.span, Code.DUPLICATE_NAME, "the version of every card is given twice"
                )
            versions.insert(0, text)
            return
        if any(part.startswith(f"{number}:") for part in versions):
            self.reporter.error(
                line.span, Code.DUPLICATE_NAME, f"the version of card {number} is given twice"
            )
            return
        has = self.game.versions[number]
        if text.isdigit() and int(text) not in has:  # every card has its printed and latest version
            named = ", ".join(errata.PRINTED if v == 0 else str(v) for v in has)
            self.reporter.error(
                version.span if version is not None else line.span,
                Code.WRONG_ARGUMENTS,
                f"card {number} ({self.game.cards[number]}) has no version {text}",
                f"its versions: {named}",
            )
            return
        versions.append(f"{number}:{text}")

    def _whole(self, values: list[ast.Expr], line: ast.Phrase, what: str) -> int:
        if len(values) == 1 and isinstance(values[0], ast.IntLit):
            return values[0].value
        self.reporter.error(line.span, Code.WRONG_TYPE, f"'{what}' takes one whole number")
        return 1

    def _seats(self, options: dict[str, Any], seed: int, scenario: ast.Scenario) -> int | None:
        """How many seats the game has with these options (its opponent's included)."""
        kit = self.game.kit
        try:
            if not set(options) - {errata.OPTION}:  # no players nor variant: the fewest players
                options["players"] = kit.min_players
            checked = kit.options.check(options)
            state = kit.rules.new_state(checked, seed)
            return len(kit.rules.returns(state))
        except (ValueError, TypeError) as error:
            self.reporter.error(
                scenario.name.span, Code.WRONG_ARGUMENTS, f"the game cannot start so: {error}"
            )
            return None

    # -------------------------------------------------------------- lines

    def _steps(self, scenario: ast.Scenario) -> Iterator[run.Step]:
        started: ast.ScenarioLine | None = None
        for line in scenario.lines:
            if isinstance(line, ast.Phrase) and line.head.text in _GAME_LINES:
                continue
            if isinstance(line, ast.DecisionLine | ast.Expectation | ast.OptionExpectation):
                started = started or line
            elif started is not None:
                self.reporter.error(
                    line.span,
                    Code.MISPLACED_EFFECT,
                    "the position is set before the game starts",
                    f"move this line above line {started.span.line}, the first decision or expectation",
                )
                continue
            step = self._step(line)
            if step is not None:
                yield step

    def _step(self, line: ast.ScenarioLine) -> run.Step | None:
        text = self.source.line_text(line.span.line)
        end = line.span.end_column - 1 if line.span.end_line == line.span.line else len(text)
        text = text[line.span.column - 1 : end].strip()
        where = _where(line.span)
        if isinstance(line, ast.Expectation):
            return self._expect(line, text, where)
        if isinstance(line, ast.DecisionLine):
            return self._decide(line, text, where)
        if isinstance(line, ast.OptionExpectation):
            return self._expect_option(line, text, where)
        if isinstance(line, ast.MoneyLine):
            return self._money(line, text, where)
        if line.head.text == "put":
            return self._put(line, text, where)
        return self._setting(line, text, where)

    def _scope(self) -> Scope:
        scope = Scope()
        for name in self.players:
            scope.bind(name, Binding(PLAYER, False))
        return scope

    def _expression(self, expr: ast.Expr, scope: Scope) -> ast.Expr | None:
        """The expression with its `card N` resolved to names bound in the scope; None (reported)
        if a card is unknown, or `you` or `this` is used (a scenario has neither)."""
        failed = False

        def resolve(node: Any) -> Any:
            nonlocal failed
            if isinstance(node, ast.CardRef):
                number = self._card(node)
                if number is None:
                    failed = True
                    return node
                name = _card_name(number)
                scope.bind(name, Binding(CARD, False))
                return ast.Name(ast.Ident(name, node.span), node.span)
            if isinstance(node, ast.You | ast.This):
                word = "you" if isinstance(node, ast.You) else "this"
                self.reporter.error(
                    node.span,
                    Code.UNKNOWN_NAME,
                    f"a scenario has no '{word}'",
                    'name the player (P0, P1, ...) or the card (card 23, card "Name")',
                )
                failed = True
                return node
            if dataclasses.is_dataclass(node) and not isinstance(node, type | ast.Ident):
                changes = {f.name: resolve(getattr(node, f.name)) for f in dataclasses.fields(node)}
                return dataclasses.replace(node, **changes)
            if isinstance(node, tuple):
                return tuple(resolve(item) for item in node)
            return node

        resolved = resolve(expr)
        return None if failed else resolved

    def _card(self, ref: ast.CardRef) -> int | None:
        cards = self.game.cards
        if isinstance(ref.key, int):
            if ref.key in cards:
                self.cards.add(ref.key)
                return ref.key
            self.reporter.error(ref.span, Code.UNKNOWN_NAME, f"{self.game.name} has no card {ref.key}")
            return None
        wanted = ref.key.casefold()
        found = [number for number, name in cards.items() if name.casefold() == wanted]
        if len(found) == 1:
            self.cards.add(found[0])
            return found[0]
        if found:
            numbers = ", ".join(f"card {n}" for n in found)
            self.reporter.error(
                ref.span,
                Code.UNKNOWN_NAME,
                f"several cards are named '{ref.key}'",
                f"name one by its number: {numbers}",
            )
            return None
        self.reporter.unknown(ref.span, f"{self.game.name} card", ref.key, sorted(set(cards.values())))
        return None

    def _player(self, expr: ast.Expr) -> int | None:
        if isinstance(expr, ast.Name) and expr.ident.text in self.players:
            return self.players[expr.ident.text]
        shown = expr.ident.text if isinstance(expr, ast.Name) else "this"
        self.reporter.unknown(expr.span, "player", shown, self.players, listing=True)
        return None

    # -------------------------------------------------------------- the position

    def _put(self, line: ast.Phrase, text: str, where: run.Where) -> run.Put | None:
        if self.game.arrangement.put is None or not self.vocab.zones:
            self.reporter.error(
                line.head.span, Code.UNKNOWN_NAME, f"{self.game.name} has no zones to put cards in"
            )
            return None
        cards: list[int] = []
        for value in (v for group in line.groups for v in group):
            number = self._card(value) if isinstance(value, ast.CardRef) else None
            if not isinstance(value, ast.CardRef):
                self.reporter.error(value.span, Code.WRONG_TYPE, "'put' takes cards: card 23, card \"Name\"")
            if number is not None:
                cards.append(number)
        named = {arg.preposition: arg for arg in line.prepositions}
        extra = [arg for arg in line.prepositions if arg.preposition not in ("in", "at")]
        for arg in extra:
            self.reporter.error(
                arg.span,
                Code.WRONG_ARGUMENTS,
                f"'put' takes no '{arg.preposition}'",
                "put CARD in ZONE [at N]",
            )
        if not cards and not line.groups:
            self.reporter.error(line.span, Code.WRONG_ARGUMENTS, "'put' names the cards it puts")
        place = self._place(named["in"].value if "in" in named else None, line)
        at: int | None = None
        if "at" in named:
            value = named["at"].value
            if isinstance(value, ast.IntLit) and value.value >= 1:
                at = value.value
            else:
                self.reporter.error(value.span, Code.WRONG_TYPE, "'at' takes a position: 1 the first")
        if place is None or not cards:
            return None
        return run.Put(where, text, tuple(cards), place, at)

    def _place(self, value: ast.Expr | None, line: ast.Phrase) -> Place | None:
        if value is None:
            self.reporter.error(line.span, Code.WRONG_ARGUMENTS, "'put' says where: put CARD in ZONE")
            return None
        zones = self.vocab.zones
        zone = (
            value.name
            if isinstance(value, ast.Holding)
            else value.ident
            if isinstance(value, ast.Name)
            else None
        )
        if zone is None:
            self.reporter.error(value.span, Code.WRONG_TYPE, "a zone: 'market', 'hand of P0', ...")
            return None
        if zone.text not in zones:
            self.reporter.unknown(zone.span, "zone", zone.text, zones, listing=True)
            return None
        spec = zones[zone.text]
        if isinstance(value, ast.Holding):
            if not spec.per_player:
                self.reporter.error(
                    value.span, Code.WRONG_ARGUMENTS, f"the zone '{zone.text}' is shared: no 'of'"
                )
                return None
            seat = self._player(value.holder)
            return None if seat is None else Place(zone.text, seat)
        if spec.per_player:
            self.reporter.error(
                value.span,
                Code.WRONG_ARGUMENTS,
                f"each player has a '{zone.text}': say whose ({zone.text} of P0)",
            )
            return None
        return Place(zone.text)

    def _money(self, line: ast.MoneyLine, text: str, where: run.Where) -> run.SetMoney | None:
        money = self.vocab.money
        holding = line.holding
        if money is None or not isinstance(holding, ast.Holding) or holding.name.text != money.name:
            expected = f"set {money.name} of P0 to N" if money is not None else "(this game has no money)"
            self.reporter.error(
                line.holding.span, Code.WRONG_ARGUMENTS, "'set' sets a player's money", expected
            )
            return None
        if not isinstance(line.value, ast.IntLit):
            self.reporter.error(line.value.span, Code.WRONG_TYPE, "an amount of money is a whole number")
            return None
        if isinstance(holding.holder, ast.CardRef):
            card = self._card(holding.holder)
            if card is not None and not money.on_cards:
                self.reporter.error(
                    holding.holder.span,
                    Code.WRONG_TYPE,
                    f"{money.plural} never lie on cards in {self.game.name}",
                )
                return None
            return None if card is None else run.SetMoney(where, text, line.value.value, card=card)
        seat = self._player(holding.holder)
        return None if seat is None else run.SetMoney(where, text, line.value.value, player=seat)

    def _setting(self, line: ast.Phrase, text: str, where: run.Where) -> run.Run | None:
        """A setting of the game's arrangement, or an operation of its vocabulary."""
        vocab = self.setting_vocab
        if line.head.text in self.players:
            self.reporter.error(
                line.head.span,
                Code.SYNTAX,
                f"a decision is written '{line.head.text} chooses ANSWER, ...'",
                'answers: "words of the option", card 23, a name (Kabul, yes, P1), a number',
            )
            return None
        if line.head.text not in vocab.hooks or vocab.hooks[line.head.text].kind != "operation":
            known = [*_GAME_LINES, "put", *(n for n, h in vocab.hooks.items() if h.kind == "operation")]
            self.reporter.unknown(line.head.span, "scenario line", line.head.text, known)
            return None
        scope = self._scope()
        resolved = self._expression(line, scope)  # type: ignore[arg-type]  # a phrase holds expressions
        if resolved is None:
            return None
        statements = _statements(vocab, self.reporter)
        before = self.reporter.count
        lowered = statements.statement(resolved, scope)  # type: ignore[arg-type]
        if lowered is None or self.reporter.count != before:
            return None
        emitter = _Emitter(_ModuleState(Names(vocab)), "None")
        body = emitter.body((lowered,))
        code = "def _step(ctx):\n" + "".join(f"    {text_line}\n" for text_line in body)
        return run.Run(where, text, code)

    # -------------------------------------------------------------- the game

    def _decide(self, line: ast.DecisionLine, text: str, where: run.Where) -> run.Decide | None:
        if line.player.text not in self.players:
            self.reporter.unknown(line.player.span, "player", line.player.text, self.players, listing=True)
            return None
        answers: list[run.Answer] = []
        for value in line.answers:
            spot = _where(value.span)
            if isinstance(value, ast.StrLit):
                answers.append(run.Answer(spot, "text", value.value))
            elif isinstance(value, ast.IntLit):
                answers.append(run.Answer(spot, "number", str(value.value)))
            elif isinstance(value, ast.CardRef):
                number = self._card(value)
                if number is not None:
                    answers.append(run.Answer(spot, "card", f'card "{self.game.cards[number]}"', card=number))
            elif isinstance(value, ast.Name):
                answer = self._name_answer(value.ident, spot)
                if answer is not None:
                    answers.append(answer)
        if len(answers) != len(line.answers):
            return None
        return run.Decide(where, text, self.players[line.player.text], tuple(answers))

    def _expect_option(
        self, line: ast.OptionExpectation, text: str, where: run.Where
    ) -> run.ExpectOption | None:
        decided = self._decide(ast.DecisionLine(line.player, (line.answer,), line.span), text, where)
        if decided is None:
            return None
        return run.ExpectOption(where, text, decided.seat, line.offered, decided.answers[0])

    def _name_answer(self, ident: ast.Ident, spot: run.Where) -> run.Answer | None:
        name = ident.text
        if name in self.players:
            return run.Answer(spot, "name", name, seat=self.players[name])
        if name in ("yes", "no") or self.vocab.enums_with_member(name):
            return run.Answer(spot, "name", name)
        known = ["yes", "no", *self.players, *self.vocab.all_members()]
        self.reporter.unknown(ident.span, "answer", name, known)
        return None

    def _expect(self, line: ast.Expectation, text: str, where: run.Where) -> run.Expect | None:
        scope = self._scope()
        resolved = self._expression(line.condition, scope)
        if resolved is None:
            return None
        expressions = ExpressionChecker(self.query_vocab, self.reporter, CardContext())
        before = self.reporter.count
        lowered = expressions.condition(resolved, scope)
        if lowered is None or self.reporter.count != before:
            return None
        emitter = _Emitter(_ModuleState(Names(self.query_vocab)), "None")
        whole = emitter.expr(lowered)
        if isinstance(lowered, ir.BinaryExpr) and lowered.operator in _COMPARISONS:
            left = run.Side(emitter.expr(lowered.left), _kind(lowered.left.type))
            right = run.Side(emitter.expr(lowered.right), _kind(lowered.right.type))
            return run.Expect(where, text, whole, lowered.operator, left, right)
        return run.Expect(where, text, whole)


def _statements(vocab: Vocabulary, reporter: Reporter) -> StatementChecker:
    card = CardContext()
    expressions = ExpressionChecker(vocab, reporter, card)
    modifiers = ModifierChecker(vocab, reporter, card, expressions)
    operations = OperationChecker(vocab, reporter, expressions)
    return StatementChecker(vocab, reporter, card, expressions, operations, modifiers)


def _with_hooks(
    vocab: Vocabulary, extra: dict[str, Setting] | Any, kind: str, reporter: Reporter
) -> Vocabulary:
    """The vocabulary with the arrangement's settings (as operations) or queries added; they take
    the place of a hook of the same name."""
    hooks = dict(vocab.hooks)
    span = Span(vocab.path, 1, 1, 1, 1)
    for name, setting in extra.items():
        params = []
        for preposition, param, type_name in setting.params():
            kind_of = _type(vocab, type_name)
            if kind_of is None:
                break
            params.append(ParamSpec(preposition, param, kind_of))
        else:
            result = _type(vocab, setting.result) if setting.result is not None else None
            hooks[name] = HookSpec(kind, name, tuple(params), result, None, span)
    return dataclasses.replace(vocab, hooks=hooks)


def _type(vocab: Vocabulary, name: str) -> Type | None:
    builtin = {"int": INT, "bool": BOOL, "player": PLAYER, "card": CARD, "text": TEXT}
    if name in builtin:
        return builtin[name]
    return enum_type(name) if name in vocab.enums else None


def _kind(type_: Type) -> str:
    if type_.kind == "list" and type_.element is not None:
        return f"list {type_.element.kind}"
    return type_.kind


def _card_name(number: int) -> str:
    return f"card__{number}"


def _local(name: str) -> str:
    return pynames.local(name)


def _where(span: Span) -> run.Where:
    return run.Where(span.path, span.line, span.column)
