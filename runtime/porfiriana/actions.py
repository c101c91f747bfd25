"""The nine actions of a turn (rules E; glossary: Extra Action): what a player may do now, and
doing it.

Three actions a turn, two when jailed at the start of the turn. A second market purchase, buying
land and a black card off its regime take two. A partner granting an extra action of one kind
adds one action of that kind a turn, spent before the base actions.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Literal

from paxc.generated.porfiriana.vocabulary import (
    Action,
    ActionTaken,
    CardBought,
    CardSold,
    Connection,
    Family,
    PlayActions,
    PoliceCost,
)
from paxc.runtime.core import abilities
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Decision, Effect, PlayerId, ask
from paxc.runtime.porfiriana import cards_played, economy, hand, hooks, losses, market, story, troops, unrest
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, TurnState, card

POLICE_COST = 3
SECOND_PURCHASE_ACTIONS = 2
LAND_ACTIONS = 2
MARKET_PURCHASES_PER_TURN = 2
CHAIN_RAILROAD_BUILD_COST = 1
LAND_FAMILIES = (Family.RANCH, Family.PLANTATION)
_LAND = frozenset(LAND_FAMILIES)


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class PlayCard:
    number: int


@dataclass(frozen=True, slots=True)
class Buy:
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class BuyPublic:
    number: int
    side: int


@dataclass(frozen=True, slots=True)
class Sell:
    number: int


@dataclass(frozen=True, slots=True)
class Redeploy:
    troop: int


@dataclass(frozen=True, slots=True)
class InPlace:
    """The answer to 'where to?' that keeps a redeployed troop where it is."""


@dataclass(frozen=True, slots=True)
class BuyLand:
    enterprise: int


@dataclass(frozen=True, slots=True)
class Upgrade:
    enterprise: int
    level: Connection
    cost: int


@dataclass(frozen=True, slots=True)
class Police:
    enterprise: int | None  # None: leave jail


# Where a player's cube can sit, for the speculation action (rules E9 and the glossary's cube
# limit): a speculation cube on a market card, an income, prestige or connection cube on a card in
# play, or a prestige cube on the player's prestige stack (the card number is then the player's).
SpotKind = Literal["market", "income", "prestige", "connection", "stack"]


@dataclass(frozen=True, slots=True)
class CubeSpot:
    kind: SpotKind
    card: int


# One spot a market card, made once: every listing of the speculations asks for every market card's.
_MARKET_SPOTS: MadeOnce[int, CubeSpot] = MadeOnce(lambda number: CubeSpot("market", number))


def on_market(number: int) -> CubeSpot:
    return _MARKET_SPOTS[number]


@dataclass(frozen=True, slots=True)
class Speculate:
    """One speculation action: a cube moves from `source` to `target`, where None is the supply.

    Placing a speculation cube comes from the supply; one can be moved to another market card or
    taken back. With every cube in use, one may instead come off a card in play (not an extortion
    cube), and go to a market card or to a place short of a cube: an enterprise below the value
    its income follows, or a prestige point without the prestige cube it takes (under the Pax:
    a Loyalty point)."""

    target: CubeSpot | None
    source: CubeSpot | None = None


Option = EndTurn | PlayCard | Buy | BuyPublic | Sell | Redeploy | BuyLand | Upgrade | Police | Speculate


_KINDS: dict[type, Action] = {
    PlayCard: Action.PLAY_CARD,
    Buy: Action.MARKET_PURCHASE,
    BuyPublic: Action.PUBLIC_PURCHASE,
    Sell: Action.SELL,
    Redeploy: Action.REDEPLOY,
    BuyLand: Action.BUY_LAND,
    Upgrade: Action.UPGRADE_CONNECTION,
    Police: Action.POLICE,
    Speculate: Action.SPECULATE,
}


def kind_of(option: Option) -> Action | None:
    return _KINDS.get(type(option))


def actions_needed(state: PorfirianaState, player: int, option: Option) -> int:
    if isinstance(option, Buy) and state.turn.market_purchases >= 1:
        return SECOND_PURCHASE_ACTIONS
    if isinstance(option, BuyLand):
        return LAND_ACTIONS
    if isinstance(option, PlayCard):
        return hand.actions_needed(state, player, option.number)
    return 1


def extra_partners(state: PorfirianaState, player: int, kind: Action) -> list[int]:
    """The player's partners granting an extra action of this kind not yet used this turn."""
    return [
        h.number
        for h in state.players[player].row
        if card(h.number).extra_action is kind and h.number not in state.turn.extra_actions_used
    ]


def spend(state: PorfirianaState, player: int, option: Option) -> None:
    """An extra action of the option's kind is spent first: it serves for nothing else, so the
    base actions it saves stay free for any action (a sale with Henry Ford, then a purchase)."""
    needed = actions_needed(state, player, option)
    kind = kind_of(option)
    extra = extra_partners(state, player, kind) if kind is not None else []
    if extra:
        state.turn.extra_actions_used.append(extra[0])
        needed -= 1
    state.turn.actions_left -= needed


# ---------------------------------------------------------------------- what may be done


def extra_kinds(state: PorfirianaState, player: int) -> set[Action | None]:
    """The kinds of action an unused partner's extra action serves: one action more of each."""
    used = state.turn.extra_actions_used
    granted = {card(h.number).extra_action for h in state.players[player].row if h.number not in used}
    granted.discard(None)
    return granted


def options(state: PorfirianaState, player: int) -> list[Option]:
    return listed(state, player).options


@dataclass(slots=True)
class Listed:
    """A decision's options (`options`), with what the turn's next decision may take again
    (`listed`): each kind's options, the plays with the actions each takes, and what the
    listing was made with. Kinds the actions left did not allow are empty."""

    options: list[Option]
    player: int
    left: int  # the actions left
    granted: set[Action | None]  # the kinds of the partners' unused extra actions
    cubes: bool  # whether the player had a cube in the supply
    plays: list[tuple[PlayCard, int]]
    buys: list[Buy]
    public: list[BuyPublic]
    sells: list[Sell]
    redeploys: list[Redeploy]
    land: list[BuyLand]
    upgrades: list[Upgrade]
    police: list[Police]


def listed(state: PorfirianaState, player: int, before: Listed | None = None) -> Listed:
    """The options of a decision of the player's turn, by kind. `before`: the listing of the
    turn's decision before, when the action taken since moved a cube between market cards and
    the supply and set nothing else off (`take` says): only the speculations are listed afresh,
    every other kind taken from it, less what the fewer actions left no longer allow."""
    turn = state.turn
    granted = extra_kinds(state, player)
    left = turn.actions_left
    if not left and not granted and not hooks.may_apply(state, PlayActions):
        # No action left, no partner's extra action, no card played for none: only the end of
        # the turn (after the last action of most turns), known without the table of the
        # modifiers in effect that a listing looks up first.
        cubes = state.players[player].cubes > 0
        return Listed([_END_TURN], player, left, granted, cubes, [], [], [], [], [], [], [], [])
    if (
        before is not None
        and before.player == player
        and before.cubes == (state.players[player].cubes > 0)
        and left <= before.left
        and granted <= before.granted
    ):
        return _listed_again(state, player, before, left, granted)
    with hooks.listing(state):
        return _listed(state, player, left, granted)


def _allows(kind: Action, needed: int, left: int, granted: set[Action | None]) -> bool:
    """Whether the actions left (with an extra action of its kind, for the kinds `granted`)
    allow an action of this kind taking `needed` actions."""
    return needed <= left or (needed <= left + 1 and kind in granted)


def _listed(state: PorfirianaState, player: int, left: int, granted: set[Action | None]) -> Listed:
    """Every option, in the order the table lists them: each kind of action in turn, those the
    actions left (with an extra action of its kind, for the kinds `granted`) allow. Every kind
    but playing a card takes the same actions whichever option it is, so whether the turn allows
    it is asked once for the kind, and a kind it does not allow is not looked through at all
    (listing asks nothing of the state, so what is skipped changes nothing)."""
    me = state.players[player]
    turn = state.turn
    # The enterprises in play, listed once: the plays of troops and attacks and the upgrades ask.
    in_play = state.enterprises()
    plays: list[tuple[PlayCard, int]] = []
    if me.hand:
        most = left + 1 if _PLAY in granted else left  # the most actions a play may take
        plays = [
            (_PLAYS[number], needed) for number, needed in hand.plays_in_hand(state, player, most, in_play)
        ]
    buys: list[Buy] = []
    if _may_buy(turn, left, granted):
        buys = list(map(_BUYS.__getitem__, market.buyable(state, player)))
    public: list[BuyPublic] = []
    if _allows(Action.PUBLIC_PURCHASE, 1, left, granted):
        for number in state.public:
            if (card(number).cost or 0) <= me.gold:
                public += [_PUBLIC[number, side] for side in range(len(card(number).sides))]
    troops = my_troops(state, player)  # sold or redeployed
    sells: list[Sell] = []
    if _allows(Action.SELL, 1, left, granted):
        sells = list(map(_SELLS.__getitem__, sellable(state, player, troops)))
    redeploys: list[Redeploy] = []
    if _allows(Action.REDEPLOY, 1, left, granted):
        redeploys = list(map(_REDEPLOYS.__getitem__, troops))
    land: list[BuyLand] = []
    if _allows(Action.BUY_LAND, LAND_ACTIONS, left, granted):
        land = land_options(state, player)
    upgrades: list[Upgrade] = []
    if _allows(Action.UPGRADE_CONNECTION, 1, left, granted):
        upgrades = upgrade_options(state, player, in_play)
    police: list[Police] = []
    if _allows(Action.POLICE, 1, left, granted):
        police = police_options(state, player)
    kept = Listed(
        [], player, left, granted, me.cubes > 0, plays, buys, public, sells, redeploys, land, upgrades, police
    )
    return _with_options(state, kept)


def _listed_again(
    state: PorfirianaState, player: int, before: Listed, left: int, granted: set[Action | None]
) -> Listed:
    """`before`'s options of every kind but the speculations, with the speculations listed
    afresh; then each kind the actions left allow (`_with_options`). With no more actions left
    and no more extra actions than then, a kind allowed now was allowed then, so was listed.

    Why this gives what `_listed` would: the action since moved one cube between market cards
    and the supply, and changed nothing else (`take`): no gold, card, unrest, troop, cube on a
    card, card memory or round's record. Nothing but the speculations reads where the
    speculation cubes are, and the supply only as whether it is empty (a troop's extortion,
    land, upgrades), which `listed` checks is as it was; no card's ability can read either (the
    queries of `context.py`), so the modifiers answer as they did."""
    before.left, before.granted = left, granted  # the listing before is the turn's own: reused
    return _with_options(state, before)


def _with_options(state: PorfirianaState, kept: Listed) -> Listed:
    """`kept` with its options: the end of the turn, then each kind the actions left allow, in
    the order of the table, the speculations listed now."""
    left, granted = kept.left, kept.granted
    most = left + 1 if _PLAY in granted else left
    found: list[Option] = [_END_TURN]
    found += [option for option, needed in kept.plays if needed <= most]
    if _may_buy(state.turn, left, granted):
        found += kept.buys
    if granted:
        one = frozenset(kind for kind in _ONE_ACTION if _allows(kind, 1, left, granted))
    else:  # no extra action (most turns): the actions left alone decide
        one = _ONE_ACTION if left >= 1 else _NO_KIND
    if Action.PUBLIC_PURCHASE in one:
        found += kept.public
    if Action.SELL in one:
        found += kept.sells
    if Action.REDEPLOY in one:
        found += kept.redeploys
    if _allows(Action.BUY_LAND, LAND_ACTIONS, left, granted):
        found += kept.land
    if Action.UPGRADE_CONNECTION in one:
        found += kept.upgrades
    if Action.POLICE in one:
        found += kept.police
    if Action.SPECULATE in one:
        found += speculation_options(state, kept.player)
    kept.options = found
    return kept


# The kinds of action that take one action whichever option it is.
_ONE_ACTION: frozenset[Action] = frozenset(
    {
        Action.PUBLIC_PURCHASE,
        Action.SELL,
        Action.REDEPLOY,
        Action.UPGRADE_CONNECTION,
        Action.POLICE,
        Action.SPECULATE,
    }
)
_NO_KIND: frozenset[Action] = frozenset()


def _may_buy(turn: TurnState, left: int, granted: set[Action | None]) -> bool:
    """Whether the turn allows a market purchase: two at most, the second taking two actions."""
    if turn.market_purchases >= MARKET_PURCHASES_PER_TURN:
        return False
    needed = SECOND_PURCHASE_ACTIONS if turn.market_purchases >= 1 else 1
    return _allows(Action.MARKET_PURCHASE, needed, left, granted)


_PLAY = Action.PLAY_CARD


def missing(state: PorfirianaState, player: int, offered: Sequence[object]) -> list[str]:
    """Why options a player may expect are not among those `offered` (for the table): each card
    in hand that cannot be played now. Only at the choice of an action (the one ending the turn)."""
    if not any(isinstance(o, EndTurn) for o in offered):
        return []
    played = {o.number for o in offered if isinstance(o, PlayCard)}
    notes = []
    for number in dict.fromkeys(state.players[player].hand):
        if number in played:
            continue
        if hand.playable(state, player, number):
            needed = actions_needed(state, player, PlayCard(number))
            reason = f"it takes {needed} action{'s' if needed != 1 else ''}, {state.turn.actions_left} left"
        else:
            reason = hand.why_not_playable(state, player, number)
        notes.append(f"playing {card(number).name}: {reason}")
    return notes


def group(option: object) -> str | None:
    """The kind of option the table lists as one line, the cards then asked for: speculations."""
    return "speculate" if isinstance(option, Speculate) else None


def sellable(state: PorfirianaState, player: int, troops: list[int]) -> list[int]:
    """Cards in hand, and cards in play (not the Hacendado, not an enterprise in unrest).
    `troops`: the player's troops in play (`my_troops`), which the listing finds once."""
    me = state.players[player]
    in_row = [h.number for h in me.row[1:] if not h.unrest]
    return list(dict.fromkeys(me.hand)) + in_row + troops


def my_troops(state: PorfirianaState, player: int) -> list[int]:
    """The player's troops in play, in the order of `troops_of` (the private army first), found
    without the pairs `troops_of` makes: a listing asks for them."""
    return state.players[player].army + [
        held.troop
        for other in state.players
        for held in other.row
        if held.troop is not None and held.troop_owner == player
    ]


def land_cost(held: Holding) -> int:
    """The cubes already there, of any kind and colour: income, connection, extortion and
    prestige cubes.

    Decision: E6 prices land at the cubes already on the card, and the illustrated explanation
    lists prestige cubes among them; the rules' example shows no prestige cube only because its
    plantation has no Loyalty point. (No ranch or plantation of today's deck has one.)"""
    return (
        held.income + held.prestige_cubes + (held.connection_owner is not None) + (held.extortion is not None)
    )


def land_options(state: PorfirianaState, player: int) -> list[BuyLand]:
    me = state.players[player]
    if me.cubes == 0:
        return []
    return [
        BuyLand(h.number)
        for h in me.row
        if not _LAND.isdisjoint(card(h.number).family) and land_cost(h) <= me.gold
    ]


def upgrade_options(
    state: PorfirianaState, player: int, in_play: Sequence[tuple[int, Holding]] | None = None
) -> list[Upgrade]:
    """`in_play`: `state.enterprises()`, when the caller has listed them."""
    me = state.players[player]
    if me.cubes == 0:
        return []
    chain: bool | None = None  # whether the player has a chain railroad: asked at the first upgrade
    found = []
    for _, held in state.enterprises() if in_play is None else in_play:
        if held.connection_owner is not None:
            continue  # one connection cube an enterprise: first come, first served
        printed = card(held.number)
        for level, cost in (
            (Connection.MULE, printed.upgrade_mule_cost),
            (Connection.RAIL, printed.upgrade_rail_cost),
        ):
            if cost is None:
                continue
            if chain is None:
                chain = troops.has_chain_railroad(state, player)
            price = CHAIN_RAILROAD_BUILD_COST if chain else cost
            if price <= me.gold:
                found.append(_UPGRADES[held.number, level, price])
    return found


def police_cost(state: PorfirianaState, player: int, held: Holding | None) -> int:
    cost = 0 if held is not None and held.troop is not None else POLICE_COST
    # Never below nothing, as every price: a card lowering it further must not pay the player.
    return max(0, hooks.modified(state, abilities.question(PoliceCost, PlayerId(player)), cost))


def police_options(state: PorfirianaState, player: int) -> list[Police]:
    me = state.players[player]
    found = [Police(h.number) for h in me.row if h.unrest and police_cost(state, player, h) <= me.gold]
    if me.jailed and police_cost(state, player, None) <= me.gold:
        found.append(Police(None))
    return found


def speculation_options(state: PorfirianaState, player: int) -> list[Speculate]:
    spots = market.speculation_spots(state)
    mine = [n for n, owner in state.speculation.items() if owner == player]
    found = list(map(_TAKEN_BACK.__getitem__, mine))  # taken back, though it earns nothing
    if state.players[player].cubes > 0:
        found += map(_PLACED.__getitem__, spots)
        for source in mine:
            moved = _MOVED[source]
            found += map(moved.__getitem__, spots)
        return found
    targets = [_MARKET_SPOTS[n] for n in spots] + short_spots(state, player)
    sources = [_MARKET_SPOTS[n] for n in mine] + cubes_in_play(state, player)
    # Spots compared field by field (what their equality does, without a call for each pair).
    found.extend(Speculate(t, s) for s in sources for t in targets if t.card != s.card or t.kind != s.kind)
    return found


# The options every listing offers again and again, each made once (options are frozen, so one
# object serves every listing), and looked up by `map(table.__getitem__, keys)`, which calls no
# Python code for a key already made: purchases by market space (row, column), sales, plays and
# redeployments by card, public purchases by card and side, upgrades by enterprise, level and
# price, ending the turn; the speculations between market cards (and the supply) by the cards' numbers,
# about twenty a decision: a cube taken back from a card, placed on one, moved from one (the
# source) to another (the target).
_BUYS: MadeOnce[tuple[int, int], Buy] = MadeOnce(lambda space: Buy(*space))
_SELLS: MadeOnce[int, Sell] = MadeOnce(Sell)
_PLAYS: MadeOnce[int, PlayCard] = MadeOnce(PlayCard)
_REDEPLOYS: MadeOnce[int, Redeploy] = MadeOnce(Redeploy)
_PUBLIC: MadeOnce[tuple[int, int], BuyPublic] = MadeOnce(lambda side: BuyPublic(*side))
_UPGRADES: MadeOnce[tuple[int, Connection, int], Upgrade] = MadeOnce(lambda upgrade: Upgrade(*upgrade))
_END_TURN = EndTurn()
_TAKEN_BACK: MadeOnce[int, Speculate] = MadeOnce(lambda source: Speculate(None, _MARKET_SPOTS[source]))
_PLACED: MadeOnce[int, Speculate] = MadeOnce(lambda target: Speculate(_MARKET_SPOTS[target]))


def _moves_from(source: int) -> MadeOnce[int, Speculate]:
    """The moves of a cube from one market card, by the card it goes to. A function, not a
    lambda in a lambda, which mypyc (`paxc accelerate`) cannot compile."""
    spot = _MARKET_SPOTS[source]
    return MadeOnce(lambda target: Speculate(_MARKET_SPOTS[target], spot))


_MOVED: MadeOnce[int, MadeOnce[int, Speculate]] = MadeOnce(_moves_from)


def cubes_in_play(state: PorfirianaState, player: int) -> list[CubeSpot]:
    """The player's cubes on cards that the cube limit lets them move: every one but extortion."""
    me = state.players[player]
    found: list[CubeSpot] = []
    for held in me.row:
        if held.income:
            found.append(CubeSpot("income", held.number))
        if held.prestige_cubes:
            found.append(CubeSpot("prestige", held.number))
    if me.stack_prestige_cubes:
        found.append(CubeSpot("stack", player))
    found.extend(
        CubeSpot("connection", h.number) for _, h in state.enterprises() if h.connection_owner == player
    )
    return found


def short_spots(state: PorfirianaState, player: int) -> list[CubeSpot]:
    """Places that would take one of the player's cubes if the supply had one: enterprises below
    the value their income follows, prestige points without the cube they take. Ranches,
    plantations and connections are never short: only buying land or an upgrade adds there."""
    me = state.players[player]
    takes = economy.cube_rules(state)[player]
    found: list[CubeSpot] = []
    for held in me.row:
        target = economy.income_target(state, held)
        if target is not None and held.income + (held.extortion is not None) < target:
            found.append(CubeSpot("income", held.number))
        if held.prestige_cubes < economy.cube_points_on(held, takes):
            found.append(CubeSpot("prestige", held.number))
    if me.stack_prestige_cubes < economy.cube_points_in_stack(state, player, takes):
        found.append(CubeSpot("stack", player))
    return found


# ---------------------------------------------------------------------- doing it


def perform(state: PorfirianaState, player: int, option: Option) -> Effect:
    spend(state, player, option)
    me = state.players[player]
    if isinstance(option, PlayCard):
        yield from hand.play_from_hand(state, player, option.number)
    elif isinstance(option, Buy):
        state.turn.market_purchases += 1
        yield from market.buy(state, player, option.row, option.column)
    elif isinstance(option, BuyPublic):
        paid = card(option.number).cost or 0
        me.gold -= paid
        narrate(story.played, state, player, option.number, paid)
        state.public.remove(option.number)
        state.in_transit.append(option.number)
        bought = CardBought(card(option.number), PlayerId(player), paid)
        yield from hooks.fire(state, bought, played=(option.number, player))
        state.in_transit.remove(option.number)
        yield from cards_played.play_public(state, player, option.number, option.side, paid)
    elif isinstance(option, Sell):
        yield from sell(state, player, option.number)
    elif isinstance(option, Redeploy):
        yield from redeploy(state, player, option.troop)
    elif isinstance(option, BuyLand):
        found = state.holding(option.enterprise)
        assert found is not None
        price = land_cost(found[1])
        me.gold -= price
        narrate(story.paid, state, player, price, story.LAND)
        me.cubes -= 1
        found[1].income += 1
    elif isinstance(option, Upgrade):
        found = state.holding(option.enterprise)
        assert found is not None
        me.gold -= option.cost
        narrate(story.paid, state, player, option.cost, story.UPGRADE)
        me.cubes -= 1
        found[1].connection_owner, found[1].connection_level = player, option.level
    elif isinstance(option, Police):
        yield from police(state, player, option)
    elif isinstance(option, Speculate):
        yield from speculate(state, player, option)
    yield from losses.settle(state)
    kind = kind_of(option)
    if kind is not None and not state.over and hooks.matters(state, ActionTaken):  # made if told
        yield from hooks.fire(state, abilities.question(ActionTaken, kind, PlayerId(player)))


def take(
    state: PorfirianaState, player: int, option: Option, settled: bool = False
) -> Generator[Decision, None, bool]:
    """`perform`, and whether the turn's next listing may take this decision's again (`listed`):
    the action moved a cube between market cards and the supply (the commonest action of random
    play) and set nothing else off, no cube brought to a value, no enterprise sacked and no card
    answering the action. What `perform` does for such a speculation, step by step.

    `settled`: the action before was such a speculation, so the cubes were at their values when
    this one started. Then they still are (no value reads where speculation cubes are, and the
    supply matters only to a value that changed), and settling them again is skipped."""
    if not isinstance(option, Speculate) or not _on_market(option.source) or not _on_market(option.target):
        yield from perform(state, player, option)
        return False
    spend(state, player, option)
    yield from speculate(state, player, option)
    quiet = True
    if not settled:
        quiet = yield from losses.settle_noting(state)
    if state.over:
        return False
    if not hooks.matters(state, ActionTaken):
        return quiet  # nothing hears of the action (no card, no watcher): the event is not made
    told = hooks.fire(state, abilities.question(ActionTaken, Action.SPECULATE, PlayerId(player)))
    if told:  # a card answers the action: anything may have changed
        yield from told
        return False
    return quiet


def _on_market(spot: CubeSpot | None) -> bool:
    """A market card's place, or the supply (None)."""
    return spot is None or spot.kind == "market"


def sell(state: PorfirianaState, player: int, number: int) -> Effect:
    me = state.players[player]
    value = economy.sell_value(state)
    me.gold += value
    narrate(story.sold, state, player, number, value)
    if number in me.hand:
        me.hand.remove(number)
        state.discard.append(number)
        yield from hooks.card_moved(state, number, "hand", player, "discard", None, discarded=True)
    else:
        yield from losses.discard_card_in_play(state, number)
    if not state.over:
        yield from hooks.fire(state, CardSold(card(number), PlayerId(player)))


def redeploy(state: PorfirianaState, player: int, troop: int) -> Effect:
    where: tuple[troops.Destination | InPlace, ...] = (InPlace(), *troops.destinations(state, player, troop))
    destination = yield from ask(Choice(PlayerId(player), f"Redeploy {card(troop).name} to", where))
    if isinstance(destination, InPlace):
        yield from troops.redeploy_in_place(state, player, troop)
    else:
        yield from troops.arrive(state, player, troop, destination)


def police(state: PorfirianaState, player: int, option: Police) -> Effect:
    me = state.players[player]
    if option.enterprise is None:
        price = police_cost(state, player, None)
        me.gold -= price
        narrate(story.paid, state, player, price, story.POLICE)
        losses.set_free(state, player)
        return
    found = state.holding(option.enterprise)
    assert found is not None
    price = police_cost(state, player, found[1])
    me.gold -= price
    narrate(story.paid, state, player, price, story.POLICE)
    yield from unrest.remove_unrest(state, found[1], 1)


def speculate(state: PorfirianaState, player: int, option: Speculate) -> Effect:
    me = state.players[player]
    if option.source is None:
        me.cubes -= 1
    else:
        _lift_cube(state, player, option.source)
    if option.target is None:
        me.cubes += 1
    else:
        _set_cube(state, player, option.target)
    if option.source is not None and option.source.kind != "market":
        # fewer cubes under the same unrest may free a slave plantation's slaves
        yield from losses.check_revolt(state, option.source.card, player)


def _lift_cube(state: PorfirianaState, player: int, spot: CubeSpot) -> None:
    if spot.kind == "market":
        del state.speculation[spot.card]
    elif spot.kind == "stack":
        state.players[player].stack_prestige_cubes -= 1
    else:
        held = _held(state, spot.card)
        if spot.kind == "income":
            held.income -= 1
        elif spot.kind == "prestige":
            held.prestige_cubes -= 1
        else:
            held.connection_owner = held.connection_level = None  # anybody may build it again


def _set_cube(state: PorfirianaState, player: int, spot: CubeSpot) -> None:
    if spot.kind == "market":
        state.speculation[spot.card] = player
    elif spot.kind == "stack":
        state.players[player].stack_prestige_cubes += 1
    elif spot.kind == "income":
        _held(state, spot.card).income += 1
    else:
        _held(state, spot.card).prestige_cubes += 1


def _held(state: PorfirianaState, number: int) -> Holding:
    found = state.holding(number)
    assert found is not None
    return found[1]
