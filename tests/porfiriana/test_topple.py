"""Toppling Díaz, from chapter K of the rules, the glossary (Tripartite, Gold Victory, During
Toppling, Hacendado) and the solitaire's win condition (chapter L).

Cards are found by their attributes; the few the rules' example names are found by name.
"""

from __future__ import annotations

from typing import Any

import pytest

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import Card, CardType, Family, MarketSignal, Prestige, Regime, Zone
from paxc.runtime.effects import Choice, Effect
from paxc.runtime.porfiriana import economy, losses, market, prestige, prospects
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import CUBES_PER_PLAYER, Holding, PorfirianaState, Side, card, sides_of
from paxc.runtime.porfiriana.topple import (
    MINUS_ONE,
    RALLY,
    STAY_LOYALIST,
    gold_victory,
    solitaire_defence,
    topple,
    topple_card_discarded,
    tripartite,
)
from tests.porfiriana import scenario
from tests.porfiriana.scenario import moves_told

# ---------------------------------------------------------------------- finding cards


def named(name: str) -> Card:
    return next(c for c in CARDS if c.name == name)


def topple_card(regime: Regime) -> int:
    """The topple card whose modifier counts under `regime`."""
    return next(c.number for c in CARDS if c.card_type is CardType.TOPPLE and c.named_regime is regime)


def other_topple_card(regime: Regime) -> int:
    """A topple card whose modifier does not count under `regime`."""
    return next(c.number for c in CARDS if c.card_type is CardType.TOPPLE and c.named_regime is not regime)


def hacendados() -> list[Card]:
    return [c for c in CARDS if c.card_type is CardType.HACENDADO]


def side_with(hacendado: Card, kind: Prestige) -> int:
    return next(i for i, side in enumerate(hacendado.sides) if i > 0 and kind in side.prestige)


def hacendado_with_side(kind: Prestige, exclude: tuple[int, ...] = ()) -> Card:
    """A Hacendado one of whose Partner orientations shows `kind`."""
    return next(
        h
        for h in hacendados()
        if h.number not in exclude and any(kind in side.prestige for side in h.sides[1:])
    )


def hacendado_without(kind: Prestige, exclude: tuple[int, ...]) -> tuple[Card, int]:
    """A Hacendado and a Partner orientation of it that shows no `kind`."""
    for h in hacendados():
        if h.number in exclude:
            continue
        for index, side in enumerate(h.sides):
            if index > 0 and kind not in side.prestige:
                return h, index
    raise AssertionError("no such Hacendado")


def in_use(state: PorfirianaState) -> set[int]:
    used = {h.number for p in state.players for h in p.row}
    for p in state.players:
        used.update(p.army)
        used.update(p.prestige_stack)
    return used


def give(state: PorfirianaState, player: int, kind: Prestige, count: int) -> None:
    """`count` readable points of `kind` for `player`, each on a plain card (no ability) with that
    one point: a partner or enterprise in the row, else a troop in the private army, else a victim-awarded
    card in the prestige stack."""
    used = in_use(state)
    me = state.players[player]
    plain = [c for c in CARDS if c.number not in used and not c.abilities and not c.sides]
    partners = [
        c.number
        for row_type in (CardType.PARTNER, CardType.ENTERPRISE)  # partners first
        for c in plain
        if c.card_type is row_type and c.prestige == (kind,)
    ]
    troops = [c.number for c in plain if c.card_type is CardType.TROOP and c.prestige == (kind,)]
    awarded = [
        c.number
        for c in plain
        if c.card_type in (CardType.ORANGE, CardType.BLACK) and not c.prestige and c.victim_prestige is kind
    ]
    for _ in range(count):
        if partners:
            me.row.append(Holding(partners.pop(0)))
        elif troops:
            me.army.append(troops.pop(0))
        else:
            me.prestige_stack.append(awarded.pop(0))


# ---------------------------------------------------------------------- building states


def seat(state: PorfirianaState, player: int, hacendado: Card, side: int = 0) -> None:
    """The player's row is just this Hacendado: Loyalist with its income cubes, or flipped."""
    me = state.players[player]
    income = (hacendado.sides[0].income or 0) if side == 0 else 0
    me.row = [Holding(hacendado.number, side=side, income=income)]
    me.army, me.prestige_stack = [], []
    me.cubes = CUBES_PER_PLAYER - income


def game(players: int, regime: Regime = Regime.PAX, seed: int = 7) -> PorfirianaState:
    """A fresh game with every player a Loyalist (distinct Hacendados) and no prestige."""
    state = new_state({"players": players}, seed)
    chosen = hacendados()[:players]
    for player in range(players):
        seat(state, player, chosen[player])
    set_regime(state, regime)
    return state


def set_regime(state: PorfirianaState, regime: Regime) -> None:
    state.regimes.sort(key=lambda n: card(n).regime is not regime)


# ---------------------------------------------------------------------- answering decisions


def kind_of(choice: Choice[Any]) -> str:
    if MINUS_ONE in choice.options:
        return "orientation"
    if STAY_LOYALIST in choice.options:
        return "flip"
    return choice.prompt.split(":")[0]  # an optional trigger: "<card name>: use ...?"


DECLINE = {"orientation": RALLY, "flip": STAY_LOYALIST}


def play(effect: Effect, answers: dict[tuple[int, str], Any] | None = None) -> list[Choice[Any]]:
    """Run an effect to its end, answering (player, kind of question) from `answers`; any other
    question is declined (rally, stay Loyalist, keep the card). Gives back the questions asked."""
    answers = answers or {}
    asked: list[Choice[Any]] = []
    try:
        step = next(effect)
        while True:
            assert isinstance(step, Choice)
            asked.append(step)
            what = kind_of(step)
            answer = answers.get((step.chooser, what), DECLINE.get(what, False))
            assert answer in step.options, (step.prompt, answer, step.options)
            step.answer = answer
            step = effect.send(None)
    except StopIteration:
        pass
    return asked


# ---------------------------------------------------------------------- the rules' example


def test_the_chapter_k_example_two_topplers_and_the_richer_wins() -> None:
    # Four players under Pax. You (Boss Shepherd, seat 0) buy the topple card whose modifier
    # counts only under Martial Law; Reyes on your left flips to his Loyalty orientation and
    # discards his Pinkerton; the two others are already flipped, with no Loyalty.
    state = game(4)
    reyes, shepherd, pinkerton = named("Bernardo Reyes"), named("Boss Shepherd"), named("Pinkerton")
    seat(state, 0, shepherd)
    seat(state, 1, reyes)
    taken: tuple[int, ...] = (reyes.number, shepherd.number)
    for player in (2, 3):
        other, side = hacendado_without(Prestige.LOYALTY, taken)
        seat(state, player, other, side)
        taken += (other.number,)
    give(state, 0, Prestige.LOYALTY, 4)
    give(state, 1, Prestige.LOYALTY, 4)  # with Successor Reyes: 5
    state.players[1].row.append(Holding(pinkerton.number))
    state.players[0].gold, state.players[1].gold = 12, 6
    number = topple_card(Regime.MARTIAL_LAW)

    asked = play(
        topple(state, 0, number),
        {(1, "flip"): Side(reyes.number, side_with(reyes, Prestige.LOYALTY)), (1, pinkerton.name): True},
    )

    assert all(kind_of(c) != "orientation" for c in asked)  # not the named regime: nothing to choose
    assert asked[0].chooser == 1  # the buyer's left starts
    order = [1, 2, 3, 0]
    choosers = [order.index(c.chooser) for c in asked]
    assert choosers == sorted(choosers)  # clockwise, the buyer last
    assert state.diaz_bonus == {Prestige.LOYALTY.value: 1}  # Díaz: 2 + 1
    assert pinkerton.number in state.discard and state.holding(pinkerton.number) is None
    assert prestige.points(state, 0, Prestige.LOYALTY) == 4
    assert prestige.points(state, 1, Prestige.LOYALTY) == 5
    assert tripartite(state, 0, Prestige.LOYALTY) == tripartite(state, 1, Prestige.LOYALTY) == 3
    assert state.over and sorted(state.toppled_by) == [0, 1]
    assert state.winner == 0  # a gold victory between the two: you are richer
    assert state.bull_bear == [number]


# ---------------------------------------------------------------------- tripartites


def test_with_two_players_the_tripartite_is_diaz_his_vice_president_and_the_opponent() -> None:
    state = game(2)
    give(state, 0, Prestige.LOYALTY, 4)
    give(state, 1, Prestige.LOYALTY, 1)
    assert tripartite(state, 0, Prestige.LOYALTY) == 2 + 1 + 1
    assert tripartite(state, 1, Prestige.LOYALTY) == 2 + 1 + 4
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert not state.over and state.topples == 1  # 4 does not exceed 4

    state = game(2)
    give(state, 0, Prestige.LOYALTY, 5)
    give(state, 1, Prestige.LOYALTY, 1)
    play(topple(state, 1, other_topple_card(Regime.PAX)))
    assert state.over and state.winner == 0 and state.toppled_by == [0]


def test_the_tripartite_takes_the_two_weakest_opponents_or_with_the_iron_hand_the_two_strongest() -> None:
    state = game(4)
    for player, count in enumerate((5, 0, 1, 4)):
        give(state, player, Prestige.LOYALTY, count)
    assert tripartite(state, 0, Prestige.LOYALTY) == 2 + 0 + 1
    state.iron_hand = True
    assert tripartite(state, 0, Prestige.LOYALTY) == 2 + 4 + 1
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert not state.over  # 5 is not more than 7, 4 not more than 8
    state.iron_hand = False
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert state.over and state.toppled_by == [3, 0]  # 4 > 3 and 5 > 3, from the buyer's left


def test_with_the_iron_hand_a_player_beating_diaz_and_the_two_strongest_opponents_topples() -> None:
    """Glossary, Tripartite (the Iron Hand variant): the toppler's own points are not among the
    opponents the tripartite takes, though they are the strongest."""
    state = game(4)
    state.iron_hand = True
    for player, count in enumerate((8, 0, 1, 4)):
        give(state, player, Prestige.LOYALTY, count)
    play(topple(state, 1, other_topple_card(Regime.PAX)))
    assert state.over and state.toppled_by == [0]  # 8 > 2 + 4 + 1


def test_the_iron_hand_changes_nothing_with_two_or_three_players() -> None:
    for players in (2, 3):
        state = game(players)
        for player in range(players):
            give(state, player, Prestige.LOYALTY, player)
        plain = [tripartite(state, p, Prestige.LOYALTY) for p in range(players)]
        state.iron_hand = True
        assert [tripartite(state, p, Prestige.LOYALTY) for p in range(players)] == plain


def test_several_topplers_share_a_gold_victory_that_a_richer_player_who_failed_cannot_win() -> None:
    state = game(4)
    give(state, 0, Prestige.LOYALTY, 3)
    give(state, 1, Prestige.LOYALTY, 3)
    for player, gold in enumerate((5, 8, 20, 1)):
        state.players[player].gold = gold
    play(topple(state, 2, other_topple_card(Regime.PAX)))
    assert state.over and state.toppled_by == [0, 1] and state.winner == 1


def test_points_count_past_an_enterprise_in_unrest_and_a_troops_add_to_the_rows() -> None:
    """Glossary, Prestige Points: the point of an enterprise in unrest does not count, those of the
    cards after it in the row do, and the points of the player's troops add to them."""
    state = game(3)
    enterprise = next(
        c for c in CARDS if c.card_type is CardType.ENTERPRISE and c.prestige == (Prestige.LOYALTY,)
    )
    state.players[0].row.append(Holding(enterprise.number, unrest=1))
    give(state, 0, Prestige.LOYALTY, 1)  # after it in the row
    assert prestige.points(state, 0, Prestige.LOYALTY) == 1
    troop = next(c for c in CARDS if c.card_type is CardType.TROOP and Prestige.LOYALTY not in c.prestige)
    state.players[0].army.append(troop.number)
    assert prestige.points(state, 0, Prestige.LOYALTY) == 1


# ---------------------------------------------------------------------- the topple card's orientation


def test_the_minus_one_orientation_is_offered_only_under_the_named_regime() -> None:
    state = game(3)
    give(state, 0, Prestige.LOYALTY, 2)
    asked = play(topple(state, 0, topple_card(Regime.PAX)))  # rally: Díaz keeps his 2
    assert [c.options for c in asked if kind_of(c) == "orientation"] == [(MINUS_ONE, RALLY)]
    assert asked[0].chooser == 0  # the buyer chooses first
    assert not state.over

    state = game(3)
    give(state, 0, Prestige.LOYALTY, 2)
    play(topple(state, 0, topple_card(Regime.PAX)), {(0, "orientation"): MINUS_ONE})
    assert state.over and state.toppled_by == [0]  # 2 > 2 - 1

    state = game(3, Regime.MARTIAL_LAW)
    give(state, 0, Prestige.COMMAND, 2)
    asked = play(topple(state, 0, topple_card(Regime.PAX)))
    assert all(kind_of(c) != "orientation" for c in asked)
    assert not state.over  # no modifier: 2 is not more than 2


def test_the_minus_one_orientation_takes_one_point_from_diaz_not_more() -> None:
    state = game(3)
    give(state, 0, Prestige.LOYALTY, 1)
    play(topple(state, 0, topple_card(Regime.PAX)), {(0, "orientation"): MINUS_ONE})
    assert not state.over and state.topples == 1  # 1 is not more than 2 - 1


def test_the_topple_prestige_comes_from_the_regime_in_force() -> None:
    state = game(3, Regime.ANARCHY)
    give(state, 1, Prestige.LOYALTY, 6)
    give(state, 2, Prestige.REVOLUTION, 3)
    play(topple(state, 0, other_topple_card(Regime.ANARCHY)))
    assert state.over and state.toppled_by == [2]  # free elections: Revolution counts


# ---------------------------------------------------------------------- taking a stand


def test_flipping_the_hacendado_gives_its_point_and_loses_the_two_income_cubes() -> None:
    state = game(2, Regime.MARTIAL_LAW)
    hacendado = hacendado_with_side(Prestige.COMMAND)
    other = next(h for h in hacendados() if h.number != hacendado.number)
    seat(state, 0, hacendado)
    seat(state, 1, other)
    side = side_with(hacendado, Prestige.COMMAND)
    assert economy.income(state, 0) == 2 and state.players[0].cubes == CUBES_PER_PLAYER - 2
    assert prestige.points(state, 0, Prestige.COMMAND) == 0

    asked = play(
        topple(state, 1, other_topple_card(Regime.MARTIAL_LAW)), {(0, "flip"): Side(hacendado.number, side)}
    )

    flips = [c for c in asked if kind_of(c) == "flip"]
    assert flips[0].chooser == 0 and flips[0].options == (
        STAY_LOYALIST,
        *sides_of(hacendado.number, range(1, len(hacendado.sides))),
    )
    me = state.players[0]
    assert me.flipped and me.hacendado.side == side and me.hacendado.income == 0
    assert me.cubes == CUBES_PER_PLAYER and economy.income(state, 0) == 0
    assert prestige.points(state, 0, Prestige.COMMAND) == 1
    assert losses.flip_sides(state, 0) == ()


def test_under_pax_a_flipped_loyalty_orientation_takes_a_prestige_cube() -> None:
    state = game(2)
    hacendado = hacendado_with_side(Prestige.LOYALTY)
    other = next(h for h in hacendados() if h.number != hacendado.number)
    seat(state, 0, hacendado)
    seat(state, 1, other)
    play(
        topple(state, 0, other_topple_card(Regime.PAX)),
        {(0, "flip"): Side(hacendado.number, side_with(hacendado, Prestige.LOYALTY))},
    )
    assert state.players[0].hacendado.prestige_cubes == 1 and economy.income(state, 0) == 1


def test_a_player_already_flipped_is_not_asked_to_flip_again() -> None:
    state = game(3)
    flipped, side = hacendado_without(Prestige.LOYALTY, ())
    seat(state, 1, flipped, side)
    for player in (0, 2):
        if state.players[player].hacendado.number == flipped.number:
            seat(state, player, next(h for h in hacendados() if h.number not in in_use(state)))
    asked = play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert [c.chooser for c in asked if kind_of(c) == "flip"] == [
        p for p in (1, 2, 0) if losses.flip_sides(state, p)
    ]
    assert 1 not in [c.chooser for c in asked]


# ---------------------------------------------------------------------- no toppler, the fourth topple


def test_with_no_toppler_the_game_goes_on_and_the_topple_is_counted() -> None:
    state = game(3)
    state.diaz_bonus = {Prestige.LOYALTY.value: 5}  # left over from an earlier topple
    give(state, 0, Prestige.LOYALTY, 2)
    number = other_topple_card(Regime.PAX)
    play(topple(state, 1, number))
    assert not state.over and state.winner is None and state.toppled_by == []
    assert state.topples == 1 and state.bull_bear == [number]
    assert state.diaz_bonus == {}  # reset: only this topple's discards count
    state.players[0].row.pop()  # one point fewer...
    give(state, 0, Prestige.LOYALTY, 2)  # ...and two more: 3 > 2 + 0 + 0
    play(topple(state, 1, topple_card(Regime.ANARCHY)))
    assert state.over and state.winner == 0 and state.topples == 2


def test_a_topple_card_played_is_told_moved_from_the_market_to_the_bull_bear_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bought and played at once, the topple card goes from the market to the bull/bear pile
    (a discard): told while the game goes on."""
    told = moves_told(monkeypatch)
    state = game(3)
    state.active = 1
    number = other_topple_card(Regime.PAX)
    play(topple(state, 1, number))
    assert not state.over
    assert told == [(number, Zone.MARKET, Zone.BULL_BEAR, 1, 1), (number, Zone.MARKET, 1)]


def test_the_fourth_topple_with_no_toppler_is_a_gold_victory_with_income_breaking_ties() -> None:
    state = game(3)
    state.topples = 3
    flipped, side = hacendado_without(Prestige.LOYALTY, ())
    holder = next(p for p in range(3) if state.players[p].hacendado.number == flipped.number)
    seat(state, holder, flipped, side)  # no income cubes now
    rich = (holder + 1) % 3
    state.players[holder].gold = state.players[rich].gold = 9
    state.players[(holder + 2) % 3].gold = 2
    assert economy.income(state, rich) > economy.income(state, holder)
    play(topple(state, holder, other_topple_card(Regime.PAX)))
    assert state.over and state.toppled_by == [] and state.topples == 4
    assert state.winner == rich


@pytest.mark.parametrize(("buyer", "winner"), [(0, 2), (2, 0), (1, 2)])
def test_a_tie_in_gold_and_income_goes_to_the_first_from_the_buyers_left(buyer: int, winner: int) -> None:
    # Decision (not in the rules): players 0 and 2 tie in gold and income.
    state = game(3)
    state.topples = 3
    for player, gold in enumerate((7, 3, 7)):
        state.players[player].gold = gold
    play(topple(state, buyer, other_topple_card(Regime.PAX)))
    assert state.over and state.winner == winner


def test_gold_victory_takes_the_most_gold_then_the_most_income() -> None:
    state = game(4)
    for player, gold in enumerate((4, 6, 6, 1)):
        state.players[player].gold = gold
    flipped, side = hacendado_without(Prestige.LOYALTY, tuple(p.hacendado.number for p in state.players))
    seat(state, 1, flipped, side)
    assert gold_victory(state, [0, 1, 2, 3]) == 2
    assert gold_victory(state, [0, 1, 3]) == 1
    assert gold_victory(state, [3]) == 3


def test_a_topple_card_discarded_from_the_market_counts_toward_the_fourth() -> None:
    state = game(3)
    state.active = 0
    for player, gold in enumerate((3, 8, 5)):
        state.players[player].gold = gold
    topple_card_discarded(state)
    assert state.topples == 1 and not state.over
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    play(topple(state, 1, other_topple_card(Regime.PAX)))
    assert state.topples == 3 and not state.over
    topple_card_discarded(state)
    assert state.topples == 4 and state.over and state.winner == 1 and state.toppled_by == []


def bear_on_bear_with_an_extorted_mine(topples: int) -> tuple[PorfirianaState, Holding, int]:
    """A quiet game under the Pax, `topples` topples spent, a bear headline on top of the bull/bear
    discard, a bear topple card to come, and a mine of player 1's extorted by player 2's troop:
    a depression (a bear on a bear) would take the mine's income and sack it (glossary: Sack)."""
    state = scenario.empty_state(3)
    state.topples = topples
    state.bull_bear = [
        scenario.find(CardType.HEADLINE, lambda c: c.signal is MarketSignal.BEAR, plain=False).number
    ]
    mine = scenario.find(CardType.ENTERPRISE, lambda c: c.family == (Family.MINE,))
    held = scenario.put(state, 1, mine.number)
    scenario.put_troop(state, 2, scenario.find(CardType.TROOP).number, on=mine.number)
    bear = next(
        c.number
        for c in CARDS
        if c.card_type is CardType.TOPPLE
        and c.signal is MarketSignal.BEAR
        and c.named_regime is not Regime.PAX
    )
    return state, held, bear


def test_a_topple_card_that_ends_the_game_starts_no_depression_after_it() -> None:
    """Rules K: the fourth topple with no toppler is a gold victory at once: the game is over,
    and the topple card, a bear on a bear, starts no depression after it (no mine loses its
    income, no troop's owner is asked anything). The third, which does not end the game, does."""
    state, mine, bear = bear_on_bear_with_an_extorted_mine(topples=3)
    state.market[0][5] = bear
    scenario.drive(market.buy(state, 0, 0, 5), [STAY_LOYALIST] * 3)  # only the three stands
    assert state.over and state.toppled_by == [] and state.winner is not None
    assert not state.depression and state.bull_bear[-1] == bear
    assert state.holding(mine.number) == (1, mine) and mine.extortion == 2 and mine.income == 1
    state, mine, bear = bear_on_bear_with_an_extorted_mine(topples=2)
    state.market[0][5] = bear
    scenario.drive(market.buy(state, 0, 0, 5), [STAY_LOYALIST] * 3, then_first=True)
    assert not state.over and state.depression and state.holding(mine.number) is None


def test_the_fourth_topple_card_discarded_from_the_market_starts_no_depression_after_it() -> None:
    """Glossary, Gold Victory: the fourth topple card discarded with nobody toppling Díaz ends the
    game as one resolved does; going to the bull/bear discard, a bear on a bear, it then starts
    no depression."""
    state, mine, bear = bear_on_bear_with_an_extorted_mine(topples=3)
    state.market[1][0] = bear
    scenario.drive(market.discard_headlines(state, 0), [])
    assert state.over and state.topples == 4 and state.bull_bear[-1] == bear
    assert not state.depression and state.holding(mine.number) == (1, mine) and mine.extortion == 2


# ---------------------------------------------------------------------- the solitaire


def solitaire(regime: Regime = Regime.PAX) -> PorfirianaState:
    state = game(2, regime)
    state.solitaire = True
    return state


def test_solitaire_diaz_defends_with_four_plus_his_partners() -> None:
    state = solitaire()
    give(state, 1, Prestige.LOYALTY, 1)  # a partner in Díaz's row
    assert solitaire_defence(state, Prestige.LOYALTY) == 4 + 1
    give(state, 0, Prestige.LOYALTY, 5)
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert not state.over  # 5 is not more than 5

    state = solitaire()
    give(state, 1, Prestige.LOYALTY, 1)
    give(state, 0, Prestige.LOYALTY, 6)
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert state.over and state.winner == 0 and state.toppled_by == [0]


def test_solitaire_diaz_defends_outrage_with_six() -> None:
    state = solitaire(Regime.US_INTERVENTION)
    assert solitaire_defence(state, Prestige.OUTRAGE) == 6
    give(state, 0, Prestige.OUTRAGE, 6)
    play(topple(state, 0, other_topple_card(Regime.US_INTERVENTION)))
    assert not state.over
    give(state, 0, Prestige.OUTRAGE, 1)
    play(topple(state, 0, other_topple_card(Regime.US_INTERVENTION)))
    assert state.over and state.winner == 0


def test_solitaire_counts_only_diaz_partners_and_his_discards() -> None:
    # Decision: his troops and his unflipped Hacendado are not partners of his row.
    state = solitaire(Regime.ANARCHY)
    give(state, 1, Prestige.REVOLUTION, 1)
    troop = next(
        c.number
        for c in CARDS
        if c.card_type is CardType.TROOP
        and Prestige.REVOLUTION in c.prestige
        and c.number not in in_use(state)
    )
    state.players[1].army.append(troop)
    assert solitaire_defence(state, Prestige.REVOLUTION) == 4 + 1
    state.diaz_bonus = {Prestige.REVOLUTION.value: 2}
    assert solitaire_defence(state, Prestige.REVOLUTION) == 4 + 1 + 2
    assert solitaire_defence(state, Prestige.REVOLUTION, minus_one=True) == 4 + 1 + 2 - 1


def test_solitaire_diaz_is_never_asked_and_the_minus_one_lowers_his_defence() -> None:
    state = solitaire()
    give(state, 1, Prestige.LOYALTY, 1)
    state.players[1].row.append(Holding(named("Pinkerton").number))  # Díaz never discards it
    give(state, 0, Prestige.LOYALTY, 5)
    asked = play(topple(state, 0, topple_card(Regime.PAX)), {(0, "orientation"): MINUS_ONE})
    assert {c.chooser for c in asked} == {0}
    assert state.diaz_bonus == {}
    assert state.over and state.winner == 0  # 5 > 4 + 1 - 1


def test_solitaire_the_human_takes_a_stand_though_diaz_decides_first() -> None:
    """Chapter L: Díaz takes no topple decisions; the human, after him round the table from the
    buyer's left, still may flip their Hacendado, and its point counts in that topple."""
    state = solitaire()
    hacendado = hacendado_with_side(Prestige.LOYALTY)
    other = next(h for h in hacendados() if h.number != hacendado.number)
    seat(state, 0, hacendado)
    seat(state, 1, other)
    give(state, 0, Prestige.LOYALTY, 4)
    side = Side(hacendado.number, side_with(hacendado, Prestige.LOYALTY))
    asked = play(topple(state, 0, other_topple_card(Regime.PAX)), {(0, "flip"): side})
    assert [c.chooser for c in asked if kind_of(c) == "flip"] == [0]
    assert state.over and state.winner == 0  # 4 + 1 > 4


def test_solitaire_diaz_wins_when_the_fourth_topple_fails() -> None:
    state = solitaire()
    state.topples = 3
    state.players[0].gold, state.players[1].gold = 50, 0
    play(topple(state, 0, other_topple_card(Regime.PAX)))
    assert state.over and state.winner == 1 and state.toppled_by == []

    state = solitaire()
    state.topples = 3
    topple_card_discarded(state)
    assert state.over and state.winner == 1


# ---------------------------------------------------------------------- the search bot's view of it


def test_the_search_bot_weighs_a_solitaire_by_the_margin_over_diaz_not_by_gold() -> None:
    # prospects.py: only a topple the human makes wins the solitaire, so the human's chances grow
    # with their points over Díaz's defence in the kind in force, and gold wins nothing.
    state = solitaire()
    plain = prospects.evaluate(state)
    assert plain[0] + plain[1] == pytest.approx(1.0)
    rich = solitaire()
    rich.players[0].gold += 60
    stronger = solitaire()
    give(stronger, 0, Prestige.LOYALTY, 2)  # Pax: the next topple counts Loyalty
    assert prospects.evaluate(stronger)[0] > prospects.evaluate(rich)[0] > plain[0]
    # Díaz's partners raise his defence: the same points weigh less.
    defended = solitaire()
    give(defended, 0, Prestige.LOYALTY, 2)
    give(defended, 1, Prestige.LOYALTY, 2)
    assert prospects.evaluate(defended)[0] < prospects.evaluate(stronger)[0]
    # The kind in force counts more than another.
    elsewhere = solitaire()
    give(elsewhere, 0, Prestige.COMMAND, 2)
    assert prospects.evaluate(elsewhere)[0] < prospects.evaluate(stronger)[0]
    # No position is worth a win: a topple card the human can win by is bought, not awaited.
    certain = solitaire()
    give(certain, 0, Prestige.LOYALTY, 20)
    assert prospects.evaluate(certain)[0] < 0.95


def test_the_search_bot_counts_the_point_a_hacendado_flipped_in_the_topple_would_add() -> None:
    # Taking a stand in the topple flips the Hacendado and its Partner side's points count at once.
    showing = hacendado_with_side(Prestige.LOYALTY)
    ready, spent = solitaire(), solitaire()
    seat(ready, 0, showing)
    seat(spent, 0, showing)
    spent.players[0].heir = True  # an heir's Hacendado stays Loyalist: nothing to flip
    assert prospects.evaluate(ready)[0] > prospects.evaluate(spent)[0]
