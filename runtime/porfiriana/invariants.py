"""What must hold in every Pax Porfiriana state, checked after every step of random playouts
(the issue's list: each player's 15 cubes accounted for, no negative gold, one troop an
enterprise, the regime's values applied; and every card somewhere, once).

The regime's values are ceilings (`economy`): a count that follows a value may be short of it,
for want of cubes in the supply when it was set, but never above it."""

from __future__ import annotations

from collections import Counter

from paxc.generated.porfiriana.vocabulary import CardType
from paxc.runtime.porfiriana import economy
from paxc.runtime.porfiriana.state import CUBES_PER_PLAYER, PorfirianaState, card


def cards_in_game(state: PorfirianaState) -> Counter[int]:
    """Every card the game uses, wherever it is now."""
    places: list[int] = [n for row in state.market for n in row if n is not None]
    places += state.deck + state.discard + state.removed + state.bull_bear + state.public + state.regimes
    places += state.in_transit
    for player in state.players:
        places += player.hand + player.prestige_stack + player.army
        for held in player.row:
            places.append(held.number)
            if held.troop is not None:
                places.append(held.troop)
    return Counter(places)


def violations(state: PorfirianaState, expected_cards: Counter[int]) -> list[str]:
    """Everything wrong with the state; empty when all is well."""
    problems: list[str] = []
    found = cards_in_game(state)
    if found != expected_cards:
        missing = sorted((expected_cards - found).elements())
        extra = sorted((found - expected_cards).elements())
        problems.append(f"cards lost {missing} or doubled {extra}")
    # The starting set may itself hold a card twice (a deal gone wrong): that is never right.
    twice = sorted(number for number, count in found.items() if count > 1)
    if twice:
        problems.append(f"cards in two places at once: {twice}")
    rules = economy.cube_rules(state)
    for index, player in enumerate(state.players):
        stack_points = economy.cube_points_in_stack(state, index, rules[index])
        if player.stack_prestige_cubes > stack_points:
            problems.append(
                f"player {index}'s stack holds more prestige cubes than its {stack_points} points taking one"
            )
        for held in player.row:
            points = economy.cube_points_on(held, rules[index])
            if held.prestige_cubes > points:
                problems.append(
                    f"{card(held.number).name} holds more prestige cubes than its {points} points taking one"
                )
        if player.gold < 0:
            problems.append(f"player {index} has {player.gold} gold")
        if player.cubes < 0:
            problems.append(f"player {index} has {player.cubes} cubes in supply")
        in_use = state.cubes_in_use(index)
        if in_use + player.cubes != CUBES_PER_PLAYER:
            problems.append(f"player {index}: {in_use} cubes in play + {player.cubes} in supply")
        if not player.row or card(player.row[0].number).card_type is not CardType.HACENDADO:
            problems.append(f"player {index}'s row does not start with a Hacendado")
        if player.flipped and player.hacendado.income:
            problems.append(f"player {index}'s flipped Hacendado keeps income cubes")
        for troop in player.army:
            if card(troop).faction is not player.hacendado.face.faction or not player.flipped:
                problems.append(f"player {index}'s private army holds {card(troop).name} of another faction")
    for owner, held in state.enterprises():
        if held.troop is not None and card(held.troop).card_type is not CardType.TROOP:
            problems.append(f"a non-troop under {card(held.number).name}")
        if held.troop is None and held.extortion is not None:
            problems.append(f"{card(held.number).name} has an extortion cube but no troop")
        if held.troop is not None and held.troop_owner != owner and held.extortion != held.troop_owner:
            problems.append(f"the troop on {card(held.number).name} extorts without its cube")
        target = economy.income_target(state, held)
        # (an extortion cube may stand above the value only while its enterprise awaits its sack)
        if target is not None and held.income > target:
            problems.append(f"{card(held.number).name} holds more income cubes than its value {target}")
        if held.unrest < 0:
            problems.append(f"{card(held.number).name} has negative unrest")
    for cards in state.market:
        for number in cards:
            if number is not None and card(number).card_type in (CardType.HACENDADO, CardType.REGIME_CARD):
                problems.append(f"{card(number).name} is in the market")
    if any(n not in [m for row in state.market for m in row] for n in state.speculation):
        problems.append("a speculation cube on a card not in the market")
    if not state.over and state.topples >= 4:
        problems.append("the fourth topple passed but the game goes on")
    return problems
