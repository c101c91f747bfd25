"""Pax Pamir's pieces as general primitives that cards reach through the vocabulary: the ring of
courts spies move along, prizes, and what a player's influence is made of (rulebook: Spies,
Betray, Dominance Check)."""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import Suit, Zone
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import scoring
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import card
from tests.pamir.scenario import court_card, drive, empty_state


def test_spy_distance_goes_round_the_ring_of_courts_the_shorter_way() -> None:
    """The courts form one loop, seat after seat, each left to right, the last card next to the
    first: with five cards, the first and the last are one step apart, not four."""
    state = empty_state(2)
    state.players[0].court = [1, 2, 3]
    state.players[1].court = [4, 5]
    ctx = PamirContext(state, 0, 1)
    assert ctx.spy_distance(card(1), card(2)) == 1
    assert ctx.spy_distance(card(3), card(4)) == 1  # from one court into the next
    assert ctx.spy_distance(card(5), card(1)) == 1  # round the end of the loop
    assert ctx.spy_distance(card(1), card(3)) == 2
    assert ctx.spy_distance(card(2), card(4)) == 2
    assert ctx.spy_distance(card(2), card(2)) == 0
    assert ctx.spy_distance(card(1), card(6)) == 5  # a card in no court: farther than any


def test_prizes_of_and_discarding_a_prize() -> None:
    state = empty_state(2)
    state.players[1].prizes = [5, 6]
    ctx = PamirContext(state, 0, 1)
    assert [c.number for c in ctx.cards_in(Zone.PRIZES, PlayerId(1))] == [5, 6]
    drive(ctx.move_card(card(6), Zone.DISCARD, None, (Zone.PRIZES,)), [])
    assert state.players[1].prizes == [5] and state.discard[-1] == 6


def test_each_source_of_influence_can_be_weighed() -> None:
    """One, plus one for each patriot, prize and gift; a modifier of one source leaves the others."""
    state = empty_state(2)
    me = state.players[0]
    me.court = [court_card(lambda c: c.patriot is me.loyalty and c.suit is Suit.POLITICAL).number]
    me.prizes = [court_card(lambda c: c.prize is me.loyalty).number]
    me.gifts = [2, 4]
    assert scoring.influence(state, 0) == 1 + 1 + 1 + 2
