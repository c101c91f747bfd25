"""The abstract syntax tree: frozen dataclasses, each carrying the Span it was parsed from.

Nothing from Lark appears here; compiler/parser.py is the only module that knows Lark.
"""

from __future__ import annotations

from dataclasses import dataclass

from paxc.compiler.source import Span


@dataclass(frozen=True, slots=True)
class Ident:
    text: str
    span: Span


# ------------------------------------------------------------------ expressions


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class StrLit:
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    span: Span


@dataclass(frozen=True, slots=True)
class You:
    """The player who owns the card (or who resolves the event)."""

    span: Span


@dataclass(frozen=True, slots=True)
class This:
    """The card the effect is written on."""

    span: Span


@dataclass(frozen=True, slots=True)
class Name:
    ident: Ident
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    function: Ident
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Attribute:
    subject: Expr
    attribute: Ident
    span: Span


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class BinOp:
    """`and`, `or`, a comparison or arithmetic."""

    operator: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Selection:
    """`each c in LIST where TEST`: the values of a list that pass a test, in the list's order."""

    variable: Ident
    source: Expr
    where: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class IsSet:
    """`VALUE is set` (`present`) or `VALUE is not set`: whether a value that may be absent (what
    a card remembers, an attribute some cards lack) is there."""

    operand: Expr
    present: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Holding:
    """`NAME of PLAYER`: the game's money a player has (`rupees of you`), or a zone of each player
    (`court of p`, where a card goes or whose cards are listed)."""

    name: Ident
    holder: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class CardsIn:
    """`cards in ZONE`, `cards in ZONE of PLAYER`, `cards in every ZONE`: the cards a zone holds."""

    zone: Ident
    holder: Expr | None
    every: bool
    span: Span


@dataclass(frozen=True, slots=True)
class PickCard:
    """`the top card of ZONE` (`kind` "top") or `a random card of ZONE` ("random"): one card of
    the zone, or none when it is empty."""

    kind: str
    zone: CardsIn
    span: Span


Expr = (
    IntLit
    | StrLit
    | BoolLit
    | You
    | This
    | Name
    | Call
    | Attribute
    | Not
    | BinOp
    | Selection
    | Holding
    | CardsIn
    | PickCard
    | IsSet
)


# ------------------------------------------------------------------ statements


@dataclass(frozen=True, slots=True)
class PrepArg:
    preposition: str
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Phrase:
    """`head arg arg, arg in x`: a card attribute or an operation, told apart by the checker."""

    head: Ident
    groups: tuple[tuple[Expr, ...], ...]
    prepositions: tuple[PrepArg, ...]
    span: Span
    up_to: bool = False  # `pay up to N ...`: the one value is a most, not an exact amount


@dataclass(frozen=True, slots=True)
class Let:
    name: Ident
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class If:
    condition: Expr
    then: Block
    otherwise: Block | If | None
    span: Span


@dataclass(frozen=True, slots=True)
class ForEach:
    """`for each KIND as x` (every player, every member of an enum) or `for each x in LIST`."""

    kind: Ident | None  # None: the values of `source`
    variable: Ident
    where: Expr | None
    body: Block
    span: Span
    source: Expr | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """`choose KIND as x` or `choose x in LIST`."""

    kind: Ident | None  # None: one of the values of `source`
    variable: Ident
    where: Expr | None
    chooser: Expr | None
    span: Span
    source: Expr | None = None


@dataclass(frozen=True, slots=True)
class ChooseSeveral:
    """`choose up to N x in LIST` (`up_to`) or `choose N x in LIST`: distinct values of a list;
    `x` is one value in the test, and the list of values chosen after the choice."""

    count: Expr
    up_to: bool
    variable: Ident
    source: Expr
    where: Expr | None
    chooser: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class ChooseNumber:
    """`choose n from LOW to HIGH`: a whole number of the range, both ends included."""

    variable: Ident
    low: Expr
    high: Expr
    chooser: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class ChooseOne:
    """`choose one { ... } or { ... }`: the card's owner picks one of the blocks."""

    branches: tuple[Block, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class May:
    """`may { ... }`: the card's owner decides whether the block happens."""

    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class Until:
    """`until DURATION { modify ... }`: modifiers that start when the effect runs and last."""

    duration: Ident
    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class Set:
    """`set CARD.MEMORY to VALUE`: a card in play remembers a value."""

    target: Attribute
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Modify:
    """`modify HOOK to VALUE`, `by [-]VALUE`, `to at most VALUE` or `to at least VALUE`."""

    hook: Ident
    value: Expr
    when: Expr | None
    span: Span
    change: str = "to"  # "to", "plus", "minus", "at_most" or "at_least"
    once: str | None = None  # `once per round` ("round"; "turn", which the checker refuses)


@dataclass(frozen=True, slots=True)
class On:
    timing: Ident
    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class When:
    trigger: Ident
    condition: Expr | None
    optional: bool
    body: Block
    span: Span
    once_per_turn: bool = False
    once_per_round: bool = False


@dataclass(frozen=True, slots=True)
class WhileInPlay:
    """`while in play { ... }`, or `while in PLACE` for a place the vocabulary declares."""

    body: Block
    span: Span
    place: Ident | None = None  # None: in play


@dataclass(frozen=True, slots=True)
class Instead:
    event: Ident
    condition: Expr | None
    optional: bool
    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class Ability:
    title: StrLit
    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class Side:
    title: StrLit
    body: Block
    span: Span


@dataclass(frozen=True, slots=True)
class Errata:
    version: IntLit
    note: StrLit
    body: Block
    span: Span


Statement = (
    Phrase
    | Let
    | If
    | ForEach
    | Choose
    | ChooseSeveral
    | ChooseNumber
    | ChooseOne
    | May
    | Until
    | Set
    | Modify
    | On
    | When
    | WhileInPlay
    | Instead
    | Ability
    | Side
    | Errata
)


@dataclass(frozen=True, slots=True)
class Block:
    statements: tuple[Statement, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Card:
    number: IntLit
    name: StrLit
    card_type: Ident
    body: Block
    span: Span


# ------------------------------------------------------------------ vocabularies


@dataclass(frozen=True, slots=True)
class TypeRef:
    name: Ident
    is_list: bool
    span: Span


@dataclass(frozen=True, slots=True)
class EnumDecl:
    name: Ident
    members: tuple[Ident, ...]
    span: Span
    # How a card's attribute says each member, where the vocabulary words it (None: its name).
    texts: tuple[StrLit | None, ...] = ()


@dataclass(frozen=True, slots=True)
class AdjacencyDecl:
    kind: Ident
    pairs: tuple[tuple[Ident, Ident], ...]
    span: Span


@dataclass(frozen=True, slots=True)
class FieldDecl:
    name: Ident
    type: TypeRef
    required: bool
    span: Span
    label: StrLit | None = None  # the attribute's label on a card, where the vocabulary gives one


@dataclass(frozen=True, slots=True)
class CardTypeDecl:
    name: Ident
    fields: tuple[FieldDecl, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Param:
    preposition: str | None
    name: Ident
    type: TypeRef
    span: Span
    asked: tuple[Ident, ...] = ()  # `{tribe}`: the only values the runtime gives it


@dataclass(frozen=True, slots=True)
class SignatureDecl:
    """operation, query, trigger, modifier or replaceable: a hook the game's runtime offers cards."""

    kind: str
    name: Ident
    params: tuple[Param, ...]
    result: TypeRef | None
    text: StrLit | None
    span: Span
    spent: bool = False  # a modifier whose use the rules tell: it may be limited `once per round`
    halts: HaltsDecl | None = None  # `halts to VALUE "why"`: the value that leaves the game no end


@dataclass(frozen=True, slots=True)
class HaltsDecl:
    """`halts to false "why"` or `halts to at most 0 "why"` on a modifier: a continuous effect giving
    it that value (or, `at most`, a number up to it) with no condition leaves the game unable to end."""

    value: IntLit | BoolLit
    bound: str | None  # "most" (`to at most N`), "least" (refused by the vocabulary's check) or None
    why: StrLit
    span: Span


@dataclass(frozen=True, slots=True)
class TimingDecl:
    names: tuple[Ident, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class DurationMoment:
    """A trigger that ends a duration, maybe only its owner's: `turn_ended if player == you`."""

    trigger: Ident
    player: Ident | None  # the trigger's parameter that must be the effect's owner
    compare: str  # "==" (the only comparison a moment may make; the vocabulary check says so)
    span: Span


@dataclass(frozen=True, slots=True)
class DurationDecl:
    name: Ident
    text: StrLit
    span: Span
    ends: DurationMoment | None = None
    after: DurationMoment | None = None  # the end counts only once this has come since the start


@dataclass(frozen=True, slots=True)
class WhileDecl:
    """A place other than play where continuous effects act (`while market "while in the market"`)."""

    name: Ident
    text: StrLit
    span: Span


@dataclass(frozen=True, slots=True)
class MemoryDecl:
    name: Ident
    type: TypeRef
    text: StrLit
    span: Span


@dataclass(frozen=True, slots=True)
class ZoneDecl:
    """`zone NAME [of player] "wording"`: a place cards are in, shared or one per player."""

    name: Ident
    per_player: bool
    text: StrLit
    span: Span
    moved: StrLit | None = None  # how a card moved there is said: "discard {card}"


@dataclass(frozen=True, slots=True)
class MoveDecl:
    """`move ORIGIN to DESTINATION`: a move of a card between two zones the runtime makes."""

    origin: Ident
    destination: Ident
    span: Span


@dataclass(frozen=True, slots=True)
class MoneyDecl:
    """`money NAME "singular" "plural"`: what the game's players pay with."""

    name: Ident
    singular: StrLit
    plural: StrLit
    span: Span
    on_cards: bool = False  # money may lie on cards too (`money rupees ... on cards`)


@dataclass(frozen=True, slots=True)
class LanguageEntry:
    """One line of a `language` block: `word army "armée" f`, `operation place_armies "..."`."""

    kind: Ident
    name: Ident
    texts: tuple[StrLit, ...]
    gender: Ident | None
    span: Span


@dataclass(frozen=True, slots=True)
class LanguageDecl:
    """`language fr { ... }`: how card text says the vocabulary in another language."""

    language: Ident
    entries: tuple[LanguageEntry, ...]
    span: Span


VocabItem = (
    EnumDecl
    | AdjacencyDecl
    | CardTypeDecl
    | SignatureDecl
    | TimingDecl
    | DurationDecl
    | MemoryDecl
    | ZoneDecl
    | MoveDecl
    | MoneyDecl
    | WhileDecl
    | LanguageDecl
)


@dataclass(frozen=True, slots=True)
class VocabularyDecl:
    name: Ident
    title: StrLit
    items: tuple[VocabItem, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class GameHeader:
    game: Ident
    span: Span


@dataclass(frozen=True, slots=True)
class File:
    path: str
    headers: tuple[GameHeader, ...]
    vocabularies: tuple[VocabularyDecl, ...]
    cards: tuple[Card, ...]
    span: Span


# ------------------------------------------------------------------ scenario files (`*.paxtest`)


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card a scenario names, by its number or its name: `card 23`, `card "Palace Purge"`."""

    key: int | str
    span: Span


@dataclass(frozen=True, slots=True)
class MoneyLine:
    """`set rupees of P0 to 7`: money set by hand in a scenario's position."""

    holding: Expr
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class DecisionLine:
    """`P0 chooses "buy Palace Purge", card 23`: a player's next decisions, one answer each."""

    player: Ident
    answers: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Expectation:
    """`expect CONDITION`: what must hold at that point of the scenario."""

    condition: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class OptionExpectation:
    """`expect P0 cannot choose "buy Public Withdrawal"`: whether the decision pending offers it."""

    player: Ident
    offered: bool
    answer: Expr
    span: Span


ScenarioLine = Phrase | MoneyLine | DecisionLine | Expectation | OptionExpectation


@dataclass(frozen=True, slots=True)
class Scenario:
    name: StrLit
    lines: tuple[ScenarioLine, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    path: str
    headers: tuple[GameHeader, ...]
    scenarios: tuple[Scenario, ...]
    span: Span
