"""Helpers for scenario tests: a fresh Pax Pamir state to arrange, and a driver that answers an
effect's decisions from a script."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Card, CardType, Coalition
from paxc.runtime.effects import Choice, Decision
from paxc.runtime.pamir.rules import new_state
from paxc.runtime.pamir.state import MARKET_COLUMNS, MARKET_ROWS, PamirState


def empty_state(players: int = 3, loyalties: tuple[Coalition, ...] | None = None) -> PamirState:
    """A state after setup with an empty market and deck, so a scenario places what it needs."""
    state = new_state({"players": players}, seed=1)
    state.market = [[None] * MARKET_COLUMNS for _ in range(MARKET_ROWS)]
    state.deck = []
    chosen = loyalties or (
        Coalition.AFGHAN,
        Coalition.BRITISH,
        Coalition.RUSSIAN,
        Coalition.AFGHAN,
        Coalition.BRITISH,
    )
    for player, coalition in zip(state.players, chosen, strict=False):
        player.loyalty = coalition
    return state


def court_card(predicate: Callable[[Card], bool]) -> Card:
    """The first court card (by number) that fits."""
    return next(c for c in CARDS if c.card_type is CardType.COURT and predicate(c))


def event_card(predicate: Callable[[Card], bool]) -> Card:
    return next(c for c in CARDS if c.card_type is not CardType.COURT and predicate(c))


Answer = object | Callable[[Any], bool]


def drive(
    effect: Iterable[Decision], answers: list[Answer], *, then_first: bool = False
) -> list[Choice[Any]]:
    """Run `effect`, answering each decision with the next scripted answer: an option itself, or
    a predicate picking the first option it accepts. Every answer must be used; once they are,
    `then_first` answers any further decision with its first option."""
    asked: list[Choice[Any]] = []
    for decision in effect:
        assert isinstance(decision, Choice)
        asked.append(decision)
        if not answers and then_first:
            decision.answer = decision.options[0]
            continue
        assert answers, f"unexpected decision: {decision.prompt} {decision.options}"
        wanted = answers.pop(0)
        if callable(wanted) and not isinstance(wanted, type):
            matching = [o for o in decision.options if wanted(o)]
            assert matching, f"no option of '{decision.prompt}' fits: {decision.options}"
            decision.answer = matching[0]
        else:
            assert wanted in decision.options, (
                f"{wanted!r} is not an option of '{decision.prompt}': {decision.options}"
            )
            decision.answer = wanted
    assert not answers, f"answers left over: {answers}"
    return asked
