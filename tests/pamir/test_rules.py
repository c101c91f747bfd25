"""Scenario tests for the Pax Pamir rules other than the card-based actions, each written from
the rulebook: arrange a position, play scripted decisions, assert the outcome."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from paxc.generated.pamir import CARDS_BY_NUMBER
from paxc.generated.pamir.vocabulary import (
    Action,
    CardType,
    Coalition,
    CourtLimit,
    HandLimit,
    Impact,
    Influence,
    InfluenceSource,
    Piece,
    Region,
    Suit,
    Zone,
)
from paxc.runtime.core.session import Session
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, market, pieces, rules, scoring
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.rules import EndTurn, Play, Purchase
from paxc.runtime.pamir.state import BORDERS, PamirState, TurnState, card
from tests.pamir.scenario import court_card, drive, empty_state, event_card

KABUL_POLITICAL = court_card(lambda c: c.region is Region.KABUL and c.suit is Suit.POLITICAL)
PUNJAB_PLAIN = court_card(
    lambda c: c.region is Region.PUNJAB and not c.patriot and all(i is Impact.ARMY for i in c.impact)
)


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deck_is_six_piles_with_checks_in_the_last_four(players: int) -> None:
    state = rules.new_state({"players": players}, seed=players)
    drawn = [state.market[r][c] for c in range(6) for r in range(2)]
    order = [n for n in drawn if n is not None] + state.deck
    size = 5 + players
    pile_sizes = [size, size + 2] + [size + 2] * 4
    assert len(order) == sum(pile_sizes)
    piles, start = [], 0
    for length in pile_sizes:
        piles.append(order[start : start + length])
        start += length
    kinds = [[CARDS_BY_NUMBER[n].card_type for n in pile] for pile in piles]
    assert [k.count(CardType.DOMINANCE_CHECK) for k in kinds] == [0, 0, 1, 1, 1, 1]
    assert [k.count(CardType.EVENT) for k in kinds] == [0, 2, 1, 1, 1, 1]
    assert all(p.rupees == 4 and p.cylinders == 10 for p in state.players)
    assert state.favored is Suit.POLITICAL


def test_loyalties_are_chosen_clockwise_and_the_last_to_choose_plays_first() -> None:
    session = Session(PamirRules(), {"players": 3}, seed=7)
    first = session.current_player()
    assert session.chance[-1] == f"player {first} chooses a loyalty first"
    choosers = []
    for _ in range(3):
        choosers.append(session.current_player())
        session.apply_action(0)
    assert choosers == [first, (first + 1) % 3, (first + 2) % 3]
    assert session.state.active == choosers[-1]
    assert session.current_player() == choosers[-1]
    # Then play goes on clockwise (rulebook, Turn Overview): each ends the turn at once.
    players = []
    for _ in range(4):
        players.append(session.current_player())
        session.apply_action(0)  # end the turn
    assert players == [(choosers[-1] + step) % 3 for step in range(4)]


def test_a_wrong_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        rules.new_state({"players": 6}, seed=1)


# ---------------------------------------------------------------------- purchase


def test_purchase_pays_one_rupee_to_each_card_on_its_left_and_takes_the_rupees_on_it() -> None:
    state = empty_state()
    row0 = [11, 21, 31, 41]
    state.market[0][:4] = row0
    state.market[1][2] = 55
    state.market[0][2] = None  # a vacant space: its rupee goes to the other row's card
    state.market_rupees[0][3] = 2
    drive(rules.purchase(state, 0, 0, 3), [])
    assert state.players[0].rupees == 4 - 3 + 2
    assert state.market_rupees[0][:4] == [1, 1, 0, 0]
    assert state.market_rupees[1][2] == 1
    assert state.players[0].hand == [row0[3]]
    assert state.turn.actions_taken == 1
    # a card you put a rupee on this turn cannot be bought
    assert Purchase(0, 0) not in rules.legal_actions(state, 0)
    assert Purchase(0, 1) not in rules.legal_actions(state, 0)


def test_purchase_costs_double_while_military_is_favored() -> None:
    state = empty_state()
    state.market[0][:3] = [1, 2, 3]
    state.favored = Suit.MILITARY
    assert market.purchase_cost(state, 0, 0, 2) == 4
    drive(rules.purchase(state, 0, 0, 2), [])
    assert state.market_rupees[0][:2] == [2, 2]
    assert state.players[0].rupees == 0


def test_a_card_that_costs_more_than_you_have_is_not_offered() -> None:
    state = empty_state()
    state.market[0] = [1, 2, 3, 4, 5, 6]
    state.players[0].rupees = 2
    offered = {a.column for a in rules.legal_actions(state, 0) if isinstance(a, Purchase)}
    assert offered == {0, 1, 2}


def test_an_ability_can_make_cards_free_to_buy() -> None:
    """Herat Influence: its owner buys Herat cards for nothing."""
    owner_card = court_card(lambda c: any(a.title == "Herat Influence" for a in c.abilities))
    herat = court_card(lambda c: c.region is Region.HERAT and c is not owner_card)
    state = empty_state()
    state.players[0].court.append(owner_card.number)
    state.market[0][5] = herat.number
    assert market.purchase_cost(state, 0, 0, 5) == 0
    assert market.purchase_cost(state, 1, 0, 5) == 5


def test_buying_an_event_resolves_its_bought_side_and_keeps_it_until_the_next_check() -> None:
    state = empty_state()
    conflict_fatigue = event_card(lambda c: any(s.name == "Conflict Fatigue" for s in c.sides))
    state.market[0][0] = conflict_fatigue.number
    drive(rules.purchase(state, 1, 0, 0), [])
    assert state.players[1].events == [(conflict_fatigue.number, 1)]
    assert state.players[1].hand == []
    # a two-block lead now dominates
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    assert scoring.dominant_coalition(state) is Coalition.BRITISH
    scoring.dominance_check(state)
    assert state.players[1].events == []
    assert conflict_fatigue.number in state.discard


def test_buying_a_one_shot_event() -> None:
    """Backing of Persian Aristocracy: the buyer takes three rupees, and the card is discarded."""
    state = empty_state()
    backing = event_card(lambda c: any(s.name == "Backing of Persian Aristocracy" for s in c.sides))
    state.market[0][0] = backing.number
    drive(rules.purchase(state, 2, 0, 0), [])
    assert state.players[2].rupees == 7
    assert state.players[2].events == []
    assert backing.number in state.discard


def test_public_withdrawal_cannot_be_bought_and_swallows_rupees() -> None:
    state = empty_state()
    withdrawal = event_card(lambda c: c.name == "No Effect / Public Withdrawal")
    state.market[0][0] = withdrawal.number
    state.market[0][1] = 1
    assert Purchase(0, 0) not in rules.legal_actions(state, 0)
    drive(rules.purchase(state, 0, 0, 1), [])
    assert state.market_rupees[0][0] == 0
    assert state.players[0].rupees == 3


def test_rupees_reaching_public_withdrawal_leave_the_game_at_once() -> None:
    # Decision (market.py): they never rest on the card, so the same turn's tax cannot take them.
    state = empty_state()
    withdrawal = event_card(lambda c: c.name == "No Effect / Public Withdrawal")
    state.market[0][5] = withdrawal.number
    state.market[1][5] = PUNJAB_PLAIN.number
    market.pay_action_cost(state, 0, 2)  # one rupee to each rightmost card
    assert state.market_rupees[0][5] == 0 and state.market_rupees[1][5] == 1
    assert state.players[0].rupees == 2
    assert withdrawal.number in state.turn.paid_onto
    taxer = court_card(lambda c: c.actions == (Action.TAX,) and not c.abilities)
    state.players[0].court = [taxer.number]
    use = card_actions.UseCard(taxer.number, Action.TAX)
    asked = drive(card_actions.perform(state, 0, use), [card(PUNJAB_PLAIN.number)])
    assert asked[0].options == (card(PUNJAB_PLAIN.number),)  # nothing to take from Public Withdrawal
    # Rupees left on an empty space do not ride on it when it slides there at the refill.
    state.market[0] = [None] * 5 + [withdrawal.number]
    state.market_rupees[0] = [3, 0, 0, 0, 0, 0]
    market.slide_left(state)
    assert state.market[0][0] == withdrawal.number and state.market_rupees[0] == [0] * 6


def test_buying_a_dominance_check_resolves_it() -> None:
    state = empty_state()
    check = next(c for c in CARDS_BY_NUMBER.values() if c.card_type is CardType.DOMINANCE_CHECK)
    state.market[0][0] = check.number
    state.tribes[Region.KABUL][2] = 1  # player 2 has the most cylinders in play
    state.players[2].cylinders = 9
    drive(rules.purchase(state, 0, 0, 0), [])
    assert [p.score for p in state.players] == [0, 0, 3]
    assert state.checks_resolved == 1


def test_a_check_another_card_calls_for_scores_but_uses_up_no_check_card() -> None:
    """Only the four dominance check cards count towards the final check. A check a court card
    calls for (a designer's "resolve a dominance check") is scored, but neither counts as one of
    the four nor is doubled as the last one, even with three check cards already used up."""
    from paxc.runtime.pamir.context import PamirContext

    state = empty_state()
    state.checks_resolved = 3
    state.tribes[Region.KABUL][2] = 1  # player 2 has the most cylinders in play
    state.players[2].cylinders = 9
    caller = court_card(lambda c: True)
    drive(PamirContext(state, 0, caller.number).resolve_dominance_check(), [])
    assert [p.score for p in state.players] == [0, 0, 3]  # scored once, not doubled
    assert state.checks_resolved == 3 and not state.over
    check = next(c for c in CARDS_BY_NUMBER.values() if c.card_type is CardType.DOMINANCE_CHECK)
    drive(PamirContext(state, 0, check.number).resolve_dominance_check(), [])
    assert state.checks_resolved == 4 and state.over  # the fourth check card is the final check


# ---------------------------------------------------------------------- play


def test_play_to_either_end_of_the_court_without_a_ruler() -> None:
    state = empty_state()
    first, second = court_card(lambda c: c.region is Region.PUNJAB and not c.patriot), PUNJAB_PLAIN
    state.players[0].hand = [first.number, second.number]
    drive(rules.play(state, 0, first.number, left=False), [], then_first=True)
    drive(rules.play(state, 0, second.number, left=True), [])
    assert state.players[0].court[0] == second.number
    assert state.turn.actions_taken == 2


def test_a_card_played_as_an_action_goes_to_the_end_of_the_court_chosen() -> None:
    state = empty_state()
    first, second = court_card(lambda c: c.region is Region.PUNJAB and not c.patriot), PUNJAB_PLAIN
    state.players[0].court = [first.number]
    state.players[0].hand = [second.number]
    plays = [a for a in rules.legal_actions(state, 0) if isinstance(a, Play)]
    assert plays == [Play(second.number, left=False), Play(second.number, left=True)]
    drive(rules.perform(state, 0, Play(second.number, left=True)), [], then_first=True)
    assert state.players[0].court == [second.number, first.number]


def test_a_card_whose_bribe_the_player_cannot_pay_is_not_offered() -> None:
    """Player 1 rules Punjab with two tribes: playing a Punjab card costs a bribe of 2, which a
    player with 1 rupee cannot pay (unless a card in effect waives the bribes they owe)."""
    state = empty_state()
    state.tribes[Region.PUNJAB][1] = 2
    state.players[0].hand = [PUNJAB_PLAIN.number]
    state.players[0].rupees = 1
    assert not any(isinstance(a, Play) for a in rules.legal_actions(state, 0))
    state.players[0].hand.append(KABUL_POLITICAL.number)  # no ruler in Kabul: no bribe
    plays = [a for a in rules.legal_actions(state, 0) if isinstance(a, Play)]
    assert plays == [Play(KABUL_POLITICAL.number, left=False)]  # the right end of an empty court
    state.players[0].hand.remove(KABUL_POLITICAL.number)
    state.players[0].rupees = 2
    assert Play(PUNJAB_PLAIN.number, left=False) in rules.legal_actions(state, 0)
    state.players[0].rupees = 0
    courtiers = court_card(lambda c: any(a.title == "Charismatic Courtiers" for a in c.abilities))
    state.players[0].court = [courtiers.number]  # no bribe for its owner to play a card
    assert Play(PUNJAB_PLAIN.number, left=False) in rules.legal_actions(state, 0)
    state.players[2].court, state.players[0].court = [courtiers.number], []  # not for another
    assert not any(isinstance(a, Play) for a in rules.legal_actions(state, 0))


def test_bribe_to_the_ruler_paid_waived_or_refused() -> None:
    def arranged() -> PamirState:
        state = empty_state()
        state.tribes[Region.PUNJAB][1] = 2  # player 1 rules Punjab with two tribes
        state.players[0].hand = [PUNJAB_PLAIN.number]
        return state

    paid = arranged()
    assert paid.ruler(Region.PUNJAB) == 1
    drive(rules.play(paid, 0, PUNJAB_PLAIN.number, False), [Rupees(2), True])
    assert [p.rupees for p in paid.players][:2] == [2, 6]
    assert paid.players[0].court == [PUNJAB_PLAIN.number]

    waived = arranged()
    drive(rules.play(waived, 0, PUNJAB_PLAIN.number, False), [Rupees(0)])
    assert waived.players[0].rupees == 4
    assert waived.players[0].court == [PUNJAB_PLAIN.number]

    refused = arranged()
    drive(rules.play(refused, 0, PUNJAB_PLAIN.number, False), [Rupees(1), False])
    assert refused.players[0].hand == [PUNJAB_PLAIN.number]
    assert refused.turn.actions_taken == 0  # as if never taken


def test_playing_a_patriot_of_another_coalition_changes_loyalty() -> None:
    state = empty_state()
    me = state.players[0]  # loyal to the Afghans
    old_patriot = court_card(
        lambda c: (
            c.patriot is Coalition.AFGHAN and c.suit is not Suit.POLITICAL and Impact.LEVERAGE not in c.impact
        )
    )
    new_patriot = court_card(lambda c: c.patriot is Coalition.BRITISH)
    me.court = [old_patriot.number]
    me.prizes = [PUNJAB_PLAIN.number]
    me.gifts = [2, 4]
    me.cylinders = 8
    me.hand = [new_patriot.number]
    drive(rules.play(state, 0, new_patriot.number, False), [], then_first=True)
    assert me.loyalty is Coalition.BRITISH
    assert me.gifts == [] and me.prizes == [] and old_patriot.number not in me.court
    assert new_patriot.number in me.court
    assert old_patriot.number in state.discard and PUNJAB_PLAIN.number in state.discard


def test_prizes_discarded_at_a_loyalty_change_are_told_from_the_players_prizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: list[tuple[int, str, int | None, str, int | None, bool]] = []

    def moved(
        state: PamirState,
        number: int,
        origin: str,
        owner: int | None,
        destination: str,
        receiver: int | None,
        discarded: bool = False,
    ) -> tuple[()]:
        told.append((number, origin, owner, destination, receiver, discarded))
        return ()

    monkeypatch.setattr(hooks, "card_moved", moved)
    state = empty_state()
    state.players[1].prizes = [PUNJAB_PLAIN.number, KABUL_POLITICAL.number]
    drive(pieces.change_loyalty(state, 1, Coalition.RUSSIAN), [])
    assert told == [
        (PUNJAB_PLAIN.number, "prizes", 1, "discard", None, True),
        (KABUL_POLITICAL.number, "prizes", 1, "discard", None, True),
    ]


def test_impact_icons_are_resolved_in_printed_order() -> None:
    rich = court_card(lambda c: {Impact.ROAD, Impact.SPY} <= set(c.impact) and not c.patriot)
    state = empty_state()
    state.players[1].court = [court_card(lambda c: c.region is rich.region and c is not rich).number]
    state.players[0].hand = [rich.number]
    asked = drive(rules.play(state, 0, rich.number, False), [], then_first=True)
    prompts = [q.prompt.split()[2] for q in asked]  # "Place a road ..." / "Place a spy ..."
    expected = [i.value for i in rich.impact if i in (Impact.ROAD, Impact.SPY)]
    assert prompts == expected
    loyalty = state.players[0].loyalty
    assert loyalty is not None
    roads = sum(counts[loyalty] for counts in state.roads.values())
    assert roads == rich.impact.count(Impact.ROAD)
    assert state.armies[rich.region][loyalty] == rich.impact.count(Impact.ARMY)  # type: ignore[index]
    assert state.tribes[rich.region][0] == rich.impact.count(Impact.TRIBE)  # type: ignore[index]


def test_leverage_gives_two_rupees_and_a_favored_suit_icon_moves_the_marker() -> None:
    leveraged = court_card(lambda c: Impact.LEVERAGE in c.impact and not c.patriot)
    favoring = court_card(lambda c: Impact.FAVOR_MILITARY in c.impact and not c.patriot)
    state = empty_state()
    state.players[0].hand = [leveraged.number, favoring.number]
    drive(rules.play(state, 0, leveraged.number, False), [], then_first=True)
    assert state.players[0].rupees == 6
    drive(rules.play(state, 0, favoring.number, False), [], then_first=True)
    assert state.favored is Suit.MILITARY


# ---------------------------------------------------------------------- rulers, overthrow, leverage, limits


def test_ruling_needs_a_tribe_and_the_most_ruling_pieces() -> None:
    state = empty_state()  # loyalties: Afghan, British, Russian
    state.tribes[Region.KANDAHAR][0] = 1
    state.armies[Region.KANDAHAR][Coalition.AFGHAN] = 2
    state.armies[Region.KANDAHAR][Coalition.BRITISH] = 2
    state.armies[Region.KANDAHAR][Coalition.RUSSIAN] = 2
    assert state.ruler(Region.KANDAHAR) == 0  # the rulebook's example: 3 against 2 and 2
    state.armies[Region.KANDAHAR][Coalition.BRITISH] = 3  # player 1's armies tie, without a tribe
    assert state.ruler(Region.KANDAHAR) is None
    # Armies alone never rule: three Afghan armies against nothing, no tie, but no tribe either.
    state.armies[Region.KANDAHAR][Coalition.BRITISH] = 0
    state.armies[Region.KANDAHAR][Coalition.RUSSIAN] = 0
    state.armies[Region.KANDAHAR][Coalition.AFGHAN] = 3
    state.tribes[Region.KANDAHAR][0] = 0
    assert state.ruler(Region.KANDAHAR) is None
    state.tribes[Region.KANDAHAR][0] = 1  # one tribe makes the same armies rule
    assert state.ruler(Region.KANDAHAR) == 0


def test_armies_of_a_coalition_nobody_plays_still_stop_a_ruler() -> None:
    # Two players, Afghan and British: nobody is Russian, yet Russian armies are enemy armies.
    state = empty_state(players=2, loyalties=(Coalition.AFGHAN, Coalition.BRITISH))
    state.tribes[Region.KABUL][0] = 1
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    assert state.ruler(Region.KABUL) is None  # one tribe against two Russian armies
    state.armies[Region.KABUL][Coalition.AFGHAN] = 1
    assert state.ruler(Region.KABUL) is None  # two against two: a tie rules nobody
    state.armies[Region.KABUL][Coalition.AFGHAN] = 2
    assert state.ruler(Region.KABUL) == 0  # three against two
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 0
    state.armies[Region.KABUL][Coalition.BRITISH] = 3  # a player's loyal armies, no tribe: a tie
    assert state.ruler(Region.KABUL) is None


def test_overthrow_losing_the_last_tribe_discards_the_regions_political_cards() -> None:
    state = empty_state()
    state.players[0].court = [KABUL_POLITICAL.number, PUNJAB_PLAIN.number]
    state.tribes[Region.KABUL][0] = 1
    state.players[0].cylinders = 9
    drive(pieces.remove_tribe(state, 0, Region.KABUL), [])
    assert state.players[0].court == [PUNJAB_PLAIN.number]
    assert KABUL_POLITICAL.number in state.discard


PUNJAB_POLITICAL = court_card(lambda c: c.region is Region.PUNJAB and c.suit is Suit.POLITICAL)


def test_overthrow_counts_only_the_tribes_and_political_cards_of_that_region() -> None:
    """The overthrow rule is region by region: a political card of another region neither keeps
    a region's tribes nor falls with them."""
    state = empty_state()
    state.players[0].court = [KABUL_POLITICAL.number, PUNJAB_POLITICAL.number]
    state.tribes[Region.KABUL][0] = 1
    state.tribes[Region.PUNJAB][0] = 1
    state.players[0].cylinders = 8
    drive(pieces.discard_court_card(state, 0, KABUL_POLITICAL.number), [])
    assert state.tribes[Region.KABUL][0] == 0  # the Punjab card does not keep the Kabul tribe
    assert state.tribes[Region.PUNJAB][0] == 1 and state.players[0].court == [PUNJAB_POLITICAL.number]

    state = empty_state()
    state.players[0].court = [KABUL_POLITICAL.number, PUNJAB_POLITICAL.number]
    state.tribes[Region.KABUL][0] = 1
    state.tribes[Region.PUNJAB][0] = 1
    state.players[0].cylinders = 8
    drive(pieces.remove_tribe(state, 0, Region.KABUL), [])
    assert state.players[0].court == [PUNJAB_POLITICAL.number]  # only the Kabul card falls
    assert state.discard == [KABUL_POLITICAL.number] and state.tribes[Region.PUNJAB][0] == 1


def test_overthrow_losing_the_last_political_card_removes_the_regions_tribes() -> None:
    state = empty_state()
    state.players[0].court = [KABUL_POLITICAL.number]
    state.tribes[Region.KABUL][0] = 2
    state.players[0].cylinders = 8
    drive(pieces.discard_court_card(state, 0, KABUL_POLITICAL.number), [])
    assert state.tribes[Region.KABUL][0] == 0
    assert state.players[0].cylinders == 10


def test_discarding_a_leveraged_card_repays_two_rupees_or_costs_cards() -> None:
    leveraged = court_card(lambda c: Impact.LEVERAGE in c.impact and c.suit is not Suit.POLITICAL)
    state = empty_state()
    me = state.players[0]
    me.court = [leveraged.number]
    me.rupees = 1
    me.hand = [PUNJAB_PLAIN.number, KABUL_POLITICAL.number]
    drive(pieces.discard_court_card(state, 0, leveraged.number), [("hand", card(PUNJAB_PLAIN.number))])
    assert me.rupees == 0
    assert me.hand == [KABUL_POLITICAL.number]


def test_leverage_unpaid_costs_a_card_from_hand_or_court_for_each_rupee() -> None:
    """Rulebook, discarding a card in your court: each of the two rupees you cannot return costs
    you a card from your hand or your court (not the leveraged card itself), your choice."""
    leveraged = court_card(lambda c: Impact.LEVERAGE in c.impact and c.suit is not Suit.POLITICAL)
    other = court_card(
        lambda c: c.region is Region.HERAT and c.suit is not Suit.POLITICAL and not c.abilities
    )
    state = empty_state()
    me = state.players[0]
    me.court = [leveraged.number, other.number]
    me.rupees = 0
    me.hand = [PUNJAB_PLAIN.number]
    asked = drive(
        pieces.discard_court_card(state, 0, leveraged.number),
        [("hand", card(PUNJAB_PLAIN.number)), ("court", card(other.number))],
    )
    assert [a.chooser for a in asked] == [PlayerId(0), PlayerId(0)]
    assert asked[0].options == (("hand", card(PUNJAB_PLAIN.number)), ("court", card(other.number)))
    assert me.hand == [] and me.court == []
    assert sorted(state.discard) == sorted([leveraged.number, PUNJAB_PLAIN.number, other.number])


def _tell_to_list(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The events the rules fire, kept in a list as if a card listened to every one; each must
    come with the game's state (the abilities hearing it read it)."""
    told: list[Any] = []

    def fire(state: PamirState, event: object) -> Iterator[Any]:
        assert isinstance(state, PamirState), f"{type(event).__name__} fired without the state"
        told.append(event)
        return iter(())

    monkeypatch.setattr(hooks, "listens", lambda event: True)
    monkeypatch.setattr(hooks, "fire", fire)
    return told


def test_pieces_placed_and_removed_are_told_with_their_place_coalition_owner_and_remover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What `piece_placed` and `piece_removed` tell: a road by its border's two regions, an army
    or spy by its region twice; a block taken back under the component limits is told removed by
    the player taking it."""
    told = _tell_to_list(monkeypatch)
    road = BORDERS[0]
    state = empty_state()
    drive(pieces.place_block(state, 0, Coalition.BRITISH, road), [])
    drive(pieces.remove_road(state, road, Coalition.BRITISH, 2), [])
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    drive(pieces.remove_army(state, Region.KABUL, Coalition.RUSSIAN, 1), [])
    state.spies[KABUL_POLITICAL.number] = [1, 0, 0]
    drive(pieces.remove_spy(state, 0, KABUL_POLITICAL.number, remover=2), [])
    state.tribes[Region.HERAT][1] = 2
    drive(pieces.remove_tribe(state, 1, Region.HERAT), [])  # by nobody (a riot): told by its owner
    drive(pieces.place_tribe(state, 2, Region.KANDAHAR), [])
    state.players[0].court = [PUNJAB_PLAIN.number]
    drive(pieces.place_spy(state, 2, PUNJAB_PLAIN.number), [])
    assert [(type(e).__name__, *dataclasses.astuple(e)) for e in told] == [
        ("PiecePlaced", Piece.ROAD, road[0], road[1], Coalition.BRITISH, 0),
        ("PieceRemoved", Piece.ROAD, road[0], road[1], Coalition.BRITISH, 2, 2),
        ("PieceRemoved", Piece.ARMY, Region.KABUL, Region.KABUL, Coalition.RUSSIAN, 1, 1),
        ("PieceRemoved", Piece.SPY, Region.KABUL, Region.KABUL, Coalition.AFGHAN, 0, 2),
        ("PieceRemoved", Piece.TRIBE, Region.HERAT, Region.HERAT, Coalition.BRITISH, 1, 1),
        ("PiecePlaced", Piece.TRIBE, Region.KANDAHAR, Region.KANDAHAR, Coalition.RUSSIAN, 2),
        ("PiecePlaced", Piece.SPY, Region.PUNJAB, Region.PUNJAB, Coalition.RUSSIAN, 2),
    ]
    # The supply of British blocks empty: the block placed comes from the map, told removed.
    told.clear()
    state.turn = TurnState()  # a later turn: the road placed above may be taken
    state.armies[Region.PUNJAB][Coalition.BRITISH] = 11
    state.roads[road][Coalition.BRITISH] = 1
    drive(pieces.place_block(state, 1, Coalition.BRITISH, Region.HERAT), [("road", road)])
    assert [(type(e).__name__, *dataclasses.astuple(e)) for e in told] == [
        ("PieceRemoved", Piece.ROAD, road[0], road[1], Coalition.BRITISH, 1, 1),
        ("PiecePlaced", Piece.ARMY, Region.HERAT, Region.HERAT, Coalition.BRITISH, 1),
    ]
    told.clear()
    drive(pieces.place_block(state, 1, Coalition.BRITISH, road), [("army", Region.PUNJAB)])
    assert [(type(e).__name__, *dataclasses.astuple(e)) for e in told][0] == (
        ("PieceRemoved", Piece.ARMY, Region.PUNJAB, Region.PUNJAB, Coalition.BRITISH, 1, 1)
    )


def test_pieces_moved_are_told_with_their_regions_coalition_owner_and_mover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What `piece_moved` tells, and where the piece ends: an army joins the armies of its
    coalition already in the region it enters (blocks of a coalition stack in a region); a spy
    moves between court cards, told by their regions with its owner's loyalty; a tribe moved by
    an ability is told moved by the ability's owner, by its own owner otherwise."""
    told = _tell_to_list(monkeypatch)
    state = empty_state()  # loyalties: Afghan, British, Russian
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 1
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    drive(pieces.move_army(state, Coalition.RUSSIAN, Region.HERAT, Region.KABUL, 2), [])
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 2
    assert state.armies[Region.HERAT][Coalition.RUSSIAN] == 0
    state.spies[KABUL_POLITICAL.number] = [0, 1, 0]
    drive(pieces.move_spy(state, 1, KABUL_POLITICAL.number, PUNJAB_PLAIN.number, 0), [])
    state.tribes[Region.HERAT][2] = 2
    drive(pieces.move_tribe(state, 2, Region.HERAT, Region.KABUL), [])
    drive(pieces.move_tribe(state, 2, Region.HERAT, Region.KABUL, mover=0), [])
    assert [(type(e).__name__, *dataclasses.astuple(e)) for e in told] == [
        ("PieceMoved", Piece.ARMY, Region.HERAT, Region.KABUL, Coalition.RUSSIAN, 2, 2),
        ("PieceMoved", Piece.SPY, Region.KABUL, Region.PUNJAB, Coalition.BRITISH, 1, 0),
        ("PieceMoved", Piece.TRIBE, Region.HERAT, Region.KABUL, Coalition.RUSSIAN, 2, 2),
        ("PieceMoved", Piece.TRIBE, Region.HERAT, Region.KABUL, Coalition.RUSSIAN, 2, 0),
    ]


def test_a_spy_removed_in_battle_is_told_removed_by_the_battles_player_once_it_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A battle on a court card sends the spies it removes home at once; the removal is told
    (unless an ability replaces it) when the battle is settled, by the card's region, the spy's
    owner and loyalty, and the player who fought."""
    told = _tell_to_list(monkeypatch)
    state = empty_state()
    state.spies[PUNJAB_PLAIN.number] = [0, 1, 0]
    event = pieces.remove_spy_in_battle(state, 1, PUNJAB_PLAIN.number, remover=2)
    assert state.spies_on(PUNJAB_PLAIN.number)[1] == 0 and told == []
    drive(pieces.settle_spy_removed(state, event), [])
    assert [(type(e).__name__, *dataclasses.astuple(e)) for e in told] == [
        ("PieceRemoved", Piece.SPY, Region.PUNJAB, Region.PUNJAB, Coalition.BRITISH, 1, 2),
    ]


def test_a_card_leaving_a_court_is_told_moved_to_the_discard_or_to_its_takers_prizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A betrayed card taken as a prize goes to the prizes of the player taking it, who receives
    it (not the player whose turn it is); a card discarded goes to the discard pile, a shared zone,
    told as received by the player whose turn it is. Both are discards in the rulebook's words."""
    told = _tell_to_list(monkeypatch)
    state = empty_state()
    state.active = 2
    state.players[1].court = [PUNJAB_PLAIN.number, KABUL_POLITICAL.number]
    drive(pieces.discard_court_card(state, 1, PUNJAB_PLAIN.number, to_prizes_of=0), [])
    drive(pieces.discard_court_card(state, 1, KABUL_POLITICAL.number), [])
    moves = [
        (e.card.number, e.origin, e.destination, e.owner, e.receiver) for e in told if hasattr(e, "receiver")
    ]
    assert moves == [
        (PUNJAB_PLAIN.number, Zone.COURT, Zone.PRIZES, 1, 0),
        (KABUL_POLITICAL.number, Zone.COURT, Zone.DISCARD, 1, 2),
    ]
    assert [type(e).__name__ for e in told] == ["CardMoved", "CardDiscarded"] * 2
    assert state.players[0].prizes == [PUNJAB_PLAIN.number] and state.discard == [KABUL_POLITICAL.number]


def test_a_spy_whose_card_the_cylinder_taken_for_it_overthrows_is_not_placed() -> None:
    """Component limits may take the player's last tribe of a region for the spy; the overthrow
    rule then discards their political card of that region, and a spy meant for that card has
    nowhere to go: the cylinder stays in the supply."""
    state = empty_state()
    me = state.players[0]
    me.cylinders = 0
    me.court = [KABUL_POLITICAL.number]
    state.tribes[Region.KABUL][0] = 1  # placed on an earlier turn
    drive(pieces.place_spy(state, 0, KABUL_POLITICAL.number), [("tribe", Region.KABUL)])
    assert me.court == [] and KABUL_POLITICAL.number in state.discard
    assert me.cylinders == 1 and not any(state.spies.get(KABUL_POLITICAL.number, []))


def test_spies_on_a_discarded_card_go_home() -> None:
    state = empty_state()
    state.players[0].court = [PUNJAB_PLAIN.number]
    state.spies[PUNJAB_PLAIN.number] = [0, 2, 1]
    state.players[1].cylinders, state.players[2].cylinders = 8, 9
    drive(pieces.discard_court_card(state, 0, PUNJAB_PLAIN.number), [])
    assert state.players[1].cylinders == 10 and state.players[2].cylinders == 10


def test_component_limits_take_a_block_from_play_but_not_one_placed_this_turn() -> None:
    state = empty_state()
    state.armies[Region.HERAT][Coalition.AFGHAN] = 11
    drive(pieces.place_block(state, 0, Coalition.AFGHAN, Region.KABUL), [])  # the twelfth, from the supply
    # The supply is empty: the next one must come from Herat (Kabul's was placed this turn).
    asked = drive(pieces.place_block(state, 0, Coalition.AFGHAN, Region.PUNJAB), [("army", Region.HERAT)])
    assert asked[0].options == (("army", Region.HERAT),)
    assert state.armies[Region.HERAT][Coalition.AFGHAN] == 10
    assert state.armies[Region.PUNJAB][Coalition.AFGHAN] == 1


def test_component_limits_count_each_block_placed_this_turn_where_it_was_placed() -> None:
    """With a coalition's twelve blocks in play, one is taken from the map, never one placed this
    turn: two armies placed in Kabul this turn leave none there to take; of Herat's two, the one
    placed on an earlier turn may be taken."""
    state = empty_state()
    state.armies[Region.PUNJAB][Coalition.AFGHAN] = 8
    state.armies[Region.HERAT][Coalition.AFGHAN] = 1
    for region in (Region.KABUL, Region.KABUL, Region.HERAT):
        drive(pieces.place_block(state, 0, Coalition.AFGHAN, region), [])
    assert state.blocks_in_supply(Coalition.AFGHAN) == 0
    asked = drive(pieces.place_block(state, 0, Coalition.AFGHAN, Region.KANDAHAR), [("army", Region.HERAT)])
    assert set(asked[0].options) == {("army", Region.HERAT), ("army", Region.PUNJAB)}
    assert state.armies[Region.HERAT][Coalition.AFGHAN] == 1
    assert state.armies[Region.KANDAHAR][Coalition.AFGHAN] == 1


def test_component_limits_count_each_cylinder_placed_this_turn_where_it_was_placed() -> None:
    """Component limits: with no cylinder left, one is taken from play, but never one placed this
    turn. Two tribes placed in Kabul this turn leave none there to take; Herat's older tribe may be
    taken, not the one placed beside it this turn; likewise spies on a court card."""
    state = empty_state()
    me = state.players[0]
    state.tribes[Region.HERAT][0] = 1  # placed on an earlier turn
    state.spies[PUNJAB_PLAIN.number] = [1, 0, 0]  # likewise
    state.players[1].court, state.players[2].court = [KABUL_POLITICAL.number], [PUNJAB_PLAIN.number]
    me.cylinders = 5
    for region in (Region.KABUL, Region.KABUL, Region.HERAT):
        drive(pieces.place_tribe(state, 0, region), [])
    for number in (KABUL_POLITICAL.number, KABUL_POLITICAL.number):
        drive(pieces.place_spy(state, 0, number), [])
    assert me.cylinders == 0
    assert state.tribes[Region.KABUL][0] == 2 and state.tribes[Region.HERAT][0] == 2
    asked = drive(pieces.place_spy(state, 0, PUNJAB_PLAIN.number), [("tribe", Region.HERAT)])
    assert set(asked[0].options) == {("tribe", Region.HERAT), ("spy", PUNJAB_PLAIN.number)}
    assert state.tribes[Region.HERAT][0] == 1 and state.spies[PUNJAB_PLAIN.number][0] == 2


def test_a_cylinder_that_cannot_be_had_is_not_placed_and_a_gift_space_holds_one() -> None:
    state = empty_state()
    me = state.players[0]
    me.cylinders = 0  # none in the supply, none in play
    drive(pieces.place_gift(state, 0, 2), [])
    assert me.gifts == [] and me.cylinders == 0
    me.cylinders, me.gifts = 9, [2]
    drive(pieces.place_gift(state, 0, 2), [])
    assert me.gifts == [2] and me.cylinders == 9


def test_a_tribe_moving_joins_the_tribes_already_there() -> None:
    state = empty_state()
    state.tribes[Region.HERAT][0] = 2
    state.tribes[Region.KABUL][0] = 1
    drive(pieces.move_tribe(state, 0, Region.HERAT, Region.KABUL), [])
    assert state.tribes[Region.HERAT][0] == 1 and state.tribes[Region.KABUL][0] == 2


def test_component_limits_for_cylinders_may_turn_a_tribe_into_a_spy() -> None:
    state = empty_state()
    state.players[0].cylinders = 0
    state.tribes[Region.HERAT][0] = 10
    state.players[1].court = [PUNJAB_PLAIN.number]
    drive(pieces.place_spy(state, 0, PUNJAB_PLAIN.number), [("tribe", Region.HERAT)])
    assert state.tribes[Region.HERAT][0] == 9
    assert state.spies_on(PUNJAB_PLAIN.number)[0] == 1


# ---------------------------------------------------------------------- cleanup and the market


def test_cleanup_discards_down_to_the_court_and_hand_limits() -> None:
    state = empty_state()
    me = state.players[0]
    plain = [
        c.number
        for c in CARDS_BY_NUMBER.values()
        if c.card_type is CardType.COURT and c.suit is Suit.ECONOMIC
    ]
    me.court = plain[:5]
    me.hand = plain[5:9]
    drive(rules.cleanup(state, 0), [], then_first=True)
    assert len(me.court) == 3 and len(me.hand) == 2


def test_limits_lowered_below_zero_by_abilities_discard_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """The court and hand limits as abilities change them, never below 0 (no printed card lowers
    them so far; the hooks are general): a limit taken to -2 discards every card, no more. Only
    the limits are said modifiable, so that cleanup asks about a hand no larger than its base
    limit because the hand limit may change, not because anything may."""
    state = empty_state()
    me = state.players[0]
    me.court = [c.number for c in CARDS_BY_NUMBER.values() if c.suit is Suit.ECONOMIC][:2]
    me.hand = [c.number for c in CARDS_BY_NUMBER.values() if c.suit is Suit.ECONOMIC][2:4]

    def modified(state: PamirState, hook: object, value: int) -> int:
        return value - 5 if isinstance(hook, CourtLimit | HandLimit) else value

    monkeypatch.setattr(hooks, "modifiable", lambda hook: hook in (CourtLimit, HandLimit))
    monkeypatch.setattr(hooks, "modified", modified)
    assert rules.court_limit(state, 0) == 0 and rules.hand_limit(state, 0) == 0
    drive(rules.cleanup(state, 0), [], then_first=True)
    assert me.court == [] and me.hand == []


def test_cleanup_discards_leftmost_events_which_resolve_their_top_side() -> None:
    riots = event_card(lambda c: any(s.name == "Riots in Kabul" for s in c.sides))
    state = empty_state()
    state.market[0][0] = riots.number
    state.market_rupees[0][0] = 2
    state.market[0][1] = PUNJAB_PLAIN.number
    state.tribes[Region.KABUL][1] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 3
    state.players[1].cylinders = 9
    drive(rules.cleanup(state, 0), [])
    assert state.tribes[Region.KABUL] == [0, 0, 0]
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 0
    # the card behind slid left onto the space, and took the rupees left there
    assert state.market[0][0] == PUNJAB_PLAIN.number
    assert state.market_rupees[0][0] == 2


def test_a_discarded_event_with_a_lasting_effect_stays_for_everybody() -> None:
    customs = event_card(lambda c: any(s.name == "Disregard for Customs" for s in c.sides))
    state = empty_state()
    state.market[1][0] = customs.number
    drive(rules.cleanup(state, 2), [])
    assert state.global_events == [(customs.number, 0, 2)]
    state.tribes[Region.PUNJAB][1] = 2
    state.players[0].hand = [PUNJAB_PLAIN.number]
    drive(rules.play(state, 0, PUNJAB_PLAIN.number, False), [])  # nobody pays bribes
    assert state.players[0].rupees == 4


def test_an_event_is_told_discarded_when_it_leaves_the_market_at_cleanup_or_ends_bought(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Abilities hear a card discarded for an event leaving the market at cleanup (the rulebook's
    word, even when its effect then lasts for everybody) and for one bought whose effect ends at
    once, but not for one bought that stays before its buyer."""
    told: list[tuple[int, str, bool]] = []

    def moved(
        state: PamirState,
        number: int,
        origin: str,
        owner: int | None,
        destination: str,
        receiver: int | None,
        discarded: bool = False,
    ) -> tuple[()]:
        told.append((number, destination, discarded))
        return ()

    monkeypatch.setattr(hooks, "card_moved", moved)
    customs = event_card(lambda c: any(s.name == "Disregard for Customs" for s in c.sides))
    fatigue = event_card(lambda c: any(s.name == "Conflict Fatigue" for s in c.sides))
    backing = event_card(lambda c: any(s.name == "Backing of Persian Aristocracy" for s in c.sides))
    state = empty_state()
    state.market[1][0] = customs.number
    drive(rules.cleanup(state, 2), [])
    state.market[0][0], state.market[0][1] = fatigue.number, backing.number
    drive(rules.purchase(state, 1, 0, 0), [])
    drive(rules.purchase(state, 1, 0, 1), [])
    assert told == [
        (customs.number, "events", True),
        (fatigue.number, "bought_events", False),
        (backing.number, "discard", True),
    ]


def test_refill_draws_leftmost_column_first_top_row_first() -> None:
    state = empty_state()
    state.deck = [1, 2, 3]
    state.market[0] = [None, 10, 11, 12, 13, None]
    state.market[1] = [20, 21, 22, 23, None, None]
    drive(rules.refill(state, 0), [])
    assert state.market[0] == [10, 11, 12, 13, 1, 3]
    assert state.market[1] == [20, 21, 22, 23, 2, None]


def test_a_second_dominance_check_in_the_market_forces_a_check() -> None:
    checks = [c.number for c in CARDS_BY_NUMBER.values() if c.card_type is CardType.DOMINANCE_CHECK]
    state = empty_state()
    state.market[0] = [1, 2, 3, 4, checks[0], None]
    state.market[1] = [5, 6, 7, 8, 9, None]
    state.deck = [checks[1], 30, 31, 32]
    state.tribes[Region.KABUL][0] = 1
    state.players[0].cylinders = 9
    drive(rules.refill(state, 0), [])
    assert state.checks_resolved == 2  # two check cards used up by one check
    assert [p.score for p in state.players] == [3, 0, 0]
    flat = [n for row in state.market for n in row]
    assert checks[0] not in flat and checks[1] not in flat
    assert checks[0] in state.discard and checks[1] in state.discard


# ---------------------------------------------------------------------- dominance checks and the end


def test_a_successful_check_scores_influence_and_clears_the_blocks() -> None:
    state = empty_state(4, (Coalition.BRITISH, Coalition.BRITISH, Coalition.BRITISH, Coalition.RUSSIAN))
    state.armies[Region.KABUL][Coalition.BRITISH] = 6
    state.roads[BORDERS[0]][Coalition.RUSSIAN] = 2
    state.players[0].gifts = [2, 4]  # influence 3
    state.players[1].gifts = [2]  # influence 2
    state.players[2].gifts = [2]  # influence 2
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [5, 2, 2, 0]  # (3 + 1) // 2 each for the tie
    assert state.blocks_in_play(Coalition.BRITISH) == 0 and state.blocks_in_play(Coalition.RUSSIAN) == 0


def test_a_failed_check_scores_cylinders_in_play_even_zero() -> None:
    state = empty_state(3)
    state.armies[Region.KABUL][Coalition.BRITISH] = 3  # a lead of three is not enough
    state.players[0].cylinders = 7
    state.players[1].cylinders = 7
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [2, 2, 0]
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 3  # blocks stay after a failure


def test_the_final_check_doubles_before_splitting() -> None:
    """The rulebook's example: Blake has the most cylinders and scores 6; Cati and Hope tie second
    and score (1 x 2) / 2 = 1 each."""
    state = empty_state(3)
    state.checks_resolved = 3
    state.players[1].cylinders = 5
    state.players[0].cylinders = state.players[2].cylinders = 8
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [1, 6, 1]
    assert state.over and state.winner == 1


def test_a_check_counts_once_and_only_the_final_one_ends_the_game_whatever_the_lead() -> None:
    """The third check scores singly and the game goes on; the fourth doubles and ends the game,
    here with a lead of one point."""
    state = empty_state(3)
    state.checks_resolved = 2
    state.players[1].cylinders = 9  # the only cylinder in play
    scoring.dominance_check(state)
    assert state.checks_resolved == 3 and [p.score for p in state.players] == [0, 3, 0]
    assert not state.over
    state.players[0].cylinders = 8  # two cylinders in play: 6 points (3 doubled), player 1 2
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [6, 5, 0]
    assert state.over and state.winner == 0


def test_a_check_ends_every_event_in_effect_and_what_they_remembered() -> None:
    """Events in effect until the next check (discarded ones, for everybody, and bought ones) all
    go to the discard pile at a check, and forget what they remembered."""
    state = empty_state()
    customs = event_card(lambda c: any(s.name == "Disregard for Customs" for s in c.sides))
    fatigue = event_card(lambda c: any(s.name == "Conflict Fatigue" for s in c.sides))
    state.global_events = [(customs.number, 0, 2)]
    state.players[1].events = [(fatigue.number, 1)]
    state.memory = {customs.number: {"named": 1}, fatigue.number: {"named": 2}}
    scoring.dominance_check(state)
    assert state.global_events == [] and state.players[1].events == []
    assert sorted(state.discard) == sorted([customs.number, fatigue.number])
    assert state.memory == {}


def test_a_four_point_lead_after_a_check_wins_at_once() -> None:
    state = empty_state(3)
    state.players[0].score = 1
    state.players[1].cylinders = 9
    scoring.dominance_check(state)  # player 1 scores 3: lead of 3 over player 0
    assert not state.over
    state.players[1].score = 3
    state.players[0].score = 0
    scoring.dominance_check(state)  # 6 against 1 (two tied second: (1) // 2 = 0 each... +1 for player 0)
    assert state.over and state.winner == 1


def test_a_lead_of_exactly_four_points_ends_the_game() -> None:
    """Early end: at least four points more than the next player after a check's scoring; a
    lead of exactly four is enough, three is not."""
    state = empty_state(3)
    state.players[1].score = 1
    state.players[1].cylinders = 9  # the only cylinder in play: 3 points, the others share 1 (0 each)
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [0, 4, 0]
    assert state.over and state.winner == 1

    state = empty_state(3)
    state.players[0].score = 1  # a lead of three after the same check
    state.players[1].score = 1
    state.players[1].cylinders = 9
    scoring.dominance_check(state)
    assert [p.score for p in state.players] == [1, 4, 0] and not state.over


def test_ties_at_the_end_go_to_military_stars_then_rupees() -> None:
    state = empty_state(3)
    military = court_card(lambda c: c.suit is Suit.MILITARY and c.rank == 1)
    for player in state.players:
        player.score = 10
    state.players[2].court = [military.number]
    assert scoring.winner(state) == 2
    state.players[2].court = []
    state.players[1].rupees = 9
    assert scoring.winner(state) == 1
    for player in state.players:
        player.rupees = 3
    # Tied in all three: the rulebook's last tie-breaker cannot be played; the earliest seat wins.
    assert scoring.winner(state) == 0


# ---------------------------------------------------------------------- abilities through hooks


def test_insurrection_places_two_afghan_armies_in_kabul_after_each_check() -> None:
    akbar = court_card(lambda c: any(a.title == "Insurrection" for a in c.abilities))
    state = empty_state()
    state.players[2].court = [akbar.number]
    drive(scoring.resolve_check(state), [])
    assert state.armies[Region.KABUL][Coalition.AFGHAN] == 2


def test_savvy_operator_counts_as_favored_through_its_modifier() -> None:
    from paxc.generated.pamir.vocabulary import CountsAsFavored
    from paxc.runtime.effects import PlayerId
    from paxc.runtime.pamir import hooks

    savvy = court_card(lambda c: any(a.title == "Savvy Operator" for a in c.abilities))
    other = court_card(lambda c: c.suit is not state_favored_suit() and Action.TAX in c.actions)
    state = empty_state()
    state.players[0].court = [savvy.number, other.number]
    assert hooks.modified(state, CountsAsFavored(savvy, PlayerId(0)), False) is True
    assert hooks.modified(state, CountsAsFavored(other, PlayerId(0)), False) is False


def test_influence_asks_the_modifiers_of_each_source_for_its_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """Influence is 1 plus each patriot, prize and gift, each weighed by the `influence` modifier
    of its source and player: no printed card weighs prizes, but a card may (the hook is general)."""
    state = empty_state(players=2, loyalties=(Coalition.BRITISH, Coalition.BRITISH))
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    prize = court_card(lambda c: c.prize is Coalition.BRITISH and not c.abilities).number
    for me in state.players:
        me.court, me.prizes, me.gifts = [patriot], [prize], [2]
    weights = {InfluenceSource.PATRIOT: 2, InfluenceSource.PRIZE: 10, InfluenceSource.GIFT: 100}

    def modified(state: PamirState, hook: object, value: int) -> int:
        if isinstance(hook, Influence) and hook.player == PlayerId(1):
            return weights[hook.source]
        return value

    monkeypatch.setattr(hooks, "modified", modified)
    assert scoring.influence(state, 0) == 1 + 1 + 1 + 1
    assert scoring.influence(state, 1) == 1 + 2 + 10 + 100


def state_favored_suit() -> Suit:
    return Suit.POLITICAL


def test_a_whole_turn_through_the_session() -> None:
    session = Session(PamirRules(), {"players": 2}, seed=3)
    for _ in range(2):
        session.apply_action(0)  # loyalties
    player = session.current_player()
    labels = [session.action_to_string(a) for a in session.legal_actions()]
    assert labels[0] == "end the turn"
    assert any(label.startswith("buy ") for label in labels)
    session.apply_action(0)  # end the turn at once
    assert session.current_player() == 1 - player or session.state.active == 1 - player
    assert isinstance(EndTurn(), EndTurn) and Play(1, False) != Play(1, True)


def test_only_the_winner_scores_what_the_bots_play_for() -> None:
    """There is one winner (rulebook, Early End and Final Dominance Check): the session's returns
    give the winner 1 and every other seat 0, and nobody anything before the game is won."""
    state = empty_state(3)
    assert PamirRules().returns(state) == [0.0, 0.0, 0.0]
    state.winner = 1
    assert PamirRules().returns(state) == [0.0, 1.0, 0.0]


def test_checks_revealed_in_one_refill_are_paired_one_at_a_time() -> None:
    """Three dominance checks meeting in one refill: the first two force one check, the third
    stays in the market (and every card used is counted)."""
    checks = [c.number for c in CARDS_BY_NUMBER.values() if c.card_type is CardType.DOMINANCE_CHECK]
    state = empty_state()
    state.market[0] = [1, 2, 3, 4, checks[0], None]
    state.market[1] = [5, 6, 7, 8, None, None]
    state.deck = [checks[1], checks[2], 30, 31, 32, 33]
    drive(rules.refill(state, 0), [])
    assert state.checks_resolved == 2
    flat = [n for row in state.market for n in row]
    assert checks[2] in flat and checks[0] not in flat and checks[1] not in flat


def test_check_awards_says_what_a_check_made_now_would_score_and_changes_nothing() -> None:
    # The search bot weighs positions by it (prospects.py); the check itself scores by it.
    state = empty_state(4, (Coalition.BRITISH, Coalition.BRITISH, Coalition.BRITISH, Coalition.RUSSIAN))
    state.armies[Region.KABUL][Coalition.BRITISH] = 6
    state.players[0].gifts = [2, 4]
    state.players[1].gifts = [2]
    state.players[2].gifts = [2]
    assert scoring.check_awards(state) == [5, 2, 2, 0]
    assert scoring.check_awards(state, multiplier=2) == [10, 4, 4, 0]
    # Nothing scored, no block cleared, no check used up.
    assert [p.score for p in state.players] == [0, 0, 0, 0]
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 6 and state.checks_resolved == 0
    failed = empty_state(3)
    failed.players[0].cylinders = failed.players[2].cylinders = 8
    failed.players[1].cylinders = 5  # in supply: player 1 has the most in play
    assert scoring.check_awards(failed) == [0, 3, 0]  # the two second share 1 point, rounded down
    assert scoring.check_awards(failed, multiplier=2) == [1, 6, 1]
