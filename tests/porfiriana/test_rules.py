"""Scenario tests for the Pax Porfiriana rules other than economy, troops and attacks: the
sequence of play (chapter D), market and public purchases, police and extra actions (E),
partners and newspapers, headlines, strife, and the cards the rules name (glossary)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    Connection,
    District,
    Faction,
    Family,
    MarketSignal,
    PoliceCost,
    Prestige,
    PurchaseCost,
    Regime,
    Zone,
)
from paxc.runtime.core.session import Session
from paxc.runtime.effects import Choice
from paxc.runtime.porfiriana import economy, game_rules, hooks, market, prestige, rules, setup, strife
from paxc.runtime.porfiriana.actions import (
    Buy,
    BuyPublic,
    EndTurn,
    PlayCard,
    Police,
    Sell,
    Speculate,
    Upgrade,
    on_market,
)
from paxc.runtime.porfiriana.game_rules import PorfirianaRules
from paxc.runtime.porfiriana.state import HAND_LIMIT, TOPPLES_IN_GAME, PorfirianaState, Side, card
from paxc.runtime.porfiriana.troops import destinations
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    cards,
    check_cubes,
    drive,
    empty_state,
    find,
    flip,
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


def partners(faction: Faction, count: int) -> list[Card]:
    """Distinct partners of this colour with nothing but a prestige point."""
    found = cards(
        CardType.PARTNER,
        lambda c: c.faction is faction and not c.family and not c.extra_action and not c.strife,
    )
    assert len(found) >= count, f"only {len(found)} plain {faction} partners"
    return found[:count]


def troops(faction: Faction, count: int) -> list[Card]:
    found = cards(CardType.TROOP, lambda c: c.faction is faction)
    assert len(found) >= count
    return found[:count]


def shop(district: District | None = None, exclude: tuple[int, ...] = ()) -> Card:
    """A plain enterprise (at most a ranch or plantation, no prestige) with income."""
    return find(
        CardType.ENTERPRISE,
        lambda c: (
            c.family in ((), (Family.RANCH,), (Family.PLANTATION,))
            and not c.prestige
            and (c.income or 0) > 0
            and (district is None or c.district is district)
        ),
        exclude=exclude,
    )


def bank(exclude: tuple[int, ...] = ()) -> Card:
    return find(CardType.ENTERPRISE, lambda c: c.family == (Family.BANK,) and not c.prestige, exclude=exclude)


SHOP = shop()
SHOP_2 = shop(exclude=(SHOP.number,))
SONORA = shop(District.SONORA)
CHIHUAHUA = shop(District.CHIHUAHUA)
AMERICA = shop(District.AMERICA)
ENTERPRISES = [c.number for c in cards(CardType.ENTERPRISE)][:6]
TO_ANARCHY = find(CardType.HEADLINE, lambda c: c.regime_change is Regime.ANARCHY)
# A headline whose strife is between the two factions with the most partners.
REBEL_LOCAL = find(CardType.HEADLINE, lambda c: set(c.strife) == {Faction.REBEL, Faction.LOCAL})
BEARS = [c.number for c in cards(CardType.HEADLINE, lambda c: c.signal is MarketSignal.BEAR)]
BULLS = [c.number for c in cards(CardType.HEADLINE, lambda c: c.signal is MarketSignal.BULL)]
TOPPLE = find(CardType.TOPPLE, lambda c: True)
ORANGE = find(CardType.ORANGE, lambda c: c.district is None and c.regime_change is None)
MONEY_TROOP = find(CardType.TROOP, lambda c: c.faction is Faction.LOCAL and c.district is District.SONORA)
US, REBEL, LOCAL, FEDERAL = (
    partners(f, 1)[0] for f in (Faction.US, Faction.REBEL, Faction.LOCAL, Faction.FEDERAL)
)
IMMUNE_TO_NATIONALIZATION = find(CardType.PARTNER, lambda c: Family.IMMUNE_TO_NATIONALIZATION in c.family)


def in_market(state: PorfirianaState, numbers: list[int], row: int = 0) -> None:
    for column, number in enumerate(numbers):
        state.market[row][column] = number


def hand_full(state: PorfirianaState, player: int) -> None:
    hold(state, player, *[c.number for c in cards(CardType.BLACK)][:HAND_LIMIT])


def choosers(asked: list[Choice[Any]], prompt: str) -> list[int]:
    return [c.chooser for c in asked if c.prompt.startswith(prompt)]


STRIFE = "Strife"


# ---------------------------------------------------------------------- market purchases (E2)


def test_a_market_card_costs_what_its_column_says_and_goes_to_the_hand() -> None:
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    in_market(state, ENTERPRISES)
    assert [market.purchase_cost(state, 0, 0, column) for column in range(6)] == [0, 1, 2, 4, 8, 16]
    act(state, 0, Buy(0, 3))
    assert state.players[0].gold == 26 and state.players[0].hand == [ENTERPRISES[3]]
    assert state.market[0][3] is None  # the space stays empty until the refill
    assert state.turn.actions_left == 2


def test_a_card_bought_into_the_hand_is_told_moved_from_the_market_to_the_buyers_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = moves_told(monkeypatch)
    state = empty_state()
    turn(state, 0)
    in_market(state, ENTERPRISES)
    act(state, 0, Buy(0, 3))
    assert told == [(ENTERPRISES[3], Zone.MARKET, Zone.HAND, 0, 0)]


def test_a_second_purchase_takes_two_actions() -> None:
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    in_market(state, ENTERPRISES)
    act(state, 0, Buy(0, 0))
    act(state, 0, Buy(0, 1))
    assert state.turn.actions_left == 0

    state = empty_state()
    turn(state, 0)
    in_market(state, ENTERPRISES)
    act(state, 0, Buy(0, 0))
    hold(state, 0, SHOP.number)
    act(state, 0, Sell(SHOP.number))
    assert not may(state, 0, Buy(0, 1))  # one action left


def test_no_more_than_two_market_purchases_a_turn() -> None:
    state = empty_state()
    turn(state, 0)
    in_market(state, ENTERPRISES)
    state.turn.market_purchases = 2
    assert not any(may(state, 0, Buy(0, column)) for column in range(6))


def test_at_the_hand_limit_only_play_immediately_cards_can_be_bought() -> None:
    state = empty_state(gold=50)
    turn(state, 0)
    hand_full(state, 0)
    in_market(state, [SHOP.number, TO_ANARCHY.number, TOPPLE.number])
    assert not may(state, 0, Buy(0, 0))
    assert may(state, 0, Buy(0, 1)) and may(state, 0, Buy(0, 2))
    assert may(state, 0, BuyPublic(state.public[0], 0))  # a public card never goes to the hand


def test_at_the_hand_limit_with_no_price_changed_only_play_immediately_cards_can_be_bought() -> None:
    # The same rule (E3) with no card in effect changing a price, the market then looked through
    # without asking any card: every seat has taken a stand, its Hacendado flipped to a Partner
    # orientation, so no Loyalist ability (each changes a price or a cost) is in effect.
    state = empty_state(gold=50)
    for player, me in enumerate(state.players):
        seat(state, player, card(me.hacendado.number), side=1)
    assert hooks.modifying(state, PurchaseCost) is None
    turn(state, 0)
    hand_full(state, 0)
    in_market(state, [SHOP.number, TO_ANARCHY.number, TOPPLE.number])
    assert market.buyable(state, 0) == [(0, 1), (0, 2)]
    assert not may(state, 0, Buy(0, 0))
    assert may(state, 0, Buy(0, 1)) and may(state, 0, Buy(0, 2))


def test_a_bought_headline_is_played_at_once_on_the_orientation_chosen() -> None:
    state = empty_state()
    turn(state, 0)
    in_market(state, [TO_ANARCHY.number])
    act(state, 0, Buy(0, 0), [True])  # its event
    assert state.regime_card.regime is Regime.ANARCHY
    assert state.bull_bear == [TO_ANARCHY.number] and state.players[0].hand == []

    state = empty_state()
    turn(state, 0)
    in_market(state, [TO_ANARCHY.number])
    act(state, 0, Buy(0, 0), [False])  # the status quo: nothing happens
    assert state.regime_card.regime is Regime.PAX
    assert state.bull_bear == [TO_ANARCHY.number]


def test_a_headlines_event_affects_the_players_from_the_buyers_left_the_buyer_last() -> None:
    state = empty_state()
    turn(state, 1)
    rebels, locals_ = partners(Faction.REBEL, 3), partners(Faction.LOCAL, 3)
    for player in range(3):
        put(state, player, rebels[player].number)
        put(state, player, locals_[player].number)
    in_market(state, [REBEL_LOCAL.number])
    asked = act(state, 1, Buy(0, 0), [True, Faction.REBEL, Faction.LOCAL, Faction.REBEL])
    assert choosers(asked, STRIFE) == [2, 0, 1]
    assert [len(p.row) for p in state.players] == [2, 2, 2]
    check_cubes(state)


def test_bernardo_reyes_buys_troops_at_half_price_and_a_speculator_gets_that_half() -> None:
    reyes = named("Bernardo Reyes")
    state = empty_state()
    turn(state, 0)
    state.players[0].row[0].number = reyes.number  # a Loyalist, with the ability
    dear, cheap = cards(CardType.TROOP)[:2]
    state.market[1][5], state.market[1][1], state.market[0][5] = dear.number, cheap.number, SHOP.number
    assert market.purchase_cost(state, 0, 1, 5) == 8
    assert market.purchase_cost(state, 0, 1, 1) == 1  # half of 1, rounded up
    assert market.purchase_cost(state, 0, 0, 5) == 16  # not a troop
    assert market.purchase_cost(state, 1, 1, 5) == 16  # nobody else's
    state.speculation[dear.number] = 2
    state.players[2].cubes -= 1
    act(state, 0, Buy(1, 5))
    assert state.players[0].gold == 22 and state.players[2].gold == 38
    check_cubes(state)


def test_reyes_buys_troops_at_full_price_once_flipped() -> None:
    reyes = named("Bernardo Reyes")
    state = empty_state()
    state.players[0].row[0].number = reyes.number
    state.market[0][4] = MONEY_TROOP.number
    assert market.purchase_cost(state, 0, 0, 4) == 4
    state.players[0].cubes += state.players[0].row[0].income
    state.players[0].row[0].income, state.players[0].row[0].side = 0, 1
    assert market.purchase_cost(state, 0, 0, 4) == 8


def test_mystic_teresa_urrea_lets_her_owner_buy_orange_cards_for_nothing() -> None:
    teresa = named("Mystic Teresa Urrea")
    assert (teresa.cost, teresa.prestige) == (6, (Prestige.REVOLUTION,))
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    put(state, 0, teresa.number)
    state.market[0][5] = ORANGE.number
    state.market[0][4] = SHOP.number
    assert market.purchase_cost(state, 0, 0, 5) == 0
    assert market.purchase_cost(state, 0, 0, 4) == 8
    assert market.purchase_cost(state, 1, 0, 5) == 16
    # bought for nothing: a speculator on the card gets nothing, but the cube goes home
    state.speculation[ORANGE.number] = 1
    state.players[1].cubes -= 1
    act(state, 0, Buy(0, 5))
    assert state.players[0].gold == 30 and state.players[1].gold == 30
    assert state.players[1].cubes == 13 and state.speculation == {}
    assert prestige.points(state, 0, Prestige.REVOLUTION) == 1


def test_buying_a_topple_card_starts_a_topple_and_it_ends_on_the_bull_bear_discard() -> None:
    killed = named("President Díaz Is Killed")
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    state.market[0][2] = killed.number
    act(state, 0, Buy(0, 2), then_first=True)  # nobody flips: nobody topples
    assert state.topples == 1 and not state.over
    assert state.bull_bear == [killed.number] and state.players[0].gold == 28


# ---------------------------------------------------------------------- public cards (E3)


def test_a_public_card_is_bought_for_its_cost_on_the_side_chosen() -> None:
    church = named("The Church")
    state = empty_state()
    turn(state, 0)
    state.turn.market_purchases = 2  # not a market card: still one action
    act(state, 0, BuyPublic(church.number, 0))
    assert state.players[0].gold == 30 - (church.cost or 0)
    assert church.number not in state.public and state.players[0].row[-1].side == 0
    assert prestige.points(state, 0, Prestige.REVOLUTION) == 1
    assert state.turn.actions_left == 2

    state = empty_state()
    turn(state, 0)
    act(state, 0, BuyPublic(church.number, 1))
    assert prestige.points(state, 0, Prestige.COMMAND) == 1
    assert prestige.points(state, 0, Prestige.REVOLUTION) == 0


def test_teddy_roosevelt_changes_the_regime_then_brings_a_red_blue_strife() -> None:
    # The glossary: for 18 gold, card 215 on its Roosevelt side turns the regime to U.S.
    # Intervention, then every player with red and blue cards discards one colour.
    teddy = named("Teddy Roosevelt")
    assert teddy.number == 215 and teddy.cost == 18
    state = empty_state()
    turn(state, 0)
    put(state, 0, REBEL.number)
    rebel_2 = partners(Faction.REBEL, 2)[1]
    put(state, 1, rebel_2.number)
    held = put(state, 1, SHOP.number)
    us_troop = find(CardType.TROOP, lambda c: c.faction is Faction.US)
    put_troop(state, 1, us_troop.number, on=held.number)
    regime_at_strife: list[Regime | None] = []

    def lose(faction: Faction) -> Any:
        def pick(option: object) -> bool:
            regime_at_strife.append(state.regime_card.regime)
            return option is faction

        return pick

    asked = act(state, 0, BuyPublic(teddy.number, 0), [lose(Faction.US), lose(Faction.REBEL)])
    assert choosers(asked, STRIFE) == [1, 0]
    assert regime_at_strife[0] is Regime.US_INTERVENTION  # the regime changed first
    assert state.regime_card.regime is Regime.US_INTERVENTION
    assert us_troop.number in state.discard and state.holding(rebel_2.number) is not None
    assert REBEL.number in state.discard and state.holding(teddy.number) == (0, state.players[0].row[-1])
    assert prestige.points(state, 0, Prestige.OUTRAGE) == 1


# ---------------------------------------------------------------------- partners


def test_a_newspapers_orientation_is_chosen_when_played_and_gives_its_colour_and_point() -> None:
    newspaper = find(CardType.PARTNER, lambda c: Family.NEWSPAPER in c.family)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, newspaper.number)
    act(state, 0, PlayCard(newspaper.number), [Side(newspaper.number, 1)])
    face = newspaper.sides[1]
    held = state.players[0].row[-1]
    assert held.side == 1 and held.face.faction is face.faction
    for kind in Prestige:
        assert prestige.points(state, 0, kind) == face.prestige.count(kind)
    assert state.players[0].gold == 30 - (newspaper.cost or 0)


def test_senator_fall_collects_what_opponents_pay_for_america_enterprises() -> None:
    # The glossary's monopoly example: an opponent pays 5 for African Ostrich Farm, Senator
    # Fall's owner collects 5; the owner playing it pays the bank and collects nothing.
    fall, farm = named("Senator Fall"), named("African Ostrich Farm")
    assert Family.MONOPOLY in fall.family and (farm.district, farm.cost) == (District.AMERICA, 5)
    state = empty_state()
    turn(state, 1)
    put(state, 0, fall.number)
    hold(state, 1, farm.number)
    act(state, 1, PlayCard(farm.number))
    assert (state.players[0].gold, state.players[1].gold) == (35, 25)

    state = empty_state()
    turn(state, 0)
    put(state, 0, fall.number)
    hold(state, 0, farm.number)
    act(state, 0, PlayCard(farm.number))
    assert state.players[0].gold == 25
    hold(state, 0, SONORA.number)
    act(state, 0, PlayCard(SONORA.number))  # not an America enterprise
    assert state.players[0].gold == 25 - (SONORA.cost or 0)


# ---------------------------------------------------------------------- police (E8)


def test_police_removes_an_unrest_disk_from_your_enterprise_for_three_gold() -> None:
    state = empty_state()
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    held = put(state, 0, SHOP.number, unrest=2)
    put(state, 1, SHOP_2.number, unrest=1)
    assert not may(state, 0, Police(SHOP_2.number))  # only your own enterprises
    act(state, 0, Police(SHOP.number))
    assert held.unrest == 1 and state.players[0].gold == 27


def test_police_is_free_where_troops_are_present_whoever_owns_them() -> None:
    state = empty_state()
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    held = put(state, 0, SONORA.number, unrest=1)
    put_troop(state, 1, MONEY_TROOP.number, on=held.number)
    act(state, 0, Police(SONORA.number))
    assert held.unrest == 0 and state.players[0].gold == 30


def test_police_is_free_under_martial_law() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)
    turn(state, 0)
    held = put(state, 0, SHOP.number, unrest=1)
    act(state, 0, Police(SHOP.number))
    assert held.unrest == 0 and state.players[0].gold == 30


def test_police_needs_the_gold_for_it() -> None:
    state = empty_state(gold=2)
    seat_without(state, 0, PoliceCost)
    turn(state, 0)
    put(state, 0, SHOP.number, unrest=1)
    assert not may(state, 0, Police(SHOP.number))


# ---------------------------------------------------------------------- extra actions


def test_henry_ford_lets_his_owner_sell_as_a_fourth_action() -> None:
    ford = named("Henry Ford")
    state = empty_state()
    turn(state, 0)
    put(state, 0, ford.number)
    hold(state, 0, SHOP.number, SHOP_2.number, ORANGE.number)
    state.turn.actions_left = 0  # three actions taken
    assert may(state, 0, Sell(SHOP.number))
    assert not may(state, 0, Speculate(on_market(SHOP.number)))
    act(state, 0, Sell(SHOP.number))
    assert not may(state, 0, Sell(SHOP_2.number))  # one extra sale a turn
    assert state.players[0].gold == 33


def test_henry_ford_gives_a_jailed_player_a_third_action_to_sell() -> None:
    ford = named("Henry Ford")
    state = empty_state()
    state.players[0].jailed = True
    put(state, 0, ford.number)
    hold(state, 0, SHOP.number, SHOP_2.number)
    turn(state, 0)
    assert state.turn.actions_left == 2
    hold(state, 0, ORANGE.number)
    for number in (SHOP.number, SHOP_2.number, ORANGE.number):
        act(state, 0, Sell(number))
    assert state.turn.actions_left == 0 and state.players[0].gold == 39
    hold(state, 0, SHOP.number)
    assert not may(state, 0, Sell(SHOP.number))


def test_the_extra_sale_is_spent_before_the_base_actions() -> None:
    # Decision (actions.spend): with one action left, a sale made with Henry Ford still leaves
    # that action for a purchase.
    ford = named("Henry Ford")
    state = empty_state()
    turn(state, 0)
    put(state, 0, ford.number)
    in_market(state, ENTERPRISES)
    hold(state, 0, SHOP.number)
    state.turn.actions_left = 1
    act(state, 0, Sell(SHOP.number))
    assert state.turn.actions_left == 1
    act(state, 0, Buy(0, 0))
    assert state.turn.actions_left == 0


def test_an_extra_action_partner_adds_an_action_of_its_kind_only() -> None:
    police_partner = find(
        CardType.PARTNER, lambda c: c.extra_action is not None and c.extra_action.value == "police"
    )
    state = empty_state()
    turn(state, 0)
    put(state, 0, police_partner.number)
    put(state, 0, SHOP.number, unrest=2)
    hold(state, 0, SHOP_2.number)
    state.turn.actions_left = 0
    assert may(state, 0, Police(SHOP.number)) and not may(state, 0, Sell(SHOP_2.number))
    act(state, 0, Police(SHOP.number))
    assert not may(state, 0, Police(SHOP.number))


# ---------------------------------------------------------------------- the end of a turn (D2-D4)


def test_headlines_in_the_zero_cost_column_go_to_the_bull_bear_discard_without_effect() -> None:
    state = empty_state()
    state.market[0][0] = TO_ANARCHY.number
    state.market[1][0] = SHOP.number
    state.market[0][1] = BEARS[0]  # not in the zero-cost column: it stays
    state.speculation[TO_ANARCHY.number] = 2
    state.players[2].cubes -= 1
    drive(market.discard_headlines(state, 0), [])
    assert state.bull_bear == [TO_ANARCHY.number] and state.market[0][0] is None
    assert state.market[1][0] == SHOP.number and state.market[0][1] == BEARS[0]
    assert state.regime_card.regime is Regime.PAX  # no effect
    assert state.speculation == {} and state.players[2].cubes == 13


def test_the_active_player_orders_headlines_discarded_together() -> None:
    state = empty_state()
    state.market[0][0] = BEARS[0]
    state.market[1][0] = BULLS[0]
    state.bull_bear = [BEARS[1]]
    asked = drive(market.discard_headlines(state, 2), [lambda o: o[1] == BULLS[0]])
    assert asked[0].chooser == 2
    assert state.bull_bear == [BEARS[1], BULLS[0], BEARS[0]] and not state.depression

    state = empty_state()
    state.market[0][0] = BEARS[0]
    state.market[1][0] = BULLS[0]
    state.bull_bear = [BEARS[1]]
    drive(market.discard_headlines(state, 2), [lambda o: o[1] == BEARS[0]])
    assert state.depression  # a bear straight on a bear


def test_the_refill_slides_each_row_towards_the_zero_column_and_draws_the_rest() -> None:
    numbers = [c.number for c in cards(CardType.ENTERPRISE)]
    a, b, c = numbers[:3]
    deck = numbers[3:15]
    state = empty_state()
    state.market[0] = [None, a, None, b, None, None]
    state.market[1] = [None, None, None, None, None, c]
    state.deck = list(deck)
    market.refill(state)
    assert state.market[0][:2] == [a, b] and state.market[1][0] == c
    drawn = [n for row in state.market for n in row if n is not None and n not in (a, b, c)]
    assert sorted(drawn) == sorted(deck[:9]) and state.deck == deck[9:]
    assert all(n is not None for row in state.market for n in row)


def test_a_turn_ends_with_the_headline_discard_the_refill_and_income() -> None:
    state = empty_state()
    state.market[0][0] = BEARS[0]
    state.market[0][1] = SHOP.number
    state.deck = [c.number for c in cards(CardType.ENTERPRISE)][10:30]
    put(state, 0, SHOP_2.number)
    income = economy.income(state, 0)
    drive(game_rules.take_turn(state, 0), [EndTurn()])
    assert state.bull_bear == [BEARS[0]]
    assert state.market[0][0] == SHOP.number
    assert all(n is not None for row in state.market for n in row)
    assert state.players[0].gold == 30 + income and state.players[1].gold == 30


def test_a_game_tells_its_deck_order_once_and_passes_the_turn_clockwise() -> None:
    """The shuffled deck is the game's one draw at the start (the log shows it); then each
    player passes the turn to the player on their left (rules D)."""
    options = {"players": 3}
    deck = setup.new_state(options, seed=3).deck
    session = Session(PorfirianaRules(), options, seed=3)
    told = ["deck order: " + " ".join(map(str, deck))]
    assert session.chance == told
    first = session.current_player()
    players: list[int] = []
    while len(players) < 4:
        pending = session.pending
        assert pending is not None
        if pending.prompt.startswith("Take an action"):
            players.append(session.current_player())
            assert isinstance(pending.options[0], EndTurn)
        session.apply_action(0)  # end the turn (or the first answer to anything else)
    assert players == [(first + step) % 3 for step in range(4)]
    assert session.chance == told  # told once, not at every turn


def test_the_player_whose_turn_ends_orders_the_headlines_discarded() -> None:
    state = empty_state()
    state.market[0][0] = BEARS[0]
    state.market[1][0] = BULLS[0]
    asked = drive(game_rules.take_turn(state, 2), [EndTurn(), lambda o: o[1] == BULLS[0]])
    assert choosers(asked, "Which headline") == [2]
    assert state.bull_bear == [BULLS[0], BEARS[0]]


def test_each_card_the_refill_draws_is_told_moved_from_the_deck_to_the_market(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    crier: Card = flow_cards.CARD_9120
    join_game(crier, monkeypatch)
    state = empty_state()
    put(state, 1, crier.number)
    state.market[0][0] = SHOP.number  # already there: slid, not drawn
    state.deck = [c.number for c in cards(CardType.ENTERPRISE)][10:30]
    drive(game_rules.take_turn(state, 0), [EndTurn()])
    assert state.players[1].gold == 30 + 11  # eleven drawn into twelve spaces


def test_a_turn_in_which_the_game_ends_tells_no_end_of_turn(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    bell: Card = flow_cards.CARD_9121
    join_game(bell, monkeypatch)
    state = empty_state()
    put(state, 1, bell.number)
    drive(game_rules.take_turn(state, 0), [EndTurn()])
    assert state.players[1].gold == 30 + 1  # heard at the end of a turn
    state.topples = TOPPLES_IN_GAME - 1
    state.market[0][0] = TOPPLE.number  # discarded at the end of the turn: the fourth, and the end
    drive(game_rules.take_turn(state, 0), [EndTurn()])
    assert state.over and state.players[1].gold == 30 + 1


def test_an_ability_may_leave_a_turn_with_no_action(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    gout: Card = flow_cards.CARD_9122
    join_game(gout, monkeypatch)
    state = empty_state()
    put(state, 0, gout.number)
    hold(state, 0, SHOP.number)  # nothing to do it with
    asked = drive(rules.action_phase(state, 0), [EndTurn()])
    assert asked[0].options == (EndTurn(),) and state.turn.actions_left == 0


def test_a_player_leaving_jail_on_a_turn_begun_there_gets_the_third_action_back() -> None:
    state = empty_state()
    state.players[0].jailed = True
    drive(rules.action_phase(state, 0), [Police(None), EndTurn()])
    assert not state.players[0].jailed
    assert state.turn.actions_left == 2  # two actions, one spent to get out, the third back


# ---------------------------------------------------------------------- strife


def test_in_a_strife_each_player_with_both_factions_discards_one() -> None:
    state = empty_state()
    rebels, locals_ = partners(Faction.REBEL, 2), partners(Faction.LOCAL, 2)
    local_troops = troops(Faction.LOCAL, 1)
    put(state, 0, rebels[0].number)
    put(state, 0, locals_[0].number)
    held = put(state, 1, SONORA.number)
    put(state, 1, rebels[1].number)
    put_troop(state, 1, local_troops[0].number, on=held.number)
    put(state, 2, locals_[1].number)  # one faction only: untouched
    asked = drive(strife.strife(state, 0, (Faction.REBEL, Faction.LOCAL)), [Faction.LOCAL, Faction.REBEL])
    assert [c.chooser for c in asked] == [1, 0]  # from the left of the cause, the cause last
    assert local_troops[0].number in state.discard and held.troop is None
    assert rebels[0].number in state.discard and state.holding(locals_[0].number) is not None
    assert state.holding(locals_[1].number) is not None and state.holding(rebels[1].number) is not None
    check_cubes(state)


def test_a_troop_discarded_in_a_strife_is_told_discarded_from_its_owners_troops(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    widows: Card = flow_cards.CARD_9126  # gains 1 when one of its owner's troops is discarded
    join_game(widows, monkeypatch)
    state = empty_state()
    turn(state, 0)  # player 0 causes the strife: the troop's owner is another player
    put(state, 1, widows.number)
    put(state, 1, REBEL.number)
    held = put(state, 1, SONORA.number)
    troop = troops(Faction.LOCAL, 1)[0]
    put_troop(state, 1, troop.number, on=held.number)
    drive(strife.strife(state, 0, (Faction.REBEL, Faction.LOCAL)), [Faction.LOCAL])
    assert troop.number in state.discard and state.players[1].gold == 30 + 1


def test_a_flipped_hacendados_faction_is_never_the_one_discarded() -> None:
    state = empty_state()
    flip(state, 1, Faction.LOCAL)
    put(state, 1, REBEL.number)
    asked = drive(strife.strife(state, 0, (Faction.REBEL, Faction.LOCAL)), [])
    assert asked == [] and REBEL.number in state.discard


def test_the_lusitania_example_a_blue_partner_or_two_white_troops() -> None:
    lusitania = named("The Lusitania is torpedoed")
    assert set(lusitania.strife) == {Faction.LOCAL, Faction.US}
    white = troops(Faction.LOCAL, 2)

    def arrange(state: PorfirianaState) -> None:
        turn(state, 0)
        put(state, 0, US.number)
        for troop, enterprise in zip(white, (SHOP.number, SHOP_2.number), strict=True):
            put(state, 0, enterprise)
            put_troop(state, 0, troop.number, on=enterprise)
        state.market[0][0] = lusitania.number

    state = empty_state()
    arrange(state)
    act(state, 0, Buy(0, 0), [True, Faction.LOCAL])
    assert all(t.number in state.discard for t in white) and state.holding(US.number) is not None

    state = empty_state()
    arrange(state)
    flip(state, 0, Faction.US)  # flipped to the blue side: the white troops must go
    asked = act(state, 0, Buy(0, 0), [True])
    assert choosers(asked, STRIFE) == []
    assert all(t.number in state.discard for t in white)


# ---------------------------------------------------------------------- named cards


def test_a_rebel_governor_nationalizes_its_district_and_bars_its_flag() -> None:
    governor = named("Rebel Governor (Sonora)")
    assert governor.district is District.SONORA and set(governor.strife) == {Faction.REBEL, Faction.LOCAL}
    state = empty_state()
    turn(state, 0)
    put(state, 0, SONORA.number)  # the player's own Sonora enterprise goes as well
    theirs = put(state, 1, shop(District.SONORA, exclude=(SONORA.number,)).number)
    put_troop(state, 2, MONEY_TROOP.number, on=theirs.number)
    put(state, 1, CHIHUAHUA.number)
    sheltered = find(
        CardType.ENTERPRISE,
        lambda c: c.district is District.SONORA and c.number not in (SONORA.number, theirs.number),
    )
    put(state, 2, sheltered.number)
    put(state, 2, IMMUNE_TO_NATIONALIZATION.number)
    hold(state, 0, governor.number)
    act(state, 0, PlayCard(governor.number))  # player 2 cannot retreat a white troop: discarded
    assert state.holding(SONORA.number) is None and state.holding(theirs.number) is None
    assert MONEY_TROOP.number in state.discard
    assert state.holding(CHIHUAHUA.number) is not None
    assert state.holding(sheltered.number) is not None  # its owner is immune
    # while the governor is in play, no card with the Sonora flag can be played
    sonora_card = shop(District.SONORA, exclude=(SONORA.number, theirs.number, sheltered.number))
    other = shop(District.CHIHUAHUA, exclude=(CHIHUAHUA.number,))
    hold(state, 1, sonora_card.number, other.number)
    turn(state, 1)
    assert not may(state, 1, PlayCard(sonora_card.number))
    assert may(state, 1, PlayCard(other.number))
    turn(state, 0)
    act(state, 0, Sell(governor.number))  # the civil war ends
    turn(state, 1)
    assert may(state, 1, PlayCard(sonora_card.number))
    check_cubes(state)


def test_a_rebel_governor_brings_a_red_white_strife() -> None:
    governor = named("Rebel Governor (Chihuahua)")
    state = empty_state()
    turn(state, 0)
    put(state, 1, partners(Faction.REBEL, 2)[1].number)
    put(state, 1, LOCAL.number)
    hold(state, 0, governor.number)
    asked = act(state, 0, PlayCard(governor.number), [Faction.LOCAL])
    assert choosers(asked, STRIFE) == [1]
    assert LOCAL.number in state.discard


def test_mexican_central_bank_proposed_as_the_rules_resolve_it() -> None:
    # Every player loses half their gold (rounded up), every bank is nationalized, a U.S.-federal
    # strife, and the regime turns to the Pax. The rules' player with a blue partner immune to
    # nationalization, federal cards and a bank keeps the bank and discards one of the colours.
    central_bank = named("Mexican Central Bank Proposed")
    assert central_bank.number == 117
    state = empty_state(regime=Regime.ANARCHY)
    turn(state, 0)
    immune_blue = find(
        CardType.PARTNER, lambda c: Family.IMMUNE_TO_NATIONALIZATION in c.family and c.faction is Faction.US
    )
    put(state, 1, immune_blue.number)
    put(state, 1, FEDERAL.number)
    kept = put(state, 1, bank().number)
    put(state, 2, bank(exclude=(kept.number,)).number)
    state.players[0].gold, state.players[1].gold, state.players[2].gold = 9, 31, 1
    state.market[0][1] = central_bank.number
    act(state, 0, Buy(0, 1), [True, Faction.FEDERAL])
    assert [p.gold for p in state.players] == [(9 - 1) // 2, 15, 0]
    assert state.holding(kept.number) is not None and kept.income == 3  # Pax: economy 3
    assert state.players[2].row[1:] == []
    assert FEDERAL.number in state.discard and state.holding(immune_blue.number) is not None
    assert state.regime_card.regime is Regime.PAX
    assert state.bull_bear == [117]
    check_cubes(state)


def test_pancho_villa_raids_columbus_as_the_rules_resolve_it() -> None:
    villa = named("Pancho Villa raids Columbus New Mexico")
    state = empty_state()
    turn(state, 0)
    chihuahua = put(state, 1, CHIHUAHUA.number)
    sonora = put(state, 2, SONORA.number)
    put(state, 2, US.number)
    put(state, 2, REBEL.number)
    state.market[0][2] = villa.number
    asked = act(state, 0, Buy(0, 2), [True, Faction.REBEL])
    assert chihuahua.unrest == 1 and sonora.unrest == 0
    assert choosers(asked, STRIFE) == [2] and REBEL.number in state.discard
    assert state.regime_card.regime is Regime.US_INTERVENTION
    assert state.bull_bear == [villa.number]


def test_batopilas_mining_co_is_a_chihuahua_mine_with_a_mule_oval_for_eight() -> None:
    batopilas = named("Batopilas Mining Co.")
    assert batopilas.district is District.CHIHUAHUA and Family.MINE in batopilas.family
    state = empty_state(regime=Regime.US_INTERVENTION)
    turn(state, 1)
    held = put(state, 0, batopilas.number)
    assert held.income == 3  # the mine value
    troop = find(CardType.TROOP, lambda c: c.district is District.CHIHUAHUA)
    boot = {d.enterprise: d.cost for d in destinations(state, 1, troop.number)}[batopilas.number]
    act(state, 1, Upgrade(batopilas.number, Connection.MULE, 8))
    mule = {d.enterprise: d.cost for d in destinations(state, 1, troop.number)}[batopilas.number]
    assert (boot, mule) == (troop.cost_boot, troop.cost_mule)


def test_the_four_regimes_as_chapter_h_gives_them() -> None:
    expected = {
        Regime.PAX: (2, 3, Prestige.LOYALTY),
        Regime.US_INTERVENTION: (3, 2, Prestige.OUTRAGE),
        Regime.MARTIAL_LAW: (2, 2, Prestige.COMMAND),
        Regime.ANARCHY: (1, 1, Prestige.REVOLUTION),
    }
    for regime, (mines, economy_value, topple) in expected.items():
        printed = next(c for c in cards(CardType.REGIME_CARD, plain=False) if c.regime is regime)
        assert (printed.sides[0].mines, printed.sides[0].economy, printed.sides[1].topple_prestige) == (
            mines,
            economy_value,
            topple,
        )


def test_boss_shepherd_buys_america_enterprises_at_half_price_while_loyalist() -> None:
    shepherd = named("Boss Shepherd")
    state = empty_state()
    state.players[0].row[0].number = shepherd.number
    state.market[0][5], state.market[1][5] = AMERICA.number, SONORA.number
    assert market.purchase_cost(state, 0, 0, 5) == 8
    assert market.purchase_cost(state, 0, 1, 5) == 16  # not an America enterprise
    assert market.purchase_cost(state, 1, 0, 5) == 16  # nobody else's
    state.players[0].row[0].side = 1  # flipped: the Loyalist ability is gone
    assert market.purchase_cost(state, 0, 0, 5) == 16


def test_every_hacendado_starts_loyalist_with_two_income_cubes() -> None:
    for number in (named("Boss Shepherd").number, named("Bernardo Reyes").number):
        printed = card(number)
        assert printed.sides[0].income == 2 and all(s.faction is not None for s in printed.sides[1:])
