"""What one seat may know: the observation an agent receives instead of the session.

A game says what is public and what is hidden with an *observer*: a function of the state and a
seat giving a `View` (the public table, the seat's own hidden cards, and how many cards each
hidden pile holds). The session adds the pending decision as that seat may see it and gives
the whole as an `Observation`: plain data (numbers, strings, lists, string-keyed dicts), the same
for the same view, with a canonical text form (OpenSpiel's `observation_string`).

Two states that differ only in what a seat may not see (another player's hand, the deck order)
give that seat the same observation: this is what a bot can rely on, and what the games' tests
check. A game that defines no observer shows its agents nothing but their pending decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Data = dict[str, Any]
"""Plain data: what `json.dumps` writes as it is (ints, strings, booleans, None, lists, dicts)."""


@dataclass(frozen=True)
class View:
    """A game's answer to "what may this seat know?".

    * `public`: what every player sees (the table, the pieces, the money that is shown);
    * `own`: this seat's hidden cards, which only it sees (its hand);
    * `hidden`: how many cards each hidden pile holds, by pile (the deck, each player's hand),
      without what they are or their order.
    """

    public: Data
    own: Data = field(default_factory=dict)
    hidden: Data = field(default_factory=dict)


Observer = Callable[[Any, int], View]
"""A game's observation function: (state, seat) -> what that seat may know."""


def no_view(state: object, player: int) -> View:
    """The observer of a game that defines none: nothing is shown, so nothing can leak."""
    return View({})


@dataclass(frozen=True)
class Observation:
    """One seat's view of the game at a moment, with its pending decision.

    `decision` is None once the game is over. Otherwise it names who decides; only the seat that
    decides sees the prompt and the options (their labels, in the order of the legal actions):
    the options of a decision may name the chooser's hidden cards.
    """

    game: str
    player: int
    public: Data
    own: Data
    hidden: Data
    decision: Data | None

    def to_data(self) -> Data:
        return {
            "game": self.game,
            "player": self.player,
            "public": self.public,
            "own": self.own,
            "hidden": self.hidden,
            "decision": self.decision,
        }

    def to_string(self) -> str:
        """The canonical text: the same view always gives the same text (keys sorted)."""
        return json.dumps(self.to_data(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def observe(
    game: str,
    observer: Observer,
    state: object,
    player: int,
    chooser: int | None,
    prompt: str,
    labels: Callable[[], Sequence[str]],
) -> Observation:
    """Assemble a seat's observation (`chooser` None: the game is over; `labels` is called only
    when the seat is the one deciding)."""
    view = observer(state, player)
    decision: Data | None = None
    if chooser is not None:
        decision = {"chooser": chooser}
        if chooser == player:
            decision["prompt"] = prompt
            decision["options"] = list(labels())
    return Observation(game, player, view.public, view.own, view.hidden, decision)


def check_plain(value: object, where: str = "observation") -> None:
    """Raise TypeError if `value` is not plain data (an enum, a set or a tuple left in a view
    would make the text form depend on Python rather than on the game)."""
    if value is None or type(value) in (bool, int, float, str):
        return
    if type(value) is list:
        for index, item in enumerate(value):
            check_plain(item, f"{where}[{index}]")
        return
    if type(value) is dict:
        for key, item in value.items():
            if type(key) is not str:
                raise TypeError(f"{where}: the key {key!r} is not a string")
            check_plain(item, f"{where}.{key}")
        return
    raise TypeError(f"{where} holds {type(value).__name__} {value!r}, which is not plain data")
