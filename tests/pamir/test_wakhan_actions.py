"""Wakhan's card-based actions, each scenario from the rulebook's "Wakhan's Card-Based Actions":
the default behaviour of tax, gift, build, move, betray and battle, the battle an AI card aims at
a court card, the card she acts with, and her bonus actions."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import (
    Action,
    ActionTaken,
    AiAction,
    AiTarget,
    Coalition,
    Duration,
    Piece,
    PieceMoved,
    Region,
    Suit,
)
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.pamir import card_actions, hooks, wakhan, wakhan_actions, wakhan_cards
from paxc.runtime.pamir.card_actions import RemoveSpy, RemoveTribe
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import PamirState, border, card
from tests.pamir.scenario import court_card, drive
from tests.pamir.test_wakhan import HUMAN, SEAT, reading, with_wakhan

# AI card 1 over card 2: pragmatic loyalty Russian (the human is British); regions in the order
# Transcaspia, Kabul, Kandahar, Persia, Herat, Punjab; the red arrow on the top.


def act(state: PamirState, action: AiAction, target: AiTarget | None = None) -> str | None:
    """Attempt the action as an AI card's slot would, answering any question with the first
    option; what the log would say she did, None if she could not take it."""
    result: list[wakhan.Deed | None] = []

    def run() -> Effect:
        result.append((yield from wakhan_actions.attempt(state, reading(state), action, target)))

    drive(wakhan.answering(state, run()), [], then_first=True)
    deed = result[0]
    return None if deed is None else deed()


def facts(number: int, **expected: object) -> int:
    printed = card(number)
    assert {k: getattr(printed, k) for k in expected} == expected, printed.name
    assert not printed.abilities
    return number


# ---------------------------------------------------------------------- tax


def test_tax_takes_from_the_richest_player_before_the_market() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(29, suit=Suit.ECONOMIC, rank=2)]
    state.players[HUMAN].court = [facts(16, region=Region.KABUL, suit=Suit.MILITARY)]
    state.tribes[Region.KABUL][SEAT] = 1  # she rules Kabul, where the human has a card
    state.market[0][0] = facts(9, suit=Suit.ECONOMIC)
    state.market_rupees[0][0] = 2
    assert act(state, AiAction.TAX)
    assert state.players[HUMAN].rupees == 2 and state.market_rupees[0][0] == 2
    assert state.players[SEAT].rupees == 4 + 2 and state.turn.actions_taken == 1


def test_with_no_player_to_tax_she_taxes_the_leftmost_market_cards() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [29]
    for row, column, number, rupees in ((0, 3, 9, 1), (1, 1, 8, 2), (0, 1, 13, 1)):
        state.market[row][column] = number
        state.market_rupees[row][column] = rupees
    assert act(state, AiAction.TAX)
    # Column 1 first, its top card first (the red arrow points to the top); then the bottom one.
    assert [state.market_rupees[0][1], state.market_rupees[1][1], state.market_rupees[0][3]] == [0, 1, 1]


# ---------------------------------------------------------------------- gift and build


def test_gift_buys_the_cheapest_gift_she_can_afford() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(4, suit=Suit.INTELLIGENCE)]
    state.players[SEAT].rupees = 7
    assert act(state, AiAction.GIFT)
    assert state.players[SEAT].gifts == [2] and state.players[SEAT].rupees == 5
    state = with_wakhan()
    state.players[SEAT].court = [4]
    state.players[SEAT].gifts = [2]
    state.players[SEAT].cylinders -= 1
    state.players[SEAT].rupees = 3  # the 4 and 6 spaces are too dear: no gift at all
    assert not act(state, AiAction.GIFT)


def test_build_puts_armies_in_the_first_region_she_rules_spending_all_she_can() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(10, suit=Suit.ECONOMIC)]
    state.tribes[Region.PUNJAB][SEAT] = 1
    state.tribes[Region.KABUL][SEAT] = 1
    state.players[SEAT].rupees = 5
    assert act(state, AiAction.BUILD)
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 2  # Kabul comes before Punjab
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 0
    assert state.players[SEAT].rupees == 1 and state.players[SEAT].loyalty is None
    assert all(not counts[Coalition.RUSSIAN] for counts in state.roads.values())


# ---------------------------------------------------------------------- move


def test_move_sends_armies_towards_other_players_tribes_without_roads() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(13, suit=Suit.ECONOMIC, rank=2)]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 3
    state.tribes[Region.PUNJAB][HUMAN] = 1
    assert act(state, AiAction.MOVE)
    # Only as many armies as there are tribes: one goes, though the card could move two.
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 2


def test_move_never_costs_her_the_rule_of_a_region() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [13]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    state.armies[Region.KABUL][Coalition.BRITISH] = 1
    state.tribes[Region.KABUL][SEAT] = 1  # she rules Kabul: 1 + 2 against the human's 1 + 1
    state.tribes[Region.KABUL][HUMAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    assert state.ruler(Region.KABUL) == SEAT
    assert not act(state, AiAction.MOVE)
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 2


# ---------------------------------------------------------------------- betray


def test_betray_the_card_of_highest_priority_with_a_prize_and_keep_the_prize() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(16, suit=Suit.MILITARY)]
    with_prize = facts(4, prize=Coalition.AFGHAN)
    political = court_card(lambda c: c.suit is Suit.POLITICAL and c.prize is None and not c.abilities).number
    own_prize = facts(53, prize=Coalition.RUSSIAN, rank=2)
    state.players[HUMAN].court = [with_prize, political]
    state.players[SEAT].court.append(own_prize)
    for number in (with_prize, political, own_prize):
        state.spies_on(number)[SEAT] = 1
        state.players[SEAT].cylinders -= 1
    assert act(state, AiAction.BETRAY)
    # The favored (Political) card has no prize, her own card comes after an opponent's.
    assert with_prize in state.players[SEAT].prizes and with_prize not in state.players[HUMAN].court
    assert state.players[SEAT].loyalty is None and state.players[SEAT].rupees == 2
    assert own_prize in state.players[SEAT].court


# ---------------------------------------------------------------------- battle


def test_battle_in_the_first_contested_region_tribes_then_armies_then_roads() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    for region in (Region.PUNJAB, Region.KABUL):
        state.armies[region][Coalition.RUSSIAN] = 2
        state.armies[region][Coalition.BRITISH] = 2
        state.tribes[region][HUMAN] = 1
    state.roads[border(Region.KABUL, Region.KANDAHAR)][Coalition.BRITISH] = 1
    state.players[HUMAN].cylinders -= 2
    assert act(state, AiAction.BATTLE)
    # Kabul before Punjab; two removals: the tribe, then an army; an army and the road stay.
    assert state.tribes[Region.KABUL][HUMAN] == 0 and state.armies[Region.KABUL][Coalition.BRITISH] == 1
    assert state.roads[border(Region.KABUL, Region.KANDAHAR)][Coalition.BRITISH] == 1
    assert state.tribes[Region.PUNJAB][HUMAN] == 1


def test_without_a_contested_region_she_battles_on_a_court_card() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [33]
    low = facts(16, rank=1)
    high = facts(59, rank=2)
    state.players[HUMAN].court = [low, high]
    for number in (low, high):
        state.spies_on(number)[SEAT] = 1
        state.spies_on(number)[HUMAN] = 1
    state.players[SEAT].cylinders -= 2
    state.players[HUMAN].cylinders -= 2
    assert act(state, AiAction.BATTLE)
    assert state.spies_on(high)[HUMAN] == 0 and state.spies_on(low)[HUMAN] == 1  # the higher rank


def test_the_ai_card_battle_aims_at_the_card_with_most_spies() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [33]
    low, high = 16, 59
    state.players[HUMAN].court = [low, high]
    state.spies_on(low)[SEAT] = 1
    state.spies_on(low)[HUMAN] = 2
    state.spies_on(high)[SEAT] = 1
    state.spies_on(high)[HUMAN] = 1
    state.players[SEAT].cylinders -= 2
    state.players[HUMAN].cylinders -= 3
    assert act(state, AiAction.BATTLE, AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE)
    assert state.spies_on(low)[HUMAN] == 1 and state.spies_on(high)[HUMAN] == 1


def test_a_battle_with_nothing_to_fight_is_skipped() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [33]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    state.armies[Region.KABUL][Coalition.AFGHAN] = 1  # nobody's loyal armies: no other player there
    assert not act(state, AiAction.BATTLE)
    assert state.turn.actions_taken == 0


# ---------------------------------------------------------------------- the card she acts with, bonus actions


def test_she_acts_with_her_card_of_highest_priority() -> None:
    state = with_wakhan()
    low, high = facts(9, rank=1), facts(29, rank=2)
    state.players[SEAT].court = [low, high]
    state.market[0][0] = 13
    state.market_rupees[0][0] = 3
    assert act(state, AiAction.TAX)
    assert state.turn.used_cards == {high} and state.market_rupees[0][0] == 1


def test_bonus_actions_from_the_leftmost_unused_favored_card() -> None:
    state = with_wakhan()
    political_tax = court_card(
        lambda c: c.suit is Suit.POLITICAL and c.actions[:1] == (Action.TAX,) and not c.abilities
    ).number
    state.players[SEAT].court = [29, political_tax]
    state.market[0][0] = 13
    state.market_rupees[0][0] = 5
    state.turn.actions_taken = 2  # her two actions are spent
    drive(wakhan.answering(state, wakhan_actions.bonus_actions(state, reading(state))), [], then_first=True)
    # Only the favored (Political) card acts, and it costs no action.
    assert state.turn.used_cards == {political_tax} and state.turn.actions_taken == 2
    assert state.market_rupees[0][0] == 5 - (card(political_tax).rank or 0)


def test_any_player_may_battle_her_tribes_and_spies() -> None:
    """Ruling: her loyalty to every coalition does not shelter her tribes (nobody shares her
    pragmatic loyalty); her spies fall to anyone's, as every spy does."""
    state = with_wakhan()  # the human is British
    state.armies[Region.KABUL][Coalition.BRITISH] = 1
    state.tribes[Region.KABUL][SEAT] = 1
    state.players[SEAT].cylinders -= 1
    target = 16
    state.players[SEAT].court = [target]
    state.spies_on(target)[SEAT] = 1
    state.spies_on(target)[HUMAN] = 1
    state.players[SEAT].cylinders -= 1
    state.players[HUMAN].cylinders -= 1
    sites = card_actions.battle_sites(state, HUMAN)
    assert Region.KABUL in sites and card(target) in sites
    drive(card_actions.battle(state, HUMAN, 2), [Region.KABUL, RemoveTribe(Region.KABUL, PlayerId(SEAT))])
    assert state.tribes[Region.KABUL][SEAT] == 0
    drive(card_actions.battle(state, HUMAN, 1), [card(target), RemoveSpy(card(target), PlayerId(SEAT))])
    assert state.spies_on(target)[SEAT] == 0


# ---------------------------------------------------------------------- the spy movement variant


def spies_scenario() -> tuple[PamirState, list[int], int]:
    """The human's court of three cards, hers of one (with the move card of rank 2), her two
    spies on her own card, nobody else's: the ring of courts runs the human's cards, then hers."""
    state = with_wakhan()
    theirs = [facts(16, rank=1), facts(59, rank=2), facts(4, suit=Suit.INTELLIGENCE)]
    state.players[HUMAN].court = theirs
    mover = facts(13, suit=Suit.ECONOMIC, rank=2)
    state.players[SEAT].court = [mover]
    state.spies_on(mover)[SEAT] = 2
    state.players[SEAT].cylinders -= 2
    return state, theirs, mover


def test_without_the_variant_she_moves_no_spy() -> None:
    state, _, mover = spies_scenario()
    assert not act(state, AiAction.MOVE)
    assert state.spies_on(mover)[SEAT] == 2 and state.turn.actions_taken == 0


def test_with_the_variant_idle_spies_move_when_no_army_can() -> None:
    state, theirs, mover = spies_scenario()
    wakhan_cards.seat_of(state).spy_movement = True
    told = act(state, AiAction.MOVE)
    # Her card's neighbours on the ring: the human's last card (before it) and first (after it,
    # round the ring). The first spy goes to the one of higher priority; the second cannot join
    # it (she has the most there now), so it goes to the other; the middle card is too far.
    best = wakhan.highest_priority(state, [theirs[0], theirs[-1]])
    assert best is not None
    other = theirs[-1] if best == theirs[0] else theirs[0]
    assert state.spies_on(best)[SEAT] == 1 and state.spies_on(other)[SEAT] == 1
    assert state.spies_on(theirs[1])[SEAT] == 0
    assert state.spies_on(mover)[SEAT] == 0 and state.turn.actions_taken == 1
    assert told == (
        f"moves a spy from {card(mover).name} to {card(best).name}, "
        f"a spy from {card(mover).name} to {card(other).name} with {card(mover).name}"
    )


def test_tied_up_spies_stay_and_armies_move_first() -> None:
    state, theirs, mover = spies_scenario()
    wakhan_cards.seat_of(state).spy_movement = True
    state.spies_on(mover)[HUMAN] = 2  # each of the human's spies ties up one of hers
    state.players[HUMAN].cylinders -= 2
    assert not act(state, AiAction.MOVE)
    state.spies_on(mover)[HUMAN] = 1  # one idle spy now
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    assert act(state, AiAction.MOVE)
    # The army went first; the move left over took her one idle spy, and only that one.
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1
    assert state.spies_on(mover)[SEAT] == 1 and sum(state.spies_on(n)[SEAT] for n in theirs) == 1


# ---------------------------------------------------------------------- boundaries (mutation testing)


def two_humans() -> PamirState:
    """Two humans (seats 0 and 1, British and Afghan) and Wakhan in seat 2, AI card 1 over card 2:
    the red arrow on the top, so between the two she picks the player just before her, seat 1."""
    return with_wakhan(front=201, back=202, loyalties=(Coalition.BRITISH, Coalition.AFGHAN))


def test_between_two_players_as_rich_she_taxes_the_one_the_red_arrow_points_to() -> None:
    state = two_humans()
    her = 2
    state.players[her].court = [facts(9, suit=Suit.ECONOMIC, rank=1)]
    kabul = [
        facts(16, region=Region.KABUL),
        court_card(lambda c: c.region is Region.KABUL and c.number > 16).number,
    ]
    state.players[0].court, state.players[1].court = [kabul[0]], [kabul[1]]
    assert card(kabul[1]).suit is not Suit.ECONOMIC  # no tax shelter for either
    state.tribes[Region.KABUL][her] = 1  # she rules Kabul, where both have a card
    assert state.players[0].rupees == state.players[1].rupees == 4
    assert act(state, AiAction.TAX)
    assert (state.players[0].rupees, state.players[1].rupees) == (4, 3)


def test_she_taxes_the_market_in_the_red_arrows_row_first_within_a_column() -> None:
    """AI card 3 over card 9: the red arrow on the bottom. Column 1 holds rupees on both rows;
    the leftmost column first, and in it the bottom card first (two rupees, both from it)."""
    state = with_wakhan(front=203, back=209)
    state.players[SEAT].court = [facts(29, suit=Suit.ECONOMIC, rank=2)]
    for row, column, number in ((0, 1, 9), (1, 1, 8), (0, 3, 13)):
        state.market[row][column] = number
        state.market_rupees[row][column] = 2
    assert act(state, AiAction.TAX)
    assert [state.market_rupees[0][1], state.market_rupees[1][1], state.market_rupees[0][3]] == [2, 0, 2]


def test_build_follows_her_region_priority_not_the_boards_order() -> None:
    """She rules Herat and Kabul: Herat comes first on the board, Kabul first on her AI card."""
    state = with_wakhan()
    state.players[SEAT].court = [facts(10, suit=Suit.ECONOMIC)]
    state.tribes[Region.HERAT][SEAT] = 1
    state.tribes[Region.KABUL][SEAT] = 1
    state.players[SEAT].rupees = 2
    assert act(state, AiAction.BUILD)
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 1
    assert state.armies[Region.HERAT][Coalition.RUSSIAN] == 0


def card_spied_by_both(state: PamirState) -> int:
    """A card in the human's court holding one spy of the human's and one of hers."""
    spied = facts(16, rank=1)
    state.players[HUMAN].court = [spied]
    for player in (SEAT, HUMAN):
        state.spies_on(spied)[player] = 1
        state.players[player].cylinders -= 1
    return spied


def test_a_region_where_another_player_has_only_armies_is_contested() -> None:
    """Another player's pieces in a region: tribes, or armies (or roads) of their loyalty. With
    the human's two British armies in Kabul where she has one, she battles there before any court
    card."""
    state = with_wakhan()
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    spied = card_spied_by_both(state)
    assert act(state, AiAction.BATTLE)
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 1
    assert state.spies_on(spied)[HUMAN] == 1


NEW_TACTICS = 105  # an event; bought (its side 1): until the next check, your Military cards are favored


def new_tactics_bought_by_her(state: PamirState) -> None:
    """The event in front of her, and the lasting effect its purchase started, hers."""
    state.players[SEAT].events = [(NEW_TACTICS, 1)]
    state.lasting = [Lasting(NEW_TACTICS, 0, SEAT, Duration.NEXT_DOMINANCE_CHECK.value)]


@pytest.mark.parametrize("bought", [True, False])
def test_her_military_card_acts_as_a_bonus_while_her_new_tactics_holds(bought: bool) -> None:
    """An action of a card that counts as the favored suit for its owner is a bonus (rulebook,
    the favored suit): with New Tactics bought by her, her Military card's move (Political is
    favored) is not counted as one of her two actions; without it, it is."""
    state = with_wakhan()
    assert state.favored is Suit.POLITICAL
    if bought:
        new_tactics_bought_by_her(state)
    state.players[SEAT].court = [facts(32, suit=Suit.MILITARY, rank=3)]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    assert act(state, AiAction.MOVE)
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1
    assert state.turn.actions_taken == (0 if bought else 1)


@pytest.mark.parametrize("bought", [True, False])
def test_her_bonus_actions_take_a_card_that_counts_as_favored_for_her(bought: bool) -> None:
    """Her two actions done, she goes on with her cards whose actions are bonus ones: her
    Military card, favored for her while her New Tactics holds, and not without it."""
    state = with_wakhan()
    if bought:
        new_tactics_bought_by_her(state)
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    card_spied_by_both(state)
    state.turn.actions_taken = 2
    drive(wakhan.answering(state, wakhan_actions.bonus_actions(state, reading(state))), [], then_first=True)
    assert (33 in state.turn.used_cards) is bought


def test_on_a_court_card_she_removes_the_spy_of_the_player_the_red_arrow_points_to() -> None:
    state = two_humans()
    her = 2
    state.players[her].court = [facts(52, suit=Suit.MILITARY, rank=1)]
    spied = facts(16, rank=1)
    state.players[0].court = [spied]
    for player in (0, 1, her):
        state.spies_on(spied)[player] = 1
        state.players[player].cylinders -= 1
    assert act(state, AiAction.BATTLE)
    assert state.spies_on(spied) == [1, 0, 1]


def test_the_ai_cards_aimed_battle_goes_to_the_card_or_nowhere() -> None:
    """AI card 14's first action: battle on the court card with most spies where she has one;
    a contested region does not replace it, and with no such card the action is skipped."""
    state = with_wakhan(front=214, back=202)  # pragmatic loyalty Afghan; Kabul first
    read = reading(state)
    aimed = read.slots[0]
    assert aimed.target is AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    state.armies[Region.KABUL][Coalition.AFGHAN] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    spied = card_spied_by_both(state)

    def slot() -> wakhan.Deed | None:
        result: list[wakhan.Deed | None] = []

        def run() -> Effect:
            result.append((yield from wakhan_actions.attempt_slot(state, read, aimed)))

        drive(wakhan.answering(state, run()), [])
        return result[0]

    assert slot() is not None
    assert state.spies_on(spied)[HUMAN] == 0 and state.armies[Region.KABUL][Coalition.BRITISH] == 2
    state.spies_on(spied)[SEAT] = 0  # no card where she has a spy: skipped, Kabul or not
    state.turn.used_cards.clear()
    assert slot() is None
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 2 and state.turn.actions_taken == 1


def test_move_looks_past_origins_it_cannot_use_and_is_told_as_her_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Her armies go to Kandahar, where the human's two tribes outnumber her one army. Of the
    origins, in her region priority: Transcaspia is not next to Kandahar; Kabul is, but moving
    its army would end her rule there; Kandahar is the destination itself; Punjab is next to it:
    its army goes. One move is enough (two armies for two tribes). Her second action is counted,
    and abilities hear of the army moved by her and of her move action."""
    told: list[object] = []
    real_fire = hooks.fire

    def record(state: PamirState, event: object) -> Any:
        if isinstance(event, (PieceMoved, ActionTaken)):
            told.append(event)
        return real_fire(state, event)

    monkeypatch.setattr(hooks, "fire", record)
    monkeypatch.setattr(hooks, "listens", lambda event_type: True)
    state = with_wakhan()
    state.players[SEAT].court = [facts(13, suit=Suit.ECONOMIC, rank=2)]
    russian = Coalition.RUSSIAN
    state.armies[Region.TRANSCASPIA][russian] = 2
    state.armies[Region.KABUL][russian] = 1
    state.tribes[Region.KABUL][SEAT] = 1  # she rules Kabul: 1 + 1 against the human's 1
    state.tribes[Region.KABUL][HUMAN] = 1
    state.armies[Region.KANDAHAR][russian] = 1
    state.tribes[Region.KANDAHAR][HUMAN] = 2
    state.armies[Region.PUNJAB][russian] = 2
    state.turn.actions_taken = 1
    assert act(state, AiAction.MOVE)
    moved = {
        r: state.armies[r][russian]
        for r in (Region.TRANSCASPIA, Region.KABUL, Region.KANDAHAR, Region.PUNJAB)
    }
    assert moved == {Region.TRANSCASPIA: 2, Region.KABUL: 1, Region.KANDAHAR: 2, Region.PUNJAB: 1}
    assert state.turn.actions_taken == 2
    her = PlayerId(SEAT)
    assert told == [
        PieceMoved(Piece.ARMY, Region.PUNJAB, Region.KANDAHAR, russian, her, her),
        ActionTaken(Action.MOVE, her),
    ]


def test_a_move_of_the_favored_suit_is_a_bonus_and_a_hostage_card_costs_its_bribe() -> None:
    """Her move card of the favored suit acts for free (no action counted). Held hostage (the
    human has more spies on it than anyone), it acts once she has paid the human his bribe."""
    state = with_wakhan()
    mover = facts(13, suit=Suit.ECONOMIC, rank=2)
    state.players[SEAT].court = [mover]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    state.favored = Suit.ECONOMIC
    assert act(state, AiAction.MOVE)
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1 and state.turn.actions_taken == 0
    state = with_wakhan()
    state.players[SEAT].court = [mover]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    state.spies_on(mover)[HUMAN] = 1
    state.players[HUMAN].cylinders -= 1
    assert act(state, AiAction.MOVE)  # the human asks the whole bribe, 1
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1
    assert (state.players[SEAT].rupees, state.players[HUMAN].rupees) == (3, 5)


def test_a_bonus_card_whose_hostage_bribe_she_cannot_pay_is_not_tried_again() -> None:
    """Her bonus actions go on to the next card; the one held hostage she cannot use (no rupee
    for the human's bribe) is asked about once, not again and again."""
    state = with_wakhan()
    mover = facts(13, suit=Suit.ECONOMIC, rank=2)
    state.players[SEAT].court = [mover]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    state.spies_on(mover)[HUMAN] = 1
    state.players[HUMAN].cylinders -= 1
    state.players[SEAT].rupees = 0
    state.favored = Suit.ECONOMIC
    state.turn.actions_taken = 2
    asked = drive(wakhan.answering(state, wakhan_actions.bonus_actions(state, reading(state))), [Rupees(1)])
    assert [choice.chooser for choice in asked] == [HUMAN]
    assert state.turn.used_cards == set() and state.armies[Region.KABUL][Coalition.RUSSIAN] == 1


def test_without_the_variant_a_move_left_over_after_her_armies_moves_no_spy() -> None:
    state, _, mover = spies_scenario()
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    assert act(state, AiAction.MOVE)  # rank 2: the army, and nothing more
    assert state.armies[Region.PUNJAB][Coalition.RUSSIAN] == 1
    assert state.spies_on(mover)[SEAT] == 2


def test_an_idle_spy_leaves_the_card_of_lowest_priority_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spy movement: her idle spies on her own card (9, lowest in her card priority: not an
    opponent's) and on the human's card 4 (a lower number). The spy on her own card steps, to the
    neighbour where she does not have the most (16, round the ring; on 4 she has the most), and
    abilities hear of a spy of hers moved by her."""
    told: list[object] = []
    real_fire = hooks.fire

    def record(state: PamirState, event: object) -> Any:
        if isinstance(event, PieceMoved):
            told.append(event)
        return real_fire(state, event)

    monkeypatch.setattr(hooks, "fire", record)
    monkeypatch.setattr(hooks, "listens", lambda event_type: True)
    state = with_wakhan()
    theirs = [facts(16, rank=1), facts(59, rank=2), facts(4, suit=Suit.INTELLIGENCE)]
    state.players[HUMAN].court = theirs
    mover = facts(9, suit=Suit.ECONOMIC, rank=1, region=Region.KABUL)
    state.players[SEAT].court = [mover]
    for number in (mover, 4):
        state.spies_on(number)[SEAT] = 1
        state.players[SEAT].cylinders -= 1
    wakhan_cards.seat_of(state).spy_movement = True
    assert act(state, AiAction.MOVE)
    assert [state.spies_on(n)[SEAT] for n in (mover, 4, 16, 59)] == [0, 1, 1, 0]
    her = PlayerId(SEAT)
    assert told == [PieceMoved(Piece.SPY, Region.KABUL, Region.KABUL, Coalition.RUSSIAN, her, her)]
