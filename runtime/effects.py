"""The contract between generated card effects and the runtime. It knows no game.

A card effect is a generator: it runs until it needs a player's decision, yields that `Decision`,
and is resumed by the runtime once the decision has its answer. The engine therefore never calls a
player: it publishes the pending decision, and whoever answers (a human, a bot, a replayed log)
fills it in. Effects that need no choice still have the same shape, so the runtime drives every
effect the same way.

Each game's generated `vocabulary` module declares a Protocol extending `EffectContext` with that
game's operations and queries; the game's runtime implements it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NewType, Protocol, TypeVar

# A decision, its answer and `ask` live in `choice.py`, which `paxc accelerate` compiles (one is
# made and asked at every decision); named here, where card effects have always found them.
from paxc.runtime.choice import Choice as Choice
from paxc.runtime.choice import Decision as Decision
from paxc.runtime.choice import NothingToChoose as NothingToChoose
from paxc.runtime.choice import ask as ask

PlayerId = NewType("PlayerId", int)
"""A seat at the table, 0-based in turn order from the first player."""

C = TypeVar("C", bound="EffectContext")
E = TypeVar("E")
V = TypeVar("V")


Effect = Generator[Decision, None, None]
"""A running card effect: yields decisions, returns nothing."""


class Provenance(enum.Enum):
    """Where a card's definition comes from."""

    PRINTED = "printed"
    INFERRED = "inferred"
    RECONSTRUCTED = "reconstructed"


class EffectContext(Protocol):
    """What every game offers to every effect, whatever the game."""

    @property
    def you(self) -> PlayerId:
        """The player the effect belongs to: the card's owner, or the player resolving the event."""
        ...

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        """Every player, starting with the one whose turn it is."""
        ...


@dataclass(frozen=True, slots=True)
class OneShot(Generic[C]):
    """An effect that happens once, at a timing the game names (on play, on purchase, ...)."""

    timing: str
    run: Callable[[C], Effect]
    source: str


@dataclass(frozen=True, slots=True)
class Trigger(Generic[C, E]):
    """An effect that happens whenever the event `event` occurs and `applies` holds.

    An optional trigger is offered to the card's owner, who may decline it.
    """

    event: type[E]
    applies: Callable[[C, E], bool]
    run: Callable[[C, E], Effect]
    optional: bool
    source: str
    once_per_turn: bool = False  # acts at most once a turn for each owner (see core.abilities.fire)
    once_per_round: bool = False  # at most once a round: until every player has had a turn


class Stage(enum.IntEnum):
    """When a modifier acts on a value, whatever the order its cards came into play: every
    replacement first, then every scaling, adjustment, ceiling and floor (see
    `core.abilities.in_stages`)."""

    REPLACE = 0  # `modify X to V`: the value becomes V
    SCALE = 1  # `modify X to V` where V (or its condition) reads `current`: halve it, double it, ...
    ADJUST = 2  # `modify X by N`: N more (or less); adjustments add up
    CEILING = 3  # `modify X to at most V`: the lowest ceiling holds
    FLOOR = 4  # `modify X to at least V`: the highest floor holds, last of all


@dataclass(frozen=True, slots=True)
class Modifier(Generic[C, E, V]):
    """A continuous change: given the value the rules computed so far, returns the new value."""

    hook: type[E]
    apply: Callable[[C, E, V], V]
    source: str
    stage: Stage = Stage.REPLACE
    # Where its card must be for it to act: "play", or a place the game's vocabulary declares
    # for continuous effects (`while in market`), which its runtime honours.
    place: str = "play"
    # At most one use a round for each owner: it acts until the rules act on a value it changed
    # (see core.abilities.in_stages); only on a modifier the vocabulary declares `spent`.
    once_per_round: bool = False


@dataclass(frozen=True, slots=True)
class Replacement(Generic[C, E]):
    """Something that happens instead of `event` when `applies` holds (optional: the owner may)."""

    event: type[E]
    applies: Callable[[C, E], bool]
    run: Callable[[C, E], Effect]
    optional: bool
    source: str


@dataclass(frozen=True, slots=True)
class Ability(Generic[C]):
    """A card's ability: a title (when printed) and the hooks through which it reaches the rules."""

    title: str | None
    one_shots: tuple[OneShot[C], ...] = ()
    triggers: tuple[Trigger[C, Any], ...] = ()
    modifiers: tuple[Modifier[C, Any, Any], ...] = ()
    replacements: tuple[Replacement[C, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Erratum:
    """A correction to a printed card; the card's attributes already include it."""

    version: int
    note: str
    changes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DurationEnd:
    """When a duration (`until ...`) ends, as the game's vocabulary declares it: when the rules tell
    an event of the type `ends` (only one whose field `ends_player` is the effect's owner, when
    given), once an event of the type `after` has come since the effect started (when given;
    likewise maybe only the owner's). The generated `DURATION_ENDS` maps each duration to one."""

    ends: type
    ends_player: str | None = None
    after: type | None = None
    after_player: str | None = None


@dataclass(frozen=True, slots=True)
class Declared:
    """Something a game's vocabulary declares that its rules must implement, and where it is
    declared (`cards/<game>/game.pax:LINE`; the file alone where the vocabulary keeps no line).
    The generated `DECLARED` lists them; `core.implemented` checks them when a game is loaded.

    An operation or query is a method of the effects class (`method`, called as the generated
    `<Game>Effects` protocol says); so are what zones, money, memories and durations need
    (`kind` "zones", "money", "memories", "durations"). A trigger, modifier or replaceable event
    is a class the rules build (`event`): a trigger no rule tells never acts.
    """

    kind: str
    name: str  # as the vocabulary spells it (for zones, money, ...: the method's name)
    where: str
    event: type | None = None
    method: str = ""  # the method's name where it is not `name` (a Python keyword: `name_`)

    @property
    def attribute(self) -> str:
        """The method of the effects class (an operation, a query, what zones need ...)."""
        return self.method or self.name


R = TypeVar("R")

Remembered = int | str | bool
"""What a card may remember, as the runtime keeps it: a number, yes/no, a player's seat (int) or
an enum member (its name, a str)."""


def recalled(kind: Callable[[Any], R], value: Remembered | None) -> R | None:
    """A remembered value as its type (`recalled(PlayerId, ctx.recall(card, "named"))`)."""
    return None if value is None else kind(value)


def always(ctx: object, event: object) -> bool:
    """The condition of a trigger or replacement that has none: it applies every time."""
    return True


def effects_of(card: Any) -> Iterator[Any]:
    """Every effect a generated card holds: the one-shots, triggers, replacements and modifiers of
    its abilities and lasting effects, on each of its sides (a `Modifier` has `apply`, the others
    `run`). For tools that look at or wrap all of them: coverage, compare, the card errors."""
    for face in (card, *getattr(card, "sides", ())):
        for ability in (*getattr(face, "abilities", ()), *getattr(face, "lasting", ())):
            for kind in ("one_shots", "triggers", "replacements", "modifiers"):
                yield from getattr(ability, kind, ())
