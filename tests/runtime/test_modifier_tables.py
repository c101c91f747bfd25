"""Pax Porfiriana keeps the modifiers in effect in tables while the cards in effect stay the same
(`hooks._table_of`): every change to what is in effect is seen at the next question, and a
question asked twice with nothing changed finds the same table."""

from __future__ import annotations

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import CardType, Family, PurchaseCost
from paxc.runtime.porfiriana import actions, hooks, losses, market
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState

EIGHT = COLUMN_COSTS.index(8)


def _state(discount: str) -> tuple[PorfirianaState, int]:
    """Two players, the first with the Hacendado giving `discount` on its Loyalist side, a mine
    in the market's column costing 8."""
    state = new_state({"players": 2}, seed=1)
    number = next(c.number for c in CARDS if c.name == discount)
    state.players[0].row[0] = Holding(number, side=0)
    state.market[0][EIGHT] = next(c.number for c in CARDS if Family.MINE in c.family)
    return state, number


def test_a_modifier_follows_its_card_in_and_out_of_effect() -> None:
    state, baron = _state("Chihuahua Silver Baron")  # mines at half price
    assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    assert hooks._table_of(state) is hooks._table_of(state)  # nothing changed: the same table
    state.players[0].row[0].unrest = 1  # unrest switches a card's abilities off
    assert market.purchase_cost(state, 0, 0, EIGHT) == 8
    state.players[0].row[0].unrest = 0
    assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    losses.flip_hacendado(state, 0, 1)  # the Loyalist side, and its ability, gone
    assert market.purchase_cost(state, 0, 0, EIGHT) == 8
    state.players[0].row[0].side = 0
    assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    # the card passes to the other player, whose purchases it now serves
    held = state.players[0].row[0]
    state.players[0].row[0] = Holding(next(c.number for c in CARDS if c.name == "Boss Shepherd"), side=0)
    state.players[1].row.append(held)
    assert market.purchase_cost(state, 0, 0, EIGHT) == 8
    assert market.purchase_cost(state, 1, 0, EIGHT) == 4
    assert baron == held.number


def test_a_listing_answers_as_the_questions_outside_it() -> None:
    state, _ = _state("Chihuahua Silver Baron")
    state.players[0].gold = 4
    left = state.turn.actions_left
    with hooks.listing(state):
        inside = actions._listed(state, 0, left, actions.extra_kinds(state, 0)).options
        assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    assert inside == actions._listed(state, 0, left, actions.extra_kinds(state, 0)).options
    assert actions.Buy(0, EIGHT) in inside  # affordable only at the Hacendado's price


def test_a_copy_of_the_state_has_tables_of_its_own() -> None:
    state, _ = _state("Chihuahua Silver Baron")
    assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    copy = state.copy()
    copy.players[0].row[0].unrest = 1
    assert market.purchase_cost(copy, 0, 0, EIGHT) == 8
    assert market.purchase_cost(state, 0, 0, EIGHT) == 4
    copy.players[0].row[0].unrest = 0
    assert market.purchase_cost(copy, 0, 0, EIGHT) == 4
    (ctx, _), *_ = hooks._applying_now(copy, PurchaseCost)
    assert ctx.state is copy  # its modifiers run on the copy


def test_cards_played_into_a_row_are_seen() -> None:
    state, _ = _state("Boss Shepherd")  # no discount on mines
    assert market.purchase_cost(state, 0, 0, EIGHT) == 8
    teresa = next(c.number for c in CARDS if c.name == "Mystic Teresa Urrea")  # oranges cost nothing
    orange = next(c.number for c in CARDS if c.card_type is CardType.ORANGE)
    state.market[1][EIGHT] = orange
    assert market.purchase_cost(state, 0, 1, EIGHT) == 8
    state.players[0].row.append(Holding(teresa))
    assert market.purchase_cost(state, 0, 1, EIGHT) == 0
    state.players[0].row.pop()
    assert market.purchase_cost(state, 0, 1, EIGHT) == 8
