"""Running games from the command line: `paxc play`, `paxc simulate`, `paxc replay`.

The games' runtimes (and so their generated cards) are imported only when a game command runs:
`paxc check` and `paxc build` must work even while generated/ is out of date or broken.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from paxc.runtime import games
from paxc.runtime.core import card_lookup, style
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.narration import listening, retell
from paxc.runtime.core.options import OptionsError, OptionsSchema
from paxc.runtime.core.preview import previews
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import BadSave, Recorder, Session, parse_save, read_save_file
from paxc.runtime.games import GameKit

MAX_DECISIONS = 50_000


def _kit(game: str) -> GameKit:
    try:
        return games.find(game).load_kit()
    except games.UnknownGame as error:
        raise click.BadParameter(str(error), param_hint="GAME") from error


def game_options(game: str, players: int | None, variants: Mapping[str, bool]) -> dict[str, Any]:
    """The options a game starts from, checked by the game's schema (the one saves are checked
    by); `players` None when not given. A usage error names the flag that is wrong."""
    schema = _kit(game).options
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
    try:
        return schema.check(options)
    except OptionsError as error:
        raise click.UsageError(_as_flags(str(error), schema)) from error


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


def play_one(game: str, options: Mapping[str, Any], seed: int, check: bool) -> GameResult:
    """One random self-play game; any exception or broken invariant is returned, not raised."""
    try:
        kit = _kit(game)
        session = kit.new_session(options, seed)
        agents = {p: RandomAgent(seed + 1 + p) for p in kit.seats_for_people(options)}
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
        return GameResult(
            seed, error=f"{type(error).__name__}: {error} ({Path(where.filename).name}:{where.lineno})"
        )


def _play_task(task: tuple[str, Mapping[str, Any], int, bool]) -> GameResult:
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
) -> Iterator[GameResult]:
    """The results in seed order, computed by `jobs` processes (at most one per game and core)."""
    options = game_options(game, players, variants or {})
    tasks = [(game, options, s, check) for s in game_seeds(seed, games)]
    jobs = min(jobs, games, usable_cores())
    if jobs <= 1:
        yield from map(_play_task, tasks)
        return
    # fork starts workers in milliseconds where it exists (Linux); results do not depend on it.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        yield from pool.imap(_play_task, tasks, chunksize=max(1, min(64, games // (jobs * 8) or 1)))


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system says, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


@dataclass
class Summary:
    players: int
    score_name: str = "points"
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        done = [r for r in self.results if r.error is None]
        errors = [r for r in self.results if r.error is not None]
        from paxc.runtime.accelerate import running_compiled

        runtime = "compiled runtime" if running_compiled() else "pure Python runtime"
        games = f"{len(self.results)} game{'' if len(self.results) == 1 else 's'}"
        people = f"{self.players} player{'' if self.players == 1 else 's'}"
        # Every seat, the game's own opponent's too (Wakhan sits at a seat no player fills).
        seats = max((len(r.scores) for r in done), default=self.players)
        if seats > self.players:
            people += " against the game's own opponent"
        out = [f"{games} of {people} in {duration(self.seconds)} ({runtime})"]
        if done and self.seconds > 0:
            decisions = sum(r.decisions for r in done)
            out.append(
                f"  {len(done) / self.seconds:.1f} games/s, {decisions / self.seconds:,.0f} decisions/s"
            )
        if done:
            wins = Counter(r.winner for r in done)
            out.append("  wins by seat: " + ", ".join(f"P{p} {wins.get(p, 0)}" for p in range(seats)))
            for p in range(seats):
                scores = [r.scores[p] for r in done]
                out.append(f"  P{p} {self.score_name}: mean {statistics.mean(scores):.1f}, max {max(scores)}")
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
        seats = max((len(r.scores) for r in done), default=self.players)
        decisions = [r.decisions for r in done]
        wins = Counter(r.winner for r in done)
        return {
            "game": game,
            "options": dict(options),
            "seed": seed,
            "games": len(self.results),
            "players": self.players,
            "seats": seats,
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


@click.command()
@click.argument("game")
@PLAYERS
@click.option(
    "--games", type=click.IntRange(1), default=100, show_default=True, help="How many games to play."
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Seed of the run; each game's seed comes from it."
)
@click.option(
    "--jobs", type=click.IntRange(1), default=1, show_default=True, help="Processes playing at once."
)
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
@variant_options
@click.pass_context
def simulate(
    ctx: click.Context,
    /,
    game: str,
    players: int,
    games: int,
    seed: int,
    jobs: int,
    check: bool,
    compiled: bool,
    as_json: bool,
    **variants: bool,
) -> None:
    """Random self-play: play GAME many times and summarise winners, scores, lengths and errors.

    The same seed gives the same results whatever --jobs is, and with or without --compiled.
    With --json the summary is one JSON document on stdout: game, options, seed, games, players,
    seats, seconds, runtime, games_per_second, decisions_per_second, score_name, wins and scores
    (lists by seat), decisions, turns, endings and errors (each with its seed). Exits 1 if any
    game failed.
    """
    from paxc.runtime import accelerate

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
    options = game_options(game, players, variants)
    kit = _kit(game)
    usable = min(games, usable_cores())
    if jobs > usable:
        # More processes than games or cores would only wait on each other (and take memory).
        click.echo(
            f"--jobs {jobs}: using {usable} process{'es' if usable != 1 else ''} "
            f"(at most one per game and per core: {games} games, {usable_cores()} cores)",
            err=True,
        )
        jobs = usable
    summary = Summary(options["players"], kit.score_name)
    started = time.perf_counter()
    results = run_games(game, players, games, seed, jobs, check, variants)
    if sys.stderr.isatty():
        with click.progressbar(results, length=games, label="playing", file=sys.stderr) as bar:
            summary.results.extend(bar)
    else:
        # Piped or captured, the bar would print only its label, which then ran into the summary
        # when both streams went to one place ("errors: 0playing"): no bar at all there.
        summary.results.extend(results)
    summary.seconds = time.perf_counter() - started
    if as_json:
        import json

        click.echo(json.dumps(summary.as_json(game, options, seed), indent=1, ensure_ascii=False))
    else:
        click.echo("\n".join(summary.lines()))
    if any(r.error for r in summary.results):
        sys.exit(1)


@click.command()
@click.argument("game", required=False)
@PLAYERS
@click.option(
    "--seats",
    default="human",
    show_default=True,
    help="Who sits where, comma-separated: 'human' or 'random' per seat; missing seats are random.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the game.")
@click.option(
    "--save", "save_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the game's log here."
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Resume the game saved in this log (its game, options and seed; written on as it goes on).",
)
@variant_options
def play(
    game: str | None,
    players: int | None,
    seats: str,
    seed: int,
    save_path: Path | None,
    load_path: Path | None,
    **variants: bool,
) -> None:
    """Play GAME in the terminal: the board, the numbered options, the log.

    At a prompt, type an option's number (there is no default: Enter alone asks again); 'c NAME'
    shows a card, 'b' the board, 'l' the log, 'o' the options again, 'u' takes back your last decision (within the same turn, when
    nothing was drawn since), 'q' quits. With --save, the log is written as the game goes
    (before each of your decisions and at each turn), so a closed terminal loses nothing; a
    folder that cannot hold it is refused before the game. --load LOG resumes a saved game.
    """
    loaded = _load_for_play(load_path, game) if load_path is not None else None
    if loaded is not None:
        if players is not None or any(variants.values()):
            raise click.UsageError("--load resumes a game with the options in its log: give no others")
        game, options, seed = loaded.rules.name, loaded.options, loaded.seed
        save_path = save_path or load_path
    elif game is None:
        raise click.UsageError("name the GAME to play, or --load a saved one")
    else:
        options = game_options(game, players, variants)
    kit = _kit(game)
    # The seats people fill (a game's own opponent, Díaz or Wakhan, answers for itself).
    people = kit.seats_for_people(options)
    kinds = [s.strip() for s in seats.split(",") if s.strip()]
    if any(k not in ("human", "random") for k in kinds) or len(kinds) > len(people):
        raise click.BadParameter(f"expected up to {len(people)} of 'human' or 'random'", param_hint="--seats")
    kinds += ["random"] * (len(people) - len(kinds))
    # What the rules narrate (the consequences of a decision, Díaz's and Wakhan's moves) is
    # printed as it happens; replays (a resumed game, a decision taken back) stay silent.
    narrator = _Narrator()
    with listening(narrator):
        session = loaded if loaded is not None else kit.new_session(options, seed)
    narrator.session = session
    if loaded is not None:
        narrator.told = retell(session)  # what happened before, for 'l' (told again, not printed)
    log = _LogWriter(save_path, session)
    log.write(first=True)
    robots = {p: RandomAgent(seed + 1 + p) for p, kind in zip(people, kinds, strict=True) if kind == "random"}
    with style.colouring(style.wanted(sys.stdout)):
        _play_on(kit, session, narrator, log, robots, save_path)


def _play_on(
    kit: GameKit,
    session: Session[Any],
    narrator: _Narrator,
    log: _LogWriter,
    robots: dict[int, RandomAgent],
    save_path: Path | None,
) -> None:
    """The game at the terminal, from where it stands to its end or the person's 'q'."""
    shown_turn = -1
    saved_turn = session.state.turn_number
    # The person's decisions that 'u' may take back: (log length before it, chance outcomes
    # drawn before it, the turn it was made in).
    taken: list[tuple[int, int, int]] = []
    # The decision whose options are on screen: a card, the board or the log looked at, or an
    # answer refused, asks again without printing (and trying out) every option again.
    options_shown_at = -1
    while not session.is_terminal():
        player = session.current_player()
        pending = session.pending
        assert pending is not None
        if session.state.turn_number != saved_turn:
            saved_turn = session.state.turn_number
            log.write()
        if player in robots:
            action = robots[player].choose(session)
            click.echo(f"P{player}: {pending.prompt} -> {session.action_to_string(action)}")
            with listening(narrator):
                session.apply_action(action)
            continue
        log.write()  # everything up to this prompt is on disk before waiting for a person
        if session.state.turn_number != shown_turn:
            shown_turn = session.state.turn_number
            click.echo("\n" + kit.describe(session.state, player) + "\n")
            click.echo(style.quiet(f"Type an option's number, or {_COMMANDS}."))
        if options_shown_at != len(session.log):
            options_shown_at = len(session.log)
            click.echo(f"P{player}: {pending.prompt}")
            _show_options(session, kit)
        # No default: pressing Enter must never choose for the player (option 0 may end the turn).
        answer = click.prompt("choice").strip()
        command, _, argument = answer.partition(" ")
        answer = answer.lower()
        if command.lower() == "c" and argument.strip():
            _show_card(kit, argument.strip())
            continue
        if answer == "q":
            # A game a person has decided in is lost on quitting unless saved: asked first.
            decided = any(entry.player not in robots for entry in session.log)
            if save_path is None and decided and not _confirmed("Quit? This game is not saved (--save)"):
                continue
            break
        if answer == "u":
            undone = _undo(session, taken)
            if undone is None:
                continue
            session = undone
            narrator.session = session
            narrator.forget_after(len(session.log))
            log.reset(session)
            shown_turn = options_shown_at = -1
            click.echo("your last decision is taken back")
            continue
        if answer == "b":
            click.echo(kit.describe(session.state, player))
            continue
        if answer == "o":
            options_shown_at = -1
            continue
        if answer == "l":
            narrator.show_log(log.recorder.save()["decisions"])
            continue
        if not answer.isdigit() or int(answer) not in session.legal_actions():
            click.echo(
                f"'{answer}' is not one of the options: type a number from 0 to "
                f"{len(session.legal_actions()) - 1} (or {_COMMANDS})"
            )
            continue
        question = kit.confirm(session.state, pending.options[int(answer)]) if kit.confirm else None
        if question is not None and not _confirmed(question):
            continue
        taken.append((len(session.log), len(session.chance), session.state.turn_number))
        with listening(narrator):
            session.apply_action(int(answer))
    if session.is_terminal():
        state = session.state
        click.echo("\n" + kit.describe(state, None) + f"\n\nThe game is over: player {state.winner} wins.")
    if save_path is not None:
        log.write()
        if log.failed:
            sys.exit(1)
        click.echo(f"log saved to {save_path}")


_COMMANDS = (
    "c NAME|NUMBER (a card), b (the board), l (the log), o (the options again), u (take back), q (quit)"
)


def _show_options(session: Session[Any], kit: GameKit) -> None:
    """The options, each with what it would do where the game can tell (core/preview.py)."""
    said: dict[int, str] = {}
    if kit.consequences is not None and kit.secrets is not None:
        for action, preview in previews(session, kit.consequences, kit.secrets).items():
            said[action] = preview.text()
    for index in session.legal_actions():
        label = session.action_to_string(index)
        note = said.get(index, "")
        text = f"{label} ({note})" if note else label
        number = f"  {index}: "
        lines = style.wrapped(text, " " * len(number))
        lines[0] = number + lines[0][len(number) :]
        if note:  # the note coloured, where a line holds it whole or holds only some of it
            lines = [
                line.replace(note, style.consequence(note))
                if note in line
                else (
                    line
                    if line.strip() not in note
                    else line.replace(line.strip(), style.consequence(line.strip()))
                )
                for line in lines
            ]
        click.echo("\n".join(lines))


def _show_card(kit: GameKit, query: str) -> None:
    """`c NAME|NUMBER`: a card in full, as `paxc render` prints it."""
    if not kit.cards:
        click.echo("this game lists no cards")
        return

    def shown(card: Any) -> str:
        first, _, rest = str(card.text).partition("\n")
        return style.card_name(first) + ("\n" + rest if rest else "")

    click.echo(card_lookup.answer(card_lookup.find(kit.cards, query), query, shown))


def _confirmed(question: str) -> bool:
    """Yes only for 'y' or 'yes': Enter alone, or anything else, is no."""
    answer: str = click.prompt(f"{style.warning(question)} [y/N]", default="", show_default=False)
    return answer.strip().lower() in ("y", "yes")


class _Narrator:
    """Prints what the rules narrate as it happens, and keeps it for 'l', each line after the
    decision it followed (0: before the first)."""

    def __init__(self) -> None:
        self.session: Session[Any] | None = None
        self.told: list[tuple[int, str]] = []

    def __call__(self, text: str) -> None:
        self.told.append((len(self.session.log) if self.session is not None else 0, text))
        click.echo(f"  * {text}")

    def forget_after(self, decisions: int) -> None:
        """After a decision is taken back: what followed it did not happen."""
        self.told = [(made, text) for made, text in self.told if made <= decisions]

    def show_log(self, decisions: list[dict[str, Any]]) -> None:
        """The decisions, one a line, with what happened after each."""
        show_decisions(decisions, self.told)


def show_decisions(decisions: list[dict[str, Any]], told: list[tuple[int, str]]) -> None:
    """The decisions of a save, one a line, each followed by what the rules told after it
    (`told`: lines with the number of decisions made before them, as `retell` gives them)."""
    after: dict[int, list[str]] = {}
    for made, text in told:
        after.setdefault(made, []).append(text)
    for text in after.get(0, []):
        click.echo(f"         * {text}")
    for number, decision in enumerate(decisions, start=1):
        click.echo(f"{number:>5}  P{decision['player']}: {decision['label']}")
        for text in after.get(number, []):
            click.echo(f"         * {text}")


def _load_saved(path: Path, game: str | None = None) -> tuple[Session[Any], GameKit]:
    """A saved game, replayed and checked against its game's schemas, with that game's kit;
    BadSave (or OSError, when the file cannot be opened) otherwise. `game`: the one it must be."""
    data = parse_save(read_save_file(path))
    saved_game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(saved_game, str) or saved_game not in games.installed():
        raise BadSave("not a paxc log (truncated, or of an unknown game)")
    if game is not None and game != saved_game:
        raise BadSave(f"this log is a game of {saved_game}, not of {game}")
    kit = _kit(saved_game)
    return Session.load(kit.rules, data, kit.options, observer=kit.observe), kit


def _load_for_play(path: Path, game: str | None) -> Session[Any]:
    """The saved game to resume, replayed and checked as `paxc replay` checks it."""
    try:
        session, _ = _load_saved(path, game)
    except BadSave as error:
        raise click.BadParameter(str(error), param_hint="--load") from error
    except OSError as error:
        raise click.BadParameter(
            f"cannot read {path}: {error.strerror or type(error).__name__}", param_hint="--load"
        ) from error
    if session.is_terminal():
        raise click.BadParameter(f"the game in {path} is over: nothing to resume", param_hint="--load")
    return session


def _undo(session: Session[Any], taken: list[tuple[int, int, int]]) -> Session[Any] | None:
    """The game as it was before the person's last decision, replayed from its log; None (saying
    why) when that cannot be: no decision to take back, another turn has begun, or something was
    drawn since (a card revealed, a die rolled), which the player has now seen."""
    if not taken:
        click.echo("there is no decision of yours to take back")
        return None
    log_length, chance_length, turn = taken[-1]
    if session.state.turn_number != turn:
        click.echo("cannot take it back: the turn it was made in is over")
        return None
    if len(session.chance) != chance_length:
        click.echo("cannot take it back: something hidden was drawn since")
        return None
    taken.pop()
    replayed = Session(session.rules, session.options, session.seed)
    for entry in session.log[:log_length]:
        replayed.apply_action(entry.choice)
    return replayed


class _LogWriter:
    """Writes the log of a game being played, whole each time (a temporary file renamed over the
    last one), so the file on disk is always a complete save."""

    def __init__(self, path: Path | None, session: Session[Any]) -> None:
        self.path = path
        self.session = session
        self.recorder = Recorder(session)  # also what 'l' shows: the labels are taken once
        self.failed = False
        self._written = -1  # the number of decisions in the last log written

    def reset(self, session: Session[Any]) -> None:
        """Write the log of this session from now on (after a decision is taken back)."""
        self.session = session
        self.recorder = Recorder(session)
        self._written = -1

    def write(self, *, first: bool = False) -> None:
        session = self.session
        if self.path is None:
            return
        if len(session.log) == self._written and not session.is_terminal():
            return
        # The file itself, through any symbolic link; never a device or a pipe, which the rename
        # below would replace (--save /dev/null must not replace /dev/null).
        target = self.path.resolve()
        if target.exists() and not target.is_file():
            raise click.BadParameter(f"{self.path} is not a regular file", param_hint="--save")
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(self.recorder.dumps(), encoding="utf-8")
            os.replace(temporary, target)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink()
            reason = error.strerror or type(error).__name__
            if not target.parent.is_dir():
                reason = f"there is no folder {target.parent}"
            if first:
                # Before the game: better to refuse now than to lose the game at its end.
                raise click.BadParameter(
                    f"cannot write {self.path}: {reason}", param_hint="--save"
                ) from error
            if not self.failed:
                click.echo(f"warning: cannot write the log to {self.path}: {reason}", err=True)
            self.failed = True
            return
        self._written = len(session.log)
        self.failed = False


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--quiet", is_flag=True, help="Print only the result, not every decision.")
@click.option(
    "--no-story",
    "no_story",
    is_flag=True,
    help="Print the decisions only, not what the rules told after each (marked '*').",
)
def replay(log: Path, quiet: bool, no_story: bool) -> None:
    """Replay a saved game LOG decision by decision, checking it reaches the saved state.

    Each decision is followed by what the rules told after it (payments, pieces placed and
    removed, cards discarded and why, Wakhan's and Díaz's moves...), marked '*': a save holds the
    decisions only, and the story is told again by replaying them. Only a regular file in UTF-8
    of sane size is read; every field of the save is checked (the options as strictly as on the
    command line). Anything wrong: one line, exit status 1.
    """
    try:
        session, kit = _load_saved(log)
    except BadSave as error:
        click.echo(f"{log}: {error}", err=True)
        sys.exit(1)
    except OSError as error:
        click.echo(f"{log}: cannot read it: {error.strerror or type(error).__name__}", err=True)
        sys.exit(1)
    if not quiet:
        saved: dict[str, Any] = session.save()
        show_decisions(saved["decisions"], [] if no_story else retell(session))
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
