"""Dominance checks, victory points and the end of the game."""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import (
    Coalition,
    DominanceCheckEnded,
    DominanceLead,
    Influence,
    InfluenceSource,
    Suit,
)
from paxc.runtime.core import memory
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.pamir import hooks, story
from paxc.runtime.pamir.state import COALITIONS, PamirState, card

TOTAL_CHECKS = 4
SUCCESS_POINTS = (5, 3, 1)
FAILURE_POINTS = (3, 1)
DOMINANCE_LEAD = 4
VICTORY_LEAD = 4


def influence(state: PamirState, player: int, coalition: Coalition | None = None) -> int:
    """One, plus patriots, prizes and gifts, each weighed by the abilities in effect.

    Wakhan, loyal to every coalition, holds patriots and prizes of several: in the coalition
    `coalition` only its own patriots and prizes count for her, and all her gifts (her gifts
    count in all three coalitions; decision: the rulebook says so of gifts only, and a patriot
    or prize of another coalition is no influence in this one for anybody else either).
    """
    me = state.players[player]
    per_gift = hooks.modified(state, Influence(InfluenceSource.GIFT, PlayerId(player)), 1)
    per_patriot = hooks.modified(state, Influence(InfluenceSource.PATRIOT, PlayerId(player)), 1)
    per_prize = hooks.modified(state, Influence(InfluenceSource.PRIZE, PlayerId(player)), 1)
    patriots = state.patriots(player)
    prizes = me.prizes
    if coalition is not None and state.is_wakhan(player):
        patriots = [n for n in patriots if card(n).patriot is coalition]
        prizes = [n for n in prizes if card(n).prize is coalition]
    return 1 + per_patriot * len(patriots) + per_prize * len(prizes) + per_gift * len(me.gifts)


def dominant_coalition(state: PamirState) -> Coalition | None:
    """The coalition with at least the required lead (4 blocks) over each other one, if any."""
    lead = hooks.modified(state, DominanceLead(), DOMINANCE_LEAD)
    counts = {c: state.blocks_in_play(c) for c in COALITIONS}
    for coalition, count in counts.items():
        if all(count >= other + lead for c, other in counts.items() if c is not coalition):
            return coalition
    return None


def award(values: list[int], points: tuple[int, ...], multiplier: int) -> list[int]:
    """Points by rank of `values` (higher is better; zero-valued entries still rank). Tied places
    add up the points of the places they take and share them, rounding down."""
    awarded = [0] * len(values)
    order = sorted(range(len(values)), key=lambda i: -values[i])
    place = 0
    while place < len(order) and place < len(points):
        tied = [i for i in order if values[i] == values[order[place]]]
        pool = sum(points[place : place + len(tied)]) * multiplier
        for index in tied:
            awarded[index] = pool // len(tied)
        place += len(tied)
    return awarded


def check_awards(state: PamirState, multiplier: int = 1) -> list[int]:
    """The points each player would score at a dominance check made now: by influence among the
    players loyal to a dominant coalition (Wakhan is loyal to it, whichever it is), else by
    cylinders in play among all. Changes nothing (the search bot weighs positions with it)."""
    coalition = dominant_coalition(state)
    players = range(len(state.players))
    points = [0] * len(state.players)
    if coalition is not None:
        loyal = [p for p in players if state.players[p].loyalty is coalition or state.is_wakhan(p)]
        values = [influence(state, p, coalition) for p in loyal]
        for player, awarded in zip(loyal, award(values, SUCCESS_POINTS, multiplier), strict=True):
            points[player] = awarded
    else:
        values = [state.cylinders_in_play(p) for p in players]
        points = award(values, FAILURE_POINTS, multiplier)
    return points


def dominance_check(state: PamirState, check_cards: int = 1) -> list[tuple[int, str, int | None]]:
    """Score a check (doubled when it is the last), clear blocks after a success, end events;
    the events ended, each with the zone it left (and whose), for `resolve_check` to tell.

    `check_cards`: how many dominance check cards it uses up; two when a second one revealed in
    the market forces the check, which is the final check if it used up the last card.
    """
    state.checks_resolved += check_cards
    final = state.checks_resolved >= TOTAL_CHECKS
    coalition = dominant_coalition(state)
    before = [me.score for me in state.players]
    for me, points in zip(state.players, check_awards(state, 2 if final else 1), strict=True):
        me.score += points
    if coalition is not None:
        for counts in (*state.armies.values(), *state.roads.values()):
            for c in COALITIONS:
                counts[c] = 0
        narrate(story.blocks_cleared)
    narrate(story.dominance_check, state, final, coalition, before)
    # The event cards out "until the next dominance check" are discarded now and forget what they
    # remembered; the effects they started end when the check is told (`hooks.fire` of
    # DominanceCheckEnded: the vocabulary's `duration next_dominance_check ... ends`).
    leaving: list[tuple[int, str, int | None]] = [
        (number, "events", None) for number, _, _ in state.global_events
    ]
    leaving += [(number, "bought_events", p) for p, me in enumerate(state.players) for number, _ in me.events]
    ended = [number for number, _, _ in leaving]
    if ended:
        narrate(story.events_ended, ended)
    state.discard.extend(ended)
    state.global_events.clear()
    for me in state.players:
        me.events.clear()
    for number in ended:
        memory.forget(state.memory, number)
    _check_victory(state, final)
    return leaving


def resolve_check(state: PamirState, check_cards: int = 1) -> Effect:
    """A dominance check, then whatever abilities respond to one (unless the game just ended)."""
    ended = dominance_check(state, check_cards)
    if not state.over:
        for number, zone, holder in ended:  # to the discard pile: discarded
            yield from hooks.card_moved(state, number, zone, holder, "discard", None, discarded=True)
        yield from hooks.fire(state, DominanceCheckEnded())


def _check_victory(state: PamirState, final: bool) -> None:
    scores = sorted((p.score for p in state.players), reverse=True)
    if final or (len(scores) > 1 and scores[0] - scores[1] >= VICTORY_LEAD):
        state.over = True
        state.winner = winner(state)
        narrate(story.game_won, state, state.winner, final)


def winner(state: PamirState) -> int:
    """Most points; ties broken by military stars, then rupees; then the earliest seat (decision:
    the rulebook's last tie-breaker is a cooking contest, which a program cannot hold)."""

    def key(p: int) -> tuple[int, int, int, int]:
        return (state.players[p].score, state.stars(p, Suit.MILITARY), state.players[p].rupees, -p)

    return max(range(len(state.players)), key=key)
