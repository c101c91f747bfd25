"""More scenarios from the rulebook's "Playing with Wakhan", for what the other Wakhan tests leave
out: the rulebook's example of card priority (a betrayal), the instructions and conditions of the
AI cards not tried elsewhere, instructions before the Dominance Check rule of Radicalize, patriots
whose colours she ignores, and an ambition that wins the game without scoring the most."""

from __future__ import annotations

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import (
    AiAction,
    AiCondition,
    AiTarget,
    Card,
    CardType,
    Coalition,
    Region,
    Suit,
)
from paxc.runtime.pamir import wakhan, wakhan_turn
from paxc.runtime.pamir.state import TurnState, card
from tests.pamir.scenario import court_card, drive, event_card
from tests.pamir.test_wakhan import HUMAN, SEAT, put, reading, with_wakhan
from tests.pamir.test_wakhan_actions import act, facts


def test_the_rulebook_example_of_card_priority_a_betrayal() -> None:
    """She must betray a card where she has a spy: an opponent's card first; among those, the
    favored suit (Political here); among those, a patriot of the dominant coalition. A card
    without a prize is no betrayal of hers, nor one without her spy."""
    state = with_wakhan()  # the human is British; Political is favored
    state.armies[Region.KABUL][Coalition.AFGHAN] = 4  # Afghan dominant
    patriot = facts(25, suit=Suit.POLITICAL, patriot=Coalition.AFGHAN, prize=Coalition.BRITISH)
    favored = facts(57, suit=Suit.POLITICAL, patriot=None, prize=Coalition.BRITISH)
    other = facts(32, suit=Suit.MILITARY, rank=3, patriot=Coalition.BRITISH, prize=Coalition.AFGHAN)
    own = facts(90, suit=Suit.POLITICAL, prize=Coalition.BRITISH)
    no_spy = facts(74, suit=Suit.POLITICAL, patriot=Coalition.AFGHAN)
    no_prize = court_card(lambda c: c.suit is Suit.POLITICAL and c.prize is None and not c.abilities).number
    betrayer = facts(16, suit=Suit.MILITARY)
    state.players[HUMAN].court = [no_prize, other, favored, no_spy, patriot]
    state.players[SEAT].court = [betrayer, own]
    for number in (patriot, favored, other, own, no_prize):
        state.spies_on(number)[SEAT] = 1
        state.players[SEAT].cylinders -= 1
    order = []
    for _ in range(4):
        state.turn = TurnState()
        state.players[SEAT].rupees = 2
        assert act(state, AiAction.BETRAY)
        (taken,) = [n for n in state.players[SEAT].prizes if n not in order]
        order.append(taken)
    assert order == [patriot, favored, other, own]
    state.turn = TurnState()
    state.players[SEAT].rupees = 2
    assert not act(state, AiAction.BETRAY)  # left: the card without a prize, the one without her spy
    assert no_prize in state.players[HUMAN].court and no_spy in state.players[HUMAN].court


@pytest.mark.parametrize("suit", [Suit.ECONOMIC, Suit.INTELLIGENCE, Suit.MILITARY, Suit.POLITICAL])
def test_highest_ranked_card_of_each_suit(suit: Suit) -> None:
    target = {
        Suit.ECONOMIC: AiTarget.HIGHEST_RANKED_ECONOMIC_CARD,
        Suit.INTELLIGENCE: AiTarget.HIGHEST_RANKED_INTELLIGENCE_CARD,
        Suit.MILITARY: AiTarget.HIGHEST_RANKED_MILITARY_CARD,
        Suit.POLITICAL: AiTarget.HIGHEST_RANKED_POLITICAL_CARD,
    }[suit]
    state = with_wakhan()
    low = court_card(lambda c: c.suit is suit and c.rank == 1)
    high = max((c for c in _courts() if c.suit is suit), key=lambda c: (c.rank or 0, c.number))
    other = court_card(lambda c: c.suit is not suit and (c.rank or 0) >= (high.rank or 0))
    put(state, 0, 0, low.number)  # cheaper, but of lower rank
    put(state, 1, 1, other.number)  # as high a rank, another suit
    put(state, 0, 2, high.number)
    state.players[SEAT].rupees = 2
    assert wakhan.instructed_card(state, reading(state), target) == (0, 2)
    state.players[SEAT].rupees = 1  # she cannot pay for it: the best she can buy
    assert wakhan.instructed_card(state, reading(state), target) == (0, 0)


def _courts() -> list[Card]:
    return [c for c in CARDS if c.card_type is CardType.COURT]


def test_the_conditions_no_test_elsewhere_tries() -> None:
    state = with_wakhan()
    assert state.favored is Suit.POLITICAL
    assert wakhan.holds(state, AiCondition.POLITICAL_IS_FAVORED)
    state.favored = Suit.MILITARY
    assert not wakhan.holds(state, AiCondition.POLITICAL_IS_FAVORED)
    # Her court at its limit: three cards and no Political stars; a Political card raises the limit.
    military = [c.number for c in _courts() if c.suit is Suit.MILITARY][:3]
    state.players[SEAT].court = military[:2]
    assert not wakhan.holds(state, AiCondition.HER_COURT_IS_AT_ITS_LIMIT)
    state.players[SEAT].court = military
    assert wakhan.holds(state, AiCondition.HER_COURT_IS_AT_ITS_LIMIT)
    political = court_card(lambda c: c.suit is Suit.POLITICAL and c.rank == 1).number
    state.players[SEAT].court = [*military, political]  # four cards, a limit of four
    assert wakhan.holds(state, AiCondition.HER_COURT_IS_AT_ITS_LIMIT)
    state.players[SEAT].court = [*military[:2], political]
    assert not wakhan.holds(state, AiCondition.HER_COURT_IS_AT_ITS_LIMIT)


def test_an_instruction_comes_before_the_dominance_check_rule() -> None:
    """The rulebook's order for choosing a card to radicalize: an instruction first; with none,
    the rule for a Dominance Check in the market; with no check, the arrows."""
    state = with_wakhan()
    check = event_card(lambda c: c.card_type is CardType.DOMINANCE_CHECK).number
    put(state, 0, 5, check)
    military = facts(16, suit=Suit.MILITARY)
    spies = max(
        (c for c in _courts() if c.suit is not Suit.MILITARY and not c.abilities),
        key=lambda c: sum(i.value in ("spy", "tribe") for i in c.impact),
    )
    put(state, 0, 0, spies.number)
    put(state, 1, 0, military)
    state.players[SEAT].rupees = 0
    assert wakhan.card_while_check_in_market(state) == (0, 0)
    deed = drive(
        wakhan.answering(
            state, wakhan.radicalize(state, reading(state), AiTarget.HIGHEST_RANKED_MILITARY_CARD)
        ),
        [],
        then_first=True,
    )
    assert deed == [] and military in state.players[SEAT].court
    assert state.market[0][0] == spies.number


def test_she_ignores_the_colour_of_a_patriot_for_its_armies_and_roads() -> None:
    # AI card 1 (Russian, Afghan, British) with a Russian human: her pragmatic loyalty is Afghan.
    state = with_wakhan(loyalties=(Coalition.RUSSIAN,))
    indus = facts(32, patriot=Coalition.BRITISH)  # three army icons
    trade = facts(80, patriot=Coalition.BRITISH)  # a road icon
    region = card(indus).region
    assert region is not None
    put(state, 0, 0, indus)
    put(state, 0, 1, trade)
    state.players[SEAT].rupees = 1
    for column in (0, 1):
        drive(
            wakhan.answering(state, wakhan.buy_and_play(state, reading(state), 0, column)),
            [],
            then_first=True,
        )
    assert state.armies[region][Coalition.AFGHAN] == 3 and state.armies[region][Coalition.BRITISH] == 0
    assert sum(r[Coalition.AFGHAN] for r in state.roads.values()) == 1
    assert not any(r[Coalition.BRITISH] for r in state.roads.values())
    assert state.players[SEAT].loyalty is None and {indus, trade} <= set(state.players[SEAT].court)


def test_ambition_when_the_check_wins_her_the_game_without_scoring_most() -> None:
    state = with_wakhan()
    check = event_card(lambda c: c.card_type is CardType.DOMINANCE_CHECK).number
    put(state, 0, 1, check)
    state.armies[Region.KABUL][Coalition.BRITISH] = 4  # British dominant
    state.players[HUMAN].court = [facts(32, patriot=Coalition.BRITISH)]  # the human's influence: 2
    state.players[SEAT].score, state.players[HUMAN].score = 8, 0
    # The human would score 5, she 3: not the most, but 11 to 5 is a lead of four or more.
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert check in state.discard and state.over and state.winner == SEAT
    # Without the lead the same check is no ambition of hers.
    state = with_wakhan()
    put(state, 0, 1, check)
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    state.players[HUMAN].court = [32]
    state.players[SEAT].score = 5
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][1] == check and not state.over
