"""The intermediate representation: checked, resolved, typed. Every back end reads this.

No Lark types and no spans (only the source line a back end prints beside what it emits).
"""

from __future__ import annotations

from dataclasses import dataclass

from paxc.compiler.types import Type
from paxc.compiler.vocabulary import FieldSpec, HookSpec, MemorySpec, MoneySpec, Vocabulary, ZoneSpec

# ------------------------------------------------------------------ expressions


@dataclass(frozen=True, slots=True)
class IntConst:
    value: int
    type: Type


@dataclass(frozen=True, slots=True)
class TextConst:
    value: str
    type: Type


@dataclass(frozen=True, slots=True)
class BoolConst:
    value: bool
    type: Type


@dataclass(frozen=True, slots=True)
class EnumConst:
    member: str
    type: Type
    text: str | None = None  # how card text says it, where the vocabulary words it (a zone)


@dataclass(frozen=True, slots=True)
class ListConst:
    items: tuple[Expr, ...]
    type: Type


@dataclass(frozen=True, slots=True)
class YouRef:
    type: Type


@dataclass(frozen=True, slots=True)
class ThisRef:
    type: Type


@dataclass(frozen=True, slots=True)
class LocalRef:
    """A name bound by `let`, `choose` or `for each`."""

    name: str
    type: Type


@dataclass(frozen=True, slots=True)
class HookParamRef:
    """A parameter of the trigger, modifier or replaced event a block responds to."""

    name: str
    type: Type


@dataclass(frozen=True, slots=True)
class ThisField:
    """`this.x`: known when the card is compiled, so code uses `value`; card text names the field."""

    field: str
    value: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class CurrentValue:
    """In a modifier: the value computed before this card modifies it."""

    type: Type


@dataclass(frozen=True, slots=True)
class QueryCall:
    query: HookSpec
    args: tuple[Expr, ...]
    type: Type


@dataclass(frozen=True, slots=True)
class AdjacentCall:
    """The built-in `adjacent(a, b)` for an enum the vocabulary gives borders to."""

    enum: str
    left: Expr
    right: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class BuiltinCall:
    """One of the language's own functions over values and lists: count, exists, sum, min, max."""

    function: str
    args: tuple[Expr, ...]
    type: Type


@dataclass(frozen=True, slots=True)
class AttributeOfEach:
    """`points of cards in hand of you`: an attribute of each card of a list, in the list's order,
    as a list (a card lacking it is left out): what `sum of ...` adds up."""

    field: str
    source: Expr
    optional: bool  # some card types lack it: the cards without it are left out
    type: Type


@dataclass(frozen=True, slots=True)
class SelectionExpr:
    """The values of `source` (a list) for which `where` holds, bound in turn to `variable`."""

    variable: str
    source: Expr
    where: Expr | None
    type: Type


@dataclass(frozen=True, slots=True)
class MemoryRef:
    """What a card remembers (`this.named`); absent while it remembers nothing."""

    subject: Expr
    memory: MemorySpec
    type: Type


@dataclass(frozen=True, slots=True)
class IsSetExpr:
    """Whether a value that may be absent is there (`present`) or not. With a `binding`, the code
    keeps the value under that name, and what the test proves present reads it from there
    (`KnownRef`): how a later use is typed as present."""

    operand: Expr
    present: bool
    binding: str | None
    type: Type


@dataclass(frozen=True, slots=True)
class KnownRef:
    """A value that may be absent, where a test (`is set`) proved it present: read from the name
    the test kept it under. Card text says `original`."""

    binding: str
    original: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class FieldRef:
    subject: Expr
    field: str
    type: Type


@dataclass(frozen=True, slots=True)
class PickCard:
    """`the top card of ZONE` ("top": as the game's rules take one) or `a random card of ZONE`
    ("random": drawn with the game's seeded generator); absent when the zone is empty."""

    kind: str
    zone: CardsInZone
    type: Type


@dataclass(frozen=True, slots=True)
class CardsInZone:
    """The cards a zone holds, in the zone's order: one zone (`holder` for a zone of each player),
    or with `every`, that zone of every player in seat order."""

    zone: ZoneSpec
    holder: Expr | None
    every: bool
    type: Type


@dataclass(frozen=True, slots=True)
class CardPlace:
    """`card.owner` (`what` "owner") or `card.zone` ("zone"): where the card is now."""

    what: str
    subject: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class MoneyOf:
    """`rupees of p`: the money a player has."""

    money: MoneySpec
    holder: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class NotExpr:
    operand: Expr
    type: Type


@dataclass(frozen=True, slots=True)
class BinaryExpr:
    operator: str
    left: Expr
    right: Expr
    type: Type


Expr = (
    IntConst
    | TextConst
    | BoolConst
    | EnumConst
    | ListConst
    | YouRef
    | ThisRef
    | LocalRef
    | HookParamRef
    | ThisField
    | CurrentValue
    | QueryCall
    | AdjacentCall
    | BuiltinCall
    | AttributeOfEach
    | SelectionExpr
    | MemoryRef
    | IsSetExpr
    | KnownRef
    | FieldRef
    | CardsInZone
    | PickCard
    | CardPlace
    | MoneyOf
    | NotExpr
    | BinaryExpr
)


def proved_present(condition: Expr | None, holds: bool) -> dict[Expr, str]:
    """The values `condition` proves present where it holds (`holds`) or fails, by the name the
    code keeps each under: `a is set and b is set` proves both where it holds."""
    if isinstance(condition, IsSetExpr):
        if condition.binding is not None and condition.present == holds:
            return {condition.operand: condition.binding}
        return {}
    if isinstance(condition, NotExpr):
        return proved_present(condition.operand, not holds)
    if isinstance(condition, BinaryExpr) and condition.operator == ("and" if holds else "or"):
        return {**proved_present(condition.left, holds), **proved_present(condition.right, holds)}
    return {}


def card_key(expr: Expr) -> str | None:
    """The name a card value is known by in an effect, for what tests prove of where it is:
    `this`, a hook's parameter or a local name (None for any other card value)."""
    if isinstance(expr, ThisRef):
        return "this"
    if isinstance(expr, LocalRef | HookParamRef):
        return expr.name
    if isinstance(expr, KnownRef):  # a name a test proved set (`if c is set`)
        return card_key(expr.original)
    return None


def proved_zones(condition: Expr | None) -> dict[str, frozenset[str]]:
    """Where `condition`, when it holds, proves cards are: `c.zone == hand` proves `c` in the
    hand; `a and b` both (the zones both allow for one card); `a or b` of one card either."""
    if not isinstance(condition, BinaryExpr):
        return {}
    if condition.operator == "==":
        for place, zone in ((condition.left, condition.right), (condition.right, condition.left)):
            if (
                isinstance(place, CardPlace)
                and place.what == "zone"
                and isinstance(zone, EnumConst)
                and zone.type.name == "zone"
            ):
                key = card_key(place.subject)
                return {key: frozenset({zone.member})} if key is not None else {}
        return {}
    if condition.operator == "and":
        left, right = proved_zones(condition.left), proved_zones(condition.right)
        return {**left, **right, **{k: left[k] & right[k] for k in left.keys() & right.keys()}}
    if condition.operator == "or":
        left, right = proved_zones(condition.left), proved_zones(condition.right)
        return {k: left[k] | right[k] for k in left.keys() & right.keys()}
    return {}


# ------------------------------------------------------------------ statements


@dataclass(frozen=True, slots=True)
class OperationStmt:
    operation: HookSpec
    args: tuple[tuple[str, Expr], ...]  # (parameter name, value) in declared order
    line: int


@dataclass(frozen=True, slots=True)
class LetStmt:
    name: str
    value: Expr
    line: int


@dataclass(frozen=True, slots=True)
class IfStmt:
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...]
    line: int


@dataclass(frozen=True, slots=True)
class ForEachStmt:
    kind: Type  # the type of `variable`
    variable: str
    where: Expr | None
    body: tuple[Stmt, ...]
    line: int
    source: Expr | None = None  # a list to go through; None: every player, or every enum member


@dataclass(frozen=True, slots=True)
class ChooseStmt:
    kind: Type  # the type of `variable`
    variable: str
    where: Expr | None
    chooser: Expr
    prompt: str
    line: int
    source: Expr | None = None  # a list to choose from; None: every player, or every enum member


@dataclass(frozen=True, slots=True)
class ChooseSeveralStmt:
    """`chooser` picks distinct values of `source` (those passing `where`), from `at_least` to
    `count`; `variable` then holds them, as a list in the source's order."""

    element: Type
    variable: str
    count: Expr
    at_least: Expr  # `count` for "choose N", 0 for "choose up to N"
    source: Expr
    where: Expr | None
    chooser: Expr
    prompt: str
    line: int


@dataclass(frozen=True, slots=True)
class ChooseNumberStmt:
    """`chooser` picks a whole number from `low` to `high` into `variable`."""

    variable: str
    low: Expr
    high: Expr
    chooser: Expr
    prompt: str
    line: int


@dataclass(frozen=True, slots=True)
class ChooseOneStmt:
    """The card's owner picks one branch; each is offered as its English text."""

    branches: tuple[tuple[str, tuple[Stmt, ...]], ...]
    prompt: str
    line: int


@dataclass(frozen=True, slots=True)
class MayStmt:
    """The card's owner is asked `prompt` (yes or no); yes runs the body."""

    body: tuple[Stmt, ...]
    prompt: str
    line: int


@dataclass(frozen=True, slots=True)
class LastingStmt:
    """Starts the card's lasting ability `index` (its `modifiers`) for the duration."""

    index: int
    duration: str
    text: str  # the duration's phrasing: "until the end of your turn"
    modifiers: tuple[ModifierHook, ...]
    line: int


@dataclass(frozen=True, slots=True)
class SetStmt:
    """A card remembers `value` under `memory` (`set this.named to target`)."""

    subject: Expr
    memory: MemorySpec
    value: Expr
    line: int


@dataclass(frozen=True, slots=True)
class MoveStmt:
    """`move CARD to ZONE [of PLAYER]`, through the game's one primitive for moving cards."""

    card: Expr
    zone: ZoneSpec
    holder: Expr | None
    line: int
    # The zones the card may be in, each with a move to `zone` the game declares: a card found
    # elsewhere when the move is made (moved meanwhile by another effect) stays where it is.
    origins: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoneyStmt:
    """`gain N [for P]` (`verb` "gain": from the bank), `pay N [to R] [from P]` ("pay": all or
    nothing, to the bank unless `receiver`), `pay up to N ...` ("pay_up_to": what P has, up to
    N), `take N from P` ("take": as much as P has, up to N, for the effect's owner). In a game
    whose money lies on cards, `receiver` (pay) or `player` (take) may be a card."""

    verb: str
    money: MoneySpec
    amount: Expr
    player: Expr  # who gains, who pays, whom (or which card) the money is taken from
    receiver: Expr | None  # who (or which card) is paid (None: the bank); for `take`, who takes
    line: int


Stmt = (
    OperationStmt
    | MoveStmt
    | MoneyStmt
    | LetStmt
    | IfStmt
    | ForEachStmt
    | ChooseStmt
    | ChooseSeveralStmt
    | ChooseNumberStmt
    | ChooseOneStmt
    | MayStmt
    | LastingStmt
    | SetStmt
)

# ------------------------------------------------------------------ hooks


@dataclass(frozen=True, slots=True)
class OneShotHook:
    timing: str
    body: tuple[Stmt, ...]
    line: int


@dataclass(frozen=True, slots=True)
class TriggerHook:
    trigger: HookSpec
    condition: Expr | None
    optional: bool
    body: tuple[Stmt, ...]
    line: int
    once_per_turn: bool = False
    once_per_round: bool = False  # a round: every player has had a turn (core.abilities.round_starts)


@dataclass(frozen=True, slots=True)
class ModifierHook:
    modifier: HookSpec
    value: Expr
    when: Expr | None
    line: int
    change: str = "to"  # "to", "plus", "minus", "at_most" or "at_least" (as written)
    stage: str = "replace"  # when it acts among the value's modifiers (compiler.stacking.STAGES)
    # Where the card must be for the modifier to act: in play, or a place the vocabulary declares
    # (`while in market`), with the phrase that says it.
    place: str = "play"
    place_text: str = "while in play"
    # At most one use a round for each card and owner: it acts until the rules act on a value it
    # changed (`core.abilities.in_stages`); only for a modifier the vocabulary declares `spent`.
    once_per_round: bool = False


@dataclass(frozen=True, slots=True)
class ReplacementHook:
    event: HookSpec
    condition: Expr | None
    optional: bool
    body: tuple[Stmt, ...]
    line: int


Hook = OneShotHook | TriggerHook | ModifierHook | ReplacementHook


@dataclass(frozen=True, slots=True)
class AbilityIR:
    title: str | None
    hooks: tuple[Hook, ...]
    line: int


# ------------------------------------------------------------------ cards


@dataclass(frozen=True, slots=True)
class AttributeValue:
    field: FieldSpec
    value: Expr
    line: int


@dataclass(frozen=True, slots=True)
class ErratumIR:
    version: int
    note: str
    changes: tuple[AttributeValue, ...]
    line: int
    # The abilities it replaces, by title (None: the card's effects outside any ability).
    abilities: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class SideIR:
    title: str
    attributes: tuple[AttributeValue, ...]
    abilities: tuple[AbilityIR, ...]
    line: int
    intended_text: str = ""  # what its designer means the side to say (`text "..."`)


@dataclass(frozen=True, slots=True)
class CardIR:
    number: int
    name: str
    card_type: str
    provenance: str
    note: str
    attributes: tuple[AttributeValue, ...]  # as printed, errata applied
    abilities: tuple[AbilityIR, ...]
    sides: tuple[SideIR, ...]
    errata: tuple[ErratumIR, ...]
    path: str
    line: int
    lasting: tuple[AbilityIR, ...] = ()  # started by the card's `until` statements, by index
    intended_text: str = ""  # what its designer means the card to say (`text "..."`)
    # Which version of the card this is: 0 as printed, else the version of its last erratum. The
    # card a build plays by default is its latest version; `versions` holds the earlier ones,
    # each complete (attributes, abilities and sides as that version has them), printed first.
    version: int = 0
    versions: tuple[CardIR, ...] = ()


@dataclass(frozen=True, slots=True)
class CardFileIR:
    path: str
    sha256: str
    cards: tuple[CardIR, ...]


@dataclass(frozen=True)
class GameIR:
    vocabulary: Vocabulary
    vocabulary_sha256: str
    files: tuple[CardFileIR, ...]

    def cards(self) -> list[CardIR]:
        return sorted((card for file in self.files for card in file.cards), key=lambda c: c.number)
