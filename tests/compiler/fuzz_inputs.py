"""Hostile and careless inputs for the compiler, drawn from a `random.Random`: shared by the fuzz
tests of the suite (hypothesis hands them its randoms) and the long fuzz command
(`python -m tests.fuzz_compiler`).

An input is one game's folder: its vocabulary `game.pax` and one or more card files, as bytes,
so that bad bytes can reach any of them. Most kinds use the test game (`fuzz.pax` beside its
vocabulary); the kinds marked (real) start from the real card files and vocabularies of Pax
Pamir and Pax Porfiriana. Kinds of input:

* `cards`: well-formed cards of every construct, random in shape, mostly valid, some nested near
  the language's limits: what reaches the back end and mypy;
* `deep`: blocks, loops or expressions nested far past the limits (up to 10,000 deep);
* `number`: numbers near 999,999,999 and up to 10,000 digits long, some written with thousands
  of leading zeros;
* `bytes`: a card file or the vocabulary with bytes that are not UTF-8;
* `mutated`: a card file or the vocabulary with characters deleted, inserted, duplicated or replaced;
* `tokens` (real): a card file with tokens deleted, inserted, duplicated, swapped or replaced by
  tokens of any card file;
* `blocks` (real): a card file with braced blocks (cards, abilities, effects, branches) deleted,
  duplicated, swapped, cut short or brought in from another file, of either game;
* `damaged` (real): a card file with bits flipped, bytes inserted or deleted, cut anywhere, a
  byte-order mark or carriage returns;
* `long` (real): a card file with a name, a word of a string, or a number made long: up to
  500,000 characters (identifiers), 40,000 (a word in card text);
* `duplicates` (real): two card files, or one, defining a card number twice;
* `collide` (real): two or three card files whose paths may flatten to one module name
  (`a/c.pax`, `a_c.pax`, `A-C.pax`), each with cards of its own;
* `vocabulary` (real): a game's vocabulary damaged at the token, block or byte level, or declared
  again in a card file, with one of its card files;
* `soup`: random tokens of every card file, under a game line or not;
* `empty`: empty files, files of blanks or comments, a game line alone.
"""

from __future__ import annotations

import math
import random
import re
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
LOCAL_NAMES += ["Region", "Card", "ADJACENT_REGIONS", "CARD_1", "Color", "TurnStarted", "known_1_"]
KINDS = (
    "cards",
    "deep",
    "number",
    "bytes",
    "mutated",
    "tokens",
    "blocks",
    "damaged",
    "long",
    "duplicates",
    "collide",
    "vocabulary",
    "soup",
    "empty",
)
# How often each kind is drawn: mostly inputs that reach the back end and mypy or start from the
# real files, deep ones least, as each costs the parser up to a few seconds.
WEIGHTS = (6, 1, 2, 2, 3, 5, 4, 3, 2, 2, 2, 3, 2, 1)


@dataclass(frozen=True)
class FuzzInput:
    """One game's folder: `game` names it (`cards/<game>/`), `vocabulary` is its game.pax and
    `files` its card files, by path below the folder."""

    kind: str
    vocabulary: bytes
    files: tuple[tuple[str, bytes], ...]
    game: str = "testgame"

    @property
    def cards(self) -> bytes:
        """The first card file (most inputs have one)."""
        return self.files[0][1] if self.files else b""

    def describe(self) -> str:
        sizes = ", ".join(f"{name} {len(data):,} bytes" for name, data in self.files)
        return f"{self.kind}: {self.game}, game.pax {len(self.vocabulary):,} bytes, {sizes}"


def _read(path: str) -> str:
    return (REPO / path).read_text(encoding="utf-8")


# The real card files and vocabularies, by game: what most designers' mistakes start from.
REAL_VOCABULARIES = {game: _read(f"cards/{game}/game.pax") for game in ("pamir", "porfiriana")}
REAL_FILES: dict[str, list[tuple[str, str]]] = {
    game: [
        (path.relative_to(REPO / "cards" / game).as_posix(), path.read_text(encoding="utf-8"))
        for path in sorted((REPO / "cards" / game).rglob("*.pax"))
        if path.name != "game.pax"
    ]
    for game in REAL_VOCABULARIES
}
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>=|->|#[^\n]*|\s+|.', re.S)


def tokens_of(text: str) -> list[str]:
    """`text` cut into the card language's tokens, blanks and comments kept (joined, they are
    `text` again)."""
    return _TOKEN.findall(text)


REAL_TOKENS = sorted(
    {t for files in REAL_FILES.values() for _, text in files for t in tokens_of(text) if not t.isspace()}
    | {t for text in REAL_VOCABULARIES.values() for t in tokens_of(text) if not t.isspace()}
)


def draw(rng: random.Random, kind: str | None = None, max_depth: int = 10_000) -> FuzzInput:
    """One input of the given kind (any kind when None); `deep` ones nest up to `max_depth`."""
    kind = kind or rng.choices(KINDS, WEIGHTS)[0]
    if kind in _REAL_KINDS:
        return _REAL_KINDS[kind](rng)
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
    elif kind == "soup":
        return soup(rng)
    elif kind == "empty":
        return empty(rng)
    else:
        if rng.random() < 0.25:
            vocabulary = mutate(rng, VOCABULARY).encode()
            cards = card_file(rng).encode()
        else:
            cards = mutate(rng, rng.choice([*SEED_FILES, card_file(rng)])).encode()
    return FuzzInput(kind, vocabulary, (("fuzz.pax", cards),))


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
    if rng.random() < 0.2:  # thousands of zeros before a small number: int() counts them as digits
        number = "0" * rng.choice([1, 4_300, 4_301, rng.randint(1, 20_000)]) + number[: rng.randint(1, 9)]
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


# ---------------------------------------------------------------------- the real card files


def _real(rng: random.Random) -> tuple[str, str, str]:
    """A real card file: (game, its path below cards/<game>/, its text)."""
    game = rng.choice(sorted(REAL_FILES))
    path, text = rng.choice(REAL_FILES[game])
    return game, path, text


def _one_file(kind: str, game: str, path: str, data: bytes, vocabulary: str | None = None) -> FuzzInput:
    return FuzzInput(kind, (vocabulary or REAL_VOCABULARIES[game]).encode(), ((path, data),), game)


def mutate_tokens(rng: random.Random, text: str, operations: int | None = None) -> str:
    """`text` with 1 to 6 tokens deleted, inserted, duplicated (runs of up to 8), swapped or
    replaced by tokens of any real file."""
    tokens = tokens_of(text)
    for _ in range(operations or rng.randint(1, 6)):
        if not tokens:
            tokens = [rng.choice(REAL_TOKENS)]
        at = rng.randrange(len(tokens))
        action = rng.randrange(5)
        if action == 0:
            del tokens[at]
        elif action == 1:
            tokens.insert(at, rng.choice(REAL_TOKENS) + rng.choice(["", " ", "\n"]))
        elif action == 2:
            run = tokens[at : at + rng.randint(1, 8)]
            tokens[at:at] = run
        elif action == 3:
            other = rng.randrange(len(tokens))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        else:
            tokens[at] = rng.choice(REAL_TOKENS)
    return "".join(tokens)


def _blocks(text: str) -> list[tuple[int, int]]:
    """The braced blocks of `text` as (start of their line, end after '}'), strings and comments
    skipped; an unbalanced brace ends nothing."""
    found: list[tuple[int, int]] = []
    opened: list[int] = []
    offset = 0
    for token in tokens_of(text):
        if token == "{":
            opened.append(text.rfind("\n", 0, offset) + 1)
        elif token == "}" and opened:
            found.append((opened.pop(), offset + 1))
        offset += len(token)
    return found


def mutate_blocks(rng: random.Random, text: str, donor: str) -> str:
    """`text` with 1 to 3 of its blocks deleted, duplicated, swapped, cut short, or replaced by
    a block of `donor` (another real file, maybe of the other game)."""
    for _ in range(rng.randint(1, 3)):
        blocks = _blocks(text)
        if not blocks:
            return text + donor[: rng.randint(0, len(donor))]
        start, end = rng.choice(blocks)
        action = rng.randrange(5)
        if action == 0:
            text = text[:start] + text[end:]
        elif action == 1:
            text = text[:end] + "\n" + text[start:end] + text[end:]
        elif action == 2:
            other_start, other_end = rng.choice(blocks)
            if other_end <= start or end <= other_start:
                first, second = sorted([(start, end), (other_start, other_end)])
                text = (
                    text[: first[0]]
                    + text[second[0] : second[1]]
                    + text[first[1] : second[0]]
                    + text[first[0] : first[1]]
                    + text[second[1] :]
                )
        elif action == 3:
            text = text[: rng.randint(start, end)]
        else:
            donated = _blocks(donor)
            if donated:
                donor_start, donor_end = rng.choice(donated)
                text = text[:start] + donor[donor_start:donor_end] + text[end:]
    return text


def damage(rng: random.Random, data: bytes) -> bytes:
    """`data` with bits flipped, bytes inserted or deleted, cut short, a byte-order mark put in
    front, or its line ends made CRLF or CR."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        action = rng.randrange(7)
        at = rng.randint(0, len(out))
        if action == 0 and out:
            at = min(at, len(out) - 1)
            out[at] ^= 1 << rng.randrange(8)
        elif action == 1:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif action == 2:
            del out[at : at + rng.randint(1, 64)]
        elif action == 3:
            del out[at:]
        elif action == 4:
            out[0:0] = b"\xef\xbb\xbf"
        elif action == 5:
            out = bytearray(bytes(out).replace(b"\n", rng.choice([b"\r\n", b"\r"])))
        else:
            out[at:at] = rng.choice([b"\x00", b"\x1b[2J", b"\xe2\x80\xae", b"\\", b'"', b"\t"])
    return bytes(out)


def _long(rng: random.Random) -> FuzzInput:
    """A real card file with one thing made long: every use of a name, one name, a word of a
    string (card text), or a number written with thousands of leading zeros."""
    game, path, text = _real(rng)
    tokens = tokens_of(text)
    length = int(10 ** rng.uniform(2, 5.7))  # up to 500,000 characters
    action = rng.randrange(4)
    names = [i for i, t in enumerate(tokens) if t[:1].isalpha() or t[:1] == "_"]
    strings = [i for i, t in enumerate(tokens) if t.startswith('"') and len(t) > 1]
    numbers = [i for i, t in enumerate(tokens) if t.isdigit()]
    if action == 0 and names:  # a name made long everywhere: a long local, enum member, ...
        name = tokens[rng.choice(names)]
        longer = name + "x" * length
        tokens = [longer if t == name else t for t in tokens]
    elif action == 1 and names:
        at = rng.choice(names)
        tokens[at] = tokens[at] + "y" * length
    elif action == 2 and strings:
        at = rng.choice(strings)
        word = rng.choice(["w", "é", "\\\\", "'", '\\"']) * min(length, 40_000)
        tokens[at] = tokens[at][:-1] + rng.choice(["", " "]) + word + '"'
    elif numbers:
        at = rng.choice(numbers)
        tokens[at] = "0" * min(length, 20_000) + tokens[at]
    return _one_file("long", game, path, "".join(tokens).encode())


_CARD_AT = re.compile(r'^card ([0-9]+) "', re.M)


def _duplicates(rng: random.Random) -> FuzzInput:
    """A card number defined twice: in one file, or in two (the second file a copy of some
    cards of the first, maybe renumbered in part)."""
    game, path, text = _real(rng)
    blocks = [(start, end) for start, end in _blocks(text) if _CARD_AT.match(text, start)]
    if not blocks:
        return _one_file("duplicates", game, path, text.encode())
    start, end = rng.choice(blocks)
    card = text[start:end]
    if rng.random() < 0.4:
        return _one_file("duplicates", game, path, (text + "\n" + card + "\n").encode())
    copied = [text[s:e] for s, e in rng.sample(blocks, rng.randint(1, min(3, len(blocks))))]
    copied = [
        _CARD_AT.sub(lambda m: f'card {int(m.group(1)) + rng.choice([0, 0, 1000])} "', c) for c in copied
    ]
    other = f"game {game}\n\n" + "\n\n".join(copied) + "\n"
    files = ((path, text.encode()), (rng.choice(["copy.pax", "zz/copy.pax", "0.pax"]), other.encode()))
    return FuzzInput("duplicates", REAL_VOCABULARIES[game].encode(), files, game)


def _renumbered(card: str, shift: int) -> str:
    """A card's text with its number moved up by `shift`."""
    return _CARD_AT.sub(lambda match: f'card {int(match.group(1)) + shift} "', card)


_COLLIDING = ["a/c.pax", "a_c.pax", "a-c.pax", "A_C.pax", "a c.pax", "a-c_2.pax", "a_c_2.pax", "a/c_2.pax"]


def _collide(rng: random.Random) -> FuzzInput:
    """Two or three files whose paths may flatten to one module name, each holding cards of its
    own (numbered apart, so that only the names can collide)."""
    game, _, text = _real(rng)
    blocks = [(start, end) for start, end in _blocks(text) if _CARD_AT.match(text, start)]
    files: list[tuple[str, bytes]] = []
    for index, name in enumerate(rng.sample(_COLLIDING, rng.randint(2, 3))):
        cards = [text[s:e] for s, e in rng.sample(blocks, min(len(blocks), rng.randint(1, 2)))]
        cards = [_renumbered(c, 10_000 * (index + 1)) for c in cards]
        files.append((name, (f"game {game}\n\n" + "\n\n".join(cards) + "\n").encode()))
    return FuzzInput("collide", REAL_VOCABULARIES[game].encode(), tuple(files), game)


def _vocabulary(rng: random.Random) -> FuzzInput:
    """A real vocabulary damaged (tokens, blocks or bytes) with one of its game's card files, or
    the vocabulary whole and declared again in a card file."""
    game, path, text = _real(rng)
    vocabulary = REAL_VOCABULARIES[game]
    action = rng.randrange(4)
    if action == 0:
        return _one_file("vocabulary", game, path, text.encode(), mutate_tokens(rng, vocabulary))
    if action == 1:
        return _one_file("vocabulary", game, path, text.encode(), mutate_blocks(rng, vocabulary, vocabulary))
    if action == 2:
        return FuzzInput("vocabulary", damage(rng, vocabulary.encode()), ((path, text.encode()),), game)
    extra = vocabulary if rng.random() < 0.5 else mutate_tokens(rng, vocabulary)
    files = ((path, text.encode()), (rng.choice(["extra.pax", "a/extra.pax"]), extra.encode()))
    return FuzzInput("vocabulary", vocabulary.encode(), files, game)


def soup(rng: random.Random) -> FuzzInput:
    """Random tokens of the real files, under a game line or not."""
    game = rng.choice(sorted(REAL_FILES))
    words = [rng.choice(REAL_TOKENS) for _ in range(rng.randint(1, 400))]
    text = " ".join(words)
    if rng.random() < 0.7:
        text = f"game {game}\n" + text
    return _one_file("soup", game, "soup.pax", text.encode())


def empty(rng: random.Random) -> FuzzInput:
    """Files of nothing much: empty, blanks, comments, a game line alone; the vocabulary too."""
    game = rng.choice(sorted(REAL_FILES))
    texts = ["", "\n\n", "   \t", "# nothing here\n", f"game {game}\n", f"game {game}", "\ufeff", "#"]
    files = tuple((f"e{index}.pax", rng.choice(texts).encode()) for index in range(rng.randint(1, 3)))
    vocabulary = REAL_VOCABULARIES[game] if rng.random() < 0.8 else rng.choice(texts)
    return FuzzInput("empty", vocabulary.encode(), files, game)


def _tokens(rng: random.Random) -> FuzzInput:
    game, path, text = _real(rng)
    return _one_file("tokens", game, path, mutate_tokens(rng, text).encode())


def _block_input(rng: random.Random) -> FuzzInput:
    game, path, text = _real(rng)
    _, _, donor = _real(rng)
    return _one_file("blocks", game, path, mutate_blocks(rng, text, donor).encode())


def _damaged(rng: random.Random) -> FuzzInput:
    game, path, text = _real(rng)
    return _one_file("damaged", game, path, damage(rng, text.encode()))


_REAL_KINDS = {
    "tokens": _tokens,
    "blocks": _block_input,
    "damaged": _damaged,
    "long": _long,
    "duplicates": _duplicates,
    "collide": _collide,
    "vocabulary": _vocabulary,
}
