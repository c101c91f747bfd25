"""The base for a game's rules (runtime/core/rules_base.py), through the game built on it: Bazaar,
the example game `paxc init` writes (tests/example_game/rules/game.py), whose rules write none of
the zones, coins, abilities in effect or effects class of their own; and part by part through a
made-up game whose cards are written here (a game without zones, abilities by where they act,
plain moves, what card effects see)."""

from __future__ import annotations

import enum
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from paxc.runtime.core import rules_base
from paxc.runtime.core.decisions import ENOUGH, Number
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Session
from paxc.runtime.core.zones import MoveRefused, MovesMismatch, Place
from paxc.runtime.effects import (
    Ability,
    Choice,
    DurationEnd,
    Effect,
    Modifier,
    OneShot,
    PlayerId,
    Replacement,
    Stage,
    Trigger,
)
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
    with pytest.raises(ValueError, match="^in_play names zones the vocabulary does not declare: court, row$"):
        rules_base.CardGame(bazaar.CARDS, bazaar.vocabulary, in_play=("court", "stall", "row"))
    # A game with zones says which hold the cards in play (only a game without zones has a default).
    with pytest.raises(
        ValueError, match=r"^say which zones' cards have their abilities in effect: in_play=\(...\)$"
    ):
        rules_base.CardGame(bazaar.CARDS, bazaar.vocabulary)
    assert rules_base.CardGame(bazaar.CARDS, bazaar.vocabulary, in_play=("stall",)).new_table(2).money == [
        0,
        0,
    ]


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
    copy.table.memory[LOOM] = {"named": 1}
    assert rules.digest(copy) != rules.digest(state) and "0@x" not in state.table.used_this_round
    expected = state.table.counted()
    copy.table.zone("discard").append(copy.table.zone("hand", 0)[0])
    assert bazaar.GAME.violations(copy, expected) != [] and bazaar.GAME.violations(state, expected) == []


def test_the_digest_holds_each_part_of_the_table_under_its_name_by_card() -> None:
    """The table's plain data, as a save's digest is made of it: a save written by one version
    is checked against the digest its replay makes in the next, so the form stays as it is, and
    each card's memory and side under the card's own number."""
    table = rules_base.Table({"deck": [3, 1]}, [{"hand": [2]}, {"hand": []}], [5, 0])
    table.memory.update({4: {"b": 2, "a": 1}, 2: {"n": 3}})
    table.lasting.append(Lasting(5, 0, 1, "this_turn", armed=True))
    table.showing.update({6: 2, 1: 1})
    table.used_this_turn.update({"1@t", "0@t"})
    table.used_this_round.add("0@r")
    table.trigger_acts.update({"1@t": 2, "0@t": 1})
    assert table.data() == {
        "shared": {"deck": [3, 1]},
        "seats": [{"hand": [2]}, {"hand": []}],
        "money": [5, 0],
        "memory": {"2": {"n": 3}, "4": {"a": 1, "b": 2}},
        "lasting": [[5, 0, 1, "this_turn", True]],
        "showing": {"1": 1, "6": 2},
        "used_this_turn": ["0@t", "1@t"],
        "used_this_round": ["0@r"],
        "trigger_acts": {"0@t": 1, "1@t": 2},
    }
    copied = table.copy()  # every part, each its own
    assert copied == table
    assert all(getattr(copied, part) is not getattr(table, part) for part in table.data())


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
    # One unit is said in the singular when the game names it.
    after.table.spend(0, 2)
    assert bazaar.GAME.changes(before, after, 0, money="coins", one="coin")[0] == "+1 coin"
    assert bazaar.GAME.changes(before, after, 0, money="coins")[0] == "+1 coins"


# ---------------------------------------------------------------------- a made-up game's parts
# A game of five zones (a deck, a market whose cards act for the player whose turn it is, a
# discard pile, and a hand and a row for each player), whose cards are made up here, so that each
# part of the base is seen alone: where abilities act, which moves are plain, what effects see.


class ToyZone(enum.StrEnum):
    DECK = "deck"
    MARKET = "market"
    DISCARD = "discard"
    HAND = "hand"
    ROW = "row"


@dataclass(frozen=True)
class Ended:
    player: int


@dataclass(frozen=True)
class Cost:
    card: int


@dataclass(frozen=True)
class ToyCard:
    number: int
    name: str
    sides: tuple[Any, ...] = ()
    abilities: tuple[Ability[Any], ...] = ()
    lasting: tuple[Ability[Any], ...] = ()


@dataclass
class ToyState:
    table: rules_base.Table
    active: int = 0
    rng: Rng = field(default_factory=lambda: Rng(3))


# The vocabulary module a build would generate, as far as the base reads it.
TOY: Any = SimpleNamespace(
    GAME="toy",
    Zone=ToyZone,
    PLAYER_ZONES=(ToyZone.HAND, ToyZone.ROW),
    MOVES=[(ToyZone.HAND, ToyZone.DISCARD), (ToyZone.ROW, ToyZone.DISCARD), (ToyZone.ROW, ToyZone.HAND)]
    + [(ToyZone.DECK, ToyZone.HAND), (ToyZone.ROW, ToyZone.MARKET)],
    DURATION_ENDS={"this_turn": DurationEnd(Ended, "player")},
)


def heard(name: str) -> Ability[Any]:
    """An ability that notes each `Ended` it hears, by its owner and card."""

    def note(ctx: Any, event: Ended) -> Effect:
        ctx.state.heard.append((name, int(ctx.you), ctx.this))
        yield from ()

    return Ability(name, triggers=(Trigger(Ended, lambda ctx, event: True, note, False, name),))


def cheaper(place: str = "play") -> Ability[Any]:
    return Ability(
        "cheaper", modifiers=(Modifier(Cost, lambda ctx, hook, v: v - 1, "c", Stage.ADJUST, place),)
    )


def toy_game(**kw: Any) -> tuple[rules_base.CardGame[Any, Any], type[Any]]:
    cards = [
        ToyCard(1, "Watcher", abilities=(heard("watch"),)),
        ToyCard(2, "Bargain", abilities=(cheaper(),)),
        ToyCard(3, "Stall Sign", abilities=(cheaper("market"),)),
        ToyCard(4, "Plain"),
        ToyCard(5, "Tide", lasting=(heard("tide"),)),
        ToyCard(6, "Coin", sides=(ToyCard(6, "Heads"), ToyCard(6, "Tails"), ToyCard(6, "Edge"))),
    ]
    game: rules_base.CardGame[Any, Any] = rules_base.CardGame(
        cards, TOY, in_play=kw.pop("in_play", ("row", "market")), own_zones=("box",), **kw
    )

    class Effects(rules_base.CardEffects[Any, Any]):
        pass

    Effects.game = game
    game.effects = Effects
    return game, Effects


def toy_state(game: rules_base.CardGame[Any, Any], players: int = 3, active: int = 0) -> Any:
    state = ToyState(game.new_table(players, money=4), active)
    state.heard = []  # type: ignore[attr-defined]
    return state


NO_ZONES: Any = SimpleNamespace()  # a vocabulary that declares no zone


def test_the_effects_class_that_names_the_game_is_the_one_its_abilities_run_in() -> None:
    game: rules_base.CardGame[Any, Any] = rules_base.CardGame([], TOY, in_play=("row",))
    with pytest.raises(
        RuntimeError,
        match=r"^no effects class names this game: write `class X\(CardEffects\[State, Card\]\): game = GAME`$",
    ):
        game.context(toy_state(game), 0, 1)

    class Named(rules_base.CardEffects[Any, Any]):
        game = toy_game()[0]  # another game: this one is not named

    assert game.effects is None and Named.game.effects is Named


def test_a_game_without_zones_has_the_cards_each_player_has_in_play() -> None:
    game: rules_base.CardGame[Any, Any] = rules_base.CardGame(
        [ToyCard(1, "Watcher", abilities=(heard("w"),))], NO_ZONES, own_zones=("box",)
    )
    assert (game.shared_zones, game.player_zones, game.in_play) == (("box",), ("play",), ("play",))
    type("Effects", (rules_base.CardEffects,), {"game": game})  # names the game: its effects class
    state = toy_state(game, 2)
    state.table.zone("play", 1).append(1)
    assert [(owner, name) for _, owner, _, name in game.in_effect(state)] == [(1, "Watcher")]
    # No zone a card could name: a card is in none of them.
    assert game.context(state, 0, 1).card_zone(game.card(1)) is None
    state.table.zone("play", 1).remove(1)
    state.table.zone("box").append(1)  # in none of the zones in play: no ability in effect
    assert game.in_effect(state) == []


def test_the_abilities_in_effect_are_each_seats_then_the_shared_zones_then_the_lasting() -> None:
    game, _ = toy_game()
    state = toy_state(game, active=2)
    state.table.zone("market").append(1)  # acts for the player whose turn it is
    state.table.zone("row", 1).append(1)
    state.table.zone("hand", 0).append(1)  # not in play
    state.table.lasting.append(Lasting(5, 0, 0, "this_turn"))
    found = [(owner, name, ctx.this, int(ctx.you)) for ctx, owner, _, name in game.in_effect(state)]
    assert found == [(1, "Watcher", 1, 1), (2, "Watcher", 1, 2), (0, "Tide", 5, 0)]


def test_an_event_runs_the_triggers_in_effect_then_ends_the_lasting_effects_it_ends() -> None:
    game, _ = toy_game()
    state = toy_state(game)
    state.table.zone("row", 0).append(1)
    state.table.lasting.append(Lasting(5, 0, 1, "this_turn"))
    list(game.fire(state, Ended(0)))
    assert state.heard == [("watch", 0, 1), ("tide", 1, 5)]
    assert state.table.lasting == [Lasting(5, 0, 1, "this_turn")]  # player 1's turn has not ended
    assert state.table.trigger_acts == {"0@watch": 1, "1@tide": 1}
    list(game.fire(state, Ended(1)))
    assert state.table.lasting == [] and state.table.trigger_acts == {"0@watch": 2, "1@tide": 2}
    state.table.used_this_turn.add("0@x")
    state.table.used_this_round.add("0@y")
    game.begin_turn(state)
    assert (state.table.used_this_turn, state.table.trigger_acts, state.table.used_this_round) == (
        set(),
        {},
        {"0@y"},
    )
    game.begin_round(state)
    assert state.table.used_this_round == set()


def test_triggers_once_per_turn_or_round_keep_their_record_in_the_table() -> None:
    game, _ = toy_game()

    def note(ctx: Any, event: Ended) -> Effect:
        ctx.state.heard.append(event.player)
        yield from ()

    limited = (
        Trigger(Ended, lambda c, e: True, note, False, "t", once_per_turn=True),
        Trigger(Ended, lambda c, e: True, note, False, "r", once_per_round=True),
    )
    game.by_number[7] = ToyCard(7, "Sentry", abilities=(Ability("s", triggers=limited),))
    state = toy_state(game)
    state.table.zone("row", 1).append(7)
    for player in (0, 1):
        list(game.fire(state, Ended(player)))
    assert state.heard == [0, 0] and (state.table.used_this_turn, state.table.used_this_round) == (
        {"1@t"},
        {"1@r"},
    )
    game.begin_turn(state)
    list(game.fire(state, Ended(2)))
    assert state.heard == [0, 0, 2]


def test_a_modifier_acts_from_the_place_it_names() -> None:
    game, _ = toy_game(in_play=("row",))
    state = toy_state(game, active=1)
    assert game.modified(state, Cost(9), 5) == 5
    state.table.zone("hand", 0).extend([2, 3])  # a card in hand acts from neither place
    assert game.modified(state, Cost(9), 5) == 5
    state.table.zone("row", 0).append(2)  # in play
    state.table.zone("deck").append(3)  # not in the market
    assert game.modified(state, Cost(9), 5) == 4
    state.table.zone("deck").remove(3)
    state.table.zone("market").extend([3, 2])  # `while in market` acts; one in play does not there
    assert game.modified(state, Cost(9), 5) == 3
    # The market's card acts for the player whose turn it is; each runs on the state, as its card.
    assert [(int(ctx.you), ctx.this, ctx.state) for ctx, _ in game._applying(state, Cost)] == [
        (1, 3, state),
        (0, 2, state),
    ]
    state.table.lasting.append(Lasting(5, 0, 0, "this_turn"))
    assert game.modified(state, Cost(9), 5) == 3  # a lasting ability without this modifier
    # A shared zone in play: its cards act as in play (not as in that zone), for the player whose
    # turn it is.
    game, _ = toy_game(in_play=("row", "market"))
    state = toy_state(game, active=2)
    state.table.zone("market").extend([3, 2])
    assert [int(ctx.you) for ctx, _ in game._applying(state, Cost)] == [2]


def test_a_lasting_modifier_acts_for_its_owner() -> None:
    game, _ = toy_game()
    game.by_number[7] = ToyCard(7, "Sale", lasting=(cheaper(),))
    state = toy_state(game)
    state.table.lasting.append(Lasting(7, 0, 2, "this_turn"))
    assert game.modified(state, Cost(9), 5) == 4
    assert [(int(ctx.you), ctx.this, ctx.state) for ctx, _ in game._applying(state, Cost)] == [(2, 7, state)]


def test_a_modifier_once_per_round_is_spent_only_when_the_rules_act_on_it() -> None:
    game, _ = toy_game()
    once: Modifier[Any, Cost, int] = Modifier(
        Cost, lambda ctx, hook, v: v - 1, "o", Stage.ADJUST, once_per_round=True
    )
    game.by_number[7] = ToyCard(7, "Sale", abilities=(Ability("once", modifiers=(once,)),))
    state = toy_state(game)
    state.table.zone("row", 0).append(7)
    assert game.modified(state, Cost(9), 5) == 4 and game.modified(state, Cost(9), 5) == 4  # listed
    assert game.modified(state, Cost(9), 5, spend=True) == 4 and game.modified(state, Cost(9), 5) == 5
    assert state.table.used_this_round == {"0@o"}


def test_plain_moves_put_a_card_on_top_and_a_card_leaving_play_forgets() -> None:
    told: list[tuple[int, str, str]] = []
    states: list[Any] = []

    def moved(state: Any, number: int, where: Place, to: Place) -> Effect:
        told.append((number, str(where), str(to)))
        states.append(state)
        yield from ()

    game, _ = toy_game(moved=moved)
    state = toy_state(game)
    state.table.zone("row", 0).extend([4, 6, 1])
    state.table.zone("hand", 0).append(3)
    state.table.zone("hand", 1).extend([2])
    state.table.zone("discard").append(5)
    state.table.memory.update({4: {"n": 1}, 6: {"n": 2}, 2: {"n": 3}, 1: {"n": 4}})
    list(game.move(state, 4, Place("discard")))  # from wherever it is: the row
    list(game.move(state, 6, Place("hand", 0), ["row"]))  # the hand's top is its first card
    list(game.move(state, 2, Place("discard"), ["hand"]))
    list(game.move(state, 1, Place("market"), ["row"]))  # from one zone in play to another
    assert state.table.zone("discard") == [5, 4, 2] and state.table.zone("hand", 0) == [6, 3]
    # Only the cards leaving the zones in play forgot.
    assert state.table.memory == {2: {"n": 3}, 1: {"n": 4}}
    assert told == [
        (4, "row of P0", "discard"),
        (6, "row of P0", "hand of P0"),
        (2, "hand of P1", "discard"),
        (1, "row of P0", "market"),
    ]
    assert all(heard is state for heard in states)  # the game's `moved` is given the state
    list(game.move(state, 4, Place("hand", 0), ["hand"]))  # not where the effect found it: stays
    assert state.table.zone("discard") == [5, 4, 2]


def test_a_games_own_rule_for_a_move_is_given_the_state_card_and_places() -> None:
    calls: list[tuple[int, str, str]] = []

    def own(state: Any, number: int, where: Place, to: Place) -> Effect:
        calls.append((number, str(where), str(to)))
        yield from ()

    game, _ = toy_game(movers={("deck", "hand"): own})
    state = toy_state(game)
    state.table.zone("deck").append(4)
    list(game.move(state, 4, Place("hand", 2)))
    assert calls == [(4, "deck", "hand of P2")] and state.table.zone("deck") == [4]


def test_a_rule_for_a_move_not_declared_is_refused_naming_the_game() -> None:
    with pytest.raises(
        MovesMismatch, match="^toy: the runtime's card moves differ .*a rule not declared: hand to row"
    ):
        toy_game(movers={("hand", "row"): no_rule})
    with pytest.raises(
        MovesMismatch, match="^game: .*declared without a rule: none; a rule not declared: a to b"
    ):
        rules_base.CardGame([], NO_ZONES, movers={("a", "b"): no_rule})  # a vocabulary without a name


def test_a_game_whose_zones_are_all_each_players_declares_zones() -> None:
    only_hands: Any = SimpleNamespace(Zone=enum.StrEnum("Zone", {"HAND": "hand"}), PLAYER_ZONES=("hand",))
    game: rules_base.CardGame[Any, Any] = rules_base.CardGame([], only_hands, in_play=("hand",))
    assert (game.shared_zones, game.player_zones, game.in_play) == ((), ("hand",), ("hand",))


def test_the_table_puts_takes_out_and_finds_cards_and_sets_money() -> None:
    game, _ = toy_game()
    state = toy_state(game)
    table = state.table
    table.zone("deck").extend([1, 2])
    game.put(state, 3, Place("deck"), 1)
    game.put(state, 2, Place("deck"), None)  # taken from where it was, put last
    game.put(state, 4, Place("row", 1), 1)
    assert table.zone("deck") == [3, 1, 2] and table.locate(4) == Place("row", 1)
    assert table.locate(9) is None
    table.take_out(9)  # in no zone: nothing happens
    table.take_out(4)
    assert table.locate(4) is None and table.counted() == Counter({1: 1, 2: 1, 3: 1})
    with pytest.raises(KeyError, match="no zone stall of P0"):
        table.zone("stall", 0)
    game.set_money(state, 1, -2)
    game.set_money(state, 2, 0)
    assert table.money == [4, -2, 0]
    assert game.violations(state, Counter({1: 1, 2: 1, 3: 1})) == ["P1 has -2 money"]
    # A table of one seat (a solitaire), and one of none, find their cards all the same.
    one = rules_base.Table({"deck": [1]}, [{"hand": [2]}], [0])
    assert (one.locate(1), one.locate(2)) == (Place("deck"), Place("hand", 0))
    assert rules_base.Table({"deck": [1]}, [], []).locate(1) == Place("deck")
    # 2 and 4 should be there and are not; 3 should not be and is.
    assert game.violations(state, Counter({1: 1, 2: 2, 4: 1})) == [
        "cards lost [2, 4] or copied [3]",
        "P1 has -2 money",
    ]


def test_a_card_with_sides_turns_to_each_in_turn_and_back_to_its_first() -> None:
    game, _ = toy_game()
    table = toy_state(game).table
    faces = []
    for _ in range(4):
        faces.append(game.face(table, 6).name)
        game.turn_over(table, 6)
    assert faces == ["Heads", "Tails", "Edge", "Heads"]
    game.turn_over(table, 4)  # a card with one face
    assert 4 not in table.showing and game.face(table, 4).name == "Plain"


def test_what_card_effects_see_of_zones_and_players() -> None:
    game, effects = toy_game()
    state = toy_state(game, active=1)
    state.table.zone("hand", 2).append(4)
    state.table.zone("box").append(1)
    state.table.zone("discard").extend([2, 3])
    state.table.zone("row", 0).append(6)
    state.table.zone("row", 2).append(2)
    game.turn_over(state.table, 6)
    ctx = effects(state, 0, 6)
    assert ctx.players_in_turn_order() == [1, 2, 0]
    assert effects(state, 2).this == 0  # made for no card: no card has the number 0
    assert ctx.card_owner(game.card(4)) == 2 and ctx.card_owner(game.card(3)) == 0  # shared: the effect's
    assert ctx.card_zone(game.card(4)) is ToyZone.HAND and ctx.card_zone(game.card(3)) is ToyZone.DISCARD
    assert (
        ctx.card_zone(game.card(1)) is None and ctx.card_zone(game.card(5)) is None
    )  # the rules' own zone; none
    assert ctx.top_card("discard", None).number == 3 and ctx.top_card("hand", 0) is None
    assert [c.name for c in ctx.cards_in_every("row")] == ["Tails", "Bargain"]
    assert ctx.card_numbered(6).name == "Tails"
    cards = tuple(game.card(n) for n in (1, 2, 3, 4))
    assert ctx.random_card(cards) == cards[Rng(3).below(4)] and ctx.random_card(()) is None
    list(ctx.move_card(game.card(6), "discard", None, ("hand",)))  # not where the effect found it
    assert state.table.zone("row", 0) == [6] and state.table.zone("discard") == [2, 3]
    list(ctx.move_card(game.card(6), "discard", None, ("hand", "row")))
    assert state.table.zone("row", 0) == [] and state.table.zone("discard") == [2, 3, 6]
    list(ctx.move_card(game.card(2), "hand", PlayerId(1), ("row",)))  # into a zone of a player
    assert state.table.zone("row", 2) == [] and state.table.zone("hand", 1) == [2]


def test_money_and_memory_and_lasting_effects_as_card_effects_see_them() -> None:
    game, effects = toy_game()
    told: list[tuple[str, int, int, int | None]] = []

    class Telling(effects):  # type: ignore[valid-type,misc]
        def told_money(self, what: str, player: PlayerId, amount: int, other: PlayerId | None) -> None:
            told.append((what, player, amount, other))

    state = toy_state(game)
    ctx = Telling(state, 1, 5)
    for effect in (
        ctx.gain_money(2, PlayerId(0)),
        ctx.gain_money(1, PlayerId(1)),
        ctx.gain_money(0, PlayerId(0)),
    ):
        list(effect)
    list(ctx.pay_money(3, PlayerId(0), PlayerId(2)))
    list(ctx.pay_money(1, PlayerId(0), None))  # to the bank
    list(ctx.pay_money(1, PlayerId(1), PlayerId(1)))  # to oneself: nothing moves, nothing told
    list(ctx.pay_money(0, PlayerId(1), None))
    list(ctx.take_money(9, PlayerId(1), PlayerId(2)))
    list(ctx.take_money(9, PlayerId(1), PlayerId(2)))  # nothing left to take: nothing told
    assert state.table.money == [2, 12, 0] and ctx.money_of(PlayerId(1)) == 12
    assert told == [
        ("gained", 0, 2, None),
        ("gained", 1, 1, None),
        ("paid", 0, 3, 2),
        ("paid", 0, 1, None),
        ("took", 1, 7, 2),
    ]
    list(ctx.remember(game.card(4), "named", 2))
    assert ctx.recall(game.card(4), "named") == 2 and ctx.recall(game.card(3), "named") is None
    list(ctx.start_lasting(game.card(5), 0, "this_turn"))
    assert state.table.lasting == [Lasting(5, 0, 1, "this_turn")]


def test_one_shots_of_the_timing_asked_run_for_the_player_and_a_replacement_replaces() -> None:
    ran: list[tuple[str, int, int]] = []

    def shot(name: str) -> OneShot[Any]:
        def effect(ctx: Any) -> Effect:
            ran.append((name, int(ctx.you), ctx.this))
            yield from ()

        return OneShot(name, effect, name)

    def instead(ctx: Any, event: Ended) -> Effect:
        ran.append(("instead", int(ctx.you), event.player))
        yield from ()

    game, _ = toy_game()
    game.by_number[8] = ToyCard(8, "Both", abilities=(Ability("b", one_shots=(shot("play"), shot("buy"))),))
    game.by_number[9] = ToyCard(
        9,
        "Stand-in",
        abilities=(Ability("r", replacements=(Replacement(Ended, lambda c, e: True, instead, False, "r"),)),),
    )
    state = toy_state(game)
    list(game.one_shots(state, 2, 8, "play"))
    assert ran == [("play", 2, 8)]
    sides = (ToyCard(10, "Up", abilities=(Ability("u", one_shots=(shot("up"),)),)), ToyCard(10, "Down"))
    game.by_number[10] = ToyCard(10, "Up", sides=sides)
    list(game.one_shots(state, 0, 10, "up"))
    game.turn_over(state.table, 10)
    list(game.one_shots(state, 0, 10, "up"))  # the side it shows now has none
    assert ran == [("play", 2, 8), ("up", 0, 10)]
    assert run_to_end(game.replaced(state, Ended(1))) is False
    state.table.zone("row", 1).append(9)
    assert run_to_end(game.replaced(state, Ended(0))) is True and ran[-1] == ("instead", 1, 0)


def run_to_end(effect: Any) -> Any:
    try:
        next(effect)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("a question was asked")


class Site(enum.Enum):
    WAR_CHEST = "war_chest"


def test_an_option_without_a_number_reads_as_itself() -> None:
    named = SimpleNamespace(name="a name")
    assert rules_base.label(named) == str(named)
    assert rules_base.label(ToyZone.DECK) == "deck" and rules_base.label(Stage.FLOOR) == "4"
    assert rules_base.label(Site.WAR_CHEST) == "war chest"


def test_a_preview_names_each_card_by_the_side_it_shows_where_it_is_said() -> None:
    game, _ = toy_game()
    before = toy_state(game)
    before.table.zone("hand", 0).extend([6, 4])
    game.turn_over(before.table, 6)  # Tails in hand
    after = toy_state(game)
    after.table.zone("row", 0).append(6)
    game.turn_over(after.table, 6)
    game.turn_over(after.table, 6)  # played as Edge; Plain goes out of the zones of P0
    assert game.changes(before, after, 0) == ["Edge from hand into row", "Plain out of hand"]
    after.table.zone("row", 0).remove(6)
    assert game.changes(before, after, 0) == ["Tails out of hand", "Plain out of hand"]
    after.table.zone("row", 0).append(1)  # from none of P0's zones
    after.table.receive(0, 2)
    assert game.changes(before, after, 0) == [
        "+2 money",
        "Watcher into row",
        "Tails out of hand",
        "Plain out of hand",
    ]
