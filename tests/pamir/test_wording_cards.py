"""Pax Pamir cards of tests/pamir/fixtures/wording_cards.pax, built on the unchanged runtime: a
trigger whose condition proves the card's memory present for its body (980), and effects a
player may decline as a whole (981: "you may pay 2 rupees to place a spy"; 982: "you may discard
a card; if you do, gain 2 rupees"): how the player is asked, that declining does nothing, that an
offered payment the player cannot make is not offered, how Wakhan answers, how the text reads and
what the option previews of `paxc play` say."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Action, ActionTaken, Card, Coalition, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.preview import preview
from paxc.runtime.core.session import Session
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks, wakhan
from paxc.runtime.pamir import rules as pamir_rules
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.state import PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state
from tests.pamir.test_wakhan import SEAT, with_wakhan

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "wording_cards.pax"
NUMBERS = (980, 981, 982, 983)


@pytest.fixture(scope="module")
def wording_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("wording_cards"))


def play(card: Card, state: PamirState, player: int, answers: list[Answer]) -> list[Any]:
    """Run the card's `on play` effect as the rules do when `player` plays it; the questions."""
    (one_shot,) = card.abilities[0].one_shots
    return drive(run_effect(one_shot.run(PamirContext(state, player, card.number))), answers)


def test_a_trigger_condition_proves_the_memory_for_its_body(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """980: `when turn_started if ... this.marked is set ... { place_spy on this.marked }`."""
    ledger = wording_cards.CARD_980
    join_game(ledger, monkeypatch)
    state = empty_state(2)
    target = court_card(lambda c: c.number > 10)
    state.players[0].court.append(ledger.number)
    state.players[1].court.append(target.number)
    started = TurnStarted(PlayerId(0))
    drive(hooks.fire(state, started), [])  # nothing marked: the condition fails, nothing happens
    assert state.spies_on(target.number)[0] == 0
    play(ledger, state, 0, [target])  # the only card of another court
    assert state.memory[ledger.number] == {"marked": target.number}
    drive(hooks.fire(state, started), [])
    assert state.spies_on(target.number)[0] == 1
    drive(hooks.fire(state, TurnStarted(PlayerId(1))), [])  # another player's turn
    assert state.spies_on(target.number)[0] == 1


def test_an_offered_payment_accepted_pays_and_acts(wording_cards: ModuleType) -> None:
    watchers = wording_cards.CARD_981
    state = empty_state(2)
    target = court_card(lambda c: c.number > 10)
    state.players[1].court.append(target.number)
    rupees = state.players[0].rupees
    asked = play(watchers, state, 0, [True, target])
    assert asked[0].options == (True, False) and asked[0].chooser == 0
    assert (
        "you may pay 2 rupees to the bank; if you do, you place a spy on a card in any court"
        in asked[0].prompt
    )
    assert state.players[0].rupees == rupees - 2 and state.spies_on(target.number)[0] == 1


def test_an_offer_declined_does_nothing(wording_cards: ModuleType) -> None:
    watchers = wording_cards.CARD_981
    state = empty_state(2)
    target = court_card(lambda c: c.number > 10)
    state.players[1].court.append(target.number)
    before = state.copy()
    play(watchers, state, 0, [False])
    assert state.players[0].rupees == before.players[0].rupees
    assert state.spies == before.spies and state.memory == before.memory


def test_a_payment_the_player_cannot_make_is_not_offered(wording_cards: ModuleType) -> None:
    """Pay is all or nothing and ends the effect: a yes could only waste the question, so a
    player short of 2 rupees is not asked, and nothing happens."""
    watchers = wording_cards.CARD_981
    state = empty_state(2)
    state.players[1].court.append(court_card(lambda c: c.number > 10).number)
    state.players[0].rupees = 1
    assert play(watchers, state, 0, []) == []
    assert state.players[0].rupees == 1 and not any(state.spies.values())


def test_discarding_is_offered_then_pays_only_when_done(wording_cards: ModuleType) -> None:
    letters = wording_cards.CARD_982
    state = empty_state(2)
    kept = court_card(lambda c: c.number > 10)
    lost = court_card(lambda c: c.number > 20)
    state.players[0].hand = [kept.number, lost.number]
    rupees = state.players[0].rupees
    play(letters, state, 0, [False])
    assert state.players[0].hand == [kept.number, lost.number] and state.players[0].rupees == rupees
    play(letters, state, 0, [True, lost])
    assert state.players[0].hand == [kept.number] and state.discard[-1] == lost.number
    assert state.players[0].rupees == rupees + 2
    state.players[0].hand = []
    play(letters, state, 0, [])  # an empty hand: nothing to discard, so not even offered
    assert state.players[0].rupees == rupees + 2


def test_wakhan_takes_what_a_card_offers(wording_cards: ModuleType) -> None:
    """Her rules: whatever a card says she may do, she does (wakhan.answer)."""
    state = with_wakhan()
    target = court_card(lambda c: c.number > 10)
    state.players[1 - SEAT].court.append(target.number)
    state.players[SEAT].rupees = 5
    (one_shot,) = wording_cards.CARD_981.abilities[0].one_shots
    chosen: list[object] = []
    effect = run_effect(one_shot.run(PamirContext(state, SEAT, 981)))
    drive(wakhan.answering(state, effect, chosen=chosen), [])
    assert chosen[0] is True and state.players[SEAT].rupees == 3
    assert state.spies_on(target.number)[SEAT] == 1


def test_an_optional_trigger_that_starts_with_a_payment_asks_only_who_can_pay(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """983: "after you take a tax action, you may pay 1 rupee to place a spy on a card in your
    court". With a rupee its owner is asked; without one, not asked, and nothing happens."""
    fixer = wording_cards.CARD_983
    join_game(fixer, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(fixer.number)
    taxed = ActionTaken(Action.TAX, PlayerId(0))
    rupees = state.players[0].rupees
    asked = drive(hooks.fire(state, taxed), [True, lambda c: getattr(c, "number", None) == fixer.number])
    assert asked[0].options == (True, False)
    assert state.players[0].rupees == rupees - 1 and state.spies_on(fixer.number)[0] == 1
    drive(hooks.fire(state, taxed), [False])
    assert state.players[0].rupees == rupees - 1 and state.spies_on(fixer.number)[0] == 1
    state.players[0].rupees = 0
    assert drive(hooks.fire(state, taxed), []) == []
    assert state.spies_on(fixer.number)[0] == 1


class _Arranged(PamirRules):
    """Pax Pamir's rules from an arranged state (set-up done)."""

    def __init__(self, state: PamirState) -> None:
        self.arranged = state

    def new_state(self, options: Any, seed: int) -> PamirState:
        return self.arranged.copy()


def test_the_previews_of_yes_and_no_say_the_payment_or_nothing(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In `paxc play`, each answer to the offer is tried on a copy: yes shows the 2 rupees paid,
    no shows nothing."""
    from paxc.runtime import games

    watchers = wording_cards.CARD_981
    join_game(watchers, monkeypatch)
    state = empty_state(2, (Coalition.BRITISH, Coalition.AFGHAN))
    target = court_card(lambda c: c.number > 10 and not c.abilities)
    state.players[1].court.append(target.number)
    state.players[0].hand.append(watchers.number)
    state.players[1].hand.append(court_card(lambda c: c.number > 20 and not c.abilities).number)
    played = games.find("pamir").load_kit()
    assert played.consequences is not None and played.secrets is not None
    session = Session(_Arranged(state), {"players": 2}, 1)
    options = session.pending.options if session.pending else ()
    session.apply_action(
        next(
            i for i, o in enumerate(options) if isinstance(o, pamir_rules.Play) and o.card == watchers.number
        )
    )
    offer = session.pending
    assert offer is not None and offer.options == (True, False)
    rupees = session.state.players[0].rupees
    yes = preview(session, offer.options.index(True), played.consequences, played.secrets)
    no = preview(session, offer.options.index(False), played.consequences, played.secrets)
    assert f"your rupees {rupees} -> {rupees - 2}" in yes.notes, yes.notes
    assert not any("rupees" in note for note in no.notes), no.notes


def test_the_wording_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    texts = {c.number: card_text(c) for c in compile_paths([FIXTURE], REPO).games["pamir"].cards()}
    assert "At the start of your turn, if the card this card marks is known and" in texts[980]
    assert "you place a spy on the card this card marks" in texts[980]
    assert (
        "On play: you may pay 2 rupees to the bank; if you do, you place a spy on a card in any court"
        in texts[981]
    )
    assert "you may discard a card from your hand; if you do, you take 2 rupees" in texts[982]


def test_the_wording_cards_play_in_random_games_with_every_invariant(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", wording_cards, NUMBERS, monkeypatch, seed=7, games=20)
    print("times each wording card acted in 20 games:", dict(sorted(acted.items())))
    assert set(acted) >= {980, 981, 982}  # 983 needs its owner to tax: counted, not required
