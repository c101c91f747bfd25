"""Pax Porfiriana as a paxc game plug-in (registered in pyproject.toml under `paxc.games`).

Cheap to import: the rules are imported only when the game is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from paxc.runtime.games import Game, GameKit, Outcome, Variant

# paxc's own folder: the repository, or `paxc/` where it is installed (cards/ sits beside runtime/).
_PAXC = Path(__file__).resolve().parents[2]

VARIANTS = (
    Variant("solitaire", "Pax Porfiriana: you against Díaz, the solitaire of chapter L (no --players)."),
    Variant(
        "iron_hand",
        "Pax Porfiriana: the Iron Hand variant, 4 to 6 players (the tripartite is the two strongest).",
    ),
    Variant("quick_setup", "Pax Porfiriana: the quick setup (about half the deck)."),
    Variant(
        "dissipated_troops",
        "Pax Porfiriana: the optional rule where a troop beaten by one of its own colour may retreat.",
    ),
)


def _outcome(state: Any) -> Outcome:
    if state.solitaire:
        ending = "the player toppled Díaz" if state.winner == 0 else "Díaz held on"
    elif state.toppled_by:
        ending = "a topple" if len(state.toppled_by) == 1 else "a gold victory among topplers"
    else:
        ending = "a gold victory after the fourth topple"
    return Outcome(state.winner, tuple(p.gold for p in state.players), state.turn_number, ending)


def _kit() -> GameKit:
    from paxc.generated.porfiriana import CARDS, CARDS_BY_NUMBER
    from paxc.runtime.core.determinize import HiddenCards
    from paxc.runtime.porfiriana import (
        actions,
        arrange,
        board,
        context,
        game_rules,
        invariants,
        observe,
        preview,
        prospects,
        setup,
    )

    return GameKit(
        game_rules.PorfirianaRules(),
        board.board,
        invariants.cards_in_game,
        invariants.violations,
        _outcome,
        "gold",
        setup.OPTIONS.min_players,
        setup.OPTIONS.max_players,
        tuple(variant.name for variant in VARIANTS),
        people_seats=_people_seats,
        own_opponent="Díaz",
        options_schema=setup.OPTIONS,
        observe=observe.observe,
        cards=CARDS,
        cards_in_play=CARDS_BY_NUMBER,
        consequences=preview.consequences,
        secrets=preview.secrets,
        confirm=preview.confirm,
        missing=actions.missing,
        group=actions.group,
        arrange=arrange.ARRANGEMENT,
        effects=context.PorfirianaContext,
        hidden_cards=HiddenCards(observe.hidden, observe.determinize, observe.reseed),
        evaluate=prospects.evaluate,
        playout_depth=prospects.PLAYOUT_DEPTH,
    )


def _people_seats(options: Mapping[str, Any]) -> tuple[int, ...]:
    """In the solitaire Díaz (seat 1) is played by the rules; only seat 0 is a person's."""
    return (0,) if options.get("solitaire") is True else tuple(range(int(options["players"])))


GAME = Game("porfiriana", "Pax Porfiriana", _PAXC / "cards" / "porfiriana", _kit, VARIANTS)
