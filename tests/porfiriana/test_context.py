"""The runtime as Pax Porfiriana's card effects reach it (`PorfirianaContext`), where mutation
testing (issue 34) found the other tests silent: an effect acts on the cards that are there and
does nothing with those that are not (a card does as much of its text as it can), unrest and
nationalization reach enterprises only, a slave plantation an effect makes revolt goes to the
stack of the player whose effect it is, a play-immediately card's effects go round the table from
the buyer's left, the spies of one topple add up, a card named by number is seen by the side it
shows, and the gold an effect moves is told as the players see it (rules E2, K; glossary:
Nationalization, Slave Revolt, Liberator, Unrest Disk, During Toppling)."""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType, Faction, Family, Prestige, Regime, Zone
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.narration import listening
from paxc.runtime.core.rng import Rng
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import SOLITAIRE_DIAZ, SOLITAIRE_HUMAN, Holding, card
from paxc.runtime.porfiriana.topple import topple
from tests.porfiriana.scenario import check_cubes, drive, empty_state, find, hold, named, put
from tests.porfiriana.test_new_cards import SHOP, SHOP_2, SHOP_3, newspaper_with, plain_partner
from tests.porfiriana.test_topple import game, play, topple_card

SLAVE = find(CardType.ENTERPRISE, lambda c: Family.SLAVE_PLANTATION in c.family)
BANK = find(CardType.ENTERPRISE, lambda c: Family.BANK in c.family)
PARTNER = plain_partner(Faction.LOCAL)


def test_unrest_and_nationalization_reach_only_enterprises_in_play() -> None:
    """Unrest disks lie on enterprises, and only an enterprise is nationalized or freed by a slave
    revolt: an effect aiming any of them at a partner in a row, or at an enterprise in a hand, does
    nothing; removing unrest from a card not in play does nothing either."""
    state = empty_state()
    partner = put(state, 1, PARTNER.number)
    hold(state, 1, SLAVE.number)
    me = PorfirianaContext(state, 0, SHOP.number)
    for target in (PARTNER, SLAVE):
        drive(me.add_unrest(3, target), [])
        drive(me.remove_unrest(1, target), [])
        drive(me.nationalize(target), [])
        drive(me.slave_revolt(target, PlayerId(0)), [])
    assert state.players[1].row[1] is partner and partner.unrest == 0
    assert state.players[1].hand == [SLAVE.number] and state.discard == []
    assert state.players[0].prestige_stack == []
    check_cubes(state)


def test_a_slave_plantation_an_effect_puts_in_unrest_frees_its_slaves_for_the_effects_player() -> None:
    """Unrest disks outnumbering a slave plantation's cubes make it revolt: the player who caused
    the unrest (whose effect it is) is the liberator and takes the card into their prestige
    stack, out of its owner's row."""
    state = empty_state()
    held = put(state, 1, SLAVE.number)
    cubes = held.income
    me = PorfirianaContext(state, 2, SHOP.number)
    drive(me.add_unrest(cubes, SLAVE), [])  # as many disks as cubes: no revolt yet
    assert state.holding(SLAVE.number) == (1, held) and held.unrest == cubes
    drive(me.add_unrest(1, SLAVE), [])
    assert state.holding(SLAVE.number) is None
    assert state.players[2].prestige_stack == [SLAVE.number]
    assert state.players[1].prestige_stack == [] and held.unrest == 0
    check_cubes(state)


def test_a_play_immediately_card_takes_the_players_from_the_buyers_left_and_the_buyer_last() -> None:
    """Rules E2: a card played at once affects every player from the buyer's left, clockwise,
    the buyer last. Mexican Central Bank Proposed (rules 003's example of effect order): each
    player pays half their gold, rounded up, told in that order with the card as the cause; then
    every bank is nationalized."""
    headline = named("Mexican Central Bank Proposed")
    state = empty_state(players=4)
    for player, gold in enumerate((10, 7, 4, 1)):
        state.players[player].gold = gold
    put(state, 3, BANK.number)
    put(state, 2, PARTNER.number)
    buyer = PorfirianaContext(state, 1, headline.number)
    assert buyer.players_in_turn_order() == [2, 3, 0, 1]
    (one_shot,) = headline.abilities[0].one_shots
    lines: list[str] = []
    with listening(lines.append):
        drive(run_effect(one_shot.run(buyer)), [])
    because = f"(by {headline.name})"
    assert [line for line in lines if "pays" in line] == [
        f"P2 pays 2 gold to the bank {because}",
        f"P3 pays 1 gold to the bank {because}",
        f"P0 pays 5 gold to the bank {because}",
        f"P1 pays 4 gold to the bank {because}",
    ]
    assert [p.gold for p in state.players] == [5, 3, 2, 0]
    assert state.holding(BANK.number) is None and BANK.number in state.discard
    assert state.holding(PARTNER.number) is not None  # a partner is no bank
    check_cubes(state)


def test_the_spies_discarded_in_one_topple_add_up_for_diaz() -> None:
    """Rules K, glossary During Toppling: each "during a topple" card discarded adds its point to
    Díaz for every attempt of this topple; two spies giving Loyalty give him two."""
    state = game(3)
    state.players[1].row.append(Holding(named("Pinkerton").number))
    state.players[2].row.append(Holding(named("Palace Informant").number))
    play(
        topple(state, 0, topple_card(Regime.MARTIAL_LAW)),
        {(1, "Pinkerton"): True, (2, "Palace Informant"): True},
    )
    assert state.diaz_bonus == {Prestige.LOYALTY.value: 2}


def test_a_card_named_by_number_shows_the_side_it_is_played_on_and_is_printed_elsewhere() -> None:
    """A card an effect knows by its number (one it remembered) is, in a row, the side it shows
    there; anywhere else (a hand, the market) it is the card as printed. A card in no zone at all
    is in none."""
    state = empty_state()
    paper, side = newspaper_with(Faction.REBEL)
    put(state, 1, paper.number, side=side)
    hold(state, 2, SHOP.number)
    me = PorfirianaContext(state, 0, SHOP_2.number)
    shown = me.card_numbered(paper.number)
    assert shown is paper.sides[side] and shown.faction is Faction.REBEL
    assert me.card_numbered(SHOP.number) is card(SHOP.number)
    assert me.card_numbered(SHOP_3.number) is card(SHOP_3.number)
    assert me.card_zone(card(SHOP.number)) is Zone.HAND
    assert me.card_zone(card(SHOP_3.number)) is None  # nowhere in this game


def test_the_top_card_of_a_zone_and_a_card_drawn_by_the_games_generator() -> None:
    """`the top card of` a player's zone is that player's, the first listed; a discard pile's is
    the last card put on it (the discard and the bull/bear discard); `a random card` is drawn with
    the game's seeded generator, so that a game stays its seed and its decisions, and none is
    drawn from no cards."""
    state = empty_state()
    hold(state, 1, SHOP.number, SHOP_2.number)
    state.discard = [SHOP_2.number, SHOP_3.number]
    state.bull_bear = [named("Mexican Central Bank Proposed").number, named("Pinkerton").number]
    me = PorfirianaContext(state, 0, SHOP.number)
    assert me.top_card(Zone.HAND, PlayerId(1)) == card(SHOP.number)
    assert me.top_card(Zone.HAND, PlayerId(0)) is None
    assert me.top_card(Zone.DISCARD, None) == card(SHOP_3.number)
    cards = (card(SHOP.number), card(SHOP_2.number), card(SHOP_3.number))
    generator = Rng(state.rng.state)
    assert me.random_card(cards) == cards[generator.below(len(cards))]
    assert state.rng.state == generator.state  # the draw was the game's own
    assert me.random_card(()) is None


def test_gold_an_effect_moves_is_told_with_its_cause() -> None:
    """What an effect gives, makes pay or has stolen is told, with the card whose effect it is:
    a gain or payment of nothing, or a payment to oneself, moves no gold and is not told."""
    state = empty_state()
    me = PorfirianaContext(state, 0, SHOP.number)
    lines: list[str] = []
    with listening(lines.append):
        drive(me.gain_money(1, PlayerId(1)), [])
        drive(me.gain_money(0, PlayerId(1)), [])
        drive(me.pay_money(1, PlayerId(2), PlayerId(0)), [])
        drive(me.pay_money(0, PlayerId(2), None), [])
        drive(me.pay_money(3, PlayerId(0), PlayerId(0)), [])
        drive(me.take_money(2, PlayerId(0), PlayerId(1)), [])
    because = f"(by {SHOP.name})"
    assert lines == [
        f"P1 gains 1 gold {because}",
        f"P2 pays 1 gold to P0 {because}",
        "P0 steals 2 gold from P1",
    ]
    assert [p.gold for p in state.players] == [33, 29, 29]


def test_diaz_keeps_no_gold_and_what_he_steals_is_told_going_to_the_bank() -> None:
    """Solitaire (rules L): Díaz keeps no gold, so none he would gain is told; what he steals
    leaves its victim for the bank, and is told so."""
    state = new_state({"solitaire": True}, 1)
    state.players[SOLITAIRE_HUMAN].gold = 10
    diaz, human = PlayerId(SOLITAIRE_DIAZ), PlayerId(SOLITAIRE_HUMAN)
    me = PorfirianaContext(state, diaz, SHOP.number)
    lines: list[str] = []
    with listening(lines.append):
        drive(me.gain_money(3, diaz), [])
        drive(me.take_money(4, diaz, human), [])
    assert lines == ["Díaz steals 4 gold from P0 (to the bank)"]
    assert state.players[SOLITAIRE_HUMAN].gold == 6 and state.players[SOLITAIRE_DIAZ].gold == 0
