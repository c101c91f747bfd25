"""Counting prestige points (glossary: Prestige Points, Prestige Stack, In Play Cards).

A point counts when it is readable (not upside down) on a card in play, or on any card of the
player's prestige stack (where the victim-awarded point is now theirs). Cards in play are the row,
the private army and the player's troops wherever they are; a point on an enterprise in unrest,
or on a troop standing on one, does not count. A Hacendado counts only once flipped.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType, Prestige
from paxc.runtime.porfiriana.state import PorfirianaState, card


def points(state: PorfirianaState, player: int, kind: Prestige) -> int:
    me = state.players[player]
    total = 0
    for held in me.row:
        if held.unrest:
            continue
        if card(held.number).card_type is CardType.HACENDADO and not me.flipped:
            continue
        total += held.face.prestige.count(kind)
    for troop, under in state.troops_of(player):
        if under is None or not under.unrest:
            total += card(troop).prestige.count(kind)
    for number in me.prestige_stack:
        printed = card(number)
        total += printed.prestige.count(kind) + (printed.victim_prestige is kind)
    return total


def all_points(state: PorfirianaState, player: int) -> dict[Prestige, int]:
    return {kind: points(state, player, kind) for kind in Prestige}
