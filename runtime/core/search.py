"""A bot that plays by searching: information-set Monte Carlo tree search with determinization.

At each decision with more than one option the bot runs `simulations` playouts. Each starts from a
copy of the game in which everything its seat cannot see is dealt afresh from its own generator
(the game's `hidden_cards`: the other hands and the deck reshuffled together, the random draws
to come reseeded), so a playout never uses what the seat does not know; then it walks one tree shared
by all playouts (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): its nodes are the
sequences of options taken from here, each decision choosing by UCB1 among the options this copy
offers (an option counts as tried-from only in the playouts that offered it; the options a game
groups, such as Pax Porfiriana's speculations, as one arm, whose own node then chooses among
them), adding one arm,
then playing at random for at most `depth` decisions and scoring the position: the game's result
if it ended, else the game's `evaluate` (each seat's prospects, from 0 to 1). Each node keeps the
total of every seat's score, and a seat choosing at a node looks at its own: opponents search
for their own good, not against the bot alone.

The bot picks the option most visited at the root (`most_searched`; a kind of options first, then
its option most visited). Its moves depend only on its seat's
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
    # The options a game groups (GameKit.group) are one arm of this node, as they are one choice in
    # a playout: each kind's node then chooses among its options. Searched one by one, Pax
    # Porfiriana's speculations (two thirds of a median 38 options) took most of a small budget
    # to try each once, and the best of a score drawn once for each made a speculation look best.
    kinds: dict[str, _Node] = field(default_factory=dict)
    kind_offered: dict[str, int] = field(default_factory=dict)


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
        for kind in root.kinds.values():
            self.last_visits.update((option, child.visits) for option, child in kind.children.items())
        if not root.children and not root.kinds:
            return options[self._rng.below(len(options))]
        return _chosen(root, seat)

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
        path: list[_Node] = []  # each node reached
        grown = False
        while not game.is_terminal() and not grown:
            singles, kinds = self._arms(game)
            node, option, grown = self._step(node, singles, kinds, game.current_player(), seats, path)
            game.apply_action(option)
        for _ in range(self.depth):
            if game.is_terminal():
                break
            game.apply_action(self._playout_option(game))
        scores = self._score(game, seats)
        root.visits += 1
        for reached in path:
            reached.visits += 1
            for seat in range(seats):
                reached.totals[seat] += scores[seat]

    def _arms(self, game: Session[Any]) -> tuple[list[int], dict[str, list[int]]]:
        """The options of the decision in `game`: those chosen alone, and those the game groups,
        by kind (in the order of their first option)."""
        if self._group is None:
            return game.legal_actions(), {}
        pending = game.pending
        assert pending is not None
        singles: list[int] = []
        kinds: dict[str, list[int]] = {}
        for index, option in enumerate(pending.options):
            kind = self._group(option)
            if kind is None:
                singles.append(index)
            else:
                kinds.setdefault(kind, []).append(index)
        return singles, kinds

    def _step(
        self,
        node: _Node,
        singles: list[int],
        kinds: dict[str, list[int]],
        chooser: int,
        seats: int,
        path: list[_Node],
    ) -> tuple[_Node, int, bool]:
        """One decision down the tree from `node`: an arm not tried yet, at random, else the best
        by UCB1; a kind goes on to choose among its options the same way. Returns the node
        reached, the option to play and whether a node was added (the tree grows by one arm a
        playout, then the playout goes on at random)."""
        for option in singles:
            node.offered[option] = node.offered.get(option, 0) + 1
        for kind in kinds:
            node.kind_offered[kind] = node.kind_offered.get(kind, 0) + 1
        arms: list[int | str] = [*singles, *kinds]
        untried = [arm for arm in arms if arm not in (node.kinds if isinstance(arm, str) else node.children)]
        grown = bool(untried)
        if untried:
            arm = untried[self._rng.below(len(untried))]
        else:
            arm = max(arms, key=lambda arm: self._arm_ucb(node, arm, chooser))
        if isinstance(arm, str):
            if grown:
                node.kinds[arm] = _Node(totals=[0.0] * seats)
            path.append(node.kinds[arm])
            return self._step(node.kinds[arm], kinds[arm], {}, chooser, seats, path)
        if grown:
            node.children[arm] = _Node(totals=[0.0] * seats)
        path.append(node.children[arm])
        return node.children[arm], arm, grown

    @staticmethod
    def _arm_ucb(node: _Node, arm: int | str, chooser: int) -> float:
        if isinstance(arm, str):
            return _ucb(node.kinds[arm], node.kind_offered[arm], chooser)
        return _ucb(node.children[arm], node.offered[arm], chooser)

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


def _chosen(root: _Node, seat: int) -> int:
    """The option to play after the search: the root's arm searched most (a kind of options
    standing where its first option is listed), and within a kind its option searched most."""
    arms: dict[int, _Node] = dict(root.children)
    first_of_kind = {min(kind.children): kind for kind in root.kinds.values()}
    arms.update(first_of_kind)
    best = most_searched(arms, seat)
    if best in first_of_kind:
        return most_searched(first_of_kind[best].children, seat)
    return best


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
