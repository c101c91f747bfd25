"""Lasting effects, whatever the game: what a card's `until DURATION { ... }` puts in effect.

A game keeps its lasting effects in its state (a list of `Lasting`: plain data, so saves, copies
and digests carry them), adds one when a card effect starts it (the generated code calls the
context's `start_lasting`), and reads their abilities where it gathers the abilities in effect.
It never ends one by name: the vocabulary says which moment ends each duration (the generated
`DURATION_ENDS`), and the game tells every moment it fires to `told`, after the abilities
answering it have acted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from paxc.runtime.effects import DurationEnd


@dataclass(frozen=True, slots=True)
class Lasting:
    card: int  # the card whose effect started it
    ability: int  # which of that card's lasting abilities (`Card.lasting[ability]`)
    owner: int  # the player the effect belonged to: its `you`
    until: str  # the duration's name, as the game's vocabulary declares it
    # For a duration that ends only after another moment ("your next turn": after your turn
    # starts), whether that moment has come since the effect started.
    armed: bool = False


def ending_events(ends: Mapping[str, DurationEnd]) -> frozenset[type]:
    """Every kind of event that ends (or arms) some duration of the game."""
    return frozenset(t for end in ends.values() for t in (end.ends, end.after) if t is not None)


def _concerns(event: object, player_field: str | None, owner: int) -> bool:
    return player_field is None or getattr(event, player_field) == owner


def told(
    lasting: list[Lasting],
    ends: Mapping[str, DurationEnd],
    event: object,
    started_before: list[Lasting],
) -> None:
    """The rules have told `event` and its abilities have acted: end (or arm) the lasting effects
    it ends. Only those in `started_before` (in force when the event was told) count it: an
    effect started by an ability answering the event lasts from after it."""
    event_type = type(event)
    older = {id(e) for e in started_before}
    kept: list[Lasting] = []
    for effect in lasting:
        end = ends.get(effect.until)
        if id(effect) not in older or end is None:
            kept.append(effect)
        elif end.after is not None and not effect.armed:
            if event_type is end.after and _concerns(event, end.after_player, effect.owner):
                effect = replace(effect, armed=True)
            kept.append(effect)
        elif not (event_type is end.ends and _concerns(event, end.ends_player, effect.owner)):
            kept.append(effect)
    lasting[:] = kept
