"""A deck profile: what a game's compiled cards add up to, for designers balancing a deck.

For any game: the cards per card type and per provenance. For a game whose cards carry prestige
points and regime changes, also the points of each prestige kind (upright, or upside down and
so awarded to a victim) and the cards changing the regime to each regime, split by card type.

Nothing here knows a game: the attributes to read are parameters (Pax Porfiriana's are the
defaults, `prestige`, `victim_prestige` and `regime_change`). A game whose card types lack them
gets the counts only. An attribute that is an enum or a list of one is counted by its enum's
members, in declared order (the kinds or regimes reported); one that holds a number (a game whose
cards carry `prestige: int`) is profiled as a distribution instead, as is every number attribute
asked for by name (`distributions`): how many faces hold each value, the total, and the total per
card type. A card with sides counts each side's value (the card's own where a side gives none).

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
    # Attributes holding a number, each as a distribution, in the order asked.
    numbers: dict[str, Distribution] = field(default_factory=dict)

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
        if self.numbers:
            data["numbers"] = {name: numbers.as_json() for name, numbers in self.numbers.items()}
        return data


@dataclass(frozen=True)
class Distribution:
    """A number attribute over the cards: the faces holding each value, and totals."""

    attribute: str
    values: dict[int, int]  # value -> faces holding it, from the lowest value
    by_type: dict[str, int]  # card type -> the total of its faces' values (types holding none left out)

    @property
    def faces(self) -> int:
        return sum(self.values.values())

    @property
    def total(self) -> int:
        return sum(value * count for value, count in self.values.items())

    def as_json(self) -> dict[str, Any]:
        return {
            "faces": self.faces,
            "total": self.total,
            "values": {str(value): count for value, count in self.values.items()},
            "by_type": dict(self.by_type),
        }


def profile(
    game: ir.GameIR,
    *,
    prestige: str = DEFAULT_PRESTIGE,
    victim_prestige: str = DEFAULT_VICTIM_PRESTIGE,
    regime_change: str = DEFAULT_REGIME_CHANGE,
    exclude: Collection[str] = (),
    distributions: Collection[str] = (),
) -> DeckProfile:
    """The profile of a compiled game, leaving out the cards of the types in `exclude`.

    Raises ProfileError for an excluded type the game does not have, for one of the named
    attributes whose type is neither an enum (or a list of one) nor a number, or for an
    attribute of `distributions` that is not a number.
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

    numeric = [name for name in (prestige, victim_prestige, regime_change) if _is_number(vocabulary, name)]
    for name in distributions:
        if not _is_number(vocabulary, name):
            raise ProfileError(f"attribute '{name}' of {vocabulary.name} does not hold a number")
    numbers = {name: _distribution(cards, name, types) for name in dict.fromkeys([*numeric, *distributions])}
    if prestige in numeric:
        prestige = ""  # profiled as a number above, not as kinds
    if victim_prestige in numeric:
        victim_prestige = ""
    if regime_change in numeric:
        regime_change = ""
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
        numbers=numbers,
    )


def _is_number(vocabulary: Vocabulary, name: str) -> bool:
    """Whether the attribute holds a number on every card type that has it (and some has it)."""
    found = _fields(vocabulary, name)
    return bool(found) and all(spec.type.kind == "int" for spec in found)


def _distribution(cards: list[ir.CardIR], attribute: str, types: dict[str, int]) -> Distribution:
    values: dict[int, int] = {}
    by_type: dict[str, int] = {}
    for card in cards:
        own = _number_in(card.attributes, attribute)
        faces = [_number_in(side.attributes, attribute) for side in card.sides] or [own]
        for value in faces:
            value = own if value is None else value
            if value is None:
                continue
            values[value] = values.get(value, 0) + 1
            by_type[card.card_type] = by_type.get(card.card_type, 0) + value
    return Distribution(attribute, dict(sorted(values.items())), _in_type_order(by_type, types))


def _number_in(attributes: Collection[ir.AttributeValue], attribute: str) -> int | None:
    from paxc.compiler import ir

    for value in attributes:
        if value.field.name == attribute and isinstance(value.value, ir.IntConst):
            return value.value.value
    return None


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
    for numbers in profile.numbers.values():
        lines += ["", *_histogram(numbers)]
    return "\n".join(lines)


def _histogram(numbers: Distribution) -> list[str]:
    """A number attribute as a table of its values, each with its faces and a bar of as many
    marks (scaled to at most 40), then its totals."""
    widest = max(numbers.values.values(), default=0)
    scale = max(1.0, widest / 40)
    rows: list[tuple[str, ...]] = [
        (str(value), str(count), "#" * max(1, round(count / scale)))
        for value, count in numbers.values.items()
    ]
    mean = numbers.total / numbers.faces if numbers.faces else 0.0
    split = ", ".join(f"{t} {n}" for t, n in numbers.by_type.items()) or "-"
    return [
        *_table((numbers.attribute, "faces", ""), rows, True),
        f"  total {numbers.total} on {numbers.faces} faces (mean {mean:.1f}); by card type: {split}",
    ]


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
