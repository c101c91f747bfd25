"""The shared session, on Pax Pamir: decisions, replay, save and load, clones, bad input; and
part by part on a made-up game, Tally (below)."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from paxc.runtime.core import session as session_module
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.files import FileTooLarge
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.observation import Observation, View, no_view
from paxc.runtime.core.options import OptionsSchema
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import (
    CHECKPOINT,
    BadSave,
    Chance,
    IllegalAction,
    Recorder,
    RulesRun,
    Session,
    decide,
    parse_save,
    play_out,
    read_save_file,
    retell,
)
from paxc.runtime.effects import Choice, PlayerId, ask
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.state import PamirState

RULES = PamirRules()


def played(seed: int, players: int = 3, decisions: int | None = None) -> Session[PamirState]:
    session = Session(RULES, {"players": players}, seed)
    agents = [RandomAgent(seed * 31 + p) for p in range(players)]
    made = 0
    while not session.is_terminal() and (decisions is None or made < decisions):
        session.apply_action(agents[session.current_player()].choose(session))
        made += 1
    return session


def test_rng_is_reproducible_and_uniform_enough() -> None:
    first, second = Rng(42), Rng(42)
    assert [first.below(6) for _ in range(50)] == [second.below(6) for _ in range(50)]
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_same_seed_same_game() -> None:
    a, b = played(11), played(11)
    assert [e.choice for e in a.log] == [e.choice for e in b.log]
    assert RULES.digest(a.state) == RULES.digest(b.state)
    assert a.chance == b.chance
    assert RULES.digest(played(12).state) != RULES.digest(a.state)


def test_a_log_replays_to_the_same_state() -> None:
    original = played(5)
    text = original.dumps()
    restored = Session.loads(RULES, text)
    assert RULES.digest(restored.state) == RULES.digest(original.state)
    assert restored.is_terminal()


def test_save_at_a_pending_decision_and_resume_in_a_fresh_session() -> None:
    middle = played(8, decisions=60)
    assert not middle.is_terminal()
    resumed = Session.loads(RULES, middle.dumps())
    assert resumed.current_player() == middle.current_player()
    assert resumed.legal_actions() == middle.legal_actions()
    assert [resumed.action_to_string(a) for a in resumed.legal_actions()] == [
        middle.action_to_string(a) for a in middle.legal_actions()
    ]
    # both continue identically
    agents = [RandomAgent(99 + p) for p in range(3)]
    play_out(middle, agents)
    agents = [RandomAgent(99 + p) for p in range(3)]
    play_out(resumed, agents)
    assert RULES.digest(middle.state) == RULES.digest(resumed.state)


def test_a_clone_is_independent_and_continues_the_same_way() -> None:
    session = played(21, decisions=45)
    clone = session.clone()
    assert clone.legal_actions() == session.legal_actions()
    assert RULES.digest(clone.state) == RULES.digest(session.state)
    play_out(clone, [RandomAgent(p) for p in range(3)])
    assert not session.is_terminal()  # the original is untouched
    twin = session.clone()
    play_out(twin, [RandomAgent(p) for p in range(3)])
    play_out(session, [RandomAgent(p) for p in range(3)])
    assert RULES.digest(twin.state) == RULES.digest(session.state)


def test_an_illegal_choice_is_refused_with_its_reason() -> None:
    session = played(2, decisions=3)
    with pytest.raises(IllegalAction, match="is not an option"):
        session.apply_action(len(session.legal_actions()))
    finished = played(2)
    with pytest.raises(IllegalAction, match="game is over"):
        finished.apply_action(0)


def test_bad_saves_are_refused() -> None:
    text = played(4, decisions=40).dumps()
    with pytest.raises(BadSave, match="truncated"):
        Session.loads(RULES, text[: len(text) // 2])
    data = json.loads(text)
    data["game"] = "porfiriana"
    with pytest.raises(BadSave, match="of the game 'porfiriana'"):
        Session.load(RULES, data)
    data = json.loads(text)
    data["decisions"][10]["choice"] = 999
    with pytest.raises(BadSave, match="decision 11"):
        Session.load(RULES, data)
    data = json.loads(text)
    data["decisions"][20]["label"] = "something else"
    with pytest.raises(BadSave, match="decision 21 says"):
        Session.load(RULES, data)
    data = json.loads(text)
    data["seed"] = data["seed"] + 1
    with pytest.raises(BadSave):
        Session.load(RULES, data)
    data = json.loads(text)
    data["options"] = {"players": 9}
    with pytest.raises(BadSave, match="options are not valid"):
        Session.load(RULES, data)
    with pytest.raises(BadSave, match="not a paxc save"):
        Session.load(RULES, {"hello": 1})


def test_a_state_copy_is_complete_and_independent() -> None:
    import copy

    state = played(13, decisions=80).state
    duplicate = state.copy()
    # a field forgotten by copy() would keep its default and change the digest
    assert duplicate.digest() == state.digest() == copy.deepcopy(state).digest()
    duplicate.players[0].hand.append(999)
    duplicate.turn.used_cards.add(999)
    next(iter(duplicate.armies.values())).update({c: 9 for c in next(iter(duplicate.armies.values()))})
    duplicate.rng.next_u64()
    assert duplicate.digest() != state.digest()
    assert state.copy().digest() == copy.deepcopy(state).digest()


# ---------------------------------------------------------------------- a made-up game: Tally
# Players in turn add 1 or 2 to a shared total until it reaches 6; an odd total draws a number
# from the game's generator (a chance outcome, told). Small enough to see each part of the
# session alone: clones past several turns, saves and their checks, observations, the story.


@dataclass
class Tally:
    players: int
    rng: Rng
    total: int = 0
    active: int = 0
    turn_number: int = 0
    drawn: list[int] = field(default_factory=list)
    begun: bool = False


class TallyRules:
    name = "tally"

    def new_state(self, options: Mapping[str, Any], seed: int) -> Tally:
        return Tally(options["players"], Rng(seed))

    def run(self, state: Tally) -> RulesRun:
        if not state.begun:  # a copy taken at a turn's start has begun
            state.begun = True
            narrate(f"{state.players} players, to 6")  # told during the setup, before any decision
            yield Chance("to 6")  # the game's first step
        while state.total < 6:
            yield CHECKPOINT  # a copy taken here restarts the loop: the turn is counted after it
            state.turn_number += 1
            added = yield from ask(Choice(PlayerId(state.active), f"P{state.active}: add how much?", (1, 2)))
            state.total += added
            if state.total % 2:
                state.drawn.append(state.rng.below(10))
                yield Chance(f"drew {state.drawn[-1]}")
                narrate(f"P{state.active} drew {state.drawn[-1]}")
            state.active = (state.active + 1) % state.players

    def copy_state(self, state: Tally) -> Tally:
        return copy.deepcopy(state)

    def returns(self, state: Tally) -> list[float]:
        last = (state.active - 1) % state.players
        return [1.0 if p == last and state.total >= 6 else 0.0 for p in range(state.players)]

    def digest(self, state: Tally) -> str:
        return json.dumps([state.total, state.active, state.turn_number, state.drawn, state.rng.state])

    def label(self, state: Tally, option: object) -> str:
        return f"add {option}"


def shown_total(state: Tally, player: int) -> View:
    return View({"total": state.total}, {"seat": player})


TALLY = TallyRules()


def tally(*choices: int, seed: int = 5, players: int = 2) -> Session[Tally]:
    session = Session(TALLY, {"players": players}, seed, shown_total)
    for choice in choices:
        session.apply_action(choice)
    return session


def test_a_clone_past_several_turns_is_the_game_there_with_its_seed_and_observer() -> None:
    session = tally(0, 1)  # two turns passed since the start, none copied
    first = session.clone()
    assert TALLY.digest(first.state) == TALLY.digest(session.state)
    session.apply_action(0)
    session.apply_action(0)  # two more turns: copied from the last turn copied, not the start
    second = session.clone()
    # It was copied at the start of the turn now played, after 4 decisions and 4 chance outcomes:
    # a clone replays only this turn's decisions.
    assert session._checkpoint[1:] == (4, 4)
    assert TALLY.digest(second.state) == TALLY.digest(session.state)
    assert (second.seed, second.observer, second.log) == (5, shown_total, session.log)
    assert second.observation(1) == session.observation(1)
    dealt: list[Tally] = []
    third = session.clone(dealt.append)  # `prepare` changes the checkpoint's copy
    assert [type(state) for state in dealt] == [Tally] and dealt[0] is not session.state
    assert TALLY.digest(third.state) == TALLY.digest(session.state)


def test_what_a_seat_sees_of_a_tally() -> None:
    session = tally(1)
    assert session.observation(1).to_data() == {
        "game": "tally",
        "player": 1,
        "public": {"total": 2},
        "own": {"seat": 1},
        "hidden": {},
        "decision": {"chooser": 1, "prompt": "P1: add how much?", "options": ["add 1", "add 2"]},
    }
    assert session.observation(0).decision == {"chooser": 1}
    assert session.observation_string(0) == session.observation(0).to_string()
    with pytest.raises(ValueError, match="^there is no player 2 in this game$"):
        session.observation(2)
    session.apply_action(1)
    session.apply_action(1)
    assert session.is_terminal() and session.returns() == [1.0, 0.0]
    assert session.observation(0).to_data() == {
        "game": "tally",
        "player": 0,
        "public": {"total": 6},
        "own": {"seat": 0},
        "hidden": {},
        "decision": None,
    }


def test_the_decisions_of_a_tally_and_none_once_it_is_over() -> None:
    session = tally(1)
    assert (session.current_player(), session.legal_actions(), session.action_count()) == (1, [0, 1], 2)
    with pytest.raises(IllegalAction, match="^2 is not an option of 'P1: add how much\\?': choose 0 to 1$"):
        session.apply_action(2)
    session.apply_action(1)
    session.apply_action(1)
    assert (session.current_player(), session.legal_actions(), session.action_count()) == (-1, [], 0)
    with pytest.raises(IllegalAction, match="^the game is over$"):
        session.action_to_string(0)
    with pytest.raises(IllegalAction, match="^the game is over: no decision is pending$"):
        session.apply_action(0)


def test_each_step_of_the_rules_is_shown_to_the_watch() -> None:
    session = tally()
    steps: list[object] = []
    session.watch = steps.append  # as a preview does
    session.apply_action(0)
    assert steps[:2] == [Chance("drew 8"), CHECKPOINT] and isinstance(steps[2], Choice) and len(steps) == 3


class DeadEnd(TallyRules):
    def run(self, state: Tally) -> RulesRun:
        yield Choice(PlayerId(0), "pick from nothing", ())


def test_a_decision_without_options_is_a_dead_end() -> None:
    with pytest.raises(RuntimeError, match="^dead end: 'pick from nothing' offers no option$"):
        Session(DeadEnd(), {"players": 2}, 1)


def test_a_clone_made_before_the_first_turn_is_the_game_there() -> None:
    session = Session(RULES, {"players": 2}, 4)  # Pax Pamir: loyalties are chosen before it
    assert RULES.digest(session.clone().state) == RULES.digest(session.state)


class Watching:
    """An agent that answers the first option and keeps what it was shown."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        self.seen.append(observation)
        return legal_actions[0]


class Answering:
    """An agent that always gives the same answer, legal or not."""

    def __init__(self, answer: int) -> None:
        self.answer = answer

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        return self.answer


def test_playing_out_counts_the_decisions_and_stops_a_game_without_end() -> None:
    agents = [Watching(), Watching()]
    session = tally()
    assert play_out(session, agents) == 6 and session.is_terminal()
    assert [o.player for o in agents[0].seen] == [0, 0, 0] and agents[1].seen[0].public == {"total": 1}
    assert play_out(session, agents) == 0
    assert play_out(tally(), agents, max_decisions=6) == 6
    with pytest.raises(RuntimeError, match="^no end after 5 decisions$"):
        play_out(tally(), agents, max_decisions=5)
    with pytest.raises(IllegalAction, match="^the agent of player 0 answered 2, not a legal action$"):
        play_out(tally(), [Answering(2), Answering(2)])
    assert decide(tally(), agents[0]) == 0 and agents[0].seen[-1].decision == {
        "chooser": 0,
        "prompt": "P0: add how much?",
        "options": ["add 1", "add 2"],
    }


def test_the_story_is_retold_with_the_decisions_made_before_each_line() -> None:
    session = tally(0, 1, 0)  # totals 1 (drawn), 3 (drawn), 4
    assert session.chance == ["to 6", "drew 8", "drew 4"]  # the seed's draws
    assert retell(session) == [(0, "2 players, to 6"), (1, "P0 drew 8"), (2, "P1 drew 4")]


def test_a_save_is_written_as_sorted_json_one_space_deep() -> None:
    session = tally(1, 0)
    recorder = Recorder(session, ["Zoë", "Bot"])
    text = recorder.dumps()
    assert text == json.dumps(recorder.save(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    assert text.startswith(
        '{\n "chance": [\n  "to 6",\n  "drew 8"\n ],\n "decisions": [\n  {\n   "choice": 1,'
    )
    assert recorder.prompts == ["P0: add how much?", "P1: add how much?"]
    saved = json.loads(text)
    assert '"Zoë"' in text and saved["seats"] == ["Zoë", "Bot"] and saved["seed"] == 5
    loaded = Session.loads(TALLY, text, observer=shown_total)
    assert loaded.observer is shown_total and TALLY.digest(loaded.state) == TALLY.digest(session.state)
    assert Session.load(TALLY, saved).observer is no_view
    with pytest.raises(
        BadSave, match="^the save's options are not valid: Tally is for 3 to 4 players, not 2$"
    ):
        Session.loads(TALLY, text, OptionsSchema("Tally", 3, 4))
    assert TALLY.label(session.state, 1) == "add 1"


def saved_tally() -> dict[str, Any]:
    return Recorder(tally(1, 0), ["Ann", "Bot"]).save()  # totals 2, 3 (a draw): P0 to play


def edit(**changes: Any) -> dict[str, Any]:
    save = saved_tally()
    save.update(changes)
    return save


BAD_TALLIES: list[tuple[object, str]] = [
    ([1], "not a paxc save (missing or unknown 'format')"),
    (edit(format=2), "not a paxc save (missing or unknown 'format')"),
    (edit(cheat=1), "the save has an unknown field 'cheat'"),
    ({k: v for k, v in saved_tally().items() if k != "chance"}, "the save lacks its 'chance'"),
    (edit(seats=["Ann", ""]), "the save's 'seats' is not a list of names: ['Ann', '']"),
    (edit(seats="Ann"), "the save's 'seats' is not a list of names: 'Ann'"),
    (edit(seats=["Ann"]), "the save seats 1 but the game has 2 seats"),
    (edit(seed="5"), "the save's 'seed' is not a whole number: '5'"),
    (edit(seed=True), "the save's 'seed' is not a whole number: True"),
    (edit(seed=2**64), "the save's 'seed' is not from 0 to 2**64 - 1: 18446744073709551616"),
    (edit(decisions=[{"player": 0, "choice": 1}]), "decision 1 is malformed (it has player, choice, label)"),
    (edit(decisions=[{"player": 0, "choice": 1, "label": 1}]), "decision 1's 'label' is not text: 1"),
    (edit(chance=["drew 1", 3]), "chance outcome 2 is not text: 3"),
    (edit(digest="X" * 64), "the save's 'digest' is not a sha256 in hex: '" + "X" * 36 + "..."),
    (edit(digest="A" * 64), "the save's 'digest' is not a sha256 in hex: '" + "A" * 36 + "..."),
    (
        edit(decisions=saved_tally()["decisions"][:1] * 2),
        "decision 2 is by player 0, but player 1 decides there",
    ),
    (edit(chance=["drew 2"]), "the replayed game does not draw what the save says it drew (edited?)"),
    (
        edit(digest="0" * 64),
        "the replayed game does not reach the saved state (edited, or saved by another version)",
    ),
]


@pytest.mark.parametrize(("save", "expected"), BAD_TALLIES)
def test_an_edited_save_is_refused_saying_what_is_wrong(save: object, expected: str) -> None:
    with pytest.raises(BadSave) as refused:
        Session.load(TALLY, save)
    assert str(refused.value) == expected


def test_a_save_replayed_past_its_end_or_with_another_label_is_refused() -> None:
    largest = Session(TALLY, {"players": 2}, 2**64 - 1)  # the largest seed is a seed
    assert Session.load(TALLY, Recorder(largest).save()).seed == 2**64 - 1
    finished = Recorder(tally(1, 1, 1)).save()
    finished["decisions"].append(dict(finished["decisions"][0]))
    with pytest.raises(BadSave, match="^decision 4 comes after the end of the game$"):
        Session.load(TALLY, finished)
    relabelled = saved_tally()
    relabelled["decisions"][1]["label"] = "add 9"
    with pytest.raises(BadSave, match="^decision 2 says 'add 9' but replays as 'add 1'$"):
        Session.load(TALLY, relabelled)


def test_save_files_and_texts_that_are_not_saves_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tally.json"
    path.write_text(Recorder(tally(1)).dumps(), encoding="utf-8")
    assert Session.loads(TALLY, read_save_file(path)).log == tally(1).log
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(BadSave, match="^not a regular file"):
        read_save_file(pipe)
    path.write_bytes(b'{"format": 1, "game": "t' + bytes([0xE9]) + b'"}')  # Latin-1, not UTF-8
    with pytest.raises(BadSave, match="^not a paxc save: byte 24 is not UTF-8 text$"):
        read_save_file(path)
    monkeypatch.setattr(session_module, "MAX_SAVE_BYTES", 10)
    with pytest.raises(BadSave, match="^too large for a save \\(27 bytes; at most 10\\)$"):
        read_save_file(path)
    with pytest.raises(BadSave, match="^not a paxc save \\(nested too deeply\\)$"):
        parse_save("[" * 100_000 + "]" * 100_000)
    with pytest.raises(BadSave, match="^not a readable save: "):
        parse_save("1" * 5000)
    assert repr(CHECKPOINT) == "CHECKPOINT"


def test_a_save_file_that_grows_while_it_is_read_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def growing(path: object, limit: int) -> bytes:
        raise FileTooLarge(None)  # larger once read than its size said

    monkeypatch.setattr(session_module, "read_regular_file", growing)
    with pytest.raises(
        BadSave, match=f"^too large for a save \\(more than {session_module.MAX_SAVE_BYTES:,} bytes\\)$"
    ):
        read_save_file("tally.json")
