"""Completion: the words that may stand at the cursor, as far as the text before it tells.

A card being typed rarely parses, so the position is read from the text itself: the blocks open
around the cursor (a card, an ability, an `on` block, a `while in play` block, the vocabulary)
and the words of the statement before it. After `when` come the game's triggers, after `on` its
timings, after `modify` its modifiers; at the start of a statement in an effect, its operations
and the statements of the language; in an operation's argument, a query's or after a comparison
with an enum-typed value, that enum's values; on a card's attribute line, the attribute's values.
Elsewhere, every name an expression may use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from paxc.compiler.lsp import game_index as kinds
from paxc.compiler.lsp.game_index import GameIndex
from paxc.compiler.types import Type
from paxc.compiler.vocabulary import CORE_ATTRIBUTES, PROVENANCES, HookSpec, ParamSpec

KEYWORD = "keyword"
CARD = "card"
VALUE = "value"


@dataclass(frozen=True, slots=True)
class Suggestion:
    label: str
    kind: str  # KEYWORD, CARD, VALUE or a kind of declaration (game_index)
    detail: str | None = None


_PREPOSITIONS = ("in", "on", "to", "from", "for", "with", "by", "at")
_TOP_LEVEL = ("card", "game", "vocabulary")
_VOCABULARY_ITEMS = (
    "enum",
    "adjacent",
    "cardtype",
    "timing",
    "duration",
    "while",
    "memory",
    "zone",
    "money",
    "move",
    "operation",
    "query",
    "trigger",
    "modifier",
    "replaceable",
    "language",
)
_CARD_ITEMS = ("ability", "on", "when", "while", "instead", "side", "errata")
_ABILITY_ITEMS = ("on", "when", "while", "instead")
_STATEMENTS = ("let", "if", "for", "choose", "may", "set", "until")
_EXPRESSION_WORDS = ("you", "this", "true", "false", "cards", "each", "not", "and", "or", "count", "exists")
_HOOK_KINDS = ("operation", "query", "trigger", "modifier", "replaceable")
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>=|\S')
_WORD_BEFORE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_ITEM_START = re.compile(r"^(card|game|vocabulary)\b", re.MULTILINE)
_CARD_HEADER = re.compile(r'card\s+[0-9]+\s+"(?:[^"\\\n]|\\.)*"\s+([A-Za-z_][A-Za-z0-9_]*)')
_CARD_REF = re.compile(r'\bcard\s*("[^"]*)?$')

# Blocks by what they hold: cards' own lines, an ability's effects, continuous modifiers, effects.
_CARD_BLOCKS = ("card", "side", "errata")
_CONTINUOUS_BLOCKS = ("while", "until")
# Words that, first in a statement, say what comes next; elsewhere in one they are prepositions.
_STATEMENT_STARTS = ("on", "when", "modify", "until", "while", "instead", "for", "choose")


def _code_part(line: str) -> str | None:
    """The line without its comment; None when it ends inside a string or a comment."""
    quoted = False
    index = 0
    while index < len(line):
        char = line[index]
        if quoted and char == "\\":
            index += 2
            continue
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return None
        index += 1
    return None if quoted else line


def _openers(text: str) -> list[list[str]]:
    """The blocks open at the end of `text`, outermost first, each as the words that opened it."""
    stack: list[list[str]] = []
    statement_start = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char == "#":
            end = text.find("\n", index)
            index = len(text) if end == -1 else end
            continue
        if char == '"':
            match = re.compile(r'"(?:[^"\\\n]|\\.)*"').match(text, index)
            index = match.end() if match else index + 1
            continue
        if char == "{":
            stack.append(_TOKEN.findall(text[statement_start:index]))
            statement_start = index + 1
        elif char == "}":
            if stack:
                stack.pop()
            statement_start = index + 1
        elif char in "\n;":
            statement_start = index + 1
        index += 1
    return stack


def complete(
    text: str, offset: int, index: GameIndex | None, games: tuple[str, ...] = (), scenario: bool = False
) -> list[Suggestion]:
    """What may be written at `offset` of `text`, the word being typed included in the filter."""
    if not 0 <= offset <= len(text):
        return []
    line_start = text.rfind("\n", 0, offset) + 1
    code = _code_part(text[line_start:offset])
    if code is None:
        ref = _CARD_REF.search(text[line_start:offset]) if scenario else None
        if ref is None or ref.group(1) is None:
            return []
        typed = ref.group(1)[1:].lower()  # what is written of the name so far
        return [s for s in _cards(index, quoted=True) if s.label.lower().startswith(typed)]
    prefix_match = _WORD_BEFORE.search(code)
    prefix = prefix_match.group(0) if prefix_match else ""
    head = code[: len(code) - len(prefix)]
    statement = re.split(r"[{};]", head)[-1]
    words = _TOKEN.findall(statement)
    if scenario:
        found = _CARD_REF.search(head)
        suggestions = _cards(index) if found and found.group(1) is None else []
    else:
        starts = [m.start() for m in _ITEM_START.finditer(text, 0, line_start + len(head))]
        item_start = starts[-1] if starts else 0
        blocks = _openers(text[item_start : line_start + len(head)])
        header = _CARD_HEADER.match(text, item_start)
        card_type = header.group(1) if header else None
        suggestions = _suggest(words, blocks, index, games, card_type)
    wanted = prefix.lower()
    seen: set[str] = set()
    unique: list[Suggestion] = []
    for suggestion in suggestions:
        if suggestion.label.lower().startswith(wanted) and suggestion.label not in seen:
            seen.add(suggestion.label)
            unique.append(suggestion)
    return unique


def _keywords(words: tuple[str, ...] | list[str]) -> list[Suggestion]:
    return [Suggestion(word, KEYWORD) for word in words]


def _named(index: GameIndex | None, *wanted: str) -> list[Suggestion]:
    if index is None:
        return []
    found = []
    for declaration in index.of_kind(*wanted):
        detail = declaration.kind + (f" of {declaration.owner}" if declaration.owner else "")
        if declaration.hook is not None:
            detail = kinds.signature(declaration.hook)
        found.append(Suggestion(declaration.name, declaration.kind, detail))
    return found


def _cards(index: GameIndex | None, quoted: bool = False) -> list[Suggestion]:
    """The game's cards by name (in a string) or by number and name (after `card`)."""
    if index is None:
        return []
    cards = [entry.card for entry in index.cards]
    if quoted:
        return [Suggestion(card.name, CARD, f"#{card.number}") for card in cards]
    numbers = [Suggestion(str(card.number), CARD, card.name) for card in cards]
    return numbers + [Suggestion(f'"{card.name}"', CARD, f"#{card.number}") for card in cards]


def _values_of(type_: Type | None, index: GameIndex | None) -> list[Suggestion] | None:
    """The values a value of this type may be written as, when they are a closed set."""
    if type_ is None or index is None:
        return None
    if type_.kind == "list" and type_.element is not None:
        return _values_of(type_.element, index)
    if type_.kind == "bool":
        return _keywords(("true", "false"))
    if type_.kind != "enum":
        return None
    if type_.name == "zone":
        return _named(index, kinds.ZONE)
    if type_.name == "card_type":
        return _named(index, kinds.CARD_TYPE)
    return [s for s in _named(index, kinds.ENUM_VALUE) if s.detail == f"{kinds.ENUM_VALUE} of {type_.name}"]


def _expression(index: GameIndex | None) -> list[Suggestion]:
    return [
        *_named(index, kinds.ENUM_VALUE, "query", kinds.ZONE, kinds.MONEY),
        *_keywords(_EXPRESSION_WORDS),
    ]


def _effect_statements(index: GameIndex | None) -> list[Suggestion]:
    builtin: list[str] = []
    vocabulary = index.vocabulary if index is not None else None
    if vocabulary is not None and vocabulary.zones:
        builtin.append("move")
    if vocabulary is not None and vocabulary.money is not None:
        builtin += ["gain", "pay", "take"]
    return [*_named(index, "operation"), *_keywords((*_STATEMENTS, *builtin))]


def _suggest(
    words: list[str],
    blocks: list[list[str]],
    index: GameIndex | None,
    games: tuple[str, ...],
    card_type: str | None,
) -> list[Suggestion]:
    inner = blocks[-1][0] if blocks and blocks[-1] else None
    outer = blocks[0][0] if blocks and blocks[0] else None
    if not blocks:
        return _top_level(words, index, games)
    if outer == "vocabulary":
        return _vocabulary(words, blocks, index)
    follows = _after_keyword(words, index)
    if follows is not None:
        return follows
    if inner in _CARD_BLOCKS:
        return _card_line(words, index, card_type)
    if inner == "ability":
        return _keywords(_ABILITY_ITEMS) if not words else []
    if inner in _CONTINUOUS_BLOCKS and not words:
        return _keywords(("modify",))
    if not words:
        return _effect_statements(index)
    return _argument(words, index) or _expression(index)


def _top_level(words: list[str], index: GameIndex | None, games: tuple[str, ...]) -> list[Suggestion]:
    if not words:
        return _keywords(_TOP_LEVEL)
    if words == ["game"]:
        return [Suggestion(game, kinds.GAME) for game in games]
    if words == ["card"] and index is not None:
        taken = [entry.card.number for entry in index.cards]
        return [Suggestion(str(max(taken, default=0) + 1), CARD, "the next free card number")]
    if len(words) == 3 and words[0] == "card":
        return _named(index, kinds.CARD_TYPE)
    return []


def _vocabulary(words: list[str], blocks: list[list[str]], index: GameIndex | None) -> list[Suggestion]:
    inner = blocks[-1][0] if blocks[-1] else None
    if len(blocks) == 1 and not words:
        return _keywords(_VOCABULARY_ITEMS)
    if words and words[-1] in (":", "list", "->"):  # a type
        types = [Suggestion(name, KEYWORD) for name in ("int", "bool", "text", "player", "card")]
        return [
            *types,
            *_named(index, kinds.ENUM),
            *([Suggestion("list", KEYWORD)] if words[-1] != "list" else []),
        ]
    if inner == "cardtype" and words and words[-1] not in (",",):
        return _keywords(("required",))
    return []


def _after_keyword(words: list[str], index: GameIndex | None) -> list[Suggestion] | None:
    """What the keyword just before the cursor asks for, if the statement is one of these."""
    after = {
        ("on",): lambda: _named(index, kinds.TIMING),
        ("when",): lambda: _named(index, "trigger"),
        ("instead",): lambda: _keywords(("of",)),
        ("instead", "of"): lambda: _named(index, "replaceable"),
        ("modify",): lambda: _named(index, "modifier"),
        ("until",): lambda: _named(index, kinds.DURATION),
        ("while",): lambda: _keywords(("in",)),
        ("while", "in"): lambda: [Suggestion("play", KEYWORD), *_named(index, kinds.PLACE)],
        ("for",): lambda: _keywords(("each",)),
        ("for", "each"): lambda: [Suggestion("player", KEYWORD), *_named(index, kinds.ENUM)],
        ("choose",): lambda: [
            *_keywords(("one", "up")),
            Suggestion("player", KEYWORD),
            *_named(index, kinds.ENUM),
        ],
        ("cards", "in"): lambda: [Suggestion("every", KEYWORD), *_named(index, kinds.ZONE)],
        ("cards", "in", "every"): lambda: _named(index, kinds.ZONE),
    }
    for length in (3, 2, 1):
        tail = tuple(words[-length:])
        if len(words) >= length and tail in after:
            if tail[0] in _STATEMENT_STARTS and len(words) != length:
                continue  # these start a statement: `on` or `for` later in one is a preposition
            return after[tail]()
    return None


def _card_line(words: list[str], index: GameIndex | None, card_type: str | None) -> list[Suggestion]:
    """A card's own line: an attribute and its values, or the blocks a card holds."""
    vocabulary = index.vocabulary if index is not None else None
    spec = vocabulary.card_types.get(card_type or "") if vocabulary is not None else None
    if not words:
        fields = (
            [Suggestion(f.name, kinds.ATTRIBUTE, f"{f.name}: {f.type}") for f in spec.fields] if spec else []
        )
        return [*fields, *_keywords(CORE_ATTRIBUTES), *_keywords(_CARD_ITEMS)]
    if words[0] == "provenance":
        return _keywords(PROVENANCES)
    field = spec.field(words[0]) if spec is not None else None
    if field is not None and (len(words) == 1 or words[-1] == ","):
        return _values_of(field.type, index) or []
    return []


def _argument(words: list[str], index: GameIndex | None) -> list[Suggestion] | None:
    """The values of the argument at the cursor: of an operation, a query, or a comparison."""
    if index is None or index.vocabulary is None:
        return None
    vocabulary = index.vocabulary
    if words[-1] in ("==", "!="):
        return _compared(words[:-1], index)
    call = _open_call(words)
    if call is not None:
        name, position = call
        hook = vocabulary.hooks.get(name)
        if hook is not None and position < len(hook.params):
            return _values_of(hook.params[position].type, index)
        return None
    hook = vocabulary.hooks.get(words[0])
    if hook is None or hook.kind != "operation":
        return None
    param = _operation_param(hook, words[1:])
    return _values_of(param.type, index) if param is not None else None


def _open_call(words: list[str]) -> tuple[str, int] | None:
    """The call whose parentheses the cursor is in, and which of its arguments it is at."""
    depth = 0
    commas = 0
    for position in range(len(words) - 1, -1, -1):
        word = words[position]
        if word == ")":
            depth += 1
        elif word == "(":
            if depth == 0:
                return (words[position - 1], commas) if position > 0 else None
            depth -= 1
        elif word == "," and depth == 0:
            commas += 1
    return None


def _operation_param(hook: HookSpec, words: list[str]) -> ParamSpec | None:
    """The parameter of an operation the next value goes to: after a preposition its own, else
    the next of its values in order."""
    if words and words[-1] in _PREPOSITIONS:
        return hook.by_preposition(words[-1])
    if any(word in _PREPOSITIONS for word in words):
        return None
    values = 0
    previous = ""
    depth = 0
    for word in words:
        if word == "(":
            depth += 1
        elif word == ")":
            depth -= 1
        elif (
            depth == 0 and word not in (",", "+", "-", "*", ".") and previous not in ("+", "-", "*", ".", "(")
        ):
            values += 1
        previous = word
    positional = hook.positional
    return positional[values] if values < len(positional) else None


def _compared(words: list[str], index: GameIndex) -> list[Suggestion] | None:
    """After `X ==`: the values of X's type, when X is an attribute (`c.region`) or a hook's
    parameter (`when card_discarded if origin ==`)."""
    vocabulary = index.vocabulary
    if vocabulary is None or not words:
        return None
    name = words[-1]
    if len(words) >= 2 and words[-2] == ".":
        if name == "card_type":
            return _named(index, kinds.CARD_TYPE)
        if name == "zone":
            return _named(index, kinds.ZONE)
        field = vocabulary.field_anywhere(name)
        return _values_of(field.type, index) if field is not None else None
    for word in words:
        hook = vocabulary.hooks.get(word)
        if hook is not None:
            param = next((p for p in hook.params if p.name == name), None)
            if param is not None:
                return _values_of(param.type, index)
    return None
