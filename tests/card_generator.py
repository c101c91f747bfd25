"""Cards drawn from a game's vocabulary, for the property that `paxc check` is a contract: what it
accepts builds, passes `mypy --strict`, imports and plays (tests/test_generated_cards.py).

The cards are well typed by construction, mostly: every operation, query, trigger, modifier,
duration, memory, zone, declared move and the money of the game's vocabulary may appear, with
values of the types its parameters want, inside the statements of the language (`if`, `for each`,
`choose`, `choose up to`, `may`, `let`, `set`, `until`). What the checker still refuses (a
conflict with another card's modifier, say) is left out of the property, and counted.

The choices come from a `Draw`, a chooser of whole numbers in a range: hypothesis's in the test
(tests/test_generated_cards.py, so that a failing card shrinks to a small one), a seeded random
generator's in the long campaign (tests/generated_cards_campaign.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from hypothesis import strategies as st

from paxc.compiler.types import Type
from paxc.compiler.vocabulary import HookSpec, ParamSpec, Vocabulary

T = TypeVar("T")
Draw = Callable[[int, int], int]
"""A whole number from `low` to `high`, both included."""


def hypothesis_draw(data: st.DataObject) -> Draw:
    """The chooser of a hypothesis example, so that what it draws shrinks."""
    return lambda low, high: int(data.draw(st.integers(low, high)))


# The card types each game plays from hand into play (their abilities then act), with the value
# each required attribute gets.
CARD_TYPES = {"pamir": ("court",), "porfiriana": ("partner", "enterprise")}
MAX_DEPTH = 3


@dataclass
class _Scope:
    """The names an effect has bound: name -> type (a card's also where it is, when known)."""

    names: dict[str, Type] = field(default_factory=dict)
    zones: dict[str, str] = field(default_factory=dict)

    def of(self, kind: str, name: str | None = None) -> list[str]:
        return [n for n, t in self.names.items() if t.kind == kind and (name is None or t.name == name)]


class CardWriter:
    """Writes card text for one game from its vocabulary."""

    def __init__(self, game: str, vocab: Vocabulary, draw: Draw) -> None:
        self.game, self.vocab, self._draw = game, vocab, draw
        self._names = 0

    # ------------------------------------------------------------------ choices

    def pick(self, options: Sequence[T]) -> T:
        return options[self._draw(0, len(options) - 1)]

    def number(self, low: int, high: int) -> int:
        return self._draw(low, high)

    def chance(self, percent: int) -> bool:
        return self._draw(0, 99) < percent

    def fresh(self, stem: str) -> str:
        self._names += 1
        return f"{stem}{self._names}"

    # ------------------------------------------------------------------ cards

    def card(self, number: int) -> str:
        card_type = self.pick(CARD_TYPES[self.game])
        spec = self.vocab.card_types[card_type]
        lines = [f'card {number} "Generated {number}" {card_type} {{', "  provenance reconstructed"]
        for f in spec.fields:
            if f.required:
                lines.append(f"  {f.name} {self._constant(f.type)}")
        for index in range(self.number(1, 2)):
            lines.append(f'  ability "Ability {index + 1}" {{')
            lines += ["    " + line for line in self._effect()]
            lines.append("  }")
        lines.append("}")
        return "\n".join(lines)

    def _constant(self, type_: Type) -> str:
        element = type_.element if type_.kind == "list" and type_.element is not None else type_
        if element.kind == "enum":
            return self.pick(self.vocab.enums[element.name].members)
        return {"int": "1", "bool": "true", "text": '"generated"'}.get(element.kind, "1")

    def _effect(self) -> list[str]:
        kind = self.pick(("play", "play", "trigger", "trigger", "modifier", "replacement"))
        if kind == "modifier":
            return ["while in play {", *("  " + m for m in self._modifies(_Scope())), "}"]
        if kind == "play":
            return ["on play {", *("  " + s for s in self._block(_Scope(), 0)), "}"]
        hooks = list(self.vocab.hooks_of("trigger" if kind == "trigger" else "replaceable").values())
        hook = self.pick(hooks)
        scope = _Scope(names={p.name: p.type for p in hook.params})
        head = "when" if kind == "trigger" else "instead of"
        condition = f" if {self._hook_condition(hook, scope)}" if self.chance(60) else ""
        return [f"{head} {hook.name}{condition} {{", *("  " + s for s in self._block(scope, 0)), "}"]

    def _modifies(self, scope: _Scope) -> list[str]:
        lines = []
        for _ in range(self.number(1, 2)):
            hook = self.pick(list(self.vocab.hooks_of("modifier").values()))
            params = _Scope(names={p.name: p.type for p in hook.params})
            when = f" when {self._hook_condition(hook, params)}" if hook.params and self.chance(80) else ""
            assert hook.result is not None
            if hook.result.kind == "bool":
                change = f"to {self.pick(('true', 'false'))}"
            else:
                change = self.pick((f"by {self.number(1, 2)}", f"by -{self.number(1, 2)}", "to at least 1"))
            lines.append(f"modify {hook.name} {change}{when}")
        return lines

    def _hook_condition(self, hook: HookSpec, scope: _Scope) -> str:
        """A test of one of the hook's parameters: a value it may have (one the runtime gives)."""
        param = self.pick(hook.params) if hook.params else None
        if param is None:
            return self._bool(scope, 1)
        return f"{param.name} == {self._value_of(param, scope)}"

    def _value_of(self, param: ParamSpec, scope: _Scope) -> str:
        if param.asked:
            return self.pick(param.asked)
        if param.type.kind == "player":
            return "you"
        if param.type.kind == "card":
            return "this"
        if param.type.kind == "enum" and param.type.name == "zone":
            return self.pick(list(self.vocab.zones))
        return self._expr(param.type, scope, 1)

    # ------------------------------------------------------------------ statements

    def _block(self, scope: _Scope, depth: int) -> list[str]:
        lines: list[str] = []
        for _ in range(self.number(1, 3)):
            lines += self._statement(scope, depth)
        return lines

    def _nested(self, scope: _Scope, depth: int) -> list[str]:
        inner = _Scope(dict(scope.names), dict(scope.zones))
        return ["  " + line for line in self._block(inner, depth + 1)]

    def _statement(self, scope: _Scope, depth: int) -> list[str]:
        kinds = ["operation", "operation", "money", "choose", "let", "memory"]
        if self.vocab.moves:
            kinds += ["move", "move", "several"]
        if depth < MAX_DEPTH:
            kinds += ["if", "for", "may"]
        if self.vocab.durations:
            kinds.append("until")
        kind = self.pick(kinds)
        if kind == "operation":
            return [self._operation(scope)]
        if kind == "money" and self.vocab.money is not None:
            amount = self._operand(self._int(scope, 1))
            verb = self.pick(("gain", "pay", "take"))
            if verb == "gain":
                return [f"gain {amount}"]
            if verb == "pay":
                return [f"pay {amount} to {self._player(scope)}" if self.chance(50) else f"pay {amount}"]
            return [f"take {amount} from {self._player(scope)}"]
        if kind == "choose":
            zone = self.pick(list(self.vocab.zones))
            name = self.fresh("c")
            line = f"choose {name} in {self._cards_in(zone, scope)}"
            scope.names[name] = Type("card", "card")
            scope.zones[name] = zone
            return [line]
        if kind == "move":
            origin, destination = self.pick(self.vocab.moves)
            name = self.fresh("m")
            where = self._cards_in(origin, scope)
            return [f"choose {name} in {where}", f"move {name} to {self._zone(destination, scope)}"]
        if kind == "several":
            origin, destination = self.pick(self.vocab.moves)
            name, each = self.fresh("s"), self.fresh("e")
            where = self._cards_in(origin, scope)
            return [
                f"choose up to {self.number(1, 2)} {name} in {where}",
                f"for each {each} in {name} {{ move {each} to {self._zone(destination, scope)} }}",
            ]
        if kind == "let":
            name = self.fresh("n")
            line = f"let {name} = {self._int(scope, 0)}"
            scope.names[name] = Type("int", "int")
            return [line]
        if kind == "memory" and self.vocab.memories:
            memory = self.pick(list(self.vocab.memories.values()))
            if self.chance(50):
                return [f"set this.{memory.name} to {self._expr(memory.type, scope, 1)}"]
            used = (
                self._operation_with_card(scope, f"this.{memory.name}")
                if memory.type.kind == "card"
                else None
            )
            return [f"if this.{memory.name} is set {{", "  " + (used or self._operation(scope)), "}"]
        if kind == "if":
            lines = [f"if {self._bool(scope, 0)} {{", *self._nested(scope, depth)]
            if self.chance(50):
                lines += ["} else {", *self._nested(scope, depth)]
            return [*lines, "}"]
        if kind == "for":
            name = self.fresh("p")
            inner = _Scope({**scope.names, name: Type("player", "player")}, dict(scope.zones))
            return [f"for each player as {name} {{", *("  " + s for s in self._block(inner, depth + 1)), "}"]
        if kind == "may":
            return ["may {", *self._nested(scope, depth), "}"]
        if kind == "until" and self.vocab.durations:
            duration = self.pick(list(self.vocab.durations))
            return [f"until {duration} {{", *("  " + m for m in self._modifies(scope)), "}"]
        return [self._operation(scope)]

    def _operation(self, scope: _Scope) -> str:
        hook = self.pick(list(self.vocab.hooks_of("operation").values()))
        return self._call_operation(hook, scope, {})

    def _operation_with_card(self, scope: _Scope, card: str) -> str | None:
        wanting = [
            h
            for h in self.vocab.hooks_of("operation").values()
            if any(p.type.kind == "card" for p in h.params)
        ]
        if not wanting:
            return None
        hook = self.pick(wanting)
        first = next(p for p in hook.params if p.type.kind == "card")
        return self._call_operation(hook, scope, {first.name: card})

    def _call_operation(self, hook: HookSpec, scope: _Scope, given: dict[str, str]) -> str:
        positional = [
            self._operand(given.get(p.name) or self._expr(p.type, scope, 1)) for p in hook.positional
        ]
        named = [
            f"{p.preposition} {self._operand(given.get(p.name) or self._expr(p.type, scope, 1))}"
            for p in hook.params
            if p.preposition is not None
        ]
        return " ".join([hook.name, ", ".join(positional), *named]).replace("  ", " ").strip()

    @staticmethod
    def _operand(text: str) -> str:
        """A value before the prepositions is a single term, and a preposition's arithmetic at
        most: anything longer goes in parentheses."""
        return text if text.replace("_", "").replace(".", "").isalnum() else f"({text})"

    def _cards_in(self, zone: str, scope: _Scope) -> str:
        if not self.vocab.zones[zone].per_player:
            return f"cards in {zone}"
        if self.chance(30):
            return f"cards in every {zone}"
        return f"cards in {zone} of {self._player(scope)}"

    def _zone(self, zone: str, scope: _Scope) -> str:
        return f"{zone} of {self._player(scope)}" if self.vocab.zones[zone].per_player else zone

    # ------------------------------------------------------------------ values

    def _expr(self, type_: Type, scope: _Scope, depth: int) -> str:
        kind = type_.kind
        if kind == "int":
            return self._int(scope, depth)
        if kind == "bool":
            return self._bool(scope, depth)
        if kind == "player":
            return self._player(scope)
        if kind == "card":
            return self.pick(["this", *scope.of("card")])
        if kind == "text":
            return '"generated"'
        if kind == "enum":
            return self._enum(type_.name, scope)
        if kind == "list" and type_.element is not None:
            return self._expr(type_.element, scope, depth)  # an operation wanting a list is rare
        return "1"

    def _enum(self, name: str, scope: _Scope) -> str:
        if name == "zone":
            return self.pick(list(self.vocab.zones))
        queries = [q for q in self.vocab.hooks_of("query").values() if q.result == Type("enum", name)]
        options = list(self.vocab.enums[name].members) + scope.of("enum", name)
        if queries and self.chance(20):
            return self._query(self.pick(queries), scope)
        return self.pick(options)

    def _player(self, scope: _Scope) -> str:
        return self.pick(["you", *scope.of("player")])

    def _int(self, scope: _Scope, depth: int) -> str:
        options = ["literal", "literal", "count"]
        if self.vocab.money is not None:
            options.append("money")
        if scope.of("int"):
            options.append("name")
        queries = [q for q in self.vocab.hooks_of("query").values() if q.result == Type("int", "int")]
        if queries:
            options.append("query")
        if depth < 2:
            options.append("sum")
        kind = self.pick(options)
        if kind == "count":
            return f"count({self._cards_in(self.pick(list(self.vocab.zones)), scope)})"
        if kind == "money" and self.vocab.money is not None:
            return f"{self.vocab.money.name} of {self._player(scope)}"
        if kind == "name":
            return self.pick(scope.of("int"))
        if kind == "query":
            return self._query(self.pick(queries), scope)
        if kind == "sum":
            return f"{self._int(scope, depth + 1)} + {self._int(scope, depth + 1)}"
        return str(self.number(0, 3))

    def _query(self, hook: HookSpec, scope: _Scope) -> str:
        return f"{hook.name}({', '.join(self._expr(p.type, scope, 2) for p in hook.params)})"

    def _bool(self, scope: _Scope, depth: int) -> str:
        kind = self.pick(
            ("compare", "compare", "player", "exists", "and", "not") if depth < 2 else ("compare",)
        )
        if kind == "player":
            return f"{self._player(scope)} == you"
        if kind == "exists":
            return f"exists({self._cards_in(self.pick(list(self.vocab.zones)), scope)})"
        if kind == "and":
            return f"{self._bool(scope, depth + 1)} and {self._bool(scope, depth + 1)}"
        if kind == "not":
            return f"not ({self._bool(scope, depth + 1)})"
        return f"{self._int(scope, depth + 1)} {self.pick(('<', '>=', '==', '!='))} {self._int(scope, depth + 1)}"


def card_file(game: str, vocab: Vocabulary, draw: Draw, numbers: Sequence[int]) -> str:
    """A card file of `game` holding one drawn card for each number."""
    writer = CardWriter(game, vocab, draw)
    return f"game {game}\n\n" + "\n\n".join(writer.card(n) for n in numbers) + "\n"
