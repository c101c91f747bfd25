"""Money and cubes: the regime's values, the cubes whose number follows a value (mines, banks,
smelters, projects, and prestige cubes), the income phase and depression expenses. Bringing the
cubes to their values may sack an enterprise, a loss: `losses.settle` does both.

Decision: these values are ceilings, and cubes follow them only at the moments the rules name.
Chapter H and rules F adjust mines and banks when the regime changes or a depression strikes; the
glossary gives the mine value and the economy as how many income plus extortion cubes *may* be on
a mine or bank; and the cube-limit example of E9 spends a speculation action to put a cube on a
bank one short of the economy, which would be pointless if a bank filled itself. So a count is
brought to its value (from the owner's supply, as far as it goes) when the value changes, when its
card enters play, and for mines and banks at every regime change; a count left short by an empty
supply stays short until then, or until a speculation move fills it: cubes coming back to the
supply later do not go there by themselves. Cubes above a value go at once, income cubes first and
the extortion cube last, which sacks the enterprise (rules G4). Smelters, projects and prestige
cubes follow the same rule, their value being their support and the points taking a cube (a
modifier of the cards in effect, `takes_prestige_cube`: the Pax regime's card gives Loyalty one).
"""

from __future__ import annotations

from collections.abc import Callable

from paxc.generated.porfiriana.vocabulary import CardType, Connection, Family, Prestige, TakesPrestigeCube
from paxc.runtime.core import abilities
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hooks
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


def cubes_on(held: Holding) -> int:
    """Every cube on a card in a row, whosever it is: income, prestige, connection, extortion."""
    return (
        held.income + held.prestige_cubes + (held.connection_owner is not None) + (held.extortion is not None)
    )


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


TakesCube = Callable[[Prestige], bool]


def _never(kind: Prestige) -> bool:
    return False


def cube_rules(state: PorfirianaState) -> list[TakesCube]:
    """For each player, whether a readable point of a kind holds a prestige cube of theirs: as a
    card in effect says (`takes_prestige_cube`; the Pax regime card: Loyalty). The cards
    carrying the modifier are looked for once, and asked about a kind only when a point of that
    kind is met, once per player."""
    ask = hooks.modifying(state, TakesPrestigeCube)
    if ask is None:
        return [_never] * len(state.players)
    return [_rule(ask, player) for player in range(len(state.players))]


def _rule(ask: Callable[[object, bool], bool], player: int) -> TakesCube:
    who = PlayerId(player)
    known: dict[Prestige, bool] = {}

    def takes(kind: Prestige) -> bool:
        answer = known.get(kind)
        if answer is None:
            answer = known[kind] = ask(abilities.question(TakesPrestigeCube, kind, who), False)
        return answer

    return takes


def cube_points_on(held: Holding, takes: TakesCube) -> int:
    """The readable points a card in a row shows that take a prestige cube.

    Decision: unrest does not matter here. A point of an enterprise in unrest counts for nothing,
    but the glossary (Prestige Cubes) speaks of a prestige cube sitting on an enterprise in
    unrest and earning nothing: so the cube goes there too, and `income` skips it until the
    unrest is gone."""
    if takes is _never:
        return 0
    prestige = held.face.prestige
    if not prestige:
        return 0
    if card(held.number).card_type is CardType.HACENDADO and held.side in (None, 0):
        return 0
    points = 0
    for kind in prestige:  # a loop, not a generator: this runs after every action
        if takes(kind):
            points += 1
    return points


def cube_points_in_stack(state: PorfirianaState, player: int, takes: TakesCube) -> int:
    """The points in the player's prestige stack that take a prestige cube, victim-awarded ones
    included."""
    total = 0
    if takes is _never:
        return total
    for number in state.players[player].prestige_stack:
        printed = card(number)
        total += sum(1 for kind in printed.prestige if takes(kind))
        if printed.victim_prestige is not None:
            total += takes(printed.victim_prestige)
    return total


def regime_changed(state: PorfirianaState) -> None:
    """A regime change adjusts every mine and bank to the new values (rules H), even one whose
    value stays the same (a mine from the Pax to martial law): forget the value they were set to,
    so that the next `losses.settle` sets them again. Prestige cubes need nothing here: a change
    to or from the Pax changes their value (the points taking a cube)."""
    for player in state.players:
        for held in player.row:
            if follows_regime(held):
                held.income_set_for = None


def follows_regime(held: Holding) -> bool:
    families = card(held.number).family
    return card(held.number).card_type is CardType.ENTERPRISE and (
        Family.MINE in families or Family.BANK in families
    )


def adjust_cubes(state: PorfirianaState) -> list[tuple[int, Holding]]:
    """Set the income and prestige cube counts that follow a value; the enterprises to sack.

    This runs after every action: the question of which points take a cube is made for a player
    only when a card of theirs shows a point (`cube_rules`, one player at a time)."""
    ask = hooks.modifying(state, TakesPrestigeCube)
    to_sack: list[tuple[int, Holding]] = []
    for owner, player in enumerate(state.players):
        takes: TakesCube | None = _never if ask is None else None  # made at the first point met
        for held in player.row:
            printed = card(held.number)
            # `income_target` is None for any card but an enterprise: not asked of the others
            if printed.card_type is CardType.ENTERPRISE:
                target = income_target(state, held)
                if target is not None:
                    current = held.income + (held.extortion is not None)
                    if target != held.income_set_for:
                        held.income_set_for = target
                        added = max(0, min(target - current, player.cubes))
                        player.cubes -= added
                        held.income += added
                        current += added
                    if current > target:
                        removed = min(held.income, current - target)
                        held.income -= removed
                        player.cubes += removed
                        if current - removed > target and held.extortion is not None:
                            to_sack.append((owner, held))
            # `held.face`, inlined: this runs for every card in play after every action
            face = printed.sides[held.side] if held.side is not None and printed.sides else printed
            wanted = 0  # no point, no cube
            # `cube_points_on`, inlined: no rule says a point takes a cube, or the card's points
            # are a Loyalist Hacendado's, or it counts those its points the rule takes
            if (
                face.prestige
                and ask is not None
                and (printed.card_type is not CardType.HACENDADO or held.side not in (None, 0))
            ):
                if takes is None:
                    takes = _rule(ask, owner)
                for kind in face.prestige:
                    if takes(kind):
                        wanted += 1
            if wanted == held.prestige_set_for and held.prestige_cubes <= wanted:
                continue  # the value has not changed and no cube is over it: nothing moves
            fill = wanted != held.prestige_set_for
            held.prestige_set_for = wanted
            held.prestige_cubes, player.cubes = _brought_to(held.prestige_cubes, wanted, player.cubes, fill)
        wanted = 0  # an empty stack: no point, no cube
        if player.prestige_stack:
            if takes is None:
                assert ask is not None
                takes = _rule(ask, owner)
            wanted = cube_points_in_stack(state, owner, takes)
        if wanted == player.stack_prestige_set_for and player.stack_prestige_cubes <= wanted:
            continue  # as for a card: nothing moves
        fill = wanted != player.stack_prestige_set_for
        player.stack_prestige_set_for = wanted
        player.stack_prestige_cubes, player.cubes = _brought_to(
            player.stack_prestige_cubes, wanted, player.cubes, fill
        )
    return to_sack


def _brought_to(have: int, wanted: int, supply: int, fill: bool) -> tuple[int, int]:
    """A count of cubes at most `wanted`, and the supply after: cubes over it go back to the
    supply; with `fill`, missing ones come from it as far as it has them."""
    if have >= wanted:
        now = wanted
    else:
        now = min(wanted, have + supply) if fill else have
    return now, supply + have - now


def income(state: PorfirianaState, player: int) -> int:
    """The gold a player's cubes earn in an income phase (rules D4 and F): their income and
    prestige cubes on cards not in unrest, their stack's prestige cubes, and their connection and
    extortion cubes on anybody's enterprises not in unrest. Speculation cubes earn nothing."""
    if state.is_diaz(player):
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
