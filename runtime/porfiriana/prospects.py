"""How each player of Pax Porfiriana stands, for the search bot's positions left unfinished
(`core/search.py`). A guess, weighed by play, not a rule.

With several players: the prestige the next topple counts (the regime's kind), then all
prestige, then gold, which breaks a shared or gold victory.

In the solitaire (rules L) only the human's chances count, and only a topple the human makes
wins: the measure is how far the human's points of a kind stand from Díaz's defence in it (the
kind in force above all, the best other kind for a regime change to come), with the prestige of
partners still in hand as points to come, and the points on market cards the human's gold could
buy and play as points within reach. Gold wins nothing there: it is worth what it can buy, and
gold the market offers nothing for is worth nothing.
"""

from __future__ import annotations

import math

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.core.search import prospects
from paxc.runtime.porfiriana.losses import flip_sides
from paxc.runtime.porfiriana.prestige import all_points
from paxc.runtime.porfiriana.state import (
    COLUMN_COSTS,
    SOLITAIRE_DIAZ,
    SOLITAIRE_HUMAN,
    TOPPLES_IN_GAME,
    PorfirianaState,
    card,
)
from paxc.runtime.porfiriana.topple import solitaire_defence, topple_kind

# Random decisions the search plays past its tree before weighing a position here (the search's
# default is 8, for Pax Pamir). Against Díaz (mcts:50, 20 games, seed 301): 3 wins at 0,
# 7 at 2 and 0 at 8 with these weights; most decisions offer a dozen speculations whose random
# play only blurs the position.
PLAYOUT_DEPTH = 2

# The solitaire's weights. Against Díaz with the weights of several players (gold 0.1 a coin)
# the search hoarded gold by speculating (95 gold at the end of a game, no prestige) and won
# 0 games of 20 (`simulate porfiriana --solitaire --seats mcts:50 --games 20 --seed 300`).
NOW_WEIGHT = 0.6  # the margin in the kind the next topple counts
# The best margin of any kind, as the regime may change before a topple: softly (the log of
# the sum of exponentials), so a point of a kind close to the best still counts.
BEST_WEIGHT = 0.4
HAND_WEIGHT = 0.5  # a point on a card in hand, not yet in play
# A point on a market card the human's gold could buy and play (each kind reckoned alone, the
# cheapest points first). Against Díaz with gold worth 0.02 a coin however much there was, the
# search ended games with up to 101 gold and 2 points, speculating: prestige is scarce in the
# market (one or two cards at a time) and dear (a column's price plus the card's own cost), so a
# flat worth of gold made each purchase look like a loss.
REACH_WEIGHT = 0.25
TOPPLE_WEIGHT = 0.5  # each topple already spent without the human toppling
# The margin at which the human's prospects are even, and how fast they change with it.
EVEN_MARGIN = -3.0
SHARPNESS = 0.6
# A position is never worth a win: with the points to topple and a topple card to buy, the
# search buys it rather than waiting for a larger margin.
BEST_PROSPECTS = 0.9


def evaluate(state: PorfirianaState) -> list[float]:
    if state.solitaire:
        return _solitaire(state)
    kind = topple_kind(state)
    strengths = []
    for seat, player in enumerate(state.players):
        points = all_points(state, seat)
        strengths.append(points[kind] + 0.3 * sum(points.values()) + 0.1 * player.gold)
    return prospects(strengths, sharpness=0.8)


def _solitaire(state: PorfirianaState) -> list[float]:
    human = state.players[SOLITAIRE_HUMAN]
    points = all_points(state, SOLITAIRE_HUMAN)
    in_hand = {kind: 0 for kind in Prestige}
    for number in human.hand:
        for kind in card(number).prestige:
            in_hand[kind] += 1
    # A Hacendado not yet flipped may be flipped in the topple itself (taking a stand), its
    # Partner side's points counting at once.
    flip = {kind: 0 for kind in Prestige}
    for side in flip_sides(state, SOLITAIRE_HUMAN):
        for kind in Prestige:
            flip[kind] = max(flip[kind], card(human.hacendado.number).sides[side].prestige.count(kind))
    margins = {
        kind: points[kind]
        + flip[kind]
        + HAND_WEIGHT * in_hand[kind]
        + REACH_WEIGHT * within_reach(state, kind)
        - solitaire_defence(state, kind)
        for kind in Prestige
    }
    strength = (
        NOW_WEIGHT * margins[topple_kind(state)]
        + BEST_WEIGHT * math.log(sum(math.exp(margin) for margin in margins.values()))
        - TOPPLE_WEIGHT * state.topples / TOPPLES_IN_GAME
    )
    chances = BEST_PROSPECTS / (1.0 + math.exp(-SHARPNESS * (strength - EVEN_MARGIN)))
    scores = [0.0, 0.0]
    scores[SOLITAIRE_HUMAN] = chances
    scores[SOLITAIRE_DIAZ] = 1.0 - chances
    return scores


def within_reach(state: PorfirianaState, kind: Prestige) -> int:
    """The points of `kind` on market cards the solitaire's human could buy and then play with
    the gold they hold: the cheapest points first, each card at its column's printed price plus
    its own cost (abilities that change prices are left out: a guess, not a purchase)."""
    offers = sorted(
        (
            (COLUMN_COSTS[column] + (card(number).cost or 0), card(number).prestige.count(kind))
            for cards in state.market
            for column, number in enumerate(cards)
            if number is not None and kind in card(number).prestige
        ),
        key=lambda offer: offer[0] / offer[1],
    )
    gold = state.players[SOLITAIRE_HUMAN].gold
    reached = 0
    for price, points in offers:
        if price > gold:
            break
        gold -= price
        reached += points
    return reached
