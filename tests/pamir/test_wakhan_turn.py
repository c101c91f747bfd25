"""Wakhan as a seat of the game: setup (rulebook, "Playing with Wakhan": she counts for the deck,
takes no loyalty, sits right of the last to choose one and plays first), her turn, ambition,
cleanup, leverage without rupees, dominance checks (loyal to every coalition), and whole games
against random players with the invariants after every decision, saves, replays and clones."""

from __future__ import annotations

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Card, Coalition, Impact, Region, Suit
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.options import OptionsError
from paxc.runtime.core.session import Session
from paxc.runtime.effects import Choice, Effect, PlayerId
from paxc.runtime.pamir import board, pieces, scoring, wakhan, wakhan_turn
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.invariants import cards_in_game, violations
from paxc.runtime.pamir.rules import OPTIONS, new_state
from paxc.runtime.pamir.state import card
from paxc.runtime.terminal import style
from paxc.runtime.terminal.board import text
from tests.pamir.scenario import court_card, drive, event_card
from tests.pamir.test_wakhan import HUMAN, SEAT, reading, with_wakhan


def military(rank: int) -> Card:
    """A plain Military court card of this rank (no patriot, no ability)."""
    return court_card(
        lambda c: c.suit is Suit.MILITARY and c.patriot is None and c.rank == rank and not c.abilities
    )


# ---------------------------------------------------------------------- setup


def test_setup_counts_her_for_the_deck_and_gives_her_the_ai_deck() -> None:
    alone = new_state({"players": 1, "wakhan": True}, seed=4)
    assert len(alone.players) == 2 and alone.wakhan is not None and alone.wakhan.seat == 0
    # The deck of a two-player game: six piles of 5 + 2 court cards and the ten event cards.
    assert len(alone.deck) + 12 == 6 * (5 + 2) + 10
    assert sorted(alone.wakhan.deck) == list(range(201, 225)) and alone.wakhan.face_up == []
    two = new_state({"players": 2, "wakhan": True}, seed=4)
    assert len(two.players) == 3 and len(two.deck) + 12 == 6 * (5 + 3) + 10
    assert not alone.wakhan.savvy_purchasing and not alone.wakhan.steadfast_loyalty
    assert not alone.wakhan.spy_movement
    all_three = {"savvy_purchasing": True, "steadfast_loyalty": True, "spy_movement": True}
    variants = new_state({"players": 1, "wakhan": True, **all_three}, 4)
    assert variants.wakhan is not None
    assert (
        variants.wakhan.savvy_purchasing
        and variants.wakhan.steadfast_loyalty
        and variants.wakhan.spy_movement
    )
    for wrong in (0, 3):
        with pytest.raises(ValueError, match="1 to 2 players against Wakhan"):
            new_state({"players": wrong, "wakhan": True}, seed=1)
    # The options a command line or a save may give: one or two people with her, her variants
    # only with her.
    assert OPTIONS.check({"players": 1, "wakhan": True}) == {"players": 1, "wakhan": True}
    assert len(new_state(OPTIONS.check({"wakhan": True}), seed=1).players) == 2  # one person
    with pytest.raises(OptionsError):
        OPTIONS.check({"players": 3, "wakhan": True})
    with pytest.raises(OptionsError, match="for games with Wakhan"):
        new_state({"players": 3, "savvy_purchasing": True}, seed=1)
    with pytest.raises(OptionsError):
        OPTIONS.check({"players": 3, "spy_movement": True})


def test_only_the_people_choose_a_loyalty_and_she_plays_first() -> None:
    session = Session(PamirRules(), {"players": 2, "wakhan": True}, seed=9)
    asked = []
    while session.pending is not None and session.pending.prompt == "Choose your loyalty":
        asked.append(session.current_player())
        session.apply_action(0)
    # The one who picks last sits just after her in turn order (seat 1).
    assert asked == [2, 1]
    state = session.state
    assert state.players[0].loyalty is None
    assert state.turn_number >= 1 and state.wakhan is not None and state.wakhan.face_up  # she has played
    assert all(c.chooser != 0 for c in [session.pending] if isinstance(c, Choice))
    shown = text(board.board(state))
    assert "P0: Wakhan, loyal to every coalition" in shown
    assert f"AI card: AI card {state.wakhan.face_up[-1] - 200}, read with the back of the next" in shown


def test_the_board_shows_her_card_and_only_the_back_of_the_next() -> None:
    """Only the back of the AI deck's top card is in view: the board gives what it says (the
    row and column of the arrows), never which card it is; and her lines fit 100 columns."""
    state = with_wakhan(front=201, back=209)  # red arrow: card 9's bottom slot; column 2
    state.players[SEAT].court = [c.number for c in (military(1), military(2))] + [1, 2, 3]
    shown = text(board.board(state))
    assert "AI card: AI card 1, read with the back of the next: bottom row, column of cost 2" in shown
    assert "AI card 9" not in shown and card(209).name not in shown
    assert all(len(line) <= style.WIDTH for line in shown[shown.index("Players:") :].splitlines())
    # A long line goes on, indented, on the next: nothing of it is lost.
    assert " ".join(shown.split()).count(card(3).name) == 1


# ---------------------------------------------------------------------- ambition


def test_ambition_buys_the_dominance_check_when_she_would_score_most() -> None:
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    state.market[0][1] = check
    state.players[SEAT].rupees = 3
    # British dominant: the human (British) and she both score; her influence is the higher.
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[SEAT].court = [patriot]
    deeds: list[wakhan.Deed | None] = []

    def run() -> Effect:
        deeds.append((yield from wakhan_turn.ambition(state, reading(state))))

    drive(run(), [], then_first=True)
    assert deeds[0] is not None  # she tells what she did: the check bought by her ambition
    assert state.market[0][1] is None and check in state.discard
    assert state.players[SEAT].score == 5 and state.players[HUMAN].score == 3
    assert state.turn.actions_taken == 1


def test_no_ambition_when_the_check_would_not_put_her_first() -> None:
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    state.market[0][1] = check
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[HUMAN].court = [patriot]  # now the human has the influence
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][1] == check and state.turn.actions_taken == 0


def test_no_ambition_when_the_check_would_tie_her_with_another_player() -> None:
    """Her ambition needs more points than every other player from the check: a tie is not more."""
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    state.market[0][1] = check
    state.players[SEAT].rupees = 3
    # British dominant; she and the human (British) both have influence 1: 4 points each.
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][1] == check and state.turn.actions_taken == 0
    assert state.players[SEAT].rupees == 3


# ---------------------------------------------------------------------- dominance checks


def test_in_a_dominance_check_she_is_loyal_to_the_dominant_coalition() -> None:
    state = with_wakhan()
    british = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    russian = court_card(lambda c: c.patriot is Coalition.RUSSIAN and not c.abilities).number
    state.players[SEAT].court = [british, russian]
    state.players[SEAT].gifts = [2]
    state.players[SEAT].cylinders -= 1
    state.armies[Region.PERSIA][Coalition.RUSSIAN] = 4
    # Her Russian influence: 1, the Russian patriot, the gift (the British patriot not).
    assert scoring.influence(state, SEAT, Coalition.RUSSIAN) == 3
    scoring.dominance_check(state)
    assert state.players[SEAT].score == 5 and state.players[HUMAN].score == 0  # the human is British


def test_her_patriots_of_another_coalition_do_not_count_against_a_player_in_a_check() -> None:
    """Russian dominant: her British patriot adds nothing, so she ties the Russian player (one
    patriot each) and they share 5 + 3."""
    state = with_wakhan(loyalties=(Coalition.RUSSIAN,))
    british = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    russian = [c.number for c in CARDS if c.patriot is Coalition.RUSSIAN and not c.abilities][:2]
    state.players[SEAT].court = [british, russian[0]]
    state.players[HUMAN].court = [russian[1]]
    state.armies[Region.PERSIA][Coalition.RUSSIAN] = 4
    scoring.dominance_check(state)
    assert state.players[SEAT].score == 4 and state.players[HUMAN].score == 4


def test_in_a_dominance_check_only_her_prizes_of_the_dominant_coalition_count() -> None:
    """She may hold prizes of several coalitions; in a check only those of the dominant one add
    to her influence (as patriots do)."""
    state = with_wakhan()
    russian = court_card(lambda c: c.prize is Coalition.RUSSIAN and not c.abilities).number
    british = court_card(lambda c: c.prize is Coalition.BRITISH and not c.abilities).number
    state.players[SEAT].prizes = [russian, british]
    assert scoring.influence(state, SEAT, Coalition.RUSSIAN) == 2
    assert scoring.influence(state, SEAT, Coalition.BRITISH) == 2
    assert scoring.influence(state, SEAT, Coalition.AFGHAN) == 1


# ---------------------------------------------------------------------- cleanup and leverage


def test_cleanup_discards_in_her_order() -> None:
    state = with_wakhan()
    political = court_card(lambda c: c.suit is Suit.POLITICAL and c.patriot is None and not c.abilities)
    patriot = court_card(
        lambda c: c.patriot is not None and c.suit is not Suit.POLITICAL and Impact.LEVERAGE not in c.impact
    )
    leveraged = court_card(
        lambda c: Impact.LEVERAGE in c.impact and c.patriot is None and c.suit is not Suit.POLITICAL
    )
    low, high = military(1), military(2)
    state.players[SEAT].court = [political.number, patriot.number, leveraged.number, high.number, low.number]
    state.players[SEAT].rupees = 5
    # Her limit is 3 + her Political stars; one card of each kind over it goes, in her order.
    excess = len(state.players[SEAT].court) - state.court_limit(SEAT)
    order = [low.number, high.number, leveraged.number, patriot.number, political.number]
    assert sorted(state.players[SEAT].court, key=lambda n: wakhan.discard_order(state, n)) == order
    drive(wakhan_turn.cleanup(state), [], then_first=True)
    assert set(state.discard) == set(order[:excess])


def test_cleanup_follows_her_order_not_the_card_numbers() -> None:
    state = with_wakhan()
    political = court_card(
        lambda c: c.suit is Suit.POLITICAL and c.patriot is None and not c.abilities and c.rank == 1
    )
    militaries = [
        c.number
        for c in CARDS
        if c.suit is Suit.MILITARY and c.patriot is None and not c.abilities and c.number > political.number
    ][:4]
    state.players[SEAT].court = [political.number, *militaries]  # limit 3 + 1 Political star
    drive(wakhan_turn.cleanup(state), [], then_first=True)
    assert political.number in state.players[SEAT].court and len(state.discard) == 1


def test_ambition_with_exactly_the_rupees_the_check_costs_and_only_with_an_action_left() -> None:
    """She buys the check when she has just enough rupees; it takes one of her two actions, and
    with both taken she has no ambition."""
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    state.market[0][2] = check  # costs 2 (nothing is favored that doubles it)
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[SEAT].court = [patriot]
    state.players[SEAT].rupees = 2
    state.turn.actions_taken = 2
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][2] == check
    state.turn.actions_taken = 1
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][2] is None and state.turn.actions_taken == 2
    assert state.players[SEAT].rupees == 0


def test_ambition_looks_past_a_check_she_cannot_buy_to_one_she_can() -> None:
    """A check she paid onto this turn (she never buys those) or one too dear for her does not
    stop her looking at the others in the market, in the same row too."""
    state = with_wakhan()
    checks = [c.number for c in CARDS if c.card_type.value == "dominance_check"]
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[SEAT].court = [patriot]
    state.players[SEAT].rupees = 3
    state.market[1][0] = checks[0]
    state.turn.paid_onto.add(checks[0])  # she paid onto it this turn
    state.market[0][5] = checks[1]  # costs 5
    state.market[1][2] = checks[2]  # costs 2
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[1][2] is None and checks[2] in state.discard
    assert state.market[1][0] == checks[0] and state.market[0][5] == checks[1]


def test_no_ambition_for_a_final_check_another_player_wins() -> None:
    """The last check ends the game: it serves her only if she wins it or scores the most."""
    state = with_wakhan()
    check = event_card(lambda c: c.card_type.value == "dominance_check").number
    state.market[0][0] = check
    state.checks_resolved = 3
    state.players[HUMAN].score = 10
    state.armies[Region.KABUL][Coalition.BRITISH] = 4
    patriot = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities).number
    state.players[HUMAN].court = [patriot]  # the human has the influence
    drive(wakhan_turn.ambition(state, reading(state)), [], then_first=True)
    assert state.market[0][0] == check and state.turn.actions_taken == 0


def test_a_spy_of_another_player_makes_a_card_go_first() -> None:
    state = with_wakhan()
    low, high = military(1), military(2)
    others = [
        c.number
        for c in (
            court_card(
                lambda c: c.suit is Suit.ECONOMIC and c.patriot is None and not c.abilities and c.rank == 1
            ),
        )
    ]
    state.players[SEAT].court = [low.number, high.number, *others, 1]
    state.spies_on(high.number)[HUMAN] = 1
    state.players[HUMAN].cylinders -= 1
    assert min(state.players[SEAT].court, key=lambda n: wakhan.discard_order(state, n)) == high.number


def test_a_leveraged_card_leaving_her_court_costs_no_cards_when_she_has_no_rupees() -> None:
    state = with_wakhan()
    keep = court_card(lambda c: c.suit is Suit.MILITARY and c.patriot is None and not c.abilities).number
    state.players[SEAT].court = [keep]
    state.players[SEAT].rupees = 1
    drive(pieces.repay_leverage(state, SEAT), [])
    assert state.players[SEAT].rupees == 0 and state.players[SEAT].court == [keep]
    assert card(keep).suit is Suit.MILITARY


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("people", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_whole_games_against_her_keep_the_invariants_and_replay(people: int, seed: int) -> None:
    session = Session(PamirRules(), {"players": people, "wakhan": True}, seed)
    expected = cards_in_game(session.state)
    agents = [RandomAgent(seed * 7 + p) for p in range(people + 1)]
    halfway = None
    for step in range(20_000):
        problems = violations(session.state, expected)
        assert not problems, f"seed {seed}, decision {step}: {problems}"
        if session.is_terminal():
            break
        assert session.current_player() != 0, "a question reached Wakhan's seat"
        if step == 40:
            halfway = session.clone()
        session.apply_action(agents[session.current_player()].choose(session))
    assert session.is_terminal() and session.state.winner is not None
    # A save replays her turns exactly, and so does a clone taken halfway, given the same answers.
    replayed = Session.loads(PamirRules(), session.dumps(), OPTIONS)
    assert replayed.state.digest() == session.state.digest()
    if halfway is not None:
        for entry in session.log[len(halfway.log) :]:
            halfway.apply_action(entry.choice)
        assert halfway.state.digest() == session.state.digest()


def test_a_card_of_her_hand_to_discard_goes_in_her_cleanup_order() -> None:
    state = with_wakhan()
    political = court_card(lambda c: c.suit is Suit.POLITICAL and c.patriot is None and not c.abilities)
    low = military(1)
    state.players[SEAT].hand = [political.number, low.number]
    choice = Choice(PlayerId(SEAT), "Discard a card from your hand", (political, low))
    assert wakhan.answer(state, choice) == low
    # The same cards in court are cards to act on: the one of highest priority (the favored suit).
    state.players[SEAT].hand, state.players[HUMAN].court = [], [political.number, low.number]
    assert wakhan.answer(state, choice) == political


@pytest.mark.parametrize("variant", ["savvy_purchasing", "steadfast_loyalty", "spy_movement"])
@pytest.mark.parametrize("people", [1, 2])
def test_whole_games_with_her_variants_keep_the_invariants(variant: str, people: int) -> None:
    session = Session(PamirRules(), OPTIONS.check({"players": people, "wakhan": True, variant: True}), 11)
    expected = cards_in_game(session.state)
    agents = [RandomAgent(11 * 7 + p) for p in range(people + 1)]
    for _ in range(20_000):
        if session.is_terminal():
            break
        assert not violations(session.state, expected)
        session.apply_action(agents[session.current_player()].choose(session))
    assert session.is_terminal() and session.state.winner is not None


def test_her_turn_is_counted_and_begins_with_her_start_of_turn_abilities() -> None:
    """Her turn is the next turn of the game (the rounds of "once per round" count turns), and
    begins as anyone's: Herati Bandits (54) in her court, Blackmail: at the start of its owner's
    turn, a spy of theirs may go on a Herat court card without one. She always does what she may
    (rulebook, Wakhan's General Rules): her spy goes on the human's Herat card (card priority:
    an opponent's card first), before she draws her AI card."""
    state = with_wakhan()
    bandits = card(54)
    herat = court_card(lambda c: c.region is Region.HERAT and not c.abilities)
    state.players[SEAT].court = [bandits.number]
    state.players[HUMAN].court = [herat.number]
    state.players[SEAT].rupees = 0  # nothing to buy, nobody to tax: only the start of her turn acts
    state.players[HUMAN].rupees = 0
    state.turn_number = 2  # the human has just played the second turn
    state.active = SEAT
    drive(wakhan.answering(state, wakhan_turn.take_turn(state)), [])
    assert state.turn_number == 3
    assert state.spies_on(herat.number)[SEAT] == 1 and state.spies_on(bandits.number)[SEAT] == 0
