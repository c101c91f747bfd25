"""The 100 Pax Pamir court cards, as compiled, against the counts of the card reference
(shared/reference/pamir/README.md, "Counts"), so a typo in a card file shows up here."""

from __future__ import annotations

from collections import Counter

from paxc.generated.pamir import CARDS, CARDS_BY_NUMBER
from paxc.generated.pamir.vocabulary import Action, CardType, Coalition, Impact, Region, Suit

COURT = [card for card in CARDS if card.card_type is CardType.COURT]


def test_one_hundred_court_cards_numbered_1_to_100() -> None:
    assert sorted(card.number for card in COURT) == list(range(1, 101))


def test_regions_suits_and_ranks() -> None:
    assert Counter(card.region for card in COURT) == {
        Region.PUNJAB: 21,
        Region.KABUL: 17,
        Region.PERSIA: 17,
        Region.TRANSCASPIA: 16,
        Region.KANDAHAR: 15,
        Region.HERAT: 14,
    }
    assert Counter(card.suit for card in COURT) == {
        Suit.ECONOMIC: 28,
        Suit.INTELLIGENCE: 25,
        Suit.MILITARY: 24,
        Suit.POLITICAL: 23,
    }
    assert Counter(card.rank for card in COURT) == {1: 56, 2: 39, 3: 5}


def test_patriots_prizes_and_leverage() -> None:
    assert Counter(card.patriot for card in COURT if card.patriot) == {
        Coalition.BRITISH: 13,
        Coalition.RUSSIAN: 10,
        Coalition.AFGHAN: 7,
    }
    assert Counter(card.prize for card in COURT if card.prize) == {
        Coalition.AFGHAN: 18,
        Coalition.BRITISH: 17,
        Coalition.RUSSIAN: 17,
    }
    assert sum(Impact.LEVERAGE in card.impact for card in COURT) == 13


def test_favored_suit_icons_and_actions() -> None:
    favors = Counter(icon for card in COURT for icon in card.impact if icon.name.startswith("FAVOR_"))
    assert favors == {
        Impact.FAVOR_POLITICAL: 9,
        Impact.FAVOR_INTELLIGENCE: 9,
        Impact.FAVOR_ECONOMIC: 8,
        Impact.FAVOR_MILITARY: 6,
    }
    actions = Counter(action for card in COURT for action in card.actions)
    assert actions == {
        Action.MOVE: 37,
        Action.BATTLE: 31,
        Action.TAX: 31,
        Action.BUILD: 23,
        Action.GIFT: 22,
        Action.BETRAY: 22,
    }
    assert sum(not card.actions for card in COURT) == 2


def test_spot_checks() -> None:
    mohan_lal = CARDS_BY_NUMBER[1]
    assert (mohan_lal.name, mohan_lal.region, mohan_lal.suit, mohan_lal.rank) == (
        "Mohan Lal",
        Region.KABUL,
        Suit.INTELLIGENCE,
        3,
    )
    assert mohan_lal.impact == (Impact.SPY, Impact.SPY, Impact.SPY)
    jan_fishan = CARDS_BY_NUMBER[2]
    # impact icons keep their printed order, the favored-suit change last
    assert jan_fishan.impact == (Impact.SPY, Impact.SPY, Impact.ARMY, Impact.FAVOR_MILITARY)
    assert CARDS_BY_NUMBER[97].name == "The Ark of Bukhara"
