"""The flow of a game of Pax Porfiriana (rules chapter D): turns of up to three actions, then
the headline discard, the market refill and the income phase (with depression expenses), until a
topple is won or the fourth topple passes. `game_rules.PorfirianaRules` is what the shared session
drives, with Díaz's turns in the solitaire.
"""

from __future__ import annotations

from collections.abc import Callable

from paxc.generated.porfiriana.vocabulary import ActionsPerTurn, TurnEnded, TurnStarted
from paxc.runtime.core import abilities
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.session import CHECKPOINT, Chance, RulesRun
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import actions, economy, hooks, losses, market, story
from paxc.runtime.porfiriana.state import ACTIONS_PER_TURN, JAILED_ACTIONS, PorfirianaState, TurnState, card

DEPRESSION_EXPENSE = 1

# A player's turn, or its part before the end of the turn (`take_turn`'s `phase`).
TakeTurn = Callable[[PorfirianaState, int], Effect]


def run(state: PorfirianaState, take_turn: TakeTurn) -> RulesRun:
    """The game, turn after turn, each taken by `take_turn` (`game_rules`: in the solitaire
    Díaz's by the automaton)."""
    if state.turn_number == 0:
        yield Chance("deck order: " + " ".join(map(str, state.deck)))
    while not state.over:
        yield CHECKPOINT
        yield from take_turn(state, state.active)
        if not state.over:
            state.active = (state.active + 1) % len(state.players)


def take_turn(state: PorfirianaState, player: int, phase: TakeTurn | None = None) -> Effect:
    """A turn: the player's actions (`action_phase`), or what `phase` does in their place (Díaz's
    moves in the solitaire, which `game_rules` gives), then the end of the turn."""
    state.turn_number += 1
    state.turn.used_triggers.clear()  # "once per turn" counts afresh (Díaz's turn keeps no other record)
    state.turn.trigger_acts.clear()
    if abilities.round_starts(state.turn_number, len(state.players)):
        abilities.begin_round(state.used_this_round)  # a round: every player (Díaz too) has had a turn
    yield from _phases(state, player, action_phase if phase is None else phase)
    if not state.over and hooks.matters(state, TurnEnded):
        yield from hooks.fire(state, TurnEnded(PlayerId(player)))


def _phases(state: PorfirianaState, player: int, phase: TakeTurn) -> Effect:
    """The active player's actions (Díaz's, in the solitaire), then the headline discard, the
    market refill and the income phase: all a turn is."""
    yield from phase(state, player)
    if state.over:
        return
    yield from market.discard_headlines(state, player)
    if state.over:
        return
    for number in market.refill(state):
        yield from hooks.card_moved(state, number, "deck", None, "market", None)
    yield from income_phase(state, player)


def action_phase(state: PorfirianaState, player: int) -> Effect:
    jailed = state.players[player].jailed
    base = JAILED_ACTIONS if jailed else ACTIONS_PER_TURN
    allowed = max(0, hooks.modified(state, abilities.question(ActionsPerTurn, PlayerId(player)), base))
    state.turn = TurnState(actions_left=allowed, jailed_at_start=jailed)
    if hooks.matters(state, TurnStarted):  # in the turn's own record
        yield from hooks.fire(state, TurnStarted(PlayerId(player)))
    # Whether the last action was quiet (`actions.take`): the next listing takes its listing
    # again, and the next action knows the cubes are at their values.
    quiet = False
    listed: actions.Listed | None = None
    while not state.over:
        listed = actions.listed(state, player, listed if quiet else None)
        options = tuple(listed.options)
        option = yield from ask(Choice(PlayerId(player), "Take an action, or end your turn", options))
        if isinstance(option, actions.EndTurn):
            return
        quiet = yield from actions.take(state, player, option, settled=quiet)


def income_phase(state: PorfirianaState, player: int) -> Effect:
    """Income for the active player's cubes; in a depression, then one gold for each card in play
    (not the Hacendado), or the card is discarded (rules I)."""
    me = state.players[player]
    earned = economy.income(state, player)
    me.gold += earned
    if earned:
        narrate(story.gained, state, player, earned, story.INCOME)
    if not state.depression or state.is_diaz(player):
        return
    in_play = [h.number for h in me.row[1:]] + actions.my_troops(state, player)
    for number in in_play:
        if state.holding(number) is None and state.troop_place(number) is None:
            continue  # already gone with a card paid for before (a troop on a discarded enterprise)
        pay = False
        if me.gold >= DEPRESSION_EXPENSE:
            pay = yield from ask(
                Choice(
                    PlayerId(player), f"Depression: pay 1 gold to keep {card(number).name}?", (True, False)
                )
            )
        if pay:
            me.gold -= DEPRESSION_EXPENSE
            narrate(story.kept_in_depression, state, player, DEPRESSION_EXPENSE, number)
        else:
            yield from losses.discard_card_in_play(state, number)
