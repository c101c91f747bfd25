"""Stacked modifiers in Pax Pamir: several cards change the price of one market card, and the
price comes out the same whatever order they came into play (README, "Stacking").

The cards: the printed Persian Influence (Persian cards cost its owner nothing: a replacement)
and the fixture cards of tests/pamir/fixtures/stacking_cards.pax, built against the unchanged
runtime: Market Panic (every price doubled: a scaling), Silk Road Haggler (1 less for its owner,
never below nothing: an adjustment and a floor), Customs House (2 more for everybody else: an
adjustment), Price Controls (at most 3: a ceiling).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Card, PurchaseCost, Region, Suit
from paxc.runtime.core import abilities
from paxc.runtime.effects import Modifier, PlayerId, Stage
from paxc.runtime.pamir import market
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import MARKET_COLUMNS, PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "stacking_cards.pax"
PERSIAN_INFLUENCE = court_card(lambda c: any(a.title == "Persian Influence" for a in c.abilities))
PLAIN = court_card(lambda c: not c.abilities and c.region is not Region.PERSIA)  # bought: its price
PERSIAN = court_card(lambda c: not c.abilities and c.region is Region.PERSIA)


@pytest.fixture(scope="module")
def stacking_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("stacking_cards"))


@pytest.fixture()
def joined(stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> dict[str, Card]:
    cards = {name: getattr(stacking_cards, f"CARD_{number}") for name, number in NUMBERS.items()}
    for printed in cards.values():
        join_game(printed, monkeypatch)
    return cards


NUMBERS = {"haggler": 960, "customs": 961, "panic": 962, "controls": 963}


def by_the_stages(base: int, buyer: int, persian: bool, owners: dict[str, int]) -> int:
    """The price the rules of stacking give, worked out by hand: replace, scale, adjust, ceiling,
    floor (Persian Influence and the Haggler sit with player 0, the Customs House with 1)."""
    price = 0 if persian and buyer == 0 else base  # Persian Influence
    price *= 2  # Market Panic
    price += -1 if buyer == owners["haggler"] else 0
    price += 2 if buyer != owners["customs"] else 0
    price = min(price, 3)  # Price Controls
    return max(price, 0) if buyer == owners["haggler"] else price


def arrangements(joined: dict[str, Card]) -> Iterator[tuple[PamirState, dict[str, int]]]:
    """Every way the cards can have come into play: Market Panic and Price Controls in any
    court, each court in any order (a court is in the order its cards were played)."""
    for panic_owner, controls_owner in itertools.product(range(3), repeat=2):
        owners = {"haggler": 0, "customs": 1, "panic": panic_owner, "controls": controls_owner}
        courts: list[list[int]] = [[], [], []]
        courts[0].append(PERSIAN_INFLUENCE.number)
        for name, owner in owners.items():
            courts[owner].append(joined[name].number)
        for orders in itertools.product(*(itertools.permutations(court) for court in courts)):
            state = empty_state(3)
            state.favored = Suit.POLITICAL  # one rupee a column
            for player, order in zip(state.players, orders, strict=True):
                player.court = list(order)
            yield state, owners


def price(state: PamirState, buyer: int, bought: Card, column: int) -> int:
    state.market[0][column] = bought.number
    return market.purchase_cost(state, buyer, 0, column)


def test_every_order_of_play_gives_the_price_of_the_stages(joined: dict[str, Card]) -> None:
    seen = 0
    for state, owners in arrangements(joined):
        for column, buyer, bought in itertools.product(range(MARKET_COLUMNS), range(3), (PLAIN, PERSIAN)):
            expected = by_the_stages(column, buyer, bought is PERSIAN, owners)
            assert price(state, buyer, bought, column) == expected, (
                owners,
                state.players[0].court,
                column,
                buyer,
            )
            seen += 1
    assert seen == 84 * MARKET_COLUMNS * 3 * 2  # 84 arrangements of the courts


def test_the_stages_as_the_cards_say_them(joined: dict[str, Card]) -> None:
    """One arrangement, by hand: Price Controls played before Market Panic still caps the
    doubled price; the Haggler's floor acts after the Customs House (not its owner's)."""
    state = empty_state(3)
    state.favored = Suit.POLITICAL
    state.players[0].court = [joined["controls"].number, joined["haggler"].number, PERSIAN_INFLUENCE.number]
    state.players[1].court = [joined["customs"].number, joined["panic"].number]
    assert price(state, 2, PLAIN, 1) == 3  # 1, doubled 2, +2 = 4, at most 3
    assert price(state, 1, PLAIN, 1) == 2  # 1, doubled 2, its own customs do not count
    assert price(state, 0, PLAIN, 0) == 1  # 0, doubled 0, -1 +2 = 1
    assert price(state, 0, PERSIAN, 4) == 1  # replaced by 0 first: 0, -1 +2 = 1
    state.players[1].court.remove(joined["customs"].number)
    assert price(state, 0, PLAIN, 0) == 0  # 0 - 1: the Haggler's floor holds it at 0
    assert price(state, 0, PERSIAN, 5) == 0


def test_in_stages_applies_stages_in_order_whatever_the_order_given() -> None:
    """The shared implementation alone, with modifiers made by hand: every order of the list
    gives the stages' result."""

    def made(stage: Stage, change: int) -> Modifier[Any, object, int]:
        def apply(ctx: Any, event: object, current: int) -> int:
            if stage is Stage.REPLACE:
                return change
            if stage is Stage.SCALE:
                return current * change
            if stage is Stage.ADJUST:
                return current + change
            return min(current, change) if stage is Stage.CEILING else max(current, change)

        return Modifier(hook=object, apply=apply, source="test", stage=stage)

    modifiers = [
        made(Stage.FLOOR, 2),
        made(Stage.CEILING, 9),
        made(Stage.ADJUST, -4),
        made(Stage.SCALE, 3),
        made(Stage.REPLACE, 4),
        made(Stage.ADJUST, 1),
    ]
    hook = PurchaseCost(PLAIN, PlayerId(0))
    results = {
        abilities.in_stages([(None, m) for m in order], hook, 100)
        for order in itertools.permutations(modifiers)
    }
    assert results == {9}  # 4, times 3 = 12, -4 +1 = 9, at most 9, at least 2


def test_the_fixture_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {card.number: card_text(card) for card in result.games["pamir"].cards()}
    assert "the cost for you to buy a card is 1 less" in texts[960]
    assert "the cost for you to buy a card is at least 0" in texts[960]
    assert "the cost for another player to buy a card is 2 more" in texts[961]
    assert "is 2 times what it would otherwise be" in texts[962]
    assert "the cost for a player to buy a card is at most 3" in texts[963]


def test_a_context_is_what_each_card_sees(joined: dict[str, Card]) -> None:
    """The Haggler's owner is the buyer it favours: its context's `you` is its court's owner."""
    state = empty_state(3)
    state.players[2].court = [joined["haggler"].number]
    (ability,) = joined["haggler"].abilities
    adjust, floor = ability.modifiers
    assert (adjust.stage, floor.stage) == (Stage.ADJUST, Stage.FLOOR)
    ctx = PamirContext(state, 2, joined["haggler"].number)
    assert adjust.apply(ctx, PurchaseCost(PLAIN, PlayerId(2)), 3) == 2
    assert adjust.apply(ctx, PurchaseCost(PLAIN, PlayerId(0)), 3) == 3


def test_the_stacking_cards_play_in_random_games_with_every_invariant(
    stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards join the deck on top, so that they reach the market at once; random games are
    played with every invariant checked after each decision, and each card's modifiers and triggers act
    (counted by wrapping them: the runtime cannot tell)."""
    count_in_random_games("pamir", stacking_cards, (*NUMBERS.values(), 964), monkeypatch, seed=5, games=20)


# ---------------------------------------------------------------------- once per round


def test_bazaar_watch_acts_once_per_round(
    stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round is every player's turn once: the watch pays once in the first three turns of a
    three-player game, and again once the fourth turn (the first player's) begins a round."""
    from paxc.generated.pamir.vocabulary import CardPlayed, Impact
    from paxc.runtime.pamir import hooks, rules
    from paxc.runtime.pamir.state import card
    from tests.pamir.scenario import drive

    watch = stacking_cards.CARD_964
    join_game(watch, monkeypatch)
    state = empty_state(3)
    state.players[0].court.append(watch.number)
    spying = court_card(lambda c: Impact.SPY in c.impact and not c.abilities)
    played = CardPlayed(card(spying.number), PlayerId(1))

    def end_turn(player: int) -> None:
        drive(
            rules.take_turn(state, player),
            [lambda option: isinstance(option, rules.EndTurn)],
            then_first=True,
        )

    before = state.players[0].rupees
    end_turn(0)  # turn 1 begins the first round
    drive(hooks.fire(state, played), [])
    drive(hooks.fire(state, played), [])  # the same turn
    end_turn(1)
    drive(hooks.fire(state, played), [])  # another turn, the same round
    end_turn(2)
    drive(hooks.fire(state, played), [])
    assert state.players[0].rupees == before + 1
    end_turn(0)  # turn 4: a new round
    drive(hooks.fire(state, played), [])
    assert state.players[0].rupees == before + 2
    assert state.copy().used_this_round == state.used_this_round  # saves and clones carry it


def test_bazaar_watch_reads_as_its_note_says() -> None:
    from paxc.compiler.project import compile_paths
    from paxc.compiler.render import card_text

    (text,) = [card_text(c) for c in compile_paths([FIXTURE], REPO).games["pamir"].cards() if c.number == 964]
    assert "Once per round, after a player plays a spy card" in text
