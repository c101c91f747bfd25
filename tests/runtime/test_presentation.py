"""What a seat sees (runtime/presentation.py), for each game at many points of random games: its
own decision with every option the rules offer, listed once; the board as labelled facts, with its
own hand and never another seat's, free of colour; and nothing of another seat's hand, the deck
order or the draws to come (the observation tests' changes, tests/runtime/observing.py, made here
to the state the previews start from too)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.board import Board, CardFace, Fact
from paxc.runtime.core.narration import listening
from paxc.runtime.core.session import Session, retell
from paxc.runtime.games import GameKit
from paxc.runtime.presentation import CardDetails, OptionView, Story, Told, card_details, seat_view
from paxc.runtime.terminal import style
from tests.runtime.observing import reseed, reverse, swap_piles

GAMES = [
    ("pamir", {"players": 3}),
    ("pamir", {"players": 5}),
    ("porfiriana", {"players": 3}),
    ("porfiriana", {"players": 5}),
]

Change = Callable[[], Callable[[], None]]


def listed_actions(options: tuple[OptionView, ...]) -> list[int]:
    actions: list[int] = []
    for option in options:
        if option.is_group:
            assert option.action is None and len(option.members) > 1  # a group of one is its option
            actions += listed_actions(option.members)
        else:
            assert option.action is not None
            actions.append(option.action)
    return actions


def check_view(session: Session[Any], kit: GameKit) -> None:
    """Each seat's view: the chooser's holds the decision, every option once; the others' none."""
    chooser = session.current_player()
    assert session.pending is not None
    for seat in range(len(session.state.players)):
        view = seat_view(session, kit, seat)
        assert view.seat == seat and view.board == kit.board(session.state, seat)
        check_board(view.board, session.state, seat)
        if seat != chooser:
            assert view.decision is None
            continue
        decision = view.decision
        assert decision is not None and decision.chooser == seat
        assert decision.prompt == session.pending.prompt
        assert sorted(listed_actions(decision.options)) == session.legal_actions()
        for option in decision.options:
            if option.action is not None:
                assert option.label == session.action_to_string(option.action)
    onlooker = seat_view(session, kit, None)
    assert onlooker.decision is None and onlooker.board == kit.board(session.state, None)


def faces(board: Board) -> list[CardFace]:
    """Every card the board shows, wherever it stands."""
    found: list[CardFace] = []

    def under(facts: tuple[Fact, ...]) -> None:
        for fact in facts:
            if fact.card is not None:
                found.append(fact.card)
            under(fact.facts)

    for section in board.sections:
        under(section.facts)
    return found


def words(board: Board) -> list[str]:
    """Every text of the board, at any depth, but what cards do (a line per ability or side)."""
    said = list(board.summary)
    for section in board.sections:
        said += [section.title, section.note, section.value]
    stack = [fact for section in board.sections for fact in section.facts]
    while stack:
        fact = stack.pop()
        said += [fact.label, fact.value, fact.marks]
        if fact.card is not None:
            said += [fact.card.name, fact.card.facts]
        stack += fact.facts
    return said


def check_board(board: Board, state: Any, seat: int) -> None:
    """The seat's own hand is on its board; no card of another's hand is."""
    shown = {face.number: face for face in faces(board)}
    for number in state.players[seat].hand:
        assert number in shown, f"P{seat}'s own card {number} is not on its board"
    for other, player in enumerate(state.players):
        if other != seat:
            leaked = set(player.hand) & set(shown)
            assert not leaked, f"P{seat}'s board shows cards of P{other}'s hand: {sorted(leaked)}"


@contextmanager
def changed(*changes: Change) -> Iterator[None]:
    undos = [change() for change in changes]
    try:
        yield
    finally:
        for undo in reversed(undos):
            undo()


def check_nothing_hidden_shows(session: Session[Any], kit: GameKit, game: str) -> int:
    """Each seat's view is the same after a change to what it may not know, made to the live
    state and to the state at the turn's start, from which the previews' trials replay (so only
    at a turn's first decision, with nothing drawn since its start). Returns how many changes
    of another player's hand were tried (not of the player whose turn it is, whose card in play
    is known)."""
    start, decisions, draws = session._checkpoint
    if decisions != len(session.log) or draws != len(session.chance):
        return 0
    states = (session.state, start)

    def both(change: Callable[[Any], Change]) -> tuple[Change, ...]:
        return tuple(change(state) for state in states)

    alterations: list[tuple[str, Callable[[Any], Change]]] = [("the draws to come", lambda s: reseed(s.rng))]
    if len(session.state.deck) >= 2:
        alterations.append(("the deck order", lambda s: reverse(s.deck)))
    if game == "porfiriana" and session.state.unused and session.state.deck:
        alterations.append(("the box", lambda s: swap_piles(s.unused, s.deck)))
    tried = 0
    for seat in range(len(session.state.players)):
        seen = seat_view(session, kit, seat)
        for what, change in alterations:
            with changed(*both(change)):
                assert seat_view(session, kit, seat) == seen, f"player {seat} sees {what}"
        # Two other players' hands, a card of each exchanged (a card from the deck might be one no
        # hand can hold, such as an event, which the rules a preview runs would choke on). Not the
        # hand of the player whose turn it is: a card being played from it is public.
        others = [
            number
            for number, player in enumerate(session.state.players)
            if number not in (seat, session.state.active) and player.hand
        ]
        for first, second in zip(others, others[1:], strict=False):
            with changed(*both(hands_swapped(first, second))):
                assert seat_view(session, kit, seat) == seen, (
                    f"player {seat} sees P{first}'s or P{second}'s hand"
                )
            tried += 1
    return tried


def hands_swapped(first: int, second: int) -> Callable[[Any], Change]:
    """The first cards of two players' hands exchanged, in a given state."""

    def change(state: Any) -> Change:
        return swap_piles(state.players[first].hand, state.players[second].hand)

    return change


@pytest.mark.parametrize(("game", "options"), GAMES, ids=str)
def test_each_seat_sees_its_decision_and_nothing_hidden(game: str, options: dict[str, Any]) -> None:
    kit = games.load_kit(games.find(game))
    session = kit.new_session(kit.options.check(options), 7)
    agents = [RandomAgent(70 + p) for p in range(int(options["players"]))]
    decisions = viewed = tried = 0
    while not session.is_terminal() and (viewed < 10 or tried < 10):
        if decisions % 13 == 0:
            check_view(session, kit)
            viewed += 1
        tried += check_nothing_hidden_shows(session, kit, game)
        session.apply_action(agents[session.current_player()].choose(session))
        decisions += 1
    assert viewed >= 10 and tried >= 10, f"{viewed} views, {tried} hands changed: the test proves little"


@pytest.mark.parametrize(("game", "options"), GAMES[1:3], ids=str)
def test_the_board_is_words_without_colour_or_width(game: str, options: dict[str, Any]) -> None:
    """Built while the terminal colours (as `paxc play` does), the board holds no escape code and
    no line broken to a width: those are the terminal's, made when it renders the board."""
    kit = games.load_kit(games.find(game))
    session = kit.new_session(kit.options.check(options), 3)
    agent = RandomAgent(3)
    long_values = 0
    with style.colouring(True):
        assert style.heading("x") != "x"  # colour is on
        for decision in range(120):
            if session.is_terminal():
                break
            if decision % 10 == 0:
                said = words(seat_view(session, kit, session.current_player()).board)
                assert not [text for text in said if "\x1b" in text or "\n" in text]
                long_values += sum(len(text) > style.WIDTH for text in said)
            session.apply_action(agent.choose(session))
    assert long_values, "no fact longer than a line: the test does not see whether they were broken"


class DeckWatch:
    """Hears the story as it is told, and keeps each line that names a card lying in the deck at
    that moment (which nobody has seen)."""

    def __init__(self, story: Story, cards: tuple[Any, ...]) -> None:
        self.story, self.names = story, {card.number: card.name for card in cards}
        self.state: Any = None
        self.leaks: list[str] = []

    def __call__(self, text: str) -> None:
        self.story(text)
        if self.state is not None:
            hidden = {self.names[number] for number in self.state.deck} - self.in_view()
            self.leaks += [f"{text!r} names {name}" for name in hidden if name in text]

    def in_view(self) -> set[str]:
        """Names shared with a card out of the deck (a side, a namesake), which may be told."""
        out = set(self.names) - set(self.state.deck)
        return {self.names[number] for number in out}


@pytest.mark.parametrize(("game", "options"), GAMES[::2], ids=str)
def test_each_seat_is_told_the_story_as_it_happened(game: str, options: dict[str, Any]) -> None:
    """The story in each seat's view is what the rules told, in order, each line after the
    decision it followed (the same as a replay tells again); building a view, whose previews try
    every option out, adds nothing to it; and no line names a card while it lies in the deck."""
    kit = games.load_kit(games.find(game))
    story = Story()
    watch = DeckWatch(story, kit.cards)
    with listening(watch):
        session = kit.new_session(kit.options.check(options), 11)
    story.session, watch.state = session, session.state
    agents = [RandomAgent(40 + p) for p in range(int(options["players"]))]
    compared = 0
    for decision in range(400):
        if session.is_terminal():
            break
        if decision % 30 == 15 and session.pending is not None:
            told = tuple(Told(after, text) for after, text in retell(session))
            chooser = session.current_player()
            for seat in [*range(len(session.state.players)), None]:
                with listening(watch):  # as a table that listens all along
                    view = seat_view(session, kit, seat, story)
                assert (view.decision is not None) == (seat == chooser)
                assert view.story == told, f"P{seat} is told another story than the game's"
            assert len(story.told) == len(told), "a preview's trials were told as if they happened"
            compared += 1
        with listening(watch):
            session.apply_action(agents[session.current_player()].choose(session))
        watch.state = session.state
    assert compared >= 4 and len(story.told) > 50, f"{compared} views, {len(story.told)} lines: proves little"
    assert not watch.leaks, "\n".join(watch.leaks[:5])


def test_a_card_in_full_on_request_or_why_not() -> None:
    kit = games.load_kit(games.find("pamir"))
    card = next(c for c in kit.cards if c.name == "Count Perovsky")
    heading, _, text = str(card.text).partition("\n")
    assert "Count Perovsky" in heading and text
    for query in (str(card.number), "count perovsky", "perovsky", f"#{card.number}"):
        assert card_details(kit, query) == CardDetails(heading, text)
    assert card_details(kit, "Perovski").why == "no card is named 'Perovski'; did you mean: Count Perovsky?"
    assert card_details(kit, "99999").why == "no card is named or numbered '99999'"
    assert card_details(kit, "a").why.startswith("'a' names several cards: ")
