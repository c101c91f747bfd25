"""Running games from the command line: `paxc play`, `paxc simulate`, `paxc replay`: their options,
seats, saves loaded and checked, and self-play runs with their summaries. The table a person plays
at is `runtime/terminal/`; undo and the writing of saves are in `runtime/core/` (`undo.py`,
`save_file.py`).

The games' runtimes (and so their generated cards) are imported only when a game command runs:
`paxc check` and `paxc build` must work even while generated/ is out of date or broken.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import click

from paxc.runtime import games, parallel, seating
from paxc.runtime.core import errata
from paxc.runtime.core.agents import UnknownBot
from paxc.runtime.core.card_errors import card_note
from paxc.runtime.core.narration import listening
from paxc.runtime.core.options import OptionsError, OptionsSchema
from paxc.runtime.core.rng import MAX_SEED, Rng
from paxc.runtime.core.save_file import SaveFile
from paxc.runtime.core.session import BadSave, Recorder, Session, parse_save, read_save_file, retell
from paxc.runtime.games import GameKit
from paxc.runtime.presentation import Story
from paxc.runtime.terminal import style, table
from paxc.runtime.terminal.story import Narrator, show_decisions

MAX_DECISIONS = 50_000


def installed_game(game: str) -> games.Game:
    """The installed game of that name, its rules not loaded yet; a usage error for an unknown
    game, which says so when the project the command runs in defines it but is not installed."""
    try:
        return games.find(game)
    except games.UnknownGame as error:
        note = games.not_installed(game, _project())
        raise click.BadParameter(f"{error}; {note}" if note else str(error), param_hint="GAME") from error


def _project() -> Path | None:
    """The project folder the command runs in (None outside a project, or outside a command)."""
    context = click.get_current_context(silent=True)
    settings = context.find_root().obj if context is not None else None
    if not isinstance(settings, dict) or not settings.get("in_project"):
        return None
    root: Path = settings["root"]
    return root


def _project_games() -> list[str]:
    """The games the project a command runs in defines (none outside a project)."""
    root = _project()
    return [] if root is None else sorted(path.parent.name for path in (root / "cards").glob("*/game.pax"))


def _game_or_the_projects(context: click.Context, _: click.Parameter, game: str | None) -> str | None:
    """GAME as given; left out, the game of the project the command runs in when it defines only
    one (a designer in the folder `paxc init` made types `paxc simulate`)."""
    if game is not None:
        return game
    own = _project_games()
    if context.command.name == "play":
        return None  # `play --load LOG` names no game: `play` looks for the project's itself
    if len(own) == 1:
        return own[0]
    known = (
        f"this project has {len(own)} games: {', '.join(own)}"
        if own
        else f"games: {', '.join(games.installed())}"
    )
    raise click.UsageError(f"name the GAME ({known})", context)


# The GAME argument of the commands that work on one game.
GAME = click.argument("game", required=False, callback=_game_or_the_projects)


def kit_of(game: str) -> GameKit:
    """The game's rules as the commands need them; a usage error for an unknown game."""
    try:
        return games.load_kit(installed_game(game))
    except games.BrokenGame as error:
        raise click.ClickException(str(error)) from error


def game_options(
    game: str,
    players: int | None,
    variants: Mapping[str, bool],
    errata_versions: Sequence[str] = (),
    *,
    errata_of_installed_cards: bool = True,
) -> dict[str, Any]:
    """The options a game starts from, checked by the game's schema (the one saves are checked
    by); `players` None when not given; `errata_versions` the values of `--errata-version` (none:
    the latest version of every card, and no `errata` option), checked against the installed
    cards unless `errata_of_installed_cards` is False (`compare --base` plays other cards and
    checks each side's versions against its own). A usage error names the flag that is wrong."""
    schema = kit_of(game).options
    chosen = {name: True for name, on in variants.items() if on}
    unknown = sorted(set(chosen) - set(schema.flags))
    if unknown:
        flags = ", ".join(_flag(name) for name in unknown)
        raise click.UsageError(f"{game} has no {flags} variant")
    solo = schema.solo_flag
    if (
        solo is not None
        and players is not None
        and players < schema.min_players
        and players in schema.solo_players
    ):
        chosen[solo] = True  # too few players for the game alone: its own opponent takes a seat
    options: dict[str, Any] = {"players": players if players is not None else DEFAULT_PLAYERS, **chosen}
    if solo is not None and chosen.get(solo, False):
        if players is not None and players not in schema.solo_players:
            against = (
                f"is for {' or '.join(map(str, schema.solo_players))} people"
                if schema.solo_counts_people
                else "is one player"
            )
            raise click.UsageError(f"{_flag(solo)} {against} against the game: leave out --players {players}")
        if schema.solo_counts_people:
            options["players"] = players if players is not None else min(schema.solo_players)
        else:
            options["players"] = max(schema.solo_players)  # the seats: the person and the game's own
    if errata_versions:
        options[errata.OPTION] = ",".join(errata_versions)
    try:
        checked = schema.check(options)
        if errata_versions:
            choice = errata.parse(options[errata.OPTION])
            if errata_of_installed_cards:
                errata.check(choice, kit_of(game).cards, schema.title)
        return checked
    except OptionsError as error:
        raise click.UsageError(_as_flags(str(error), schema)) from error
    except errata.ErrataError as error:
        raise click.UsageError(str(error)) from error


ERRATA_VERSION = click.option(
    "--errata-version",
    "errata_versions",
    multiple=True,
    metavar="VERSION",
    help="Which version of the cards with errata to play: 'latest' (the default), 'printed', an "
    "erratum's number N (each card as its errata up to N leave it), or per card NUMBER:VERSION "
    "(3:printed); may be given several times. A save keeps the choice.",
)


DEFAULT_PLAYERS = 3


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _as_flags(message: str, schema: OptionsSchema) -> str:
    """An options error in the words of the command line: `iron_hand` reads `--iron-hand`."""
    for name in schema.flags:
        message = message.replace(f"{name} variant", f"{_flag(name)} variant").replace(
            f"the {name}", f"{_flag(name)}"
        )
    return message


# ---------------------------------------------------------------------- simulate


@dataclass(frozen=True)
class GameResult:
    seed: int
    winner: int | None = None
    scores: tuple[int, ...] = ()
    decisions: int = 0
    turns: int = 0
    ending: str = ""
    error: str | None = None


def play_one(
    game: str, options: Mapping[str, Any], seed: int, check: bool, bots: Sequence[str] = ()
) -> GameResult:
    """One self-play game, the seats of people filled by `bots` in order (`random`, `mcts:400`;
    random where none is given); any exception or broken invariant is returned, not raised."""
    try:
        kit = kit_of(game)
        session = kit.new_session(options, seed)
        people = kit.seats_for_people(options)
        kinds = [*bots, *["random"] * (len(people) - len(bots))]
        agents = {p: kit.bot(kind, seed + 1 + p) for p, kind in zip(people, kinds, strict=False)}
        expected = kit.cards_in_game(session.state) if check else None
        decisions = 0
        while not session.is_terminal():
            if decisions >= MAX_DECISIONS:
                return GameResult(seed, error=f"no end after {MAX_DECISIONS} decisions")
            session.apply_action(agents[session.current_player()].choose(session))
            decisions += 1
            if expected is not None:
                problems = kit.violations(session.state, expected)
                if problems:
                    return GameResult(
                        seed, decisions=decisions, error=f"after decision {decisions}: {problems}"
                    )
        outcome = kit.outcome(session.state)
        return GameResult(seed, outcome.winner, outcome.scores, decisions, outcome.turns, outcome.ending)
    except Exception as error:  # reported per game, so one bad seed does not stop a long run
        where = traceback.extract_tb(error.__traceback__)[-1]
        raised = f"{Path(where.filename).name}:{where.lineno}"
        card = card_note(error)
        # Raised in a card's effect: the card and its line first, the runtime's line after.
        said = f"({raised})" if card is None else f"{card}, raised at {raised}"
        return GameResult(seed, error=f"{type(error).__name__}: {error} {said}")


def _play_task(task: tuple[str, Mapping[str, Any], int, bool, Sequence[str]]) -> GameResult:
    return play_one(*task)


def game_seeds(seed: int, games: int) -> list[int]:
    """Each game's seed, from the run's seed: the same whatever the number of jobs."""
    rng = Rng(seed)
    return [rng.next_u64() >> 16 for _ in range(games)]


def run_games(
    game: str,
    players: int | None,
    games: int,
    seed: int,
    jobs: int,
    check: bool,
    variants: Mapping[str, bool] | None = None,
    errata_versions: Sequence[str] = (),
    bots: Sequence[str] = (),
    ray_address: str | None = None,
) -> Iterator[GameResult]:
    """The results in seed order, computed by `jobs` processes (at most one per game and core),
    or by `jobs` Ray workers at `ray_address` (0: one per CPU of the cluster)."""
    options = game_options(game, players, variants or {}, errata_versions)
    tasks = [(game, options, s, check, tuple(bots)) for s in game_seeds(seed, games)]
    if ray_address is None:
        jobs = min(jobs, games, usable_cores())
    yield from parallel.ordered_map(_play_task, tasks, jobs, ray_address=ray_address, fingerprint_of=game)


def bot_seating(kit: GameKit, options: Mapping[str, Any], seed: int, bots: Sequence[str] = ()) -> list[str]:
    """Who sits at each seat of a self-played game: the bots in order at the seats of people
    (random where none is given), the game's own opponent ('Wakhan', 'Díaz') at the others.
    The seats are counted on a game of the latest cards: they never depend on the versions of the
    cards, and the cards a game plays may be others than the installed ones (`compare --base`)."""
    people = kit.seats_for_people(options)
    kinds = [*bots, *["random"] * (len(people) - len(bots))]
    latest = {name: value for name, value in options.items() if name != errata.OPTION}
    return kit.seating(options, _seat_count(kit.new_session(latest, seed)), kinds)


def parse_bots(text: str | None, kit: GameKit, options: Mapping[str, Any]) -> list[str]:
    """The bots of `--seats` (comma-separated, one per seat of a person, in order), checked: a
    usage error names what is wrong."""
    if text is None:
        return []
    people = kit.seats_for_people(options)
    kinds = [part.strip() for part in text.split(",")]
    if len(kinds) > len(people) or not all(kinds):
        raise click.BadParameter(
            f"expected up to {len(people)} bots, comma-separated ('random', 'mcts' or 'mcts:SIMULATIONS')",
            param_hint="--seats",
        )
    for kind in kinds:
        try:
            kit.bot(kind, 0)
        except UnknownBot as error:
            raise click.BadParameter(str(error), param_hint="--seats") from error
    return kinds


JOBS = click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    help="Processes playing at once (default: 1; with --ray, one Ray worker per CPU of the cluster).",
)
RAY = click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value=parallel.LOCAL_RAY,
    default=None,
    metavar="[ADDRESS]",
    help="Play the games as Ray tasks: on the Ray cluster at ADDRESS, or with no ADDRESS on the one "
    "RAY_ADDRESS names or a new one on this machine (needs 'pip install paxc[ray]'; every node "
    "must have the same paxc and game code). Same results seed for seed.",
)


def workers(jobs: int | None, ray_address: str | None, games: int) -> int:
    """How many workers play: `--jobs` (1 by default), at most one per game and per core here;
    on Ray, `--jobs` or 0 (one per CPU of the cluster). Says on stderr when it uses fewer."""
    if ray_address is not None:
        return jobs or 0
    asked = jobs or 1
    usable = min(games, usable_cores())
    if asked > usable:
        # More processes than games or cores would only wait on each other (and take memory).
        click.echo(
            f"--jobs {asked}: using {usable} process{'es' if usable != 1 else ''} "
            f"(at most one per game and per core: {games} games, {usable_cores()} cores)",
            err=True,
        )
        return usable
    return asked


SEATS_OF_BOTS = click.option(
    "--seats",
    "bots",
    default=None,
    metavar="BOTS",
    help="The bot at each seat of a person, comma-separated, in order: 'random' (the default) or "
    "'mcts[:SIMULATIONS]', the searching bot (200 simulations a decision unless given).",
)


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system says, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


@dataclass
class Summary:
    players: int  # the seats of people (played here by bots)
    score_name: str = "points"
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    # Who sat at each seat: 'random', or the game's own opponent ('Wakhan', 'Díaz').
    seats: list[str] = field(default_factory=list)

    def _seat_count(self, done: list[GameResult]) -> int:
        return len(self.seats) or max((len(r.scores) for r in done), default=self.players)

    def _seat(self, seat: int) -> str:
        """`P0`, or `P0 (Wakhan)` for a seat no player fills, `P0 (mcts:400)` for a bot that
        searches."""
        name = self.seats[seat] if seat < len(self.seats) else "random"
        return f"P{seat}" if name == "random" else f"P{seat} ({name})"

    def lines(self) -> list[str]:
        done = [r for r in self.results if r.error is None]
        errors = [r for r in self.results if r.error is not None]
        from paxc.runtime.accelerate import running_compiled

        runtime = "compiled runtime" if running_compiled() else "pure Python runtime"
        games = f"{len(self.results)} game{'' if len(self.results) == 1 else 's'}"
        people = f"{self.players} player{'' if self.players == 1 else 's'}"
        # Every seat, the game's own opponent's too (Wakhan and Díaz sit at seats no player fills).
        seats = self._seat_count(done)
        others = [
            f"{self.seats[p]} (P{p})"
            for p in range(min(seats, len(self.seats)))
            if not seat_kind(self.seats[p])
        ]
        if others:
            people += f" against {', '.join(others)}"
        elif seats > self.players:
            people += " against the game's own opponent"
        out = [f"{games} of {people} in {duration(self.seconds)} ({runtime})"]
        if done and self.seconds > 0:
            decisions = sum(r.decisions for r in done)
            out.append(
                f"  {len(done) / self.seconds:.1f} games/s, {decisions / self.seconds:,.0f} decisions/s"
            )
        if done:
            wins = Counter(r.winner for r in done)
            out.append(
                "  wins by seat: " + ", ".join(f"{self._seat(p)} {wins.get(p, 0)}" for p in range(seats))
            )
            for p in range(seats):
                scores = [r.scores[p] for r in done]
                out.append(
                    f"  {self._seat(p)} {self.score_name}: mean {statistics.mean(scores):.1f}, max {max(scores)}"
                )
            lengths = [r.decisions for r in done]
            turns = [r.turns for r in done]
            out.append(
                f"  decisions per game: mean {statistics.mean(lengths):.0f}, min {min(lengths)}, max {max(lengths)}; "
                f"turns: mean {statistics.mean(turns):.0f}"
            )
            endings = Counter(r.ending for r in done)
            out.append(
                "  ended: " + ", ".join(f"{count} by {ending}" for ending, count in endings.most_common())
            )
        out.append(f"  errors: {len(errors)}")
        for result in errors[:10]:
            out.append(f"    seed {result.seed}: {result.error}")
        return out

    def as_json(self, game: str, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        """The summary as plain data (`simulate --json`): the same figures as `lines`, unrounded,
        with every error and each seat's wins and scores as lists indexed by seat."""
        from paxc.runtime.accelerate import running_compiled

        done = [r for r in self.results if r.error is None]
        seats = self._seat_count(done)
        decisions = [r.decisions for r in done]
        wins = Counter(r.winner for r in done)
        return {
            "game": game,
            "options": dict(options),
            "seed": seed,
            "games": len(self.results),
            "players": self.players,
            "seats": [self.seats[p] if p < len(self.seats) else "random" for p in range(seats)],
            "seconds": self.seconds,
            "runtime": "compiled" if running_compiled() else "pure Python",
            "games_per_second": len(done) / self.seconds if self.seconds > 0 else None,
            "decisions_per_second": sum(decisions) / self.seconds if self.seconds > 0 else None,
            "score_name": self.score_name,
            "wins": [wins.get(p, 0) for p in range(seats)],
            "scores": [
                {"mean": statistics.mean(r.scores[p] for r in done), "max": max(r.scores[p] for r in done)}
                for p in range(seats)
            ]
            if done
            else [],
            "decisions": {"mean": statistics.mean(decisions), "min": min(decisions), "max": max(decisions)}
            if done
            else None,
            "turns": {"mean": statistics.mean(r.turns for r in done)} if done else None,
            "endings": dict(Counter(r.ending for r in done).most_common()),
            "errors": [{"seed": r.seed, "error": r.error} for r in self.results if r.error is not None],
        }


def duration(seconds: float) -> str:
    """A run's length as people read it: `0.04 s` and `2.3 s`, never `0.0 s` for a short run."""
    if seconds >= 10:
        return f"{seconds:.0f} s"
    if seconds >= 1:
        return f"{seconds:.1f} s"
    return f"{seconds:.2g} s" if seconds >= 0.001 else "under a millisecond"


def variant_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The variant flags of `play` and `simulate`: every installed game's (each accepts its own)."""
    offered: dict[str, str] = {}
    for game in games.installed().values():
        for variant in game.variants:
            offered.setdefault(variant.name, variant.help)
    for name, text in reversed(offered.items()):
        command = click.option("--" + name.replace("_", "-"), name, is_flag=True, help=text)(command)
    return command


PLAYERS = click.option(
    "--players",
    type=click.IntRange(1),
    default=None,
    help="How many players (default: 3; each game says how many it takes: Pax Pamir 2-5, "
    "Pax Porfiriana 2-6; not with --solitaire).",
)


# ---------------------------------------------------------------------- commands

# The random generator keeps 64 bits of a seed: a larger one would play as another seed while the
# save and the summary named the one given.
SEED = click.IntRange(0, MAX_SEED)


@click.command()
@GAME
@PLAYERS
@click.option(
    "--games", type=click.IntRange(1), default=100, show_default=True, help="How many games to play."
)
@click.option(
    "--seed",
    type=SEED,
    default=1,
    show_default=True,
    help="Seed of the run; each game's seed comes from it.",
)
@JOBS
@RAY
@click.option("--check/--no-check", default=False, help="Check the game's invariants after every decision.")
@click.option(
    "--compiled",
    is_flag=True,
    help="Run on the compiled runtime built by 'paxc accelerate' (same results, about twice as fast).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the summary as JSON on stdout, for tools (the progress bar and notes go to stderr).",
)
@ERRATA_VERSION
@SEATS_OF_BOTS
@variant_options
@click.pass_context
def simulate(
    ctx: click.Context,
    /,
    game: str,
    players: int,
    games: int,
    seed: int,
    jobs: int | None,
    ray_address: str | None,
    check: bool,
    compiled: bool,
    as_json: bool,
    errata_versions: tuple[str, ...],
    bots: str | None,
    **variants: bool,
) -> None:
    """Self-play: bots play GAME many times; summarise winners, scores, lengths and errors.

    The seats of people are random players unless --seats names other bots ('mcts:200', the
    searching bot). The same seed gives the same results whatever --jobs is, with or without
    --compiled, and on Ray (--ray) or not. With --json the summary is one JSON document on stdout: game, options, seed,
    games, players (the seats people fill, here bots), seats (who sat at each: 'random', 'mcts:N',
    or the game's own opponent, 'Wakhan' or 'Díaz'), seconds, runtime, games_per_second,
    decisions_per_second, score_name, wins and scores
    (lists by seat), decisions, turns, endings and errors (each with its seed). Exits 1 if any
    game failed.
    """
    from paxc.runtime import accelerate

    if compiled and ray_address is not None:
        raise click.UsageError(
            "--compiled and --ray do not go together: Ray's workers run the installed code"
        )
    if compiled and not accelerate.running_compiled():
        root: Path = ctx.find_root().obj["root"]
        if not accelerate.is_built(root):
            raise click.UsageError("no compiled runtime yet: run 'paxc accelerate' first")
        if not accelerate.is_current(root):
            raise click.UsageError(
                "the compiled runtime is older than the sources: run 'paxc accelerate' again"
            )
        arguments = [a for a in sys.argv[1:] if a != "--compiled"]
        # -P: the current folder must not come before the compiled copy on the module path.
        done = subprocess.run(
            [sys.executable, "-P", "-m", "paxc.compiler.cli", *arguments],
            env=accelerate.environment(accelerate.build_folder(root)),
            check=False,
        )
        sys.exit(done.returncode)
    options = game_options(game, players, variants, errata_versions)
    kit = kit_of(game)
    jobs_used = workers(jobs, ray_address, games)
    chosen = parse_bots(bots, kit, options)
    seats = bot_seating(kit, options, seed, chosen)
    summary = Summary(len(kit.seats_for_people(options)), kit.score_name, seats=seats)
    started = time.perf_counter()
    results = run_games(
        game, players, games, seed, jobs_used, check, variants, errata_versions, chosen, ray_address
    )
    try:
        if sys.stderr.isatty():
            with click.progressbar(results, length=games, label="playing", file=sys.stderr) as bar:
                summary.results.extend(bar)
        else:
            # Piped or captured, the bar would print only its label, which then ran into the summary
            # when both streams went to one place ("errors: 0playing"): no bar at all there.
            summary.results.extend(results)
    except parallel.ParallelError as error:
        raise click.ClickException(str(error)) from error
    summary.seconds = time.perf_counter() - started
    if as_json:
        import json

        click.echo(json.dumps(summary.as_json(game, options, seed), indent=1, ensure_ascii=False))
    else:
        click.echo("\n".join(summary.lines()))
    if any(r.error for r in summary.results):
        sys.exit(1)


@click.command()
@GAME
@PLAYERS
@click.option(
    "--seats",
    default=None,
    help="Who sits where, comma-separated: 'human' or 'random' per seat of a person, in order; "
    "missing seats are random (default: human, then random). A save keeps them: with --load, "
    "the saved seats unless --seats is given.",
)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the game.")
@click.option(
    "--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the game's log here."
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Resume the game saved in this log (its game, options and seed; written on as it goes on).",
)
@ERRATA_VERSION
@variant_options
def play(
    game: str | None,
    players: int | None,
    seats: str | None,
    seed: int,
    save_path: Path | None,
    load_path: Path | None,
    errata_versions: tuple[str, ...],
    **variants: bool,
) -> None:
    """Play GAME in the terminal: the board, the numbered options, the log.

    At a prompt, type an option's number (there is no default: Enter alone asks again); 'c NAME'
    shows a card, 'b' the board, 'l' the log, 'o' the options again, 'u' takes back your last decision (within the same turn, when
    nothing was drawn since), 'q' quits. With --save, the log is written as the game goes
    (before each of your decisions and at each turn), so a closed terminal loses nothing; a
    folder that cannot hold it is refused before the game. --load LOG resumes a saved game.
    """
    loaded, saved_seats = _load_for_play(load_path, game) if load_path is not None else (None, None)
    if loaded is not None:
        if players is not None or any(variants.values()) or errata_versions:
            raise click.UsageError("--load resumes a game with the options in its log: give no others")
        game, options, seed = loaded.rules.name, loaded.options, loaded.seed
        save_path = save_path or load_path
    else:
        if game is None:
            own = _project_games()
            if len(own) != 1:
                raise click.UsageError("name the GAME to play, or --load a saved one")
            game = own[0]
        options = game_options(game, players, variants, errata_versions)
    kit = kit_of(game)
    # The seats people fill (a game's own opponent, Díaz or Wakhan, answers for itself).
    people = kit.seats_for_people(options)
    if seats is None and saved_seats is not None:
        kinds = [saved_seats[p] for p in people]
    else:
        kinds = [s.strip() for s in (seats or "human").split(",") if s.strip()]
        if not all(seat_kind(k) for k in kinds) or len(kinds) > len(people):
            raise click.BadParameter(
                f"expected up to {len(people)} of 'human', 'random', 'mcts' or 'mcts:SIMULATIONS'",
                param_hint="--seats",
            )
        kinds += ["random"] * (len(people) - len(kinds))
    # What the rules narrate (the consequences of a decision, Díaz's and Wakhan's moves) is
    # printed as it happens; replays (a resumed game, a decision taken back) stay silent.
    narrator = Narrator()
    with listening(narrator):
        session = loaded if loaded is not None else kit.new_session(options, seed)
    narrator.story.session = session
    if loaded is not None:
        # What happened before, for 'l' and the seats' views (told again, not printed).
        narrator.story = Story(session, retell(session))
    save = SaveFile(save_path, session, kit.seating(options, _seat_count(session), kinds))
    table.write_first(save)
    robots = seating.robots(kit, options, seed, kinds)
    with style.colouring(style.wanted(sys.stdout)):
        table.play_on(kit, session, narrator, save, robots)


def _load_saved(path: Path, game: str | None = None) -> tuple[Session[Any], GameKit, list[str] | None]:
    """A saved game, replayed and checked (`seating.load_saved`); BadSave, or OSError when the
    file cannot be opened."""
    return seating.load_saved(read_save_file(path), game, kit_of)


def saved_game(path: Path) -> str | None:
    """The game a save is of, read before anything of it is run (for the commands that first
    make sure that game's compiled cards are current); None when the file does not say, which
    the command then reports as it reports any bad save."""
    try:
        data = parse_save(read_save_file(path))
    except (BadSave, OSError):
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


seat_kind = seating.seat_kind
_seat_count = seating.seat_count


def _load_for_play(path: Path, game: str | None) -> tuple[Session[Any], list[str] | None]:
    """The saved game to resume, replayed and checked as `paxc replay` checks it, and who sat
    where (None for a save written before saves kept it); refused as replay refuses it: one
    line, exit status 1."""
    try:
        session, kit, seats = _load_saved(path, game)
    except BadSave as error:
        _refuse(f"{path}: {error}")
    except OSError as error:
        _refuse(f"{path}: cannot read it: {error.strerror or type(error).__name__}")
    if session.is_terminal():
        _refuse(f"{path}: the game is over: nothing to resume")
    return session, seats


def _refuse(line: str) -> NoReturn:
    click.echo(line, err=True)
    sys.exit(1)


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--quiet", is_flag=True, help="Print only the result, not every decision.")
@click.option(
    "--no-story",
    "no_story",
    is_flag=True,
    help="Print the decisions only, not what the rules told after each (marked '*').",
)
@click.option(
    "--step",
    is_flag=True,
    help="One decision at a time: the board after each (what changed; 'b' all of it), Enter to go on, "
    "'q' to stop.",
)
def replay(log: Path, quiet: bool, no_story: bool, step: bool) -> None:
    """Replay a saved game LOG decision by decision, checking it reaches the saved state.

    Each decision is printed with the question it answered, and followed by what the rules told
    after it (payments, pieces placed and removed, cards discarded and why, Wakhan's and Díaz's
    moves...), marked '*': a save holds the decisions only, and the story is told again by
    replaying them. --step shows the board after each decision and waits for Enter. Only a
    regular file in UTF-8 of sane size is read; every field of the save is checked (the options
    as strictly as on the command line). Anything wrong: one line, exit status 1.
    """
    try:
        session, kit, seats = _load_saved(log)
    except BadSave as error:
        _refuse(f"{log}: {error}")
    except OSError as error:
        _refuse(f"{log}: cannot read it: {error.strerror or type(error).__name__}")
    if seats is not None and not quiet:
        click.echo("seats: " + ", ".join(f"P{p} {who}" for p, who in enumerate(seats)))
    if step and not quiet:
        with style.colouring(style.wanted(sys.stdout)):
            table.step_through(session, kit, [] if no_story else retell(session))
    elif not quiet:
        recorder = Recorder(session)
        saved = recorder.save()
        show_decisions(saved["decisions"], [] if no_story else retell(session), recorder.prompts)
    state = session.state
    if session.is_terminal():
        outcome = kit.outcome(state)
        click.echo(
            f"The game is over: player {outcome.winner} wins by {outcome.ending}; "
            f"{kit.score_name}: {list(outcome.scores)}."
        )
    else:
        click.echo(f"The log stops before the end: player {session.current_player()} is to decide.")


COMMANDS = (play, simulate, replay)
