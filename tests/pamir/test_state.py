"""The state of a game of Pax Pamir and the facts derived from it: a copy (what the session keeps
at each turn's start, and the bots search from) is the same game and shares nothing that can
change with the original."""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import CardType, Coalition, Region, Suit
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.pamir.state import BORDERS, PamirState, TurnState, WakhanState
from tests.pamir.scenario import court_card, empty_state

COURT = [c.number for c in CARDS if c.card_type is CardType.COURT]


def _everything_set() -> PamirState:
    """A state in which every field differs from what a fresh game holds."""
    state = empty_state(3)
    for seat, player in enumerate(state.players):
        player.rupees = 7 + seat
        player.hand = [COURT[10 + seat]]
        player.court = [COURT[20 + seat]]
        player.gifts = [2]
        player.prizes = [COURT[30 + seat]]
        player.cylinders = 5 - seat
        player.score = 2 + seat
        player.events = [(100 + seat, 1)]
    state.rng.next_u64()
    state.deck = [41, 42]
    state.market[0][1] = 43
    state.market_rupees[1][2] = 3
    state.favored = Suit.MILITARY
    state.discard = [44]
    state.tribes[Region.HERAT][1] = 2
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 3
    state.roads[BORDERS[0]][Coalition.BRITISH] = 1
    state.spies[21] = [0, 1, 0]
    state.global_events = [(105, 0, 2)]
    state.memory = {21: {"count": 2}}
    state.lasting = [Lasting(21, 0, 1, "end_of_turn", armed=True)]
    state.used_this_round = {"21:0"}
    state.in_transit = [45]
    state.active = 2
    state.turn_number = 9
    state.turn = TurnState(
        actions_taken=1,
        used_cards={21},
        paid_onto={43},
        placed_blocks={"army:Kabul:russian": 1},
        placed_cylinders={"tribe:Herat:1": 1},
        used_triggers={"21:1"},
        trigger_acts={"21:1": 3},
    )
    state.checks_resolved = 2
    state.winner = 1
    state.over = True
    state.wakhan = WakhanState(
        0, [1, 2], [3], savvy_purchasing=True, steadfast_loyalty=True, spy_movement=True
    )
    return state


def _plain(value: Any) -> Any:
    """Everything a state holds, as plain values (the generator by its position)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {key: _plain(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, set):
        return sorted(value, key=str)
    if hasattr(value, "next_u64"):
        return ("rng", value.state)
    return value


def _shared(original: Any, copy: Any, path: str = "state") -> list[str]:
    """The parts of the copy that are the original's own object and could change under it."""
    if isinstance(original, (Enum, str, int, float, bool, type(None))):
        return []
    params = vars(type(original)).get("__dataclass_params__")  # a dataclass's: frozen or not
    frozen = params is not None and params.frozen
    if original is copy and not frozen and not isinstance(original, tuple):
        return [path]
    if dataclasses.is_dataclass(original):
        return [
            found
            for f in dataclasses.fields(original)
            for found in _shared(getattr(original, f.name), getattr(copy, f.name), f"{path}.{f.name}")
        ]
    if isinstance(original, dict):
        return [found for key in original for found in _shared(original[key], copy[key], f"{path}[{key!r}]")]
    if isinstance(original, (list, tuple)):
        return [
            found
            for i, (a, b) in enumerate(zip(original, copy, strict=True))
            for found in _shared(a, b, f"{path}[{i}]")
        ]
    return []


def test_a_copy_holds_every_part_of_the_state_and_shares_nothing_that_changes() -> None:
    state = _everything_set()
    fresh = _plain(empty_state(3))
    assert all(_plain(getattr(state, name)) != fresh[name] for name in fresh), (
        "a field left as in a fresh game"
    )
    copy = state.copy()
    assert _plain(copy) == _plain(state)
    assert _shared(state, copy) == []
    # The generator goes on from the same point, each on its own.
    assert copy.rng.next_u64() == state.rng.next_u64()
    copy.rng.next_u64()
    assert copy.rng.state != state.rng.state


def test_the_digest_a_save_is_checked_against_is_one_text_in_every_process() -> None:
    """A save holds the hash of the digest of the state its decisions lead to, and loading replays
    them and compares: the digest must be the same text for the same game in any process and any
    version. So it is fixed in form: the state's fields by name in sorted order (all but the
    turn's count of trigger acts), a mapping as its pairs sorted by their text, a set's items
    sorted by their text (never in the process's hash order), a list in its own order, the
    generator by its position."""
    state = empty_state(2)
    state.spies = {9: [1, 0], 10: [0, 1]}
    state.deck = [5, 40, 3]
    state.turn.used_cards = {3, 21}
    state.turn.trigger_acts = {"21:0": 1}
    digest = json.loads(state.digest())
    assert list(digest) == sorted(digest) and "players" in digest
    assert list(digest["turn"]) == sorted(digest["turn"]) and "trigger_acts" not in digest["turn"]
    assert digest["spies"] == [[10, [0, 1]], [9, [1, 0]]]
    assert digest["deck"] == [5, 40, 3]
    assert digest["turn"]["used_cards"] == [21, 3]
    assert digest["rng"] == {"state": state.rng.state}
    assert digest["favored"] == Suit.POLITICAL.value and digest["winner"] is None
    assert digest["players"][0]["loyalty"] == Coalition.AFGHAN.value


def test_influence_is_one_and_one_for_each_patriot_prize_and_gift() -> None:
    """Influence (rulebook, Dominance Check): one, plus each patriot of the player's loyalty in
    court, each prize and each gift (the count before any ability changes it)."""
    state = empty_state(2)
    me = state.players[0]
    me.court = [court_card(lambda c: c.patriot is me.loyalty).number]
    me.prizes = [court_card(lambda c: c.prize is me.loyalty).number]
    me.gifts = [2, 4]
    assert state.influence(0) == 1 + 1 + 1 + 2
    assert state.influence(1) == 1


def test_limits_and_tax_shelter_count_the_stars_of_their_own_suit() -> None:
    """Court limit 3 plus Political stars, hand limit 2 plus Intelligence stars, tax shelter the
    Economic stars (rulebook, the player board): each suit's ranks count only for its own."""
    state = empty_state(2)
    ranks = {suit: 0 for suit in Suit}
    for suit in (Suit.POLITICAL, Suit.INTELLIGENCE, Suit.ECONOMIC):
        chosen = next(
            c for c in CARDS if c.card_type is CardType.COURT and c.suit is suit and (c.rank or 0) >= 2
        )
        state.players[0].court.append(chosen.number)
        ranks[suit] = chosen.rank or 0
    assert state.court_limit(0) == 3 + ranks[Suit.POLITICAL]
    assert state.hand_limit(0) == 2 + ranks[Suit.INTELLIGENCE]
    assert state.tax_shelter(0) == ranks[Suit.ECONOMIC]
    assert (state.court_limit(1), state.hand_limit(1), state.tax_shelter(1)) == (3, 2, 0)


def test_a_tie_of_one_ruling_piece_each_rules_nobody() -> None:
    """Ruling a region takes strictly more ruling pieces than each other player: one tribe each
    is a tie, and nobody rules; an army of one's loyalty breaks it."""
    state = empty_state(2)  # Afghan, British
    state.tribes[Region.HERAT][:] = [1, 1]
    assert state.ruler(Region.HERAT) is None
    state.armies[Region.HERAT][Coalition.BRITISH] = 1
    assert state.ruler(Region.HERAT) == 1
