"""How each player of Pax Pamir stands, for the search bot's positions left unfinished
(`core/search.py`): victory points above all, then what a dominance check would pay if it were
made now (the board decides it: whether a coalition dominates, and then influence, else
cylinders), then influence for the checks after, a court to act with and rupees to act by.
A guess, weighed by play against Wakhan (below), not a rule."""

from __future__ import annotations

from paxc.runtime.core.search import prospects
from paxc.runtime.pamir.scoring import check_awards, influence
from paxc.runtime.pamir.state import PamirState

# Points a dominance check made now would pay count as much as points already scored: the
# first check often ends a game against Wakhan (a lead of four), so the board's standing is the
# position's value. Influence then counts for the checks after it, cylinders in play for a
# failed check, and cards in court and in hand, and rupees, for the actions to come. Weighed
# by play: against Wakhan, the search won 4 of 20 games with these weights against 1 of 20
# with the check weighed 1.5 (random playouts of 30 decisions; `simulate --seed 201`).
CHECK_WEIGHT = 1.0
INFLUENCE_WEIGHT = 0.3
CYLINDER_WEIGHT = 0.15
COURT_WEIGHT = 0.15
HAND_WEIGHT = 0.1
RUPEE_WEIGHT = 0.05


def evaluate(state: PamirState) -> list[float]:
    awards = check_awards(state)
    strengths = [
        player.score
        + CHECK_WEIGHT * awards[seat]
        + INFLUENCE_WEIGHT * influence(state, seat)
        + CYLINDER_WEIGHT * state.cylinders_in_play(seat)
        + COURT_WEIGHT * len(player.court)
        + HAND_WEIGHT * len(player.hand)
        + RUPEE_WEIGHT * player.rupees
        for seat, player in enumerate(state.players)
    ]
    return prospects(strengths, sharpness=0.8)
