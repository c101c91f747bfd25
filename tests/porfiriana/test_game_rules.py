"""The whole game as the shared session drives it (runtime/porfiriana/game_rules.py): who takes a
turn (in the solitaire Díaz by his automaton, chapter L), who answers a seat's questions, who won."""

from __future__ import annotations

from collections.abc import Iterator

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.effects import Choice
from paxc.runtime.porfiriana import actions, game_rules
from paxc.runtime.porfiriana.game import GAME
from paxc.runtime.porfiriana.game_rules import PorfirianaRules
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import PorfirianaState

HUMAN, DIAZ = 0, 1


def questions(steps: Iterator[object], limit: int = 200) -> Iterator[Choice[object]]:
    """The questions the steps ask, each answered by ending the turn when it may, else by its
    first option."""
    for _ in range(limit):
        try:
            step = next(steps)
        except StopIteration:
            return
        if isinstance(step, Choice):
            yield step
            ends = [o for o in step.options if isinstance(o, actions.EndTurn)]
            step.answer = ends[0] if ends else step.options[0]


def asks_for_an_action(question: Choice[object]) -> bool:
    return any(isinstance(o, actions.EndTurn) for o in question.options)


def test_in_the_solitaire_diaz_takes_his_turn_by_his_automaton_and_the_human_by_the_rules() -> None:
    state = new_state({"solitaire": True}, seed=3)
    human = list(questions(game_rules.take_turn(state, HUMAN)))
    assert human and asks_for_an_action(human[0]) and human[0].chooser == HUMAN
    diaz = list(questions(game_rules.take_turn(state, DIAZ)))
    assert not any(asks_for_an_action(q) for q in diaz)  # he takes no actions: he takes cards


def test_outside_the_solitaire_seat_one_is_asked_as_anybody() -> None:
    state: PorfirianaState = new_state({"players": 3}, seed=1)
    seats = [q.chooser for q in questions(iter(PorfirianaRules().run(state)), limit=50)]
    assert sorted(seats[:3]) == [0, 1, 2]  # each ending their turn at once: no die answers seat 1


def test_only_the_winner_scores() -> None:
    state = new_state({"players": 3}, seed=1)
    state.winner = 1
    assert PorfirianaRules().returns(state) == [0.0, 1.0, 0.0]


def test_in_the_solitaire_the_questions_put_to_diaz_are_settled_by_his_die() -> None:
    """Rules L: Díaz decides by a die roll, so a solitaire game asks only the human. Played by a
    random agent, the games of seeds 1 and 2 reach cards of Díaz that ask their owner (Pinkerton,
    Rebel Double Agent: use it instead?); every decision of the session is still the human's."""
    kit = GAME.load_kit()
    for seed in (1, 2):
        session = kit.new_session({"players": 2, "solitaire": True}, seed)
        agent = RandomAgent(seed)
        asked = []
        while not session.is_terminal():
            asked.append(session.current_player())
            session.apply_action(agent.choose(session))
        assert asked and set(asked) == {HUMAN}
