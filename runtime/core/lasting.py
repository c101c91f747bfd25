"""Lasting effects, whatever the game: what a card's `until DURATION { ... }` puts in effect.

A game keeps its lasting effects in its state (a list of `Lasting`: plain data, so saves, copies
and digests carry them), adds one when a card effect starts it (the generated code calls the
context's `start_lasting`), reads their abilities where it gathers the abilities in effect, and
ends them when its rules say a duration is over (`end`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lasting:
    card: int  # the card whose effect started it
    ability: int  # which of that card's lasting abilities (`Card.lasting[ability]`)
    owner: int  # the player the effect belonged to: its `you`
    until: str  # the duration's name, as the game's vocabulary declares it


def end(lasting: list[Lasting], until: str, owner: int | None = None) -> None:
    """End every lasting effect of this duration (only `owner`'s, when given: "your turn")."""
    lasting[:] = [e for e in lasting if e.until != until or (owner is not None and e.owner != owner)]
