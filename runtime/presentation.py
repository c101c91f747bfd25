"""What a seat sees of a game, as plain data that any table renders (the terminal's,
`runtime/terminal/`, and a browser's next): the board as that seat sees it (sections of labelled
facts, `core/board.py`: no colour, style or width, which are the table's), the story it has been
told (`Story`), and, when the seat is
to decide, the decision with its options, their groups and what each would do; and any card in
full, on request (`card_details`). Built only from
what the game's kit offers (its board, labels, groups, previews); it knows no table, and holds
nothing the seat may not know (the previews say of a draw only that it cannot be taken back).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from paxc.runtime.core import card_lookup, card_texts
from paxc.runtime.core.board import Board
from paxc.runtime.core.preview import previews
from paxc.runtime.core.session import Session
from paxc.runtime.games import GameKit


@dataclass(frozen=True)
class OptionView:
    """One line of the options: an option of the rules (`action`), or a group of them that a
    game lists as one line (`members`, asked among when it is chosen; `action` None)."""

    label: str
    action: int | None
    preview: str = ""  # what the option would do, where the game can tell (core/preview.py)
    members: tuple[OptionView, ...] = ()

    @property
    def is_group(self) -> bool:
        return bool(self.members)


@dataclass(frozen=True)
class DecisionView:
    """The decision a seat is to take: the question, its options as listed, and why options a
    player may expect are not among them."""

    chooser: int
    prompt: str
    options: tuple[OptionView, ...]
    missing: tuple[str, ...] = ()


class Told(NamedTuple):
    """A line of the story, and the number of decisions made before it was told (0: during the
    setup)."""

    after: int
    text: str


class Story:
    """What the rules have told in a game so far, in order (`core/narration.py`): a listener
    that keeps each line with the number of decisions made before it. The rules tell only what
    every player sees (each game's `story.py`), so every seat is told the whole story; what the
    previews and the automata only try out is silenced, and never reaches it."""

    def __init__(
        self, session: Session[Any] | None = None, told: list[tuple[int, str]] | None = None
    ) -> None:
        self.session = session  # the game being told: its decisions made date each line
        self.told: list[Told] = [Told(after, text) for after, text in told or []]

    def __call__(self, text: str) -> None:
        self.told.append(Told(len(self.session.log) if self.session is not None else 0, text))

    def forget_after(self, decisions: int) -> None:
        """After a decision is taken back: what followed it did not happen."""
        self.told = [line for line in self.told if line.after <= decisions]


@dataclass(frozen=True)
class SeatView:
    """What `seat` sees now (None: an onlooker, who sees only what is public)."""

    seat: int | None
    board: Board  # the game's sections of facts (core/board.py), as this seat sees it
    decision: DecisionView | None  # the seat's own pending decision; None when another decides
    story: tuple[Told, ...] = ()  # what the seat has been told, in the order it was told


def seat_view(session: Session[Any], kit: GameKit, seat: int | None, story: Story | None = None) -> SeatView:
    """`story`: what has been told of this game (the table's `Story`, listening since its start);
    None: no story."""
    pending = session.pending
    decision = None
    if seat is not None and pending is not None and not session.is_terminal():
        if session.current_player() == seat:
            decision = decision_view(session, kit)
    told = tuple(story.told) if story is not None else ()
    return SeatView(seat, kit.board(session.state, seat), decision, told)


def decision_view(session: Session[Any], kit: GameKit) -> DecisionView:
    """The pending decision as a table lists it: an option a line, except that the options a
    game groups (Pax Porfiriana's speculations) are one line; a group of one is that option.
    Only the listing changes: each line stands for the rules' own options."""
    pending = session.pending
    assert pending is not None
    notes: dict[int, str] = {}
    if kit.consequences is not None and kit.secrets is not None:
        for action, preview in previews(session, kit.consequences, kit.secrets).items():
            notes[action] = preview.text()

    def alone(action: int) -> OptionView:
        return OptionView(session.action_to_string(action), action, notes.get(action, ""))

    lines: list[tuple[str | None, list[int]]] = []  # (the group's line or None, its options)
    groups: dict[str, int] = {}
    for action in session.legal_actions():
        kind = kit.group(pending.options[action]) if kit.group is not None else None
        if kind is None:
            lines.append((None, [action]))
        elif kind in groups:
            lines[groups[kind]][1].append(action)
        else:
            groups[kind] = len(lines)
            lines.append((kind, [action]))
    options = tuple(
        alone(actions[0])
        if len(actions) == 1
        else OptionView(str(kind), None, "", tuple(alone(action) for action in actions))
        for kind, actions in lines
    )
    missing = (
        kit.missing(session.state, int(pending.chooser), list(pending.options))
        if kit.missing is not None
        else []
    )
    return DecisionView(int(pending.chooser), pending.prompt, options, tuple(missing))


@dataclass(frozen=True)
class CardDetails:
    """A card asked for by name or number: its first line (name and facts) and the rest of its
    text as `paxc render` prints it, when one card is found; else `why` says why not (several
    cards named, none, the names close to it, or a game that lists no cards)."""

    heading: str = ""
    text: str = ""
    why: str = ""


def card_details(kit: GameKit, query: str) -> CardDetails:
    if not kit.cards:
        return CardDetails(why="this game lists no cards")
    found = card_lookup.find(kit.cards, query)
    if len(found.cards) == 1:
        number = found.cards[0].number
        shown = kit.cards_in_play.get(number, found.cards[0])  # the version being played
        heading, _, text = card_texts.text(shown).partition("\n")  # in the language asked for
        return CardDetails(heading, text)
    return CardDetails(why=card_lookup.answer(found, query, str))
