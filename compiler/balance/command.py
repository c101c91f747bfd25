"""The `paxc compare` command: its options, progress and reports (the comparison is compare.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from paxc.runtime import commands as game_commands
from paxc.runtime import parallel


@click.command(name="compare")
@click.argument("game")
@game_commands.PLAYERS
@click.option(
    "--games", "count", type=click.IntRange(2), default=200, show_default=True, help="Games on each side."
)
@click.option(
    "--seed",
    type=game_commands.SEED,
    default=1,
    show_default=True,
    help="Seed of the run: both sides play the games 'paxc simulate --seed S' plays.",
)
@game_commands.JOBS
@game_commands.RAY
@click.option(
    "--base",
    "revision",
    metavar="REV",
    help="Side A plays the cards of this git revision (compiled here), side B the working tree's. "
    "The game's vocabulary must be the same in both.",
)
@click.option(
    "--errata-version",
    "errata_a",
    multiple=True,
    metavar="VERSION",
    help="Side A's versions of the cards with errata (as 'paxc simulate --errata-version': latest, "
    "printed, N or NUMBER:VERSION; may be given several times).",
)
@click.option(
    "--with",
    "errata_b",
    multiple=True,
    metavar="VERSION",
    help="Side B's versions of the cards with errata (default: the latest).",
)
@click.option(
    "--detect",
    type=click.FloatRange(0.1, 100),
    default=5.0,
    show_default=True,
    metavar="POINTS",
    help="The change in a seat's win rate, in percentage points, whose games-needed estimate is printed.",
)
@click.option(
    "--plots",
    "plots_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write plots here (PNG and SVG: win rates with their intervals, the cards that moved); "
    "needs matplotlib ('pip install paxc[plots]').",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON on stdout, for tools.")
@game_commands.SEATS_OF_BOTS
@game_commands.variant_options
@click.pass_context
def compare_command(
    ctx: click.Context,
    /,
    game: str,
    players: int | None,
    count: int,
    seed: int,
    jobs: int | None,
    ray_address: str | None,
    revision: str | None,
    errata_a: tuple[str, ...],
    errata_b: tuple[str, ...],
    detect: float,
    plots_dir: Path | None,
    as_json: bool,
    bots: str | None,
    **variants: bool,
) -> None:
    """Play two versions of GAME's cards on the same seeds, and say what the change did.

    Side A is the cards of --base REV, or as --errata-version chooses; side B the working
    tree's cards, as --with chooses. Both play the games 'paxc simulate --seed S' plays, with the
    same agents (random players unless --seats names others; the game's own opponent, Wakhan or
    Díaz, at its seat), so game i
    of A is the twin of game i of B until the change first matters. Printed: each seat's wins on
    each side with 95% intervals and the paired difference B - A with its interval and p-value;
    how many games would show a change of --detect points; game lengths; how games ended; and
    per card, the games it was bought and played in, its effects' acts, and the win rate of the
    players who played it, on each side. Exits 1 if a game failed.
    """
    from paxc.compiler.balance import compare

    if revision is None and errata_a == errata_b:
        raise click.UsageError(
            "nothing to compare: give --base REV, or side A's --errata-version and side B's --with "
            "(e.g. --errata-version printed --with latest)"
        )
    if plots_dir is not None:
        from paxc.compiler.balance import plots

        plots.check_available()
    # With --base, each side plays cards of its own: card_sides checks each side's errata
    # versions against them, not against the installed cards.
    installed = revision is None
    options_a = game_commands.game_options(
        game, players, variants, errata_a, errata_of_installed_cards=installed
    )
    options_b = game_commands.game_options(
        game, players, variants, errata_b, errata_of_installed_cards=installed
    )
    kit = game_commands.kit_of(game)
    root: Path = ctx.find_root().obj["root"]
    if revision is not None:
        package = type(kit.cards[0]).__module__.rsplit(".", 2)[0] if kit.cards else ""
        try:
            side_a, side_b = compare.card_sides(root, revision, game, package, (errata_a, errata_b))
        except compare.CompareError as error:
            raise click.ClickException(str(error)) from error
    else:
        side_a, side_b = compare.Side(_label(errata_a), errata_a), compare.Side(_label(errata_b), errata_b)
    chosen = tuple(game_commands.parse_bots(bots, kit, options_a))
    seats = game_commands.bot_seating(kit, options_a, seed, chosen)
    seat_names = [f"P{n}" if who == "random" else f"P{n} ({who})" for n, who in enumerate(seats)]
    usable = game_commands.workers(jobs, ray_address, 2 * count)
    run: dict[str, Any] = {
        "game": game,
        "sides": (side_a, side_b),
        "options": (options_a, options_b),
        "seed": seed,
        "games": count,
        "jobs": usable,
        "seat_names": seat_names,
        "detect": detect / 100,
        "bots": chosen,
        "ray_address": ray_address,
    }
    try:
        if sys.stderr.isatty():
            with click.progressbar(
                length=2 * count, label="comparing", file=sys.stderr, show_eta=True
            ) as bar:
                result = compare.compare(**run, progress=bar.update)
        else:
            result = compare.compare(**run)
    except parallel.ParallelError as error:
        raise click.ClickException(str(error)) from error
    result.card_names = {card.number: card.name for card in kit.cards}
    if plots_dir is not None:
        from paxc.compiler.balance import plots

        written = plots.write(result, plots_dir)
        click.echo(f"plots: {', '.join(str(p) for p in written)}", err=True)
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=1, ensure_ascii=False))
    else:
        click.echo("\n".join(result.lines()))
    if result.errors():
        sys.exit(1)


def _label(errata: tuple[str, ...]) -> str:
    return "errata " + ",".join(errata) if errata else "latest"
