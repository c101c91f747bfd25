"""A deck profile: what a game's compiled cards add up to, for designers balancing a deck.

For any game: the cards per card type and per provenance. For a game whose cards carry prestige
points and regime changes, also the points of each prestige kind (upright, or upside down and
so awarded to a victim) and the cards changing the regime to each regime, split by card type.

Nothing here knows a game: the attributes to read are parameters (Pax Porfiriana's are the
defaults, `prestige`, `victim_prestige` and `regime_change`). A game whose card types lack them
gets the counts only. An attribute must be an enum or a list of one; its enum's members, in
declared order, are the kinds or regimes reported.

What counts: a card's own attributes and those of each of its sides (a double-sided card or a
card with two orientations shows its icons on each face, and each icon is counted). Each list item
is one point. A card counts once for each regime any of its faces changes to.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the command line reads the defaults below at start-up: the compiler proper
    # is imported only once a profile is made
    from paxc.compiler import ir
    from paxc.compiler.vocabulary import FieldSpec, Vocabulary

DEFAULT_PRESTIGE = "prestige"
DEFAULT_VICTIM_PRESTIGE = "victim_prestige"
DEFAULT_REGIME_CHANGE = "regime_change"

_T = TypeVar("_T")


class ProfileError(ValueError):
    """A profile asked of a game that cannot give it (an unknown type, an attribute of no enum)."""


@dataclass(frozen=True)
class PrestigeCount:
    """Prestige points of one kind: upright (scored by the card's holder) and victim-awarded."""

    upright: int = 0
    victim: int = 0

    @property
    def total(self) -> int:
        return self.upright + self.victim

    def __add__(self, other: PrestigeCount) -> PrestigeCount:
        return PrestigeCount(self.upright + other.upright, self.victim + other.victim)


@dataclass(frozen=True)
class DeckProfile:
    game: str
    title: str
    excluded: tuple[str, ...]
    # Every card type of the vocabulary not excluded, in declared order, with its number of cards.
    types: dict[str, int]
    # Every provenance (printed, inferred, reconstructed), with its number of cards.
    provenance: dict[str, int]
    # Prestige kinds (the enum's members, in order) -> card type -> points; types without any
    # point of that kind are left out. Empty when the game has neither prestige attribute.
    prestige: dict[str, dict[str, PrestigeCount]] = field(default_factory=dict)
    # Regimes -> card type -> cards changing the regime to it. Empty when the game has no such
    # attribute.
    regime_changes: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def cards(self) -> int:
        return sum(self.types.values())

    def prestige_total(self, kind: str, types: Collection[str] | None = None) -> PrestigeCount:
        """The points of `kind` on every card, or on the cards of the given types only."""
        total = PrestigeCount()
        for card_type, count in self.prestige.get(kind, {}).items():
            if types is None or card_type in types:
                total += count
        return total

    def regime_change_total(self, regime: str, types: Collection[str] | None = None) -> int:
        """The cards changing the regime to `regime`, or those of the given types only."""
        return sum(
            count
            for card_type, count in self.regime_changes.get(regime, {}).items()
            if types is None or card_type in types
        )

    def as_json(self) -> dict[str, Any]:
        """The profile as data; `prestige` and `regime_changes` only for a game whose cards can
        carry them (Pax Pamir's profile has neither, rather than two empty fields)."""
        data: dict[str, Any] = {
            "game": self.game,
            "title": self.title,
            "excluded": list(self.excluded),
            "cards": self.cards,
            "types": dict(self.types),
            "provenance": dict(self.provenance),
        }
        if self.prestige:
            data["prestige"] = {
                kind: {t: {"upright": c.upright, "victim": c.victim} for t, c in by_type.items()}
                for kind, by_type in self.prestige.items()
            }
        if self.regime_changes:
            data["regime_changes"] = {
                regime: dict(by_type) for regime, by_type in self.regime_changes.items()
            }
        return data


def profile(
    game: ir.GameIR,
    *,
    prestige: str = DEFAULT_PRESTIGE,
    victim_prestige: str = DEFAULT_VICTIM_PRESTIGE,
    regime_change: str = DEFAULT_REGIME_CHANGE,
    exclude: Collection[str] = (),
) -> DeckProfile:
    """The profile of a compiled game, leaving out the cards of the types in `exclude`.

    Raises ProfileError for an excluded type the game does not have, or for one of the named
    attributes whose type is not an enum (or a list of one).
    """
    vocabulary = game.vocabulary
    unknown = sorted(set(exclude) - set(vocabulary.card_types))
    if unknown:
        raise ProfileError(
            f"no card type {', '.join(repr(t) for t in unknown)} in {vocabulary.name} "
            f"(types: {', '.join(vocabulary.card_types)})"
        )
    cards = [card for card in game.cards() if card.card_type not in exclude]
    types = {name: 0 for name in vocabulary.card_types if name not in exclude}
    from paxc.compiler.vocabulary import PROVENANCES

    provenance = dict.fromkeys(PROVENANCES, 0)
    for card in cards:
        types[card.card_type] += 1
        provenance[card.provenance] = provenance.get(card.provenance, 0) + 1

    upright_kinds = _members(vocabulary, prestige)
    victim_kinds = _members(vocabulary, victim_prestige)
    kinds = upright_kinds + tuple(k for k in victim_kinds if k not in upright_kinds)
    points: dict[str, dict[str, PrestigeCount]] = {kind: {} for kind in kinds}
    regimes = _members(vocabulary, regime_change)
    changes: dict[str, dict[str, int]] = {regime: {} for regime in regimes}
    for card in cards:
        card_type = card.card_type
        for kind in _values(card, prestige):
            points[kind][card_type] = points[kind].get(card_type, PrestigeCount()) + PrestigeCount(upright=1)
        for kind in _values(card, victim_prestige):
            points[kind][card_type] = points[kind].get(card_type, PrestigeCount()) + PrestigeCount(victim=1)
        for regime in dict.fromkeys(_values(card, regime_change)):
            changes[regime][card_type] = changes[regime].get(card_type, 0) + 1
    return DeckProfile(
        game=vocabulary.name,
        title=vocabulary.title,
        excluded=tuple(t for t in vocabulary.card_types if t in exclude),
        types=types,
        provenance=provenance,
        prestige={kind: _in_type_order(points[kind], types) for kind in kinds},
        regime_changes={regime: _in_type_order(changes[regime], types) for regime in regimes},
    )


def has_attribute(vocabulary: Vocabulary, name: str) -> bool:
    """Whether any card type of the game has the attribute `name`."""
    return any(spec.field(name) is not None for spec in vocabulary.card_types.values())


def _fields(vocabulary: Vocabulary, name: str) -> list[FieldSpec]:
    found = (spec.field(name) for spec in vocabulary.card_types.values())
    return [f for f in found if f is not None]


def _members(vocabulary: Vocabulary, attribute: str) -> tuple[str, ...]:
    """The members of the enum an attribute holds, or () when no card type has the attribute."""
    enums: list[str] = []
    for spec in _fields(vocabulary, attribute):
        kind = spec.type.element if spec.type.kind == "list" else spec.type
        if kind is None or kind.kind != "enum" or kind.name not in vocabulary.enums:
            raise ProfileError(
                f"attribute '{attribute}' of {vocabulary.name} holds {spec.type}, not an enum or a list of one"
            )
        if kind.name not in enums:
            enums.append(kind.name)
    members: list[str] = []
    for enum in enums:
        members.extend(m for m in vocabulary.enums[enum].members if m not in members)
    return tuple(members)


def _values(card: ir.CardIR, attribute: str) -> Iterator[str]:
    """Every enum member an attribute holds on a card and on each of its sides."""
    faces = (card.attributes, *(side.attributes for side in card.sides))
    for attributes in faces:
        for value in attributes:
            if value.field.name == attribute:
                yield from _members_of(value.value)


def _members_of(expr: ir.Expr) -> Iterator[str]:
    from paxc.compiler import ir

    if isinstance(expr, ir.EnumConst):
        yield expr.member
    elif isinstance(expr, ir.ListConst):
        for item in expr.items:
            yield from _members_of(item)


def _in_type_order(counts: dict[str, _T], types: dict[str, int]) -> dict[str, _T]:
    return {t: counts[t] for t in types if t in counts}


# ------------------------------------------------------------------ text


def render(profile: DeckProfile) -> str:
    """The profile as aligned plain text, as `paxc profile` prints it."""
    lines = [f"{profile.title} ({profile.game}): {profile.cards} cards"]
    if profile.excluded:
        lines.append(f"leaving out: {', '.join(profile.excluded)}")
    lines += ["", *_table(("card type", "cards"), [(t, str(n)) for t, n in profile.types.items()])]
    lines += ["", *_table(("provenance", "cards"), [(p, str(n)) for p, n in profile.provenance.items()])]
    if profile.prestige:
        points: list[tuple[str, ...]] = []
        for kind, by_type in profile.prestige.items():
            total = profile.prestige_total(kind)
            split = ", ".join(f"{t} {_points(c)}" for t, c in by_type.items())
            points.append((kind, str(total.upright), str(total.victim), str(total.total), split or "-"))
        lines += [
            "",
            *_table(("prestige points", "upright", "victim", "total", "by card type"), points, True),
        ]
        if any(profile.prestige_total(kind).victim for kind in profile.prestige):
            lines.append("  (by card type: 'v' marks victim-awarded points)")
    if profile.regime_changes:
        changes: list[tuple[str, ...]] = []
        for regime, cards in profile.regime_changes.items():
            split = ", ".join(f"{t} {n}" for t, n in cards.items())
            changes.append((regime, str(profile.regime_change_total(regime)), split or "-"))
        lines += ["", *_table(("regime changes to", "cards", "by card type"), changes, True)]
    return "\n".join(lines)


def _points(count: PrestigeCount) -> str:
    if count.upright and count.victim:
        return f"{count.upright}+{count.victim}v"
    return f"{count.victim}v" if count.victim else str(count.upright)


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]], free_last: bool = False) -> list[str]:
    """A header line and indented rows: the first column left-aligned, the figures right-aligned
    (and, with `free_last`, a last column of free text as it is)."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(row: tuple[str, ...], indent: str) -> str:
        cells = [indent + row[0].ljust(widths[0] + 2 - len(indent))]
        for i, cell in enumerate(row[1:], start=1):
            cells.append(cell if free_last and i == len(row) - 1 else cell.rjust(widths[i]))
        return "  ".join(cells).rstrip()

    return [line(header, ""), *(line(row, "  ") for row in rows)]
