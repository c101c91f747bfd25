"""What one player of Pax Porfiriana may know: the observation agents receive
(`core/observation.py`).

The rules (chapter D) keep each hand secret and let opponents examine a player's gold, the cards
of their row and their prestige stack. So:

* hidden: the cards in each hand (shown to their owner, counted for the others); the play deck
  (only its size: its order, and which topple cards are where, stay unknown); the cards left in
  the box at setup (only how many);
* public: gold, cubes in supply, every row (each card with its side, cubes, unrest, connection,
  extortion and troop), private armies, prestige stacks, jail, the market and its speculation
  cubes, the public cards, the regime stack and the values it sets, each player's prestige points
  (what the rules count from the cards in view), the depression, the topples,
  the discard piles, the cards removed from the game, the lasting effects cards started, and
  what the active player has used this turn (the "once per turn" triggers spent included: a
  trigger acts on the table).

Left out: when the rules last brought a card's cubes to a value (`income_set_for` and the like),
their own bookkeeping, which follows from what happened in view.

Decision: the discard pile is public, like the bull/bear discard the rules place face up: every
card reaching it was seen on its way (played, sold from a hand, beaten, sacked).

In the Díaz solitaire, Díaz (seat 1) holds no hand and no gold; his seat shows as any other.
Cards are given by number (`paxc list porfiriana`). What is shown is listed field by field, so a
field added to the state stays hidden until added here.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType
from paxc.runtime.core.determinize import deal_afresh
from paxc.runtime.core.observation import Data, View
from paxc.runtime.core.rng import Rng
from paxc.runtime.porfiriana import economy, prestige
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card


def observe(state: PorfirianaState, player: int) -> View:
    me = state.players[player]
    return View(
        public=_public(state),
        own={"hand": list(me.hand)},
        hidden={
            "deck": len(state.deck),
            "box": len(state.unused),
            "hands": [len(p.hand) for p in state.players],
        },
    )


def hidden(state: PorfirianaState, player: int) -> frozenset[int]:
    """The cards `player` cannot see: the other hands, the deck and the box."""
    others = (n for seat, p in enumerate(state.players) if seat != player for n in p.hand)
    return frozenset([*state.deck, *state.unused, *others])


def determinize(state: PorfirianaState, player: int, rng: Rng, still_hidden: frozenset[int]) -> None:
    """Deal afresh what `player` cannot see (`core/determinize.py`) of `still_hidden`: the other
    hands, the deck and the box together, the topple cards keeping their places in the deck (the
    setup puts them in known parts of it) and no topple going to a hand."""
    others = [p.hand for seat, p in enumerate(state.players) if seat != player]
    deal_afresh(
        [*others, state.deck, state.unused],
        lambda number: card(number).card_type is CardType.TOPPLE,
        rng,
        still_hidden,
    )


def reseed(state: PorfirianaState, rng: Rng) -> None:
    """The dice and draws to come made anew: the game's generator reseeded."""
    state.rng = Rng(rng.next_u64())


def _holding(held: Holding) -> Data:
    return {
        "card": held.number,
        "side": held.side,
        "income": held.income,
        "prestige_cubes": held.prestige_cubes,
        "unrest": held.unrest,
        "connection_owner": held.connection_owner,
        "connection_level": None if held.connection_level is None else held.connection_level.value,
        "extortion": held.extortion,
        "troop": held.troop,
        "troop_owner": held.troop_owner,
    }


def _public(state: PorfirianaState) -> Data:
    return {
        "turn_number": state.turn_number,
        "first_player": state.first_player,
        "active": state.active,
        "regimes": list(state.regimes),
        "mine_value": economy.mine_value(state),
        "economy_value": economy.economy_value(state),
        "depression": state.depression,
        "topples": state.topples,
        "market": [list(row) for row in state.market],
        # Speculation cubes by market card; the keys are card numbers as text.
        "speculation": {str(number): owner for number, owner in sorted(state.speculation.items())},
        "public_cards": list(state.public),
        "bull_bear_discard": list(state.bull_bear),
        "discard": list(state.discard),
        "removed": list(state.removed),
        "in_transit": list(state.in_transit),
        "players": [
            {
                "gold": p.gold,
                "cubes_in_supply": p.cubes,
                "row": [_holding(held) for held in p.row],
                "prestige_stack": list(p.prestige_stack),
                "stack_prestige_cubes": p.stack_prestige_cubes,
                # The points the player has, by kind, as the rules count them (prestige.py).
                "prestige_points": {kind.value: n for kind, n in prestige.all_points(state, seat).items()},
                "private_army": list(p.army),
                "jailed": p.jailed,
                "heir": p.heir,
            }
            for seat, p in enumerate(state.players)
        ],
        "turn": {
            "actions_left": state.turn.actions_left,
            "market_purchases": state.turn.market_purchases,
            "extra_actions_used": list(state.turn.extra_actions_used),
            "jailed_at_start": state.turn.jailed_at_start,
            "used_triggers": sorted(state.turn.used_triggers),  # "owner@source"
            "trigger_acts": dict(sorted(state.turn.trigger_acts.items())),  # the loop limit's count
        },
        # Effects a played card started `until` a duration ends: [card, ability, owner, until].
        "lasting": [[e.card, e.ability, e.owner, e.until, e.armed] for e in state.lasting],
        "used_this_round": sorted(state.used_this_round),  # "once per round" triggers: "owner@source"
        # What cards in play remember (`set this.x to ...`), by card number as text: public, as the
        # card that marks or names something says it aloud.
        "card_memory": {
            str(number): dict(sorted(values.items())) for number, values in sorted(state.memory.items())
        },
        "diaz_bonus": dict(sorted(state.diaz_bonus.items())),
        "variants": {
            "solitaire": state.solitaire,
            "iron_hand": state.iron_hand,
            "dissipated_troops": state.dissipated_troops,
        },
        "toppled_by": list(state.toppled_by),
        "winner": state.winner,
        "over": state.over,
    }
