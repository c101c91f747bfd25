"""An assassinated Hacendado turns back to its Loyalist side, which shows no prestige point: the
prestige cubes its flipped side held go home before anyone is asked anything.

Found by the generated-cards campaign (seed 915, its Pax Porfiriana file 580, tenth session): a
flipped Hacendado holding a prestige cube (a Loyalty point under the Pax) was assassinated, and
card 8010, answering the attack, asked its owner to choose a card while the heir still held the
cube, which the settling at the attack's end would only then send home (the invariant: a card
holds no more prestige cubes than its points taking one). The fixture is that file, its cards
numbered 8010-8013.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.test_generated_cards import play_with

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "campaign_915_heir_cubes.pax"
SEED = 236483791197779


def test_the_heirs_prestige_cubes_go_home_before_a_card_answering_the_attack_asks(tmp_path: Path) -> None:
    module = compile_card_file(FIXTURE, "porfiriana", tmp_path)
    cards = [getattr(module, f"CARD_{n}") for n in range(8010, 8014)]
    assert play_with("porfiriana", cards, 0, seeds=[SEED]) == []
