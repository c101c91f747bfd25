"""The plots of a comparison (`paxc compare --plots DIR`), drawn with matplotlib, an optional
extra (`pip install 'paxc[plots]'`): each seat's win rate on both sides with its interval, and
the cards whose players' win rate moved most, with the interval of the change. Each plot is
written as PNG and SVG, each file whole or not at all (written beside, then renamed)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from paxc.compiler.balance.compare import Comparison

CARDS_PLOTTED = 20
FORMATS = ("png", "svg")


def check_available() -> None:
    """A usage error at once (before any game is played) when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        raise click.UsageError("--plots needs matplotlib: pip install 'paxc[plots]'") from error


def write(comparison: Comparison, folder: Path) -> list[Path]:
    """Draw the plots into `folder` (made if missing); the files written."""
    import matplotlib

    matplotlib.use("Agg")  # no screen: files only
    folder.mkdir(parents=True, exist_ok=True)
    written = _save(_win_rates(comparison), folder, "win_rates")
    cards = _cards(comparison)
    if cards is not None:
        written += _save(cards, folder, "cards")
    return written


def _win_rates(comparison: Comparison) -> Any:
    import matplotlib.pyplot as plt

    seats = comparison.seats()
    figure, axes = plt.subplots(figsize=(max(4.0, 1.6 * len(seats) + 2), 3.6), layout="constrained")
    width = 0.38
    labels = (side.label for side in comparison.sides)
    for side, (label, colour) in enumerate(zip(labels, ("#7a8fa6", "#c8743c"), strict=True)):
        xs = [n + (side - 0.5) * width for n in range(len(seats))]
        rates = [s.rates[side] for s in seats]
        values = [r.value * 100 if r else 0.0 for r in rates]
        errors = [
            [(r.value - r.low) * 100 if r else 0.0 for r in rates],
            [(r.high - r.value) * 100 if r else 0.0 for r in rates],
        ]
        axes.bar(xs, values, width, yerr=errors, capsize=4, label=f"{'AB'[side]}: {label}", color=colour)
    axes.set_xticks(range(len(seats)), [s.seat for s in seats])
    axes.set_ylabel("games won (%), with 95% interval")
    axes.set_title(f"{comparison.game}: {len(comparison.finished())} games a side (seed {comparison.seed})")
    highest = max((r.high for s in seats for r in s.rates if r is not None), default=1.0)
    axes.set_ylim(0, min(100.0, highest * 100 * 1.3 + 5))  # room for the legend above the bars
    axes.legend(loc="upper center", ncols=2, fontsize="small")
    return figure


def _cards(comparison: Comparison) -> Any | None:
    import matplotlib.pyplot as plt

    moved = [
        (card, change)
        for card in comparison.cards()
        if (change := card.win_rate_change()) is not None and min(card.players) >= 5
    ]
    moved.sort(key=lambda pair: abs(pair[1].value), reverse=True)
    moved = moved[:CARDS_PLOTTED][::-1]
    if not moved:
        return None
    figure, axes = plt.subplots(figsize=(7.5, 1.2 + 0.32 * len(moved)), layout="constrained")
    ys = range(len(moved))
    values = [change.value * 100 for _, change in moved]
    errors = [
        [(change.value - change.low) * 100 for _, change in moved],
        [(change.high - change.value) * 100 for _, change in moved],
    ]
    colours = ["#c8743c" if change.excludes_zero() else "#9aa5b1" for _, change in moved]
    axes.barh(list(ys), values, xerr=errors, capsize=3, color=colours)
    axes.set_yticks(list(ys), [f"#{card.number} {card.name[:28]}" for card, _ in moved], fontsize="small")
    axes.axvline(0, color="#333333", linewidth=0.8)
    axes.set_xlabel("B - A: win rate of the players who played the card (points, 95% interval)")
    axes.set_title("cards whose players' win rate moved most (at least 5 players a side)")
    return figure


def _save(figure: Any, folder: Path, stem: str) -> list[Path]:
    import matplotlib.pyplot as plt

    written = []
    try:
        for suffix in FORMATS:
            target = folder / f"{stem}.{suffix}"
            descriptor, temporary = tempfile.mkstemp(prefix=f".{stem}-", suffix=f".{suffix}", dir=folder)
            os.close(descriptor)
            try:
                # The SVG names no date and keeps its ids stable, so two runs draw the same file.
                metadata = {"Date": None} if suffix == "svg" else {"Software": None}
                figure.savefig(temporary, format=suffix, dpi=110, metadata=metadata)
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            written.append(target)
    finally:
        plt.close(figure)
    return written
