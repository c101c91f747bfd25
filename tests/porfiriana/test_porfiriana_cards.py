"""Pax Porfiriana's general hooks of issue 18, and new cards written on them alone
(tests/porfiriana/fixtures/porfiriana_cards.pax), compiled with the game's vocabulary and played on
the unchanged runtime with no Python of their own:

* the prestige cubes a kind of point takes (`takes_prestige_cube`): the Pax regime's special rule
  now lives in its card, and any card may give another kind of point cubes;
* `card_played` for every card played, whatever its type, Díaz's plays included; `card_bought`;
  `attack_resolved`, which names an attack's victim (the attack card itself hears it);
* nationalizing any enterprise (`nationalize`) and unrest on any enterprise (`add_unrest`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from paxc.compiler.project import compile_paths
from paxc.generated.porfiriana.vocabulary import (
    AttackResolved,
    Card,
    CardBought,
    CardPlayed,
    CardType,
    District,
    Family,
    Prestige,
    PurchaseCost,
    Regime,
)
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import economy, hooks, losses
from paxc.runtime.porfiriana.actions import Buy, BuyPublic, PlayCard
from paxc.runtime.porfiriana.attacks import Target
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    check_cubes,
    drive,
    empty_state,
    find,
    hold,
    named,
    put,
    seat_without,
    set_regime,
    turn,
)
from tests.porfiriana.test_new_cards import plain_enterprise

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "porfiriana_cards.pax"
NUMBERS = range(9040, 9047)


@pytest.fixture(scope="module")
def new_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("porfiriana_cards"))


def partner_with(kind: Prestige, plain: bool = True) -> Card:
    """A partner showing one point of this kind (`plain`: and nothing else)."""
    return find(
        CardType.PARTNER,
        lambda c: c.prestige == (kind,) and not c.extra_action and not c.sides and not (plain and c.family),
        plain=plain,
    )


def land(district: District, exclude: tuple[int, ...] = ()) -> Card:
    """An enterprise of this district with income, no prestige, and no family the rules treat
    apart when it takes unrest or is nationalized (a ranch or plantation may do)."""
    return find(
        CardType.ENTERPRISE,
        lambda c: (
            c.district is district
            and set(c.family) <= {Family.RANCH, Family.PLANTATION}
            and not c.prestige
            and (c.income or 0) > 0
        ),
        exclude=exclude,
    )


SHOP = plain_enterprise()
SHOP_2 = plain_enterprise(exclude=(SHOP.number,))
AMERICA = land(District.AMERICA)
AMERICA_2 = land(District.AMERICA, exclude=(AMERICA.number,))
SONORA = land(District.SONORA)
SONORA_2 = land(District.SONORA, exclude=(SONORA.number,))
CHIHUAHUA = land(District.CHIHUAHUA)
CHIHUAHUA_2 = land(District.CHIHUAHUA, exclude=(CHIHUAHUA.number,))
LOYAL = partner_with(Prestige.LOYALTY)
# The one partner with a Command point is a general, whose ability (firepower) plays no part
# here; The Church shows a Command point on its second side.
COMMANDER = partner_with(Prestige.COMMAND, plain=False)
CHURCH = named("The Church")
CHURCH_COMMAND = next(i for i, side in enumerate(CHURCH.sides) if side.prestige == (Prestige.COMMAND,))
# an orange card that does what its icons say and no more, at any enterprise
RAID = find(CardType.ORANGE, lambda c: c.district is None and c.regime_change is None and not c.family)
# a black card aimed at a player, with nothing else to it
LAWSUIT = find(CardType.BLACK, lambda c: not c.family and not c.jails_victim)


def at(number: int | None, victim: int) -> Callable[[Any], bool]:
    return lambda t: isinstance(t, Target) and t.number == number and t.victim == victim and not t.scapegoat


@pytest.fixture
def fired(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The events the rules fire, in order (they still reach the cards)."""
    events: list[object] = []
    fire = hooks.fire

    def recording(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Effect:
        events.append(event)
        yield from fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", recording)
    yield events


def of_type(events: list[object], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------------- the Pax regime's rule


def test_the_pax_rule_is_its_regime_cards_ability(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules H: under the Pax a prestige cube goes on every Loyalty point, and they go when the
    regime changes to another. The runtime knows nothing of it: without its card's ability the
    Pax puts no cube anywhere."""
    state = empty_state(regime=Regime.PAX)
    held = put(state, 0, LOYAL.number)
    assert held.prestige_cubes == 1 and economy.income(state, 0) == 2 + 1
    set_regime(state, Regime.ANARCHY)
    assert held.prestige_cubes == 0 and economy.income(state, 0) == 2
    check_cubes(state)

    from paxc.generated import porfiriana

    pax = next(c for c in porfiriana.CARDS if c.card_type is CardType.REGIME_CARD and c.regime is Regime.PAX)
    regime_side = dataclasses.replace(pax.sides[0], abilities=())
    plain_pax = dataclasses.replace(pax, sides=(regime_side, *pax.sides[1:]))
    monkeypatch.setitem(porfiriana.CARDS_BY_NUMBER, pax.number, plain_pax)
    hooks.forget_cards()
    try:
        state = empty_state(regime=Regime.PAX)
        held = put(state, 0, LOYAL.number)
        assert held.prestige_cubes == 0 and economy.income(state, 0) == 2
    finally:
        monkeypatch.undo()
        hooks.forget_cards()


# ---------------------------------------------------------------------- 9040 Minister of War


def test_minister_of_war_puts_a_cube_on_each_of_your_command_points_under_any_regime(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    minister = new_cards.CARD_9040
    join_game(minister, monkeypatch)
    state = empty_state(regime=Regime.MARTIAL_LAW)
    mine = put(state, 0, COMMANDER.number)
    loyal = put(state, 0, LOYAL.number)
    theirs = put(state, 1, CHURCH.number, side=CHURCH_COMMAND)
    assert mine.prestige_cubes == 0
    held = put(state, 0, minister.number)
    assert (held.prestige_cubes, mine.prestige_cubes, loyal.prestige_cubes) == (1, 1, 0)
    assert theirs.prestige_cubes == 0  # only yours
    assert economy.income(state, 0) == 2 + 2
    set_regime(state, Regime.PAX)  # the Pax adds the Loyalty points' cubes
    assert (held.prestige_cubes, mine.prestige_cubes, loyal.prestige_cubes) == (1, 1, 1)
    check_cubes(state)
    drive(losses.discard_card_in_play(state, minister.number), [])
    assert (mine.prestige_cubes, loyal.prestige_cubes) == (0, 1)  # back to the supply
    check_cubes(state)


# ---------------------------------------------------------------------- 9041 Press Gallery

HEADLINE = find(CardType.HEADLINE, lambda c: c.regime_change is not Regime.PAX)  # no text of its own


def gallery_game(new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> PorfirianaState:
    """Player 2 owns the gallery; player 0 is to play, and player 1 has an enterprise to attack."""
    join_game(new_cards.CARD_9041, monkeypatch)
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    put(state, 2, 9041)
    put(state, 1, SHOP.number)
    turn(state, 0)
    return state


def test_card_played_fires_for_cards_played_from_hand(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, fired: list[object]
) -> None:
    """Enterprises, partners, orange and black cards: each play pays the gallery, with what it
    cost. An attack a spy cancels was played all the same (as gun stores count it)."""
    state = gallery_game(new_cards, monkeypatch)
    hold(state, 0, SHOP_2.number, RAID.number, LAWSUIT.number)
    act(state, 0, PlayCard(SHOP_2.number))
    act(state, 0, PlayCard(RAID.number), [at(SHOP.number, 1)])
    state.turn.actions_left = 3
    act(state, 0, PlayCard(LAWSUIT.number), [at(None, 1)])
    played = of_type(fired, CardPlayed)
    assert [(e.card.number, e.player, e.paid) for e in played] == [
        (SHOP_2.number, 0, SHOP_2.cost),
        (RAID.number, 0, RAID.cost),
        (LAWSUIT.number, 0, LAWSUIT.cost),
    ]
    assert state.players[2].gold == 30 + 3

    pinkerton = named("Pinkerton")
    put(state, 1, pinkerton.number)
    state.players[1].prestige_stack.remove(RAID.number)  # the same card again
    hold(state, 0, RAID.number)
    state.turn.actions_left = 3
    act(state, 0, PlayCard(RAID.number), [at(SHOP.number, 1), True])
    assert pinkerton.number in state.discard and state.players[2].gold == 30 + 4


def test_card_played_fires_for_cards_bought_and_played_at_once(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, fired: list[object]
) -> None:
    """Headlines on either orientation, topples and public cards are played when bought."""
    state = gallery_game(new_cards, monkeypatch)
    state.market[0][1] = HEADLINE.number
    act(state, 0, Buy(0, 1), [True])  # its event
    other = find(CardType.HEADLINE, lambda c: c.signal is HEADLINE.signal, exclude=(HEADLINE.number,))
    state.market[0][2] = other.number
    act(state, 0, Buy(0, 2), [False], then_first=True)  # its status quo: nothing else happens
    turn(state, 0)
    church = CHURCH
    act(state, 0, BuyPublic(church.number, 0))
    killed = named("President Díaz Is Killed")
    state.market[1][0] = killed.number
    act(state, 0, Buy(1, 0), then_first=True)
    played = [(e.card.number, e.paid) for e in of_type(fired, CardPlayed)]
    assert played == [
        (HEADLINE.number, 1),
        (other.number, 2),
        (church.number, church.cost),
        (killed.number, 0),
    ]
    assert state.players[2].gold == 30 + 4


def test_card_played_fires_for_diaz_s_plays(new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the solitaire, Díaz plays partners, troops, attacks and headlines bringing the Pax, for
    nothing; an enterprise, a topple or any other headline he discards is not played."""
    join_game(new_cards.CARD_9041, monkeypatch)
    from tests.porfiriana.test_solitaire import (
        DIAZ,
        HUMAN,
        diaz_takes,
        enterprise,
        plain_partners,
        solitaire_game,
    )

    state = solitaire_game(Regime.ANARCHY)
    state.players[HUMAN].row.append(Holding(9041))
    gold = state.players[HUMAN].gold
    fired: list[object] = []
    fire = hooks.fire

    def recording(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Effect:
        fired.append(event)
        yield from fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", recording)
    partner = plain_partners()[0]
    diaz_takes(monkeypatch, state, partner.number)
    pax = find(CardType.HEADLINE, lambda c: c.regime_change is Regime.PAX)
    diaz_takes(monkeypatch, state, pax.number)
    assert state.players[HUMAN].gold == gold + 2
    enterprise(state, SHOP.number, income=2)
    diaz_takes(monkeypatch, state, RAID.number)
    diaz_takes(monkeypatch, state, SHOP_2.number)  # discarded
    diaz_takes(monkeypatch, state, named("President Díaz Is Killed").number)  # discarded
    played = [(e.card.number, e.player, e.paid) for e in of_type(fired, CardPlayed)]
    assert played == [(partner.number, DIAZ, 0), (pax.number, DIAZ, 0), (RAID.number, DIAZ, 0)]
    bought = [(e.card.number, e.player) for e in of_type(fired, CardBought)]
    assert [n for n, _ in bought][-2:] == [SHOP_2.number, named("President Díaz Is Killed").number]
    assert {p for _, p in bought} == {DIAZ}


# ---------------------------------------------------------------------- 9042 Auction House


def test_auction_house_earns_on_the_other_players_purchases(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, fired: list[object]
) -> None:
    """Market cards (headlines included, bought before they are played) and public cards; what
    was paid goes with the event; the house's owner's own purchases earn nothing."""
    join_game(new_cards.CARD_9042, monkeypatch)
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    put(state, 1, 9042)
    turn(state, 0)
    state.market[0][3] = SHOP.number
    state.market[1][0] = HEADLINE.number
    act(state, 0, Buy(0, 3))
    act(state, 0, Buy(1, 0), [False], then_first=True)
    turn(state, 0)
    act(state, 0, BuyPublic(CHURCH.number, 1))
    assert state.players[1].gold == 30 + 3
    turn(state, 1)
    state.market[0][2] = SHOP_2.number
    act(state, 1, Buy(0, 2))
    bought = [(e.card.number, e.player, e.paid) for e in of_type(fired, CardBought)]
    assert bought[:3] == [
        (SHOP.number, 0, COLUMN_COSTS[3]),
        (HEADLINE.number, 0, COLUMN_COSTS[0]),
        (CHURCH.number, 0, CHURCH.cost),
    ]
    assert bought[3][:2] == (SHOP_2.number, 1)
    assert state.players[1].gold == 30 + 3 - bought[3][2]  # its owner's own purchase: nothing
    # bought before played: the headline's purchase comes before its play
    order = [type(e).__name__ for e in fired if isinstance(e, CardBought | CardPlayed)]
    assert order[1:3] == ["CardBought", "CardPlayed"]


# ---------------------------------------------------------------------- 9043 War Correspondent


def test_war_correspondent_earns_when_an_attack_on_its_owner_takes_effect(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, fired: list[object]
) -> None:
    join_game(new_cards.CARD_9043, monkeypatch)
    state = empty_state()
    put(state, 1, 9043)
    put(state, 1, SHOP.number)
    put(state, 2, SHOP_2.number)
    turn(state, 0)
    hold(state, 0, RAID.number, LAWSUIT.number)
    act(state, 0, PlayCard(RAID.number), [at(SHOP.number, 1)])
    steal = min(RAID.steal or 0, 30)
    assert state.players[1].gold == 30 - steal + 2
    state.turn.actions_left = 3
    act(state, 0, PlayCard(LAWSUIT.number), [at(None, 2)])  # another victim: nothing
    resolved = [(e.card.number, e.player, e.victim) for e in of_type(fired, AttackResolved)]
    assert resolved == [(RAID.number, 0, 1), (LAWSUIT.number, 0, 2)]
    assert state.players[1].gold == 30 - steal + 2


def test_an_attack_a_spy_cancels_resolves_nothing(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch, fired: list[object]
) -> None:
    join_game(new_cards.CARD_9043, monkeypatch)
    state = empty_state()
    put(state, 1, 9043)
    put(state, 1, SHOP.number)
    put(state, 1, named("Pinkerton").number)
    turn(state, 0)
    hold(state, 0, RAID.number)
    act(state, 0, PlayCard(RAID.number), [at(SHOP.number, 1), True])
    assert of_type(fired, AttackResolved) == [] and len(of_type(fired, CardPlayed)) == 1
    assert state.players[1].gold == 30


# ---------------------------------------------------------------------- 9044 Expropriation Board


def test_expropriation_board_nationalizes_an_american_enterprise_of_another_player(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Glossary, Nationalization: the enterprise is discarded; an owner shielded from it keeps it."""
    board = new_cards.CARD_9044
    join_game(board, monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 0, AMERICA_2.number)  # yours: not offered
    theirs = put(state, 1, AMERICA.number)
    put(state, 2, SONORA.number)  # another district: not offered
    hold(state, 0, board.number)
    asked = act(state, 0, PlayCard(board.number), [lambda c: c.number == AMERICA.number])
    assert [c.number for c in asked[-1].options] == [AMERICA.number]
    assert state.holding(AMERICA.number) is None and AMERICA.number in state.discard
    assert theirs.income == 0 and state.players[1].cubes == 15 - 2  # its cubes went home
    check_cubes(state)

    state = empty_state()
    turn(state, 0)
    put(state, 1, AMERICA.number)
    shield = find(CardType.PARTNER, lambda c: Family.IMMUNE_TO_NATIONALIZATION in c.family)
    put(state, 1, shield.number)
    hold(state, 0, board.number)
    act(state, 0, PlayCard(board.number), [lambda c: c.number == AMERICA.number])
    assert state.holding(AMERICA.number) is not None


# ---------------------------------------------------------------------- 9045 Extortion Letter


def test_extortion_letter_steals_what_its_player_has_in_command_points(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its text names its victim: up to the attacker's Command points, what the victim has."""
    letter = new_cards.CARD_9045
    join_game(letter, monkeypatch)
    state = empty_state(regime=Regime.MARTIAL_LAW)
    put(state, 0, COMMANDER.number)
    put(state, 0, CHURCH.number, side=CHURCH_COMMAND)
    state.players[1].gold = 1
    turn(state, 0)
    hold(state, 0, letter.number)
    act(state, 0, PlayCard(letter.number), [at(None, 1)])
    assert (state.players[0].gold, state.players[1].gold) == (30 - 1 + 1, 0)
    assert letter.number in state.discard and state.turn.actions_left == 2  # one action, its regime
    hold(state, 0, letter.number)
    state.discard.remove(letter.number)
    act(state, 0, PlayCard(letter.number), [at(None, 2)])
    assert (state.players[0].gold, state.players[2].gold) == (30 - 2 + 1 + 2, 30 - 2)
    hold(state, 0, letter.number)
    state.discard.remove(letter.number)
    act(state, 0, PlayCard(letter.number), [at(None, 0)])  # against yourself: nothing moves
    assert state.players[0].gold == 30 - 3 + 1 + 2


def test_a_theft_in_a_card_s_text_from_diaz_s_attack_goes_to_the_bank(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules L: Díaz keeps no gold; what his attack steals from the human leaves the game."""
    letter = new_cards.CARD_9045
    join_game(letter, monkeypatch)
    from tests.porfiriana.test_solitaire import DIAZ, HUMAN, solitaire_game

    state = solitaire_game(Regime.MARTIAL_LAW)
    for number, side in ((COMMANDER.number, None), (CHURCH.number, CHURCH_COMMAND)):
        state.players[DIAZ].row.append(Holding(number, side=side))
    gold = state.players[HUMAN].gold
    state.players[DIAZ].hand.append(letter.number)
    from paxc.runtime.porfiriana import attacks

    drive(attacks.play_attack(state, DIAZ, letter.number, Target(HUMAN, None, 0)), [])
    assert state.players[HUMAN].gold == gold - 2 and state.players[DIAZ].gold == 0


# ---------------------------------------------------------------------- 9046 Agrarista Agitator


def test_agrarista_agitator_brings_unrest_to_every_other_enterprise_in_sonora(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    agitator = new_cards.CARD_9046
    join_game(agitator, monkeypatch)
    state = empty_state()
    turn(state, 0)
    yours = put(state, 0, SONORA.number)
    theirs = put(state, 1, SONORA_2.number)
    elsewhere = put(state, 2, CHIHUAHUA.number)
    hold(state, 0, agitator.number)
    act(state, 0, PlayCard(agitator.number))
    assert (yours.unrest, theirs.unrest, elsewhere.unrest) == (0, 1, 0)
    assert not economy.working(theirs)  # glossary, Unrest Disk: it earns nothing now
    check_cubes(state)


def test_pancho_villa_raids_columbus_puts_one_unrest_on_every_enterprise_in_chihuahua() -> None:
    """Rules 003, its example: one unrest disk on each enterprise of Chihuahua, whoever's."""
    villa = named("Pancho Villa raids Columbus New Mexico")
    state = empty_state()
    seat_without(state, 0, PurchaseCost)
    turn(state, 0)
    chihuahua = [put(state, 1, CHIHUAHUA.number), put(state, 0, CHIHUAHUA_2.number)]
    sonora = put(state, 2, SONORA.number)
    chihuahua[0].unrest = 1
    state.market[0][0] = villa.number
    act(state, 0, Buy(0, 0), [True], then_first=True)
    assert [h.unrest for h in chihuahua] == [2, 1] and sonora.unrest == 0


# ---------------------------------------------------------------------- in whole games


def test_the_cards_play_in_random_games_with_every_invariant(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cards join the deck on top, so that they reach the market at once; random games (three
    players, and the solitaire for Díaz's plays) are played with every invariant checked after
    each decision, and each card's text is counted when it runs."""
    acted = count_in_random_games(
        "porfiriana",
        new_cards,
        NUMBERS,
        monkeypatch,
        seed=5,
        games=42,
        other_games=[({"solitaire": True}, 14)],
    )
    print("times each card's text ran:", dict(sorted(acted.items())))


# ---------------------------------------------------------------------- card text


def test_the_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {c.number: card_text(c) for c in result.games["porfiriana"].cards()}
    assert "your Command points each hold a prestige cube" in texts[9040]
    assert "After a player pays to play a card, you take 1 gold from the bank" in texts[9041]
    assert "After another player pays to buy a card" in texts[9042]
    assert "After a player plays a card against you, you take 2 gold from the bank" in texts[9043]
    assert "nationalize an America enterprise card in any row whose owner is not you" in texts[9044]
    assert "After a player plays this card against another player" in texts[9045]
    assert (
        "you take from the other player as much gold as your Command points, or all the other player has if less"
        in texts[9045]
    )
    assert "put 1 unrest on each Sonora enterprise card in every row whose owner is not you" in texts[9046]
