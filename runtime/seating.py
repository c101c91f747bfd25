"""Who sits at a table, for every table (the terminal's `paxc play` and the browser's `paxc
serve`): the kinds a person's seat may be, the bots seeded as every table seeds them, and a saved
game read back with who sat where. No table and no command line here: errors are exceptions the
tables word their own way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from paxc.runtime import games
from paxc.runtime.core.agents import Bot, UnknownBot, bot_kind
from paxc.runtime.core.session import BadSave, Session, parse_save
from paxc.runtime.games import GameKit

PERSON = "human"  # the kind of a seat a person fills (as saves name it)


def seat_kind(kind: str) -> bool:
    """Whether a seat of a person may be this: 'human', or a bot ('random', 'mcts:400')."""
    if kind == PERSON:
        return True
    try:
        bot_kind(kind)
    except UnknownBot:
        return False
    return True


def seat_count(session: Session[Any]) -> int:
    """Every seat of the game, the game's own opponent's too."""
    return len(session.rules.returns(session.state))


def robots(kit: GameKit, options: Mapping[str, Any], seed: int, kinds: Sequence[str]) -> dict[int, Bot]:
    """The bots at the seats of people whose kind is not 'human', each seeded from the game's
    seed and its seat, so that a game is played alike at every table (UnknownBot)."""
    people = kit.seats_for_people(options)
    return {p: kit.bot(kind, seed + 1 + p) for p, kind in zip(people, kinds, strict=True) if kind != PERSON}


def load_saved(
    text: str, game: str | None = None, kit_of: Callable[[str], GameKit] | None = None
) -> tuple[Session[Any], GameKit, list[str] | None]:
    """A saved game, replayed and checked against its game's schemas, with that game's kit and
    who sat where (None for a save that does not say); BadSave otherwise. `game`: the one it must
    be; `kit_of`: how a table loads a game's kit (default: the installed game's)."""
    data = parse_save(text)
    saved_game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(saved_game, str) or saved_game not in games.installed():
        raise BadSave("not a paxc log (truncated, or of an unknown game)")
    if game is not None and game != saved_game:
        raise BadSave(f"this log is a game of {saved_game}, not of {game}")
    kit = kit_of(saved_game) if kit_of is not None else games.load_kit(games.find(saved_game))
    session = Session.load(kit.rules, data, kit.options, observer=kit.observe)
    seats = data.get("seats") if isinstance(data, dict) else None  # checked by Session.load
    if seats is not None:
        people = kit.seats_for_people(session.options)
        if not all(seat_kind(seats[p]) for p in people):
            raise BadSave(f"the save's seats of people are not 'human' or bots: {seats}")
        if seats != kit.seating(session.options, len(seats), [seats[p] for p in people]):
            raise BadSave(f"the save's seats do not match its game: {seats}")
    return session, kit, seats
