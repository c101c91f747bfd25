"""`paxc compare`: two versions of a game's cards played on the same seeds by the same agents.

A side is a version of the cards: the generated code of the project (the working tree, built
first) or of a git revision (`--base REV`: its cards compiled here, put in place of the generated
modules in the processes that play that side, as `paxc coverage` puts its probed modules), each
with its choice of errata versions (`--errata-version`, `--with`). Each side plays in processes of
its own (a revision's cards cannot share a process with the project's), every game with the seed
`paxc simulate` gives it, so game i of one side is the twin of game i of the other: until the
change first matters they are the same game.

Besides each game's result, a worker counts what the cards did: the cards bought and played (the
events of the vocabulary's triggers `card_bought` and `card_played`, seen through
`runtime/core/watch.py`, with the player of each), and how often each card's effects acted (a
modifier: when it changed the value), with the player they acted for.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paxc.compiler.balance import stats

WATCHED_TRIGGERS = ("card_bought", "card_played")


class CompareError(Exception):
    """The comparison cannot be made as asked; the message says why."""


@dataclass(frozen=True)
class Side:
    """One version of the cards: `label` as reports name it, the errata versions chosen (the
    values of `--errata-version`), and the generated modules to put in place of the project's
    (module name: source; None: the project's own generated code)."""

    label: str
    errata: tuple[str, ...] = ()
    modules: Mapping[str, str] | None = None


def card_sides(
    root: Path, revision: str, game: str, package: str, errata: tuple[tuple[str, ...], tuple[str, ...]]
) -> tuple[Side, Side]:
    """Side A: the cards of `game` at a git revision of the project; side B: the working tree's.
    Both are compiled here and put in place of the generated package `package` (the one the
    game plays, so a copy of the cards outside this repository compares its own cards, not the
    installed ones). The game's vocabulary must be the same on both sides and in the installed
    generated code: the rules that play both sides are the installed ones. Each side's errata
    versions (`errata`) must name versions its own cards have."""
    from paxc.compiler import diff
    from paxc.runtime.core import errata as card_errata

    try:
        versions = diff.checked_version(root, revision).games, diff.checked_version(root, None).games
    except diff.DiffError as error:
        raise CompareError(str(error)) from error
    installed = _installed_vocabulary(package, game)
    sides = []
    for label, games, chosen in zip((revision, "working tree"), versions, errata, strict=True):
        if game not in games:
            raise CompareError(f"the cards of {label} have no game {game}")
        vocabulary = games[game].vocabulary
        if games[game].vocabulary_sha256 != installed:
            raise CompareError(
                f"{vocabulary.path} of {label} is not the vocabulary the installed rules of {game} were "
                "built with: compare plays both sides with those rules, so only changes of the cards "
                "themselves can be compared"
            )
        try:
            if chosen:
                card_errata.check(
                    card_errata.parse(",".join(chosen)), games[game].cards(), f"{game} at {label}"
                )
        except card_errata.ErrataError as error:
            raise CompareError(f"the cards of {label}: {error}") from error
        sides.append(Side(label, chosen, _modules(games[game], package)))
    return sides[0], sides[1]


def _installed_vocabulary(package: str, game: str) -> str | None:
    """The sha256 of the vocabulary the installed generated code of the game was made from."""
    import importlib.util

    spec = importlib.util.find_spec(f"{package}.{game}.vocabulary")
    if spec is None or spec.origin is None:
        return None
    with open(spec.origin, encoding="utf-8") as module:
        for line in module:
            if line.startswith("# source-sha256: "):
                return line.split(":", 1)[1].strip()
    return None


def _modules(game: Any, package: str) -> dict[str, str]:
    """The generated modules of a game's cards, by module name, but its vocabulary (the installed
    one stays, so its types are those the rules know)."""
    from paxc.compiler import codegen

    modules: dict[str, str] = {}
    for path, text in codegen.generate_game(game, package=package).items():
        if not path.endswith("/vocabulary.py"):
            modules[f"{package}.{path.removesuffix('.py').removesuffix('/__init__').replace('/', '.')}"] = (
                text
            )
    return modules


# ---------------------------------------------------------------------- one side's worker


@dataclass(frozen=True)
class SideGame:
    """One game of one side: its result, and what its cards did (card, player)."""

    result: Any  # commands.GameResult
    bought: tuple[tuple[int, int], ...] = ()
    played: tuple[tuple[int, int], ...] = ()
    acted: tuple[tuple[int, int, int], ...] = ()  # card, player, times


@dataclass
class _Tally:
    bought: list[tuple[int, int]] = field(default_factory=list)
    played: list[tuple[int, int]] = field(default_factory=list)
    acted: Counter[tuple[int, int]] = field(default_factory=Counter)


_tally = _Tally()
_watched: dict[type, tuple[str, str, str]] = {}  # event type: its trigger, card field, player field


def put_in_place(modules: Mapping[str, str]) -> None:
    """Make the generated modules `modules` (name: source) those that the game's rules import:
    the card modules first, then the game's package, whose CARDS gathers them. Must run before
    the rules are imported."""
    packages = [name for name, text in modules.items() if "CARDS_BY_NUMBER" in text and "SOURCES" in text]
    for name in packages:
        importlib.import_module(f"{name}.vocabulary")  # the package's own vocabulary, kept
    for name, text in modules.items():
        if name in packages:
            continue
        module = types.ModuleType(name)
        sys.modules[name] = module
        exec(compile(text, f"<{name}>", "exec"), module.__dict__)  # noqa: S102
        parent, _, short = name.rpartition(".")
        setattr(sys.modules[parent], short, module)
    for name in packages:
        exec(compile(modules[name], f"<{name}>", "exec"), sys.modules[name].__dict__)  # noqa: S102


def _start(game: str, side: Side) -> None:
    """A worker's start: its side's cards in place, every effect counted, the watched events seen."""
    from paxc.runtime import games
    from paxc.runtime.core import watch

    if side.modules is not None:
        put_in_place(side.modules)
    kit = games.load_kit(games.find(game))
    seen: set[int] = set()
    for printed in kit.cards:
        for version in (printed, *getattr(printed, "versions", ())):
            _count_effects(version, seen)
    _watched.clear()
    if kit.cards:
        vocabulary = sys.modules[type(kit.cards[0]).__module__]
        for trigger in WATCHED_TRIGGERS:
            found = _event_fields(vocabulary, trigger)
            if found is not None:
                _watched[found[0]] = (trigger, found[1], found[2])
    watch.start(_watched, _saw)


def _event_fields(vocabulary: types.ModuleType, trigger: str) -> tuple[type, str, str] | None:
    """The event class of a trigger of the generated vocabulary, and its first card and first
    player field; None if the game has no such trigger, or it names no card or no player."""
    from paxc.compiler import pynames

    event_type = getattr(vocabulary, pynames.camel(trigger), None)
    if not isinstance(event_type, type) or not dataclasses.is_dataclass(event_type):
        return None
    fields = dataclasses.fields(event_type)
    card = next((f.name for f in fields if f.type in ("Card", "Card | None")), None)
    player = next((f.name for f in fields if f.type == "PlayerId"), None)
    return None if card is None or player is None else (event_type, card, player)


def _saw(event: object) -> None:
    trigger, card_field, player_field = _watched[type(event)]
    seen = (getattr(event, card_field).number, int(getattr(event, player_field)))
    (_tally.bought if trigger == "card_bought" else _tally.played).append(seen)


def _count_effects(printed: Any, seen: set[int]) -> None:
    """Wrap each effect of a card (every side and lasting effect) to count, per player, the
    times it acted; an effect shared by two versions is wrapped once."""
    from paxc.runtime.effects import Modifier, effects_of

    for effect in effects_of(printed):
        if id(effect) in seen:
            continue
        seen.add(id(effect))
        if isinstance(effect, Modifier):
            object.__setattr__(effect, "apply", _counted_apply(effect.apply, printed.number))
        else:
            object.__setattr__(effect, "run", _counted_run(effect.run, printed.number))


def _counted_run(run: Callable[..., Any], number: int) -> Callable[..., Any]:
    def counted(ctx: Any, *rest: Any) -> Any:
        _tally.acted[number, int(ctx.you)] += 1
        return run(ctx, *rest)

    return counted


def _counted_apply(apply: Callable[..., Any], number: int) -> Callable[..., Any]:
    def counted(ctx: Any, hook: Any, current: Any) -> Any:
        value = apply(ctx, hook, current)
        if value != current:
            _tally.acted[number, int(ctx.you)] += 1
        return value

    return counted


def _play(task: tuple[str, Mapping[str, Any], int, tuple[str, ...]]) -> SideGame:
    from paxc.runtime import commands

    global _tally
    _tally = _Tally()
    game, options, seed, bots = task
    result = commands.play_one(game, options, seed, False, bots)
    acted = tuple((card, player, times) for (card, player), times in sorted(_tally.acted.items()))
    return SideGame(result, tuple(_tally.bought), tuple(_tally.played), acted)


def play_side(
    game: str,
    side: Side,
    options: Mapping[str, Any],
    seeds: Sequence[int],
    jobs: int,
    bots: tuple[str, ...] = (),
    ray_address: str | None = None,
) -> Iterator[SideGame]:
    """The side's games, in seed order, played by `jobs` fresh processes of its own (spawned:
    a revision's cards must be in place before the rules are first imported), or by `jobs` Ray
    workers of its own at `ray_address`, the seats of people filled by `bots` (random where none
    is given)."""
    from paxc.runtime import parallel

    tasks = [(game, options, seed, bots) for seed in seeds]
    yield from parallel.ordered_map(
        _play,
        tasks,
        jobs,
        start=_start,
        start_args=(game, side),
        method="spawn",
        ray_address=ray_address,
        fingerprint_of=game,
    )


# ---------------------------------------------------------------------- the figures


@dataclass(frozen=True)
class SeatFigures:
    seat: str
    wins: tuple[int, int]
    rates: tuple[stats.Interval | None, stats.Interval | None]
    difference: stats.Paired | None
    games_needed: int | None  # to see `detect` with 80% power, from these games' spread


@dataclass(frozen=True)
class CardFigures:
    """One card on both sides: games in which it was bought, played, acted; its acts; and the
    win rate of the players who played it (a player who played it in a game counts once)."""

    number: int
    name: str
    bought: tuple[int, int]
    played: tuple[int, int]
    acted_games: tuple[int, int]
    acts: tuple[int, int]
    players_won: tuple[int, int]
    players: tuple[int, int]

    def win_rate(self, side: int) -> stats.Interval | None:
        return stats.wilson(self.players_won[side], self.players[side])

    def win_rate_change(self) -> stats.Interval | None:
        return stats.difference_of_proportions(
            self.players_won[0], self.players[0], self.players_won[1], self.players[1]
        )

    def moved(self) -> float:
        """How much the card's figures moved between the sides, for sorting."""
        total = max(1, sum(self.played) + sum(self.acts))
        return (abs(self.played[1] - self.played[0]) + abs(self.acts[1] - self.acts[0])) / math.sqrt(total)

    def as_json(self) -> dict[str, Any]:
        change = self.win_rate_change()
        rates = [self.win_rate(0), self.win_rate(1)]
        return {
            "number": self.number,
            "name": self.name,
            "games_bought": list(self.bought),
            "games_played": list(self.played),
            "games_acted": list(self.acted_games),
            "acts": list(self.acts),
            "players_who_played": list(self.players),
            "players_who_played_won": list(self.players_won),
            "win_rate_of_players": [r.as_json() if r else None for r in rates],
            "win_rate_change": change.as_json() if change else None,
        }


@dataclass
class Comparison:
    game: str
    sides: tuple[Side, Side]
    options: tuple[Mapping[str, Any], Mapping[str, Any]]
    seed: int
    seat_names: list[str]
    detect: float
    games: list[tuple[SideGame, SideGame]] = field(default_factory=list)
    card_names: Mapping[int, str] = field(default_factory=dict)
    seconds: float = 0.0

    # -- what the games say

    def finished(self) -> list[tuple[SideGame, SideGame]]:
        """The pairs both of whose games finished (a game that failed on either side leaves
        its twin out of every figure)."""
        return [(a, b) for a, b in self.games if a.result.error is None and b.result.error is None]

    def errors(self) -> list[tuple[str, int, str]]:
        return [
            (self.sides[index].label, pair[index].result.seed, pair[index].result.error)
            for pair in self.games
            for index in (0, 1)
            if pair[index].result.error is not None
        ]

    def same_games(self) -> int:
        """Pairs whose two games ended alike (winner, scores, decisions): the change never
        mattered there, or not enough to show."""
        return sum(
            1
            for a, b in self.finished()
            if (a.result.winner, a.result.scores, a.result.decisions)
            == (b.result.winner, b.result.scores, b.result.decisions)
        )

    def seats(self) -> list[SeatFigures]:
        pairs = self.finished()
        found = []
        for seat, name in enumerate(self.seat_names):
            won = [(a.result.winner == seat, b.result.winner == seat) for a, b in pairs]
            wins = (sum(w for w, _ in won), sum(w for _, w in won))
            difference = stats.paired([float(b) - float(a) for a, b in won])
            needed = stats.games_needed(difference.deviation, self.detect) if difference else None
            rates = (stats.wilson(wins[0], len(pairs)), stats.wilson(wins[1], len(pairs)))
            found.append(SeatFigures(name, wins, rates, difference, needed))
        return found

    def lengths(self) -> dict[str, tuple[float, float, stats.Paired | None]]:
        """Decisions and turns per game: each side's mean, and the paired difference."""
        pairs = self.finished()
        found: dict[str, tuple[float, float, stats.Paired | None]] = {}
        for what in ("decisions", "turns"):
            a = [float(getattr(x.result, what)) for x, _ in pairs]
            b = [float(getattr(y.result, what)) for _, y in pairs]
            if pairs:
                found[what] = (
                    sum(a) / len(a),
                    sum(b) / len(b),
                    stats.paired([y - x for x, y in zip(a, b, strict=True)]),
                )
        return found

    def endings(self) -> tuple[Counter[str], Counter[str]]:
        pairs = self.finished()
        return Counter(a.result.ending for a, _ in pairs), Counter(b.result.ending for _, b in pairs)

    def cards(self) -> list[CardFigures]:
        """Every card bought, played or acting on either side, the most moved first."""
        counts: dict[int, dict[str, list[int]]] = {}

        def at(number: int) -> dict[str, list[int]]:
            return counts.setdefault(
                number, {k: [0, 0] for k in ("bought", "played", "acted", "acts", "won", "players")}
            )

        for pair in self.finished():
            for side, one in enumerate(pair):
                winner = one.result.winner
                for number in {n for n, _ in one.bought}:
                    at(number)["bought"][side] += 1
                for number in {n for n, _ in one.played}:
                    at(number)["played"][side] += 1
                for number, player in set(one.played):
                    at(number)["players"][side] += 1
                    at(number)["won"][side] += winner == player
                for number in {n for n, _, _ in one.acted}:
                    at(number)["acted"][side] += 1
                for number, _, times in one.acted:
                    at(number)["acts"][side] += times
        found = [
            CardFigures(
                number,
                self.card_names.get(number, f"#{number}"),
                *((c[key][0], c[key][1]) for key in ("bought", "played", "acted", "acts", "won", "players")),
            )
            for number, c in counts.items()
        ]
        return sorted(found, key=lambda card: (-card.moved(), card.number))

    # -- reports

    def as_json(self) -> dict[str, Any]:
        lengths = self.lengths()
        endings = self.endings()
        return {
            "game": self.game,
            "seed": self.seed,
            "games": len(self.games),
            "finished": len(self.finished()),
            "same_games": self.same_games(),
            "seconds": self.seconds,
            "sides": [
                {"label": side.label, "errata": list(side.errata), "revision": side.modules is not None}
                for side in self.sides
            ],
            "options": [dict(o) for o in self.options],
            "detect": self.detect,
            "seats": [
                {
                    "seat": s.seat,
                    "wins": list(s.wins),
                    "win_rates": [r.as_json() if r else None for r in s.rates],
                    "difference": s.difference.as_json() if s.difference else None,
                    "games_needed": s.games_needed,
                }
                for s in self.seats()
            ],
            "lengths": {
                what: {"means": [a, b], "difference": d.as_json() if d else None}
                for what, (a, b, d) in lengths.items()
            },
            "endings": [dict(e.most_common()) for e in endings],
            "cards": [card.as_json() for card in self.cards()],
            "errors": [{"side": s, "seed": seed, "error": e} for s, seed, e in self.errors()],
        }

    def lines(self, cards_shown: int = 12) -> list[str]:
        a, b = (side.label for side in self.sides)
        pairs = self.finished()
        out = [
            f"{self.game}: {len(self.games)} games on each side, the same seeds (seed {self.seed}); "
            f"A = {a}, B = {b}",
            f"  the games went alike on both sides in {self.same_games()} of {len(pairs)}"
            + (
                " (the change never mattered on these seeds)"
                if pairs and self.same_games() == len(pairs)
                else ""
            ),
            "  wins by seat: A, B, and B - A with its 95% interval",
        ]
        significant = []
        for seat in self.seats():
            difference = seat.difference
            change = _points(difference.interval) + f", p = {difference.p_value:.2g}" if difference else "-"
            out.append(
                f"    {seat.seat:<14} {_rate(seat.wins[0], seat.rates[0]):<22} "
                f"{_rate(seat.wins[1], seat.rates[1]):<22} {change}"
            )
            if difference is not None and difference.significant:
                significant.append(seat.seat)
        if significant:
            out.append(f"  significant at 95%: {', '.join(significant)}")
        else:
            out.append("  no seat's win rate differs significantly (95%)")
        needed = [s.games_needed for s in self.seats() if s.games_needed is not None]
        if needed:
            out.append(
                f"  to see a change of {self.detect * 100:g} points in a seat's win rate (80% of the time, at 95%) "
                f"takes about {max(needed):,} games a side, by the spread of these games"
            )
        for what, (mean_a, mean_b, difference) in self.lengths().items():
            shown = f", B - A {_number(difference.interval)}" if difference else ""
            flag = " (significant)" if difference and difference.significant else ""
            out.append(f"  {what} per game: A {mean_a:.1f}, B {mean_b:.1f}{shown}{flag}")
        for label, ended in zip((a, b), self.endings(), strict=True):
            out.append(f"  ended ({label}): " + ", ".join(f"{n} by {e}" for e, n in ended.most_common()))
        cards = [card for card in self.cards() if card.moved() > 0][:cards_shown]
        if cards:
            out.append("  cards whose figures moved most (every card: --json): games played A/B, acts A/B,")
            out.append("  win rate of the players who played it A -> B (B - A and its interval)")
            for card in cards:
                moved = card.win_rate_change()
                won = " -> ".join(_percent(card.win_rate(side)) for side in (0, 1))
                out.append(
                    f"    #{card.number:<4} {card.name[:24]:<24} played {card.played[0]}/{card.played[1]}, "
                    f"acts {card.acts[0]}/{card.acts[1]}, won {won}"
                    + (f" ({_points(moved)})" if moved else "")
                )
        errors = self.errors()
        out.append(f"  errors: {len(errors)}")
        out += [f"    {label}, seed {seed}: {error}" for label, seed, error in errors[:10]]
        return out


def _percent(interval: stats.Interval | None) -> str:
    return "-" if interval is None else f"{interval.value * 100:.0f}%"


def _rate(wins: int, interval: stats.Interval | None) -> str:
    if interval is None:
        return str(wins)
    return f"{wins} {interval.value * 100:.1f}% [{interval.low * 100:.1f}, {interval.high * 100:.1f}]"


def _points(interval: stats.Interval) -> str:
    """A difference of rates in percentage points: `+1.5 [-2.0, +5.0]`."""
    return f"{interval.value * 100:+.1f} [{interval.low * 100:+.1f}, {interval.high * 100:+.1f}] points"


def _number(interval: stats.Interval) -> str:
    return f"{interval.value:+.1f} [{interval.low:+.1f}, {interval.high:+.1f}]"


def compare(
    game: str,
    sides: tuple[Side, Side],
    options: tuple[Mapping[str, Any], Mapping[str, Any]],
    seed: int,
    games: int,
    jobs: int,
    seat_names: list[str],
    detect: float = 0.05,
    progress: Callable[[int], None] | None = None,
    bots: tuple[str, ...] = (),
    ray_address: str | None = None,
) -> Comparison:
    """Play `games` games on each side (the seeds `paxc simulate --seed S` plays) and gather
    them, game i of each side beside the other's. `progress(n)` is told of each game done.
    On Ray (`ray_address`), `jobs` workers (0: one per CPU of the cluster) shared by the sides."""
    import time

    from paxc.runtime import commands, parallel

    seeds = commands.game_seeds(seed, games)
    started = time.perf_counter()
    comparison = Comparison(game, sides, options, seed, seat_names, detect)
    # With one job the sides play one after the other; with more, each side has half of them.
    if ray_address is not None:
        jobs = max(2, jobs or parallel.cluster_cpus(ray_address))
    share = max(1, jobs // 2)
    first = play_side(game, sides[0], options[0], seeds, share if jobs > 1 else 1, bots, ray_address)
    if jobs > 1:
        second = play_side(game, sides[1], options[1], seeds, jobs - share, bots, ray_address)
        for a, b in zip(first, second, strict=True):
            comparison.games.append((a, b))
            if progress:
                progress(2)
    else:
        done_a = []
        for a in first:
            done_a.append(a)
            if progress:
                progress(1)
        for a, b in zip(
            done_a, play_side(game, sides[1], options[1], seeds, 1, bots, ray_address), strict=True
        ):
            comparison.games.append((a, b))
            if progress:
                progress(1)
    comparison.seconds = time.perf_counter() - started
    return comparison
