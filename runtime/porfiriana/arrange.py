"""Pax Porfiriana positions set by hand, for scenario files (`paxc test`, `core/arrange.py`) and
the scenario tests: a card put straight into any place, gold, the regime, unrest, troops, jail
and the turn.

None of this is a rule: a card put into a row pays nothing and has no effect, but takes the
cubes any card in play holds (an enterprise its income cubes, mines and banks as the regime
says, Loyalty points their prestige cubes under the Pax), so the position is one the rules could
reach; a card taken out of a row gives its owner's cubes back.
"""

from __future__ import annotations

from typing import Any

from paxc.generated.porfiriana.vocabulary import Card, CardType, Regime
from paxc.runtime.core.arrange import Arrangement, Setting, settings
from paxc.runtime.core.zones import Place
from paxc.runtime.effects import Choice, Effect
from paxc.runtime.porfiriana import economy, losses, zones
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import (
    ACTIONS_PER_TURN,
    JAILED_ACTIONS,
    Holding,
    PorfirianaState,
    TurnState,
    card,
)


def first_answers(effect: Effect) -> None:
    """Run a rule's effect to its end, answering any question with its first option."""
    for decision in effect:
        if isinstance(decision, Choice):
            decision.answer = decision.options[0]


def take_out(state: PorfirianaState, number: int) -> None:
    """The card leaves wherever it is (a Hacendado stays: every seat keeps one). A card leaving a
    row gives its owner's cubes back, and its troop goes to its owner's private army."""
    for pile in (state.deck, state.discard, state.removed, state.bull_bear, state.public, state.unused):
        if number in pile:
            pile.remove(number)
    for pile in (state.regimes, state.in_transit):
        if number in pile:
            pile.remove(number)
    for row in state.market:
        for column, there in enumerate(row):
            if there == number:
                row[column] = None
    cube = state.speculation.pop(number, None)
    if cube is not None:
        state.players[cube].cubes += 1
    for owner, player in enumerate(state.players):
        for pile in (player.hand, player.prestige_stack, player.army):
            if number in pile:
                pile.remove(number)
        for held in player.row[1:]:
            if held.troop == number:
                _lift_troop(state, owner, held)
            if held.number == number:
                if held.troop is not None:
                    _lift_troop(state, owner, held)
                player.cubes += held.income + held.prestige_cubes
                player.row.remove(held)


def _lift_troop(state: PorfirianaState, host: int, held: Holding) -> None:
    """The troop on an enterprise back to its owner's private army (an extortion cube home)."""
    assert held.troop is not None and held.troop_owner is not None
    if held.extortion is not None:
        state.players[held.extortion].cubes += 1
        held.extortion = None
    state.players[held.troop_owner].army.append(held.troop)
    held.troop = held.troop_owner = None


def put(state: PorfirianaState, number: int, place: Place, at: int | None) -> None:
    """`at`: the position from the first (the deck from its top, a row after the Hacendado, the
    market's spaces row by row from the cheapest; a card put into a row with several sides shows
    its first). Into the market without `at`: the first empty space, or else the first space,
    whose card goes to the bottom of the deck."""
    take_out(state, number)
    if place.zone == "market":
        _into_market(state, number, at)
    elif place.zone == "row":
        assert place.holder is not None
        into_row(state, place.holder, number, side=0 if card(number).sides else None, at=at)
    elif place.zone == "troops":
        assert place.holder is not None
        state.players[place.holder].army.append(number)
    else:
        found = zones.pile(state, place)
        assert found is not None, place
        found.insert(len(found) if at is None else max(0, at - 1), number)


def _into_market(state: PorfirianaState, number: int, at: int | None) -> None:
    spaces = [(r, c) for r in range(len(state.market)) for c in range(len(state.market[r]))]
    if at is not None:
        row, column = spaces[min(max(at, 1), len(spaces)) - 1]
    else:
        row, column = next(((r, c) for r, c in spaces if state.market[r][c] is None), spaces[0])
    displaced = state.market[row][column]
    if displaced is not None:
        state.deck.append(displaced)
    state.market[row][column] = number


def into_row(
    state: PorfirianaState,
    player: int,
    number: int,
    *,
    side: int | None = None,
    unrest: int = 0,
    at: int | None = None,
) -> Holding:
    """A card straight into a row, as if it had been played: no cost and no effect, but an
    enterprise takes its income cubes (mines and banks as the regime says) and Loyalty points
    their prestige cubes under the Pax."""
    me = state.players[player]
    held = Holding(number, side=side)
    printed = card(number)
    if printed.card_type is CardType.ENTERPRISE and economy.income_target(state, held) is None:
        held.income = min(printed.income or 0, me.cubes)
        me.cubes -= held.income
    me.row.insert(len(me.row) if at is None else max(1, at), held)
    first_answers(losses.settle(state))
    held.unrest = unrest
    return held


def put_troop(state: PorfirianaState, owner: int, troop: int, on: int | None = None) -> None:
    """A troop of `owner` straight into play: into their private army (`on` None), or onto an
    enterprise; on an opponent's enterprise it extorts, one of the income cubes there giving way
    to the owner's extortion cube."""
    take_out(state, troop)
    if on is None:
        state.players[owner].army.append(troop)
        return
    found = state.holding(on)
    if found is None:
        raise ValueError(f"{card(on).name} is in no row: a troop stands on an enterprise in play")
    host, held = found
    if held.troop is not None:
        _lift_troop(state, host, held)
    held.troop, held.troop_owner = troop, owner
    if host != owner and held.income > 0:
        held.income -= 1
        state.players[host].cubes += 1
        state.players[owner].cubes -= 1
        held.extortion = owner


def set_regime(state: PorfirianaState, regime: Regime) -> None:
    """This regime on top of the stack, the cubes set to it."""
    state.regimes.sort(key=lambda n: card(n).regime is not regime)
    economy.regime_changed(state)
    first_answers(losses.settle(state))


def start_turn(state: PorfirianaState, player: int) -> None:
    """Whose turn the game starts with."""
    state.active = player
    jailed = state.players[player].jailed
    state.turn = TurnState(
        actions_left=JAILED_ACTIONS if jailed else ACTIONS_PER_TURN, jailed_at_start=jailed
    )


def prepare(state: PorfirianaState) -> None:
    """P0 plays first (seat 0 the first player), as in a Pax Pamir scenario; `turn` says otherwise."""
    state.first_player = 0
    start_turn(state, 0)


def set_gold(state: PorfirianaState, player: int, amount: int) -> None:
    state.players[player].gold = amount


def _regime(state: PorfirianaState, regime: Regime) -> None:
    set_regime(state, regime)


def _unrest(state: PorfirianaState, count: int, card: Card) -> None:
    found = state.holding(card.number)
    if found is None:
        raise ValueError(f"{card.name} is in no row: unrest lies on cards in play")
    found[1].unrest = count


def _jailed(state: PorfirianaState, player: int, jailed: bool) -> None:
    state.players[player].jailed = jailed


def _troop(state: PorfirianaState, troop: Card, card: Card, player: int) -> None:
    put_troop(state, player, troop.number, card.number)


def _side(state: PorfirianaState, card: Card, side: int) -> None:
    found = state.holding(card.number)
    if found is None or side < 0 or side >= max(1, len(card.sides)):
        raise ValueError(f"{card.name} is in no row, or has no side {side}")
    owner, held = found
    held.side = side
    if card.card_type is CardType.HACENDADO:  # only the Loyalist side holds income cubes
        me = state.players[owner]
        income = min(card.sides[0].income or 0, me.cubes + held.income) if side == 0 else 0
        me.cubes += held.income - income
        held.income = income


def _hacendado(state: PorfirianaState, player: int, card: Card) -> None:
    """The player's Hacendado becomes this one, Loyalist with its income cubes (another seat
    holding it gets the player's old one); `side` flips it."""
    side = 0
    if card.card_type is not CardType.HACENDADO:
        raise ValueError(f"{card.name} is no Hacendado")
    me = state.players[player]
    old = me.row[0]
    for other in state.players:
        if other is not me and other.row[0].number == card.number:
            other.row[0] = Holding(old.number, side=other.row[0].side, income=other.row[0].income)
    if card.number in state.unused:
        state.unused[state.unused.index(card.number)] = old.number
    income = (card.sides[0].income or 0) if side == 0 else 0
    me.cubes += old.income - income
    me.row[0] = Holding(card.number, side=side, income=income)


def _actions_left(state: PorfirianaState) -> int:
    return state.turn.actions_left


def _depression(state: PorfirianaState, active: bool) -> None:
    state.depression = active


def _regime_in_force(state: PorfirianaState) -> Regime | None:
    return card(state.regimes[0]).regime if state.regimes else None


def _is_jailed(state: PorfirianaState, player: int) -> bool:
    return state.players[player].jailed


def _income_cubes(state: PorfirianaState, card: Card) -> int:
    found = state.holding(card.number)
    return 0 if found is None else found[1].income


def _prestige_cubes(state: PorfirianaState, card: Card) -> int:
    found = state.holding(card.number)
    return 0 if found is None else found[1].prestige_cubes


def _troop_on(state: PorfirianaState, card: Card) -> int:
    """How many troops stand on the card (0 or 1)."""
    found = state.holding(card.number)
    return 0 if found is None or found[1].troop is None else 1


def _in_depression(state: PorfirianaState) -> bool:
    return state.depression


def _context(state: PorfirianaState, seat: int) -> Any:
    return PorfirianaContext(state, seat, 0)


ARRANGEMENT = Arrangement(
    context=_context,
    put=put,
    set_money=set_gold,
    prepare=prepare,
    settings=settings(
        Setting("regime(regime: regime)", _regime, "the regime in force (its cubes set to it)"),
        Setting("unrest(count: int, on card: card)", _unrest, "the unrest on a card in a row"),
        Setting("jailed(player: player, jailed: bool)", _jailed, "whether the player is in jail"),
        Setting(
            "troop(troop: card, on card: card, for player: player)",
            _troop,
            "a player's troop on an enterprise in play (extorting another player's)",
        ),
        Setting("side(card: card, side: int)", _side, "the side a card in a row shows (0 the first)"),
        Setting(
            "hacendado(player: player, card: card)",
            _hacendado,
            "the player's Hacendado, on its Loyalist side",
        ),
        Setting("depression(active: bool)", _depression, "whether the economy is in depression"),
        Setting("turn(player: player)", start_turn, "whose turn the game starts with"),
    ),
    queries=settings(
        Setting("regime_in_force() -> regime", _regime_in_force, "the regime in force"),
        Setting("is_jailed(player: player) -> bool", _is_jailed, "whether the player is in jail"),
        Setting("income_cubes(card: card) -> int", _income_cubes, "the income cubes on a card in a row"),
        Setting(
            "prestige_cubes(card: card) -> int", _prestige_cubes, "the prestige cubes on a card in a row"
        ),
        Setting("troops_on(card: card) -> int", _troop_on, "the troops on a card in a row"),
        Setting("actions_left() -> int", _actions_left, "the actions the player whose turn it is has left"),
        Setting("in_depression() -> bool", _in_depression, "whether the economy is in depression"),
    ),
)
