"""New cards (the fixture files of tests/pamir/fixtures/) met by Wakhan: she pays all costs as a
player does (rulebook, "Playing with Wakhan", General Rules), so a card changing what a purchase
or an action costs, or who may buy, acts on her; the card she buys is told to abilities as any
player's (bought, into her hand, into her court or the discard pile, played) and its own
abilities act when she plays it, as when anyone plays it."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import (
    Action,
    AiAction,
    Card,
    CardDiscarded,
    CardMoved,
    CardPlayed,
    CardType,
    Coalition,
    Impact,
    Region,
    Suit,
    Zone,
)
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.pamir import hooks, market, wakhan, wakhan_actions, wakhan_turn
from paxc.runtime.pamir.state import PamirState, border
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, event_card
from tests.pamir.test_wakhan import HUMAN, SEAT, put, reading, with_wakhan

FIXTURES = REPO / "tests" / "pamir" / "fixtures"


@pytest.fixture(scope="module")
def round_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURES / "round_cards.pax", "pamir", tmp_path_factory.mktemp("round"))


@pytest.fixture(scope="module")
def new_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURES / "new_cards.pax", "pamir", tmp_path_factory.mktemp("new"))


@pytest.fixture(scope="module")
def piece_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURES / "piece_cards.pax", "pamir", tmp_path_factory.mktemp("pieces"))


def plain(test: Any = lambda c: True, skip: tuple[int, ...] = ()) -> Card:
    """A printed court card with no ability, patriot, leverage or spy (nothing asking her a card)."""
    return court_card(
        lambda c: (
            not c.abilities
            and c.patriot is None
            and Impact.LEVERAGE not in c.impact
            and Impact.SPY not in c.impact
            and c.number not in skip
            and test(c)
        )
    )


def radicalize(state: PamirState) -> None:
    """Her Radicalize by the arrows, on her own turn, every question to her answered by her."""
    state.active = SEAT
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [])


def test_a_once_per_round_discount_is_spent_by_her_purchase_not_by_her_weighing_prices(
    round_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trade Agreement (995): the first card its owner buys each round costs 1 less. In her court,
    she looks at the prices of the market (each with the discount) before she buys; only the
    purchase charged spends it: she pays 2 for a card in column 3, then the next costs her 3."""
    agreement: Card = round_cards.CARD_995
    join_game(agreement, monkeypatch)
    state = with_wakhan(front=203, back=209)  # the arrows: the bottom row, column 3
    state.players[SEAT].court = [agreement.number]
    bought = plain()
    later = plain(skip=(bought.number,))
    put(state, 1, 3, bought.number)
    put(state, 0, 3, later.number)
    state.players[SEAT].rupees = 2  # enough only with the discount
    assert market.purchase_cost(state, SEAT, 1, 3) == 2
    radicalize(state)
    assert state.players[SEAT].court == [agreement.number, bought.number]
    assert state.players[SEAT].rupees == 0
    assert market.purchase_cost(state, SEAT, 0, 3) == 3  # spent for the rest of the round


def test_a_card_in_the_market_that_forbids_her_a_purchase_turns_her_to_another(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Embargo (955), in the market: players loyal to Russia may not buy Military cards. Her
    pragmatic loyalty is Russian (AI card 1, a British opponent): the Military card the arrows
    point to is not hers to buy, so she buys the other row's card in that column."""
    embargo: Card = piece_cards.CARD_955
    join_game(embargo, monkeypatch)
    state = with_wakhan(front=201, back=202)  # the arrows: the top row, column 0
    forbidden = plain(lambda c: c.suit is Suit.MILITARY)
    allowed = plain(lambda c: c.suit is Suit.ECONOMIC)
    put(state, 0, 0, forbidden.number)
    put(state, 1, 0, allowed.number)
    put(state, 1, 5, embargo.number)
    radicalize(state)
    assert state.players[SEAT].court == [allowed.number]
    assert state.market[0][0] == forbidden.number


def test_the_card_she_plays_acts_as_played_by_her(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Road Wardens (942, Kabul): when played, a road of its owner's loyalty on a border of its
    region, the region chosen (hers: the first of her AI card's region priority, Transcaspia).
    Her loyalty for the blocks she places is her pragmatic one, Russian."""
    wardens: Card = piece_cards.CARD_942
    join_game(wardens, monkeypatch)
    state = with_wakhan(front=201, back=202)  # the arrows: the top row, column 0
    put(state, 0, 0, wardens.number)
    radicalize(state)
    assert state.players[SEAT].court == [wardens.number]
    assert state.roads[border(Region.KABUL, Region.TRANSCASPIA)][Coalition.RUSSIAN] == 1
    assert sum(sum(counts.values()) for counts in state.roads.values()) == 1


def test_abilities_are_told_each_move_of_the_card_she_buys_and_that_she_played_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As for any player: the card bought goes into her hand, then into her court and is played;
    or, when she cannot pay the bribe, it is discarded from her hand (rulebook, her Radicalize)."""
    told: list[object] = []
    real_fire = hooks.fire

    def record(state: PamirState, event: object) -> Any:
        if isinstance(event, (CardMoved, CardDiscarded, CardPlayed)):
            told.append(event)
        return real_fire(state, event)

    monkeypatch.setattr(hooks, "fire", record)
    # As when some card listens: the rules tell these events only to a listener.
    monkeypatch.setattr(hooks, "listens", lambda event_type: True)
    printed = plain()
    region = printed.region
    assert region is not None
    her = PlayerId(SEAT)

    state = with_wakhan(front=201, back=202)  # the arrows: the top row, column 0
    put(state, 0, 0, printed.number)
    radicalize(state)
    assert told == [
        CardMoved(printed, Zone.MARKET, Zone.HAND, her, her),
        CardMoved(printed, Zone.HAND, Zone.COURT, her, her),
        CardPlayed(printed, her),
    ]

    told.clear()
    state = with_wakhan(front=201, back=202)
    put(state, 0, 0, printed.number)
    state.tribes[region][HUMAN] = 2  # the human rules the card's region: a bribe of 2
    state.players[SEAT].rupees = 1
    state.active = SEAT
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [lambda o: True])
    assert printed.number in state.discard
    assert told == [
        CardMoved(printed, Zone.MARKET, Zone.HAND, her, her),
        CardMoved(printed, Zone.HAND, Zone.DISCARD, her, her),
        CardDiscarded(printed, Zone.HAND, her),
    ]


def test_her_ambition_weighs_the_check_at_what_it_costs_her(
    round_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Her ambition buys a Dominance Check she can pay for; with Trade Agreement (995) in her
    court, the check in column 1 costs her nothing, so without a rupee she buys it (British
    dominant, her British patriot's influence above the human's)."""
    agreement: Card = round_cards.CARD_995
    join_game(agreement, monkeypatch)
    state = with_wakhan()
    check = event_card(lambda c: c.card_type is CardType.DOMINANCE_CHECK).number
    put(state, 0, 1, check)
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[SEAT].court = [agreement.number, patriot]
    state.players[SEAT].rupees = 0
    state.active = SEAT
    drive(wakhan_turn.ambition(state, reading(state)), [])
    assert check in state.discard and state.turn.actions_taken == 1


def test_a_betrayal_made_cheaper_by_her_court_is_one_she_can_afford(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bribed Officials (906): its owner's betrayals cost 1 rupee less. In her court, with one
    rupee, she can pay for a betrayal (2 less 1) and takes the prize (rulebook, her Betray)."""
    officials: Card = new_cards.CARD_906
    join_game(officials, monkeypatch)
    state = with_wakhan()
    betrayer = court_card(lambda c: Action.BETRAY in c.actions and not c.abilities and c.prize is None)
    target = court_card(lambda c: c.prize is not None and not c.abilities and c.patriot is None)
    state.players[SEAT].court = [officials.number, betrayer.number]
    state.players[HUMAN].court = [target.number]
    state.spies_on(target.number)[SEAT] = 1
    state.players[SEAT].cylinders -= 1
    state.players[SEAT].rupees = 1
    state.active = SEAT
    result: list[object] = []

    def run() -> Effect:
        result.append((yield from wakhan_actions.attempt(state, reading(state), AiAction.BETRAY, None)))

    drive(wakhan.answering(state, run()), [])
    assert result[0] is not None
    assert target.number in state.players[SEAT].prizes and state.players[SEAT].rupees == 0
