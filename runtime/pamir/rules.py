"""The flow of a game of Pax Pamir: setup, starting loyalties, turns (two actions plus bonus
actions, then cleanup) and the end.

Card-based actions (tax, gift, build, move, betray, battle) are in `card_actions`; Wakhan's turns,
when she plays, in `wakhan_turn`; `game_rules.PamirRules` puts them together for the session.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import (
    Bribe,
    Card,
    CardBought,
    CardPlayed,
    CardType,
    CourtLimit,
    FavoredSuitMayChange,
    HandLimit,
    Impact,
    MayPurchase,
    PurchaseCost,
    Region,
    Resolution,
    TurnEnded,
    TurnStarted,
)
from paxc.runtime.core import abilities, errata
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.options import OptionsError, OptionsSchema
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import CHECKPOINT, Chance, RulesRun
from paxc.runtime.effects import Ability, Choice, Decision, Effect, PlayerId, ask
from paxc.runtime.pamir import bribes, card_actions, hooks, market, pieces, scoring, story, wakhan_cards
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.options import cards_of
from paxc.runtime.pamir.state import (
    BASE_ACTIONS,
    BORDERS,
    COALITIONS,
    COURT_LIMIT_BASE,
    HAND_LIMIT_BASE,
    MARKET_COLUMNS,
    MARKET_ROWS,
    REGIONS,
    PamirState,
    PlayerState,
    TurnState,
    WakhanState,
    borders_of,
    card,
    favored_change,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MIN_HUMANS_WITH_WAKHAN, MAX_HUMANS_WITH_WAKHAN = 1, 2
# `Final` constants: read as C statics when compiled (see `state`'s).
WAKHAN_SEAT: Final = 0
WAKHAN_VARIANTS: Final = ("savvy_purchasing", "steadfast_loyalty", "spy_movement")
# What a game may start from (the command line's options and a save's). With `wakhan`, one or two
# people play against the automated opponent: `players` counts the people (one when left out);
# her variants go with her only.
OPTIONS = OptionsSchema(
    "Pax Pamir",
    MIN_PLAYERS,
    MAX_PLAYERS,
    flags=("wakhan", *WAKHAN_VARIANTS),
    solo_flag="wakhan",
    solo_players=(MIN_HUMANS_WITH_WAKHAN, MAX_HUMANS_WITH_WAKHAN),
    solo_counts_people=True,
    flag_requires={variant: "wakhan" for variant in WAKHAN_VARIANTS},
)


def people_seats(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats people (or their bots) fill: Wakhan's seat 0 answers for itself."""
    players = int(options.get("players", MIN_HUMANS_WITH_WAKHAN))
    if options.get("wakhan") is True:
        return tuple(range(WAKHAN_SEAT + 1, WAKHAN_SEAT + 1 + players))
    return tuple(range(players))


PILES: Final = 6
CARDS_PER_PILE: Final = 5  # plus one per player
EVENTS_IN_SECOND_PILE: Final = 2
LEVERAGE_RUPEES: Final = 2

# ---------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


@dataclass(frozen=True, slots=True)
class Purchase:
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    left: bool


Action = EndTurn | Purchase | Play | card_actions.UseCard

# ---------------------------------------------------------------------- setup


def new_state(options: Mapping[str, Any], seed: int) -> PamirState:
    """A game after setup. With the option `wakhan`, `players` people (1 or 2) play against the
    automated opponent, who counts as a player for the deck and takes seat 0: she plays first
    (rulebook, "Playing with Wakhan"; seats are numbered in turn order from the first player).
    Her variants, off by default: `savvy_purchasing`, `steadfast_loyalty`, `spy_movement` (see
    `wakhan` and `wakhan_actions`)."""
    with_wakhan = options.get("wakhan", False) is True
    players = options.get("players", MIN_HUMANS_WITH_WAKHAN if with_wakhan else None)
    low, high = (
        (MIN_HUMANS_WITH_WAKHAN, MAX_HUMANS_WITH_WAKHAN) if with_wakhan else (MIN_PLAYERS, MAX_PLAYERS)
    )
    if not isinstance(players, int) or not low <= players <= high:
        against = " against Wakhan" if with_wakhan else ""
        raise ValueError(f"Pax Pamir is for {low} to {high} players{against}, not {players!r}")
    stray = [flag for flag in WAKHAN_VARIANTS if options.get(flag) and not with_wakhan]
    if stray:
        raise OptionsError(f"Pax Pamir's {stray[0]} variant is for games with Wakhan")
    if with_wakhan:
        players += 1
    hooks.use_errata(errata.parse(options.get(errata.OPTION, errata.LATEST)))
    rng = Rng(seed)
    deck = build_deck(rng, players)
    state = PamirState(
        players=[PlayerState() for _ in range(players)],
        rng=rng,
        deck=deck,
        market=[[None] * MARKET_COLUMNS for _ in range(MARKET_ROWS)],
        market_rupees=[[0] * MARKET_COLUMNS for _ in range(MARKET_ROWS)],
        tribes={region: [0] * players for region in REGIONS},
        armies={region: dict.fromkeys(COALITIONS, 0) for region in REGIONS},
        roads={b: dict.fromkeys(COALITIONS, 0) for b in BORDERS},
    )
    for row, column in market.empty_slots(state):
        if state.deck:
            state.market[row][column] = state.deck.pop(0)
    if with_wakhan:
        state.wakhan = WakhanState(
            seat=WAKHAN_SEAT,
            deck=wakhan_cards.new_ai_deck(rng),
            savvy_purchasing=bool(options.get("savvy_purchasing", False)),
            steadfast_loyalty=bool(options.get("steadfast_loyalty", False)),
            spy_movement=bool(options.get("spy_movement", False)),
        )
    return state


def _deck_cards(cards: tuple[Card, ...]) -> tuple[list[int], list[int], list[int]]:
    """The numbers of the court cards, dominance checks and events of a card table."""
    return (
        [c.number for c in cards if c.card_type is CardType.COURT],
        [c.number for c in cards if c.card_type is CardType.DOMINANCE_CHECK],
        [c.number for c in cards if c.card_type is CardType.EVENT],
    )


# The deck's cards by kind, worked out once for the card table in play (a game's setup looked
# through every card three times over), and again when it is another one (a test adding a card).
_DECK_CARDS: Final[list[tuple[tuple[Card, ...], list[int], list[int], list[int]]]] = [((), [], [], [])]


def build_deck(rng: Rng, players: int) -> list[int]:
    """Six piles of 5 + players court cards; one dominance check in each of the four last piles;
    two other events in the second pile and one in each of the last four; each pile shuffled,
    the first pile on top."""
    kept = _DECK_CARDS[0]
    if kept[0] is not CARDS:
        kept = _DECK_CARDS[0] = (CARDS, *_deck_cards(CARDS))
    court, checks, events = kept[1][:], kept[2][:], kept[3][:]
    rng.shuffle(court)
    rng.shuffle(checks)
    rng.shuffle(events)
    size = CARDS_PER_PILE + players
    piles = [court[i * size : (i + 1) * size] for i in range(PILES)]
    piles[1] += events[:EVENTS_IN_SECOND_PILE]
    for index, pile in enumerate(piles[PILES - len(checks) :]):
        pile.append(checks[index])
        pile.append(events[EVENTS_IN_SECOND_PILE + index])
    deck: list[int] = []
    for pile in piles:
        rng.shuffle(pile)
        deck.extend(pile)
    return deck


# ---------------------------------------------------------------------- the game


# Plays one player's turn (`take_turn`, or, for Wakhan's seat, hers: `game_rules`).
TakeTurn = Callable[[PamirState, int], Effect]


def run(state: PamirState, take_turn: TakeTurn) -> RulesRun:
    """The game from setup to its end, each turn played by `take_turn`."""
    # Set-up is done once loyalties are chosen: a clone restarts the rules from the first
    # turn's checkpoint, whose turn number is still 0, and must not choose them again.
    if state.turn_number == 0 and all(player.loyalty is None for player in state.players):
        yield Chance("deck order: " + " ".join(map(str, state.deck)))
        if state.wakhan is not None:
            yield Chance("AI deck order: " + " ".join(map(str, state.wakhan.deck)))
            yield from choose_loyalties_with_wakhan(state)
        else:
            first = state.rng.below(len(state.players))
            yield Chance(f"player {first} chooses a loyalty first")
            yield from choose_loyalties(state, first)
    while not state.over:
        yield CHECKPOINT
        yield from take_turn(state, state.active)
        if not state.over:
            state.active = (state.active + 1) % len(state.players)


def choose_loyalties(state: PamirState, first: int) -> Effect:
    """From a random player clockwise each picks a loyalty; the last to pick plays first."""
    count = len(state.players)
    for offset in range(count):
        player = (first + offset) % count
        coalition = yield from ask(Choice(PlayerId(player), "Choose your loyalty", COALITIONS))
        state.players[player].loyalty = coalition
    state.active = (first + count - 1) % count


def choose_loyalties_with_wakhan(state: PamirState) -> Effect:
    """The people pick their loyalties clockwise; Wakhan, who takes none, sits to the right of
    the last to pick and plays first, so that player comes right after her (seat 1) and the
    other, who picked first, at seat 2. (The random first chooser decides only who sits where.)"""
    people = [seat for seat in range(len(state.players)) if seat != WAKHAN_SEAT]
    for player in people[1:] + people[:1]:
        coalition = yield from ask(Choice(PlayerId(player), "Choose your loyalty", COALITIONS))
        state.players[player].loyalty = coalition
    state.active = WAKHAN_SEAT


def take_turn(state: PamirState, player: int) -> Effect:
    """A player's turn (Wakhan's is `wakhan_turn.take_turn`)."""
    state.turn = TurnState()
    state.turn_number += 1
    hooks.turn_begun(state)
    if hooks.matters(state, TurnStarted):  # made only when a card or a watcher may answer it
        yield from hooks.fire(state, TurnStarted(PlayerId(player)))
    while not state.over:
        choice = Choice(
            PlayerId(player), "Take an action, or end your turn", tuple(legal_actions(state, player))
        )
        yield choice  # what `ask` does, without a generator of its own: ending the turn is always an option
        action = choice.answered()
        if isinstance(action, EndTurn):
            break
        yield from perform(state, player, action)
    if not state.over:
        yield from cleanup(state, player)
    yield from end_turn(state, player)


def end_turn(state: PamirState, player: int) -> Effect:
    """The turn's last moment: its triggers (lasting effects still in force), then the effects
    that last until the end of the turn end. A game over after the cleanup ends no more turns."""
    if not state.over and hooks.matters(state, TurnEnded):  # made only when it can matter
        yield from hooks.fire(state, TurnEnded(PlayerId(player)))


def legal_actions(state: PamirState, player: int) -> list[Action]:
    with hooks.listing(state) as types:
        return _legal_actions(state, player, types)


def _legal_actions(state: PamirState, player: int, types: frozenset[type]) -> list[Action]:
    """The turn's options; `types`: the kinds of modifier in effect (the listing's), which the
    questions below test rather than asking `hooks.may_apply` each."""
    options: list[Action] = [_END_TURN]
    me = state.players[player]
    if state.turn.actions_taken < BASE_ACTIONS:
        _add_purchases(state, player, options, types)
        tribes = state.tribes
        for number in me.hand:
            region = card(number).region
            # Nobody rules a region without a tribe there (`PamirState.ruler`), and no bribe is
            # owed then: asked without a call for a card of such a region, the usual case.
            if region is not None and any(tribes[region]) and not can_pay_bribe(state, player, number):
                continue
            options.append(_PLAYS[number, False])
            if me.court:
                options.append(_PLAYS[number, True])
    options.extend(card_actions.options(state, player, types))
    return options


def _add_purchases(state: PamirState, player: int, options: list[Action], types: frozenset[type]) -> None:
    """The market cards the player may buy now, top row first, each row from the left."""
    # Asked once for the whole market rather than for each card: whether any ability could
    # change a card's cost, or forbid buying one (the listing answers both at once).
    modifiable = PurchaseCost in types
    restricted = MayPurchase in types
    per_card = market.rupees_per_card(state)
    paid_onto = state.turn.paid_onto
    rupees = state.players[player].rupees
    if not modifiable and not restricted:
        # Every price is the printed one (`purchase_cost` when no ability changes it): only
        # the columns the player can afford are looked at.
        affordable = rupees // per_card + 1
        for cards, purchases in zip(state.market, _PURCHASES, strict=True):
            within = cards[:affordable]
            if paid_onto or None in within:  # a space emptied or a card paid onto: each looked at
                options += [
                    p for p, n in zip(purchases, within, strict=False) if n is not None and n not in paid_onto
                ]
            else:  # every affordable space holds a card the player may buy
                options += purchases[:affordable]
        return
    buyer = PlayerId(player)
    for row, cards in enumerate(state.market):
        purchases = _PURCHASES[row]
        for column, number in enumerate(cards):
            if number is None or number in paid_onto:
                continue
            cost = column * per_card  # the printed price: what purchase_cost starts from
            if modifiable:  # purchase_cost's question, asked here without its look-ups
                question = abilities.question(PurchaseCost, card(number), buyer)
                cost = max(0, hooks.modified(state, question, cost))
            # Whether the card may be bought at all is asked last, only of a card the player
            # can afford (modifiers change no state, so the order of the questions is free).
            if cost <= rupees and (not restricted or market.may_purchase(state, player, number, True)):
                options.append(purchases[column])


# The options every listing offers again and again, each made once (options are frozen, so one
# object serves every listing): purchases by market row and column, plays by card and side, ending the turn.
_PURCHASES: Final = [
    [Purchase(row, column) for column in range(MARKET_COLUMNS)] for row in range(MARKET_ROWS)
]
_PLAYS: Final[MadeOnce[tuple[int, bool], Play]] = MadeOnce(lambda play: Play(*play))
_END_TURN: Final = EndTurn()


def perform(state: PamirState, player: int, action: Action) -> Effect:
    if isinstance(action, Purchase):
        yield from purchase(state, player, action.row, action.column)
    elif isinstance(action, Play):
        yield from play(state, player, action.card, action.left)
    elif isinstance(action, card_actions.UseCard):
        yield from card_actions.perform(state, player, action)


# ---------------------------------------------------------------------- purchase


def purchase(state: PamirState, player: int, row: int, column: int) -> Effect:
    cost = market.purchase_cost(state, player, row, column, spend=True)
    market.pay_purchase(state, player, row, column, cost)
    number = market.take_card(state, player, row, column)
    state.turn.actions_taken += 1
    if card(number).card_type is CardType.COURT:
        state.players[player].hand.append(number)
        yield from hooks.card_moved(state, number, "market", None, "hand", player)
    else:
        yield from resolve_event(state, number, Resolution.PURCHASED, player)
    yield from bought(state, number, player)


def bought(state: PamirState, number: int, buyer: int) -> Effect:
    """After a purchase: a court card in hand, an event resolved."""
    if not state.over and hooks.listens(CardBought):  # the event is made only for a listener
        yield from hooks.fire(state, CardBought(card(number), PlayerId(buyer)))


def resolve_event(state: PamirState, number: int, resolution: Resolution, player: int) -> Effect:
    """Resolve the side of an event for how it left the market. A side whose effect lasts (it
    started a lasting effect, or has continuous abilities of its own) keeps its card out, before
    its buyer or for everybody, until the next dominance check discards it."""
    printed = card(number)
    side_index = next((i for i, s in enumerate(printed.sides) if s.resolved_when is resolution), None)
    abilities = printed.abilities if side_index is None else printed.sides[side_index].abilities
    timing = "purchase" if resolution is Resolution.PURCHASED else "discard"
    narrate(story.event_resolved, state, number, resolution is Resolution.PURCHASED, player)
    state.in_transit.append(number)
    for ability in abilities:
        for one_shot in ability.one_shots:
            if one_shot.timing == timing:
                yield from hooks.run_effect(one_shot.run(PamirContext(state, player, number)))
    state.in_transit.remove(number)
    lasts = _has_continuous(abilities) or any(effect.card == number for effect in state.lasting)
    if side_index is not None and lasts:
        if resolution is Resolution.PURCHASED:
            state.players[player].events.append((number, side_index))
            destination, receiver = "bought_events", player
        else:
            state.global_events.append((number, side_index, player))
            destination, receiver = "events", None
    else:
        state.discard.append(number)
        destination, receiver = "discard", None
    # Discarded: an event leaving the market at cleanup (the rulebook's word, even when its
    # effect lasts), or one bought that goes to the discard pile once resolved.
    discarded = resolution is Resolution.DISCARDED or destination == "discard"
    yield from hooks.card_moved(state, number, "market", None, destination, receiver, discarded=discarded)


def _has_continuous(abilities: tuple[Ability[Any], ...]) -> bool:
    return any(any(m.place == "play" for m in a.modifiers) or a.triggers or a.replacements for a in abilities)


# ---------------------------------------------------------------------- play


def play(state: PamirState, player: int, number: int, left: bool) -> Effect:
    printed = card(number)
    region = printed.region
    assert region is not None
    if not (yield from pay_bribe(state, player, state.ruler(region), state.tribes[region], region)):
        return  # refused: as if the action had never been taken
    me = state.players[player]
    me.hand.remove(number)
    state.turn.actions_taken += 1
    # A patriot of another coalition turns the player's loyalty: the old patriots go, not this one.
    if printed.patriot is not None and printed.patriot is not me.loyalty:
        state.in_transit.append(number)
        yield from pieces.change_loyalty(state, player, printed.patriot)
        state.in_transit.remove(number)
    if left:
        me.court.insert(0, number)
    else:
        me.court.append(number)
    yield from hooks.card_moved(state, number, "hand", player, "court", player)
    for icon in printed.impact:
        yield from resolve_impact(state, player, number, icon, region)
    for ability in printed.abilities:
        for one_shot in ability.one_shots:
            if one_shot.timing == "play":
                yield from hooks.run_effect(one_shot.run(PamirContext(state, player, number)))
    if hooks.listens(CardPlayed):  # the event is made only for a listener
        yield from hooks.fire(state, CardPlayed(printed, PlayerId(player)))


def can_pay_bribe(state: PamirState, player: int, number: int) -> bool:
    """Whether the player has the rupees for the bribe owed to play the card (0 without one).

    Decision: a card whose bribe the player cannot pay in full is not offered, though the ruler
    might waive part of it: the rules make a bribe not paid (nor waived) undo the play, so the
    option would leave the game exactly as it was (answered by Wakhan, at once), and a player who
    keeps choosing it would never end the turn. A player who can pay may still be let off."""
    region = card(number).region
    assert region is not None
    receiver = state.ruler(region)
    if receiver is None or receiver == player:
        return True
    owed = state.tribes[region][receiver]
    if hooks.may_apply(state, Bribe):
        owed = hooks.modified(state, abilities.question(Bribe, PlayerId(player), PlayerId(receiver)), owed)
    return owed <= state.players[player].rupees


def pay_bribe(
    state: PamirState, payer: int, receiver: int | None, tribes: list[int], region: Region
) -> Generator[Decision, None, bool]:
    """A bribe of the receiver's tribes in the region (as abilities in effect change it). The
    receiver may lower or waive it; the payer then pays it or gives the action up. True if the
    action goes ahead."""
    if receiver is None or receiver == payer:
        return True
    owed = hooks.modified(
        state, abilities.question(Bribe, PlayerId(payer), PlayerId(receiver)), tribes[receiver]
    )
    paid: bool = yield from bribes.settle(state, payer, receiver, owed, f"to play a card of {region.value}")
    return paid


def resolve_impact(state: PamirState, player: int, number: int, icon: Impact, region: Region) -> Effect:
    """One impact icon of a card just played."""
    me = state.players[player]
    loyalty = me.loyalty
    if icon is Impact.ARMY and loyalty is not None:
        yield from pieces.place_block(state, player, loyalty, region)
    elif icon is Impact.ROAD and loyalty is not None:
        where = yield from ask(
            Choice(PlayerId(player), f"Place a road on a border of {region.value}", borders_of(region))
        )
        yield from pieces.place_block(state, player, loyalty, where)
    elif icon is Impact.TRIBE:
        yield from pieces.place_tribe(state, player, region)
    elif icon is Impact.SPY:
        targets = cards_of(n for p in state.players for n in p.court if card(n).region is region)
        if targets:
            target = yield from ask(
                Choice(PlayerId(player), f"Place a spy on a {region.value} card", targets)
            )
            yield from pieces.place_spy(state, player, target.number)
    elif icon is Impact.LEVERAGE:
        me.rupees += LEVERAGE_RUPEES
        narrate(story.gained, state, player, LEVERAGE_RUPEES, "leverage")
    else:
        suit = favored_change(number) if icon.name.startswith("FAVOR_") else None
        if suit is not None and hooks.modified(state, FavoredSuitMayChange(), True):
            if suit is not state.favored:
                narrate(story.favored_suit, suit)
            state.favored = suit


# ---------------------------------------------------------------------- cleanup


def court_limit(state: PamirState, player: int) -> int:
    """The court limit (3 plus Political stars: `PamirState.court_limit`) as cards in effect
    change it, never below 0."""
    base = state.court_limit(player)
    if not hooks.modifiable(CourtLimit):
        return base
    return max(0, hooks.modified(state, abilities.question(CourtLimit, PlayerId(player)), base))


def hand_limit(state: PamirState, player: int) -> int:
    """The hand limit (2 plus Intelligence stars: `PamirState.hand_limit`) as cards in effect
    change it, never below 0."""
    base = state.hand_limit(player)
    if not hooks.modifiable(HandLimit):
        return base
    return max(0, hooks.modified(state, abilities.question(HandLimit, PlayerId(player)), base))


def cleanup(state: PamirState, player: int) -> Effect:
    me = state.players[player]
    # Stars only raise a limit: a court (hand) no larger than the limit's base is within it, and
    # its stars need not be counted, unless some card of the game may change the limit.
    if len(me.court) > COURT_LIMIT_BASE or hooks.modifiable(CourtLimit):
        while len(me.court) > court_limit(state, player):
            chosen = yield from ask(
                Choice(PlayerId(player), "Too many cards in court: discard one", cards_of(me.court))
            )
            yield from pieces.discard_court_card(state, player, chosen.number, why=story.COURT_LIMIT)
    if len(me.hand) > HAND_LIMIT_BASE or hooks.modifiable(HandLimit):
        while len(me.hand) > hand_limit(state, player):
            chosen = yield from ask(
                Choice(PlayerId(player), "Too many cards in hand: discard one", cards_of(me.hand))
            )
            me.hand.remove(chosen.number)
            state.discard.append(chosen.number)
            narrate(story.discarded_from_hand, state, player, chosen.number, story.HAND_LIMIT)
            yield from hooks.card_moved(state, chosen.number, "hand", player, "discard", None, discarded=True)
    for row in range(MARKET_ROWS):
        number = state.market[row][0]
        if number is not None and card(number).card_type is not CardType.COURT:
            state.market[row][0] = None  # its rupees stay on the space
            yield from resolve_event(state, number, Resolution.DISCARDED, player)
            if state.over:
                return
    yield from refill(state, player)


def refill(state: PamirState, player: int) -> Effect:
    """Slide cards left, then draw into the empty spaces (leftmost column first, top row first).
    A dominance check revealed while another is in the market forces a check at once: both
    cards are discarded, and the refill starts again."""
    while True:
        market.slide_left(state)
        forced = None
        drawn: list[int] = []
        for row, column in market.empty_slots(state):
            if not state.deck:
                break
            number = state.deck.pop(0)
            state.market[row][column] = number
            drawn.append(number)
            if card(number).card_type is CardType.DOMINANCE_CHECK:
                other = next(
                    (
                        (r, c)
                        for r in range(MARKET_ROWS)
                        for c in range(MARKET_COLUMNS)
                        if (r, c) != (row, column)
                        and (n := state.market[r][c]) is not None
                        and card(n).card_type is CardType.DOMINANCE_CHECK
                    ),
                    None,
                )
                if other is not None:
                    forced = [(row, column), other]
                    break
        if drawn:
            narrate(story.market_filled, drawn)
        for number in drawn:  # told once the market is filled (or a forced check stops it)
            yield from hooks.card_moved(state, number, "deck", None, "market", None)
        if forced is None:
            return
        narrate(story.forced_check)
        checks: list[int] = []
        for r, c in forced:
            check = state.market[r][c]
            assert check is not None
            state.market[r][c] = None  # rupees on the space stay there
            state.discard.append(check)
            checks.append(check)
        yield from scoring.resolve_check(state, check_cards=2)
        if state.over:
            return
        # The discards are told once the check is counted: a card answering them may ask its
        # owner something, and the game then waits in a state the rules allow (every dominance
        # check card in the discard pile counted).
        for check in checks:
            yield from hooks.card_moved(state, check, "market", None, "discard", None, discarded=True)
