"""Wakhan's answers to a card's choice of several values (`choose up to N c in ...`, asked one
pick at a time with "no more" on offer): each pick as a single question of that kind, court cards
in card priority order, cards of her hand in her discard order, and never stopping early (the
rulebook: whatever a card says she may do, she always does). The cards are the fixtures of
tests/pamir/fixtures/tidy_cards.pax, built on the unchanged runtime."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.pamir.vocabulary import Card, Coalition, Impact, Suit
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.decisions import ENOUGH
from paxc.runtime.effects import Choice, Effect, PlayerId
from paxc.runtime.pamir import wakhan, wakhan_cards
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.pamir.scenario import court_card, drive
from tests.pamir.test_wakhan import HUMAN, SEAT, with_wakhan

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "tidy_cards.pax"


@pytest.fixture(scope="module")
def tidy_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("tidy_cards"))


def plain(suit: Suit, rank: int, exclude: tuple[int, ...] = ()) -> Card:
    """A court card of this suit and rank with nothing that card priority or the discard order
    would look at besides (no patriot, no prize, no leverage)."""
    return court_card(
        lambda c: (
            c.suit is suit
            and c.rank == rank
            and c.patriot is None
            and c.prize is None
            and Impact.LEVERAGE not in c.impact
            and c.number not in exclude
        )
    )


def played_by_wakhan(printed: Card, state: PamirState) -> list[object]:
    """Her answers to the card's `on play` effect, played by her seat."""
    (one_shot,) = printed.abilities[0].one_shots
    effect = run_effect(one_shot.run(PamirContext(state, SEAT, printed.number)))
    chosen: list[object] = []
    drive(wakhan.answering(state, effect, chosen=chosen), [])
    return chosen


def test_she_picks_several_court_cards_in_card_priority_and_takes_all_she_may(
    tidy_cards: ModuleType,
) -> None:
    state = with_wakhan()
    state.favored = Suit.MILITARY
    low, high = sorted([plain(Suit.ECONOMIC, 1).number, plain(Suit.POLITICAL, 1).number])
    favored = plain(Suit.MILITARY, 1).number
    # Listed in court order, which is not her order: the favored suit first, then (the rest
    # equal) the higher card number.
    state.players[HUMAN].court += [low, high, favored]
    chosen = played_by_wakhan(tidy_cards.CARD_985, state)
    assert chosen == [card(favored), card(high)]  # two picks: "no more" was on offer, not taken
    assert [state.spies_on(n)[SEAT] for n in (low, high, favored)] == [0, 1, 1]


def test_she_discards_several_cards_of_her_hand_in_her_discard_order(tidy_cards: ModuleType) -> None:
    state = with_wakhan()
    political = plain(Suit.POLITICAL, 1).number
    economic_2 = plain(Suit.ECONOMIC, 2).number
    economic_1 = plain(Suit.ECONOMIC, 1).number
    # Her cleanup order: not Political first, then the lowest rank.
    state.players[SEAT].hand += [political, economic_2, economic_1]
    before = state.players[SEAT].rupees
    chosen = played_by_wakhan(tidy_cards.CARD_986, state)
    assert chosen == [card(economic_1), card(economic_2)]
    assert state.players[SEAT].hand == [political] and state.players[SEAT].rupees == before + 4


def test_no_more_is_her_answer_only_when_nothing_else_is_offered() -> None:
    """ "No more" comes last in such a question; she answers the question without it as she would
    a single pick (here players: the red arrow's)."""
    state = with_wakhan(loyalties=(Coalition.BRITISH, Coalition.AFGHAN))
    seat = PlayerId(2)
    several = Choice(seat, "which players?", (PlayerId(0), PlayerId(1), ENOUGH))
    assert wakhan.answer(state, several) == wakhan.answer(
        state, Choice(seat, "which?", (PlayerId(0), PlayerId(1)))
    )
    assert wakhan.answer(state, Choice(seat, "only this?", (ENOUGH,))) is ENOUGH


def test_the_cards_play_in_random_games_against_wakhan(
    tidy_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On top of the deck in games of one person against Wakhan, every invariant checked."""
    count_in_random_games(
        "pamir",
        tidy_cards,
        (985, 986),
        monkeypatch,
        seed=5,
        games=0,
        other_games=[({"wakhan": True, "players": 1}, 30)],
    )


def test_her_infrastructure_places_an_army_where_her_region_priority_says() -> None:
    """Civic Improvements' free block after her build (a `choose one`, then a region): the first
    option, an army, of her pragmatic loyalty, in the region she rules that comes first in her
    AI card's region priority."""
    from paxc.generated.pamir import CARDS
    from paxc.generated.pamir.vocabulary import Action, ActionTaken, Region
    from paxc.runtime.pamir import hooks

    (infrastructure,) = [c for c in CARDS if any(a.title == "Infrastructure" for a in c.abilities)]
    state = with_wakhan()  # AI card 201: region priority Transcaspia, Kabul, ..., Punjab last
    state.players[SEAT].court.append(infrastructure.number)
    for region in (Region.PUNJAB, Region.KABUL):
        state.tribes[region][SEAT] = 1
        state.players[SEAT].cylinders -= 1
    loyalty = wakhan_cards.pragmatic_loyalty(state, wakhan_cards.reading(state))

    def build_told() -> Effect:  # `answering` steps a generator
        yield from hooks.fire(state, ActionTaken(Action.BUILD, PlayerId(SEAT)))

    drive(wakhan.answering(state, build_told()), [])
    assert state.armies[Region.KABUL][loyalty] == 1 and state.armies[Region.PUNJAB][loyalty] == 0
