"""The card-based actions: tax, gift, build, move, betray, battle (rules pages 12-14), with hostage
bribes and bonus actions.

`options` lists the uses of court cards open to the active player now; `perform` carries one out,
asking each step of it as a small `Choice` (one rupee, one unit, one move, one removal at a time),
so no decision offers a long list of combinations.

Decisions where the rules leave room (each is tested in tests/pamir/test_card_actions.py):
* Tax, build, move and battle take "up to" their limit, but an action must do at least its
  first step; from the second step on, the player may stop ("done") whenever they like. An
  action taken for nothing would change nothing on the board yet still count as taken, and an
  ability rewarding an action (Infrastructure's free block after a build) would then pay out
  for free; a player who wants nothing from a card simply does not take its action (the turn
  allows fewer than two actions). So an action is offered only when its first step is possible.
* Hostage bribes go through their own modifier (`HostageBribe`), not the `Bribe` one: `Bribe` is
  also what an ability waiving only the bribes for playing a card changes, so applying it here
  would stretch that ability. The events that cancel every bribe change both.
* Abilities reach these actions through modifiers, each with the rules' value as its default:
  who counts as favored, who is taxed as if ruled, blocks per build, tribes as armies, roads for
  armies, how far and where spies step, which cards may be betrayed, which tribes and spies a
  battle may remove, and the hostage bribe.
* A hostage holder may be any other player, whatever their loyalty (the battle example of the
  rulebook has a player take a same-loyalty player's card hostage).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from paxc.generated.pamir.vocabulary import (
    Action,
    ActionCost,
    ActionTaken,
    BattleFought,
    BlocksPerBuild,
    Card,
    Coalition,
    CountsAsArmy,
    CountsAsFavored,
    HostageBribe,
    MayBattle,
    MayBetray,
    MayCross,
    Piece,
    Region,
    SpyMayMove,
    SpyRemoved,
    TaxAsRuler,
)
from paxc.runtime.core import abilities
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Decision, Effect, PlayerId, ask
from paxc.runtime.pamir import bribes, hooks, market, pieces, story
from paxc.runtime.pamir.options import cards_of
from paxc.runtime.pamir.state import (
    BASE_ACTIONS,
    BORDERS,
    GIFT_COSTS,
    MARKET_COLUMNS,
    MARKET_ROWS,
    REGIONS,
    Border,
    PamirState,
    borders_of,
    card,
)

BUILD_COST = 2  # per unit
MAX_BUILD_UNITS = 3
BETRAY_COST = 2

# ---------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class UseCard:
    """Use the action `action` printed on the court card `card`."""

    card: int
    action: Action


@dataclass(frozen=True, slots=True)
class Done:
    """Stop an action made of several steps (tax, build, move, battle) before its limit."""


@dataclass(frozen=True, slots=True)
class GiftSpace:
    """The empty gift space of this price (2, 4 or 6 rupees)."""

    cost: int


@dataclass(frozen=True, slots=True)
class BuildArmy:
    region: Region


@dataclass(frozen=True, slots=True)
class BuildRoad:
    border: Border


@dataclass(frozen=True, slots=True)
class MoveArmy:
    origin: Region
    destination: Region


@dataclass(frozen=True, slots=True)
class MoveTribe:
    """A tribe moving like an army (while the player's tribes count as armies)."""

    origin: Region
    destination: Region


@dataclass(frozen=True, slots=True)
class MoveSpy:
    origin: Card
    destination: Card


@dataclass(frozen=True, slots=True)
class RemoveArmy:
    region: Region
    coalition: Coalition


@dataclass(frozen=True, slots=True)
class RemoveRoad:
    border: Border
    coalition: Coalition


@dataclass(frozen=True, slots=True)
class RemoveTribe:
    region: Region
    owner: PlayerId


@dataclass(frozen=True, slots=True)
class RemoveSpy:
    card: Card
    owner: PlayerId


TaxSource = Card | PlayerId  # a market card, or a player
BuildSpot = BuildArmy | BuildRoad
Move = MoveArmy | MoveTribe | MoveSpy
Removal = RemoveArmy | RemoveRoad | RemoveTribe | RemoveSpy
BattleSite = Region | Card

# ---------------------------------------------------------------------- what is open now


def options(state: PamirState, player: int, types: frozenset[type] | None = None) -> list[UseCard]:
    """Every card action the player can take now: each printed action of each court card not yet
    used this turn, if it is a bonus action or an action is left, and it can do something.
    `types`: the kinds of modifier in effect (`hooks.listed_types`), given by a listing."""
    if types is None:
        types = hooks.listed_types(state)
    uses: list[UseCard] = []
    turn = state.turn
    actions_left = turn.actions_taken < BASE_ACTIONS
    used = turn.used_cards
    spies = state.spies
    favored = state.favored
    # With no action left only bonus actions remain: whether an ability makes a card count as
    # favored is asked once for the listing, and of no card when none can.
    counted_favored = not actions_left and CountsAsFavored in types
    possible: dict[Action, bool] = {}  # whether an action can do something does not depend on the card
    for number in state.players[player].court:
        if number in used:
            continue
        printed = card(number)
        if (
            not actions_left
            and printed.suit is not favored
            and not (counted_favored and is_bonus(state, player, number))
        ):
            continue
        # The card's hostage holder, found once for all its actions (-1: not yet); a card without
        # a spy on it (the usual case) has none, known without a call.
        holder: int | None = -1 if number in spies else None
        for action, use in _CARD_USES[printed]:
            can = possible.get(action)
            if can is None:
                can = possible[action] = _possible(state, player, action, types)
            if not can:
                continue
            if holder == -1:
                holder = hostage_holder(state, number)
            if holder is None or _can_pay_hostage_bribe(state, player, holder, number, action):
                uses.append(use)
    return uses


# Every listing offers the same uses again: each made once (options are frozen, so one object
# serves every listing).
_USES: MadeOnce[tuple[int, Action], UseCard] = MadeOnce(lambda use: UseCard(*use))


def _uses_of(printed: Card) -> tuple[tuple[Action, UseCard], ...]:
    return tuple((action, _USES[printed.number, action]) for action in printed.actions)


# Each card's printed actions with their uses, by the card (its version in play: another version
# is another object, and cards hash by identity), so a listing makes no key per action.
_CARD_USES: MadeOnce[Card, tuple[tuple[Action, UseCard], ...]] = MadeOnce(_uses_of)


def _can_pay_hostage_bribe(state: PamirState, player: int, holder: int, number: int, action: Action) -> bool:
    """Whether the player can pay the hostage bribe owed to the holder of this card
    (`hostage_holder`) and still pay the action's least cost. Decision: as for a card played
    (`rules.can_pay_bribe`), an action whose bribe the player cannot pay in full is not offered."""
    owed = hooks.modified(
        state,
        abilities.question(HostageBribe, PlayerId(player), PlayerId(holder)),
        state.spies[number][holder],
    )
    return owed <= 0 or owed + _minimum_cost(state, player, action) <= state.players[player].rupees


def is_bonus(state: PamirState, player: int, number: int) -> bool:
    """An action of a card of the favored suit (or of a card that counts as one) is free."""
    printed = card(number)
    if printed.suit is state.favored:
        return True
    if not hooks.may_apply(state, CountsAsFavored):
        return False
    return hooks.modified(state, abilities.question(CountsAsFavored, printed, PlayerId(player)), False)


def _possible(state: PamirState, player: int, action: Action, types: frozenset[type] | None = None) -> bool:
    """Whether the action can do something now: its first step is possible and the player can
    pay its least cost (only gifts, builds and betrayals have one: rupees are never negative).
    `types`: the kinds of modifier in effect, when the caller has them (`hooks.listed_types`)."""
    if types is None:
        types = hooks.listed_types(state)
    if action is Action.BATTLE:
        return _any_battle_site(state, player, types)
    if action is Action.MOVE:
        return _any_move(state, player, types)
    if action is Action.TAX:  # `_each_tax_source`'s first, found without a generator when it is a card
        return _market_holds_rupees(state) or _any(_each_taxed_player(state, player))
    me = state.players[player]
    if ActionCost not in types:
        # Every price is the printed one (what `_minimum_cost` gives then), asked without its calls.
        if action is Action.GIFT:
            gifts = me.gifts
            for price in GIFT_COSTS:  # the cheapest empty gift space, if any
                if price not in gifts:
                    return me.rupees >= price and pieces.cylinder_available(state, player)
            return False
        if action is Action.BUILD:
            return me.rupees >= BUILD_COST and _may_build(state, player)
        return me.rupees >= BETRAY_COST and _any_betray_target(state, player, types)
    if me.rupees < _minimum_cost(state, player, action):
        return False
    if action is Action.GIFT:
        return bool(_empty_gift_spaces(state, player)) and pieces.cylinder_available(state, player)
    if action is Action.BUILD:
        return _may_build(state, player)
    return _any_betray_target(state, player, types)


def _any(options: Iterator[object]) -> bool:
    """Whether there is at least one: found without working out the others."""
    return next(options, None) is not None


def _minimum_cost(state: PamirState, player: int, action: Action) -> int:
    """What the action costs at the least: the cheapest empty gift space, one built unit, a
    betrayal."""
    if action is Action.GIFT:
        spaces = _empty_gift_spaces(state, player)
        if not spaces:
            return 0
        if not hooks.may_apply(state, ActionCost):
            return max(0, spaces[0])  # the cheapest first, as no ability changes a price
        return min(cost(state, player, action, c) for c in spaces)
    if action is Action.BUILD:
        return cost(state, player, action, BUILD_COST)
    if action is Action.BETRAY:
        return cost(state, player, action, BETRAY_COST)
    return 0


def cost(state: PamirState, player: int, action: Action, printed: int) -> int:
    """What the player pays for an action whose rules price it at `printed` (a gift space, one
    unit of a build, a betrayal), after the abilities in effect; never below nothing."""
    if not hooks.may_apply(state, ActionCost):  # asked for every gift space at every listing
        return max(0, printed)
    return max(0, hooks.modified(state, abilities.question(ActionCost, action, PlayerId(player)), printed))


# ---------------------------------------------------------------------- taking the action


def perform(state: PamirState, player: int, use: UseCard) -> Effect:
    """Bribe the hostage holder if there is one (a refused bribe: nothing happens, nothing is
    spent), mark the card used, count the action unless it is a bonus, then act."""
    bonus = is_bonus(state, player, use.card)
    if not (yield from settle_hostage_bribe(state, player, use)):
        return
    state.turn.used_cards.add(use.card)
    if not bonus:
        state.turn.actions_taken += 1
    rank = card(use.card).rank or 0
    if use.action is Action.TAX:
        yield from tax(state, player, rank)
    elif use.action is Action.GIFT:
        yield from gift(state, player)
    elif use.action is Action.BUILD:
        yield from build(state, player)
    elif use.action is Action.MOVE:
        yield from move(state, player, rank)
    elif use.action is Action.BETRAY:
        yield from betray(state, player)
    else:
        yield from battle(state, player, rank)
    if hooks.matters(state, ActionTaken):  # made only when a card or a watcher may answer it
        yield from hooks.fire(state, ActionTaken(use.action, PlayerId(player)))


# ---------------------------------------------------------------------- hostage


def hostage_holder(state: PamirState, number: int) -> int | None:
    """The other player with strictly more spies on this court card than anyone else (its owner
    included), if there is one."""
    counts = state.spies.get(number)
    if not counts:
        return None
    most = max(counts)
    if most == 0:  # no spy on it: the usual case, answered at once
        return None
    if counts.count(most) != 1:  # a tie for the most: no holder
        return None
    leader = counts.index(most)
    return None if leader == state.owner_of(number) else leader


def settle_hostage_bribe(state: PamirState, player: int, use: UseCard) -> Generator[Decision, None, bool]:
    """The holder names a bribe of up to their spies on the card (or waives it); the player pays
    it or gives the action up. True if the action goes ahead.

    Decision: a bribe that would leave the player unable to pay the action's own (least) cost
    counts as refused, since the action could then not be taken at all.
    """
    holder = hostage_holder(state, use.card)
    if holder is None:
        return True
    spies = state.spies[use.card][holder]
    owed = hooks.modified(state, abilities.question(HostageBribe, PlayerId(player), PlayerId(holder)), spies)
    if owed <= 0:
        return True
    # Worded for everybody it reaches: the holder asked, the payer confirming, the story told.
    what = f"to {use.action.value} with {card(use.card).name} (held hostage)"
    paid: bool = yield from bribes.settle(
        state, player, holder, owed, what, keep=_minimum_cost(state, player, use.action)
    )
    return paid


# ---------------------------------------------------------------------- tax


def tax(state: PamirState, player: int, rank: int) -> Effect:
    """Up to `rank` rupees, one at a time, from market cards or from taxable players."""
    me = state.players[player]
    for taken in range(rank):
        sources: tuple[TaxSource | Done, ...] = _tax_sources(state, player)
        if not sources:
            return
        if taken:
            sources += (Done(),)
        source = yield from ask(
            Choice(PlayerId(player), f"Tax: take a rupee ({taken + 1} of up to {rank}) from", sources)
        )
        if isinstance(source, Done):
            return
        if isinstance(source, Card):
            row, column = _market_slot(state, source.number)
            state.market_rupees[row][column] -= 1
            narrate(story.taxed_market, state, player, source.number)
        else:
            state.players[source].rupees -= 1
            narrate(story.taxed_player, state, player, source)
        me.rupees += 1


def _tax_sources(state: PamirState, player: int) -> tuple[TaxSource, ...]:
    with hooks.listing(state):  # the options of one decision: abilities in effect stay the same
        return tuple(_each_tax_source(state, player))


def _each_tax_source(state: PamirState, player: int) -> Iterator[TaxSource]:
    """Market cards holding rupees, and the other players who have a court card of a region the
    taxing player rules (or taxes as if ruling it, by an ability) and more rupees than their tax
    shelter.

    Decision: rupees left on an empty market space (an event discarded at cleanup leaves its
    rupees there; with the deck spent no card comes to take them) cannot be taxed. The tax rule
    names "card(s) in the market" as the source, and the cleanup rule keeps those rupees on the
    space for the card that slides there: they belong to a future card, not to any card now.
    """
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            number = state.market[row][column]
            if number is not None and state.market_rupees[row][column] > 0:
                yield card(number)
    yield from _each_taxed_player(state, player)


def _market_holds_rupees(state: PamirState) -> bool:
    """Whether `_each_tax_source` finds a market card to tax (one holding rupees)."""
    # By index rather than `zip(..., strict=True)`: compiled (`paxc accelerate`), mypyc loops over
    # `enumerate` natively but calls `zip` with a keyword through the generic call path.
    market = state.market
    for row, rupees in enumerate(state.market_rupees):
        if not any(rupees):  # a row without rupees (rupees are never negative): no space looked at
            continue
        cards = market[row]
        if None not in cards:  # every space of the row holds a card: one of them holds the rupees
            return True
        for column, held in enumerate(rupees):
            if held > 0 and cards[column] is not None:
                return True
    return False


def _each_taxed_player(state: PamirState, player: int) -> Iterator[PlayerId]:
    """The players `_each_tax_source` gives after the market cards."""
    if hooks.may_apply(state, TaxAsRuler):
        ruled = {
            region
            for region in REGIONS
            if hooks.modified(
                state, abilities.question(TaxAsRuler, PlayerId(player), region), state.ruler(region) == player
            )
        }
    else:
        # Only a player with a tribe in a region can rule it: `ruler` is asked of those regions alone.
        tribes = state.tribes
        ruled = {region for region in REGIONS if tribes[region][player] and state.ruler(region) == player}
    if ruled:
        for other, them in enumerate(state.players):
            if (
                other != player
                and them.rupees > state.tax_shelter(other)
                and any(card(n).region in ruled for n in them.court)
            ):
                yield PlayerId(other)


def _market_slot(state: PamirState, number: int) -> tuple[int, int]:
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            if state.market[row][column] == number:
                return row, column
    raise ValueError(f"card {number} is not in the market")


# ---------------------------------------------------------------------- gift


def gift(state: PamirState, player: int) -> Effect:
    """A cylinder on one of the player's empty gift spaces, paying that space's price.

    The player picks the space among those they can pay for (asked only when there is a choice):
    the rules name "one of your empty gift spaces", not the cheapest.
    Decision: the English rules set no limit of one gift per turn (the French summary hints at
    one); a player with two gift cards may give twice in a turn.
    """
    me = state.players[player]
    spaces = tuple(
        GiftSpace(price)
        for price in _empty_gift_spaces(state, player)
        if cost(state, player, Action.GIFT, price) <= me.rupees
    )
    if not spaces:
        return
    space = spaces[0]
    if len(spaces) > 1:
        space = yield from ask(
            Choice(PlayerId(player), "Gift: place a cylinder on the space costing", spaces)
        )
    market.pay_action_cost(state, player, cost(state, player, Action.GIFT, space.cost))
    yield from pieces.place_gift(state, player, space.cost)


def _empty_gift_spaces(state: PamirState, player: int) -> tuple[int, ...]:
    """The prices of the player's gift spaces without a cylinder, cheapest first."""
    filled = state.players[player].gifts
    return tuple(cost for cost in GIFT_COSTS if cost not in filled)


# ---------------------------------------------------------------------- build


def build(state: PamirState, player: int) -> Effect:
    """Up to three units, one at a time: an army in a region the player rules, or a road on one
    of its borders, two rupees each. The rupees of the whole build go to the market as one cost
    (the rulebook's build example: two armies put one rupee on each card of the two rightmost
    columns), though each unit is paid as it is placed.

    Decision: when a modifier makes each paid unit place several blocks, each block is placed on
    its own, wherever a build may place one (doubled blocks, not a doubled placement); every
    block of a paid unit is placed, as far as spots and blocks last.
    """
    me = state.players[player]
    loyalty = me.loyalty
    blocks_per_unit = hooks.modified(state, BlocksPerBuild(PlayerId(player)), 1)
    unit_cost = cost(state, player, Action.BUILD, BUILD_COST)
    paid = 0
    for built in range(MAX_BUILD_UNITS):
        if loyalty is None or me.rupees < unit_cost:
            return
        spots: tuple[BuildSpot | Done, ...] = _build_spots(state, player)
        if not spots:
            return
        if built:
            spots += (Done(),)
        spot = yield from ask(
            Choice(
                PlayerId(player),
                f"Build: place unit {built + 1} of up to {MAX_BUILD_UNITS} ({unit_cost} rupees)",
                spots,
            )
        )
        if isinstance(spot, Done):
            return
        market.pay_action_cost(state, player, unit_cost, already_paid=paid)
        paid += unit_cost
        yield from _place_built(state, player, loyalty, spot)
        for block in range(2, blocks_per_unit + 1):
            more: tuple[BuildSpot, ...] = _build_spots(state, player)
            if not more:
                break
            spot = yield from ask(
                Choice(
                    PlayerId(player),
                    f"Build: place block {block} of {blocks_per_unit} of unit {built + 1} (already paid)",
                    more,
                )
            )
            yield from _place_built(state, player, loyalty, spot)


def _place_built(state: PamirState, player: int, loyalty: Coalition, spot: BuildSpot) -> Effect:
    where: Region | Border = spot.region if isinstance(spot, BuildArmy) else spot.border
    yield from pieces.place_block(state, player, loyalty, where)


def _may_build(state: PamirState, player: int) -> bool:
    """Whether `_build_spots` finds any (an army can go wherever a road can: a region ruled)."""
    loyalty = state.players[player].loyalty
    if loyalty is None:
        return False
    tribes = state.tribes
    for region in REGIONS:
        # Only a player with a tribe in a region can rule it: `ruler` is asked of those regions alone.
        if tribes[region][player] and state.ruler(region) == player:
            return pieces.block_available(state, loyalty)  # the dearer question last
    return False


def _build_spots(state: PamirState, player: int) -> tuple[BuildSpot, ...]:
    loyalty = state.players[player].loyalty
    if loyalty is None or not pieces.block_available(state, loyalty):
        return ()
    ruled = [region for region in REGIONS if state.ruler(region) == player]
    spots: list[BuildSpot] = [BuildArmy(region) for region in ruled]
    spots += [BuildRoad(b) for b in BORDERS if any(region in b for region in ruled)]
    return tuple(spots)


# ---------------------------------------------------------------------- move


def move(state: PamirState, player: int, rank: int) -> Effect:
    """Up to `rank` moves, each of one loyal army (or tribe, when tribes count as armies) across a
    border holding a road of the player's loyalty, or one spy to the next card on the ring of
    courts (abilities may lift the road, let a spy pass more cards, or join more cards). The same
    unit may move more than once."""
    for moved in range(rank):
        moves: tuple[Move | Done, ...] = _moves(state, player)
        if not moves:
            return
        if moved:
            moves += (Done(),)
        chosen = yield from ask(Choice(PlayerId(player), f"Move {moved + 1} of up to {rank}: move", moves))
        if isinstance(chosen, Done):
            return
        if isinstance(chosen, MoveArmy):
            loyalty = state.players[player].loyalty
            assert loyalty is not None
            narrate(story.moved_army, state, player, loyalty, chosen.origin, chosen.destination)
            yield from pieces.move_army(state, loyalty, chosen.origin, chosen.destination, player)
        elif isinstance(chosen, MoveTribe):
            yield from pieces.move_tribe(state, player, chosen.origin, chosen.destination)
        else:
            narrate(story.moved_spy, state, player, chosen.origin.number, chosen.destination.number)
            yield from pieces.move_spy(state, player, chosen.origin.number, chosen.destination.number, player)


ring = pieces.ring


def tribes_count_as_armies(state: PamirState, player: int) -> bool:
    if not hooks.may_apply(state, CountsAsArmy):
        return False
    return hooks.modified(state, abilities.question(CountsAsArmy, Piece.TRIBE, PlayerId(player)), False)


def _moves(state: PamirState, player: int) -> tuple[Move, ...]:
    with hooks.listing(state):  # the options of one decision: abilities in effect stay the same
        return tuple(_each_move(state, player))


def _each_move(state: PamirState, player: int) -> Iterator[Move]:
    """Decision: tribes moving as armies follow the armies' road rule (a road of the player's
    loyalty on the border, unless an ability lets the piece cross)."""
    loyalty = state.players[player].loyalty
    if loyalty is not None:
        tribes_move = tribes_count_as_armies(state, player)
        crossing_modified = hooks.may_apply(state, MayCross)
        for region in REGIONS:
            armies = state.armies[region][loyalty] > 0
            tribes = tribes_move and state.tribes[region][player] > 0
            if not (armies or tribes):
                continue
            for b in borders_of(region):
                road = state.roads[b][loyalty] > 0
                other = b[1] if b[0] is region else b[0]
                if armies and _may_cross(state, crossing_modified, Piece.ARMY, region, other, player, road):
                    yield MoveArmy(region, other)
                if tribes and _may_cross(state, crossing_modified, Piece.TRIBE, region, other, player, road):
                    yield MoveTribe(region, other)
    yield from _each_spy_move(state, player)


def _any_move(state: PamirState, player: int, types: frozenset[type] | None = None) -> bool:
    """Whether `_each_move` finds any, answered without making a move when no ability changes
    where a piece may go: a loyal army (or a tribe moving as one) beside a road of the player's
    loyalty, or a spy of the player on a ring of two cards or more (a spy steps to a neighbour)."""
    if types is None:
        types = hooks.listed_types(state)
    loyalty = state.players[player].loyalty
    if loyalty is not None:
        if MayCross in types:
            return _any(_each_move(state, player))
        tribes_move = CountsAsArmy in types and tribes_count_as_armies(state, player)
        roads, tribes = state.roads, state.tribes
        # A yes or no, whatever the order the regions are looked at in: the map's own order.
        for region, armies in state.armies.items():
            if armies[loyalty] > 0 or (tribes_move and tribes[region][player] > 0):
                for b in borders_of(region):
                    if roads[b][loyalty] > 0:
                        return True
    if SpyMayMove in types:
        return _any_spy_move(state, player)
    # A spy of the player on a card of the ring (every court card) steps to a neighbour when the
    # ring has two cards or more: the few cards with spies are looked at, not the whole ring.
    for number, counts in state.spies.items():
        if counts[player] and state.owner_of(number) is not None:
            return len(ring(state)) > 1
    return False


def _any_spy_move(state: PamirState, player: int) -> bool:
    """Whether `_each_spy_move` finds any while an ability may change where a spy may go: each
    spy's two neighbours are asked about first (the steps the rules allow, which the abilities
    are likeliest to leave allowed), then the other cards. Modifiers change nothing, so the
    order of the questions does not change the answer, only how many are asked."""
    loop = ring(state)
    count = len(loop)
    spied = [(index, number) for index, number in enumerate(loop) if _spies(state, number, player)]
    for index, number in spied:
        for other in (loop[(index - 1) % count], loop[(index + 1) % count]):
            if other != number and _spy_may_move(state, number, other, player, True):
                return True
    for index, number in spied:
        near = (loop[(index - 1) % count], loop[(index + 1) % count])
        for other in loop:
            if other != number and other not in near and _spy_may_move(state, number, other, player, False):
                return True
    return False


def _spy_may_move(state: PamirState, origin: int, destination: int, player: int, near: bool) -> bool:
    """Whether the player's spy may move from one card to the other: to a neighbour (`near`)
    unless an ability in effect says otherwise."""
    question = abilities.question(SpyMayMove, card(origin), card(destination), PlayerId(player))
    return hooks.modified(state, question, near)


def _may_cross(
    state: PamirState,
    modified: bool,
    piece: Piece,
    origin: Region,
    destination: Region,
    player: int,
    road: bool,
) -> bool:
    """Whether the piece may cross: along a road of the player's loyalty, unless an ability in
    effect (`modified`: any at all) says otherwise."""
    if not modified:
        return road
    return hooks.modified(
        state, abilities.question(MayCross, piece, origin, destination, PlayerId(player)), road
    )


def _each_spy_move(state: PamirState, player: int) -> Iterator[MoveSpy]:
    """Each spy may move to the card next to its own along the ring, either way, or to any card
    an ability in effect allows (`spy_may_move`)."""
    loop = ring(state)
    modified = hooks.may_apply(state, SpyMayMove)
    for index, number in enumerate(loop):
        if _spies(state, number, player) == 0:
            continue
        near = {loop[(index - 1) % len(loop)], loop[(index + 1) % len(loop)]}
        if not modified:  # no ability in effect: the two neighbours, in the ring's order
            origin = card(number)
            for other in loop:
                if other in near and other != number:
                    yield MoveSpy(origin, card(other))
            continue
        for other in loop:
            if other != number and _spy_may_move(state, number, other, player, other in near):
                yield MoveSpy(card(number), card(other))


# ---------------------------------------------------------------------- betray


def betray(state: PamirState, player: int) -> Effect:
    """Pay two, discard a court card (anyone's, the player's own included) where the player has a
    spy, then perhaps keep it as a prize.

    Decision: the card is discarded first, with all that follows (spies home, leverage, overthrow);
    only then does the player decide on the prize, as the rules order it. Taking it moves it from
    the discard pile to the player's prizes, after any loyalty change (which discards the old
    prizes, so the new one must come after it), so it is never both discarded and a prize.
    """
    targets = _betray_targets(state, player)
    price = cost(state, player, Action.BETRAY, BETRAY_COST)
    if not targets or state.players[player].rupees < price:
        return
    target = yield from ask(Choice(PlayerId(player), "Betray: discard which card", targets))
    market.pay_action_cost(state, player, price)
    owner = state.owner_of(target.number)
    assert owner is not None
    narrate(story.betrayed, state, player, owner, target.number)
    yield from pieces.discard_court_card(state, owner, target.number)
    prize = target.prize
    if prize is None or target.number not in state.discard:
        return
    me = state.players[player]
    change = "" if me.loyalty is prize else f" (your loyalty becomes {prize.value})"
    if not (yield from hooks.confirm(player, f"Take {target.name} as a {prize.value} prize{change}?")):
        return
    if me.loyalty is not prize:
        yield from pieces.change_loyalty(state, player, prize)
    if target.number in state.discard:
        state.discard.remove(target.number)
        me.prizes.append(target.number)
        narrate(story.taken_as_prize, state, player, target.number)
        yield from hooks.card_moved(state, target.number, "discard", None, "prizes", player)


def _betray_targets(state: PamirState, player: int) -> tuple[Card, ...]:
    """Cards with a spy of the player, unless an ability of their owner protects them."""
    targets: list[int] = []
    for owner, them in enumerate(state.players):
        for number in them.court:
            if _spies(state, number, player) > 0 and hooks.modified(
                state, abilities.question(MayBetray, card(number), PlayerId(owner), PlayerId(player)), True
            ):
                targets.append(number)
    return cards_of(targets)


def _any_betray_target(state: PamirState, player: int, types: frozenset[type] | None = None) -> bool:
    """Whether `_betray_targets` finds any: the few cards holding a spy of the player are looked
    at, not every court card; each is asked of the abilities only when one may protect a card."""
    protecting = MayBetray in (hooks.listed_types(state) if types is None else types)
    for number, counts in state.spies.items():
        if counts[player] > 0:
            owner = state.owner_of(number)
            if owner is not None and (
                not protecting
                or hooks.modified(
                    state,
                    abilities.question(MayBetray, card(number), PlayerId(owner), PlayerId(player)),
                    True,
                )
            ):
                return True
    return False


# ---------------------------------------------------------------------- battle


def battle(state: PamirState, player: int, rank: int) -> Effect:
    """In one region or on one court card, remove up to `rank` enemy units, one at a time, and
    never more than the player's own armies (region) or spies (card) there.

    Decision: the spies a battle removes are settled once the battle is over, so an ability that
    sends its owner's spy elsewhere instead (a safe house) places it only then: a battle fought
    on the safe house card itself cannot remove the same spy twice.
    """
    sites = _battle_sites(state, player)
    if not sites:
        return
    site = yield from ask(Choice(PlayerId(player), "Battle: choose a region or a court card", sites))
    limit = min(rank, _strength(state, player, site, tribes_count_as_armies(state, player)))
    removed_spies: list[SpyRemoved] = []
    for removed in range(limit):
        targets: tuple[Removal | Done, ...] = _removals(state, player, site)
        if not targets:
            break
        if removed:
            targets += (Done(),)
        chosen = yield from ask(
            Choice(PlayerId(player), f"Battle: remove unit {removed + 1} of up to {limit}", targets)
        )
        if isinstance(chosen, Done):
            break
        if isinstance(chosen, RemoveArmy):
            yield from pieces.remove_army(state, chosen.region, chosen.coalition, player)
        elif isinstance(chosen, RemoveRoad):
            yield from pieces.remove_road(state, chosen.border, chosen.coalition, player)
        elif isinstance(chosen, RemoveTribe):
            yield from pieces.remove_tribe(state, chosen.owner, chosen.region, remover=player)
        else:
            removed_spies.append(pieces.remove_spy_in_battle(state, chosen.owner, chosen.card.number, player))
    for event in removed_spies:
        yield from pieces.settle_spy_removed(state, event)
    if hooks.listens(BattleFought):
        region = site if isinstance(site, Region) else site.region
        assert region is not None
        yield from hooks.fire(state, BattleFought(PlayerId(player), region))


def _battle_sites(state: PamirState, player: int) -> tuple[BattleSite, ...]:
    with hooks.listing(state):  # the options of one decision: abilities in effect stay the same
        return tuple(_each_battle_site(state, player))


def _each_battle_site(state: PamirState, player: int) -> Iterator[BattleSite]:
    tribes_fight = tribes_count_as_armies(state, player)  # the same in every region: asked once
    for region in REGIONS:
        if _strength(state, player, region, tribes_fight) and _removals(state, player, region):
            yield region
    for number in ring(state):
        printed = card(number)
        if _strength(state, player, printed, tribes_fight) and _removals(state, player, printed):
            yield printed


def _any_battle_site(state: PamirState, player: int, types: frozenset[type] | None = None) -> bool:
    """Whether `_each_battle_site` finds any, answered without listing the removals when no
    ability shelters a piece (`_removals`): in a region, the player's strength there and an enemy
    army, road or tribe; on a court card, the player's spy and another player's."""
    if types is None:
        types = hooks.listed_types(state)
    if MayBattle in types:
        return _any(_each_battle_site(state, player))
    players = state.players
    loyalty = players[player].loyalty
    tribes_fight = CountsAsArmy in types and tribes_count_as_armies(state, player)
    roads, tribes_in = state.roads, state.tribes
    # A yes or no, whatever the order the regions are looked at in: the map's own order, without
    # a look-up per region (and none at all for a player with no piece to fight with).
    for region, armies in state.armies.items() if loyalty is not None or tribes_fight else ():
        # `_strength` in the region, asked here without its call
        if not ((loyalty is not None and armies[loyalty]) or (tribes_fight and tribes_in[region][player])):
            continue
        tribes = tribes_in[region]
        for coalition, count in armies.items():
            if count and coalition is not loyalty:
                return True
        for b in borders_of(region):
            for coalition, count in roads[b].items():
                if count and coalition is not loyalty:
                    return True
        for owner, count in enumerate(tribes):
            if count and owner != player and (loyalty is None or players[owner].loyalty is not loyalty):
                return True
    # A card of the ring (every court card) holding a spy of the player and another player's:
    # the few cards with spies are looked at, not the whole ring.
    for number, counts in state.spies.items():
        if (
            counts[player]
            and (any(counts[:player]) or any(counts[player + 1 :]))
            and state.owner_of(number) is not None
        ):
            return True
    return False


def _strength(state: PamirState, player: int, site: BattleSite, tribes_fight: bool) -> int:
    """How many units the player may remove there at most: their loyal armies (and tribes, when
    tribes count as armies: `tribes_fight`, `tribes_count_as_armies`) in a region, their spies
    on a card."""
    if isinstance(site, Card):
        return _spies(state, site.number, player)
    loyalty = state.players[player].loyalty
    strength = state.armies[site][loyalty] if loyalty is not None else 0
    if tribes_fight:
        strength += state.tribes[site][player]
    return strength


def _removals(state: PamirState, player: int, site: BattleSite) -> tuple[Removal, ...]:
    """What may be removed there: armies and roads not of the player's loyalty, tribes of players
    of another loyalty; on a card, any other player's spies, whatever their loyalty. Abilities may
    shelter any of these pieces (`may_battle`, asked of every kind).

    Decision: a battle in a region reaches the roads on that region's borders (a road lies
    between two regions, and the rules give no other place to fight one).

    Decision: every player may remove Wakhan's tribes (her spies, like anyone's, whatever the
    loyalties). Her rules call her loyal to every coalition to say whose patriots, prizes and
    influence count for her, not to shelter her tribes from everyone; the one coalition she
    acts with, her pragmatic loyalty, is by its definition one no other player holds, so nobody
    shares a loyalty with her (outside her own actions her loyalty here is none).
    """
    # Whether any ability may shelter a piece: with none, nothing is asked of any piece.
    sheltering = hooks.may_apply(state, MayBattle)
    if isinstance(site, Card):
        spies = state.spies.get(site.number, [])
        region = site.region
        assert region is not None  # every court card has one
        return tuple(
            RemoveSpy(site, PlayerId(owner))
            for owner, count in enumerate(spies)
            if count
            and owner != player
            and (
                not sheltering
                or hooks.modified(
                    state,
                    abilities.question(MayBattle, Piece.SPY, region, PlayerId(owner), PlayerId(player)),
                    True,
                )
            )
        )
    loyalty = state.players[player].loyalty
    removals: list[Removal] = [
        RemoveArmy(site, coalition)
        for coalition, count in state.armies[site].items()
        if count
        and coalition is not loyalty
        and (not sheltering or _block_may_go(state, Piece.ARMY, site, coalition, player))
    ]
    removals += [
        RemoveRoad(b, coalition)
        for b in borders_of(site)
        for coalition, count in state.roads[b].items()
        if count
        and coalition is not loyalty
        and (not sheltering or _block_may_go(state, Piece.ROAD, site, coalition, player))
    ]
    removals += [
        RemoveTribe(site, PlayerId(owner))
        for owner, count in enumerate(state.tribes[site])
        if count
        and owner != player
        and (loyalty is None or state.players[owner].loyalty is not loyalty)
        and (
            not sheltering
            or hooks.modified(
                state,
                abilities.question(MayBattle, Piece.TRIBE, site, PlayerId(owner), PlayerId(player)),
                True,
            )
        )
    ]
    return tuple(removals)


def _block_may_go(
    state: PamirState, piece: Piece, region: Region, coalition: Coalition, attacker: int
) -> bool:
    """Whether a battle may remove an army or road of a coalition: `may_battle` is asked of it
    for each player loyal to that coalition (its owners, as "your armies" says; for a road, the
    region is the battle's), and any of them may shelter it. A block no player is loyal to has
    nobody to ask about."""
    return all(
        hooks.modified(
            state, abilities.question(MayBattle, piece, region, PlayerId(owner), PlayerId(attacker)), True
        )
        for owner, me in enumerate(state.players)
        if me.loyalty is coalition and owner != attacker
    )


# ---------------------------------------------------------------------- pieces available


def _spies(state: PamirState, number: int, player: int) -> int:
    """The player's spies on a card (without creating an entry, as `spies_on` would)."""
    counts = state.spies.get(number)
    return counts[player] if counts else 0


# ---------------------------------------------------------------------- for Wakhan

# The automated opponent picks among the same legal choices as a player (runtime/pamir/wakhan_actions.py).
possible = _possible
battle_sites = _battle_sites
betray_targets = _betray_targets
market_slot = _market_slot


def spy_moves(state: PamirState, player: int) -> tuple[MoveSpy, ...]:
    """Every step one of the player's spies may take now (Wakhan's spy movement variant)."""
    with hooks.listing(state):  # the options of one decision: abilities in effect stay the same
        return tuple(_each_spy_move(state, player))
