"""Playing and redeploying troops, from chapter G of the rules and the glossary (Jurisdiction,
Chain Railroad, Connection, Firepower, Extorting Troop, Extortion Cube, Sack, Private Army,
Redeploy, Retreat)."""

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
    Regime,
    TroopArrived,
    Zone,
)
from paxc.runtime.porfiriana import hand, hooks, invariants, losses, prestige, regimes
from paxc.runtime.porfiriana.actions import InPlace, PlayCard, Redeploy, Sell
from paxc.runtime.porfiriana.labels import label
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, Side, card
from paxc.runtime.porfiriana.troops import Destination, destinations, firepower
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import (
    act,
    check_cubes,
    drive,
    empty_state,
    find,
    flip,
    hold,
    named,
    put,
    put_troop,
    turn,
)


def troop(**wanted: Any) -> Card:
    """The first troop without an ability whose attributes have these values."""
    return find(CardType.TROOP, lambda c: all(getattr(c, k) == v for k, v in wanted.items()))


def ranch(district: District, exclude: tuple[int, ...] = ()) -> Card:
    """A ranch of this district with a boot connection and an oval to upgrade it."""
    return find(
        CardType.ENTERPRISE,
        lambda c: (
            c.family == (Family.RANCH,)
            and c.district is district
            and c.connection is Connection.BOOT
            and (c.upgrade_mule_cost is not None or c.upgrade_rail_cost is not None)
        ),
        exclude=exclude,
    )


SONORA = ranch(District.SONORA)
SONORA_2 = ranch(District.SONORA, exclude=(SONORA.number,))
CHIHUAHUA = ranch(District.CHIHUAHUA)
AMERICA = find(
    CardType.ENTERPRISE, lambda c: c.district is District.AMERICA and not c.family and (c.income or 0) > 0
)
CHAIN = find(
    CardType.ENTERPRISE, lambda c: Family.CHAIN_RAILROAD in c.family and Family.PROJECT not in c.family
)
SLAVE = find(
    CardType.ENTERPRISE, lambda c: Family.SLAVE_PLANTATION in c.family and c.district is District.SONORA
)
PLANTATION = find(
    CardType.ENTERPRISE,
    lambda c: c.family == (Family.PLANTATION,) and c.district is District.SONORA,
)

# Troops with no regime change unless a test wants one.
LOCAL_SONORA_1 = troop(faction=Faction.LOCAL, district=District.SONORA, firepower=1)
LOCAL_SONORA_2 = troop(faction=Faction.LOCAL, district=District.SONORA, firepower=2)
LOCAL_CHIHUAHUA_1 = troop(faction=Faction.LOCAL, district=District.CHIHUAHUA, firepower=1)
FEDERAL_CHIHUAHUA = troop(faction=Faction.FEDERAL, district=District.CHIHUAHUA, firepower=2)
FEDERAL_SONORA_3 = troop(faction=Faction.FEDERAL, district=District.SONORA, firepower=3)
US_TROOP = troop(faction=Faction.US, district=District.AMERICA, regime_change=None)
REBEL_SONORA = troop(faction=Faction.REBEL, district=District.SONORA, firepower=2)


# Fixture cards whose abilities read the troop, the district and the player the troop rules ask
# about (no printed card does): tests/porfiriana/fixtures/troop_cards.pax.
TROOP_CARDS = REPO / "tests" / "porfiriana" / "fixtures" / "troop_cards.pax"


@pytest.fixture(scope="module")
def troop_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(TROOP_CARDS, "porfiriana", tmp_path_factory.mktemp("troop_cards"))


def places(state: PorfirianaState, player: int, number: int) -> set[int | None]:
    """Where the player could play or redeploy this troop now (None: the private army)."""
    return {d.enterprise for d in destinations(state, player, number)}


def to(state: PorfirianaState, player: int, number: int, enterprise: int | None) -> Destination:
    return next(d for d in destinations(state, player, number) if d.enterprise == enterprise)


def cost_to(state: PorfirianaState, player: int, number: int, enterprise: int | None) -> int:
    return to(state, player, number, enterprise).cost


def spread(state: PorfirianaState) -> None:
    """A Sonora, a Chihuahua and an America enterprise, all player 0's."""
    for number in (SONORA.number, CHIHUAHUA.number, AMERICA.number):
        put(state, 0, number)


# ---------------------------------------------------------------------- jurisdiction


def test_a_troop_goes_only_to_enterprises_of_its_jurisdiction() -> None:
    state = empty_state()
    spread(state)
    assert places(state, 0, LOCAL_SONORA_1.number) == {SONORA.number}
    assert places(state, 0, LOCAL_CHIHUAHUA_1.number) == {CHIHUAHUA.number}
    assert places(state, 0, US_TROOP.number) == {AMERICA.number}
    assert places(state, 1, LOCAL_SONORA_1.number) == {SONORA.number}  # anybody's row


def test_under_us_intervention_us_troops_may_go_to_sonora_and_chihuahua() -> None:
    state = empty_state(regime=Regime.US_INTERVENTION)
    spread(state)
    assert places(state, 0, US_TROOP.number) == {SONORA.number, CHIHUAHUA.number, AMERICA.number}
    assert places(state, 0, LOCAL_SONORA_1.number) == {SONORA.number}  # only the blue troops


def test_under_anarchy_every_troop_may_go_to_any_district() -> None:
    state = empty_state(regime=Regime.ANARCHY)
    spread(state)
    everywhere = {SONORA.number, CHIHUAHUA.number, AMERICA.number}
    for number in (LOCAL_SONORA_1.number, FEDERAL_CHIHUAHUA.number, US_TROOP.number):
        assert places(state, 0, number) == everywhere


def test_a_working_chain_railroad_lets_its_builder_send_federal_troops_into_sonora_and_chihuahua() -> None:
    state = empty_state()
    spread(state)
    chain = put(state, 1, CHAIN.number)
    chain.connection_owner, chain.connection_level = 2, Connection.RAIL
    state.players[2].cubes -= 1
    assert places(state, 2, FEDERAL_CHIHUAHUA.number) == {SONORA.number, CHIHUAHUA.number, CHAIN.number}
    assert places(state, 2, FEDERAL_SONORA_3.number) >= {CHIHUAHUA.number}
    assert AMERICA.number not in places(state, 2, FEDERAL_CHIHUAHUA.number)  # not across the border
    assert SONORA.number not in places(state, 2, LOCAL_CHIHUAHUA_1.number)  # federal troops only
    assert SONORA.number not in places(state, 1, FEDERAL_CHIHUAHUA.number)  # the cube's owner only
    chain.unrest = 1
    assert SONORA.number not in places(state, 2, FEDERAL_CHIHUAHUA.number)  # not in unrest


def test_an_ability_opening_a_district_to_troops_is_asked_about_that_district(
    troop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Smugglers' Trail lets Local troops into America: the jurisdiction an ability changes is
    asked for the troop and the district of the enterprise (the U.S. Intervention asks only
    "not America", which every enterprise outside America answers alike)."""
    trail = troop_cards.CARD_9100
    join_porfiriana(trail, monkeypatch)
    state = empty_state()
    spread(state)
    put(state, 1, trail.number)
    assert places(state, 0, LOCAL_SONORA_1.number) == {SONORA.number, AMERICA.number}
    assert places(state, 0, LOCAL_CHIHUAHUA_1.number) == {CHIHUAHUA.number, AMERICA.number}
    assert places(state, 0, FEDERAL_CHIHUAHUA.number) == {CHIHUAHUA.number}  # Local troops only


def test_a_troop_need_not_leave_when_its_jurisdiction_shrinks() -> None:
    # The glossary's example: under Anarchy, Rurales extort a Chihuahua ranch and turn the regime
    # to the Pax; they stay where they are.
    rurales = named("Rurales")
    assert rurales.district is not District.CHIHUAHUA and rurales.regime_change is Regime.PAX
    state = empty_state(regime=Regime.ANARCHY)
    turn(state, 0)
    held = put(state, 1, CHIHUAHUA.number)
    hold(state, 0, rurales.number)
    act(state, 0, PlayCard(rurales.number), [lambda d: d.enterprise == CHIHUAHUA.number])
    assert state.regime_card.regime is Regime.PAX
    assert held.troop == rurales.number and held.extortion == 0
    assert CHIHUAHUA.number not in places(state, 0, rurales.number)  # could not come back now
    check_cubes(state)


# ---------------------------------------------------------------------- cost


def test_the_cost_follows_the_destinations_connection_upgraded_unless_in_unrest() -> None:
    state = empty_state()
    held = put(state, 1, CHIHUAHUA.number)
    printed = FEDERAL_CHIHUAHUA
    assert cost_to(state, 0, printed.number, CHIHUAHUA.number) == printed.cost_boot
    held.connection_owner, held.connection_level = 2, Connection.MULE
    state.players[2].cubes -= 1
    assert cost_to(state, 0, printed.number, CHIHUAHUA.number) == printed.cost_mule
    held.connection_level = Connection.RAIL
    assert cost_to(state, 0, printed.number, CHIHUAHUA.number) == printed.cost_rail
    held.unrest = 1  # the upgrade is off: the base connection again
    assert cost_to(state, 0, printed.number, CHIHUAHUA.number) == printed.cost_boot


def test_rebels_walk_cheaply_and_pay_dearly_for_the_rail() -> None:
    # The glossary's redeploy example: a rebel troop costing 6, 3 and 1 pays 1 to reach a mine on
    # foot, and 6 once the rail to it is built.
    rebel = troop(faction=Faction.REBEL, cost_boot=1, cost_mule=3, cost_rail=6)
    mine = find(
        CardType.ENTERPRISE,
        lambda c: (
            c.family == (Family.MINE,)
            and c.district is rebel.district
            and c.connection is Connection.BOOT
            and c.upgrade_rail_cost is not None
        ),
    )
    state = empty_state()
    held = put(state, 1, mine.number)
    assert cost_to(state, 0, rebel.number, mine.number) == 1
    held.connection_owner, held.connection_level = 1, Connection.RAIL
    state.players[1].cubes -= 1
    assert cost_to(state, 0, rebel.number, mine.number) == 6


def test_playing_a_troop_pays_the_cost_and_takes_an_action() -> None:
    state = empty_state()
    turn(state, 0)
    put(state, 0, SONORA.number)
    hold(state, 0, LOCAL_SONORA_1.number)
    act(state, 0, PlayCard(LOCAL_SONORA_1.number), [lambda d: d.enterprise == SONORA.number])
    assert state.players[0].gold == 30 - (LOCAL_SONORA_1.cost_boot or 0)
    assert state.turn.actions_left == 2
    assert state.troop_place(LOCAL_SONORA_1.number) == (0, state.players[0].row[1])


def test_a_troop_cannot_go_where_its_owner_cannot_pay() -> None:
    state = empty_state(gold=(FEDERAL_CHIHUAHUA.cost_boot or 0) - 1)
    put(state, 0, CHIHUAHUA.number)
    assert places(state, 0, FEDERAL_CHIHUAHUA.number) == set()


def test_a_troop_may_go_where_it_costs_all_its_owners_gold() -> None:
    state = empty_state()
    put(state, 0, CHIHUAHUA.number)
    me = state.players[0]
    me.gold = FEDERAL_CHIHUAHUA.cost_boot or 0
    assert places(state, 0, FEDERAL_CHIHUAHUA.number) == {CHIHUAHUA.number}
    flip(state, 0, Faction.FEDERAL)
    me.gold = losses.troop_cost(FEDERAL_CHIHUAHUA.number, losses.connection_of(me.hacendado))
    assert None in places(state, 0, FEDERAL_CHIHUAHUA.number)  # the private army, likewise
    me.gold -= 1
    assert None not in places(state, 0, FEDERAL_CHIHUAHUA.number)


def test_abilities_change_what_playing_a_troop_costs_not_what_redeploying_it_costs(
    troop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Army Quartermaster: its owner's troops cost 1 gold less to play. Redeploying a troop in
    play is not playing it (rules G: the card's effects come with the play only): the printed
    cost by the destination's connection."""
    quartermaster = troop_cards.CARD_9102
    join_porfiriana(quartermaster, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, quartermaster.number)
    put(state, 1, SONORA.number)
    put(state, 2, SONORA_2.number)
    printed = LOCAL_SONORA_2.cost_boot or 0
    assert printed > 0
    assert cost_to(state, 0, LOCAL_SONORA_2.number, SONORA.number) == printed - 1
    assert cost_to(state, 1, LOCAL_SONORA_2.number, SONORA.number) == printed  # its owner's only
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert state.players[0].gold == 30 - (printed - 1)
    assert cost_to(state, 0, LOCAL_SONORA_2.number, SONORA_2.number) == printed
    act(
        state,
        0,
        Redeploy(LOCAL_SONORA_2.number),
        [lambda d: getattr(d, "enterprise", None) == SONORA_2.number],
    )
    assert state.players[0].gold == 30 - (printed - 1) - printed


def test_a_troop_in_hand_dearer_than_the_gold_is_playable_where_an_ability_makes_it_affordable(
    troop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Army Quartermaster: 1 gold less to play a troop, so a troop whose cheapest printed cost is
    1 more than the player's gold may still be played where that cost applies (a mule
    connection); redeployed, the printed cost stands and it goes nowhere."""
    quartermaster = troop_cards.CARD_9102
    join_porfiriana(quartermaster, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, quartermaster.number)
    held = put(state, 1, SONORA.number)
    held.connection_owner, held.connection_level = 1, Connection.MULE
    mule = LOCAL_SONORA_2.cost_mule or 0
    assert mule == min(LOCAL_SONORA_2.cost_boot or 0, mule, LOCAL_SONORA_2.cost_rail or 0) > 0
    state.players[0].gold = mule - 1
    hold(state, 0, LOCAL_SONORA_2.number)
    assert places(state, 0, LOCAL_SONORA_2.number) == {SONORA.number}
    assert cost_to(state, 0, LOCAL_SONORA_2.number, SONORA.number) == mule - 1
    assert LOCAL_SONORA_2.number in hand.playable_in_hand(state, 0, 1)
    state.players[0].hand.remove(LOCAL_SONORA_2.number)
    put_troop(state, 0, LOCAL_SONORA_2.number)  # in the private army: a redeployment
    assert places(state, 0, LOCAL_SONORA_2.number) == set()


def test_a_troop_costing_nothing_on_foot_is_played_with_no_gold() -> None:
    # A Rebel troop of Sonora costing 0 gold by boot, more by mule and rail: free to a boot connection.
    barefoot = troop(faction=Faction.REBEL, district=District.SONORA, cost_boot=0)
    assert (barefoot.cost_mule or 0) > 0 and (barefoot.cost_rail or 0) > 0
    state = empty_state(gold=0)
    turn(state, 0)
    put(state, 1, SONORA.number)
    hold(state, 0, barefoot.number)
    assert places(state, 0, barefoot.number) == {SONORA.number}
    assert cost_to(state, 0, barefoot.number, SONORA.number) == 0
    assert barefoot.number in hand.playable_in_hand(state, 0, 1)


def test_a_troop_whose_mule_cost_is_its_cheapest_is_played_with_that_much_gold(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    raiders = listing_cards.CARD_9196  # 3 by boot, 1 by mule, 3 by rail
    join_porfiriana(raiders, monkeypatch)
    state = empty_state(gold=1)
    turn(state, 0)
    held = put(state, 1, SONORA.number)
    held.connection_owner, held.connection_level = 1, Connection.MULE
    hold(state, 0, raiders.number)
    assert places(state, 0, raiders.number) == {SONORA.number}
    assert raiders.number in hand.playable_in_hand(state, 0, 1)


# ---------------------------------------------------------------------- battle and unrest


def test_entering_an_occupied_enterprise_needs_greater_firepower() -> None:
    state = empty_state()
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_2.number, on=held.number)
    assert SONORA.number not in places(state, 2, REBEL_SONORA.number)  # 2 against 2: no
    assert SONORA.number not in places(state, 2, LOCAL_SONORA_1.number)
    assert SONORA.number in places(state, 2, FEDERAL_SONORA_3.number)


@pytest.mark.parametrize("defender", [0, 1])
def test_a_defending_troop_fights_with_its_owners_firepower(defender: int) -> None:
    """A general raises all its owner's troops to firepower 3 (glossary, Firepower), defending
    too: the firepower-1 troop it commands stands against an arriving firepower-3 troop."""
    general = find(CardType.PARTNER, lambda c: Family.GENERAL in c.family, plain=False)
    state = empty_state()
    held = put(state, 1 - defender, SONORA.number)
    put_troop(state, defender, LOCAL_SONORA_1.number, on=held.number)
    assert SONORA.number in places(state, 2, FEDERAL_SONORA_3.number)
    put(state, defender, general.number)
    assert SONORA.number not in places(state, 2, FEDERAL_SONORA_3.number)


def test_an_ability_raising_a_kind_of_troop_is_asked_about_that_troop(
    troop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rebel Armorer: its owner's Rebel troops fight at firepower 3, the others as printed."""
    armorer = troop_cards.CARD_9101
    join_porfiriana(armorer, monkeypatch)
    state = empty_state()
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_2.number, on=held.number)
    put(state, 2, armorer.number)
    assert SONORA.number in places(state, 2, REBEL_SONORA.number)  # 3 against 2
    assert SONORA.number not in places(state, 2, LOCAL_SONORA_1.number)  # a Local troop: 1
    assert SONORA.number not in places(state, 0, REBEL_SONORA.number)  # another owner's: 2


def test_a_troop_lowered_below_no_firepower_drives_off_no_unrest_and_adds_none(
    troop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Powder Shortage: its owner's troops fight at 3 less, a firepower 2 troop at none (never
    below: a troop cannot bring unrest onto the enterprise it arrives at)."""
    shortage = troop_cards.CARD_9103
    join_porfiriana(shortage, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, shortage.number)
    held = put(state, 0, SONORA.number, unrest=1)
    hold(state, 0, LOCAL_SONORA_2.number)
    assert firepower(state, 0, LOCAL_SONORA_2.number) == 0
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert held.troop == LOCAL_SONORA_2.number and held.unrest == 1
    check_cubes(state)


def test_a_troop_looks_past_an_enterprise_it_cannot_take() -> None:
    """An enterprise held by a troop too strong to beat, or one the player has no cube to extort,
    is passed over: the enterprises after it in the rows are still offered."""
    state = empty_state()
    defended = put(state, 0, SONORA.number)
    put_troop(state, 1, FEDERAL_SONORA_3.number, on=defended.number)
    put(state, 2, SONORA_2.number)
    assert places(state, 2, LOCAL_SONORA_2.number) == {SONORA_2.number}
    state = empty_state()
    put(state, 0, SONORA.number)
    put(state, 2, SONORA_2.number)
    mover = state.players[2]
    mover.row[0].income += mover.cubes
    mover.cubes = 0
    assert places(state, 2, LOCAL_SONORA_2.number) == {SONORA_2.number}  # its own: no cube needed


def local_troop_to_beat(dissipated_troops: bool) -> tuple[PorfirianaState, Holding]:
    """Player 1 (flipped to the Local faction, so able to retreat a Local troop into a private
    army) has a firepower-1 Local troop on player 0's Sonora enterprise; player 2 is to play."""
    state = empty_state()
    state.dissipated_troops = dissipated_troops
    turn(state, 2)
    flip(state, 1, Faction.LOCAL)
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_1.number, on=held.number)
    return state, held


@pytest.mark.parametrize("dissipated_troops", [False, True])
def test_the_defeated_troop_is_discarded_and_cannot_retreat(dissipated_troops: bool) -> None:
    # Player 1 could retreat the troop, but a troop defeated by another colour is not asked about
    # (not even under the optional dissipation rule): it goes to the discard.
    state, held = local_troop_to_beat(dissipated_troops)
    hold(state, 2, REBEL_SONORA.number)
    act(state, 2, PlayCard(REBEL_SONORA.number), [lambda d: d.enterprise == SONORA.number])
    assert LOCAL_SONORA_1.number in state.discard and state.players[1].army == []
    assert held.troop == REBEL_SONORA.number and held.extortion == 2
    check_cubes(state)


def test_with_the_dissipation_rule_a_troop_beaten_by_its_own_colour_may_retreat() -> None:
    # Glossary, Retreat (optional rule): a troop replaced by one of the same colour is only
    # dissipated, and retreats like a troop whose enterprise is lost (flip, pay the redeploy cost).
    state, held = local_troop_to_beat(dissipated_troops=True)
    hold(state, 2, LOCAL_SONORA_2.number)
    gold = state.players[1].gold
    asked = act(
        state, 2, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number, "retreat"]
    )
    assert asked[-1].chooser == 1  # the beaten troop's owner decides
    assert state.players[1].army == [LOCAL_SONORA_1.number]
    cost = losses.troop_cost(LOCAL_SONORA_1.number, losses.connection_of(state.players[1].hacendado))
    assert state.players[1].gold == gold - cost
    assert held.troop == LOCAL_SONORA_2.number and held.extortion == 2
    check_cubes(state)


def test_a_dissipated_troop_retreats_once_the_arriving_troop_has_settled() -> None:
    """Found in random games with --dissipated-troops ('extortion cube but no troop', e.g.
    `simulate porfiriana --players 5 --iron-hand --quick-setup --dissipated-troops --games 98
    --seed 22461 --check`): the beaten troop's owner was asked to retreat it while the enterprise
    held the beaten extorter's cube and no troop. The arriving troop first settles as rules G3
    say, its cube replacing the former extorter's (step 5); then the dissipated troop, off the
    board meanwhile, retreats or is discarded. At that question the board is whole."""
    state, held = local_troop_to_beat(dissipated_troops=True)
    hold(state, 2, LOCAL_SONORA_2.number)
    expected = invariants.cards_in_game(state)
    seen: list[tuple[int | None, int | None, list[str]]] = []

    def retreat(answer: object) -> bool:
        seen.append((held.troop, held.extortion, invariants.violations(state, expected)))
        return answer == "retreat"

    act(state, 2, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number, retreat])
    assert seen and all(found == (LOCAL_SONORA_2.number, 2, []) for found in seen), seen
    assert state.players[1].army == [LOCAL_SONORA_1.number]
    assert invariants.violations(state, expected) == []


def test_a_dissipated_troop_of_a_sacked_enterprise_retreats_after_the_sack() -> None:
    """The owner's own troop dissipated on an enterprise without income: the enterprise is
    sacked with the arriving troop (G3, step 3), and the dissipated troop may still retreat."""
    state = empty_state()
    state.dissipated_troops = True
    turn(state, 2)
    flip(state, 0, Faction.LOCAL)
    held = put(state, 0, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    state.players[0].cubes += held.income
    held.income = 0
    hold(state, 2, LOCAL_SONORA_2.number)
    expected = invariants.cards_in_game(state)
    seen: list[list[str]] = []

    def choose(answer: object) -> bool:
        seen.append(invariants.violations(state, expected))
        return answer == "retreat"

    act(state, 2, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number, choose])
    assert seen and all(found == [] for found in seen), seen
    assert LOCAL_SONORA_1.number in state.players[0].army
    assert invariants.violations(state, expected) == []


def test_machine_guns_cannot_be_defeated() -> None:
    general = find(CardType.PARTNER, lambda c: Family.GENERAL in c.family, plain=False)
    state = empty_state()
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, FEDERAL_SONORA_3.number, on=held.number)
    put(state, 2, general.number)  # a general raises player 2's troops to machine guns
    assert SONORA.number not in places(state, 2, LOCAL_SONORA_1.number)


def test_a_general_raises_all_its_owners_troops_to_firepower_three() -> None:
    general = find(CardType.PARTNER, lambda c: Family.GENERAL in c.family, plain=False)
    state = empty_state()
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_2.number, on=held.number)
    assert SONORA.number not in places(state, 2, LOCAL_SONORA_1.number)
    put(state, 2, general.number)
    assert SONORA.number in places(state, 2, LOCAL_SONORA_1.number)


def test_an_arriving_troop_drives_off_as_many_unrest_disks_as_its_firepower() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SONORA.number, unrest=3)
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert held.unrest == 1


def test_an_arriving_troop_drives_off_as_much_unrest_as_its_owners_firepower() -> None:
    general = find(CardType.PARTNER, lambda c: Family.GENERAL in c.family, plain=False)
    state = empty_state()
    turn(state, 0)
    put(state, 0, general.number)
    held = put(state, 0, SONORA.number, unrest=3)
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert held.unrest == 0  # firepower 3 with the general, not the printed 2


# ---------------------------------------------------------------------- extortion (G3)


def test_a_troop_on_an_opponents_enterprise_turns_an_income_cube_into_its_extortion_cube() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, AMERICA.number)
    income = held.income
    hold(state, 0, US_TROOP.number)
    act(state, 0, PlayCard(US_TROOP.number), [lambda d: d.enterprise == AMERICA.number])
    assert (held.income, held.extortion, held.troop_owner) == (income - 1, 0, 0)
    assert state.players[0].cubes == 12 and state.players[1].cubes == 13 - income + 1
    check_cubes(state)


def test_an_extortion_replaces_the_previous_extorters_cube() -> None:
    state = empty_state()
    turn(state, 2)
    held = put(state, 0, SONORA.number)
    held.income = 2
    state.players[0].cubes -= 1
    put_troop(state, 1, LOCAL_SONORA_1.number, on=held.number)
    hold(state, 2, LOCAL_SONORA_2.number)
    act(state, 2, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert (held.income, held.extortion) == (1, 2)  # the owner keeps their income cube
    assert state.players[1].cubes == 13  # the former extorter's cube is back home
    check_cubes(state)


def test_an_enterprise_with_no_income_and_no_extortion_cube_is_sacked() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SONORA.number)
    held.income = 0
    state.players[1].cubes += 1
    hold(state, 0, LOCAL_SONORA_1.number)
    # the arriving troop must then retreat or be discarded
    act(state, 0, PlayCard(LOCAL_SONORA_1.number), [lambda d: d.enterprise == SONORA.number, "discard"])
    assert state.holding(SONORA.number) is None and SONORA.number in state.players[1].hand
    assert LOCAL_SONORA_1.number in state.discard
    check_cubes(state)


def test_extorting_needs_a_cube_in_the_supply() -> None:
    state = empty_state()
    theirs = put(state, 1, SONORA.number)
    other = put(state, 1, SONORA_2.number)
    put_troop(state, 2, LOCAL_SONORA_1.number, on=other.number)
    mine = put(state, 0, PLANTATION.number)
    state.players[0].row[0].income += state.players[0].cubes
    state.players[0].cubes = 0
    reachable = places(state, 0, LOCAL_SONORA_2.number)
    assert theirs.number not in reachable
    assert other.number not in reachable  # replacing another extorter's cube needs one as well
    assert mine.number in reachable  # no cube needed on your own enterprise


@pytest.mark.parametrize("supply", [0, 1])
def test_a_troop_leaving_an_enterprise_it_extorts_brings_its_cube_home_to_extort_the_next(
    supply: int,
) -> None:
    """Leaving the enterprise it extorts, the troop's extortion cube goes home (rules G: turned
    to the owner's colour, the owner's income cube back), so it may extort the next one even
    with no other cube in its owner's supply."""
    state = empty_state()
    turn(state, 0)
    extorted = put(state, 1, SONORA.number)
    target = put(state, 2, SONORA_2.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=extorted.number)
    me = state.players[0]
    me.row[0].income += me.cubes - supply
    me.cubes = supply
    assert SONORA_2.number in places(state, 0, LOCAL_SONORA_1.number)
    act(
        state,
        0,
        Redeploy(LOCAL_SONORA_1.number),
        [lambda d: getattr(d, "enterprise", None) == SONORA_2.number],
    )
    assert (extorted.extortion, extorted.income, target.extortion, target.income) == (None, 1, 0, 0)
    assert me.cubes == supply
    check_cubes(state)


def test_a_troop_leaving_its_owners_own_enterprise_brings_no_cube_home() -> None:
    state = empty_state()
    own = put(state, 0, PLANTATION.number)
    put(state, 2, SONORA_2.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=own.number)
    me = state.players[0]
    me.row[0].income += me.cubes
    me.cubes = 0
    assert SONORA_2.number not in places(state, 0, LOCAL_SONORA_1.number)


def test_sacking_an_enterprise_needs_no_cube() -> None:
    state = empty_state()
    held = put(state, 1, SONORA.number)
    held.income = 0
    state.players[1].cubes += 1
    state.players[0].row[0].income += state.players[0].cubes
    state.players[0].cubes = 0
    assert SONORA.number in places(state, 0, LOCAL_SONORA_1.number)


def test_a_troop_on_its_owners_enterprise_needs_no_income() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SONORA.number)
    held.income = 0
    state.players[0].cubes += 1
    hold(state, 0, LOCAL_SONORA_1.number)
    act(state, 0, PlayCard(LOCAL_SONORA_1.number), [lambda d: d.enterprise == SONORA.number])
    assert held.troop == LOCAL_SONORA_1.number and held.extortion is None
    assert state.holding(SONORA.number) is not None


def test_the_owner_taking_back_an_extorted_enterprise_turns_the_cube_back_to_income() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_1.number, on=held.number)
    assert (held.income, held.extortion) == (0, 1)
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert (held.income, held.extortion, held.troop_owner) == (1, None, 0)
    check_cubes(state)


def test_taking_back_an_enterprise_of_two_income_cubes_gives_back_the_one_extorted() -> None:
    rich = find(
        CardType.ENTERPRISE,
        lambda c: c.district is District.SONORA and (c.income or 0) >= 2 and not c.family and not c.sides,
    )
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, rich.number)
    income = held.income
    put_troop(state, 1, LOCAL_SONORA_1.number, on=held.number)
    assert (held.income, held.extortion) == (income - 1, 1)
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == rich.number])
    assert (held.income, held.extortion, held.troop_owner) == (income, None, 0)
    check_cubes(state)


@pytest.mark.parametrize("supply", [0, 1])
def test_taking_back_an_extorted_enterprise_puts_an_income_cube_back_only_from_the_supply(
    supply: int,
) -> None:
    """The extortion cube turns to the owner's colour (rules G): the extorter's cube goes home and
    one of the owner's takes its place, if the owner has one in the supply; without one the
    enterprise is left with no income, guarded by its owner's troop and not sacked (G2)."""
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_1.number, on=held.number)
    me = state.players[0]
    me.row[0].income += me.cubes - supply
    me.cubes = supply
    hold(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, PlayCard(LOCAL_SONORA_2.number), [lambda d: d.enterprise == SONORA.number])
    assert (held.income, held.extortion, held.troop_owner) == (supply, None, 0)
    assert me.cubes == 0 and state.holding(SONORA.number) == (0, held)
    check_cubes(state)


def test_leaving_an_extorted_enterprise_turns_the_extortion_cube_back_to_the_owners_colour() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SONORA.number)
    put(state, 2, SONORA_2.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    act(state, 0, Redeploy(LOCAL_SONORA_1.number), [lambda d: isinstance(d, Destination)])
    assert (held.income, held.extortion, held.troop) == (1, None, None)
    assert state.players[2].row[1].extortion == 0
    check_cubes(state)


def test_a_troop_discarded_from_an_extorted_enterprise_gives_the_income_cube_back() -> None:
    # Decision (losses.discard_troop): an extorting troop that leaves play (sold, lost in a strife
    # or for depression expenses) leaves the enterprise as a redeployed one does.
    state = empty_state()
    turn(state, 0)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    act(state, 0, Sell(LOCAL_SONORA_1.number))
    assert (held.income, held.extortion, held.troop) == (1, None, None)
    assert LOCAL_SONORA_1.number in state.discard
    check_cubes(state)


def test_an_occupying_troops_prestige_point_is_off_while_its_enterprise_is_in_unrest() -> None:
    pointed = find(CardType.TROOP, lambda c: bool(c.prestige) and c.faction is Faction.FEDERAL)
    kind = pointed.prestige[0]
    state = empty_state()
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, pointed.number, on=held.number)
    assert prestige.points(state, 0, kind) == 1
    held.unrest = 1
    assert prestige.points(state, 0, kind) == 0
    flip(state, 0, Faction.FEDERAL)
    put_troop(state, 0, troop(faction=Faction.FEDERAL, prestige=(kind,), district=District.CHIHUAHUA).number)
    assert prestige.points(state, 0, kind) == 1  # a private army's point counts


# ---------------------------------------------------------------------- redeploying


def test_redeploying_in_place_is_free_and_drives_off_unrest() -> None:
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SONORA.number, unrest=3)
    put_troop(state, 0, LOCAL_SONORA_2.number, on=held.number)
    act(state, 0, Redeploy(LOCAL_SONORA_2.number), [InPlace()])
    assert held.unrest == 1 and state.players[0].gold == 30
    assert state.turn.actions_left == 2


def test_redeploying_in_place_drives_off_as_much_unrest_as_its_owners_firepower() -> None:
    """A general makes all its owner's troops fight at firepower 3: in place, the troop drives off
    3 unrest disks, not its printed 2."""
    general = find(CardType.PARTNER, lambda c: Family.GENERAL in c.family, plain=False)
    state = empty_state()
    turn(state, 0)
    put(state, 0, general.number)
    held = put(state, 0, SONORA.number, unrest=3)
    put_troop(state, 0, LOCAL_SONORA_2.number, on=held.number)
    act(state, 0, Redeploy(LOCAL_SONORA_2.number), [InPlace()])
    assert held.unrest == 0


def test_redeploying_in_place_a_troop_of_the_private_army_changes_nothing() -> None:
    state = empty_state()
    turn(state, 0)
    flip(state, 0, Faction.LOCAL)
    put_troop(state, 0, LOCAL_SONORA_2.number)
    act(state, 0, Redeploy(LOCAL_SONORA_2.number), [InPlace()])
    assert state.players[0].army == [LOCAL_SONORA_2.number] and state.players[0].gold == 30


def test_a_redeploy_pays_the_destination_but_does_not_change_the_regime() -> None:
    militia = troop(faction=Faction.LOCAL, district=District.SONORA, regime_change=Regime.MARTIAL_LAW)
    state = empty_state()
    turn(state, 0)
    first = put(state, 0, SONORA.number)
    put(state, 0, SONORA_2.number)
    hold(state, 0, militia.number)
    act(state, 0, PlayCard(militia.number), [lambda d: d.enterprise == SONORA.number])
    regime = state.regime_card.regime
    assert regime is Regime.MARTIAL_LAW  # the first play changes the regime
    drive(regimes.change_regime(state, Regime.PAX), [])
    gold = state.players[0].gold
    act(state, 0, Redeploy(militia.number), [lambda d: isinstance(d, Destination)])
    assert state.regime_card.regime is not regime
    assert first.troop is None and state.players[0].row[2].troop == militia.number
    assert state.players[0].gold == gold - (militia.cost_boot or 0)


# ---------------------------------------------------------------------- private armies


def test_a_private_army_takes_troops_of_the_flipped_hacendados_faction_from_any_district() -> None:
    state = empty_state()
    assert None not in places(state, 0, LOCAL_CHIHUAHUA_1.number)  # a Loyalist has no army
    flip(state, 0, Faction.LOCAL)
    face = state.players[0].hacendado.face
    assert None in places(state, 0, LOCAL_CHIHUAHUA_1.number)
    assert None in places(state, 0, LOCAL_SONORA_1.number)  # whatever its jurisdiction
    assert None not in places(state, 0, FEDERAL_CHIHUAHUA.number)  # same faction only
    connection = face.connection or Connection.BOOT
    assert cost_to(state, 0, LOCAL_CHIHUAHUA_1.number, None) == losses.troop_cost(
        LOCAL_CHIHUAHUA_1.number, connection
    )
    assert None not in places(state, 1, LOCAL_CHIHUAHUA_1.number)  # nobody else's troops


def test_a_troop_may_join_the_private_army_from_an_enterprise_not_from_the_army() -> None:
    state = empty_state()
    flip(state, 0, Faction.LOCAL)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    put_troop(state, 0, LOCAL_CHIHUAHUA_1.number)
    assert None in places(state, 0, LOCAL_SONORA_1.number)
    assert None not in places(state, 0, LOCAL_CHIHUAHUA_1.number)  # already there


def test_a_troop_joining_a_private_army_is_told_arriving_on_the_hacendado(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`troop_arrived` for a troop joining its player's private army: the troop, the flipped
    Hacendado it stands by, the player and where it came from (hand, then the troops in play)."""
    told: list[TroopArrived] = []
    real_fire = hooks.fire

    def watching(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(event, TroopArrived):
            told.append(event)
        return real_fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", watching)
    state = empty_state()
    turn(state, 0)
    flip(state, 0, Faction.LOCAL)
    hold(state, 0, LOCAL_CHIHUAHUA_1.number)
    act(state, 0, PlayCard(LOCAL_CHIHUAHUA_1.number), [lambda d: d.enterprise is None])
    hacendado = state.players[0].hacendado.number
    assert [(e.troop.number, e.destination.number, e.player, e.origin) for e in told] == [
        (LOCAL_CHIHUAHUA_1.number, hacendado, 0, Zone.HAND)
    ]


def test_any_number_of_troops_join_a_private_army_and_may_leave_it() -> None:
    state = empty_state()
    turn(state, 0)
    flip(state, 0, Faction.LOCAL)
    put_troop(state, 0, LOCAL_SONORA_1.number)
    hold(state, 0, LOCAL_CHIHUAHUA_1.number)
    act(state, 0, PlayCard(LOCAL_CHIHUAHUA_1.number), [lambda d: d.enterprise is None])
    assert state.players[0].army == [LOCAL_SONORA_1.number, LOCAL_CHIHUAHUA_1.number]
    put(state, 1, SONORA.number)
    act(state, 0, Redeploy(LOCAL_SONORA_1.number), [lambda d: isinstance(d, Destination)])
    assert state.players[0].army == [LOCAL_CHIHUAHUA_1.number]
    assert state.players[1].row[1].extortion == 0


# ---------------------------------------------------------------------- retreats


def test_a_troop_on_a_sold_enterprise_may_retreat_by_flipping_its_owners_hacendado() -> None:
    state = empty_state()
    turn(state, 1)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    hacendado = card(state.players[0].hacendado.number)
    side = next(i for i, s in enumerate(hacendado.sides) if i > 0 and s.faction is Faction.LOCAL)
    cost = losses.troop_cost(LOCAL_SONORA_1.number, hacendado.sides[side].connection or Connection.BOOT)
    asked = act(state, 1, Sell(SONORA.number), [Side(hacendado.number, side)])
    flip_to = Side(hacendado.number, side)
    assert asked[0].options == ("discard", flip_to)  # only the orientation of the troop's colour
    # the question names the side, not a number
    assert label(state, flip_to) == f"the {hacendado.sides[side].name} side"
    assert state.players[0].hacendado.side == side and state.players[0].hacendado.income == 0
    assert state.players[0].army == [LOCAL_SONORA_1.number]
    assert state.players[0].gold == 30 - cost  # the redeploy cost, and no action
    check_cubes(state)


def test_a_troop_retreats_into_an_army_already_of_its_colour() -> None:
    state = empty_state()
    flip(state, 0, Faction.LOCAL)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    drive(losses.nationalize(state, 1, held), ["retreat"])
    assert state.players[0].army == [LOCAL_SONORA_1.number]


def test_a_troop_whose_colour_the_hacendado_cannot_show_is_discarded_without_a_question() -> None:
    state = empty_state()
    flip(state, 0, Faction.US)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=held.number)
    drive(losses.nationalize(state, 1, held), [])
    assert LOCAL_SONORA_1.number in state.discard


def test_a_retreat_needs_the_gold_for_it() -> None:
    state = empty_state(gold=0)
    flip(state, 0, Faction.LOCAL)
    held = put(state, 1, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_2.number, on=held.number)
    assert losses.troop_cost(LOCAL_SONORA_2.number, losses.connection_of(state.players[0].hacendado)) > 0
    drive(losses.nationalize(state, 1, held), [])
    assert LOCAL_SONORA_2.number in state.discard


# ---------------------------------------------------------------------- named troops


def test_arizona_rangers_as_the_rules_give_them() -> None:
    rangers = named("Arizona Rangers")
    assert (rangers.faction, rangers.district, rangers.firepower) == (Faction.US, District.AMERICA, 2)
    assert (rangers.cost_boot, rangers.cost_mule, rangers.cost_rail) == (6, 4, 2)
    state = empty_state()
    turn(state, 0)
    put(state, 1, AMERICA.number)
    put(state, 1, SONORA.number)
    hold(state, 0, rangers.number)
    assert places(state, 0, rangers.number) == {AMERICA.number}
    act(state, 0, PlayCard(rangers.number), [lambda d: d.enterprise == AMERICA.number])
    assert state.regime_card.regime is Regime.US_INTERVENTION  # playing them brings the U.S. in
    # and now blue troops may cross the border
    assert SONORA.number in places(state, 0, rangers.number)


def test_yaquis_arriving_on_a_slave_plantation_free_the_slaves() -> None:
    yaquis = named("Yaquis")
    state = empty_state()
    turn(state, 0)
    put(state, 1, SLAVE.number)
    hold(state, 0, yaquis.number)
    act(state, 0, PlayCard(yaquis.number), [lambda d: d.enterprise == SLAVE.number], then_first=True)
    assert state.holding(SLAVE.number) is None
    assert SLAVE.number in state.players[0].prestige_stack  # the liberator's Revolution point
    check_cubes(state)


def test_yaquis_redeployed_to_their_owners_own_slave_plantation_free_its_slaves() -> None:
    yaquis = named("Yaquis")
    state = empty_state()
    turn(state, 0)
    put(state, 0, SLAVE.number)
    first = put(state, 0, PLANTATION.number)
    put_troop(state, 0, yaquis.number, on=first.number)
    act(state, 0, Redeploy(yaquis.number), [lambda d: getattr(d, "enterprise", None) == SLAVE.number])
    assert SLAVE.number in state.players[0].prestige_stack
    assert yaquis.number in state.discard  # no red orientation to retreat to: discarded


def test_yaquis_on_a_plantation_without_slaves_do_nothing_special() -> None:
    yaquis = named("Yaquis")
    state = empty_state()
    turn(state, 0)
    put(state, 1, PLANTATION.number)
    hold(state, 0, yaquis.number)
    act(state, 0, PlayCard(yaquis.number), [lambda d: d.enterprise == PLANTATION.number])
    assert state.players[1].row[1].extortion == 0


def slave_plantation_extorted_by(state: PorfirianaState, extorter: int) -> Holding:
    """Player 1's Sonora slave plantation, 2 unrest disks, extorted by `extorter`'s Sonora troop;
    player 1's supply is empty, so no income cube can take the extortion cube's place."""
    held = put(state, 1, SLAVE.number)
    put_troop(state, extorter, LOCAL_SONORA_1.number, on=held.number)
    me = state.players[1]
    me.cubes += held.income - 1
    held.income = 1
    held.unrest = 2  # 2 disks against 2 cubes (income, extortion): no revolt yet
    me.row[0].income += me.cubes  # every other cube on the Hacendado
    me.cubes = 0
    return held


def test_a_troop_redeployed_off_a_slave_plantation_may_free_its_slaves() -> None:
    # Glossary, Slave Revolt: the unrest disks come to outnumber the cubes when the extortion cube
    # leaves and the owner has no cube to put back; the player moving the troop is the liberator.
    state = empty_state()
    turn(state, 0)
    held = slave_plantation_extorted_by(state, 0)
    check_cubes(state)
    put(state, 2, SONORA_2.number)
    act(
        state,
        0,
        Redeploy(LOCAL_SONORA_1.number),
        [lambda d: getattr(d, "enterprise", None) == SONORA_2.number],
    )
    assert state.holding(SLAVE.number) is None and state.players[0].prestige_stack == [SLAVE.number]
    assert held.troop is None and state.players[2].row[1].troop == LOCAL_SONORA_1.number
    check_cubes(state)


def test_a_troop_sold_off_a_slave_plantation_may_free_its_slaves() -> None:
    state = empty_state()
    turn(state, 0)
    slave_plantation_extorted_by(state, 0)
    act(state, 0, Sell(LOCAL_SONORA_1.number))
    assert state.players[0].prestige_stack == [SLAVE.number]
    assert LOCAL_SONORA_1.number in state.discard
    check_cubes(state)


def test_a_troop_leaving_a_slave_plantation_whose_owner_has_a_cube_frees_nobody() -> None:
    state = empty_state()
    turn(state, 0)
    held = slave_plantation_extorted_by(state, 0)
    state.players[1].row[0].income -= 1
    state.players[1].cubes = 1
    act(state, 0, Sell(LOCAL_SONORA_1.number))
    assert state.holding(SLAVE.number) == (1, held) and held.income == 2
    check_cubes(state)
