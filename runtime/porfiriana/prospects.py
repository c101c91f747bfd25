"""How each player of Pax Porfiriana stands, for the search bot's positions left unfinished
(`core/search.py`): the prestige the next topple counts (the regime's kind), then all prestige,
then gold, which breaks a shared or gold victory. A guess, weighed by play against random players,
not a rule."""

from __future__ import annotations

from paxc.runtime.core.search import prospects
from paxc.runtime.porfiriana.prestige import all_points
from paxc.runtime.porfiriana.state import PorfirianaState
from paxc.runtime.porfiriana.topple import topple_kind


def evaluate(state: PorfirianaState) -> list[float]:
    kind = topple_kind(state)
    strengths = []
    for seat, player in enumerate(state.players):
        points = all_points(state, seat)
        strengths.append(points[kind] + 0.3 * sum(points.values()) + 0.1 * player.gold)
    return prospects(strengths, sharpness=0.8)
