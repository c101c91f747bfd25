"""New Pax Pamir cards built on the card language's constructs of issue 33
(tests/pamir/fixtures/gap_cards.pax), compiled with the game's vocabulary and played on the
runtime: `sum of ATTR of LIST`, `the top card of ZONE`, `a random card of ZONE` (drawn with the
game's seeded generator: the same state draws the same card) and arithmetic in an operation's
values; then random games in which each must change something."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Card, CardType, Region, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import Choice, PlayerId
from paxc.runtime.pamir import hooks
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "gap_cards.pax"
NUMBERS = range(910, 914)
HERATI_BANDITS = 54


@pytest.fixture(scope="module")
def gap_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("gap_cards"))


def new(gap_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(gap_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def play(printed: Card, state: PamirState, player: int) -> None:
    """Its `on play` effect, as the rules run it when `player` plays it (into the court)."""
    state.players[player].court.append(printed.number)
    (one_shot,) = printed.abilities[0].one_shots
    drive(run_effect(one_shot.run(PamirContext(state, player, printed.number))), [])


def courts(count: int, exclude: tuple[int, ...] = ()) -> list[int]:
    found: list[int] = []
    while len(found) < count:
        found.append(court_card(lambda c: c.number not in found and c.number not in exclude).number)
    return found


def test_royal_treasury_takes_the_total_rank_of_your_court(
    gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    treasury = new(gap_cards, 910, monkeypatch)
    state = empty_state(2)
    state.players[0].court = courts(2)
    ranks = sum(card(n).rank or 0 for n in state.players[0].court)
    before = state.players[0].rupees
    play(treasury, state, 0)
    assert state.players[0].rupees == before + ranks + 1  # its own rank too: it is in court


def test_intercepted_courier_takes_the_top_of_the_discard_pile(
    gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    courier = new(gap_cards, 911, monkeypatch)
    state = empty_state(2)
    under, top = courts(2)
    state.discard = [under, top]  # the rules add to the discard pile at its end: its top
    play(courier, state, 0)
    assert state.players[0].hand == [top] and state.discard == [under]


def test_intercepted_courier_leaves_an_event_on_top(
    gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    courier = new(gap_cards, 911, monkeypatch)
    state = empty_state(2)
    event = next(c.number for c in CARDS if c.card_type is CardType.EVENT)
    state.discard = [courts(1)[0], event]
    play(courier, state, 0)
    assert state.players[0].hand == [] and state.discard[-1] == event


def test_pickpocket_discards_a_random_card_the_seed_decides(
    gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    pickpocket = new(gap_cards, 912, monkeypatch)
    lost = []
    for _ in range(2):
        state = empty_state(2)
        state.players[1].hand = courts(4)
        hand = list(state.players[1].hand)
        play(pickpocket, state, 0)
        (gone,) = set(hand) - set(state.players[1].hand)
        assert state.discard == [gone] and state.players[0].hand == []
        lost.append(gone)
    assert lost[0] == lost[1]  # the game's generator, in its state: the same state, the same card
    draws = set()
    for skipped in range(8):
        state = empty_state(2)
        for _ in range(skipped):  # the generator further on in its sequence
            state.rng.next_u64()
        state.players[1].hand = courts(4)
        play(pickpocket, state, 0)
        draws.add(state.discard[0])
    assert len(draws) > 1  # not always the same card


def test_tax_assessor_computes_its_amount(gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assessor = new(gap_cards, 913, monkeypatch)
    state = empty_state(2)
    state.players[0].court = courts(2)
    before = state.players[0].rupees
    play(assessor, state, 0)
    assert state.players[0].rupees == before + 2 * 3 + 1


def test_the_cards_change_something_in_random_games(
    gap_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", gap_cards, NUMBERS, monkeypatch, seed=7, games=30)
    assert all(acted[number] > 0 for number in NUMBERS), acted


def _asked_at_turn_start(state: PamirState) -> list[Choice[object]]:
    return drive(hooks.fire(state, TurnStarted(PlayerId(0))), [], then_first=True)


def test_an_optional_trigger_with_nothing_to_choose_is_not_offered() -> None:
    """Herati Bandits: "at the start of your turn, you may place a spy on a Herat court card
    without spies". With none, its owner is not asked; with one, asked, and the spy placed."""
    state = empty_state(2)
    state.players[0].court = [HERATI_BANDITS]
    state.spies_on(HERATI_BANDITS)[1] = 1  # the only Herat card has a spy
    assert _asked_at_turn_start(state) == []
    other = court_card(lambda c: c.region is Region.HERAT and c.number != HERATI_BANDITS).number
    state.players[1].court = [other]
    asked = _asked_at_turn_start(state)
    assert asked and asked[0].options == (True, False)
    assert state.spies_on(other)[0] == 1
