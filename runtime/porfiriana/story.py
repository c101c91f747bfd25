"""The words of Pax Porfiriana's narration: what the rules tell as it happens
(`core/narration.py`).

Each function words one kind of consequence; the rules call `narrate(story.FUNCTION, ...)` from
their primitives (paying and gaining gold, placing cards, unrest, cards leaving play, attacks,
regime changes, topples, Díaz's moves), so that every card effect built on them is told too, and
the text is made only when somebody listens. Only what every player sees is told: a card is named
when it comes into view (bought from the market, played, discarded), never while it is in a hand
or the deck. Cube moves that follow a value (mines, banks, Pax prestige cubes) are not told one by
one: the board shows them.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Faction, Prestige, Regime
from paxc.runtime.porfiriana.state import PorfirianaState, card

# Why gold or a card moved, where the decision that caused it does not say: a reason in words, or
# the number of the card whose effect it is.
Why = str | int

SPECULATION = "speculation"
GUN_STORE = "gun store"
SALE = "sale"
INCOME = "income"
STRIFE = "strife"
DEFEATED = "defeated"
# What a payment is for, where it is told after the decision that says which card.
LAND = "to buy land"
UPGRADE = "for a connection upgrade"
POLICE = "to the police"


def _because(why: Why) -> str:
    if isinstance(why, int):
        return f" (by {card(why).name})"
    return f" ({why})" if why else ""


def who(state: PorfirianaState, player: int) -> str:
    return "Díaz" if state.is_diaz(player) else f"P{player}"


def _gold(amount: int) -> str:
    return f"{amount} gold"


def _name(number: int | None) -> str:
    return "an empty space" if number is None else card(number).name


# ---------------------------------------------------------------------- gold


def paid(state: PorfirianaState, player: int, amount: int, what: str) -> str:
    return f"{who(state, player)} pays {_gold(amount)} {what}"


def kept_in_depression(state: PorfirianaState, player: int, amount: int, number: int) -> str:
    return f"{who(state, player)} pays {_gold(amount)} to keep {card(number).name} (depression expenses)"


def paid_for_effect(state: PorfirianaState, player: int, amount: int, number: int) -> str:
    return f"{who(state, player)} pays {_gold(amount)}{_because(number)}"


def paid_for(state: PorfirianaState, player: int, amount: int, number: int, to: int | None) -> str:
    receiver = "the bank" if to is None else f"{who(state, to)} ({SPECULATION})"
    return f"{who(state, player)} pays {_gold(amount)} for {card(number).name} to {receiver}"


def paid_to(state: PorfirianaState, payer: int, receiver: int | None, amount: int, why: Why) -> str:
    to = "the bank" if receiver is None else who(state, receiver)
    return f"{who(state, payer)} pays {_gold(amount)} to {to}{_because(why)}"


def gained(state: PorfirianaState, player: int, amount: int, why: Why) -> str:
    return f"{who(state, player)} gains {_gold(amount)}{_because(why)}"


def lost(state: PorfirianaState, player: int, amount: int, why: Why) -> str:
    return f"{who(state, player)} loses {_gold(amount)}{_because(why)}"


def stolen(state: PorfirianaState, thief: int, victim: int, amount: int, to_bank: bool) -> str:
    where = " (to the bank)" if to_bank else ""
    return f"{who(state, thief)} steals {_gold(amount)} from {who(state, victim)}{where}"


def sold(state: PorfirianaState, player: int, number: int, amount: int) -> str:
    return f"{who(state, player)} sells {card(number).name} for {_gold(amount)}"


# ---------------------------------------------------------------------- cards


def bought(state: PorfirianaState, player: int, number: int) -> str:
    return f"{who(state, player)} takes {card(number).name} into hand"


def played(state: PorfirianaState, player: int, number: int, cost: int) -> str:
    paying = f", paying {_gold(cost)}" if cost else ""
    return f"{who(state, player)} plays {card(number).name} into their row{paying}"


def headline(state: PorfirianaState, player: int, number: int, event: bool) -> str:
    how = "on its event side" if event else "on its status quo side, without effect"
    return f"{who(state, player)} plays the headline {card(number).name} {how}"


def to_bull_bear(number: int) -> str:
    return f"{card(number).name} goes to the bull/bear discard"


def left_play(state: PorfirianaState, owner: int, number: int, to: str | tuple[str, int]) -> str:
    where = {
        "discard": "is discarded",
        "hand": "goes back to their hand (sacked)",
        "removed": "leaves the game",
    }
    if isinstance(to, tuple):
        went = f"goes to {who(state, to[1])}'s prestige stack"
    else:
        went = where.get(to, f"goes to {to}")
    return f"{who(state, owner)}'s {card(number).name} {went}"


def discarded_from_hand(state: PorfirianaState, player: int, number: int) -> str:
    return f"{who(state, player)} discards {card(number).name} from hand"


def taken_from_discard(state: PorfirianaState, player: int, number: int) -> str:
    return f"{who(state, player)} takes {card(number).name} from the discard pile into hand"


def discarded_from_market(state: PorfirianaState, number: int) -> str:
    return f"{card(number).name} is discarded from the market"


def taken_over(state: PorfirianaState, taker: int, victim: int, number: int) -> str:
    return f"{who(state, taker)} takes over {who(state, victim)}'s {card(number).name}"


def flipped(state: PorfirianaState, player: int, number: int, side: int) -> str:
    return (
        f"{who(state, player)} takes a stand: their Hacendado shows its {card(number).sides[side].name} side"
    )


def heir(state: PorfirianaState, player: int) -> str:
    return f"{who(state, player)}'s Hacendado is assassinated: the heir stays Loyalist for good"


# ---------------------------------------------------------------------- troops


def troop_arrived(
    state: PorfirianaState, player: int, troop: int, owner: int, where: int | None, cost: int
) -> str:
    place = (
        f"{who(state, player)}'s private army"
        if where is None
        else f"{who(state, owner)}'s {card(where).name}"
    )
    paying = f", paying {_gold(cost)}" if cost else ""
    return f"{who(state, player)}'s {card(troop).name} goes to {place}{paying}"


def troop_beaten(state: PorfirianaState, beaten: int, owner: int | None, by: int) -> str:
    whose = f"{who(state, owner)}'s " if owner is not None else ""
    return f"{whose}{card(beaten).name} is beaten by {card(by).name}"


def extorts(state: PorfirianaState, player: int, troop: int, number: int) -> str:
    return f"{who(state, player)}'s {card(troop).name} extorts {card(number).name}: an extortion cube replaces an income cube"


def troop_discarded(state: PorfirianaState, owner: int | None, troop: int) -> str:
    whose = f"{who(state, owner)}'s " if owner is not None else ""
    return f"{whose}{card(troop).name} is discarded"


def troop_in_play_discarded(state: PorfirianaState, troop: int) -> str:
    place = state.troop_place(troop)
    return troop_discarded(state, place[0] if place is not None else None, troop)


def retreated(state: PorfirianaState, player: int, troop: int, cost: int) -> str:
    return f"{who(state, player)}'s {card(troop).name} retreats into the private army, paying {_gold(cost)}"


# ---------------------------------------------------------------------- unrest, attacks, jail


def unrest_added(state: PorfirianaState, owner: int, number: int, count: int, total: int) -> str:
    disks = f"{count} unrest disk{'' if count == 1 else 's'}"
    return f"{disks} on {who(state, owner)}'s {card(number).name} (now {total})"


def unrest_removed(state: PorfirianaState, number: int, count: int, total: int) -> str:
    disks = f"{count} unrest disk{'' if count == 1 else 's'}"
    return f"{disks} removed from {card(number).name} (now {total})"


def slave_revolt(state: PorfirianaState, owner: int, number: int, liberator: int) -> str:
    return f"the slaves of {who(state, owner)}'s {card(number).name} revolt: {who(state, liberator)} is the liberator"


def attack(
    state: PorfirianaState, player: int, number: int, victim: int, target: int | None, cost: int
) -> str:
    aimed = who(state, victim) if target is None else f"{who(state, victim)}'s {card(target).name}"
    paying = f", paying {_gold(cost)}" if cost else ""
    return f"{who(state, player)} plays {card(number).name} against {aimed}{paying}"


def cancelled(number: int) -> str:
    return f"{card(number).name} is cancelled by a spy"


def awarded(state: PorfirianaState, victim: int, number: int) -> str:
    return f"{card(number).name} goes to {who(state, victim)}'s prestige stack"


def jailed(state: PorfirianaState, player: int) -> str:
    return f"{who(state, player)} is jailed"


def freed(state: PorfirianaState, player: int) -> str:
    return f"{who(state, player)} leaves jail"


def nationalization_refused(state: PorfirianaState, owner: int, number: int) -> str:
    return f"{who(state, owner)} is immune: {card(number).name} is not nationalized"


def strife(state: PorfirianaState, player: int, loser: Faction) -> str:
    return f"strife: {who(state, player)} discards every {loser.value} partner and troop"


# ---------------------------------------------------------------------- the economy and topples


def regime_changed(regime: Regime) -> str:
    return f"the regime becomes {regime.value}"


def depression(started: bool) -> str:
    return "two bears: a depression begins" if started else "two bulls: the depression ends"


def diaz_strengthened(kind: Prestige, amount: int) -> str:
    return f"Díaz gains {amount} {kind.value} for this topple"


def topple(
    state: PorfirianaState, kind: Prestige, points: dict[int, tuple[int, int]], winners: list[int]
) -> str:
    """`points`: each player's points of `kind` and what they had to beat."""
    scores = ", ".join(f"{who(state, p)} {mine} against {needed}" for p, (mine, needed) in points.items())
    result = "Díaz is toppled by " + ", ".join(who(state, p) for p in winners) if winners else "Díaz stands"
    return f"topple ({kind.value}): {scores}; {result}"


def topples_spent(count: int, total: int) -> str:
    return f"{count} of the {total} topple cards spent"


def game_over(state: PorfirianaState) -> str:
    if state.winner is None:
        return "the game is over"
    if state.is_diaz(state.winner):
        return "the game is over: Díaz was never toppled"
    how = "by toppling Díaz" if state.toppled_by == [state.winner] else "by a gold victory"
    return f"the game is over: {who(state, state.winner)} wins {how}"


# ---------------------------------------------------------------------- Díaz (the solitaire)


def diaz_rolled(column: int, row: int, number: int | None) -> str:
    return f"Díaz rolls {column + 1} for market row {row + 1}: {_name(number)}"


def diaz_takes(number: int) -> str:
    """Díaz takes a card he rolled; what he does with it (plays it against somebody, discards
    it...) is told next, in its own words, so this line does not say he plays it."""
    return f"Díaz takes {_name(number)} from the market"


def diaz_plays(number: int) -> str:
    return f"Díaz plays {_name(number)}"


def diaz_discards(number: int) -> str:
    return f"Díaz discards {card(number).name}: he does not play it"
