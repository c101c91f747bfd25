"""Wakhan, the automated opponent, from the rulebook's "Playing with Wakhan" (and the French
summary's errata on ruling): her AI deck, the reading of front and back, pragmatic loyalty,
card priority, her answers to the rules' questions, her two actions and Radicalize."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from paxc.generated.pamir.vocabulary import (
    Action,
    AiAction,
    AiCondition,
    AiSlot,
    AiTarget,
    Card,
    Coalition,
    Impact,
    Region,
    Suit,
)
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Chance
from paxc.runtime.effects import Choice, Decision, PlayerId
from paxc.runtime.pamir import rules, wakhan, wakhan_cards
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import PamirState, WakhanState, border, card
from tests.pamir.scenario import court_card, drive, empty_state, event_card

HUMAN = 0
SEAT = 1  # Wakhan's seat in these scenarios (one human, seat 0)


def with_wakhan(
    front: int = 201, back: int = 202, loyalties: tuple[Coalition, ...] = (Coalition.BRITISH,)
) -> PamirState:
    """A state after setup with an empty market: the humans of these loyalties, then Wakhan, whose
    face-up AI card is `front` and whose AI deck has `back` on top."""
    state = empty_state(players=len(loyalties) + 1, loyalties=loyalties)
    seat = len(loyalties)
    state.players[seat].loyalty = None
    rest = [n for n in wakhan_cards.AI_CARDS if n not in (front, back)]
    state.wakhan = WakhanState(seat, deck=[back, *rest], face_up=[front])
    return state


def put(state: PamirState, row: int, column: int, number: int) -> None:
    state.market[row][column] = number


def reading(state: PamirState) -> wakhan_cards.Reading:
    return wakhan_cards.reading(state)


# ---------------------------------------------------------------------- the AI deck


def test_the_ai_deck_holds_the_24_ai_cards_shuffled() -> None:
    deck = wakhan_cards.new_ai_deck(Rng(3))
    assert sorted(deck) == list(range(201, 225))
    assert deck != sorted(deck)
    assert wakhan_cards.new_ai_deck(Rng(3)) == deck


def test_draw_turns_the_top_card_face_up_and_reads_the_back_of_the_next() -> None:
    state = with_wakhan()
    seat = wakhan_cards.seat_of(state)
    seat.deck, seat.face_up = [205, 209, 213], [201]
    read = wakhan_cards.draw(state)
    assert seat.face_up == [201, 205] and seat.deck == [209, 213]
    assert (read.front.number, read.back.number) == (205, 209)


def test_when_the_draw_empties_the_deck_everything_is_reshuffled_and_drawn_again() -> None:
    state = with_wakhan()
    seat = wakhan_cards.seat_of(state)
    seat.deck = [224]
    seat.face_up = list(range(201, 224))
    read = wakhan_cards.draw(state)
    # The card just drawn went back in with the others: 24 cards, one of them face up again.
    assert len(seat.face_up) == 1 and len(seat.deck) == 23
    assert sorted(seat.face_up + seat.deck) == list(range(201, 225))
    assert read.front.number == seat.face_up[0] and read.back.number == seat.deck[0]


# ---------------------------------------------------------------------- reading front and back


def test_the_arrows_read_the_back_of_the_next_card() -> None:
    # AI card 1: red arrow on slot 2, black arrow on slot 3. Card 2's back: red slots bottom,
    # top; columns 4, 5, 0, 1, 2, 3. Card 9's back: top, bottom; 0 to 5.
    over_2 = reading(with_wakhan(front=201, back=202))
    assert (over_2.red, over_2.column) == (AiSlot.TOP, 0)
    over_9 = reading(with_wakhan(front=201, back=209))
    assert (over_9.red, over_9.column) == (AiSlot.BOTTOM, 2)
    assert over_9.regions[0] is Region.TRANSCASPIA
    assert [s.action for s in over_9.slots] == [AiAction.TAX, AiAction.RADICALIZE, AiAction.RADICALIZE]
    assert over_9.slots[1].condition is AiCondition.MILITARY_IS_FAVORED


def test_pragmatic_loyalty_is_the_leftmost_coalition_no_other_player_shares() -> None:
    def loyalty(*others: Coalition) -> Coalition:
        state = with_wakhan(loyalties=others)
        return wakhan_cards.pragmatic_loyalty(state, reading(state))

    # AI card 1 prefers Russian, Afghan, British.
    assert loyalty(Coalition.BRITISH) is Coalition.RUSSIAN
    assert loyalty(Coalition.RUSSIAN) is Coalition.AFGHAN
    assert loyalty(Coalition.AFGHAN, Coalition.RUSSIAN) is Coalition.BRITISH
    assert loyalty(Coalition.RUSSIAN, Coalition.RUSSIAN) is Coalition.AFGHAN


# ---------------------------------------------------------------------- ruling (errata)


def test_she_rules_with_her_tribes_and_the_largest_single_stack_of_armies() -> None:
    state = with_wakhan()
    state.tribes[Region.KABUL][SEAT] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    # One tribe and two armies of one coalition: 3, more than the other stack of 2.
    assert state.ruler(Region.KABUL) == SEAT
    # A British player with a tribe there counts the same British stack: 3 against 3, no ruler.
    state.tribes[Region.KABUL][HUMAN] = 1
    assert state.ruler(Region.KABUL) is None
    state.tribes[Region.KABUL][HUMAN] = 0
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 3
    assert state.ruler(Region.KABUL) == SEAT  # now the Russian stack counts for her: 4 > 2
    # Whichever coalition's the largest stack is: with the Russian armies gone, the British.
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 0
    assert state.ruler(Region.KABUL) == SEAT  # 1 + 2 British, against no other stack


# ---------------------------------------------------------------------- card priority


def test_card_priority_follows_the_rulebook_list() -> None:
    state = with_wakhan()
    # Two cards of her own and two of her opponent's, none a patriot or leveraged.
    plain = [
        c.number
        for c in (
            court_card(
                lambda c: (
                    c.suit is Suit.ECONOMIC
                    and c.patriot is None
                    and Impact.LEVERAGE not in c.impact
                    and c.rank == 1
                )
            ),
            court_card(
                lambda c: (
                    c.suit is Suit.POLITICAL
                    and c.patriot is None
                    and Impact.LEVERAGE not in c.impact
                    and c.rank == 1
                )
            ),
            court_card(
                lambda c: (
                    c.suit is Suit.MILITARY
                    and c.patriot is None
                    and Impact.LEVERAGE not in c.impact
                    and c.rank == 2
                )
            ),
            court_card(
                lambda c: (
                    c.suit is Suit.ECONOMIC
                    and c.patriot is None
                    and Impact.LEVERAGE not in c.impact
                    and c.rank == 2
                )
            ),
        )
    ]
    own_favored, theirs_favored, theirs_ranked, theirs_plain = plain[1], plain[1], plain[2], plain[0]
    state.players[SEAT].court = [plain[1]]
    state.players[HUMAN].court = [plain[0], plain[2], plain[3]]
    # High: an opponent's card, even of lower rank, before her own card of the favored suit.
    assert wakhan.highest_priority(state, [own_favored, theirs_plain]) == theirs_plain
    # Among opponent's cards: the favored suit (Political at the start), then rank, then number.
    state.players[SEAT].court, state.players[HUMAN].court = [], plain
    assert wakhan.highest_priority(state, plain) == theirs_favored
    assert wakhan.highest_priority(state, [plain[0], plain[2], plain[3]]) == max(theirs_ranked, plain[3])
    # A patriot of the dominant coalition outranks a higher-ranked card.
    patriot = court_card(
        lambda c: c.patriot is Coalition.RUSSIAN and c.suit is not Suit.POLITICAL and c.rank == 1
    ).number
    state.players[HUMAN].court = [plain[2], patriot]
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 4
    assert wakhan.highest_priority(state, [plain[2], patriot]) == patriot
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 0  # no longer dominant: another patriot still beats rank
    assert wakhan.highest_priority(state, [plain[2], patriot]) == patriot
    leveraged = court_card(
        lambda c: (
            Impact.LEVERAGE in c.impact and c.patriot is None and c.suit is not Suit.POLITICAL and c.rank == 1
        )
    ).number
    state.players[HUMAN].court = [plain[2], leveraged, patriot]
    assert wakhan.highest_priority(state, [plain[2], leveraged]) == leveraged
    assert wakhan.highest_priority(state, [leveraged, patriot]) == patriot


# ---------------------------------------------------------------------- her answers


def test_her_answers_to_the_questions_of_the_rules() -> None:
    state = with_wakhan(front=201, back=202, loyalties=(Coalition.BRITISH, Coalition.AFGHAN))
    seat = PlayerId(2)
    assert wakhan.answer(state, Choice(seat, "may?", (True, False))) is True
    assert wakhan.answer(state, Choice(seat, "bribe?", (Rupees(2), Rupees(1), Rupees(0)))) == Rupees(2)
    state.favored = Suit.MILITARY
    assert wakhan.answer(state, Choice(seat, "suit?", tuple(Suit))) is Suit.MILITARY
    # AI card 1's region priority starts Transcaspia, Kabul.
    assert wakhan.answer(state, Choice(seat, "region?", (Region.PUNJAB, Region.KABUL))) is Region.KABUL
    # The red arrow points to the top here: the player before her in turn order (seat 1).
    assert wakhan.answer(state, Choice(seat, "player?", (PlayerId(0), PlayerId(1)))) == 1
    state.wakhan = WakhanState(2, deck=[209, 203], face_up=[201])  # red arrow now on the bottom
    assert wakhan.answer(state, Choice(seat, "player?", (PlayerId(0), PlayerId(1)))) == 0


def test_the_session_never_sees_a_question_to_her_seat() -> None:
    state = with_wakhan()

    def run() -> Generator[Any, None, None]:
        yield Chance("a draw")
        to_her = Choice(PlayerId(SEAT), "may?", (True, False))
        yield to_her
        to_human = Choice(PlayerId(HUMAN), "which?", (1, 2))
        yield to_human
        assert to_her.answer is True and to_human.answer == 2

    seen = []
    for step in wakhan.answering(state, run()):
        seen.append(step)
        if isinstance(step, Choice):
            step.answer = 2
    assert [type(s) for s in seen] == [Chance, Choice]
    assert seen[1].chooser == HUMAN


def test_people_take_the_seats_after_hers() -> None:
    """With Wakhan, seat 0 is hers and the one or two people sit after her; without her, the
    people fill every seat."""
    assert rules.people_seats({"wakhan": True}) == (1,)
    assert rules.people_seats({"wakhan": True, "players": 2}) == (1, 2)
    assert rules.people_seats({"players": 3}) == (0, 1, 2)


# ---------------------------------------------------------------------- two actions


def _scripted(
    valid: dict[int, bool], state: PamirState, taken: list[int], bonus: frozenset[int] = frozenset()
) -> wakhan.Attempt:
    def attempt(slot: wakhan_cards.ActionSlot) -> Generator[Decision, None, wakhan.Deed | None]:
        yield from ()
        if not valid[slot.position]:
            return None
        taken.append(slot.position)
        if slot.position not in bonus:
            state.turn.actions_taken += 1
        return lambda: f"takes action {slot.position}"

    return attempt


def test_two_actions_top_to_bottom_skipping_those_she_cannot_take() -> None:
    state = with_wakhan()
    taken: list[int] = []
    drive(
        wakhan.take_actions(state, reading(state), _scripted({1: True, 2: False, 3: True}, state, taken)), []
    )
    assert taken == [1, 3]


def test_after_the_bottom_action_she_starts_again_at_the_top() -> None:
    state = with_wakhan()
    taken: list[int] = []
    drive(
        wakhan.take_actions(state, reading(state), _scripted({1: False, 2: False, 3: True}, state, taken)), []
    )
    assert taken == [3, 3]
    state = with_wakhan()
    taken = []
    drive(
        wakhan.take_actions(state, reading(state), _scripted({1: False, 2: True, 3: True}, state, taken)), []
    )
    assert taken == [2, 3]


def test_a_bonus_action_does_not_count_and_nothing_valid_ends_her_actions() -> None:
    state = with_wakhan()
    taken: list[int] = []
    drive(
        wakhan.take_actions(
            state, reading(state), _scripted({1: True, 2: True, 3: True}, state, taken, frozenset({1}))
        ),
        [],
    )
    assert taken == [1, 2, 3]
    state = with_wakhan()
    taken = []
    drive(
        wakhan.take_actions(state, reading(state), _scripted({1: False, 2: False, 3: False}, state, taken)),
        [],
    )
    assert taken == [] and state.turn.actions_taken == 0


# ---------------------------------------------------------------------- radicalize: which card


def plain_cards(count: int) -> list[int]:
    """Court cards without impact icons that need a decision or abilities, for market filler."""
    found = [
        c.number
        for c in _court()
        if not c.abilities and c.patriot is None and set(c.impact) <= {Impact.TRIBE, Impact.LEVERAGE}
    ]
    return found[:count]


def _court() -> list[Card]:
    from paxc.generated.pamir import CARDS
    from paxc.generated.pamir.vocabulary import CardType

    return [c for c in CARDS if c.card_type is CardType.COURT]


def test_by_the_arrows_then_leftwards_then_the_other_row() -> None:
    # AI card 3 over card 9: the red arrow on the bottom row, the black arrow on column 3.
    state = with_wakhan(front=203, back=209)
    read = reading(state)
    assert (read.red, read.column) == (AiSlot.BOTTOM, 3)
    a, b, c, d = plain_cards(4)
    put(state, 1, 3, a)
    put(state, 1, 1, b)
    put(state, 0, 3, c)
    put(state, 0, 5, d)
    state.players[SEAT].rupees = 4
    assert wakhan.card_by_arrows(state, read) == (1, 3)
    state.players[SEAT].rupees = 2  # column 3 costs 3: the next card to its left she can buy
    assert wakhan.card_by_arrows(state, read) == (1, 1)
    state.turn.paid_onto.add(b)  # nor one she paid a rupee onto this turn
    assert wakhan.card_by_arrows(state, read) is None  # (0, 3) costs 3 too
    state.players[SEAT].rupees = 3  # the bottom row spent: the top row from column 3, never column 5
    state.turn.paid_onto.add(a)
    assert wakhan.card_by_arrows(state, read) == (0, 3)


def test_the_arrows_never_pick_a_dominance_check() -> None:
    state = with_wakhan(front=203, back=209)
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    (filler,) = plain_cards(1)
    put(state, 1, 3, check)
    put(state, 1, 2, filler)
    assert wakhan.card_by_arrows(state, reading(state)) == (1, 2)


def test_instructions_pick_the_named_card_cheapest_then_highest_number() -> None:
    state = with_wakhan()
    military = sorted((c for c in _court() if c.suit is Suit.MILITARY), key=lambda c: c.number)
    rank1 = [c.number for c in military if c.rank == 1]
    rank2 = [c.number for c in military if c.rank == 2]
    put(state, 0, 0, rank1[0])
    put(state, 0, 4, rank2[0])
    put(state, 1, 4, rank2[1])
    state.players[SEAT].rupees = 10
    read = reading(state)
    # The highest rank first; between the two rank-2 cards at the same cost, the higher number.
    assert wakhan.instructed_card(state, read, AiTarget.HIGHEST_RANKED_MILITARY_CARD) == (1, 4)
    put(state, 1, 4, None)  # type: ignore[arg-type]
    put(state, 1, 2, rank2[1])
    assert wakhan.instructed_card(state, read, AiTarget.HIGHEST_RANKED_MILITARY_CARD) == (1, 2)  # cheaper
    assert wakhan.instructed_card(state, read, AiTarget.HIGHEST_RANKED_ECONOMIC_CARD) is None


def test_conditions_guard_their_radicalize() -> None:
    # AI card 1, action 2: radicalize the highest ranked Military card if Military is favored.
    state = with_wakhan()
    military = next(c.number for c in _court() if c.suit is Suit.MILITARY and not c.abilities)
    put(state, 0, 0, military)
    slot = reading(state).slots[1]
    assert drive(wakhan.attempt_radicalize(state, reading(state), slot), [], then_first=True) == []
    assert state.market[0][0] == military and state.turn.actions_taken == 0
    state.favored = Suit.MILITARY
    drive(wakhan.attempt_radicalize(state, reading(state), slot), [], then_first=True)
    assert state.market[0][0] is None and state.turn.actions_taken == 1


def test_fewer_than_two_rupees_means_one_or_none() -> None:
    """AI card 4, action 1: radicalize the card netting the most rupees if she has fewer than 2.
    With exactly 2 she skips it; with 1 she takes the free card holding 2 rupees."""
    state = with_wakhan(front=204)
    plain = next(c.number for c in _court() if not c.abilities and Impact.LEVERAGE not in c.impact)
    put(state, 0, 0, plain)
    state.market_rupees[0][0] = 2
    slot = reading(state).slots[0]
    assert slot.condition is AiCondition.SHE_HAS_FEWER_THAN_2_RUPEES
    state.players[SEAT].rupees = 2
    assert drive(wakhan.attempt_radicalize(state, reading(state), slot), [], then_first=True) == []
    assert state.market[0][0] == plain and state.turn.actions_taken == 0
    state.players[SEAT].rupees = 1
    drive(wakhan.attempt_radicalize(state, reading(state), slot), [], then_first=True)
    assert state.market[0][0] is None and state.turn.actions_taken == 1
    assert state.players[SEAT].rupees == 3


def test_with_a_dominance_check_in_the_market() -> None:
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    put(state, 0, 5, check)
    spies_and_tribes = max(
        (c for c in _court() if not c.abilities),
        key=lambda c: sum(i in (Impact.SPY, Impact.TRIBE) for i in c.impact),
    )
    patriot = next(c for c in _court() if c.patriot is Coalition.BRITISH and not c.abilities)
    put(state, 0, 1, spies_and_tribes.number)
    put(state, 0, 2, patriot.number)
    state.players[SEAT].rupees = 10
    # No coalition dominant: the card with most spy and tribe icons.
    assert wakhan.card_while_check_in_market(state) == (0, 1)
    state.armies[Region.PUNJAB][Coalition.BRITISH] = 4  # British dominant: its cheapest patriot
    assert wakhan.card_while_check_in_market(state) == (0, 2)


def test_the_card_that_makes_her_ruler_of_its_region() -> None:
    state = with_wakhan()
    tribe_card = next(c for c in _court() if Impact.TRIBE in c.impact and not c.abilities)
    region = tribe_card.region
    assert region is not None
    put(state, 0, 1, tribe_card.number)
    state.players[SEAT].rupees = 5
    read = reading(state)
    assert wakhan.instructed_card(state, read, AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION) == (0, 1)
    state.tribes[region][HUMAN] = 3  # the human's three tribes outnumber what the card brings
    assert wakhan.instructed_card(state, read, AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION) is None


# ---------------------------------------------------------------------- radicalize: buy and play


def test_she_buys_and_plays_at_once_on_the_side_of_the_red_arrow() -> None:
    state = with_wakhan(front=203, back=209)  # red arrow: bottom, so the right of her court
    a, b = plain_cards(2)
    state.players[SEAT].court = [a]
    put(state, 1, 3, b)
    state.players[SEAT].rupees = 4
    drive(wakhan.radicalize(state, reading(state), None), [])
    me = state.players[SEAT]
    assert me.court == [a, b] and me.hand == []
    assert me.rupees == 4 - 3 + (2 if Impact.LEVERAGE in card(b).impact else 0)
    assert state.market_rupees[1][:3] == [1, 1, 1]
    assert state.turn.actions_taken == 1
    top = with_wakhan(front=201, back=202)  # red arrow: top, so the left
    top.players[SEAT].court = [a]
    put(top, 0, 0, b)
    drive(wakhan.radicalize(top, reading(top), None), [])
    assert top.players[SEAT].court == [b, a]


def test_she_discards_the_card_when_she_cannot_pay_the_bribe() -> None:
    state = with_wakhan(front=203, back=209)
    (number,) = plain_cards(1)
    region = card(number).region
    assert region is not None
    state.tribes[region][HUMAN] = 2  # the human rules the card's region: a bribe of 2
    put(state, 1, 0, number)
    state.players[SEAT].rupees = 1
    asked = drive(wakhan.radicalize(state, reading(state), None), [Rupees(2)])
    assert asked[0].chooser == HUMAN
    assert number in state.discard and number not in state.players[SEAT].court
    state = with_wakhan(front=203, back=209)
    state.tribes[region][HUMAN] = 2
    put(state, 1, 0, number)
    state.players[SEAT].rupees = 2
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [Rupees(2)])
    assert state.players[SEAT].court == [number] and state.players[HUMAN].rupees == 4 + 2


def test_her_armies_roads_and_spies_on_play() -> None:
    # A card with an army, a road and spies, played by her with AI card 1 (pragmatic loyalty
    # Russian for a British opponent; regions Transcaspia, Kabul, Kandahar, Persia, Herat, Punjab).
    printed = next(
        c
        for c in _court()
        if Impact.ROAD in c.impact
        and Impact.ARMY in c.impact
        and c.region is Region.KABUL
        and not c.abilities
    )
    state = with_wakhan(front=201, back=202)
    put(state, 0, 0, printed.number)
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [], then_first=True)
    armies = printed.impact.count(Impact.ARMY)
    roads = printed.impact.count(Impact.ROAD)
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == armies
    assert state.armies[Region.KABUL][Coalition.BRITISH] == 0
    # Roads on Kabul's borders in the region priority: Transcaspia first, then Kandahar, ...
    expected = [border(Region.KABUL, Region.TRANSCASPIA), border(Region.KABUL, Region.KANDAHAR)][:roads]
    for where in expected:
        assert state.roads[where][Coalition.RUSSIAN] == 1
    assert state.players[SEAT].loyalty is None


def test_her_spies_go_where_she_does_not_have_the_most() -> None:
    state = with_wakhan(front=201, back=202)
    kabul = [c.number for c in _court() if c.region is Region.KABUL and not c.abilities]
    spy_card = next(
        n
        for n in kabul
        if card(n).impact.count(Impact.SPY) == 1
        and Impact.ARMY not in card(n).impact
        and Impact.ROAD not in card(n).impact
    )
    others = [n for n in kabul if n != spy_card][:2]
    state.players[HUMAN].court = others
    # The human's card of highest priority already holds more of her spies than of anyone's.
    best = wakhan.highest_priority(state, others)
    assert best is not None
    state.spies_on(best)[SEAT] = 1
    state.players[SEAT].cylinders -= 1
    put(state, 0, 0, spy_card)
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [], then_first=True)
    second = next(n for n in others if n != best)
    assert state.spies_on(second)[SEAT] == 1 and state.spies_on(best)[SEAT] == 1


def test_a_patriot_never_changes_her_loyalty() -> None:
    state = with_wakhan(front=201, back=202)
    patriot = next(c for c in _court() if c.patriot is Coalition.AFGHAN and not c.abilities)
    put(state, 0, 0, patriot.number)
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [], then_first=True)
    assert patriot.number in state.players[SEAT].court and state.players[SEAT].loyalty is None


def test_a_move_action_in_her_court_and_other_conditions() -> None:
    state = with_wakhan()
    assert wakhan.holds(state, AiCondition.NO_MOVE_ACTION_IN_HER_COURT)
    mover = next(c.number for c in _court() if Action.MOVE in c.actions)
    state.players[SEAT].court = [mover]
    assert not wakhan.holds(state, AiCondition.NO_MOVE_ACTION_IN_HER_COURT)
    state.players[SEAT].rupees = 1
    assert wakhan.holds(state, AiCondition.SHE_HAS_FEWER_THAN_2_RUPEES)
    assert not wakhan.holds(state, AiCondition.A_PLAYER_HAS_MORE_SPIES)
    state.players[HUMAN].court = [mover]
    state.spies_on(mover)[HUMAN] = 1
    assert wakhan.holds(state, AiCondition.A_PLAYER_HAS_MORE_SPIES)
    assert wakhan.holds(state, AiCondition.NO_COALITION_IS_DOMINANT)
    state.armies[Region.HERAT][Coalition.AFGHAN] = 4
    assert wakhan.holds(state, AiCondition.A_COALITION_IS_DOMINANT)


def test_the_dominant_coalition_in_card_priority() -> None:
    state = with_wakhan()
    russian, british, russian_prize = 87, 32, 60
    assert (card(russian).patriot, card(russian).rank) == (Coalition.RUSSIAN, 1)
    assert (card(british).patriot, card(british).prize, card(british).rank) == (
        Coalition.BRITISH,
        Coalition.AFGHAN,
        3,
    )
    assert (card(russian_prize).patriot, card(russian_prize).prize) == (None, Coalition.RUSSIAN)
    assert not {card(n).suit for n in (russian, british, russian_prize)} & {Suit.POLITICAL}
    state.players[HUMAN].court = [russian, british, russian_prize]
    # No coalition dominant: two patriots, the higher rank first; any patriot before a prize.
    assert wakhan.highest_priority(state, [russian, british]) == british
    assert wakhan.highest_priority(state, [russian_prize, british]) == british
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 4  # Russian dominant
    assert wakhan.highest_priority(state, [russian, british]) == russian
    assert wakhan.highest_priority(state, [russian_prize, british]) == russian_prize


def test_the_card_netting_most_rupees() -> None:
    state = with_wakhan()
    plain = [
        c.number
        for c in _court()
        if not c.abilities and Impact.LEVERAGE not in c.impact and c.patriot is None
    ]
    leveraged = next(c.number for c in _court() if Impact.LEVERAGE in c.impact and not c.abilities)
    put(state, 0, 0, plain[0])  # free, nothing on it: nets 0
    put(state, 0, 2, plain[1])  # costs 2, holds 3 rupees: nets 1
    state.market_rupees[0][2] = 3
    state.players[SEAT].rupees = 1
    read = reading(state)
    assert wakhan.instructed_card(state, read, AiTarget.CARD_NETTING_MOST_RUPEES) is None  # cannot pay 2
    state.players[SEAT].rupees = 2
    assert wakhan.instructed_card(state, read, AiTarget.CARD_NETTING_MOST_RUPEES) == (0, 2)
    put(state, 1, 1, leveraged)  # costs 1, leverage brings 2: nets 1 too, and is cheaper
    assert wakhan.instructed_card(state, read, AiTarget.CARD_NETTING_MOST_RUPEES) == (1, 1)
    state.market_rupees[0][2] = 0  # nets -2 now; the leveraged card still nets 1
    put(state, 1, 1, None)  # type: ignore[arg-type]
    assert wakhan.instructed_card(state, read, AiTarget.CARD_NETTING_MOST_RUPEES) is None  # 0 at most


# ---------------------------------------------------------------------- variants


def test_steadfast_loyalty_variant_takes_the_free_coalition_with_most_blocks() -> None:
    state = with_wakhan(loyalties=(Coalition.BRITISH,))  # AI card 1: Russian, Afghan, British
    state.armies[Region.KABUL][Coalition.AFGHAN] = 3
    state.armies[Region.HERAT][Coalition.RUSSIAN] = 1
    assert wakhan_cards.pragmatic_loyalty(state, reading(state)) is Coalition.RUSSIAN
    wakhan_cards.seat_of(state).steadfast_loyalty = True
    assert wakhan_cards.pragmatic_loyalty(state, reading(state)) is Coalition.AFGHAN
    state.armies[Region.KABUL][Coalition.BRITISH] = 9  # the human's coalition is never hers
    assert wakhan_cards.pragmatic_loyalty(state, reading(state)) is Coalition.AFGHAN
    state.armies[Region.KABUL][Coalition.AFGHAN] = 1  # a tie: the AI card's order
    assert wakhan_cards.pragmatic_loyalty(state, reading(state)) is Coalition.RUSSIAN


def test_savvy_purchasing_variant_buys_a_cheaper_card_of_the_suit_and_rank() -> None:
    state = with_wakhan(front=203, back=209)  # the arrows: bottom row, column 3
    chosen = court_card(lambda c: c.suit is Suit.MILITARY and c.rank == 2 and not c.abilities)
    cheaper = court_card(lambda c: c.suit is Suit.MILITARY and c.rank == 2 and c.number != chosen.number)
    lower = court_card(lambda c: c.suit is Suit.MILITARY and c.rank == 1)
    put(state, 1, 3, chosen.number)
    put(state, 0, 0, lower.number)
    state.players[SEAT].rupees = 5
    assert wakhan.card_by_arrows(state, reading(state)) == (1, 3)
    wakhan_cards.seat_of(state).savvy_purchasing = True
    assert wakhan.card_by_arrows(state, reading(state)) == (1, 3)  # a lower rank will not do
    put(state, 0, 2, cheaper.number)
    assert wakhan.card_by_arrows(state, reading(state)) == (0, 2)


def test_savvy_purchasing_takes_the_cheapest_and_on_a_tie_the_red_arrows_row() -> None:
    """Savvy purchasing: of the cheaper cards of the suit and at least the rank of the card the
    arrows chose, the cheapest; two at the same price, one in each row: the one in the row the red
    arrow points to."""
    military = [c for c in _court() if c.suit is Suit.MILITARY and c.rank == 2 and not c.abilities]
    chosen, upper, lower, dearer = military[:4]
    for front, back, red_row in ((203, 209, 1), (201, 207, 0)):  # bottom, column 3; top, column 3
        state = with_wakhan(front=front, back=back)
        read = reading(state)
        assert read.column == 3 and (read.red is AiSlot.TOP) == (red_row == 0)
        state.players[SEAT].rupees = 9
        put(state, red_row, 3, chosen.number)
        put(state, 0, 1, upper.number)
        put(state, 1, 1, lower.number)
        put(state, 1 - red_row, 2, dearer.number)
        assert wakhan.savvier(state, read, (red_row, 3)) == (red_row, 1)
        state.market[red_row][1] = None  # the other row's card at that price
        assert wakhan.savvier(state, read, (red_row, 3)) == (1 - red_row, 1)


def test_her_roads_follow_the_region_priority_round_the_borders_and_again() -> None:
    """Her roads go on the borders of the card's region in the order of the AI card's region
    priority (the neighbour's place in it), and round again when more remain. AI card 201:
    Transcaspia, Kabul, Kandahar, Persia, Herat, Punjab."""
    read = reading(with_wakhan(front=201, back=202))
    kabul = [wakhan.road_border(read, Region.KABUL, placed) for placed in range(5)]
    assert kabul == [
        border(Region.KABUL, neighbour)
        for neighbour in (
            Region.TRANSCASPIA,
            Region.KANDAHAR,
            Region.HERAT,
            Region.PUNJAB,
            Region.TRANSCASPIA,
        )
    ]
    herat = [wakhan.road_border(read, Region.HERAT, placed) for placed in range(4)]
    assert herat == [
        border(Region.HERAT, neighbour)
        for neighbour in (Region.TRANSCASPIA, Region.KABUL, Region.KANDAHAR, Region.PERSIA)
    ]


def test_the_other_instructions() -> None:
    state = with_wakhan()
    read = reading(state)
    state.players[SEAT].rupees = 9

    def pick(target: AiTarget) -> tuple[int, int] | None:
        return wakhan.instructed_card(state, read, target)

    def icons(c: Card, *kinds: Impact) -> int:
        return sum(i in kinds for i in c.impact)

    courts = _court()
    blocks = max(courts, key=lambda c: icons(c, Impact.ARMY, Impact.ROAD))
    cylinders = max(courts, key=lambda c: icons(c, Impact.SPY, Impact.TRIBE))
    intelligence = next(c for c in courts if c.suit is Suit.INTELLIGENCE and c is not cylinders)
    mover = next(c for c in courts if Action.MOVE in c.actions and c.suit is not Suit.INTELLIGENCE)
    patriot = next(c for c in courts if c.patriot is Coalition.AFGHAN)
    for column, printed in enumerate((blocks, cylinders, intelligence, mover, patriot)):
        put(state, 0, column, printed.number)
    assert pick(AiTarget.CARD_WITH_MOST_ARMY_AND_ROAD_ICONS) == (0, 0)
    assert pick(AiTarget.CARD_WITH_MOST_SPY_AND_TRIBE_ICONS) == (0, 1)
    # Any Intelligence card: the cheapest of them.
    first_intelligence = min(
        c for c, printed in enumerate((blocks, cylinders, intelligence)) if printed.suit is Suit.INTELLIGENCE
    )
    assert pick(AiTarget.ANY_INTELLIGENCE_CARD) == (0, first_intelligence)
    first_mover = min(
        c
        for c, printed in enumerate((blocks, cylinders, intelligence, mover))
        if Action.MOVE in printed.actions
    )
    assert pick(AiTarget.CARD_WITH_MOVE_ACTION) == (0, first_mover)
    assert pick(AiTarget.PATRIOT_OF_DOMINANT_COALITION) is None  # no coalition is dominant
    state.armies[Region.KABUL][Coalition.AFGHAN] = 4
    assert pick(AiTarget.PATRIOT_OF_DOMINANT_COALITION) == (0, 4)


def test_a_person_asked_during_her_action_sees_her_loyal_to_no_coalition() -> None:
    """While one of her actions runs, the shared rules read her pragmatic loyalty as her loyalty;
    a person asked a question then (a hostage bribe, a discard for unpaid leverage) still sees
    Wakhan as she is, loyal to no single coalition: on the board, in observations and saves.
    Games found where she once showed a loyalty to the person asked."""
    from paxc.runtime import games
    from paxc.runtime.core.agents import RandomAgent

    kit = games.find("pamir").load_kit()
    asked: list[str] = []
    for seed, people in ((0, 2), (5, 1), (8, 2), (53, 1)):
        session = kit.new_session({"players": people, "wakhan": True}, seed)
        agent = RandomAgent(seed)
        while not session.is_terminal():
            state = session.state
            assert state.wakhan is not None
            her = state.wakhan.seat
            if state.active == her:
                assert session.pending is not None
                asked.append(session.pending.prompt)
                assert state.players[her].loyalty is None, session.pending.prompt
                seen = session.observation(session.current_player()).public["players"][her]
                assert seen["loyalty"] is None, session.pending.prompt
            session.apply_action(agent.choose(session))
    assert any(prompt.startswith("Bribe owed by") for prompt in asked)
    assert "Leverage unpaid: discard a card" in asked


# ---------------------------------------------------------------------- boundaries (mutation testing)


def _plain(suit: Suit, rank: int, skip: tuple[int, ...] = ()) -> Card:
    """A court card of the suit and rank with no patriot, leverage or ability."""
    return court_card(
        lambda c: (
            c.suit is suit
            and c.rank == rank
            and c.patriot is None
            and Impact.LEVERAGE not in c.impact
            and not c.abilities
            and c.number not in skip
        )
    )


def test_her_discard_order_puts_the_favored_suit_last_and_counts_no_spies_on_a_card_never_spied() -> None:
    """Cleanup, her order: among cards alike so far, the fewest spies first, then the lowest rank,
    then a card not of the favored suit before one of it. A card that has never held a spy has
    none (two players: her and one human)."""
    state = with_wakhan()
    state.favored = Suit.MILITARY
    military, economic = _plain(Suit.MILITARY, 1), _plain(Suit.ECONOMIC, 1)
    state.players[SEAT].court = [military.number, economic.number]
    assert min(state.players[SEAT].court, key=lambda n: wakhan.discard_order(state, n)) == economic.number
    state.favored = Suit.ECONOMIC
    assert min(state.players[SEAT].court, key=lambda n: wakhan.discard_order(state, n)) == military.number
    higher = _plain(Suit.ECONOMIC, 2)
    state.players[SEAT].court = [higher.number, military.number]
    state.spies[higher.number] = [0, 0]  # its spies have gone: as many as on a card never spied
    assert min(state.players[SEAT].court, key=lambda n: wakhan.discard_order(state, n)) == military.number


def test_with_nothing_she_can_buy_no_instruction_and_no_check_rule_names_a_card() -> None:
    state = with_wakhan()
    read = reading(state)
    state.players[SEAT].rupees = 9
    for target in (
        AiTarget.CARD_NETTING_MOST_RUPEES,
        AiTarget.CARD_WITH_MOST_ARMY_AND_ROAD_ICONS,
        AiTarget.CARD_WITH_MOST_SPY_AND_TRIBE_ICONS,
    ):
        assert wakhan.instructed_card(state, read, target) is None
    assert wakhan.card_while_check_in_market(state) is None


def test_the_card_that_makes_her_ruler_adds_its_armies_and_tribes_to_hers() -> None:
    """Her ruling pieces in a region: her tribes and her largest stack of armies (the errata). A
    card's armies (of her pragmatic loyalty) and tribes join those already there: with one tribe
    and one army of hers against a human's tribes one fewer than she would then have, she would
    rule; the card's pieces alone would only tie."""
    printed = court_card(
        lambda c: (
            Impact.ARMY in c.impact and Impact.TRIBE in c.impact and not c.abilities and c.patriot is None
        )
    )
    region = printed.region
    assert region is not None
    state = with_wakhan(front=201, back=202)  # pragmatic loyalty Russian (the human is British)
    read = reading(state)
    armies, tribes = printed.impact.count(Impact.ARMY), printed.impact.count(Impact.TRIBE)
    state.tribes[region][SEAT] = 1
    state.armies[region][Coalition.RUSSIAN] = 1
    state.tribes[region][HUMAN] = 1 + armies + tribes
    put(state, 0, 1, printed.number)
    state.players[SEAT].rupees = 5
    assert wakhan.instructed_card(state, read, AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION) == (0, 1)
    state.tribes[region][HUMAN] += 1  # now only a tie
    assert wakhan.instructed_card(state, read, AiTarget.CARD_MAKING_HER_RULER_OF_ITS_REGION) is None


def test_she_has_the_most_spies_only_with_more_than_each_other_player() -> None:
    state = with_wakhan()
    printed = _plain(Suit.MILITARY, 1)
    state.players[HUMAN].court = [printed.number]
    state.spies[printed.number] = [1, 1]
    assert not wakhan.has_most_spies(state, printed.number)
    state.spies[printed.number] = [1, 2]
    assert wakhan.has_most_spies(state, printed.number)


def test_the_red_arrow_picks_the_player_just_before_or_just_after_her_seat() -> None:
    """Her seat between two humans: the red arrow on top names the player before her in turn
    order, on the bottom the one after her."""
    state = empty_state(players=3, loyalties=(Coalition.BRITISH, Coalition.AFGHAN, Coalition.RUSSIAN))
    state.players[1].loyalty = None
    rest = [n for n in wakhan_cards.AI_CARDS if n not in (201, 202)]
    state.wakhan = WakhanState(1, deck=[202, *rest], face_up=[201])
    assert wakhan.tie_player(state, [0, 2], AiSlot.TOP) == 0
    assert wakhan.tie_player(state, [0, 2], AiSlot.BOTTOM) == 2


def test_a_region_asked_of_her_before_her_first_ai_card_follows_the_board_order() -> None:
    """With an AI card face up, the first region of its priority (203: Punjab first); before her
    first AI card, the regions in the board's order."""
    from paxc.runtime.pamir.state import REGIONS

    state = with_wakhan(front=203, back=209)
    seat = PlayerId(SEAT)
    options = (Region.KABUL, Region.HERAT, Region.PUNJAB)
    assert wakhan.answer(state, Choice(seat, "region?", options)) is Region.PUNJAB
    wakhan_cards.seat_of(state).face_up = []
    first = min(options, key=REGIONS.index)
    assert wakhan.answer(state, Choice(seat, "region?", options)) is first


def test_most_army_and_road_icons_counts_armies_as_well_as_roads() -> None:
    state = with_wakhan()
    read = reading(state)
    state.players[SEAT].rupees = 9
    armies = court_card(lambda c: c.impact.count(Impact.ARMY) >= 2 and Impact.ROAD not in c.impact)
    road = court_card(lambda c: c.impact.count(Impact.ROAD) == 1 and Impact.ARMY not in c.impact)
    put(state, 0, 0, road.number)
    put(state, 0, 1, armies.number)
    assert wakhan.instructed_card(state, read, AiTarget.CARD_WITH_MOST_ARMY_AND_ROAD_ICONS) == (0, 1)


def test_an_event_she_buys_resolves_as_purchased() -> None:
    """Radicalize on an event: bought, it resolves by its purchased side (Koh-i-noor Recovered, kept
    in effect by its buyer until the next check), not its discarded one."""
    riches = event_card(lambda c: any(s.name == "Koh-i-noor Recovered" for s in c.sides))
    state = with_wakhan(front=201, back=202)  # the arrows: top row, column 0
    put(state, 0, 0, riches.number)
    state.players[SEAT].rupees = 5
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [], then_first=True)
    assert [number for number, *_ in state.players[SEAT].events] == [riches.number]


def test_savvy_purchasing_leaves_the_arrows_card_for_one_that_costs_as_much() -> None:
    """Only a card that costs less replaces the arrows' choice. With Persian Influence in her
    court (Persian cards cost its owner nothing), two Persian cards of the same suit and rank
    cost the same, nothing, wherever they lie: she keeps the one the arrows chose."""
    influence = court_card(lambda c: any(a.title == "Persian Influence" for a in c.abilities))
    first, second = [
        c
        for c in _court()
        if c.region is Region.PERSIA and c.suit is Suit.MILITARY and c.rank == 2 and not c.abilities
    ][:2]
    state = with_wakhan(front=201, back=207)  # the arrows: top row, column 3
    state.players[SEAT].court = [influence.number]
    state.players[SEAT].rupees = 9
    put(state, 0, 3, first.number)
    put(state, 0, 1, second.number)
    wakhan_cards.seat_of(state).savvy_purchasing = True
    assert wakhan.card_by_arrows(state, reading(state)) == (0, 3)


def test_her_blocks_run_out_she_takes_back_her_own_older_ones_herself() -> None:
    """Component limits: with no block of the coalition left in the supply, the player placing
    one takes one from anywhere in play (not one placed this turn). Her card's army and road
    (pragmatic loyalty Russian) come from the Russian armies already in Kabul, the question of
    which one answered by her (the first the rules list), not put to anybody else."""
    printed = card(65)  # Minaret of Jam, Herat: a road, then an army
    assert printed.impact == (Impact.ROAD, Impact.ARMY) and not printed.abilities
    state = with_wakhan(front=201, back=202)
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 12  # every Russian block is in play
    put(state, 0, 0, printed.number)
    state.active = SEAT
    drive(wakhan.answering(state, wakhan.radicalize(state, reading(state), None)), [])
    assert state.armies[Region.KABUL][Coalition.RUSSIAN] == 10
    assert state.armies[Region.HERAT][Coalition.RUSSIAN] == 1
    assert state.roads[border(Region.HERAT, Region.TRANSCASPIA)][Coalition.RUSSIAN] == 1


def test_her_answers_when_the_rules_list_options_otherwise() -> None:
    """All of a bribe whatever order the amounts come in; a suit of the options when the favored
    suit is not one of them (the first); a player asked of her before her first AI card: the red
    arrow read as pointing to the top, the player just before her."""
    state = with_wakhan(front=201, back=202, loyalties=(Coalition.BRITISH, Coalition.AFGHAN))
    seat = PlayerId(2)
    amounts = (Rupees(0), Rupees(1), Rupees(2))
    assert wakhan.answer(state, Choice(seat, "bribe?", amounts)) == Rupees(2)
    assert state.favored is Suit.POLITICAL
    suits = (Suit.ECONOMIC, Suit.MILITARY)
    assert wakhan.answer(state, Choice(seat, "suit?", suits)) is Suit.ECONOMIC
    wakhan_cards.seat_of(state).face_up = []
    assert wakhan.answer(state, Choice(seat, "player?", (PlayerId(0), PlayerId(1)))) == 1
