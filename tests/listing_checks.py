"""The listing's cheap answers against a plain search, at one decision of a game: what
tests/pamir/test_listing.py and tests/porfiriana/test_listing.py compare in random games of the
printed cards, as a function the generated-cards campaign calls at every decision of its games,
whose cards carry modifiers printed cards never do (a spy's move forbidden, a betrayal
forbidden, a price changed, shelters). Each returns what disagrees, in words (empty: nothing).
"""

from __future__ import annotations

import traceback
from typing import Any

from paxc.runtime.core import abilities
from paxc.runtime.effects import PlayerId


def pamir_disagreements(state: Any) -> list[str]:
    """For every player: whether each card action can do something, as the listing asks it and as
    finding its first site, move, tax source or betrayal target answers; the market cards the
    listing offers and those each card's own price and permission allow; and the kinds of
    modifier the listing takes as in effect and those the abilities in effect carry."""
    from paxc.generated.pamir.vocabulary import Action, MayPurchase
    from paxc.runtime.pamir import card_actions, hooks, market, rules
    from paxc.runtime.pamir.state import BASE_ACTIONS, card

    found: list[str] = []
    plain_types = {
        modifier.hook
        for _, _, ability in hooks.in_effect(state)
        for modifier in ability.modifiers
        if modifier.place == "play"
    }
    for row in state.market:
        for number in row:
            if number is not None:
                plain_types.update(
                    m.hook for a in card(number).abilities for m in a.modifiers if m.place == "market"
                )
    active = hooks.active_types(state)
    if active != plain_types:
        found.append(
            f"modifier kinds in effect: listing {sorted(t.__name__ for t in active)}, "
            f"abilities {sorted(t.__name__ for t in plain_types)}"
        )
    for player in range(len(state.players)):
        pairs = (
            (
                "battle",
                card_actions._any_battle_site(state, player),
                card_actions._any(card_actions._each_battle_site(state, player)),
            ),
            (
                "move",
                card_actions._any_move(state, player),
                card_actions._any(card_actions._each_move(state, player)),
            ),
            (
                "tax",
                card_actions._possible(state, player, Action.TAX),
                card_actions._any(card_actions._each_tax_source(state, player)),
            ),
            (
                "betray",
                card_actions._any_betray_target(state, player),
                bool(card_actions._betray_targets(state, player)),
            ),
        )
        for name, cheap, plain in pairs:
            if cheap != plain:
                found.append(f"player {player}'s {name}: the cheap answer {cheap}, a search {plain}")
        if state.turn.actions_taken >= BASE_ACTIONS:
            continue
        listed = [a for a in rules.legal_actions(state, player) if isinstance(a, rules.Purchase)]
        plain_buys = [
            rules.Purchase(r, c)
            for r, cards in enumerate(state.market)
            for c, number in enumerate(cards)
            if number is not None
            and number not in state.turn.paid_onto
            and market.purchase_cost(state, player, r, c) <= state.players[player].rupees
            and hooks.modified(state, abilities.question(MayPurchase, card(number), PlayerId(player)), True)
        ]
        if listed != plain_buys:
            found.append(f"player {player}'s purchases: listed {listed}, each card asked {plain_buys}")
    return found


def porfiriana_disagreements(session: Any) -> list[str]:
    """At a decision of a player's turn (one that offers ending it): the options offered (the
    listing, taken again after a quiet speculation or not) and a listing made afresh, without its
    shortcuts; and the cards of the hand playable as the listing asks it (the hand at once) and
    as each card's own questions answer."""
    from paxc.runtime.porfiriana import actions, hand, hooks

    pending = session.pending
    if pending is None or not any(isinstance(option, actions.EndTurn) for option in pending.options):
        return []
    state, player = session.state, session.current_player()
    found: list[str] = []
    with hooks.listing(state):
        fresh = actions._listed(state, player, state.turn.actions_left, actions.extra_kinds(state, player))
    if list(pending.options) != fresh.options:
        offered, made = set(pending.options), set(fresh.options)
        found.append(
            f"player {player}'s options: offered but not in a fresh listing {sorted(map(str, offered - made))}, "
            f"in a fresh listing but not offered {sorted(map(str, made - offered))}"
            + ("" if offered != made else " (the same options in another order)")
        )
    for most in (0, 1, 2, 3):
        at_once = hand.playable_in_hand(state, player, most)
        each = [
            n
            for n in dict.fromkeys(state.players[player].hand)
            if hand.actions_needed(state, player, n) <= most and hand.playable(state, player, n)
        ]
        if at_once != each:
            found.append(
                f"player {player}'s playable cards (at most {most} actions): hand {at_once}, each {each}"
            )
    return found


def play_compared(game: str, options: dict[str, Any], seed: int) -> str | None:
    """One random game as `commands.play_one` plays it with its invariants checked, the listing
    compared with a plain search at every decision too: what went wrong, or None."""
    from paxc.runtime.commands import MAX_DECISIONS, kit_of
    from paxc.runtime.core.card_errors import card_note

    try:
        kit = kit_of(game)
        session = kit.new_session(options, seed)
        agents = {p: kit.bot("random", seed + 1 + p) for p in kit.seats_for_people(options)}
        expected = kit.cards_in_game(session.state)
        decisions = 0
        while not session.is_terminal():
            if decisions >= MAX_DECISIONS:
                return f"no end after {MAX_DECISIONS} decisions"
            found = (
                pamir_disagreements(session.state) if game == "pamir" else porfiriana_disagreements(session)
            )
            if found:
                return f"the listing disagrees at decision {decisions}: {'; '.join(found)}"
            session.apply_action(agents[session.current_player()].choose(session))
            decisions += 1
            problems = kit.violations(session.state, expected)
            if problems:
                return f"after decision {decisions}: {problems}"
        return None
    except Exception as error:  # reported per game, as play_one does
        note = card_note(error)
        said = f"{type(error).__name__}: {error}" + ("" if note is None else f" ({note})")
        return said + "\n" + traceback.format_exc()
