"""Playing a card from hand, one of the actions of a turn (rules E1): which cards in hand may be
played now (and why not, for the table), how many actions each takes, and playing one: an
enterprise or partner into the row (`cards_played`), a troop to where it may go (`troops`), an
orange or black card at a target (`attacks`).
"""

from __future__ import annotations

from collections.abc import Sequence

from paxc.generated.porfiriana.vocabulary import CardType, MayPlay, PlayActions, PlayCost
from paxc.runtime.core import abilities
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import attacks, cards_played, hooks, losses, story, troops
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card, sides_of


def actions_needed(state: PorfirianaState, player: int, number: int) -> int:
    """The actions playing the card takes: a black card two off its regime, any other card one;
    then the abilities in effect (`play_actions`), never below none."""
    printed = card(number)
    base = attacks.black_actions(state, number) if printed.card_type is CardType.BLACK else 1
    if not hooks.may_apply(state, PlayActions):
        return max(0, base)
    return max(0, hooks.modified(state, abilities.question(PlayActions, printed, PlayerId(player)), base))


def playable(state: PorfirianaState, player: int, number: int) -> bool:
    """Whether a card in hand has some legal way to be played now (gold, targets, limits)."""
    printed = card(number)
    if not cards_played.may_play(state, player, number):
        return False
    kind = printed.card_type
    if kind in (CardType.ENTERPRISE, CardType.PARTNER):
        return losses.play_cost(state, player, number, printed.cost or 0) <= state.players[player].gold
    if kind is CardType.TROOP:
        return next(troops.each_destination(state, player, number), None) is not None
    if kind in (CardType.ORANGE, CardType.BLACK):
        return next(attacks.each_target(state, player, number), None) is not None
    return False


def playable_in_hand(
    state: PorfirianaState,
    player: int,
    most: int,
    in_play: Sequence[tuple[int, Holding]] | None = None,
) -> list[int]:
    """The cards in the player's hand (each once, in hand order) whose `actions_needed` is at
    most `most` (the actions left, an extra action for plays included) and that are `playable`:
    the same questions, for the listing of a decision's options, which asks them of every card in
    hand at every decision, so the modifiers of each kind are looked up once for the whole hand.
    Whether the actions allow a card is asked first, the cheaper question (neither changes
    anything). `in_play`: `state.enterprises()`, when the caller has listed them (a troop's or
    attack's places)."""
    return [number for number, _ in plays_in_hand(state, player, most, in_play)]


def plays_in_hand(
    state: PorfirianaState,
    player: int,
    most: int,
    in_play: Sequence[tuple[int, Holding]] | None = None,
) -> list[tuple[int, int]]:
    """`playable_in_hand`'s cards, each with its `actions_needed` (what the listing keeps for the
    turn's next decision, which may have fewer actions left)."""
    me = state.players[player]
    who = PlayerId(player)
    acts = hooks.modifying(state, PlayActions)
    may = hooks.modifying(state, MayPlay)
    cost_of = hooks.modifying(state, PlayCost)
    found: list[tuple[int, int]] = []
    if in_play is None:
        in_play = state.enterprises()
    for number in dict.fromkeys(me.hand):
        printed = card(number)
        kind = printed.card_type
        needed = attacks.black_actions(state, number) if kind is CardType.BLACK else 1
        if acts is not None:
            needed = acts(abilities.question(PlayActions, printed, who), needed)
        needed = max(0, needed)
        if needed > most:
            continue
        if may is not None and not may(abilities.question(MayPlay, printed, who), True):
            continue
        if kind is CardType.ENTERPRISE or kind is CardType.PARTNER:
            cost = printed.cost or 0
            if cost_of is not None:
                cost = cost_of(abilities.question(PlayCost, printed, who), cost)
            if max(0, cost) <= me.gold:
                found.append((number, needed))
        elif kind is CardType.TROOP:
            if next(troops.each_destination(state, player, number, in_play=in_play), None) is not None:
                found.append((number, needed))
        elif kind is CardType.ORANGE or kind is CardType.BLACK:
            if next(attacks.each_target(state, player, number, in_play=in_play), None) is not None:
                found.append((number, needed))
    return found


def why_not_playable(state: PorfirianaState, player: int, number: int) -> str:
    """Why a card in hand is not playable now, in a player's words (for the table, which says
    why an option a player may expect is missing); the same tests as `playable`."""
    printed = card(number)
    gold = state.players[player].gold
    if not cards_played.may_play(state, player, number):
        return "a card in effect forbids playing it now"
    kind = printed.card_type
    if kind in (CardType.ENTERPRISE, CardType.PARTNER):
        return f"it costs {printed.cost or 0} gold and you have {gold}"
    if kind is CardType.TROOP:
        if troops.destinations(state, player, number, free=True):
            return f"you cannot pay for any place it may go ({gold} gold)"
        return "there is no place it may go (its jurisdiction, or firepower against the troops there)"
    if kind in (CardType.ORANGE, CardType.BLACK):
        if attacks.targets(state, player, number, free=True):
            return f"you cannot pay for any target it may have ({gold} gold)"
        if kind is CardType.ORANGE:
            where = f" in {printed.district.value}" if printed.district is not None else ""
            return f"there is no enterprise{where} it may strike (not your own in unrest)"
        return "nobody is a target it may have"
    return f"a {kind.value} card is not played from the hand"


def play_from_hand(state: PorfirianaState, player: int, number: int) -> Effect:
    """Play a card from the player's hand, asking them where or how."""
    printed = card(number)
    me = state.players[player]
    kind = printed.card_type
    if kind in (CardType.ORANGE, CardType.BLACK):
        options = tuple(attacks.targets(state, player, number))
        target = yield from ask(Choice(PlayerId(player), f"Play {printed.name} against", options))
        yield from attacks.play_attack(state, player, number, target)
        return
    if kind is CardType.TROOP:
        where = tuple(troops.destinations(state, player, number))
        destination = yield from ask(Choice(PlayerId(player), f"Play {printed.name} to", where))
        me.hand.remove(number)
        yield from troops.arrive(state, player, number, destination, origin="hand")
        if state.troop_place(number) is not None:  # not beaten on arrival (a revolt)
            yield from hooks.card_moved(state, number, "hand", player, "troops", player)
        yield from cards_played.tell_played(state, player, printed, destination.cost)
        yield from cards_played.card_effects(state, player, number, printed)
        return
    cost = losses.play_cost(state, player, number, printed.cost or 0)
    held = Holding(number)
    if printed.sides:  # a newspaper: its orientation is chosen when played
        orientation = yield from ask(
            Choice(PlayerId(player), f"Orientation of {printed.name}", sides_of(number))
        )
        held.side = orientation.index
    me.hand.remove(number)
    me.gold -= cost
    narrate(story.played, state, player, number, cost)
    yield from cards_played.place(state, player, held)
    yield from hooks.card_moved(state, number, "hand", player, "row", player)
    yield from cards_played.tell_played(state, player, printed, cost)
    yield from cards_played.card_effects(state, player, number, held.face)
