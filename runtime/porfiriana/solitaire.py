"""The Díaz solitaire (rules chapter L): one player against Díaz himself, an automaton in seat 1.

Díaz has no gold and no hand (setup.py deals his seat). On his turn a die is rolled for each
market row (1 is the zero-cost column, 6 the 16-gold one); he takes both cards without paying,
then plays them one after the other, in the order the human picks:

* an enterprise or a topple card is discarded;
* a partner goes into his row for free (a card with two orientations gets one by a die roll);
* a headline is played on its event orientation when its regime arrow is the Pax, otherwise
  discarded without effect; in both cases it ends on the bull/bear discard;
* a troop extorts one of the human's enterprises when it can, for free, with one of his cubes as
  the extortion cube; otherwise it is discarded;
* an orange or black card is played for free when it steals gold or brings unrest, otherwise
  discarded.

When he must pick an enterprise, he takes the one with the most cubes; a partner, the one worth
the human the most prestige points; then one not in unrest; then the highest card number.

Also: a headline leaving the zero-cost column at the end of a turn is played on its event
orientation when its arrow is the Pax (`market.diaz_headline`, as his own), and a human
speculation cube on a card Díaz takes pays the human. Díaz earns no income (economy.py), rolls
for the faction he loses in a strife (strife.py), is toppled against his own defence (topple.py),
and answers by a die any other question the rules put to him (`diaz_decides`).

Nothing here names a card; cards are known by their attributes.
"""

from __future__ import annotations

from dataclasses import replace

from paxc.generated.porfiriana.vocabulary import CardBought, CardPlayed, CardType, TurnStarted
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import (
    attacks,
    cards_played,
    economy,
    hooks,
    market,
    regimes,
    story,
    topple,
    troops,
)
from paxc.runtime.porfiriana.attacks import Target
from paxc.runtime.porfiriana.state import (
    COLUMN_COSTS,
    SOLITAIRE_DIAZ,
    SOLITAIRE_HUMAN,
    Holding,
    PorfirianaState,
    card,
)
from paxc.runtime.porfiriana.troops import Destination

HUMAN, DIAZ = SOLITAIRE_HUMAN, SOLITAIRE_DIAZ
DIE_FACES = 6


def roll_die(state: PorfirianaState) -> int:
    """A six-sided die, 1 to 6, from the game's generator."""
    return state.rng.below(DIE_FACES) + 1


# ---------------------------------------------------------------------- Díaz's turn


def diaz_decides(state: PorfirianaState, steps: Effect) -> Effect:
    """The solitaire's Díaz (seat 1) is run by the rules, never asked: any question the rules put
    to him (use a spy of his? which headline to discard first on his turn?) is settled by a die
    roll among the options, as chapter L settles his strife and newspaper choices."""
    try:
        step = next(steps)
        while True:
            if isinstance(step, Choice) and step.chooser == DIAZ:
                step.answer = step.options[state.rng.below(len(step.options))]
                step = next(steps)
                continue
            yield step
            step = next(steps)
    except StopIteration:
        return


def diaz_phase(state: PorfirianaState, player: int) -> Effect:
    """What Díaz does in place of a player's actions (`rules.take_turn`); his turn keeps the turn
    state it finds."""
    if hooks.matters(state, TurnStarted):
        yield from hooks.fire(state, TurnStarted(PlayerId(player)))
    yield from diaz_turn(state)


def diaz_turn(state: PorfirianaState) -> Effect:
    """Díaz's turn: two dice, two cards taken from the market, played in the human's order.

    The cards he takes stay in their market spaces until each is played, so the human sees them
    while choosing the order (and every card is somewhere all the time). Decision: a die pointing
    at an empty space (the deck ran out, so the refill left a gap) gives Díaz nothing from that
    row; it is not rolled again.
    """
    taken: list[tuple[int, int]] = []  # (row, column)
    for row, cards in enumerate(state.market):
        column = roll_die(state) - 1
        number = cards[column]
        narrate(story.diaz_rolled, column, row, number)
        if number is not None:
            _speculation_paid(state, number, column)
            taken.append((row, column))
    if len(taken) > 1:
        # the options are (row, card) pairs, which read as the card's name
        options = tuple((row, _at(state, row, column)) for row, column in taken)
        first = yield from ask(
            Choice(PlayerId(HUMAN), "Díaz took two cards: which does he play first?", options)
        )
        taken.sort(key=lambda space: space[0] != first[0])
    for row, column in taken:
        if state.over:
            return  # Decision: the game has ended with his first card; the other stays put
        number = _at(state, row, column)
        state.market[row][column] = None
        narrate(story.diaz_takes, number)
        # Rules L speak of the cards Díaz buys: he takes them for nothing.
        state.in_transit.append(number)
        yield from hooks.fire(state, CardBought(card(number), PlayerId(DIAZ), 0), played=(number, DIAZ))
        state.in_transit.remove(number)
        yield from play_card(state, number)


def _at(state: PorfirianaState, row: int, column: int) -> int:
    number = state.market[row][column]
    assert number is not None
    return number


def _speculation_paid(state: PorfirianaState, number: int, column: int) -> None:
    """A speculation cube on a card Díaz takes goes home and, as he pays nothing, the human is
    paid by the bank what the card's column costs (rules L: speculating on the cards Díaz buys).
    Decision: the printed column cost, not lowered by any discount of Díaz's, who pays nothing."""
    speculator = state.speculation.pop(number, None)
    if speculator is None:
        return
    state.players[speculator].cubes += 1
    if speculator == HUMAN:
        state.players[HUMAN].gold += COLUMN_COSTS[column]
        narrate(story.gained, state, HUMAN, COLUMN_COSTS[column], story.SPECULATION)


def play_card(state: PorfirianaState, number: int) -> Effect:
    """Díaz plays (or discards) one card he has taken from the market."""
    kind = card(number).card_type
    if kind is CardType.TOPPLE:
        # Decision: rules L has Díaz discard a topple card he buys, so no topple takes place; the
        # card still passes as one of the four topples, and goes where headlines go.
        topple.topple_card_discarded(state)
        yield from regimes.discard_to_bull_bear(state, number)
    elif kind is CardType.HEADLINE:
        yield from market.diaz_headline(state, number)
    elif kind is CardType.PARTNER and cards_played.may_play(state, DIAZ, number):
        yield from _partner(state, number)
    elif kind is CardType.TROOP and (destination := troop_destination(state, number)) is not None:
        yield from _troop(state, number, destination)
    elif kind in (CardType.ORANGE, CardType.BLACK) and (target := attack_target(state, number)) is not None:
        state.players[DIAZ].hand.append(number)  # play_attack takes the card from the hand
        yield from hooks.card_moved(state, number, "market", None, "hand", DIAZ)
        yield from attacks.play_attack(state, DIAZ, number, target)
        # Díaz has no gold: what the card steals is taken from the human but goes to the bank
        # (play_attack, and a theft in the card's text, hand it to the attacker).
        state.players[DIAZ].gold = 0
    else:
        # Enterprises, and the cards he cannot or will not play.
        state.discard.append(number)
        narrate(story.diaz_discards, number)
        yield from hooks.card_moved(state, number, "market", None, "discard", None, discarded=True)


def _partner(state: PorfirianaState, number: int) -> Effect:
    """Into Díaz's row for free; a card with several orientations gets one by a roll of the die
    (with two, 1-3 the first and 4-6 the second)."""
    printed = card(number)
    held = Holding(number)
    if printed.sides:
        held.side = (roll_die(state) - 1) * len(printed.sides) // DIE_FACES
    narrate(story.diaz_plays, number)
    yield from cards_played.place(state, DIAZ, held)
    yield from hooks.card_moved(state, number, "market", None, "row", DIAZ)
    yield from hooks.fire(state, CardPlayed(printed, PlayerId(DIAZ), 0))
    yield from cards_played.card_effects(state, DIAZ, number, held.face)


def _troop(state: PorfirianaState, number: int, destination: Destination) -> Effect:
    yield from troops.arrive(state, DIAZ, number, destination, origin="market")
    if state.troop_place(number) is not None:
        yield from hooks.card_moved(state, number, "market", None, "troops", DIAZ)
    yield from hooks.fire(state, CardPlayed(card(number), PlayerId(DIAZ), 0))
    yield from cards_played.card_effects(state, DIAZ, number, card(number))


# ---------------------------------------------------------------------- Díaz's targets


def _enterprise_key(held: Holding) -> tuple[int, bool, int]:
    """The tie rules for an enterprise: the most cubes (any colour), then not in unrest, then the
    highest card number."""
    return economy.cubes_on(held), not held.unrest, held.number


def _partner_key(held: Holding) -> tuple[int, bool, int]:
    """The tie rules for a partner (a public card, or a flipped Hacendado on its Partner side):
    the most prestige points it shows, then not in unrest, then the highest card number."""
    return len(held.face.prestige), not held.unrest, held.number


def _key(state: PorfirianaState, number: int) -> tuple[int, bool, int]:
    found = state.holding(number)
    assert found is not None
    held = found[1]
    return _enterprise_key(held) if card(number).card_type is CardType.ENTERPRISE else _partner_key(held)


def troop_destination(state: PorfirianaState, troop: int) -> Destination | None:
    """Where a troop Díaz took goes, for free: the human's enterprise it can extort (jurisdiction,
    firepower against a troop there, and an income cube to take the place of), by the tie rules.

    Decision: only an extortion counts. An enterprise with no income cube would be sacked, not
    extorted, and one his own troop already extorts is not attacked again; with no such
    enterprise the troop is discarded.
    """
    if not cards_played.may_play(state, DIAZ, troop):
        return None
    found = troops.destinations(state, DIAZ, troop, free=True)
    eligible: list[Destination] = []
    for destination in found:
        if destination.owner != HUMAN or destination.enterprise is None:
            continue
        held = troops.enterprise_of(state, destination)
        if held is None or held.income == 0 or held.troop_owner == DIAZ:
            continue
        eligible.append(replace(destination, cost=0))
    if not eligible:
        return None
    return max(eligible, key=lambda d: _key(state, d.enterprise or 0))


def harms(number: int) -> bool:
    """Whether an orange or black card steals gold or brings unrest, by its printed figures.
    Decision: a theft written only as the card's text is not looked into; the one such card (an
    orange card) brings unrest anyway."""
    printed = card(number)
    return (printed.steal or 0) > 0 or (printed.card_type is CardType.ORANGE and (printed.unrest or 0) > 0)


def attack_target(state: PorfirianaState, number: int) -> Target | None:
    """The target of an orange or black card Díaz plays for free, or None (then he discards it):
    the card must steal gold or bring unrest, and have a legal target of the human's, picked by
    the tie rules. Decision: a strike is never played as a scapegoat (that would bring no unrest);
    Díaz never aims at his own cards."""
    if not harms(number) or not cards_played.may_play(state, DIAZ, number):
        return None
    found = attacks.targets(state, DIAZ, number, free=True)
    eligible = [replace(t, cost=0) for t in found if t.victim == HUMAN and not t.scapegoat]
    if not eligible:
        return None
    on_cards = [t for t in eligible if t.number is not None]
    if not on_cards:
        return eligible[0]  # aimed at the human: a single target
    return max(on_cards, key=lambda t: _key(state, t.number or 0))
