"""Setting a position by hand, for scenario files (`paxc test`): what a game offers so that a
scenario can start from its seeded setup and change only what matters.

A game gives an `Arrangement` in its kit: the context card effects see (scenario expectations
read it with the card language's queries, zones and money), how to put a card straight into a
place (taking it from wherever it is, with none of the rules' costs or effects), how to set a
player's money, and the game's own settings, each declared as an operation of the card language
is (`"loyalty(player: player, coalition: coalition)"`) so that `paxc test` checks a scenario's
lines against them as `paxc check` checks card text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from paxc.runtime.core.zones import Place


@dataclass(frozen=True)
class Setting:
    """A line a scenario may write to set part of a position: `signature` as an operation of the
    vocabulary is declared (`tribes(count: int, in region: region, for player: player)`: values
    in order, then named by prepositions; types are the vocabulary's), `apply(state, **values)`
    with the values by parameter name (a player is its seat, a card its generated `Card`)."""

    signature: str
    apply: Callable[..., object]
    help: str

    @property
    def name(self) -> str:
        return self.signature.split("(", 1)[0].strip()

    @property
    def result(self) -> str | None:
        """The type a query answers (`points(player: player) -> int`); None for a setting."""
        after = self.signature.rsplit(")", 1)[1].strip()
        return after[2:].strip() if after.startswith("->") else None

    def params(self) -> list[tuple[str | None, str, str]]:
        """(preposition, name, type) of each parameter, in order."""
        inside = self.signature.split("(", 1)[1].rsplit(")", 1)[0]
        found = []
        for part in filter(None, (p.strip() for p in inside.split(","))):
            match = _PARAM.fullmatch(part)
            if match is None:
                raise ValueError(f"a setting's parameter cannot read '{part}' ({self.signature})")
            found.append((match.group(1), match.group(2), match.group(3)))
        return found


_PARAM = re.compile(r"(?:(in|on|to|from|for|with|by|at)\s+)?([A-Za-z_]\w*)\s*:\s*([A-Za-z_]\w*)")


@dataclass(frozen=True)
class Arrangement:
    """What a game offers scenarios (see the module's docstring)."""

    # The context card effects see, for a seat (expectations and setting operations run in it).
    context: Callable[[Any, int], Any]
    # A card straight into a place (a zone, of a player or shared), at a position (1 the first;
    # None: where the game puts a card it receives there), taken first from wherever it is; None
    # for a game whose vocabulary declares no zones.
    put: Callable[[Any, int, Place, int | None], None] | None = None
    # A player's money set to an amount.
    set_money: Callable[[Any, int, int], None] | None = None
    # The money lying on a card set (a game whose money lies on cards).
    set_money_on_card: Callable[[Any, int, int], None] | None = None
    # Called on the seeded setup before the scenario's own lines (e.g. choosing what the rules
    # would otherwise ask before the first turn).
    prepare: Callable[[Any], None] | None = None
    settings: Mapping[str, Setting] = field(default_factory=dict)
    # What expectations may read besides the vocabulary's queries, declared as queries are
    # (`regime() -> regime`); `apply(state, **values)` answers.
    queries: Mapping[str, Setting] = field(default_factory=dict)


def settings(*found: Setting) -> dict[str, Setting]:
    return {setting.name: setting for setting in found}
