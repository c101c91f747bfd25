"""Helpers for Pax Porfiriana scenario tests: a quiet state to arrange (no market, no deck, known
Hacendados), cards found by their attributes, cards put straight into rows with their cubes, and
a driver that answers an effect's decisions from a script.

Cards are never found by a reconstructed number: a test says what kind of card it needs, and the
first card (by number) that fits is taken. Cards the rules name may be found by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import Card, CardDiscarded, CardMoved, CardType, Faction, Regime
from paxc.runtime.effects import Choice, Decision
from paxc.runtime.porfiriana import actions, arrange, hooks
from paxc.runtime.porfiriana.labels import label
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import (
    ACTIONS_PER_TURN,
    COLUMN_COSTS,
    CUBES_PER_PLAYER,
    JAILED_ACTIONS,
    MARKET_ROWS,
    Holding,
    PorfirianaState,
    TurnState,
)

# ---------------------------------------------------------------------- finding cards


def named(name: str) -> Card:
    return next(c for c in CARDS if c.name == name)


def cards(
    kind: CardType, predicate: Callable[[Card], bool] = lambda c: True, plain: bool = True
) -> list[Card]:
    """Every card of this type that fits, by number. `plain`: only cards with no ability of their
    own, so that nothing but the rules under test acts."""
    return [c for c in CARDS if c.card_type is kind and predicate(c) and not (plain and c.abilities)]


def find(
    kind: CardType,
    predicate: Callable[[Card], bool] = lambda c: True,
    plain: bool = True,
    exclude: Iterable[int] = (),
) -> Card:
    """The first card (by number) of this type that fits."""
    skip = set(exclude)
    found = [c for c in cards(kind, predicate, plain) if c.number not in skip]
    assert found, f"no {kind.value} card fits"
    return found[0]


# The Partner colours each seat's Hacendado offers, seat by seat (tests count on them: a troop
# of one of these colours may retreat by flipping, of another colour it may not).
SEAT_FACTIONS = (
    {Faction.US, Faction.LOCAL},
    {Faction.FEDERAL, Faction.REBEL},
    {Faction.FEDERAL, Faction.US},
)


def hacendados() -> list[Card]:
    """Every Hacendado, by number."""
    return [c for c in CARDS if c.card_type is CardType.HACENDADO]


def factions_of(hacendado: Card) -> set[Faction]:
    return {s.faction for s in hacendado.sides[1:] if s.faction is not None}


def touches(hacendado: Card, hook: type) -> bool:
    """Whether the Hacendado's Loyalist ability changes this kind of modifier (a price, say)."""
    abilities = hacendado.abilities + hacendado.sides[0].abilities
    return any(m.hook is hook for ability in abilities for m in ability.modifiers)


def seat_without(state: PorfirianaState, player: int, *hooks: type) -> None:
    """Seat the player (a Loyalist) with a Hacendado nobody else has whose starting ability
    changes none of these kinds of modifier: a test of prices or police is then not disturbed."""
    taken = {p.hacendado.number for i, p in enumerate(state.players) if i != player}
    chosen = next(
        h for h in hacendados() if h.number not in taken and not any(touches(h, hook) for hook in hooks)
    )
    seat(state, player, chosen)


def side_of(hacendado: Card, faction: Faction) -> int:
    """The Partner orientation of a Hacendado showing this faction colour."""
    return next(i for i, s in enumerate(hacendado.sides) if i > 0 and s.faction is faction)


def hacendado_with(faction: Faction, exclude: Iterable[int] = ()) -> Card:
    skip = set(exclude)
    return next(
        h
        for h in CARDS
        if h.card_type is CardType.HACENDADO
        and h.number not in skip
        and any(s.faction is faction for s in h.sides[1:])
    )


# ---------------------------------------------------------------------- building states


def empty_state(players: int = 3, regime: Regime = Regime.PAX, gold: int = 30) -> PorfirianaState:
    """A game after setup with an empty market and deck, player 0 to play with three actions,
    every player a Loyalist with `gold` and a Hacendado of the colours `SEAT_FACTIONS` gives.
    Hacendados have starting abilities; a test they would disturb uses `seat_without`."""
    state = new_state({"players": players}, seed=1)
    state.market = [[None] * len(COLUMN_COSTS) for _ in range(MARKET_ROWS)]
    state.deck = []
    state.unused = []
    free = hacendados()
    for player in range(players):
        wanted = SEAT_FACTIONS[player] if player < len(SEAT_FACTIONS) else None
        chosen = next((h for h in free if wanted is None or factions_of(h) == wanted), free[0])
        free.remove(chosen)
        seat(state, player, chosen)
        state.players[player].gold = gold
    state.first_player = state.active = 0
    state.turn = TurnState()
    set_regime(state, regime)
    return state


def seat(state: PorfirianaState, player: int, hacendado: Card, side: int = 0) -> None:
    """The player's row becomes just this Hacendado: Loyalist with its two income cubes, or
    flipped to `side`."""
    me = state.players[player]
    income = (hacendado.sides[0].income or 0) if side == 0 else 0
    me.row = [Holding(hacendado.number, side=side, income=income)]
    me.hand, me.army, me.prestige_stack = [], [], []
    me.stack_prestige_cubes = 0
    me.cubes = CUBES_PER_PLAYER - income


def flip(state: PorfirianaState, player: int, faction: Faction) -> None:
    """Seat the player with a Hacendado flipped to this faction colour (no other card moves)."""
    me = state.players[player]
    others = [p.hacendado.number for i, p in enumerate(state.players) if i != player]
    hacendado = hacendado_with(faction, exclude=others)
    rest = me.row[1:]
    me.cubes += me.hacendado.income
    me.row = [Holding(hacendado.number, side=side_of(hacendado, faction)), *rest]


def set_regime(state: PorfirianaState, regime: Regime) -> None:
    """Put this regime on top of the stack and set the cubes to it (no sack may result)."""
    arrange.set_regime(state, regime)


def put(
    state: PorfirianaState, player: int, number: int, *, side: int | None = None, unrest: int = 0
) -> Holding:
    """Put a card straight into a row, as if it had been played (`runtime/porfiriana/arrange.py`,
    which scenario files use too): no cost and no effect, but an enterprise takes its income
    cubes (mines and banks as the regime says) and Loyalty points their prestige cubes under the Pax."""
    return arrange.into_row(state, player, number, side=side, unrest=unrest)


def put_troop(state: PorfirianaState, owner: int, troop: int, on: int | None = None) -> None:
    """A troop of `owner` straight into play: into their private army (`on` None), or onto an
    enterprise; on an opponent's enterprise it extorts, one of the income cubes there giving way
    to the owner's extortion cube."""
    if on is None:
        state.players[owner].army.append(troop)
        return
    found = state.holding(on)
    assert found is not None, f"card {on} is not in play"
    host, held = found
    assert held.troop is None
    held.troop, held.troop_owner = troop, owner
    if host != owner:
        assert held.income > 0, "an extorted enterprise keeps at least its extortion cube"
        held.income -= 1
        state.players[host].cubes += 1
        state.players[owner].cubes -= 1
        held.extortion = owner


def hold(state: PorfirianaState, player: int, *numbers: int) -> None:
    state.players[player].hand.extend(numbers)


def turn(state: PorfirianaState, player: int, *, jailed_at_start: bool | None = None) -> None:
    """Start `player`'s action phase, as the rules do (two actions when jailed)."""
    state.active = player
    jailed = state.players[player].jailed if jailed_at_start is None else jailed_at_start
    state.turn = TurnState(
        actions_left=JAILED_ACTIONS if jailed else ACTIONS_PER_TURN, jailed_at_start=jailed
    )


def check_cubes(state: PorfirianaState) -> None:
    """Every player's 15 cubes are somewhere: in the supply or in use."""
    for player, me in enumerate(state.players):
        assert me.cubes >= 0, f"player {player} has {me.cubes} cubes in supply"
        assert me.cubes + state.cubes_in_use(player) == CUBES_PER_PLAYER, f"player {player} lost cubes"


# ---------------------------------------------------------------------- answering decisions

Answer = object | Callable[[Any], bool]


def drive(
    effect: Iterable[Decision],
    answers: list[Answer] | tuple[Answer, ...],
    state: PorfirianaState | None = None,
    *,
    then_first: bool = False,
) -> list[Choice[Any]]:
    """Run `effect`, answering each decision with the next scripted answer: the option itself; a
    predicate choosing the first option it accepts; or, given `state`, a string found in one
    option's label. Every answer must be used. A decision with no answer left fails the test,
    unless `then_first` (it then takes its first option). Gives back the decisions asked."""
    script = list(answers)
    asked: list[Choice[Any]] = []
    for decision in effect:
        assert isinstance(decision, Choice)
        asked.append(decision)
        if not script:
            assert then_first, f"unexpected decision: {decision.prompt} {decision.options}"
            decision.answer = decision.options[0]
            continue
        wanted = script.pop(0)
        decision.answer = _pick(decision, wanted, state)
    assert not script, f"answers left over: {script}"
    return asked


def _pick(decision: Choice[Any], wanted: Answer, state: PorfirianaState | None) -> Any:
    if any(_same(option, wanted) for option in decision.options):
        return next(o for o in decision.options if _same(o, wanted))
    if callable(wanted) and not isinstance(wanted, type):
        matching = [o for o in decision.options if wanted(o)]
        assert matching, f"no option of '{decision.prompt}' fits: {decision.options}"
        return matching[0]
    if isinstance(wanted, str) and state is not None:
        matching = [o for o in decision.options if wanted in label(state, o)]
        assert matching, f"no option of '{decision.prompt}' reads '{wanted}'"
        return matching[0]
    raise AssertionError(f"{wanted!r} is not an option of '{decision.prompt}': {decision.options}")


def _same(option: object, wanted: object) -> bool:
    # True == 1 in Python: a yes/no answer must not pick the side numbered 1, nor the reverse
    return type(option) is type(wanted) and option == wanted


def act(
    state: PorfirianaState,
    player: int,
    option: actions.Option,
    answers: list[Answer] | tuple[Answer, ...] = (),
    *,
    then_first: bool = False,
) -> list[Choice[Any]]:
    """Take an action: it must be among the player's options now; then it is performed."""
    legal = actions.options(state, player)
    assert option in legal, f"{option} is not an option now: {legal}"
    return drive(actions.perform(state, player, option), answers, state, then_first=then_first)


def may(state: PorfirianaState, player: int, option: actions.Option) -> bool:
    return option in actions.options(state, player)


# ---------------------------------------------------------------------- what abilities are told

Told = tuple[Any, ...]


def moves_told(monkeypatch: pytest.MonkeyPatch) -> list[Told]:
    """The `card_moved` and `card_discarded` events fired from now on, in order, as tuples
    (card number, origin, destination, owner, receiver) and (card number, origin, owner): every
    event is fired, whether or not a card in play listens."""
    told: list[Told] = []
    real_fire = hooks.fire

    def watching(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(event, CardMoved):
            told.append((event.card.number, event.origin, event.destination, event.owner, event.receiver))
        elif isinstance(event, CardDiscarded):
            told.append((event.card.number, event.origin, event.owner))
        return real_fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", watching)
    monkeypatch.setattr(hooks, "listens", lambda event: True)
    return told
