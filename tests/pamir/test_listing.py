"""The listing of a turn's options asks whether each card action can do something the cheap way
(`card_actions._any_battle_site`, `_any_move`: no site, removal or move made when no ability
changes where pieces may go or what a battle may remove; `_market_holds_rupees` and
`_any_betray_target`: no generator or list of targets made). Each gives what finding the first
site, move, tax source or betrayal target gives, for every player at every decision of random
games."""

from __future__ import annotations

import pytest

from paxc.generated.pamir.vocabulary import Action
from paxc.runtime.commands import game_options, kit_of
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.pamir import card_actions


@pytest.mark.parametrize(("players", "variants"), [(2, {}), (5, {}), (1, {"wakhan": True})])
def test_the_cheap_questions_of_a_listing_give_what_the_first_option_found_gives(
    players: int, variants: dict[str, bool]
) -> None:
    kit = kit_of("pamir")
    chosen = game_options("pamir", players, variants)
    seen: dict[str, set[bool]] = {"battle": set(), "move": set(), "tax": set(), "betray": set()}
    for seed in (31, 32, 33):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            state = session.state
            for player in range(len(state.players)):
                battle = card_actions._any_battle_site(state, player)
                assert battle == card_actions._any(card_actions._each_battle_site(state, player))
                move = card_actions._any_move(state, player)
                assert move == card_actions._any(card_actions._each_move(state, player))
                tax = card_actions._possible(state, player, Action.TAX)
                assert tax == card_actions._any(card_actions._each_tax_source(state, player))
                betray = card_actions._any_betray_target(state, player)
                assert betray == bool(card_actions._betray_targets(state, player))
                seen["battle"].add(battle)
                seen["move"].add(move)
                seen["tax"].add(tax)
                seen["betray"].add(betray)
            session.apply_action(bot.choose(session))
    assert all(answers == {True, False} for answers in seen.values())  # both answers were reached
