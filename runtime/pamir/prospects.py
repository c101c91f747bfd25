"""How each player of Pax Pamir stands, for the search bot's positions left unfinished
(`core/search.py`): victory points above all, then what the next dominance checks pay for
(influence with one's coalition: gifts, prizes, patriots), then a court to act with and rupees to
act by. A guess, weighed by play against random players, not a rule."""

from __future__ import annotations

from paxc.runtime.core.search import prospects
from paxc.runtime.pamir.scoring import influence
from paxc.runtime.pamir.state import PamirState


def evaluate(state: PamirState) -> list[float]:
    strengths = [
        player.score + 0.5 * influence(state, seat) + 0.15 * len(player.court) + 0.05 * player.rupees
        for seat, player in enumerate(state.players)
    ]
    return prospects(strengths, sharpness=0.8)
