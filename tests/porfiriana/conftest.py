"""Fixtures shared by the Pax Porfiriana tests."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.conftest import REPO
from tests.new_cards import compile_card_file

# Fixture cards hearing what the flow of a turn, the actions and the attacks tell, or changing
# what no printed card changes: tests/porfiriana/fixtures/flow_cards.pax.
FLOW_CARDS = REPO / "tests" / "porfiriana" / "fixtures" / "flow_cards.pax"


@pytest.fixture(scope="session")
def flow_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FLOW_CARDS, "porfiriana", tmp_path_factory.mktemp("flow_cards"))
