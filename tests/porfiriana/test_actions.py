"""Scenario tests of the actions of a turn (rules E) at their edges, written where mutation testing
(issue 34) found the other tests silent: exactly the gold an action costs, the last cube of the
supply, an oval of rail alone, police for less, the purchases of a turn counted, cube management
from and to a prestige stack or a Loyalty point (E9), what a sale and a public purchase tell, no
action told once the game is over, and why a card in hand is not offered (for the table). The
fixture cards are in tests/porfiriana/fixtures/action_cards.pax."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import (
    Action,
    Card,
    CardType,
    Connection,
    Family,
    PoliceCost,
    Prestige,
    PurchaseCost,
    Zone,
)
from paxc.runtime.porfiriana import actions, attacks
from paxc.runtime.porfiriana.actions import (
    Buy,
    BuyLand,
    BuyPublic,
    CubeSpot,
    PlayCard,
    Police,
    Sell,
    Speculate,
    Upgrade,
    on_market,
)
from paxc.runtime.porfiriana.state import COLUMN_COSTS, TOPPLES_IN_GAME, PorfirianaState
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    cards,
    check_cubes,
    empty_state,
    find,
    hold,
    may,
    moves_told,
    named,
    put,
    put_troop,
    seat,
    seat_without,
    turn,
)

SHOP = find(
    CardType.ENTERPRISE,
    lambda c: (
        c.family in ((), (Family.RANCH,), (Family.PLANTATION,)) and not c.prestige and (c.income or 0) > 0
    ),
)
RANCH = find(CardType.ENTERPRISE, lambda c: c.family == (Family.RANCH,) and not c.prestige and c.income == 1)
# An enterprise whose only oval is the rail one (no mule oval before it).
RAIL_ONLY = find(
    CardType.ENTERPRISE, lambda c: c.upgrade_mule_cost is None and c.upgrade_rail_cost is not None
)
MINE = find(CardType.ENTERPRISE, lambda c: c.family == (Family.MINE,) and not c.prestige)
LOYAL_SHOP = find(
    CardType.ENTERPRISE, lambda c: not c.family and c.prestige == (Prestige.LOYALTY,) and (c.income or 0) > 0
)
LOYAL_PARTNER = find(
    CardType.PARTNER, lambda c: c.prestige == (Prestige.LOYALTY,) and not c.family and not c.extra_action
)
HEADLINE = find(CardType.HEADLINE, lambda c: True)
TOPPLE = find(CardType.TOPPLE, lambda c: True)
TROOP = find(CardType.TROOP, lambda c: c.district is None or c.district is MINE.district)
ENTERPRISES = [c.number for c in cards(CardType.ENTERPRISE)][:6]


def new(action_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(action_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def use_every_cube(state: PorfirianaState, player: int) -> None:
    """Pile the rest of the player's supply on their Hacendado as income cubes."""
    me = state.players[player]
    me.row[0].income += me.cubes
    me.cubes = 0


# ---------------------------------------------------------------------- the gold it costs


def test_land_is_bought_with_exactly_the_gold_it_costs() -> None:
    # E6: the cost is the cubes already there, one income cube on a new ranch.
    state = empty_state(gold=1)
    turn(state, 0)
    held = put(state, 0, RANCH.number)
    act(state, 0, BuyLand(RANCH.number))
    assert held.income == 2 and state.players[0].gold == 0
    check_cubes(state)


def test_a_connection_is_built_with_exactly_the_gold_of_its_oval_and_the_last_cube() -> None:
    # E7: the oval's cost in gold, and a cube of the player's own (E9: as long as they have cubes).
    cost = RAIL_ONLY.upgrade_rail_cost
    assert cost is not None
    state = empty_state(gold=cost)
    turn(state, 0)
    held = put(state, 1, RAIL_ONLY.number)
    me = state.players[0]
    me.row[0].income += me.cubes - 1
    me.cubes = 1  # the last cube of the supply
    assert may(state, 0, Upgrade(RAIL_ONLY.number, Connection.RAIL, cost))
    act(state, 0, Upgrade(RAIL_ONLY.number, Connection.RAIL, cost))
    assert (held.connection_owner, held.connection_level) == (0, Connection.RAIL)
    assert me.gold == 0 and me.cubes == 0
    check_cubes(state)


def test_police_costs_exactly_three_gold() -> None:
    state = empty_state(gold=3)
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    held = put(state, 0, SHOP.number, unrest=1)
    act(state, 0, Police(SHOP.number))
    assert held.unrest == 0 and state.players[0].gold == 0


def test_police_where_troops_are_present_needs_no_gold_at_all() -> None:
    state = empty_state(gold=0)
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    held = put(state, 0, MINE.number, unrest=1)
    put_troop(state, 0, TROOP.number, on=held.number)
    act(state, 0, Police(MINE.number))
    assert held.unrest == 0 and state.players[0].gold == 0


def test_the_landowner_polices_and_leaves_jail_for_one_gold() -> None:
    # His Loyalist ability: police costs him at most 1 (cards/porfiriana/reconstructed/hacendados.pax).
    state = empty_state(gold=1)
    seat(state, 0, named("Hill Country Landowner"))
    turn(state, 0)
    held = put(state, 0, SHOP.number, unrest=1)
    act(state, 0, Police(SHOP.number))
    assert held.unrest == 0 and state.players[0].gold == 0
    state.players[0].gold = 1
    state.players[0].jailed = True
    act(state, 0, Police(None))
    assert not state.players[0].jailed and state.players[0].gold == 0


def test_a_police_action_made_cheaper_than_nothing_costs_nothing(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card may lower the police cost below zero (3 less 5): the action then costs nothing,
    and pays the player nothing (as every other price, never below 0)."""
    friends = new(action_cards, 9164, monkeypatch)
    state = empty_state(gold=0)
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    put(state, 0, friends.number)
    held = put(state, 0, SHOP.number, unrest=1)
    assert actions.police_cost(state, 0, held) == 0
    act(state, 0, Police(SHOP.number))
    assert held.unrest == 0 and state.players[0].gold == 0


# ---------------------------------------------------------------------- extra actions


def test_an_extra_action_serves_one_action_of_its_kind_and_land_takes_two() -> None:
    # E6: buying land takes two actions; a partner's extra land action is one of them (glossary:
    # Extra Action), so with no base action left there is no land to buy.
    partner = find(CardType.PARTNER, lambda c: c.extra_action is Action.BUY_LAND)
    state = empty_state()
    turn(state, 0)
    put(state, 0, partner.number)
    held = put(state, 0, RANCH.number)
    state.turn.actions_left = 0
    assert not may(state, 0, BuyLand(RANCH.number))
    state.turn.actions_left = 1
    act(state, 0, BuyLand(RANCH.number))
    assert held.income == 2 and state.turn.actions_left == 0


def test_an_extra_action_to_play_a_card_plays_one_with_no_action_left(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    impresario = new(action_cards, 9163, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, impresario.number)
    hold(state, 0, SHOP.number, RANCH.number)
    state.turn.actions_left = 0
    act(state, 0, PlayCard(SHOP.number))
    assert SHOP.number in [h.number for h in state.players[0].row]
    assert not may(state, 0, PlayCard(RANCH.number))  # one extra play a turn


# ---------------------------------------------------------------------- market purchases (E2)


def test_the_purchases_of_a_turn_are_counted_as_they_are_made() -> None:
    # E2: two market purchases a turn at most, whatever actions are left (abilities may give more:
    # `actions_per_turn`).
    state = empty_state(gold=50)
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    state.turn.actions_left = 6
    state.market[0][:3] = ENTERPRISES[:3]
    act(state, 0, Buy(0, 0))
    act(state, 0, Buy(0, 1))
    assert state.turn.actions_left == 6 - 1 - 2
    assert not may(state, 0, Buy(0, 2))


# ---------------------------------------------------------------------- what actions tell


def test_a_card_sold_from_hand_is_told_moved_from_the_hand_to_the_discard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = moves_told(monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, SHOP.number)
    act(state, 0, Sell(SHOP.number))
    assert told == [(SHOP.number, Zone.HAND, Zone.DISCARD, 0, 0), (SHOP.number, Zone.HAND, 0)]


def test_a_public_card_hears_its_own_purchase(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # E3: a public card is played at once: its text is part of its purchase.
    patron = new(action_cards, 9160, monkeypatch)
    state = empty_state(gold=10)
    turn(state, 0)
    state.public.append(patron.number)
    act(state, 0, BuyPublic(patron.number, 0))
    assert state.players[0].gold == 10 - 6 + 2
    assert patron.number in [h.number for h in state.players[0].row]


def test_an_action_ending_the_game_is_told_to_nobody(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    expert = new(action_cards, 9161, monkeypatch)
    state = empty_state(gold=10)
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    put(state, 0, expert.number)
    state.market[0][0] = ENTERPRISES[0]
    act(state, 0, Buy(0, 0))
    assert state.players[0].gold == 10 + 1  # told after an action
    state.topples = TOPPLES_IN_GAME - 1
    state.market[0][1] = TOPPLE.number
    act(state, 0, Buy(0, 1), then_first=True)  # the fourth topple: the game ends with it
    assert state.over
    assert state.players[0].gold == 10 + 1 - COLUMN_COSTS[1]  # nothing after the end


# ---------------------------------------------------------------------- cube management (E9)


def test_with_every_cube_in_use_an_income_cube_leaves_a_ranch_bare() -> None:
    state = empty_state()
    turn(state, 0)
    ranch = put(state, 0, RANCH.number)
    use_every_cube(state, 0)
    state.market[0][1] = HEADLINE.number
    act(state, 0, Speculate(on_market(HEADLINE.number), CubeSpot("income", RANCH.number)))
    assert ranch.income == 0 and state.speculation == {HEADLINE.number: 0}
    check_cubes(state)


def test_with_every_cube_in_use_a_pax_prestige_cube_may_move_to_the_market() -> None:
    # E9, cube management: a prestige cube is one of the cubes that may move.
    state = empty_state()
    turn(state, 0)
    loyal = put(state, 0, LOYAL_PARTNER.number)
    assert loyal.prestige_cubes == 1  # under the Pax
    use_every_cube(state, 0)
    state.market[0][1] = HEADLINE.number
    moved = Speculate(on_market(HEADLINE.number), CubeSpot("prestige", LOYAL_PARTNER.number))
    act(state, 0, moved)
    assert loyal.prestige_cubes == 0 and state.speculation == {HEADLINE.number: 0}
    check_cubes(state)


def test_with_every_cube_in_use_cubes_move_off_and_onto_the_prestige_stack() -> None:
    # The glossary (Prestige Cubes): under the Pax a Loyalty point in the prestige stack holds a
    # cube. No victim-awarded card of the deck shows Loyalty, so two such cards are put there.
    state = empty_state()
    me = state.players[0]
    me.prestige_stack += [LOYAL_SHOP.number, LOYAL_PARTNER.number]
    me.stack_prestige_cubes, me.cubes = 2, me.cubes - 2
    use_every_cube(state, 0)
    state.market[0][1:3] = [HEADLINE.number, SHOP.number]
    turn(state, 0)
    act(state, 0, Speculate(on_market(HEADLINE.number), CubeSpot("stack", 0)))
    act(state, 0, Speculate(on_market(SHOP.number), CubeSpot("stack", 0)))
    assert me.stack_prestige_cubes == 0 and state.speculation == {HEADLINE.number: 0, SHOP.number: 0}
    # now the stack's Loyalty points are short of their cubes: cubes may go back there
    turn(state, 0)
    back = Speculate(CubeSpot("stack", 0), on_market(HEADLINE.number))
    assert may(state, 0, back)
    act(state, 0, back)
    act(state, 0, Speculate(CubeSpot("stack", 0), on_market(SHOP.number)))
    assert me.stack_prestige_cubes == 2 and state.speculation == {}
    check_cubes(state)


def test_only_places_short_of_a_cube_take_one_an_extortion_cube_counting() -> None:
    # E9: with every cube in use, a cube goes only where one is missing: a mine whose income and
    # extortion cubes make the regime's value is full, and so is a Loyalty point holding its cube.
    state = empty_state()
    turn(state, 0)
    mine = put(state, 0, MINE.number)
    put_troop(state, 1, TROOP.number, on=mine.number)
    assert (mine.income, mine.extortion) == (1, 1)  # two cubes: the Pax's mine value
    put(state, 0, LOYAL_PARTNER.number)
    use_every_cube(state, 0)
    state.market[0][1] = HEADLINE.number
    offered = actions.speculation_options(state, 0)
    assert {o.target for o in offered} == {on_market(HEADLINE.number)}
    assert all(o.target != o.source for o in offered)  # a cube never moves to where it is


def test_with_every_cube_in_use_a_cube_may_move_between_two_places_of_one_card() -> None:
    state = empty_state()
    turn(state, 0)
    loyal = put(state, 0, LOYAL_SHOP.number)
    loyal.prestige_cubes -= 1  # its Loyalty point short of its cube (its Pax cube taken away)
    state.players[0].cubes += 1
    use_every_cube(state, 0)
    act(state, 0, Speculate(CubeSpot("prestige", LOYAL_SHOP.number), CubeSpot("income", LOYAL_SHOP.number)))
    assert loyal.prestige_cubes == 1 and loyal.income == (LOYAL_SHOP.income or 0) - 1
    check_cubes(state)


def test_with_one_cube_left_the_cube_comes_from_the_supply() -> None:
    state = empty_state()
    turn(state, 0)
    use_every_cube(state, 0)
    state.players[0].row[0].income -= 1
    state.players[0].cubes = 1
    state.market[0][1] = HEADLINE.number
    act(state, 0, Speculate(on_market(HEADLINE.number)))
    assert state.players[0].cubes == 0 and state.speculation == {HEADLINE.number: 0}
    check_cubes(state)


# ---------------------------------------------------------------------- why a card is not offered


def test_the_table_is_told_why_a_card_in_hand_is_not_offered() -> None:
    state = empty_state()
    turn(state, 0)
    black = find(
        CardType.BLACK,
        lambda c: not c.family and attacks.black_actions(state, c.number) == 2,
    )
    looting = named("Looting")  # no enterprise in play to strike
    hold(state, 0, SHOP.number, black.number, looting.number)
    state.turn.actions_left = 1
    offered = actions.options(state, 0)
    assert PlayCard(SHOP.number) in offered and PlayCard(black.number) not in offered
    assert actions.missing(state, 0, offered) == [
        f"playing {black.name}: it takes 2 actions, 1 left",
        "playing Looting: there is no enterprise it may strike (not your own in unrest)",
    ]
    state.turn.actions_left = 0
    assert (
        actions.missing(state, 0, actions.options(state, 0))[0]
        == f"playing {SHOP.name}: it takes 1 action, 0 left"
    )
    # only at the choice of an action
    assert actions.missing(state, 0, [PlayCard(SHOP.number)]) == []


def test_the_table_lists_the_speculations_as_one_line() -> None:
    assert actions.group(Speculate(on_market(HEADLINE.number))) == "speculate"
    assert actions.group(Sell(SHOP.number)) is None


def test_the_actions_a_card_would_take_are_its_players(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Court Clerk (fixture): his owner's black cards take one action, off their regime too.
    clerk = new(action_cards, 9162, monkeypatch)
    state = empty_state()
    turn(state, 0)
    black = find(
        CardType.BLACK,
        lambda c: not c.family and attacks.black_actions(state, c.number) == 2,
    )
    put(state, 0, clerk.number)
    hold(state, 0, black.number)
    state.turn.actions_left = 0
    assert actions.missing(state, 0, actions.options(state, 0)) == [
        f"playing {black.name}: it takes 1 action, 0 left"
    ]
