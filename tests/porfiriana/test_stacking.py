"""Stacked modifiers in Pax Porfiriana: several cards change the price of one market card, and the
price comes out the same whatever order they came into play (README, "Stacking").

The cards: the printed Bernardo Reyes, whose Loyalist side buys troops at half price, rounded up
(a scaling), and the partners of tests/porfiriana/fixtures/stacking_cards.pax, built against the
unchanged runtime: Company Store (1 gold less for its owner), Tariff Collector (2 more for
everybody else), Price Board (at most 5), Speculators (at least 1 for everybody else). The
rules then keep a price at 0 or more.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, PurchaseCost
from paxc.runtime.porfiriana import game_rules, market
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import empty_state, find, hacendados, named, seat, seat_without

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "stacking_cards.pax"
NUMBERS = {"store": 9060, "tariff": 9061, "board": 9062, "speculators": 9063}
REYES = named("Bernardo Reyes")
TROOP = find(CardType.TROOP)
ENTERPRISE = find(CardType.ENTERPRISE)


@pytest.fixture(scope="module")
def stacking_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("stacking_cards"))


@pytest.fixture()
def joined(stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> dict[str, Card]:
    cards = {name: getattr(stacking_cards, f"CARD_{number}") for name, number in NUMBERS.items()}
    for printed in cards.values():
        join_game(printed, monkeypatch)
    return cards


def by_the_stages(base: int, buyer: int, troop: bool, owners: dict[str, int]) -> int:
    """The price the rules of stacking give, worked out by hand (Reyes sits with player 0)."""
    price = (base + 1) // 2 if troop and buyer == 0 else base  # Reyes: half, rounded up
    price += -1 if buyer == owners["store"] else 0
    price += 2 if buyer != owners["tariff"] else 0
    price = min(price, 5)  # Price Board
    price = max(price, 1) if buyer != owners["speculators"] else price
    return max(price, 0)  # the rules: no price below nothing


def seated() -> PorfirianaState:
    """Reyes, a Loyalist, with player 0; the others with Hacendados that change no price (the
    one whose starting ability does not, and one flipped to its Partner side)."""
    state = empty_state(3)
    seat(state, 0, REYES)
    seat_without(state, 1, PurchaseCost)
    seat(
        state,
        2,
        next(h for h in hacendados() if h.number not in (REYES.number, state.players[1].row[0].number)),
        side=1,
    )
    return state


def arrangements(joined: dict[str, Card]) -> Iterator[tuple[PorfirianaState, dict[str, int]]]:
    """Every way the partners can have come into play: the Price Board and the Speculators in
    any row, each row in any order after its Hacendado (a row is in the order of play)."""
    for board_owner, speculators_owner in itertools.product(range(3), repeat=2):
        owners = {"store": 0, "tariff": 1, "board": board_owner, "speculators": speculators_owner}
        state = seated()
        rows: list[list[int]] = [[], [], []]
        for name, owner in owners.items():
            rows[owner].append(joined[name].number)
        hacendados = [p.row[0] for p in state.players]
        for orders in itertools.product(*(itertools.permutations(row) for row in rows)):
            for player, hacendado, order in zip(state.players, hacendados, orders, strict=True):
                player.row = [hacendado, *(Holding(number) for number in order)]
            yield state, owners


def price(state: PorfirianaState, buyer: int, bought: Card, column: int) -> int:
    state.market[0][column] = bought.number
    return market.purchase_cost(state, buyer, 0, column)


def test_every_order_of_play_gives_the_price_of_the_stages(joined: dict[str, Card]) -> None:
    seen = 0
    for state, owners in arrangements(joined):
        for column, buyer, bought in itertools.product(
            range(len(COLUMN_COSTS)), range(3), (TROOP, ENTERPRISE)
        ):
            expected = by_the_stages(COLUMN_COSTS[column], buyer, bought is TROOP, owners)
            rows = [[h.number for h in p.row] for p in state.players]
            assert price(state, buyer, bought, column) == expected, (rows, column, buyer, bought.name)
            seen += 1
    assert seen == 30 * len(COLUMN_COSTS) * 3 * 2  # 30 arrangements of the rows


def test_half_price_then_one_less_whoever_came_first(joined: dict[str, Card]) -> None:
    """Reyes halves a troop's price, the Company Store takes 1 off the half: a troop of the
    16-gold column costs its owner 8 - 1 = 7, capped at 5 by the Price Board."""
    state = seated()
    state.players[0].row.append(Holding(joined["store"].number))
    assert price(state, 0, TROOP, 5) == 7  # not half of 15 (8)
    assert price(state, 0, TROOP, 2) == 0  # half of 2 is 1, then 1 less
    state.players[1].row.append(Holding(joined["board"].number))
    assert price(state, 0, TROOP, 5) == 5
    assert price(state, 1, ENTERPRISE, 5) == 5
    state.players[2].row.append(Holding(joined["speculators"].number))
    assert price(state, 1, ENTERPRISE, 0) == 1  # another player's: at least 1
    assert price(state, 2, ENTERPRISE, 0) == 0  # its owner's: free stays free


def test_the_stacking_cards_play_in_random_games_with_every_invariant(
    stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The partners join the deck on top, so that they reach the market at once; random games
    are played with every invariant checked after each decision, and each card's modifiers and triggers act
    (counted by wrapping them: the runtime cannot tell)."""
    count_in_random_games(
        "porfiriana", stacking_cards, (*NUMBERS.values(), 9064), monkeypatch, seed=5, games=10
    )


# ---------------------------------------------------------------------- once per round


def test_market_gossip_acts_once_per_round(
    stacking_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round is every player's turn once: the gossip pays once while the three players take
    their turns, and again once the first player's next turn begins a round."""
    from paxc.generated.porfiriana.vocabulary import CardSold
    from paxc.runtime.effects import PlayerId
    from paxc.runtime.porfiriana import hooks
    from paxc.runtime.porfiriana.actions import EndTurn
    from tests.porfiriana.scenario import drive

    gossip = stacking_cards.CARD_9064
    join_game(gossip, monkeypatch)
    state = seated()
    state.players[0].row.append(Holding(gossip.number))
    sold = CardSold(ENTERPRISE, PlayerId(1))

    def end_turn(player: int) -> None:
        state.active = player
        drive(game_rules.take_turn(state, player), [lambda o: isinstance(o, EndTurn)], then_first=True)

    def paid_for_two_sales() -> int:
        before = state.players[0].gold
        drive(hooks.fire(state, sold), [])
        drive(hooks.fire(state, sold), [])
        return state.players[0].gold - before

    state.turn_number = 0
    paid = []
    for player in (0, 1, 2, 0):
        end_turn(player)  # turn 1 begins the first round, turns 2 and 3 are in it, 4 begins the next
        paid.append(paid_for_two_sales())
    assert paid == [1, 0, 0, 1]
    assert state.copy().used_this_round == state.used_this_round  # saves and clones carry it
