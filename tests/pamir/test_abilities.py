"""One scenario per special ability of the court cards (those of the card-based actions are in
test_card_actions.py). Cards are found by their ability's title, never by number."""

from __future__ import annotations

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Action as CardAction
from paxc.generated.pamir.vocabulary import (
    ActionTaken,
    Card,
    Coalition,
    CountsAsFavored,
    Region,
    Suit,
    TurnStarted,
)
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, market, pieces, rules
from paxc.runtime.pamir.card_actions import UseCard
from paxc.runtime.pamir.state import border
from tests.pamir.scenario import court_card, drive, empty_state


def with_ability(title: str) -> Card:
    return court_card(lambda c: any(a.title == title for a in c.abilities))


def all_with_ability(title: str) -> list[Card]:
    return [c for c in CARDS if any(a.title == title for a in c.abilities)]


FIGHTER = court_card(lambda c: c.actions == (CardAction.BATTLE,) and (c.rank or 0) >= 2 and not c.abilities)


@pytest.mark.parametrize("title", ["Savvy Operator", "Irregulars"])
def test_savvy_operator_and_irregulars_always_count_as_favored(title: str) -> None:
    owner_card = with_ability(title)
    state = empty_state()
    state.players[1].court = [owner_card.number]
    assert hooks.modified(state, CountsAsFavored(owner_card, PlayerId(1)), False)
    other = court_card(lambda c: c.suit is owner_card.suit and c is not owner_card)
    assert not hooks.modified(state, CountsAsFavored(other, PlayerId(1)), False)


def test_persian_and_russian_influence_make_their_cards_free() -> None:
    persian = with_ability("Persian Influence")
    russian = with_ability("Russian Influence")
    persia_card = court_card(lambda c: c.region is Region.PERSIA and c is not persian)
    russian_patriot = court_card(lambda c: c.patriot is Coalition.RUSSIAN and c is not russian)
    other = court_card(lambda c: c.region is Region.KABUL and c.patriot is None)
    state = empty_state()
    state.players[0].court = [persian.number, russian.number]
    state.market[0][3:6] = [persia_card.number, russian_patriot.number, other.number]
    assert market.purchase_cost(state, 0, 0, 3) == 0
    assert market.purchase_cost(state, 0, 0, 4) == 0
    assert market.purchase_cost(state, 0, 0, 5) == 5
    assert market.purchase_cost(state, 1, 0, 3) == 3


def test_charismatic_courtiers_pay_no_bribe_to_play() -> None:
    courtiers = with_ability("Charismatic Courtiers")
    punjab = court_card(lambda c: c.region is Region.PUNJAB and not c.patriot and c.suit is Suit.MILITARY)
    state = empty_state()
    state.players[0].court = [courtiers.number]
    state.tribes[Region.PUNJAB][1] = 3
    state.players[0].hand = [punjab.number]
    drive(rules.play(state, 0, punjab.number, False), [], then_first=True)
    assert state.players[0].rupees == 4 and punjab.number in state.players[0].court


@pytest.mark.parametrize("region", [Region.HERAT, Region.KANDAHAR])
def test_blackmail_may_put_a_spy_on_an_unwatched_card_of_its_region_at_turn_start(region: Region) -> None:
    blackmail = court_card(lambda c: c.region is region and any(a.title == "Blackmail" for a in c.abilities))
    watched = court_card(lambda c: c.region is region and c is not blackmail)
    unwatched = court_card(lambda c: c.region is region and c not in (blackmail, watched))
    state = empty_state()
    state.players[0].court = [blackmail.number]
    state.players[1].court = [watched.number, unwatched.number]
    state.spies[watched.number] = [0, 0, 1]
    state.players[2].cylinders = 9
    asked = drive(hooks.fire(state, TurnStarted(PlayerId(0))), [True, unwatched])
    assert asked[1].options == (blackmail, unwatched)  # the watched card is not offered
    assert state.spies[unwatched.number][0] == 1
    # an optional ability may be declined, and it does nothing on another player's turn
    drive(hooks.fire(state, TurnStarted(PlayerId(0))), [False])
    assert drive(hooks.fire(state, TurnStarted(PlayerId(1))), []) == []


def test_blackmail_is_offered_when_its_owner_takes_a_turn() -> None:
    # The turn's start is told with the player whose turn it is (`rules.take_turn`): Blackmail
    # ("at the start of your turn") answers its owner's turn, not another player's.
    blackmail = court_card(
        lambda c: c.region is Region.HERAT and any(a.title == "Blackmail" for a in c.abilities)
    )
    unwatched = court_card(lambda c: c.region is Region.HERAT and c is not blackmail)
    state = empty_state()
    state.players[0].court = [blackmail.number]
    state.players[1].court = [unwatched.number]
    cylinders = state.players[0].cylinders
    drive(rules.take_turn(state, 1), [lambda option: isinstance(option, rules.EndTurn)], then_first=True)
    assert state.players[0].cylinders == cylinders  # not offered on another player's turn
    drive(
        rules.take_turn(state, 0), [True, unwatched, lambda o: isinstance(o, rules.EndTurn)], then_first=True
    )
    assert state.spies_on(unwatched.number)[0] == 1


def test_infrastructure_places_a_free_block_after_a_build() -> None:
    infrastructure = with_ability("Infrastructure")
    state = empty_state()  # player 0 is Afghan
    state.players[0].court = [infrastructure.number]
    state.tribes[Region.KABUL][0] = 1
    state.players[0].cylinders = 9
    # Ruling (in its card): army or road first, then where; here a road from Kabul to Punjab.
    asked = drive(
        hooks.fire(state, ActionTaken(CardAction.BUILD, PlayerId(0))),
        [lambda option: "road" in str(option), Region.KABUL, Region.PUNJAB],
    )
    assert asked[1].options == (Region.KABUL,)  # the only region player 0 rules
    assert set(asked[2].options) == {Region.HERAT, Region.KANDAHAR, Region.PUNJAB, Region.TRANSCASPIA}
    assert state.roads[border(Region.KABUL, Region.PUNJAB)][Coalition.AFGHAN] == 1
    assert state.players[0].rupees == 4  # free
    assert drive(hooks.fire(state, ActionTaken(CardAction.TAX, PlayerId(0))), []) == []


@pytest.mark.parametrize("safe_house", all_with_ability("Safe House"), ids=lambda c: c.name)
def test_safe_house_keeps_a_spy_removed_by_another_players_battle(safe_house: Card) -> None:
    target = court_card(lambda c: c.region is Region.PUNJAB)
    state = empty_state()  # player 0 Afghan, player 1 British
    state.players[0].court = [safe_house.number]
    state.players[1].court = [target.number, FIGHTER.number]
    state.spies[target.number] = [1, 1, 0]
    state.players[0].cylinders = state.players[1].cylinders = 9
    asked = drive(
        card_actions.perform(state, 1, UseCard(FIGHTER.number, CardAction.BATTLE)),
        [target, card_actions.RemoveSpy(target, PlayerId(0)), True],
    )
    assert asked[-1].chooser == 0  # the owner may decline the safe house
    assert state.spies[target.number] == [0, 1, 0]
    assert state.spies[safe_house.number][0] == 1
    assert state.players[0].cylinders == 9


@pytest.mark.parametrize("safe_house", all_with_ability("Safe House"), ids=lambda c: c.name)
def test_a_spy_reaches_the_safe_house_only_once_the_battle_is_over(safe_house: Card) -> None:
    # A battle on the safe house card itself: the spy it removes is not back on the card while
    # the battle goes on, so the battle cannot remove it a second time.
    state = empty_state()
    state.players[0].court = [safe_house.number]
    state.players[1].court = [FIGHTER.number]
    state.spies[safe_house.number] = [1, 2, 0]
    state.players[0].cylinders, state.players[1].cylinders = 9, 8
    asked = drive(
        card_actions.perform(state, 1, UseCard(FIGHTER.number, CardAction.BATTLE)),
        [safe_house, card_actions.RemoveSpy(safe_house, PlayerId(0)), True],
    )
    prompts = [q.prompt for q in asked]
    assert not any("unit 2" in p for p in prompts)  # nothing left to remove: the battle is over
    assert state.spies[safe_house.number] == [1, 2, 0]  # the spy arrived after the battle
    assert state.players[0].cylinders == 9


def test_the_safe_house_ignores_its_owners_own_removals() -> None:
    safe_house = with_ability("Safe House")
    target = court_card(lambda c: c.region is Region.PUNJAB)
    state = empty_state()
    state.players[0].court = [safe_house.number, target.number]
    state.spies[target.number] = [1, 0, 0]
    state.players[0].cylinders = 9
    event = pieces.remove_spy_in_battle(state, 0, target.number, remover=0)
    assert drive(pieces.settle_spy_removed(state, event), []) == []
    assert state.spies[target.number][0] == 0 and state.players[0].cylinders == 10


def test_a_free_card_is_offered_to_a_player_with_no_rupees() -> None:
    """The market's purchase options ask the abilities in effect, not only the printed cost."""
    from paxc.runtime.pamir.rules import Purchase, legal_actions

    herat_influence = with_ability("Herat Influence")
    herat = court_card(lambda c: c.region is Region.HERAT and c is not herat_influence)
    state = empty_state()
    state.players[0].rupees = 0
    state.market[1][5] = herat.number
    assert Purchase(1, 5) not in legal_actions(state, 0)
    state.players[0].court = [herat_influence.number]
    assert Purchase(1, 5) in legal_actions(state, 0)
