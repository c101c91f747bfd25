"""The shared session, on Pax Pamir: decisions, replay, save and load, clones, bad input."""

from __future__ import annotations

import json

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import BadSave, IllegalAction, Session, play_out
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
