"""Money and cubes, from the rules: playing enterprises and partners (E1), income (D4, F),
regimes' mine and economy values (H), depressions (I), selling (E4), buying land (E6),
upgrading connections (E7) and speculation (E9; glossary: Cube Limit, Speculation Cube)."""

from __future__ import annotations

import dataclasses
from types import ModuleType

import pytest

from paxc.generated.porfiriana import CARDS_BY_NUMBER
from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    Connection,
    District,
    Faction,
    Family,
    MarketSignal,
    Prestige,
    PurchaseCost,
    Regime,
    Zone,
)
from paxc.runtime.porfiriana import economy, losses, market, observe, prestige, regimes, rules, unrest
from paxc.runtime.porfiriana.actions import (
    BuyLand,
    CubeSpot,
    PlayCard,
    Sell,
    Speculate,
    Upgrade,
    land_cost,
    on_market,
    sell,
    speculation_options,
)
from paxc.runtime.porfiriana.labels import label
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import CUBES_PER_PLAYER, Holding, PorfirianaState, card
from tests.new_cards import join_porfiriana
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
    put,
    put_troop,
    seat,
    seat_without,
    turn,
)

RANCH = find(
    CardType.ENTERPRISE, lambda c: Family.RANCH in c.family and len(c.family) == 1 and not c.prestige
)
OTHER_RANCH = find(
    CardType.ENTERPRISE,
    lambda c: Family.RANCH in c.family and len(c.family) == 1 and not c.prestige,
    exclude=[RANCH.number],
)
PLANTATION = find(CardType.ENTERPRISE, lambda c: c.family == (Family.PLANTATION,) and not c.prestige)
MINE = find(CardType.ENTERPRISE, lambda c: c.family == (Family.MINE,) and not c.prestige)
OTHER_MINE = find(
    CardType.ENTERPRISE, lambda c: c.family == (Family.MINE,) and not c.prestige, exclude=[MINE.number]
)
BANK = find(CardType.ENTERPRISE, lambda c: c.family == (Family.BANK,) and not c.prestige)
LOYAL_BANK = find(
    CardType.ENTERPRISE, lambda c: c.family == (Family.BANK,) and Prestige.LOYALTY in c.prestige
)
# A plain enterprise with a fixed income and a Loyalty point.
LOYAL_SHOP = find(
    CardType.ENTERPRISE, lambda c: not c.family and c.prestige == (Prestige.LOYALTY,) and (c.income or 0) > 0
)
PLAIN = find(CardType.ENTERPRISE, lambda c: not c.family and not c.prestige and (c.income or 0) >= 2)
# Two ovals: mule and rail.
TWO_OVALS = find(
    CardType.ENTERPRISE,
    lambda c: (
        c.family == (Family.RANCH,) and c.upgrade_mule_cost is not None and c.upgrade_rail_cost is not None
    ),
)
CHAIN = find(
    CardType.ENTERPRISE,
    lambda c: Family.CHAIN_RAILROAD in c.family and bool(c.income) and Family.PROJECT not in c.family,
)
LOYAL_PARTNER = find(
    CardType.PARTNER, lambda c: c.prestige == (Prestige.LOYALTY,) and not c.family and not c.extra_action
)
OTHER_PARTNER = find(
    CardType.PARTNER,
    lambda c: c.prestige == (Prestige.REVOLUTION,) and not c.family and not c.extra_action,
)
HEADLINE = find(CardType.HEADLINE, lambda c: True)
TROOP = find(CardType.TROOP, lambda c: c.district is not None and c.faction is Faction.LOCAL)


def oval_cost(number: int, level: Connection) -> int:
    printed = card(number)
    cost = printed.upgrade_mule_cost if level is Connection.MULE else printed.upgrade_rail_cost
    assert cost is not None
    return cost


# ---------------------------------------------------------------------- playing cards (E1)


def test_playing_an_enterprise_costs_its_price_and_brings_its_income_cubes() -> None:
    state = empty_state()
    turn(state, 0)
    hold(state, 0, PLAIN.number)
    act(state, 0, PlayCard(PLAIN.number))
    me = state.players[0]
    assert me.gold == 30 - (PLAIN.cost or 0)
    held = me.row[-1]
    assert held.number == PLAIN.number and held.income == PLAIN.income
    assert me.cubes == CUBES_PER_PLAYER - 2 - (PLAIN.income or 0)
    assert state.turn.actions_left == 2
    check_cubes(state)


@pytest.mark.parametrize(
    ("regime", "mines", "economy"),
    [
        (Regime.PAX, 2, 3),
        (Regime.US_INTERVENTION, 3, 2),
        (Regime.MARTIAL_LAW, 2, 2),
        (Regime.ANARCHY, 1, 1),
    ],
)
def test_a_mine_starts_with_the_regimes_mine_value_and_a_bank_with_its_economy(
    regime: Regime, mines: int, economy: int
) -> None:
    state = empty_state(regime=regime)
    turn(state, 0)
    hold(state, 0, MINE.number, BANK.number)
    act(state, 0, PlayCard(MINE.number))
    act(state, 0, PlayCard(BANK.number))
    assert [h.income for h in state.players[0].row[1:]] == [mines, economy]
    check_cubes(state)


def test_a_loyalty_point_played_under_the_pax_takes_a_prestige_cube() -> None:
    state = empty_state()
    turn(state, 0)
    hold(state, 0, LOYAL_SHOP.number, LOYAL_PARTNER.number)
    act(state, 0, PlayCard(LOYAL_SHOP.number))
    act(state, 0, PlayCard(LOYAL_PARTNER.number))
    shop, partner = state.players[0].row[1:]
    assert (shop.income, shop.prestige_cubes) == (LOYAL_SHOP.income, 1)
    assert partner.prestige_cubes == 1
    check_cubes(state)


def test_a_loyalty_point_played_under_another_regime_takes_no_cube() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)
    turn(state, 0)
    hold(state, 0, LOYAL_PARTNER.number)
    act(state, 0, PlayCard(LOYAL_PARTNER.number))
    assert state.players[0].row[-1].prestige_cubes == 0


def test_a_card_cannot_be_played_without_the_gold_for_it() -> None:
    state = empty_state(gold=(PLAIN.cost or 0) - 1)
    turn(state, 0)
    hold(state, 0, PLAIN.number)
    assert not may(state, 0, PlayCard(PLAIN.number))


# ---------------------------------------------------------------------- income (D4, F)


def test_income_counts_income_prestige_connection_and_extortion_cubes_of_the_player() -> None:
    state = empty_state()
    mine = put(state, 0, LOYAL_SHOP.number)  # its income cubes and a Pax prestige cube
    theirs = put(state, 1, PLAIN.number)
    theirs.connection_owner, theirs.connection_level = 0, Connection.RAIL
    state.players[0].cubes -= 1
    other = put(state, 1, OTHER_RANCH.number)
    put_troop(state, 0, TROOP.number, on=other.number)
    state.speculation[HEADLINE.number] = 0  # a speculation cube earns nothing
    state.players[0].cubes -= 1
    check_cubes(state)
    expected = 2 + (LOYAL_SHOP.income or 0) + 1 + 1 + 1
    assert mine.prestige_cubes == 1
    assert economy.income(state, 0) == expected
    drive(rules.income_phase(state, 0), [])
    assert state.players[0].gold == 30 + expected
    assert state.players[1].gold == 30  # only the active player collects


def test_an_enterprise_in_unrest_earns_nothing_for_anybody() -> None:
    state = empty_state()
    put(state, 0, LOYAL_SHOP.number, unrest=1)
    theirs = put(state, 1, RANCH.number, unrest=2)
    theirs.connection_owner, theirs.connection_level = 0, Connection.MULE
    state.players[0].cubes -= 1
    extorted = put(state, 1, PLAIN.number)
    put_troop(state, 0, TROOP.number, on=extorted.number)
    extorted.unrest = 1
    assert economy.income(state, 0) == 2  # the Hacendado only
    assert economy.income(state, 1) == 2


def test_an_enterprise_in_unrest_stops_only_its_own_earnings() -> None:
    """The enterprises after one in unrest in the same row go on earning for the other players'
    cubes on them."""
    state = empty_state()
    put(state, 1, RANCH.number, unrest=1)
    theirs = put(state, 1, OTHER_RANCH.number)
    theirs.connection_owner, theirs.connection_level = 0, Connection.MULE
    state.players[0].cubes -= 1
    extorted = put(state, 1, PLAIN.number)
    put_troop(state, 0, TROOP.number, on=extorted.number)
    check_cubes(state)
    assert economy.income(state, 0) == 2 + 1 + 1  # the Hacendado, the connection, the extortion


def test_an_irrigation_canal_connection_earns_one_more() -> None:
    # Decision (economy.CANAL_BONUS): the canal's "extra income" is one more gold for its cube.
    canal = find(
        CardType.ENTERPRISE,
        lambda c: Family.IRRIGATION_CANAL in c.family and Family.SLAVE_PLANTATION not in c.family,
    )
    state = empty_state()
    held = put(state, 1, canal.number)
    held.connection_owner, held.connection_level = 0, Connection.RAIL
    state.players[0].cubes -= 1
    assert economy.income(state, 0) == 2 + 1 + economy.CANAL_BONUS


def test_a_projects_income_follows_the_other_working_enterprises_of_its_district() -> None:
    # Decision (economy.income_target): a project holds one income cube for each other working
    # enterprise of its district in play, anybody's, up to three.
    project = find(
        CardType.ENTERPRISE, lambda c: Family.PROJECT in c.family and c.district is District.SONORA
    )

    def plain(district: District) -> Card:
        return find(CardType.ENTERPRISE, lambda c: c.district is district and not c.family and not c.sides)

    state = empty_state()
    held = put(state, 0, project.number)
    assert held.income == 0
    put(state, 1, plain(District.CHIHUAHUA).number)  # another district: no support
    assert held.income == 0
    neighbour = put(state, 2, plain(District.SONORA).number)
    assert held.income == 1
    neighbour.unrest = 1  # not working
    drive(losses.settle(state), [])
    assert held.income == 0


def test_a_smelters_income_follows_the_working_mines_in_play() -> None:
    # Decision (economy.income_target): a smelter holds one income cube a working mine in play,
    # anybody's, up to three.
    smelter = find(CardType.ENTERPRISE, lambda c: Family.SMELTER in c.family)
    state = empty_state()
    held = put(state, 0, smelter.number)
    assert held.income == 0
    mine = put(state, 1, MINE.number)
    put(state, 2, OTHER_MINE.number)
    assert held.income == 2
    mine.unrest = 1
    drive(losses.settle(state), [])
    assert held.income == 1
    check_cubes(state)


def test_a_smelters_and_a_projects_support_stops_at_three_cubes() -> None:
    # Decision (economy.SUPPORT_CAP): however many enterprises support it, a smelter or a project
    # holds at most three income cubes; four working mines, or four other working enterprises
    # of the project's district, still make three.
    smelter = find(CardType.ENTERPRISE, lambda c: Family.SMELTER in c.family)
    state = empty_state()
    held = put(state, 0, smelter.number)
    for owner, mine in enumerate(
        cards(CardType.ENTERPRISE, lambda c: Family.MINE in c.family and not c.sides)[:4]
    ):
        put(state, owner % 3, mine.number)
    assert held.income == 3
    check_cubes(state)

    project = find(
        CardType.ENTERPRISE, lambda c: Family.PROJECT in c.family and c.district is District.SONORA
    )
    state = empty_state()
    held = put(state, 0, project.number)
    neighbours = cards(
        CardType.ENTERPRISE,
        lambda c: c.district is District.SONORA and c.number != project.number and not c.sides,
    )[:4]
    assert len(neighbours) == 4
    for owner, neighbour in enumerate(neighbours):
        put(state, owner % 3, neighbour.number)
    assert held.income == 3
    check_cubes(state)


def test_an_extorted_smelter_losing_its_support_is_sacked() -> None:
    # The glossary: an extorted enterprise whose income is gone (a smelter losing the mine that
    # supports it) loses the extortion cube last, and is sacked.
    smelter = find(CardType.ENTERPRISE, lambda c: Family.SMELTER in c.family)
    state = empty_state()
    held = put(state, 0, smelter.number)
    put(state, 1, MINE.number)
    put_troop(state, 2, TROOP.number, on=held.number)
    assert (held.income, held.extortion) == (0, 2)
    drive(sell(state, 1, MINE.number), [])
    assert state.holding(smelter.number) is None and smelter.number in state.players[0].hand
    assert TROOP.number in state.discard  # no white side on its owner's Hacendado: no retreat
    check_cubes(state)


# ---------------------------------------------------------------------- regimes (H)


def test_a_regime_change_sets_every_mine_and_bank_to_the_new_values() -> None:
    state = empty_state()
    mine = put(state, 0, MINE.number)
    bank = put(state, 1, BANK.number)
    assert (mine.income, bank.income) == (2, 3)
    drive(regimes.change_regime(state, Regime.US_INTERVENTION), [])
    assert (mine.income, bank.income) == (3, 2)
    drive(regimes.change_regime(state, Regime.ANARCHY), [])
    assert (mine.income, bank.income) == (1, 1)
    check_cubes(state)


def test_an_extorted_mine_keeps_income_plus_extortion_at_the_mine_value() -> None:
    state = empty_state()
    mine = put(state, 1, MINE.number)
    put_troop(state, 0, TROOP.number, on=mine.number)
    assert (mine.income, mine.extortion) == (1, 0)
    drive(regimes.change_regime(state, Regime.US_INTERVENTION), [])
    assert (mine.income, mine.extortion) == (2, 0)
    drive(regimes.change_regime(state, Regime.ANARCHY), [])
    assert (mine.income, mine.extortion) == (0, 0)  # the income cube goes first
    check_cubes(state)


def test_cubes_added_by_a_regime_change_are_limited_to_the_supply() -> None:
    state = empty_state()
    mine = put(state, 0, MINE.number)
    other = put(state, 0, OTHER_MINE.number)
    state.players[0].cubes = 1
    state.players[0].row[0].income += CUBES_PER_PLAYER - 2 - 4 - 1  # the rest of the cubes, anywhere
    drive(regimes.change_regime(state, Regime.US_INTERVENTION), [])
    assert mine.income + other.income == 5  # one cube short of 3 + 3
    assert state.players[0].cubes == 0
    check_cubes(state)


def test_pax_prestige_cubes_go_when_the_regime_leaves_the_pax_and_come_back_with_it() -> None:
    state = empty_state()
    bank = put(state, 0, LOYAL_BANK.number)
    partner = put(state, 0, LOYAL_PARTNER.number)
    assert (bank.income, bank.prestige_cubes, partner.prestige_cubes) == (3, 1, 1)
    drive(regimes.change_regime(state, Regime.MARTIAL_LAW), [])
    assert (bank.income, bank.prestige_cubes, partner.prestige_cubes) == (2, 0, 0)
    drive(regimes.change_regime(state, Regime.PAX), [])
    assert (bank.income, bank.prestige_cubes, partner.prestige_cubes) == (3, 1, 1)
    check_cubes(state)


def test_the_pax_puts_a_prestige_cube_on_a_loyalty_point_in_unrest_which_earns_nothing() -> None:
    # Decision (economy.loyalty_points_on): glossary, Prestige Cubes, has a cube on an enterprise
    # in unrest that earns nothing; the Loyalty point itself does not count meanwhile.
    state = empty_state(regime=Regime.MARTIAL_LAW)
    shop = put(state, 0, LOYAL_SHOP.number, unrest=1)
    earned = economy.income(state, 0)
    drive(regimes.change_regime(state, Regime.PAX), [])
    assert shop.prestige_cubes == 1
    assert economy.income(state, 0) == earned  # no gold from it in unrest
    assert prestige.points(state, 0, Prestige.LOYALTY) == 0
    drive(unrest.remove_unrest(state, shop, 1), [])
    assert economy.income(state, 0) == earned + (LOYAL_SHOP.income or 0) + 1
    assert prestige.points(state, 0, Prestige.LOYALTY) == 1
    check_cubes(state)


def test_loyalty_points_in_the_prestige_stack_take_prestige_cubes_under_the_pax() -> None:
    # The glossary (Prestige Cubes): under the Pax a cube goes on every Loyalty point in play and
    # in the prestige stack. No victim-awarded card of the deck shows Loyalty, so one is put there.
    state = empty_state()
    state.players[0].prestige_stack.append(LOYAL_SHOP.number)
    drive(losses.settle(state), [])
    assert state.players[0].stack_prestige_cubes == 1
    assert economy.income(state, 0) == 2 + 1
    drive(regimes.change_regime(state, Regime.ANARCHY), [])
    assert state.players[0].stack_prestige_cubes == 0
    check_cubes(state)


def test_a_flipped_hacendados_loyalty_point_takes_a_prestige_cube_under_the_pax() -> None:
    state = empty_state()
    flip(state, 0, Faction.FEDERAL)
    hacendado = state.players[0].hacendado
    if Prestige.LOYALTY not in hacendado.face.prestige:
        pytest.skip("no Federal orientation with Loyalty")
    drive(losses.settle(state), [])
    assert hacendado.prestige_cubes == 1 and hacendado.income == 0


def test_a_point_on_a_loyalist_hacendado_takes_no_prestige_cube_until_it_is_flipped(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Hacendado gives its player a prestige point only by taking a stand, flipped to a Partner
    # orientation (glossary: Hacendado): a point on its Loyalist side is no active point, so the
    # Pax puts no cube on it. No printed Loyalist side shows a point; fixture 9197 does.
    heir = listing_cards.CARD_9197  # Loyalty on its Loyalist side and on a Partner orientation
    join_porfiriana(heir, monkeypatch)
    state = empty_state()  # the Pax: Loyalty points take a prestige cube
    seat(state, 0, heir)
    hacendado = state.players[0].hacendado
    assert Prestige.LOYALTY in hacendado.face.prestige
    drive(losses.settle(state), [])
    assert (hacendado.income, hacendado.prestige_cubes) == (2, 0)
    assert prestige.points(state, 0, Prestige.LOYALTY) == 0
    losses.flip_hacendado(state, 0, 1)  # the Loyalty orientation
    drive(losses.settle(state), [])
    assert (hacendado.income, hacendado.prestige_cubes) == (0, 1)
    assert prestige.points(state, 0, Prestige.LOYALTY) == 1
    check_cubes(state)


def test_each_loyalty_point_of_a_card_takes_its_own_prestige_cube_under_the_pax(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The glossary (Prestige Cubes): under the Pax a cube goes on each Loyalty point in play. No
    # printed card shows more than one point; fixture 9198 shows two.
    staunch = listing_cards.CARD_9198
    join_porfiriana(staunch, monkeypatch)
    state = empty_state()
    partner = put(state, 0, staunch.number)
    assert partner.prestige_cubes == 2
    assert prestige.points(state, 0, Prestige.LOYALTY) == 2
    drive(regimes.change_regime(state, Regime.ANARCHY), [])
    assert partner.prestige_cubes == 0
    check_cubes(state)


# ---------------------------------------------------------------------- cubes short of a value (F, H, E9)


def keep_in_supply(state: PorfirianaState, player: int, cubes: int) -> None:
    """Leave the player only `cubes` in the supply, the rest piled on the Hacendado as income."""
    me = state.players[player]
    me.row[0].income += me.cubes - cubes
    me.cubes = cubes


def short_mine(state: PorfirianaState) -> Holding:
    """Player 0's mine, played under the Pax with one cube left for it: one short of 2. Player 0
    also has a plain enterprise whose sale brings cubes back."""
    put(state, 0, PLAIN.number)
    keep_in_supply(state, 0, 1)
    mine = put(state, 0, MINE.number)
    assert mine.income == 1
    return mine


def test_a_short_mine_stays_short_when_a_sale_brings_cubes_back() -> None:
    # Rules F and H adjust a mine's cubes when the regime changes or a depression strikes, and
    # the glossary's mine value says how many cubes may be on a mine: a cube coming back to the
    # supply does not climb onto it.
    state = empty_state()
    turn(state, 0)
    mine = short_mine(state)
    act(state, 0, Sell(PLAIN.number))
    assert state.players[0].cubes == PLAIN.income
    assert mine.income == 1
    check_cubes(state)


def test_the_next_regime_change_fills_a_short_mine_even_when_the_value_stays() -> None:
    # Rules H: at a regime change every mine is set to equal the new mine value, as far as the
    # supply goes; from the Pax to martial law the value stays 2, and the short mine is filled.
    state = empty_state()
    mine = short_mine(state)
    drive(sell(state, 0, PLAIN.number), [])
    drive(regimes.change_regime(state, Regime.MARTIAL_LAW), [])
    assert mine.income == 2
    check_cubes(state)


def test_a_card_bringing_the_regime_in_force_fills_no_short_mine() -> None:
    # Decision (regimes.change_regime): a Pax arrow under the Pax changes no regime.
    state = empty_state()
    mine = short_mine(state)
    drive(sell(state, 0, PLAIN.number), [])
    drive(regimes.change_regime(state, Regime.PAX), [])
    assert mine.income == 1
    check_cubes(state)


def test_a_short_mine_is_no_speculation_target_while_the_supply_has_cubes() -> None:
    # E9: moving a cube onto a short place is for a player out of cubes; with cubes back in the
    # supply a short mine waits for the next regime change.
    state = empty_state()
    turn(state, 0)
    state.market[0][1] = HEADLINE.number
    short_mine(state)
    drive(sell(state, 0, PLAIN.number), [])
    targets = {o.target for o in speculation_options(state, 0)}
    assert targets == {on_market(HEADLINE.number)}


def test_a_short_smelter_fills_only_when_its_support_changes() -> None:
    # Decision (economy): a smelter's cubes follow its support when the support changes, like a
    # mine's at a regime change; cubes coming back to the supply later do not fill it.
    smelter = find(CardType.ENTERPRISE, lambda c: Family.SMELTER in c.family)
    state = empty_state()
    put(state, 0, PLAIN.number)
    held = put(state, 0, smelter.number)
    keep_in_supply(state, 0, 0)
    put(state, 1, MINE.number)  # one mine to support it, and no cube to show it
    assert held.income == 0
    turn(state, 0)  # out of cubes, a speculation move could fill it (E9)
    assert may(state, 0, Speculate(CubeSpot("income", smelter.number), CubeSpot("income", PLAIN.number)))
    drive(sell(state, 0, PLAIN.number), [])
    assert held.income == 0
    put(state, 2, OTHER_MINE.number)  # two mines now: the smelter is set to 2
    assert held.income == 2
    check_cubes(state)


def test_a_loyalty_point_left_without_its_pax_cube_waits_for_the_next_pax() -> None:
    # Rules F and H: the Pax prestige cubes come and go with regime changes to and from the Pax;
    # a Loyalty point played with an empty supply does not take a cube that comes back later.
    state = empty_state()
    put(state, 0, PLAIN.number)
    keep_in_supply(state, 0, 0)
    partner = put(state, 0, LOYAL_PARTNER.number)
    assert partner.prestige_cubes == 0
    drive(sell(state, 0, PLAIN.number), [])
    assert partner.prestige_cubes == 0
    drive(regimes.change_regime(state, Regime.MARTIAL_LAW), [])
    drive(regimes.change_regime(state, Regime.PAX), [])
    assert partner.prestige_cubes == 1
    check_cubes(state)


def test_a_loyalty_point_in_the_prestige_stack_left_without_its_pax_cube_waits_for_the_next_pax() -> None:
    # The same for a point in the prestige stack (glossary: Prestige Stack, its points take
    # prestige cubes): the cube a sale brings back to the supply stays there.
    state = empty_state()
    put(state, 0, PLAIN.number)
    keep_in_supply(state, 0, 0)
    me = state.players[0]
    me.prestige_stack.append(LOYAL_SHOP.number)
    drive(losses.settle(state), [])
    assert me.stack_prestige_cubes == 0
    drive(sell(state, 0, PLAIN.number), [])
    drive(losses.settle(state), [])
    assert me.cubes > 0 and me.stack_prestige_cubes == 0
    drive(regimes.change_regime(state, Regime.MARTIAL_LAW), [])
    drive(regimes.change_regime(state, Regime.PAX), [])
    assert me.stack_prestige_cubes == 1
    check_cubes(state)


# ---------------------------------------------------------------------- depressions (I)


def two(signal: MarketSignal) -> list[int]:
    first = find(CardType.HEADLINE, lambda c: c.signal is signal, plain=False)
    second = find(CardType.HEADLINE, lambda c: c.signal is signal, plain=False, exclude=[first.number])
    return [first.number, second.number]


def test_two_bears_in_a_row_start_a_depression_mines_and_banks_fall_to_zero() -> None:
    state = empty_state()
    mine = put(state, 0, MINE.number)
    bank = put(state, 0, LOYAL_BANK.number)
    first, second = two(MarketSignal.BEAR)
    drive(regimes.discard_to_bull_bear(state, first), [])
    assert not state.depression
    drive(regimes.discard_to_bull_bear(state, second), [])
    assert state.depression
    assert (mine.income, bank.income) == (0, 0)
    assert bank.prestige_cubes == 1  # prestige and connection cubes stay
    assert economy.sell_value(state) == 0
    check_cubes(state)


def test_a_bull_between_two_bears_starts_no_depression() -> None:
    state = empty_state()
    first, second = two(MarketSignal.BEAR)
    bull = two(MarketSignal.BULL)[0]
    for number in (first, bull, second):
        drive(regimes.discard_to_bull_bear(state, number), [])
    assert not state.depression


def test_two_bulls_in_a_row_end_the_depression_and_the_mines_fill_again() -> None:
    state = empty_state()
    mine = put(state, 0, MINE.number)
    for number in two(MarketSignal.BEAR):
        drive(regimes.discard_to_bull_bear(state, number), [])
    assert mine.income == 0
    first, second = two(MarketSignal.BULL)
    drive(regimes.discard_to_bull_bear(state, first), [])
    assert state.depression
    drive(regimes.discard_to_bull_bear(state, second), [])
    assert not state.depression and mine.income == 2
    assert observe.observe(state, 0).public["depression"] is False  # what the players are shown


def test_a_headline_on_the_bull_bear_pile_is_told_discarded_from_the_market(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Chapter I: every headline reaching the bull/bear pile comes from the market; the pile is a
    discard, so the card is told discarded as well as moved."""
    told = moves_told(monkeypatch)
    state = empty_state()
    state.active = 2
    first = two(MarketSignal.BEAR)[0]
    drive(regimes.discard_to_bull_bear(state, first), [])
    assert told == [(first, Zone.MARKET, Zone.BULL_BEAR, 2, 2), (first, Zone.MARKET, 2)]


def test_a_depression_sacks_an_extorted_mine() -> None:
    state = empty_state()
    mine = put(state, 1, MINE.number)
    put_troop(state, 0, TROOP.number, on=mine.number)
    for number in two(MarketSignal.BEAR):
        drive(regimes.discard_to_bull_bear(state, number), [], state, then_first=True)
    assert state.holding(MINE.number) is None
    assert MINE.number in state.players[1].hand  # a sacked enterprise goes back to its owner's hand
    assert TROOP.number in state.discard  # Loyalist: nowhere to retreat
    check_cubes(state)


def test_a_depression_does_not_sack_a_mine_guarded_by_its_owners_troop() -> None:
    state = empty_state()
    mine = put(state, 0, MINE.number)
    put_troop(state, 0, TROOP.number, on=mine.number)
    for number in two(MarketSignal.BEAR):
        drive(regimes.discard_to_bull_bear(state, number), [])
    assert state.holding(MINE.number) is not None and mine.troop == TROOP.number


def test_depression_expenses_one_gold_a_card_in_play_or_discard_it() -> None:
    state = empty_state()
    state.depression = True
    shop = put(state, 0, PLAIN.number)
    put(state, 0, LOYAL_PARTNER.number)
    theirs = put(state, 1, RANCH.number)
    put_troop(state, 0, TROOP.number, on=theirs.number)
    state.players[0].prestige_stack.append(HEADLINE.number)  # not in play: costs nothing
    state.players[0].gold = 3
    income = economy.income(state, 0)
    # pay for the shop and the troop, let the partner go
    asked = drive(rules.income_phase(state, 0), [True, False, True])
    assert [c.prompt for c in asked] == [
        f"Depression: pay 1 gold to keep {PLAIN.name}?",
        f"Depression: pay 1 gold to keep {LOYAL_PARTNER.name}?",
        f"Depression: pay 1 gold to keep {TROOP.name}?",
    ]
    assert state.players[0].gold == 3 + income - 2
    assert state.holding(LOYAL_PARTNER.number) is None and LOYAL_PARTNER.number in state.discard
    assert shop in state.players[0].row
    check_cubes(state)


def test_a_player_without_gold_discards_every_card_in_a_depression() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)  # no prestige cube to earn anything
    state.depression = True
    flip(state, 0, Faction.LOCAL)  # no Hacendado income
    put(state, 0, LOYAL_PARTNER.number)
    state.players[0].gold = 0
    drive(rules.income_phase(state, 0), [])
    assert state.players[0].row[1:] == []
    assert LOYAL_PARTNER.number in state.discard


def test_depression_expenses_are_asked_of_every_seat_but_diaz_in_the_solitaire() -> None:
    """Rule I for every player (seat 1 too); in the solitaire Díaz has no gold and pays no
    expenses (rules L), while the human pays as anyone."""
    state = empty_state()
    state.depression = True
    put(state, 1, LOYAL_PARTNER.number)
    asked = drive(rules.income_phase(state, 1), [True])
    assert [c.chooser for c in asked] == [1] and state.holding(LOYAL_PARTNER.number) is not None

    solo = new_state({"solitaire": True}, 3)
    solo.depression = True
    put(solo, 0, PLAIN.number)
    put(solo, 1, LOYAL_PARTNER.number)
    asked = drive(rules.income_phase(solo, 0), [False])
    assert [c.chooser for c in asked] == [0] and PLAIN.number in solo.discard
    assert drive(rules.income_phase(solo, 1), []) == []
    assert solo.holding(LOYAL_PARTNER.number) == (1, solo.players[1].row[-1])


def test_a_troop_gone_with_its_enterprise_costs_nothing_and_the_next_card_is_still_paid_for() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)
    state.depression = True
    first = put(state, 0, PLAIN.number)
    second = put(state, 0, RANCH.number)
    # Federal troops: seat 0's Hacendado shows no Federal side, so they cannot retreat.
    lost, kept = cards(CardType.TROOP, lambda c: c.faction is Faction.FEDERAL)[:2]
    put_troop(state, 0, lost.number, on=first.number)
    put_troop(state, 0, kept.number, on=second.number)
    state.players[0].gold = 10
    income = economy.income(state, 0)
    # the shop let go (its troop is discarded with it), the ranch paid for, the second troop asked
    asked = drive(rules.income_phase(state, 0), [False, True, True])
    assert len(asked) == 3 and asked[-1].prompt.endswith(f"{kept.name}?")
    assert lost.number in state.discard and state.troop_place(kept.number) == (0, second)
    assert state.players[0].gold == 10 + income - 2
    check_cubes(state)


def test_one_gold_keeps_one_card_in_a_depression() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)  # no prestige cube to earn anything
    state.depression = True
    flip(state, 0, Faction.LOCAL)  # no Hacendado income
    put(state, 0, LOYAL_PARTNER.number)
    state.players[0].gold = 1
    drive(rules.income_phase(state, 0), [True])
    assert state.players[0].gold == 0 and state.holding(LOYAL_PARTNER.number) is not None


# ---------------------------------------------------------------------- selling (E4)


@pytest.mark.parametrize(("regime", "value"), [(Regime.PAX, 3), (Regime.MARTIAL_LAW, 2), (Regime.ANARCHY, 1)])
def test_selling_a_card_from_hand_pays_the_economy_value(regime: Regime, value: int) -> None:
    state = empty_state(regime=regime)
    turn(state, 0)
    hold(state, 0, PLAIN.number)
    act(state, 0, Sell(PLAIN.number))
    assert state.players[0].gold == 30 + value
    assert state.players[0].hand == [] and PLAIN.number in state.discard


def test_selling_an_enterprise_in_play_sends_its_cubes_home() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, PLAIN.number)
    held.connection_owner, held.connection_level = 1, Connection.RAIL
    state.players[1].cubes -= 1
    act(state, 0, Sell(PLAIN.number))
    assert state.holding(PLAIN.number) is None and PLAIN.number in state.discard
    assert state.players[0].gold == 33
    check_cubes(state)


def test_an_enterprise_in_unrest_cannot_be_sold() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, PLAIN.number, unrest=1)
    assert not may(state, 0, Sell(PLAIN.number))


def test_selling_in_a_depression_pays_nothing() -> None:
    state = empty_state()
    state.depression = True
    turn(state, 0)
    hold(state, 0, PLAIN.number)
    act(state, 0, Sell(PLAIN.number))
    assert state.players[0].gold == 30


def test_selling_an_extorted_enterprise_makes_the_extorting_troop_retreat_or_be_discarded() -> None:
    state = empty_state()
    turn(state, 1)
    held = put(state, 1, PLAIN.number)
    put_troop(state, 0, TROOP.number, on=held.number)
    asked = act(state, 1, Sell(PLAIN.number), ["discard"])
    assert asked[0].chooser == 0  # the troop's owner decides
    assert TROOP.number in state.discard and state.players[0].army == []
    check_cubes(state)


# ---------------------------------------------------------------------- buying land (E6)


def test_buying_land_takes_two_actions_and_costs_the_cubes_already_there() -> None:
    # The rules' example: a plantation with an income, a connection and an extortion cube costs 3.
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, PLANTATION.number)
    held.income += 1
    state.players[0].cubes -= 1
    held.connection_owner, held.connection_level = 1, Connection.MULE
    state.players[1].cubes -= 1
    put_troop(state, 2, TROOP.number, on=held.number)
    assert (held.income, land_cost(held)) == (1, 3)
    act(state, 0, BuyLand(PLANTATION.number))
    assert held.income == 2 and state.players[0].gold == 27
    assert state.turn.actions_left == 1
    assert not may(state, 0, BuyLand(PLANTATION.number))  # two actions needed, one left
    check_cubes(state)


def test_buying_land_counts_a_pax_prestige_cube_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # E6 prices land at the cubes already on the card; the illustrated explanation counts
    # prestige cubes among them. No ranch or plantation of the deck has a Loyalty point, so a
    # fixture plantation gets one: the rules' example plus its Pax prestige cube costs 4.
    loyal_plantation = dataclasses.replace(
        PLANTATION,
        number=max(CARDS_BY_NUMBER) + 1,
        name="Fixture plantation with a Loyalty point",
        prestige=(Prestige.LOYALTY,),
    )
    monkeypatch.setitem(CARDS_BY_NUMBER, loyal_plantation.number, loyal_plantation)
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, loyal_plantation.number)
    assert (held.income, held.prestige_cubes) == (1, 1)  # under the Pax
    held.connection_owner, held.connection_level = 1, Connection.MULE
    state.players[1].cubes -= 1
    put_troop(state, 2, TROOP.number, on=held.number)
    held.income += 1  # the extortion cube took the income cube's place: one income cube again
    state.players[0].cubes -= 1
    assert land_cost(held) == 4
    act(state, 0, BuyLand(loyal_plantation.number))
    assert held.income == 2 and state.players[0].gold == 30 - 4
    check_cubes(state)


def test_land_is_bought_only_on_ranches_and_plantations() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, PLAIN.number)
    put(state, 0, MINE.number)
    put(state, 0, RANCH.number, unrest=1)  # unrest does not stop it
    assert not may(state, 0, BuyLand(PLAIN.number)) and not may(state, 0, BuyLand(MINE.number))
    assert may(state, 0, BuyLand(RANCH.number))


def test_land_is_bought_only_with_a_cube_in_the_supply() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, RANCH.number)
    state.players[0].row[0].income += state.players[0].cubes
    state.players[0].cubes = 0
    assert not may(state, 0, BuyLand(RANCH.number))


# ---------------------------------------------------------------------- connections (E7)


def test_a_connection_is_built_on_anybodys_enterprise_for_the_ovals_cost() -> None:
    state = empty_state()
    turn(state, 0)
    theirs = put(state, 1, TWO_OVALS.number)
    cost = oval_cost(TWO_OVALS.number, Connection.RAIL)
    act(state, 0, Upgrade(TWO_OVALS.number, Connection.RAIL, cost))
    assert (theirs.connection_owner, theirs.connection_level) == (0, Connection.RAIL)
    assert state.players[0].gold == 30 - cost
    # one connection cube an enterprise, whichever oval
    mule = oval_cost(TWO_OVALS.number, Connection.MULE)
    assert not may(state, 0, Upgrade(TWO_OVALS.number, Connection.MULE, mule))
    assert not may(state, 1, Upgrade(TWO_OVALS.number, Connection.MULE, mule))
    assert economy.income(state, 0) == 2 + 1
    check_cubes(state)


def test_a_connection_may_be_built_on_an_enterprise_in_unrest() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, TWO_OVALS.number, unrest=2)
    assert may(
        state, 0, Upgrade(TWO_OVALS.number, Connection.MULE, oval_cost(TWO_OVALS.number, Connection.MULE))
    )


def test_a_working_chain_railroad_lets_its_builder_build_any_connection_for_one() -> None:
    state = empty_state()
    turn(state, 0)
    chain = put(state, 1, CHAIN.number)
    chain.connection_owner, chain.connection_level = 0, Connection.RAIL
    state.players[0].cubes -= 1
    put(state, 2, TWO_OVALS.number)
    assert may(state, 0, Upgrade(TWO_OVALS.number, Connection.RAIL, 1))
    assert not may(state, 1, Upgrade(TWO_OVALS.number, Connection.RAIL, 1))  # not the owner's cube
    chain.unrest = 1  # in unrest the chain railroad does nothing
    assert not may(state, 0, Upgrade(TWO_OVALS.number, Connection.RAIL, 1))
    assert may(
        state, 0, Upgrade(TWO_OVALS.number, Connection.RAIL, oval_cost(TWO_OVALS.number, Connection.RAIL))
    )


def test_only_the_chain_oval_makes_a_chain_railroad() -> None:
    # The chain icon sits on the rail oval: a cube on the same card's mule oval builds none.
    two_ovals = find(
        CardType.ENTERPRISE,
        lambda c: (
            Family.CHAIN_RAILROAD in c.family
            and c.upgrade_mule_cost is not None
            and c.upgrade_rail_cost is not None
        ),
    )
    state = empty_state()
    turn(state, 0)
    chain = put(state, 1, two_ovals.number)
    chain.connection_owner, chain.connection_level = 0, Connection.MULE
    state.players[0].cubes -= 1
    put(state, 2, TWO_OVALS.number)
    assert not may(state, 0, Upgrade(TWO_OVALS.number, Connection.RAIL, 1))


def test_an_enterprise_without_an_oval_cannot_be_upgraded() -> None:
    bare = find(CardType.ENTERPRISE, lambda c: c.upgrade_mule_cost is None and c.upgrade_rail_cost is None)
    state = empty_state()
    turn(state, 0)
    put(state, 0, bare.number)
    from paxc.runtime.porfiriana.actions import upgrade_options

    assert [u for u in upgrade_options(state, 0) if u.enterprise == bare.number] == []


# ---------------------------------------------------------------------- speculation (E9)


def test_speculation_puts_a_cube_on_a_market_card_without_one() -> None:
    state = empty_state()
    turn(state, 0)
    state.market[0][3] = PLAIN.number
    state.market[1][3] = RANCH.number
    act(state, 0, Speculate(on_market(PLAIN.number)))
    assert state.speculation == {PLAIN.number: 0}
    assert not may(state, 1, Speculate(on_market(PLAIN.number)))  # one cube a card
    assert not may(state, 0, Speculate(on_market(PLAIN.number)))
    act(state, 0, Speculate(on_market(RANCH.number), on_market(PLAIN.number)))  # moving takes an action
    assert state.speculation == {RANCH.number: 0}
    assert state.turn.actions_left == 1
    assert economy.income(state, 0) == 2  # speculation earns nothing
    check_cubes(state)


def test_taking_a_speculation_cube_back_costs_an_action_even_in_the_zero_column() -> None:
    # Glossary, Speculation Cube: placing, removing or moving one is a speculation action.
    state = empty_state()
    turn(state, 0)
    state.market[0][0] = PLAIN.number
    act(state, 0, Speculate(on_market(PLAIN.number)))
    cubes = state.players[0].cubes
    assert may(state, 0, Speculate(None, on_market(PLAIN.number)))
    act(state, 0, Speculate(None, on_market(PLAIN.number)))
    assert state.speculation == {} and state.players[0].cubes == cubes + 1
    assert state.turn.actions_left == 1
    check_cubes(state)


def test_only_the_cubes_owner_may_take_it_back() -> None:
    state = empty_state()
    turn(state, 1)
    state.market[0][0] = PLAIN.number
    state.speculation[PLAIN.number] = 0
    state.players[0].cubes -= 1
    assert not may(state, 1, Speculate(None, on_market(PLAIN.number)))


def test_buying_a_card_with_an_opponents_speculation_cube_pays_them_and_the_cube_goes_home() -> None:
    state = empty_state()
    seat_without(state, 1, PurchaseCost)
    turn(state, 1)
    state.market[0][4] = PLAIN.number
    state.speculation[PLAIN.number] = 0
    state.players[0].cubes -= 1
    drive(market.buy(state, 1, 0, 4), [])
    assert state.players[1].gold == 30 - 8 and state.players[0].gold == 30 + 8
    assert state.speculation == {} and state.players[0].cubes == 13
    check_cubes(state)


def test_buying_a_card_with_your_own_speculation_cube_only_brings_the_cube_back() -> None:
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    state.market[0][4] = PLAIN.number
    state.speculation[PLAIN.number] = 0
    state.players[0].cubes -= 1
    drive(market.buy(state, 0, 0, 4), [])
    assert state.players[0].gold == 30 - 8 and state.players[0].cubes == 13


def use_every_cube(state: PorfirianaState, player: int) -> None:
    """Pile the rest of the player's supply on their Hacendado as income cubes."""
    me = state.players[player]
    me.row[0].income += me.cubes
    me.cubes = 0


def test_with_every_cube_in_use_speculation_moves_a_cube_from_a_card() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, PLAIN.number)
    theirs = put(state, 1, RANCH.number)
    theirs.connection_owner, theirs.connection_level = 0, Connection.MULE
    state.players[0].cubes -= 1
    extorted = put(state, 1, OTHER_RANCH.number)
    put_troop(state, 0, TROOP.number, on=extorted.number)
    use_every_cube(state, 0)
    state.market[0][2] = HEADLINE.number
    headline = on_market(HEADLINE.number)
    assert not may(state, 0, Speculate(headline))
    assert may(state, 0, Speculate(headline, CubeSpot("income", PLAIN.number)))
    # an extortion cube cannot be moved
    assert not may(state, 0, Speculate(headline, CubeSpot("income", OTHER_RANCH.number)))
    act(state, 0, Speculate(headline, CubeSpot("connection", RANCH.number)))
    assert theirs.connection_owner is None and state.speculation == {HEADLINE.number: 0}
    assert held.income == PLAIN.income
    check_cubes(state)


def test_with_every_cube_in_use_a_connection_cube_can_move_to_a_bank_the_regime_raised() -> None:
    # The rules' example (E9, cube management): every cube in use, a connection cube leaves an
    # enterprise in unrest for a bank that the new regime allows one more income cube.
    state = empty_state(regime=Regime.US_INTERVENTION)  # economy 2
    turn(state, 0)
    bank = put(state, 0, BANK.number)
    ranch = put(state, 0, RANCH.number)
    troubled = put(state, 0, PLAIN.number, unrest=1)
    troubled.connection_owner, troubled.connection_level = 0, Connection.MULE
    state.players[0].cubes -= 1
    use_every_cube(state, 0)
    drive(regimes.change_regime(state, Regime.PAX), [])  # economy 3: the bank is one cube short
    assert bank.income == 2
    from_connection = Speculate(CubeSpot("income", BANK.number), CubeSpot("connection", PLAIN.number))
    assert may(state, 0, from_connection)
    # a ranch never takes a cube this way: only buying land adds to it
    assert not may(
        state, 0, Speculate(CubeSpot("income", RANCH.number), CubeSpot("connection", PLAIN.number))
    )
    act(state, 0, from_connection)
    assert bank.income == 3 and troubled.connection_owner is None
    assert ranch.income == RANCH.income
    # the bank is full now
    assert not may(state, 0, Speculate(CubeSpot("income", BANK.number), CubeSpot("income", PLAIN.number)))
    check_cubes(state)


def test_with_every_cube_in_use_a_speculation_cube_can_fill_a_loyalty_point_under_the_pax() -> None:
    state = empty_state()
    turn(state, 0)
    state.market[0][1] = HEADLINE.number
    act(state, 0, Speculate(on_market(HEADLINE.number)))
    use_every_cube(state, 0)
    loyal = put(state, 0, LOYAL_SHOP.number)  # with an empty supply, no cube came with it
    assert loyal.prestige_cubes == 0
    target = CubeSpot("prestige", LOYAL_SHOP.number)
    assert may(state, 0, Speculate(target, on_market(HEADLINE.number)))
    act(state, 0, Speculate(target, on_market(HEADLINE.number)))
    assert loyal.prestige_cubes == 1 and state.speculation == {}
    check_cubes(state)


def test_short_places_are_no_target_while_the_supply_has_cubes() -> None:
    # E9: a cube moves from a card to another place only for a player out of cubes; with cubes
    # left, only market cards are targets.
    state = empty_state()
    turn(state, 0)
    state.market[0][1] = HEADLINE.number
    put(state, 0, PLAIN.number)
    targets = {o.target for o in speculation_options(state, 0)}
    assert targets == {on_market(HEADLINE.number)}


def test_speculation_options_say_where_the_cube_comes_from_and_goes() -> None:
    state = empty_state()
    put(state, 0, LOYAL_SHOP.number)
    shop, headline = f"{LOYAL_SHOP.name} [{LOYAL_SHOP.number}]", f"{HEADLINE.name} [{HEADLINE.number}]"
    read = {
        Speculate(on_market(HEADLINE.number)): f"speculate on {headline}",
        Speculate(None, on_market(HEADLINE.number)): (
            f"take the speculation cube on {headline} back to your supply"
        ),
        Speculate(on_market(HEADLINE.number), CubeSpot("income", LOYAL_SHOP.number)): (
            f"speculate on {headline} with an income cube on {shop}"
        ),
        Speculate(CubeSpot("prestige", LOYAL_SHOP.number), CubeSpot("stack", 0)): (
            f"move a prestige cube of your prestige stack to the Loyalty point of {shop}"
        ),
        Speculate(CubeSpot("income", LOYAL_SHOP.number), on_market(HEADLINE.number)): (
            f"move the speculation cube on {headline} to the income of {shop}"
        ),
    }
    for option, text in read.items():
        assert label(state, option) == text
