"""The bots that fill seats: a random player, and a searching one (`core/search.py`), by the
names the command line and saves give them (`random`, `mcts`, `mcts:400`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from paxc.runtime.core.determinize import HiddenCards
from paxc.runtime.core.observation import Observation
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Session


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        return legal_actions[self._rng.below(len(legal_actions))]

    def choose(self, session: Session[Any]) -> int:
        """The same pick as `act`, straight from a session: the commands' self-play uses it, as a
        random pick reads nothing but how many actions are legal, and building an observation
        at every decision would slow self-play for nothing."""
        pending = session.pending  # `action_count`, without its call
        return self._rng.below(0 if pending is None else len(pending.options))


class Bot(Protocol):
    """What self-play and the table ask of a bot: its choice at a decision of its seat."""

    def choose(self, session: Session[Any]) -> int: ...


SEARCH = "mcts"


class UnknownBot(ValueError):
    """A seat's kind that names no bot (the message says what would)."""


def bot_kind(kind: str) -> tuple[str, int | None]:
    """`random` -> (random, None); `mcts` -> (mcts, None); `mcts:400` -> (mcts, 400); UnknownBot
    otherwise."""
    name, colon, budget = kind.partition(":")
    if name == "random" and not colon:
        return name, None
    if name == SEARCH:
        if not colon:
            return name, None
        if budget.isascii() and budget.isdigit() and 1 <= int(budget) <= 1_000_000:
            return name, int(budget)
        raise UnknownBot(f"'{kind}': the simulations of a search are a whole number from 1 to 1000000")
    raise UnknownBot(f"'{kind}' is no bot: 'random', 'mcts' or 'mcts:SIMULATIONS'")


def make_bot(
    kind: str,
    seed: int,
    hidden_cards: HiddenCards | None,
    evaluate: Callable[[Any], Sequence[float]] | None,
    group: Callable[[object], str | None] | None = None,
    playout_depth: int | None = None,
) -> Bot:
    """The bot a seat's kind names, seeded; UnknownBot for a kind no bot has, or a search in a
    game that cannot deal its hidden cards afresh."""
    name, budget = bot_kind(kind)
    if name == "random":
        return RandomAgent(seed)
    from paxc.runtime.core.search import DEFAULT_DEPTH, DEFAULT_SIMULATIONS, SearchAgent

    if hidden_cards is None:
        raise UnknownBot("this game cannot deal its hidden cards afresh: 'mcts' cannot play it")
    simulations = budget or DEFAULT_SIMULATIONS
    depth = DEFAULT_DEPTH if playout_depth is None else playout_depth
    return SearchAgent(seed, hidden_cards, evaluate, simulations, depth, group)
