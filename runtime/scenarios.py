"""Scenario files played (`paxc test`): a game from its seeded setup with a position set by
hand, the decisions a scenario scripts, and what must hold after them.

The compiler (compiler/scenarios.py) checks a scenario file as it checks card text and hands
over a `Scenario`: plain data, with its setting lines and expectations already written as
Python by the card compiler's own code generator. Here they run against the game's real rules,
through a `Session` like any game: the game's `Arrangement` (core/arrange.py) sets the position,
each scripted answer must be among the options of the decision pending, and an expectation is
read when the game has gone on to the next decision after the one before it.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

from paxc.runtime import effects
from paxc.runtime.core import decisions, errata
from paxc.runtime.core.arrange import Arrangement
from paxc.runtime.core.narration import silenced
from paxc.runtime.core.session import Session
from paxc.runtime.core.zones import Place
from paxc.runtime.effects import Choice, PlayerId
from paxc.runtime.games import GameKit

# What a failure says when a scripted decision left the game in a position it cannot have.
INVARIANTS_BROKEN = "the game's invariants broke"

# ---------------------------------------------------------------------- what the compiler gives


@dataclass(frozen=True)
class Where:
    """A place in a scenario file: 1-based line and column."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Put:
    """Cards put straight into a place (`put card 23 in court of P0`)."""

    where: Where
    text: str
    cards: tuple[int, ...]
    place: Place
    at: int | None


@dataclass(frozen=True)
class SetMoney:
    """A player's money, or the money on a card (`set rupees of P0 to 7`)."""

    where: Where
    text: str
    amount: int
    player: int | None = None
    card: int | None = None


@dataclass(frozen=True)
class Run:
    """A setting or an operation of the vocabulary, as the body of a generator over `ctx`."""

    where: Where
    text: str
    code: str


@dataclass(frozen=True)
class Answer:
    """One scripted answer: `text` read in an option's label, a `card`, a `name` (an enum's
    value, yes, no, a player) or a `number`."""

    where: Where
    kind: str
    text: str
    card: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Decide:
    """A player's decisions, one answer each, in order (`P0 chooses "buy Palace Purge", card 23`)."""

    where: Where
    text: str
    seat: int
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Side:
    """One side of an expectation's comparison: Python over `ctx`, and its type's kind."""

    code: str
    kind: str  # "player", "card", "list", "int", ... (how its value is shown)


@dataclass(frozen=True)
class Expect:
    """What must hold: `whole` is true. A comparison keeps its two sides, to show them."""

    where: Where
    text: str
    whole: str
    operator: str | None = None
    left: Side | None = None
    right: Side | None = None


@dataclass(frozen=True)
class ExpectOption:
    """Whether the decision pending, the player's, offers an option the answer reads."""

    where: Where
    text: str
    seat: int
    offered: bool
    answer: Answer


Step = Put | SetMoney | Run | Decide | Expect | ExpectOption


@dataclass(frozen=True)
class Scenario:
    name: str
    where: Where
    game: str
    options: dict[str, Any]
    seed: int
    players: tuple[str, ...]  # each seat's name in the file (P0, P1, ... unless named)
    # The names its code uses for players and cards: (Python name, "player" or "card", the seat
    # or the card's number).
    bindings: tuple[tuple[str, str, int], ...]
    steps: tuple[Step, ...]

    @property
    def id(self) -> str:
        return f"{self.where.path}::{self.name}"

    @property
    def errata(self) -> str:
        """The versions of the cards it plays, as the option says them (`latest` unless chosen)."""
        chosen = self.options.get(errata.OPTION)
        return chosen if isinstance(chosen, str) else errata.LATEST


def with_errata(scenario: Scenario, versions: str | None) -> Scenario:
    """The scenario played with the versions of the cards a run chooses (`paxc test
    --errata-version`), where its own `errata` lines choose nothing (errata.overlay)."""
    chosen = errata.overlay(versions, scenario.options.get(errata.OPTION))
    if chosen is None:
        return scenario
    return dataclasses.replace(scenario, options={**scenario.options, errata.OPTION: chosen})


# ---------------------------------------------------------------------- results


@dataclass(frozen=True)
class Failure:
    where: Where
    message: str
    details: tuple[str, ...] = ()

    def render(self) -> str:
        return "\n".join([f"{self.where}: failed: {self.message}", *(f"    {line}" for line in self.details)])

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.where.path,
            "line": self.where.line,
            "column": self.where.column,
            "message": self.message,
            "details": list(self.details),
        }


@dataclass
class Result:
    scenario: Scenario
    failures: list[Failure] = field(default_factory=list)
    decisions: int = 0  # the scripted answers given
    expectations: int = 0  # the expectations read
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.failures

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.scenario.name,
            "file": self.scenario.where.path,
            "line": self.scenario.where.line,
            "game": self.scenario.game,
            "errata": self.scenario.errata,
            "passed": self.passed,
            "decisions": self.decisions,
            "expectations": self.expectations,
            "seconds": round(self.seconds, 4),
            "failures": [f.as_json() for f in self.failures],
        }


class _Stop(Exception):
    """The scenario cannot go on (a decision not among the options, an error of the game)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


# ---------------------------------------------------------------------- running


def run(scenario: Scenario, kit: GameKit) -> Result:
    """Play the scenario; every expectation is read, the first decision that cannot be taken
    ends it. Nothing is printed: the result says what failed, where, and why."""
    started = time.perf_counter()
    result = Result(scenario)
    try:
        with silenced():
            _Player(scenario, kit, result).play()
    except _Stop as stop:
        result.failures.append(stop.failure)
    result.seconds = time.perf_counter() - started
    return result


class _Player:
    def __init__(self, scenario: Scenario, kit: GameKit, result: Result) -> None:
        if kit.arrange is None:
            raise _Stop(Failure(scenario.where, f"the game '{scenario.game}' offers no scenarios"))
        self.scenario = scenario
        self.kit = kit
        self.arrangement: Arrangement = kit.arrange
        self.result = result
        self.after = "the position set up, before any scripted decision"
        if not kit.cards:
            raise _Stop(Failure(scenario.where, f"the game '{scenario.game}' gives its kit no cards"))
        # The generated cards the game plays with, and their vocabulary module (enums, ...).
        self.cards: dict[int, Any] = {card.number: card for card in kit.cards}
        vocabulary = importlib.import_module(type(kit.cards[0]).__module__)
        self.namespace: dict[str, Any] = {**vars(effects), **vars(decisions), **vars(vocabulary)}
        # A card named in the scenario is the version of it the game plays (its card table's).
        versions = errata.parse(scenario.options.get(errata.OPTION, errata.LATEST))
        for name, kind, value in scenario.bindings:
            if kind == "player":
                self.namespace[name] = PlayerId(value)
            else:
                self.namespace[name] = errata.version_of(self.cards[value], versions.wanted(value))
        self.compiled: dict[str, CodeType] = {}
        self.state: Any = None  # the game's state, once it starts

    # -------------------------------------------------------------- the position

    def play(self) -> None:
        steps = list(self.scenario.steps)
        setup = []
        while steps and isinstance(steps[0], Put | SetMoney | Run):
            setup.append(steps.pop(0))
        try:
            options = self.kit.options.check(self.scenario.options)
        except ValueError as error:
            raise _Stop(Failure(self.scenario.where, f"the game cannot start: {error}")) from error
        session = self._start(options, setup)
        expected_cards = self.kit.cards_in_game(session.state)
        for step in steps:
            if isinstance(step, Decide):
                self._decide(session, step)
                broken = self.kit.violations(session.state, expected_cards)
                if broken:
                    raise _Stop(Failure(step.where, INVARIANTS_BROKEN, tuple(broken)))
            elif isinstance(step, Expect):
                self._expect(session, step)
            elif isinstance(step, ExpectOption):
                self._expect_option(session, step)
            else:  # the compiler puts every position line before the first decision
                raise _Stop(Failure(step.where, "a position line after the game started"))

    def _start(self, options: dict[str, Any], setup: Sequence[Step]) -> Session[Any]:
        def arrange(state: Any) -> None:
            if self.arrangement.prepare is not None:
                self.arrangement.prepare(state)
            for step in setup:
                try:
                    self._set(state, step)
                except _Stop:
                    raise
                except Exception as error:
                    raise _Stop(Failure(step.where, f"this line cannot be set: {_said(error)}")) from error
                # A position line may ask for what the game can never hold (spies on a card in no
                # court, more cylinders than a player has): said at that line, not at the first
                # decision after it, nor never when no decision follows.
                broken = self.kit.violations(state, self.kit.cards_in_game(state))
                if broken:
                    raise _Stop(
                        Failure(step.where, "this line sets a position the game cannot have", tuple(broken))
                    )

        try:
            return Session(self.kit.rules, options, self.scenario.seed, self.kit.observe, arrange)
        except _Stop:
            raise
        except Exception as error:
            raise _Stop(Failure(self.scenario.where, f"the game stopped: {_said(error)}")) from error

    def _set(self, state: Any, step: Step) -> None:
        arrangement = self.arrangement
        if isinstance(step, Put):
            assert arrangement.put is not None  # the compiler allows `put` only then
            for offset, number in enumerate(step.cards):  # `at N`: the first at N, the next at N + 1
                arrangement.put(state, number, step.place, None if step.at is None else step.at + offset)
        elif isinstance(step, SetMoney):
            if step.player is not None and arrangement.set_money is not None:
                arrangement.set_money(state, step.player, step.amount)
            elif step.card is not None and arrangement.set_money_on_card is not None:
                arrangement.set_money_on_card(state, step.card, step.amount)
            else:
                raise _Stop(Failure(step.where, "this game sets no money there"))
        elif isinstance(step, Run):
            active = int(getattr(state, "active", 0))
            context = _SettingContext(arrangement, state, arrangement.context(state, active))
            scope = dict(self.namespace)
            exec(self._code(step.code, step.where, "exec"), scope)  # noqa: S102 - code the compiler wrote
            for decision in scope["_step"](context):
                if isinstance(decision, Choice):
                    decision.answer = decision.options[0]

    def _code(self, source: str, where: Where, mode: str) -> CodeType:
        key = f"{mode}:{source}"
        if key not in self.compiled:
            self.compiled[key] = compile(source, f"<scenario {where}>", mode)
        return self.compiled[key]

    # -------------------------------------------------------------- decisions

    def _decide(self, session: Session[Any], step: Decide) -> None:
        for answer in step.answers:
            pending = session.pending
            name = self.scenario.players[step.seat]
            if pending is None:
                raise _Stop(
                    Failure(answer.where, f"the game is over: {name} has nothing to decide", self._about())
                )
            labels = [session.rules.label(session.state, option) for option in pending.options]
            chooser = int(pending.chooser)
            if chooser != step.seat:
                raise _Stop(
                    Failure(
                        answer.where,
                        f"{self.scenario.players[chooser]} is to decide, not {name}",
                        (f"question: {pending.prompt}", *_listed(labels), *self._about()),
                    )
                )
            self.state = session.state
            index = self._match(pending, labels, answer)
            session.apply_action(index)
            self.result.decisions += 1
            self.after = f"{step.text} (line {step.where.line})"
            if len(step.answers) > 1:
                self.after += f", its answer {answer.text} ({labels[index]})"

    def _about(self) -> tuple[str, ...]:
        return (f"after: {self.after}",)

    def _match(self, pending: Choice[Any], labels: list[str], answer: Answer) -> int:
        options = pending.options
        found: list[int]
        if answer.kind == "card":
            found = [i for i, o in enumerate(options) if getattr(o, "number", None) == answer.card]
            if not found:
                wanted = self.cards[answer.card].name.lower() if answer.card in self.cards else answer.text
                found = [i for i, label in enumerate(labels) if wanted in label.lower()]
        elif answer.kind == "number":
            found = [i for i, label in enumerate(labels) if label == answer.text]
        else:
            text = answer.text.lower()
            found = [i for i, label in enumerate(labels) if label.lower() == text]
            if not found and answer.kind == "name" and answer.seat is not None:
                found = [
                    i
                    for i, (o, label) in enumerate(zip(options, labels, strict=True))
                    if label.lower() in (f"player {answer.seat}", f"p{answer.seat}")
                    or (type(o) is int and o == answer.seat and "player" in label.lower())
                ]
            if not found and answer.kind == "text":
                found = [i for i, label in enumerate(labels) if text in label.lower()]
        if len(found) == 1:
            return found[0]
        why: list[str] = []
        if not found and self.kit.missing is not None:
            why = [f"why not: {line}" for line in self.kit.missing(self.state, int(pending.chooser), options)]
        shown = f'"{answer.text}"' if answer.kind == "text" else answer.text
        what = f"{shown} is not among the options" if not found else f"{shown} fits several options"
        listed = [labels[i] for i in found] if found else labels
        hint = "write more of the option's words in quotes" if found else ""
        raise _Stop(
            Failure(
                answer.where,
                what,
                (
                    f"question: {pending.prompt}",
                    *_listed(listed),
                    *why,
                    *((hint,) if hint else ()),
                    *self._about(),
                ),
            )
        )

    # -------------------------------------------------------------- expectations

    def _expect(self, session: Session[Any], step: Expect) -> None:
        self.result.expectations += 1
        context = self.arrangement.context(session.state, 0)
        queries = _QueryContext(self.arrangement, session.state, context)
        try:
            holds = bool(self._value(step.whole, step.where, queries))
        except Exception as error:
            self.result.failures.append(Failure(step.where, f"{step.text}: cannot be read: {_said(error)}"))
            return
        if holds:
            return
        details = []
        if step.left is not None and step.right is not None:
            left = self._show(self._value(step.left.code, step.where, queries), step.left.kind)
            right = self._show(self._value(step.right.code, step.where, queries), step.right.kind)
            if step.operator == "in":
                details += [f"expected: {left} in {right}"]
            else:
                details += [f"expected: {step.operator} {right}", f"actual:   {left}"]
        details.append(f"after: {self.after}")
        self.result.failures.append(Failure(step.where, step.text, tuple(details)))

    def _expect_option(self, session: Session[Any], step: ExpectOption) -> None:
        self.result.expectations += 1
        pending = session.pending
        name = self.scenario.players[step.seat]
        if pending is None or int(pending.chooser) != step.seat:
            who = "nobody" if pending is None else self.scenario.players[int(pending.chooser)]
            self.result.failures.append(
                Failure(step.where, f"{step.text}: {name} is not deciding now ({who} is)", self._about())
            )
            return
        labels = [session.rules.label(session.state, option) for option in pending.options]
        self.state = session.state
        try:
            self._match(pending, labels, step.answer)
            offered = True
        except _Stop:
            offered = False
        if offered != step.offered:
            said = "it is offered" if offered else "it is not offered"
            details = (f"question: {pending.prompt}", *_listed(labels), *self._about())
            self.result.failures.append(Failure(step.where, f"{step.text}: {said}", details))

    def _value(self, code: str, where: Where, context: object) -> Any:
        return eval(self._code(code, where, "eval"), self.namespace, {"ctx": context})  # noqa: S307

    def _show(self, value: Any, kind: str) -> str:
        if value is None:
            return "absent"
        if kind == "player" and isinstance(value, int):
            return self.scenario.players[value] if 0 <= value < len(self.scenario.players) else str(value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, enum.Enum):
            return str(value.value)
        if isinstance(value, tuple | list):
            element = "player" if kind == "list player" else ""
            return "[" + ", ".join(self._show(v, element) for v in value) + "]"
        if hasattr(value, "number") and hasattr(value, "name"):
            return f"{value.name} (card {value.number})"
        return str(value)


def _listed(labels: Sequence[str]) -> Iterator[str]:
    yield "options:"
    for label in labels:
        yield f"  {label}"


def _said(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class _SettingContext:
    """The game's context, with the arrangement's settings as operations (what a setting line
    compiles to: `yield from ctx.loyalty(player=P0, coalition=Coalition.AFGHAN)`)."""

    def __init__(self, arrangement: Arrangement, state: Any, context: Any) -> None:
        self._arrangement = arrangement
        self._state = state
        self._context = context

    def __getattr__(self, name: str) -> Any:
        setting = self._arrangement.settings.get(name)
        if setting is None:
            return getattr(self._context, name)

        def apply(**values: Any) -> effects.Effect:
            setting.apply(self._state, **values)
            yield from ()

        return apply


class _QueryContext:
    """The game's context, with the arrangement's own queries (`regime_in_force()`)."""

    def __init__(self, arrangement: Arrangement, state: Any, context: Any) -> None:
        self._arrangement = arrangement
        self._state = state
        self._context = context

    def __getattr__(self, name: str) -> Any:
        query = self._arrangement.queries.get(name)
        if query is None:
            return getattr(self._context, name)
        names = [param for _, param, _ in query.params()]

        def answer(*values: Any) -> Any:
            return query.apply(self._state, **dict(zip(names, values, strict=True)))

        return answer


def run_all(scenarios: Sequence[Scenario], kits: Callable[[str], GameKit]) -> list[Result]:
    return [run(scenario, kits(scenario.game)) for scenario in scenarios]
