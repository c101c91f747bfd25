"""The comparisons the generated-cards campaign makes at every decision (tests/listing_checks.py)
find a listing that goes wrong: a cheap answer broken, a listing taken again that keeps an
option it should not. Without these, a campaign passing them would say nothing."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.runtime.pamir import card_actions
from paxc.runtime.porfiriana import actions
from tests.listing_checks import play_compared

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_random_games_of_the_printed_cards_show_no_disagreement(game: str) -> None:
    assert [play_compared(game, {"players": 3}, seed) for seed in SEEDS] == [None] * len(SEEDS)


def test_a_cheap_answer_broken_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # Whether a betrayal can do something answered "no" always: wrong once a spy shares a card.
    monkeypatch.setattr(card_actions, "_any_betray_target", lambda state, player: False)
    found = [play_compared("pamir", {"players": 3}, seed) for seed in SEEDS]
    assert any(error is not None and "betray: the cheap answer False" in error for error in found)


def test_a_listing_taken_again_with_stale_speculations_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # The listing taken again after a quiet speculation given as it was, its speculations not
    # listed afresh though a cube has moved.
    def stale(state: Any, player: int, before: actions.Listed, left: int, granted: Any) -> actions.Listed:
        return before

    monkeypatch.setattr(actions, "_listed_again", stale)
    found = [play_compared("porfiriana", {"players": 3}, seed) for seed in SEEDS]
    assert any(error is not None and "offered but not in a fresh listing" in error for error in found)
