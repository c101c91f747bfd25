"""Strife (glossary: Strife): from the left of the player who caused it, round to them, each
player with cards of both factions in play discards every partner and troop of one of the two.
A flipped Hacendado is never discarded, so its faction is the one kept.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType, Faction
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import losses, story
from paxc.runtime.porfiriana.state import PorfirianaState, card


def factions_in_play(state: PorfirianaState, player: int) -> dict[Faction, list[int]]:
    """The player's partners and troops in play by faction (Hacendado excluded)."""
    found: dict[Faction, list[int]] = {}
    me = state.players[player]
    for held in me.row[1:]:
        if (
            card(held.number).card_type in (CardType.PARTNER, CardType.PUBLIC)
            and held.face.faction is not None
        ):
            found.setdefault(held.face.faction, []).append(held.number)
    for troop, _ in state.troops_of(player):
        faction = card(troop).faction
        if faction is not None:
            found.setdefault(faction, []).append(troop)
    return found


def strife(state: PorfirianaState, cause: int, factions: tuple[Faction, ...]) -> Effect:
    if len(factions) != 2:
        return
    count = len(state.players)
    for offset in range(1, count + 1):
        player = (cause + offset) % count
        me = state.players[player]
        held = factions_in_play(state, player)
        hacendado_faction = me.hacendado.face.faction if me.flipped else None
        present = [f for f in factions if f in held or f is hacendado_faction]
        if len(present) < 2:
            continue
        if hacendado_faction in factions:
            loser = next(f for f in factions if f is not hacendado_faction)
        elif state.is_diaz(player):
            loser = factions[state.rng.below(2)]  # Díaz rolls for it (rules L)
        else:
            loser = yield from ask(
                Choice(
                    PlayerId(player), "Strife: discard every partner and troop of which faction?", factions
                )
            )
        narrate(story.strife, state, player, loser)
        for number in held.get(loser, []):
            yield from losses.discard_card_in_play(state, number)
