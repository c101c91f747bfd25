"""A Pax Porfiriana state's copy and digest (runtime/porfiriana/state.py), on a state whose every
field holds a value of its own: a copy (what a clone and a checkpoint take) is the state in every
field and shares nothing with it; the digest (what a save is checked with) changes with every
field that decides the rest of the game, and its text stays what saves written before were
checked with. Written for the survivors of mutation testing (issue 34)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import Any

from paxc.generated.porfiriana.vocabulary import Connection
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.rng import Rng
from paxc.runtime.porfiriana.state import Holding, PlayerState, PorfirianaState, TurnState

# Not in the digest, and why: the seat that began the round and the triggers used this round are
# the same at every checkpoint a save is checked at (a turn's start), as is the turn's own state;
# the cards left in the box are never dealt again.
OUTSIDE_DIGEST = {"first_player", "turn", "used_this_round", "unused"}


def filled() -> PorfirianaState:
    """A state of two players whose every field, down to each holding's, holds a value unlike
    any default and unlike every other field's."""
    numbers = iter(range(11, 10_000))

    def holding() -> Holding:
        held = Holding(next(numbers))
        for f in fields(Holding)[1:]:
            value = Connection.RAIL if f.name == "connection_level" else next(numbers)
            setattr(held, f.name, value)
        return held

    def player() -> PlayerState:
        return PlayerState(
            next(numbers),
            [holding(), holding()],
            [next(numbers), next(numbers)],
            next(numbers),
            [next(numbers)],
            next(numbers),
            next(numbers),
            [next(numbers)],
            jailed=True,
            heir=True,
        )

    turn = TurnState(next(numbers), next(numbers), [next(numbers)], True, {"a trigger"}, {"a trigger": 2})
    state = PorfirianaState(
        players=[player(), player()],
        rng=Rng(next(numbers)),
        deck=[next(numbers)],
        market=[[next(numbers), None], [None, next(numbers)]],
        regimes=[next(numbers)],
        public=[next(numbers)],
        first_player=1,
        active=1,
    )
    for f in fields(PorfirianaState)[8:]:  # those after the eight given above
        value = getattr(state, f.name)
        if isinstance(value, bool):
            setattr(state, f.name, True)
        elif isinstance(value, int) or value is None:
            setattr(state, f.name, next(numbers))
        elif isinstance(value, list) and f.name != "lasting":
            setattr(state, f.name, [next(numbers)])
    state.speculation = {next(numbers): 1}
    state.diaz_bonus = {"a kind": next(numbers)}
    state.turn = turn
    state.used_this_round = {"a round's trigger"}
    state.lasting = [
        Lasting(next(numbers), 0, 1, "next_topple"),
        Lasting(next(numbers), 1, 0, "your_next_turn", armed=True),
    ]
    state.memory = {next(numbers): {"counted": 3}}
    return state


def plain(value: Any) -> Any:
    """Every field, down to the last, as plain data to compare."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Rng):
        return ("rng", value.state)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, set):
        return ("set", sorted(value))
    return value


def containers(value: Any) -> Iterator[object]:
    """Every list, dict and set (and the generator) inside the value, the value's own included."""
    if is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in fields(value):
            yield from containers(getattr(value, f.name))
    elif isinstance(value, Rng):
        yield value
    elif isinstance(value, list | dict | set):
        yield value
        for inner in value.values() if isinstance(value, dict) else value:
            yield from containers(inner)


def test_a_copy_is_the_state_in_every_field_and_shares_nothing() -> None:
    state = filled()
    copy = state.copy()
    assert plain(copy) == plain(state)
    mine = {id(c) for c in containers(state) if not isinstance(c, Lasting)}
    assert not mine & {id(c) for c in containers(copy)}  # lasting effects are frozen: shared
    copy.players[0].row[0].income += 1
    copy.turn.used_triggers.add("another")
    assert plain(copy) != plain(state) and plain(state) == plain(filled())


def another(name: str, value: Any) -> Any:
    """A value of the field's kind unlike `value`."""
    if isinstance(value, Rng):
        return Rng(9_999)
    if isinstance(value, bool):
        return not value
    if isinstance(value, list | dict):
        return type(value)()
    if name == "connection_level":
        return None
    if isinstance(value, int) or value is None:
        return 9_999
    raise AssertionError(f"a field the test does not know how to change: {name}")


def records(state: PorfirianaState) -> list[tuple[str, Any, set[str]]]:
    """The records whose fields the digest reads, each with its path and the fields passed over
    (outside the digest, or records of their own)."""
    found: list[tuple[str, Any, set[str]]] = [("", state, OUTSIDE_DIGEST | {"players"})]
    for seat, player in enumerate(state.players):
        found += [(f"players[{seat}].", player, {"row"}), (f"players[{seat}].row[1].", player.row[1], set())]
    return found


def changed(state: PorfirianaState) -> Iterator[tuple[str, PorfirianaState]]:
    """Copies of the state, each with one field changed, named."""
    for index, (path, record, passed_over) in enumerate(records(state)):
        for f in fields(record):
            if f.name in passed_over:
                continue
            copy = state.copy()
            target = records(copy)[index][1]
            setattr(target, f.name, another(f.name, getattr(target, f.name)))
            yield path + f.name, copy


def test_the_digest_changes_with_every_field_that_decides_the_game() -> None:
    state = filled()
    unchanged = [name for name, copy in changed(state) if copy.digest() == state.digest()]
    assert unchanged == []
    # The fields outside it change nothing in it.
    copy = state.copy()
    copy.first_player, copy.unused, copy.turn, copy.used_this_round = 0, [], TurnState(), set()
    assert copy.digest() == state.digest()


def test_the_digest_is_the_text_saves_were_checked_with() -> None:
    """A save holds the sha256 of its state's digest: the text must stay what it was, or saved
    games stop loading. This is the hash of `filled()`'s digest as the runtime wrote it when the
    test was made; a state with no lasting effect and nothing remembered leaves both keys out."""
    state = filled()
    assert hashlib.sha256(state.digest().encode("utf-8")).hexdigest() == FILLED_DIGEST_SHA256
    state.lasting, state.memory = [], {}
    assert '"lasting"' not in state.digest() and '"memory"' not in state.digest()
    assert hashlib.sha256(state.digest().encode("utf-8")).hexdigest() == PLAIN_DIGEST_SHA256


FILLED_DIGEST_SHA256 = "7391fd4543e5d7ba2023cdccd4ce4a117abb6c01a80fb8d0586842f99ec3baab"
PLAIN_DIGEST_SHA256 = "a30acf08beb48e82c835df7b6555b207bec6d05d162a8f3a4dd6e951ee13827c"


def test_a_players_troops_are_those_of_their_army_and_those_they_own_on_any_row() -> None:
    state = filled()
    for seat, player in enumerate(state.players):
        player.row[0].troop = player.row[0].troop_owner = None
        player.row[1].troop, player.row[1].troop_owner = 500 + seat, 1 - seat  # the other's troop
    assert state.troops_of(0) == [(state.players[0].army[0], None), (501, state.players[1].row[1])]
    assert state.troops_of(1) == [(state.players[1].army[0], None), (500, state.players[0].row[1])]
