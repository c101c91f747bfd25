"""One scenario per event side (discarded at cleanup, or bought), from the event reference."""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import (
    Card,
    Coalition,
    CountsAsFavored,
    Region,
    Resolution,
    Suit,
)
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, rules, scoring
from paxc.runtime.pamir.state import PamirState, card
from tests.pamir.scenario import court_card, drive, empty_state, event_card

DISCARDED, PURCHASED = Resolution.DISCARDED, Resolution.PURCHASED


def side(name: str) -> Card:
    return event_card(lambda c: any(s.name == name for s in c.sides))


def resolve(
    state: PamirState, name: str, how: Resolution, player: int = 0, answers: list[object] | None = None
) -> None:
    drive(rules.resolve_event(state, side(name).number, how, player), list(answers or []))


def test_military_intelligence_political_discarded_move_the_favored_suit() -> None:
    state = empty_state()
    for name, suit in (
        ("Military", Suit.MILITARY),
        ("Intelligence", Suit.INTELLIGENCE),
        ("Political", Suit.POLITICAL),
    ):
        resolve(state, name, DISCARDED)
        assert state.favored is suit


def test_new_tactics_bought_makes_the_buyers_military_cards_favored() -> None:
    state = empty_state()
    resolve(state, "New Tactics", PURCHASED, player=1)
    military = court_card(lambda c: c.suit is Suit.MILITARY)
    political = court_card(lambda c: c.suit is Suit.ECONOMIC)
    assert hooks.modified(state, CountsAsFavored(military, PlayerId(1)), False)
    assert not hooks.modified(state, CountsAsFavored(military, PlayerId(0)), False)
    assert not hooks.modified(state, CountsAsFavored(political, PlayerId(1)), False)


def test_embarrassment_of_riches_and_koh_i_noor_weigh_gifts() -> None:
    state = empty_state()
    state.players[0].gifts, state.players[1].gifts = [2, 4], [2, 6]
    resolve(state, "Koh-i-noor Recovered", PURCHASED, player=1)
    assert scoring.influence(state, 1) == 1 + 2 * 2
    assert scoring.influence(state, 0) == 1 + 2
    resolve(state, "Embarrassment of Riches", DISCARDED)
    # Decision (hooks.py): general effects first, then bought ones: 0 per gift, +1 for player 1.
    assert scoring.influence(state, 0) == 1
    assert scoring.influence(state, 1) == 1 + 2


def test_disregard_for_customs_and_courtly_manners_remove_bribes() -> None:
    punjab = court_card(
        lambda c: c.region is Region.PUNJAB and not c.patriot and not c.impact[0].name == "SPY"
    )
    for name, how, payer_is_buyer in (
        ("Disregard for Customs", DISCARDED, False),
        ("Courtly Manners", PURCHASED, True),
    ):
        state = empty_state()
        state.tribes[Region.PUNJAB][1] = 2
        resolve(state, name, how, player=0 if payer_is_buyer else 2)
        state.players[0].hand = [punjab.number]
        drive(rules.play(state, 0, punjab.number, False), [], then_first=True)
        assert state.players[0].rupees == 4 and punjab.number in state.players[0].court


def test_failure_to_impress_discards_every_prize() -> None:
    state = empty_state()
    state.players[0].prizes = [5]
    state.players[2].prizes = [6, 7]
    resolve(state, "Failure to Impress", DISCARDED)
    assert all(p.prizes == [] for p in state.players)
    assert {5, 6, 7} <= set(state.discard)


def test_rumor_names_a_player_whose_patriots_give_no_influence() -> None:
    state = empty_state()
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH)
    state.players[1].court = [patriot.number]
    assert scoring.influence(state, 1) == 2
    resolve(state, "Rumor", PURCHASED, player=0, answers=[PlayerId(1)])
    assert scoring.influence(state, 1) == 1
    scoring.dominance_check(state)  # the effect ends with the next check
    assert scoring.influence(state, 1) == 2


def test_rumor_may_name_any_player_the_buyer_included() -> None:
    # Decision (events.pax): the card names "a player", not another one.
    state = empty_state()
    patriot = court_card(lambda c: c.patriot is Coalition.AFGHAN)
    state.players[0].court = [patriot.number]
    asked = drive(rules.resolve_event(state, side("Rumor").number, PURCHASED, 0), [PlayerId(0)])
    assert set(asked[0].options) == {PlayerId(0), PlayerId(1), PlayerId(2)}
    assert scoring.influence(state, 0) == 1


def test_riots_discarded_clear_a_region_with_the_overthrow_rule() -> None:
    political = court_card(lambda c: c.region is Region.HERAT and c.suit is Suit.POLITICAL)
    state = empty_state()
    state.tribes[Region.HERAT] = [1, 2, 0]
    state.players[0].cylinders, state.players[1].cylinders = 9, 8
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 4
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.players[0].court = [political.number]
    resolve(state, "Riots in Herat", DISCARDED)
    assert state.tribes[Region.HERAT] == [0, 0, 0]
    assert state.armies[Region.HERAT][Coalition.RUSSIAN] == 0
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 1
    assert state.players[0].court == []  # lost the last Herat tribe: its Herat political card goes
    for name, region in (
        ("Riots in Punjab", Region.PUNJAB),
        ("Riots in Kabul", Region.KABUL),
        ("Riots in Persia", Region.PERSIA),
    ):
        state.tribes[region][2] = 1
        state.players[2].cylinders -= 1
        resolve(state, name, DISCARDED)
        assert state.tribes[region][2] == 0 and state.armies[region][Coalition.RUSSIAN] == 0


def test_conflict_fatigue_needs_only_a_two_block_lead() -> None:
    state = empty_state()
    state.armies[Region.KABUL][Coalition.AFGHAN] = 2
    assert scoring.dominant_coalition(state) is None
    resolve(state, "Conflict Fatigue", PURCHASED)
    assert scoring.dominant_coalition(state) is Coalition.AFGHAN


def test_nationalism_lets_the_buyers_tribes_act_as_armies() -> None:
    state = empty_state()
    resolve(state, "Nationalism", PURCHASED, player=2)
    assert card_actions.tribes_count_as_armies(state, 2)
    assert not card_actions.tribes_count_as_armies(state, 0)


def test_no_effect_discarded_does_nothing() -> None:
    withdrawal = event_card(lambda c: c.name == "No Effect / Public Withdrawal")
    state = empty_state()
    before = state.digest()
    drive(rules.resolve_event(state, withdrawal.number, DISCARDED, 0), [])
    state.discard.remove(withdrawal.number)
    assert state.digest() == before


def test_nation_building_doubles_the_blocks_a_build_places() -> None:
    from paxc.generated.pamir.vocabulary import BlocksPerBuild

    state = empty_state()
    resolve(state, "Nation Building", PURCHASED, player=1)
    assert hooks.modified(state, BlocksPerBuild(PlayerId(1)), 1) == 2
    assert hooks.modified(state, BlocksPerBuild(PlayerId(0)), 1) == 1


def test_backing_of_persian_aristocracy_gives_three_rupees() -> None:
    state = empty_state()
    resolve(state, "Backing of Persian Aristocracy", PURCHASED, player=1)
    assert state.players[1].rupees == 7


def test_confidence_failure_makes_everyone_discard_a_card_from_hand() -> None:
    state = empty_state()
    state.players[0].hand = [1, 2]
    state.players[1].hand = []
    state.players[2].hand = [3]
    resolve(state, "Confidence Failure", DISCARDED, answers=[card(2), card(3)])
    assert [p.hand for p in state.players] == [[1], [], []]


def test_other_persuasive_methods_swaps_hands_even_an_empty_one() -> None:
    state = empty_state()
    state.players[0].hand = [1, 2]
    state.players[2].hand = []
    resolve(state, "Other Persuasive Methods", PURCHASED, player=0, answers=[PlayerId(2)])
    assert state.players[0].hand == [] and state.players[2].hand == [1, 2]


def test_pashtunwali_values_chooses_the_suit_and_freezes_it() -> None:
    state = empty_state()
    resolve(state, "Pashtunwali Values", PURCHASED, player=0, answers=[Suit.ECONOMIC])
    assert state.favored is Suit.ECONOMIC
    resolve(state, "Military", DISCARDED)  # skipped while Pashtunwali Values is in effect
    assert state.favored is Suit.ECONOMIC
    favoring = court_card(lambda c: any(i.name == "FAVOR_MILITARY" for i in c.impact) and not c.patriot)
    state.players[1].hand = [favoring.number]
    drive(rules.play(state, 1, favoring.number, False), [], then_first=True)
    assert state.favored is Suit.ECONOMIC  # favored-suit icons are ignored too


def test_rebuke_clears_one_region_of_tribes_and_armies() -> None:
    state = empty_state()
    state.tribes[Region.KANDAHAR][1] = 1
    state.players[1].cylinders = 9
    state.armies[Region.KANDAHAR][Coalition.BRITISH] = 2
    resolve(state, "Rebuke", PURCHASED, player=0, answers=[Region.KANDAHAR])
    assert state.tribes[Region.KANDAHAR][1] == 0 and state.armies[Region.KANDAHAR][Coalition.BRITISH] == 0


# The continuous sides are lasting effects of the card language (`until next_dominance_check`),
# ended by the rules telling the check, not by the event's name or zone.
CONTINUOUS = (
    "New Tactics",
    "Embarrassment of Riches",
    "Koh-i-noor Recovered",
    "Disregard for Customs",
    "Courtly Manners",
    "Rumor",
    "Conflict Fatigue",
    "Nationalism",
    "Nation Building",
    "Pashtunwali Values",
)


def test_every_continuous_side_lasts_until_the_next_dominance_check_and_says_so() -> None:
    for name in CONTINUOUS:
        printed = side(name)
        face = next(s for s in printed.sides if s.name == name)
        assert not any(a.modifiers for a in face.abilities), name  # no `while in play`
        assert "until the next Dominance Check" in face.ability_text, name
        state = empty_state()
        how = face.resolved_when
        assert how is not None
        chooses = name in ("Rumor", "Pashtunwali Values")  # a player named, a suit chosen: the first
        drive(rules.resolve_event(state, printed.number, how, 1), [], then_first=chooses)
        assert [(e.card, e.owner, e.until) for e in state.lasting] == [
            (printed.number, 1, "next_dominance_check")
        ]
        # Its card stays out while the effect lasts: before its buyer, or for everybody.
        if how is PURCHASED:
            assert state.players[1].events == [(printed.number, printed.sides.index(face))]
        else:
            assert [n for n, _, _ in state.global_events] == [printed.number]
        drive(rules.take_turn(state, 1), [lambda option: isinstance(option, rules.EndTurn)], then_first=True)
        assert state.lasting, name  # a turn's end leaves it
        drive(scoring.resolve_check(state), [])
        assert state.lasting == [] and printed.number in state.discard, name


def test_conflict_fatigue_ends_with_the_check_that_it_lasted_through() -> None:
    # Bought before a check, it counts in that check (a 2-block lead suffices), then ends. Two
    # players share the points, so that the check does not end the game.
    state = empty_state(3, (Coalition.BRITISH, Coalition.BRITISH, Coalition.AFGHAN))
    resolve(state, "Conflict Fatigue", PURCHASED, player=0)
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    assert scoring.dominant_coalition(state) is Coalition.BRITISH
    drive(scoring.resolve_check(state), [])
    assert not state.over and state.lasting == []
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    assert scoring.dominant_coalition(state) is None  # 4 blocks of lead needed again
