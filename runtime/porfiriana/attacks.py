"""Orange and black cards: one-shot attacks (rules E1, J; glossary: Assassination,
Nationalization, Monopoly, Spy, Jailed, Victim-Awarded, Straw Man).

An orange card targets an enterprise (any row, the attacker's own included unless it is already
in unrest); one with a district flag only that district. A black card targets a player, or a card
of theirs according to its family. Either steals gold up to its figure, then goes to the victim's
prestige stack when it shows an upside-down prestige point (jailing the victim when that point is
a jailed one) and to the discard otherwise.

Cards hear an attack twice: `card_played` once it is paid for (even if a spy then cancels it, as
gun stores are paid for it), and `attack_resolved`, with its victim, once it has taken effect;
the attack card's own text about its victim is written on the latter.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from paxc.generated.porfiriana.vocabulary import AttackPlayed, AttackResolved, CardPlayed, CardType, Family
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.porfiriana import cards_played, hooks, losses, regimes, story, unrest
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card

ASSASSINATE_HACENDADO_COST = 10
GUN_STORE_BONUS = 2
BLACK_ACTIONS_OFF_REGIME = 2


@dataclass(frozen=True, slots=True)
class Target:
    """What an attack is aimed at: a card in some row (`number`), or a player (`number` None)."""

    victim: int
    number: int | None
    cost: int
    scapegoat: bool = False  # a strike played at no cost and without unrest (rules J)


def black_actions(state: PorfirianaState, number: int) -> int:
    """A black card takes two actions unless the regime it names is in force."""
    named = card(number).named_regime
    return 1 if named is not None and state.regime_card.regime is named else BLACK_ACTIONS_OFF_REGIME


def _opponents_only(number: int) -> bool:
    families = card(number).family
    return Family.CONSPIRACY in families or Family.ANTITRUST in families


def targets(state: PorfirianaState, player: int, number: int, free: bool = False) -> list[Target]:
    """Every target `each_target` gives, listed."""
    return list(each_target(state, player, number, free))


def each_target(
    state: PorfirianaState,
    player: int,
    number: int,
    free: bool = False,
    in_play: Sequence[tuple[int, Holding]] | None = None,
) -> Iterator[Target]:
    """Every legal target of an orange or black card the player holds, with its gold cost.
    `free`: the player pays nothing (Díaz in the solitaire), so no cost rules a target out.
    `in_play`: `state.enterprises()`, when the caller has listed them."""
    printed = card(number)
    purse = math.inf if free else state.players[player].gold
    base = losses.play_cost(state, player, number, printed.cost or 0)
    families = printed.family
    if base > purse and Family.STRIKE not in families and Family.ASSASSINATION not in families:
        # Every target but a strike's scapegoat and an assassination's costs `base`: none can be
        # paid for (the listing asks this of every such card in hand, most often in vain).
        return
    if printed.card_type is CardType.ORANGE:
        for owner, held in state.enterprises() if in_play is None else in_play:
            if printed.district is not None and held.face.district is not printed.district:
                continue
            if owner == player and held.unrest:
                continue  # no straw-man attack on your own enterprise in unrest
            if base <= purse:
                yield Target(owner, held.number, base)
            if Family.STRIKE in families and owner == player:
                # Decision: a scapegoat play is a straw-man play (rules J names it there, and the
                # card goes to "your" prestige stack), so only against your own enterprise.
                yield Target(owner, held.number, 0, scapegoat=True)
        return
    for victim, other in enumerate(state.players):
        if victim == player and _opponents_only(number):
            continue
        if Family.ASSASSINATION in families:
            for held in other.row[1:]:
                if card(held.number).card_type in (CardType.PARTNER, CardType.PUBLIC):
                    cost = losses.play_cost(state, player, number, card(held.number).cost or 0)
                    if cost <= purse:
                        yield Target(victim, held.number, cost)
            # a flipped Hacendado may be assassinated, unless a private army guards it
            if other.flipped and not other.army:
                hacendado_cost = losses.play_cost(state, player, number, ASSASSINATE_HACENDADO_COST)
                if hacendado_cost <= purse:
                    yield Target(victim, other.hacendado.number, hacendado_cost)
        elif base > purse:
            continue
        elif Family.NATIONALIZATION in families:
            # A black card needs a process it can carry out: a shielded owner is no target.
            if losses.immune_to(state, victim, Family.IMMUNE_TO_NATIONALIZATION):
                continue
            for held in other.row[1:]:
                if card(held.number).card_type is CardType.ENTERPRISE:
                    yield Target(victim, held.number, base)
        elif Family.CONSPIRACY in families:
            for held in other.row[1:]:
                if card(held.number).card_type in (CardType.PARTNER, CardType.PUBLIC):
                    yield Target(victim, held.number, base)
        elif Family.ANTITRUST in families:
            for held in other.row[1:]:
                if Family.MONOPOLY in card(held.number).family:
                    yield Target(victim, held.number, base)
        else:
            yield Target(victim, None, base)


def play_attack(state: PorfirianaState, player: int, number: int, target: Target) -> Effect:
    """Play an orange or black card from hand at `target` (the actions are the caller's)."""
    me = state.players[player]
    me.hand.remove(number)
    state.in_transit.append(number)  # played, not yet discarded or awarded
    me.gold -= target.cost
    narrate(story.attack, state, player, number, target.victim, target.number, target.cost)
    printed = card(number)
    played = (number, player)  # the card hears its own play, though it is in no row
    yield from hooks.fire(state, CardPlayed(printed, PlayerId(player), target.cost), played=played)
    # immunity from jail holds even when the partner giving it is lost in this very attack
    immune = losses.immune_to(state, target.victim, Family.IMMUNE_TO_JAIL)
    if (yield from hooks.replaced(state, AttackPlayed(printed, PlayerId(player), PlayerId(target.victim)))):
        state.in_transit.remove(number)
        state.discard.append(number)  # a spy cancelled it
        narrate(story.cancelled, number)
        yield from hooks.card_moved(state, number, "hand", player, "discard", None, discarded=True)
        _pay_gun_stores(state, number)
        return
    victim = state.players[target.victim]
    found = state.holding(target.number) if target.number is not None else None
    held: Holding | None = found[1] if found is not None else None
    if printed.card_type is CardType.ORANGE and held is not None and not target.scapegoat:
        yield from unrest.add_unrest(state, target.victim, held, printed.unrest or 0, player)
    families = printed.family
    if held is not None and printed.card_type is CardType.BLACK:
        if Family.ASSASSINATION in families:
            if held is victim.hacendado:
                narrate(story.heir, state, target.victim)
                _assassinate_hacendado(state, target.victim)
            else:
                yield from losses.remove_holding(state, target.victim, held, losses.REMOVED)
        elif Family.NATIONALIZATION in families:
            yield from losses.nationalize(state, target.victim, held)
        elif Family.ANTITRUST in families:
            yield from losses.remove_holding(state, target.victim, held, losses.DISCARD)
        elif Family.CONSPIRACY in families:
            yield from cards_played.take_over(state, player, target.victim, held)
    if target.victim != player and printed.steal:
        taken = min(printed.steal, victim.gold)
        victim.gold -= taken
        to_bank = state.is_diaz(player)  # what Díaz steals goes to the bank (rules L)
        if not to_bank:
            me.gold += taken
        if taken:
            narrate(story.stolen, state, player, target.victim, taken, to_bank)
    _pay_gun_stores(state, number)
    ctx = PorfirianaContext(state, player, number)
    for ability in printed.abilities:
        for one_shot in ability.one_shots:
            if one_shot.timing == "play":
                yield from run_effect(one_shot.run(ctx))
    resolved = AttackResolved(printed, PlayerId(player), PlayerId(target.victim))
    yield from hooks.fire(state, resolved, played=played)
    yield from regimes.change_regime(state, printed.regime_change)
    state.in_transit.remove(number)
    yield from award(state, target.victim, number, immune, player)


def _pay_gun_stores(state: PorfirianaState, number: int) -> None:
    """Each owner of a gun store (or several) takes 2 gold for an orange card played, even one a
    spy cancelled. Decision: paid after the card's theft, so a victim cannot be robbed of it."""
    if card(number).card_type is not CardType.ORANGE:
        return
    for owner, other in enumerate(state.players):
        if any(Family.GUN_STORE in card(h.number).family for h in other.row):
            if not state.is_diaz(owner):
                other.gold += GUN_STORE_BONUS
                narrate(story.gained, state, owner, GUN_STORE_BONUS, story.GUN_STORE)


def award(state: PorfirianaState, victim: int, number: int, immune_to_jail: bool, attacker: int) -> Effect:
    """A card showing an upside-down point goes to the victim's prestige stack; a jailed point
    also jails them, unless a partner makes them immune (even one lost in this attack). Any
    other attack card, played from the attacker's hand, is discarded."""
    printed = card(number)
    if printed.victim_prestige is None:
        state.discard.append(number)
        yield from hooks.card_moved(state, number, "hand", attacker, "discard", None, discarded=True)
        return
    state.players[victim].prestige_stack.append(number)
    narrate(story.awarded, state, victim, number)
    yield from hooks.card_moved(state, number, "hand", attacker, "prestige_stack", victim)
    if printed.jails_victim and not immune_to_jail:
        state.players[victim].jailed = True
        narrate(story.jailed, state, victim)
    yield from losses.settle(state)


def _assassinate_hacendado(state: PorfirianaState, victim: int) -> None:
    """The flipped Hacendado turns back to its Loyalist side for good: the heir. Decision: the
    heir's Loyalist side shows its income cubes again, placed from the victim's supply."""
    me = state.players[victim]
    me.hacendado.side = 0
    me.heir = True
    wanted = card(me.hacendado.number).sides[0].income or 0
    placed = min(wanted, me.cubes)
    me.cubes -= placed
    me.hacendado.income = placed
    # The Loyalist side shows no prestige point: the prestige cubes of the flipped side go home
    # now, before the attack's effects and the cards answering it ask anyone anything (as the
    # settling at the attack's end would have sent them, after the income cubes are placed).
    me.cubes += me.hacendado.prestige_cubes
    me.hacendado.prestige_cubes = 0
