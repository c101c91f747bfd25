"""Hostile and careless inputs for the compiler, drawn from a `random.Random`: shared by the fuzz
tests of the suite (hypothesis hands them its randoms) and the long fuzz command
(`python -m tests.fuzz_compiler`).

An input is the test game's files: `game.pax` (its vocabulary) and `fuzz.pax` (a card file), as
bytes, so that bad bytes can reach either. Kinds of input:

* `cards`: well-formed cards of every construct, random in shape, mostly valid, some nested near
  the language's limits: what reaches the back end and mypy;
* `deep`: blocks, loops or expressions nested far past the limits (up to 10,000 deep);
* `number`: numbers near 999,999,999 and up to 10,000 digits long;
* `bytes`: a card file or the vocabulary with bytes that are not UTF-8;
* `mutated`: a card file or the vocabulary with tokens deleted, inserted, duplicated or replaced.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from paxc.compiler import limits
from tests.conftest import FIXTURES, REPO

VOCABULARY = (FIXTURES / "cards" / "testgame" / "game.pax").read_text(encoding="utf-8")
SEED_FILES = [
    (FIXTURES / "cards" / "testgame" / "units.pax").read_text(encoding="utf-8"),
    (REPO / "cards" / "pamir" / "court" / "kabul.pax")
    .read_text(encoding="utf-8")
    .replace("game pamir", "game testgame"),
]
TOKENS = (
    'card game testgame unit event { } ( ) , . ; " \\ # on play when while in instead of if else for '
    "each as where choose let modify to ability side errata this you == != < <= > >= + * - and or not "
    "North South region power gain say move_unit gold controls adjacent current 1 0 999999999 "
    "1000000000 optional provenance printed vocabulary enum cardtype é \t \x00 operation query "
    "trigger modifier replaceable timing adjacent list required int bool text player -> : self "
    "None class card_type yield lambda"
).split(" ") + ["\n", "\r\n", " "]
# Local names, some of them Python's keywords, builtins or names the generated code uses itself.
LOCAL_NAMES = ["x", "total", "class", "None", "self", "ctx", "event", "yield", "int", "print", "CARDS", "p"]
KINDS = ("cards", "deep", "number", "bytes", "mutated")
# How often each kind is drawn: mostly inputs that reach the back end and mypy, and deep ones
# least, as each costs the parser up to a few seconds (one past 100,000 levels, about 10 s).
WEIGHTS = (7, 2, 3, 4, 4)


@dataclass(frozen=True)
class FuzzInput:
    kind: str
    vocabulary: bytes
    cards: bytes

    def describe(self) -> str:
        return f"{self.kind}: game.pax {len(self.vocabulary):,} bytes, fuzz.pax {len(self.cards):,} bytes"


def draw(rng: random.Random, kind: str | None = None, max_depth: int = 10_000) -> FuzzInput:
    """One input of the given kind (any kind when None); `deep` ones nest up to `max_depth`."""
    kind = kind or rng.choices(KINDS, WEIGHTS)[0]
    vocabulary, cards = VOCABULARY.encode(), b""
    if kind == "cards":
        cards = card_file(rng).encode()
    elif kind == "deep":
        cards = deep_file(rng, max_depth).encode()
    elif kind == "number":
        cards = number_file(rng).encode()
    elif kind == "bytes":
        if rng.random() < 0.3:
            vocabulary = bad_bytes(rng, VOCABULARY.encode())
            cards = card_file(rng).encode()
        else:
            cards = bad_bytes(rng, card_file(rng).encode())
    else:
        if rng.random() < 0.25:
            vocabulary = mutate(rng, VOCABULARY).encode()
            cards = card_file(rng).encode()
        else:
            cards = mutate(rng, rng.choice([*SEED_FILES, card_file(rng)])).encode()
    return FuzzInput(kind, vocabulary, cards)


# ---------------------------------------------------------------------- well-formed cards


class _CardWriter:
    """Writes one random card of the test game; `blocks` and `expression` bound its nesting."""

    def __init__(self, rng: random.Random, blocks: int, expression: int, loops: int) -> None:
        self.rng = rng
        self.blocks = blocks
        self.expression = expression
        self.loops = loops
        self.card_type = "unit"
        self.budget = 0  # statements left for the card being written: it stays small
        self.spine = False  # whether each block's first statement nests as deep as it may
        self.bound: dict[str, str] = {}  # the names bound in the effect being written, and their types

    def name(self, type_: str) -> str:
        """A name to bind to a value of `type_`: mostly one this effect has not bound to another
        type (which is an error), sometimes any."""
        fitting = [n for n in LOCAL_NAMES if self.bound.get(n, type_) == type_] or [f"v{len(self.bound)}"]
        name = self.rng.choice(fitting if self.rng.random() < 0.99 else LOCAL_NAMES)
        self.bound.setdefault(name, type_)
        return name

    def number(self) -> str:
        r = self.rng.random()
        if r < 0.8:
            return str(self.rng.randint(0, 12))
        if r < 0.9:
            return str(limits.MAX_NUMBER - self.rng.randint(0, 2))
        return "0" * self.rng.randint(1, 3) + str(self.rng.randint(0, 99))

    def expr(self, type_: str, scope: dict[str, str], depth: int) -> str:
        """An expression of `type_` at most `depth` deep."""
        rng = self.rng
        locals_of_type = [name for name, t in scope.items() if t == type_]
        if depth <= 1 or rng.random() < 0.3:
            if locals_of_type and rng.random() < 0.5:
                return rng.choice(locals_of_type)
            leaves = {
                "int": [self.number()] + (["this.power"] if self.card_type == "unit" else []),
                "bool": ["true", "false"],
                "player": ["you"],
                "region": ["North", "South", "East", "West"],
                "card": ["this"],
                "text": ['"a \\"quoted\\" \\\\ word\\n"', '"é"', '""'],
            }[type_]
            return rng.choice(leaves)
        inner = depth - 1
        # Only one operand goes deep, so that a card stays small however deep it nests.
        deep, shallow = (inner, rng.randint(1, min(inner, 2)))
        if rng.random() < 0.5:
            deep, shallow = shallow, deep
        if type_ == "int":
            choice = rng.randrange(6)
            if choice == 0:
                return f"gold({self.expr('player', scope, inner)})"
            if choice == 4:  # a selection, with its own variable and condition
                name = self.name("card")
                where = self.expr("bool", {**scope, name: "card"}, inner)
                return f"count(each {name} in army({self.expr('player', scope, 1)}) where {where})"
            if choice == 5:
                function = rng.choice(["max", "min"])
                return f"{function}({self.expr('int', scope, deep)}, {self.expr('int', scope, shallow)})"
            if choice == 1:  # a chain: each operator is a level
                count = rng.randint(1, max(1, min(inner, 6)))
                text = self.expr("int", scope, inner - count + 1)
                for _ in range(count):
                    text += f" {rng.choice('+-*')} {self.expr('int', scope, 1)}"
                return text
            return f"({self.expr('int', scope, deep)} {rng.choice('+-*')} {self.expr('int', scope, shallow)})"
        if type_ == "bool":
            cards = [name for name, t in scope.items() if t == "card"]
            if cards and rng.random() < 0.2:
                card = rng.choice(cards)
                if rng.random() < 0.5:
                    return f"{rng.choice(['red', 'blue'])} in {card}.colors"
                return f"{card}.power {rng.choice(['>', '<=', '=='])} {self.expr('int', scope, shallow)}"
            choice = rng.randrange(6)
            if choice == 0:
                return f"not {self.expr('bool', scope, inner)}"
            if choice == 1:
                operator = rng.choice(["and", "or"])
                return f"{self.expr('bool', scope, deep)} {operator} ({self.expr('bool', scope, shallow)})"
            if choice == 2:
                op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
                return f"{self.expr('int', scope, deep)} {op} {self.expr('int', scope, shallow)}"
            if choice == 3:
                kind = rng.choice(["player", "region"])
                return f"{self.expr(kind, scope, 1)} {rng.choice(['==', '!='])} {self.expr(kind, scope, 1)}"
            if choice == 4:
                return f"controls({self.expr('player', scope, 1)}, {self.expr('region', scope, 1)})"
            return f"adjacent({self.expr('region', scope, 1)}, {self.expr('region', scope, 1)})"
        return self.expr(type_, scope, 1)

    def statements(self, scope: dict[str, str], depth: int, loops: int, indent: str) -> list[str]:
        rng = self.rng
        lines: list[str] = []
        for index in range(rng.randint(1, 3)):
            lines += self.statement(scope, depth, loops, indent, nest=self.spine and index == 0)
        return lines

    def block(self, scope: dict[str, str], depth: int, loops: int, indent: str) -> list[str]:
        """The statements of a block (its braces are the caller's), in a scope of its own."""
        return self.statements(dict(scope), depth, loops, indent + "  ")

    def statement(
        self, scope: dict[str, str], depth: int, loops: int, indent: str, nest: bool = False
    ) -> list[str]:
        rng = self.rng
        e = self.expression
        self.budget -= 1
        if depth <= 0 or self.budget <= 0:
            choice = rng.randrange(4)
        else:
            choice = rng.randrange(4, 11) if nest else rng.randrange(11)
        if choice == 0:
            return [f"{indent}gain {self.expr('int', scope, 1)} to {self.expr('player', scope, 1)}"]
        if choice == 1:
            return [f"{indent}say {self.expr('text', scope, 1)}"]
        if choice == 2:
            type_ = rng.choice(["int", "bool", "player", "region", "text"])
            name = self.name(type_)
            line = f"{indent}let {name} = {self.expr(type_, scope, rng.randint(1, e))}"
            scope[name] = type_
            return [line]
        if choice == 3:
            name = self.name("region")
            where = f" where {self.expr('bool', scope, rng.randint(1, e))}" if rng.random() < 0.5 else ""
            chooser = " by you" if rng.random() < 0.3 else ""
            scope[name] = "region"
            return [f"{indent}choose region as {name}{where}{chooser}"]
        if choice in (4, 5):
            lines = [f"{indent}if {self.expr('bool', scope, rng.randint(1, e))} {{"]
            lines += self.block(scope, depth - 1, loops, indent)
            branches = 0
            while rng.random() < 0.4 and branches < depth - 1:
                branches += 1
                lines.append(f"{indent}}} else if {self.expr('bool', scope, rng.randint(1, e))} {{")
                lines += self.block(scope, depth - 1 - branches, loops, indent)
            if rng.random() < 0.4:
                lines.append(f"{indent}}} else {{")
                lines += self.block(scope, depth - 1, loops, indent)
            return [*lines, f"{indent}}}"]
        if choice == 8:  # "you may"
            return [f"{indent}may {{", *self.block(scope, depth - 1, loops, indent), f"{indent}}}"]
        if choice == 9:  # "choose one"
            lines = [f"{indent}choose one {{", *self.block(scope, depth - 1, loops, indent)]
            for _ in range(rng.randint(1, 2)):
                lines += [f"{indent}}} or {{", *self.block(scope, depth - 1, loops, indent)]
            return [*lines, f"{indent}}}"]
        if loops <= 0:
            return [f"{indent}move_unit this to {self.expr('region', scope, 1)}"]
        inner = dict(scope)
        if choice == 10:  # over a list of cards
            name = self.name("card")
            inner[name] = "card"
            head = f"for each {name} in army({self.expr('player', scope, 1)})"
        else:
            kind = rng.choice(["player", "region"])
            name = self.name(kind)
            inner[name] = kind
            head = f"for each {kind} as {name}"
        where = f" where {self.expr('bool', inner, rng.randint(1, e))}" if rng.random() < 0.4 else ""
        lines = [f"{indent}{head}{where} {{"]
        lines += self.statements(inner, depth - 1, loops - 1, indent + "  ")
        return [*lines, f"{indent}}}"]

    def card(self, number: int) -> list[str]:
        rng = self.rng
        self.card_type = rng.choice(["unit", "event"])
        lines = [f'card {number} "Card {number}" {self.card_type} {{', "  provenance printed"]
        if self.card_type == "unit":
            lines += [f"  region {rng.choice(['North', 'South'])}", f"  power {self.number()}"]
            if rng.random() < 0.5:
                lines.append("  colors red, blue")
        inside = self.blocks - 2  # the card's braces and the effect's
        self.budget = rng.randint(5, 120)
        self.spine = rng.random() < 0.5
        for _ in range(rng.randint(1, 3)):
            self.bound = {}
            effect = rng.randrange(4)
            if effect == 0:
                lines.append(f"  on {rng.choice(['play', 'discard'])} {{")
                lines += self.statements({}, inside, self.loops, "    ")
            elif effect == 1:
                condition = f" if {self.expr('bool', {'player': 'player'}, 3)}" if rng.random() < 0.5 else ""
                optional = " optional" if rng.random() < 0.3 else ""
                lines.append(f"  when turn_started{condition}{optional} {{")
                lines += self.statements({"player": "player"}, inside, self.loops, "    ")
            elif effect == 2:
                lines.append("  while in play {")
                value = self.expr("int", {}, rng.randint(1, self.expression))
                when = (
                    f" when {self.expr('bool', {}, rng.randint(1, self.expression))}"
                    if rng.random() < 0.5
                    else ""
                )
                lines.append(f"    modify cost to current + {value}{when}")
                lines.append(f"    modify may_target to {self.expr('bool', {}, 3)}")
            else:
                condition = " if card == this" if rng.random() < 0.5 else ""
                lines.append(f"  instead of unit_destroyed{condition} {{")
                lines += self.statements({}, inside, self.loops, "    ")
            lines.append("  }")
        return [*lines, "}"]


def card_file(rng: random.Random) -> str:
    """A file of 1 to 3 well-formed cards; one input in five nests near the limits."""
    near = rng.random() < 0.2
    blocks = (
        rng.randint(limits.MAX_BLOCK_DEPTH - 3, limits.MAX_BLOCK_DEPTH + 1) if near else rng.randint(2, 6)
    )
    expression = (
        rng.randint(limits.MAX_EXPRESSION_DEPTH - 3, limits.MAX_EXPRESSION_DEPTH + 2)
        if near
        else rng.randint(1, 6)
    )
    loops = rng.randint(limits.MAX_LOOP_DEPTH - 2, limits.MAX_LOOP_DEPTH + 1) if near else rng.randint(0, 3)
    writer = _CardWriter(rng, blocks, expression, loops)
    lines = ["game testgame", ""]
    for number in rng.sample(range(1, 50), rng.randint(1, 3)):
        lines += [*writer.card(number), ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------- past the limits


def deep_file(rng: random.Random, max_depth: int = 10_000) -> str:
    """A card nested past a limit, from just past it to 10,000 deep (`max_depth`)."""
    depth = int(10 ** rng.uniform(1.5, math.log10(max_depth)))
    kind = rng.choice(["if", "else if", "for", "side", "not", "sum", "and", "call", "attribute", "parens"])
    head = 'game testgame\ncard 1 "Deep" unit {\n  provenance printed\n  region North\n  power 1\n'
    if kind == "side":
        return head + 'side "S" {\n' * depth + "power 2\n" + "}\n" * depth + "}\n"
    if kind == "if":
        body = "if true {\n" * depth + "gain 1 to you\n" + "}\n" * depth
    elif kind == "else if":
        body = 'if false { say "a" }' + ' else if false { say "b" }' * depth + "\n"
    elif kind == "for":
        body = "for each player as p {\n" * depth + "gain 1 to p\n" + "}\n" * depth
    elif kind == "not":
        body = "if " + "not " * depth + "true { gain 1 to you }\n"
    elif kind == "sum":
        body = "let x = 1" + " + 1" * depth + "\ngain x to you\n"
    elif kind == "and":
        body = "if true" + " and true" * depth + " { gain 1 to you }\n"
    elif kind == "call":
        body = "let x = " + "gold(" * depth + "you" + ")" * depth + "\n"
    elif kind == "attribute":
        body = "let x = this" + ".power" * depth + "\n"
    else:
        body = "let x = " + "(1 + " * depth + "1" + ")" * depth + "\n"
    return head + "on play {\n" + body + "}\n}\n"


def number_file(rng: random.Random) -> str:
    """A card with a number from around the limit to 10,000 digits, where numbers may stand."""
    digits = rng.choice([9, 10, 11, int(10 ** rng.uniform(1, 4))])
    number = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(digits - 1))
    if rng.random() < 0.2:
        number = str(limits.MAX_NUMBER + rng.randint(-1, 1))
    place = rng.randrange(4)
    card_number = number if place == 0 else "1"
    power = number if place == 1 else "1"
    version = number if place == 2 else "2"
    amount = number if place == 3 else "1"
    return (
        f'game testgame\ncard {card_number} "Big" unit {{\n  provenance printed\n  region North\n'
        f'  power {power}\n  errata {version} "why" {{ power 2 }}\n'
        f"  on play {{ gain {amount} to you }}\n}}\n"
    )


def bad_bytes(rng: random.Random, data: bytes) -> bytes:
    """`data` with 1 to 3 bytes or byte runs that are not UTF-8 put in or over it."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        junk = rng.choice(
            [
                b"\xff",
                b"\xfe\xff",
                b"\xc3",
                b"\xe9",
                b"\x80\x80",
                b"\xed\xa0\x80",
                bytes([rng.randint(128, 255)]),
            ]
        )
        at = rng.randint(0, len(out))
        if rng.random() < 0.5:
            out[at:at] = junk
        else:
            out[at : at + len(junk)] = junk
    return bytes(out)


def mutate(rng: random.Random, text: str) -> str:
    """`text` with 1 to 4 cuts, insertions, duplications or replacements of up to 12 characters."""
    for _ in range(rng.randint(1, 4)):
        if not text:
            break
        start = rng.randrange(len(text))
        end = rng.randint(start, min(len(text), start + 12))
        action = rng.randrange(4)
        if action == 0:
            text = text[:start] + text[end:]
        elif action == 1:
            text = text[:start] + rng.choice(TOKENS) + text[start:]
        elif action == 2:
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:start] + rng.choice(TOKENS) + text[end:]
    return text
