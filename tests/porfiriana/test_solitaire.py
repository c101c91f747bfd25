"""The Díaz solitaire, from chapter L of the rules: the setup, Díaz's turn (two dice, two cards
taken free and played in the human's order), what he does with each type of card, his tie rules,
speculation on the cards he takes, the headlines that bring the Pax, and whole random games.

Cards are picked by their attributes; the dice are scripted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    Connection,
    District,
    Faction,
    Family,
    MarketSignal,
    Prestige,
    Regime,
)
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session
from paxc.runtime.effects import Choice, Effect
from paxc.runtime.porfiriana import economy, losses, market, solitaire, strife
from paxc.runtime.porfiriana.game_rules import PorfirianaRules
from paxc.runtime.porfiriana.setup import new_state
from paxc.runtime.porfiriana.state import COLUMN_COSTS, CUBES_PER_PLAYER, Holding, PorfirianaState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana

HUMAN, DIAZ = 0, 1
IN_PLAY_FAMILIES = {Family.RANCH, Family.PLANTATION}  # families that change nothing here

# ---------------------------------------------------------------------- finding cards


def cards_of(kind: CardType, test: Callable[[Card], bool] = lambda c: True) -> list[Card]:
    return [c for c in CARDS if c.card_type is kind and test(c)]


def plain(c: Card) -> bool:
    """No text, no sides, no strife and no regime change: a card that does only what its type does."""
    return not c.abilities and not c.sides and not c.strife and c.regime_change is None


def plain_enterprises(district: District | None = None) -> list[Card]:
    return cards_of(
        CardType.ENTERPRISE,
        lambda c: (
            not c.abilities
            and not c.sides
            and not c.prestige
            and set(c.family) <= IN_PLAY_FAMILIES
            and (district is None or c.district is district)
        ),
    )


def plain_partners() -> list[Card]:
    return cards_of(CardType.PARTNER, lambda c: plain(c) and not c.family)


def headline(test: Callable[[Card], bool]) -> Card:
    return cards_of(CardType.HEADLINE, lambda c: not c.abilities and test(c))[0]


# ---------------------------------------------------------------------- building states


def solitaire_game(regime: Regime = Regime.PAX, seed: int = 3) -> PorfirianaState:
    """A fresh solitaire with an empty market (the tests lay out the cards they need)."""
    state = new_state({"solitaire": True}, seed)
    state.market = [[None] * len(COLUMN_COSTS) for _ in state.market]
    set_regime(state, regime)
    return state


def set_regime(state: PorfirianaState, regime: Regime) -> None:
    state.regimes.sort(key=lambda n: card(n).regime is not regime)


def enterprise(state: PorfirianaState, number: int, income: int, unrest: int = 0) -> Holding:
    """Put an enterprise in the human's row with `income` of their cubes on it."""
    held = Holding(number, income=income, unrest=unrest)
    state.players[HUMAN].row.append(held)
    state.players[HUMAN].cubes -= income
    return held


def dice(monkeypatch: pytest.MonkeyPatch, *rolls: int) -> None:
    """Script the die: each roll in turn."""
    scripted: Iterator[int] = iter(rolls)
    monkeypatch.setattr(solitaire, "roll_die", lambda state: next(scripted))


def drive(effect: Effect, answer: Callable[[Choice[Any]], Any] | None = None) -> list[Choice[Any]]:
    """Run an effect to its end; each choice is answered by `answer` (its first option if none is
    given). Gives back the choices asked."""
    asked: list[Choice[Any]] = []
    try:
        step = next(effect)
        while True:
            assert isinstance(step, Choice)
            asked.append(step)
            step.answer = answer(step) if answer is not None else step.options[0]
            assert step.answer in step.options
            step = effect.send(None)
    except StopIteration:
        pass
    return asked


def diaz_takes(
    monkeypatch: pytest.MonkeyPatch, state: PorfirianaState, number: int, column: int = 2
) -> list[Choice[Any]]:
    """Díaz's turn with `number` the only card, in row 0 at `column`; the die hits it."""
    state.market[0][column] = number
    dice(monkeypatch, column + 1, 1)  # row 1 is empty: its roll gives nothing
    return drive(solitaire.diaz_turn(state))


def assert_diaz_unchanged(state: PorfirianaState) -> None:
    """Díaz keeps no gold, no hand and his seat-marker Hacendado as it was."""
    diaz = state.players[DIAZ]
    assert diaz.gold == 0 and diaz.hand == [] and not diaz.flipped and diaz.hacendado.income == 0


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    "options", [{"solitaire": True}, {"solitaire": True, "players": 1}, {"solitaire": True, "players": 2}]
)
def test_setup_the_human_plays_first_and_diaz_has_no_gold(options: dict[str, Any]) -> None:
    state = new_state(options, seed=4)
    assert state.solitaire and len(state.players) == 2
    assert state.first_player == state.active == HUMAN
    human, diaz = state.players
    assert human.gold == 4  # the first player's gold
    assert diaz.gold == 0 and diaz.hand == []
    assert card(human.hacendado.number).card_type is CardType.HACENDADO and human.hacendado.income == 2
    assert human.cubes == CUBES_PER_PLAYER - 2
    # Díaz's Hacendado only marks his seat: no income cubes, never to be flipped.
    assert card(diaz.hacendado.number).card_type is CardType.HACENDADO
    assert diaz.hacendado.income == 0 and not diaz.flipped and diaz.heir
    assert diaz.cubes == CUBES_PER_PLAYER  # the white cubes for his extortions
    # set up as a 2-player game: the deck of 50 + 20, with the four topples
    assert len(state.deck) + 12 == 50 + 20 + 4


def test_setup_refuses_a_solitaire_with_other_players_and_is_reproducible() -> None:
    with pytest.raises(ValueError, match="one player against Díaz"):
        new_state({"solitaire": True, "players": 3}, seed=1)
    first, second = new_state({"solitaire": True}, 9), new_state({"solitaire": True}, 9)
    assert first.digest() == second.digest()
    assert not new_state({"players": 2}, 9).solitaire


# ---------------------------------------------------------------------- the dice and the order


def test_the_die_has_six_faces_from_the_game_s_generator() -> None:
    state = solitaire_game()
    state.rng.state = 12345
    rolls = [solitaire.roll_die(state) for _ in range(200)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    state.rng.state = 12345
    assert [solitaire.roll_die(state) for _ in range(200)] == rolls  # the seed decides


def test_diaz_takes_both_cards_and_the_human_orders_them(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    bull = headline(lambda c: c.regime_change is not Regime.PAX and c.signal is MarketSignal.BULL)
    bear = headline(lambda c: c.regime_change is not Regime.PAX and c.signal is MarketSignal.BEAR)
    state.market[0][0], state.market[1][5] = bull.number, bear.number
    dice(monkeypatch, 1, 6)
    asked = drive(solitaire.diaz_turn(state), lambda c: c.options[1])
    assert len(asked) == 1 and asked[0].chooser == HUMAN
    assert asked[0].options == ((0, bull.number), (1, bear.number))
    assert state.bull_bear == [bear.number, bull.number]  # the order the human chose
    assert state.market == [[None] * 6, [None] * 6]
    assert_diaz_unchanged(state)


def test_a_die_on_an_empty_space_gives_nothing_from_that_row(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    one = plain_enterprises()[0]
    state.market[0][3] = plain_enterprises()[1].number  # the die misses it
    state.market[1][2] = one.number
    dice(monkeypatch, 5, 3)  # row 0, column 4: empty
    asked = drive(solitaire.diaz_turn(state))
    assert asked == []  # a single card: nothing to order
    assert state.discard == [one.number] and state.market[0][3] is not None


def test_speculation_on_a_card_diaz_takes_pays_the_human_its_column(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    taken, other = plain_enterprises()[:2]
    state.market[0][4], state.market[1][1] = taken.number, other.number
    state.speculation = {taken.number: HUMAN}
    state.players[HUMAN].cubes -= 1
    gold = state.players[HUMAN].gold
    dice(monkeypatch, 5, 2)
    drive(solitaire.diaz_turn(state))
    assert state.players[HUMAN].gold == gold + COLUMN_COSTS[4]  # 8 gold from the bank
    assert state.speculation == {} and state.players[HUMAN].cubes == CUBES_PER_PLAYER - 2
    assert_diaz_unchanged(state)


# ---------------------------------------------------------------------- each type of card


def test_an_enterprise_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    number = plain_enterprises()[0].number
    diaz_takes(monkeypatch, state, number)
    assert state.discard == [number] and len(state.players[DIAZ].row) == 1


def test_a_topple_is_discarded_and_counts_as_one_of_the_four(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    number = cards_of(CardType.TOPPLE)[0].number
    asked = diaz_takes(monkeypatch, state, number)
    assert asked == []  # no topple takes place: nobody takes a stand
    assert state.topples == 1 and state.bull_bear == [number] and not state.over


def test_diaz_discarding_the_fourth_topple_wins_him_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    state.topples = 3
    number = cards_of(CardType.TOPPLE)[0].number
    diaz_takes(monkeypatch, state, number)
    assert state.over and state.winner == DIAZ and state.toppled_by == []


def test_a_partner_goes_into_diaz_row_for_free(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game(Regime.ANARCHY)
    partner = next(p for p in plain_partners() if (p.cost or 0) > 0)
    diaz_takes(monkeypatch, state, partner.number)
    assert [h.number for h in state.players[DIAZ].row[1:]] == [partner.number]
    assert_diaz_unchanged(state)


@pytest.mark.parametrize(("roll", "side"), [(1, 0), (3, 0), (4, 1), (6, 1)])
def test_a_newspaper_s_orientation_is_rolled(monkeypatch: pytest.MonkeyPatch, roll: int, side: int) -> None:
    state = solitaire_game(Regime.ANARCHY)
    newspaper = cards_of(CardType.PARTNER, lambda c: len(c.sides) == 2)[0]
    state.market[0][2] = newspaper.number
    dice(monkeypatch, 3, 1, roll)  # row 0, row 1 (empty), then the orientation
    drive(solitaire.diaz_turn(state))
    held = state.players[DIAZ].row[1]
    assert held.number == newspaper.number and held.side == side


def test_a_headline_bringing_the_pax_is_played_on_its_event(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game(Regime.ANARCHY)
    pax = headline(lambda c: c.regime_change is Regime.PAX)
    diaz_takes(monkeypatch, state, pax.number)
    assert state.regime_card.regime is Regime.PAX
    assert state.bull_bear == [pax.number]


def test_any_other_headline_is_discarded_without_effect(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game(Regime.PAX)
    other = headline(lambda c: c.regime_change is not None and c.regime_change is not Regime.PAX)
    diaz_takes(monkeypatch, state, other.number)
    assert state.regime_card.regime is Regime.PAX  # its regime change did not happen
    assert state.bull_bear == [other.number]


def troop_and_enterprises(count: int) -> tuple[Card, list[Card]]:
    """A troop with a district flag and no text, and `count` plain enterprises of its district."""
    for troop in cards_of(CardType.TROOP, lambda c: not c.abilities and c.district is not None):
        targets = plain_enterprises(troop.district)
        if len(targets) >= count:
            return troop, targets[:count]
    raise AssertionError("no such troop")


def test_a_troop_extorts_the_human_s_enterprise_with_the_most_cubes(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    troop, (small, big) = troop_and_enterprises(2)
    enterprise(state, big.number, income=3)
    enterprise(state, small.number, income=1)
    diaz_takes(monkeypatch, state, troop.number, column=5)
    found = state.holding(big.number)
    assert found is not None
    held = found[1]
    assert held.troop == troop.number and held.troop_owner == DIAZ and held.extortion == DIAZ
    assert held.income == 2  # one income cube gave way to Díaz's extortion cube
    assert state.players[HUMAN].cubes == CUBES_PER_PLAYER - 2 - 4 + 1
    assert state.players[DIAZ].cubes == CUBES_PER_PLAYER - 1
    assert state.regime_card.regime is (troop.regime_change or Regime.PAX)  # the card's arrow
    assert_diaz_unchanged(state)


def test_diaz_earns_no_gold_by_his_extortion_and_the_human_earns_theirs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules L: Díaz gets no gold; his cube on the enterprise his troop extorts only shows the
    extortion. The human's cubes earn as in any game."""
    state = solitaire_game()
    troop, (target,) = troop_and_enterprises(1)
    enterprise(state, target.number, income=2)
    diaz_takes(monkeypatch, state, troop.number, column=5)
    found = state.holding(target.number)
    assert found is not None and found[1].extortion == DIAZ and found[1].income == 1
    assert economy.income(state, DIAZ) == 0
    assert economy.income(state, HUMAN) == 2 + 1  # the Hacendado's two cubes, the one left


def test_the_most_cubes_count_connection_and_prestige_cubes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Díaz's troop extorts the enterprise with the most cubes, every cube on it counted: two
    income cubes, the human's connection cube and the Pax prestige cube on its Loyalty point
    (4) before three income cubes."""
    troop = cards_of(CardType.TROOP, lambda c: not c.abilities and c.district is District.SONORA)[0]
    mill = cards_of(
        CardType.ENTERPRISE,
        lambda c: (
            c.district is District.SONORA
            and c.prestige == (Prestige.LOYALTY,)
            and not c.family
            and not c.abilities
            and not c.sides
            and c.upgrade_rail_cost is not None
        ),
    )[0]
    state = solitaire_game()
    rich = enterprise(state, plain_enterprises(District.SONORA)[0].number, income=3)
    loyal = enterprise(state, mill.number, income=2)
    loyal.connection_owner, loyal.connection_level = HUMAN, Connection.RAIL
    loyal.prestige_cubes = loyal.prestige_set_for = 1
    state.players[HUMAN].cubes -= 2
    diaz_takes(monkeypatch, state, troop.number, column=5)
    assert loyal.troop == troop.number and loyal.extortion == DIAZ
    assert rich.troop is None


def test_the_most_cubes_count_before_the_card_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """His tie rules only break ties: the enterprise with the most cubes is extorted even with the
    lower number, and the partner worth the most prestige is assassinated even with the lower."""
    troop, (low, high) = troop_and_enterprises(2)
    state = solitaire_game()
    enterprise(state, low.number, income=3)
    enterprise(state, high.number, income=1)
    diaz_takes(monkeypatch, state, troop.number)
    assert [h.number for h in state.players[HUMAN].row if h.troop] == [low.number]

    killer = black(lambda c: Family.ASSASSINATION in c.family and (c.steal or 0) > 0)
    worthy = next(p for p in plain_partners() if p.prestige)
    worthless = [p for p in plain_partners() if not p.prestige and p.number > worthy.number][0]
    state = solitaire_game(Regime.ANARCHY)  # no Pax prestige cubes to count
    state.players[HUMAN].row += [Holding(worthy.number), Holding(worthless.number)]
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, killer.number)
    assert state.removed == [worthy.number]


def test_troop_ties_go_to_an_enterprise_not_in_unrest_then_the_highest_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    troop, three = troop_and_enterprises(3)
    low, middle, high = sorted(three, key=lambda c: c.number)
    state = solitaire_game()
    for one in three:
        enterprise(state, one.number, income=2)
    diaz_takes(monkeypatch, state, troop.number)
    assert [h.number for h in state.players[HUMAN].row if h.troop] == [high.number]

    state = solitaire_game()
    enterprise(state, low.number, income=2)
    enterprise(state, high.number, income=2, unrest=1)
    diaz_takes(monkeypatch, state, troop.number)
    assert [h.number for h in state.players[HUMAN].row if h.troop] == [low.number]


def test_diaz_never_drives_off_his_own_troop_already_extorting(monkeypatch: pytest.MonkeyPatch) -> None:
    """His weaker troop extorts the human's only enterprise of its district; a stronger troop of
    the same district he takes later would only beat his own extortion, so it is discarded."""
    troops = cards_of(CardType.TROOP, lambda c: not c.abilities and c.district is not None)
    weak, strong = next(
        (w, s)
        for w in troops
        for s in troops
        if plain(w)
        and s.district is w.district
        and (s.firepower or 1) > (w.firepower or 1)
        and plain_enterprises(w.district)
    )
    target = plain_enterprises(weak.district)[0]
    state = solitaire_game()
    enterprise(state, target.number, income=2)
    diaz_takes(monkeypatch, state, weak.number)
    found = state.holding(target.number)
    assert found is not None and found[1].troop == weak.number and found[1].extortion == DIAZ
    diaz_takes(monkeypatch, state, strong.number)
    assert found[1].troop == weak.number and found[1].troop_owner == DIAZ  # still his weaker troop
    assert strong.number in state.discard and weak.number not in state.discard
    assert state.players[DIAZ].cubes == CUBES_PER_PLAYER - 1


def test_a_troop_of_diaz_that_must_leave_is_discarded_without_asking_him(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    troop, (target,) = troop_and_enterprises(1)
    state = solitaire_game()
    enterprise(state, target.number, income=2)
    diaz_takes(monkeypatch, state, troop.number)
    asked = drive(losses.discard_card_in_play(state, target.number))
    assert asked == []  # no private army to retreat to: his Hacendado never flips
    assert troop.number in state.discard and state.players[DIAZ].cubes == CUBES_PER_PLAYER
    assert_diaz_unchanged(state)


def test_a_troop_passes_over_an_enterprise_it_cannot_extort_to_one_it_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    troop, (bare, target) = troop_and_enterprises(2)
    state = solitaire_game()
    enterprise(state, bare.number, income=0)  # first in the row: it would be sacked, not extorted
    enterprise(state, target.number, income=1)
    diaz_takes(monkeypatch, state, troop.number)
    assert [h.number for h in state.players[HUMAN].row if h.troop] == [target.number]


def test_a_troop_that_can_extort_nothing_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    troop, (target,) = troop_and_enterprises(1)
    state = solitaire_game()
    elsewhere = next(e for e in plain_enterprises() if e.district is not troop.district)
    enterprise(state, elsewhere.number, income=2)  # out of its jurisdiction
    enterprise(state, target.number, income=0)  # nothing to extort: it would be sacked
    diaz_takes(monkeypatch, state, troop.number)
    assert state.discard == [troop.number]
    assert all(h.troop is None for h in state.players[HUMAN].row)
    assert state.regime_card.regime is Regime.PAX  # not played: no regime change


def orange(test: Callable[[Card], bool]) -> Card:
    return cards_of(
        CardType.ORANGE,
        lambda c: (
            not c.abilities and not c.family and c.district is None and c.regime_change is None and test(c)
        ),
    )[0]


def test_an_orange_card_steals_and_brings_unrest_to_the_most_cubed_enterprise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = solitaire_game()
    raid = orange(lambda c: (c.steal or 0) > 0 and (c.unrest or 0) > 0 and c.victim_prestige is not None)
    small, big = plain_enterprises()[:2]
    enterprise(state, small.number, income=1)
    enterprise(state, big.number, income=2)
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, raid.number)
    found = state.holding(big.number)
    assert found is not None and found[1].unrest == raid.unrest
    assert state.players[HUMAN].gold == 10 - (raid.steal or 0)  # the theft goes to the bank
    assert state.players[HUMAN].prestige_stack == [raid.number]  # awarded to the victim
    assert_diaz_unchanged(state)


def test_an_orange_card_with_no_target_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    flagged = cards_of(CardType.ORANGE, lambda c: c.district is not None and not c.abilities)[0]
    elsewhere = next(e for e in plain_enterprises() if e.district is not flagged.district)
    enterprise(state, elsewhere.number, income=2)
    diaz_takes(monkeypatch, state, flagged.number)
    assert state.discard == [flagged.number]


def black(test: Callable[[Card], bool]) -> Card:
    return cards_of(CardType.BLACK, lambda c: not c.abilities and test(c))[0]


def test_an_orange_or_black_card_harms_when_it_steals_gold_or_brings_unrest() -> None:
    """Chapter L: he plays an orange or black card if it steals gold or brings unrest, even one
    peso or one unrest disk; otherwise he discards it."""
    attacks = cards_of(CardType.ORANGE) + cards_of(CardType.BLACK)
    one_peso = next(c for c in attacks if c.card_type is CardType.BLACK and c.steal == 1)
    unrest_only = next(c for c in attacks if c.card_type is CardType.ORANGE and not c.steal and c.unrest)
    one_unrest = next(c for c in attacks if c.card_type is CardType.ORANGE and not c.steal and c.unrest == 1)
    nothing = next(c for c in attacks if not c.steal and not c.unrest)
    assert solitaire.harms(one_peso.number)
    assert solitaire.harms(unrest_only.number) and solitaire.harms(one_unrest.number)
    assert not solitaire.harms(nothing.number)


def test_an_orange_card_that_neither_steals_nor_brings_unrest_is_discarded(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every printed orange card brings unrest; a new one that neither steals nor brings any
    (Rumour Mill, printing no figure for either) is discarded by Díaz like such a black card."""
    rumours = fixture_card(solitaire_cards, 9115, monkeypatch)
    assert not solitaire.harms(rumours.number)
    state = solitaire_game()
    enterprise(state, plain_enterprises()[0].number, income=2)
    diaz_takes(monkeypatch, state, rumours.number)
    assert state.discard == [rumours.number]


def test_a_black_card_stealing_nothing_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    arrest = black(lambda c: not c.family and not c.steal and bool(c.jails_victim))
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, arrest.number)
    assert state.discard == [arrest.number]
    assert not state.players[HUMAN].jailed and state.players[HUMAN].gold == 10


def test_a_black_card_stealing_gold_is_played_on_the_human(monkeypatch: pytest.MonkeyPatch) -> None:
    state = solitaire_game()
    slander = black(lambda c: not c.family and (c.steal or 0) > 0 and not c.jails_victim)
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, slander.number)
    assert state.players[HUMAN].gold == 10 - (slander.steal or 0)
    assert slander.number in state.players[HUMAN].prestige_stack + state.discard
    assert_diaz_unchanged(state)


def test_an_assassination_takes_the_partner_worth_the_most_prestige_then_the_highest_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    killer = black(lambda c: Family.ASSASSINATION in c.family and (c.steal or 0) > 0)
    worthless = next(p for p in plain_partners() if not p.prestige)
    worthy = sorted((p for p in plain_partners() if len(p.prestige) == 1), key=lambda p: p.number)
    state = solitaire_game(Regime.ANARCHY)  # no Pax prestige cubes to count
    for partner in (worthless, worthy[0], worthy[-1]):
        state.players[HUMAN].row.append(Holding(partner.number))
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, killer.number)
    assert state.removed == [worthy[-1].number]  # out of the game
    assert [h.number for h in state.players[HUMAN].row[1:]] == [worthless.number, worthy[0].number]
    assert state.players[HUMAN].gold == 10 - (killer.steal or 0)
    assert_diaz_unchanged(state)


def test_diaz_never_aims_an_attack_at_his_own_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """He plays an attack against the human only: with no partner of the human's to assassinate,
    his own partner is no target, and the card is discarded."""
    killer = black(lambda c: Family.ASSASSINATION in c.family and (c.steal or 0) > 0)
    partner = next(p for p in plain_partners() if p.prestige)
    state = solitaire_game(Regime.ANARCHY)
    state.players[DIAZ].row.append(Holding(partner.number))
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, killer.number)
    assert state.removed == [] and partner.number in [h.number for h in state.players[DIAZ].row]
    assert killer.number in state.discard and state.players[HUMAN].gold == 10


# ---------------------------------------------------------------------- cards watching Díaz

SOLITAIRE_CARDS = REPO / "tests" / "porfiriana" / "fixtures" / "solitaire_cards.pax"


@pytest.fixture(scope="module")
def solitaire_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(SOLITAIRE_CARDS, "porfiriana", tmp_path_factory.mktemp("solitaire_cards"))


def test_diaz_rolls_for_the_faction_he_loses_in_a_strife() -> None:
    """Rules L: Díaz is never asked which faction a strife makes him discard; the die decides,
    and every partner of that faction leaves his row, those of the other stay."""
    state = solitaire_game()
    rebel, local = (
        next(p for p in plain_partners() if p.faction is f) for f in (Faction.REBEL, Faction.LOCAL)
    )
    state.players[DIAZ].row += [Holding(rebel.number), Holding(local.number)]
    asked = drive(strife.strife(state, HUMAN, (Faction.REBEL, Faction.LOCAL)))
    assert asked == []
    kept = {h.number for h in state.players[DIAZ].row}
    assert (rebel.number in kept) != (local.number in kept)
    assert {rebel.number, local.number} - kept <= set(state.discard)


def fixture_card(module: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(module, f"CARD_{number}")
    join_porfiriana(printed, monkeypatch)
    return printed


def test_abilities_hear_where_the_cards_diaz_takes_go_from_the_market(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What Díaz takes is moved from the market like anybody's card: Market Chronicler, in the
    human's row, gains 1 gold for a card going into a row, 2 into troops, 4 into a hand (an
    orange card, on its way to being played) and 8 onto the discard pile (an enterprise)."""
    chronicler = fixture_card(solitaire_cards, 9110, monkeypatch)
    troop, (target,) = troop_and_enterprises(1)
    partner = next(p for p in plain_partners() if (p.cost or 0) > 0)
    unrest_only = orange(lambda c: not c.steal and (c.unrest or 0) > 0)
    discarded = plain_enterprises()[-1]
    state = solitaire_game()
    state.players[HUMAN].row.append(Holding(chronicler.number))
    enterprise(state, target.number, income=2)
    gold = state.players[HUMAN].gold
    for taken, paid in ((partner, 1), (troop, 2), (unrest_only, 4), (discarded, 8)):
        diaz_takes(monkeypatch, state, taken.number)
        gold += paid
        assert state.players[HUMAN].gold == gold, taken.name
    assert state.troop_place(troop.number) is not None  # it extorts the enterprise
    assert discarded.number in state.discard


def test_abilities_hear_diaz_take_and_play_for_nothing_and_his_troop_arrive_from_the_market(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules L: Díaz takes and plays his cards without paying. Almoner, in the human's row, gains
    1 gold for a card bought for nothing, 2 for one played for nothing, 4 for a troop arriving
    from the market."""
    almoner = fixture_card(solitaire_cards, 9114, monkeypatch)
    troop, (target,) = troop_and_enterprises(1)
    partner = next(p for p in plain_partners() if (p.cost or 0) > 0)
    state = solitaire_game()
    state.players[HUMAN].row.append(Holding(almoner.number))
    enterprise(state, target.number, income=2)
    gold = state.players[HUMAN].gold
    diaz_takes(monkeypatch, state, partner.number)
    assert state.players[HUMAN].gold == gold + 1 + 2
    diaz_takes(monkeypatch, state, troop.number)
    assert state.troop_place(troop.number) is not None
    assert state.players[HUMAN].gold == gold + 1 + 2 + 1 + 2 + 4


def test_abilities_hear_diaz_play_the_partner_and_the_troop_he_takes(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card Díaz places for free is played by him: Patron of the Arts in his row ("whenever you
    play a card, each other player gains 1 gold; 2 gold for a troop") pays the human for each."""
    patron = fixture_card(solitaire_cards, 9111, monkeypatch)
    troop, (target,) = troop_and_enterprises(1)
    partner = next(p for p in plain_partners() if (p.cost or 0) > 0)
    state = solitaire_game()
    state.players[DIAZ].row.append(Holding(patron.number))
    enterprise(state, target.number, income=2)
    gold = state.players[HUMAN].gold
    diaz_takes(monkeypatch, state, partner.number)
    assert state.players[HUMAN].gold == gold + 1
    diaz_takes(monkeypatch, state, troop.number)
    assert state.troop_place(troop.number) is not None
    assert state.players[HUMAN].gold == gold + 1 + 2
    assert_diaz_unchanged(state)


def test_a_partner_diaz_plays_acts_on_its_own_text_as_his(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Town Crier ("when played, each other player gains 1 gold") placed by Díaz pays the human,
    not Díaz: its text is played with Díaz as its player."""
    crier = fixture_card(solitaire_cards, 9116, monkeypatch)
    state = solitaire_game()
    gold = state.players[HUMAN].gold
    diaz_takes(monkeypatch, state, crier.number)
    assert [h.number for h in state.players[DIAZ].row[1:]] == [crier.number]
    assert state.players[HUMAN].gold == gold + 1
    assert_diaz_unchanged(state)


def test_a_troop_diaz_plays_acts_on_its_own_text_as_his(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Press Gang ("when played, each other player gains 2 gold") played by Díaz pays the human,
    not Díaz: its text is played with Díaz as its player."""
    press_gang = fixture_card(solitaire_cards, 9112, monkeypatch)
    target = plain_enterprises(press_gang.district)[0]
    state = solitaire_game()
    enterprise(state, target.number, income=2)
    gold = state.players[HUMAN].gold
    diaz_takes(monkeypatch, state, press_gang.number)
    assert state.troop_place(press_gang.number) is not None
    assert state.players[HUMAN].gold == gold + 2
    assert_diaz_unchanged(state)


@pytest.mark.parametrize("kind", ["partner", "troop", "black"])
def test_a_card_forbidding_diaz_to_play_makes_him_discard_what_he_takes(
    solitaire_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Rules L: Díaz plays what he takes for free, but a card may forbid a player to play, and
    then he discards it (Recluse in his row: "you may not play cards")."""
    recluse = fixture_card(solitaire_cards, 9113, monkeypatch)
    troop, (target,) = troop_and_enterprises(1)
    taken = {
        "partner": next(p for p in plain_partners() if (p.cost or 0) > 0),
        "troop": troop,
        "black": black(lambda c: not c.family and (c.steal or 0) > 0 and not c.jails_victim),
    }[kind]
    state = solitaire_game()
    state.players[DIAZ].row.append(Holding(recluse.number))
    enterprise(state, target.number, income=2)
    state.players[HUMAN].gold = 10
    diaz_takes(monkeypatch, state, taken.number)
    assert state.discard == [taken.number]
    assert [h.number for h in state.players[DIAZ].row[1:]] == [recluse.number]
    assert state.troop_place(troop.number) is None and state.players[HUMAN].gold == 10


# ---------------------------------------------------------------------- the zero-cost column


def test_a_pax_headline_leaving_the_zero_cost_column_is_played() -> None:
    state = solitaire_game(Regime.MARTIAL_LAW)
    pax = headline(lambda c: c.regime_change is Regime.PAX)
    state.market[1][0] = pax.number
    drive(market.discard_headlines(state, HUMAN))
    assert state.regime_card.regime is Regime.PAX
    assert state.bull_bear == [pax.number] and state.market[1][0] is None


def test_another_headline_leaving_the_zero_cost_column_is_only_discarded() -> None:
    state = solitaire_game(Regime.MARTIAL_LAW)
    other = headline(lambda c: c.regime_change is Regime.ANARCHY)
    drive(market.discard_headline(state, other.number))
    assert state.regime_card.regime is Regime.MARTIAL_LAW
    assert state.bull_bear == [other.number]


def test_outside_the_solitaire_a_pax_headline_leaving_the_market_does_nothing() -> None:
    state = new_state({"players": 2}, 3)
    state.market = [[None] * 6 for _ in range(2)]
    set_regime(state, Regime.ANARCHY)
    pax = headline(lambda c: c.regime_change is Regime.PAX)
    state.market[0][0] = pax.number
    drive(market.discard_headlines(state, 0))
    assert state.regime_card.regime is Regime.ANARCHY and state.bull_bear == [pax.number]


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("seed", range(20))
def test_random_solitaire_games_reach_their_end(seed: int) -> None:
    session = Session(PorfirianaRules(), {"solitaire": True}, seed)
    agent = RandomAgent(seed)
    decisions = 0
    while not session.is_terminal():
        assert decisions < 20_000, "no end in sight"
        state = session.state
        if session.pending is not None and session.pending.prompt.startswith("Take an action"):
            for player in range(2):
                assert state.players[player].cubes + state.cubes_in_use(player) == CUBES_PER_PLAYER
                assert state.players[player].gold >= 0
        session.apply_action(agent.choose(session))
        decisions += 1
        assert_diaz_unchanged(session.state)
    state = session.state
    assert state.over and state.winner in (HUMAN, DIAZ)
    if state.winner == DIAZ:
        assert state.topples == 4 and state.toppled_by == []
    else:
        assert state.toppled_by == [HUMAN]
