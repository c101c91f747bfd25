"""Cards leaving play and what follows: cubes going home, troops lifted and retreating or
discarded, sacks (and `settle`, which brings cubes to their values and sacks the enterprises left
over them), slave revolts, nationalizations, and flipping a Hacendado (which a retreat may need).

Where a lost enterprise goes: the discard (sold, nationalized, discarded in a strife or for
depression expenses), its owner's hand (sacked), the liberator's prestige stack (slave revolt),
or out of the game (an assassinated partner).
"""

from __future__ import annotations

from collections.abc import Generator

from paxc.generated.porfiriana.vocabulary import CardType, Connection, Family, PlayCost
from paxc.runtime.core import abilities, memory
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Decision, Effect, PlayerId, ask
from paxc.runtime.porfiriana import economy, hooks, story
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, Side, card, sides_of

DISCARD, HAND, REMOVED = "discard", "hand", "removed"


def connection_of(held: Holding) -> Connection:
    """How troops reach a card: an upgraded connection unless the enterprise is in unrest; a
    flipped Hacendado's own icon."""
    if held.connection_level is not None and not held.unrest:
        return held.connection_level
    return held.face.connection or Connection.BOOT


def troop_cost(troop: int, connection: Connection) -> int:
    printed = card(troop)
    cost = {
        Connection.BOOT: printed.cost_boot,
        Connection.MULE: printed.cost_mule,
        Connection.RAIL: printed.cost_rail,
    }
    return cost[connection] or 0


def play_cost(state: PorfirianaState, player: int, number: int, printed_cost: int) -> int:
    """What playing a card from hand costs the player, before they pay: the printed cost (of the
    card, of a troop's way there, of an attack's target) as the abilities in effect change it
    (`play_cost`, in stages: a discount, never a rebate), never below nothing."""
    if not hooks.may_apply(state, PlayCost):  # asked for every card and place: most games have none
        return max(0, printed_cost)
    return max(
        0, hooks.modified(state, abilities.question(PlayCost, card(number), PlayerId(player)), printed_cost)
    )


def immune_to(state: PorfirianaState, player: int, family: Family) -> bool:
    """Whether a partner in the player's row shields them (from nationalization or from jail)."""
    return any(family in card(h.number).family for h in state.players[player].row)


def set_free(state: PorfirianaState, player: int) -> None:
    """Out of jail, by a police action or by gaining a partner immune to jail (glossary: Jailed).
    Set free during their own turn begun in jail, a player gets the third action back at once."""
    state.players[player].jailed = False
    narrate(story.freed, state, player)
    if player == state.active and state.turn.jailed_at_start:
        state.turn.jailed_at_start = False
        state.turn.actions_left += 1


# ---------------------------------------------------------------------- the Hacendado


def flip_sides(state: PorfirianaState, player: int) -> tuple[int, ...]:
    """The Partner orientations a player could flip their Hacendado to (none once flipped, or for
    an heir, whose Loyalist side is for good)."""
    me = state.players[player]
    if me.flipped or me.heir:
        return ()
    return tuple(range(1, len(card(me.hacendado.number).sides)))


def flip_hacendado(state: PorfirianaState, player: int, side: int) -> None:
    """Take a stand: the Partner side shows, the Loyalist income cubes (and ability) are lost."""
    me = state.players[player]
    me.cubes += me.hacendado.income
    me.hacendado.income = 0
    me.hacendado.side = side
    narrate(story.flipped, state, player, me.hacendado.number, side)


# ---------------------------------------------------------------------- troops


def leave(state: PorfirianaState, troop: int) -> None:
    """Lift a troop from where it is. Leaving an enterprise it extorted gives the extortion cube
    back to its owner and the enterprise's owner an income cube in its place (rules G)."""
    place = state.troop_place(troop)
    if place is None:
        return
    owner, held = place
    if held is None:
        state.players[owner].army.remove(troop)
        return
    if held.extortion is not None:
        state.players[held.extortion].cubes += 1
        held.extortion = None
        found = state.holding(held.number)
        if found is not None and state.players[found[0]].cubes > 0:
            state.players[found[0]].cubes -= 1
            held.income += 1
    held.troop = held.troop_owner = None


def leave_checking_revolt(state: PorfirianaState, troop: int, by: int) -> Effect:
    """Lift a troop as `leave` does, then see whether the enterprise it extorted is a slave
    plantation left with fewer cubes than unrest disks (its owner had no cube to put in place of
    the extortion cube): its slaves revolt, `by` (the player moving or discarding the troop) being
    the liberator, as for any other loss of cubes (glossary: Slave Revolt)."""
    place = state.troop_place(troop)
    leave(state, troop)
    if place is not None and place[1] is not None:
        state.in_transit.append(troop)  # between two places while a revolt may ask questions
        yield from check_revolt(state, place[1].number, by)
        state.in_transit.remove(troop)


def discard_troop(state: PorfirianaState, troop: int) -> Effect:
    """A troop leaves play for the discard (sold, lost in a strife or for depression expenses).

    Decision: an extorting troop discarded while its enterprise stays in play leaves it as a
    redeployed troop would (rules G): the enterprise's owner gets an income cube back in place of
    the extortion cube, if their supply has one. The active player caused it, and is the
    liberator should a slave plantation revolt for want of that cube.
    """
    narrate(story.troop_in_play_discarded, state, troop)
    place = state.troop_place(troop)
    yield from leave_checking_revolt(state, troop, state.active)
    state.discard.append(troop)
    memory.forget(state.memory, troop)  # a card that leaves play forgets what it remembered
    owner = place[0] if place is not None else None
    yield from hooks.card_moved(state, troop, "troops", owner, "discard", None, discarded=True)


def retreat_options(state: PorfirianaState, player: int, troop: int) -> list[int | None]:
    """How a troop could retreat into its owner's private army: None = the Hacendado is already
    flipped to the troop's faction; a side number = flip to that side first. Each needs the
    redeploy cost at the Hacendado's connection (rules M, Retreat)."""
    me = state.players[player]
    faction = card(troop).faction
    printed = card(me.hacendado.number)
    found: list[int | None] = []
    if me.flipped:
        if me.hacendado.face.faction is faction and me.gold >= troop_cost(troop, connection_of(me.hacendado)):
            found.append(None)
        return found
    for side in flip_sides(state, player):
        face = printed.sides[side]
        if face.faction is faction and me.gold >= troop_cost(troop, face.connection or Connection.BOOT):
            found.append(side)
    return found


def retreat_or_discard(state: PorfirianaState, player: int, troop: int) -> Effect:
    """A troop whose enterprise is lost: its owner retreats it to the private army or discards it.
    (A troop defeated by greater firepower cannot retreat: `troops` discards it without asking.)"""
    options = retreat_options(state, player, troop)
    leave(state, troop)
    if not options:
        state.discard.append(troop)
        narrate(story.troop_discarded, state, player, troop)
        yield from hooks.card_moved(state, troop, "troops", player, "discard", None, discarded=True)
        return
    flips = sides_of(state.players[player].hacendado.number, (s for s in options if s is not None))
    choices: tuple[str | Side, ...] = ("discard", *(["retreat"] if None in options else []), *flips)
    how = "discard it" + (", retreat it" if None in options else "")
    how += ", or flip your Hacendado to one of these sides and retreat it" if flips else ""
    state.in_transit.append(troop)
    answer = yield from ask(Choice(PlayerId(player), f"{card(troop).name} must leave: {how}", choices))
    state.in_transit.remove(troop)
    if answer == "discard":
        state.discard.append(troop)
        narrate(story.troop_discarded, state, player, troop)
        yield from hooks.card_moved(state, troop, "troops", player, "discard", None, discarded=True)
        return
    me = state.players[player]
    if isinstance(answer, Side):
        flip_hacendado(state, player, answer.index)
    cost = troop_cost(troop, connection_of(me.hacendado))
    me.gold -= cost
    me.army.append(troop)
    narrate(story.retreated, state, player, troop, cost)


# ---------------------------------------------------------------------- cards leaving a row


def remove_holding(state: PorfirianaState, owner: int, held: Holding, to: str | tuple[str, int]) -> Effect:
    """Take a card out of a row: every cube on it goes home, a troop on it retreats or is
    discarded, and the card goes `to` DISCARD, HAND, REMOVED or ("stack", player)."""
    me = state.players[owner]
    narrate(story.left_play, state, owner, held.number, to)
    memory.forget(state.memory, held.number)  # a card that leaves play forgets what it remembered
    troop, troop_owner = held.troop, held.troop_owner
    if troop is not None:
        leave(state, troop)  # its extortion cube goes home with it
    me.row.remove(held)
    me.cubes += held.income + held.prestige_cubes
    held.income = held.prestige_cubes = 0
    if held.connection_owner is not None:
        state.players[held.connection_owner].cubes += 1
        held.connection_owner = held.connection_level = None
    if troop is not None and troop_owner is not None:
        economy.adjust_cubes(state)  # the smelters and projects it supported, before anyone is asked
        state.in_transit.append(held.number)  # between the row and its next place meanwhile
        yield from retreat_or_discard(state, troop_owner, troop)
        state.in_transit.remove(held.number)
    if isinstance(to, tuple):
        state.players[to[1]].prestige_stack.append(held.number)
    elif to == HAND:
        me.hand.append(held.number)
    elif to == REMOVED:
        state.removed.append(held.number)
    else:
        state.discard.append(held.number)
    yield from settle(state)
    receiver: int | None
    if isinstance(to, tuple):
        destination, receiver = "prestige_stack", to[1]
    else:
        destination = {HAND: "hand", REMOVED: "removed"}.get(to, "discard")
        receiver = owner if to == HAND else None
    discarded = destination == "discard"
    yield from hooks.card_moved(state, held.number, "row", owner, destination, receiver, discarded=discarded)


def settle(state: PorfirianaState) -> Effect:
    """Bring every value-driven cube count whose value changed to it, and every count to at most
    its value (`economy.adjust_cubes`); then sack, one at a time, the extorted enterprises whose
    value no longer leaves room for the extortion cube (a sack may ask the troop's owner whether
    to retreat). Every income cube is set right before anyone is asked, so while a sack waits
    only its extortion cube is over the value."""
    while True:  # a sacked mine lowers a smelter's value: go round until nothing moves
        to_sack = economy.adjust_cubes(state)
        if not to_sack:
            return
        owner, held = to_sack[0]
        yield from sack(state, owner, held)


def settle_noting(state: PorfirianaState) -> Generator[Decision, None, bool]:
    """`settle`, and whether it changed nothing a listing reads: no cube moved (every cube the
    rules bring to a value comes from or goes to its owner's supply, so the supplies stay as
    they were) and no enterprise sacked."""
    supplies = [player.cubes for player in state.players]
    to_sack = economy.adjust_cubes(state)
    if not to_sack:
        return supplies == [player.cubes for player in state.players]
    owner, held = to_sack[0]
    yield from sack(state, owner, held)
    yield from settle(state)  # the rounds of `settle` after its first
    return False


def sack(state: PorfirianaState, owner: int, held: Holding) -> Effect:
    """An extorted enterprise left with no income: it goes back to its owner's hand and the
    extorting troop retreats or is discarded (glossary: Sack)."""
    yield from remove_holding(state, owner, held, HAND)


def nationalize(state: PorfirianaState, owner: int, held: Holding) -> Effect:
    """The enterprise is discarded, its troop retreats or is discarded; a shielded owner keeps it."""
    if immune_to(state, owner, Family.IMMUNE_TO_NATIONALIZATION):
        narrate(story.nationalization_refused, state, owner, held.number)
        return
    yield from remove_holding(state, owner, held, DISCARD)


def discard_card_in_play(state: PorfirianaState, number: int) -> Effect:
    """Any card in play, by number: a troop, or a card in a row."""
    if card(number).card_type is CardType.TROOP:
        yield from discard_troop(state, number)
        return
    found = state.holding(number)
    if found is not None:
        yield from remove_holding(state, found[0], found[1], DISCARD)


# ---------------------------------------------------------------------- slave revolts


def check_revolt(state: PorfirianaState, number: int, by: int) -> Effect:
    """A slave plantation that lost a cube while in unrest: with the disks now outnumbering its
    cubes it revolts, the player who took the cube being the liberator (the glossary: less
    income, as well as more unrest, may free the slaves)."""
    found = state.holding(number)
    if found is None:
        return
    owner, held = found
    if Family.SLAVE_PLANTATION in card(number).family and held.unrest > economy.cubes_on(held):
        yield from slave_revolt(state, owner, held, by)


def slave_revolt(state: PorfirianaState, owner: int, held: Holding, liberator: int) -> Effect:
    """The plantation leaves play for the liberator's prestige stack (its troop retreats or is
    discarded); its unrest disks go back to the bank (glossary: Slave Revolt, Liberator)."""
    narrate(story.slave_revolt, state, owner, held.number, liberator)
    held.unrest = 0
    yield from remove_holding(state, owner, held, ("stack", liberator))
