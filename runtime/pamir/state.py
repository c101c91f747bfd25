"""The state of a game of Pax Pamir: plain typed data, and the derived facts the rules ask for
(who rules a region, influence, stars per suit, cylinders in play).

Every card's printed facts come from `generated.pamir`; nothing here knows a card by name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from operator import itemgetter
from typing import Final

from paxc.generated.pamir import CARDS_BY_NUMBER
from paxc.generated.pamir.vocabulary import ADJACENT_REGIONS, Card, Coalition, Impact, Region, Suit
from paxc.runtime.core import memory
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.memory import CardMemory
from paxc.runtime.core.rng import Rng

# The module's constants are `Final`: compiled (`paxc accelerate`), a final name is read as a C
# static, in this module and in those importing it, where any other module global is looked up
# in its module's dictionary at every reading (the rules read these at every listing).
COALITIONS: Final = tuple(Coalition)
REGIONS: Final = tuple(Region)
SUITS: Final = tuple(Suit)
MARKET_ROWS: Final = 2
MARKET_COLUMNS: Final = 6
BLOCKS_PER_COALITION: Final = 12
CYLINDERS_PER_PLAYER: Final = 10  # eleven, one of which marks the score
STARTING_RUPEES: Final = 4
GIFT_COSTS: Final = (2, 4, 6)
BASE_ACTIONS: Final = 2
COURT_LIMIT_BASE: Final = 3  # plus Political stars
HAND_LIMIT_BASE: Final = 2  # plus Intelligence stars
FAVORED_AT_START: Final = Suit.POLITICAL

Border = tuple[Region, Region]


def border(a: Region, b: Region) -> Border:
    """A border, written the same whichever end is named first."""
    return (a, b) if a.value < b.value else (b, a)


BORDERS: Final[tuple[Border, ...]] = tuple(
    sorted({border(a, b) for a, b in ADJACENT_REGIONS}, key=lambda b: (b[0].value, b[1].value))
)


def borders_of(region: Region) -> tuple[Border, ...]:
    return _BORDERS_OF[region]


_BORDERS_OF: Final[dict[Region, tuple[Border, ...]]] = {
    region: tuple(b for b in BORDERS if region in b) for region in Region
}


# A card's record by its number: the card table's own look-up, a bound method of the dict, which
# runs without a Python frame of its own (the rules ask it tens of thousands of times a game). The
# table is changed in place (errata, cards added by tests), never replaced, so this follows it.
card: Final[Callable[[int], Card]] = CARDS_BY_NUMBER.__getitem__


@dataclass(slots=True)
class PlayerState:
    rupees: int = STARTING_RUPEES
    loyalty: Coalition | None = None
    hand: list[int] = field(default_factory=list)
    court: list[int] = field(default_factory=list)
    gifts: list[int] = field(default_factory=list)  # the prices of the gift spaces holding a cylinder
    prizes: list[int] = field(default_factory=list)
    cylinders: int = CYLINDERS_PER_PLAYER  # in supply, on the player board
    score: int = 0
    # Bought events in effect until the next dominance check: (card, index of the side in effect).
    events: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class TurnState:
    """What the active player did this turn (cleared when the next turn starts)."""

    actions_taken: int = 0
    used_cards: set[int] = field(default_factory=set)
    paid_onto: set[int] = field(default_factory=set)  # market cards the player put rupees on
    placed_blocks: dict[str, int] = field(default_factory=dict)  # location key -> blocks placed this turn
    placed_cylinders: dict[str, int] = field(default_factory=dict)
    used_triggers: set[str] = field(default_factory=set)  # "once per turn" triggers that acted
    trigger_acts: dict[str, int] = field(
        default_factory=dict
    )  # each trigger's acts this turn (the loop limit)


@dataclass(slots=True)
class WakhanState:
    """Wakhan's seat and her AI cards (the cards themselves are `generated.pamir`'s wakhan cards).

    The face-up pile's last card is the one she reads this turn, with the back of `deck[0]`."""

    seat: int
    deck: list[int]  # face down, the top card first
    face_up: list[int] = field(default_factory=list)  # the AI discard pile, its top card last
    # Variants from the players' community, off by default (options of the game).
    savvy_purchasing: bool = False
    steadfast_loyalty: bool = False
    spy_movement: bool = False

    def copy(self) -> WakhanState:
        return WakhanState(
            self.seat,
            self.deck[:],
            self.face_up[:],
            self.savvy_purchasing,
            self.steadfast_loyalty,
            self.spy_movement,
        )


@dataclass(slots=True)
class PamirState:
    players: list[PlayerState]
    rng: Rng
    deck: list[int]  # the top card is deck[0]
    market: list[list[int | None]]
    market_rupees: list[list[int]]
    favored: Suit = FAVORED_AT_START
    discard: list[int] = field(default_factory=list)
    tribes: dict[Region, list[int]] = field(default_factory=dict)
    armies: dict[Region, dict[Coalition, int]] = field(default_factory=dict)
    roads: dict[Border, dict[Coalition, int]] = field(default_factory=dict)
    spies: dict[int, list[int]] = field(default_factory=dict)  # court card -> spies per player
    # Discarded events in effect for everybody until the next dominance check:
    # (card, index of the side in effect, the player whose cleanup discarded it).
    global_events: list[tuple[int, int, int]] = field(default_factory=list)
    memory: CardMemory = field(default_factory=dict)  # what cards in play remember (`set this.x to ...`)
    lasting: list[Lasting] = field(default_factory=list)  # effects cards started `until ...`
    used_this_round: set[str] = field(default_factory=set)  # "once per round" triggers that acted
    in_transit: list[int] = field(default_factory=list)  # cards between two places while a decision is asked
    active: int = 0
    turn_number: int = 0
    turn: TurnState = field(default_factory=TurnState)
    checks_resolved: int = 0
    winner: int | None = None
    over: bool = False
    wakhan: WakhanState | None = None  # the automated opponent, when she plays

    # ------------------------------------------------------------------ pieces

    def blocks_in_play(self, coalition: Coalition) -> int:
        count: Callable[[dict[Coalition, int]], int] = itemgetter(coalition)
        return sum(map(count, self.armies.values())) + sum(map(count, self.roads.values()))

    def blocks_in_supply(self, coalition: Coalition) -> int:
        return BLOCKS_PER_COALITION - self.blocks_in_play(coalition)

    def cylinders_in_play(self, player: int) -> int:
        """Tribes, spies and gifts: every cylinder off the player board (the score marker aside)."""
        return CYLINDERS_PER_PLAYER - self.players[player].cylinders

    def spies_on(self, number: int) -> list[int]:
        return self.spies.setdefault(number, [0] * len(self.players))

    # ------------------------------------------------------------------ courts and stars

    def owner_of(self, number: int) -> int | None:
        for index, player in enumerate(self.players):
            if number in player.court:
                return index
        return None

    def stars(self, player: int, suit: Suit) -> int:
        total = 0
        for number in self.players[player].court:  # a loop, not a generator: asked at every cleanup
            printed = card(number)
            if printed.suit is suit:
                total += printed.rank or 0
        return total

    def court_limit(self, player: int) -> int:
        return COURT_LIMIT_BASE + self.stars(player, Suit.POLITICAL)

    def hand_limit(self, player: int) -> int:
        return HAND_LIMIT_BASE + self.stars(player, Suit.INTELLIGENCE)

    def tax_shelter(self, player: int) -> int:
        return self.stars(player, Suit.ECONOMIC)

    def patriots(self, player: int) -> list[int]:
        return [n for n in self.players[player].court if card(n).patriot is not None]

    def influence(self, player: int) -> int:
        """One, plus patriots in court, prizes and gifts (all of the player's loyalty)."""
        state = self.players[player]
        return 1 + len(self.patriots(player)) + len(state.prizes) + len(state.gifts)

    # ------------------------------------------------------------------ the map

    def is_wakhan(self, player: int) -> bool:
        return self.wakhan is not None and self.wakhan.seat == player

    def ruling_coalition(self, player: int, region: Region) -> Coalition | None:
        """The coalition whose armies count towards the player's rule of the region: their
        loyalty; for Wakhan (the rulebook's errata) the coalition with most armies there, the
        first in coalition order on a tie (a tied stack counts the same whichever it is)."""
        if self.is_wakhan(player):
            armies = self.armies[region]
            return max(COALITIONS, key=lambda c: armies[c]) if any(armies.values()) else None
        return self.players[player].loyalty

    def ruling_pieces(self, player: int, region: Region) -> int:
        coalition = self.ruling_coalition(player, region)
        armies = self.armies[region][coalition] if coalition is not None else 0
        return self.tribes[region][player] + armies

    def ruler(self, region: Region) -> int | None:
        """The player with a tribe there and strictly more ruling pieces than each other player,
        and than the armies of each coalition other than their own.

        Decision: ruling pieces are a player's tribes and the armies of their loyalty, compared
        player by player; and the rule says enemy armies can stop you ruling even with no enemy
        tribe there, so the armies of a coalition nobody is loyal to still stand against you as
        one stack (in a two-player game a third coalition always has no player). Counting every
        other coalition's stack changes nothing when a player is loyal to it: that player's count
        already includes the stack. Wakhan, loyal to no single coalition, counts her tribes and
        the largest stack of armies there (the errata to her rules; `ruling_coalition`).
        """
        tribes = self.tribes[region]
        if not any(tribes):  # nobody rules without a tribe there: the usual case, answered at once
            return None
        armies = self.armies[region]
        wakhan = self.wakhan.seat if self.wakhan is not None else -1
        best: int | None = None
        best_count = 0
        tied = False
        own: Coalition | None = None  # the leader's ruling coalition
        for player, them in enumerate(self.players):
            # `ruling_pieces`, asked here without its calls (this is asked at every listing)
            coalition = self.ruling_coalition(player, region) if player == wakhan else them.loyalty
            count = tribes[player] + (armies[coalition] if coalition is not None else 0)
            if count > best_count:
                best, best_count, tied, own = player, count, False, coalition
            elif count == best_count and count > 0:
                tied = True
        if best is None or tied or tribes[best] == 0:
            return None
        for coalition, count in armies.items():
            if count >= best_count and coalition is not own:
                return None
        return best

    # ------------------------------------------------------------------ copies and digests

    def copy(self) -> PamirState:
        """An independent copy, made field by field (a generic deep copy costs ten times more,
        and the session copies the state at every turn start)."""
        return PamirState(
            players=[
                PlayerState(
                    p.rupees,
                    p.loyalty,
                    p.hand[:],
                    p.court[:],
                    p.gifts[:],
                    p.prizes[:],
                    p.cylinders,
                    p.score,
                    p.events[:],
                )
                for p in self.players
            ],
            rng=Rng(self.rng.state),
            deck=self.deck[:],
            market=[row[:] for row in self.market],
            market_rupees=[row[:] for row in self.market_rupees],
            favored=self.favored,
            discard=self.discard[:],
            tribes={region: counts[:] for region, counts in self.tribes.items()},
            armies={region: dict(counts) for region, counts in self.armies.items()},
            roads={where: dict(counts) for where, counts in self.roads.items()},
            spies={number: counts[:] for number, counts in self.spies.items()},
            global_events=self.global_events[:],
            memory=memory.copied(self.memory),
            lasting=self.lasting[:],
            used_this_round=set(self.used_this_round),
            in_transit=self.in_transit[:],
            active=self.active,
            turn_number=self.turn_number,
            turn=TurnState(
                self.turn.actions_taken,
                set(self.turn.used_cards),
                set(self.turn.paid_onto),
                dict(self.turn.placed_blocks),
                dict(self.turn.placed_cylinders),
                set(self.turn.used_triggers),
                dict(self.turn.trigger_acts),
            ),
            checks_resolved=self.checks_resolved,
            winner=self.winner,
            over=self.over,
            wakhan=self.wakhan.copy() if self.wakhan is not None else None,
        )

    def digest(self) -> str:
        """A canonical text of everything in the state but the turn's count of trigger acts: the
        replay of a save rebuilds that count from the decisions, and a save made before it was
        kept must still load."""

        def plain(value: object) -> object:
            if isinstance(value, dict):
                return sorted(([plain(k), plain(v)] for k, v in value.items()), key=str)
            if isinstance(value, (list, tuple, set)):
                items = [plain(v) for v in value]
                return sorted(items, key=str) if isinstance(value, set) else items
            if isinstance(value, Rng):
                return {"state": value.state}
            if is_dataclass(value):
                # By the dataclass's fields, not its __slots__: the compiled runtime (mypyc)
                # keeps the fields but has no __slots__, and the digest fell back to the
                # object's repr, which differs from run to run, so its saves did not load.
                return {
                    item.name: plain(getattr(value, item.name))
                    for item in fields(value)
                    if item.name not in _OUTSIDE_DIGEST
                }
            if isinstance(value, Enum):
                return value.value
            if value is None or isinstance(value, (str, int, float)):
                return value
            raise TypeError(f"the digest cannot write a {type(value).__name__}: add it to PamirState.digest")

        return json.dumps(plain(self), sort_keys=True)


_OUTSIDE_DIGEST: Final = frozenset({"trigger_acts"})  # TurnState's: see PamirState.digest


def favored_change(number: int) -> Suit | None:
    """The suit a card's favored-suit impact icon names, if it has one."""
    for icon in card(number).impact:
        if icon.name.startswith("FAVOR_"):
            return Suit[icon.name.removeprefix("FAVOR_")]
    return None


def has_leverage(number: int) -> bool:
    return Impact.LEVERAGE in card(number).impact
