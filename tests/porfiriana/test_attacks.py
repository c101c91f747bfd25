"""Orange and black cards, from the rules (B, E1, F on gun stores, J: the straw man) and the
glossary (Assassination, Nationalization, Monopoly, Spy, Jailed, Victim-Awarded, Actions)."""

from __future__ import annotations

from collections.abc import Callable
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
    PoliceCost,
    Prestige,
    Regime,
)
from paxc.runtime.effects import Choice
from paxc.runtime.porfiriana import attacks, prestige, rules
from paxc.runtime.porfiriana.actions import CubeSpot, EndTurn, PlayCard, Police, Speculate, on_market
from paxc.runtime.porfiriana.attacks import Target, black_actions, targets
from paxc.runtime.porfiriana.losses import flip_sides
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import PorfirianaState, Side
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    check_cubes,
    drive,
    empty_state,
    find,
    flip,
    hold,
    may,
    named,
    put,
    put_troop,
    seat_without,
    turn,
)


def orange(predicate: Callable[[Card], bool] = lambda c: True, **wanted: Any) -> Card:
    return find(
        CardType.ORANGE, lambda c: predicate(c) and all(getattr(c, k) == v for k, v in wanted.items())
    )


def black(predicate: Callable[[Card], bool] = lambda c: True, **wanted: Any) -> Card:
    return find(CardType.BLACK, lambda c: predicate(c) and all(getattr(c, k) == v for k, v in wanted.items()))


def of_family(family: Family) -> Callable[[Card], bool]:
    return lambda c: c.family == (family,)


def enterprise(district: District | None = None, exclude: tuple[int, ...] = ()) -> Card:
    """A plain enterprise (no family, no prestige) with income."""
    return find(
        CardType.ENTERPRISE,
        lambda c: (
            not c.family
            and not c.prestige
            and (c.income or 0) > 0
            and (district is None or c.district is district)
        ),
        exclude=exclude,
    )


def ranch(district: District) -> Card:
    return find(CardType.ENTERPRISE, lambda c: c.family == (Family.RANCH,) and c.district is district)


SHOP = enterprise()
SHOP_2 = enterprise(exclude=(SHOP.number,))
SONORA = ranch(District.SONORA)
CHIHUAHUA = ranch(District.CHIHUAHUA)
GUN_STORE = find(CardType.ENTERPRISE, lambda c: Family.GUN_STORE in c.family)
GUN_STORE_2 = find(CardType.ENTERPRISE, lambda c: Family.GUN_STORE in c.family, exclude=(GUN_STORE.number,))
SLAVE = find(CardType.ENTERPRISE, lambda c: Family.SLAVE_PLANTATION in c.family)

# Orange cards: no flag and no regime change unless the name says otherwise.
RAID = orange(lambda c: (c.steal or 0) >= 3, district=None, regime_change=None, family=(), unrest=3)
NO_AWARD = orange(victim_prestige=None, regime_change=None)
SONORA_FLAG = orange(district=District.SONORA, regime_change=None, family=())
STRIKE = orange(of_family(Family.STRIKE), jails_victim=None, regime_change=None)
TO_ANARCHY = orange(district=None, regime_change=Regime.ANARCHY)

ASSASSINATION = black(of_family(Family.ASSASSINATION), steal=0)
NATIONALIZATION = black(of_family(Family.NATIONALIZATION), steal=0)
CONSPIRACY = black(of_family(Family.CONSPIRACY))
ANTITRUST = black(of_family(Family.ANTITRUST), steal=0)
JAIL = black(jails_victim=True)
LAWSUIT = black(lambda c: not c.family and not c.jails_victim and (c.steal or 0) >= 2)

PARTNER = find(
    CardType.PARTNER,
    lambda c: not c.family and not c.extra_action and c.prestige == (Prestige.LOYALTY,),
)
OTHER_PARTNER = find(
    CardType.PARTNER,
    lambda c: not c.family and not c.extra_action and c.prestige == (Prestige.REVOLUTION,),
)
MONOPOLY = find(CardType.PARTNER, lambda c: Family.MONOPOLY in c.family, plain=False)
NEWSPAPER = find(CardType.PARTNER, lambda c: Family.NEWSPAPER in c.family)
IMMUNE_TO_NATIONALIZATION = find(CardType.PARTNER, lambda c: Family.IMMUNE_TO_NATIONALIZATION in c.family)
IMMUNE_TO_JAIL = find(CardType.PARTNER, lambda c: Family.IMMUNE_TO_JAIL in c.family)
TROOP = find(CardType.TROOP, lambda c: c.faction is Faction.LOCAL)


def at(number: int | None, victim: int | None = None, scapegoat: bool = False) -> Callable[[Any], bool]:
    """Choose the target aimed at this card (`number` None: at a player)."""
    return lambda t: (
        isinstance(t, Target)
        and t.number == number
        and (victim is None or t.victim == victim)
        and t.scapegoat == scapegoat
    )


def play(state: PorfirianaState, player: int, number: int, *answers: Any) -> list[Choice[Any]]:
    """The player (whose turn it is) plays this card from hand, answering as given."""
    hold(state, player, number)
    return act(state, player, PlayCard(number), list(answers))


def victims(state: PorfirianaState, player: int, number: int) -> set[tuple[int, int | None]]:
    return {(t.victim, t.number) for t in targets(state, player, number)}


# ---------------------------------------------------------------------- orange cards


def test_an_orange_card_brings_unrest_steals_up_to_its_figure_and_goes_to_the_victim() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SHOP.number)
    state.players[1].gold = 2  # less than the card steals: all of it
    play(state, 0, RAID.number, at(SHOP.number))
    assert held.unrest == 3
    assert (state.players[0].gold, state.players[1].gold) == (30 - (RAID.cost or 0) + 2, 0)
    assert state.players[1].prestige_stack == [RAID.number]
    assert prestige.points(state, 1, Prestige.OUTRAGE) == 1
    assert state.players[0].hand == [] and state.turn.actions_left == 2


def test_an_orange_card_without_an_upside_down_point_is_discarded() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, NO_AWARD.district and ranch(NO_AWARD.district).number or SHOP.number)
    play(state, 0, NO_AWARD.number, lambda t: t.victim == 1)
    assert NO_AWARD.number in state.discard and state.players[1].prestige_stack == []


def test_an_orange_card_with_a_flag_targets_only_enterprises_of_that_district() -> None:
    state = empty_state()
    put(state, 1, SONORA.number)
    put(state, 1, CHIHUAHUA.number)
    assert victims(state, 0, SONORA_FLAG.number) == {(1, SONORA.number)}
    assert victims(state, 0, RAID.number) == {(1, SONORA.number), (1, CHIHUAHUA.number)}


def test_an_orange_card_targets_an_enterprise_even_a_guarded_one() -> None:
    state = empty_state()
    held = put(state, 1, SONORA.number)
    put_troop(state, 1, TROOP.number, on=held.number)
    assert (1, SONORA.number) in victims(state, 0, RAID.number)


def test_an_orange_card_may_be_played_against_its_players_own_enterprise_not_in_unrest() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, SHOP.number)
    put(state, 0, SHOP_2.number, unrest=1)
    put(state, 1, SONORA.number, unrest=1)
    found = victims(state, 0, RAID.number)
    assert (0, SHOP.number) in found and (1, SONORA.number) in found
    assert (0, SHOP_2.number) not in found  # already in unrest
    play(state, 0, RAID.number, at(SHOP.number))
    # stealing from yourself does nothing; the victim's point is yours
    assert state.players[0].gold == 30 - (RAID.cost or 0)
    assert state.players[0].prestige_stack == [RAID.number]


def test_gun_stores_pay_their_owners_two_for_every_orange_card_even_in_unrest() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, GUN_STORE.number)  # the attacker has one too
    put(state, 1, GUN_STORE_2.number, unrest=2)  # closed by unrest: still paid
    put(state, 1, SHOP.number)
    play(state, 0, RAID.number, at(SHOP.number))
    steal = RAID.steal or 0
    assert state.players[0].gold == 30 - (RAID.cost or 0) + steal + 2
    assert state.players[1].gold == 30 - steal + 2
    assert state.players[2].gold == 30


def test_several_gun_stores_pay_their_owner_only_two() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, GUN_STORE.number)
    put(state, 1, GUN_STORE_2.number)
    put(state, 2, SHOP.number)
    play(state, 0, RAID.number, at(SHOP.number))
    assert state.players[1].gold == 32


def test_a_strike_may_be_played_as_a_scapegoat_for_nothing_and_without_unrest() -> None:
    state = empty_state(gold=0)
    turn(state, 0)
    district = STRIKE.district or District.SONORA
    target = ranch(district)
    held = put(state, 0, target.number)
    found = [t for t in targets(state, 0, STRIKE.number) if t.number == target.number]
    assert [t.cost for t in found] == [0]  # no gold for the printed cost: only the scapegoat play
    play(state, 0, STRIKE.number, at(target.number, scapegoat=True))
    assert held.unrest == 0
    assert state.players[0].prestige_stack == [STRIKE.number]  # still awarded, to yourself


def test_a_scapegoat_play_is_only_against_your_own_enterprise() -> None:
    state = empty_state(gold=0)
    turn(state, 0)
    target = ranch(STRIKE.district or District.SONORA)
    put(state, 1, target.number)
    assert not [t for t in targets(state, 0, STRIKE.number) if t.number == target.number]


def test_an_orange_card_with_a_regime_arrow_changes_the_regime() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, SHOP.number)
    play(state, 0, TO_ANARCHY.number, at(SHOP.number))
    assert state.regime_card.regime is Regime.ANARCHY


def test_the_straw_man_example_villistas_on_your_own_slave_plantation() -> None:
    # Chapter J: your slave plantation has two income cubes and you own a gun store. Villistas
    # against it: 3 unrest, a slave revolt; the theft from yourself is nothing, the gun store pays
    # 2, and both the orange card (Outrage) and the plantation (Revolution) are yours.
    villistas = named("Villistas")
    assert (villistas.unrest, villistas.steal, villistas.victim_prestige) == (3, 3, Prestige.OUTRAGE)
    state = empty_state()
    turn(state, 0)
    plantation = put(state, 0, SLAVE.number)
    plantation.income = 2
    state.players[0].cubes -= 1
    put(state, 0, GUN_STORE.number)
    play(state, 0, villistas.number, at(SLAVE.number))
    me = state.players[0]
    assert state.holding(SLAVE.number) is None
    assert sorted(me.prestige_stack) == sorted([SLAVE.number, villistas.number])
    assert me.gold == 30 - (villistas.cost or 0) + 2
    assert prestige.points(state, 0, Prestige.OUTRAGE) == 1
    assert prestige.points(state, 0, Prestige.REVOLUTION) == 1
    check_cubes(state)


def test_unrest_on_a_slave_plantation_not_above_its_cubes_frees_nobody() -> None:
    state = empty_state()
    turn(state, 0)
    plantation = put(state, 1, SLAVE.number)
    plantation.income = 3
    state.players[1].cubes -= 2
    play(state, 0, RAID.number, at(SLAVE.number))
    assert plantation.unrest == 3 and state.holding(SLAVE.number) is not None


def test_a_slave_plantations_connection_and_extortion_cubes_hold_off_a_revolt() -> None:
    """Glossary, Slave Revolt: the disks are set against every cube on the plantation, whosever
    it is (income, connection, prestige, extortion): 3 disks against an income cube, another
    player's connection cube and a third's extortion cube free nobody."""
    state = empty_state()
    turn(state, 0)
    plantation = put(state, 1, SLAVE.number)
    plantation.income = 2
    state.players[1].cubes -= 1
    guard = find(CardType.TROOP, lambda c: c.district is SLAVE.district)
    put_troop(state, 2, guard.number, on=SLAVE.number)
    plantation.connection_owner, plantation.connection_level = 2, Connection.MULE
    state.players[2].cubes -= 1
    check_cubes(state)
    play(state, 0, RAID.number, at(SLAVE.number))
    assert plantation.unrest == 3 and state.holding(SLAVE.number) == (1, plantation)
    assert state.players[0].prestige_stack == []


def test_a_slave_revolt_gives_the_plantation_to_the_liberator() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, SLAVE.number)
    play(state, 0, RAID.number, at(SLAVE.number))
    assert state.players[0].prestige_stack == [SLAVE.number]  # the liberator's
    assert state.players[1].prestige_stack == [RAID.number]  # the victim's
    check_cubes(state)


def test_taking_a_cube_off_a_slave_plantation_in_unrest_may_free_its_slaves() -> None:
    # The glossary: less income, as well as more unrest, may bring a slave revolt. With every
    # cube in use, a speculation action takes one of the plantation's two cubes under 2 unrest.
    state = empty_state()
    turn(state, 0)
    plantation = put(state, 0, SLAVE.number, unrest=2)
    plantation.income = 2
    state.players[0].cubes -= 1
    state.players[0].row[0].income += state.players[0].cubes
    state.players[0].cubes = 0
    state.market[0][3] = SHOP.number
    act(state, 0, Speculate(on_market(SHOP.number), CubeSpot("income", SLAVE.number)))
    assert state.holding(SLAVE.number) is None and state.players[0].prestige_stack == [SLAVE.number]
    check_cubes(state)


def test_creel_tax_increases_steals_as_much_as_the_active_players_loyalty() -> None:
    creel = named("Creel Tax Increases")
    assert (creel.district, creel.cost, creel.unrest) == (District.CHIHUAHUA, 0, 3)
    state = empty_state()
    turn(state, 0)
    put(state, 0, PARTNER.number)
    put(
        state,
        0,
        find(
            CardType.PARTNER,
            lambda c: c.prestige == (Prestige.LOYALTY,) and not c.family,
            exclude=(PARTNER.number,),
        ).number,
    )
    held = put(state, 1, CHIHUAHUA.number)
    put(state, 1, SONORA.number)
    assert victims(state, 0, creel.number) == {(1, CHIHUAHUA.number)}
    play(state, 0, creel.number, at(CHIHUAHUA.number))
    assert held.unrest == 3
    assert (state.players[0].gold, state.players[1].gold) == (32, 28)
    assert state.players[1].prestige_stack == [creel.number]
    assert prestige.points(state, 1, Prestige.REVOLUTION) == 1


def test_a_spy_cancels_an_orange_card_as_it_is_played() -> None:
    pinkerton = named("Pinkerton")
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SHOP.number)
    put(state, 1, pinkerton.number)
    put(state, 2, GUN_STORE.number)
    asked = play(state, 0, RAID.number, at(SHOP.number), True)
    assert asked[-1].chooser == 1  # the spy's owner is asked
    assert held.unrest == 0 and state.players[1].gold == 30
    assert RAID.number in state.discard and pinkerton.number in state.discard
    assert state.players[0].gold == 30 - (RAID.cost or 0)
    # Decision (attacks.play_attack): the card was played, so gun stores still pay.
    assert state.players[2].gold == 32


def test_a_spy_cancels_a_black_card_too() -> None:
    pinkerton = named("Pinkerton")
    state = empty_state()
    turn(state, 0)
    put(state, 2, pinkerton.number)  # anybody's spy: the card's victim need not own it
    play(state, 0, LAWSUIT.number, at(None, victim=1), True)
    assert state.players[1].gold == 30 and state.players[1].prestige_stack == []
    assert LAWSUIT.number in state.discard and pinkerton.number in state.discard


def test_a_spy_may_let_an_attack_through() -> None:
    pinkerton = named("Pinkerton")
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SHOP.number)
    put(state, 1, pinkerton.number)
    play(state, 0, RAID.number, at(SHOP.number), False)
    assert held.unrest == 3 and state.holding(pinkerton.number) is not None


# ---------------------------------------------------------------------- black cards


def test_a_black_card_takes_two_actions_unless_its_regime_is_in_force() -> None:
    named_regime = LAWSUIT.named_regime
    assert named_regime is not None
    other = next(r for r in Regime if r is not named_regime)
    state = empty_state(regime=other)
    turn(state, 0)
    play(state, 0, LAWSUIT.number, at(None, victim=1))
    assert state.turn.actions_left == 1
    hold(state, 0, LAWSUIT.number)
    assert not may(state, 0, PlayCard(LAWSUIT.number))  # two actions, one left

    state = empty_state(regime=named_regime)
    turn(state, 0)
    play(state, 0, LAWSUIT.number, at(None, victim=1))
    assert state.turn.actions_left == 2


def test_a_black_card_is_played_with_exactly_its_cost_in_gold() -> None:
    state = empty_state()
    turn(state, 0)
    cost = LAWSUIT.cost or 0
    assert cost > 0
    state.players[0].gold = cost
    assert {t.victim for t in targets(state, 0, LAWSUIT.number)} >= {1, 2}
    state.players[0].gold = cost - 1
    assert targets(state, 0, LAWSUIT.number) == []


def test_a_black_card_steals_up_to_its_figure_and_goes_to_the_victim() -> None:
    state = empty_state()
    turn(state, 0)
    state.players[1].gold = 1
    play(state, 0, LAWSUIT.number, at(None, victim=1))
    assert state.players[1].gold == 0 and state.players[0].gold == 30 - (LAWSUIT.cost or 0) + 1
    assert state.players[1].prestige_stack == [LAWSUIT.number]


def test_an_assassination_costs_the_targets_play_cost_and_removes_it_from_the_game() -> None:
    state = empty_state()
    turn(state, 0)
    partner = put(state, 1, PARTNER.number)
    assert partner.prestige_cubes == 1
    found = [t for t in targets(state, 0, ASSASSINATION.number) if t.number == PARTNER.number]
    assert [t.cost for t in found] == [PARTNER.cost]
    play(state, 0, ASSASSINATION.number, at(PARTNER.number))
    assert state.holding(PARTNER.number) is None and PARTNER.number in state.removed
    assert state.players[0].gold == 30 - (PARTNER.cost or 0)
    assert state.players[1].prestige_stack == [ASSASSINATION.number]
    check_cubes(state)


def test_assassinating_your_own_partner_earns_you_the_victims_point() -> None:
    # Chapter J: a typical straw man play.
    state = empty_state()
    turn(state, 0)
    put(state, 0, PARTNER.number)
    play(state, 0, ASSASSINATION.number, at(PARTNER.number, victim=0))
    assert PARTNER.number in state.removed and state.players[0].prestige_stack == [ASSASSINATION.number]
    assert prestige.points(state, 0, ASSASSINATION.victim_prestige or Prestige.OUTRAGE) == 1
    check_cubes(state)


def test_assassinating_a_public_card_costs_what_the_public_card_costs() -> None:
    # The glossary: killing General Huerta, a public card costing 18, costs 18.
    public = find(CardType.PUBLIC, lambda c: True)
    state = empty_state()
    put(state, 1, public.number, side=1)
    state.public.remove(public.number)
    found = [t for t in targets(state, 0, ASSASSINATION.number) if t.number == public.number]
    assert [t.cost for t in found] == [public.cost] and public.cost == 18


def test_assassinating_a_public_card_with_no_cost_printed_costs_nothing(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_house = listing_cards.CARD_9194  # a public card with no cost printed
    join_game(open_house, monkeypatch)
    state = empty_state(gold=0)
    put(state, 1, open_house.number, side=1)
    found = [t for t in targets(state, 0, ASSASSINATION.number) if t.number == open_house.number]
    assert [t.cost for t in found] == [0]


def test_assassinating_a_flipped_hacendado_costs_ten_and_leaves_the_heir() -> None:
    state = empty_state()
    turn(state, 0)
    flip(state, 1, Faction.LOCAL)
    found = [
        t for t in targets(state, 0, ASSASSINATION.number) if t.number == state.players[1].hacendado.number
    ]
    assert [t.cost for t in found] == [10]
    hacendado = state.players[1].hacendado.number
    state.players[0].gold = 10  # exactly the price: it is paid
    assert hacendado in {t.number for t in targets(state, 0, ASSASSINATION.number)}
    state.players[0].gold = 9
    assert hacendado not in {t.number for t in targets(state, 0, ASSASSINATION.number)}
    state.players[0].gold = 30
    play(state, 0, ASSASSINATION.number, at(state.players[1].hacendado.number))
    victim = state.players[1]
    assert victim.hacendado.side == 0 and victim.heir and not victim.flipped
    assert victim.hacendado.income == 2  # Decision: the heir's Loyalist side has its income cubes
    assert victim.prestige_stack == [ASSASSINATION.number]
    assert flip_sides(state, 1) == ()  # the heir stays Loyalist for good
    check_cubes(state)


def test_a_loyalist_hacendado_or_one_with_a_private_army_cannot_be_assassinated() -> None:
    state = empty_state()
    assert all(t.number != state.players[1].hacendado.number for t in targets(state, 0, ASSASSINATION.number))
    flip(state, 1, Faction.LOCAL)
    put_troop(state, 1, TROOP.number)  # bodyguards
    assert all(t.number != state.players[1].hacendado.number for t in targets(state, 0, ASSASSINATION.number))


def test_german_naval_intelligence_assassinates_a_partner_for_two_actions() -> None:
    gni = named("German Naval Intelligence")
    assert Family.ASSASSINATION in gni.family and gni.steal == 0
    assert gni.victim_prestige is Prestige.OUTRAGE
    state = empty_state()
    turn(state, 0)
    put(state, 1, PARTNER.number)
    state.players[1].gold = 5
    play(state, 0, gni.number, at(PARTNER.number))
    assert state.turn.actions_left == (2 if gni.named_regime is Regime.PAX else 1)
    assert state.players[1].gold == 5  # steals nothing
    assert PARTNER.number in state.removed and prestige.points(state, 1, Prestige.OUTRAGE) == 1


def test_a_nationalization_discards_the_enterprise_and_its_troop_retreats_or_is_discarded() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SHOP.number)
    flip(state, 2, TROOP.faction or Faction.LOCAL)  # so that the troop could retreat
    put_troop(state, 2, TROOP.number, on=held.number)
    asked = play(state, 0, NATIONALIZATION.number, at(SHOP.number), "discard")
    assert asked[-1].chooser == 2
    assert SHOP.number in state.discard and TROOP.number in state.discard
    assert state.players[1].prestige_stack == [NATIONALIZATION.number]
    check_cubes(state)


def test_an_owner_immune_to_nationalization_cannot_be_targeted_by_one() -> None:
    state = empty_state()
    put(state, 1, SHOP.number)
    put(state, 1, IMMUNE_TO_NATIONALIZATION.number)
    put(state, 2, SHOP_2.number)
    assert victims(state, 0, NATIONALIZATION.number) == {(2, SHOP_2.number)}


def test_a_conspiracy_takes_an_opponents_partner() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, PARTNER.number)
    assert held.prestige_cubes == 1
    put(state, 0, OTHER_PARTNER.number)
    flip(state, 1, Faction.LOCAL)
    # not your own partner, and a flipped Hacendado is not a partner to take
    assert victims(state, 0, CONSPIRACY.number) == {(1, PARTNER.number)}
    play(state, 0, CONSPIRACY.number, at(PARTNER.number))
    assert state.holding(PARTNER.number) is not None
    owner, taken = state.holding(PARTNER.number) or (None, None)
    assert owner == 0 and taken is not None and taken.prestige_cubes == 1
    assert CONSPIRACY.number in state.discard
    check_cubes(state)


def test_a_newspaper_taken_by_a_conspiracy_gets_a_new_orientation() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, NEWSPAPER.number, side=0)
    play(state, 0, CONSPIRACY.number, at(NEWSPAPER.number), Side(NEWSPAPER.number, 1))
    found = state.holding(NEWSPAPER.number)
    assert found is not None and found[0] == 0 and found[1].side == 1


def test_a_public_card_taken_by_a_conspiracy_may_be_turned_and_acts_again() -> None:
    # The glossary: a public card changing hands through a conspiracy may bring a new strife and
    # regime change.
    teddy = named("Teddy Roosevelt")
    state = empty_state(regime=Regime.MARTIAL_LAW)
    turn(state, 0)
    put(state, 1, teddy.number, side=1)
    state.public.remove(teddy.number)
    rebel = find(CardType.PARTNER, lambda c: c.faction is Faction.REBEL and not c.family)
    put(state, 2, rebel.number)
    play(state, 0, CONSPIRACY.number, at(teddy.number), Side(teddy.number, 0))
    found = state.holding(teddy.number)
    assert found is not None and found[0] == 0 and found[1].side == 0
    assert state.regime_card.regime is Regime.US_INTERVENTION
    assert prestige.points(state, 0, Prestige.OUTRAGE) == 1


def test_a_conspiracy_with_no_partner_to_take_cannot_be_played() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, PARTNER.number)
    hold(state, 0, CONSPIRACY.number)
    assert not may(state, 0, PlayCard(CONSPIRACY.number))


def test_antitrust_discards_an_opponents_monopoly_only() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, MONOPOLY.number)
    other = find(
        CardType.PARTNER, lambda c: Family.MONOPOLY in c.family, plain=False, exclude=(MONOPOLY.number,)
    )
    put(state, 1, other.number)
    put(state, 1, PARTNER.number)
    assert victims(state, 0, ANTITRUST.number) == {(1, other.number)}
    play(state, 0, ANTITRUST.number, at(other.number))
    assert other.number in state.discard and state.holding(other.number) is None


# ---------------------------------------------------------------------- jail


def first_actions(state: PorfirianaState, player: int) -> int:
    """How many actions the player has as their action phase starts."""
    seen: list[int] = []

    def record(option: object) -> bool:
        seen.append(state.turn.actions_left)
        return isinstance(option, EndTurn)

    drive(rules.action_phase(state, player), [record])
    return seen[0]


def test_a_jailed_point_jails_its_victim_who_then_has_two_actions() -> None:
    state = empty_state()
    turn(state, 0)
    play(state, 0, JAIL.number, at(None, victim=1))
    assert state.players[1].jailed and state.players[1].prestige_stack == [JAIL.number]
    assert first_actions(state, 1) == 2
    assert first_actions(state, 2) == 3


def test_a_partner_immune_to_jail_keeps_its_owner_free() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 1, IMMUNE_TO_JAIL.number)
    play(state, 0, JAIL.number, at(None, victim=1))
    assert not state.players[1].jailed and state.players[1].prestige_stack == [JAIL.number]


def test_a_second_jailing_has_no_further_effect() -> None:
    state = empty_state()
    turn(state, 0)
    state.players[1].jailed = True
    play(state, 0, JAIL.number, at(None, victim=1))
    assert state.players[1].jailed and first_actions(state, 1) == 2


def test_jailed_during_your_own_turn_you_keep_your_three_actions() -> None:
    state = empty_state(regime=JAIL.named_regime or Regime.PAX)
    turn(state, 0)
    play(state, 0, JAIL.number, at(None, victim=0))  # a straw man play against yourself
    assert state.players[0].jailed and state.turn.actions_left == 2


def test_police_gets_a_jailed_player_out_and_gives_the_third_action_back() -> None:
    state = empty_state()
    seat_without(state, 0, PoliceCost)
    state.players[0].jailed = True
    turn(state, 0)
    assert state.turn.actions_left == 2
    act(state, 0, Police(None))
    assert not state.players[0].jailed and state.players[0].gold == 27
    assert state.turn.actions_left == 2  # one spent, the third given back
    assert prestige.points(state, 0, Prestige.REVOLUTION) == 0


def test_leaving_jail_is_free_under_martial_law() -> None:
    state = empty_state(regime=Regime.MARTIAL_LAW)
    state.players[0].jailed = True
    turn(state, 0)
    act(state, 0, Police(None))
    assert state.players[0].gold == 30 and not state.players[0].jailed


def test_gaining_immunity_to_jail_sets_a_jailed_player_free() -> None:
    state = empty_state()
    state.players[0].jailed = True
    turn(state, 0)
    hold(state, 0, IMMUNE_TO_JAIL.number)
    act(state, 0, PlayCard(IMMUNE_TO_JAIL.number))
    assert not state.players[0].jailed
    assert state.turn.actions_left == 2  # set free on your turn: the third action comes back


def test_a_victim_with_a_gun_store_keeps_the_two_gold_it_brings() -> None:
    state = empty_state(gold=0)
    turn(state, 0)
    state.players[0].gold = RAID.cost or 0
    put(state, 1, GUN_STORE.number)
    put(state, 1, SHOP.number)
    play(state, 0, RAID.number, at(SHOP.number))
    assert state.players[1].gold == 2  # nothing to steal when the raid hit; the store paid after


def test_an_attack_card_awarded_is_told_moved_from_the_attackers_hand_to_the_victims_stack(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    fund: Card = flow_cards.CARD_9123  # gains 2 when another player's card enters its owner's stack
    join_game(fund, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 1, fund.number)
    put(state, 1, SHOP.number)
    play(state, 0, RAID.number, at(SHOP.number))
    assert state.players[1].prestige_stack == [RAID.number]
    assert state.players[1].gold == 30 - (RAID.steal or 0) + 2


def test_an_attack_card_a_spy_cancels_is_told_discarded_from_the_attackers_hand(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticket: Card = trigger_cards.CARD_9072  # gains 1 when a card is discarded from its owner's hand
    join_game(ticket, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, ticket.number)
    put(state, 1, SHOP.number)
    put(state, 1, named("Pinkerton").number)
    play(state, 0, RAID.number, at(SHOP.number), True)  # the spy cancels it
    assert RAID.number in state.discard
    assert state.players[0].gold == 30 - (RAID.cost or 0) + 1


def test_an_attack_cards_own_text_on_play_acts_for_the_player_who_played_it(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agitators: Card = flow_cards.CARD_9124  # 1 unrest; on play its player gains 1
    join_game(agitators, monkeypatch)
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SHOP.number)
    play(state, 0, agitators.number, at(SHOP.number))
    assert held.unrest == 1 and agitators.number in state.discard
    assert (state.players[0].gold, state.players[1].gold) == (30 - (agitators.cost or 0) + 1, 30)


def test_what_an_attack_steals_goes_to_its_player_whatever_the_seat_but_diazs_to_the_bank() -> None:
    steal = LAWSUIT.steal or 0
    state = empty_state()
    turn(state, 1)
    play(state, 1, LAWSUIT.number, at(None, victim=0))
    assert (state.players[0].gold, state.players[1].gold) == (30 - steal, 30 - (LAWSUIT.cost or 0) + steal)

    solo = new_state({"solitaire": True}, 3)  # rules L: Díaz gets no gold
    solo.active = 1
    solo.players[0].gold = 10
    solo.players[1].hand.append(LAWSUIT.number)
    drive(attacks.play_attack(solo, 1, LAWSUIT.number, Target(0, None, 0)), [])
    assert (solo.players[0].gold, solo.players[1].gold) == (10 - steal, 0)


def test_an_ability_changing_what_black_cards_cost_its_owner_prices_every_target(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    assassins: Card = flow_cards.CARD_9125  # your black cards cost 2 less
    join_game(assassins, monkeypatch)
    state = empty_state()
    put(state, 0, assassins.number)
    put(state, 2, PARTNER.number)
    flip(state, 2, Faction.LOCAL)
    for player, discount in ((0, 2), (1, 0)):
        costs = {t.number: t.cost for t in targets(state, player, ASSASSINATION.number) if t.victim == 2}
        hacendado = state.players[2].hacendado.number
        assert costs == {PARTNER.number: (PARTNER.cost or 0) - discount, hacendado: 10 - discount}
        lawsuit = {t.cost for t in targets(state, player, LAWSUIT.number)}
        assert lawsuit == {max(0, (LAWSUIT.cost or 0) - discount)}


def test_an_orange_card_with_a_flag_looks_past_enterprises_of_other_districts() -> None:
    state = empty_state()
    put(state, 1, CHIHUAHUA.number)
    put(state, 1, SONORA.number)
    assert victims(state, 0, SONORA_FLAG.number) == {(1, SONORA.number)}


def test_an_assassination_costing_all_the_players_gold_may_be_played() -> None:
    state = empty_state(gold=PARTNER.cost or 0)
    put(state, 1, PARTNER.number)
    assert (1, PARTNER.number) in victims(state, 0, ASSASSINATION.number)
    state.players[0].gold -= 1
    assert (1, PARTNER.number) not in victims(state, 0, ASSASSINATION.number)


def test_a_player_jailed_and_freed_during_a_turn_begun_free_gets_no_action_back() -> None:
    """Glossary, Jailed: jailed during your own turn you keep its three actions, so being set
    free then gives none back."""
    state = empty_state(regime=JAIL.named_regime or Regime.PAX)
    turn(state, 0)
    play(state, 0, JAIL.number, at(None, victim=0))  # a straw-man play: jailed, three actions kept
    assert state.players[0].jailed and state.turn.actions_left == 3 - black_actions(state, JAIL.number)
    left = state.turn.actions_left
    hold(state, 0, IMMUNE_TO_JAIL.number)
    act(state, 0, PlayCard(IMMUNE_TO_JAIL.number))
    assert not state.players[0].jailed and state.turn.actions_left == left - 1


def test_the_third_action_comes_back_once_a_turn_however_often_the_player_is_freed() -> None:
    state = empty_state(regime=JAIL.named_regime or Regime.PAX)
    state.players[0].jailed = True
    turn(state, 0)
    act(state, 0, Police(None))  # two actions, one spent, the third back
    assert state.turn.actions_left == 2
    play(state, 0, JAIL.number, at(None, victim=0))  # jailed again by a straw-man play
    left = state.turn.actions_left
    act(state, 0, Police(None))
    assert not state.players[0].jailed and state.turn.actions_left == left - 1
