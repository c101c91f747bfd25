"""Running card abilities, whatever the game: triggers, replacements and modifiers reach the
rules through these, given the abilities a game says are in effect and the context each runs in.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, Final, TypeVar

from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import (
    Ability,
    Choice,
    Decision,
    Effect,
    Modifier,
    NothingToChoose,
    PlayerId,
    ask,
)

V = TypeVar("V")

REPEATS_PER_TURN = 20
"""How many times one trigger may act for one owner in one turn. Cards can make a loop that no rule
ends (say, a trigger on a card moving that moves a card into a hand over its limit, whose discard
is a card moving): the rules have no such loops, so the runtime ends them. The trigger that acts
this many times rests until the next turn starts, and the story says so. No printed card
comes near it: the most any acted in one turn of random games is told in the README."""

# One ability in effect: the context its effects run in, its owner, the ability, and a name
# to show its owner when they are asked whether to use it.
InEffect = tuple[Any, int, Ability[Any], str]


def run_effect(effect: Effect) -> Effect:
    """Run a card effect; one that meets a choice with nothing to choose from stops there."""
    try:
        yield from effect
    except NothingToChoose:
        return


def confirm(player: int, prompt: str) -> Generator[Decision, None, bool]:
    """A yes/no question to one player."""
    answer: bool = yield from ask(Choice(PlayerId(player), prompt, (True, False)))
    return answer


# One modifier in effect, with the context it runs in.
Applying = tuple[Any, Modifier[Any, Any, Any]]

H = TypeVar("H")

# The questions the rules put to the modifiers, each made once: a game's rules ask the same ones
# of the same cards at every listing (the price of each market card to each player), and making
# a frozen hook costs more than finding it. Only for hooks whose fields are cards (a card's record
# is compared by identity, so another version of a card is asked about afresh), players and
# names, of which a game has a bounded number.
_QUESTIONS: Final[dict[tuple[object, ...], Any]] = {}


def question(kind: Callable[..., H], *fields: object) -> H:
    """The hook `kind(*fields)`, made the first time it is asked (hooks are frozen, so one object
    serves every time)."""
    key = (kind, *fields)
    found: H | None = _QUESTIONS.get(key)
    if found is None:
        found = _QUESTIONS[key] = kind(*fields)
    return found


def _stage(applying: Applying) -> int:
    return applying[1].stage


def in_stages(
    applying: Sequence[Applying],
    hook: object,
    value: V,
    used_this_round: set[str] | None = None,
    spend: bool = False,
) -> V:
    """`value` after the modifiers given, stage by stage (`effects.Stage`): every replacement,
    then every scaling, adjustment, ceiling and floor, whatever order the game lists them in.

    A modifier limited to once per round acts while its owner has not used it this round: the
    game's record of the round (`used_this_round`, the one `fire` keeps for triggers; None: the
    game has no rounds and it always acts) holds it, by owner and place in the card files, once
    it was spent. It is spent when the rules act on a value it changed: they ask with `spend`
    when they pay the cost, not when they list what a player could afford, so the options show
    it until it is used.

    Within a stage the game's order stays (the sort is stable), and the language makes it not
    matter: adjustments add up, the lowest ceiling and the highest floor hold, and the compiler
    refuses two replacements or scalings of one value that could both act and disagree
    (`conflicting-modifiers`). Only a scaling reads the value so far (`current`); the others
    neither read it in their values nor in their conditions, so nothing within a stage can
    depend on which of its modifiers acted first.
    """
    # Most questions meet one modifier or none: nothing to order then.
    ordered = sorted(applying, key=_stage) if len(applying) > 1 else applying
    return in_order(ordered, hook, value, used_this_round, spend)


def staged(applying: Sequence[Applying]) -> list[Applying]:
    """The modifiers given in the order `in_stages` applies them: for a caller that keeps them
    and asks many questions (`in_order`)."""
    return sorted(applying, key=_stage)


def in_order(
    ordered: Sequence[Applying],
    hook: object,
    value: V,
    used_this_round: set[str] | None = None,
    spend: bool = False,
) -> V:
    """`in_stages` of modifiers already in stage order (`staged`)."""
    for ctx, modifier in ordered:
        if modifier.once_per_round and used_this_round is not None:
            key = f"{ctx.you}@{modifier.source}"
            if key in used_this_round:
                continue
            changed = modifier.apply(ctx, hook, value)
            if spend and changed != value:
                used_this_round.add(key)
            value = changed
        else:
            value = modifier.apply(ctx, hook, value)
    return value


def modified(
    in_effect: Iterable[InEffect],
    hook: object,
    value: V,
    used_this_round: set[str] | None = None,
    spend: bool = False,
) -> V:
    """`value` after every modifier for this kind of hook in the abilities given, in stages
    (`used_this_round`, `spend`: modifiers limited to once per round, see `in_stages`)."""
    hook_type = type(hook)
    # A list, not a generator: this runs for most questions a rule asks, and a list is cheaper.
    applying = [
        (ctx, modifier)
        for ctx, _, ability, _ in in_effect
        for modifier in ability.modifiers
        if modifier.hook is hook_type
    ]
    return in_stages(applying, hook, value, used_this_round, spend)


def round_starts(turn_number: int, players: int) -> bool:
    """Whether the turn numbered `turn_number` (the first is 1) begins a round, where a round is
    the default one: every player has one turn, from the player who played first.

    Both games pass the turn to the next seat and skip nobody (Pax Pamir's Wakhan and Pax
    Porfiriana's Díaz take their turns in their seats, a jailed player still has one), so a round
    is `players` turns in a row, counted from the game's first turn.
    """
    return (turn_number - 1) % players == 0


def begin_round(used_this_round: set[str]) -> None:
    """A round begins: what `once per round` triggers and modifiers did is forgotten.

    What a round is, the game says: its rules keep the record (`fire`, `modified`) and call this
    where their rounds begin. The default round, every player's turn once, begins where
    `round_starts` says (both bundled games); a game whose round ends when every player has
    passed calls it when the last player passes.
    """
    used_this_round.clear()


def fire(
    in_effect: Iterable[InEffect],
    event: object,
    used_this_turn: set[str] | None = None,
    used_this_round: set[str] | None = None,
    acts_this_turn: dict[str, int] | None = None,
) -> Effect:
    """Run every trigger responding to `event` whose condition holds (an optional one asks).

    A trigger limited to once per turn (round) is recorded in `used_this_turn` (`used_this_round`:
    state the game clears at each turn start, or at the start of each round, `round_starts`)
    when it acts, by its owner and its place in the card files; a game with no such record gives
    None, and those triggers then act every time. `acts_this_turn` (cleared at each turn start)
    counts every trigger's acts, so that none acts more than `REPEATS_PER_TURN` times a turn.
    """
    event_type = type(event)
    matching = [
        (ctx, owner, trigger, name)
        for ctx, owner, ability, name in in_effect
        for trigger in ability.triggers
        if trigger.event is event_type
    ]
    for ctx, owner, trigger, name in matching:
        key = f"{owner}@{trigger.source}"
        record = (
            used_this_turn if trigger.once_per_turn else used_this_round if trigger.once_per_round else None
        )
        if record is not None and key in record:
            continue
        acted = acts_this_turn.get(key, 0) if acts_this_turn is not None else 0
        if acted >= REPEATS_PER_TURN:
            continue
        if not trigger.applies(ctx, event):
            continue
        if trigger.optional and not (yield from confirm(owner, f"{name}: use its ability now?")):
            continue
        if record is not None:
            record.add(key)
        if acts_this_turn is not None:
            acts_this_turn[key] = acted + 1
            if acted + 1 == REPEATS_PER_TURN:
                narrate(
                    f"{name} has acted {REPEATS_PER_TURN} times this turn: it rests until the next turn "
                    "(a loop that no rule ends)"
                )
        yield from run_effect(trigger.run(ctx, event))


def replaced(in_effect: Iterable[InEffect], event: object) -> Generator[Decision, None, bool]:
    """Run the first replacement for `event` whose condition holds (and whose owner accepts, when
    optional); True if the event was replaced."""
    event_type = type(event)
    for ctx, owner, ability, name in list(in_effect):
        for replacement in ability.replacements:
            if replacement.event is not event_type or not replacement.applies(ctx, event):
                continue
            if replacement.optional and not (yield from confirm(owner, f"{name}: use it instead?")):
                continue
            yield from run_effect(replacement.run(ctx, event))
            return True
    return False
