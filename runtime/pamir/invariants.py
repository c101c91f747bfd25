"""What must hold in every Pax Pamir state, checked after every step of random playouts."""

from __future__ import annotations

from collections import Counter

from paxc.generated.pamir.vocabulary import CardType
from paxc.runtime.pamir.state import (
    BLOCKS_PER_COALITION,
    COALITIONS,
    CYLINDERS_PER_PLAYER,
    GIFT_COSTS,
    SUITS,
    PamirState,
    card,
)


def cards_in_game(state: PamirState) -> Counter[int]:
    """Every card the game uses, wherever it is now."""
    places: list[int] = [n for row in state.market for n in row if n is not None]
    places += state.deck + state.discard + state.in_transit
    for player in state.players:
        places += player.hand + player.court + player.prizes + [n for n, _ in player.events]
    places += [n for n, _, _ in state.global_events]
    return Counter(places)


def violations(state: PamirState, expected_cards: Counter[int]) -> list[str]:
    """Everything wrong with the state; empty when all is well."""
    problems: list[str] = []
    for coalition in COALITIONS:
        in_play = state.blocks_in_play(coalition)
        if not 0 <= in_play <= BLOCKS_PER_COALITION:
            problems.append(f"{in_play} {coalition.value} blocks in play")
    for region, counts in state.armies.items():
        if any(v < 0 for v in counts.values()):
            problems.append(f"negative armies in {region.value}")
    for where, counts in state.roads.items():
        if any(v < 0 for v in counts.values()):
            problems.append(f"negative roads on {where}")
    for index, player in enumerate(state.players):
        tribes = sum(counts[index] for counts in state.tribes.values())
        spies = sum(counts[index] for counts in state.spies.values())
        total = player.cylinders + tribes + spies + len(player.gifts)
        if total != CYLINDERS_PER_PLAYER or min(player.cylinders, tribes, spies) < 0:
            problems.append(
                f"player {index}: {player.cylinders} in supply + {tribes} tribes + {spies} spies + "
                f"{len(player.gifts)} gifts != {CYLINDERS_PER_PLAYER}"
            )
        if player.rupees < 0:
            problems.append(f"player {index} has {player.rupees} rupees")
        if len(set(player.gifts)) != len(player.gifts) or not set(player.gifts) <= set(GIFT_COSTS):
            problems.append(f"player {index} has gifts on the spaces {player.gifts}")
        if player.loyalty is None and state.turn_number > 0 and not state.is_wakhan(index):
            problems.append(f"player {index} has no loyalty")
    for number, on_card in state.spies.items():
        if any(on_card) and state.owner_of(number) is None:
            problems.append(f"spies on card {number}, which is in no court")
    if any(r < 0 for row in state.market_rupees for r in row):
        problems.append("negative rupees in the market")
    if state.favored not in SUITS:
        problems.append(f"favored suit {state.favored}")
    for region in state.tribes:
        ruler = state.ruler(region)
        if ruler is not None and state.tribes[region][ruler] == 0:
            problems.append(f"player {ruler} rules {region.value} without a tribe")
    used_checks = sum(card(n).card_type is CardType.DOMINANCE_CHECK for n in state.discard + state.in_transit)
    if used_checks != state.checks_resolved:
        problems.append(f"{used_checks} dominance check cards discarded, {state.checks_resolved} counted")
    found = cards_in_game(state)
    if found != expected_cards:
        missing = expected_cards - found
        extra = found - expected_cards
        problems.append(f"cards lost {sorted(missing)} or duplicated {sorted(extra)}")
    # The starting set may itself hold a card twice (a deal gone wrong): that is never right.
    twice = sorted(number for number, count in found.items() if count > 1)
    if twice:
        problems.append(f"cards in two places at once: {twice}")
    return problems
