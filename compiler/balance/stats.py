"""The statistics of a comparison, with the standard library only (`statistics.NormalDist`).

Both sides of a comparison play the same seeds with the same agents, so a game of one side has
its twin in the other: a seat's win rates are compared game by game (a paired difference, whose
interval is much narrower than two independent rates' when the change rarely matters), and the
per-card figures, which count different games on each side, as two independent proportions
(Newcombe's interval, from Wilson's).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

CONFIDENCE = 0.95
POWER = 0.80


def _z(two_sided: float) -> float:
    return statistics.NormalDist().inv_cdf(1 - (1 - two_sided) / 2)


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def as_json(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson(successes: int, trials: int) -> Interval | None:
    """A proportion with Wilson's score interval (good near 0 and 1 and for few trials); None
    without trials."""
    if trials <= 0:
        return None
    z = _z(CONFIDENCE)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 or all successes a bound is exactly 0 or 1 (the formula leaves rounding dust there).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def difference_of_proportions(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int
) -> Interval | None:
    """The difference b - a of two independent proportions, with Newcombe's hybrid score
    interval (method 10 of his 1998 paper); None when a side has no trials."""
    a, b = wilson(successes_a, trials_a), wilson(successes_b, trials_b)
    if a is None or b is None:
        return None
    value = b.value - a.value
    low = value - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = value + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Interval(value, max(-1.0, low), min(1.0, high))


@dataclass(frozen=True)
class Paired:
    """The mean of game-by-game differences (side b minus side a), with its interval, the
    two-sided p-value of 'no difference', and the standard deviation of the differences."""

    interval: Interval
    p_value: float
    deviation: float
    games: int

    @property
    def significant(self) -> bool:
        return self.p_value < 1 - CONFIDENCE

    def as_json(self) -> dict[str, object]:
        return {
            **self.interval.as_json(),
            "p_value": self.p_value,
            "significant": self.significant,
            "deviation": self.deviation,
            "games": self.games,
        }


def paired(differences: Sequence[float]) -> Paired | None:
    """The mean difference of paired games with a normal interval (the games are many; a
    difference of wins is -1, 0 or 1 per game); None for fewer than two games."""
    n = len(differences)
    if n < 2:
        return None
    mean = statistics.fmean(differences)
    deviation = statistics.stdev(differences)
    if deviation == 0:
        return Paired(Interval(mean, mean, mean), 1.0 if mean == 0 else 0.0, 0.0, n)
    error = deviation / math.sqrt(n)
    z = _z(CONFIDENCE)
    p_value = 2 * (1 - statistics.NormalDist().cdf(abs(mean) / error))
    return Paired(Interval(mean, mean - z * error, mean + z * error), p_value, deviation, n)


def games_needed(deviation: float, difference: float) -> int | None:
    """How many paired games make a true mean difference of `difference` significant at the 95%
    level with 80% power, for game-by-game differences that spread by `deviation`; None when
    the differences never spread (the sides played the same games)."""
    if deviation <= 0 or difference <= 0:
        return None
    z = _z(CONFIDENCE) + statistics.NormalDist().inv_cdf(POWER)
    return math.ceil((z * deviation / difference) ** 2)
