"""Dealing afresh what a seat cannot see (runtime/core/determinize.py), on made-up places: every
card dealt back to a slot of its kind, each place keeping its size; the cards shown since the
start of the turn left where they are; the deal the same however the hidden cards lay, and made by
the bot's generator (another seed, another deal)."""

from __future__ import annotations

import enum
from collections import Counter

from paxc.runtime.core.determinize import deal_afresh
from paxc.runtime.core.rng import Rng


class Kind(enum.Enum):
    """Two kinds of card, as Pax Pamir keeps court cards (here the odd numbers) out of the deck's
    event slots (the even ones). A kind need only be hashable: a plain enum has no order."""

    COURT = "court"
    EVENT = "event"


KIND = {number: Kind.COURT if number % 2 else Kind.EVENT for number in range(1, 21)}


def places() -> list[list[int]]:
    """A hand, another hand and a deck, each mixing both kinds."""
    return [[1, 2, 3], [4, 5], [6, 7, 8, 9, 10, 11, 12]]


def dealt(
    arranged: list[list[int]], seed: int, still_hidden: frozenset[int] | None = None
) -> list[list[int]]:
    copy = [list(place) for place in arranged]
    deal_afresh(copy, KIND.__getitem__, Rng(seed), still_hidden)
    return copy


def test_every_card_goes_back_to_a_slot_of_its_kind_and_each_place_keeps_its_size() -> None:
    before = places()
    moved = 0
    for seed in range(40):
        after = dealt(before, seed)
        assert Counter(n for place in after for n in place) == Counter(n for place in before for n in place)
        for old, new in zip(before, after, strict=True):
            assert [KIND[n] for n in new] == [KIND[n] for n in old]
        moved += sum(
            a != b for old, new in zip(before, after, strict=True) for a, b in zip(old, new, strict=True)
        )
    assert moved > 0  # the cards are dealt, not left as they lay


def test_each_card_can_reach_every_slot_of_its_kind() -> None:
    reached: dict[int, set[tuple[int, int]]] = {}
    for seed in range(300):
        for place_index, place in enumerate(dealt(places(), seed)):
            for slot, number in enumerate(place):
                reached.setdefault(number, set()).add((place_index, slot))
    slots_of = {
        kind: {(p, s) for p, place in enumerate(places()) for s, n in enumerate(place) if KIND[n] == kind}
        for kind in Kind
    }
    for number, slots in reached.items():
        assert slots == slots_of[KIND[number]], number


def test_another_seed_deals_another_way() -> None:
    deals = {tuple(map(tuple, dealt(places(), seed))) for seed in range(20)}
    assert len(deals) > 10


def test_the_deal_is_the_same_however_the_hidden_cards_lay() -> None:
    # The same cards, each in a slot of its kind, lying another way: the bot, which cannot tell
    # the two apart, must be dealt the same. The second arrangement meets an event first.
    one_way = places()
    other_way = [[3, 12, 9], [10, 1], [2, 11, 6, 5, 4, 7, 8]]
    for seed in range(20):
        assert dealt(one_way, seed) == dealt(other_way, seed)


def test_cards_shown_since_stay_where_they_are() -> None:
    before = places()
    shown = {2, 5, 9}
    still_hidden = frozenset(n for place in before for n in place) - shown
    moved = 0
    for seed in range(40):
        after = dealt(before, seed, still_hidden)
        for old, new in zip(before, after, strict=True):
            for a, b in zip(old, new, strict=True):
                if a in shown:
                    assert b == a
                else:
                    assert b in still_hidden and KIND[b] == KIND[a]
                    moved += a != b
    assert moved > 0
    # Left out, every card is dealt: the shown ones move too.
    assert any(dealt(before, seed)[0][1] != 2 for seed in range(20))
