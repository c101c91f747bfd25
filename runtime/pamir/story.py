"""The words of Pax Pamir's narration: what the rules tell as it happens (`core/narration.py`).

Each function words one kind of consequence; the rules call `narrate(story.FUNCTION, ...)` from
their primitives (paying, placing, removing, discarding), so that every card effect built on them
is told too, and the text is made only when somebody listens. Only what every player at the
table sees is told: a card is named when it comes into view (bought, played, discarded), never
while it is in a hand.
"""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import Coalition, Region, Suit
from paxc.runtime.pamir.state import Border, PamirState, card

# Why something happened: a reason in words, or the number of the card whose effect it is.
Why = str | int


def _because(why: Why) -> str:
    if isinstance(why, int):
        return f" (by {card(why).name})"
    return f" ({why})" if why else ""


def who(state: PamirState, player: int) -> str:
    return "Wakhan" if state.is_wakhan(player) else f"P{player}"


def _rupees(amount: int) -> str:
    return f"{amount} rupee{'' if amount == 1 else 's'}"


def _where(where: Region | Border) -> str:
    if isinstance(where, Region):
        return f"in {where.value}"
    return f"on the {where[0].value}-{where[1].value} border"


# ---------------------------------------------------------------------- rupees


def paid_to_market(state: PamirState, player: int, amount: int) -> str:
    return f"{who(state, player)} pays {_rupees(amount)} onto the market cards"


def paid_purchase(state: PamirState, player: int, amount: int, number: int) -> str:
    return f"{who(state, player)} pays {_rupees(amount)} onto the cards left of {card(number).name}"


def took_from_market(state: PamirState, player: int, number: int, rupees: int) -> str:
    taken = f", with the {_rupees(rupees)} on it" if rupees else ""
    return f"{who(state, player)} takes {card(number).name} from the market{taken}"


def bribe_paid(state: PamirState, payer: int, receiver: int, amount: int, what: str) -> str:
    return f"{who(state, payer)} pays {who(state, receiver)} a bribe of {_rupees(amount)} {what}"


def bribe_waived(state: PamirState, payer: int, receiver: int, what: str) -> str:
    return f"{who(state, receiver)} waives the bribe {what}"


def bribe_refused(state: PamirState, payer: int, receiver: int, amount: int, what: str) -> str:
    return (
        f"{who(state, payer)} does not pay the bribe of {_rupees(amount)} to {who(state, receiver)} "
        f"{what}: the action is not taken"
    )


def taxed_player(state: PamirState, player: int, source: int) -> str:
    return f"{who(state, player)} takes a rupee from {who(state, source)} (tax)"


def taxed_market(state: PamirState, player: int, number: int) -> str:
    return f"{who(state, player)} takes a rupee from {card(number).name} in the market (tax)"


def gained(state: PamirState, player: int, amount: int, why: Why) -> str:
    return f"{who(state, player)} gains {_rupees(amount)}{_because(why)}"


def leverage_repaid(state: PamirState, player: int, paid: int, owed: int, spared: bool) -> str:
    """`spared`: Wakhan, whose rules spare her the discards of unpaid leverage."""
    text = f"{who(state, player)} repays {_rupees(paid)} of leverage"
    if paid < owed:
        short = (
            "her rules spare her the discards" if spared else "a card of hand or court is discarded for each"
        )
        text += f", {owed - paid} short: {short}"
    return text


# ---------------------------------------------------------------------- pieces


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def placed_block(state: PamirState, player: int, coalition: Coalition, where: Region | Border) -> str:
    kind = "army" if isinstance(where, Region) else "road"
    return f"{who(state, player)} places {_a(coalition.value)} {kind} {_where(where)}"


def took_block(
    state: PamirState, player: int, kind: str, where: Region | Border, coalition: Coalition
) -> str:
    return f"no {coalition.value} block left: {who(state, player)} takes the {kind} {_where(where)}"


def removed_block(
    state: PamirState, remover: int | None, kind: str, coalition: Coalition, where: Region | Border
) -> str:
    by = f"{who(state, remover)} removes" if remover is not None else "removed:"
    return f"{by} {_a(coalition.value)} {kind} {_where(where)}"


def moved_army(
    state: PamirState, player: int, coalition: Coalition, origin: Region, destination: Region
) -> str:
    return f"{who(state, player)} moves {_a(coalition.value)} army from {origin.value} to {destination.value}"


def moved_tribe(state: PamirState, player: int, origin: Region, destination: Region) -> str:
    return f"{who(state, player)} moves a tribe from {origin.value} to {destination.value}"


def moved_spy(state: PamirState, player: int, origin: int, destination: int) -> str:
    return f"{who(state, player)} moves a spy from {card(origin).name} to {card(destination).name}"


def blocks_cleared() -> str:
    return "every army and road leaves the board"


def armies_cleared(region: Region) -> str:
    return f"every army in {region.value} is removed"


def placed_tribe(state: PamirState, player: int, region: Region) -> str:
    return f"{who(state, player)} places a tribe in {region.value}"


def placed_spy(state: PamirState, player: int, number: int) -> str:
    return f"{who(state, player)} places a spy on {card(number).name}"


def placed_gift(state: PamirState, player: int, cost: int) -> str:
    return f"{who(state, player)} places a gift on the {cost}-rupee space"


def removed_gift(state: PamirState, player: int, cost: int) -> str:
    return f"no cylinder left: {who(state, player)} takes back their gift on the {cost}-rupee space"


def removed_tribe(state: PamirState, owner: int, region: Region, remover: int | None) -> str:
    whose = f"{who(state, owner)}'s tribe in {region.value}"
    if remover is None or remover == owner:
        return f"{whose} goes back to their supply"
    return f"{who(state, remover)} removes {whose}"


def removed_spy(state: PamirState, owner: int, number: int, remover: int) -> str:
    whose = f"{who(state, owner)}'s spy on {card(number).name}"
    if remover == owner:
        return f"{whose} goes back to their supply"
    return f"{who(state, remover)} removes {whose}"


def spies_home(state: PamirState, number: int, owners: list[int]) -> str:
    names = ", ".join(who(state, p) for p in owners)
    return f"the spies on {card(number).name} go home ({names})"


# ---------------------------------------------------------------------- cards

# Why a card leaves a court or a hand, where the decision that caused it does not say.
OVERTHROWN = "overthrown: no tribe of its owner left in its region"
OLD_PATRIOT = "a patriot of the loyalty left"
LEVERAGE_UNPAID = "leverage unpaid"
COURT_LIMIT = "over the court limit"
HAND_LIMIT = "over the hand limit"
BRIBE_UNPAID = "the bribe to play it unpaid"


def discarded_from_court(state: PamirState, player: int, number: int, why: Why) -> str:
    return f"{who(state, player)} discards {card(number).name} from court{_because(why)}"


def taken_as_prize(state: PamirState, player: int, number: int) -> str:
    return f"{who(state, player)} takes {card(number).name} as a prize"


def discarded_from_hand(state: PamirState, player: int, number: int, why: Why) -> str:
    return f"{who(state, player)} discards {card(number).name} from hand{_because(why)}"


def betrayed(state: PamirState, player: int, owner: int, number: int) -> str:
    return f"{who(state, player)} betrays {who(state, owner)}'s {card(number).name}"


def loyalty_changed(state: PamirState, player: int, coalition: Coalition, gifts: int, prizes: int) -> str:
    lost = [f"{n} {what}{'s' if n != 1 else ''}" for n, what in ((gifts, "gift"), (prizes, "prize")) if n]
    return f"{who(state, player)} becomes loyal to {coalition.value}" + (
        f", losing {' and '.join(lost)}" if lost else ""
    )


def prize_discarded(state: PamirState, player: int, number: int, why: Why) -> str:
    return f"{who(state, player)} discards the prize {card(number).name}{_because(why)}"


def taken_from_discard(state: PamirState, player: int, number: int, why: Why) -> str:
    return f"{who(state, player)} takes {card(number).name} from the discard pile into hand{_because(why)}"


def discarded_from_market(state: PamirState, number: int, why: Why) -> str:
    return f"{card(number).name} is discarded from the market{_because(why)}"


def card_passed(state: PamirState, giver: int, taker: int, why: Why) -> str:
    """A card goes from one hand to another (which card stays hidden)."""
    return f"a card goes from {who(state, giver)}'s hand to {who(state, taker)}'s{_because(why)}"


def paid_to(state: PamirState, payer: int, receiver: int | None, amount: int, why: Why) -> str:
    to = "the bank" if receiver is None else who(state, receiver)
    return f"{who(state, payer)} pays {_rupees(amount)} to {to}{_because(why)}"


def took_from(state: PamirState, taker: int, victim: int, amount: int, why: Why) -> str:
    return f"{who(state, taker)} takes {_rupees(amount)} from {who(state, victim)}{_because(why)}"


def paid_onto_card(state: PamirState, payer: int, number: int, amount: int, why: Why) -> str:
    return f"{who(state, payer)} pays {_rupees(amount)} onto {card(number).name}{_because(why)}"


def took_from_card(state: PamirState, taker: int, number: int, amount: int, why: Why) -> str:
    return f"{who(state, taker)} takes {_rupees(amount)} from {card(number).name}{_because(why)}"


def favored_suit(suit: Suit) -> str:
    return f"the favored suit becomes {suit.value}"


def event_resolved(state: PamirState, number: int, purchased: bool, player: int) -> str:
    how = f"bought by {who(state, player)}" if purchased else "discarded from the market"
    return f"event {card(number).name}, {how}, takes effect"


def events_ended(numbers: list[int]) -> str:
    return "events in effect until this check end: " + ", ".join(card(n).name for n in numbers)


def market_filled(numbers: list[int]) -> str:
    return "new in the market: " + ", ".join(card(n).name for n in numbers)


def forced_check() -> str:
    return "a second dominance check is revealed: a check takes place at once"


# ---------------------------------------------------------------------- scoring


def dominance_check(state: PamirState, final: bool, coalition: Coalition | None, before: list[int]) -> str:
    """`before`: the scores before the check."""
    players = range(len(state.players))
    gained = [state.players[p].score - before[p] for p in players]
    got = ", ".join(f"{who(state, p)} +{gained[p]}" for p in players if gained[p])
    return (
        f"Dominance check{' (final)' if final else ''}: "
        + (f"{coalition.value} dominant" if coalition is not None else "no coalition dominant")
        + (f"; {got}" if got else "; nobody scores")
        + "; scores "
        + ", ".join(f"{who(state, p)} {state.players[p].score}" for p in players)
    )


def game_won(state: PamirState, player: int, final: bool) -> str:
    how = "after the final dominance check" if final else "by a lead of four points"
    return f"the game is over: {who(state, player)} wins {how}"
