"""Scenarios for the card-based actions (tax, gift, build, move, betray, battle), hostage bribes and
bonus actions: each arranges a state by hand, drives the action and checks what changed."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import (
    Action,
    ActionCost,
    BattleFought,
    Card,
    CardType,
    Coalition,
    CountsAsFavored,
    Piece,
    PieceMoved,
    PiecePlaced,
    PieceRemoved,
    Region,
    Suit,
)
from paxc.runtime.effects import Choice, Decision, PlayerId
from paxc.runtime.pamir import card_actions, hooks, market, pieces, rules
from paxc.runtime.pamir.card_actions import (
    BuildArmy,
    BuildRoad,
    Done,
    GiftSpace,
    MoveArmy,
    MoveSpy,
    MoveTribe,
    RemoveArmy,
    RemoveRoad,
    RemoveSpy,
    RemoveTribe,
    UseCard,
)
from paxc.runtime.pamir.labels import label
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import (
    BLOCKS_PER_COALITION,
    CYLINDERS_PER_PLAYER,
    MARKET_COLUMNS,
    MARKET_ROWS,
    PamirState,
    TurnState,
    border,
    card,
)

BRITISH, RUSSIAN, AFGHAN = Coalition.BRITISH, Coalition.RUSSIAN, Coalition.AFGHAN
KABUL, PUNJAB, HERAT = Region.KABUL, Region.PUNJAB, Region.HERAT

# ---------------------------------------------------------------------- helpers

Answer = object | Callable[[Any], bool]


def drive(effect: Generator[Decision, None, Any], answers: list[Answer]) -> list[Choice[Any]]:
    """Run `effect`, answering each decision with the next scripted answer (an option, or a
    predicate naming the first option it accepts); every answer must be used."""
    asked: list[Choice[Any]] = []
    for decision in effect:
        assert isinstance(decision, Choice)
        asked.append(decision)
        assert answers, f"unexpected decision: {decision.prompt} {decision.options}"
        wanted = answers.pop(0)
        if callable(wanted):
            matching = [option for option in decision.options if wanted(option)]
            assert matching, f"nothing in '{decision.prompt}' fits: {decision.options}"
            decision.answer = matching[0]
        else:
            assert wanted in decision.options, f"{wanted!r} not in '{decision.prompt}': {decision.options}"
            decision.answer = wanted
    assert not answers, f"answers left over: {answers}"
    return asked


def court(predicate: Callable[[Card], bool]) -> Card:
    """The first court card (by number) that fits."""
    return next(c for c in CARDS if c.card_type is CardType.COURT and predicate(c))


def arranged(seed: int = 0) -> PamirState:
    """Three players (British, Russian, Afghan), player 0 to act; market and deck empty."""
    state = rules.new_state({"players": 3}, seed)
    state.market = [[None] * MARKET_COLUMNS for _ in range(MARKET_ROWS)]
    state.market_rupees = [[0] * MARKET_COLUMNS for _ in range(MARKET_ROWS)]
    state.deck = []
    for player, coalition in zip(state.players, (BRITISH, RUSSIAN, AFGHAN), strict=True):
        player.loyalty = coalition
    state.turn_number = 1
    return state


def fill_market(state: PamirState) -> list[int]:
    """Twelve court cards nobody holds, into the market; returns them (row 0 first)."""
    held = {n for p in state.players for n in p.court + p.hand + p.prizes}
    free = [c.number for c in CARDS if c.card_type is CardType.COURT and c.number not in held]
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            state.market[row][column] = free[row * MARKET_COLUMNS + column]
    return free[: MARKET_ROWS * MARKET_COLUMNS]


def tribes(state: PamirState, player: int, region: Region, count: int = 1) -> None:
    state.tribes[region][player] += count
    state.players[player].cylinders -= count


def spies(state: PamirState, player: int, number: int, count: int = 1) -> None:
    state.spies_on(number)[player] += count
    state.players[player].cylinders -= count


def give_event(state: PamirState, player: int, side_name: str) -> None:
    """Put the bought side `side_name` of an event in effect for `player`, as a purchase resolves
    it (its effect lasts until the next dominance check; the card waits before its buyer)."""
    event = next(c for c in CARDS if any(side.name == side_name for side in c.sides))
    side = next(s for s in event.sides if s.name == side_name)
    assert side.resolved_when is not None
    drive(rules.resolve_event(state, event.number, side.resolved_when, player), [])
    assert (event.number, event.sides.index(side)) in state.players[player].events


def uses(state: PamirState, player: int = 0) -> list[UseCard]:
    return card_actions.options(state, player)


def market_total(state: PamirState) -> int:
    return sum(sum(row) for row in state.market_rupees)


# Cards chosen by what is printed on them; none is Political (the favored suit at the start) unless
# a test wants a bonus action, and none has a special ability.
TAX_2 = court(
    lambda c: c.actions == (Action.TAX,) and c.rank == 2 and c.suit is not Suit.POLITICAL and not c.abilities
)
GIFTER = court(
    lambda c: (
        Action.GIFT in c.actions and c.suit is not Suit.POLITICAL and not c.abilities and c.patriot is None
    )
)
GIFTER_2 = court(
    lambda c: (
        Action.GIFT in c.actions
        and c.suit is not Suit.POLITICAL
        and c.patriot is None
        and c.number != GIFTER.number
    )
)
BUILDER = court(lambda c: Action.BUILD in c.actions and c.suit is not Suit.POLITICAL and not c.abilities)
MOVER_3 = court(lambda c: Action.MOVE in c.actions and c.rank == 3 and not c.abilities)
MOVER_1 = court(
    lambda c: Action.MOVE in c.actions and c.rank == 1 and c.suit is not Suit.POLITICAL and not c.abilities
)
BETRAYER = court(lambda c: Action.BETRAY in c.actions and c.suit is not Suit.POLITICAL and not c.abilities)
FIGHTER_2 = court(
    lambda c: Action.BATTLE in c.actions and c.rank == 2 and c.suit is Suit.INTELLIGENCE and not c.abilities
)
KABUL_POLITICAL = court(
    lambda c: c.region is KABUL and c.suit is Suit.POLITICAL and not c.abilities and c.patriot is None
)
KABUL_SHELTER_2 = court(
    lambda c: (
        c.region is KABUL
        and c.suit is Suit.ECONOMIC
        and c.rank == 2
        and not c.abilities
        and c.number != TAX_2.number
    )
)
PUNJAB_CARD = court(lambda c: c.region is PUNJAB and not c.abilities)


def plain(*exclude: Card) -> list[int]:
    """Court cards with no action and no ability to fill courts with, none of `exclude`."""
    skip = {c.number for c in exclude}
    return [
        c.number
        for c in CARDS
        if c.card_type is CardType.COURT
        and not c.abilities
        and c.number not in skip
        and c.suit is not Suit.POLITICAL
        and c.prize is None
    ]


# ---------------------------------------------------------------------- tax


def test_tax_takes_rupees_one_at_a_time_from_market_cards() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    cards = fill_market(state)
    state.market_rupees[0][5] = 3
    state.market_rupees[1][0] = 1
    rupees = state.players[0].rupees
    asked = drive(
        card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)),
        [card(cards[MARKET_COLUMNS]), card(cards[5])],
    )
    assert set(asked[0].options) == {card(cards[5]), card(cards[MARKET_COLUMNS])}  # no Done first
    assert Done() in asked[1].options
    assert state.players[0].rupees == rupees + 2
    assert state.market_rupees[0][5] == 2 and state.market_rupees[1][0] == 0
    assert state.turn.actions_taken == 1 and TAX_2.number in state.turn.used_cards


def test_tax_may_stop_early() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    cards = fill_market(state)
    state.market_rupees[0][2] = 5
    drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [card(cards[2]), Done()])
    assert state.market_rupees[0][2] == 4


def test_tax_a_ruled_region_player_only_above_the_tax_shelter() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    tribes(state, 0, KABUL)
    # Player 1 has a Kabul card giving a shelter of 2 and holds 3 rupees: one can be taxed.
    state.players[1].court = [KABUL_SHELTER_2.number]
    state.players[1].rupees = 3
    # Player 2 is rich but has no card of a region player 0 rules.
    state.players[2].court = [PUNJAB_CARD.number]
    state.players[2].rupees = 9
    assert state.tax_shelter(1) == 2
    asked = drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [PlayerId(1)])
    assert asked[0].options == (PlayerId(1),)
    assert state.players[1].rupees == 2  # the shelter is left; nothing else to take, the tax ends
    assert state.players[0].rupees == 5
    assert state.players[2].rupees == 9


def test_tax_is_not_offered_with_nothing_to_take() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    tribes(state, 0, KABUL)
    state.players[1].court = [KABUL_SHELTER_2.number]
    state.players[1].rupees = 2  # all sheltered
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)
    state.players[1].rupees = 3
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)


def test_a_tribe_in_a_region_another_player_rules_gives_no_tax_of_its_court_cards() -> None:
    """Rulebook, Tax: a player may be taxed for a court card of a region the taxer rules. A
    tribe of the taxer's in a region where another player has more rules nothing."""
    state = arranged()
    state.players[0].court = [TAX_2.number]
    tribes(state, 0, KABUL)
    tribes(state, 1, KABUL, 2)
    state.players[1].court = [KABUL_SHELTER_2.number]
    state.players[1].rupees = 5  # above the shelter
    assert state.ruler(KABUL) == 1
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)
    state.tribes[KABUL][1] = 0
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)


def test_rupees_left_on_an_empty_market_space_are_not_taxed() -> None:
    """Rulebook, Tax: rupees are taken from market cards. An effect taking a card out of the
    market leaves its rupees on the space (as an event discarded at cleanup does): with no
    player to tax, a row of cards holding none offers no tax until one of its cards holds one."""
    state = arranged()
    state.players[0].court = [TAX_2.number]
    fill_market(state)
    state.market[0][5] = None
    state.market_rupees[0][5] = 2
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)
    state.market_rupees[0][4] = 1
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)


# ---------------------------------------------------------------------- gift


def test_while_an_ability_may_change_a_price_a_gift_needs_its_rupees_and_an_empty_space(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulebook, Gift: a gift goes on an empty gift space, paying its price. While an ability
    may change an action's price (stood in by one that changes none), the listing still asks
    both: no gift without the rupees, none with every space full."""
    monkeypatch.setattr(hooks, "may_apply", lambda state, hook_type: hook_type is ActionCost)
    monkeypatch.setattr(hooks, "active_types", lambda state: frozenset({ActionCost}))  # a listing's kinds
    monkeypatch.setattr(hooks, "modified", lambda state, hook, value, spend=False: value)
    state = arranged()
    me = state.players[0]
    me.court = [GIFTER.number]
    me.rupees = 1
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)
    me.rupees = 20
    assert UseCard(GIFTER.number, Action.GIFT) in uses(state)
    me.gifts = [2, 4, 6]
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)


def test_a_gift_goes_on_an_empty_space_of_the_players_choice_paying_its_price() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [GIFTER.number, GIFTER_2.number]
    me.rupees = 12
    fill_market(state)
    asked = drive(card_actions.perform(state, 0, UseCard(GIFTER.number, Action.GIFT)), [GiftSpace(6)])
    assert asked[0].options == (GiftSpace(2), GiftSpace(4), GiftSpace(6))  # every empty space
    assert (me.gifts, me.rupees, state.influence(0)) == ([6], 6, 2)
    assert market_total(state) == 6 and state.market_rupees[0][3] == state.market_rupees[1][3] == 1
    assert me.cylinders == CYLINDERS_PER_PLAYER - 1
    # Decision: no one-gift-per-turn limit, so a second gift card gives again.
    asked = drive(card_actions.perform(state, 0, UseCard(GIFTER_2.number, Action.GIFT)), [GiftSpace(4)])
    assert asked[0].options == (GiftSpace(2), GiftSpace(4))
    assert (me.gifts, me.rupees, state.influence(0)) == ([4, 6], 2, 3)
    # The next turn only the space of 2 is empty: nothing to choose.
    state.turn = TurnState()
    assert drive(card_actions.perform(state, 0, UseCard(GIFTER.number, Action.GIFT)), []) == []
    assert (me.gifts, me.rupees) == ([2, 4, 6], 0)
    state.turn = TurnState()
    me.rupees = 20
    assert not any(u.action is Action.GIFT for u in uses(state))  # no empty gift space left


def test_a_gift_space_beyond_the_players_rupees_is_not_offered() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [GIFTER.number]
    me.gifts, me.cylinders = [2], CYLINDERS_PER_PLAYER - 1
    me.rupees = 3
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)  # the cheapest empty space costs 4
    me.rupees = 5
    asked = drive(card_actions.perform(state, 0, UseCard(GIFTER.number, Action.GIFT)), [])
    assert asked == [] and me.gifts == [2, 4] and me.rupees == 1  # 6 is beyond reach: no choice


def test_gift_needs_one_cylinder_from_the_supply_or_one_in_play_placed_earlier() -> None:
    """Component limits: a cylinder can always be had from the supply (even the last one) or from
    a tribe, spy or gift in play not placed this turn; with neither there is no gift to give."""
    state = arranged()
    me = state.players[0]
    me.court = [GIFTER.number]
    me.rupees = 10
    me.cylinders = 1  # the others lost (nothing else in play)
    assert UseCard(GIFTER.number, Action.GIFT) in uses(state)  # the last cylinder of the supply
    me.cylinders = 0
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)  # no cylinder anywhere
    tribes(state, 0, KABUL, CYLINDERS_PER_PLAYER)
    me.cylinders = 0
    assert UseCard(GIFTER.number, Action.GIFT) in uses(state)  # a tribe placed on an earlier turn
    state.turn.placed_cylinders[f"tribe:{KABUL}:0"] = CYLINDERS_PER_PLAYER
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)  # every tribe placed this turn


def test_component_limits_may_take_a_spy_placed_on_an_earlier_turn() -> None:
    state = arranged()
    me = state.players[0]
    state.players[1].court = [PUNJAB_CARD.number, GIFTER.number]
    spies(state, 0, PUNJAB_CARD.number)
    me.cylinders = 0
    asked = drive(pieces.place_tribe(state, 0, HERAT), [("spy", PUNJAB_CARD.number)])
    assert asked[0].options == (("spy", PUNJAB_CARD.number),)
    assert state.spies_on(PUNJAB_CARD.number)[0] == 0 and state.tribes[HERAT][0] == 1
    # That tribe and a spy placed this turn are not taken back: nothing to place with.
    state.spies_on(GIFTER.number)[0] = 1
    state.turn.placed_cylinders[f"spy:{GIFTER.number}:0"] = 1
    assert drive(pieces.place_tribe(state, 0, KABUL), []) == []
    assert state.tribes[KABUL][0] == 0 and state.spies_on(GIFTER.number)[0] == 1


def test_component_limits_may_take_a_gift_placed_on_an_earlier_turn() -> None:
    # A gift is a cylinder in play: with none in the supply, it may be taken like a tribe or spy.
    state = arranged()
    me = state.players[0]
    me.gifts = [2]
    tribes(state, 0, KABUL, CYLINDERS_PER_PLAYER - 1)
    me.cylinders = 0
    state.players[1].court = [PUNJAB_CARD.number]
    tribes_placed_now = {f"tribe:{KABUL}:0": CYLINDERS_PER_PLAYER - 1}
    state.turn.placed_cylinders.update(tribes_placed_now)
    asked = drive(pieces.place_spy(state, 0, PUNJAB_CARD.number), [("gift", 2)])
    assert asked[0].options == (("gift", 2),)
    assert label(state, ("gift", 2)) == "the gift on the space of 2 rupees"
    assert me.gifts == [] and state.influence(0) == 1
    assert state.spies_on(PUNJAB_CARD.number)[0] == 1 and me.cylinders == 0
    # A gift placed this turn is not taken back.
    state.turn = TurnState()
    state.turn.placed_cylinders.update(tribes_placed_now)
    drive(pieces.remove_spy(state, 0, PUNJAB_CARD.number, remover=0), [])
    drive(pieces.place_gift(state, 0, 4), [])
    assert me.gifts == [4] and me.cylinders == 0
    assert not pieces.cylinder_available(state, 0)


# ---------------------------------------------------------------------- build


def test_build_armies_where_ruled_and_roads_on_its_borders_two_rupees_each() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 7
    fill_market(state)
    tribes(state, 0, KABUL)
    tribes(state, 1, PUNJAB, 2)  # player 1 rules Punjab
    asked = drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildArmy(KABUL), BuildRoad(border(KABUL, PUNJAB)), BuildArmy(KABUL)],
    )
    spots = set(asked[0].options)
    assert spots == {BuildArmy(KABUL)} | {
        BuildRoad(border(KABUL, other)) for other in (HERAT, Region.KANDAHAR, PUNJAB, Region.TRANSCASPIA)
    }
    assert BuildArmy(PUNJAB) not in spots
    assert Done() not in asked[0].options and Done() in asked[1].options
    assert len(asked) == 3  # three units at most
    assert state.armies[KABUL][BRITISH] == 2
    assert state.roads[border(KABUL, PUNJAB)][BRITISH] == 1
    assert me.rupees == 1 and market_total(state) == 6


def test_build_stops_when_the_player_cannot_pay_another_unit() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 3
    tribes(state, 0, KABUL)
    asked = drive(card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)), [BuildArmy(KABUL)])
    assert len(asked) == 1 and me.rupees == 1 and state.armies[KABUL][BRITISH] == 1


def test_build_is_not_offered_without_a_ruled_region_or_two_rupees() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    assert UseCard(BUILDER.number, Action.BUILD) not in uses(state)  # rules nothing
    tribes(state, 0, KABUL)
    assert UseCard(BUILDER.number, Action.BUILD) in uses(state)
    me.rupees = 1
    assert UseCard(BUILDER.number, Action.BUILD) not in uses(state)


def test_build_is_not_offered_when_every_block_was_placed_this_turn() -> None:
    state = arranged()
    state.players[0].court = [BUILDER.number]
    tribes(state, 0, KABUL)
    state.armies[Region.PERSIA][BRITISH] = BLOCKS_PER_COALITION
    assert UseCard(BUILDER.number, Action.BUILD) in uses(state)  # one can be taken from play
    state.turn.placed_blocks[f"army:{Region.PERSIA}:{BRITISH}"] = BLOCKS_PER_COALITION
    assert UseCard(BUILDER.number, Action.BUILD) not in uses(state)


def test_build_stops_when_no_block_is_left_to_place() -> None:
    # The last British block of the supply goes to Kabul; every other one was placed this turn.
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    tribes(state, 0, KABUL)
    state.armies[Region.PERSIA][BRITISH] = BLOCKS_PER_COALITION - 1
    state.turn.placed_blocks[f"army:{Region.PERSIA}:{BRITISH}"] = BLOCKS_PER_COALITION - 1
    asked = drive(card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)), [BuildArmy(KABUL)])
    assert len(asked) == 1 and me.rupees == 2 and state.armies[KABUL][BRITISH] == 1


def test_nation_building_places_each_of_a_units_two_blocks_where_the_builder_likes() -> None:
    # Nation Building doubles the blocks for the same cost: each block is a block of its own.
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 4
    tribes(state, 0, KABUL)
    give_event(state, 0, "Nation Building")
    asked = drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildRoad(border(KABUL, HERAT)), BuildArmy(KABUL), Done()],
    )
    # The unit's second block may go anywhere a build may place one, the first spot included.
    assert set(asked[1].options) == set(asked[0].options)
    assert Done() not in asked[1].options  # the paid unit's blocks are all placed
    assert state.roads[border(KABUL, HERAT)][BRITISH] == 1
    assert state.armies[KABUL][BRITISH] == 1
    assert me.rupees == 2 and market_total(state) == 0  # one unit's price (an empty market keeps none)


# ---------------------------------------------------------------------- action costs


def test_the_rulebooks_build_example_pays_one_rupee_to_each_card_of_the_two_rightmost_columns() -> None:
    # Cati, loyal to the British, rules Kabul and builds two armies there: four rupees, one on each
    # of the rightmost cards of both rows.
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 6
    fill_market(state)
    tribes(state, 0, KABUL)
    drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildArmy(KABUL), BuildArmy(KABUL), Done()],
    )
    assert state.armies[KABUL][BRITISH] == 2 and me.rupees == 2
    paid = [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]
    assert state.market_rupees == paid


def test_a_build_of_three_units_pays_one_rupee_to_each_card_of_the_three_rightmost_columns() -> None:
    # Each unit is paid as it is placed, and goes on where the last one stopped.
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 6
    fill_market(state)
    tribes(state, 0, KABUL)
    drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildArmy(KABUL), BuildArmy(KABUL), BuildArmy(KABUL)],
    )
    assert state.armies[KABUL][BRITISH] == 3 and me.rupees == 0
    assert state.market_rupees == [[0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]]


def test_a_build_asks_its_builder_for_every_block_and_tells_each_placed_by_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = arranged()
    me = state.players[0]
    me.court = [BUILDER.number]
    me.rupees = 2
    tribes(state, 0, KABUL)
    give_event(state, 0, "Nation Building")  # two blocks for each unit paid
    told: list[object] = []

    def fire(state: PamirState, event: object) -> Generator[Decision, None, None]:
        told.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "listens", lambda event: True)  # as if a card heard every event
    monkeypatch.setattr(hooks, "fire", fire)
    asked = drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildArmy(KABUL), BuildRoad(border(KABUL, PUNJAB))],
    )
    assert [choice.chooser for choice in asked] == [0, 0]
    placed = [(e.piece, e.coalition, e.owner) for e in told if isinstance(e, PiecePlaced)]
    assert placed == [(Piece.ARMY, BRITISH, 0), (Piece.ROAD, BRITISH, 0)]


def test_an_action_cost_skips_vacant_spaces_along_each_row() -> None:
    state = arranged()
    me = state.players[0]
    me.court = [GIFTER.number]
    fill_market(state)
    state.market[0][4] = state.market[0][5] = None  # the top row's two rightmost spaces are empty
    drive(card_actions.perform(state, 0, UseCard(GIFTER.number, Action.GIFT)), [GiftSpace(2)])
    # The top row's rupee goes to its next card (column 3), the bottom row's to column 5.
    assert state.market_rupees == [[0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1]]
    assert {state.market[0][3], state.market[1][5]} == state.turn.paid_onto


def test_an_action_cost_goes_on_along_the_other_row_then_leaves_the_game() -> None:
    state = arranged()
    me = state.players[0]
    me.rupees = 20
    cards = fill_market(state)
    state.market[0][1:] = [None] * (MARKET_COLUMNS - 1)  # the top row holds one card, in column 0
    market.pay_action_cost(state, 0, 4)
    assert state.market_rupees == [[1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 1, 1]]
    state.market = [[cards[0], None, None, None, None, None], [None] * MARKET_COLUMNS]
    state.market_rupees = [[0] * MARKET_COLUMNS for _ in range(MARKET_ROWS)]
    market.pay_action_cost(state, 0, 3)  # one card left: one rupee on it, two out of the game
    assert market_total(state) == 1 and me.rupees == 13


# ---------------------------------------------------------------------- move


def test_an_army_moves_only_across_a_road_of_its_loyalty() -> None:
    state = arranged()
    state.players[0].court = [MOVER_3.number]
    state.armies[KABUL][BRITISH] = 1
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    state.roads[border(KABUL, HERAT)][RUSSIAN] = 1
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_3.number, Action.MOVE)),
        [MoveArmy(KABUL, PUNJAB), MoveArmy(PUNJAB, KABUL), MoveArmy(KABUL, PUNJAB)],
    )
    assert asked[0].options == (MoveArmy(KABUL, PUNJAB),)
    assert set(asked[1].options) == {MoveArmy(PUNJAB, KABUL), Done()}  # the same army moves again
    assert state.armies[PUNJAB][BRITISH] == 1 and state.armies[KABUL][BRITISH] == 0


def test_an_army_of_another_loyalty_does_not_move() -> None:
    state = arranged()
    state.players[0].court = [MOVER_3.number]
    state.armies[KABUL][RUSSIAN] = 1
    state.roads[border(KABUL, PUNJAB)][RUSSIAN] = 1
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    assert UseCard(MOVER_3.number, Action.MOVE) not in uses(state)


def test_a_spy_moves_along_the_ring_of_courts_wrapping_around() -> None:
    state = arranged()
    first, second, third = plain(MOVER_3)[:3]
    state.players[0].court = [MOVER_3.number, first]
    state.players[1].court = []
    state.players[2].court = [second, third]
    spies(state, 0, third)  # the last card of the last court
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_3.number, Action.MOVE)),
        [MoveSpy(card(third), card(MOVER_3.number)), MoveSpy(card(MOVER_3.number), card(first)), Done()],
    )
    # From the end of the ring: back to the previous card, or on to the first card of the first court.
    assert set(asked[0].options) == {
        MoveSpy(card(third), card(second)),
        MoveSpy(card(third), card(MOVER_3.number)),
    }
    # And back across the wrap, or on along player 0's court.
    assert set(asked[1].options) == {
        MoveSpy(card(MOVER_3.number), card(third)),
        MoveSpy(card(MOVER_3.number), card(first)),
        Done(),
    }
    assert state.spies_on(first)[0] == 1 and state.spies_on(third)[0] == 0
    assert state.players[0].cylinders == CYLINDERS_PER_PLAYER - 1


def test_a_spy_crosses_from_one_court_to_the_next() -> None:
    state = arranged()
    a, b = plain(MOVER_1)[:2]
    state.players[0].court = [MOVER_1.number, a]
    state.players[1].court = [b]
    spies(state, 0, a)
    drive(card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveSpy(card(a), card(b))])
    assert state.spies_on(b)[0] == 1


def test_nationalism_lets_tribes_move_like_armies() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number]
    tribes(state, 0, KABUL, 2)
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    assert UseCard(MOVER_1.number, Action.MOVE) not in uses(state)
    give_event(state, 0, "Nationalism")
    drive(card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveTribe(KABUL, PUNJAB)])
    assert state.tribes[KABUL][0] == 1 and state.tribes[PUNJAB][0] == 1


def test_tribes_moving_as_armies_move_only_out_of_regions_holding_one() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number]
    tribes(state, 0, KABUL)
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    state.roads[border(HERAT, Region.KANDAHAR)][BRITISH] = 1  # roads with no tribe at either end
    give_event(state, 0, "Nationalism")
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveTribe(KABUL, PUNJAB)]
    )
    assert asked[0].options == (MoveTribe(KABUL, PUNJAB),)


def test_a_move_action_tells_each_piece_moved_with_the_player_moving_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = arranged()
    a, b = plain(MOVER_3)[:2]
    state.players[0].court = [MOVER_3.number, a]
    state.players[1].court = [b]
    spies(state, 0, a)
    state.armies[KABUL][BRITISH] = 1
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    tribes(state, 0, HERAT)
    state.roads[border(HERAT, KABUL)][BRITISH] = 1
    give_event(state, 0, "Nationalism")
    told: list[object] = []

    def fire(state: PamirState, event: object) -> Generator[Decision, None, None]:
        told.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "listens", lambda event: True)  # as if a card heard every event
    monkeypatch.setattr(hooks, "fire", fire)
    drive(
        card_actions.perform(state, 0, UseCard(MOVER_3.number, Action.MOVE)),
        [MoveArmy(KABUL, PUNJAB), MoveTribe(HERAT, KABUL), MoveSpy(card(a), card(b))],
    )
    moved = [(e.piece, e.origin, e.destination, e.owner, e.mover) for e in told if isinstance(e, PieceMoved)]
    assert moved == [
        (Piece.ARMY, KABUL, PUNJAB, 0, 0),
        (Piece.TRIBE, HERAT, KABUL, 0, 0),
        (Piece.SPY, card(a).region, card(b).region, 0, 0),
    ]


def test_a_tribe_marching_out_of_its_last_region_overthrows_the_political_cards_there() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number, KABUL_POLITICAL.number]
    tribes(state, 0, KABUL)
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    give_event(state, 0, "Nationalism")
    drive(card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveTribe(KABUL, PUNJAB)])
    assert state.players[0].court == [MOVER_1.number]
    assert KABUL_POLITICAL.number in state.discard


# ---------------------------------------------------------------------- betray


def _betrayal(prize: Coalition | None) -> tuple[PamirState, Card]:
    state = arranged()
    target = court(
        lambda c: c.prize is prize and not c.abilities and c.patriot is None and c.suit is not Suit.POLITICAL
    )
    state.players[0].court = [BETRAYER.number]
    state.players[1].court = [target.number]
    spies(state, 0, target.number)
    spies(state, 1, target.number, 2)
    fill_market(state)
    return state, target


def test_betray_discards_a_card_with_a_spy_for_two_and_the_prize_may_be_declined() -> None:
    state, target = _betrayal(RUSSIAN)
    me = state.players[0]
    drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), [target, False])
    assert target.number in state.discard and target.number not in state.players[1].court
    assert me.prizes == [] and me.loyalty is BRITISH
    assert me.rupees == 2 and market_total(state) == 2
    assert me.cylinders == CYLINDERS_PER_PLAYER and state.players[1].cylinders == CYLINDERS_PER_PLAYER


def test_betray_a_prize_of_ones_loyalty_keeps_the_loyalty() -> None:
    state, target = _betrayal(BRITISH)
    me = state.players[0]
    me.gifts, me.cylinders = [2], me.cylinders - 1
    drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), [target, True])
    assert me.prizes == [target.number] and target.number not in state.discard
    assert me.loyalty is BRITISH and me.gifts == [2]
    assert state.influence(0) == 3


def test_betray_a_prize_of_another_coalition_changes_loyalty_first() -> None:
    state, target = _betrayal(RUSSIAN)
    me = state.players[0]
    old_prize = court(lambda c: c.prize is BRITISH and not c.abilities).number
    me.prizes = [old_prize]
    me.gifts, me.cylinders = [2, 4], me.cylinders - 2
    drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), [target, True])
    assert me.loyalty is RUSSIAN
    assert me.prizes == [target.number] and target.number not in state.discard
    assert old_prize in state.discard and me.gifts == []
    assert me.cylinders == CYLINDERS_PER_PLAYER  # the betraying spy and both gifts came home


def test_betray_a_card_without_prize_asks_nothing_more_and_may_hit_ones_own_court() -> None:
    state = arranged()
    state.players[0].court = [BETRAYER.number]
    spies(state, 0, BETRAYER.number)
    options = uses(state)
    assert UseCard(BETRAYER.number, Action.BETRAY) in options
    answers: list[Answer] = [BETRAYER] + ([False] if BETRAYER.prize is not None else [])
    drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), answers)
    assert state.players[0].court == [] and BETRAYER.number in state.discard
    assert state.players[0].cylinders == CYLINDERS_PER_PLAYER


def test_betray_needs_a_spy_and_two_rupees() -> None:
    state, target = _betrayal(None)
    state.players[0].rupees = 1
    assert UseCard(BETRAYER.number, Action.BETRAY) not in uses(state)
    state.players[0].rupees = 2
    assert UseCard(BETRAYER.number, Action.BETRAY) in uses(state)
    state.spies_on(target.number)[0] = 0
    state.players[0].cylinders += 1
    assert UseCard(BETRAYER.number, Action.BETRAY) not in uses(state)


def test_betray_with_exactly_two_rupees_spends_them_all() -> None:
    state, target = _betrayal(None)
    state.players[0].rupees = 2
    drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), [target])
    assert target.number in state.discard and state.players[0].rupees == 0
    assert market_total(state) == 2


# ---------------------------------------------------------------------- battle


def _battlefield() -> PamirState:
    """Player 0 (British) fights in Kabul with two armies; player 1 is British too there."""
    state = arranged()
    state.players[1].loyalty = BRITISH
    state.players[0].court = [FIGHTER_2.number]
    state.armies[KABUL][BRITISH] = 2
    state.armies[KABUL][RUSSIAN] = 1
    state.armies[KABUL][AFGHAN] = 1
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    state.roads[border(KABUL, HERAT)][RUSSIAN] = 1
    state.roads[border(HERAT, Region.PERSIA)][RUSSIAN] = 1  # not on a Kabul border
    tribes(state, 1, KABUL)
    tribes(state, 2, KABUL)
    state.players[2].court = [KABUL_POLITICAL.number]
    return state


def test_battle_in_a_region_respects_every_restriction() -> None:
    state = _battlefield()
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveTribe(KABUL, PlayerId(2)), RemoveRoad(border(HERAT, KABUL), RUSSIAN)],
    )
    assert asked[0].options == (KABUL,)
    assert set(asked[1].options) == {
        RemoveArmy(KABUL, RUSSIAN),
        RemoveArmy(KABUL, AFGHAN),
        RemoveRoad(border(HERAT, KABUL), RUSSIAN),
        RemoveTribe(KABUL, PlayerId(2)),  # not player 1's: British like player 0
    }
    assert len(asked) == 3  # rank 2
    assert state.tribes[KABUL] == [0, 1, 0]
    assert KABUL_POLITICAL.number in state.discard  # player 2 lost their last Kabul tribe
    assert state.roads[border(HERAT, KABUL)][RUSSIAN] == 0
    assert state.armies[KABUL] == {AFGHAN: 1, BRITISH: 2, RUSSIAN: 1}


def test_battle_removes_no_more_than_ones_own_armies_there() -> None:
    state = _battlefield()
    state.armies[KABUL][BRITISH] = 1
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, RUSSIAN)],
    )
    assert len(asked) == 2
    assert state.armies[KABUL][RUSSIAN] == 0 and state.armies[KABUL][AFGHAN] == 1


def test_battle_needs_a_loyal_army_at_the_site() -> None:
    state = _battlefield()
    state.armies[KABUL][BRITISH] = 0
    tribes(state, 0, KABUL)  # a tribe is no army without Nationalism
    assert UseCard(FIGHTER_2.number, Action.BATTLE) not in uses(state)
    give_event(state, 0, "Nationalism")
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, AFGHAN)],
    )
    assert len(asked) == 2  # one tribe: one unit
    assert state.tribes[KABUL][0] == 1


def test_tribes_fighting_as_armies_add_to_the_armies_there() -> None:
    state = _battlefield()
    state.armies[KABUL][BRITISH] = 1
    tribes(state, 0, KABUL)
    give_event(state, 0, "Nationalism")  # one army and one tribe: two units
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, RUSSIAN), RemoveArmy(KABUL, AFGHAN)],
    )
    assert len(asked) == 3 and state.armies[KABUL][RUSSIAN] == 0 and state.armies[KABUL][AFGHAN] == 0


def test_battle_on_a_card_removes_spies_even_of_the_same_loyalty() -> None:
    state = arranged()
    state.players[1].loyalty = BRITISH
    target = plain(FIGHTER_2)[0]
    state.players[0].court = [FIGHTER_2.number]
    state.players[2].court = [target]
    spies(state, 0, target, 2)
    spies(state, 1, target)
    spies(state, 2, target)
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [card(target), RemoveSpy(card(target), PlayerId(1)), RemoveSpy(card(target), PlayerId(2))],
    )
    assert set(asked[1].options) == {
        RemoveSpy(card(target), PlayerId(1)),
        RemoveSpy(card(target), PlayerId(2)),
    }
    assert state.spies_on(target) == [2, 0, 0]
    assert state.players[1].cylinders == CYLINDERS_PER_PLAYER
    assert card_actions.hostage_holder(state, target) == 0


def test_battle_is_not_offered_on_a_card_holding_only_ones_own_spies() -> None:
    state = arranged()
    target = plain(FIGHTER_2)[0]
    state.players[0].court = [FIGHTER_2.number]
    state.players[1].court = [target]
    spies(state, 0, target)  # nothing to remove there, and no army anywhere
    assert UseCard(FIGHTER_2.number, Action.BATTLE) not in uses(state)
    spies(state, 1, target)
    assert UseCard(FIGHTER_2.number, Action.BATTLE) in uses(state)


def test_battle_on_a_card_is_limited_by_ones_spies_there() -> None:
    state = arranged()
    target = plain(FIGHTER_2)[0]
    state.players[0].court = [FIGHTER_2.number]
    state.players[1].court = [target]
    spies(state, 0, target)
    spies(state, 1, target, 3)
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [card(target), RemoveSpy(card(target), PlayerId(1))],
    )
    assert len(asked) == 2 and state.spies_on(target) == [1, 2, 0]


def _told(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The events the rules fire from now on, kept as if a card heard every one."""
    told: list[object] = []

    def fire(state: PamirState, event: object) -> Generator[Decision, None, None]:
        told.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "listens", lambda event: True)
    monkeypatch.setattr(hooks, "fire", fire)
    return told


def test_a_battle_tells_each_piece_removed_by_its_player_then_the_battle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _battlefield()
    told = _told(monkeypatch)
    drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, RUSSIAN), RemoveRoad(border(HERAT, KABUL), RUSSIAN)],
    )
    removed = [(e.piece, e.remover) for e in told if isinstance(e, PieceRemoved)]
    assert removed == [(Piece.ARMY, 0), (Piece.ROAD, 0)]
    assert BattleFought(PlayerId(0), KABUL) in told


def test_a_battle_on_a_card_stopped_early_still_tells_the_spy_removed_and_the_battle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = arranged()
    target = plain(FIGHTER_2)[0]
    state.players[0].court = [FIGHTER_2.number]
    state.players[2].court = [target]
    spies(state, 0, target, 2)
    spies(state, 1, target)
    spies(state, 2, target)
    told = _told(monkeypatch)
    drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [card(target), RemoveSpy(card(target), PlayerId(1)), Done()],
    )
    removed = [(e.piece, e.owner, e.remover) for e in told if isinstance(e, PieceRemoved)]
    assert removed == [(Piece.SPY, 1, 0)]
    region = card(target).region
    assert region is not None and BattleFought(PlayerId(0), region) in told


# ---------------------------------------------------------------------- bonus actions, once a card


def test_a_favored_card_gives_a_bonus_action_that_is_not_counted() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number, GIFTER.number]
    fill_market(state)
    state.market_rupees[0][0] = 2
    state.turn.actions_taken = 2
    assert uses(state) == []  # both actions spent, nothing favored
    assert TAX_2.suit is not None
    state.favored = TAX_2.suit
    assert uses(state) == [UseCard(TAX_2.number, Action.TAX)]
    drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [lambda o: True, Done()])
    assert state.turn.actions_taken == 2


def test_a_card_that_counts_as_favored_gives_a_bonus_action() -> None:
    savvy = court(lambda c: any(m.hook is CountsAsFavored for a in c.abilities for m in a.modifiers))
    state = arranged()
    state.players[0].court = [savvy.number]
    state.favored = next(s for s in Suit if s is not savvy.suit)
    state.players[0].rupees = 10
    spies(state, 0, savvy.number)  # so it can betray (itself), battle or move
    state.turn.actions_taken = 2
    assert uses(state), "a card counting as favored stays usable after both actions"
    assert card_actions.is_bonus(state, 0, savvy.number)


def test_each_card_acts_once_a_turn_whatever_its_actions() -> None:
    state = arranged()
    two_actions = court(lambda c: c.actions == (Action.TAX, Action.GIFT) and c.suit is not Suit.POLITICAL)
    state.players[0].court = [two_actions.number]
    fill_market(state)
    state.market_rupees[0][0] = 3
    assert len(uses(state)) == 2
    drive(card_actions.perform(state, 0, UseCard(two_actions.number, Action.GIFT)), [GiftSpace(2)])
    assert uses(state) == []


def test_a_card_passed_over_leaves_the_cards_after_it_offered() -> None:
    """Each card acts once a turn, and with both actions spent only bonus actions remain: a card
    used already, or one without an action left, is passed over, not the end of the court."""
    state = arranged()
    assert GIFTER.suit is not TAX_2.suit
    state.players[0].court = [GIFTER.number, TAX_2.number]
    fill_market(state)
    state.market_rupees[0][0] = 2
    state.turn.used_cards.add(GIFTER.number)
    assert uses(state) == [UseCard(TAX_2.number, Action.TAX)]
    state.turn.used_cards.clear()
    state.turn.actions_taken = 2
    assert TAX_2.suit is not None
    state.favored = TAX_2.suit
    assert uses(state) == [UseCard(TAX_2.number, Action.TAX)]


def test_the_second_action_is_counted_as_the_second() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number, GIFTER.number]
    fill_market(state)
    state.market_rupees[0][0] = 1
    state.turn.actions_taken = 1
    drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [lambda option: True])
    assert state.turn.actions_taken == 2
    assert uses(state) == []  # the gift too is beyond the two actions now


def test_no_card_action_beyond_the_two_actions() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    fill_market(state)
    state.market_rupees[0][0] = 3
    state.turn.actions_taken = 1
    assert uses(state) == [UseCard(TAX_2.number, Action.TAX)]
    state.turn.actions_taken = 2
    assert uses(state) == []


def test_the_rules_offer_and_perform_card_actions() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    fill_market(state)
    state.market_rupees[1][3] = 1
    use = UseCard(TAX_2.number, Action.TAX)
    assert use in rules.legal_actions(state, 0)
    drive(rules.perform(state, 0, use), [lambda o: True])
    assert state.players[0].rupees == 5


def test_move_and_battle_do_at_least_one_step_then_may_stop() -> None:
    # Decision (card_actions.py): "up to" caps an action, but an action taken does something.
    state = arranged()
    me = state.players[0]
    me.court = [MOVER_3.number, FIGHTER_2.number]
    state.armies[KABUL][BRITISH] = 2
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    state.armies[KABUL][RUSSIAN] = 2
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_3.number, Action.MOVE)),
        [MoveArmy(KABUL, PUNJAB), Done()],
    )
    assert Done() not in asked[0].options and Done() in asked[1].options
    state.armies[PUNJAB][BRITISH], state.armies[KABUL][BRITISH] = 0, 2
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, RUSSIAN), Done()],
    )
    assert Done() not in asked[0].options and Done() not in asked[1].options
    assert Done() in asked[2].options
    assert state.armies[KABUL][RUSSIAN] == 1


# ---------------------------------------------------------------------- hostage bribes


def _hostage(*more: Card) -> PamirState:
    """Player 0's tax card carries two spies of player 1 and one of player 0 and player 2 each."""
    state = arranged()
    state.players[0].court = [TAX_2.number, *(c.number for c in more)]
    fill_market(state)
    state.market_rupees[0][0] = 2
    spies(state, 1, TAX_2.number, 2)
    spies(state, 0, TAX_2.number)
    spies(state, 2, TAX_2.number)
    return state


def test_hostage_bribe_paid() -> None:
    state = _hostage()
    assert card_actions.hostage_holder(state, TAX_2.number) == 1
    asked = drive(
        card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)),
        [Rupees(2), True, lambda o: True, lambda o: True],
    )
    assert asked[0].chooser == 1 and asked[0].options == (Rupees(2), Rupees(1), Rupees(0))
    assert asked[1].chooser == 0
    assert state.players[1].rupees == 6
    assert state.players[0].rupees == 4 - 2 + 2
    assert state.turn.actions_taken == 1


def test_hostage_bribe_waived() -> None:
    state = _hostage()
    asked = drive(
        card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)),
        [Rupees(0), lambda o: True, lambda o: True],
    )
    assert len(asked) == 3  # the payer is not asked
    assert state.players[1].rupees == 4 and state.players[0].rupees == 6


def test_hostage_bribe_refused_means_nothing_happened() -> None:
    state = _hostage()
    drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [Rupees(1), False])
    assert state.players[0].rupees == 4 and state.players[1].rupees == 4
    assert state.turn.actions_taken == 0 and not state.turn.used_cards
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)


def test_a_hostage_bribe_the_player_cannot_afford_with_the_action_is_refused() -> None:
    state = _hostage(GIFTER)
    spies(state, 1, GIFTER.number)
    state.players[0].rupees = 2  # enough for the gift, not for a bribe on top
    asked = drive(card_actions.perform(state, 0, UseCard(GIFTER.number, Action.GIFT)), [Rupees(1)])
    assert len(asked) == 1
    assert state.players[0].gifts == [] and state.players[0].rupees == 2


def test_a_card_held_hostage_is_offered_only_with_the_rupees_for_its_bribe_and_its_action() -> None:
    state = _hostage(GIFTER)
    spies(state, 1, GIFTER.number)  # held by player 1: a bribe of 1
    state.players[0].rupees = 2
    assert UseCard(GIFTER.number, Action.GIFT) not in uses(state)  # 1 of bribe and 2 of gift
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)  # 2 of bribe, and a tax costs nothing
    state.players[0].rupees = 3
    assert UseCard(GIFTER.number, Action.GIFT) in uses(state)
    state.players[0].rupees = 1
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)


def test_no_hostage_without_a_single_leader_or_when_the_owner_leads() -> None:
    state = _hostage()
    spies(state, 2, TAX_2.number)  # players 1 and 2 tie with two spies
    assert card_actions.hostage_holder(state, TAX_2.number) is None
    drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [lambda o: True, Done()])
    state = _hostage()
    spies(state, 0, TAX_2.number, 2)  # the owner has the most
    assert card_actions.hostage_holder(state, TAX_2.number) is None


def test_civil_service_reforms_waive_hostage_bribes_but_charismatic_courtiers_do_not() -> None:
    state = _hostage(with_ability("Charismatic Courtiers"))
    asked = drive(
        card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)),
        [Rupees(0), lambda o: True, Done()],
    )
    assert asked[0].chooser == 1  # only bribes to play a card are waived by the courtiers
    state = _hostage(with_ability("Civil Service Reforms"))
    asked = drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [lambda o: True, Done()])
    assert all(choice.chooser == 0 for choice in asked)


def test_civil_service_reforms_offer_a_card_held_hostage_to_a_player_with_no_rupees() -> None:
    # The bribe the listing weighs is the one the payer owes: Ranjit Singh's owner owes none,
    # so the tax card held hostage is offered with no rupee for its bribe of 2.
    state = _hostage()
    state.players[0].rupees = 0
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)
    state = _hostage(with_ability("Civil Service Reforms"))
    state.players[0].rupees = 0
    assert UseCard(TAX_2.number, Action.TAX) in uses(state)


# ---------------------------------------------------------------------- labels


def test_every_new_option_has_a_label() -> None:
    state = arranged()
    some = card(plain()[0])
    for option, expected in [
        (Done(), "done"),
        (BuildArmy(KABUL), "an army in Kabul"),
        (BuildRoad(border(KABUL, PUNJAB)), "a road on the Kabul-Punjab border"),
        (MoveArmy(KABUL, PUNJAB), "an army from Kabul to Punjab"),
        (MoveTribe(KABUL, PUNJAB), "a tribe from Kabul to Punjab"),
        (MoveSpy(some, some), f"a spy from {some.name} to {some.name}"),
        (RemoveArmy(KABUL, RUSSIAN), "a Russian army in Kabul"),
        (RemoveRoad(border(KABUL, PUNJAB), RUSSIAN), "a Russian road on the Kabul-Punjab border"),
        (RemoveTribe(KABUL, PlayerId(2)), "player 2's tribe in Kabul"),
        (RemoveSpy(some, PlayerId(1)), f"player 1's spy on {some.name}"),
    ]:
        assert label(state, option) == expected


# ---------------------------------------------------------------------- abilities of the actions


def with_ability(title: str, region: Region | None = None) -> Card:
    return court(lambda c: any(a.title == title for a in c.abilities) and region in (None, c.region))


def test_claim_of_ancient_lineage_taxes_as_if_ruling_every_region() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number, with_ability("Claim of Ancient Lineage").number]
    state.players[1].court = [PUNJAB_CARD.number]
    state.players[2].rupees = 9  # no court card at all: not taxable
    asked = drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [PlayerId(1), Done()])
    assert asked[0].options == (PlayerId(1),)
    assert state.players[1].rupees == 3


def test_another_players_claim_of_ancient_lineage_leaves_the_taxer_the_regions_they_rule() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    tribes(state, 0, PUNJAB)  # player 0 rules Punjab
    state.players[1].court = [with_ability("Claim of Ancient Lineage").number]  # a Kabul card
    state.players[2].court = [PUNJAB_CARD.number]
    asked = drive(card_actions.perform(state, 0, UseCard(TAX_2.number, Action.TAX)), [PlayerId(2), Done()])
    assert asked[0].options == (PlayerId(2),)
    assert state.players[2].rupees == 3


def test_bodyguards_keep_their_owners_political_cards_from_betrayal() -> None:
    state = arranged()
    guards = with_ability("Bodyguards")
    political = KABUL_POLITICAL.number
    other = PUNJAB_CARD.number
    state.players[0].court = [BETRAYER.number]
    state.players[1].court = [guards.number, political, other]
    spies(state, 0, political)
    spies(state, 0, other)
    asked = drive(card_actions.perform(state, 0, UseCard(BETRAYER.number, Action.BETRAY)), [card(other)])
    assert asked[0].options == (card(other),)


def test_no_betrayal_is_offered_when_bodyguards_keep_the_only_card_with_a_spy() -> None:
    # The listing's answer (`_any_betray_target`) asks the guards as the betrayal would: the
    # owner's political card is not a target, and nothing else holds a spy of the betrayer.
    state = arranged()
    state.players[0].court = [BETRAYER.number]
    state.players[0].rupees = 5
    state.players[1].court = [KABUL_POLITICAL.number]
    spies(state, 0, KABUL_POLITICAL.number)
    assert UseCard(BETRAYER.number, Action.BETRAY) in uses(state)
    state.players[1].court.append(with_ability("Bodyguards").number)
    assert UseCard(BETRAYER.number, Action.BETRAY) not in uses(state)


def test_indian_supplies_offer_a_move_to_an_army_with_no_road() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number]
    state.armies[KABUL][BRITISH] = 1
    assert UseCard(MOVER_1.number, Action.MOVE) not in uses(state)  # no road, no spy
    state.players[0].court.append(with_ability("Indian Supplies").number)
    assert UseCard(MOVER_1.number, Action.MOVE) in uses(state)


def test_with_nationalism_a_road_with_no_army_or_tribe_beside_it_offers_no_move() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number]
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    give_event(state, 0, "Nationalism")
    assert card_actions.tribes_count_as_armies(state, 0)
    assert UseCard(MOVER_1.number, Action.MOVE) not in uses(state)
    tribes(state, 0, PUNJAB)
    assert UseCard(MOVER_1.number, Action.MOVE) in uses(state)


def test_citadels_keep_their_owners_tribes_from_battle_in_their_region() -> None:
    state = _battlefield()
    state.players[2].court.append(with_ability("Citadel", KABUL).number)
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveArmy(KABUL, RUSSIAN), Done()],
    )
    assert RemoveTribe(KABUL, PlayerId(2)) not in asked[1].options
    assert state.tribes[KABUL][2] == 1


def test_citadels_shelter_only_their_owners_tribes() -> None:
    state = _battlefield()
    state.players[1].loyalty = RUSSIAN  # player 1's tribe in Kabul may now be removed
    state.players[2].court.append(with_ability("Citadel", KABUL).number)
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [KABUL, RemoveTribe(KABUL, PlayerId(1)), Done()],
    )
    assert RemoveTribe(KABUL, PlayerId(2)) not in asked[1].options
    assert state.tribes[KABUL] == [0, 0, 1]


def test_indispensable_advisors_keep_their_owners_spies_from_battle() -> None:
    state = arranged()
    target = plain(FIGHTER_2)[0]
    state.players[0].court = [FIGHTER_2.number]
    state.players[1].court = [with_ability("Indispensable Advisors").number]
    state.players[2].court = [target]
    spies(state, 0, target, 2)
    spies(state, 1, target)
    spies(state, 2, target)
    asked = drive(
        card_actions.perform(state, 0, UseCard(FIGHTER_2.number, Action.BATTLE)),
        [card(target), RemoveSpy(card(target), PlayerId(2))],
    )
    assert asked[1].options == (RemoveSpy(card(target), PlayerId(2)),)
    assert state.spies_on(target) == [2, 1, 0]


def test_indian_supplies_let_armies_cross_without_a_road() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number, with_ability("Indian Supplies").number]
    state.armies[KABUL][BRITISH] = 1
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveArmy(KABUL, HERAT)]
    )
    assert len(asked[0].options) == 4  # every border of Kabul
    assert state.armies[HERAT][BRITISH] == 1


def test_another_players_indian_supplies_leave_everybody_else_to_the_roads() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number]
    state.players[1].court = [with_ability("Indian Supplies").number]
    state.armies[KABUL][BRITISH] = 1
    state.roads[border(KABUL, PUNJAB)][BRITISH] = 1
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveArmy(KABUL, PUNJAB)]
    )
    assert asked[0].options == (MoveArmy(KABUL, PUNJAB),)  # along its road, and only there
    assert state.armies[PUNJAB][BRITISH] == 1


def test_well_connected_spies_pass_two_cards_a_move() -> None:
    state = arranged()
    connected = with_ability("Well-Connected")
    a, b, c = plain(MOVER_1)[:3]
    state.players[0].court = [MOVER_1.number, connected.number]
    state.players[1].court = [a, b, c]
    spies(state, 0, a)
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveSpy(card(a), card(c))]
    )
    # Ring: mover, connected, a, b, c: two cards either way from a.
    assert {option.destination.number for option in asked[0].options} == {
        MOVER_1.number,
        connected.number,
        b,
        c,
    }
    assert state.spies_on(c)[0] == 1


def test_strange_bedfellows_join_the_court_cards_of_one_region() -> None:
    state = arranged()
    bedfellows = with_ability("Strange Bedfellows")
    region, elsewhere = [r for r in Region if r not in (MOVER_1.region, bedfellows.region)][:2]
    pair = [n for n in plain(MOVER_1) if card(n).region is region][:2]
    far = [n for n in plain(MOVER_1) if card(n).region is elsewhere][:3]
    state.players[0].court = [MOVER_1.number, bedfellows.number]
    state.players[1].court = [pair[0], *far, pair[1]]
    spies(state, 0, pair[0])
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)),
        [MoveSpy(card(pair[0]), card(pair[1]))],
    )
    destinations = {option.destination.number for option in asked[0].options}
    assert destinations == {bedfellows.number, far[0], pair[1]}  # the ring's neighbours, and its pair
    assert state.spies_on(pair[1])[0] == 1


def test_new_tactics_make_the_buyers_military_cards_bonus_actions() -> None:
    state = arranged()
    military = court(lambda c: c.suit is Suit.MILITARY and Action.TAX in c.actions and not c.abilities)
    state.players[0].court = [military.number]
    fill_market(state)
    state.market_rupees[0][0] = 1
    state.turn.actions_taken = 2
    assert uses(state) == []
    give_event(state, 0, "New Tactics")
    assert uses(state) == [UseCard(military.number, Action.TAX)]
    assert not card_actions.is_bonus(state, 1, military.number)


def test_a_military_card_used_under_new_tactics_is_not_counted() -> None:
    """Rulebook, Bonus Actions: an action of a card of the favored suit is free; New Tactics makes
    its buyer's Military cards of the favored suit."""
    state = arranged()
    military = court(lambda c: c.suit is Suit.MILITARY and Action.TAX in c.actions and not c.abilities)
    state.players[0].court = [military.number]
    fill_market(state)
    state.market_rupees[0][0] = 1
    state.turn.actions_taken = 1
    give_event(state, 0, "New Tactics")
    drive(card_actions.perform(state, 0, UseCard(military.number, Action.TAX)), [lambda option: True])
    assert state.turn.actions_taken == 1 and military.number in state.turn.used_cards


def test_infrastructure_follows_a_build_taken_with_a_card() -> None:
    state = arranged()
    state.players[0].court = [BUILDER.number, with_ability("Infrastructure").number]
    tribes(state, 0, KABUL)
    drive(
        card_actions.perform(state, 0, UseCard(BUILDER.number, Action.BUILD)),
        [BuildArmy(KABUL), Done(), lambda option: "army" in str(option), KABUL],
    )
    assert state.armies[KABUL][BRITISH] == 2 and state.players[0].rupees == 2


def test_a_player_of_the_same_loyalty_can_hold_a_card_hostage() -> None:
    state = _hostage()
    state.players[1].loyalty = state.players[0].loyalty
    assert card_actions.hostage_holder(state, TAX_2.number) == 1


def test_rupees_on_an_empty_market_space_cannot_be_taxed() -> None:
    state = arranged()
    state.players[0].court = [TAX_2.number]
    state.market_rupees[0][0] = 3  # left by a discarded event, on no card
    assert UseCard(TAX_2.number, Action.TAX) not in uses(state)


def test_tribes_moving_as_armies_also_cross_without_a_road_with_indian_supplies() -> None:
    state = arranged()
    state.players[0].court = [MOVER_1.number, with_ability("Indian Supplies").number]
    tribes(state, 0, KABUL)
    give_event(state, 0, "Nationalism")
    asked = drive(
        card_actions.perform(state, 0, UseCard(MOVER_1.number, Action.MOVE)), [MoveTribe(KABUL, HERAT)]
    )
    assert {type(option) for option in asked[0].options} == {MoveTribe}
    assert state.tribes[HERAT][0] == 1
