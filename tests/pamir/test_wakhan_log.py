"""What the log tells of Wakhan's turn (the issue's form: "Wakhan taxes Red: AI card 7, first
action"): each action she takes, what it did, with which court card, and why (which AI card and
which of its actions, a bonus action of her court, or her ambition)."""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import Action, Coalition, Region, Suit
from paxc.runtime.core.narration import listening
from paxc.runtime.effects import Effect
from paxc.runtime.pamir import wakhan, wakhan_cards, wakhan_turn
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import PamirState, card
from tests.pamir.scenario import court_card, drive, event_card
from tests.pamir.test_wakhan import HUMAN, SEAT, plain_cards, with_wakhan
from tests.pamir.test_wakhan_actions import facts


def her_turn(front: int, back: int, prepare: PamirState | None = None) -> tuple[PamirState, list[str]]:
    """Her whole turn, drawing `front` with `back` under it, and what the log heard."""
    state = prepare if prepare is not None else with_wakhan()
    seat = wakhan_cards.seat_of(state)
    rest = [n for n in wakhan_cards.AI_CARDS if n not in (front, back)]
    seat.deck, seat.face_up = [front, back, *rest], []
    state.active = SEAT
    heard: list[str] = []
    with listening(heard.append):
        drive(wakhan.answering(state, wakhan_turn.take_turn(state)), [], then_first=True)
    return state, heard


def told(heard: list[str], start: str) -> str:
    lines = [line for line in heard if line.startswith(start)]
    assert len(lines) == 1, (start, heard)
    return lines[0]


def test_her_turn_begins_with_her_ai_card() -> None:
    _, heard = her_turn(207, 202)
    assert heard[0] == "Wakhan's turn: she reveals AI card 7 (build; move; radicalize)"


def test_tax_names_whom_she_taxed_the_ai_card_and_the_action() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(29, suit=Suit.ECONOMIC, rank=2)]
    state.players[HUMAN].court = [facts(16, region=Region.KABUL, suit=Suit.MILITARY)]
    state.tribes[Region.KABUL][SEAT] = 1
    _, heard = her_turn(201, 202, state)  # AI card 1: tax first
    assert told(heard, "Wakhan taxes") == (
        f"Wakhan taxes P{HUMAN} (2 rupees) with {card(29).name}: AI card 1, first action"
    )


def test_build_and_move_say_where() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(10, suit=Suit.ECONOMIC), facts(13, suit=Suit.ECONOMIC, rank=2)]
    state.tribes[Region.KABUL][SEAT] = 1
    state.tribes[Region.PUNJAB][HUMAN] = 1
    state.players[SEAT].rupees = 2
    # AI card 7 (pragmatic loyalty Afghan for a British player): build, then move.
    _, heard = her_turn(207, 202, state)
    assert told(heard, "Wakhan builds") == (
        f"Wakhan builds an army in Kabul with {card(10).name}: AI card 7, first action"
    )
    assert told(heard, "Wakhan moves") == (
        f"Wakhan moves an army from Kabul to Punjab with {card(13).name}: AI card 7, second action"
    )


def test_betray_and_battle_say_what() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(16, suit=Suit.MILITARY), facts(33, suit=Suit.MILITARY, rank=2)]
    with_prize = facts(4, prize=Coalition.AFGHAN)
    state.players[HUMAN].court = [with_prize]
    state.spies_on(with_prize)[SEAT] = 1
    state.players[SEAT].cylinders -= 1
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.KABUL][HUMAN] = 1
    state.players[HUMAN].cylinders -= 1
    # AI card 22 (pragmatic loyalty Russian for a British player): betray, then battle on a card
    # (none to battle on), then radicalize (nothing to buy), then betray again (nothing left);
    # round again to the battle... so one betrayal only, and the battle of her bonus cards.
    _, heard = her_turn(222, 202, state)
    assert told(heard, "Wakhan betrays") == (
        f"Wakhan betrays {card(with_prize).name} (P{HUMAN}'s court), taking it as a prize, "
        f"with {card(16).name}: AI card 22, first action"
    )


def test_battle_in_a_region() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 2
    state.armies[Region.KABUL][Coalition.BRITISH] = 1
    state.tribes[Region.KABUL][HUMAN] = 1
    state.players[HUMAN].cylinders -= 1
    # AI card 15 (pragmatic loyalty Russian): move (nothing to move), then battle.
    _, heard = her_turn(215, 202, state)
    assert told(heard, "Wakhan battles") == (
        f"Wakhan battles in Kabul, removing P{HUMAN}'s tribe, a British army "
        f"with {card(33).name}: AI card 15, second action"
    )


def test_radicalize_names_the_card_and_where_it_went() -> None:
    state = with_wakhan()
    (number,) = plain_cards(1)
    bought = card(number)
    state.market[1][0] = number
    # AI card 7 over card 2: the red arrow on the top (the market's top row first, the left of
    # her court); nothing to build or move, so she radicalizes.
    _, heard = her_turn(207, 202, state)
    assert (
        f"Wakhan radicalizes {bought.name} (0 rupees), played on the left of her court: AI card 7, third action"
        in heard
    )


def test_a_bonus_action_and_an_ai_card_action_with_a_favored_card() -> None:
    state = with_wakhan()
    political_gift = court_card(
        lambda c: c.suit is Suit.POLITICAL and c.actions[:1] == (Action.GIFT,) and not c.abilities
    )
    state.players[SEAT].court = [political_gift.number]
    state.players[SEAT].rupees = 2
    _, heard = her_turn(207, 202, state)  # nothing on AI card 7 she can take but radicalize
    assert told(heard, "Wakhan buys the 2-rupee gift") == (
        f"Wakhan buys the 2-rupee gift with {political_gift.name}: a bonus action of her court (favored suit)"
    )


def test_ambition_says_she_bought_the_check_instead() -> None:
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check")
    state.market[0][1] = check.number
    state.players[SEAT].rupees = 3
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    state.players[SEAT].court = [
        court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    ]
    _, heard = her_turn(207, 202, state)
    assert told(heard, "Wakhan buys") == (
        f"Wakhan buys {check.name} (1 rupee): her ambition (the check puts her first), not AI card 7"
    )


def test_a_card_she_cannot_bribe_for_is_told_discarded() -> None:
    state = with_wakhan(front=203, back=209)  # the red arrow: the bottom row
    (number,) = plain_cards(1)
    region = card(number).region
    assert region is not None
    state.tribes[region][HUMAN] = 2  # the human rules the card's region: a bribe of 2
    state.market[1][0] = number
    state.players[SEAT].rupees = 1
    deeds: list[wakhan.Deed] = []

    def run() -> Effect:
        deeds.append((yield from wakhan.buy_and_play(state, wakhan_cards.reading(state), 1, 0)))

    drive(wakhan.answering(state, run()), [Rupees(2)])
    assert (
        deeds[0]()
        == f"radicalizes {card(number).name} (0 rupees) and discards it: she cannot pay P{HUMAN}'s bribe"
    )


def test_a_battle_on_a_court_card_names_the_card() -> None:
    state = with_wakhan()
    state.players[SEAT].court = [facts(33, suit=Suit.MILITARY, rank=2)]
    target = facts(59, rank=2)
    state.players[HUMAN].court = [target]
    state.spies_on(target)[SEAT] = 1
    state.spies_on(target)[HUMAN] = 1
    state.players[SEAT].cylinders -= 1
    state.players[HUMAN].cylinders -= 1
    _, heard = her_turn(214, 202, state)  # AI card 14: battle on the card with most spies
    assert told(heard, "Wakhan battles") == (
        f"Wakhan battles on {card(target).name}, removing P{HUMAN}'s spy with {card(33).name}: "
        "AI card 14, first action"
    )
