"""How cards reach the rules: the abilities in effect, the modifiers they apply to a value the
rules computed, and the triggers and replacements they add. No card is named here.

Abilities in effect: events discarded for everybody, events bought (in front of their buyer),
and court cards, then lasting effects (each group in turn order from the first player, courts left
to right). Modifiers of one value apply in stages whatever their cards' order (replacements,
scalings, adjustments, ceilings, floors: `core.abilities.in_stages`); the order above is only the
order within a stage, which the card language makes not matter. Before them all, within a stage,
come the modifiers of market cards that say they act `while in market` (a card's rule about
itself, such as a card nobody may buy), market spaces in order, top row first; their `you` is the
player whose turn it is (a market card has no owner).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterator
from typing import Any, Final, TypeVar

from paxc.generated.pamir import CARDS, CARDS_BY_NUMBER
from paxc.generated.pamir.vocabulary import (
    DURATION_ENDS,
    Card,
    CardDiscarded,
    CardMoved,
    CardType,
    PamirEffects,
    Zone,
)
from paxc.runtime.core import abilities, errata, lasting, watch
from paxc.runtime.core.abilities import confirm as confirm  # re-exported: the rules call hooks.confirm
from paxc.runtime.core.abilities import run_effect as run_effect
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.seam import Given
from paxc.runtime.core.watch import WANTED
from paxc.runtime.effects import Ability, Decision, DurationEnd, Effect, Modifier, PlayerId
from paxc.runtime.pamir.state import PamirState, card

V = TypeVar("V")

# The set operations the hooks ask at every question, as functions found once: compiled
# (`paxc accelerate`), `carriers.isdisjoint(row)` looks the method up by its name at every call,
# as mypyc has no primitive for it; pure Python runs either the same.
_isdisjoint: Final = frozenset.isdisjoint
_intersection: Final = frozenset.intersection

# What an ability in effect runs in: the game as card effects see it, for one player and card
# (state, you, this). `context.PamirContext` is one, given when its module is imported: a context
# performs operations (placing a piece, scoring a check) that tell the abilities in effect in
# turn, so it sits above this module and cannot be imported by it (`core/seam.py`).
ContextMaker = Callable[[PamirState, int, int], PamirEffects]
CONTEXTS: Final[Given[ContextMaker]] = Given(
    "card contexts to run abilities in", "paxc.runtime.pamir.context"
)


def side_abilities(number: int, side: int) -> tuple[Ability[PamirEffects], ...]:
    printed = card(number)
    return printed.sides[side].abilities if printed.sides else printed.abilities


def in_effect(state: PamirState) -> Iterator[tuple[int, int, Ability[PamirEffects]]]:
    """(card, owner, ability) for every ability in effect."""
    for number, side, resolver in state.global_events:
        for ability in side_abilities(number, side):
            yield number, resolver, ability
    for owner, player in enumerate(state.players):
        for number, side in player.events:
            for ability in side_abilities(number, side):
                yield number, owner, ability
    for owner, player in enumerate(state.players):
        for number in player.court:
            for ability in card(number).abilities:
                yield number, owner, ability
    for effect in state.lasting:
        yield effect.card, effect.owner, card(effect.card).lasting[effect.ability]


@functools.cache
def _modifiers(number: int, side: int | None) -> dict[type, tuple[Modifier[PamirEffects, Any, Any], ...]]:
    """A card's (or one side's) modifiers by the hook they change: cards never change, so this is
    worked out once per card rather than at every question the rules ask."""
    return _by_hook(card(number).abilities if side is None else side_abilities(number, side))


@functools.cache
def _lasting_modifiers(number: int, index: int) -> dict[type, tuple[Modifier[PamirEffects, Any, Any], ...]]:
    """The modifiers of a card's lasting ability (what its `until ...` started), by hook."""
    return _by_hook((card(number).lasting[index],))


def _by_hook(
    abilities: tuple[Ability[PamirEffects], ...],
) -> dict[type, tuple[Modifier[PamirEffects, Any, Any], ...]]:
    return _by_hook_at(abilities, "play")


def _by_hook_at(
    abilities: tuple[Ability[PamirEffects], ...], place: str
) -> dict[type, tuple[Modifier[PamirEffects, Any, Any], ...]]:
    table: dict[type, list[Modifier[PamirEffects, Any, Any]]] = {}
    for ability in abilities:
        for modifier in ability.modifiers:
            if modifier.place == place:
                table.setdefault(modifier.hook, []).append(modifier)
    return {hook: tuple(found) for hook, found in table.items()}


@functools.cache
def _market_modifiers(number: int) -> dict[type, tuple[Modifier[PamirEffects, Any, Any], ...]]:
    """The modifiers a card has while in the market, by hook."""
    return _by_hook_at(card(number).abilities, "market")


def _market_carriers_of(cards: tuple[Card, ...]) -> dict[type, frozenset[int]]:
    carriers: dict[type, set[int]] = {}
    for printed in cards:
        for hook_type in _market_modifiers(printed.number):
            carriers.setdefault(hook_type, set()).add(printed.number)
    return {hook_type: frozenset(numbers) for hook_type, numbers in carriers.items()}


MarketCarriers = tuple[tuple[Card, ...], dict[type, frozenset[int]], frozenset[int]]
TriggeredCards = tuple[tuple[Card, ...], dict[type, frozenset[int]]]
Listed = tuple[PamirState, frozenset[type], dict[type, list[abilities.Applying]]]


class _Kept:
    """What the hooks keep from one question to the next, as the fields of one object: compiled
    (`paxc accelerate`), a field is read as a C struct's, where a module global is looked up in
    the module's dictionary at every reading, and these are read at every question."""

    __slots__ = ("market", "triggered", "modifiable", "listing")

    def __init__(self) -> None:
        # For each kind of modifier, the cards that carry one while in the market, and all those
        # cards (worked out again whenever the card table is another one, as for `listens`).
        self.market: MarketCarriers = ((), {}, frozenset())
        # For each kind of event, the cards with a trigger or replacement for it (`listens`).
        self.triggered: TriggeredCards = ((), {})
        # Every kind of value some card can change (`modifiable`).
        self.modifiable: tuple[tuple[Card, ...], frozenset[type]] = ((), frozenset())
        # While a decision's options are listed: see `listing`.
        self.listing: Listed | None = None


_KEPT: Final = _Kept()


def _market_table() -> MarketCarriers:
    if _KEPT.market[0] is not CARDS:
        _market_modifiers.cache_clear()
        by_hook = _market_carriers_of(CARDS)
        every = frozenset(number for numbers in by_hook.values() for number in numbers)
        _KEPT.market = (CARDS, by_hook, every)
    return _KEPT.market


def _court_carriers() -> dict[type, frozenset[int]]:
    """For each kind of modifier hook, the court cards that carry one (a handful at most)."""
    carriers: dict[type, set[int]] = {}
    for printed in CARDS:
        if printed.card_type is CardType.COURT:
            for hook_type in _modifiers(printed.number, None):
                carriers.setdefault(hook_type, set()).add(printed.number)
    return {hook_type: frozenset(numbers) for hook_type, numbers in carriers.items()}


_COURT_CARRIERS = _court_carriers()
_CARRIER_CARDS = frozenset(number for numbers in _COURT_CARRIERS.values() for number in numbers)


def _triggered_types() -> dict[type, frozenset[int]]:
    """For every kind of event some card (a side, a lasting ability) has a trigger or replacement
    for, the numbers of those cards."""
    cards: dict[type, set[int]] = {}
    for printed in (card(c.number) for c in CARDS):  # the versions in play
        faces = (printed, *printed.sides)
        for ability in (a for face in faces for a in (*face.abilities, *face.lasting)):
            for event_type in (
                *(t.event for t in ability.triggers),
                *(r.event for r in ability.replacements),
            ):
                cards.setdefault(event_type, set()).add(printed.number)
    return {event_type: frozenset(numbers) for event_type, numbers in cards.items()}


# Worked out again whenever the card table is another one (a test adding a card to the game).
_KEPT.triggered = (CARDS, _triggered_types())


def _modified_types() -> frozenset[type]:
    """Every kind of value some card (a side, a lasting ability) has a modifier for."""
    types: set[type] = set()
    for printed in (card(c.number) for c in CARDS):  # the versions in play
        for face in (printed, *printed.sides):
            for ability in (*face.abilities, *face.lasting):
                types.update(m.hook for m in ability.modifiers)
    return frozenset(types)


def modifiable(hook_type: type) -> bool:
    """Whether any card of the game can change this kind of value (worked out once per card
    table): a value the rules ask at every turn (a limit) skips the search when none can."""
    kept = _KEPT.modifiable
    if kept[0] is not CARDS:
        kept = _KEPT.modifiable = (CARDS, _modified_types())
    return hook_type in kept[1]


def listens(event_type: type) -> bool:
    """Whether any card of the game responds to this kind of event, or a watcher wants it: the
    rules skip making an event nobody can answer (a piece placed happens often). Asked hundreds
    of times a game, so the card table's staleness is checked here rather than by a call."""
    triggered = _KEPT.triggered
    if triggered[0] is not CARDS:
        triggered = _triggered_again()
    return event_type in triggered[1] or event_type in WANTED


def _responding_cards() -> dict[type, frozenset[int]]:
    triggered = _KEPT.triggered
    return (triggered if triggered[0] is CARDS else _triggered_again())[1]


def _triggered_again() -> TriggeredCards:
    """The cards with a trigger for each kind of event, worked out for another card table."""
    _KEPT.triggered = (CARDS, _triggered_types())
    return _KEPT.triggered


def use_errata(choice: errata.Choice) -> None:
    """Play the versions of the cards `choice` names from now on (a game's start: its options),
    and forget what was worked out from the versions played before."""
    global _COURT_CARRIERS, _CARRIER_CARDS
    errata.check(choice, CARDS, "Pax Pamir")
    if not errata.install(choice, CARDS, CARDS_BY_NUMBER):
        return
    _modifiers.cache_clear()
    _lasting_modifiers.cache_clear()
    _market_modifiers.cache_clear()
    _KEPT.market, _KEPT.triggered, _KEPT.modifiable = ((), {}, frozenset()), ((), {}), ((), frozenset())
    _COURT_CARRIERS = _court_carriers()
    _CARRIER_CARDS = frozenset(number for numbers in _COURT_CARRIERS.values() for number in numbers)


def active_types(state: PamirState) -> frozenset[type]:
    """Every kind of modifier some ability in effect carries."""
    types: set[type] = set()
    carriers = (_KEPT.market if _KEPT.market[0] is CARDS else _market_table())[2]
    # A carrier is rare: the cards that carry one are found by one set operation per row or
    # court, not one test per card (the order of the types found does not matter).
    for row in state.market:
        if not _isdisjoint(carriers, row):
            for number in _intersection(carriers, row):
                types.update(_market_modifiers(number))
    for number, side, _ in state.global_events:
        types.update(_modifiers(number, side))
    for player in state.players:
        for number, side in player.events:
            types.update(_modifiers(number, side))
        if not _isdisjoint(_CARRIER_CARDS, player.court):
            for number in _intersection(_CARRIER_CARDS, player.court):
                types.update(_modifiers(number, None))
    for effect in state.lasting:
        types.update(_lasting_modifiers(effect.card, effect.ability))
    return frozenset(types)


# While the options of a decision are listed, nothing changes which abilities are in effect, yet
# the rules ask the modifiers many times: `listing` records, for that while, which kinds of
# modifier are in effect, so the other questions are answered at once, and the modifiers of each
# kind asked (with their contexts: nothing they read changes meanwhile), gathered once.
# (`_KEPT.listing`: the state listed, the kinds in effect, the modifiers of each kind asked.)


class _Listing:
    """`with listing(state):` (a class rather than a generator: it is entered at every decision)."""

    __slots__ = ("_state", "_outer")

    def __init__(self, state: PamirState) -> None:
        self._state = state
        self._outer: Listed | None = None

    def __enter__(self) -> frozenset[type]:
        """The kinds of modifier in effect (`with listing(state) as types:`): the listing's own
        questions test them without a call each."""
        self._outer = _KEPT.listing
        types = active_types(self._state)
        _KEPT.listing = (self._state, types, {})
        return types

    def __exit__(self, *raised: object) -> None:
        _KEPT.listing = self._outer


# `with listing(state):` makes the object itself (no function call on the way: every decision
# enters one).
listing = _Listing


def in_effect_for(state: PamirState, hook_type: type) -> bool:
    """Whether any modifier of this kind is in effect: lets a caller asking the same question many
    times (the cost of every market card) skip asking when nothing could change the answer.
    Loops rather than generators: this is asked outside listings (a payment onto market cards)."""
    in_market = (_KEPT.market if _KEPT.market[0] is CARDS else _market_table())[1].get(hook_type)
    if in_market:
        for row in state.market:
            if not _isdisjoint(in_market, row):
                return True
    for number, side, _ in state.global_events:
        if hook_type in _modifiers(number, side):
            return True
    for player in state.players:
        for number, side in player.events:
            if hook_type in _modifiers(number, side):
                return True
    for effect in state.lasting:
        if hook_type in _lasting_modifiers(effect.card, effect.ability):
            return True
    carriers = _COURT_CARRIERS.get(hook_type)
    if carriers is not None:
        for player in state.players:
            if not _isdisjoint(carriers, player.court):
                return True
    return False


def listed_types(state: PamirState) -> frozenset[type]:
    """The kinds of modifier in effect: the listing's, while the options of this state are
    listed, else worked out (`active_types`). A question asking several kinds gets them once."""
    listed = _KEPT.listing
    if listed is not None and listed[0] is state:
        return listed[1]
    return active_types(state)


def may_apply(state: PamirState, hook_type: type) -> bool:
    """Whether a modifier of this kind may be in effect: answered from the listing while options
    are listed, else by `in_effect_for`. Lets a question asked for every market card skip building
    its hook when nothing could answer it."""
    listed = _KEPT.listing
    if listed is not None and listed[0] is state:
        return hook_type in listed[1]
    return in_effect_for(state, hook_type)


def modified(state: PamirState, hook: object, value: V, spend: bool = False) -> V:
    """`value` after every modifier in effect for this kind of hook, in stages
    (`core.abilities.in_stages`), each stage in the order of `in_effect`. A modifier limited to
    once per round acts while unspent this round; `spend`: the rules act on the value (they
    charge the purchase), which spends it.

    The rules ask this many times a decision, so court cards are found from the few that carry
    such a modifier rather than by looking through every court.
    """
    hook_type = type(hook)
    listed = _KEPT.listing
    if listed is None or listed[0] is not state:
        applying = _applying(state, hook_type)
        if len(applying) > 1:
            applying = abilities.staged(applying)
    elif hook_type not in listed[1]:
        return value
    else:
        # The same kind of question asked again while listing (the cost of every market card):
        # the modifiers in effect and their contexts are the same, so they are gathered (and put
        # in stage order) once.
        cached = listed[2].get(hook_type)
        if cached is None:
            cached = listed[2][hook_type] = abilities.staged(_applying(state, hook_type))
        applying = cached
    if len(applying) == 1 and not applying[0][1].once_per_round:
        # The usual case when any: one modifier, no stages to order, no round to keep.
        ctx, modifier = applying[0]
        changed: V = modifier.apply(ctx, hook, value)
        return changed
    return abilities.in_order(applying, hook, value, state.used_this_round, spend) if applying else value


def _applying(state: PamirState, hook_type: type) -> list[abilities.Applying]:
    """Every modifier in effect for this kind of hook, with the context it runs in, in the order
    of `in_effect` (market cards first)."""
    context_of = CONTEXTS.get()
    applying: list[abilities.Applying] = []
    # The card table is checked for staleness inline (`_market_table` does the same): this runs
    # for every question the listing cannot answer.
    in_market = (_KEPT.market if _KEPT.market[0] is CARDS else _market_table())[1].get(hook_type)
    if in_market:
        for row in state.market:
            if _isdisjoint(in_market, row):  # as in active_types: one set test per row
                continue
            for number in row:
                if number is not None and number in in_market:
                    for modifier in _market_modifiers(number)[hook_type]:
                        applying.append((context_of(state, state.active, number), modifier))
    for number, side, resolver in state.global_events:
        for modifier in _modifiers(number, side).get(hook_type, ()):
            applying.append((context_of(state, resolver, number), modifier))
    for owner, player in enumerate(state.players):
        for number, side in player.events:
            for modifier in _modifiers(number, side).get(hook_type, ()):
                applying.append((context_of(state, owner, number), modifier))
    carriers = _COURT_CARRIERS.get(hook_type)
    if carriers:
        # Courts in turn order, each from left to right: the carriers in a court are found by
        # one set test, as in active_types.
        for owner, player in enumerate(state.players):
            if _isdisjoint(carriers, player.court):
                continue
            for number in player.court:
                if number in carriers:
                    for modifier in _modifiers(number, None)[hook_type]:
                        applying.append((context_of(state, owner, number), modifier))
    for effect in state.lasting:
        for modifier in _lasting_modifiers(effect.card, effect.ability).get(hook_type, ()):
            applying.append((context_of(state, effect.owner, effect.card), modifier))
    return applying


def _carrying(state: PamirState, event_type: type, replacements: bool) -> list[abilities.InEffect]:
    """The abilities in effect with a trigger (or replacement) for this kind of event, each with
    the context it runs in, in the order of `in_effect`: contexts are made only for the few that
    can respond, and only the cards that have one for it (`_responding_cards`) are looked into."""
    context_of = CONTEXTS.get()
    found: list[abilities.InEffect] = []
    responding = _responding_cards().get(event_type)
    if not responding:
        return found

    def add(number: int, owner: int, abilities_of: tuple[Ability[PamirEffects], ...]) -> None:
        for ability in abilities_of:
            # Most abilities have no trigger (replacement) at all: no search through them then.
            for hook in ability.replacements if replacements else ability.triggers:
                if hook.event is event_type:
                    found.append((context_of(state, owner, number), owner, ability, card(number).name))
                    break

    for number, side, resolver in state.global_events:
        if number in responding:
            add(number, resolver, side_abilities(number, side))
    for owner, player in enumerate(state.players):
        for number, side in player.events:
            if number in responding:
                add(number, owner, side_abilities(number, side))
    for owner, player in enumerate(state.players):
        if not _isdisjoint(responding, player.court):
            for number in player.court:
                if number in responding:
                    add(number, owner, card(number).abilities)
    for effect in state.lasting:
        if effect.card in responding:
            add(effect.card, effect.owner, (card(effect.card).lasting[effect.ability],))
    return found


# When each duration ends, by its name (as a lasting effect keeps it), and the kinds of event that
# end (or arm) one.
_ENDS: Final[dict[str, DurationEnd]] = {str(name): end for name, end in DURATION_ENDS.items()}
_ENDING: Final = lasting.ending_events(_ENDS)


def matters(state: PamirState, event_type: type) -> bool:
    """Whether telling this kind of event can matter now: a card answers it (`listens`), or it
    ends a lasting effect in force. The rules skip making an event that cannot."""
    return listens(event_type) or (bool(state.lasting) and event_type in _ENDING)


def fire(state: PamirState, event: object) -> Effect | tuple[()]:
    """Run every trigger in effect that responds to `event` (an optional one asks its owner),
    then end the lasting effects in force before it that it ends (`core.lasting.told`).

    A plain function, not a generator: when no ability in effect responds and no lasting effect
    ends (most events) it gives nothing to run at once, for the cost of one call."""
    event_type = type(event)
    if WANTED:  # a watcher sees the event first (a call only while one watches)
        watch.seen(event)
    ending = bool(state.lasting) and event_type in _ENDING
    carrying = _carrying(state, event_type, replacements=False) if listens(event_type) else None
    if not carrying and not ending:
        return ()
    return _fire(state, event, carrying, state.lasting[:] if ending else None)


def _fire(
    state: PamirState, event: object, carrying: list[abilities.InEffect] | None, before: list[Lasting] | None
) -> Effect:
    if carrying:
        yield from abilities.fire(
            carrying, event, state.turn.used_triggers, state.used_this_round, state.turn.trigger_acts
        )
    if before:
        lasting.told(state.lasting, _ENDS, event, before)


def card_moved(
    state: PamirState,
    number: int,
    origin: str,
    owner: int | None,
    destination: str,
    receiver: int | None,
    discarded: bool = False,
) -> Effect | tuple[()]:
    """The one place the rules tell abilities that a card went from one zone to another (after
    it has gone): `card_moved`, then `card_discarded` when the rulebook calls the move a discard
    (`discarded`; see the trigger in cards/pamir/game.pax). `owner` and `receiver` are the
    players whose zones the card left and entered, None for a shared zone, which the events give
    as the player whose turn it is.

    A plain function, not a generator: when no card of the game listens (most games) it gives
    nothing to run at once, for the cost of one call, and makes no event."""
    hear_move = listens(CardMoved)
    hear_discard = discarded and listens(CardDiscarded)
    if not (hear_move or hear_discard) or state.over:
        return ()  # nobody listens, or the game has ended (a dominance check bought may end it)
    return _tell_moved(state, number, origin, owner, destination, receiver, hear_move, hear_discard)


def _tell_moved(
    state: PamirState,
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


def turn_begun(state: PamirState) -> None:
    """A turn begins (numbered already): at the start of a round, "once per round" counts afresh."""
    if abilities.round_starts(state.turn_number, len(state.players)):
        abilities.begin_round(state.used_this_round)


def replaced(state: PamirState, event: object) -> Generator[Decision, None, bool]:
    """Run the first replacement in effect for `event`; True if it replaced it."""
    if not listens(type(event)):
        return False
    return (yield from abilities.replaced(_carrying(state, type(event), replacements=True), event))
