"""Pax Porfiriana plays the version of a card with errata that its options choose, game after
game (tests/pamir/test_errata_versions.py tests the same for Pax Pamir at length)."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from paxc.runtime.porfiriana import market, setup
from paxc.runtime.porfiriana.state import Holding, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "errata_cards.pax"
CONCESSION = 9089
HAND_LIMIT = 5


@pytest.fixture()
def joined(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ModuleType]:
    module = compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("errata_cards"))
    join_porfiriana(module.CARD_9089, monkeypatch)
    yield module
    setup.new_state({"players": 3}, seed=1)  # back to the latest versions, before the table is restored


def test_the_hand_limit_follows_the_version_played_game_after_game(joined: ModuleType) -> None:
    for choice, more in (("printed", 1), ("latest", 2), (None, 2), ("printed", 1), ("9089:2", 2)):
        options: dict[str, object] = {"players": 3} | ({} if choice is None else {"errata": choice})
        state = setup.new_state(options, seed=1)
        assert card(CONCESSION).version == (0 if more == 1 else 2)
        state.players[0].row.append(Holding(CONCESSION))
        state.players[0].hand[:] = list(range(1, HAND_LIMIT + more))  # one short of the limit
        assert not market.hand_full(state, 0), choice
        state.players[0].hand.append(HAND_LIMIT + more)
        assert market.hand_full(state, 0), choice
        state.players[1].hand[:] = list(range(1, HAND_LIMIT + 1))
        assert market.hand_full(state, 1)  # another player's limit is the rules' own
