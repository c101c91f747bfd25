"""Setting up a game of Pax Porfiriana (rules chapter C), and the quick setup variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import CardType, Regime
from paxc.runtime.core import errata
from paxc.runtime.core.options import OptionsSchema
from paxc.runtime.core.rng import Rng
from paxc.runtime.porfiriana import card_rules, hooks  # noqa: F401 - card_rules gives the rules card effects set off
from paxc.runtime.porfiriana.state import (
    COLUMN_COSTS,
    MARKET_ROWS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SOLITAIRE_DIAZ,
    SOLITAIRE_HUMAN,
    Holding,
    PlayerState,
    PorfirianaState,
    card,
)
from paxc.runtime.porfiriana.topple import IRON_HAND_MIN_PLAYERS

PILES = 6
PILES_WITHOUT_TOPPLE = 2  # the two piles stacked on top
DECK_BASE, DECK_PER_PLAYER = 50, 10
FIRST_PLAYER_GOLD = 4  # then one more for each seat clockwise
SOLITAIRE_SEATS = 2
# What a game may start from (the command line's options and a save's). The solitaire is one
# person against Díaz: `players` left out, 1 (the person) or 2 (the seats). The Iron Hand variant
# is for 4 to 6 players (its rules say so): asked for with fewer, or in the solitaire, it would
# change nothing, so it is refused rather than silently ignored.
OPTIONS = OptionsSchema(
    "Pax Porfiriana",
    MIN_PLAYERS,
    MAX_PLAYERS,
    flags=("solitaire", "iron_hand", "quick_setup", "dissipated_troops"),
    solo_flag="solitaire",
    solo_players=(1, SOLITAIRE_SEATS),
    flag_players={"iron_hand": (IRON_HAND_MIN_PLAYERS, MAX_PLAYERS)},
)
DOUBLE_SIDED = (CardType.HACENDADO, CardType.REGIME_CARD, CardType.PUBLIC)


def diaz_seat(hacendado: int) -> PlayerState:
    """Díaz's seat in the solitaire. The rules give him no gold, no cubes and no cards; the runtime
    expects a Hacendado at the head of every row, so (a decision taken for the whole runtime) he
    is dealt one as a mere seat marker: Loyalist side, no income cubes, and never flipped. It is
    marked as an heir's (the Loyalist side for good), so no rule can ever flip it: he is never
    asked to take a stand, has no private army, and a troop of his that has to leave its
    enterprise is discarded instead of retreating. His 15 cubes stand for the white cubes the
    rules give him to mark his extortions (and the prestige cubes on the Loyalty points of his
    partners under the Pax), so every seat's cubes are counted the same way."""
    seat = PlayerState(gold=0, row=[Holding(hacendado, side=0, income=0)])
    seat.heir = True
    return seat


def numbers_of(*types: CardType) -> list[int]:
    return [c.number for c in CARDS if c.card_type in types]


def deck_cards() -> list[int]:
    """The cards a play deck is drawn from: all but the double-sided ones and the topples."""
    kept_out = DOUBLE_SIDED + (CardType.TOPPLE,)
    return [c.number for c in CARDS if c.card_type not in kept_out]


def build_piles(rng: Rng, players: int) -> tuple[list[list[int]], list[int]]:
    """The six piles of the play deck, top pile first, and the cards left in the box.

    50 + 10 per player cards are drawn from the shuffled deck cards (topples aside) and dealt into
    six piles as equal as they can be; one topple is shuffled into each of the four lower piles.
    """
    topples = numbers_of(CardType.TOPPLE)
    others = deck_cards()
    rng.shuffle(others)
    count = DECK_BASE + DECK_PER_PLAYER * players
    chosen, unused = others[:count], others[count:]
    size, extra = divmod(count, PILES)
    piles: list[list[int]] = []
    start = 0
    for index in range(PILES):
        length = size + (1 if index < extra else 0)
        piles.append(chosen[start : start + length])
        start += length
    rng.shuffle(topples)
    for pile, topple in zip(piles[PILES_WITHOUT_TOPPLE:], topples, strict=True):
        pile.append(topple)
        rng.shuffle(pile)
    return piles, unused


def quick_deck(rng: Rng) -> tuple[list[int], list[int], list[int]]:
    """The quick setup: 12 cards for the market, a deck of about half the rest with the four
    topples shuffled in, and the cards left out. Decision: "about half" is the lower half."""
    topples = numbers_of(CardType.TOPPLE)
    others = deck_cards()
    rng.shuffle(others)
    market, rest = others[: MARKET_ROWS * len(COLUMN_COSTS)], others[MARKET_ROWS * len(COLUMN_COSTS) :]
    half = len(rest) // 2
    deck, unused = rest[:half] + topples, rest[half:]
    rng.shuffle(deck)
    return market, deck, unused


def seat_count(options: Mapping[str, Any]) -> int:
    """The number of seats: the option `players`; in the solitaire always two (the human and
    Díaz), whether `players` is left out, 1 (the one human) or 2."""
    players = options.get("players")
    if options.get("solitaire"):
        if players not in (None, 1, 2) or isinstance(players, bool):
            raise ValueError(f"the solitaire is for one player against Díaz, not {players!r}")
        return SOLITAIRE_SEATS
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Pax Porfiriana is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def new_state(options: Mapping[str, Any], seed: int) -> PorfirianaState:
    """A game ready for its first turn. With `{"solitaire": True}`, the Díaz solitaire (rules L):
    set up as a 2-player game (the deck of 50 + 20 included), seat 0 the human, who plays first
    with the first player's gold, seat 1 Díaz, who has no gold."""
    players = seat_count(options)
    solitaire = bool(options.get("solitaire"))
    hooks.use_errata(errata.parse(options.get(errata.OPTION, errata.LATEST)))
    rng = Rng(seed)
    columns = len(COLUMN_COSTS)
    if options.get("quick_setup"):
        market_cards, deck, unused = quick_deck(rng)
    else:
        piles, unused = build_piles(rng, players)
        deck = [n for pile in piles for n in pile]
        market_cards = [deck.pop(0) for _ in range(MARKET_ROWS * columns)]
    # Decision: the rules do not say in which order the twelve market cards are laid out; they
    # fill the columns from the zero-cost end, top row first, as the refill does.
    market: list[list[int | None]] = [[None] * columns for _ in range(MARKET_ROWS)]
    for index, number in enumerate(market_cards):
        market[index % MARKET_ROWS][index // MARKET_ROWS] = number
    regimes = sorted(numbers_of(CardType.REGIME_CARD), key=lambda n: card(n).regime is not Regime.PAX)
    hacendados = numbers_of(CardType.HACENDADO)
    rng.shuffle(hacendados)
    first = SOLITAIRE_HUMAN if solitaire else rng.below(players)
    seats = []
    for index in range(players):
        hacendado = hacendados[index]
        # Decision: a Hacendado's first side is its Loyalist side (the card files write it first);
        # its income cubes are the ones that side shows.
        loyalist = card(hacendado).sides[0]
        income = loyalist.income or 0
        position = (index - first) % players
        seat = PlayerState(gold=FIRST_PLAYER_GOLD + position, row=[Holding(hacendado, side=0, income=income)])
        if solitaire and index == SOLITAIRE_DIAZ:
            seat = diaz_seat(hacendado)
        seat.cubes -= seat.hacendado.income
        seats.append(seat)
    return PorfirianaState(
        solitaire=solitaire,
        iron_hand=bool(options.get("iron_hand")),
        dissipated_troops=bool(options.get("dissipated_troops")),
        players=seats,
        rng=rng,
        deck=deck,
        market=market,
        regimes=regimes,
        public=numbers_of(CardType.PUBLIC),
        first_player=first,
        active=first,
        unused=unused + hacendados[players:],
    )
