"""How Pax Porfiriana's cards reach the rules: which abilities are in effect, and the modifiers,
triggers and replacements they add. No card is named here.

In effect: the regime card in force (its regime side), then each row in seat order, left to
right (a card with sides uses the side it shows; a Hacendado's Loyalist ability stops when it is
flipped), then each player's troops in play. An enterprise in unrest has its abilities switched
off (glossary: Unrest Disk), and so has a troop standing on one. Last come the lasting effects
cards started (`until ...`), in the order they started: a modifier among them acts on top of
every card's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

from paxc.generated import porfiriana as generated
from paxc.generated.porfiriana import CARDS_BY_NUMBER
from paxc.generated.porfiriana.vocabulary import DURATION_ENDS, CardDiscarded, CardMoved, CardType, Zone
from paxc.runtime.core import abilities, errata, lasting, watch
from paxc.runtime.core.abilities import InEffect
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.effects import Ability, Decision, DurationEnd, Effect, PlayerId
from paxc.runtime.porfiriana.context import RULES, PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState, card

V = TypeVar("V")


@functools.cache
def _abilities(number: int, side: int | None) -> tuple[Ability[PorfirianaContext], ...]:
    printed = card(number)
    found = printed.abilities
    if side is not None and printed.sides:
        found = found + printed.sides[side].abilities
    return found  # type: ignore[return-value]  # the context implements the generated protocol


def _cards_in_effect(
    state: PorfirianaState, owner: int | None = None
) -> Iterator[tuple[int, int | None, int]]:
    """(card, side, owner) of every card whose abilities are in effect."""
    if owner is None:
        yield state.regimes[0], 0, state.active
    # The troops on enterprises, by owner, in one pass over the rows (not one pass per player):
    # this runs for every modifier asked, so it is among the hottest loops of a game.
    occupying: dict[int, list[int]] = {}
    for me in state.players:
        for held in me.row:
            if held.troop is not None and held.troop_owner is not None and not held.unrest:
                occupying.setdefault(held.troop_owner, []).append(held.troop)
    for player, me in enumerate(state.players):
        if owner is not None and player != owner:
            continue
        for held in me.row:
            if not held.unrest:
                yield held.number, held.side, player
        for troop in me.army:
            yield troop, None, player
        for troop in occupying.get(player, ()):
            yield troop, None, player


def in_effect(state: PorfirianaState, owner: int | None = None) -> list[InEffect]:
    """Every ability in effect (only `owner`'s when given)."""
    found: list[InEffect] = [
        (PorfirianaContext(state, player, number), player, ability, card(number).name)
        for number, side, player in _cards_in_effect(state, owner)
        for ability in _abilities(number, side)
    ]
    if state.lasting:
        found.extend(e for e in _lasting(state) if owner is None or e[1] == owner)
    return found


def _lasting(state: PorfirianaState) -> list[InEffect]:
    """The lasting effects in effect, oldest first, each run for the player who started it."""
    return [
        (
            PorfirianaContext(state, e.owner, e.card),
            e.owner,
            card(e.card).lasting[e.ability],
            card(e.card).name,
        )
        for e in state.lasting
    ]


@functools.cache
def _modifier_types(number: int, side: int | None) -> frozenset[type]:
    return frozenset(m.hook for ability in _abilities(number, side) for m in ability.modifiers)


# What the two questions below find in the card table is remembered by the table's size as well,
# so that a card added to it (a new card joining the game) is seen without `forget_cards`.


def _carried_in_rows(hook_type: type) -> bool:
    """Whether a card that can be in a row or a troop (any card but a regime card) carries a
    modifier of this kind, on any side."""
    return _carried_in_rows_of(hook_type, len(CARDS_BY_NUMBER))


@functools.cache
def _carried_in_rows_of(hook_type: type, cards: int) -> bool:
    return any(
        hook_type in _modifier_types(number, side)
        for number, printed in CARDS_BY_NUMBER.items()
        if printed.card_type is not CardType.REGIME_CARD
        for side in (None, *range(len(printed.sides)))
    )


def listens(event_type: type) -> bool:
    """Whether any card of the table has a trigger for this kind of event (on any side, or in
    an effect it starts): the rules fire events no card answers at every action, and skip
    making those they tell at every turn (a game has hundreds of turns)."""
    return _listened_to(event_type, len(CARDS_BY_NUMBER)) or watch.wants(event_type)


@functools.cache
def _listened_to(event_type: type, cards: int) -> bool:
    return any(
        trigger.event is event_type
        for printed in CARDS_BY_NUMBER.values()
        for ability in (
            *printed.abilities,
            *printed.lasting,
            *(a for side in printed.sides for a in (*side.abilities, *side.lasting)),
        )
        for trigger in ability.triggers
    )


def use_errata(choice: errata.Choice) -> None:
    """Play the versions of the cards `choice` names from now on (a game's start: its options),
    and forget what was worked out from the versions played before."""
    latest = generated.CARDS  # read now: a test may have added a card to the game
    errata.check(choice, latest, "Pax Porfiriana")
    if errata.install(choice, latest, CARDS_BY_NUMBER):
        forget_cards()


def forget_cards() -> None:
    """Forget what is remembered of the card table (after a card of it is changed or added)."""
    for remembered in (
        _abilities,
        _modifier_types,
        _trigger_types,
        _carried_in_rows_of,
        _listened_to,
    ):
        remembered.cache_clear()
    _tables.clear()
    _regime_modifiers.clear()


Carrier = tuple[int, int | None, int]  # (card, side, owner) of a card whose abilities are in effect


def carriers_by_type(state: PorfirianaState) -> dict[type, list[Carrier]]:
    """The cards in effect that carry each kind of modifier, in the order they apply."""
    found: dict[type, list[Carrier]] = {}
    for number, side, player in _cards_in_effect(state):
        for hook_type in _modifier_types(number, side):
            found.setdefault(hook_type, []).append((number, side, player))
    return found


def _in_effect_key(state: PorfirianaState) -> list[object]:
    """Everything that decides which modifiers are in effect and for whom (`_cards_in_effect`
    and `_lasting`): the regime card in force and whose turn it is, each row's cards with their
    side, unrest and troop, each private army, the lasting effects. Two equal keys give the same
    modifiers in the same order."""
    key: list[object] = [state.regimes[0], state.active]
    for me in state.players:
        for held in me.row:
            key += (held.number, held.side, held.unrest, held.troop, held.troop_owner)
        key.append(tuple(me.army))  # also marks where a row ends
    if state.lasting:
        key += state.lasting
    return key


class _Table:
    """The modifiers in effect in one state, by kind, in the order they apply (stage by stage,
    `abilities.staged`), each with the
    context it runs in (a context holds only the state, its owner and its card, so it serves
    for as long as the state lives): gathered for a kind when that kind is first asked."""

    __slots__ = ("state", "key", "carriers", "applying", "contexts")

    def __init__(self, state: PorfirianaState, key: list[object]) -> None:
        self.state = state
        self.key = key
        self.carriers = carriers_by_type(state)
        self.applying: dict[type, list[abilities.Applying]] = {}
        self.contexts: dict[tuple[int, int], PorfirianaContext] = {}

    def of(self, hook_type: type) -> list[abilities.Applying]:
        found = self.applying.get(hook_type)
        if found is None:
            found = self.applying[hook_type] = self._gather(hook_type)
        return found

    def _gather(self, hook_type: type) -> list[abilities.Applying]:
        state = self.state
        found: list[abilities.Applying] = [
            (self._context(player, number), modifier)
            for number, side, player in self.carriers.get(hook_type, ())
            for ability in _abilities(number, side)
            for modifier in ability.modifiers
            if modifier.hook is hook_type
        ]
        for effect in state.lasting:
            found.extend(
                (self._context(effect.owner, effect.card), modifier)
                for modifier in card(effect.card).lasting[effect.ability].modifiers
                if modifier.hook is hook_type
            )
        return abilities.staged(found)  # ordered once, not at every question

    def _context(self, player: int, number: int) -> PorfirianaContext:
        found = self.contexts.get((player, number))
        if found is None:
            found = self.contexts[player, number] = PorfirianaContext(self.state, player, number)
        return found


# The tables of the state last asked, the latest first, kept while the cards in effect stay the
# same. Invalidation: outside a listing the key is read again at every question, and a key no
# table has makes a new one; while options are listed (`listing`) nothing changes what is in
# effect, so the latest table is trusted without reading the key; a change of the card table
# (`forget_cards`) drops them all. A few are kept, as many as a game has seats: the regime card
# acts for whoever's turn it is, so each turn needs a table of its own, and the rows often stay
# the same from one round to the next. One state at a time: self-play asks of one state, a
# search mostly of the copy it plays out.
_KEPT = 6
_tables: list[_Table] = []
_listed: PorfirianaState | None = None  # the state whose options are being listed, if any


def _table_of(state: PorfirianaState) -> _Table:
    tables = _tables
    if tables and tables[0].state is state:
        if _listed is state:
            return tables[0]
        key = _in_effect_key(state)
        for index, table in enumerate(tables):
            if table.key == key:
                if index:
                    tables.insert(0, tables.pop(index))
                return table
    else:
        tables.clear()
        key = _in_effect_key(state)
    table = _Table(state, key)
    tables.insert(0, table)
    del tables[_KEPT:]
    return table


class _Listing:
    """`with listing(state):` while a decision's options are listed, which changes nothing in
    effect, the modifiers in effect are not looked for again at each question (the price of
    every market card). A class rather than a generator: it is entered at every decision."""

    __slots__ = ("_state", "_outer")

    def __init__(self, state: PorfirianaState) -> None:
        self._state = state
        self._outer: PorfirianaState | None = None

    def __enter__(self) -> None:
        global _listed
        _table_of(self._state)  # made (or checked) now, trusted until the listing ends
        self._outer = _listed
        _listed = self._state

    def __exit__(self, *raised: object) -> None:
        global _listed
        _listed = self._outer


def listing(state: PorfirianaState) -> _Listing:
    return _Listing(state)


def _applying_now(state: PorfirianaState, hook_type: type) -> list[abilities.Applying]:
    """The modifiers of this kind in effect, with their contexts, in the order they apply."""
    tables = _tables
    if _listed is state and tables and tables[0].state is state:
        table = tables[0]
    else:
        if not state.lasting and not _carried_in_rows(hook_type):
            # only a regime card carries it: no need to look at the rows and troops
            if hook_type not in _modifier_types(state.regimes[0], 0):
                return []
            return _regime_applying(state, hook_type)
        table = _table_of(state)
    found = table.applying.get(hook_type)
    if found is None:
        found = table.of(hook_type)
    return found


# The modifiers of the kinds only a regime card carries, when no lasting effect is in force: by
# the regime card in force, whose turn it is (the regime card acts for that player) and the kind,
# for one state at a time (as `_tables`). What a table would give for such a kind, without the
# key of everything in effect that finding a table reads (the cubes brought to their values after
# every action ask whether a point takes a prestige cube, which only the Pax regime says).
_regime_modifiers: dict[tuple[int, int, type], list[abilities.Applying]] = {}
_regime_state: list[PorfirianaState] = []  # the state they were found for


def _regime_applying(state: PorfirianaState, hook_type: type) -> list[abilities.Applying]:
    if not _regime_state or _regime_state[0] is not state:
        _regime_modifiers.clear()
        _regime_state[:] = [state]
    regime, player = state.regimes[0], state.active
    found = _regime_modifiers.get((regime, player, hook_type))
    if found is None:
        context = PorfirianaContext(state, player, regime)
        found = _regime_modifiers[regime, player, hook_type] = abilities.staged(
            [
                (context, modifier)
                for ability in _abilities(regime, 0)
                for modifier in ability.modifiers
                if modifier.hook is hook_type
            ]
        )
    return found


def modified(state: PorfirianaState, hook: object, value: V, spend: bool = False) -> V:
    """`value` after the modifiers in effect, in stages; a modifier limited to once per round acts
    while unspent this round, and `spend` (the rules act on the value) spends it."""
    applying = _applying_now(state, type(hook))
    if not applying:
        return value
    if len(applying) == 1 and not applying[0][1].once_per_round:
        # The usual case when any: one modifier, no stages to order, no round to keep.
        ctx, modifier = applying[0]
        changed: V = modifier.apply(ctx, hook, value)
        return changed
    return abilities.in_order(applying, hook, value, state.used_this_round, spend)


def may_apply(state: PorfirianaState, hook_type: type) -> bool:
    """Whether a modifier of this kind is in effect. Lets a question asked of every card skip
    making its hook when nothing could answer it."""
    return bool(_applying_now(state, hook_type))


def modifying(state: PorfirianaState, hook_type: type) -> Callable[[object, V], V] | None:
    """What asking the modifiers of one kind of hook comes to (`modified` without looking for
    them again), or None when no ability in effect carries one: for the rules that ask one
    question of many cards or players at once. Good while the cards in effect stay the same."""
    applying = _applying_now(state, hook_type)
    if not applying:
        return None
    # Partial applications rather than lambdas: asked of every card of a listing, they call the
    # modifier (or `in_order`) without a Python frame of their own in between.
    if len(applying) == 1 and not applying[0][1].once_per_round:
        ctx, modifier = applying[0]
        return functools.partial(modifier.apply, ctx)
    return functools.partial(abilities.in_order, applying, used_this_round=state.used_this_round)


@functools.cache
def _trigger_types(number: int, side: int | None) -> frozenset[type]:
    return frozenset(t.event for ability in _abilities(number, side) for t in ability.triggers)


def fire(
    state: PorfirianaState,
    event: object,
    owner: int | None = None,
    played: tuple[int, int] | None = None,
) -> Effect | tuple[()]:
    """Run the triggers in effect responding to `event` (only `owner`'s when given), in the
    order of `in_effect`; a trigger limited to once per turn is recorded in the turn's state when
    it acts. Only the cards with a trigger of this kind are looked at: the rules fire an event at
    every action, and few cards answer any.

    `played` (card, player): a card being played that is in no row (an orange or black card, a
    headline, a topple) hears the event about its own play too, first, as its owner's: its text
    is part of its play even though it goes straight to a discard or a stack.

    Then the lasting effects in force before it that it ends end (`core.lasting.told`).

    A plain function, not a generator: when no ability in effect responds and no lasting effect
    ends (most events) it gives nothing to run at once, for the cost of one call."""
    event_type: type = type(event)
    watch.seen(event)
    ending = bool(state.lasting) and event_type in _ENDING
    carrying = _carrying(state, event, owner, played) if listens(event_type) else None
    if not carrying and not ending:
        return ()
    return _fire(state, event, carrying, state.lasting[:] if ending else None)


def _fire(
    state: PorfirianaState, event: object, carrying: list[InEffect] | None, before: list[Lasting] | None
) -> Effect:
    if carrying:
        yield from abilities.fire(
            carrying, event, state.turn.used_triggers, state.used_this_round, state.turn.trigger_acts
        )
    if before:
        lasting.told(state.lasting, _ENDS, event, before)
        if any(effect not in state.lasting for effect in before):
            # A lasting modifier that ended may have held cubes where the rules now put none (a
            # prestige point that took a cube, `takes_prestige_cube`): the cubes follow the rules
            # in force before anyone is asked anything.
            yield from RULES.get().settle(state)


# When each duration ends, by its name (as a lasting effect keeps it), and the kinds of event that
# end (or arm) one.
_ENDS: dict[str, DurationEnd] = {str(name): end for name, end in DURATION_ENDS.items()}
_ENDING = lasting.ending_events(_ENDS)


def matters(state: PorfirianaState, event_type: type) -> bool:
    """Whether telling this kind of event can matter now: a card answers it (`listens`), or it
    ends a lasting effect in force. The rules skip making an event that cannot."""
    return listens(event_type) or (bool(state.lasting) and event_type in _ENDING)


def _carrying(
    state: PorfirianaState, event: object, owner: int | None, played: tuple[int, int] | None
) -> list[InEffect]:
    """The abilities in effect with a trigger for this kind of event, each with its context."""
    event_type = type(event)
    carrying: list[InEffect] = []
    if played is not None and event_type in _trigger_types(played[0], None):
        number, player = played
        carrying.extend(
            (PorfirianaContext(state, player, number), player, ability, card(number).name)
            for ability in _abilities(number, None)
        )
    carrying.extend(
        (PorfirianaContext(state, player, number), player, ability, card(number).name)
        for number, side, player in _cards_in_effect(state, owner)
        if event_type in _trigger_types(number, side)
        for ability in _abilities(number, side)
    )
    if state.lasting:
        carrying.extend(e for e in _lasting(state) if owner is None or e[1] == owner)
    return carrying


def card_moved(
    state: PorfirianaState,
    number: int,
    origin: str,
    owner: int | None,
    destination: str,
    receiver: int | None,
    discarded: bool = False,
) -> Effect | tuple[()]:
    """The one place the rules tell abilities that a card went from one zone to another (after
    it has gone): `card_moved`, then `card_discarded` when it went to the discard pile or the
    bull/bear pile (`discarded`). `owner` and `receiver` are the players whose zones the card left
    and entered, None for a shared zone, which the events give as the player whose turn it is.

    A plain function, not a generator: when no card of the game listens (most games) it gives
    nothing to run at once, for the cost of one call, and makes no event."""
    hear_move = listens(CardMoved)
    hear_discard = discarded and listens(CardDiscarded)
    if not (hear_move or hear_discard) or state.over:
        return ()  # nobody listens, or the game has ended
    return _tell_moved(state, number, origin, owner, destination, receiver, hear_move, hear_discard)


def _tell_moved(
    state: PorfirianaState,
    number: int,
    origin: str,
    owner: int | None,
    destination: str,
    receiver: int | None,
    hear_move: bool,
    hear_discard: bool,
) -> Effect:
    printed = card(number)
    left = PlayerId(state.active if owner is None else owner)
    if hear_move:
        entered = PlayerId(state.active if receiver is None else receiver)
        yield from fire(state, CardMoved(printed, Zone(origin), Zone(destination), left, entered))
    if hear_discard:
        yield from fire(state, CardDiscarded(printed, Zone(origin), left))


def replaced(state: PorfirianaState, event: object) -> Generator[Decision, None, bool]:
    return (yield from abilities.replaced(in_effect(state), event))
