"""New Pax Pamir cards that choose several cards or a number, or remember a card
(tests/pamir/fixtures/choice_cards.pax): compiled with the game's vocabulary and played on the
unchanged runtime, with no Python of their own."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Card, Coalition, Region, Suit, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.decisions import ENOUGH, Number
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "choice_cards.pax"
NUMBERS = range(930, 935)


@pytest.fixture(scope="module")
def choice_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("choice_cards"))


def court_card_after(number: int, suit: Suit | None = None) -> Card:
    """The first court card numbered above `number` (of `suit`, if given)."""
    return court_card(lambda c: c.number > number and suit in (None, c.suit))


def play(card: Card, state: PamirState, player: int, answers: list[Answer]) -> None:
    """Run the card's `on play` effect as the rules do when `player` plays it."""
    (one_shot,) = card.abilities[0].one_shots
    drive(run_effect(one_shot.run(PamirContext(state, player, card.number))), answers)


def test_clearing_the_desk_discards_up_to_two_cards_for_a_rupee_each(choice_cards: ModuleType) -> None:
    desk = choice_cards.CARD_930
    state = empty_state(2)
    first, second, third = (court_card_after(n) for n in (10, 20, 30))
    state.players[0].hand = [first.number, second.number, third.number]
    rupees = state.players[0].rupees
    play(desk, state, 0, [third, first])  # the second pick is offered the two left and "no more"
    assert state.players[0].hand == [second.number]
    assert state.discard[-2:] == [first.number, third.number]  # in the hand's order
    assert state.players[0].rupees == rupees + 2


def test_clearing_the_desk_may_discard_nothing(choice_cards: ModuleType) -> None:
    state = empty_state(2)
    card = court_card(lambda c: True)
    state.players[0].hand = [card.number]
    rupees = state.players[0].rupees
    play(choice_cards.CARD_930, state, 0, [ENOUGH])
    assert state.players[0].hand == [card.number] and state.players[0].rupees == rupees


def test_web_of_informants_spies_on_two_cards_of_other_courts(choice_cards: ModuleType) -> None:
    state = empty_state(3)
    mine, a, b, c = (court_card_after(n) for n in (10, 20, 30, 40))
    state.players[0].court.append(mine.number)
    state.players[1].court += [a.number, b.number]
    state.players[2].court.append(c.number)
    play(choice_cards.CARD_931, state, 0, [c, a])  # exactly 2: "no more" is never offered
    assert [state.spies_on(n)[0] for n in (mine.number, a.number, b.number, c.number)] == [0, 1, 0, 1]


def test_web_of_informants_takes_all_when_fewer_than_two(choice_cards: ModuleType) -> None:
    state = empty_state(2)
    only = court_card(lambda c: True)
    state.players[1].court.append(only.number)
    play(choice_cards.CARD_931, state, 0, [])  # one card there: nobody is asked
    assert state.spies_on(only.number)[0] == 1


def test_recruiting_drive_places_the_number_chosen(choice_cards: ModuleType) -> None:
    state = empty_state(2)
    before = state.armies[Region.KANDAHAR][Coalition.AFGHAN]
    offered: list[Any] = []

    def two(option: object) -> bool:
        offered.append(option)
        return False

    with pytest.raises(AssertionError):  # shows every option, then finds none it wants
        play(choice_cards.CARD_932, empty_state(2), 0, [two])
    assert offered == [Number(1), Number(2), Number(3)]
    play(choice_cards.CARD_932, state, 0, [Number(2)])
    assert state.armies[Region.KANDAHAR][Coalition.AFGHAN] == before + 2


def test_war_tax_offers_one_to_the_military_cards_and_nothing_without(choice_cards: ModuleType) -> None:
    tax = choice_cards.CARD_934
    state = empty_state(2)
    rupees = state.players[0].rupees
    play(tax, state, 0, [])  # from 1 to 0: nothing to choose, the effect stops
    assert state.players[0].rupees == rupees
    military = [court_card_after(n, Suit.MILITARY) for n in (0, 30)]
    state.players[0].court += [c.number for c in military]
    seen: list[Any] = []

    def look(option: object) -> bool:
        seen.append(option)
        return option == Number(2)

    play(tax, state, 0, [look])
    assert seen == [Number(1), Number(2)]  # from 1 to the 2 Military cards
    assert state.players[0].rupees == rupees + 2


def test_marked_man_remembers_a_card_and_spies_on_it_while_in_a_court(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_man = choice_cards.CARD_933
    join_game(marked_man, monkeypatch)
    state = empty_state(2)
    target = court_card(lambda c: c.number > 10)
    state.players[0].court.append(marked_man.number)
    state.players[1].court.append(target.number)
    started = TurnStarted(PlayerId(0))
    drive(hooks.fire(state, started), [])  # nothing remembered yet: it does nothing
    assert state.spies_on(target.number)[0] == 0
    play(marked_man, state, 0, [target])  # the only card of another court
    assert state.memory[marked_man.number] == {"marked": target.number}
    drive(hooks.fire(state, started), [])
    assert state.spies_on(target.number)[0] == 1
    drive(hooks.fire(state, TurnStarted(PlayerId(1))), [])  # another player's turn
    assert state.spies_on(target.number)[0] == 1
    state.players[1].court.remove(target.number)  # the marked card leaves the courts
    state.spies.pop(target.number, None)
    drive(hooks.fire(state, started), [])
    assert state.spies_on(target.number)[0] == 0


def test_the_choice_cards_read_as_their_notes_say(choice_cards: ModuleType) -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {card.number: card_text(card) for card in result.games["pamir"].cards()}
    assert "you choose up to 2 cards chosen from the cards in your hand" in texts[930]
    assert "you choose 2 cards watched from the cards in every court where" in texts[931]
    assert "you choose a number n from 1 to 3; place n Afghan armies" in texts[932]
    assert "if the card this card marks is known and" in texts[933]


def test_the_choice_cards_play_in_random_games_with_every_invariant(
    choice_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards join the deck, on top so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision; each card's
    effects are counted by wrapping them (the runtime cannot tell), and a game's save replays."""
    from paxc.runtime import games
    from paxc.runtime.core.agents import RandomAgent
    from paxc.runtime.core.session import Session, play_out

    acted = count_in_random_games("pamir", choice_cards, NUMBERS, monkeypatch, seed=7, games=40)
    print("times each choice card acted in 40 games:", dict(sorted(acted.items())))
    # A game with these decisions saves and replays to the same state.
    kit = games.find("pamir").load_kit()
    session = kit.new_session({"players": 3}, seed=11)
    play_out(session, [RandomAgent(11 + p) for p in range(3)])
    replayed = Session.loads(kit.rules, session.dumps(), kit.options, observer=kit.observe)
    assert replayed.log == session.log and replayed.is_terminal()


def test_the_options_of_these_choices_read_as_numbers_and_no_more() -> None:
    from paxc.runtime.pamir.labels import label

    state = empty_state(2)
    assert (label(state, Number(2)), label(state, ENOUGH)) == ("2", "no more")  # not "player 2"
