"""Zones of cards and rupees in Pax Pamir, as card effects see them: the cards a zone holds, where
a card is and whose, moving a card by the rules, and gaining, paying and taking rupees. The cards
of tests/pamir/fixtures/zone_cards.pax are compiled with the game's vocabulary and played on the
runtime as it is."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

from paxc.generated.pamir.vocabulary import MOVES, Card, CardPlayed, Impact, Suit, Zone
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.zones import MoveRefused, MovesMismatch, check_moves
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks, rules
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, card
from paxc.runtime.pamir.zones import PamirZones
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state
from tests.pamir.test_new_cards import court_cards_where

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "zone_cards.pax"


@pytest.fixture(scope="module")
def zone_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("zone_cards"))


def play(played: Card, state: PamirState, player: int, answers: list[Answer]) -> None:
    (one_shot,) = played.abilities[0].one_shots
    drive(run_effect(one_shot.run(PamirContext(state, player, played.number))), answers)


# ---------------------------------------------------------------------- the zones as effects see them


def test_every_zone_lists_its_cards_and_knows_where_each_card_is() -> None:
    state = empty_state(3)
    first, second, third, fourth, shown, other = court_cards_where(lambda c: True, 6)
    state.market[0][2], state.market[1][4] = shown, other
    state.players[1].court.append(first)
    state.players[2].hand.append(second)
    state.players[0].prizes.append(third)
    state.discard.append(fourth)
    ctx = PamirContext(state, 0, first)
    assert ctx.cards_in(Zone.COURT, PlayerId(1)) == (card(first),)
    assert ctx.cards_in(Zone.HAND, PlayerId(2)) == (card(second),)
    assert ctx.cards_in(Zone.DISCARD, None) == (card(fourth),)
    market = [n for row in state.market for n in row if n is not None]
    assert [c.number for c in ctx.cards_in(Zone.MARKET, None)] == market
    assert [ctx.card_zone(card(n)) for n in (first, second, third, fourth, market[0])] == [
        Zone.COURT,
        Zone.HAND,
        Zone.PRIZES,
        Zone.DISCARD,
        Zone.MARKET,
    ]
    # The owner is the player whose zone holds the card; a card in a shared zone: the effect's.
    assert [ctx.card_owner(card(n)) for n in (first, second, third)] == [1, 2, 0]
    assert PamirContext(state, 2, first).card_owner(card(market[0])) == 2
    # The index follows a card the rules moved without telling it.
    state.players[1].court.remove(first)
    state.players[2].court.append(first)
    assert ctx.card_zone(card(first)) is Zone.COURT and ctx.card_owner(card(first)) == 2
    state.players[2].court.remove(first)
    assert ctx.card_zone(card(first)) is None  # in no zone (taken out by the test)


def test_the_runtime_makes_exactly_the_moves_the_vocabulary_declares() -> None:
    assert set(PamirZones.MOVERS) == {(a.value, b.value) for a, b in MOVES}
    with pytest.raises(
        MovesMismatch, match=r"declared without a rule: market to hand; a rule not declared: none"
    ):
        check_moves("Pax Pamir", PamirZones.MOVERS, [*PamirZones.MOVERS, ("market", "hand")])


def test_a_move_is_made_only_from_where_check_found_the_card() -> None:
    state = empty_state(2)
    number, held = court_cards_where(lambda c: True, 2)
    state.players[0].hand.append(held)
    ctx = PamirContext(state, 0, number)
    # Moved meanwhile out of the zones the card text found it in: it stays where it is now.
    drive(ctx.move_card(card(held), Zone.DISCARD, None, (Zone.COURT,)), [])
    assert state.players[0].hand == [held] and state.discard == []
    # A move `paxc check` allowed that the runtime does not make is a bug, never ignored.
    with pytest.raises(MoveRefused, match="cannot move from hand of P0 to court of P0"):
        drive(ctx.move_card(card(held), Zone.COURT, PlayerId(0), (Zone.HAND,)), [])
    assert state.players[0].hand == [held]


def test_a_card_taken_from_the_discard_pile_goes_to_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state = empty_state(2)
    number, other = court_cards_where(lambda c: True, 2)
    state.discard.extend([other, number])
    moved: list[tuple[int, str, str]] = []
    monkeypatch.setattr(hooks, "card_moved", _recorder(moved))
    drive(PamirContext(state, 1, number).move_card(card(number), Zone.HAND, PlayerId(1), (Zone.DISCARD,)), [])
    assert state.discard == [other] and state.players[1].hand == [number]
    assert moved == [(number, "discard", "hand")]


def test_a_market_card_discarded_leaves_its_rupees_and_an_empty_space(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As cleanup discards an event: the rupees stay on the space, the market is refilled later."""
    state = empty_state(2)
    (number,) = court_cards_where(lambda c: True, 1)
    state.market[1][3] = number
    state.market_rupees[1][3] = 2
    moved: list[tuple[int, str, str]] = []
    monkeypatch.setattr(hooks, "card_moved", _recorder(moved))
    drive(PamirContext(state, 0, number).move_card(card(number), Zone.DISCARD, None, (Zone.MARKET,)), [])
    assert state.market[1][3] is None and state.market_rupees[1][3] == 2 and state.discard == [number]
    assert moved == [(number, "market", "discard")]


def _recorder(moved: list[tuple[int, str, str]]) -> Callable[..., tuple[()]]:
    def card_moved(
        state: PamirState,
        number: int,
        origin: str,
        owner: int | None,
        destination: str,
        *rest: object,
        **named: object,
    ) -> tuple[()]:
        moved.append((number, origin, destination))
        return ()

    return card_moved


def test_each_move_an_effect_makes_is_told_with_whose_zones_and_as_a_discard_where_it_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`card_moved` tells whose zone the card left and whose it entered (a shared zone's player
    is the one whose turn it is), and `card_discarded` follows a move to the discard pile from a
    hand, the prizes or the market (the rulebook calls each a discard); a card taken from the
    discard pile or passed from hand to hand is not discarded."""
    told: list[tuple[object, ...]] = []

    def fire(state: PamirState, event: object) -> Iterator[object]:
        assert isinstance(state, PamirState)
        fields = dataclasses.fields(event)  # type: ignore[arg-type]
        told.append((type(event).__name__, *(getattr(event, f.name) for f in fields)))
        return iter(())

    monkeypatch.setattr(hooks, "listens", lambda event: True)
    monkeypatch.setattr(hooks, "fire", fire)
    state = empty_state(3)  # player 0's turn
    taken, shown, dropped, prize, passed = (card(n) for n in court_cards_where(lambda c: True, 5))
    state.discard.append(taken.number)
    state.market[0][2] = shown.number
    state.players[1].hand = [dropped.number, passed.number]
    state.players[2].prizes = [prize.number]
    ctx = PamirContext(state, 0, taken.number)
    drive(ctx.move_card(taken, Zone.HAND, PlayerId(1), (Zone.DISCARD,)), [])
    drive(ctx.move_card(shown, Zone.DISCARD, None, (Zone.MARKET,)), [])
    drive(ctx.move_card(dropped, Zone.DISCARD, None, (Zone.HAND,)), [])
    drive(ctx.move_card(prize, Zone.DISCARD, None, (Zone.PRIZES,)), [])
    drive(ctx.move_card(passed, Zone.HAND, PlayerId(2), (Zone.HAND,)), [])
    assert told == [
        ("CardMoved", taken, Zone.DISCARD, Zone.HAND, 0, 1),
        ("CardMoved", shown, Zone.MARKET, Zone.DISCARD, 0, 0),
        ("CardDiscarded", shown, Zone.MARKET, 0),
        ("CardMoved", dropped, Zone.HAND, Zone.DISCARD, 1, 0),
        ("CardDiscarded", dropped, Zone.HAND, 1),
        ("CardMoved", prize, Zone.PRIZES, Zone.DISCARD, 2, 0),
        ("CardDiscarded", prize, Zone.PRIZES, 2),
        ("CardMoved", passed, Zone.HAND, Zone.HAND, 1, 2),
    ]
    assert state.players[1].hand == [taken.number] and state.players[2].hand == [passed.number]
    assert state.discard == [shown.number, dropped.number, prize.number] and state.players[2].prizes == []


def test_a_court_card_moved_to_the_discard_leaves_by_the_rules() -> None:
    """Discarding from a court sends the spies on it home (rules: discarding a court card)."""
    state = empty_state(2)
    target = court_card(lambda c: c.suit is Suit.ECONOMIC)
    state.players[1].court.append(target.number)
    state.spies_on(target.number)[0] = 1
    state.players[0].cylinders -= 1
    drive(PamirContext(state, 0, target.number).move_card(target, Zone.DISCARD, None, (Zone.COURT,)), [])
    assert state.discard == [target.number] and state.players[1].court == []
    assert state.players[0].cylinders == 10 and target.number not in state.spies


# ---------------------------------------------------------------------- rupees


def test_take_takes_only_what_there_is(zone_cards: ModuleType) -> None:
    state = empty_state(3)
    state.players[0].rupees, state.players[1].rupees, state.players[2].rupees = 4, 0, 3
    play(zone_cards.CARD_920, state, 0, [])
    assert [p.rupees for p in state.players] == [5, 0, 2]


def test_rupees_lie_only_on_market_cards() -> None:
    """Rupees on cards are those on a market card's space: a card in a court or a hand has none."""
    state = empty_state(2)
    shown, held = court_cards_where(lambda c: True, 2)
    state.market[1][4] = shown
    state.market_rupees[1][4] = 2
    state.players[0].court.append(held)
    ctx = PamirContext(state, 0, shown)
    assert ctx.money_on(card(shown)) == 2
    assert ctx.money_on(card(held)) == 0


def test_pay_is_all_or_nothing(zone_cards: ModuleType) -> None:
    """Short of 2 rupees, nothing is paid and nothing is bought: the rest of the effect stops."""
    state = empty_state(2)
    first, second = court_cards_where(lambda c: True, 2)
    state.players[1].hand += [first, second]
    state.players[0].rupees, state.players[1].rupees = 1, 0
    play(zone_cards.CARD_921, state, 0, [True, PlayerId(1)])
    assert [p.rupees for p in state.players] == [1, 0]
    assert state.players[1].hand == [first, second] and state.players[0].hand == []
    state.players[0].rupees = 3
    play(zone_cards.CARD_921, state, 0, [True, PlayerId(1), card(second)])
    assert [p.rupees for p in state.players] == [1, 2]
    assert state.players[1].hand == [first] and state.players[0].hand == [second]


def test_counting_a_zone_and_a_filtered_zone(zone_cards: ModuleType) -> None:
    state = empty_state(2)
    favoring = court_cards_where(lambda c: Impact.FAVOR_MILITARY in c.impact, 2)
    (plain,) = court_cards_where(lambda c: Impact.FAVOR_MILITARY not in c.impact, 1)
    state.discard += [*favoring, plain]
    state.market[0][0], state.market[1][5] = court_cards_where(lambda c: True, 2)
    before = state.players[0].rupees
    play(zone_cards.CARD_923, state, 0, [])
    assert state.players[0].rupees == before + 2 + 2  # 2 cards in the market, 2 favoring Military


def test_a_chosen_court_card_is_discarded_by_its_owner(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = empty_state(3)
    purge = zone_cards.CARD_924
    join_game(purge, monkeypatch)
    rich, poor = court_cards_where(lambda c: not c.abilities, 2)
    state.players[0].court.append(purge.number)
    state.players[1].court.append(rich)
    state.players[2].court.append(poor)
    state.players[0].rupees, state.players[1].rupees, state.players[2].rupees = 9, 6, 5
    # Player 0's only card is this one: nothing to choose. Player 1 discards; player 2 is not rich.
    play(purge, state, 0, [card(rich)])
    assert state.players[1].court == [] and state.discard == [rich]
    assert state.players[2].court == [poor] and state.players[0].court == [purge.number]


def test_a_trigger_reads_the_zone_and_owner_of_the_card_played(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tithe fires from the rules when player 1 plays a card to court, and is paid only by a
    player who has the rupee."""
    tithe = zone_cards.CARD_922
    join_game(tithe, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(tithe.number)
    first, second = court_cards_where(
        lambda c: not c.abilities and c.patriot is None and Impact.LEVERAGE not in c.impact, 2
    )
    state.players[1].hand += [first, second]
    state.players[0].rupees, state.players[1].rupees = 0, 1
    drive(rules.play(state, 1, first, left=False), [], then_first=True)
    assert first in state.players[1].court
    assert [p.rupees for p in state.players] == [1, 0]
    drive(rules.play(state, 1, second, left=False), [], then_first=True)
    assert [p.rupees for p in state.players] == [1, 0]  # nothing left to pay with
    (trigger,) = tithe.abilities[0].triggers
    ctx = PamirContext(state, 0, tithe.number)
    assert not trigger.applies(ctx, CardPlayed(card(first), PlayerId(0)))  # not the owner's own card


def test_the_zone_cards_play_in_random_games_with_every_invariant(
    zone_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The zone cards join the deck on top, so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, and each
    card's effect runs (counted by wrapping it: the runtime cannot tell)."""
    acted = count_in_random_games("pamir", zone_cards, range(920, 927), monkeypatch, seed=7, games=40)
    print("zone cards fired:", dict(sorted(acted.items())))
