"""What a Pax Pamir option would do, said beside it (see `core/preview.py`), and the options a
player is asked to confirm.

Compares the state before an option with the state once it is done (up to the next decision):
rupees paid and gained, a loyalty that changes and what it costs (court cards, gifts, prizes),
cards that leave a hand or a court, the favored suit, points, pieces placed and removed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paxc.runtime.pamir.rules import EndTurn, Play
from paxc.runtime.pamir.state import BASE_ACTIONS, PamirState, card


def secrets(state: PamirState) -> object:
    """What nobody may see yet: the deck, Wakhan's AI deck, the random draws to come."""
    wakhan = None if state.wakhan is None else tuple(state.wakhan.deck)
    return (tuple(state.deck), wakhan, state.rng.state)


def consequences(before: PamirState, after: PamirState, player: int) -> list[str]:
    notes: list[str] = []
    me, then = before.players[player], after.players[player]
    if then.loyalty is not me.loyalty and then.loyalty is not None:
        notes.append(f"you become {then.loyalty.value}")
    lost = [n for n in me.court if n not in then.court]
    lost += [n for n in me.hand if n not in then.hand and n not in then.court]
    gifts, prizes = len(me.gifts) - len(then.gifts), len(me.prizes) - len(then.prizes)
    discarded = [card(n).name for n in lost]
    if gifts > 0:
        discarded.append("your gift" if gifts == 1 else f"your {gifts} gifts")
    if prizes > 0:
        discarded.append("your prize" if prizes == 1 else f"your {prizes} prizes")
    if discarded:
        notes.append("discards " + ", ".join(discarded))
    notes += _money(before, after, player)
    if after.favored is not before.favored:
        notes.append(f"favored suit becomes {after.favored.value}")
    notes += _pieces(before, after, player)
    for index, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if now.score != was.score:
            who = "you" if index == player else f"P{index}"
            notes.append(f"{who} {now.score - was.score:+d} points")
    if after.checks_resolved != before.checks_resolved:
        notes.append("a dominance check is resolved")
    return notes


def _money(before: PamirState, after: PamirState, player: int) -> list[str]:
    """Rupees as they go: 'rupees 6 -> 4' (a price less what lay on the card, a tax...)."""
    notes = []
    for index, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if now.rupees != was.rupees:
            who = "your" if index == player else f"P{index}'s"
            notes.append(f"{who} rupees {was.rupees} -> {now.rupees}")
    return notes


def _pieces(before: PamirState, after: PamirState, player: int) -> list[str]:
    """Armies, roads, tribes and spies added or taken away, counted by kind and place: 'places
    British army in Kabul, 2 of your spies on Nasrullah Khan'."""
    placed: Counter[tuple[str, str, str]] = Counter()  # (whose, piece, where) -> change
    for region, armies in after.armies.items():
        for coalition, count in armies.items():
            placed[(coalition.value, "army", f"in {region.value}")] += (
                count - before.armies[region][coalition]
            )
    for where, roads in after.roads.items():
        for coalition, count in roads.items():
            placed[(coalition.value, "road", f"on {where[0].value}-{where[1].value}")] += (
                count - before.roads[where][coalition]
            )
    for region, tribes in after.tribes.items():
        for owner, count in enumerate(tribes):
            placed[(_whose(owner, player), "tribe", f"in {region.value}")] += (
                count - before.tribes[region][owner]
            )
    for number in set(after.spies) | set(before.spies):
        now = after.spies.get(number, [])
        was = before.spies.get(number, [])
        for owner in range(max(len(now), len(was))):
            change = (now[owner] if owner < len(now) else 0) - (was[owner] if owner < len(was) else 0)
            placed[(_whose(owner, player), "spy", f"on {card(number).name}")] += change
    added = [_counted(n, *what) for what, n in sorted(placed.items()) if n > 0]
    removed = [_counted(-n, *what) for what, n in sorted(placed.items()) if n < 0]
    notes = []
    if added:
        notes.append("places " + ", ".join(added))
    if removed:
        notes.append("removes " + ", ".join(removed))
    return notes


_PLURALS = {"army": "armies", "road": "roads", "tribe": "tribes", "spy": "spies"}


def _whose(owner: int, player: int) -> str:
    return "your" if owner == player else f"P{owner}'s"


def _counted(n: int, whose: str, piece: str, where: str) -> str:
    """'your spy on X', '2 of your spies on X', '2 British armies in Kabul'."""
    if n == 1:
        return f"{whose} {piece} {where}"
    if whose == "your" or whose.endswith("'s"):
        return f"{n} of {whose} {_PLURALS[piece]} {where}"
    return f"{n} {whose} {_PLURALS[piece]} {where}"


def missing(state: PamirState, player: int, offered: Sequence[object]) -> list[str]:
    """Why options a player may expect are not offered (for the table): at the choice of an
    action, the cards in hand when no action is left to play them."""
    if not any(isinstance(o, EndTurn) for o in offered) or any(isinstance(o, Play) for o in offered):
        return []
    hand = state.players[player].hand
    if not hand:
        return []
    names = ", ".join(card(n).name for n in hand)
    return [
        f"playing {names}: no action is left this turn (only actions of "
        f"{state.favored.value} cards in your court are free)"
    ]


def confirm(state: PamirState, option: object) -> str | None:
    """Ending the turn while an action remains is asked again (a turn ended cannot be taken
    back; with nothing else left to do, the question would only be in the way)."""
    if not isinstance(option, EndTurn):
        return None
    left = BASE_ACTIONS - state.turn.actions_taken
    if left <= 0:
        return None
    return f"End your turn with {left} action{'s' if left != 1 else ''} left?"
