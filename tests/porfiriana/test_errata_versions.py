"""Pax Porfiriana plays the version of a card with errata that its options choose, game after
game (tests/pamir/test_errata_versions.py tests the same for Pax Pamir at length)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime.porfiriana import market, setup
from paxc.runtime.porfiriana.state import Holding, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana, project_with

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "errata_cards.pax"
SCENARIOS = REPO / "tests" / "porfiriana" / "fixtures" / "errata.paxtest"
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


def test_scenarios_of_each_version_and_of_the_version_the_run_chooses(
    joined: ModuleType, tmp_path: Path
) -> None:
    """errata.paxtest: the printed concession leaves a hand of six full, the corrected one does
    not (each scenario choosing its version); the one choosing none plays the run's version."""
    root = project_with(FIXTURE, "porfiriana", tmp_path, [SCENARIOS])

    def scenarios(*flags: str) -> list[tuple[str, bool]]:
        done = CliRunner().invoke(main, ["--root", str(root), "test", "--json", *flags])
        return [(s["errata"], s["passed"]) for s in json.loads(done.stdout)["scenarios"]]

    assert scenarios() == [("printed", True), ("9089:latest", True), ("latest", True)]
    assert scenarios("--errata-version", "9089:printed") == [
        ("printed", True),
        ("9089:latest", True),
        ("9089:printed", False),
    ]
    assert scenarios("--errata-version", "printed") == [
        ("printed", True),
        ("printed,9089:latest", True),
        ("printed", False),
    ]


def test_a_choice_naming_a_card_the_game_does_not_have_is_refused_naming_the_game() -> None:
    with pytest.raises(ValueError, match="errata version: Pax Porfiriana has no card 5000$"):
        setup.new_state({"players": 3, "errata": "5000:printed"}, seed=1)
