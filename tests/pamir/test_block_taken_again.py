"""A block placed with none left in the supply is taken from the map (rules: with no block of
its coalition left, the placer takes one from anywhere in play); a coalition never has more
than its 12 blocks in play, whatever the cards answering the taking do meanwhile.

Found by the generated-cards campaign (seed 912, its Pax Pamir file 37, ninth session): a card
placing armies when a piece is removed answered the block taken from the map by placing one
itself, from the supply the taking had just refilled; the placement it interrupted then put
its block down too, 13 Russian blocks in play (208 in that game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.generated.pamir.vocabulary import Coalition, Region
from paxc.runtime.pamir import pieces
from paxc.runtime.pamir.state import BLOCKS_PER_COALITION
from tests.new_cards import compile_card_file, join_pamir
from tests.pamir.scenario import drive, empty_state

REINFORCEMENTS = """\
game pamir

card 8000 "Reinforcements" court {
  provenance reconstructed
  region Kabul
  suit Military
  rank 1
  ability "Ability 1" {
    when piece_removed {
      place_armies 1 for Russian in region
    }
  }
}
"""


def test_a_block_taken_from_the_map_and_answered_by_a_placement_keeps_twelve_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "reinforcements.pax").write_text(REINFORCEMENTS, encoding="utf-8")
    card = compile_card_file(tmp_path / "reinforcements.pax", "pamir", tmp_path).CARD_8000
    join_pamir(card, monkeypatch)
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    state.players[0].court = [card.number]
    state.armies[Region.HERAT][Coalition.RUSSIAN] = BLOCKS_PER_COALITION  # the supply empty
    assert state.blocks_in_supply(Coalition.RUSSIAN) == 0
    drive(pieces.place_block(state, 1, Coalition.RUSSIAN, Region.KABUL), [], then_first=True)
    assert state.blocks_in_play(Coalition.RUSSIAN) == BLOCKS_PER_COALITION
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 1  # the placement asked for happened
