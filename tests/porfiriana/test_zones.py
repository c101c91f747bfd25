"""Zones of cards and gold in Pax Porfiriana, as card effects see them: the cards a zone holds,
where a card is and whose, moving a card by the rules, and gaining, paying and taking gold. The
cards of tests/porfiriana/fixtures/zone_cards.pax are compiled with the game's vocabulary and
played on the runtime as it is."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import MOVES, CardType, Faction, Zone
from paxc.runtime.core.zones import MoveRefused
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import card_rules
from paxc.runtime.porfiriana.actions import PlayCard
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, check_cubes, drive, empty_state, find, hold, put, put_troop, turn
from tests.porfiriana.test_new_cards import SHOP, SHOP_2, plain_partner

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "zone_cards.pax"


@pytest.fixture(scope="module")
def zone_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("zone_cards"))


def test_where_each_card_is_and_whose() -> None:
    state = empty_state()
    put(state, 1, SHOP.number)
    troop = find(CardType.TROOP, lambda c: c.faction is not None)
    put_troop(state, 2, troop.number)
    hold(state, 0, SHOP_2.number)
    ctx = PorfirianaContext(state, 0, SHOP.number)
    assert [ctx.card_zone(card(n)) for n in (SHOP.number, troop.number, SHOP_2.number)] == [
        Zone.ROW,
        Zone.TROOPS,
        Zone.HAND,
    ]
    assert [ctx.card_owner(card(n)) for n in (SHOP.number, troop.number, SHOP_2.number)] == [1, 2, 0]
    regime = state.regimes[0]
    assert ctx.card_zone(card(regime)) is Zone.REGIMES and ctx.card_owner(card(regime)) == 0


def test_the_runtime_makes_exactly_the_moves_the_vocabulary_declares() -> None:
    assert set(card_rules.MOVERS) == {(a.value, b.value) for a, b in MOVES}


def test_the_hacendado_never_leaves_its_row_and_an_undeclared_move_is_refused() -> None:
    state = empty_state()
    hacendado = state.players[0].hacendado.number
    ctx = PorfirianaContext(state, 0, hacendado)
    drive(ctx.move_card(card(hacendado), Zone.DISCARD, None, (Zone.ROW,)), [])  # rules C: it stays
    assert state.players[0].hacendado.number == hacendado and hacendado not in state.discard
    put(state, 0, SHOP.number)
    with pytest.raises(MoveRefused, match="from row of P0 to market"):
        drive(ctx.move_card(card(SHOP.number), Zone.MARKET, None, (Zone.ROW,)), [])
    assert state.holding(SHOP.number) is not None


def test_a_card_leaves_a_row_for_another_players_hand_through_its_owners() -> None:
    state = empty_state()
    put(state, 0, SHOP.number)
    ctx = PorfirianaContext(state, 2, SHOP.number)
    drive(ctx.move_card(card(SHOP.number), Zone.HAND, PlayerId(1), (Zone.ROW,)), [])
    assert state.holding(SHOP.number) is None
    assert SHOP.number in state.players[1].hand and SHOP.number not in state.players[0].hand
    check_cubes(state)


def test_a_card_comes_back_from_the_discard_pile_and_one_leaves_the_market() -> None:
    state = empty_state()
    state.discard.append(SHOP.number)
    ctx = PorfirianaContext(state, 1, SHOP.number)
    drive(ctx.move_card(card(SHOP.number), Zone.HAND, PlayerId(1), (Zone.DISCARD,)), [])
    assert state.discard == [] and state.players[1].hand[-1] == SHOP.number
    number = SHOP_2.number
    state.market[0][2] = number
    state.speculation[number] = 2
    state.players[2].cubes -= 1
    cubes = state.players[2].cubes
    drive(ctx.move_card(card(number), Zone.DISCARD, None, (Zone.MARKET,)), [])
    assert state.market[0][2] is None and state.discard == [number]
    assert number not in state.speculation and state.players[2].cubes == cubes + 1  # its cube goes home
    check_cubes(state)


def test_take_takes_only_what_there_is(zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    farmer = zone_cards.CARD_9020
    join_game(farmer, monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, farmer.number)
    state.players[1].gold, state.players[2].gold = 1, 5
    act(state, 0, PlayCard(farmer.number), [])
    assert [p.gold for p in state.players] == [30 - (farmer.cost or 0) + 1 + 2, 0, 3]


def test_take_in_the_solitaire_leaves_diaz_nothing_to_keep(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Díaz keeps no gold (rules L): what he would take is lost to the bank."""
    farmer = zone_cards.CARD_9020
    state = empty_state(2)
    state.solitaire = True
    state.players[0].gold, state.players[1].gold = 4, 0
    (one_shot,) = farmer.abilities[0].one_shots
    drive(one_shot.run(PorfirianaContext(state, 1, farmer.number)), [])
    assert [p.gold for p in state.players] == [2, 0]


def test_pay_is_all_or_nothing(zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short of 3 gold, nothing is paid and the enterprise stays. The card offers the payment
    ("you may pay 3 gold; if you do, ..."), so a player who cannot pay is not asked."""
    lawyer = zone_cards.CARD_9021
    join_game(lawyer, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, SHOP.number)
    hold(state, 0, lawyer.number)
    state.players[0].gold = (lawyer.cost or 0) + 2
    asked = act(state, 0, PlayCard(lawyer.number), [])
    assert not any(choice.options == (True, False) for choice in asked)
    assert state.players[0].gold == 2 and state.holding(SHOP.number) is not None
    check_cubes(state)


def test_an_enterprise_moved_back_to_hand_sends_its_cubes_home(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    lawyer = zone_cards.CARD_9021
    join_game(lawyer, monkeypatch)
    state = empty_state()
    turn(state, 0)
    held = put(state, 0, SHOP.number)
    income = held.income
    assert income > 0
    hold(state, 0, lawyer.number)
    cubes = state.players[0].cubes
    act(state, 0, PlayCard(lawyer.number), [True, lambda c: c.number == SHOP.number])
    assert state.players[0].gold == 30 - (lawyer.cost or 0) - 3
    assert state.holding(SHOP.number) is None and state.players[0].hand == [SHOP.number]
    assert state.players[0].cubes == cubes + income
    check_cubes(state)


def test_a_trigger_reads_the_zone_and_owner_of_the_card_played(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    broker = zone_cards.CARD_9022
    join_game(broker, monkeypatch)
    state = empty_state()
    put(state, 0, broker.number)
    partner = plain_partner(Faction.US)
    turn(state, 1)
    hold(state, 1, partner.number)
    state.players[1].gold = (partner.cost or 0) + 1
    act(state, 1, PlayCard(partner.number), [])
    assert state.players[0].gold == 31 and state.players[1].gold == 0


def test_counting_every_prestige_stack_and_a_shared_pile(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    auditor = zone_cards.CARD_9023
    join_game(auditor, monkeypatch)
    state = empty_state()
    turn(state, 0)
    state.players[1].prestige_stack.append(SHOP.number)
    state.players[2].prestige_stack.append(SHOP_2.number)
    state.bull_bear.append(state.deck.pop() if state.deck else SHOP.number)
    hold(state, 0, auditor.number)
    act(state, 0, PlayCard(auditor.number), [])
    assert state.players[0].gold == 30 - (auditor.cost or 0) + 3


def test_the_zone_cards_play_in_random_games_with_every_invariant(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The zone cards join the deck on top, so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, and each
    card's effect runs (counted by wrapping it: the runtime cannot tell)."""
    acted = count_in_random_games("porfiriana", zone_cards, range(9020, 9026), monkeypatch, seed=7, games=30)
    print("zone cards fired:", dict(sorted(acted.items())))
