"""Unrest disks (glossary: Unrest Disk, Slave Revolt, Liberator).

Unrest removes no cube: it stops an enterprise's income, prestige, abilities and connection
upgrade until the disks are policed away or driven off by troops. A slave plantation whose unrest
disks come to outnumber its cubes (income, connection, prestige, extortion) revolts: the player
who caused it is the liberator, and the card goes to their prestige stack (`losses.slave_revolt`,
since a revolt is a card leaving play, which a loss of cubes may set off as well as new unrest).
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Family
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import economy, losses, story
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card


def add_unrest(state: PorfirianaState, owner: int, held: Holding, count: int, by: int) -> Effect:
    """Put `count` unrest disks on an enterprise; `by` is the player causing it."""
    if count <= 0:
        return
    held.unrest += count
    narrate(story.unrest_added, state, owner, held.number, count, held.unrest)
    if Family.SLAVE_PLANTATION in card(held.number).family and held.unrest > economy.cubes_on(held):
        yield from losses.slave_revolt(state, owner, held, by)
    else:
        yield from losses.settle(state)  # a smelter or project may have lost a support


def remove_unrest(state: PorfirianaState, held: Holding, count: int) -> Effect:
    before = held.unrest
    held.unrest = max(0, held.unrest - count)
    if before != held.unrest:
        narrate(story.unrest_removed, state, held.number, before - held.unrest, held.unrest)
    yield from losses.settle(state)
