"""The whole game of Pax Pamir as the shared session drives it (`PamirRules`): the flow of
`rules`, with Wakhan, when she plays, taking her own turns (`wakhan_turn`) and answering every
question the rules put to her seat (`wakhan.answering`), and the options as people read them
(`labels`). It sits above the rules and Wakhan both, so the rules need not know her turn; her
modules are loaded only for a game with her (a game without her starts as fast as before).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paxc.runtime.core.session import RulesRun
from paxc.runtime.effects import Effect
from paxc.runtime.pamir import labels, rules
from paxc.runtime.pamir.state import PamirState


def take_turn(state: PamirState, player: int) -> Effect:
    """A turn of a game with Wakhan: hers by her AI cards, anybody else's by the rules."""
    if state.is_wakhan(player):
        from paxc.runtime.pamir import wakhan_turn  # loaded only for a game with her (start-up)

        return wakhan_turn.take_turn(state)
    return rules.take_turn(state, player)


class PamirRules:
    name = "pamir"

    def new_state(self, options: Mapping[str, Any], seed: int) -> PamirState:
        return rules.new_state(options, seed)

    def run(self, state: PamirState) -> RulesRun:
        if state.wakhan is not None:  # she answers her own seat's questions
            from paxc.runtime.pamir import wakhan  # loaded only for a game with her (start-up)

            return wakhan.answering(state, rules.run(state, take_turn))
        return rules.run(state, rules.take_turn)

    def copy_state(self, state: PamirState) -> PamirState:
        return state.copy()

    def returns(self, state: PamirState) -> list[float]:
        return [1.0 if p == state.winner else 0.0 for p in range(len(state.players))]

    def digest(self, state: PamirState) -> str:
        return state.digest()

    def label(self, state: PamirState, option: object) -> str:
        return labels.label(state, option)
