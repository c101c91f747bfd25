"""A Pax Pamir card whose modifier is limited to once per round (tests/pamir/fixtures/round_cards.pax):
the rules show its discount on every price until a purchase is charged with it, then charge full
prices until the next round (every player's turn once: `core.abilities.round_starts`)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir.vocabulary import Card, Suit
from paxc.runtime.pamir import hooks, market, rules
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "round_cards.pax"
AGREEMENT = 995


@pytest.fixture(scope="module")
def round_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("round_cards"))


def test_the_first_purchase_of_each_round_is_cheaper(
    round_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agreement: Card = round_cards.CARD_995
    join_game(agreement, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(AGREEMENT)
    military = [c.number for c in round_cards_market(3)]
    state.market[0][3], state.market[1][3] = military[0], military[1]
    state.players[0].rupees = 10
    # Asked for every price, as the options are listed: nothing is spent.
    assert market.purchase_cost(state, 0, 0, 3) == 2 and market.purchase_cost(state, 0, 1, 3) == 2
    assert market.purchase_cost(state, 1, 0, 3) == 3  # its owner's only
    drive(rules.purchase(state, 0, 0, 3), [])
    assert state.players[0].rupees == 10 - 2
    assert market.purchase_cost(state, 0, 1, 3) == 3  # spent for the rest of the round
    state.turn_number = 3  # two players: turn 3 begins the second round
    hooks.turn_begun(state)
    assert market.purchase_cost(state, 0, 1, 3) == 2


def round_cards_market(count: int) -> list[Card]:
    found: list[Card] = []
    while len(found) < count:
        found.append(court_card(lambda c: c.suit is Suit.MILITARY and c not in found))
    return found


def test_the_card_changes_a_price_in_random_games(
    round_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", round_cards, [AGREEMENT], monkeypatch, seed=7, games=20)
    assert acted[AGREEMENT] > 0
