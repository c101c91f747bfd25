"""Pax Pamir (2nd edition) as a paxc game plug-in (registered in pyproject.toml under `paxc.games`).

Cheap to import: the rules are imported only when the game is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from paxc.runtime.games import Game, GameKit, Outcome, Variant

# paxc's own folder: the repository, or `paxc/` where it is installed (cards/ sits beside runtime/).
_PAXC = Path(__file__).resolve().parents[2]


def _outcome(state: Any) -> Outcome:
    ending = "the final dominance check" if state.checks_resolved >= 4 else "a four-point lead"
    return Outcome(state.winner, tuple(p.score for p in state.players), state.turn_number, ending)


def _kit() -> GameKit:
    from paxc.generated.pamir import CARDS, CARDS_BY_NUMBER
    from paxc.runtime.core.determinize import HiddenCards
    from paxc.runtime.pamir import (
        arrange,
        board,
        context,
        game_rules,
        invariants,
        observe,
        preview,
        prospects,
        rules,
    )

    return GameKit(
        game_rules.PamirRules(),
        board.board,
        invariants.cards_in_game,
        invariants.violations,
        _outcome,
        "points",
        rules.MIN_PLAYERS,
        rules.MAX_PLAYERS,
        tuple(variant.name for variant in VARIANTS),
        people_seats=rules.people_seats,
        own_opponent="Wakhan",
        options_schema=rules.OPTIONS,
        observe=observe.observe,
        cards=CARDS,
        cards_in_play=CARDS_BY_NUMBER,
        consequences=preview.consequences,
        secrets=preview.secrets,
        confirm=preview.confirm,
        missing=preview.missing,
        arrange=arrange.ARRANGEMENT,
        effects=context.PamirContext,
        hidden_cards=HiddenCards(observe.hidden, observe.determinize, observe.reseed),
        evaluate=prospects.evaluate,
    )


VARIANTS = (
    Variant(
        "wakhan", "Pax Pamir: one or two people (--players 1 or 2) against Wakhan, the automated opponent."
    ),
    Variant(
        "savvy_purchasing", "Pax Pamir with Wakhan: she buys a cheaper card of the same suit when she can."
    ),
    Variant(
        "steadfast_loyalty", "Pax Pamir with Wakhan: her loyalty is the unshared coalition with most blocks."
    ),
    Variant("spy_movement", "Pax Pamir with Wakhan: she moves idle spies when she cannot move armies."),
)

GAME = Game("pamir", "Pax Pamir (2nd edition)", _PAXC / "cards" / "pamir", _kit, VARIANTS)
