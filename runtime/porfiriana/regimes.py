"""Regime changes (rules chapter H) and the bull/bear discard that brings depressions (chapter I).

A regime change puts the new regime's card on top of the stack; mines, banks and the Pax prestige
cubes are then set to the new values (`economy.regime_changed`, `losses.settle`). Troops already
placed stay where they are even if the new regime would not let them go there (glossary:
Jurisdiction).
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import MarketSignal, Regime
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import economy, hooks, losses, story
from paxc.runtime.porfiriana.state import PorfirianaState, card


def change_regime(state: PorfirianaState, regime: Regime | None) -> Effect:
    if regime is None:
        return
    # Decision: a card bringing the regime already in force changes nothing, so it adjusts no
    # cube either (a short mine under the Pax stays short when a Pax arrow is played).
    if state.regime_card.regime is not regime:
        for index, number in enumerate(state.regimes):
            if card(number).regime is regime:
                state.regimes.insert(0, state.regimes.pop(index))
                break
        narrate(story.regime_changed, regime)
        economy.regime_changed(state)
    yield from losses.settle(state)


def discard_to_bull_bear(state: PorfirianaState, number: int) -> Effect:
    """A headline or topple goes to the bull/bear discard: a bear on a bear starts a depression,
    a bull on a bull ends it. Every one comes from the market (played at once when bought, or
    discarded from its zero-cost column)."""
    state.bull_bear.append(number)
    narrate(story.to_bull_bear, number)
    yield from check_depression(state)
    yield from hooks.card_moved(state, number, "market", None, "bull_bear", None, discarded=True)


def check_depression(state: PorfirianaState) -> Effect:
    # Decision: a topple card that ends the game (Díaz toppled, or the fourth topple resolved or
    # discarded with no toppler) still goes to the bull/bear discard, but starts or ends no
    # depression there: the game is over at once (rules K: the gold victory is immediate), so no
    # cube moves, no enterprise is sacked and nobody is asked anything after its end.
    if state.over or len(state.bull_bear) < 2:
        return
    last, before = (card(n).signal for n in state.bull_bear[-1:-3:-1])
    if last is before is MarketSignal.BEAR and not state.depression:
        state.depression = True
        narrate(story.depression, True)
    elif last is before is MarketSignal.BULL and state.depression:
        state.depression = False
        narrate(story.depression, False)
    yield from losses.settle(state)
