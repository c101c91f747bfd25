"""Running card abilities, whatever the game (runtime/core/abilities.py): modifiers in stages and
once per round, triggers once per turn or round and their loop limit, optional triggers and
replacements asked of their owner. The abilities here are made up, as a game's cards give them."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from paxc.runtime.core import abilities
from paxc.runtime.core.abilities import REPEATS_PER_TURN, InEffect
from paxc.runtime.core.narration import listening
from paxc.runtime.effects import (
    Ability,
    Choice,
    Decision,
    Effect,
    Modifier,
    NothingToChoose,
    PlayerId,
    Replacement,
    Stage,
    Trigger,
)


@dataclass(frozen=True)
class Cost:
    card: int


@dataclass(frozen=True)
class Other:
    card: int


@dataclass(frozen=True)
class Played:
    card: int


@dataclass
class Ctx:
    you: PlayerId
    acted: list[str]


def adds(n: int, source: str, stage: Stage = Stage.ADJUST, **kw: Any) -> Modifier[Any, Any, int]:
    return Modifier(Cost, lambda ctx, hook, value: value + n, source, stage, **kw)


def sets(n: int, source: str) -> Modifier[Any, Any, int]:
    return Modifier(Cost, lambda ctx, hook, value: n, source, Stage.REPLACE)


def at_least(n: int, source: str) -> Modifier[Any, Any, int]:
    return Modifier(Cost, lambda ctx, hook, value: max(value, n), source, Stage.FLOOR)


def in_effect(owner: int, log: list[str], ability: Ability[Any], name: str = "Card") -> InEffect:
    return (Ctx(PlayerId(owner), log), owner, ability, name)


def run(
    effect: Generator[Decision, None, Any], answers: list[Any] | None = None
) -> tuple[Any, list[Choice[Any]]]:
    """What the effect gives back, each question answered in turn, and the questions."""
    answers = list(answers or [])
    asked: list[Choice[Any]] = []
    try:
        decision = next(effect)
        while True:
            assert isinstance(decision, Choice)
            asked.append(decision)
            decision.answer = answers.pop(0)
            decision = effect.send(None)
    except StopIteration as stop:
        assert not answers
        return stop.value, asked


def test_modifiers_act_in_stages_whatever_order_they_are_listed_in() -> None:
    log: list[str] = []
    listed = [
        in_effect(0, log, Ability("floor", modifiers=(at_least(4, "f"),))),
        in_effect(
            0, log, Ability("plus", modifiers=(adds(2, "a"), Modifier(Other, lambda c, h, v: v - 10, "o")))
        ),
        in_effect(1, log, Ability("set", modifiers=(sets(0, "s"),))),
    ]
    # Set to 0, then 2 more, then at least 4 (the modifier of another hook does nothing here).
    assert abilities.modified(listed, Cost(1), 9) == 4
    assert abilities.modified(listed[1:], Cost(1), 9) == 2
    assert abilities.modified([], Cost(1), 9) == 9
    staged = abilities.staged([(None, at_least(4, "f")), (None, adds(2, "a")), (None, sets(0, "s"))])
    assert [m.source for _, m in staged] == ["s", "a", "f"]


def test_a_modifier_once_per_round_is_spent_when_the_rules_act_on_a_value_it_changed() -> None:
    log: list[str] = []
    discount = [in_effect(0, log, Ability("d", modifiers=(adds(-1, "d", once_per_round=True),)))]
    other_owner = [in_effect(1, log, Ability("d", modifiers=(adds(-1, "d", once_per_round=True),)))]
    used: set[str] = set()
    assert abilities.modified(discount, Cost(1), 5, used) == 4  # only listed: not spent
    assert abilities.modified(discount, Cost(1), 5, used, spend=True) == 4
    assert used == {"0@d"}
    assert abilities.modified(discount, Cost(1), 5, used, spend=True) == 5  # used up this round
    assert abilities.modified(other_owner, Cost(1), 5, used) == 4  # another owner's is its own
    assert abilities.modified(discount, Cost(1), 5, None, spend=True) == 4  # a game without rounds
    applying = [(ctx, m) for ctx, _, ability, _ in other_owner for m in ability.modifiers]
    assert abilities.in_stages(applying, Cost(1), 5, used) == 4 and used == {"0@d"}  # asked: not spent
    abilities.begin_round(used)
    assert used == set()
    # A modifier that changed nothing is not spent.
    unchanged = [in_effect(0, log, Ability("z", modifiers=(adds(0, "z", once_per_round=True),)))]
    assert abilities.modified(unchanged, Cost(1), 5, used, spend=True) == 5 and used == set()


def test_a_spent_modifier_is_passed_over_and_the_others_still_act() -> None:
    """A discount used up this round acts no more, while the modifiers after it do; asked of
    modifiers already in order without `spend` (a game's rules that only list, as Pax
    Porfiriana's `modifying`), nothing is spent."""
    log: list[str] = []
    cards = [
        in_effect(0, log, Ability("d", modifiers=(adds(-1, "d", once_per_round=True),))),
        in_effect(0, log, Ability("p", modifiers=(adds(2, "p"),))),
    ]
    used = {"0@d"}
    assert abilities.modified(cards, Cost(1), 5, used, spend=True) == 7
    ordered = abilities.staged([(ctx, m) for ctx, _, ability, _ in cards for m in ability.modifiers])
    used.clear()
    assert abilities.in_order(ordered, Cost(1), 5, used) == 6 and used == set()
    assert abilities.in_order(ordered, Cost(1), 5, used, spend=True) == 6 and used == {"0@d"}


def test_a_modifier_reads_the_question_it_answers() -> None:
    """The hook reaches each modifier: a change that depends on the card asked about."""
    log: list[str] = []
    per_card: Modifier[Any, Cost, int] = Modifier(
        Cost, lambda ctx, hook, value: value + hook.card, "k", Stage.ADJUST
    )
    cards = [in_effect(0, log, Ability("k", modifiers=(per_card,)))]
    assert abilities.modified(cards, Cost(3), 5) == 8 and abilities.modified(cards, Cost(1), 5) == 6


def test_a_round_begins_every_players_turn_once_from_the_first() -> None:
    assert [t for t in range(1, 10) if abilities.round_starts(t, 3)] == [1, 4, 7]
    assert all(abilities.round_starts(t, 1) for t in (1, 2, 3))


def acting(name: str, **kw: Any) -> Trigger[Any, Any]:
    def act(ctx: Ctx, event: Played) -> Effect:
        ctx.acted.append(f"{name}:{ctx.you}:{event.card}")
        yield from ()

    return Trigger(Played, lambda ctx, event: event.card != 0, act, kw.pop("optional", False), name, **kw)


def test_triggers_act_on_their_event_once_per_turn_or_round_as_limited() -> None:
    log: list[str] = []
    cards = [
        in_effect(0, log, Ability("t", triggers=(acting("always"), acting("turn", once_per_turn=True)))),
        in_effect(1, log, Ability("r", triggers=(acting("round", once_per_round=True),))),
        in_effect(
            1, log, Ability("o", triggers=(Trigger(Other, lambda c, e: True, acting("x").run, False, "x"),))
        ),
    ]
    turn: set[str] = set()
    round_: set[str] = set()
    acts: dict[str, int] = {}
    for card in (1, 0, 2):  # a card 0 meets no trigger's condition: nothing acts, nothing is spent
        run(abilities.fire(cards, Played(card), turn, round_, acts))
    assert log == ["always:0:1", "turn:0:1", "round:1:1", "always:0:2"]
    assert (turn, round_, acts) == ({"0@turn"}, {"1@round"}, {"0@always": 2, "0@turn": 1, "1@round": 1})
    log.clear()
    run(abilities.fire(cards, Played(3)))  # a game that keeps no record: each acts every time
    run(abilities.fire(cards, Played(4)))
    assert log == ["always:0:3", "turn:0:3", "round:1:3", "always:0:4", "turn:0:4", "round:1:4"]


def test_a_trigger_that_rests_leaves_the_triggers_after_it_to_act() -> None:
    """A trigger used up this turn, one at its loop limit and an optional one its owner declines
    each sit out alone: the triggers listed after them still act."""
    log: list[str] = []
    cards = [
        in_effect(0, log, Ability("u", triggers=(acting("used", once_per_turn=True),))),
        in_effect(0, log, Ability("l", triggers=(acting("looped"),))),
        in_effect(1, log, Ability("m", triggers=(acting("maybe", optional=True),))),
        in_effect(1, log, Ability("a", triggers=(acting("after"),))),
    ]
    turn = {"0@used"}
    acts = {"0@looped": REPEATS_PER_TURN}
    _, asked = run(abilities.fire(cards, Played(7), turn, set(), acts), [False])
    assert log == ["after:1:7"] and len(asked) == 1


def test_a_trigger_acts_at_most_so_many_times_a_turn() -> None:
    log: list[str] = []
    card = [in_effect(0, log, Ability("t", triggers=(acting("loop"),)))]
    acts: dict[str, int] = {}
    for number in range(1, REPEATS_PER_TURN + 3):
        run(abilities.fire(card, Played(number), set(), set(), acts))
    assert len(log) == REPEATS_PER_TURN and acts == {"0@loop": REPEATS_PER_TURN}


def test_the_story_tells_once_that_a_looping_trigger_rests() -> None:
    told: list[str] = []
    log: list[str] = []
    card = [in_effect(0, log, Ability("t", triggers=(acting("loop"),)), "Mill")]
    acts: dict[str, int] = {}
    with listening(told.append):
        for number in range(1, REPEATS_PER_TURN + 3):
            run(abilities.fire(card, Played(number), set(), set(), acts))
            assert len(told) == (number >= REPEATS_PER_TURN)
    assert told == [
        f"Mill has acted {REPEATS_PER_TURN} times this turn: it rests until the next turn "
        "(a loop that no rule ends)"
    ]


def test_an_optional_trigger_asks_its_owner_and_counts_only_when_used() -> None:
    log: list[str] = []
    card = [
        in_effect(1, log, Ability("t", triggers=(acting("maybe", optional=True, once_per_turn=True),)), "Spy")
    ]
    turn: set[str] = set()
    _, asked = run(abilities.fire(card, Played(5), turn, None, {}), [False])
    assert log == [] and turn == set()
    assert [(q.chooser, q.prompt, q.options) for q in asked] == [
        (1, "Spy: use its ability now?", (True, False))
    ]
    run(abilities.fire(card, Played(6), turn, None, {}), [True])
    assert log == ["maybe:1:6"] and turn == {"1@maybe"}


def test_an_effect_with_nothing_to_choose_stops_alone() -> None:
    log: list[str] = []

    def stuck(ctx: Ctx, event: Played) -> Effect:
        raise NothingToChoose("none")
        yield

    card = [
        in_effect(0, log, Ability("s", triggers=(Trigger(Played, lambda c, e: True, stuck, False, "s"),))),
        in_effect(0, log, Ability("t", triggers=(acting("after"),))),
    ]
    run(abilities.fire(card, Played(1)))
    assert log == ["after:0:1"]


def replacing(name: str, optional: bool = False, applies: bool = True) -> Replacement[Any, Any]:
    def act(ctx: Ctx, event: Played) -> Effect:
        ctx.acted.append(name)
        yield from ()

    return Replacement(Played, lambda ctx, event: applies, act, optional, name)


def test_the_first_replacement_that_holds_and_is_accepted_replaces_the_event() -> None:
    log: list[str] = []
    cards = [
        in_effect(0, log, Ability("n", replacements=(replacing("no", applies=False),))),
        in_effect(1, log, Ability("m", replacements=(replacing("maybe", optional=True),)), "Decoy"),
        in_effect(0, log, Ability("y", replacements=(replacing("yes"), replacing("second")))),
    ]
    replaced, asked = run(abilities.replaced(cards, Played(1)), [False])
    assert replaced is True and log == ["yes"]
    assert [(q.chooser, q.prompt) for q in asked] == [(1, "Decoy: use it instead?")]
    log.clear()
    assert run(abilities.replaced(cards, Played(1)), [True])[0] is True and log == ["maybe"]
    assert run(abilities.replaced(cards[:1], Played(1)))[0] is False
    assert run(abilities.replaced(cards, Other(1)))[0] is False


def test_a_replacement_passed_over_leaves_the_next_of_the_same_ability() -> None:
    """Within one ability, a replacement of another event, one whose condition fails and an
    optional one declined each let the next be tried, before any other ability's."""
    log: list[str] = []
    other = Replacement(Other, lambda ctx, event: True, replacing("other").run, False, "other")
    passed_over = (other, replacing("no", applies=False), replacing("maybe", optional=True))
    cards = [
        in_effect(0, log, Ability("r", replacements=(*passed_over, replacing("then this")))),
        in_effect(0, log, Ability("s", replacements=(replacing("another card's"),))),
    ]
    replaced, asked = run(abilities.replaced(cards, Played(1)), [False])
    assert replaced is True and log == ["then this"] and len(asked) == 1


def test_a_question_is_made_once() -> None:
    first = abilities.question(Cost, 5)
    assert first == Cost(5) and abilities.question(Cost, 5) is first
    assert abilities.question(Cost, 6) == Cost(6)
