"""The decisions larger than one pick (runtime/core/decisions.py): several values, a number."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from paxc.runtime.core.decisions import ENOUGH, MAX_NUMBER_OPTIONS, Number, ask_number, ask_several, label
from paxc.runtime.effects import Choice, Decision, NothingToChoose, PlayerId

ME = PlayerId(1)


def answered(asking: Generator[Decision, None, Any], answers: list[Any]) -> tuple[Any, list[Choice[Any]]]:
    """What `asking` gives back once each of its questions has the next answer, and the questions."""
    asked: list[Choice[Any]] = []
    try:
        decision = next(asking)
        while True:
            assert isinstance(decision, Choice) and decision.chooser == ME
            asked.append(decision)
            decision.answer = answers.pop(0)
            decision = asking.send(None)
    except StopIteration as stop:
        assert not answers, f"answers left over: {answers}"
        return stop.value, asked


def test_up_to_two_offers_no_more_from_the_start_and_gives_the_list_order() -> None:
    values, asked = answered(ask_several(ME, "pick", ("a", "b", "c"), 0, 2), ["c", "a"])
    assert values == ("a", "c")  # the list's order, not the picks'
    assert [q.options for q in asked] == [("a", "b", "c", ENOUGH), ("a", "b", ENOUGH)]
    assert [q.prompt for q in asked] == ["pick", "pick (1 chosen)"]  # nothing said of none chosen
    assert answered(ask_several(ME, "pick", ("a", "b"), 0, 2), [ENOUGH])[0] == ()


def test_exactly_two_never_offers_no_more_and_takes_all_of_fewer() -> None:
    values, asked = answered(ask_several(ME, "pick", ("a", "b", "c"), 2, 2), ["b", "c"])
    assert values == ("b", "c") and all(ENOUGH not in q.options for q in asked)
    assert answered(ask_several(ME, "pick", ("a", "b"), 2, 2), []) == (("a", "b"), [])
    assert answered(ask_several(ME, "pick", ("a",), 2, 2), []) == (("a",), [])
    assert answered(ask_several(ME, "pick", (), 2, 2), []) == ((), [])


def test_a_value_listed_twice_is_offered_once_and_a_negative_count_picks_nothing() -> None:
    values, asked = answered(ask_several(ME, "pick", ("a", "a", "b"), 1, 3), ["a", "b"])
    assert asked[0].options == ("a", "b") and values == ("a", "b")
    assert answered(ask_several(ME, "pick", ("a", "b"), -1, -1), []) == ((), [])


def test_a_number_of_a_range_and_an_empty_range() -> None:
    value, asked = answered(ask_number(ME, "how many", 2, 4), [Number(3)])
    assert value == 3 and asked[0].options == (Number(2), Number(3), Number(4))
    assert asked[0].prompt == "how many"
    with pytest.raises(NothingToChoose):  # nothing to pick: the effect stops, as for any choice
        answered(ask_number(ME, "how many", 1, 0), [])
    _, asked = answered(ask_number(ME, "how many", 0, 10**9), [Number(0)])
    assert len(asked[0].options) == MAX_NUMBER_OPTIONS  # a computed range is cut there


def test_labels() -> None:
    assert (label(Number(3)), label(ENOUGH), label(3)) == ("3", "no more", None)
