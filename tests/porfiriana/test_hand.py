"""Playing a card from hand (rules E1): the actions it takes, whether it may be played now, and
what the table says when it may not. Partners changing what a play takes, as no printed card
does, are fixture cards (tests/porfiriana/fixtures/hand_cards.pax) played on the unchanged runtime.

From the rules: playing a card from hand is an action (a black card off its regime takes two);
an enterprise or partner is paid for at its printed cost, a troop at the cost of the connection it
goes to, an attack card against a target it may strike; headlines, topple and public cards are
never played from a hand."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, District, Family, PlayCost, Zone
from paxc.runtime.porfiriana import hand, troops
from paxc.runtime.porfiriana.actions import PlayCard
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    cards,
    empty_state,
    find,
    hold,
    may,
    moves_told,
    put,
    seat_without,
    turn,
)

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "hand_cards.pax"

PARTNER = find(CardType.PARTNER, lambda c: not c.extra_action and not c.strife and not c.family)
SONORA = find(CardType.ENTERPRISE, lambda c: c.district is District.SONORA and not c.family)
AMERICA = find(CardType.ENTERPRISE, lambda c: c.district is District.AMERICA and not c.family)
# A Sonora troop that costs something to play wherever it goes.
TROOP = find(
    CardType.TROOP,
    lambda c: c.district is District.SONORA and min(c.cost_boot or 0, c.cost_mule or 0, c.cost_rail or 0) > 0,
)
CHIHUAHUA_TROOP = find(CardType.TROOP, lambda c: c.district is District.CHIHUAHUA)
# Orange cards: one that costs gold to play, striking anywhere; one striking in Chihuahua only.
DEAR_ORANGE = find(CardType.ORANGE, lambda c: c.district is None and (c.cost or 0) > 0)
CHIHUAHUA_ORANGE = find(CardType.ORANGE, lambda c: c.district is District.CHIHUAHUA)
ASSASSINATION = find(CardType.BLACK, lambda c: Family.ASSASSINATION in c.family)
PUBLIC = find(CardType.PUBLIC, plain=False)


@pytest.fixture(scope="module")
def hand_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("hand_cards"))


def new(hand_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(hand_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def test_a_card_in_effect_may_bring_the_actions_a_play_takes_to_none(
    hand_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    secretary = new(hand_cards, 9150, monkeypatch)  # playing a partner takes its owner no action
    state = empty_state()
    seat_without(state, 0, PlayCost)
    turn(state, 0)
    put(state, 0, secretary.number)
    hold(state, 0, PARTNER.number, SONORA.number)
    assert hand.actions_needed(state, 0, PARTNER.number) == 0
    assert hand.actions_needed(state, 0, SONORA.number) == 1  # an enterprise as usual
    assert hand.actions_needed(state, 1, PARTNER.number) == 1  # another player's play as usual
    state.turn.actions_left = 0
    assert may(state, 0, PlayCard(PARTNER.number)) and not may(state, 0, PlayCard(SONORA.number))
    act(state, 0, PlayCard(PARTNER.number))
    assert state.holding(PARTNER.number) is not None and state.turn.actions_left == 0


def test_a_card_in_effect_may_forbid_its_owner_to_play_troops(
    hand_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    vow = new(hand_cards, 9151, monkeypatch)  # its owner may not play troops
    state = empty_state()
    seat_without(state, 1, PlayCost)
    put(state, 1, vow.number)
    put(state, 1, SONORA.number)
    hold(state, 1, TROOP.number)
    turn(state, 1)
    assert troops.destinations(state, 1, TROOP.number)  # a place it could go, paid for
    assert not hand.playable(state, 1, TROOP.number) and not may(state, 1, PlayCard(TROOP.number))
    assert hand.why_not_playable(state, 1, TROOP.number) == "a card in effect forbids playing it now"
    # Its owner only: another player plays the same troop there.
    state.players[1].hand.remove(TROOP.number)
    hold(state, 0, TROOP.number)
    turn(state, 0)
    assert hand.playable(state, 0, TROOP.number) and may(state, 0, PlayCard(TROOP.number))


def test_a_card_brought_to_no_cost_may_be_played_with_no_gold(
    hand_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    comrades = new(hand_cards, 9152, monkeypatch)  # partners cost its owner nothing to play
    state = empty_state(gold=0)
    seat_without(state, 0, PlayCost)
    turn(state, 0)
    put(state, 0, comrades.number)
    hold(state, 0, PARTNER.number, SONORA.number)
    assert may(state, 0, PlayCard(PARTNER.number)) and hand.playable(state, 0, PARTNER.number)
    assert not may(state, 0, PlayCard(SONORA.number))  # an enterprise at its printed cost
    act(state, 0, PlayCard(PARTNER.number))
    assert state.holding(PARTNER.number) is not None and state.players[0].gold == 0


def test_the_table_says_why_a_card_in_hand_cannot_be_played() -> None:
    state = empty_state(gold=0)
    seat_without(state, 0, PlayCost)
    turn(state, 0)

    def why(number: int) -> str:
        """Why the card cannot be played now: it must not be playable, as the table lists it."""
        hold(state, 0, number)
        assert not hand.playable(state, 0, number) and not may(state, 0, PlayCard(number))
        reason = hand.why_not_playable(state, 0, number)
        state.players[0].hand.remove(number)
        return reason

    state.players[0].gold = 1
    assert why(PARTNER.number) == f"it costs {PARTNER.cost} gold and you have 1"
    state.players[0].gold = 0
    assert (
        why(TROOP.number)
        == "there is no place it may go (its jurisdiction, or firepower against the troops there)"
    )
    assert why(DEAR_ORANGE.number) == "there is no enterprise it may strike (not your own in unrest)"
    assert why(ASSASSINATION.number) == "nobody is a target it may have"  # no partner, no Hacendado flipped
    assert why(PUBLIC.number) == "a public card is not played from the hand"
    put(state, 0, AMERICA.number, unrest=1)  # no straw-man attack on your own enterprise in unrest
    assert why(DEAR_ORANGE.number) == "there is no enterprise it may strike (not your own in unrest)"
    put(state, 1, SONORA.number)  # a place for the troop and a target for the orange card, not paid for
    assert why(TROOP.number) == "you cannot pay for any place it may go (0 gold)"
    assert why(DEAR_ORANGE.number) == "you cannot pay for any target it may have (0 gold)"
    assert (
        why(CHIHUAHUA_ORANGE.number)
        == "there is no enterprise in Chihuahua it may strike (not your own in unrest)"
    )
    assert why(CHIHUAHUA_TROOP.number).startswith("there is no place it may go")


def test_only_enterprises_partners_troops_and_attack_cards_are_played_from_a_hand() -> None:
    state = empty_state()
    seat_without(state, 0, PlayCost)
    put(state, 1, SONORA.number)
    turn(state, 0)
    for printed in (PARTNER, SONORA, TROOP, DEAR_ORANGE):
        assert hand.playable(state, 0, printed.number), printed.name
    headline = find(CardType.HEADLINE, plain=False)
    topple = find(CardType.TOPPLE, plain=False)
    for printed in (PUBLIC, headline, topple, cards(CardType.HACENDADO, plain=False)[-1]):
        assert not hand.playable(state, 0, printed.number), printed.name


def test_a_troop_played_from_hand_is_told_moved_from_the_hand_to_its_owners_troops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    seat_without(state, 1, PlayCost)
    put(state, 1, SONORA.number)
    hold(state, 1, TROOP.number)
    turn(state, 1)
    told = moves_told(monkeypatch)
    act(state, 1, PlayCard(TROOP.number), [lambda place: place.enterprise == SONORA.number])
    assert state.troop_place(TROOP.number) is not None
    assert told == [(TROOP.number, Zone.HAND, Zone.TROOPS, 1, 1)]


def test_an_enterprise_or_partner_played_from_hand_is_told_moved_from_the_hand_to_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    seat_without(state, 1, PlayCost)
    hold(state, 1, SONORA.number, PARTNER.number)
    turn(state, 1)
    told = moves_told(monkeypatch)
    act(state, 1, PlayCard(SONORA.number))
    act(state, 1, PlayCard(PARTNER.number))
    assert [held.number for held in state.players[1].row[1:]] == [SONORA.number, PARTNER.number]
    assert told == [(n, Zone.HAND, Zone.ROW, 1, 1) for n in (SONORA.number, PARTNER.number)]
