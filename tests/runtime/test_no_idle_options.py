"""No legal option leaves the game exactly as it was: over random games of both games, choosing
any option and coming straight back to the same decision, with the same state, never happens (a
bot that kept choosing such an option would never end its turn). Pax Pamir's card play and
hostage action whose bribe the player cannot pay were such options (issue 24)."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session


def _moment(session: Session[Any]) -> tuple[str, int, str, tuple[str, ...]]:
    """The state and the decision pending: who, what, and the options."""
    pending = session.pending
    assert pending is not None
    labels = tuple(session.action_to_string(a) for a in session.legal_actions())
    return session.rules.digest(session.state), int(pending.chooser), pending.prompt, labels


def idle_options(game: str, options: dict[str, Any], seed: int, *, every: int = 1) -> list[str]:
    """Play a random game; the options that came straight back to the decision they were chosen
    at, the state unchanged. Each `every`-th decision is tried with every one of its options on a
    clone (the others with the option the game's random agent picks)."""
    session = games.find(game).load_kit().new_session(options, seed=seed)
    agent = RandomAgent(seed)
    found: list[str] = []
    count = 0
    while not session.is_terminal():
        before = _moment(session)
        tried = session.legal_actions() if count % every == 0 else []
        for action in tried:
            clone = session.clone()
            clone.apply_action(action)
            if not clone.is_terminal() and _moment(clone) == before:
                found.append(f"seed {seed}, decision {count}: '{before[2]}' -> {before[3][action]}")
        session.apply_action(agent.choose(session))
        count += 1
    return found


@pytest.mark.parametrize(
    ("game", "options", "games_played", "every"),
    [
        ("pamir", {"players": 3}, 2, 2),
        ("pamir", {"players": 1, "wakhan": True}, 6, 1),
        ("porfiriana", {"players": 3}, 1, 8),
    ],
    ids=["pamir-3", "pamir-wakhan", "porfiriana-3"],
)
def test_no_option_leaves_the_game_as_it_was(
    game: str, options: dict[str, Any], games_played: int, every: int
) -> None:
    found = [line for seed in range(games_played) for line in idle_options(game, options, seed, every=every)]
    assert found == []


def test_a_play_or_hostage_action_whose_bribe_cannot_be_paid_is_not_offered() -> None:
    """Pax Pamir: a card of a region another player rules costs a bribe of their tribes there, an
    action of a card held hostage one of the holder's spies on it; offered unpaid, either undid
    itself when chosen (as the rules undo a bribe not paid)."""
    from paxc.generated.pamir.vocabulary import Action, Region
    from paxc.runtime.pamir import card_actions, rules
    from tests.pamir.scenario import court_card, empty_state

    state = empty_state(2)
    kabul = court_card(lambda c: c.region is Region.KABUL)
    state.players[0].hand.append(kabul.number)
    state.tribes[Region.KABUL][1] = 2  # player 1 rules Kabul
    state.players[0].rupees = 1
    assert rules.Play(kabul.number, left=False) not in rules.legal_actions(state, 0)
    state.players[0].rupees = 2
    assert rules.Play(kabul.number, left=False) in rules.legal_actions(state, 0)

    taxing = court_card(lambda c: c.actions == (Action.TAX,) and c.region is not Region.KABUL)
    state.players[0].court.append(taxing.number)
    state.market[0][0] = kabul.number
    state.market_rupees[0][0] = 1  # something to tax
    state.spies_on(taxing.number)[1] = 2  # held hostage by player 1
    state.players[0].rupees = 1
    assert card_actions.UseCard(taxing.number, Action.TAX) not in card_actions.options(state, 0)
    state.players[0].rupees = 2
    assert card_actions.UseCard(taxing.number, Action.TAX) in card_actions.options(state, 0)
