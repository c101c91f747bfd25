"""Unrest disks and slave revolts (glossary: Unrest Disk, Slave Revolt, Liberator).

Unrest removes no cube: it stops an enterprise's income, prestige, abilities and connection
upgrade until the disks are policed away or driven off by troops. A slave plantation whose unrest
disks come to outnumber its cubes (income, connection, prestige, extortion) revolts: the player
who caused it is the liberator, and the card goes to their prestige stack.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Family
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import economy, losses, story
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card


def cubes_on(held: Holding) -> int:
    return (
        held.income + held.prestige_cubes + (held.connection_owner is not None) + (held.extortion is not None)
    )


def add_unrest(state: PorfirianaState, owner: int, held: Holding, count: int, by: int) -> Effect:
    """Put `count` unrest disks on an enterprise; `by` is the player causing it."""
    if count <= 0:
        return
    held.unrest += count
    narrate(story.unrest_added, state, owner, held.number, count, held.unrest)
    if Family.SLAVE_PLANTATION in card(held.number).family and held.unrest > cubes_on(held):
        yield from slave_revolt(state, owner, held, by)
    else:
        yield from economy.settle(state)  # a smelter or project may have lost a support


def check_revolt(state: PorfirianaState, number: int, by: int) -> Effect:
    """A slave plantation that lost a cube while in unrest: with the disks now outnumbering its
    cubes it revolts, the player who took the cube being the liberator (the glossary: less
    income, as well as more unrest, may free the slaves)."""
    found = state.holding(number)
    if found is None:
        return
    owner, held = found
    if Family.SLAVE_PLANTATION in card(number).family and held.unrest > cubes_on(held):
        yield from slave_revolt(state, owner, held, by)


def remove_unrest(state: PorfirianaState, held: Holding, count: int) -> Effect:
    before = held.unrest
    held.unrest = max(0, held.unrest - count)
    if before != held.unrest:
        narrate(story.unrest_removed, state, held.number, before - held.unrest, held.unrest)
    yield from economy.settle(state)


def slave_revolt(state: PorfirianaState, owner: int, held: Holding, liberator: int) -> Effect:
    """The plantation leaves play for the liberator's prestige stack (its troop retreats or is
    discarded); its unrest disks go back to the bank."""
    narrate(story.slave_revolt, state, owner, held.number, liberator)
    held.unrest = 0
    yield from losses.remove_holding(state, owner, held, ("stack", liberator))
