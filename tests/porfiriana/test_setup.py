"""Setting up Pax Porfiriana, from chapter C of the rules (and its quick setup)."""

from __future__ import annotations

from collections import Counter

import pytest

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import CardType, Regime
from paxc.runtime.core.rng import Rng
from paxc.runtime.porfiriana import market
from paxc.runtime.porfiriana.invariants import cards_in_game
from paxc.runtime.porfiriana.setup import build_piles, new_state
from paxc.runtime.porfiriana.state import CUBES_PER_PLAYER, card
from tests.porfiriana.scenario import find, named

DECK_TYPES = {
    CardType.ENTERPRISE,
    CardType.PARTNER,
    CardType.TROOP,
    CardType.BLACK,
    CardType.ORANGE,
    CardType.HEADLINE,
}


@pytest.mark.parametrize("players", range(2, 7))
def test_the_deck_is_fifty_plus_ten_a_player_in_six_piles_with_topples_in_the_lower_four(
    players: int,
) -> None:
    piles, unused = build_piles(Rng(players), players)
    assert len(piles) == 6
    sizes = [len([n for n in pile if card(n).card_type is not CardType.TOPPLE]) for pile in piles]
    assert sum(sizes) == 50 + 10 * players
    assert max(sizes) - min(sizes) <= 1  # about the same size
    topples = [sum(card(n).card_type is CardType.TOPPLE for n in pile) for pile in piles]
    assert topples == [0, 0, 1, 1, 1, 1]
    dealt = [n for pile in piles for n in pile] + unused
    assert Counter(card(n).card_type for n in dealt) == Counter(
        c.card_type for c in CARDS if c.card_type in DECK_TYPES | {CardType.TOPPLE}
    )


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_deals_the_market_hacendados_gold_and_regimes(players: int) -> None:
    state = new_state({"players": players}, seed=10 + players)
    assert all(n is not None for row in state.market for n in row) and len(state.market) == 2
    assert len(state.deck) + 12 == 50 + 10 * players + 4
    assert card(state.regimes[0]).regime is Regime.PAX  # Pax Porfiriana on top
    assert len(state.regimes) == 4 and len(state.public) == 2
    gold = {(index - state.first_player) % players: p.gold for index, p in enumerate(state.players)}
    assert [gold[position] for position in range(players)] == list(range(4, 4 + players))
    hacendados = [p.hacendado.number for p in state.players]
    assert len(set(hacendados)) == players
    for player in state.players:
        assert card(player.hacendado.number).card_type is CardType.HACENDADO
        assert [h.number for h in player.row] == [player.hacendado.number]
        assert not player.flipped and player.hacendado.income == 2  # the Loyalist side's two income cubes
        assert player.cubes == CUBES_PER_PLAYER - 2
    assert state.active == state.first_player


def test_the_quick_setup_keeps_about_half_the_deck_with_every_topple() -> None:
    state = new_state({"players": 4, "quick_setup": True}, seed=3)
    deck_cards = [n for n in state.deck if card(n).card_type is not CardType.TOPPLE]
    assert sum(card(n).card_type is CardType.TOPPLE for n in state.deck) == 4
    rest = sum(1 for c in CARDS if c.card_type in DECK_TYPES) - 12
    assert len(deck_cards) == rest // 2
    assert all(card(n).card_type is not CardType.TOPPLE for row in state.market for n in row if n is not None)


def test_the_same_seed_sets_up_the_same_game_and_a_wrong_count_is_refused() -> None:
    first, second = new_state({"players": 3}, seed=5), new_state({"players": 3}, seed=5)
    assert first.deck == second.deck and first.market == second.market
    assert [p.hacendado.number for p in first.players] == [p.hacendado.number for p in second.players]
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_state({"players": 7}, seed=1)


@pytest.mark.parametrize("players", [2, 5])
def test_the_market_is_dealt_from_the_top_of_the_play_deck(players: int) -> None:
    """Rules C: the twelve market cards come off the top of the stacked piles, and the deck is
    what is left, in order (filling the columns from the cheapest, top row first)."""
    piles, _ = build_piles(Rng(40 + players), players)
    stacked = [number for pile in piles for number in pile]
    state = new_state({"players": players}, seed=40 + players)
    dealt = [state.market[index % 2][index // 2] for index in range(12)]
    assert dealt == stacked[:12]
    assert state.deck == stacked[12:]


def test_the_first_player_is_drawn_but_in_the_solitaire_the_person_plays_first() -> None:
    firsts = {new_state({"players": 3}, seed=seed).first_player for seed in range(20)}
    assert firsts == {0, 1, 2}
    for seed in range(20):
        solitaire = new_state({"solitaire": True}, seed=seed)
        assert solitaire.first_player == solitaire.active == 0
        assert [p.gold for p in solitaire.players] == [4, 0]  # Díaz has no gold


def test_every_hacendado_starts_on_its_loyalist_side_with_its_ability_in_effect() -> None:
    """Rules C: each player starts with a Hacendado Loyalist side up. Bernardo Reyes's Loyalist
    side buys troops at half price from the first turn (six players: every Hacendado is dealt)."""
    state = new_state({"players": 6}, seed=7)
    assert [p.hacendado.side for p in state.players] == [0] * 6
    reyes = next(
        seat for seat, p in enumerate(state.players) if p.hacendado.number == named("Bernardo Reyes").number
    )
    other = (reyes + 1) % 6
    troop = find(CardType.TROOP)
    state.market[0][5] = troop.number
    full = market.purchase_cost(state, other, 0, 5)
    assert full > 1 and market.purchase_cost(state, reyes, 0, 5) == (full + 1) // 2
    diaz = new_state({"solitaire": True}, seed=7).players[1]
    assert diaz.hacendado.side == 0 and diaz.hacendado.income == 0 and not diaz.flipped


def test_the_variants_asked_for_are_the_games() -> None:
    plain = new_state({"players": 4}, seed=2)
    assert not plain.iron_hand and not plain.dissipated_troops and not plain.solitaire
    varied = new_state({"players": 4, "iron_hand": True, "dissipated_troops": True}, seed=2)
    assert varied.iron_hand is True and varied.dissipated_troops is True


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 6}, {"players": 4, "quick_setup": True}])
def test_every_card_is_dealt_or_left_in_the_box_once(options: dict[str, object]) -> None:
    """Rules C: the cards not drawn for the deck go back to the box, with the Hacendados nobody
    was dealt; every card of the game is then in play, in the deck or in the box, once."""
    state = new_state(options, seed=11)
    assert cards_in_game(state) + Counter(state.unused) == Counter(c.number for c in CARDS)
    dealt = {p.hacendado.number for p in state.players}
    hacendados = {c.number for c in CARDS if c.card_type is CardType.HACENDADO}
    assert hacendados - dealt <= set(state.unused)
