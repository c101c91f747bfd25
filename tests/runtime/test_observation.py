"""The game-independent side of observations: plain data, the decision shown to its chooser
only, a game without an observer, and agents that receive observations instead of the session."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from paxc.generated.pamir.vocabulary import Suit
from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.observation import Observation, check_plain
from paxc.runtime.core.options import OptionsError
from paxc.runtime.core.session import BadSave, IllegalAction, Session, play_out
from paxc.runtime.pamir.game_rules import PamirRules


def test_plain_data_is_checked() -> None:
    check_plain({"a": [1, "x", None, True, 1.5, {"b": []}]})
    for bad in ({"suit": Suit.POLITICAL}, {"t": (1, 2)}, {1: "x"}, {"s": {1}}):
        with pytest.raises(TypeError):
            check_plain(bad)


def test_the_bundled_games_offer_their_observation() -> None:
    for name in ("pamir", "porfiriana"):
        kit = games.find(name).load_kit()
        assert kit.observe is not None
        session = kit.new_session({"players": 2}, 1)
        assert session.observer is kit.observe
        assert session.observation(0).public, f"{name} shows nothing of its table"


def test_a_game_without_observer_shows_its_decisions_only() -> None:
    session = Session(PamirRules(), {"players": 2}, 3)
    chooser = session.current_player()
    observation = session.observation(chooser)
    assert (observation.public, observation.own, observation.hidden) == ({}, {}, {})
    assert observation.decision is not None
    assert observation.decision["options"] == [session.action_to_string(a) for a in session.legal_actions()]
    assert observation.to_string() == session.observation_string(chooser)
    with pytest.raises(ValueError, match="no player 2"):
        session.observation(2)


def test_random_agents_pick_the_same_from_a_session_or_an_observation() -> None:
    kit = games.find("pamir").load_kit()
    by_session, by_observation = kit.new_session({"players": 3}, 12), kit.new_session({"players": 3}, 12)
    session_agents = [RandomAgent(p) for p in range(3)]
    while not by_session.is_terminal():
        by_session.apply_action(session_agents[by_session.current_player()].choose(by_session))
    play_out(by_observation, [RandomAgent(p) for p in range(3)])
    assert [e.choice for e in by_session.log] == [e.choice for e in by_observation.log]


class Stubborn:
    """Answers an action that is never legal."""

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        return len(legal_actions)


def test_play_out_refuses_an_illegal_answer() -> None:
    session = games.find("pamir").load_kit().new_session({"players": 2}, 1)
    with pytest.raises(IllegalAction, match="not a legal action"):
        play_out(session, [Stubborn(), Stubborn()])


def test_new_sessions_take_only_the_options_the_kit_accepts() -> None:
    porfiriana = games.find("porfiriana").load_kit()
    for bad in ({"players": 7}, {"players": 3, "iron_hand": True}, {"players": 2, "speed": True}):
        with pytest.raises(OptionsError):
            porfiriana.new_session(bad, 1)
    assert porfiriana.new_session({"solitaire": True}, 1).observation(0).public


def test_a_loaded_save_is_checked_by_the_schema_and_keeps_the_observer() -> None:
    kit = games.find("pamir").load_kit()
    session = kit.new_session({"players": 2}, 5)
    for _ in range(20):
        session.apply_action(RandomAgent(0).choose(session))
    loaded = Session.loads(kit.rules, session.dumps(), kit.options, observer=kit.observe)
    assert loaded.observer is kit.observe
    assert loaded.observation_string(1) == session.observation_string(1)
    assert Session.loads(kit.rules, session.dumps()).observation(1).public == {}
    edited = session.save() | {"options": {"players": 2, "solitaire": True}}
    with pytest.raises(BadSave, match="no option 'solitaire'"):
        Session.load(kit.rules, edited, kit.options, observer=kit.observe)
