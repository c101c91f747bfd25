"""The whole game of Pax Porfiriana as the shared session drives it (`PorfirianaRules`): the flow
of `rules`, with Díaz, in the solitaire, taking his own turns (`solitaire.diaz_phase`) and
settling by a die every question the rules put to his seat (`solitaire.diaz_decides`), and the
options as people read them (`labels`). It sits above the rules and the solitaire both, so the
rules need not know Díaz's turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paxc.runtime.core.session import RulesRun
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import labels, rules, setup, solitaire
from paxc.runtime.porfiriana.state import PorfirianaState


def take_turn(state: PorfirianaState, player: int) -> Effect:
    """A turn: in the solitaire Díaz's (seat 1) by the automaton, anybody else's by the rules."""
    if state.is_diaz(player):
        return rules.take_turn(state, player, solitaire.diaz_phase)
    return rules.take_turn(state, player)


def _solitaire_turn(state: PorfirianaState, player: int) -> Effect:
    return solitaire.diaz_decides(state, take_turn(state, player))


class PorfirianaRules:
    name = "porfiriana"

    def new_state(self, options: Mapping[str, Any], seed: int) -> PorfirianaState:
        return setup.new_state(options, seed)

    def run(self, state: PorfirianaState) -> RulesRun:
        return rules.run(state, _solitaire_turn if state.solitaire else take_turn)

    def copy_state(self, state: PorfirianaState) -> PorfirianaState:
        return state.copy()

    def returns(self, state: PorfirianaState) -> list[float]:
        return [1.0 if p == state.winner else 0.0 for p in range(len(state.players))]

    def digest(self, state: PorfirianaState) -> str:
        return state.digest()

    def label(self, state: PorfirianaState, option: object) -> str:
        return labels.label(state, option)
