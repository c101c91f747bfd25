"""A bot that plays by searching: information-set Monte Carlo tree search with determinization.

At each decision with more than one option the bot runs `simulations` playouts. Each starts from a
copy of the game in which everything its seat cannot see is dealt afresh from its own generator
(the game's `hidden_cards`: the other hands and the deck reshuffled together, the random draws
to come reseeded), so a playout never uses what the seat does not know; then it walks one tree shared
by all playouts (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): its nodes are the
sequences of options taken from here, each decision choosing by UCB1 among the options this copy
offers (an option counts as tried-from only in the playouts that offered it), adding one node,
then playing at random for at most `depth` decisions and scoring the position: the game's result
if it ended, else the game's `evaluate` (each seat's prospects, from 0 to 1). Each node keeps the
total of every seat's score, and a seat choosing at a node looks at its own: opponents search
for their own good, not against the bot alone.

The bot picks the option most visited at the root (`most_searched`). Its moves depend only on its seat's
observation and its own seed: tests/runtime/test_search.py changes the hidden cards and checks the
move stays the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paxc.runtime.core.determinize import HiddenCards
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import IllegalAction, Session

Evaluate = Callable[[Any], Sequence[float]]
# The kind of option a game lists as one line (GameKit.group): a playout picks among kinds
# first, so nine speculations weigh as one choice against buying or playing a card.
Group = Callable[[object], str | None]

DEFAULT_SIMULATIONS = 200
# Random decisions past the tree before the game's `evaluate` scores the position. Short: random
# play is so weak (a random player beats Wakhan in 0.1% of games) that long playouts measure
# the random moves more than the position. Measured against Wakhan (`simulate pamir --players 1
# --seats mcts:50 --games 20 --seed 201`): 12 of 20 games won at 8 against 4 of 20 at 30.
DEFAULT_DEPTH = 8
EXPLORATION = 0.7  # UCB1's constant, for scores from 0 to 1 (sqrt 2 explores too much here)


@dataclass
class _Node:
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[int, _Node] = field(default_factory=dict)
    offered: dict[int, int] = field(default_factory=dict)  # option: playouts that offered it here


class SearchAgent:
    """Plays by ISMCTS (see the module's docstring), for any game whose kit says what is hidden;
    `simulations` playouts per decision, each at most `depth` random decisions past the tree."""

    def __init__(
        self,
        seed: int,
        hidden_cards: HiddenCards,
        evaluate: Evaluate | None = None,
        simulations: int = DEFAULT_SIMULATIONS,
        depth: int = DEFAULT_DEPTH,
        group: Group | None = None,
    ) -> None:
        if simulations < 1 or depth < 0:
            raise ValueError("a search needs at least one simulation and a depth of 0 or more")
        self._rng = Rng(seed)
        self._hidden_cards = hidden_cards
        self._evaluate = evaluate
        self.simulations = simulations
        self.depth = depth
        self._group = group
        self.playouts = 0  # counted, for the figures of `paxc simulate`
        self.undealt = 0  # playouts from a copy whose hidden cards could not be dealt afresh
        self.last_visits: dict[int, int] = {}  # the root's options searched at the last decision

    def choose(self, session: Session[Any]) -> int:
        options = session.legal_actions()
        if len(options) == 1:
            return options[0]
        seat = session.current_player()
        seats = len(session.returns())
        root = _Node(totals=[0.0] * seats)
        seen = session.observation_string(seat)
        still_hidden = self._hidden_cards.hidden(session.state, seat)
        for _ in range(self.simulations):
            copy = self._dealt(session, seat, seen, still_hidden)
            if copy is None:
                continue
            self._playout(root, copy, seats)
            self.playouts += 1
        self.last_visits = {option: child.visits for option, child in root.children.items()}
        if not root.children:
            return options[self._rng.below(len(options))]
        return most_searched(root.children, seat)

    def _dealt(
        self, session: Session[Any], seat: int, seen: str, still_hidden: frozenset[int]
    ) -> Session[Any] | None:
        """A copy of the game with what `seat` cannot see dealt afresh: the copy starts from this
        turn's start and replays its decisions, so only the cards still hidden now are dealt (a
        card shown since, such as one an opponent played from hand, stays where it was), and the
        chance to come is reseeded once the replay is done. The copy must show the seat what the
        game shows it (`seen`); if a deal leads elsewhere, another is tried, then the playout is
        left out."""
        deal = self._hidden_cards.deal
        for _ in range(3):
            try:
                copy = session.clone(lambda state: deal(state, seat, self._rng, still_hidden))
            except IllegalAction:
                continue
            if copy.observation_string(seat) == seen:
                self._hidden_cards.reseed(copy.state, self._rng)
                return copy
        self.undealt += 1
        return None

    def _playout(self, root: _Node, game: Session[Any], seats: int) -> None:
        node = root
        path: list[tuple[_Node, int]] = []  # each node reached, and the seat whose choice it was
        while not game.is_terminal():
            chooser = game.current_player()
            options = game.legal_actions()
            for option in options:
                node.offered[option] = node.offered.get(option, 0) + 1
            untried = [option for option in options if option not in node.children]
            if untried:
                option = untried[self._rng.below(len(untried))]
                child = node.children[option] = _Node(totals=[0.0] * seats)
                game.apply_action(option)
                path.append((child, chooser))
                break
            option = max(options, key=lambda o: _ucb(node.children[o], node.offered[o], chooser))
            node = node.children[option]
            game.apply_action(option)
            path.append((node, chooser))
        for _ in range(self.depth):
            if game.is_terminal():
                break
            game.apply_action(self._playout_option(game))
        scores = self._score(game, seats)
        root.visits += 1
        for reached, _ in path:
            reached.visits += 1
            for seat in range(seats):
                reached.totals[seat] += scores[seat]

    def _playout_option(self, game: Session[Any]) -> int:
        """A random option past the tree: uniform among the options, or, for a game that groups
        its options, uniform among the kinds (each option alone or a group) and then within it."""
        pending = game.pending
        assert pending is not None
        if self._group is None:
            return self._rng.below(len(pending.options))
        kinds: dict[object, list[int]] = {}
        for index, option in enumerate(pending.options):
            kind = self._group(option)
            kinds.setdefault(index if kind is None else kind, []).append(index)
        members = list(kinds.values())
        chosen = members[self._rng.below(len(members))]
        return chosen[self._rng.below(len(chosen))] if len(chosen) > 1 else chosen[0]

    def _score(self, game: Session[Any], seats: int) -> Sequence[float]:
        if game.is_terminal() or self._evaluate is None:
            return game.returns() if game.is_terminal() else [1.0 / seats] * seats
        return self._evaluate(game.state)


def most_searched(children: dict[int, _Node], seat: int) -> int:
    """The option searched most; among options searched alike (a small budget spread over many
    options ties often), the one whose playouts went best for `seat`, then the first. Breaking
    ties by the option's number alone favoured whatever a game lists first: in Pax Pamir, ending
    the turn, which the bot then chose at most of its turns against Wakhan."""
    return max(
        children.items(),
        key=lambda item: (item[1].visits, item[1].totals[seat] / max(1, item[1].visits), -item[0]),
    )[0]


def _ucb(child: _Node, offered: int, chooser: int) -> float:
    mean = child.totals[chooser] / child.visits
    return mean + EXPLORATION * math.sqrt(math.log(offered) / child.visits)


def prospects(strengths: Sequence[float], sharpness: float = 1.0) -> list[float]:
    """Each seat's share of the prospects, from 0 to 1 and summing to 1, from a game's measure of
    how strong each seat stands (a softmax: a lead of 1 / sharpness multiplies a seat's share by
    e against the other's)."""
    top = max(strengths)
    weights = [math.exp(sharpness * (s - top)) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]
