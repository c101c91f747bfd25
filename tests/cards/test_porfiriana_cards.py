"""The Pax Porfiriana cards, as generated: every card carries what the runtime needs to play it,
and the abilities written through the hooks (purchase cost, firepower, cards played, attacks)
do what their cards say, run against a stand-in for the game.

The deck's counts and prestige figures are tested in test_porfiriana_deck.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import (
    AttackPlayed,
    Card,
    CardPlayed,
    CardType,
    Connection,
    District,
    Faction,
    Family,
    Firepower,
    MarketSignal,
    PorfirianaEffects,
    Prestige,
    PurchaseCost,
    Regime,
    Zone,
)
from paxc.runtime.effects import Effect, Modifier, PlayerId, Replacement, Trigger

OWNER, OPPONENT = PlayerId(0), PlayerId(1)


def of_type(card_type: CardType) -> list[Card]:
    return [card for card in CARDS if card.card_type is card_type]


def of_family(family: Family) -> list[Card]:
    return [card for card in CARDS if family in card.family]


def by_name(name: str) -> Card:
    (card,) = [card for card in CARDS if card.name == name]
    return card


def side(card: Card, title: str) -> Card:
    (face,) = [face for face in card.sides if face.name == title]
    return face


def modifiers(card: Card) -> list[Modifier[PorfirianaEffects, Any, Any]]:
    return [m for ability in card.abilities for m in ability.modifiers]


def triggers(card: Card) -> list[Trigger[PorfirianaEffects, Any]]:
    return [t for ability in card.abilities for t in ability.triggers]


def replacements(card: Card) -> list[Replacement[PorfirianaEffects, Any]]:
    return [r for ability in card.abilities for r in ability.replacements]


class Table:
    """A stand-in for the Porfiriana runtime: the card's owner is seat 0; operations are logged."""

    def __init__(self) -> None:
        self.log: list[tuple[object, ...]] = []

    @property
    def you(self) -> PlayerId:
        return OWNER

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        return (OWNER, OPPONENT)

    def gain_money(self, amount: int, player: PlayerId) -> Effect:
        self.log.append(("gain", amount, player))
        yield from ()

    def move_card(self, card: Card, zone: Zone, holder: PlayerId | None, origins: tuple[Zone, ...]) -> Effect:
        self.log.append(("move", card.number, zone, holder))
        yield from ()

    def card_zone(self, card: Card) -> Zone | None:
        return Zone.ROW  # the card whose ability acts is in its owner's row

    def raise_diaz_prestige(self, amount: int, kind: Prestige) -> Effect:
        self.log.append(("raise_diaz_prestige", amount, kind))
        yield from ()

    def half(self, amount: int) -> int:
        return (amount + 1) // 2

    def has_family(self, card: Card, family: Family) -> bool:
        return family in card.family


def context(table: Table) -> PorfirianaEffects:
    return cast(PorfirianaEffects, table)


def run(effect: Effect) -> None:
    """Drive an effect that asks no decision."""
    for decision in effect:
        raise AssertionError(f"unexpected decision {decision.prompt!r}")


# ---------------------------------------------------------------- what each card type needs


def test_enterprises_have_district_cost_connection_and_income() -> None:
    enterprises = of_type(CardType.ENTERPRISE)
    assert len(enterprises) == 58
    no_printed_income = {Family.MINE, Family.BANK, Family.SMELTER, Family.PROJECT}
    for card in enterprises:
        assert card.district is not None, card.name
        assert card.connection is not None, card.name
        assert card.cost is not None and 2 <= card.cost <= 9, card.name
        if no_printed_income & set(card.family):
            assert card.income is None, card.name
        else:
            assert card.income in (1, 2), card.name


def test_partners_have_cost_and_faction() -> None:
    partners = of_type(CardType.PARTNER)
    assert len(partners) == 40
    for card in partners:
        assert card.cost is not None and 2 <= card.cost <= 9, card.name
        # Newspapers give a faction colour on each orientation instead.
        if Family.NEWSPAPER in card.family:
            assert card.sides and all(face.faction is not None for face in card.sides), card.name
        else:
            assert card.faction is not None, card.name


def test_troops_have_faction_district_firepower_and_costs() -> None:
    troops = of_type(CardType.TROOP)
    assert len(troops) == 30
    for card in troops:
        assert card.faction is not None and card.district is not None, card.name
        assert card.firepower in (1, 2, 3), card.name
        for cost in (card.cost_boot, card.cost_mule, card.cost_rail):
            assert cost is not None and 0 <= cost <= 8, card.name


def test_black_cards_have_cost_steal_and_named_regime() -> None:
    black = of_type(CardType.BLACK)
    assert len(black) == 23
    for card in black:
        assert card.named_regime is not None, card.name
        assert card.steal is not None, card.name
        # An assassination costs the target's play cost: no printed cost.
        if Family.ASSASSINATION in card.family:
            assert card.cost is None, card.name
        else:
            assert card.cost is not None, card.name
    assert Counter(card.named_regime for card in black) == {
        Regime.PAX: 6,
        Regime.MARTIAL_LAW: 6,
        Regime.US_INTERVENTION: 6,
        Regime.ANARCHY: 5,
    }


def test_orange_cards_have_cost_and_steal() -> None:
    orange = of_type(CardType.ORANGE)
    assert len(orange) == 23
    for card in orange:
        assert card.cost is not None and 0 <= card.cost <= 2, card.name
        assert card.steal is not None, card.name


def test_headlines_and_topples_have_a_signal_balanced_over_both() -> None:
    cards = of_type(CardType.HEADLINE) + of_type(CardType.TOPPLE)
    assert len(cards) == 33
    assert all(card.signal is not None for card in cards)
    assert Counter(card.signal for card in cards) == {MarketSignal.BULL: 16, MarketSignal.BEAR: 17}


# ---------------------------------------------------------------- the named cards


def test_what_the_rules_state_is_kept() -> None:
    rangers = by_name("Arizona Rangers")
    assert (rangers.faction, rangers.district, rangers.firepower) == (Faction.US, District.AMERICA, 2)
    assert (rangers.cost_boot, rangers.cost_mule, rangers.cost_rail) == (6, 4, 2)
    assert rangers.regime_change is Regime.US_INTERVENTION
    batopilas = by_name("Batopilas Mining Co.")
    assert (batopilas.district, batopilas.connection, batopilas.upgrade_mule_cost) == (
        District.CHIHUAHUA,
        Connection.BOOT,
        8,
    )
    assert batopilas.family == (Family.MINE,) and batopilas.income is None
    ostrich = by_name("African Ostrich Farm")
    assert (ostrich.district, ostrich.cost) == (District.AMERICA, 5)
    teresa = by_name("Mystic Teresa Urrea")
    assert (teresa.cost, teresa.prestige) == (6, (Prestige.REVOLUTION,))
    creel = by_name("Creel Tax Increases")
    assert (creel.district, creel.cost, creel.unrest, creel.victim_prestige) == (
        District.CHIHUAHUA,
        0,
        3,
        Prestige.REVOLUTION,
    )
    villistas = by_name("Villistas")
    assert (villistas.unrest, villistas.steal, villistas.victim_prestige) == (3, 3, Prestige.OUTRAGE)
    german = by_name("German Naval Intelligence")
    assert (german.cost, german.steal, german.victim_prestige) == (None, 0, Prestige.OUTRAGE)
    assert by_name("Rurales").regime_change is Regime.PAX
    assert by_name("Yaquis").faction is Faction.REBEL
    assert by_name("President Díaz Is Killed").named_regime is Regime.MARTIAL_LAW


def test_reconstructed_values_of_the_named_cards() -> None:
    """The values we chose for the named cards (see each card's note), so a change is deliberate."""
    assert (by_name("Batopilas Mining Co.").cost) == 7
    ostrich = by_name("African Ostrich Farm")
    assert (ostrich.connection, ostrich.income) == (Connection.RAIL, 2)
    partners = {
        "Mystic Teresa Urrea": (6, Faction.REBEL),
        "Henry Ford": (6, Faction.US),
        "Senator Fall": (6, Faction.US),
        "Pinkerton": (4, Faction.US),
        "Rebel Governor (Sonora)": (8, Faction.REBEL),
        "Rebel Governor (Chihuahua)": (8, Faction.REBEL),
    }
    for name, (cost, faction) in partners.items():
        card = by_name(name)
        assert (card.cost, card.faction) == (cost, faction), name
    rurales, yaquis = by_name("Rurales"), by_name("Yaquis")
    assert (rurales.faction, rurales.district, rurales.firepower) == (Faction.FEDERAL, District.SONORA, 2)
    assert (rurales.cost_boot, rurales.cost_mule, rurales.cost_rail) == (5, 3, 2)
    assert (yaquis.district, yaquis.firepower) == (District.SONORA, 1)
    assert (yaquis.cost_boot, yaquis.cost_mule, yaquis.cost_rail) == (1, 3, 6)
    assert by_name("German Naval Intelligence").named_regime is Regime.US_INTERVENTION
    assert by_name("Creel Tax Increases").steal == 0
    assert by_name("Villistas").cost == 1
    signals = {
        "Pancho Villa raids Columbus New Mexico": MarketSignal.BEAR,
        "Mexican Central Bank Proposed": MarketSignal.BULL,
        "The Lusitania is torpedoed": MarketSignal.BULL,
        "President Díaz Is Killed": MarketSignal.BEAR,
    }
    for name, signal in signals.items():
        assert by_name(name).signal is signal, name


def test_named_cards_say_which_attributes_are_reconstructed() -> None:
    for card in CARDS:
        if card.number < 2000 and card.card_type is not CardType.REGIME_CARD:
            reconstructed = "reconstructed" in card.note
            completed = card.name != "Arizona Rangers"  # the one card the rules give whole
            assert reconstructed == completed, card.name


# ---------------------------------------------------------------- abilities through the new hooks


def test_mystic_teresa_urrea_buys_orange_cards_for_free() -> None:
    teresa = by_name("Mystic Teresa Urrea")
    (modifier,) = modifiers(teresa)
    assert modifier.hook is PurchaseCost
    ctx = context(Table())
    villistas, ostrich = by_name("Villistas"), by_name("African Ostrich Farm")
    assert modifier.apply(ctx, PurchaseCost(villistas, OWNER), 8) == 0
    assert modifier.apply(ctx, PurchaseCost(villistas, OPPONENT), 8) == 8
    assert modifier.apply(ctx, PurchaseCost(ostrich, OWNER), 8) == 8


def test_bernardo_reyes_buys_troops_at_half_price_on_his_loyalist_side_only() -> None:
    reyes = by_name("Bernardo Reyes")
    assert not reyes.abilities
    loyalist = side(reyes, "Loyalist")
    (modifier,) = modifiers(loyalist)
    assert modifier.hook is PurchaseCost
    for other in reyes.sides:
        if other is not loyalist:
            assert not other.abilities, other.name
    ctx = context(Table())
    rangers, villistas = by_name("Arizona Rangers"), by_name("Villistas")
    assert modifier.apply(ctx, PurchaseCost(rangers, OWNER), 8) == 4
    assert modifier.apply(ctx, PurchaseCost(rangers, OWNER), 1) == 1  # rounded up
    assert modifier.apply(ctx, PurchaseCost(rangers, OWNER), 0) == 0
    assert modifier.apply(ctx, PurchaseCost(rangers, OPPONENT), 8) == 8
    assert modifier.apply(ctx, PurchaseCost(villistas, OWNER), 8) == 8


def test_generals_raise_their_owners_troops_to_firepower_3() -> None:
    generals = of_family(Family.GENERAL)
    assert len(generals) == 2
    yaquis = by_name("Yaquis")
    for general in generals:
        (modifier,) = modifiers(general)
        assert modifier.hook is Firepower, general.name
        ctx = context(Table())
        assert modifier.apply(ctx, Firepower(yaquis, OWNER), 1) == 3, general.name
        assert modifier.apply(ctx, Firepower(yaquis, OPPONENT), 1) == 1, general.name


def test_every_spy_may_be_discarded_to_cancel_an_attack() -> None:
    spies = of_family(Family.SPY)
    assert {spy.name for spy in spies} >= {"Pinkerton"} and len(spies) == 5
    attack = AttackPlayed(by_name("German Naval Intelligence"), OPPONENT, OWNER)
    for spy in spies:
        (replacement,) = replacements(spy)
        assert replacement.event is AttackPlayed and replacement.optional, spy.name
        table = Table()
        assert replacement.applies(context(table), attack), spy.name
        run(replacement.run(context(table), attack))
        assert table.log == [("move", spy.number, Zone.DISCARD, None)], spy.name
    # The topple ability stays beside it, where the spy had one.
    assert [t.optional for t in triggers(by_name("Pinkerton"))] == [True]
    assert not triggers(by_name("Customs Inspector"))


MONOPOLIES = {
    # name: (cards whose play pays the owner, cards whose play does not)
    "Senator Fall": (["African Ostrich Farm", "Tucson Hotel"], ["Batopilas Mining Co.", "Arizona Rangers"]),
    "Blasting Powder Concession": (["Batopilas Mining Co.", "Arizona Copper Mine"], ["African Ostrich Farm"]),
    "Frontier Arms Concession": (["Yaquis", "Arizona Rangers", "Mine Guards"], ["Rurales", "Villistas"]),
    "Border Freight Trust": (
        ["Batopilas Mining Co.", "Sonora Cattle Ranch"],
        ["African Ostrich Farm", "Yaquis", "Rebel Governor (Sonora)"],
    ),
}


def test_monopolies_collect_what_opponents_pay_for_their_kind() -> None:
    assert {card.name for card in of_family(Family.MONOPOLY)} == set(MONOPOLIES)
    for name, (covered, others) in MONOPOLIES.items():
        (trigger,) = triggers(by_name(name))
        assert trigger.event is CardPlayed and not trigger.optional, name
        for played in covered:
            table = Table()
            event = CardPlayed(by_name(played), OPPONENT, 5)
            assert trigger.applies(context(table), event), (name, played)
            run(trigger.run(context(table), event))
            assert table.log == [("gain", 5, OWNER)], (name, played)
            # The owner pays the bank for their own.
            assert not trigger.applies(context(table), CardPlayed(by_name(played), OWNER, 5)), (name, played)
        for played in others:
            assert not trigger.applies(context(Table()), CardPlayed(by_name(played), OPPONENT, 5)), (
                name,
                played,
            )


def test_public_cards_and_hacendados_can_be_played_whole() -> None:
    """Every public card has a cost and each side a faction; every Hacendado has two partner
    orientations with a faction and a connection (a private army and a retreat need them)."""
    for card in CARDS:
        if card.card_type is CardType.PUBLIC:
            assert card.cost == 18, card.name
            assert all(side.faction is not None for side in card.sides), card.name
        if card.card_type is CardType.HACENDADO:
            partner_sides = card.sides[1:]
            assert len(partner_sides) == 2, card.name
            assert all(s.faction is not None and s.connection is not None for s in partner_sides), card.name
