"""Playing and redeploying troops (rules chapter G; glossary: Jurisdiction, Firepower, Extorting
Troop, Private Army, Redeploy, Chain Railroad).

A troop goes onto an enterprise in anybody's row, or into its owner's private army under a
flipped Hacendado of the same faction colour. It pays by the destination's connection, beats a
troop already there only with greater firepower, drives off as many unrest disks as its
firepower, and on an opponent's enterprise becomes an extorting troop: one of the enterprise's
income cubes (or the previous extorter's cube) is replaced by an extortion cube of its owner.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from paxc.generated.porfiriana.vocabulary import (
    CardType,
    Connection,
    District,
    Faction,
    Family,
    Firepower,
    PlayCost,
    TroopArrived,
    TroopMayEnter,
    Zone,
)
from paxc.runtime.core import abilities
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.porfiriana import hooks, losses, story
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card

UNBEATABLE = 3  # machine guns cannot be defeated
# The federal troops a chain railroad lets its builder send across the Sierra Madre.
CHAIN_RAILROAD_DISTRICTS = (District.SONORA, District.CHIHUAHUA)


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a troop may go: an enterprise (its owner and number) or its owner's private army
    (`enterprise` None)."""

    owner: int
    enterprise: int | None
    cost: int


def firepower(state: PorfirianaState, player: int, troop: int) -> int:
    printed = card(troop)
    if not hooks.may_apply(state, Firepower):
        return printed.firepower or 1
    # Never below none: a troop lowered further would bring unrest to the enterprise it enters.
    asked = abilities.question(Firepower, printed, PlayerId(player))
    return max(0, hooks.modified(state, asked, printed.firepower or 1))


def has_chain_railroad(state: PorfirianaState, player: int) -> bool:
    """A connection cube of the player on the chain oval (the rail one) of an enterprise not in
    unrest; a cube on the same card's mule oval builds no chain railroad."""
    # The rows looked through as they are (not `state.enterprises()`, a list made for each
    # question): the player's connection cube is asked first, and is on few cards.
    return any(
        held.connection_owner == player
        and held.connection_level is Connection.RAIL
        and not held.unrest
        and Family.CHAIN_RAILROAD in card(held.number).family
        and card(held.number).card_type is CardType.ENTERPRISE
        for me in state.players
        for held in me.row
    )


def may_enter(state: PorfirianaState, player: int, troop: int, district: District | None) -> bool:
    """The jurisdiction rule: a troop goes only to its flag's district, unless a regime, a
    partner or a chain railroad lifts the limit."""
    printed = card(troop)
    allowed = printed.district is None or printed.district is district
    if (
        not allowed
        and printed.faction is Faction.FEDERAL
        and district in CHAIN_RAILROAD_DISTRICTS
        and has_chain_railroad(state, player)
    ):
        allowed = True
    if district is None:
        return allowed
    return hooks.modified(state, abilities.question(TroopMayEnter, printed, district), allowed)


def destinations(state: PorfirianaState, player: int, troop: int, free: bool = False) -> list[Destination]:
    """Every place `each_destination` gives, listed."""
    return list(each_destination(state, player, troop, free))


def each_destination(
    state: PorfirianaState,
    player: int,
    troop: int,
    free: bool = False,
    in_play: Sequence[tuple[int, Holding]] | None = None,
) -> Iterator[Destination]:
    """Every place the player could play or redeploy this troop to now, with what it costs.
    `free`: the player pays nothing (Díaz in the solitaire), so no cost rules a place out.
    `in_play`: `state.enterprises()`, when the caller has listed them."""
    me = state.players[player]
    purse = math.inf if free else me.gold
    if purse < _cheapest(troop) and (
        not hooks.may_apply(state, PlayCost) or state.troop_place(troop) is not None
    ):
        # Every place costs one of the troop's printed costs (played from hand, as abilities
        # change it: none in effect here): none can be paid for (the listing asks this of every
        # troop in hand, most often in vain).
        return
    place = state.troop_place(troop)
    here = place[1] if place is not None else None
    power: int | None = None  # the troop's firepower, asked at the first troop met there
    # A troop leaving an enterprise it extorts brings its extortion cube home first.
    spare = me.cubes + (here is not None and here.extortion == player)

    def cost_to(where: Holding) -> int:
        printed = losses.troop_cost(troop, losses.connection_of(where))
        # Played from hand (not redeployed): what playing it costs, as abilities change it.
        return printed if place is not None else losses.play_cost(state, player, troop, printed)

    # Whether the troop may enter a district, asked once for each district met (the rule reads
    # nothing of the enterprise but its district).
    entering: dict[District | None, bool] = {}
    for owner, held in state.enterprises() if in_play is None else in_play:
        if held is here:
            continue
        district = held.face.district
        allowed = entering.get(district)
        if allowed is None:
            allowed = entering[district] = may_enter(state, player, troop, district)
        if not allowed:
            continue
        if held.troop is not None:
            if power is None:
                power = firepower(state, player, troop)
            if firepower(state, held.troop_owner or 0, held.troop) >= power:
                continue
        # Step 5 of an extortion puts one of the player's cubes there (in place of an income
        # cube or of another extorter's cube); without one in the supply it cannot be done. An
        # enterprise with neither is sacked, which needs no cube.
        replaced = held.extortion is not None and held.extortion != player
        if owner != player and spare == 0 and (held.income > 0 or replaced):
            continue
        cost = cost_to(held)
        if cost <= purse:
            yield Destination(owner, held.number, cost)
    in_army = place is not None and place[1] is None
    if me.flipped and not in_army and me.hacendado.face.faction is card(troop).faction:
        cost = cost_to(me.hacendado)
        if cost <= purse:
            yield Destination(player, None, cost)


def _cheapest(troop: int) -> int:
    """The least a place costs the troop, before abilities: its cheapest way there."""
    printed = card(troop)
    return min(printed.cost_boot or 0, printed.cost_mule or 0, printed.cost_rail or 0)


def arrive(
    state: PorfirianaState, player: int, troop: int, destination: Destination, origin: str = "troops"
) -> Effect:
    """Pay and move (or play) the troop to `destination`, with the five steps of an extortion.
    Regime changes and other card effects of a first play are the caller's. `origin`: the zone it
    comes from (a redeployment's troops in play; a play's hand; Díaz's market), for the abilities."""
    me = state.players[player]
    me.gold -= destination.cost
    narrate(
        story.troop_arrived, state, player, troop, destination.owner, destination.enterprise, destination.cost
    )
    yield from losses.leave_checking_revolt(state, troop, player)
    if destination.enterprise is None:
        me.army.append(troop)
        yield from hooks.fire(
            state, TroopArrived(card(troop), card(me.hacendado.number), PlayerId(player), Zone(origin))
        )
        return
    found = state.holding(destination.enterprise)
    assert found is not None
    owner, held = found
    # (1) a troop already there is defeated (greater firepower was checked) and cannot retreat
    dissipating: tuple[int, int] | None = None
    discarded: tuple[int, int | None] | None = None
    if held.troop is not None:
        beaten, beaten_owner = held.troop, held.troop_owner
        held.troop = held.troop_owner = None
        narrate(story.troop_beaten, state, beaten, beaten_owner, troop)
        if dissipated(state, beaten, troop) and beaten_owner is not None:
            # It retreats or is discarded once this troop has settled (below), off the board
            # meanwhile: asked now, its owner would decide over an enterprise holding its cube
            # and no troop.
            state.in_transit.append(beaten)
            dissipating = (beaten, beaten_owner)
        else:
            state.discard.append(beaten)
            narrate(story.troop_discarded, state, beaten_owner, beaten)
            # Told once this troop has settled (below): abilities answering the discard may ask
            # questions, and the game must then wait in a state the rules allow (not the arriving
            # troop nowhere, nor the beaten extorter's cube with no troop).
            discarded = (beaten, beaten_owner)
        if owner == player and held.extortion is not None:
            # the owner takes back an extorted enterprise: the cube turns to the owner's colour
            state.players[held.extortion].cubes += 1
            held.extortion = None
            if me.cubes > 0:
                me.cubes -= 1
                held.income += 1
        # otherwise the defeated extorter's cube stays until step 5 replaces it
    # (2) unrest disks driven off
    _drive_off(state, player, troop, held)
    if owner == player:
        held.troop, held.troop_owner = troop, player
    elif held.income == 0 and held.extortion is None:
        # (3) nothing to extort: the enterprise is sacked, and the arriving troop with it
        held.troop, held.troop_owner = troop, player
        yield from losses.sack(state, owner, held)
        yield from _retreat_dissipated(state, dissipating)
        yield from _tell_discarded(state, discarded)
        return
    else:
        # (4) the troop settles; (5) an income cube (or the former extorter's cube) gives way
        held.troop, held.troop_owner = troop, player
        if held.extortion is not None:
            state.players[held.extortion].cubes += 1
        else:
            held.income -= 1
            state.players[owner].cubes += 1
        me.cubes -= 1
        held.extortion = player
        narrate(story.extorts, state, player, troop, held.number)
    yield from _retreat_dissipated(state, dissipating)
    yield from losses.settle(state)
    yield from _tell_discarded(state, discarded)
    if state.troop_place(troop) is not None:
        yield from hooks.fire(
            state, TroopArrived(card(troop), card(held.number), PlayerId(player), Zone(origin))
        )


def _tell_discarded(state: PorfirianaState, discarded: tuple[int, int | None] | None) -> Effect:
    """The beaten troop (troop, owner), if any, went to the discard: told to the abilities."""
    if discarded is not None:
        beaten, beaten_owner = discarded
        yield from hooks.card_moved(state, beaten, "troops", beaten_owner, "discard", None, discarded=True)


def _retreat_dissipated(state: PorfirianaState, dissipating: tuple[int, int] | None) -> Effect:
    """The dissipated troop (troop, owner), if any, retreats or is discarded as its owner says."""
    if dissipating is None:
        return
    beaten, beaten_owner = dissipating
    state.in_transit.remove(beaten)
    yield from losses.retreat_or_discard(state, beaten_owner, beaten)


def dissipated(state: PorfirianaState, beaten: int, arriving: int) -> bool:
    """The optional rule of the glossary (Retreat): a troop replaced by a troop of its own colour
    is not defeated but dissipated, and may retreat like a troop whose enterprise is lost."""
    return state.dissipated_troops and card(beaten).faction is card(arriving).faction


def redeploy_in_place(state: PorfirianaState, player: int, troop: int) -> Effect:
    """Activate a troop where it stands: free, and it drives off unrest as it would arriving."""
    place = state.troop_place(troop)
    if place is not None and place[1] is not None:
        _drive_off(state, player, troop, place[1])
    yield from losses.settle(state)


def _drive_off(state: PorfirianaState, player: int, troop: int, held: Holding) -> None:
    """A troop arriving or redeployed in place drives off as many unrest disks as its firepower."""
    if not held.unrest:
        return
    before = held.unrest
    held.unrest = max(0, held.unrest - firepower(state, player, troop))
    narrate(story.unrest_removed, state, held.number, before - held.unrest, held.unrest)


def enterprise_of(state: PorfirianaState, destination: Destination) -> Holding | None:
    if destination.enterprise is None:
        return None
    found = state.holding(destination.enterprise)
    return None if found is None else found[1]
