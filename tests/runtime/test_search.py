"""The searching bot (`core/search.py`, `--seats mcts`): it sees only its seat's observation, it
deals afresh only what that seat cannot see, and it plays better than chance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime import commands
from paxc.runtime.core.agents import RandomAgent, UnknownBot, bot_kind
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.search import DEFAULT_DEPTH, SearchAgent, _Node, most_searched
from paxc.runtime.core.session import Session
from paxc.runtime.games import GameKit
from paxc.runtime.pamir.game import GAME as PAMIR
from paxc.runtime.porfiriana.game import GAME as PORFIRIANA
from tests.conftest import REPO

GAMES = {"pamir": PAMIR, "porfiriana": PORFIRIANA}


def advanced(kit: GameKit, options: dict[str, Any], seed: int, decisions: int) -> Session[Any]:
    """A game some random decisions in."""
    session = kit.new_session(options, seed)
    bot = RandomAgent(seed)
    for _ in range(decisions):
        if session.is_terminal():
            break
        session.apply_action(bot.choose(session))
    return session


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
@pytest.mark.parametrize("seed", [3, 8, 21])
def test_a_deal_changes_only_what_the_seat_cannot_see(game: str, seed: int) -> None:
    kit = GAMES[game].load_kit()
    assert kit.hidden_cards is not None and kit.observe is not None
    session = advanced(kit, {"players": 3}, seed, 40 + seed)
    changed = 0
    for seat in range(3):
        state = kit.rules.copy_state(session.state)
        hidden = kit.hidden_cards.hidden(state, seat)
        kit.hidden_cards.deal(state, seat, Rng(seed + seat), hidden)
        kit.hidden_cards.reseed(state, Rng(seed))
        assert kit.hidden_cards.hidden(state, seat) == hidden
        assert kit.observe(state, seat) == kit.observe(session.state, seat)
        others = [
            kit.observe(state, other).own != kit.observe(session.state, other).own
            for other in range(3)
            if other != seat
        ]
        changed += any(others) or state.deck != session.state.deck
    assert changed == 3  # counted: every deal moved some hidden card

    # No card made or lost: Pax Porfiriana's box (cards left out of this game) is dealt too.
    def every_card(state: Any) -> list[int]:
        return sorted([*kit.cards_in_game(state).elements(), *getattr(state, "unused", [])])

    assert every_card(state) == every_card(session.state)


def swapped_hidden(game: str) -> Callable[[Any], None]:
    """Change what seat 0 cannot see at the start of a game (the hands are empty then): two cards
    of the deck that will soon come to the market trade places (court cards in Pax Pamir, cards
    other than topples in Pax Porfiriana). A bot that looked at the real deck would search
    otherwise: the test fails when a game's deal is left out."""

    def pamir(state: Any) -> None:
        from paxc.runtime.pamir.state import card

        courts = [i for i, n in enumerate(state.deck) if card(n).card_type.value == "court"]
        first, last = courts[0], courts[1]  # the next two court cards to come to the market
        state.deck[first], state.deck[last] = state.deck[last], state.deck[first]

    def porfiriana(state: Any) -> None:
        from paxc.runtime.porfiriana.state import card

        plain = [i for i, n in enumerate(state.deck) if card(n).card_type.value != "topple"]
        first, last = plain[5], plain[8]  # soon in the market: a playout draws them
        state.deck[first], state.deck[last] = state.deck[last], state.deck[first]

    return pamir if game == "pamir" else porfiriana


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_what_the_bot_cannot_see_does_not_change_its_search(game: str) -> None:
    kit = GAMES[game].load_kit()
    assert kit.hidden_cards is not None
    options = kit.options.check({"players": 3})
    searches = []
    for arrange in (None, swapped_hidden(game)):
        session = Session(kit.rules, options, 5, kit.observe, arrange)
        while session.current_player() != 0 or len(session.legal_actions()) < 2:
            session.apply_action(0)  # the same public decisions in both games, up to seat 0's
        bot = SearchAgent(9, kit.hidden_cards, kit.evaluate, simulations=24, depth=60, group=kit.group)
        move = bot.choose(session)
        searches.append((move, bot.last_visits, session.observation_string(0)))
    (move_a, visits_a, seen_a), (move_b, visits_b, seen_b) = searches
    assert seen_a == seen_b  # the swap is hidden from seat 0
    assert sum(visits_a.values()) == 24
    assert (move_a, visits_a) == (move_b, visits_b)


def test_the_bot_beats_random_players() -> None:
    """Six two-player games of Pax Pamir (seeds 1 to 6), the bot at seat 0 with the budget its
    figures were measured at (50 simulations): it must win 5. A player no better than random does
    so 11% of the time; one that wins 90% of its games (measured: 19 of 20) 89%, and at 95% 97%."""
    won = [commands.play_one("pamir", {"players": 2}, seed, False, ("mcts:50",)) for seed in range(1, 7)]
    assert all(result.error is None for result in won), won
    assert sum(result.winner == 0 for result in won) >= 5


def test_bot_kinds() -> None:
    assert bot_kind("random") == ("random", None)
    assert bot_kind("mcts") == ("mcts", None)
    assert bot_kind("mcts:400") == ("mcts", 400)
    for bad in ("mcts:0", "mcts:x", "mcts:²", "random:3", "alphazero", ""):
        with pytest.raises(UnknownBot):
            bot_kind(bad)


def test_simulate_seats_bots() -> None:
    result = CliRunner().invoke(
        main,
        ["--root", str(REPO), "simulate", "pamir", "--players", "2", "--games", "1", "--seats", "mcts:4"],
    )
    assert result.exit_code == 0, result.output
    assert "P0 (mcts:4)" in result.output and "against" not in result.output.splitlines()[0]
    refused = CliRunner().invoke(
        main, ["--root", str(REPO), "simulate", "pamir", "--players", "2", "--seats", "mcts:4,random,random"]
    )
    assert refused.exit_code == 2 and "expected up to 2 bots" in refused.output
    unknown = CliRunner().invoke(main, ["--root", str(REPO), "simulate", "pamir", "--seats", "minimax"])
    assert unknown.exit_code == 2 and "'minimax' is no bot" in unknown.output


def test_the_option_searched_most_wins_and_ties_go_to_the_better_one() -> None:
    def node(visits: int, total: float) -> _Node:
        return _Node(visits=visits, totals=[total, visits - total])

    # Searched alike: the option whose playouts went best for the seat choosing, whatever its number.
    assert most_searched({0: node(5, 1.0), 3: node(5, 4.0), 7: node(5, 2.0)}, seat=0) == 3
    assert most_searched({0: node(5, 1.0), 3: node(5, 4.0), 7: node(5, 2.0)}, seat=1) == 0
    # Searched more counts first, even when its playouts went worse.
    assert most_searched({0: node(9, 1.0), 3: node(5, 4.0)}, seat=0) == 0
    # Alike in both: the first.
    assert most_searched({4: node(5, 2.0), 2: node(5, 2.0)}, seat=0) == 2


class _Pending:
    def __init__(self, options: list[str]) -> None:
        self.options = options


class _Game:
    """Just what a playout's random choice reads: the pending decision's options."""

    def __init__(self, options: list[str]) -> None:
        self.pending = _Pending(options)


def test_playouts_pick_among_the_kinds_a_game_groups_first() -> None:
    # Pax Porfiriana lists each speculation as an option: a playout that picked among options
    # alike would speculate at most decisions. Grouped, the nine weigh as one kind of option.
    options = ["buy", "play", *[f"speculate {n}" for n in range(9)]]
    game: Any = _Game(options)

    def group(option: object) -> str | None:
        return "speculate" if str(option).startswith("speculate") else None

    def speculations(bot: SearchAgent) -> float:
        picks = [options[bot._playout_option(game)] for _ in range(3000)]
        return sum(pick.startswith("speculate") for pick in picks) / len(picks)

    hidden = PORFIRIANA.load_kit().hidden_cards
    assert hidden is not None
    grouped = speculations(SearchAgent(4, hidden, group=group))
    plain = speculations(SearchAgent(4, hidden))
    assert 0.28 < grouped < 0.39  # a third: one kind of three
    assert 0.76 < plain < 0.87  # nine options of eleven


def test_the_tree_takes_a_kind_of_options_as_one_arm() -> None:
    # Pax Porfiriana lists each speculation as an option. Searched one by one, they took most of
    # a small budget, some purchases were never tried, and the best of scores drawn once for each
    # made a speculation look best. The tree takes them as one arm, as a playout does: with as
    # many simulations as arms, every option chosen alone is tried once, the speculations once
    # between them.
    kit = PORFIRIANA.load_kit()
    assert kit.hidden_cards is not None and kit.group is not None
    session = kit.new_session({"players": 2, "solitaire": True}, 14)
    bot = RandomAgent(14)

    def kinds() -> tuple[list[int], list[int]]:
        assert session.pending is not None and kit.group is not None
        grouped = [kit.group(option) is not None for option in session.pending.options]
        return [i for i, g in enumerate(grouped) if not g], [i for i, g in enumerate(grouped) if g]

    while session.current_player() != 0 or len(kinds()[0]) < 3 or len(kinds()[1]) < 5:
        session.apply_action(bot.choose(session))
    singles, speculations = kinds()
    search = SearchAgent(2, kit.hidden_cards, kit.evaluate, len(singles) + 1, depth=0, group=kit.group)
    search.choose(session)
    assert search.undealt == 0
    assert {option: search.last_visits.get(option, 0) for option in singles} == dict.fromkeys(singles, 1)
    assert sum(search.last_visits.get(option, 0) for option in speculations) == 1


def test_a_game_chooses_how_far_its_playouts_go() -> None:
    porfiriana = PORFIRIANA.load_kit()
    bot = porfiriana.bot("mcts:5", 1)
    assert isinstance(bot, SearchAgent)
    assert porfiriana.playout_depth is not None and bot.depth == porfiriana.playout_depth
    pamir = PAMIR.load_kit().bot("mcts:5", 1)
    assert isinstance(pamir, SearchAgent) and pamir.depth == DEFAULT_DEPTH
