"""What is in scope while a card is checked: the card itself, and the names of one effect.

`CardContext` is the card being checked, one object shared by every part of the checker: its
name and number (for prompts and the stacking check), its type and final attribute values (what
`this.x` folds to), the side being checked, and what the card collects on the way (the lasting
abilities its `until` statements start, its modifiers).

`Scope` is one effect's names: the hook's parameters, then the names `let`, `choose` and
`for each` bind, block by block, with what the effect's tests proved (a value present, a card in
some zones). `bind_local` binds a name, reporting one that cannot be bound or would change its
kind of value; `origins` tells which zones a card may be in. This layer checks no expression: the
parts above hand it their results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from paxc.compiler import ast, ir, stacking
from paxc.compiler.checking.messages import article
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.source import Span
from paxc.compiler.types import Type
from paxc.compiler.vocabulary import Vocabulary


@dataclass
class CardContext:
    """The card being checked (reset by `start` for each card)."""

    name: str = ""
    number: int = 0
    card_type: str = ""
    side: int | None = None  # the index of the side being checked, if any
    version: int = 0  # which version of the card is being checked (0: as printed; else an erratum's)
    # The card's attributes as its errata leave them, by name: what `this.x` is.
    this_values: dict[str, ir.Expr] = field(default_factory=dict)
    lasting: list[ir.AbilityIR] = field(default_factory=list)  # what the card's `until` statements start
    stacked: list[stacking.Stacked] = field(default_factory=list)  # the card's modifiers

    def start(self, name: str, number: int) -> None:
        self.name, self.number, self.card_type, self.side, self.version = name, number, "", None, 0
        self.this_values, self.lasting, self.stacked = {}, [], []


@dataclass
class Binding:
    type: Type
    is_hook_param: bool
    # For a card, or a list of cards: the zones it may be in (`choose c in cards in hand of you`:
    # the hand). None: anywhere.
    origins: frozenset[str] | None = None


class Scope:
    """Names visible in an effect: hook parameters, then `let`/`choose`/`for each` bindings.

    In the effect of an unknown hook (a misspelled trigger, say), the hook's parameters are not
    known: `hook_unknown` says so, and names found nowhere are then not reported, since they are
    most probably its parameters (the hook's own error is the one to fix).
    """

    def __init__(self) -> None:
        self._frames: list[dict[str, Binding]] = [{}]
        self.hook_unknown = False
        self.unresolved: set[str] = set()  # names a statement failed to bind (already reported)
        # Every name bound anywhere in the effect, with its type and line: the effect becomes one
        # Python function, whose variables are the function's whatever block binds them.
        self.bound: dict[str, tuple[Type, int]] = {}
        self.reported: set[Span] = set()  # bindings already reported as changing a name's type
        # Values a test (`is set`) proved present, by frame: the name the code keeps each under.
        self._known: list[dict[ir.Expr, str]] = [{}]
        # Where a test proved cards are (`if c.zone == hand`), by frame: card name -> zones.
        self._zones: list[dict[str, frozenset[str]]] = [{}]
        self._bindings = 0

    def new_binding(self) -> str:
        """A Python name for a value kept by a test: the trailing `_` keeps it apart from every
        card name (compiler.pynames.local never ends a card's name with a single one)."""
        self._bindings += 1
        return f"known_{self._bindings}_"

    def known(self, value: ir.Expr) -> str | None:
        for frame in reversed(self._known):
            if value in frame:
                return frame[value]
        return None

    def know(self, facts: dict[ir.Expr, str]) -> None:
        self._known[-1].update(facts)

    def facts(self) -> list[dict[ir.Expr, str]]:
        """A copy of what is known, frame by frame, to return to (`restore`) or meet (`keep_only`)."""
        return [dict(frame) for frame in self._known]

    def restore(self, facts: list[dict[ir.Expr, str]]) -> None:
        self._known = [dict(frame) for frame in facts]

    def keep_only(self, facts: list[dict[ir.Expr, str]]) -> None:
        """Keep only what `facts` (known at the end of another branch) knows too."""
        for frame, other in zip(self._known, facts, strict=True):
            for value in [v for v in frame if other.get(v) != frame[v]]:
                del frame[value]

    def forget_zones(self, key: str) -> None:
        """A name bound again no longer names the card a test placed."""
        for frame in self._zones:
            frame.pop(key, None)

    def forget(self, changed: Callable[[ir.Expr], bool]) -> None:
        """What was proved present of values that may have changed since is no longer known."""
        for frame in self._known:
            for value in [v for v in frame if changed(v)]:
                del frame[value]

    def origins(self, key: str) -> frozenset[str] | None:
        """The zones the card named `key` may be in (None: any): what a test proved of it, else
        where the list it was chosen from is."""
        for frame in reversed(self._zones):
            if key in frame:
                return frame[key]
        binding = self.lookup(key) if key != "this" else None
        return binding.origins if binding is not None else None

    def widen(self, key: str, zone: str) -> None:
        """A card moved to `zone` may be there from now on (or where it was, had it left)."""
        for frame in self._zones:
            if key in frame:
                frame[key] = frame[key] | {zone}
        for names in self._frames:
            binding = names.get(key)
            if binding is not None and binding.origins is not None:
                names[key] = dataclasses.replace(binding, origins=binding.origins | {zone})

    def lookup(self, name: str) -> Binding | None:
        for frame in reversed(self._frames):
            if name in frame:
                return frame[name]
        return None

    def bind(self, name: str, binding: Binding) -> None:
        self._frames[-1][name] = binding

    def names(self) -> list[str]:
        return [name for frame in self._frames for name in frame]

    @contextmanager
    def nested(
        self, known: dict[ir.Expr, str] | None = None, zones: dict[str, frozenset[str]] | None = None
    ) -> Iterator[None]:
        """A block's names; `known`: the values its test proved present; `zones`: where it
        proved cards are."""
        self._frames.append({})
        self._known.append(dict(known or {}))
        narrowed = {key: self._narrowed(key, found) for key, found in (zones or {}).items()}
        self._zones.append(narrowed)
        try:
            yield
        finally:
            self._frames.pop()
            self._known.pop()
            self._zones.pop()

    def _narrowed(self, key: str, found: frozenset[str]) -> frozenset[str]:
        known = self.origins(key)
        return found if known is None else found & known


def bind_local(
    scope: Scope,
    ident: ast.Ident,
    type_: Type,
    vocabulary: Vocabulary,
    reporter: Reporter,
    *,
    comprehension: bool = False,
    origins: frozenset[str] | None = None,
) -> None:
    """Bind a name of the effect. `comprehension`: the name of a test's value, which the code
    binds inside a comprehension only, so it may name another kind of value elsewhere."""
    scope.forget(lambda value: _subject_is_local(value, ident.text))
    scope.forget_zones(ident.text)
    if comprehension:  # what is wrong with the name is reported where it is bound for good
        scope.bind(ident.text, Binding(type_, False, origins))
        return
    existing = scope.lookup(ident.text)
    if existing is not None and existing.is_hook_param:
        reporter.error(
            ident.span, Code.DUPLICATE_NAME, f"'{ident.text}' is already the name of a parameter here"
        )
        return
    if vocabulary.enums_with_member(ident.text):
        reporter.error(
            ident.span,
            Code.DUPLICATE_NAME,
            f"'{ident.text}' is already a {vocabulary.enums_with_member(ident.text)[0]}; choose another name",
        )
        return
    if ident.text in vocabulary.zones:
        reporter.error(
            ident.span, Code.DUPLICATE_NAME, f"'{ident.text}' is already a zone; choose another name"
        )
        return
    earlier = scope.bound.setdefault(ident.text, (type_, ident.span.line))
    if earlier[0] != type_ and ident.span not in scope.reported:
        # mypy --strict refuses a variable whose type changes, even in another block. The name
        # is still bound, so that its uses are checked without more errors.
        scope.reported.add(ident.span)
        reporter.error(
            ident.span,
            Code.DUPLICATE_NAME,
            f"'{ident.text}' already names {article(earlier[0])} in this effect (line {earlier[1]})",
            "a name keeps one kind of value throughout an effect; choose another name",
        )
    scope.bind(ident.text, Binding(type_, False, origins))


def origins_of(expr: ir.Expr, scope: Scope) -> frozenset[str] | None:
    """The zones a card (or each card of a list) may be in, as far as the effect can tell: the
    zone its list was taken from, or what a test proved; None where it could be anywhere."""
    if isinstance(expr, ir.CardsInZone):
        return frozenset({expr.zone.name})
    if isinstance(expr, ir.PickCard):
        return frozenset({expr.zone.zone.name})
    if isinstance(expr, ir.SelectionExpr):
        source = origins_of(expr.source, scope)
        found = ir.proved_zones(expr.where).get(expr.variable)
        if found is None:
            return source
        return found if source is None else found & source
    key = ir.card_key(expr)
    return scope.origins(key) if key is not None else None


def stable(value: ir.Expr) -> bool:
    """Whether a test's verdict on a value holds in what it guards: what a card remembers, or an
    attribute, of a card named by `this`, a hook's parameter or a local name, and a local name
    itself (`let c = the top card of deck`), until that name is bound again or the memory set
    (see Scope.forget)."""
    if isinstance(value, ir.LocalRef):
        return True
    return isinstance(value, (ir.MemoryRef, ir.FieldRef)) and isinstance(
        value.subject, (ir.ThisRef, ir.HookParamRef, ir.LocalRef)
    )


def _subject_is_local(value: ir.Expr, name: str) -> bool:
    if isinstance(value, ir.LocalRef):
        return value.name == name
    return (
        isinstance(value, (ir.MemoryRef, ir.FieldRef))
        and isinstance(value.subject, ir.LocalRef)
        and value.subject.name == name
    )
