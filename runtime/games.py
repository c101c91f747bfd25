"""Games as plug-ins: how paxc finds the games it can compile and play.

A game is a vocabulary and cards (its `cards/<game>/` folder, compiled by paxc into a generated
package) plus its base rules in Python. It registers itself under the entry-point group
`paxc.games`, naming a `Game` object:

    [project.entry-points."paxc.games"]
    pamir = "paxc.runtime.pamir.game:GAME"

Pax Pamir and Pax Porfiriana register themselves this way in paxc's own pyproject.toml; a
designer's project made by `paxc init` does the same in its own. The module an entry point names
should be cheap to import: the rules are loaded by `Game.kit` only when a game is played.
"""

from __future__ import annotations

import difflib
import functools
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from paxc.runtime.core import implemented
from paxc.runtime.core.agents import Bot, make_bot
from paxc.runtime.core.arrange import Arrangement
from paxc.runtime.core.board import Board
from paxc.runtime.core.determinize import HiddenCards
from paxc.runtime.core.observation import Observer
from paxc.runtime.core.options import OptionsSchema
from paxc.runtime.core.preview import Consequences, Secrets
from paxc.runtime.core.session import GameRules, Session

ENTRY_POINT_GROUP = "paxc.games"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, for the summaries."""

    winner: int | None
    scores: tuple[int, ...]
    turns: int
    ending: str


@dataclass(frozen=True)
class GameKit:
    """What the commands need of one game's rules.

    The state the rules make must have `turn_number` (the turn being played, for the terminal's
    board) and `winner` (a seat, or None while the game goes on).
    """

    rules: GameRules[Any]
    # The board as the given seat sees it (None: an onlooker), in sections of facts that each
    # table renders its own way (core/board.py).
    board: Callable[[Any, int | None], Board]
    cards_in_game: Callable[[Any], Counter[int]]  # every card of the game, by number
    violations: Callable[[Any, Counter[int]], list[str]]  # broken invariants, for --check
    outcome: Callable[[Any], Outcome]
    score_name: str  # what `Outcome.scores` count
    min_players: int
    max_players: int
    variants: tuple[str, ...] = ()  # the option flags the game understands
    # The seats that people or their bots fill, in order, given the options; None: one per
    # player. A game's own opponent (Díaz, Wakhan) answers its seat itself and is left out.
    people_seats: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    # Who answers the other seats, as summaries, saves and the table name it ("Wakhan", "Díaz").
    own_opponent: str = "the game's own opponent"
    # The full check of the options (command line and saves alike) where the game needs more
    # than players from min to max and on/off variants (e.g. a solitaire, a variant for some
    # player counts); None: just that.
    options_schema: OptionsSchema | None = None
    # What each seat may know (hands and deck order hidden): agents receive it instead of the
    # state. A game without one shows its agents their pending decisions only.
    observe: Observer | None = None
    # Every card of the game (its generated `Card`s: number, name, sides, text), for `c NAME`.
    cards: tuple[Any, ...] = ()
    # The card table the rules read, by number: the version of each card the game being played
    # plays (core/errata.py), shown by `c NAME`. Empty: `cards` as they are.
    cards_in_play: Mapping[int, Any] = field(default_factory=dict)
    # What an option would do, said beside it (core/preview.py): what changed between the state
    # before and after a trial of it, and what of a state is hidden (a trial that draws
    # something says only that). None: options are shown as they are.
    consequences: Consequences | None = None
    secrets: Secrets | None = None
    # The question a person must answer yes to before an option is taken (ending a turn with
    # actions left), or None for most options.
    confirm: Callable[[Any, object], str | None] | None = None
    # Why options a player may expect are not among those offered (`missing(state, player,
    # options)`: a line each, e.g. a card in hand that cannot be played now, and why).
    missing: Callable[[Any, int, Sequence[object]], list[str]] | None = None
    # The options the table lists as one line, then asks among (`group(option)`: the line, or
    # None for an option listed alone): how they are shown only, never what the rules ask.
    group: Callable[[object], str | None] | None = None
    # How a scenario file (`paxc test`) sets a position by hand and reads it (core/arrange.py);
    # None: the game has no scenarios.
    arrange: Arrangement | None = None
    # The class card effects run in: it implements the generated `<Game>Effects` protocol (the
    # operations and queries of the vocabulary). Checked with the rules when the game is loaded
    # (core/implemented.py).
    effects: type | None = None
    # For the search bot (core/search.py): what a seat cannot see, and how to deal it afresh
    # (core/determinize.py); `evaluate(state)` each seat's prospects, from 0 to 1, in a game not
    # yet over. None: no search bot for this game.
    hidden_cards: HiddenCards | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    # Random decisions a playout makes past the search tree before `evaluate` scores it; None:
    # the search's default. A game whose evaluate already sees what matters plays better with
    # fewer: random play then only adds noise.
    playout_depth: int | None = None

    def bot(self, kind: str, seed: int) -> Bot:
        """The bot a seat's kind names (`random`, `mcts`, `mcts:400`), seeded (UnknownBot)."""
        return make_bot(kind, seed, self.hidden_cards, self.evaluate, self.group, self.playout_depth)

    def seats_for_people(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        if self.people_seats is not None:
            return self.people_seats(options)
        return tuple(range(int(options["players"])))

    def seating(self, options: Mapping[str, Any], seats: int, kinds: Sequence[str]) -> list[str]:
        """Who sits at each of the `seats`: the people's seats in order are `kinds` ('human',
        'random'), every other seat the game's own opponent."""
        kind_of = dict(zip(self.seats_for_people(options), kinds, strict=False))
        return [kind_of.get(seat, self.own_opponent) for seat in range(seats)]

    @property
    def options(self) -> OptionsSchema:
        """What the game may start from: checked before a game is played or a save replayed."""
        if self.options_schema is not None:
            return self.options_schema
        return OptionsSchema(self.rules.name, self.min_players, self.max_players, self.variants)

    def new_session(self, options: Mapping[str, Any], seed: int) -> Session[Any]:
        """A game of these rules, from options its schema accepts (OptionsError otherwise), whose
        `observation(player)` is the game's own."""
        return Session(self.rules, self.options.check(options), seed, self.observe)


@dataclass(frozen=True)
class Variant:
    """An optional rule, offered as the flag `--NAME` (underscores as dashes) of play and simulate."""

    name: str
    help: str


@dataclass(frozen=True)
class Game:
    """A game as paxc sees it before loading its rules."""

    name: str  # as in its vocabulary: `vocabulary NAME "Title" { ... }`
    title: str
    cards: Path  # the folder holding game.pax and the card files
    load_kit: Callable[[], GameKit]  # imports the rules: called only when the game is played
    variants: tuple[Variant, ...] = ()


class UnknownGame(LookupError):
    """No installed game has this name; the message lists the games there are."""


@functools.cache
def installed() -> Mapping[str, Game]:
    """Every game registered under `paxc.games`, by name, sorted.

    A plug-in that fails to load is left out with a warning on stderr rather than breaking paxc
    for every other game.
    """
    found: dict[str, Game] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = entry.load()
        except BaseException as error:  # noqa: B036 - a broken plug-in must not break the others
            # Whatever its import raises, even SystemExit or KeyboardInterrupt: paxc's other
            # games and commands go on (an exit on import once made every command exit).
            _warn(f"the game plug-in '{entry.name}' ({entry.value}) does not load: {_said(error)}")
            continue
        if not isinstance(game, Game):
            _warn(f"the game plug-in '{entry.name}' ({entry.value}) is not a paxc Game")
            continue
        if game.name in found:
            _warn(f"two game plug-ins are named '{game.name}'; keeping the first ({found[game.name].title})")
            continue
        found[game.name] = game
    return dict(sorted(found.items()))


class BrokenGame(LookupError):
    """An installed game whose rules cannot be loaded; the message says which and why."""


def load_kit(game: Game) -> GameKit:
    """The rules of an installed game; BrokenGame, in one line, when its plug-in's `load_kit`
    raises anything or answers something that is not a GameKit, and a line for each operation,
    query, trigger or modifier its vocabulary declares that the rules do not implement
    (core/implemented.py): a game that fails there is never played."""
    kit = load_kit_unchecked(game)
    missing = implemented.problems(game.name, kit.effects, type(kit.rules), kit.cards)
    if missing:
        raise BrokenGame(
            f"the rules of the game '{game.name}' do not implement what its vocabulary declares:\n"
            + "\n".join(str(problem) for problem in missing)
        )
    return kit


def load_kit_unchecked(game: Game) -> GameKit:
    """`load_kit` without the check that the rules implement the vocabulary (`paxc check` makes
    it itself, to report each problem at its line)."""
    try:
        kit = game.load_kit()
    except BaseException as error:  # noqa: B036 - the plug-in's fault, told as such
        raise BrokenGame(f"the rules of the game '{game.name}' do not load: {_said(error)}") from error
    if not isinstance(kit, GameKit):
        raise BrokenGame(
            f"the rules of the game '{game.name}' do not load: its load_kit gave {type(kit).__name__}, "
            "not a GameKit"
        )
    return kit


def _said(error: BaseException) -> str:
    """An exception in one line: its kind, and its message if it has one."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def find(name: str) -> Game:
    games = installed()
    if name not in games:
        known = ", ".join(games) or "none is installed"
        close = difflib.get_close_matches(name, list(games), n=1, cutoff=0.7)
        suggestion = f"; did you mean '{close[0]}'?" if close else ""
        raise UnknownGame(f"unknown game '{name}'{suggestion} (games: {known})")
    return games[name]


def not_installed(name: str, project: Path | None) -> str:
    """What to say when `project` (the folder a command runs in) defines the game `name` in its
    cards/ but no installed plug-in plays it: paxc checks, builds and renders a project's cards
    from its folder, but plays a game only through its installed rules (`paxc init` says to
    install the project; a newcomer who skipped that got a bare "unknown game"). Empty otherwise."""
    if project is None or not (project / "cards" / name / "game.pax").is_file():
        return ""
    return (
        f"the project {project.name}/ defines '{name}' but is not installed, and paxc plays only "
        f"installed games: run \"pip install -e '.[dev]'\" in {project.name}/ first"
    )


def _warn(message: str) -> None:
    print(f"paxc: warning: {message}", file=sys.stderr)
