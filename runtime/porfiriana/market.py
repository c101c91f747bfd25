"""The market (rules E2, E9, D2, D3; glossary: Market, Speculation Cube, Bull-Bear Discards).

Two rows of six; a card costs what its column says. A speculation cube on a card makes its buyer
pay the cube's owner instead of the bank. At the end of a turn the headlines (topples included)
in the zero-cost column go to the bull/bear discard, then each row slides towards the zero-cost
end and is filled from the deck.
"""

from __future__ import annotations

import bisect

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardBought,
    CardPlayed,
    CardType,
    HandLimit,
    PurchaseCost,
    Regime,
)
from paxc.runtime.core import abilities
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import cards_played, hooks, regimes, story, topple
from paxc.runtime.porfiriana.state import COLUMN_COSTS, HAND_LIMIT, SOLITAIRE_DIAZ, PorfirianaState, card

PLAY_IMMEDIATELY = (CardType.HEADLINE, CardType.TOPPLE)


def purchase_cost(state: PorfirianaState, player: int, row: int, column: int, spend: bool = False) -> int:
    """The column's cost as abilities change it, never below 0; `spend`: it is charged, which
    spends a change limited to once per round (`purchase_cost` is `spent` in the vocabulary)."""
    number = state.market[row][column]
    assert number is not None
    asked = PurchaseCost(card(number), PlayerId(player))
    return max(0, hooks.modified(state, asked, COLUMN_COSTS[column], spend))


def hand_full(state: PorfirianaState, player: int) -> bool:
    """Whether the player's hand is at its limit (5, as cards in effect change it) or above."""
    limit = max(0, hooks.modified(state, abilities.question(HandLimit, PlayerId(player)), HAND_LIMIT))
    return len(state.players[player].hand) >= limit


def _purchase_costs_of(player: int) -> MadeOnce[Card, PurchaseCost]:
    """The questions of the market cards' prices to one player, by card. A function, not a
    lambda in a lambda, which mypyc (`paxc accelerate`) cannot compile."""
    who = PlayerId(player)
    return MadeOnce(lambda printed: PurchaseCost(printed, who))


# The question of each market card's price, made once for each player and card (as
# `abilities.question` would, without a call: it is asked of every market card at every listing).
# A card's record is its key, compared by identity: another version of a card is asked afresh.
_PURCHASE_COSTS: MadeOnce[int, MadeOnce[Card, PurchaseCost]] = MadeOnce(_purchase_costs_of)


def buyable(state: PorfirianaState, player: int) -> list[tuple[int, int]]:
    """The market spaces (row, column) whose card the player may buy now: a card there, gold
    enough for its price, and room in hand unless the card is played at once (the hand limit and
    the abilities changing a cost looked up once for the whole market)."""
    full = hand_full(state, player)
    gold = state.players[player].gold
    # The abilities in effect changing a cost, looked up once: without one, no card's question
    # is made (the column's cost is what `modified` would give).
    cost_of = hooks.modifying(state, PurchaseCost)
    found: list[tuple[int, int]] = []
    if cost_of is None:
        # The columns' costs rise from the far end: the player can pay for the first few columns
        # and none after, so those after are not looked at.
        affordable = bisect.bisect_right(COLUMN_COSTS, gold)
        for row, cards in enumerate(state.market):
            for column in range(affordable):
                number = cards[column]
                if number is not None and (not full or card(number).card_type in PLAY_IMMEDIATELY):
                    found.append((row, column))
        return found
    questions = _PURCHASE_COSTS[player]
    for row, cards in enumerate(state.market):
        for column, number in enumerate(cards):
            if number is None:
                continue
            printed = card(number)
            if full and printed.card_type not in PLAY_IMMEDIATELY:
                continue
            cost = cost_of(questions[printed], COLUMN_COSTS[column])
            if max(0, cost) <= gold:
                found.append((row, column))
    return found


def pay_for(state: PorfirianaState, player: int, number: int, cost: int) -> None:
    """Pay for a market card: to the speculator whose cube is on it, else to the bank; the cube
    goes home either way."""
    state.players[player].gold -= cost
    speculator = state.speculation.pop(number, None)
    paid_to = None
    if speculator is not None:
        state.players[speculator].cubes += 1
        if speculator != player and not state.is_diaz(speculator):
            state.players[speculator].gold += cost
            paid_to = speculator
    if cost:
        narrate(story.paid_for, state, player, cost, number, paid_to)


def buy(state: PorfirianaState, player: int, row: int, column: int) -> Effect:
    number = state.market[row][column]
    assert number is not None
    paid = purchase_cost(state, player, row, column, spend=True)
    pay_for(state, player, number, paid)
    state.market[row][column] = None
    printed = card(number)
    state.in_transit.append(number)  # bought, not yet in hand or played
    yield from hooks.fire(state, CardBought(printed, PlayerId(player), paid), played=(number, player))
    state.in_transit.remove(number)
    kind = printed.card_type
    if kind is CardType.TOPPLE:
        state.in_transit.append(number)
        yield from hooks.fire(state, CardPlayed(printed, PlayerId(player), paid), played=(number, player))
        state.in_transit.remove(number)
        yield from topple.topple(state, player, number)
        yield from regimes.check_depression(state)  # none once the topple has ended the game
    elif kind is CardType.HEADLINE:
        state.in_transit.append(number)
        event = yield from ask(
            Choice(
                PlayerId(player),
                f"Play {card(number).name} on its event orientation? (no: on its status quo orientation)",
                (True, False),
            )
        )
        state.in_transit.remove(number)
        yield from cards_played.play_headline(state, player, number, event, paid)
    else:
        state.players[player].hand.append(number)
        narrate(story.bought, state, player, number)
        yield from hooks.card_moved(state, number, "market", None, "hand", player)


def discard_headlines(state: PorfirianaState, player: int) -> Effect:
    """End of turn, step 2: headlines in the zero-cost column go, in the order the active
    player picks, to the bull/bear discard without effect (the solitaire excepted, rules L)."""
    waiting = [
        (row, number)
        for row, cards in enumerate(state.market)
        if (number := cards[0]) is not None and card(number).card_type in PLAY_IMMEDIATELY
    ]
    while waiting and not state.over:
        if len(waiting) > 1 and card(waiting[0][1]).signal is not card(waiting[1][1]).signal:
            first = yield from ask(
                Choice(
                    PlayerId(player), "Which headline goes to the bull/bear discard first?", tuple(waiting)
                )
            )
        else:
            first = waiting[0]
        waiting.remove(first)
        row, number = first
        state.market[row][0] = None
        yield from discard_headline(state, number)


def discard_headline(state: PorfirianaState, number: int) -> Effect:
    """A headline or topple taken out of the market goes to the bull/bear discard without effect
    (its speculation cube home); in the solitaire a headline is Díaz's (`diaz_headline`).
    Decision: Díaz is the one who plays it there (the rule is one of his), so a strife it causes
    starts from his left, with the human."""
    speculator = state.speculation.pop(number, None)
    if speculator is not None:
        state.players[speculator].cubes += 1
    if card(number).card_type is CardType.TOPPLE:
        topple.topple_card_discarded(state)
        yield from regimes.discard_to_bull_bear(state, number)
    elif state.solitaire:
        yield from diaz_headline(state, number)
    else:
        yield from regimes.discard_to_bull_bear(state, number)


def diaz_headline(state: PorfirianaState, number: int) -> Effect:
    """A headline of Díaz's in the solitaire (one he took from the market, or one leaving the
    zero-cost column at the end of a turn): played on its event orientation when its arrow is the
    Pax, otherwise discarded without effect; on the bull/bear discard either way (rules L)."""
    if brings_pax(number):
        yield from cards_played.play_headline(state, SOLITAIRE_DIAZ, number, event=True)
    else:
        yield from regimes.discard_to_bull_bear(state, number)


def brings_pax(number: int) -> bool:
    """Whether a headline "changes the regime to the Pax": its event orientation's regime arrow
    points to the Pax. Decision: the arrow is what counts, whatever the regime in force, so
    under the Pax such a headline is played too (its other effects happen, the regime stays)."""
    return card(number).regime_change is Regime.PAX


def refill(state: PorfirianaState) -> list[int]:
    """End of turn, step 3: slide each row towards the zero-cost end, then draw into the gaps;
    the cards drawn, for the caller to tell (`hooks.card_moved`)."""
    drawn: list[int] = []
    if not any(None in cards for cards in state.market):
        return drawn  # a full market (most turns' end): nothing slides, nothing is drawn
    for cards in state.market:
        present = [n for n in cards if n is not None]
        cards[:] = present + [None] * (len(cards) - len(present))
    for column in range(len(COLUMN_COSTS)):
        for cards in state.market:
            if cards[column] is None and state.deck:
                cards[column] = number = state.deck.pop(0)
                drawn.append(number)
    return drawn


def speculation_spots(state: PorfirianaState) -> list[int]:
    """Market cards with no speculation cube yet."""
    return [n for cards in state.market for n in cards if n is not None and n not in state.speculation]
