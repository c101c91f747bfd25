"""A card taken from a player's row into another player's hand goes first to its owner's hand,
told as a move; an effect answering that move may take it on elsewhere before the second move.

Found by the generated-cards campaign (seed 915, its Pax Porfiriana file 668, tenth session):
card 8001 answers every card move by taking a card from a row into its owner's hand, then
discarding a card from a hand; the first move, row to the row owner's hand, set the same
trigger off again, which discarded that very card, and the second move, on from the owner's
hand, found it no longer there (ValueError: list.remove). The card now goes on only from where
it still is: a card moved meanwhile stays where the other effect put it.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.test_generated_cards import play_with

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "campaign_915_row_to_hand.pax"
SEED = 250573156308211


def test_a_row_card_moved_meanwhile_is_not_moved_on_from_the_hand_it_left(tmp_path: Path) -> None:
    module = compile_card_file(FIXTURE, "porfiriana", tmp_path)
    cards = [getattr(module, f"CARD_{n}") for n in range(8000, 8004)]
    assert play_with("porfiriana", cards, 0, seeds=[SEED]) == []
