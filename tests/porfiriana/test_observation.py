"""What a player of Pax Porfiriana may see (rules chapter D: the hand is secret; gold, the row
and the prestige stack may be examined): hands, the deck order and the box hidden."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.session import Session, play_out
from paxc.runtime.porfiriana.game import GAME
from paxc.runtime.porfiriana.solitaire import DIAZ, HUMAN
from paxc.runtime.porfiriana.state import Holding, PlayerState, PorfirianaState, TurnState
from tests.runtime.observing import NeverAsked, ObservingAgent, check_hidden_information

KIT = GAME.load_kit()


# Every field of the state, by how observations treat it (runtime/porfiriana/observe.py): a
# field added to the state fails this test until someone decides whether players see it. (Of the
# deck, the box and the hands, not shown, observations give the sizes only.)
# "bookkeeping": values the rules keep to know when cubes were last brought to a value; they
# follow from what happened in view, and are left out.
SHOWN_OR_HIDDEN: dict[type, dict[str, set[str]]] = {
    PorfirianaState: {
        "public": {"players", "market", "regimes", "public", "first_player", "active", "discard", "removed"}
        | {"in_transit", "bull_bear", "speculation", "depression", "topples", "turn_number", "turn"}
        | {"diaz_bonus", "iron_hand", "dissipated_troops", "solitaire", "over", "winner", "toppled_by"}
        | {"lasting", "used_this_round", "memory"},
        "not_shown": {"rng", "deck", "unused"},
    },
    PlayerState: {
        "public": {
            "gold",
            "row",
            "cubes",
            "prestige_stack",
            "stack_prestige_cubes",
            "army",
            "jailed",
            "heir",
        },
        "not_shown": {"hand", "stack_prestige_set_for"},
    },
    Holding: {
        "public": {"number", "side", "income", "prestige_cubes", "unrest", "connection_owner"}
        | {"connection_level", "extortion", "troop", "troop_owner"},
        "not_shown": {"income_set_for", "prestige_set_for"},
    },
    TurnState: {
        "public": {"actions_left", "market_purchases", "extra_actions_used", "jailed_at_start"}
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


def new_game(options: dict[str, Any], seed: int) -> Session[PorfirianaState]:
    return KIT.new_session(options, seed)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"solitaire": True}])
def test_hands_the_deck_order_and_the_box_stay_hidden(options: dict[str, Any]) -> None:
    session = new_game(options, seed=3)
    agents = [RandomAgent(60 + p) for p in range(len(session.state.players))]
    tried = decisions = 0
    while not session.is_terminal():
        if decisions % 11 == 0:
            tried += check_hidden_information(session, [session.state.unused])
        session.apply_action(agents[session.current_player()].choose(session))
        decisions += 1
    check_hidden_information(session, [session.state.unused])
    if not options.get("solitaire"):  # Díaz holds no hand: nothing of another's to hide
        assert tried >= 10, "too few moments with another hand to hide: the test proves little"


def test_gold_rows_prestige_stacks_and_the_regime_are_public() -> None:
    session = new_game({"players": 3}, seed=5)
    agents = [RandomAgent(p) for p in range(3)]
    for _ in range(120):
        session.apply_action(agents[session.current_player()].choose(session))
    state = session.state
    for seat in range(3):
        observation = session.observation(seat)
        assert observation.own == {"hand": state.players[seat].hand}
        assert observation.hidden == {
            "deck": len(state.deck),
            "box": len(state.unused),
            "hands": [len(p.hand) for p in state.players],
        }
        public = observation.public
        assert [p["gold"] for p in public["players"]] == [p.gold for p in state.players]
        assert [[h["card"] for h in p["row"]] for p in public["players"]] == [
            [h.number for h in p.row] for p in state.players
        ]
        assert [p["prestige_stack"] for p in public["players"]] == [p.prestige_stack for p in state.players]
        assert public["regimes"] == state.regimes and public["market"] == state.market
    # Lasting effects and the "once per turn" triggers spent (none in today's deck: set by hand).
    started = state.players[0].row[0].number
    state.lasting.append(Lasting(started, 0, 0, "end_of_turn"))
    state.turn.used_triggers.update({"2@b.pax:4", "0@a.pax:9"})
    for seat in range(3):
        public = session.observation(seat).public
        assert public["lasting"] == [[started, 0, 0, "end_of_turn", False]]
        assert public["turn"]["used_triggers"] == ["0@a.pax:9", "2@b.pax:4"]


def test_the_solitaire_shows_diaz_as_a_seat_without_hand_or_gold() -> None:
    session = new_game({"solitaire": True}, seed=9)
    observation = session.observation(HUMAN)
    assert observation.public["variants"]["solitaire"] is True
    assert observation.decision is not None and observation.decision["chooser"] == HUMAN
    diaz = observation.public["players"][DIAZ]
    assert diaz["gold"] == 0 and observation.hidden["hands"][DIAZ] == 0
    # Díaz's seat sees the same table, and not the human's hand.
    assert session.observation(DIAZ).public == observation.public
    assert session.observation(DIAZ).own == {"hand": []}
    assert session.observation(DIAZ).decision == {"chooser": HUMAN}


@pytest.mark.parametrize("seed", range(3))
def test_a_solitaire_played_from_observations_reaches_its_end(seed: int) -> None:
    session = new_game({"solitaire": True}, seed)
    human = ObservingAgent(HUMAN, seed)
    decisions = play_out(session, [human, NeverAsked()])
    assert session.is_terminal() and session.state.winner in (HUMAN, DIAZ)
    assert human.decisions == decisions > 0


@pytest.mark.parametrize("players", [2, 3])
def test_agents_that_see_only_observations_play_whole_games(players: int) -> None:
    session = new_game({"players": players}, seed=20 + players)
    agents = [ObservingAgent(p, 5 * players + p) for p in range(players)]
    decisions = play_out(session, agents)
    assert session.is_terminal() and session.state.winner is not None
    assert sum(agent.decisions for agent in agents) == decisions
    assert session.observation(1).public["winner"] == session.state.winner
