"""The base for a game's rules (runtime/core/rules_base.py), through the game built on it: Bazaar,
the example game `paxc init` writes (tests/example_game/rules/game.py), whose rules write none of
the zones, coins, abilities in effect or effects class of their own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from paxc.runtime.core import rules_base
from paxc.runtime.core.decisions import ENOUGH, Number
from paxc.runtime.core.session import Session
from paxc.runtime.core.zones import MoveRefused, MovesMismatch, Place
from paxc.runtime.effects import Choice, Effect, PlayerId
from tests.conftest import REPO

LOOM, SMITHY, ANVIL, CHARTER, TAPESTRY, PAWNBROKER, FOUNDRY = 1, 4, 5, 8, 3, 13, 6


@pytest.fixture(scope="module")
def bazaar(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example game's rules, importable as `bazaar` for this module only."""
    path = tmp_path_factory.mktemp("path")
    (path / "bazaar").symlink_to(REPO / "tests" / "example_game", target_is_directory=True)
    sys.path.insert(0, str(path))
    try:
        from bazaar.rules import game

        yield game
    finally:
        sys.path.remove(str(path))
        for name in [n for n in sys.modules if n == "bazaar" or n.startswith("bazaar.")]:
            del sys.modules[name]


def session(
    bazaar: ModuleType, *cards: tuple[int, str, int | None], coins: int | None = None
) -> Session[Any]:
    """A two-player game whose setup has `cards` put (card, zone, holder) and P0's coins set
    before the first decision, as a scenario file's position."""

    def arrange(state: Any) -> None:
        for number, zone, holder in cards:
            bazaar.GAME.put(state, number, Place(zone, holder), None)
        if coins is not None:
            bazaar.GAME.set_money(state, 0, coins)

    return Session(bazaar.Rules(), {"players": 2}, 1, arrange=arrange)


def choose(game: Session[Any], said: str) -> None:
    """Answer the pending decision with the option whose label starts with `said`."""
    pending = game.pending
    assert pending is not None
    labels = [game.rules.label(game.state, option) for option in pending.options]
    game.apply_action(next(i for i, label in enumerate(labels) if label.startswith(said)))


def test_the_table_has_every_zone_the_vocabulary_declares(bazaar: ModuleType) -> None:
    table = bazaar.GAME.new_table(3, money=2)
    assert sorted(table.shared) == ["deck", "discard", "market"]
    assert [sorted(seat) for seat in table.seats] == [["hand", "stall"]] * 3
    assert table.money == [2, 2, 2]
    with pytest.raises(ValueError, match="in_play names zones the vocabulary does not declare: court"):
        rules_base.CardGame(bazaar.CARDS, bazaar.vocabulary, in_play=("court",))
    # A game with zones says which hold the cards in play (only a game without zones has a default).
    with pytest.raises(ValueError, match="say which zones' cards have their abilities in effect"):
        rules_base.CardGame(bazaar.CARDS, bazaar.vocabulary)


def test_a_discount_once_per_round_is_spent_by_a_purchase_and_back_next_round(bazaar: ModuleType) -> None:
    """Market Charter: 1 less for its owner until a purchase spends it; the game's next round
    (every player's turn once: `GAME.begin_round`) brings it back."""
    game = session(
        bazaar, (CHARTER, "stall", 0), (TAPESTRY, "market", None), (FOUNDRY, "market", None), coins=20
    )
    state = game.state
    assert bazaar.cost(state, 0, TAPESTRY) == 4 and bazaar.cost(state, 1, TAPESTRY) == 5
    choose(game, "buy Tapestry for 4")
    assert state.table.balance(0) == 16
    assert bazaar.cost(state, 0, FOUNDRY) == 6  # spent for the rest of the round
    choose(game, "take a coin")  # P1: the round ends
    assert bazaar.cost(state, 0, FOUNDRY) == 5


def test_a_card_turned_over_shows_its_other_side(bazaar: ModuleType) -> None:
    """Smithy plays as its Apprentice side (1 point); another Smiths card played turns it over
    into the Master Smith (4 points), whose side has no ability: it never turns back."""
    game = session(bazaar, (SMITHY, "stall", 0), (ANVIL, "hand", 0))
    state = game.state
    assert bazaar.points(state, 0) == 1
    choose(game, "play Anvil")
    assert state.table.showing[SMITHY] == 1 and bazaar.GAME.face(state.table, SMITHY).name == "Master Smith"
    assert bazaar.points(state, 0) == 4 + 2


def test_a_declared_move_without_a_rule_of_the_game_moves_the_card_plainly(bazaar: ModuleType) -> None:
    """Pawnbroker: the card chosen (offered by its name) goes from the hand onto the discard pile,
    whose top is its last card; the game's `moved` hears it."""
    game = session(bazaar, (PAWNBROKER, "hand", 0), (FOUNDRY, "hand", 0), (LOOM, "discard", None))
    state = game.state
    choose(game, "play Pawnbroker")
    pending = game.pending
    assert isinstance(pending, Choice) and "Foundry" in [game.rules.label(state, o) for o in pending.options]
    choose(game, "Foundry")
    assert state.table.zone("discard")[-2:] == [LOOM, FOUNDRY]
    assert FOUNDRY not in state.table.zone("hand", 0)
    effects = bazaar.Bazaar(state, 0)
    assert effects.top_card(bazaar.Zone.DISCARD, None).number == FOUNDRY
    assert effects.card_zone(bazaar.GAME.card(FOUNDRY)) == bazaar.Zone.DISCARD
    assert effects.card_owner(bazaar.GAME.card(FOUNDRY)) == 0  # a shared zone: the effect's owner


def no_rule(state: Any, number: int, where: Place, to: Place) -> Effect:
    yield from ()


def test_a_move_the_vocabulary_does_not_declare_is_refused(bazaar: ModuleType) -> None:
    state = session(bazaar, (LOOM, "stall", 0)).state
    with pytest.raises(MoveRefused, match="cannot move from stall of P0 to discard"):
        list(bazaar.GAME.move(state, LOOM, Place("discard"), ["stall"]))
    with pytest.raises(MovesMismatch, match="a rule not declared: stall to discard"):
        rules_base.CardGame(
            bazaar.CARDS,
            bazaar.vocabulary,
            in_play=("stall",),
            movers={("stall", "discard"): no_rule},
        )


def test_money_is_all_or_nothing_and_taking_takes_what_there_is(bazaar: ModuleType) -> None:
    from paxc.runtime.core.money import CannotPay

    state = session(bazaar).state
    bazaar.GAME.set_money(state, 0, 1)
    bazaar.GAME.set_money(state, 1, 5)
    effects = bazaar.Bazaar(state, 0)
    with pytest.raises(CannotPay):
        list(effects.pay_money(2, PlayerId(0), PlayerId(1)))
    assert state.table.money == [1, 5]
    list(effects.take_money(9, PlayerId(0), PlayerId(1)))
    assert state.table.money == [6, 0]


def test_the_options_of_card_choices_read_as_players_read_them(bazaar: ModuleType) -> None:
    loom = bazaar.GAME.card(LOOM)
    said = [rules_base.label(o) for o in (loom, PlayerId(1), bazaar.Guild.WEAVERS, True, False)]
    assert said == ["Loom", "P1", "Weavers", "yes", "no"]
    assert [rules_base.label(o) for o in (Number(3), ENOUGH, "you take 2 coins")] == [
        "3",
        "no more",
        "you take 2 coins",
    ]


def test_a_copy_is_its_own_and_the_digest_sees_every_part(bazaar: ModuleType) -> None:
    rules = bazaar.Rules()
    state = session(bazaar).state
    copy = rules.copy_state(state)
    assert rules.digest(copy) == rules.digest(state)
    copy.table.zone("hand", 0).append(copy.table.zone("deck").pop(0))
    copy.table.showing[SMITHY] = 1
    copy.table.used_this_round.add("0@x")
    assert rules.digest(copy) != rules.digest(state) and "0@x" not in state.table.used_this_round
    expected = state.table.counted()
    copy.table.zone("discard").append(copy.table.zone("hand", 0)[0])
    assert bazaar.GAME.violations(copy, expected) != [] and bazaar.GAME.violations(state, expected) == []


def test_a_preview_says_the_money_and_the_cards_an_option_moves(bazaar: ModuleType) -> None:
    rules = bazaar.Rules()
    before = session(bazaar, (LOOM, "hand", 0), (FOUNDRY, "hand", 0)).state
    after = rules.copy_state(before)
    after.table.zone("hand", 0).remove(LOOM)
    after.table.zone("stall", 0).append(LOOM)
    after.table.zone("hand", 0).remove(FOUNDRY)
    after.table.zone("discard").append(FOUNDRY)
    after.table.receive(0, 3)
    assert bazaar.GAME.changes(before, after, 0, money="coins") == [
        "+3 coins",
        "Loom from hand into stall",
        "Foundry out of hand",
    ]
    assert bazaar.GAME.changes(before, after, 1) == []
