"""Wakhan, Pax Pamir's automated opponent (rulebook, "Playing with Wakhan"; the French summary's
errata on how she rules a region is in `PamirState.ruler`).

She plays from her 24 AI cards (`cards/pamir/wakhan/ai_cards.pax`): each turn she turns the top
one face up and reads its front together with the back of the card then on top of her AI deck.
Every decision of her seat is taken here, from those cards and the state, never asked of anyone,
so the same state always gives the same answer and saves, replays and clones replay her exactly.

This module: card priority and her discard order, her answers to the questions the shared rules
put to her seat, the two actions tried top to bottom and around again, and the Radicalize core
action. Her AI deck, the reading of a front with a back and her pragmatic loyalty are in
`wakhan_cards` (below the rules, which ask whom she is loyal to); her card-based actions are in
`wakhan_actions`, her turn in `wakhan_turn`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import Any, TypeVar

from paxc.generated.pamir.vocabulary import (
    Action,
    AiCondition,
    AiSlot,
    AiTarget,
    Card,
    CardPlayed,
    CardType,
    Impact,
    Region,
    Resolution,
    Suit,
)
from paxc.runtime.core.decisions import Enough
from paxc.runtime.effects import Choice, Decision, Effect, PlayerId
from paxc.runtime.pamir import hooks, market, pieces, rules, scoring
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import (
    BASE_ACTIONS,
    MARKET_COLUMNS,
    MARKET_ROWS,
    REGIONS,
    Border,
    PamirState,
    borders_of,
    card,
    has_leverage,
)
from paxc.runtime.pamir.wakhan_cards import ActionSlot, Reading, current_reading, pragmatic_loyalty, seat_of

S = TypeVar("S")

# ---------------------------------------------------------------------- card priority


def priority(state: PamirState, number: int) -> tuple[bool, bool, bool, bool, bool, bool, int, int]:
    """A court card's priority for Wakhan, highest first when sorted in reverse: an opponent's
    card, of the favored suit, a patriot of the dominant coalition, a prize of the dominant
    coalition, another patriot, leveraged, higher rank, and last the higher card number."""
    printed = card(number)
    owner = state.owner_of(number)
    dominant = scoring.dominant_coalition(state)
    return (
        owner is not None and not state.is_wakhan(owner),
        printed.suit is state.favored,
        dominant is not None and printed.patriot is dominant,
        dominant is not None and printed.prize is dominant,
        printed.patriot is not None,
        has_leverage(number),
        printed.rank or 0,
        number,
    )


def highest_priority(state: PamirState, numbers: Iterable[int]) -> int | None:
    return max(numbers, key=lambda n: priority(state, n), default=None)


def discard_order(state: PamirState, number: int) -> tuple[bool, bool, bool, int, int, int, bool, int]:
    """Which of her cards she discards first (the smallest first), at cleanup: not
    Political, not a patriot, not leveraged; then the most spies of other players beyond hers;
    the fewest spies; the lowest rank; not of the favored suit; the lowest card number."""
    printed = card(number)
    seat = seat_of(state).seat
    spies = state.spies.get(number, [0] * len(state.players))
    others = sum(count for p, count in enumerate(spies) if p != seat)
    return (
        printed.suit is Suit.POLITICAL,
        printed.patriot is not None,
        has_leverage(number),
        -(others - spies[seat]),
        sum(spies),
        printed.rank or 0,
        printed.suit is state.favored,
        number,
    )


# ---------------------------------------------------------------------- her answers


def tie_player(state: PamirState, players: Iterable[int], red: AiSlot) -> int:
    """Of several players, the one the red arrow points to: the nearest before her in turn
    order when it points to the top, the nearest after her when it points to the bottom.

    Decision: the rulebook says only that the red arrow decides between two tied players; read
    as left and right of her seat (the French summary's words), this is the player who played
    just before her or the one who plays just after her.
    """
    seat = seat_of(state).seat
    count = len(state.players)
    step = -1 if red is AiSlot.TOP else 1
    return min(players, key=lambda p: ((p - seat) * step) % count)


def answer(state: PamirState, choice: Choice[Any]) -> object:
    """Her answer to a question the shared rules put to her seat.

    * yes or no: yes. She always takes a "may" of her cards, and the rules ask whether to pay a
      bribe only once she can pay it: she plays whenever she can afford the bribe.
    * how much bribe to ask: all of it (decision: nothing in her rules lets her waive any).
    * a suit: the favored suit (her rules say so).
    * a region: the first in the region priority of her AI card.
    * a court card: the one of highest card priority; a card of her hand (to discard it): the
      first in her cleanup discard order (decision: her rules order only her court's discards).
    * a player: the one the red arrow points to.
    * anything else (which block or cylinder to take back when the supply is empty): the first
      option the rules list (decision: her rules say nothing; the rules list them in board order).

    Several values asked one pick at a time (a card's `choose up to 2 c in ...`,
    `core.decisions.ask_several`): each pick as a single question of the same kind, among the
    values left, so several court cards go in card priority order (as her spies do when a card
    she plays places several) and cards of her hand in her discard order. The option to stop
    ("no more") is never taken. Decision: her rules speak of no optional count, but a card's
    "up to" is the card letting its owner do less, and whatever a card says she may do, she
    always does (rulebook, General Rules; the French summary: an effect saying "you may" is
    always carried out by her); so she takes as many as the card allows.
    """
    options = choice.options
    if isinstance(options[-1], Enough) and len(options) > 1:  # ask_several offers it last
        options = options[:-1]
    read = current_reading(state)
    first = options[0]
    if isinstance(first, bool):
        return True
    if isinstance(first, Rupees):
        return max(options, key=lambda o: o.amount if isinstance(o, Rupees) else -1)
    if isinstance(first, Suit):
        return state.favored if state.favored in options else first
    if isinstance(first, Region):
        order = read.regions if read is not None else REGIONS
        return min(options, key=lambda o: order.index(o) if isinstance(o, Region) else len(order))
    if all(isinstance(o, Card) for o in options):
        numbers = [o.number for o in options if isinstance(o, Card)]
        if all(n in state.players[seat_of(state).seat].hand for n in numbers):
            # Only to discard one does a rule ask her for a card of her hand: her cleanup order.
            first_out = min(numbers, key=lambda n: discard_order(state, n))
            return next(o for o in options if isinstance(o, Card) and o.number == first_out)
        best = highest_priority(state, numbers)
        return next(o for o in options if isinstance(o, Card) and o.number == best)
    if all(isinstance(o, int) and not isinstance(o, bool) for o in options):
        red = read.red if read is not None else AiSlot.TOP
        return tie_player(state, [o for o in options if isinstance(o, int)], red)
    return first


Policy = Callable[[Choice[Any]], object | None]


def answering(
    state: PamirState,
    run: Generator[S, None, Any],
    policy: Policy | None = None,
    chosen: list[object] | None = None,
) -> Generator[S, None, None]:
    """`run` (the rules, or one effect) as the session sees it when Wakhan plays: every question
    to her seat is answered here at once (by `policy` when it has an answer, as `answer` says
    otherwise), the others pass on. Her answers are added to `chosen`, if given (what the log
    tells of her action)."""
    try:
        step = next(run)
        while True:
            if isinstance(step, Choice) and state.wakhan is not None and state.is_wakhan(step.chooser):
                reply = policy(step) if policy is not None else None
                step.answer = answer(state, step) if reply is None else reply
                if chosen is not None:
                    chosen.append(step.answer)
            else:
                yield step
            step = next(run)
    except StopIteration:
        return


# ---------------------------------------------------------------------- her two actions

# What one action of hers did, as the log tells it after "Wakhan" ("taxes P1 with ..."): a
# function, so that the words are made only when someone listens (`narration`).
Deed = Callable[[], str]
Attempt = Callable[[ActionSlot], Generator[Decision, None, Deed | None]]

ORDINALS = ("first", "second", "third")


def take_actions(state: PamirState, read: Reading, attempt: Attempt) -> Effect:
    """Try the front's actions top to bottom, each one she can take being taken, until two
    actions are used; after the bottom one, start again at the top. `attempt` takes one action
    if it can (what it did; None when it cannot) and counts it in `state.turn.actions_taken`
    unless it is a bonus action.
    A whole pass in which nothing can be taken ends her actions."""
    while state.turn.actions_taken < BASE_ACTIONS and not state.over:
        progress = False
        for slot in read.slots:
            if state.turn.actions_taken >= BASE_ACTIONS or state.over:
                break
            if (yield from attempt(slot)):
                progress = True
        if not progress:
            return


def holds(state: PamirState, condition: AiCondition) -> bool:
    """Whether an AI card's condition holds now."""
    seat = seat_of(state).seat
    me = state.players[seat]
    if condition is AiCondition.MILITARY_IS_FAVORED:
        return state.favored is Suit.MILITARY
    if condition is AiCondition.POLITICAL_IS_FAVORED:
        return state.favored is Suit.POLITICAL
    if condition is AiCondition.SHE_HAS_FEWER_THAN_2_RUPEES:
        return me.rupees < 2
    if condition is AiCondition.NO_COALITION_IS_DOMINANT:
        return scoring.dominant_coalition(state) is None
    if condition is AiCondition.A_COALITION_IS_DOMINANT:
        return scoring.dominant_coalition(state) is not None
    if condition is AiCondition.NO_MOVE_ACTION_IN_HER_COURT:
        return not any(Action.MOVE in card(n).actions for n in me.court)
    if condition is AiCondition.HER_COURT_IS_AT_ITS_LIMIT:
        return len(me.court) >= rules.court_limit(state, seat)
    spies = [sum(counts[p] for counts in state.spies.values()) for p in range(len(state.players))]
    return max(spies) > spies[seat]


def attempt_radicalize(
    state: PamirState, read: Reading, slot: ActionSlot
) -> Generator[Decision, None, Deed | None]:
    """A radicalize slot of the front: skipped (None) when its condition does not hold or no
    card fits; otherwise one action."""
    if slot.condition is not None and not holds(state, slot.condition):
        return None
    return (yield from radicalize(state, read, slot.target))


# ---------------------------------------------------------------------- radicalize

MarketSlot = tuple[int, int]  # (row, column)


def radicalize(
    state: PamirState, read: Reading, target: AiTarget | None
) -> Generator[Decision, None, Deed | None]:
    """Her core action: buy a card and play it at once (one action). The card is the one the
    instruction names if there is one, else the Dominance Check rule's while a check is in the
    market, else the arrows'. None when no card fits: the action is not taken."""
    with hooks.listing(state):  # choosing looks at many cards and changes nothing
        if target is not None:
            chosen = instructed_card(state, read, target)
        elif any(_is_check(n) for row in state.market for n in row if n is not None):
            chosen = card_while_check_in_market(state)
        else:
            chosen = card_by_arrows(state, read)
    if chosen is None:
        return None
    state.turn.actions_taken += 1
    return (yield from buy_and_play(state, read, *chosen))


def _is_check(number: int) -> bool:
    return card(number).card_type is CardType.DOMINANCE_CHECK


def _cost(state: PamirState, slot: MarketSlot, spend: bool = False) -> int:
    return market.purchase_cost(state, seat_of(state).seat, *slot, spend=spend)


def _can_buy(state: PamirState, slot: MarketSlot) -> bool:
    """A card she may buy now: there, for sale, not one she put a rupee on this turn, and one
    she can pay for."""
    number = state.market[slot[0]][slot[1]]
    seat = seat_of(state).seat
    if number is None or number in state.turn.paid_onto or not market.may_purchase(state, seat, number):
        return False
    return _cost(state, slot) <= state.players[seat].rupees


def buyable_court_cards(state: PamirState) -> list[MarketSlot]:
    return [
        (row, column)
        for row in range(MARKET_ROWS)
        for column in range(MARKET_COLUMNS)
        if _can_buy(state, (row, column)) and card(_at(state, (row, column))).card_type is CardType.COURT
    ]


def _at(state: PamirState, slot: MarketSlot) -> int:
    number = state.market[slot[0]][slot[1]]
    assert number is not None
    return number


def cheapest(state: PamirState, slots: Iterable[MarketSlot]) -> MarketSlot | None:
    """The cheapest, the highest card number breaking a tie (her rule for every instruction)."""
    return min(slots, key=lambda s: (_cost(state, s), -_at(state, s)), default=None)


def _most(state: PamirState, slots: list[MarketSlot], count: Callable[[int], int]) -> MarketSlot | None:
    """The cheapest of the cards with the largest count, if that count is above zero."""
    best = max((count(_at(state, s)) for s in slots), default=0)
    if best <= 0:
        return None
    return cheapest(state, [s for s in slots if count(_at(state, s)) == best])


def _icons(number: int, *kinds: Impact) -> int:
    return sum(icon in kinds for icon in card(number).impact)


_HIGHEST_RANKED = {
    AiTarget.HIGHEST_RANKED_ECONOMIC_CARD: Suit.ECONOMIC,
    AiTarget.HIGHEST_RANKED_INTELLIGENCE_CARD: Suit.INTELLIGENCE,
    AiTarget.HIGHEST_RANKED_MILITARY_CARD: Suit.MILITARY,
    AiTarget.HIGHEST_RANKED_POLITICAL_CARD: Suit.POLITICAL,
}


def instructed_card(state: PamirState, read: Reading, target: AiTarget) -> MarketSlot | None:
    """The court card an AI card's instruction names, among those she can buy."""
    slots = buyable_court_cards(state)
    suit = _HIGHEST_RANKED.get(target)
    if suit is not None:
        of_suit = [s for s in slots if card(_at(state, s)).suit is suit]
        top = max((card(_at(state, s)).rank or 0 for s in of_suit), default=0)
        return cheapest(state, [s for s in of_suit if card(_at(state, s)).rank == top])
    if target is AiTarget.ANY_INTELLIGENCE_CARD:
        return cheapest(state, [s for s in slots if card(_at(state, s)).suit is Suit.INTELLIGENCE])
    if target is AiTarget.CARD_NETTING_MOST_RUPEES:
        return _most(state, slots, lambda n: _net_rupees(state, n))
    if target is AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION:
        return cheapest(state, [s for s in slots if _would_rule(state, read, _at(state, s))])
    if target is AiTarget.CARD_WITH_MOST_ARMY_AND_ROAD_ICONS:
        return _most(state, slots, lambda n: _icons(n, Impact.ARMY, Impact.ROAD))
    if target is AiTarget.CARD_WITH_MOST_SPY_AND_TRIBE_ICONS:
        return _most(state, slots, lambda n: _icons(n, Impact.SPY, Impact.TRIBE))
    if target is AiTarget.CARD_WITH_MOVE_ACTION:
        return cheapest(state, [s for s in slots if Action.MOVE in card(_at(state, s)).actions])
    if target is AiTarget.PATRIOT_OF_DOMINANT_COALITION:
        dominant = scoring.dominant_coalition(state)
        if dominant is None:
            return None
        return cheapest(state, [s for s in slots if card(_at(state, s)).patriot is dominant])
    raise ValueError(f"{target.value} names a court card to battle on, not a card to buy")


def _net_rupees(state: PamirState, number: int) -> int:
    """What buying and playing the card would leave her with: the rupees on it, plus two for
    leverage, less its cost."""
    row, column = next(
        (r, c) for r in range(MARKET_ROWS) for c in range(MARKET_COLUMNS) if state.market[r][c] == number
    )
    leverage = rules.LEVERAGE_RUPEES if has_leverage(number) else 0
    return state.market_rupees[row][column] + leverage - _cost(state, (row, column))


def _would_rule(state: PamirState, read: Reading, number: int) -> bool:
    """Whether the card's armies (of her pragmatic loyalty) and tribes would make her ruler of
    its region, where she does not rule now."""
    region = card(number).region
    assert region is not None
    seat = seat_of(state).seat
    if state.ruler(region) == seat:
        return False
    after = state.copy()
    after.armies[region][pragmatic_loyalty(state, read)] += _icons(number, Impact.ARMY)
    after.tribes[region][seat] += _icons(number, Impact.TRIBE)
    return after.ruler(region) == seat


def card_while_check_in_market(state: PamirState) -> MarketSlot | None:
    """With a Dominance Check in the market: the cheapest patriot of the dominant coalition, else
    the cheapest card with most army and road icons; with no coalition dominant, the cheapest
    card with most spy and tribe icons (the highest card number breaking ties).

    Decision: when no card has such icons she buys the cheapest card she can, as the rule's
    "cheapest card with the most" reads with a most of none (a Dominance Check is bought only by
    her ambition, which is not this rule).
    """
    slots = buyable_court_cards(state)
    dominant = scoring.dominant_coalition(state)
    if dominant is not None:
        patriot = cheapest(state, [s for s in slots if card(_at(state, s)).patriot is dominant])
        if patriot is not None:
            return patriot
        kinds: tuple[Impact, ...] = (Impact.ARMY, Impact.ROAD)
    else:
        kinds = (Impact.SPY, Impact.TRIBE)
    best = max((_icons(_at(state, s), *kinds) for s in slots), default=0)
    return cheapest(state, [s for s in slots if _icons(_at(state, s), *kinds) == best])


def card_by_arrows(state: PamirState, read: Reading) -> MarketSlot | None:
    """The card in the row of the red arrow and the column of the black arrow; if she cannot buy
    it, the next one to its left she can; that row spent, the same search in the other row from
    the same column. Never a Dominance Check (only her ambition buys one)."""
    first_row = 0 if read.red is AiSlot.TOP else 1
    for row in (first_row, 1 - first_row):
        for column in range(read.column, -1, -1):
            if _can_buy(state, (row, column)) and not _is_check(_at(state, (row, column))):
                if seat_of(state).savvy_purchasing:
                    return savvier(state, read, (row, column))
                return (row, column)
    return None


def savvier(state: PamirState, read: Reading, chosen: MarketSlot) -> MarketSlot:
    """Variant (savvy purchasing): instead of the court card the arrows chose, the cheapest card
    of the same suit and at least its rank that costs less, if there is one (the red arrow's row
    first on a tie)."""
    printed = card(_at(state, chosen))
    if printed.card_type is not CardType.COURT:
        return chosen
    cost = _cost(state, chosen)
    better = [
        s
        for s in buyable_court_cards(state)
        if _cost(state, s) < cost
        and card(_at(state, s)).suit is printed.suit
        and (card(_at(state, s)).rank or 0) >= (printed.rank or 0)
    ]
    first_row = 0 if read.red is AiSlot.TOP else 1
    return min(better, key=lambda s: (_cost(state, s), s[0] != first_row), default=chosen)


def buy_and_play(state: PamirState, read: Reading, row: int, column: int) -> Generator[Decision, None, Deed]:
    """Buy the card (paying as anyone does) and play it at once: an event resolves as bought; a
    court card goes to her court if she can pay the bribe to the ruler of its region, and to the
    discard pile if she cannot. The red arrow says which end of her court it joins."""
    seat = seat_of(state).seat
    cost = _cost(state, (row, column), spend=True)
    market.pay_purchase(state, seat, row, column, cost)
    number = market.take_card(state, seat, row, column)
    printed = card(number)
    bought = f"{printed.name} ({cost} rupee{'' if cost == 1 else 's'})"
    if printed.card_type is not CardType.COURT:
        yield from rules.resolve_event(state, number, Resolution.PURCHASED, seat)
        yield from rules.bought(state, number, seat)
        return lambda: f"buys {bought}"
    region = printed.region
    assert region is not None
    me = state.players[seat]
    me.hand.append(number)  # bought, in her hand until played or discarded
    yield from hooks.card_moved(state, number, "market", None, "hand", seat)
    yield from rules.bought(state, number, seat)
    ruler = state.ruler(region)
    if not (yield from rules.pay_bribe(state, seat, ruler, state.tribes[region], region)):
        me.hand.remove(number)
        state.discard.append(number)
        yield from hooks.card_moved(state, number, "hand", seat, "discard", None, discarded=True)
        return lambda: f"radicalizes {bought} and discards it: she cannot pay P{ruler}'s bribe"
    me.hand.remove(number)
    if read.red is AiSlot.TOP:
        me.court.insert(0, number)
    else:
        me.court.append(number)
    yield from hooks.card_moved(state, number, "hand", seat, "court", seat)
    roads = 0
    for icon in printed.impact:
        if icon is Impact.ARMY:
            yield from pieces.place_block(state, seat, pragmatic_loyalty(state, read), region)
        elif icon is Impact.ROAD:
            yield from pieces.place_block(
                state, seat, pragmatic_loyalty(state, read), road_border(read, region, roads)
            )
            roads += 1
        elif icon is Impact.SPY:
            target = spy_target(state, region)
            if target is not None:
                yield from pieces.place_spy(state, seat, target)
        else:
            yield from rules.resolve_impact(state, seat, number, icon, region)
    for ability in printed.abilities:
        for one_shot in ability.one_shots:
            if one_shot.timing == "play":
                yield from hooks.run_effect(one_shot.run(PamirContext(state, seat, number)))
    yield from hooks.fire(state, CardPlayed(printed, PlayerId(seat)))
    side = "left" if read.red is AiSlot.TOP else "right"
    return lambda: f"radicalizes {bought}, played on the {side} of her court"


def road_border(read: Reading, region: Region, placed: int) -> Border:
    """Her roads go on the borders of the card's region one after the other, in the region
    priority of the AI card (leftmost first), and round again when roads remain."""
    borders = sorted(borders_of(region), key=lambda b: read.regions.index(b[1] if b[0] is region else b[0]))
    return borders[placed % len(borders)]


def spy_target(state: PamirState, region: Region) -> int | None:
    """The court card of the region (in any court) of highest priority where she does not have
    the most spies.

    Decisions: she "has the most" when she has strictly more than each other player (as a
    hostage holder must). When she has the most everywhere, the spy still goes on a card of the
    region, the one of highest priority, since an impact icon is resolved as normal.
    """
    cards = [n for p in state.players for n in p.court if card(n).region is region]
    if not cards:
        return None
    open_cards = [n for n in cards if not has_most_spies(state, n)]
    return highest_priority(state, open_cards or cards)


def has_most_spies(state: PamirState, number: int) -> bool:
    """Whether she has more spies on the court card than each other player."""
    seat = seat_of(state).seat
    counts = state.spies.get(number)
    if not counts:
        return False
    return all(counts[seat] > count for p, count in enumerate(counts) if p != seat)
