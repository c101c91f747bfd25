"""The listing of a turn's options asks whether each card action can do something the cheap way
(`card_actions._any_battle_site`, `_any_move`: no site, removal or move made when no ability
changes where pieces may go or what a battle may remove). Each gives what finding the first
site or move gives, for every player at every decision of random games."""

from __future__ import annotations

import pytest

from paxc.runtime.commands import game_options, kit_of
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.pamir import card_actions


@pytest.mark.parametrize(("players", "variants"), [(2, {}), (5, {}), (1, {"wakhan": True})])
def test_the_cheap_questions_of_a_listing_give_what_the_first_option_found_gives(
    players: int, variants: dict[str, bool]
) -> None:
    kit = kit_of("pamir")
    chosen = game_options("pamir", players, variants)
    seen: dict[str, set[bool]] = {"battle": set(), "move": set()}
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
                seen["battle"].add(battle)
                seen["move"].add(move)
            session.apply_action(bot.choose(session))
    assert seen == {"battle": {True, False}, "move": {True, False}}  # both answers were reached
