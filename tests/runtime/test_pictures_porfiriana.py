"""Pax Porfiriana's picture (runtime/web/pictures/porfiriana.py): at points of seeded random games
of every player count and of the Díaz solitaire, what is drawn is what the state holds (the regime
and its stack, the market's cards, prices and speculation cubes, the public cards, each row with
its cubes, unrest, troops, connections and extortion, private armies, prestige stacks and points,
gold, cubes, hands), and a seat's picture does not change with what that seat cannot see."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.core.session import Session
from paxc.runtime.porfiriana import economy, prestige
from paxc.runtime.porfiriana.game import GAME
from paxc.runtime.porfiriana.state import COLUMN_COSTS, TOPPLES_IN_GAME, PorfirianaState
from paxc.runtime.web.pictures import picture
from tests.runtime.observing import altered, reverse, swap_hand_with_deck, swap_piles
from tests.runtime.picturing import all_text, cards_drawn, check_every_card_titled, drawn, having, positions

KIT = GAME.load_kit()
STOPS = (0, 30, 120, 300)
GAMES = [
    ({"players": 1, "solitaire": True}, 3),
    ({"players": 2}, 4),
    ({"players": 3}, 5),
    ({"players": 4}, 6),
    ({"players": 5}, 7),
    ({"players": 6}, 8),
]


def _id(game: tuple[dict[str, Any], int]) -> str:
    options, seed = game
    return f"{options['players']}{'-solitaire' if options.get('solitaire') else ''}-seed{seed}"


def check_summary(root: ET.Element, state: PorfirianaState) -> None:
    [summary] = having(root, "summary")
    [regime] = having(summary, "regime")
    assert regime.attrib["data-regime"] == state.regime_card.regime.value  # type: ignore[union-attr]
    said = all_text(summary)
    assert f"topples: {state.topples} of {TOPPLES_IN_GAME}" in said
    assert f"deck: {len(state.deck)} card" in said and f"box: {len(state.unused)}" in said
    assert f"mine value {economy.mine_value(state)} · economy value {economy.economy_value(state)}" in said
    assert bool(having(summary, "depression")) == state.depression
    assert cards_drawn(root, "regime-card") == state.regimes


def check_market(root: ET.Element, state: PorfirianaState) -> None:
    spaces = having(root, "market-space")
    assert len(spaces) == sum(len(row) for row in state.market)
    for space in spaces:
        row, column = int(space.attrib["data-row"]), int(space.attrib["data-column"])
        number = state.market[row][column]
        assert cards_drawn(space, "market-card") == ([] if number is None else [number])
        cubes = [int(cube.attrib["data-player"]) for cube in having(space, "speculation")]
        owner = None if number is None else state.speculation.get(number)
        assert cubes == ([] if owner is None else [owner])
        if number is not None:
            [price] = having(space, "price")
            assert price.text == f"{COLUMN_COSTS[column]}g"
    assert len(having(root, "speculation")) == len(state.speculation)
    assert cards_drawn(root, "public-card") == state.public
    assert cards_drawn(root, "bull-bear") == state.bull_bear[-1:]


def check_players(root: ET.Element, state: PorfirianaState, seat: int) -> None:
    panels = having(root, "player")
    assert [int(p.attrib["data-player"]) for p in panels] == list(range(len(state.players)))
    for index, (panel, player) in enumerate(zip(panels, state.players, strict=True)):
        holdings = having(panel, "row-card")
        assert [int(h.attrib["data-card"]) for h in holdings] == [held.number for held in player.row]
        for drawn_card, held in zip(holdings, player.row, strict=True):
            assert len(having(drawn_card, "income-cube")) == held.income
            assert len(having(drawn_card, "prestige-cube")) == held.prestige_cubes
            assert len(having(drawn_card, "unrest")) == held.unrest
            troops = [
                (int(t.attrib["data-card"]), int(t.attrib["data-player"]))
                for t in having(drawn_card, "troop")
            ]
            troop = held.troop
            assert troops == ([] if troop is None else [(troop, held.troop_owner)])
            connection = [int(c.attrib["data-player"]) for c in having(drawn_card, "connection")]
            assert connection == ([] if held.connection_level is None else [held.connection_owner])
            extortion = [int(c.attrib["data-player"]) for c in having(drawn_card, "extortion")]
            assert extortion == ([] if held.extortion is None else [held.extortion])
        assert cards_drawn(panel, "army-troop") == player.army
        assert cards_drawn(panel, "stack-card") == player.prestige_stack
        expected_cubes = player.stack_prestige_cubes if player.prestige_stack else 0
        assert len(having(panel, "stack-prestige-cube")) == expected_cubes
        [facts] = having(panel, "player-facts")
        said = facts.text or ""
        assert f"{player.gold} gold · {player.cubes} cubes in supply · hand: {len(player.hand)} card" in said
        points = ", ".join(f"{kind.value} {prestige.points(state, index, kind)}" for kind in Prestige)
        assert f"prestige: {points}" in said
        assert bool(having(panel, "jailed")) == player.jailed
    [hand] = having(root, "hand")
    assert cards_drawn(hand, "hand-card") == state.players[seat].hand


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_picture_draws_what_the_state_holds(game: tuple[dict[str, Any], int]) -> None:
    options, seed = game
    moments = on_rows = 0
    for session in positions(KIT, options, seed, STOPS):
        moments += 1
        state = session.state
        for seat in range(len(state.players)):
            root = drawn(KIT, session, seat)
            check_summary(root, state)
            check_market(root, state)
            check_players(root, state, seat)
            assert check_every_card_titled(root, KIT) > 0
        on_rows += sum(len(p.row) for p in state.players)
    assert moments >= 3 and on_rows > len(state.players), "the game ended too soon to prove much"


def pictures(session: Session[PorfirianaState]) -> list[str | None]:
    assert KIT.observe is not None
    return [picture(KIT, KIT.observe(session.state, seat)) for seat in range(len(session.state.players))]


@pytest.mark.parametrize("game", GAMES[:3], ids=_id)
def test_a_seat_s_picture_does_not_change_with_what_it_cannot_see(game: tuple[dict[str, Any], int]) -> None:
    """Another player's hand, the deck's order and the box changed: the other seats' pictures
    stay the same, the changed hand's owner sees the change (so the comparison can fail)."""
    options, seed = game
    tried = 0
    for session in positions(KIT, options, seed, STOPS):
        state = session.state
        before = pictures(session)
        with altered(reverse(state.deck)):
            assert pictures(session) == before
        if state.unused and state.deck and state.unused[0] != state.deck[0]:
            with altered(swap_piles(state.unused, state.deck)):
                assert pictures(session) == before
        for owner, player in enumerate(state.players):
            if not player.hand or not state.deck or player.hand[0] == state.deck[-1]:
                continue
            with altered(swap_hand_with_deck(player.hand, state.deck)):
                after = pictures(session)
            assert [seat for seat in range(len(before)) if after[seat] != before[seat]] == [owner]
            tried += 1
    # Díaz holds no hand in the solitaire: one player's hand to change there.
    assert tried >= (1 if options.get("solitaire") else 2), "no hand to change: the test proves little"
