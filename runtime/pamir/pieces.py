"""Placing and removing units, discarding court cards, and the rules that follow from them:
component limits, the overthrow rule, leverage repayment, loyalty changes.

Everything that may need a player's decision is a generator yielding `Choice`s.
"""

from __future__ import annotations

from typing import Final

from paxc.generated.pamir.vocabulary import (
    Coalition,
    Piece,
    PieceMoved,
    PiecePlaced,
    PieceRemoved,
    Region,
    SpyRemoved,
    Suit,
)
from paxc.runtime.core import memory
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.pamir import hooks, story, wakhan_cards
from paxc.runtime.pamir.state import COALITIONS, Border, PamirState, card, has_leverage

LEVERAGE_REPAYMENT: Final = 2

# A unit in play, as the component-limit rule lets a player take it back: (kind, where).
UnitSpot = tuple[str, object]


def _key(kind: str, where: object, owner: object) -> str:
    return f"{kind}:{where}:{owner}"


# ---------------------------------------------------------------------- the ring of courts


def ring(state: PamirState) -> list[int]:
    """Every court card as one loop: players in seat order, each court from left to right; the
    last card of the last court is followed by the first card of the first court."""
    loop: list[int] = []
    for player in state.players:  # each court added whole: fewer steps than a card at a time
        loop += player.court
    return loop


def ring_distance(state: PamirState, origin: int, destination: int) -> int:
    """Steps from one court card to another along the ring, the shorter way round; a card in no
    court is as many steps away as the ring has cards (farther than any card of it)."""
    loop = ring(state)
    if origin not in loop or destination not in loop:
        return len(loop)
    apart = abs(loop.index(origin) - loop.index(destination))
    return min(apart, len(loop) - apart)


def loyalty_of(state: PamirState, player: int) -> Coalition:
    """The coalition the player is loyal to. Wakhan, loyal to every coalition, counts as loyal to
    her pragmatic loyalty (of the AI card she shows; before her first, the first coalition nobody
    else is loyal to); a player who has not chosen yet (at setup), as loyal to the first one."""
    loyalty = state.players[player].loyalty
    if loyalty is not None:
        return loyalty
    if state.is_wakhan(player):
        read = wakhan_cards.current_reading(state)
        if read is not None:
            return wakhan_cards.pragmatic_loyalty(state, read)
        taken = {p.loyalty for p in state.players}
        return next((c for c in COALITIONS if c not in taken), COALITIONS[0])
    return COALITIONS[0]


def _where(spot: Region | Border) -> tuple[Region, Region]:
    """A place as a trigger reports it: a region twice, a border as its two regions."""
    return (spot, spot) if isinstance(spot, Region) else spot


def placed(
    state: PamirState, piece: Piece, spot: Region | Border, coalition: Coalition, owner: int
) -> Effect:
    """Tell the abilities in effect that a piece was placed (when any card of the game listens)."""
    if hooks.listens(PiecePlaced):
        region, across = _where(spot)
        yield from hooks.fire(state, PiecePlaced(piece, region, across, coalition, PlayerId(owner)))


def removed(
    state: PamirState, piece: Piece, spot: Region | Border, coalition: Coalition, owner: int, remover: int
) -> Effect:
    """Tell the abilities in effect that a piece was removed (when any card of the game listens)."""
    if hooks.listens(PieceRemoved):
        region, across = _where(spot)
        event = PieceRemoved(piece, region, across, coalition, PlayerId(owner), PlayerId(remover))
        yield from hooks.fire(state, event)


def moved(
    state: PamirState,
    piece: Piece,
    origin: Region,
    destination: Region,
    coalition: Coalition,
    owner: int,
    mover: int,
) -> Effect:
    """Tell the abilities in effect that a piece moved (when any card of the game listens)."""
    if hooks.listens(PieceMoved):
        event = PieceMoved(piece, origin, destination, coalition, PlayerId(owner), PlayerId(mover))
        yield from hooks.fire(state, event)


def move_army(
    state: PamirState, coalition: Coalition, origin: Region, destination: Region, mover: int
) -> Effect:
    """One army of the coalition from `origin` to `destination` (which must hold one); its owner,
    for the abilities told, is the player who moves it."""
    state.armies[origin][coalition] -= 1
    state.armies[destination][coalition] += 1
    yield from moved(state, Piece.ARMY, origin, destination, coalition, mover, mover)


def move_spy(state: PamirState, player: int, origin: int, destination: int, mover: int) -> Effect:
    """One of the player's spies from the court card `origin` to `destination`."""
    state.spies_on(origin)[player] -= 1
    state.spies_on(destination)[player] += 1
    coalition = loyalty_of(state, player)
    yield from moved(state, Piece.SPY, _region_of(origin), _region_of(destination), coalition, player, mover)


# ---------------------------------------------------------------------- availability


def block_available(state: PamirState, coalition: Coalition) -> bool:
    """A block can be placed: from the supply, or (component limits) from play, if some were not
    placed this turn (what `place_block` would do)."""
    if state.blocks_in_supply(coalition) > 0:
        return True
    placed = sum(n for key, n in state.turn.placed_blocks.items() if key.endswith(f":{coalition}"))
    return state.blocks_in_play(coalition) > placed


def cylinder_available(state: PamirState, player: int) -> bool:
    """A cylinder can be placed: from the supply, or (component limits) from a tribe, spy or gift
    in play, if some were not placed this turn (what `_take_cylinder` would do)."""
    if state.players[player].cylinders > 0:
        return True
    return bool(_cylinders_in_play(state, player))


# ---------------------------------------------------------------------- coalition blocks


def place_block(state: PamirState, player: int, coalition: Coalition, where: Region | Border) -> Effect:
    """An army (in a region) or a road (on a border). With none left in the supply, the placing
    player takes one of that coalition from anywhere in play, except those placed this turn.

    Decision: a block taken from the map is told as removed only once it has been placed again,
    so a card answering its removal (by placing a block itself) sees it in play, not back in the
    supply it could take it from: a coalition never has more than its blocks in play."""
    taken: UnitSpot | None = None
    if state.blocks_in_supply(coalition) == 0:
        spots = [
            spot
            for spot in _blocks_in_play(state, coalition)
            if _in_play_count(state, spot, coalition)
            > state.turn.placed_blocks.get(_key(*spot, coalition), 0)
        ]
        if not spots:
            return  # nothing can be taken: the placement does not happen
        kind, origin = yield from ask(
            Choice(PlayerId(player), f"No {coalition.value} block left: take one from", tuple(spots))
        )
        _lift_block(state, kind, origin, coalition)
        taken = (kind, origin)
        narrate(story.took_block, state, player, kind, origin, coalition)
    narrate(story.placed_block, state, player, coalition, where)
    if isinstance(where, Region):
        state.armies[where][coalition] += 1
        spot_key = _key("army", where, coalition)
    else:
        state.roads[where][coalition] += 1
        spot_key = _key("road", where, coalition)
    state.turn.placed_blocks[spot_key] = state.turn.placed_blocks.get(spot_key, 0) + 1
    if taken is not None:
        yield from _taken(state, *taken, coalition, player)
    yield from placed(
        state, Piece.ARMY if isinstance(where, Region) else Piece.ROAD, where, coalition, player
    )


def _blocks_in_play(state: PamirState, coalition: Coalition) -> list[UnitSpot]:
    spots: list[UnitSpot] = [("army", region) for region, counts in state.armies.items() if counts[coalition]]
    spots += [("road", b) for b, counts in state.roads.items() if counts[coalition]]
    return spots


def _in_play_count(state: PamirState, spot: UnitSpot, coalition: Coalition) -> int:
    kind, where = spot
    if kind == "army":
        assert isinstance(where, Region)
        return state.armies[where][coalition]
    return state.roads[where][coalition]  # type: ignore[index]


def _lift_block(state: PamirState, kind: str, where: object, coalition: Coalition) -> None:
    """A block taken off the map to be placed again (its removal told by `_taken`, after)."""
    if kind == "army":
        assert isinstance(where, Region)
        state.armies[where][coalition] -= 1
    else:
        assert isinstance(where, tuple)
        state.roads[where][coalition] -= 1


def _taken(state: PamirState, kind: str, where: object, coalition: Coalition, player: int) -> Effect:
    """Tell the removal of a block `_lift_block` took off the map, once it is placed again."""
    if kind == "army":
        assert isinstance(where, Region)
        yield from removed(state, Piece.ARMY, where, coalition, player, player)
    else:
        assert isinstance(where, tuple)
        yield from removed(state, Piece.ROAD, where, coalition, player, player)


def remove_army(state: PamirState, region: Region, coalition: Coalition, remover: int) -> Effect:
    state.armies[region][coalition] -= 1
    narrate(story.removed_block, state, remover, "army", coalition, region)
    yield from removed(state, Piece.ARMY, region, coalition, remover, remover)


def remove_road(state: PamirState, where: Border, coalition: Coalition, remover: int) -> Effect:
    state.roads[where][coalition] -= 1
    narrate(story.removed_block, state, remover, "road", coalition, where)
    yield from removed(state, Piece.ROAD, where, coalition, remover, remover)


# ---------------------------------------------------------------------- cylinders


def _take_cylinder(state: PamirState, player: int) -> Effect:
    """Make a cylinder available: from the supply, or (component limits) from a tribe, spy or gift
    in play that was not placed this turn. Leaves `cylinders` at least 1 when it can.

    A gift is a cylinder in play like any other (it sits on the player's loyalty dial, not in the
    supply), so it may be taken too; its influence goes with it.
    """
    if state.players[player].cylinders > 0:
        return
    spots = _cylinders_in_play(state, player)
    if not spots:
        return
    kind, where = yield from ask(Choice(PlayerId(player), "No cylinder left: take one from", tuple(spots)))
    if kind == "tribe":
        assert isinstance(where, Region)
        yield from remove_tribe(state, player, where)
    elif kind == "spy":
        assert isinstance(where, int)
        yield from remove_spy(state, player, where, remover=player)
    else:
        assert isinstance(where, int)
        narrate(story.removed_gift, state, player, where)  # a tribe or spy is told as removed
        state.players[player].gifts.remove(where)
        state.players[player].cylinders += 1


def _cylinders_in_play(state: PamirState, player: int) -> list[UnitSpot]:
    """The player's cylinders the component-limit rule lets them take back: tribes (by region),
    spies (by card) and gifts (by the price of their space), none placed this turn."""

    def older(kind: str, where: object, count: int) -> bool:
        return count > state.turn.placed_cylinders.get(_key(kind, where, player), 0)

    spots: list[UnitSpot] = [
        ("tribe", region) for region, counts in state.tribes.items() if older("tribe", region, counts[player])
    ]
    spots += [
        ("spy", number) for number, counts in state.spies.items() if older("spy", number, counts[player])
    ]
    spots += [("gift", cost) for cost in state.players[player].gifts if older("gift", cost, 1)]
    return spots


def place_tribe(state: PamirState, player: int, region: Region) -> Effect:
    yield from _take_cylinder(state, player)
    if state.players[player].cylinders == 0:
        return
    state.players[player].cylinders -= 1
    state.tribes[region][player] += 1
    narrate(story.placed_tribe, state, player, region)
    key = _key("tribe", region, player)
    state.turn.placed_cylinders[key] = state.turn.placed_cylinders.get(key, 0) + 1
    yield from placed(state, Piece.TRIBE, region, loyalty_of(state, player), player)


def place_spy(state: PamirState, player: int, number: int) -> Effect:
    yield from _take_cylinder(state, player)
    if state.players[player].cylinders == 0 or state.owner_of(number) is None:
        return
    state.players[player].cylinders -= 1
    state.spies_on(number)[player] += 1
    narrate(story.placed_spy, state, player, number)
    key = _key("spy", number, player)
    state.turn.placed_cylinders[key] = state.turn.placed_cylinders.get(key, 0) + 1
    yield from placed(state, Piece.SPY, _region_of(number), loyalty_of(state, player), player)


def place_gift(state: PamirState, player: int, cost: int) -> Effect:
    """A cylinder on the empty gift space of this price."""
    yield from _take_cylinder(state, player)
    me = state.players[player]
    if me.cylinders == 0 or cost in me.gifts:
        return
    me.cylinders -= 1
    me.gifts.append(cost)
    narrate(story.placed_gift, state, player, cost)
    me.gifts.sort()
    key = _key("gift", cost, player)
    state.turn.placed_cylinders[key] = state.turn.placed_cylinders.get(key, 0) + 1


def remove_tribe(state: PamirState, player: int, region: Region, remover: int | None = None) -> Effect:
    """A tribe goes back to its owner; losing the last one in a region overthrows the owner's
    political cards of that region."""
    state.tribes[region][player] -= 1
    state.players[player].cylinders += 1
    narrate(story.removed_tribe, state, player, region, remover)
    if state.tribes[region][player] == 0:
        yield from _overthrow(state, player, region)
    yield from _cylinder_removed(state, Piece.TRIBE, region, player, remover)


def move_tribe(
    state: PamirState, player: int, origin: Region, destination: Region, mover: int | None = None
) -> Effect:
    """Decision: a tribe that marches out leaves its region just as a removed one does, so moving
    a player's last tribe out of a region overthrows their political cards there (the overthrow
    rule speaks of losing the last tribe, however it goes)."""
    tribes = state.tribes
    tribes[origin][player] -= 1
    tribes[destination][player] += 1
    narrate(story.moved_tribe, state, player, origin, destination)
    if tribes[origin][player] == 0:
        yield from _overthrow(state, player, origin)
    coalition = loyalty_of(state, player)
    yield from moved(
        state, Piece.TRIBE, origin, destination, coalition, player, player if mover is None else mover
    )


def _overthrow(state: PamirState, player: int, region: Region) -> Effect:
    """A player without a tribe in a region loses their political cards of that region."""
    court = state.players[player].court
    for number in [n for n in court if card(n).suit is Suit.POLITICAL and card(n).region is region]:
        if number in court:
            yield from discard_court_card(state, player, number, why=story.OVERTHROWN)


def remove_spy(state: PamirState, player: int, number: int, remover: int) -> Effect:
    """A spy goes back to its owner."""
    _send_spy_home(state, player, number)
    narrate(story.removed_spy, state, player, number, remover)
    yield from _cylinder_removed(state, Piece.SPY, _region_of(number), player, remover)


def remove_spy_in_battle(state: PamirState, player: int, number: int, remover: int) -> SpyRemoved:
    """A spy removed by a battle goes back to its owner at once; what becomes of it is settled by
    `settle_spy_removed` once the battle is over (the event returned)."""
    _send_spy_home(state, player, number)
    narrate(story.removed_spy, state, player, number, remover)
    return SpyRemoved(PlayerId(player), card(number), PlayerId(remover))


def settle_spy_removed(state: PamirState, event: SpyRemoved) -> Effect:
    """After a battle, for each spy it removed: when another player's battle removed it, an
    ability in effect may put it somewhere else instead (the replacement places it from the
    supply it returned to); otherwise the removal's triggers run."""
    if event.remover != event.owner and (yield from hooks.replaced(state, event)):
        return
    yield from _cylinder_removed(
        state, Piece.SPY, _region_of(event.on_card.number), event.owner, event.remover
    )


def _send_spy_home(state: PamirState, player: int, number: int) -> None:
    state.spies_on(number)[player] -= 1
    state.players[player].cylinders += 1


def _cylinder_removed(
    state: PamirState, piece: Piece, region: Region, owner: int, remover: int | None
) -> Effect:
    """A tribe or spy removed: by `remover`, or by nobody in particular (the overthrow rule, a
    riot), which reports its owner as the remover."""
    who = owner if remover is None else remover
    yield from removed(state, piece, region, loyalty_of(state, owner), owner, who)


def _region_of(number: int) -> Region:
    region = card(number).region
    assert region is not None  # spies sit on court cards, which all have one
    return region


# ---------------------------------------------------------------------- court cards


def discard_court_card(
    state: PamirState, player: int, number: int, *, to_prizes_of: int | None = None, why: story.Why = ""
) -> Effect:
    """A card leaves a court: its spies go home, leverage is repaid, the overthrow rule applies.
    `why`: the reason told (one of `story`'s, the number of the card whose effect it is, or
    nothing when the decision itself says it)."""
    court = state.players[player].court
    court.remove(number)
    narrate(story.discarded_from_court, state, player, number, why)
    memory.forget(state.memory, number)  # a card that leaves play forgets what it remembered
    spies = state.spies.pop(number, [])
    for owner, count in enumerate(spies):
        state.players[owner].cylinders += count
    if any(spies):
        narrate(story.spies_home, state, number, [owner for owner, count in enumerate(spies) if count])
    if to_prizes_of is None:
        state.discard.append(number)
    else:
        state.players[to_prizes_of].prizes.append(number)
        narrate(story.taken_as_prize, state, to_prizes_of, number)
    if has_leverage(number):
        yield from repay_leverage(state, player)
    printed = card(number)
    if printed.suit is Suit.POLITICAL and printed.region is not None:
        region = printed.region
        still_political = any(card(n).suit is Suit.POLITICAL and card(n).region is region for n in court)
        if not still_political:
            while state.tribes[region][player] > 0:
                yield from remove_tribe(state, player, region)  # overthrown: told as it goes
    # Discarded, in the rulebook's words, even when taken as a prize (Wakhan's betrayal).
    destination = "discard" if to_prizes_of is None else "prizes"
    yield from hooks.card_moved(state, number, "court", player, destination, to_prizes_of, discarded=True)


def repay_leverage(state: PamirState, player: int) -> Effect:
    """Pay two rupees back; each one that cannot be paid costs a card from hand or court (but not
    Wakhan's: her rules spare her those discards)."""
    me = state.players[player]
    paid = min(me.rupees, LEVERAGE_REPAYMENT)
    me.rupees -= paid
    narrate(story.leverage_repaid, state, player, paid, LEVERAGE_REPAYMENT, state.is_wakhan(player))
    if state.is_wakhan(player):
        return
    for _ in range(LEVERAGE_REPAYMENT - paid):
        options = [("hand", n) for n in me.hand] + [("court", n) for n in me.court]
        if not options:
            return
        place, chosen = yield from ask(
            Choice(
                PlayerId(player),
                "Leverage unpaid: discard a card",
                tuple((where, card(n)) for where, n in options),
            )
        )
        number = chosen.number
        if place == "hand":
            me.hand.remove(number)
            state.discard.append(number)
            narrate(story.discarded_from_hand, state, player, number, story.LEVERAGE_UNPAID)
            yield from hooks.card_moved(state, number, "hand", player, "discard", None, discarded=True)
        else:
            yield from discard_court_card(state, player, number, why=story.LEVERAGE_UNPAID)


def change_loyalty(state: PamirState, player: int, coalition: Coalition) -> Effect:
    """Gifts go back, prizes and patriots of the old loyalty are discarded, then the dial turns."""
    me = state.players[player]
    if me.loyalty is coalition:
        return
    narrate(story.loyalty_changed, state, player, coalition, len(me.gifts), len(me.prizes))
    me.cylinders += len(me.gifts)
    me.gifts.clear()
    prizes = list(me.prizes)
    state.discard.extend(prizes)
    me.prizes.clear()
    for number in prizes:
        yield from hooks.card_moved(state, number, "prizes", player, "discard", None, discarded=True)
    for number in [n for n in me.court if card(n).patriot is not None]:
        if number in me.court:
            yield from discard_court_card(state, player, number, why=story.OLD_PATRIOT)
    me.loyalty = coalition
