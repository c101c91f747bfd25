"""Pax Porfiriana cards of tests/porfiriana/fixtures/wording_cards.pax, built on the unchanged
runtime: a trigger whose condition proves the card's memory present for its body (9080), and
effects a player may decline as a whole (9081: "you may discard a card; if you do, gain 2 gold";
9082: "you may pay 2 gold to put 1 unrest on an enterprise"): how the player is asked, that
declining does nothing, that an offered payment the player cannot make is not offered, how the
solitaire's Díaz answers, how the text reads and what the option previews of `paxc play` say."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import Action, ActionTaken, Card, CardSold
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.rng import Rng
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import game_rules, hooks, solitaire
from paxc.runtime.porfiriana.actions import PlayCard
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import Answer, act, check_cubes, drive, empty_state, hold, put, turn
from tests.porfiriana.test_new_cards import SHOP, SHOP_2

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "wording_cards.pax"
NUMBERS = (9080, 9081, 9082, 9083)


@pytest.fixture(scope="module")
def wording_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("wording_cards"))


def ready(card: Card, monkeypatch: pytest.MonkeyPatch) -> PorfirianaState:
    """A game in which player 0, on turn, holds `card` to play."""
    join_game(card, monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, card.number)
    return state


def is_card(wanted: Card) -> Answer:
    return lambda option: getattr(option, "number", None) == wanted.number


def test_a_trigger_condition_proves_the_memory_for_its_body(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """9080: `when action_taken if ... this.marked is set ... { add_unrest 1 on this.marked }`."""
    organizer = wording_cards.CARD_9080
    state = ready(organizer, monkeypatch)
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(0))), [])  # not in play: nothing
    watched = put(state, 1, SHOP.number)
    act(state, 0, PlayCard(organizer.number), [is_card(SHOP)])
    assert state.memory == {organizer.number: {"marked": SHOP.number}}
    assert watched.unrest == 1  # playing the card was an action of yours, once it was marked
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(1))), [])  # another player's action
    assert watched.unrest == 1
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(0))), [])
    assert watched.unrest == 2
    check_cubes(state)


def test_discarding_accepted_gains_and_declined_does_nothing(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = wording_cards.CARD_9081
    state = ready(ledger, monkeypatch)
    hold(state, 0, SHOP.number)
    gold = state.players[0].gold - (ledger.cost or 0)
    asked = act(state, 0, PlayCard(ledger.number), [False])
    assert asked[-1].options == (True, False) and "you may discard a card from" in asked[-1].prompt
    assert SHOP.number in state.players[0].hand and state.players[0].gold == gold
    state = ready(ledger, monkeypatch)
    hold(state, 0, SHOP.number)
    act(state, 0, PlayCard(ledger.number), [True, is_card(SHOP)])
    assert SHOP.number not in state.players[0].hand and SHOP.number in state.discard
    assert state.players[0].gold == gold + 2


def test_an_offered_payment_accepted_pays_and_acts(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agitator = wording_cards.CARD_9082
    state = ready(agitator, monkeypatch)
    theirs = put(state, 1, SHOP.number)
    gold = state.players[0].gold - (agitator.cost or 0)
    act(state, 0, PlayCard(agitator.number), [True, is_card(SHOP)])
    assert theirs.unrest == 1 and state.players[0].gold == gold - 2
    state = ready(agitator, monkeypatch)
    theirs = put(state, 1, SHOP.number)
    act(state, 0, PlayCard(agitator.number), [False])
    assert theirs.unrest == 0 and state.players[0].gold == gold
    check_cubes(state)


def test_a_payment_the_player_cannot_make_is_not_offered(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agitator = wording_cards.CARD_9082
    state = ready(agitator, monkeypatch)
    theirs = put(state, 1, SHOP.number)
    state.players[0].gold = (agitator.cost or 0) + 1
    asked = act(state, 0, PlayCard(agitator.number), [])
    assert not any(choice.options == (True, False) for choice in asked)
    assert theirs.unrest == 0 and state.players[0].gold == 1


def test_an_optional_trigger_that_starts_with_a_payment_asks_only_who_can_pay(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """9083: "after you sell a card, you may pay 1 gold to remove 1 unrest from one of your
    enterprises". With gold its owner is asked; without, not asked, and nothing happens."""
    from paxc.runtime.porfiriana.state import card

    inspector = wording_cards.CARD_9083
    join_game(inspector, monkeypatch)
    state = empty_state()
    put(state, 0, inspector.number)
    troubled = put(state, 0, SHOP.number, unrest=2)
    sold = CardSold(card(SHOP_2.number), PlayerId(0))
    gold = state.players[0].gold
    asked = drive(hooks.fire(state, sold), [True, is_card(SHOP)])
    assert asked[0].options == (True, False)
    assert troubled.unrest == 1 and state.players[0].gold == gold - 1
    drive(hooks.fire(state, sold), [False])
    assert troubled.unrest == 1 and state.players[0].gold == gold - 1
    state.players[0].gold = 0
    assert drive(hooks.fire(state, sold), []) == []
    assert troubled.unrest == 1
    check_cubes(state)


def test_diaz_rolls_for_an_offer_and_is_never_offered_a_payment(wording_cards: ModuleType) -> None:
    """The solitaire's Díaz is never asked: a die settles his answer among the options (rules
    .diaz_decides), so he takes an offer about half the time; he keeps no gold, so an offer that
    starts with a payment is never made to him."""
    ledger, agitator = wording_cards.CARD_9081, wording_cards.CARD_9082
    outcomes = set()
    for seed in range(12):
        state = empty_state(2)
        state.solitaire = True
        state.rng = Rng(seed)  # another die for each try
        state.players[1].gold = 0
        state.players[1].hand = [SHOP_2.number]
        (one_shot,) = ledger.abilities[0].one_shots
        drive(
            solitaire.diaz_decides(
                state, run_effect(one_shot.run(PorfirianaContext(state, 1, ledger.number)))
            ),
            [],
        )
        outcomes.add(SHOP_2.number in state.discard)
        assert state.players[1].gold == 0  # what he would gain he does not keep
    assert outcomes == {True, False}
    state = empty_state(2)
    state.solitaire = True
    state.players[1].gold = 0
    theirs = put(state, 0, SHOP.number)
    (one_shot,) = agitator.abilities[0].one_shots
    asked = drive(run_effect(one_shot.run(PorfirianaContext(state, 1, agitator.number))), [])
    assert asked == [] and theirs.unrest == 0


def test_the_previews_of_yes_and_no_say_the_payment_or_nothing(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In `paxc play`, each answer to the offer is tried on a copy: yes shows the 2 gold paid,
    no shows no gold moving."""
    from paxc.runtime import games
    from paxc.runtime.core.preview import preview
    from paxc.runtime.core.session import Session

    agitator = wording_cards.CARD_9082
    state = ready(agitator, monkeypatch)
    put(state, 1, SHOP.number)
    played = games.find("porfiriana").load_kit()
    assert played.consequences is not None and played.secrets is not None

    class Arranged(game_rules.PorfirianaRules):
        """The rules from the arranged state."""

        def new_state(self, options: Mapping[str, Any], seed: int) -> PorfirianaState:
            return state.copy()

    session = Session(Arranged(), {"players": 3}, 1)
    options = session.pending.options if session.pending else ()
    session.apply_action(next(i for i, o in enumerate(options) if o == PlayCard(agitator.number)))
    offer = session.pending
    assert offer is not None and offer.options == (True, False)
    gold = session.state.players[0].gold
    yes = preview(session, offer.options.index(True), played.consequences, played.secrets)
    no = preview(session, offer.options.index(False), played.consequences, played.secrets)
    assert f"your gold {gold} -> {gold - 2}" in yes.notes, yes.notes
    assert not any("gold" in note for note in no.notes), no.notes


def test_the_wording_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    texts = {c.number: card_text(c) for c in compile_paths([FIXTURE], REPO).games["porfiriana"].cards()}
    assert "After you take an action, if the card this card marks is known and" in texts[9080]
    assert "put 1 unrest on the card this card marks" in texts[9080]
    assert "you may discard a card from your hand; if you do, you take 2 gold" in texts[9081]
    assert "you take 2 gold from the bank" in texts[9081]
    assert (
        "On play: you may pay 2 gold to the bank; if you do, put 1 unrest on an enterprise card in any row"
        " whose owner is not you" in texts[9082]
    )


def test_the_wording_cards_play_in_random_games_with_every_invariant(
    wording_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("porfiriana", wording_cards, NUMBERS, monkeypatch, seed=7, games=20)
    print("times each wording card acted in 20 games:", dict(sorted(acted.items())))
    assert set(acted) >= {9080, 9081, 9082}
