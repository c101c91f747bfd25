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


# Fixture card files more than one test module plays, each compiled once a run.
FIXTURES = REPO / "tests" / "porfiriana" / "fixtures"


@pytest.fixture(scope="session")
def trigger_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """tests/porfiriana/fixtures/trigger_cards.pax: cards hearing moves, discards and plays."""
    return compile_card_file(
        FIXTURES / "trigger_cards.pax", "porfiriana", tmp_path_factory.mktemp("trigger_cards")
    )


@pytest.fixture(scope="session")
def market_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """tests/porfiriana/fixtures/market_cards.pax: cards changing and hearing purchases."""
    return compile_card_file(
        FIXTURES / "market_cards.pax", "porfiriana", tmp_path_factory.mktemp("market_cards")
    )


@pytest.fixture(scope="session")
def action_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """tests/porfiriana/fixtures/action_cards.pax: cards hearing and changing a turn's actions."""
    return compile_card_file(
        FIXTURES / "action_cards.pax", "porfiriana", tmp_path_factory.mktemp("action_cards")
    )


@pytest.fixture(scope="session")
def listing_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """tests/porfiriana/fixtures/listing_cards.pax: cards the cheap ways of listing a turn's
    options and its costs must not overlook."""
    return compile_card_file(
        FIXTURES / "listing_cards.pax", "porfiriana", tmp_path_factory.mktemp("listing_cards")
    )
