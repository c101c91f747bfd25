"""Putting cards into play (rules E1-E3, glossary: Jailed, Public Cards, Conspiracy): what a card
played tells the other cards (moved into a row, played by whom), in which order a played card's
strife and regime change come (its strife first, as the rules' headline examples list them), and
that only a partner immune to jail sets a jailed player free. A card whose sides carry text of
their own is a fixture card (tests/porfiriana/fixtures/played_cards.pax)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import CardPlayed, Zone
from paxc.runtime.porfiriana import hooks, regimes, strife
from paxc.runtime.porfiriana.actions import Buy, BuyPublic
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, empty_state, moves_told, named, put, turn
from tests.porfiriana.test_attacks import CONSPIRACY, IMMUNE_TO_JAIL, NEWSPAPER, PARTNER, at, play

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "played_cards.pax"


@pytest.fixture(scope="module")
def played_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("played_cards"))


def played_told(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The `card_played` events fired from now on, as (card number, player)."""
    told: list[tuple[int, int]] = []
    real_fire = hooks.fire

    def watching(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(event, CardPlayed):
            told.append((event.card.number, event.player))
        return real_fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", watching)
    return told


def test_a_jailed_player_is_set_free_only_by_a_partner_immune_to_jail() -> None:
    state = empty_state()
    state.players[1].jailed = True
    turn(state, 1)  # begun in jail: two actions
    play(state, 1, PARTNER.number)
    assert state.players[1].jailed and state.turn.actions_left == 1
    play(state, 1, IMMUNE_TO_JAIL.number)
    assert not state.players[1].jailed
    assert state.turn.actions_left == 1  # the third action back, for the one just spent


def test_a_headlines_event_brings_its_strife_before_its_regime_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    villa = named("Pancho Villa raids Columbus New Mexico")  # rules 003: unrest, strife, regime
    assert villa.strife and villa.regime_change is not None
    order: list[str] = []
    real_strife, real_change = strife.strife, regimes.change_regime

    def in_strife(*args: Any) -> Any:
        order.append("strife")
        return real_strife(*args)

    def changing(*args: Any) -> Any:
        order.append("regime")
        return real_change(*args)

    monkeypatch.setattr(strife, "strife", in_strife)
    monkeypatch.setattr(regimes, "change_regime", changing)
    state = empty_state()
    turn(state, 0)
    state.market[0][0] = villa.number
    act(state, 0, Buy(0, 0), [True], then_first=True)
    assert order == ["strife", "regime"] and state.regime_card.regime is villa.regime_change


def test_a_public_card_bought_is_told_moved_into_the_buyers_row_and_played_by_the_buyer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    church = named("The Church")
    state = empty_state()
    turn(state, 2)
    moved = moves_told(monkeypatch)
    played = played_told(monkeypatch)
    act(state, 2, BuyPublic(church.number, 0))
    assert moved == [(church.number, Zone.PUBLIC, Zone.ROW, 2, 2)]
    assert played == [(church.number, 2)]


def test_a_partner_taken_by_a_conspiracy_is_told_moved_between_the_rows_and_its_taker_turns_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    turn(state, 2)
    put(state, 0, NEWSPAPER.number, side=0)
    moved = moves_told(monkeypatch)
    asked = play(state, 2, CONSPIRACY.number, at(NEWSPAPER.number), lambda side: side.index == 1)
    assert [c.chooser for c in asked if c.prompt.startswith("Side of")] == [2]
    assert (NEWSPAPER.number, Zone.ROW, Zone.ROW, 0, 2) in moved
    assert [m for m in moved if m[0] == NEWSPAPER.number] == [(NEWSPAPER.number, Zone.ROW, Zone.ROW, 0, 2)]


def test_a_card_played_on_a_side_brings_that_sides_text(
    played_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    crier = played_cards.CARD_9170  # its Crier side: its buyer gains 3 when it is played
    join_game(crier, monkeypatch)
    for side, gained in ((0, 3), (1, 0)):
        state = empty_state()
        turn(state, 1)
        state.public.append(crier.number)
        act(state, 1, BuyPublic(crier.number, side))
        assert state.players[1].gold == 30 - (crier.cost or 0) + gained
