"""New Pax Porfiriana cards written in the card language alone (tests/porfiriana/fixtures/
new_cards.pax): compiled with the game's vocabulary and played on the unchanged runtime, with no
Python of their own. They read the state through the zones (`cards in row of you`, ...),
act through general statements and operations (gain, pay, add_unrest, remove_unrest), start lasting
effects (`until end_of_turn`), and answer general triggers (card_played, card_sold) and
modifiers (play_actions) that the rules fire and ask where they do that thing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.compiler.project import compile_paths
from paxc.generated.porfiriana.vocabulary import (
    Action,
    ActionTaken,
    Card,
    CardSold,
    CardType,
    District,
    Faction,
    Regime,
    Zone,
)
from paxc.runtime.core import watch
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.porfiriana import actions, economy, game_rules, hooks
from paxc.runtime.porfiriana.actions import EndTurn, PlayCard, Sell
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    check_cubes,
    drive,
    empty_state,
    find,
    flip,
    hold,
    put,
    put_troop,
    turn,
)

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "new_cards.pax"


@pytest.fixture(scope="module")
def new_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("new_cards"))


def plain_enterprise(district: District | None = None, exclude: tuple[int, ...] = ()) -> Card:
    """An enterprise with income and nothing else to it (no family, no prestige, no ability)."""
    return find(
        CardType.ENTERPRISE,
        lambda c: not c.family and not c.prestige and (c.income or 0) > 0 and district in (None, c.district),
        exclude=exclude,
    )


def plain_partner(faction: Faction, exclude: tuple[int, ...] = ()) -> Card:
    return find(
        CardType.PARTNER,
        lambda c: c.faction is faction and not c.family and not c.extra_action and not c.sides,
        exclude=exclude,
    )


SHOP = plain_enterprise()
SHOP_2 = plain_enterprise(exclude=(SHOP.number,))
SHOP_3 = plain_enterprise(exclude=(SHOP.number, SHOP_2.number))


def newspaper_with(faction: Faction) -> tuple[Card, int]:
    """A newspaper (a partner with two orientations) and the orientation showing this colour."""
    paper = find(CardType.PARTNER, lambda c: any(s.faction is faction for s in c.sides), plain=False)
    return paper, next(i for i, s in enumerate(paper.sides) if s.faction is faction)


# ---------------------------------------------------------------------- zones


def test_the_zones_as_card_effects_see_them() -> None:
    """Rows (each card by the side it shows), hands, the market, every row, every player's
    troops, a card's owner and zone, and the unrest on it."""
    state = empty_state()
    paper, side = newspaper_with(Faction.REBEL)
    put(state, 0, paper.number, side=side)
    shop = put(state, 1, SHOP.number, unrest=2)
    troop = find(CardType.TROOP, lambda c: c.faction is not None)
    put_troop(state, 2, troop.number)
    hold(state, 2, SHOP_2.number)
    state.market[0][3] = SHOP_3.number
    ctx = PorfirianaContext(state, 0, paper.number)
    row = ctx.cards_in(Zone.ROW, PlayerId(0))
    assert [c.number for c in row] == [state.players[0].hacendado.number, paper.number]
    assert row[1] is paper.sides[side] and row[1].faction is Faction.REBEL
    assert ctx.cards_in(Zone.HAND, PlayerId(2)) == (card(SHOP_2.number),)
    assert ctx.cards_in(Zone.MARKET, None) == (card(SHOP_3.number),)
    rows = [c.number for c in ctx.cards_in_every(Zone.ROW)]
    assert SHOP.number in rows and SHOP_2.number not in rows and troop.number not in rows
    assert len(rows) == 3 + 2  # three Hacendados, the newspaper and the shop
    assert [c.number for c in ctx.cards_in_every(Zone.TROOPS)] == [troop.number]
    assert [ctx.card_owner(card(n)) for n in (SHOP.number, troop.number, SHOP_2.number)] == [1, 2, 2]
    assert ctx.card_owner(card(SHOP_3.number)) == 0  # in no one's: the effect's owner
    zones = [ctx.card_zone(card(n)) for n in (SHOP.number, troop.number, SHOP_2.number, SHOP_3.number)]
    assert zones == [Zone.ROW, Zone.TROOPS, Zone.HAND, Zone.MARKET]
    assert ctx.unrest_on(card(SHOP.number)) == shop.unrest == 2
    assert ctx.unrest_on(card(SHOP_3.number)) == 0


# ---------------------------------------------------------------------- 9001 Labor Arbiter


def test_labor_arbiter_clears_one_of_your_enterprises_in_unrest(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Choose one of your enterprises in unrest and remove all its unrest": only your own
    enterprises in unrest are offered, and the chosen one loses every disk."""
    arbiter = new_cards.CARD_9001
    join_game(arbiter, monkeypatch)
    state = empty_state()
    turn(state, 0)
    calm = put(state, 0, SHOP.number)
    troubled = put(state, 0, SHOP_2.number, unrest=2)
    theirs = put(state, 1, SHOP_3.number, unrest=1)
    hold(state, 0, arbiter.number)
    asked = act(state, 0, PlayCard(arbiter.number), [lambda c: c.number == troubled.number])
    assert [c.number for c in asked[-1].options] == [troubled.number]
    assert (calm.unrest, troubled.unrest, theirs.unrest) == (0, 0, 1)
    assert troubled.income > 0 and economy.working(troubled)  # back at work at once
    assert state.players[0].gold == 30 - arbiter.cost
    check_cubes(state)


def test_labor_arbiter_with_no_enterprise_in_unrest_asks_nothing(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    arbiter = new_cards.CARD_9001
    join_game(arbiter, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, SHOP.number)
    put(state, 1, SHOP_2.number, unrest=1)  # another player's unrest is not yours to clear
    hold(state, 0, arbiter.number)
    act(state, 0, PlayCard(arbiter.number), [])
    assert state.holding(arbiter.number) is not None


# ---------------------------------------------------------------------- 9002 Rebel Sympathizer


def test_rebel_sympathizer_counts_the_rebel_partners_in_every_row(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rebel partners anywhere in play count, a newspaper by the orientation it shows; Rebel
    troops and a Hacendado flipped to its Rebel side are no partners."""
    sympathizer = new_cards.CARD_9002
    join_game(sympathizer, monkeypatch)
    state = empty_state()
    turn(state, 0)
    first = plain_partner(Faction.REBEL)
    second = plain_partner(Faction.REBEL, exclude=(first.number,))
    put(state, 1, first.number)
    put(state, 2, second.number)
    put(state, 0, plain_partner(Faction.LOCAL).number)
    rebel_paper, rebel_side = newspaper_with(Faction.REBEL)
    put(state, 2, rebel_paper.number, side=rebel_side)
    local_paper, local_side = newspaper_with(Faction.LOCAL)
    if local_paper.number != rebel_paper.number:
        put(state, 1, local_paper.number, side=local_side)
    flip(state, 1, Faction.REBEL)
    rebel_troop = find(CardType.TROOP, lambda c: c.faction is Faction.REBEL)
    put_troop(state, 2, rebel_troop.number)
    hold(state, 0, sympathizer.number)
    act(state, 0, PlayCard(sympathizer.number))
    assert state.players[0].gold == 30 - sympathizer.cost + 3


# ---------------------------------------------------------------------- 9003 Minister of Justice

LAWSUIT = find(CardType.BLACK, lambda c: not c.family and c.named_regime is not None and not c.jails_victim)


def off_its_regime() -> Regime:
    return next(r for r in Regime if r is not LAWSUIT.named_regime)


def needed(state: PorfirianaState, player: int, number: int) -> int:
    return actions.actions_needed(state, player, PlayCard(number))


def test_minister_of_justice_makes_your_black_cards_one_action_until_your_turn_ends(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    minister = new_cards.CARD_9003
    join_game(minister, monkeypatch)
    state = empty_state(regime=off_its_regime())
    turn(state, 0)
    assert needed(state, 0, LAWSUIT.number) == 2  # off its regime (rules E1)
    hold(state, 0, minister.number, LAWSUIT.number)
    act(state, 0, PlayCard(minister.number))
    assert state.turn.actions_left == 2
    assert needed(state, 0, LAWSUIT.number) == 1
    assert needed(state, 1, LAWSUIT.number) == 2  # only yours
    assert needed(state, 0, SHOP.number) == 1  # only black cards
    copy = state.copy()
    assert copy.lasting == state.lasting and copy.digest() == state.digest()
    assert '"lasting"' in state.digest()  # a save's digest covers it
    act(state, 0, PlayCard(LAWSUIT.number), [lambda target: target.victim == 1])
    assert state.turn.actions_left == 1  # the black card took one action

    drive(game_rules.take_turn(state, 1), [lambda o: isinstance(o, EndTurn)], then_first=True)
    assert state.lasting  # another player's turn ended: still in effect
    assert needed(state, 0, LAWSUIT.number) == 1
    drive(game_rules.take_turn(state, 0), [lambda o: isinstance(o, EndTurn)], then_first=True)
    assert state.lasting == [] and '"lasting"' not in state.digest()
    assert needed(state, 0, LAWSUIT.number) == 2


def test_with_no_lasting_effect_the_digest_is_unchanged() -> None:
    """Saved games of today's deck keep their digest: the key appears only with some effect."""
    state = empty_state()
    assert '"lasting"' not in state.digest()


# ---------------------------------------------------------------------- 9004 Pawnbroker


def test_pawnbroker_pays_for_your_first_sale_of_each_turn(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    pawnbroker = new_cards.CARD_9004
    join_game(pawnbroker, monkeypatch)
    state = empty_state(regime=Regime.PAX)
    put(state, 0, pawnbroker.number)
    hold(state, 0, SHOP.number, SHOP_2.number, SHOP_3.number)
    price = economy.sell_value(state)
    turn(state, 0)
    act(state, 0, Sell(SHOP.number))
    assert state.players[0].gold == 30 + price + 1
    act(state, 0, Sell(SHOP_2.number))
    assert state.players[0].gold == 30 + 2 * price + 1  # once per turn
    turn(state, 1)
    hold(state, 1, SHOP.number)
    act(state, 1, Sell(SHOP.number))
    assert state.players[0].gold == 30 + 2 * price + 1  # another player's sale
    turn(state, 0)  # a new turn of yours
    act(state, 0, Sell(SHOP_3.number))
    assert state.players[0].gold == 30 + 3 * price + 2


def test_a_turn_starts_with_no_trigger_used() -> None:
    """The rules clear the record at each turn start, Díaz's included (whose turn keeps the
    turn state it finds)."""
    state = empty_state()
    state.turn.used_triggers.add("0@somewhere")
    drive(game_rules.take_turn(state, 0), [lambda o: isinstance(o, EndTurn)], then_first=True)
    assert state.turn.used_triggers == set()
    solo = empty_state(2)
    solo.solitaire = True
    solo.turn.used_triggers.add("0@somewhere")
    solo.turn.trigger_acts["0@somewhere"] = 20  # the loop limit's count, too
    drive(game_rules.take_turn(solo, 1), [], then_first=True)
    assert solo.turn.used_triggers == set() and solo.turn.trigger_acts == {}


def test_a_sale_fires_card_sold_then_action_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The general triggers every 'after you sell' or 'after you take an action' rests on."""
    fired: list[object] = []

    def record(state: PorfirianaState, event: object, owner: int | None = None) -> Effect:
        fired.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "fire", record)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, SHOP.number)
    with watch.watching((ActionTaken,), lambda event: None):  # something may hear it
        act(state, 0, Sell(SHOP.number))
    assert fired == [CardSold(card(SHOP.number), PlayerId(0)), ActionTaken(Action.SELL, PlayerId(0))]
    fired.clear()
    hold(state, 0, SHOP.number)
    act(state, 0, Sell(SHOP.number))
    assert fired == [CardSold(card(SHOP.number), PlayerId(0))]  # no card or watcher hears it: not made


# ---------------------------------------------------------------------- 9005 Agent Provocateur


def provocation_setup(
    provocateur: Card, monkeypatch: pytest.MonkeyPatch
) -> tuple[PorfirianaState, Card, Any, Any]:
    """Player 0 has the provocateur in play; player 1 has two enterprises of one district and,
    in hand, a troop of that district with no regime arrow to play onto the first."""
    join_game(provocateur, monkeypatch)
    state = empty_state()
    put(state, 0, provocateur.number)
    troop = find(
        CardType.TROOP, lambda c: c.district is not None and c.regime_change is None and c.firepower == 1
    )
    target = put(state, 1, plain_enterprise(troop.district).number)
    other = put(state, 1, plain_enterprise(troop.district, exclude=(target.number,)).number)
    hold(state, 1, troop.number)
    turn(state, 1)
    return state, troop, target, other


def test_agent_provocateur_may_pay_to_put_unrest_on_the_troop_players_enterprise(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, troop, target, other = provocation_setup(new_cards.CARD_9005, monkeypatch)
    asked = act(
        state,
        1,
        PlayCard(troop.number),
        [lambda d: d.enterprise == target.number, True, lambda c: c.number == other.number],
    )
    assert [d.chooser for d in asked[1:]] == [0, 0]  # the provocateur's owner decides
    assert {c.number for c in asked[2].options} == {target.number, other.number}  # theirs only
    assert other.unrest == 1 and target.unrest == 0
    assert state.players[0].gold == 30 - 1
    check_cubes(state)


def test_agent_provocateur_may_decline(new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    state, troop, target, other = provocation_setup(new_cards.CARD_9005, monkeypatch)
    act(state, 1, PlayCard(troop.number), [lambda d: d.enterprise == target.number, False])
    assert other.unrest == 0 and state.players[0].gold == 30


def test_agent_provocateur_without_gold_is_not_asked(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, troop, target, other = provocation_setup(new_cards.CARD_9005, monkeypatch)
    state.players[0].gold = 0
    act(state, 1, PlayCard(troop.number), [lambda d: d.enterprise == target.number])
    assert other.unrest == 0


def test_agent_provocateur_ignores_cards_that_are_not_troops(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, _, target, other = provocation_setup(new_cards.CARD_9005, monkeypatch)
    hold(state, 1, SHOP_3.number)
    act(state, 1, PlayCard(SHOP_3.number))
    assert other.unrest == target.unrest == 0 and state.players[0].gold == 30


def test_paying_is_all_or_nothing(new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short of the gold, nothing is paid and what the payment buys does not happen."""
    provocateur = new_cards.CARD_9005
    state, troop, target, other = provocation_setup(provocateur, monkeypatch)
    state.players[0].gold = 0
    (trigger,) = provocateur.abilities[0].triggers
    from paxc.generated.porfiriana.vocabulary import CardPlayed

    event = CardPlayed(troop, PlayerId(1), 1)
    ctx = PorfirianaContext(state, 0, provocateur.number)
    drive(run_effect(trigger.run(ctx, event)), [lambda c: c.number == other.number])
    assert other.unrest == 0 and state.players[0].gold == 0


# ---------------------------------------------------------------------- in whole games


def test_the_new_cards_play_in_random_games_with_every_invariant(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The five cards join the deck, on top so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, and each
    card's effect runs (counted by wrapping its effects, which the runtime cannot tell apart)."""
    count_in_random_games("porfiriana", new_cards, range(9001, 9006), monkeypatch, seed=5, games=30)


# ---------------------------------------------------------------------- card text


def test_the_new_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {c.number: card_text(c) for c in result.games["porfiriana"].cards()}
    assert (
        "you choose a card troubled from the cards in your row where troubled is an enterprise card"
        in (texts[9001])
    )
    assert "lower the unrest on troubled by the unrest on troubled" in texts[9001]
    assert "as much gold as the number of cards c in every row where the faction of c is Rebel" in texts[9002]
    assert (
        "until the end of your turn, the number of actions you spend to play a black card is 1" in texts[9003]
    )
    assert "Once per turn, after you sell a card, you take 1 gold from the bank" in texts[9004]
    assert "you may choose a card target from the cards in the row of the player" in texts[9005]
    assert (
        "; if you do, you pay 1 gold to the bank, if you can (if not, nothing more happens); put 1 unrest"
        in texts[9005]
    )
