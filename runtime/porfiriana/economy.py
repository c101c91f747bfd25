"""Money and cubes: the regime's values, the cubes whose number follows a value (mines, banks,
smelters, projects, and the prestige cubes of the Pax), the income phase and depression expenses.

Decision: the rules fix when these cubes change (a regime change, a depression, an enterprise
built or lost) but also that their number simply equals a value. We keep them equal at all times,
as far as the owner's supply allows (`settle`, run after every action and effect): when cubes come
back to a supply, a short mine is filled again. Cubes above the value are removed at once, income
cubes first and the extortion cube last, which sacks the enterprise (rules G4).
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType, Connection, Family, Prestige, Regime
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card

# Decision: the rules say a smelter's or project's income varies with the working enterprises
# in play and that a smelter is "supported" by mines. A smelter counts the working mines in play
# (anybody's), a project the other working enterprises of its district; both at most this many.
SUPPORT_CAP = 3
# Decision: an irrigation canal or steamboat on an enterprise "gives extra income": its
# connection cube earns its owner this much more.
CANAL_BONUS = 1


def mine_value(state: PorfirianaState) -> int:
    return 0 if state.depression else state.regime_card.sides[0].mines or 0


def economy_value(state: PorfirianaState) -> int:
    return 0 if state.depression else state.regime_card.sides[0].economy or 0


def sell_value(state: PorfirianaState) -> int:
    """What selling a card pays: the economy value (0 in a depression, rules I)."""
    return economy_value(state)


def working(held: Holding) -> bool:
    return held.unrest == 0


def income_target(state: PorfirianaState, held: Holding) -> int | None:
    """What income + extortion cubes an enterprise must hold, or None when its cubes are fixed
    (and for any card that is not an enterprise)."""
    printed = card(held.number)
    if printed.card_type is not CardType.ENTERPRISE:
        return None
    families = printed.family
    if Family.MINE in families:
        return mine_value(state)
    if Family.BANK in families:
        return economy_value(state)
    if Family.SMELTER in families:
        mines = sum(
            1
            for _, other in state.enterprises()
            if Family.MINE in card(other.number).family and working(other)
        )
        return min(SUPPORT_CAP, mines)
    if Family.PROJECT in families:
        district = card(held.number).district
        others = sum(
            1
            for _, other in state.enterprises()
            if other is not held and working(other) and card(other.number).district is district
        )
        return min(SUPPORT_CAP, others)
    return None


def loyalty_points_on(held: Holding) -> int:
    """The readable Loyalty points a card in a row shows (each takes a prestige cube under Pax).

    Decision: unrest does not matter here. A Loyalty point of an enterprise in unrest counts for
    nothing, but the glossary (Prestige Cubes) speaks of a prestige cube sitting on an enterprise
    in unrest and earning nothing: so the Pax puts the cube there too, and `income` skips it until
    the unrest is gone."""
    printed = card(held.number)
    if printed.card_type is CardType.HACENDADO and held.side in (None, 0):
        return 0
    return sum(1 for kind in held.face.prestige if kind is Prestige.LOYALTY)


def loyalty_points_in_stack(state: PorfirianaState, player: int) -> int:
    total = 0
    for number in state.players[player].prestige_stack:
        printed = card(number)
        total += sum(1 for kind in printed.prestige if kind is Prestige.LOYALTY)
        total += printed.victim_prestige is Prestige.LOYALTY
    return total


def settle(state: PorfirianaState) -> Effect:
    """Bring every value-driven cube count to its value; then sack, one at a time, the extorted
    enterprises whose value no longer leaves room for the extortion cube (a sack may ask the
    troop's owner whether to retreat). Every income cube is set right before anyone is asked,
    so while a sack waits only its extortion cube is over the value."""
    from paxc.runtime.porfiriana import losses  # losses settles in turn after a card leaves play

    while True:  # a sacked mine lowers a smelter's value: go round until nothing moves
        to_sack = adjust_cubes(state)
        if not to_sack:
            return
        owner, held = to_sack[0]
        yield from losses.sack(state, owner, held)


def adjust_cubes(state: PorfirianaState) -> list[tuple[int, Holding]]:
    """Set every income and prestige cube count that follows a value; the enterprises to sack."""
    pax = state.regime_card.regime is Regime.PAX
    to_sack: list[tuple[int, Holding]] = []
    for owner, player in enumerate(state.players):
        for held in player.row:
            target = income_target(state, held)
            if target is not None:
                current = held.income + (held.extortion is not None)
                while current < target and player.cubes > 0:
                    player.cubes -= 1
                    held.income += 1
                    current += 1
                if current > target:
                    removed = min(held.income, current - target)
                    held.income -= removed
                    player.cubes += removed
                    if current - removed > target and held.extortion is not None:
                        to_sack.append((owner, held))
            wanted = loyalty_points_on(held) if pax else 0
            held.prestige_cubes, player.cubes = _brought_to(held.prestige_cubes, wanted, player.cubes)
        wanted = loyalty_points_in_stack(state, owner) if pax else 0
        player.stack_prestige_cubes, player.cubes = _brought_to(
            player.stack_prestige_cubes, wanted, player.cubes
        )
    return to_sack


def _brought_to(have: int, wanted: int, supply: int) -> tuple[int, int]:
    """A count of cubes brought to `wanted`, and the supply after: cubes over it go back to the
    supply, missing ones come from it as far as it has them."""
    now = wanted if have >= wanted else min(wanted, have + supply)
    return now, supply + have - now


def income(state: PorfirianaState, player: int) -> int:
    """The gold a player's cubes earn in an income phase (rules D4 and F): their income and
    prestige cubes on cards not in unrest, their stack's prestige cubes, and their connection and
    extortion cubes on anybody's enterprises not in unrest. Speculation cubes earn nothing."""
    if state.solitaire and player == 1:
        return 0  # Díaz earns no gold (rules L)
    me = state.players[player]
    total = me.stack_prestige_cubes
    for held in me.row:
        if working(held):
            total += held.income + held.prestige_cubes
    for other in state.players:
        for held in other.row:
            if not working(held):
                continue
            if held.connection_owner == player:
                total += 1
                families = card(held.number).family
                # the canal or steamboat icon is on the rail oval: a mule cube earns no bonus
                if held.connection_level is Connection.RAIL and (
                    Family.IRRIGATION_CANAL in families or Family.STEAMBOAT in families
                ):
                    total += CANAL_BONUS
            if held.extortion == player:
                total += 1
    return total
