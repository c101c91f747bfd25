"""An event side with continuous abilities of its own stays in effect once resolved, for
everybody when discarded or for its buyer when bought; the cards of
tests/pamir/fixtures/event_cards.pax change the price of actions either way, or answer a
purchase."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Action, ActionCost, CardType, Coalition, Resolution
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, rules
from paxc.runtime.pamir.state import PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "event_cards.pax"
PLAIN = next(c for c in CARDS if c.card_type is CardType.COURT and not c.abilities)


@pytest.fixture(scope="module")
def event_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("event_cards"))


def test_a_discarded_sides_own_modifier_holds_for_everybody(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    patrols = event_cards.CARD_938
    join_game(patrols, monkeypatch)
    state = empty_state()
    assert card_actions.cost(state, 1, Action.BETRAY, 2) == 2
    drive(rules.resolve_event(state, patrols.number, Resolution.DISCARDED, 0), [])
    assert state.global_events == [(patrols.number, 0, 0)]
    # Afghan, British and Russian players: the Russian's betrayal costs more, whoever discarded it.
    assert [card_actions.cost(state, p, Action.BETRAY, 2) for p in range(3)] == [2, 2, 3]
    assert card_actions.cost(state, 2, Action.BUILD, 2) == 2
    with hooks.listing(state):  # while a decision's options are listed, the same answers
        assert card_actions.cost(state, 2, Action.BETRAY, 2) == 3


def test_a_bought_sides_own_modifier_holds_for_its_buyer(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    roads = event_cards.CARD_938
    join_game(roads, monkeypatch)
    state = empty_state()
    drive(rules.resolve_event(state, roads.number, Resolution.PURCHASED, 1), [])
    assert state.players[1].events == [(roads.number, 1)]
    assert [card_actions.cost(state, p, Action.BUILD, 2) for p in range(3)] == [2, 1, 2]
    assert card_actions.cost(state, 2, Action.BETRAY, 2) == 2
    with hooks.listing(state):
        assert card_actions.cost(state, 1, Action.BUILD, 2) == 1


def test_a_market_cards_modifier_holds_for_the_player_whose_turn_it_is_from_the_first_question(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card acting while in the market is nobody's: its `you` is the player whose turn it is.
    Its modifier holds from the first question the rules ask once the card is part of the game,
    whatever asked before (here the price of a build, asked straight of the hooks)."""
    toll = event_cards.CARD_937
    join_game(toll, monkeypatch)
    state = empty_state()
    state.market[0][3] = toll.number
    state.active = 1
    assert hooks.modified(state, ActionCost(Action.BUILD, PlayerId(1)), 2) == 3
    assert [card_actions.cost(state, p, Action.BUILD, 2) for p in range(3)] == [2, 3, 2]
    assert card_actions.cost(state, 1, Action.BETRAY, 2) == 2
    state.market[0][3] = None
    assert card_actions.cost(state, 1, Action.BUILD, 2) == 2


def test_a_market_cards_modifier_holds_outside_a_listing_once_the_card_joins_the_game(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same when the first question once the card is part of the game is asked outside a
    listing (whether a modifier of its kind may apply: a payment's or an action's price), after a
    listing of the game without it: what the hooks worked out for the cards before it is not
    used for the game with it."""
    state = empty_state()
    state.active = 1
    with hooks.listing(state):  # the game before the card joins it, its modifiers looked for
        assert card_actions.cost(state, 1, Action.BUILD, 2) == 2
    toll = event_cards.CARD_937
    join_game(toll, monkeypatch)
    state.market[0][3] = toll.number
    assert card_actions.cost(state, 1, Action.BUILD, 2) == 3
    assert hooks.in_effect_for(state, ActionCost)


def rupees(state: PamirState) -> list[int]:
    return [player.rupees for player in state.players]


def test_a_discarded_sides_own_triggers_answer_for_the_player_who_discarded_it(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Caravan Tolls (936, fixture), discarded by player 1, is in effect for everybody: each of
    its two abilities pays player 1 a rupee whenever anybody buys a card, its modifier makes the
    builds of the others (not player 1's) dearer, and the lasting effect it started every
    betrayal."""
    tolls = event_cards.CARD_936
    join_game(tolls, monkeypatch)
    state = empty_state()
    drive(rules.resolve_event(state, tolls.number, Resolution.DISCARDED, 1), [])
    assert state.global_events == [(tolls.number, 0, 1)]
    assert [effect.card for effect in state.lasting] == [tolls.number]
    assert [card_actions.cost(state, p, Action.BUILD, 2) for p in range(3)] == [3, 2, 3]
    assert [card_actions.cost(state, p, Action.BETRAY, 2) for p in range(3)] == [3, 3, 3]
    before = rupees(state)
    drive(rules.bought(state, PLAIN.number, 0), [])
    assert rupees(state) == [before[0], before[1] + 2, before[2]]


def test_a_bought_sides_own_abilities_answer_for_its_buyer(
    event_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Toll Farmers (936's other side), bought by player 1 (British): another player's purchase
    pays player 1 a rupee, player 1's own pays nothing; builds by the British, player 2 now one
    of them, cost 1 less."""
    farmers = event_cards.CARD_936
    join_game(farmers, monkeypatch)
    state = empty_state()
    state.players[2].loyalty = Coalition.BRITISH
    drive(rules.resolve_event(state, farmers.number, Resolution.PURCHASED, 1), [])
    assert state.players[1].events == [(farmers.number, 1)]
    assert [card_actions.cost(state, p, Action.BUILD, 2) for p in range(3)] == [2, 1, 1]
    before = rupees(state)
    drive(rules.bought(state, PLAIN.number, 0), [])
    assert rupees(state) == [before[0], before[1] + 1, before[2]]
    drive(rules.bought(state, PLAIN.number, 1), [])
    assert rupees(state) == [before[0], before[1] + 1, before[2]]
