"""Toppling Díaz (rules chapter K; glossary: Toppling, Tripartite, Gold Victory, During Toppling,
Hacendado; the solitaire's win condition in chapter L).

Buying a topple card stops the game for a topple: the regime card in force says which prestige
counts; every player, from the buyer's left round to the buyer, may take a stand (flip their
Hacendado) and discard their "during a topple" cards, which strengthen Díaz for everybody; then
each player whose points of that kind exceed their tripartite topples Díaz. One toppler wins; several
share a gold victory. With no toppler the game goes on, unless this was the fourth topple card
(bought or discarded from the market), which ends the game in a gold victory among all players.

`state.topples` counts the topple cards resolved or discarded so far.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import CardType, Prestige, ToppleStarted
from paxc.runtime.core.narration import heard, narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, ask
from paxc.runtime.porfiriana import economy, hooks, losses, prestige, story
from paxc.runtime.porfiriana.state import (
    SOLITAIRE_DIAZ,
    SOLITAIRE_HUMAN,
    TOPPLES_IN_GAME,
    PorfirianaState,
    Side,
    card,
    sides_of,
)

DIAZ_POINTS = 2  # Díaz himself in every tripartite
VICE_PRESIDENT_POINTS = 1  # the 2-player game's extra member of the tripartite
TRIPARTITE_OPPONENTS = 2
IRON_HAND_MIN_PLAYERS = 4  # the variant is for 4 to 6 players
# The solitaire: Díaz's own defence before his partners are added (rules L).
SOLITAIRE_DEFENCE = 4
SOLITAIRE_OUTRAGE_DEFENCE = 6

# The buyer's two ways to play a topple card under its named regime.
MINUS_ONE = "Díaz minus one"
RALLY = "rally to Díaz"
# Not flipping the Hacendado, beside the Partner orientations (given by their side numbers).
STAY_LOYALIST = "stay Loyalist"


def topple_kind(state: PorfirianaState) -> Prestige:
    """The prestige that counts: the one on the topple side of the regime card in force."""
    kind = state.regime_card.sides[1].topple_prestige
    assert kind is not None, "every regime card names its topple prestige"
    return kind


def decision_order(state: PorfirianaState, buyer: int) -> list[int]:
    """From the buyer's left, clockwise (up the seat numbers), the buyer last."""
    count = len(state.players)
    return [(buyer + offset) % count for offset in range(1, count + 1)]


def topple(state: PorfirianaState, buyer: int, number: int) -> Effect:
    """The whole topple when `buyer` buys topple card `number`.

    The caller (market.buy) takes the card from the market and calls this. This function puts the
    card on the bull/bear discard (topples are headlines, discarded there once played), counts the
    topple and, when the game ends, sets `over`, `winner` and `toppled_by`. It does not check for
    a depression: the caller does, after it (regimes.check_depression).
    """
    if state.over:
        return
    kind = topple_kind(state)
    state.in_transit.append(number)  # in nobody's hands while the players decide
    state.diaz_bonus = {}  # spies and courts discarded in an earlier topple no longer count
    minus_one = False
    named = card(number).named_regime
    # The orientation only matters under the regime the card names; elsewhere it is not asked.
    # In the solitaire the automaton Díaz never chooses (he discards topples he buys anyway).
    if named is not None and named is state.regime_card.regime and not state.is_diaz(buyer):
        answer = yield from ask(
            Choice(PlayerId(buyer), f"{card(number).name}: how do you play it?", (MINUS_ONE, RALLY))
        )
        minus_one = answer == MINUS_ONE
    order = decision_order(state, buyer)
    for player in order:
        if state.is_diaz(player):
            continue  # the solitaire's Díaz takes no topple decisions and never flips
        yield from _take_a_stand(state, player)
        # Each of this player's "during a topple" cards asks them whether to discard it.
        yield from hooks.fire(state, ToppleStarted(), owner=player)
    # Decision: the topple card goes to the bull/bear discard once the topple is resolved, even
    # when it ends the game (the discard then changes nothing).
    state.in_transit.remove(number)
    state.bull_bear.append(number)
    state.topples += 1  # every topple card resolved counts, toppled or not
    winners = topplers(state, kind, minus_one, order)
    if heard():
        narrate(story.topple, state, kind, _standings(state, kind, minus_one, order), winners)
    if winners:
        state.over = True
        state.toppled_by = winners
        state.winner = winners[0] if len(winners) == 1 else gold_victory(state, winners)
        narrate(story.game_over, state)
    elif state.topples >= TOPPLES_IN_GAME:
        _no_one_toppled(state, order)
    else:
        narrate(story.topples_spent, state.topples, TOPPLES_IN_GAME)
    if not state.over:  # bought and played at once: from the market to the bull/bear discard
        yield from hooks.card_moved(state, number, "market", None, "bull_bear", None, discarded=True)


def _take_a_stand(state: PorfirianaState, player: int) -> Effect:
    """Decision 1: flip the Hacendado to one of its Partner orientations, or not."""
    sides = losses.flip_sides(state, player)
    if not sides:
        return  # already flipped (or an heir): nothing to decide
    options: tuple[str | Side, ...] = (
        STAY_LOYALIST,
        *sides_of(state.players[player].hacendado.number, sides),
    )
    prompt = "Topple: take a stand by flipping your Hacendado to one of its Partner sides?"
    answer = yield from ask(Choice(PlayerId(player), prompt, options))
    if isinstance(answer, Side):
        losses.flip_hacendado(state, player, answer.index)
        # Under Pax the flipped side's Loyalty point takes a prestige cube at once.
        yield from losses.settle(state)


# ---------------------------------------------------------------------- who topples


def diaz_points(state: PorfirianaState, kind: Prestige, minus_one: bool) -> int:
    """Díaz's own share of every tripartite: 2, plus the discarded spies and courts of this kind,
    less one for a topple card played with its modifier."""
    return DIAZ_POINTS + state.diaz_bonus.get(kind.value, 0) - (1 if minus_one else 0)


def tripartite(state: PorfirianaState, player: int, kind: Prestige, minus_one: bool = False) -> int:
    """The points a player must beat: Díaz plus two opponents, the weakest in that kind (the
    strongest with the Iron Hand variant, 4 to 6 players); with 2 players Díaz, his
    vice-president and the opponent."""
    others = sorted(prestige.points(state, p, kind) for p in range(len(state.players)) if p != player)
    total = diaz_points(state, kind, minus_one)
    if len(state.players) == 2:
        return total + VICE_PRESIDENT_POINTS + others[0]
    # With 3 players both opponents sit in the tripartite, whichever way they are picked.
    if state.iron_hand and len(state.players) >= IRON_HAND_MIN_PLAYERS:
        return total + sum(others[-TRIPARTITE_OPPONENTS:])
    return total + sum(others[:TRIPARTITE_OPPONENTS])


def solitaire_defence(state: PorfirianaState, kind: Prestige, minus_one: bool = False) -> int:
    """Díaz's defence in the solitaire: 4 (6 for Outrage), plus the points of this kind on the
    partners in his row, plus his discarded spies and courts; less one for the modifier."""
    base = SOLITAIRE_OUTRAGE_DEFENCE if kind is Prestige.OUTRAGE else SOLITAIRE_DEFENCE
    # Decision: the rule counts his partners only, so troops he has extorting with are left out
    # (prestige.points would count them), and so is his Hacendado, which he never flips. Public
    # cards are partners too.
    partners = sum(
        held.face.prestige.count(kind)
        for held in state.players[SOLITAIRE_DIAZ].row
        if card(held.number).card_type in (CardType.PARTNER, CardType.PUBLIC) and not held.unrest
    )
    # Decision: the card's "minus one" lowers Díaz here too, as it does his 2 in a tripartite.
    return base + partners + state.diaz_bonus.get(kind.value, 0) - (1 if minus_one else 0)


def _standings(
    state: PorfirianaState, kind: Prestige, minus_one: bool, order: list[int]
) -> dict[int, tuple[int, int]]:
    """Each player's points of the kind and what they must beat, as `topplers` weighs them."""
    if state.solitaire:
        mine = prestige.points(state, SOLITAIRE_HUMAN, kind)
        return {SOLITAIRE_HUMAN: (mine, solitaire_defence(state, kind, minus_one))}
    return {p: (prestige.points(state, p, kind), tripartite(state, p, kind, minus_one)) for p in order}


def topplers(state: PorfirianaState, kind: Prestige, minus_one: bool, order: list[int]) -> list[int]:
    """The players who topple Díaz, in `order`."""
    if state.solitaire:
        defence = solitaire_defence(state, kind, minus_one)
        return [SOLITAIRE_HUMAN] if prestige.points(state, SOLITAIRE_HUMAN, kind) > defence else []
    return [p for p in order if prestige.points(state, p, kind) > tripartite(state, p, kind, minus_one)]


# ---------------------------------------------------------------------- the end of the game


def gold_victory(state: PorfirianaState, among: list[int]) -> int:
    """The winner among `among`: the most gold, then the most income per turn (glossary: Gold
    Victory). Decision: the rules stop there; a further tie goes to the player earliest in
    `among`, which the callers give in the order the topple went round the table (from the
    buyer's left, the buyer last): the buyer, who also decides last, loses such a tie."""
    return max(among, key=lambda p: (state.players[p].gold, economy.income(state, p), -among.index(p)))


def _no_one_toppled(state: PorfirianaState, order: list[int]) -> None:
    """The fourth topple card with no toppler ends the game."""
    state.over = True
    state.toppled_by = []
    if state.solitaire:
        state.winner = SOLITAIRE_DIAZ  # the human failed all four topples (rules L)
    else:
        state.winner = gold_victory(state, order)
    narrate(story.game_over, state)


def topple_card_discarded(state: PorfirianaState) -> None:
    """A topple card discarded from the market's zero column without being bought (or, in the
    solitaire, bought and discarded by Díaz) counts as one of the four topples: after the fourth,
    with no toppler, the game ends in a gold victory (glossary: Gold Victory).

    The caller puts the card on the bull/bear discard, as for any headline discarded there; this
    only counts it. Decision: the tie order for the gold victory starts at the left of the
    active player, whose turn it is, as a topple would.
    """
    if state.over:
        return
    state.topples += 1
    if state.topples >= TOPPLES_IN_GAME:
        _no_one_toppled(state, decision_order(state, state.active))
    else:
        narrate(story.topples_spent, state.topples, TOPPLES_IN_GAME)
