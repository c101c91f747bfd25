"""Zones of cards, whatever the game (runtime/core/zones.py): places, where a card is, moving it
through the game's rule for the move, the top card of a pile and a random card."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from paxc.runtime.core.rng import Rng
from paxc.runtime.core.zones import (
    MoveRefused,
    MovesMismatch,
    Place,
    ZoneIndex,
    check_moves,
    every_place,
    move,
    random_of,
    top_of,
)
from paxc.runtime.effects import Effect


class Table:
    """A market and a discard pile, and a hand for each of two seats."""

    def __init__(self) -> None:
        self.lists: dict[Place, list[int]] = {place: [] for place in self.places()}

    def cards(self, place: Place) -> Sequence[int]:
        return self.lists[place]

    def places(self) -> Iterator[Place]:
        return every_place(("market", "discard"), ("hand",), 2)


def hand_to_discard(state: Table, number: int, where: Place, to: Place) -> Effect:
    state.lists[where].remove(number)
    state.lists[to].append(number)
    yield from ()


def moved(table: Table, number: int, to: Place, origins: tuple[str, ...]) -> None:
    movers: Any = {("hand", "discard"): hand_to_discard}
    list(move(table, ZoneIndex(table), movers, number, to, origins))


def test_a_place_reads_as_its_zone_and_whose() -> None:
    assert (str(Place("market")), str(Place("hand", 1))) == ("market", "hand of P1")
    places = list(Table().places())
    assert places == [Place("market"), Place("discard"), Place("hand", 0), Place("hand", 1)]


def test_a_card_moves_from_where_it_is_only_if_it_is_in_a_zone_the_effect_found_it_in() -> None:
    table = Table()
    table.lists[Place("hand", 0)][:] = [5, 6]
    moved(table, 5, Place("discard"), ("hand",))
    assert table.lists[Place("discard")] == [5] and table.lists[Place("hand", 0)] == [6]
    moved(table, 5, Place("discard"), ("hand", "discard"))  # already there: it stays, once
    moved(table, 6, Place("discard"), ("market",))  # not where the effect found it
    moved(table, 7, Place("discard"), ("hand",))  # in no zone
    assert table.lists[Place("discard")] == [5] and table.lists[Place("hand", 0)] == [6]


def test_a_move_the_game_has_no_rule_for_is_refused_saying_the_moves_it_has() -> None:
    table = Table()
    table.lists[Place("market")][:] = [5]
    with pytest.raises(
        MoveRefused,
        match=r"^card 5 cannot move from market to hand of P0 \(this game moves: hand to discard\)$",
    ):
        moved(table, 5, Place("hand", 0), ("market",))
    movers: Any = {("hand", "discard"): hand_to_discard, ("market", "discard"): hand_to_discard}
    with pytest.raises(MoveRefused, match=r"moves: hand to discard, market to discard\)$"):
        list(move(table, ZoneIndex(table), movers, 5, Place("hand", 1), ("market",)))
    with pytest.raises(MoveRefused, match=r"moves: none\)$"):
        list(move(table, ZoneIndex(table), {}, 5, Place("hand", 1), ("market",)))


def test_the_moves_a_game_makes_must_be_those_it_declares() -> None:
    check_moves("G", [("hand", "discard")], [("hand", "discard")])
    with pytest.raises(
        MovesMismatch,
        match=r"\(declared without a rule: hand to discard, market to hand; a rule not declared: none\)$",
    ):
        check_moves("G", [], [("market", "hand"), ("hand", "discard")])
    with pytest.raises(
        MovesMismatch,
        match=r"\(declared without a rule: none; a rule not declared: hand to discard, market to hand\)$",
    ):
        check_moves("G", [("market", "hand"), ("hand", "discard")], [])


def test_the_top_card_is_the_first_or_the_last_of_a_pile_added_to_at_its_end() -> None:
    assert top_of([1, 2, 3], "deck", {"discard"}) == 1
    assert top_of([1, 2, 3], "discard", {"discard"}) == 3
    assert top_of([], "discard", {"discard"}) is None


def test_a_random_card_is_drawn_with_the_games_generator() -> None:
    assert random_of(Rng(5), []) is None
    cards = [10, 11, 12, 13, 14, 15, 16]
    rng, same = Rng(5), Rng(5)
    drawn = [random_of(rng, cards) for _ in range(20)]
    assert drawn == [cards[same.below(len(cards))] for _ in range(20)]
    assert len(set(drawn)) > 1
