"""The options a game starts from, checked by one schema whether they come from the command line
or from a save: every key known, every value of its type and in its range, no contradiction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paxc.runtime.core import errata


class OptionsError(ValueError):
    """Options a game cannot start from; the message says which and why, in one line."""


@dataclass(frozen=True)
class OptionsSchema:
    """A game's options: `players` (an int from min to max), on/off variant flags, and which
    version of the cards with errata to play (`errata`, core/errata.py: the latest if left out).

    `solo_flag` names the variant where one person plays against the game itself: `players` is
    then left out or names the seats the game sets (`solo_players`). `flag_players` restricts a
    flag to a range of player counts (a variant the rules give only for some player counts)."""

    title: str
    min_players: int
    max_players: int
    flags: tuple[str, ...] = ()
    solo_flag: str | None = None
    solo_players: tuple[int, ...] = (1, 2)
    flag_players: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    # With the solo flag, whether `players` counts the people (kept as given, the fewest when left
    # out: Pax Pamir against Wakhan) or is set to the seats the game needs (the largest of
    # `solo_players`: Pax Porfiriana's Díaz solitaire).
    solo_counts_people: bool = False
    # Flags that go only with another flag (Wakhan's variants with `wakhan`): flag -> the flag it needs.
    flag_requires: Mapping[str, str] = field(default_factory=dict)

    def check(self, options: object) -> dict[str, Any]:
        """The options, as given, once every check passes; OptionsError otherwise."""
        if not isinstance(options, Mapping):
            raise OptionsError(f"the options must be a mapping, not {shown(options)}")
        known = ("players", *self.flags, errata.OPTION)
        for key in options:
            if key not in known:
                raise OptionsError(
                    f"{self.title} has no option {shown(key)} (its options: {', '.join(known)})"
                )
        for flag in self.flags:
            if flag in options and not isinstance(options[flag], bool):
                raise OptionsError(f"the option '{flag}' is true or false, not {shown(options[flag])}")
        if errata.OPTION in options:
            try:
                errata.parse(options[errata.OPTION])
            except errata.ErrataError as error:
                raise OptionsError(str(error)) from error
        players = options.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise OptionsError(f"the option 'players' is a whole number, not {shown(players)}")
        solo = self.solo_flag is not None and options.get(self.solo_flag) is True
        if solo:
            if players is not None and players not in self.solo_players:
                raise OptionsError(f"{self.title}'s {self.solo_flag} is for one player, not {players}")
        elif players is None:
            raise OptionsError(f"the options lack 'players' ({self.min_players} to {self.max_players})")
        elif not self.min_players <= players <= self.max_players:
            raise OptionsError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        for flag, needed in self.flag_requires.items():
            if options.get(flag) is True and options.get(needed) is not True:
                raise OptionsError(f"{self.title}'s {flag} variant goes with the {needed} variant")
        for flag, (low, high) in self.flag_players.items():
            if options.get(flag) is True and (solo or players is None or not low <= players <= high):
                raise OptionsError(
                    f"{self.title}'s {flag} variant is for {low} to {high} players"
                    + (f", not the {self.solo_flag}" if solo else f", not {players}")
                )
        return dict(options)


def shown(value: object) -> str:
    """A value for an error message, cut short: edited saves and options may hold anything."""
    try:
        text = repr(value)
    except RecursionError:
        return "a deeply nested value"
    return text if len(text) <= 40 else text[:37] + "..."
