"""Wakhan's 24 AI cards (cards/pamir/wakhan/ai_cards.pax), as compiled: their shape, their
counts and a few cards in full, as transcribed from the card reference
(shared/reference/pamir/wakhan_cards.tsv), so a typo in the card file shows up here. When the
reference itself is at hand beside the repository, every value is compared with it as well."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from paxc.generated.pamir import CARDS, CARDS_BY_NUMBER
from paxc.generated.pamir.vocabulary import (
    AiAction,
    AiCondition,
    AiSlot,
    AiTarget,
    Card,
    CardType,
    Coalition,
    Region,
)
from paxc.runtime.core.rng import Rng
from paxc.runtime.pamir.rules import build_deck

WAKHAN = [card for card in CARDS if card.card_type is CardType.WAKHAN]
REPO = Path(__file__).resolve().parents[2]


def ai_card(n: int) -> Card:
    """Wakhan's AI card n (1-24), numbered 200 + n."""
    return CARDS_BY_NUMBER[200 + n]


def slots(card: Card) -> list[tuple[AiAction | None, AiCondition | None, AiTarget | None]]:
    return [
        (card.action_1, card.condition_1, card.target_1),
        (card.action_2, card.condition_2, card.target_2),
        (card.action_3, card.condition_3, card.target_3),
    ]


def test_twenty_four_cards_numbered_201_to_224_apart_from_the_game_cards() -> None:
    assert sorted(card.number for card in WAKHAN) == list(range(201, 225))
    others = [card.number for card in CARDS if card.card_type is not CardType.WAKHAN]
    assert max(others) < 201
    assert [card.name for card in sorted(WAKHAN, key=lambda c: c.number)] == [
        f"Wakhan AI card {n}" for n in range(1, 25)
    ]
    assert all(card.provenance.value == "printed" for card in WAKHAN)


def test_every_front_and_back_is_well_formed() -> None:
    for card in WAKHAN:
        assert sorted(card.pragmatic_loyalty) == sorted(Coalition), card.name
        assert sorted(card.region_priority) == sorted(Region), card.name
        assert card.red_arrow_slot in (1, 2), card.name
        assert card.black_arrow_slot in range(1, 7), card.name
        # Every back lists the six market columns once each, counting up around from its first.
        first = card.back_column_numbers[0]
        assert card.back_column_numbers == tuple((first + i) % 6 for i in range(6)), card.name
        assert sorted(card.back_red_slots) == sorted(AiSlot), card.name
        # The bottom action is always the plain radicalize; a condition only ever guards a
        # radicalize; a target names a market card for radicalize, a court card for battle.
        assert slots(card)[2] == (AiAction.RADICALIZE, None, None), card.name
        for action, condition, target in slots(card)[:2]:
            assert condition is None or action is AiAction.RADICALIZE, card.name
            if target is AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE:
                assert action is AiAction.BATTLE, card.name
            elif target is not None:
                assert action is AiAction.RADICALIZE, card.name


def test_counts_of_the_reference() -> None:
    top_two = [slot for card in WAKHAN for slot in slots(card)[:2]]
    assert Counter(action for action, _, _ in top_two) == {
        AiAction.RADICALIZE: 21,
        AiAction.BATTLE: 7,
        AiAction.MOVE: 6,
        AiAction.TAX: 5,
        AiAction.BUILD: 5,
        AiAction.BETRAY: 4,
    }
    assert Counter(condition for _, condition, _ in top_two if condition) == {
        AiCondition.NO_COALITION_IS_DOMINANT: 4,
        AiCondition.MILITARY_IS_FAVORED: 3,
        AiCondition.SHE_HAS_FEWER_THAN_2_RUPEES: 2,
        AiCondition.POLITICAL_IS_FAVORED: 1,
        AiCondition.NO_MOVE_ACTION_IN_HER_COURT: 1,
        AiCondition.A_COALITION_IS_DOMINANT: 1,
        AiCondition.HER_COURT_IS_AT_ITS_LIMIT: 1,
        AiCondition.A_PLAYER_HAS_MORE_SPIES: 1,
    }
    targets = Counter(target for _, _, target in top_two if target)
    assert targets[AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE] == 4
    assert targets[AiTarget.CARD_WITH_MOST_SPY_AND_TRIBE_ICONS] == 4
    assert sum(targets.values()) == 25
    assert Counter(card.pragmatic_loyalty[0] for card in WAKHAN) == {c: 8 for c in Coalition}
    assert Counter(card.region_priority[0] for card in WAKHAN) == {r: 4 for r in Region}
    assert Counter(card.red_arrow_slot for card in WAKHAN) == {1: 11, 2: 13}
    assert Counter(card.black_arrow_slot for card in WAKHAN) == {n: 4 for n in range(1, 7)}
    assert Counter(card.back_red_slots for card in WAKHAN) == {
        (AiSlot.TOP, AiSlot.BOTTOM): 12,
        (AiSlot.BOTTOM, AiSlot.TOP): 12,
    }


def test_spot_checks() -> None:
    first = ai_card(1)
    assert slots(first) == [
        (AiAction.TAX, None, None),
        (AiAction.RADICALIZE, AiCondition.MILITARY_IS_FAVORED, AiTarget.HIGHEST_RANKED_MILITARY_CARD),
        (AiAction.RADICALIZE, None, None),
    ]
    assert first.pragmatic_loyalty == (Coalition.RUSSIAN, Coalition.AFGHAN, Coalition.BRITISH)
    assert first.region_priority == (
        Region.TRANSCASPIA,
        Region.KABUL,
        Region.KANDAHAR,
        Region.PERSIA,
        Region.HERAT,
        Region.PUNJAB,
    )
    assert (first.red_arrow_slot, first.black_arrow_slot) == (2, 3)
    assert first.back_column_numbers == (3, 4, 5, 0, 1, 2)
    assert first.back_red_slots == (AiSlot.TOP, AiSlot.BOTTOM)
    fourteenth = ai_card(14)
    assert slots(fourteenth)[:2] == [
        (AiAction.BATTLE, None, AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE),
        (AiAction.BATTLE, None, None),
    ]
    assert (fourteenth.red_arrow_slot, fourteenth.black_arrow_slot) == (1, 4)
    assert fourteenth.back_column_numbers == (2, 3, 4, 5, 0, 1)
    seventeenth = ai_card(17)
    assert slots(seventeenth)[:2] == [
        (AiAction.RADICALIZE, AiCondition.HER_COURT_IS_AT_ITS_LIMIT, AiTarget.HIGHEST_RANKED_POLITICAL_CARD),
        (AiAction.TAX, None, None),
    ]
    assert seventeenth.back_red_slots == (AiSlot.BOTTOM, AiSlot.TOP)
    assert ai_card(3).back_column_numbers == (2, 3, 4, 5, 0, 1)


def test_doubtful_values_keep_the_reference_choice_and_say_so() -> None:
    noted = {card.number - 200 for card in WAKHAN if card.note}
    assert noted == {3, 7, 9, 14, 16, 18}
    assert all("we keep the reference's choice" in (card.note or "") for card in WAKHAN if card.note)
    assert "7 (#207)" in ai_card(9).note and "9 (#209)" in ai_card(7).note
    assert "18 (#218)" in ai_card(16).note and "16 (#216)" in ai_card(18).note
    assert "black arrow" in ai_card(14).note
    assert "2, 3, 4, 5, 1, 1" in ai_card(3).note
    # The kept backs: 7 and 9 differ, as do 16 and 18 (a swap would show here).
    assert ai_card(7).back_column_numbers == (1, 2, 3, 4, 5, 0)
    assert ai_card(9).back_column_numbers == (0, 1, 2, 3, 4, 5)
    assert ai_card(16).back_column_numbers == (0, 1, 2, 3, 4, 5)
    assert ai_card(18).back_column_numbers == (2, 3, 4, 5, 0, 1)


# ---------------------------------------------------------------- against the reference itself

_CONDITIONS = {
    "military_favored": AiCondition.MILITARY_IS_FAVORED,
    "political_favored": AiCondition.POLITICAL_IS_FAVORED,
    "rupees_lt_2": AiCondition.SHE_HAS_FEWER_THAN_2_RUPEES,
    "no_dominant_coalition": AiCondition.NO_COALITION_IS_DOMINANT,
    "dominant_coalition": AiCondition.A_COALITION_IS_DOMINANT,
    "no_move_card": AiCondition.NO_MOVE_ACTION_IN_HER_COURT,
    "court_at_limit": AiCondition.HER_COURT_IS_AT_ITS_LIMIT,
    "fewer_spies_than_a_player": AiCondition.A_PLAYER_HAS_MORE_SPIES,
}
_TARGETS = {
    "highest_rank_economic": AiTarget.HIGHEST_RANKED_ECONOMIC_CARD,
    "highest_rank_intelligence": AiTarget.HIGHEST_RANKED_INTELLIGENCE_CARD,
    "highest_rank_military": AiTarget.HIGHEST_RANKED_MILITARY_CARD,
    "highest_rank_political": AiTarget.HIGHEST_RANKED_POLITICAL_CARD,
    "any_intelligence": AiTarget.ANY_INTELLIGENCE_CARD,
    "most_net_rupees": AiTarget.CARD_NETTING_MOST_RUPEES,
    "card_gaining_region_control": AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION,
    "most_armies_and_roads": AiTarget.CARD_WITH_MOST_ARMY_AND_ROAD_ICONS,
    "most_spies_and_tribes": AiTarget.CARD_WITH_MOST_SPY_AND_TRIBE_ICONS,
    "card_with_move": AiTarget.CARD_WITH_MOVE_ACTION,
    "matching_patriot": AiTarget.PATRIOT_OF_DOMINANT_COALITION,
    "court_card_with_most_spies_where_wakhan_has_spy": AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE,
}
_SLOTS = {"top_left": AiSlot.TOP, "bottom_right": AiSlot.BOTTOM}


def _reference() -> Path | None:
    """The reference table, if a `shared/reference` folder sits beside or above the repository."""
    for folder in (REPO, *REPO.parents):
        table = folder / "shared" / "reference" / "pamir" / "wakhan_cards.tsv"
        if table.is_file():
            return table
    return None


def _action(cell: str) -> tuple[AiAction, AiCondition | None, AiTarget | None]:
    """One of the reference's action ids: `tax`, `radicalize:TARGET`, `radicalize_if_COND:TARGET`."""
    head, _, target = cell.partition(":")
    condition = None
    if head.startswith("radicalize_if_"):
        condition = _CONDITIONS[head.removeprefix("radicalize_if_")]
        head = "radicalize"
    return AiAction(head), condition, _TARGETS[target] if target else None


def test_every_value_matches_the_reference_table() -> None:
    table = _reference()
    if table is None:
        pytest.skip("the card reference (shared/reference/pamir) is not beside this repository")
    with table.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert len(rows) == len(WAKHAN) == 24
    for row in rows:
        card = ai_card(int(row["wakhan_card"]))
        assert slots(card) == [_action(row[f"front_action_{i}"]) for i in (1, 2, 3)], card.name
        assert card.pragmatic_loyalty == tuple(
            Coalition(c) for c in row["front_pragmatic_loyalty"].split(",")
        ), card.name
        assert card.region_priority == tuple(Region(r) for r in row["front_region_priority"].split(",")), (
            card.name
        )
        # The reference counts slots from 0, the card file from 1.
        assert card.red_arrow_slot == int(row["front_red_arrow_slot"]) + 1, card.name
        assert card.black_arrow_slot == int(row["front_black_arrow_slot"]) + 1, card.name
        assert card.back_column_numbers == tuple(int(n) for n in row["back_column_numbers"].split(",")), (
            card.name
        )
        assert card.back_red_slots == tuple(_SLOTS[s] for s in row["back_red_slots"].split(",")), card.name


def test_the_market_deck_never_holds_an_ai_card() -> None:
    # Six piles of 5 + players court cards, plus 2 + 4 events and the 4 dominance checks.
    for players in range(2, 6):
        deck = build_deck(Rng(players), players)
        assert len(deck) == 6 * (5 + players) + 10
        assert not {card.number for card in WAKHAN} & set(deck)
        assert all(CARDS_BY_NUMBER[n].card_type is not CardType.WAKHAN for n in deck)
