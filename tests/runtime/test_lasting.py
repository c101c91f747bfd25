"""Lasting effects (runtime/core/lasting.py): which moments end or arm a duration, whatever the
game's vocabulary declares. The durations here are made up, as any game's vocabulary may declare
them: "until the end of your turn", "until the end of your next turn" (ended by the owner's turn
end once their turn has started again), "until the next check" (anybody's)."""

from __future__ import annotations

from dataclasses import dataclass

from paxc.runtime.core.lasting import Lasting, ending_events, told
from paxc.runtime.effects import DurationEnd


@dataclass(frozen=True)
class TurnStarted:
    player: int


@dataclass(frozen=True)
class TurnEnded:
    player: int


@dataclass(frozen=True)
class CheckEnded:
    pass


ENDS = {
    "this_turn": DurationEnd(TurnEnded, "player"),
    "next_turn": DurationEnd(TurnEnded, "player", TurnStarted, "player"),
    "next_check": DurationEnd(CheckEnded),
}


def effect(until: str, owner: int = 0) -> Lasting:
    return Lasting(card=7, ability=0, owner=owner, until=until)


def tell(in_force: list[Lasting], *events: object) -> list[Lasting]:
    """The effects left after each event in turn, every effect in force before each."""
    for event in events:
        told(in_force, ENDS, event, list(in_force))
    return in_force


def test_the_moments_that_end_or_arm_a_duration_are_those_declared() -> None:
    assert ending_events(ENDS) == {TurnEnded, TurnStarted, CheckEnded}
    assert ending_events({}) == frozenset()


def test_an_effect_ends_at_its_owners_moment_and_no_one_elses() -> None:
    mine, yours, check = effect("this_turn", 0), effect("this_turn", 1), effect("next_check", 1)
    assert tell([mine, yours, check], TurnEnded(1)) == [mine, check]
    assert tell([mine, check], CheckEnded()) == [mine]
    assert tell([mine], TurnStarted(0), TurnEnded(0)) == []


def test_until_your_next_turn_is_armed_only_by_your_own_next_turn_starting() -> None:
    lasting = [effect("next_turn", 0)]
    # Another player's turn starting does not arm it, nor does the owner's turn ending.
    tell(lasting, TurnStarted(1), TurnEnded(0))
    assert lasting == [effect("next_turn", 0)] and not lasting[0].armed
    tell(lasting, TurnStarted(0))
    assert lasting == [Lasting(7, 0, 0, "next_turn", armed=True)]
    tell(lasting, TurnEnded(1))  # armed, it still ends only at its owner's turn end
    assert len(lasting) == 1
    assert tell(lasting, TurnEnded(0)) == []


def test_an_effect_started_by_an_answer_to_the_moment_lasts_from_after_it() -> None:
    """An ability answering "your turn starts" that starts an effect "until the end of your next
    turn": the start it answered does not arm it; one started at a turn's end outlives that end."""
    older = effect("this_turn", 1)
    new_next, new_this = effect("next_turn", 0), effect("this_turn", 0)
    lasting = [older, new_next]
    told(lasting, ENDS, TurnStarted(0), [older])
    assert lasting == [older, new_next] and not new_next.armed
    lasting = [new_this]
    told(lasting, ENDS, TurnEnded(0), [])
    assert lasting == [new_this]


def test_an_effect_of_a_duration_the_game_does_not_end_stays() -> None:
    forever = effect("for_ever", 0)
    assert tell([forever], TurnStarted(0), TurnEnded(0), CheckEnded()) == [forever]
