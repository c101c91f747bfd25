"""What a Pax Porfiriana option would do, said beside it (see `core/preview.py`), and the
options a player is asked to confirm.

Compares the state before an option with the state once it is done (up to the next decision):
gold paid and taken, cards that leave a row or a hand, prestige, jail, the regime, a depression,
topples.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.porfiriana import actions, prestige
from paxc.runtime.porfiriana.state import PorfirianaState, card


def secrets(state: PorfirianaState) -> object:
    """What nobody may see yet: the deck and the dice and draws to come (the RNG)."""
    return (tuple(state.deck), state.rng.state)


def consequences(before: PorfirianaState, after: PorfirianaState, player: int) -> list[str]:
    notes: list[str] = []
    for index, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        who = "your" if index == player else f"P{index}'s"
        if now.gold != was.gold:
            notes.append(f"{who} gold {was.gold} -> {now.gold}")
        kept = {held.number for held in now.row} | set(now.army) | set(now.prestige_stack)
        lost = [card(held.number).name for held in was.row if held.number not in kept]
        if index == player:
            placed = kept | {troop for troop, _ in after.troops_of(index)}
            lost += [card(n).name for n in was.hand if n not in now.hand and n not in placed]
        if lost:
            notes.append(
                f"{'you' if index == player else f'P{index}'} lose{'' if index == player else 's'} "
                + ", ".join(lost)
            )
        if now.jailed != was.jailed:
            jailed = "jailed" if now.jailed else "out of jail"
            notes.append(f"{'you are' if index == player else f'P{index} is'} {jailed}")
    notes += _prestige(before, after, player)
    if after.regimes[:1] != before.regimes[:1]:
        notes.append(f"the regime becomes {after.regime_card.name}")
    if after.depression != before.depression:
        notes.append("a depression begins" if after.depression else "the depression ends")
    if after.topples != before.topples:
        notes.append(f"topples {before.topples} -> {after.topples}")
    return notes


def _prestige(before: PorfirianaState, after: PorfirianaState, player: int) -> list[str]:
    changes = []
    for kind in Prestige:
        was, now = prestige.points(before, player, kind), prestige.points(after, player, kind)
        if was != now:
            changes.append(f"{kind.value} {now - was:+d}")
    return [f"your prestige {', '.join(changes)}"] if changes else []


def confirm(state: PorfirianaState, option: object) -> str | None:
    """Ending the turn while an action remains is asked again (a turn ended cannot be taken
    back; with nothing else left to do, the question would only be in the way)."""
    if not isinstance(option, actions.EndTurn):
        return None
    left = state.turn.actions_left
    if left <= 0:
        return None
    return f"End your turn with {left} action{'s' if left != 1 else ''} left?"
