"""Pax Pamir's picture (runtime/web/pictures/pamir.py): at points of seeded random games of every
player count, Wakhan's included, what is drawn is what the state holds (tribes, armies and roads
by region, border, player and coalition; the market's cards and rupees; courts and spies; the
seat's hand and the others' sizes; the favored suit, dominance checks and deck), and a seat's
picture does not change with what that seat cannot see."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from paxc.runtime.core.session import Session
from paxc.runtime.pamir import market
from paxc.runtime.pamir.game import GAME
from paxc.runtime.pamir.scoring import TOTAL_CHECKS
from paxc.runtime.pamir.state import BORDERS, COALITIONS, REGIONS, PamirState
from paxc.runtime.web.pictures import picture
from paxc.runtime.web.pictures.pamir import ROAD_AT, SHAPES
from tests.runtime.observing import altered, reverse, swap_hand_with_deck
from tests.runtime.picturing import (
    all_text,
    cards_drawn,
    check_every_card_titled,
    count_by,
    drawn,
    having,
    positions,
)

KIT = GAME.load_kit()
STOPS = (0, 12, 40, 150)
GAMES = [
    ({"players": 1, "wakhan": True}, 3),
    ({"players": 2}, 4),
    ({"players": 2, "wakhan": True}, 5),
    ({"players": 3}, 6),
    ({"players": 4}, 7),
    ({"players": 5}, 8),
]


def _id(game: tuple[dict[str, Any], int]) -> str:
    options, seed = game
    return f"{options['players']}{'-wakhan' if options.get('wakhan') else ''}-seed{seed}"


def in_region(root: ET.Element, region: str) -> ET.Element:
    [group] = [e for e in having(root, "region-pieces") if e.attrib["data-region"] == region]
    return group


def check_map(root: ET.Element, state: PamirState) -> None:
    for region in REGIONS:
        group = in_region(root, region.value)
        tribes = count_by(having(group, "tribe"), "data-player")
        assert tribes == Counter({str(p): n for p, n in enumerate(state.tribes[region]) if n}), region
        armies = count_by(having(group, "army"), "data-coalition")
        assert armies == Counter({c.value: n for c, n in state.armies[region].items() if n}), region
        rulers = [int(e.attrib["data-player"]) for e in having(group, "ruler")]
        ruler = state.ruler(region)
        assert rulers == ([] if ruler is None else [ruler]), region
    for a, b in BORDERS:
        groups = [e for e in having(root, "roads") if e.attrib["data-border"] == f"{a.value}-{b.value}"]
        roads = count_by([r for g in groups for r in having(g, "road")], "data-coalition")
        assert roads == Counter({c.value: n for c, n in state.roads[(a, b)].items() if n}), (a, b)
    assert len(having(root, "army")) == sum(sum(state.armies[r].values()) for r in REGIONS)
    assert len(having(root, "road")) == sum(sum(state.roads[b].values()) for b in BORDERS)


def check_market(root: ET.Element, state: PamirState) -> None:
    spaces = having(root, "market-space")
    assert len(spaces) == sum(len(row) for row in state.market)
    for space in spaces:
        row, column = int(space.attrib["data-row"]), int(space.attrib["data-column"])
        number = state.market[row][column]
        assert cards_drawn(space, "market-card") == ([] if number is None else [number])
        assert len(having(space, "market-rupee")) == state.market_rupees[row][column]
        if number is not None:
            [price] = having(space, "price")
            assert price.text == f"{column * market.rupees_per_card(state)}r"


def check_players(root: ET.Element, state: PamirState, seat: int) -> None:
    panels = having(root, "player")
    assert [int(p.attrib["data-player"]) for p in panels] == list(range(len(state.players)))
    for index, (panel, player) in enumerate(zip(panels, state.players, strict=True)):
        assert cards_drawn(panel, "court-card") == player.court
        for court_card in having(panel, "court-card"):
            spies = count_by(having(court_card, "spy"), "data-player")
            number = int(court_card.attrib["data-card"])
            assert spies == Counter({str(p): n for p, n in enumerate(state.spies.get(number, [])) if n})
        [facts] = having(panel, "player-facts")
        said = facts.text or ""
        assert f"{player.score} point" in said and f"{player.rupees} rupee" in said
        assert f"hand: {len(player.hand)} card" in said and f"prizes: {len(player.prizes)}" in said
        gifts = ", ".join(f"{cost}r" for cost in player.gifts) or "none"
        assert f"gifts: {gifts} " in said
        [loyalty] = having(panel, "loyalty")
        shown = all_text(panel)
        if state.is_wakhan(index):
            assert "loyal to every coalition" in shown
        elif player.loyalty is not None:
            assert f"{player.loyalty.value} loyalty" in shown
    assert len(having(root, "spy")) == sum(sum(spies) for spies in state.spies.values())
    [hand] = having(root, "hand")
    assert cards_drawn(hand, "hand-card") == state.players[seat].hand


def check_summary(root: ET.Element, state: PamirState) -> None:
    [summary] = having(root, "summary")
    said = all_text(summary)
    left = TOTAL_CHECKS - state.checks_resolved
    assert f"{state.checks_resolved} of {TOTAL_CHECKS} resolved, {left} left" in said
    assert f"deck: {len(state.deck)} cards" in said
    assert f"favored suit:\n{state.favored.value}" in said
    events = having(root, "event")
    in_effect = len(state.global_events) + sum(len(p.events) for p in state.players) + len(state.lasting)
    assert len(events) == in_effect


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_picture_draws_what_the_state_holds(game: tuple[dict[str, Any], int]) -> None:
    options, seed = game
    moments = pieces = 0
    for session in positions(KIT, options, seed, STOPS):
        moments += 1
        state = session.state
        for seat in range(len(state.players)):
            root = drawn(KIT, session, seat)
            check_map(root, state)
            check_market(root, state)
            check_players(root, state, seat)
            check_summary(root, state)
            assert check_every_card_titled(root, KIT) > 0
        pieces += len(having(root, "army")) + len(having(root, "road")) + len(having(root, "tribe"))
    assert moments >= 3 and pieces > 0, "the game ended too soon to prove much"


def pictures(session: Session[PamirState]) -> list[str | None]:
    assert KIT.observe is not None
    return [picture(KIT, KIT.observe(session.state, seat)) for seat in range(len(session.state.players))]


@pytest.mark.parametrize("game", GAMES[1:4], ids=_id)
def test_a_seat_s_picture_does_not_change_with_what_it_cannot_see(game: tuple[dict[str, Any], int]) -> None:
    """Another player's hand and the deck's order changed: the other seats' pictures stay the
    same, the changed hand's owner sees the change (so the comparison can fail)."""
    options, seed = game
    tried = 0
    for session in positions(KIT, options, seed, STOPS):
        state = session.state
        before = pictures(session)
        with altered(reverse(state.deck)):
            assert pictures(session) == before
        for owner, player in enumerate(state.players):
            if not player.hand or not state.deck or player.hand[0] == state.deck[-1]:
                continue
            with altered(swap_hand_with_deck(player.hand, state.deck)):
                after = pictures(session)
            assert [seat for seat in range(len(before)) if after[seat] != before[seat]] == [owner]
            tried += 1
    assert tried >= 2, "no hand to change: the test proves little"


def test_every_border_has_its_roads_place_on_both_regions_outlines() -> None:
    assert set(ROAD_AT) == {frozenset(border) for border in BORDERS}
    for border in BORDERS:
        a, b = border
        shared = set(SHAPES[a]) & set(SHAPES[b])
        assert len(shared) >= 2, f"{a.value} and {b.value} share no stretch of outline"
    for region in REGIONS:
        neighbours = {r for border in BORDERS if region in border for r in border} - {region}
        touching = {r for r in REGIONS if r != region and len(set(SHAPES[r]) & set(SHAPES[region])) >= 2}
        assert touching == neighbours, region
    assert {c.value for c in COALITIONS} == {"Afghan", "British", "Russian"}
