"""The pieces as card effects reach them (`PamirContext`): an effect acts on the pieces that are
there and does nothing with those that are not (a card does as much of its text as it can), a
road lies only on a border of two neighbouring regions, and every piece an effect removes or
moves is told to the abilities in effect as removed or moved by the player whose effect it is
(rulebook: Cards; Abilities; the map's borders)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Coalition, Piece, Region, Suit, Zone
from paxc.runtime.core.rng import Rng
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, border
from tests.pamir.scenario import court_card, drive, empty_state

AFGHAN, BRITISH, RUSSIAN = Coalition.AFGHAN, Coalition.BRITISH, Coalition.RUSSIAN
KABUL, PUNJAB, PERSIA, HERAT = Region.KABUL, Region.PUNJAB, Region.PERSIA, Region.HERAT
# A plain court card of each kind the scenarios need (no abilities: only the effect acts).
PLAIN = court_card(lambda c: not c.abilities and c.suit is not Suit.POLITICAL)
OTHER = court_card(lambda c: not c.abilities and c.suit is not Suit.POLITICAL and c is not PLAIN)
KABUL_POLITICAL = court_card(lambda c: not c.abilities and c.suit is Suit.POLITICAL and c.region is KABUL)


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The events the rules fire, as if a card in play heard every one."""
    heard: list[tuple[Any, ...]] = []

    def fire(state: PamirState, event: object) -> Iterator[Any]:
        assert isinstance(state, PamirState)
        heard.append((type(event).__name__, *dataclasses.astuple(event)))  # type: ignore[call-overload]
        return iter(())

    monkeypatch.setattr(hooks, "listens", lambda event: True)
    monkeypatch.setattr(hooks, "fire", fire)
    return heard


def effect_of(state: PamirState, you: int) -> PamirContext:
    return PamirContext(state, you, PLAIN.number)


def test_an_effect_removes_a_block_only_where_there_is_one(told: list[tuple[Any, ...]]) -> None:
    """Remove an army or a road: the last one goes, told removed by the effect's player; with none
    left, nothing happens (no count below zero, nothing told)."""
    state = empty_state(3)
    state.armies[KABUL][BRITISH] = 1
    road = border(KABUL, PUNJAB)
    state.roads[road][RUSSIAN] = 1
    me = effect_of(state, 2)
    drive(me.remove_army(BRITISH, KABUL), [])
    drive(me.remove_army(BRITISH, KABUL), [])
    drive(me.remove_road(RUSSIAN, PUNJAB, KABUL), [])  # the border named either way round
    drive(me.remove_road(RUSSIAN, KABUL, PUNJAB), [])
    assert state.armies[KABUL][BRITISH] == 0 and state.roads[road][RUSSIAN] == 0
    assert told == [
        ("PieceRemoved", Piece.ARMY, KABUL, KABUL, BRITISH, 2, 2),
        ("PieceRemoved", Piece.ROAD, *road, RUSSIAN, 2, 2),
    ]


def test_an_effect_removes_a_cylinder_only_where_there_is_one(told: list[tuple[Any, ...]]) -> None:
    """Remove a tribe or a spy of another player: the last one goes back to its owner, told
    removed by the effect's player; with none there (or a card never spied on), nothing."""
    state = empty_state(3)
    state.players[0].court = [PLAIN.number]
    state.tribes[HERAT][1] = 1
    state.players[1].cylinders -= 1
    state.spies[PLAIN.number] = [0, 0, 1]
    state.players[2].cylinders -= 1
    me = effect_of(state, 0)
    for _ in range(2):
        drive(me.remove_tribe(PlayerId(1), HERAT), [])
        drive(me.remove_spy(PlayerId(2), PLAIN), [])
    drive(me.remove_spy(PlayerId(1), KABUL_POLITICAL), [])  # no spy was ever on it
    assert state.tribes[HERAT] == [0, 0, 0] and state.spies[PLAIN.number] == [0, 0, 0]
    assert state.players[1].cylinders == state.players[2].cylinders == 10
    assert told == [
        ("PieceRemoved", Piece.TRIBE, HERAT, HERAT, BRITISH, 1, 0),
        ("PieceRemoved", Piece.SPY, PLAIN.region, PLAIN.region, RUSSIAN, 2, 0),
    ]


def test_an_effect_moves_a_piece_only_from_where_it_is_to_somewhere_else(
    told: list[tuple[Any, ...]],
) -> None:
    """Move an army, a tribe or a spy: the last one there moves, told moved by the effect's
    player; with none there, or to where it already is, nothing moves and nothing is told. (A
    player's last tribe moved out of a region overthrows their political cards there: moved
    "into" its own region, it never left, and the card stays.)"""
    state = empty_state(3)
    state.armies[KABUL][AFGHAN] = 1
    state.tribes[KABUL][1] = 1
    state.players[1].court = [KABUL_POLITICAL.number]
    state.players[0].court = [PLAIN.number, OTHER.number]
    state.spies[PLAIN.number] = [0, 0, 1]
    me = effect_of(state, 0)
    drive(me.move_army(AFGHAN, KABUL, KABUL), [])
    drive(me.move_tribe(PlayerId(1), KABUL, KABUL), [])
    drive(me.move_spy(PlayerId(2), PLAIN, PLAIN), [])
    assert told == [] and state.players[1].court == [KABUL_POLITICAL.number]
    assert state.armies[KABUL][AFGHAN] == 1 and state.tribes[KABUL][1] == 1
    for _ in range(2):
        drive(me.move_army(AFGHAN, KABUL, PUNJAB), [])
        drive(me.move_tribe(PlayerId(1), KABUL, HERAT), [])
        drive(me.move_spy(PlayerId(2), PLAIN, OTHER), [])
    assert state.armies[KABUL][AFGHAN] == 0 and state.armies[PUNJAB][AFGHAN] == 1
    assert state.tribes[KABUL] == [0, 0, 0] and state.tribes[HERAT] == [0, 1, 0]
    assert state.spies[PLAIN.number] == [0, 0, 0] and state.spies[OTHER.number] == [0, 0, 1]
    assert [event for event in told if event[0] == "PieceMoved"] == [
        ("PieceMoved", Piece.ARMY, KABUL, PUNJAB, AFGHAN, 0, 0),
        ("PieceMoved", Piece.TRIBE, KABUL, HERAT, BRITISH, 1, 0),
        ("PieceMoved", Piece.SPY, PLAIN.region, OTHER.region, RUSSIAN, 2, 0),
    ]


def test_a_spy_moves_only_onto_a_card_in_a_court() -> None:
    """Spies sit on court cards: a spy moved "to" a card in no court (the market, a hand) stays."""
    state = empty_state(2)
    state.players[0].court = [PLAIN.number]
    state.players[1].hand = [KABUL_POLITICAL.number]
    state.spies[PLAIN.number] = [0, 1]
    drive(effect_of(state, 1).move_spy(PlayerId(1), PLAIN, KABUL_POLITICAL), [])
    assert state.spies[PLAIN.number] == [0, 1] and not any(state.spies_on(KABUL_POLITICAL.number))


def test_roads_lie_only_on_the_border_of_two_neighbouring_regions(told: list[tuple[Any, ...]]) -> None:
    """Roads are placed on borders: an effect naming two regions that share none (Persia and the
    Punjab), or one region twice, places no road, finds none there and removes none. A road placed
    is told placed by the effect's player."""
    state = empty_state(2)
    me = effect_of(state, 1)
    drive(me.place_road(BRITISH, PERSIA, PUNJAB), [])
    drive(me.place_road(BRITISH, KABUL, KABUL), [])
    assert state.blocks_in_play(BRITISH) == 0 and told == []
    drive(me.place_road(BRITISH, PUNJAB, KABUL), [])
    assert state.roads[border(KABUL, PUNJAB)][BRITISH] == 1
    assert told == [("PiecePlaced", Piece.ROAD, *border(KABUL, PUNJAB), BRITISH, 1)]
    assert me.roads_on(KABUL, PUNJAB, BRITISH) == me.roads_on(PUNJAB, KABUL, BRITISH) == 1
    assert me.roads_on(KABUL, KABUL, BRITISH) == 0
    assert me.roads_on(PERSIA, PUNJAB, BRITISH) == 0
    drive(me.remove_road(BRITISH, KABUL, KABUL), [])
    drive(me.remove_road(BRITISH, PERSIA, PUNJAB), [])
    assert state.roads[border(KABUL, PUNJAB)][BRITISH] == 1


def test_the_top_card_of_a_players_zone_and_a_card_drawn_by_the_games_generator() -> None:
    """`the top card of` a player's zone is that player's (the first listed; the discard pile's is
    its last, the rules adding to its end); `a random card` is drawn with the game's seeded
    generator, so a game stays its seed and its decisions, and none is drawn from no cards."""
    state = empty_state(2)
    state.players[1].hand = [OTHER.number, PLAIN.number]
    state.discard = [PLAIN.number, KABUL_POLITICAL.number]
    me = effect_of(state, 0)
    assert me.top_card(Zone.HAND, PlayerId(1)) == OTHER
    assert me.top_card(Zone.HAND, PlayerId(0)) is None
    assert me.top_card(Zone.DISCARD, None) == KABUL_POLITICAL
    cards = (PLAIN, OTHER, KABUL_POLITICAL)
    generator = Rng(state.rng.state)
    assert me.random_card(cards) == cards[generator.below(len(cards))]
    assert state.rng.state == generator.state  # the draw was the game's own
    assert me.random_card(()) is None


def test_riots_remove_every_army_and_tribe_of_the_region_each_told_removed(
    told: list[tuple[Any, ...]],
) -> None:
    """Riots (an event discarded at cleanup): every army and every tribe in the region is removed,
    each told as a piece removed (the armies by the player resolving the event, the tribes, which
    nobody removes, by their owners); the region's other pieces and the other regions keep theirs."""
    state = empty_state(3)
    state.armies[PUNJAB][BRITISH] = 2
    state.armies[PUNJAB][RUSSIAN] = 1
    state.armies[KABUL][BRITISH] = 1
    state.tribes[PUNJAB][:] = [0, 2, 1]
    drive(effect_of(state, 0).remove_tribes_and_armies(PUNJAB), [])
    assert not any(state.armies[PUNJAB].values()) and state.tribes[PUNJAB] == [0, 0, 0]
    assert state.armies[KABUL][BRITISH] == 1
    assert told == [
        ("PieceRemoved", Piece.ARMY, PUNJAB, PUNJAB, BRITISH, 0, 0),
        ("PieceRemoved", Piece.ARMY, PUNJAB, PUNJAB, BRITISH, 0, 0),
        ("PieceRemoved", Piece.ARMY, PUNJAB, PUNJAB, RUSSIAN, 0, 0),
        ("PieceRemoved", Piece.TRIBE, PUNJAB, PUNJAB, BRITISH, 1, 1),
        ("PieceRemoved", Piece.TRIBE, PUNJAB, PUNJAB, BRITISH, 1, 1),
        ("PieceRemoved", Piece.TRIBE, PUNJAB, PUNJAB, RUSSIAN, 2, 2),
    ]


def test_armies_an_effect_places_are_told_placed_by_its_player(told: list[tuple[Any, ...]]) -> None:
    state = empty_state(3)
    drive(effect_of(state, 2).place_armies(2, AFGHAN, HERAT), [])
    assert state.armies[HERAT][AFGHAN] == 2
    assert told == [("PiecePlaced", Piece.ARMY, HERAT, HERAT, AFGHAN, 2)] * 2


def test_players_are_offered_in_turn_order_from_the_player_whose_turn_it_is() -> None:
    """A card asking its player to choose a player lists them clockwise from the active one."""
    state = empty_state(4)
    state.active = 1
    assert effect_of(state, 3).players_in_turn_order() == [1, 2, 3, 0]
