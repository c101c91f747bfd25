"""Wakhan's card-based actions (rulebook, "Wakhan's Card-Based Actions"): tax, gift, build, move,
betray and battle, each with its default behaviour, and the battle an AI card aims at a court card.

She takes an action with the court card of highest priority among those that could legally take
it, under the same restrictions as a player. Where her behaviour picks among a player's legal
choices (tax, gift, build, battle), the player's own action runs, with her pragmatic loyalty as
her loyalty while it does (the blocks she builds and battles with) and her picks as the answers to
its questions. Her move (armies only, needing no road; with the spy movement variant, idle spies
when no army can move) and her betrayal (a card with a prize, which she always keeps, loyal to
every coalition as she is) are her own.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from functools import partial

from paxc.generated.pamir.vocabulary import (
    Action,
    ActionTaken,
    AiAction,
    AiSlot,
    AiTarget,
    Card,
    Coalition,
    Region,
)
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Decision, Effect, PlayerId
from paxc.runtime.pamir import card_actions, hooks, market, pieces
from paxc.runtime.pamir import wakhan_telling as telling
from paxc.runtime.pamir.card_actions import (
    BETRAY_COST,
    BuildArmy,
    BuildRoad,
    GiftSpace,
    MoveArmy,
    MoveSpy,
    RemoveArmy,
    RemoveRoad,
    RemoveSpy,
    RemoveTribe,
    UseCard,
)
from paxc.runtime.pamir.state import BASE_ACTIONS, PamirState, borders_of, card
from paxc.runtime.pamir.wakhan import (
    Deed,
    Policy,
    answering,
    attempt_radicalize,
    has_most_spies,
    highest_priority,
    priority,
    tie_player,
)
from paxc.runtime.pamir.wakhan_cards import ActionSlot, Reading, pragmatic_loyalty, seat_of

_CARD_ACTION = {
    AiAction.TAX: Action.TAX,
    AiAction.GIFT: Action.GIFT,
    AiAction.BUILD: Action.BUILD,
    AiAction.MOVE: Action.MOVE,
    AiAction.BETRAY: Action.BETRAY,
    AiAction.BATTLE: Action.BATTLE,
}


def court_action(action: AiAction) -> Action:
    return _CARD_ACTION[action]


# ---------------------------------------------------------------------- which card, and whether


def usable_cards(state: PamirState, action: Action) -> list[int]:
    """Her court cards that may take this action now: printed on them, not used this turn, and
    an action left unless the card's action is a bonus one."""
    seat = seat_of(state).seat
    actions_left = state.turn.actions_taken < BASE_ACTIONS
    return [
        n
        for n in state.players[seat].court
        if n not in state.turn.used_cards
        and action in card(n).actions
        and (actions_left or card_actions.is_bonus(state, seat, n))
    ]


def can_take(state: PamirState, read: Reading, action: Action, target: AiTarget | None = None) -> bool:
    """Whether the action, as her rules take it, would do something now (cards aside)."""
    seat = seat_of(state).seat
    me = state.players[seat]
    if action is Action.MOVE:
        return _can_move(state, read)
    if action is Action.BETRAY:
        return me.rupees >= _betray_cost(state) and _betray_target(state) is not None
    if action is Action.BATTLE:
        restore = _loyal(state, read)
        try:
            return _battle_site(state, read, target) is not None
        finally:
            restore()
    restore = _loyal(state, read)
    try:
        return card_actions.possible(state, seat, action)
    finally:
        restore()


def take(
    state: PamirState, read: Reading, number: int, action: Action, target: AiTarget | None = None
) -> Generator[Decision, None, Deed]:
    """Take `action` with her court card `number`, by her rules; what she did, for the log."""
    seat = seat_of(state).seat
    use = UseCard(number, action)
    done: list[object] = []  # her picks, or the moves or the card of her own move and betrayal
    gifts = list(state.players[seat].gifts)
    if action is Action.MOVE:
        yield from _as_action(state, use, _move(state, read, card(number).rank or 0, done))
    elif action is Action.BETRAY:
        yield from _as_action(state, use, _betray(state, done))
    else:
        restore = _loyal(state, read)
        try:
            policy = _policies(state, read, target)[action]
        finally:
            restore()
        yield from _loyal_throughout(
            state, read, answering(state, card_actions.perform(state, seat, use), policy, done)
        )
    new_gifts = [g for g in state.players[seat].gifts if g not in gifts]
    return lambda: telling.deed(action, number, seat, done, new_gifts)


def attempt(
    state: PamirState, read: Reading, action: AiAction, target: AiTarget | None
) -> Generator[Decision, None, Deed | None]:
    """A card-based action of the AI card: with her court card of highest priority that may take
    it, if the action would do something; None when it cannot be taken."""
    printed = court_action(action)
    cards = usable_cards(state, printed)
    if not cards or not can_take(state, read, printed, target):
        return None
    number = highest_priority(state, cards)
    assert number is not None
    bonus = card_actions.is_bonus(state, seat_of(state).seat, number)
    deed = yield from take(state, read, number, printed, target)
    if number not in state.turn.used_cards:
        return None  # not taken: she could not pay a hostage bribe
    if bonus:
        return lambda: f"{deed()} (favored suit: a bonus action, not counted)"
    return deed


def _loyal(state: PamirState, read: Reading) -> Callable[[], None]:
    """Give her the pragmatic loyalty while an action runs; the function returned takes it back
    (she is loyal to no single coalition)."""
    me = state.players[seat_of(state).seat]
    me.loyalty = pragmatic_loyalty(state, read)

    def restore() -> None:
        me.loyalty = None

    return restore


def _loyal_throughout(state: PamirState, read: Reading, effect: Effect) -> Effect:
    """Run `effect` with her pragmatic loyalty, which the shared rules read as her loyalty;
    while it waits on another player's answer (a hostage bribe), she is again loyal to no single
    coalition, as every player sees her then (the table, observations, saves). The questions
    are made before they are put, and she gets the loyalty back before the rules go on: the game
    is the same, only what others see while they answer changes."""
    me = state.players[seat_of(state).seat]
    loyalty = pragmatic_loyalty(state, read)
    try:
        while True:
            me.loyalty = loyalty
            try:
                step = next(effect)
            except StopIteration:
                return
            me.loyalty = None
            yield step
    finally:
        me.loyalty = None


def _as_action(state: PamirState, use: UseCard, body: Effect) -> Effect:
    """What every card-based action does around its body (as `card_actions.perform`): a hostage
    bribe, the card marked used, the action counted unless it is a bonus, the trigger after."""
    seat = seat_of(state).seat
    bonus = card_actions.is_bonus(state, seat, use.card)
    if not (yield from card_actions.settle_hostage_bribe(state, seat, use)):
        return
    state.turn.used_cards.add(use.card)
    if not bonus:
        state.turn.actions_taken += 1
    yield from body
    if hooks.matters(state, ActionTaken):  # made only when a card or a watcher may answer it
        yield from hooks.fire(state, ActionTaken(use.action, PlayerId(seat)))


# ---------------------------------------------------------------------- her picks among legal choices


def _policies(state: PamirState, read: Reading, target: AiTarget | None) -> dict[Action, Policy]:
    return {
        Action.TAX: lambda choice: _tax_pick(state, read, choice.options),
        Action.GIFT: lambda choice: _gift_pick(choice.options),
        Action.BUILD: lambda choice: _build_pick(read, choice.options),
        Action.BATTLE: lambda choice: _battle_pick(state, read, target, choice.options),
    }


def _gift_pick(options: tuple[object, ...]) -> object | None:
    """The cheapest gift space she can pay for."""
    spaces = [o for o in options if isinstance(o, GiftSpace)]
    return min(spaces, key=lambda o: o.cost) if spaces else None


def _tax_pick(state: PamirState, read: Reading, options: tuple[object, ...]) -> object | None:
    """Players before market cards, the richest first (the red arrow between two as rich); then
    the leftmost market card holding rupees (the red arrow's row first in the same column). She
    takes as many rupees as the action allows."""
    players = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
    if players:
        richest = max(state.players[p].rupees for p in players)
        tied = [p for p in players if state.players[p].rupees == richest]
        return PlayerId(tie_player(state, tied, read.red))
    cards = [o for o in options if isinstance(o, Card)]
    if cards:
        first_row = 0 if read.red is AiSlot.TOP else 1

        def place(c: Card) -> tuple[int, int]:
            row, column = card_actions.market_slot(state, c.number)
            return column, 0 if row == first_row else 1

        return min(cards, key=place)
    return None


def _build_pick(read: Reading, options: tuple[object, ...]) -> object | None:
    """Armies in the region she rules that comes first in the region priority, as many as she
    can pay for (never stopping early)."""
    armies = [o for o in options if isinstance(o, BuildArmy)]
    if armies:
        return min(armies, key=lambda o: read.regions.index(o.region))
    return next((o for o in options if isinstance(o, BuildRoad)), None)


# ---------------------------------------------------------------------- battle


def _battle_site(state: PamirState, read: Reading, target: AiTarget | None) -> Region | Card | None:
    """Where she battles (with her pragmatic loyalty set), among the sites a battle may take
    place: by default the first region in the region priority where another player has pieces
    (tribes, or armies or roads of their loyalty) and she has an army, else the court card of
    highest priority where she and another player have spies; for the AI card's instruction, the
    court card with most spies among those holding one of hers and another player's."""
    sites = card_actions.battle_sites(state, seat_of(state).seat)
    cards = [s for s in sites if isinstance(s, Card)]
    if target is AiTarget.COURT_CARD_WITH_MOST_SPIES_WHERE_SHE_HAS_ONE:
        if not cards:
            return None
        most = max(sum(state.spies_on(c.number)) for c in cards)
        chosen = highest_priority(state, [c.number for c in cards if sum(state.spies_on(c.number)) == most])
        return card(chosen) if chosen is not None else None
    regions = [s for s in sites if isinstance(s, Region) and _contested(state, s)]
    if regions:
        return min(regions, key=read.regions.index)
    chosen = highest_priority(state, [c.number for c in cards])
    return card(chosen) if chosen is not None else None


def _contested(state: PamirState, region: Region) -> bool:
    """Another player has a piece in the region: a tribe, or an army or road of their loyalty."""
    seat = seat_of(state).seat
    for player, them in enumerate(state.players):
        if player == seat:
            continue
        if state.tribes[region][player]:
            return True
        loyalty = them.loyalty
        if loyalty is not None and (
            state.armies[region][loyalty] or any(state.roads[b][loyalty] for b in borders_of(region))
        ):
            return True
    return False


def _battle_pick(
    state: PamirState, read: Reading, target: AiTarget | None, options: tuple[object, ...]
) -> object | None:
    """The site as `_battle_site` says; then tribes, armies and roads in that order (spies on a
    card), the red arrow choosing between players; she removes all she can."""
    if any(isinstance(o, (Region, Card)) for o in options):
        site = _battle_site(state, read, target)
        return next(o for o in options if o == site)
    for kind in (RemoveTribe, RemoveArmy, RemoveRoad, RemoveSpy):
        of_kind = [o for o in options if isinstance(o, kind)]
        if not of_kind:
            continue
        if isinstance(of_kind[0], (RemoveTribe, RemoveSpy)):
            owners = [o.owner for o in of_kind if isinstance(o, (RemoveTribe, RemoveSpy))]
            owner = tie_player(state, owners, read.red)
            return next(o for o in of_kind if isinstance(o, (RemoveTribe, RemoveSpy)) and o.owner == owner)
        return of_kind[0]
    return None


# ---------------------------------------------------------------------- move


def _next_move(state: PamirState, read: Reading) -> tuple[Region, Region] | None:
    """One army of her pragmatic loyalty into an adjacent region where other players have more
    tribes than she has armies of it, never out of a region she would then stop ruling; the
    region priority orders destinations, then origins. No road is needed."""
    seat = seat_of(state).seat
    loyalty = pragmatic_loyalty(state, read)
    moves: list[tuple[Region, Region]] = []
    for destination in read.regions:
        tribes = sum(count for p, count in enumerate(state.tribes[destination]) if p != seat)
        if state.armies[destination][loyalty] >= tribes:
            continue
        for origin in read.regions:
            if not state.armies[origin][loyalty] or not any(destination in b for b in borders_of(origin)):
                continue
            if origin is destination:
                continue
            if state.ruler(origin) == seat and not _still_rules(state, origin, loyalty):
                continue
            moves.append((origin, destination))
        if moves:
            return moves[0]
    return None


def _still_rules(state: PamirState, region: Region, loyalty: Coalition) -> bool:
    seat = seat_of(state).seat
    state.armies[region][loyalty] -= 1
    try:
        return state.ruler(region) == seat
    finally:
        state.armies[region][loyalty] += 1


def _can_move(state: PamirState, read: Reading) -> bool:
    if _next_move(state, read) is not None:
        return True
    return seat_of(state).spy_movement and _next_spy_move(state) is not None


def _move(state: PamirState, read: Reading, rank: int, done: list[object]) -> Effect:
    """Up to `rank` moves, each of an army as `_next_move` says; with the spy movement variant,
    a move no army can make moves an idle spy (`_next_spy_move`)."""
    loyalty = pragmatic_loyalty(state, read)
    seat = seat_of(state).seat
    for _ in range(rank):
        move = _next_move(state, read)
        if move is not None:
            origin, destination = move
            done.append(MoveArmy(origin, destination))
            yield from pieces.move_army(state, loyalty, origin, destination, seat)
            continue
        spy_move = _next_spy_move(state) if seat_of(state).spy_movement else None
        if spy_move is None:
            return
        whence, whither = spy_move
        done.append(MoveSpy(card(whence), card(whither)))
        yield from pieces.move_spy(state, seat, whence, whither, seat)


# ---------------------------------------------------------------------- spies that move (variant)


def idle_spies(state: PamirState, number: int) -> int:
    """Her spies on the court card that are idle: those beyond the ones tied up, each other
    player's spy there tying up one of hers."""
    counts = state.spies.get(number)
    if not counts:
        return 0
    seat = seat_of(state).seat
    return counts[seat] - sum(count for p, count in enumerate(counts) if p != seat)


def _next_spy_move(state: PamirState) -> tuple[int, int] | None:
    """Variant (spy movement), for a move no army of hers can make: one idle spy of hers steps
    from the card of lowest card priority where she has one to the card of highest priority,
    among those it can step to, where she does not have the most spies.

    Decisions: the variant, as the players' community gives it, says only that she moves idle
    spies when she cannot move armies. Here each move of the action is an army's while one can
    move and a spy's after that (rank 3 with one army move left: the army, then two spies). A
    spy steps as a player's spy may (to the next card on the ring of courts, or as abilities
    allow): her rules lift the roads her armies need, but nothing for spies. The origin is the
    card of least priority with an idle spy that has somewhere to go (a spy is least needed
    there); the destination follows the rule for her spies on play (the highest priority card
    where she does not have the most). Tied-up spies stay, so she never gives up a card where
    she has as many spies as all the others together.
    """
    seat = seat_of(state).seat
    steps: dict[int, list[int]] = {}
    for step in card_actions.spy_moves(state, seat):
        steps.setdefault(step.origin.number, []).append(step.destination.number)
    idle = sorted((n for n in steps if idle_spies(state, n) > 0), key=lambda n: priority(state, n))
    for origin in idle:
        destination = highest_priority(state, [n for n in steps[origin] if not has_most_spies(state, n)])
        if destination is not None:
            return origin, destination
    return None


# ---------------------------------------------------------------------- betray


def _betray_target(state: PamirState) -> int | None:
    """The card of highest priority with a loyalty prize where she has a spy (her own included)."""
    targets = card_actions.betray_targets(state, seat_of(state).seat)
    return highest_priority(state, [c.number for c in targets if c.prize is not None])


def _betray_cost(state: PamirState) -> int:
    return card_actions.cost(state, seat_of(state).seat, Action.BETRAY, BETRAY_COST)


def _betray(state: PamirState, done: list[object]) -> Effect:
    """Pay for it (two rupees, as abilities may change) and discard the card, which she takes as
    a prize: loyal to every coalition, she keeps prizes of any coalition and changes no loyalty."""
    seat = seat_of(state).seat
    number = _betray_target(state)
    price = _betray_cost(state)
    if number is None or state.players[seat].rupees < price:
        return
    market.pay_action_cost(state, seat, price)
    owner = state.owner_of(number)
    assert owner is not None
    done.append((card(number), PlayerId(owner)))
    yield from pieces.discard_court_card(state, owner, number, to_prizes_of=seat)


# ---------------------------------------------------------------------- the AI card's slots, bonus actions


def attempt_slot(
    state: PamirState, read: Reading, slot: ActionSlot
) -> Generator[Decision, None, Deed | None]:
    """One action of the AI card, taken if she can (what she did): a radicalize, or a card-based
    action."""
    if slot.action is AiAction.RADICALIZE:
        return (yield from attempt_radicalize(state, read, slot))
    return (yield from attempt(state, read, slot.action, slot.target))


def bonus_actions(state: PamirState, read: Reading) -> Effect:
    """Her bonus actions once her two actions are done: the leftmost unused card of her court
    whose action is a bonus one, its leftmost action she can take, again and again until no card
    has one left (each card still acts once a turn)."""
    seat = seat_of(state).seat
    tried: set[int] = set()  # a card whose hostage bribe she could not pay is not tried again
    while not state.over:
        found = next(
            (
                (number, action)
                for number in state.players[seat].court
                if number not in state.turn.used_cards
                and number not in tried
                and card_actions.is_bonus(state, seat, number)
                for action in card(number).actions
                if can_take(state, read, action)
            ),
            None,
        )
        if found is None:
            return
        tried.add(found[0])
        deed = yield from take(state, read, *found)
        if found[0] in state.turn.used_cards:
            narrate(partial(_bonus_told, deed))


def _bonus_told(deed: Deed) -> str:
    return f"Wakhan {deed()}: a bonus action of her court (favored suit)"
