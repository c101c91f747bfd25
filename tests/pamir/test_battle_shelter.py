"""`may_battle` is asked of every piece a battle may remove: armies and roads too, for each player
loyal to their coalition (issue 24). The first card of tests/pamir/fixtures/shelter_cards.pax
shelters its owner's armies and roads in Kabul; the others shelter pieces from one attacker only."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir.vocabulary import Coalition, Region
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions
from paxc.runtime.pamir.card_actions import RemoveArmy, RemoveRoad, RemoveSpy, RemoveTribe
from paxc.runtime.pamir.state import BORDERS
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "shelter_cards.pax"


@pytest.fixture(scope="module")
def shelter_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("shelter_cards"))


def test_armies_and_roads_of_your_loyalty_are_sheltered_where_the_card_says(
    shelter_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    garrison = shelter_cards.CARD_957
    join_game(garrison, monkeypatch)
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    kabul_punjab = next(b for b in BORDERS if set(b) == {Region.KABUL, Region.PUNJAB})
    for region in (Region.KABUL, Region.HERAT):
        state.armies[region][Coalition.BRITISH] = 1
    state.roads[kabul_punjab][Coalition.BRITISH] = 1
    british = {RemoveArmy(Region.KABUL, Coalition.BRITISH), RemoveRoad(kabul_punjab, Coalition.BRITISH)}
    assert british <= set(card_actions._removals(state, 1, Region.KABUL))
    state.players[0].court.append(garrison.number)
    # Its owner (British) keeps them in Kabul; elsewhere a battle still removes them.
    assert not british & set(card_actions._removals(state, 1, Region.KABUL))
    assert RemoveArmy(Region.HERAT, Coalition.BRITISH) in card_actions._removals(state, 1, Region.HERAT)
    # A coalition nobody is loyal to has nobody the card speaks for.
    state.players[0].loyalty = Coalition.AFGHAN
    assert british <= set(card_actions._removals(state, 1, Region.KABUL))


def test_a_shelter_from_one_attacker_asks_whose_battle_it_is(
    shelter_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    treaty = shelter_cards.CARD_958
    join_game(treaty, monkeypatch)
    state = empty_state(3, (Coalition.BRITISH, Coalition.RUSSIAN, Coalition.AFGHAN))
    kabul_punjab = next(b for b in BORDERS if set(b) == {Region.KABUL, Region.PUNJAB})
    state.armies[Region.KABUL][Coalition.BRITISH] = 1
    state.roads[kabul_punjab][Coalition.BRITISH] = 1
    state.players[0].court.append(treaty.number)
    british = {RemoveArmy(Region.KABUL, Coalition.BRITISH), RemoveRoad(kabul_punjab, Coalition.BRITISH)}
    # The Russian player's battle may not remove them; the Afghan player's may.
    assert not british & set(card_actions._removals(state, 1, Region.KABUL))
    assert british <= set(card_actions._removals(state, 2, Region.KABUL))


def test_a_spys_shelter_asks_the_region_of_its_card_and_whose_battle_it_is(
    shelter_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    informers = shelter_cards.CARD_959
    join_game(informers, monkeypatch)
    state = empty_state(3, (Coalition.BRITISH, Coalition.RUSSIAN, Coalition.AFGHAN))
    state.players[0].court.append(informers.number)
    kabul = court_card(lambda c: c.region is Region.KABUL and not c.abilities)
    herat = court_card(lambda c: c.region is Region.HERAT and not c.abilities)
    state.players[2].court += [kabul.number, herat.number]
    for number in (kabul.number, herat.number):
        state.spies_on(number)[0] = 1
    mine = RemoveSpy(kabul, PlayerId(0))
    assert mine not in card_actions._removals(state, 1, kabul)  # a Russian battle, on a Kabul card
    assert mine in card_actions._removals(state, 2, kabul)  # an Afghan one
    assert RemoveSpy(herat, PlayerId(0)) in card_actions._removals(state, 1, herat)  # not Kabul


def test_a_tribes_shelter_from_one_attacker_asks_whose_battle_it_is(
    shelter_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    oath = shelter_cards.CARD_939
    join_game(oath, monkeypatch)
    state = empty_state(3, (Coalition.BRITISH, Coalition.RUSSIAN, Coalition.AFGHAN))
    state.players[0].court.append(oath.number)
    state.tribes[Region.KABUL][0] = 1
    mine = RemoveTribe(Region.KABUL, PlayerId(0))
    assert mine not in card_actions._removals(state, 1, Region.KABUL)  # a Russian battle
    assert mine in card_actions._removals(state, 2, Region.KABUL)  # an Afghan one
