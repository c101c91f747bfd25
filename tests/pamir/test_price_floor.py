"""A market card never costs less than nothing, whatever a designer's card takes off its price:
the rules price a card by its column and every discount a card gives can only bring it down to
free (the printed cards only ever make a price 0; a card saying "2 rupees less" must not pay
the buyer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.runtime.pamir import market, rules
from paxc.runtime.pamir.state import PamirState
from tests.new_cards import compile_card_file
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, empty_state

BROKER = """game pamir

card 965 "Generous Broker" court {
  provenance reconstructed
  note "While in play, the cards you buy cost 2 rupees less."
  region Herat
  suit Economic
  rank 1
  while in play {
    modify purchase_cost by -2 when buyer == you
  }
}
"""


PLAIN = court_card(lambda c: not c.abilities)
OTHER_PLAIN = court_card(lambda c: not c.abilities and c.number != PLAIN.number)


@pytest.fixture()
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PamirState:
    """Player 0 has the broker in court; the market's top row starts with two plain cards."""
    source = tmp_path / "broker.pax"
    source.write_text(BROKER, encoding="utf-8")
    broker = compile_card_file(source, "pamir", tmp_path).CARD_965
    join_game(broker, monkeypatch)
    state = empty_state(3)
    state.players[0].court.append(broker.number)
    state.market[0][0], state.market[0][1] = PLAIN.number, OTHER_PLAIN.number
    return state


def test_a_discount_larger_than_the_price_makes_the_card_free(state: PamirState) -> None:
    assert market.purchase_cost(state, 0, 0, 1) == 0  # 1 rupee, 2 off
    assert market.purchase_cost(state, 0, 0, 0) == 0
    assert market.purchase_cost(state, 1, 0, 1) == 1  # the broker helps only its owner


def test_buying_at_a_price_below_nothing_pays_nobody(state: PamirState) -> None:
    """The buyer's rupees stay as they were and no rupee lands on the card to the left."""
    before = state.players[0].rupees
    drive(rules.purchase(state, 0, 0, 1), [], then_first=True)
    assert state.players[0].rupees == before
    assert state.market_rupees[0][0] == 0
    assert OTHER_PLAIN.number in state.players[0].hand
