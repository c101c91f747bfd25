"""Taking a decision back (core/undo.py) and writing a save as a game goes on (core/save_file.py),
without a table: what the terminal's 'u' and `--save` stand on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paxc.runtime import games
from paxc.runtime.core.files import CannotWrite, NotRegularFile
from paxc.runtime.core.save_file import SaveFile
from paxc.runtime.core.session import Session
from paxc.runtime.core.undo import CannotTakeBack, TakeBacks


def pamir(seed: int = 3) -> Session[Any]:
    kit = games.load_kit(games.find("pamir"))
    return kit.new_session(kit.options.check({"players": 2}), seed)


def decide(
    session: Session[Any], taken: TakeBacks, *, same_turn: bool = False, then_another: bool = False
) -> None:
    """A decision of the person's, recorded as the table records it; `same_turn`: one that
    leaves the turn going (tried on a clone first); `then_another`: and after which another
    decision may leave it going too."""
    action = session.legal_actions()[0]
    if same_turn:
        going = [a for a in session.legal_actions() if keeps_turn(session, a, 2 if then_another else 1)]
        if not going:
            raise AssertionError("every option ends the turn")
        action = going[0]
    taken.record(session)
    session.apply_action(action)


def keeps_turn(session: Session[Any], action: int, decisions: int) -> bool:
    """Whether `action` leaves the turn going, and then (for `decisions` above 1) some option
    does again, so many times."""
    trial = session.clone()
    trial.apply_action(action)
    if trial.state.turn_number != session.state.turn_number or trial.is_terminal():
        return False
    return decisions == 1 or any(keeps_turn(trial, a, decisions - 1) for a in trial.legal_actions())


def in_a_turn() -> Session[Any]:
    """A game of Pax Pamir at the start of its first turn of actions (the loyalties chosen)."""
    session = pamir()
    turn = session.state.turn_number
    while session.state.turn_number == turn:
        session.apply_action(session.legal_actions()[0])
    return session


def test_the_last_decision_is_taken_back_to_the_game_before_it() -> None:
    session, taken = in_a_turn(), TakeBacks()
    before = (session.rules.digest(session.state), len(session.log))
    decide(session, taken, same_turn=True)
    assert session.rules.digest(session.state) != before[0]
    back = taken.take_back(session)
    assert back is not session  # a replay: the session taken back from is left as it was
    assert (back.rules.digest(back.state), len(back.log)) == before
    with pytest.raises(CannotTakeBack, match="^there is no decision of yours to take back$"):
        taken.take_back(back)


def test_no_take_back_once_its_turn_is_over_or_something_was_drawn() -> None:
    session, taken = pamir(), TakeBacks()
    turn = session.state.turn_number
    while session.state.turn_number == turn:
        decide(session, taken)
    with pytest.raises(CannotTakeBack, match="^cannot take it back: the turn it was made in is over$"):
        taken.take_back(session)
    session, taken = in_a_turn(), TakeBacks()
    decide(session, taken, same_turn=True)
    # What the rules draw (a card revealed, a die rolled) is kept in the session's chance list;
    # one outcome more since the decision, and the person has seen it.
    session.chance.append("a card revealed")
    with pytest.raises(CannotTakeBack, match="^cannot take it back: something hidden was drawn since$"):
        taken.take_back(session)
    session.chance.pop()
    assert len(taken.take_back(session).log) == len(session.log) - 1


def test_the_game_taken_back_shows_each_seat_what_it_showed_before() -> None:
    """The replay keeps the game's observer: a seat is shown its own hand and the piles' sizes
    again, not only its decisions."""
    session, taken = in_a_turn(), TakeBacks()
    shown = [session.observation_string(seat) for seat in (0, 1)]
    decide(session, taken, same_turn=True)
    back = taken.take_back(session)
    assert [back.observation_string(seat) for seat in (0, 1)] == shown


def test_the_decisions_that_may_be_taken_back_are_counted_from_the_newest() -> None:
    """What the web table reads: whether any decision may be taken back, and how many decisions
    came before the newest (the log since then is what a take-back undoes)."""
    session, taken = in_a_turn(), TakeBacks()
    assert not taken
    decide(session, taken, same_turn=True, then_another=True)
    first = len(session.log) - 1
    decide(session, taken, same_turn=True)
    assert taken and taken.last_length() == len(session.log) - 1 != first
    back = taken.take_back(session)
    assert taken and taken.last_length() == first == len(back.log) - 1
    taken.take_back(back)
    assert not taken


def test_a_save_is_written_whole_and_only_when_it_changed(tmp_path: Path) -> None:
    session = pamir()
    path = tmp_path / "game.json"
    save = SaveFile(path, session, ["human", "random"])
    save.write()
    assert json.loads(path.read_text(encoding="utf-8"))["decisions"] == []
    path.write_text("not touched again", encoding="utf-8")
    save.write()  # nothing new since the last write
    assert path.read_text(encoding="utf-8") == "not touched again"
    session.apply_action(session.legal_actions()[0])
    save.write()
    loaded = Session.loads(session.rules, path.read_text(encoding="utf-8"))
    assert len(loaded.log) == 1 and loaded.rules.digest(loaded.state) == session.rules.digest(session.state)
    assert json.loads(path.read_text(encoding="utf-8"))["seats"] == ["human", "random"]
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left


def test_a_save_that_cannot_be_written_says_why_until_one_is(tmp_path: Path) -> None:
    session = pamir()
    folder = tmp_path / "later"
    save = SaveFile(folder / "game.json", session, ["human", "random"])
    with pytest.raises(CannotWrite, match=f"there is no folder {folder}"):
        save.write()
    assert save.failed
    folder.mkdir()
    save.write()
    assert not save.failed and (folder / "game.json").is_file()
    with pytest.raises(NotRegularFile):
        SaveFile(Path("/dev/null"), session, ["human", "random"]).write()


def test_no_path_no_save(tmp_path: Path) -> None:
    save = SaveFile(None, pamir(), ["human", "random"])
    save.write()
    assert not save.failed and list(tmp_path.iterdir()) == []
