"""A card changing the bribes paid to its owner (tests/pamir/fixtures/bribe_cards.pax), built
against the unchanged runtime. Rulebook, playing a card: a card played into a region another
player rules costs a bribe to that ruler, one rupee per tribe of theirs there; the bribe asked of
the abilities in effect names both the payer and the receiver, and this card reads the receiver."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir.vocabulary import Action, Card, Impact, Region, Suit
from paxc.runtime.pamir import card_actions, rules
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.rules import Play
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "bribe_cards.pax"
PUNJAB_PLAIN = court_card(
    lambda c: c.region is Region.PUNJAB and not c.patriot and all(i is Impact.ARMY for i in c.impact)
)


@pytest.fixture(scope="module")
def bribe_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("bribe_cards"))


@pytest.fixture
def sardar(bribe_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = bribe_cards.CARD_915
    join_game(printed, monkeypatch)
    return printed


def test_a_bribe_to_the_sardars_owner_costs_one_more_and_only_to_them(sardar: Card) -> None:
    """Player 1 rules Punjab with two tribes: a bribe of 2, 3 with the Sardar in their court. A
    player with 2 rupees is then not offered the Punjab card; with the Sardar in a third player's
    court, who is paid nothing, the bribe stays 2."""
    state = empty_state()
    state.tribes[Region.PUNJAB][1] = 2
    state.players[0].hand = [PUNJAB_PLAIN.number]
    state.players[0].rupees = 2
    state.players[1].court = [sardar.number]
    assert not any(isinstance(a, Play) for a in rules.legal_actions(state, 0))
    state.players[0].rupees = 3
    assert Play(PUNJAB_PLAIN.number, left=False) in rules.legal_actions(state, 0)
    state.players[0].rupees = 2
    state.players[1].court, state.players[2].court = [], [sardar.number]
    assert Play(PUNJAB_PLAIN.number, left=False) in rules.legal_actions(state, 0)


def test_the_bribe_paid_to_the_sardars_owner_is_one_more(sardar: Card) -> None:
    """The ruler asks the full bribe, now 3; the payer pays it and the card is played."""
    state = empty_state()
    state.tribes[Region.PUNJAB][1] = 2
    state.players[0].hand = [PUNJAB_PLAIN.number]
    state.players[1].court = [sardar.number]
    before = [p.rupees for p in state.players][:2]
    drive(rules.play(state, 0, PUNJAB_PLAIN.number, False), [Rupees(3), True])
    assert [p.rupees for p in state.players][:2] == [before[0] - 3, before[1] + 3]
    assert state.players[0].court == [PUNJAB_PLAIN.number]


def test_the_sardar_plays_in_random_games_with_every_invariant(
    bribe_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    count_in_random_games("pamir", bribe_cards, (915,), monkeypatch, seed=5, games=10)


@pytest.fixture
def broker(bribe_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = bribe_cards.CARD_916
    join_game(printed, monkeypatch)
    return printed


GIFTER = court_card(lambda c: Action.GIFT in c.actions and c.suit is not Suit.POLITICAL and not c.abilities)


def test_a_card_held_hostage_by_the_brokers_owner_costs_one_more_to_use(broker: Card) -> None:
    """Rulebook, Hostage Actions: the holder's bribe is their spies on the card, 1 here, and 2
    with the Broker in the holder's court. With 3 rupees the gift (2) is offered with a bribe of
    1, not of 2; with 4 it is, and the holder asks up to 2."""
    state = empty_state()
    state.players[0].court = [GIFTER.number]
    state.spies_on(GIFTER.number)[1] = 1
    state.players[0].rupees = 3
    use = card_actions.UseCard(GIFTER.number, Action.GIFT)
    assert use in card_actions.options(state, 0)
    state.players[1].court = [broker.number]
    assert use not in card_actions.options(state, 0)
    state.players[0].rupees = 4
    assert use in card_actions.options(state, 0)
    asked = drive(card_actions.perform(state, 0, use), [Rupees(2), True])
    assert asked[0].chooser == 1 and asked[0].options == (Rupees(2), Rupees(1), Rupees(0))
    assert [p.rupees for p in state.players[:2]] == [0, 6] and state.players[0].gifts == [2]
