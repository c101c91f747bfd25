"""New Pax Pamir cards built on the general triggers card_moved and card_discarded
(tests/pamir/fixtures/trigger_cards.pax): compiled with the game's vocabulary and played on the
unchanged runtime. Each scenario arranges a state as the rulebook describes it (cleanup's court
and hand limits, the events leaving the market's leftmost column, the refill) and shows the card
acting through the rules; then random games play them all with every invariant checked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from paxc.compiler.project import compile_paths
from paxc.generated.pamir.vocabulary import Card, CardType, Impact, Suit
from paxc.runtime.pamir import card_actions, pieces, rules, scoring
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import drive, empty_state, event_card

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "trigger_cards.pax"
NUMBERS = range(970, 977)


@pytest.fixture(scope="module")
def trigger_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("trigger_cards"))


def new(trigger_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(trigger_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def plain_cards(count: int, test: Callable[[Card], bool] = lambda c: True) -> list[Card]:
    """Printed court cards without abilities, outside the Political and Intelligence suits (no
    stars to raise a limit), so that only the new card acts."""
    from paxc.generated.pamir import CARDS

    return [
        c
        for c in CARDS
        if c.card_type is CardType.COURT
        and not c.abilities
        and c.suit in (Suit.ECONOMIC, Suit.MILITARY)
        and test(c)
    ][:count]


# ---------------------------------------------------------------------- card_discarded


def test_court_gossip_gains_when_another_court_discards_at_cleanup(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, first step: a court above three cards (no purple stars) discards down to three;
    each card discarded from another player's court earns Gossip's owner 1 rupee."""
    gossip = new(trigger_cards, 970, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(gossip.number)
    crowded = plain_cards(5)
    state.players[1].court += [c.number for c in crowded]
    before = state.players[0].rupees
    state.active = 1
    drive(rules.cleanup(state, 1), [crowded[0], crowded[1]])
    assert len(state.players[1].court) == 3
    assert state.players[0].rupees == before + 2
    # A card discarded from its owner's own court is not "another player's".
    state.players[0].court += [c.number for c in crowded[:3]]
    state.active = 0
    drive(rules.cleanup(state, 0), [crowded[0]])
    assert state.players[0].rupees == before + 2


def test_court_gossip_hears_a_betrayal(trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Betray: the card where you have a spy is discarded (rulebook, Betray)."""
    gossip = new(trigger_cards, 970, monkeypatch)
    state = empty_state(3)
    state.players[0].court.append(gossip.number)
    (target,) = plain_cards(1, lambda c: c.prize is None)
    state.players[2].court.append(target.number)
    state.spies_on(target.number)[1] = 1
    state.players[1].rupees = 5
    before = state.players[0].rupees
    drive(card_actions.betray(state, 1), [target])
    assert target.number in state.discard
    assert state.players[0].rupees == before + 1


def test_consolation_purse_gains_for_each_card_over_the_hand_limit(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, second step: a hand above two cards (no blue stars) discards down to two."""
    purse = new(trigger_cards, 972, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(purse.number)
    held = plain_cards(4)
    state.players[0].hand += [c.number for c in held]
    before = state.players[0].rupees
    drive(rules.cleanup(state, 0), [held[0], held[1]])
    assert state.players[0].hand == [held[2].number, held[3].number]
    assert state.players[0].rupees == before + 4
    # Another player's hand is not yours.
    state.players[1].hand += [held[0].number, held[1].number, held[2].number]
    state.players[0].hand.clear()
    state.discard.clear()
    drive(rules.cleanup(state, 1), [held[0]])
    assert state.players[0].rupees == before + 4


def test_consolation_purse_hears_a_card_discarded_for_leverage_unpaid(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A leveraged card discarded with one rupee short: a card from the hand is discarded."""
    purse = new(trigger_cards, 972, monkeypatch)
    state = empty_state(2)
    leveraged, held = plain_cards(2, lambda c: Impact.LEVERAGE in c.impact), plain_cards(1)
    state.players[0].court += [purse.number, leveraged[0].number]
    state.players[0].hand = [held[0].number]
    state.players[0].rupees = 1
    state.active = 1  # whose turn it is does not matter: the hand is player 0's
    drive(pieces.discard_court_card(state, 0, leveraged[0].number), [("hand", held[0])])
    assert state.players[0].hand == [] and held[0].number in state.discard
    assert state.players[0].rupees == 0 + 2


def test_chronicler_gains_when_an_event_leaves_the_market_at_cleanup(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, third step: events in the leftmost column are discarded (and resolved)."""
    chronicler = new(trigger_cards, 973, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(chronicler.number)
    event = event_card(lambda c: c.card_type is CardType.EVENT and not c.sides)
    (court,) = plain_cards(1)
    state.market[0][0] = event.number
    state.market[1][0] = court.number  # a court card stays: it is not discarded
    before = state.players[0].rupees
    drive(rules.cleanup(state, 1), [], then_first=True)
    assert state.market[1][0] == court.number or court.number in [n for r in state.market for n in r]
    assert state.players[0].rupees == before + 1


def test_court_historian_hears_the_events_a_dominance_check_ends(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Events in effect until the next check are discarded by it: one in effect for everybody
    (its zone `events`), and bought ones, each from its buyer's `bought_events`."""
    historian = new(trigger_cards, 976, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(historian.number)
    customs = event_card(lambda c: any(s.name == "Disregard for Customs" for s in c.sides))
    fatigue = event_card(lambda c: any(s.name == "Conflict Fatigue" for s in c.sides))
    riches = event_card(lambda c: any(s.name == "Koh-i-noor Recovered" for s in c.sides))
    state.global_events = [(customs.number, 0, 1)]
    state.players[0].events = [(fatigue.number, 1)]
    state.players[1].events = [(riches.number, 1)]
    state.active = 1  # not the owner of the Historian: the buyer counts, not whose turn it is
    before = state.players[0].rupees
    drive(scoring.resolve_check(state), [])
    assert state.players[0].rupees == before + 1 + 2  # everybody's event, and the one it bought


# ---------------------------------------------------------------------- card_moved


def test_recruiting_sergeant_gains_for_each_military_card_drawn(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, fourth step: the market is filled from the deck."""
    sergeant = new(trigger_cards, 971, monkeypatch)
    state = empty_state(2)
    state.players[1].court.append(sergeant.number)
    military = plain_cards(2, lambda c: c.suit is Suit.MILITARY)
    economic = plain_cards(1, lambda c: c.suit is Suit.ECONOMIC)
    state.deck = [military[0].number, economic[0].number, military[1].number]
    before = state.players[1].rupees
    drive(rules.refill(state, 0), [])
    assert not state.deck
    assert state.players[1].rupees == before + 2


# ---------------------------------------------------------------------- misuse


MISUSED = """game pamir

card 979 "Misused" court {
  provenance reconstructed
  region Kabul
  suit Economic
  rank 1
  ability "Wrong" {
    when card_moved if origin == Kabul {
      gain 1
    }
    when card_discarded if destination == court {
      gain 1
    }
  }
}
"""


def test_misused_zone_parameters_get_located_diagnostics(tmp_path: Path) -> None:
    bad = tmp_path / "misused.pax"
    bad.write_text(MISUSED, encoding="utf-8")
    result = compile_paths([bad], REPO)
    found = [(d.span.line, d.code.value) for d in result.diagnostics]
    assert found == [
        (9, "wrong-type"),  # a zone compared with a region
        (12, "unknown-name"),  # card_discarded has no destination
    ], result.render_diagnostics()


# ---------------------------------------------------------------------- limits


def test_ledger_keeper_raises_your_hand_limit_by_one(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, second step: a hand above 2 plus the blue stars is discarded down to it; the
    Ledger Keeper (no star of its own: Economic) makes it 3 for its owner only."""
    keeper = new(trigger_cards, 974, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(keeper.number)
    held = plain_cards(4)
    state.players[0].hand += [c.number for c in held[:3]]
    drive(rules.cleanup(state, 0), [])  # 3 cards, limit 3: nothing to discard
    assert len(state.players[0].hand) == 3
    state.players[0].hand.append(held[3].number)
    drive(rules.cleanup(state, 0), [held[0]])
    assert len(state.players[0].hand) == 3
    state.players[1].hand += [c.number for c in held[:3]]
    drive(rules.cleanup(state, 1), [held[0]])  # another player's limit stays 2
    assert len(state.players[1].hand) == 2


def test_court_intriguer_lowers_the_court_limit_of_the_others(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cleanup, first step: a court above 3 plus the purple stars is discarded down to it."""
    intriguer = new(trigger_cards, 975, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(intriguer.number)
    crowded = plain_cards(4)
    state.players[1].court += [c.number for c in crowded[:3]]
    drive(rules.cleanup(state, 1), [crowded[0]])  # 3 cards, limit 2
    assert len(state.players[1].court) == 2
    state.players[0].court += [c.number for c in crowded[2:4]]
    drive(rules.cleanup(state, 0), [])  # its owner's limit stays 3
    assert len(state.players[0].court) == 3
    assert rules.court_limit(state, 1) == 2 and rules.court_limit(state, 0) == 3


# ---------------------------------------------------------------------- random games


def test_the_trigger_cards_play_in_random_games_with_every_invariant(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random three-player games with the cards on top of the deck, every invariant checked
    after each decision; each card's triggers are counted as they act (tests/new_cards.py)."""
    acted = count_in_random_games("pamir", trigger_cards, NUMBERS, monkeypatch, seed=5, games=60)
    print("times each trigger card acted in 60 games:", dict(sorted(acted.items())))


def test_no_move_is_told_once_the_game_is_over(
    trigger_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dominance check bought may end the game as it resolves; the card still goes to the
    discard pile, but no ability acts after the end."""
    from paxc.runtime.pamir import hooks

    chronicler = new(trigger_cards, 973, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(chronicler.number)
    event = event_card(lambda c: c.card_type is CardType.EVENT)
    rupees = state.players[0].rupees
    state.over = True
    moved = hooks.card_moved(state, event.number, "market", None, "discard", None, discarded=True)
    assert tuple(moved) == () and state.players[0].rupees == rupees  # the Chronicler hears nothing
    state.over = False
    moved = hooks.card_moved(state, event.number, "market", None, "discard", None, discarded=True)
    assert not isinstance(moved, tuple)
    drive(moved, [])
    assert state.players[0].rupees == rupees + 1
