"""What a player of Pax Pamir may see: hands and the deck order hidden, the table public."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.session import Session, play_out
from paxc.runtime.pamir.game import GAME
from paxc.runtime.pamir.state import PamirState, PlayerState, TurnState, WakhanState, card
from tests.runtime.observing import ObservingAgent, check_hidden_information

KIT = GAME.load_kit()


# Every field of the state, by how observations treat it (runtime/pamir/observe.py): a field
# added to the state fails this test until someone decides whether players see it. (Of the deck
# and the hands, not shown, observations give the sizes only.)
SHOWN_OR_HIDDEN: dict[type, dict[str, set[str]]] = {
    PamirState: {
        "public": {"players", "market", "market_rupees", "favored", "discard", "tribes", "armies", "roads"}
        | {
            "spies",
            "global_events",
            "memory",
            "lasting",
            "used_this_round",
            "in_transit",
            "active",
            "turn_number",
        }
        | {"turn", "checks_resolved", "winner", "over", "wakhan"},
        "not_shown": {"rng", "deck"},
    },
    PlayerState: {
        "public": {"rupees", "loyalty", "court", "gifts", "prizes", "cylinders", "score", "events"},
        "not_shown": {"hand"},
    },
    # Wakhan's AI deck: its size and the back of its top card are shown, not its order.
    WakhanState: {
        "public": {"seat", "face_up", "savvy_purchasing", "steadfast_loyalty", "spy_movement"},
        "not_shown": {"deck"},
    },
    TurnState: {
        "public": {"actions_taken", "used_cards", "paid_onto", "placed_blocks", "placed_cylinders"}
        | {"used_triggers", "trigger_acts"},
        "not_shown": set(),
    },
}


@pytest.mark.parametrize("record", list(SHOWN_OR_HIDDEN), ids=lambda record: record.__name__)
def test_every_field_of_the_state_is_shown_or_hidden_on_purpose(record: type) -> None:
    fields = {field.name for field in dataclasses.fields(record)}
    decided = SHOWN_OR_HIDDEN[record]
    undecided = sorted(fields - decided["public"] - decided["not_shown"])
    assert not undecided, f"{record.__name__}: decide in observe.py whether players see {undecided}"
    assert decided["public"] | decided["not_shown"] <= fields, "a field listed here is gone"


def new_game(players: int, seed: int) -> Session[PamirState]:
    return KIT.new_session({"players": players}, seed)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_hands_and_the_deck_order_stay_hidden_all_game_long(players: int) -> None:
    session = new_game(players, seed=players)
    agents = [RandomAgent(40 + p) for p in range(players)]
    tried = decisions = 0
    while not session.is_terminal():
        if decisions % 3 == 0:
            tried += check_hidden_information(session)
        session.apply_action(agents[session.current_player()].choose(session))
        decisions += 1
    check_hidden_information(session)
    assert tried >= 10, "too few moments with another hand to hide: the test proves little"


def test_own_hand_and_the_public_table_show() -> None:
    session = new_game(3, seed=8)
    agents = [RandomAgent(p) for p in range(3)]
    while not any(p.hand for p in session.state.players) or not session.state.players[0].court:
        session.apply_action(agents[session.current_player()].choose(session))
    state = session.state
    for seat in range(3):
        observation = session.observation(seat)
        assert observation.own == {"hand": state.players[seat].hand}
        assert observation.hidden == {"deck": len(state.deck), "hands": [len(p.hand) for p in state.players]}
        public = observation.public
        assert public["market"] == state.market
        assert public["favored_suit"] == state.favored.value
        assert [p["court"] for p in public["players"]] == [p.court for p in state.players]
        assert [p["rupees"] for p in public["players"]] == [p.rupees for p in state.players]
        assert [p["loyalty"] for p in public["players"]] == [
            None if p.loyalty is None else p.loyalty.value for p in state.players
        ]
    state.lasting.append(Lasting(state.players[0].court[0], 0, 0, "end_of_turn"))
    for seat in range(3):
        assert session.observation(seat).public["lasting"] == [
            [state.players[0].court[0], 0, 0, "end_of_turn", False]
        ]
    state.turn.used_triggers.update({"1@b.pax:3", "0@a.pax:7"})
    for seat in range(3):
        assert session.observation(seat).public["turn"]["used_triggers"] == ["0@a.pax:7", "1@b.pax:3"]
    state.memory[state.players[0].court[0]] = {"named": 2}
    for seat in range(3):
        assert session.observation(seat).public["card_memory"] == {
            str(state.players[0].court[0]): {"named": 2}
        }


def test_only_the_chooser_sees_the_prompt_and_the_options() -> None:
    session = new_game(3, seed=2)
    chooser = session.current_player()
    mine = session.observation(chooser).decision
    assert mine == {
        "chooser": chooser,
        "prompt": session.pending.prompt if session.pending else None,
        "options": [session.action_to_string(a) for a in session.legal_actions()],
    }
    for other in {0, 1, 2} - {chooser}:
        assert session.observation(other).decision == {"chooser": chooser}


def test_clones_and_loaded_saves_keep_the_observation() -> None:
    session = new_game(2, seed=4)
    agents = [RandomAgent(p) for p in range(2)]
    for _ in range(30):
        session.apply_action(agents[session.current_player()].choose(session))
    clone = session.clone()
    loaded = Session.loads(KIT.rules, session.dumps(), KIT.options, observer=KIT.observe)
    for seat in range(2):
        assert clone.observation_string(seat) == session.observation_string(seat)
        assert loaded.observation_string(seat) == session.observation_string(seat)


@pytest.mark.parametrize("players", [2, 4])
def test_agents_that_see_only_observations_play_whole_games(players: int) -> None:
    session = new_game(players, seed=100 + players)
    agents = [ObservingAgent(p, 7 * players + p) for p in range(players)]
    decisions = play_out(session, agents)
    assert session.is_terminal() and session.state.winner is not None
    assert sum(agent.decisions for agent in agents) == decisions
    finished: Any = session.observation(0)
    assert finished.decision is None and finished.public["winner"] == session.state.winner


def test_wakhan_shows_her_face_up_cards_and_the_next_back_not_her_deck_order() -> None:
    session = KIT.new_session({"players": 1, "wakhan": True}, 6)
    agents = [RandomAgent(p) for p in range(2)]
    while session.state.turn_number < 3 and not session.is_terminal():
        session.apply_action(agents[session.current_player()].choose(session))
    wakhan = session.state.wakhan
    assert wakhan is not None and wakhan.face_up and len(wakhan.deck) > 2
    top = card(wakhan.deck[0])
    for seat in range(2):
        shown = session.observation(seat).public["wakhan"]
        assert shown["seat"] == wakhan.seat and shown["face_up"] == wakhan.face_up
        assert shown["ai_deck_size"] == len(wakhan.deck)
        assert shown["next_back"]["column_numbers"] == list(top.back_column_numbers)
    before = [session.observation_string(seat) for seat in range(2)]
    wakhan.deck[1:] = reversed(wakhan.deck[1:])  # the order below the top is nobody's to see
    assert [session.observation_string(seat) for seat in range(2)] == before
    assert KIT.new_session({"players": 2}, 1).observation(0).public["wakhan"] is None
