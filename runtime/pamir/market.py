"""The market: what a card costs, where rupees are paid, and the cleanup refill.

Decision: a card whose rupees leave the game (Public Withdrawal) never holds any: every rupee
that would land on it, by a purchase, an action cost or the slide of the refill, leaves the game
at once, so no tax can take it first. Its effect is worded as what happens to rupees placed on
it, not as a cleanup step; keeping them there until the next refill would make it a pot to tax.
"""

from __future__ import annotations

from typing import Final

from paxc.generated.pamir.vocabulary import KeepsRupees, MayPurchase, PurchaseCost, Suit
from paxc.runtime.core import abilities
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks, story
from paxc.runtime.pamir.state import MARKET_COLUMNS, MARKET_ROWS, PamirState, card

Slot = tuple[int, int]  # (row, column)


def rupees_per_card(state: PamirState) -> int:
    """Buying puts one rupee on each card to the left, two while Military is favored."""
    return 2 if state.favored is Suit.MILITARY else 1


def purchase_cost(state: PamirState, player: int, row: int, column: int, spend: bool = False) -> int:
    """The column's cost, as abilities in effect change it, never below nothing: a card that makes
    buying cheaper cannot make the seller pay the buyer (a negative cost used to hand the buyer
    rupees and still put rupees on the cards to the left). `spend`: the cost is charged, which
    spends a change limited to once per round (`purchase_cost` is `spent` in the vocabulary)."""
    number = state.market[row][column]
    assert number is not None
    base = column * rupees_per_card(state)
    return max(
        0,
        hooks.modified(state, abilities.question(PurchaseCost, card(number), PlayerId(player)), base, spend),
    )


def may_purchase(state: PamirState, player: int, number: int, restricted: bool | None = None) -> bool:
    """Whether the player may buy this market card at all (whatever it costs). `restricted`:
    whether any ability in effect may forbid it (`may_apply`), asked once by a caller listing
    the whole market."""
    if restricted is None:
        restricted = hooks.may_apply(state, MayPurchase)
    if not restricted:
        return True
    return hooks.modified(state, abilities.question(MayPurchase, card(number), PlayerId(player)), True)


def keeps_rupees(state: PamirState, number: int, swallowing: bool | None = None) -> bool:
    """Whether rupees paid onto this market card stay on it (or leave the game). `swallowing`:
    whether any ability in effect may make them leave (`may_apply`), asked once by a caller
    paying onto several cards (rupees moving change no ability in effect)."""
    if swallowing is None:
        swallowing = hooks.may_apply(state, KeepsRupees)
    if not swallowing:
        return True
    return hooks.modified(state, abilities.question(KeepsRupees, card(number)), True)


def _put_rupee(state: PamirState, player: int, row: int, column: int, swallowing: bool) -> None:
    """One rupee onto a market space (the other row's card if this space is empty)."""
    if state.market[row][column] is None and state.market[1 - row][column] is not None:
        row = 1 - row
    number = state.market[row][column]
    if number is not None:
        state.turn.paid_onto.add(number)
        if swallowing and not keeps_rupees(state, number, swallowing):
            return
    state.market_rupees[row][column] += 1


def put_rupees(state: PamirState, number: int, amount: int) -> None:
    """Rupees a card effect pays onto a market card: the card a player put rupees on this turn
    (which they may not buy then), kept on it unless it lets them leave the game."""
    row, column = market_slot(state, number)
    state.turn.paid_onto.add(number)
    if keeps_rupees(state, number):
        state.market_rupees[row][column] += amount


def market_slot(state: PamirState, number: int) -> tuple[int, int]:
    """The market space holding the card (which is in the market)."""
    return next(
        (row, column)
        for row, cards in enumerate(state.market)
        for column, held in enumerate(cards)
        if held == number
    )


def pay_purchase(state: PamirState, player: int, row: int, column: int, cost: int) -> None:
    """Pay `cost` spread over the cards to the left, as evenly as the rules place them.

    Decision: the rulebook only knows the column's price, one rupee (two while Military is
    favored) for each card to the left. A price an ability raised past that puts no second round
    of rupees on those cards: what finds no place leaves the game, as the rest of an action cost
    that finds no card does (`action_cost_order`)."""
    state.players[player].rupees -= cost
    if cost:
        narrate(story.paid_purchase, state, player, cost, state.market[row][column])
    per_card = rupees_per_card(state)
    swallowing = hooks.may_apply(state, KeepsRupees) if cost else False
    left = cost
    for target in range(column):
        for _ in range(per_card):
            if left == 0:
                return
            _put_rupee(state, player, row, target, swallowing)
            left -= 1


def action_cost_order(state: PamirState) -> list[Slot]:
    """The market cards an action cost is paid to, in the order its rupees go: the rightmost card
    of the top row, the rightmost of the bottom row, the next card leftwards of the top row, and
    so on, each row passing over its vacant spaces.

    Decision: one rupee goes to each card, so once a row has no card left the rest of the cost
    goes on along the other row; only what finds no card at all leaves the game.
    """
    rows = [
        [
            (row, column)
            for column in range(MARKET_COLUMNS - 1, -1, -1)
            if state.market[row][column] is not None
        ]
        for row in range(MARKET_ROWS)
    ]
    order: list[Slot] = []
    for depth in range(MARKET_COLUMNS):
        order += [cards[depth] for cards in rows if depth < len(cards)]
    return order


def pay_action_cost(state: PamirState, player: int, cost: int, *, already_paid: int = 0) -> None:
    """Pay `cost` rupees of an action's cost, one rupee per card in `action_cost_order`; what
    finds no card leaves the game. An action that pays in parts (a build, unit by unit) passes
    what it has paid so far, so that each part goes on where the last one stopped: the whole
    cost lands as if it had been paid at once."""
    state.players[player].rupees -= cost
    if cost:
        narrate(story.paid_to_market, state, player, cost)
    swallowing = hooks.may_apply(state, KeepsRupees) if cost else False
    for row, column in action_cost_order(state)[already_paid : already_paid + cost]:
        number = state.market[row][column]
        assert number is not None
        state.turn.paid_onto.add(number)
        if keeps_rupees(state, number, swallowing):
            state.market_rupees[row][column] += 1


def take_card(state: PamirState, player: int, row: int, column: int) -> int:
    """Remove a bought card from the market; its rupees go to the buyer."""
    number = state.market[row][column]
    assert number is not None
    state.market[row][column] = None
    state.players[player].rupees += state.market_rupees[row][column]
    narrate(story.took_from_market, state, player, number, state.market_rupees[row][column])
    state.market_rupees[row][column] = 0
    return number


def slide_left(state: PamirState) -> None:
    """Cards move left along their row with their rupees; rupees left on an empty space go to
    the card that comes to stand there (or leave the game, for a card that swallows rupees)."""
    swallowing: bool | None = None  # asked the first time a stranded rupee needs it
    for row in range(MARKET_ROWS):
        spaces = state.market[row]
        if None not in spaces:
            continue  # a full row: nothing moves
        held = MARKET_COLUMNS - spaces.count(None)
        if None not in spaces[:held]:
            continue  # its cards stand at its left already: nothing moves, no rupee is stranded on a card
        rupees = state.market_rupees[row]
        cards = [number for number in spaces if number is not None]
        paid = [rupees[column] for column, number in enumerate(spaces) if number is not None]
        vacant = [0] * (MARKET_COLUMNS - held)
        if sum(paid) == sum(rupees):
            # No rupee lies on an empty space (the usual case: a bought card's rupees go to its
            # buyer), so the cards and their rupees only close up.
            spaces[:] = [*cards, *([None] * len(vacant))]
            rupees[:] = [*paid, *vacant]
            continue
        stranded = [0 if number is not None else left for number, left in zip(spaces, rupees, strict=True)]
        for column in range(MARKET_COLUMNS):
            if column < held:
                number = cards[column]
                spaces[column] = number
                kept = 0
                if stranded[column]:
                    if swallowing is None:
                        swallowing = hooks.may_apply(state, KeepsRupees)
                    kept = stranded[column] if keeps_rupees(state, number, swallowing) else 0
                rupees[column] = paid[column] + kept
            else:
                spaces[column] = None
                rupees[column] = stranded[column]


# The market's spaces in refill order: leftmost column first, top row first.
_REFILL_ORDER: Final[tuple[Slot, ...]] = tuple(
    (r, c) for c in range(MARKET_COLUMNS) for r in range(MARKET_ROWS)
)


def empty_slots(state: PamirState) -> list[Slot]:
    """Empty spaces in refill order: leftmost column first, top row first."""
    market = state.market
    # The leftmost empty column of any row: the spaces before it are full, and are not looked
    # at (after a slide the empty spaces stand at the rows' right ends).
    start = MARKET_COLUMNS
    for row in market:
        if None in row:
            start = min(start, row.index(None))
    if start == MARKET_COLUMNS:
        return []  # a full market, the usual case when a card is drawn or a turn ends
    return [slot for slot in _REFILL_ORDER[start * MARKET_ROWS :] if market[slot[0]][slot[1]] is None]
