"""The seeded generator of every game (runtime/core/rng.py): a bound of nothing is refused, a draw
that would favour the low numbers is drawn again (so `below` is uniform), and `shuffle` is
Fisher-Yates on its draws."""

from __future__ import annotations

import pytest

from paxc.runtime.core import rng
from paxc.runtime.core.rng import Rng


@pytest.fixture(autouse=True)
def limits_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """`below` remembers each bound's limit for the whole process: a limit remembered by a test
    run before these (mutation testing runs every test once before it changes the code) would be
    used instead of the one worked out here, hiding a wrong one."""
    monkeypatch.setattr(rng, "_LIMITS", {})
    monkeypatch.setattr(rng, "_LOW_LIMITS", {})
    monkeypatch.setattr(rng, "_WORD_MODULO", {})


@pytest.fixture(params=[False, True], ids=["whole", "halves"])
def halves(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Each test both ways: on the 64-bit draws (pure Python) and on the state's halves (what the
    compiled runtime runs, `paxc accelerate`), which must give the same draws."""
    in_halves: bool = request.param
    monkeypatch.setattr(rng, "_IN_HALVES", in_halves)
    return in_halves


def test_a_bound_of_nothing_is_refused(halves: bool) -> None:
    for bound in (0, -3):
        with pytest.raises(ValueError, match="bound must be positive"):
            Rng(1).below(bound)


def kept(seed: int, bound: int) -> int:
    """What `below(bound)` must give: the first draw under the largest whole multiple of `bound`
    that is at most 2^64, modulo `bound` (a draw past it would make the low numbers likelier)."""
    draws, multiple = Rng(seed), (1 << 64) // bound * bound
    while True:
        value = draws.next_u64()
        if value < multiple:
            return value % bound


def test_a_draw_past_the_last_whole_multiple_of_the_bound_is_drawn_again(halves: bool) -> None:
    # Small bounds, as games ask; bounds near 2^64, where half or a third of the draws are drawn
    # again; and a bound equal to a draw, which must be drawn again too.
    exact = next(value for value in (Rng(seed).next_u64() for seed in range(100)) if value > 1 << 63)
    for bound in (1, 6, 52, (1 << 63) + 1, (1 << 65) // 3 + 1, exact):
        for seed in range(40):
            assert Rng(seed).below(bound) == kept(seed, bound), (seed, bound)
    seed = next(seed for seed in range(100) if Rng(seed).next_u64() == exact)
    assert Rng(seed).below(exact) != 0  # the draw equal to the bound is not kept as 0


def fisher_yates(seed: int, size: int) -> tuple[list[int], int]:
    """What `shuffle` must make of `list(range(size))` from `Rng(seed)`, and the generator's state
    after it: from the last place down, each swapped with one drawn below its position plus one,
    a draw past the last whole multiple of that bound drawn again (worked out here, apart from
    the limits the generator remembers)."""
    draws, items = Rng(seed), list(range(size))
    for index in range(size - 1, 0, -1):
        bound = index + 1
        multiple = (1 << 64) // bound * bound
        value = draws.next_u64()
        while value >= multiple:
            value = draws.next_u64()
        other = value % bound
        items[index], items[other] = items[other], items[index]
    return items, draws.state


def test_shuffle_is_fisher_yates_on_the_generators_draws(halves: bool) -> None:
    # `shuffle` draws without calling `below`: the same draws, and the generator left where
    # `below` would leave it, for short lists and a whole deck, from several seeds.
    for size in (0, 1, 2, 10, 120):
        for seed in (7, 8, 2026):
            shuffled, items = Rng(seed), list(range(size))
            shuffled.shuffle(items)
            expected, state = fisher_yates(seed, size)
            assert items == expected and sorted(items) == list(range(size)), (size, seed)
            assert shuffled.state == state, (size, seed)


def seed_drawing_first(value: int) -> int:
    """The seed whose generator draws `value` first: SplitMix64's steps are each undone (a
    multiplication by an odd number by its inverse modulo 2^64, `z ^ (z >> s)` by repeating it)."""

    def unshift(mixed: int, shift: int) -> int:
        plain = mixed
        for _ in range(64 // shift):
            plain = mixed ^ (plain >> shift)
        return plain

    z = unshift(value, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & rng.MAX_SEED, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & rng.MAX_SEED, 30)
    return (z - 0x9E3779B97F4A7C15) & rng.MAX_SEED


def test_shuffle_draws_again_past_the_last_whole_multiple_of_the_bound(halves: bool) -> None:
    # Three cards: the first swap draws below 3, and 2^64 - 1 is the one draw past the last whole
    # multiple of 3; 2^64 - 2 is the largest kept. A deck is shuffled from a seed drawing each first.
    for first in (rng.MAX_SEED, rng.MAX_SEED - 1):
        seed = seed_drawing_first(first)
        assert Rng(seed).next_u64() == first
        shuffled, items = Rng(seed), [0, 1, 2]
        shuffled.shuffle(items)
        assert (items, shuffled.state) == fisher_yates(seed, 3), first
    twice = Rng(seed_drawing_first(rng.MAX_SEED))
    twice.next_u64()
    twice.next_u64()
    shuffled = Rng(seed_drawing_first(rng.MAX_SEED))
    shuffled.shuffle([0, 1, 2])
    assert shuffled.state != twice.state  # the draw past the multiple was drawn again


def test_the_highest_draws_of_a_small_bound_are_drawn_again(halves: bool) -> None:
    """2^64 leaves 1 over a multiple of 3 and 2 over one of 7: a draw of 2^64 - 1 is drawn again
    for 3, and 2^64 - 2 too for 7, but not 2^64 - 2 for 3 nor 2^64 - 3 for 7 (on halves, only a
    draw whose high half is all ones may be past the last multiple)."""
    top = (1 << 64) - 1
    for value, bound, again in (
        (top, 3, True),
        (top - 1, 3, False),
        (top, 7, True),
        (top - 1, 7, True),
        (top - 2, 7, False),
        (top, 1 << 30, False),
        (top - (1 << 32), 3, False),
    ):
        seed = seed_drawing_first(value)
        assert Rng(seed).next_u64() == value
        drawn = Rng(seed)
        assert drawn.below(bound) == kept(seed, bound), (value, bound)
        first = Rng(seed)
        first.next_u64()
        assert (drawn.state != first.state) is again, (value, bound)


def test_the_halves_draw_as_the_whole_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many seeds and bounds (up to the largest drawn on halves, and past it): the same numbers
    and the same state after, on halves as on the 64-bit draws."""
    seeds = [0, 1, (1 << 64) - 1, (1 << 32) - 1, 1 << 32, *(Rng(9).next_u64() for _ in range(3))]
    draws = Rng(2026)
    seeds += [draws.next_u64() for _ in range(300)]
    bounds = [1, 2, 3, 6, 52, 120, (1 << 30) - 1, 1 << 30, (1 << 30) + 1, (1 << 63) + 1]
    bounds += [draws.below(1 << 30) + 1 for _ in range(20)]
    results: dict[bool, list[tuple[int, int]]] = {}
    for in_halves in (False, True):
        monkeypatch.setattr(rng, "_IN_HALVES", in_halves)
        results[in_halves] = []
        for seed in seeds:
            for bound in bounds:
                drawn = Rng(seed)
                results[in_halves].append((drawn.below(bound), drawn.state))
            shuffled, items = Rng(seed), list(range(seed % 130))
            shuffled.shuffle(items)
            results[in_halves].append((hash(tuple(items)), shuffled.state))
    assert results[True] == results[False]
