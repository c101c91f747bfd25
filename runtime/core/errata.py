"""Which version of each card a game plays: as printed, as corrected by its errata, or up to one.

A build keeps every version of a card with errata (the generated `Card` is the latest; its
`versions` hold the earlier ones, printed first, each complete). A game chooses at its start, from
its options (`errata`, kept in its save): `latest` (the default, and what a game without the
option plays), `printed`, or a version number N (each card as its errata up to N leave it), then
per card `NUMBER:VERSION` (`printed,3:latest,17:2`). `install` puts the chosen versions into the
game's card table, which the rules read every card from.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any


class ErrataError(ValueError):
    """A choice of versions that cannot be: the message says what is wrong, in one line."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


LATEST = "latest"
PRINTED = "printed"
OPTION = "errata"  # the key of the choice in a game's options


@dataclass(frozen=True)
class Choice:
    """The version wanted of every card (`everything`) and of some cards by number: None is the
    latest, 0 as printed, N the latest version no later than erratum N."""

    everything: int | None = None
    cards: dict[int, int | None] = field(default_factory=dict)

    def wanted(self, number: int) -> int | None:
        return self.cards.get(number, self.everything)


def parse(spec: object) -> Choice:
    """The choice a spec says (`latest`, `printed`, `2`, `printed,3:latest`); ErrataError saying
    what is wrong, for the command line and a save alike (options.py makes it an OptionsError)."""
    if not isinstance(spec, str):
        raise ErrataError(f"the option '{OPTION}' is text such as 'printed' or 'latest', not {_shown(spec)}")
    everything: int | None = None
    cards: dict[int, int | None] = {}
    for part in (p.strip() for p in spec.split(",")):
        number, colon, version = part.partition(":")
        if not colon:
            everything = _version(part, spec)
            continue
        if not number.isdigit() or not number.isascii():
            raise ErrataError(f"errata version {_shown(part)}: a card is named by its number ('3:printed')")
        if int(number) in cards:
            raise ErrataError(f"errata version: card {int(number)} is given twice in {_shown(spec)}")
        cards[int(number)] = _version(version, spec)
    return Choice(everything, cards)


def _version(text: str, spec: str) -> int | None:
    if text == LATEST:
        return None
    if text == PRINTED:
        return 0
    if text.isdigit() and text.isascii() and len(text) <= 9:
        return int(text)
    raise ErrataError(
        f"errata version {_shown(text)} in {_shown(spec)}: use 'printed', 'latest' or an erratum's number"
    )


def version_of(card: Any, wanted: int | None) -> Any:
    """The version of `card` (a generated latest `Card`) a game wanting `wanted` plays."""
    if wanted is None:
        return card
    chosen = card
    for version in (*card.versions, card):  # printed first: version 0 is never later than wanted
        if version.version <= wanted:
            chosen = version
    return chosen


def check(choice: Choice, cards: Iterable[Any], title: str) -> None:
    """ErrataError when a card the choice names is not in the game or has no such version."""
    if not choice.cards:
        return  # the usual case, at every game start: nothing to look up
    by_number = {card.number: card for card in cards}
    for number, wanted in choice.cards.items():
        card = by_number.get(number)
        if card is None:
            raise ErrataError(f"errata version: {title} has no card {number}")
        versions = [v.version for v in (*card.versions, card)]
        if wanted is not None and wanted not in versions:
            named = ", ".join(PRINTED if v == 0 else str(v) for v in versions)
            raise ErrataError(
                f"errata version: card {number} ({card.name}) has no version {wanted} (it has {named})"
            )


def install(choice: Choice, cards: Iterable[Any], table: MutableMapping[int, Any]) -> bool:
    """Put the chosen version of each card of `cards` (the build's latest ones) that has errata
    into `table` (the game's card table, by number); whether anything in it changed. A card with
    one version is left as the table has it (a test may have put another object there)."""
    changed = False
    for card in cards:
        if not card.versions:
            continue
        chosen = version_of(card, choice.wanted(card.number))
        if table.get(card.number) is not chosen:
            table[card.number] = chosen
            changed = True
    return changed


def every_version(cards: Iterable[Any]) -> list[Any]:
    """Each card and each of its earlier versions: what a game might play, whichever it chooses."""
    return [version for card in cards for version in (*card.versions, card)]


def _parts(spec: str) -> list[str]:
    """The parts of a choice already parsed: each a version for every card, or `NUMBER:VERSION`."""
    return [part.strip() for part in spec.split(",")]


def _card_of(part: str) -> int | None:
    number, colon, _ = part.partition(":")
    return int(number) if colon else None


def overlay(base: str | None, own: str | None) -> str | None:
    """The choice `own` makes over `base` (a scenario's over its run's; None: no choice): `own`
    choosing a version for every card replaces `base` whole; its versions of single cards take
    the place of `base`'s for those cards and leave the rest of `base` as it is."""
    if own is None or base is None:
        return own if own is not None else base
    mine, _ = parse(own), parse(base)
    if any(_card_of(part) is None for part in _parts(own)):
        return own
    kept = [part for part in _parts(base) if _card_of(part) not in mine.cards]
    return ",".join([*kept, *_parts(own)])


def only_cards(spec: str, numbers: Iterable[int]) -> str | None:
    """`spec` without its versions of the cards not among `numbers` (a run choosing versions for
    the cards of several games gives each game its own); None if nothing is left."""
    parse(spec)
    known = set(numbers)
    kept = [part for part in _parts(spec) if _card_of(part) is None or _card_of(part) in known]
    return ",".join(kept) if kept else None
