"""New Pax Porfiriana cards that choose several cards or a number
(tests/porfiriana/fixtures/choice_cards.pax): compiled with the game's vocabulary and played on
the unchanged runtime, with no Python of their own."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card
from paxc.runtime.core.decisions import ENOUGH, Number
from paxc.runtime.porfiriana.actions import PlayCard
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, check_cubes, empty_state, hold, put, turn
from tests.porfiriana.test_new_cards import SHOP, SHOP_2, SHOP_3

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "choice_cards.pax"
NUMBERS = range(9030, 9035)


@pytest.fixture(scope="module")
def choice_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("choice_cards"))


def ready(card: Card, monkeypatch: pytest.MonkeyPatch) -> PorfirianaState:
    """A game in which player 0, on turn, holds `card` to play."""
    join_game(card, monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, card.number)
    return state


def test_pacification_calms_up_to_two_of_your_enterprises(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = choice_cards.CARD_9030
    state = ready(campaign, monkeypatch)
    a = put(state, 0, SHOP.number, unrest=2)
    b = put(state, 0, SHOP_2.number, unrest=1)
    theirs = put(state, 1, SHOP_3.number, unrest=1)
    asked = act(
        state, 0, PlayCard(campaign.number), [lambda c: getattr(c, "number", None) == b.number, ENOUGH]
    )
    first, second = asked[-2:]
    assert [getattr(o, "number", o) for o in first.options] == [a.number, b.number, ENOUGH]
    assert [getattr(o, "number", o) for o in second.options] == [a.number, ENOUGH]
    assert (a.unrest, b.unrest, theirs.unrest) == (2, 0, 1)  # only the one chosen, by 1
    check_cubes(state)


def test_agitators_stir_two_enterprises_of_others_or_all_there_are(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agitators = choice_cards.CARD_9031
    state = ready(agitators, monkeypatch)
    mine = put(state, 0, SHOP.number)
    theirs = put(state, 1, SHOP_2.number)
    act(state, 0, PlayCard(agitators.number), [])  # one there: taken, nobody asked
    assert (mine.unrest, theirs.unrest) == (0, 1)
    state = ready(agitators, monkeypatch)
    held = [
        put(state, player, number)
        for player, number in ((1, SHOP.number), (2, SHOP_2.number), (2, SHOP_3.number))
    ]
    asked = act(
        state,
        0,
        PlayCard(agitators.number),
        [lambda c: getattr(c, "number", None) == SHOP_3.number, lambda c: True],
    )
    assert ENOUGH not in asked[-1].options  # exactly 2: no stopping early
    assert [h.unrest for h in held] == [1, 0, 1]
    check_cubes(state)


def test_hush_money_pays_the_number_chosen_to_remove_that_much_unrest(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    hush = choice_cards.CARD_9032
    state = ready(hush, monkeypatch)
    troubled = put(state, 0, SHOP.number, unrest=2)
    gold = state.players[0].gold - hush.cost
    asked = act(
        state, 0, PlayCard(hush.number), [lambda c: getattr(c, "number", None) == SHOP.number, Number(2)]
    )
    assert asked[-1].options == (Number(1), Number(2))  # up to 3, but no more than its unrest
    assert troubled.unrest == 0 and state.players[0].gold == gold - 2
    check_cubes(state)


def test_hush_money_without_gold_stops_before_paying(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    hush = choice_cards.CARD_9032
    state = ready(hush, monkeypatch)
    troubled = put(state, 0, SHOP.number, unrest=2)
    state.players[0].gold = hush.cost  # nothing left once it is played: a range from 1 to 0
    act(state, 0, PlayCard(hush.number), [lambda c: getattr(c, "number", None) == SHOP.number])
    assert troubled.unrest == 2 and state.players[0].gold == 0


def test_asset_sale_discards_the_enterprises_chosen_for_two_gold_each(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    sale = choice_cards.CARD_9033
    state = ready(sale, monkeypatch)
    put(state, 0, SHOP.number)
    put(state, 0, SHOP_2.number)
    gold = state.players[0].gold - sale.cost
    act(state, 0, PlayCard(sale.number), [lambda c: getattr(c, "number", None) == SHOP_2.number, ENOUGH])
    assert state.holding(SHOP_2.number) is None and state.holding(SHOP.number) is not None
    assert state.players[0].gold == gold + 2
    check_cubes(state)


def test_labor_spy_remembers_an_enterprise_and_troubles_it_on_its_owners_actions(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paxc.generated.porfiriana.vocabulary import Action, ActionTaken
    from paxc.runtime.effects import PlayerId
    from paxc.runtime.porfiriana import hooks, losses
    from paxc.runtime.porfiriana.observe import observe
    from tests.porfiriana.scenario import drive

    spy = choice_cards.CARD_9034
    state = ready(spy, monkeypatch)
    watched = put(state, 1, SHOP.number)
    other = put(state, 2, SHOP_2.number)
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(1))), [])  # not in play: nothing
    act(state, 0, PlayCard(spy.number), [lambda c: getattr(c, "number", None) == SHOP.number])
    assert state.memory == {spy.number: {"marked": SHOP.number}}  # remembered by its number
    assert observe(state, 2).public["card_memory"] == {str(spy.number): {"marked": SHOP.number}}
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(2))), [])  # another player's action
    assert (watched.unrest, other.unrest) == (0, 0)
    drive(hooks.fire(state, ActionTaken(Action.SELL, PlayerId(1))), [])
    assert (watched.unrest, other.unrest) == (1, 0)
    copied = state.copy()
    assert copied.memory == state.memory and copied.memory is not state.memory
    found = state.holding(spy.number)
    assert found is not None
    drive(losses.remove_holding(state, 0, found[1], losses.DISCARD), [])
    assert state.memory == {}  # a card that leaves play forgets
    check_cubes(state)


def test_the_choice_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {c.number: card_text(c) for c in result.games["porfiriana"].cards()}
    assert "you choose up to 2 cards calmed from the cards in your row where" in texts[9030]
    assert "you choose 2 cards stirred from the cards in every row where" in texts[9031]
    assert "you choose a number n from 1 to the least of 3, the unrest on target and your gold" in texts[9032]
    assert "if the card this card marks is known and the card this card marks is among" in texts[9034]


def test_the_choice_cards_play_in_random_games_with_every_invariant(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards join the deck, on top so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, each card's
    effect counted (by wrapping it, which the runtime cannot tell)."""
    acted = count_in_random_games("porfiriana", choice_cards, NUMBERS, monkeypatch, seed=11, games=30)
    print("times each choice card acted in 30 games:", dict(sorted(acted.items())))


def test_the_options_of_these_choices_read_as_numbers_and_no_more() -> None:
    from paxc.runtime.porfiriana.labels import label

    state = empty_state()
    assert (label(state, Number(2)), label(state, ENOUGH)) == ("2", "no more")
