"""Watching a game's events from outside its rules (runtime/core/watch.py), as `paxc compare`
counts the cards bought and played: every event seen is one that happened, and watching changes
nothing in the game."""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import CardBought, CardPlayed
from paxc.runtime import commands
from paxc.runtime.core import watch
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.pamir.game import GAME

SEED = 11


def play_watched() -> tuple[list[tuple[object, set[int], int]], object]:
    """A random two-player game of Pax Pamir, with each event seen, the cards seen in the market
    before it, and the player whose turn it was."""
    kit = GAME.load_kit()
    session = kit.new_session({"players": 2}, SEED)
    agents = {p: RandomAgent(SEED + 1 + p) for p in (0, 1)}
    seen: list[tuple[object, set[int], int]] = []
    market: set[int] = set()  # every card seen in the market so far
    with watch.watching(
        (CardBought, CardPlayed), lambda event: seen.append((event, set(market), session.state.active))
    ):
        while not session.is_terminal():
            market.update(n for row in session.state.market for n in row if n is not None)
            session.apply_action(agents[session.current_player()].choose(session))
    return seen, kit.outcome(session.state)


def test_every_card_seen_bought_was_in_the_market_and_bought_in_its_buyers_turn() -> None:
    seen, _ = play_watched()
    bought = [(event, market, active) for event, market, active in seen if isinstance(event, CardBought)]
    played = [event for event, _, _ in seen if isinstance(event, CardPlayed)]
    assert len(bought) >= 5 and len(played) >= 5
    assert len(bought) + len(played) == len(seen)  # no event of a kind not watched
    for event, market, active in bought:
        assert event.card.number in market
        assert int(event.buyer) == active


def test_watching_changes_nothing() -> None:
    _, watched = play_watched()
    plain = commands.play_one("pamir", {"players": 2}, SEED, False)
    # play_one seats random agents seeded as play_watched does: the same game.
    assert (plain.winner, plain.scores, plain.turns) == (watched.winner, watched.scores, watched.turns)  # type: ignore[attr-defined]
    assert not watch.wants(CardBought)  # the block ended: nothing is watched any more


def test_a_watcher_started_sees_only_its_kinds_until_it_stops() -> None:
    """`start` and `stop`, as a process that only watches uses them (compare's workers)."""
    seen: list[object] = []
    watch.start([CardPlayed], seen.append)
    try:
        assert watch.wants(CardPlayed) and not watch.wants(CardBought)
        watch.seen("an event of another kind")
    finally:
        watch.stop()
    assert not watch.wants(CardPlayed) and seen == []
    watch.seen("anything")  # nobody watches: nothing is shown, nothing fails
