"""Hacendados' Loyalist abilities reach the rules through their hooks, and stop once flipped
(glossary: Hacendado)."""

from __future__ import annotations

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import CardType, District, Family
from paxc.runtime.porfiriana import actions, losses, market
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import Holding, PorfirianaState


def _with_hacendado(name: str) -> PorfirianaState:
    state = new_state({"players": 2}, seed=1)
    number = next(c.number for c in CARDS if c.name == name)
    state.players[0].row[0] = Holding(number, side=0)
    return state


def test_every_hacendado_has_a_loyalist_ability() -> None:
    for printed in CARDS:
        if printed.card_type is CardType.HACENDADO:
            loyalist = printed.sides[0]
            assert loyalist.abilities and loyalist.abilities[0].modifiers, printed.name


def test_a_purchase_discount_holds_on_the_loyalist_side_only() -> None:
    state = _with_hacendado("Chihuahua Silver Baron")
    mine = next(c.number for c in CARDS if Family.MINE in c.family)
    state.market[0][4] = mine  # the column costing 8
    assert market.purchase_cost(state, 0, 0, 4) == 4
    assert market.purchase_cost(state, 1, 0, 4) == 8  # not for the opponent
    losses.flip_hacendado(state, 0, 1)
    assert market.purchase_cost(state, 0, 0, 4) == 8


def test_the_market_cards_offered_are_priced_as_the_player_pays_them() -> None:
    """Reyes (Loyalist) buys troops at half price: a troop in the column costing 8 is offered to
    him with 4 gold, not to his opponent with as much."""
    state = _with_hacendado("Bernardo Reyes")
    baron = next(c.number for c in CARDS if c.name == "Sonora Cattle Baron")  # no price changed
    state.players[1].row[0] = Holding(baron, side=0)
    troop = next(c.number for c in CARDS if c.card_type is CardType.TROOP)
    state.market = [[None] * len(row) for row in state.market]
    state.market[0][4] = troop  # the column costing 8
    state.players[0].gold = state.players[1].gold = 4
    state.players[0].hand = state.players[1].hand = []
    assert market.buyable(state, 0) == [(0, 4)]
    assert market.buyable(state, 1) == []


def test_boss_shepherd_buys_american_enterprises_at_half_price() -> None:
    state = _with_hacendado("Boss Shepherd")
    american = next(
        c.number for c in CARDS if c.card_type is CardType.ENTERPRISE and c.district is District.AMERICA
    )
    elsewhere = next(
        c.number for c in CARDS if c.card_type is CardType.ENTERPRISE and c.district is District.SONORA
    )
    state.market[0][5], state.market[1][5] = american, elsewhere  # the columns costing 16
    assert market.purchase_cost(state, 0, 0, 5) == 8
    assert market.purchase_cost(state, 0, 1, 5) == 16


def test_the_landowner_polices_for_one_gold() -> None:
    state = _with_hacendado("Hill Country Landowner")
    assert actions.police_cost(state, 0, None) == 1
    assert actions.police_cost(state, 1, None) == 3
