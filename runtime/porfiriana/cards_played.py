"""Putting cards into play (rules E1-E3): a card placed in a row, its text, strife and regime
change; the play-immediately cards (headlines, public cards); a partner changing hands. Playing a
card from hand, the action, is `hand.py`, above this module and `attacks.py`.

What a card does when played, in this order: it is placed; its `on play` (or, for a headline,
`on event`) text runs; then its strife fist; then its regime-change arrow. Decision: the rules'
examples of headlines list their effects in that order (003: Pancho Villa raids Columbus,
Mexican Central Bank Proposed), so every card follows it except public cards, whose one example
(002 glossary: Teddy Roosevelt) changes the regime first and then causes the strife.
Every card played, whatever its type, fires `card_played` once paid for and placed, before its
text (monopolies hear of the gold paid through it); a card going to no row (an attack, a
headline, a topple) hears its own play.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Card, CardPlayed, CardType, Family, MayPlay
from paxc.runtime.core import abilities
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import economy, hooks, losses, regimes, story, strife
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card, sides_of


def may_play(state: PorfirianaState, player: int, number: int) -> bool:
    if not hooks.may_apply(state, MayPlay):  # asked of every card in hand at every decision
        return True
    return hooks.modified(state, abilities.question(MayPlay, card(number), PlayerId(player)), True)


def place(state: PorfirianaState, player: int, held: Holding) -> Effect:
    """Put a card in the player's row with its printed income cubes (as the supply allows);
    mines, banks and prestige cubes follow through `losses.settle`."""
    me = state.players[player]
    if card(held.number).card_type is CardType.ENTERPRISE and economy.income_target(state, held) is None:
        held.income = min(card(held.number).income or 0, me.cubes)
        me.cubes -= held.income
    me.row.append(held)
    if me.jailed and losses.immune_to(state, player, Family.IMMUNE_TO_JAIL):
        losses.set_free(state, player)  # immunity gained in jail sets its owner free
    yield from losses.settle(state)


def tell_played(state: PorfirianaState, player: int, printed: Card, paid: int) -> Effect:
    """`card_played`, once a card is paid for and placed."""
    yield from hooks.fire(state, CardPlayed(printed, PlayerId(player), paid))


def card_effects(
    state: PorfirianaState,
    player: int,
    number: int,
    face: Card,
    timing: str = "play",
    regime_first: bool = False,
) -> Effect:
    """A played card's text, then its strife, then its regime change (the other way round with
    `regime_first`)."""
    ctx = PorfirianaContext(state, player, number)
    for ability in card(number).abilities + (face.abilities if face is not card(number) else ()):
        for one_shot in ability.one_shots:
            if one_shot.timing == timing:
                yield from run_effect(one_shot.run(ctx))
    regime = face.regime_change or card(number).regime_change
    if regime_first:
        yield from regimes.change_regime(state, regime)
    yield from strife.strife(state, player, face.strife or card(number).strife)
    if not regime_first:
        yield from regimes.change_regime(state, regime)


# ---------------------------------------------------------------------- play-immediately cards


def play_headline(state: PorfirianaState, player: int, number: int, event: bool, paid: int = 0) -> Effect:
    """A bought headline (for `paid`): its event orientation takes effect, the status quo one
    does nothing; either way it is played, and goes to the bull/bear discard."""
    narrate(story.headline, state, player, number, event)
    state.in_transit.append(number)
    yield from hooks.fire(state, CardPlayed(card(number), PlayerId(player), paid), played=(number, player))
    if event:
        yield from card_effects(state, player, number, card(number), timing="event")
    state.in_transit.remove(number)
    yield from regimes.discard_to_bull_bear(state, number)


def play_public(state: PorfirianaState, player: int, number: int, side: int, paid: int) -> Effect:
    """A public card bought: from beside the market into the buyer's row, played at once."""
    held = Holding(number, side=side)
    yield from place(state, player, held)
    yield from hooks.card_moved(state, number, "public", None, "row", player)
    yield from tell_played(state, player, held.face, paid)
    yield from card_effects(state, player, number, held.face, regime_first=True)


def take_over(state: PorfirianaState, taker: int, victim: int, held: Holding) -> Effect:
    """A conspiracy: the victim's partner (or public card) changes hands. Its cubes go home; a
    card with sides may be turned, and a public card's strife and regime change happen again
    (glossary: Public Cards, Newspaper)."""
    moved = Holding(held.number)
    printed = card(held.number)
    if printed.sides:
        side = yield from ask(Choice(PlayerId(taker), f"Side of {printed.name}", sides_of(held.number)))
        moved.side = side.index
    old = state.players[victim]
    narrate(story.taken_over, state, taker, victim, held.number)
    old.row.remove(held)
    old.cubes += held.prestige_cubes
    yield from place(state, taker, moved)
    yield from hooks.card_moved(state, held.number, "row", victim, "row", taker)
    if printed.card_type is CardType.PUBLIC:
        yield from regimes.change_regime(state, moved.face.regime_change)
        yield from strife.strife(state, taker, moved.face.strife)
