"""New Pax Pamir cards built on the pieces as general primitives (tests/pamir/fixtures/piece_cards.pax):
compiled with the game's vocabulary and played on the unchanged runtime, with no Python of their
own. Each scenario arranges a state as the rulebook describes it and shows the card acting through
the rules (a battle, a purchase, a turn's end fire the triggers), then random games play them all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from paxc.compiler.project import compile_paths
from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Card, CardType, Coalition, Region, Suit
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, pieces, rules, wakhan_cards
from paxc.runtime.pamir.card_actions import RemoveArmy, RemoveTribe
from paxc.runtime.pamir.state import BORDERS, Border, PamirState, TurnState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, drive, empty_state
from tests.pamir.test_new_cards import play

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "piece_cards.pax"
NUMBERS = range(940, 957)
AFGHAN, BRITISH = Coalition.AFGHAN, Coalition.BRITISH


@pytest.fixture(scope="module")
def piece_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("piece_cards"))


def new(piece_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(piece_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def border(a: Region, b: Region) -> Border:
    return next(x for x in BORDERS if set(x) == {a, b})


def plain_card(test: Callable[[Card], bool]) -> Card:
    """A printed court card without abilities, so that only the new card acts."""
    return court_card(lambda c: not c.abilities and test(c))


# ---------------------------------------------------------------------- the two examples


def test_victorious_levies_place_an_army_after_a_battle_once_per_turn(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    levies = new(piece_cards, 940, monkeypatch)
    state = empty_state(2)  # player 0 Afghan, player 1 British
    state.players[0].court.append(levies.number)
    state.armies[Region.HERAT][AFGHAN] = 2
    state.armies[Region.HERAT][BRITISH] = 1
    remove_british = lambda o: isinstance(o, RemoveArmy)  # noqa: E731
    # The battle removes the British army; then the owner is asked and places an Afghan army there.
    drive(card_actions.battle(state, 0, 1), [Region.HERAT, remove_british, True])
    assert state.armies[Region.HERAT] == {**state.armies[Region.HERAT], AFGHAN: 3, BRITISH: 0}
    # Once per turn: a second battle the same turn places nothing and asks nothing.
    state.armies[Region.HERAT][BRITISH] = 1
    drive(card_actions.battle(state, 0, 1), [Region.HERAT, remove_british])
    assert state.armies[Region.HERAT][AFGHAN] == 3
    # "You may": a new turn, the owner declines.
    state.turn = TurnState()
    state.armies[Region.HERAT][BRITISH] = 1
    drive(card_actions.battle(state, 0, 1), [Region.HERAT, remove_british, False])
    assert state.armies[Region.HERAT][AFGHAN] == 3
    # Another player's battle is not "after you battle".
    state.turn = TurnState()
    state.armies[Region.HERAT][AFGHAN] = 1
    state.armies[Region.HERAT][BRITISH] = 1
    drive(card_actions.battle(state, 1, 1), [Region.HERAT, remove_british])
    assert state.armies[Region.HERAT][AFGHAN] == 0 and state.armies[Region.HERAT][BRITISH] == 1


def test_victorious_levies_after_a_battle_on_a_court_card_use_its_region(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    levies = new(piece_cards, 940, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(levies.number)
    target = plain_card(lambda c: c.region is Region.PUNJAB)
    state.players[1].court.append(target.number)
    state.spies_on(target.number)[:] = [1, 1]
    drive(card_actions.battle(state, 0, 1), [target, lambda o: True, True])
    assert state.spies_on(target.number) == [1, 0]
    assert state.armies[Region.PUNJAB][AFGHAN] == 1


def test_tribal_muster_offers_rupees_or_a_tribe(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    before = state.players[0].rupees
    play(piece_cards.CARD_941, state, 0, ["you take 2 rupees from the bank"])
    assert state.players[0].rupees == before + 2 and state.tribes[Region.HERAT][0] == 0
    play(piece_cards.CARD_941, state, 0, ["you place a tribe in this card's region"])
    assert state.players[0].rupees == before + 2 and state.tribes[Region.HERAT][0] == 1
    assert state.players[0].cylinders == 10 - 1


def test_a_tribe_with_no_cylinder_left_comes_from_play_but_not_from_this_turn(
    piece_cards: ModuleType,
) -> None:
    """Component limits: with every cylinder in play, the placing player takes one from play,
    never one placed this turn; with none to take, nothing is placed."""
    state = empty_state(2)
    state.players[0].cylinders = 0
    state.tribes[Region.KABUL][0] = 1  # placed in an earlier turn
    asked = drive(pieces.place_tribe(state, 0, Region.HERAT), [("tribe", Region.KABUL)])
    assert asked[0].options == (("tribe", Region.KABUL),)
    assert state.tribes[Region.KABUL][0] == 0 and state.tribes[Region.HERAT][0] == 1
    assert state.players[0].cylinders == 0
    # The Herat tribe was placed this turn, so it cannot be taken back: nothing is placed.
    play(piece_cards.CARD_941, state, 0, ["you place a tribe in this card's region"])
    assert state.tribes[Region.HERAT][0] == 1


# ---------------------------------------------------------------------- placing, removing, moving


def test_road_wardens_place_a_road_of_your_loyalty_on_a_border(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    asked = drive(_play_effect(piece_cards.CARD_942, state, 1), [Region.PUNJAB])
    assert set(asked[0].options) == {Region.HERAT, Region.KANDAHAR, Region.PUNJAB, Region.TRANSCASPIA}
    assert state.roads[border(Region.KABUL, Region.PUNJAB)][BRITISH] == 1


def test_a_block_with_none_left_comes_from_play_but_not_from_this_turn() -> None:
    """Component limits: a coalition's 12 blocks all in play, the placing player takes one from
    anywhere in play, except those placed this turn."""
    state = empty_state(2)
    state.armies[Region.PERSIA][AFGHAN] = 11
    state.roads[border(Region.HERAT, Region.KABUL)][AFGHAN] = 1
    assert state.blocks_in_supply(AFGHAN) == 0
    asked = drive(
        pieces.place_block(state, 0, AFGHAN, border(Region.KABUL, Region.PUNJAB)),
        [("road", border(Region.HERAT, Region.KABUL))],
    )
    assert set(asked[0].options) == {("army", Region.PERSIA), ("road", border(Region.HERAT, Region.KABUL))}
    assert state.roads[border(Region.KABUL, Region.PUNJAB)][AFGHAN] == 1
    assert state.roads[border(Region.HERAT, Region.KABUL)][AFGHAN] == 0
    # The new road may not be taken back this turn: only the Persian armies are offered.
    asked = drive(pieces.place_block(state, 0, AFGHAN, Region.KABUL), [("army", Region.PERSIA)])
    assert asked[0].options == (("army", Region.PERSIA),)
    assert state.armies[Region.KABUL][AFGHAN] == 1 and state.blocks_in_play(AFGHAN) == 12


def test_frontier_raid_removes_an_army_of_another_coalition(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    state.armies[Region.PUNJAB][AFGHAN] = 1
    state.armies[Region.PUNJAB][BRITISH] = 2
    asked = drive(_play_effect(piece_cards.CARD_943, state, 0), [BRITISH])
    assert asked[0].options == (BRITISH,)  # not its own coalition's, nor one with no army there
    assert state.armies[Region.PUNJAB][BRITISH] == 1 and state.armies[Region.PUNJAB][AFGHAN] == 1


def test_hill_guides_move_a_tribe_and_the_last_one_out_overthrows(piece_cards: ModuleType) -> None:
    """Overthrow rule: a player with no tribe left in a region loses its political cards there."""
    state = empty_state(2)
    political = plain_card(lambda c: c.suit is Suit.POLITICAL and c.region is Region.KANDAHAR)
    state.players[0].court.append(political.number)
    state.tribes[Region.KANDAHAR][0] = 2
    drive(_play_effect(piece_cards.CARD_948, state, 0), [Region.PUNJAB])
    assert state.tribes[Region.KANDAHAR][0] == 1 and state.tribes[Region.PUNJAB][0] == 1
    assert political.number in state.players[0].court  # one tribe still there
    drive(_play_effect(piece_cards.CARD_948, state, 0), [Region.PUNJAB])
    assert political.number not in state.players[0].court and political.number in state.discard
    drive(_play_effect(piece_cards.CARD_948, state, 0), [])  # no tribe there: nothing to choose


def test_forced_march_moves_an_army_of_your_loyalty(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    drive(_play_effect(piece_cards.CARD_954, state, 0), [])  # no army there: nothing happens
    state.armies[Region.KABUL][AFGHAN] = 1
    drive(_play_effect(piece_cards.CARD_954, state, 0), [Region.TRANSCASPIA])
    assert state.armies[Region.KABUL][AFGHAN] == 0 and state.armies[Region.TRANSCASPIA][AFGHAN] == 1


def test_shadow_network_moves_a_spy_at_most_two_cards_along_the_ring(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    ring = [c.number for c in _plain_cards(5)]
    state.players[0].court = ring[:3]
    state.players[1].court = ring[3:]
    state.spies_on(ring[0])[0] = 1
    asked = drive(_play_effect(piece_cards.CARD_949, state, 0), [card(ring[0]), card(ring[2])])
    # From the first card: the next two either way round the ring, both courts together.
    assert {c.number for c in asked[1].options} == {ring[1], ring[2], ring[3], ring[4]}
    assert state.spies_on(ring[0])[0] == 0 and state.spies_on(ring[2])[0] == 1


def test_assassins_remove_another_players_spy_from_your_court(piece_cards: ModuleType) -> None:
    state = empty_state(3)
    watched, quiet = _plain_cards(2)
    state.players[0].court = [watched.number, quiet.number]
    state.spies_on(watched.number)[:] = [1, 0, 2]
    state.spies_on(quiet.number)[:] = [1, 0, 0]  # only your own spy: not a target
    state.players[2].cylinders -= 2
    asked = drive(_play_effect(piece_cards.CARD_950, state, 0), [watched, PlayerId(2)])
    assert asked[0].options == (watched,) and asked[1].options == (PlayerId(2),)
    assert state.spies_on(watched.number) == [1, 0, 1] and state.players[2].cylinders == 10 - 1


def test_tribal_rivalry_removes_a_rival_tribe_and_overthrows(piece_cards: ModuleType) -> None:
    state = empty_state(3)  # Afghan, British, Russian
    state.players[2].loyalty = AFGHAN  # the same loyalty as the card's owner: not a rival
    state.tribes[Region.TRANSCASPIA][1] = 1
    state.tribes[Region.TRANSCASPIA][2] = 1
    political = plain_card(lambda c: c.suit is Suit.POLITICAL and c.region is Region.TRANSCASPIA)
    state.players[1].court.append(political.number)
    asked = drive(_play_effect(piece_cards.CARD_951, state, 0), [PlayerId(1)])
    assert asked[0].options == (PlayerId(1),)
    assert state.tribes[Region.TRANSCASPIA][1] == 0 and political.number in state.discard


def test_sappers_remove_an_enemy_road(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    state.roads[border(Region.HERAT, Region.KABUL)][BRITISH] = 1
    state.roads[border(Region.HERAT, Region.KABUL)][AFGHAN] = 1
    drive(_play_effect(piece_cards.CARD_952, state, 0), [Region.KABUL, BRITISH])
    assert state.roads[border(Region.HERAT, Region.KABUL)] == {
        **state.roads[border(Region.HERAT, Region.KABUL)],
        BRITISH: 0,
        AFGHAN: 1,
    }


def test_supply_lines_count_blocks_and_cylinders_left(piece_cards: ModuleType) -> None:
    state = empty_state(2)
    before = state.players[0].rupees
    play(piece_cards.CARD_953, state, 0, [])
    assert state.players[0].rupees == before  # 12 blocks and 10 cylinders left
    state.armies[Region.PERSIA][AFGHAN] = 9  # 3 Afghan blocks left
    state.players[0].cylinders = 0
    play(piece_cards.CARD_953, state, 0, [])
    assert state.players[0].rupees == before + 3


def test_the_last_political_card_of_a_region_takes_its_tribes_along() -> None:
    """Overthrow rule, the other way: discarding a player's last political card of a region
    removes their tribes there (and the tribes go back to their supply)."""
    state = empty_state(2)
    first, second = [c for c in _plain_cards(200) if c.suit is Suit.POLITICAL and c.region is Region.HERAT][
        :2
    ]
    state.players[0].court = [first.number, second.number]
    state.tribes[Region.HERAT][0] = 2
    state.players[0].cylinders -= 2
    drive(pieces.discard_court_card(state, 0, first.number), [])
    assert state.tribes[Region.HERAT][0] == 2  # another political card of Herat is left
    drive(pieces.discard_court_card(state, 0, second.number), [])
    assert state.tribes[Region.HERAT][0] == 0 and state.players[0].cylinders == 10


# ---------------------------------------------------------------------- while in the market


def test_embargo_in_the_market_keeps_military_cards_from_russian_loyalists(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    embargo = new(piece_cards, 955, monkeypatch)
    state = empty_state(2, (Coalition.RUSSIAN, BRITISH))
    military = plain_card(lambda c: c.suit is Suit.MILITARY)
    other = plain_card(lambda c: c.suit is Suit.ECONOMIC)
    state.market[0][0] = military.number
    state.market[1][0] = other.number

    def buyable() -> set[rules.Purchase]:
        return {a for a in rules.legal_actions(state, 0) if isinstance(a, rules.Purchase)}

    assert buyable() == {rules.Purchase(0, 0), rules.Purchase(1, 0)}
    state.market[1][3] = embargo.number
    assert buyable() == {rules.Purchase(1, 0), rules.Purchase(1, 3)}  # the embargo itself is Economic
    state.players[0].loyalty = AFGHAN  # loyal to another coalition: the embargo does not apply
    assert buyable() == {rules.Purchase(0, 0), rules.Purchase(1, 0), rules.Purchase(1, 3)}
    state.players[0].loyalty = Coalition.RUSSIAN
    state.market[1][3] = None
    state.players[1].court.append(embargo.number)  # in play it does nothing: its effect is in the market
    assert buyable() == {rules.Purchase(0, 0), rules.Purchase(1, 0)}


def test_a_market_card_can_change_its_own_cost_and_swallow_rupees(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    bargain = new(piece_cards, 956, monkeypatch)
    state = empty_state(2)
    state.market[0][0] = bargain.number
    state.market[0][2] = plain_card(lambda c: True).number
    assert market_cost(state, 0, 0) == 0  # never below nothing
    drive(rules.purchase(state, 0, 0, 2), [])  # pays 1 rupee onto each card to its left
    assert state.market_rupees[0][0] == 0 and state.market_rupees[0][1] == 1
    state.market[0][0], state.market[0][3] = None, bargain.number
    assert market_cost(state, 0, 3) == 2  # column 3 costs 3, this card 1 less
    state.market[1][3] = plain_card(lambda c: c.number != state.market[0][3]).number
    assert market_cost(state, 1, 3) == 3  # the other cards' costs are their own


def market_cost(state: PamirState, row: int, column: int) -> int:
    from paxc.runtime.pamir import market

    return market.purchase_cost(state, 0, row, column)


# ---------------------------------------------------------------------- triggers fired by the rules


def test_watchful_elders_see_every_tribe_placed_in_their_region(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    elders = new(piece_cards, 944, monkeypatch)
    state = empty_state(2)
    state.players[1].court.append(elders.number)
    before = state.players[1].rupees
    drive(pieces.place_tribe(state, 0, Region.PERSIA), [])
    drive(pieces.place_tribe(state, 0, Region.HERAT), [])  # another region
    drive(pieces.place_block(state, 0, AFGHAN, Region.PERSIA), [])  # an army, not a tribe
    assert state.players[1].rupees == before + 1


def test_blood_feud_pays_for_pieces_another_player_removes(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    feud = new(piece_cards, 945, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(feud.number)
    state.tribes[Region.HERAT][0] = 2
    state.armies[Region.HERAT][BRITISH] = 1
    before = state.players[0].rupees
    drive(card_actions.battle(state, 1, 1), [Region.HERAT, lambda o: isinstance(o, RemoveTribe)])
    assert state.tribes[Region.HERAT][0] == 1 and state.players[0].rupees == before + 1
    drive(pieces.remove_tribe(state, 0, Region.HERAT, remover=0), [])  # your own removal
    assert state.players[0].rupees == before + 1


def test_caravan_tolls_answer_another_players_purchase(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    tolls = new(piece_cards, 946, monkeypatch)
    state = empty_state(2)
    state.players[1].court.append(tolls.number)
    bought, also = _plain_cards(2)
    state.market[0][0] = bought.number
    state.market[1][0] = also.number
    before = state.players[1].rupees
    drive(rules.purchase(state, 0, 0, 0), [])
    assert bought.number in state.players[0].hand and state.players[1].rupees == before + 1
    drive(rules.purchase(state, 1, 1, 0), [])  # the owner's own purchase
    assert state.players[1].rupees == before + 1


def test_evening_council_acts_at_the_end_of_your_turn(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    council = new(piece_cards, 947, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(council.number)
    state.players[0].rupees = 0
    end_turn = [lambda option: isinstance(option, rules.EndTurn)]
    drive(rules.take_turn(state, 1), list(end_turn), then_first=True)
    assert state.players[0].rupees == 0  # another player's turn
    drive(rules.take_turn(state, 0), list(end_turn), then_first=True)
    assert state.players[0].rupees == 1
    drive(rules.take_turn(state, 0), list(end_turn), then_first=True)
    assert state.players[0].rupees == 1  # not at 0 any more
    # A turn whose cleanup ends the game (the final dominance check leaves the market) ends no
    # more: the card does not act.
    state.players[0].rupees = 0
    state.checks_resolved = 3
    state.market[0][0] = next(c.number for c in CARDS if c.card_type is CardType.DOMINANCE_CHECK)
    drive(rules.take_turn(state, 0), list(end_turn), then_first=True)
    assert state.over and state.players[0].rupees == 0


def test_the_rules_and_wakhan_fire_card_bought_and_turn_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's turns end with turn_ended and its purchases fire card_bought, Wakhan's too."""
    from paxc.generated.pamir.vocabulary import CardBought, TurnEnded
    from paxc.runtime.commands import play_one

    fired: Counter[tuple[str, int]] = Counter()
    real_fire = hooks.fire

    def record(state: PamirState, event: object) -> Any:
        if isinstance(event, TurnEnded):
            fired["turn_ended", event.player] += 1
        elif isinstance(event, CardBought):
            fired["card_bought", event.buyer] += 1
        return real_fire(state, event)

    monkeypatch.setattr(hooks, "fire", record)
    # As when some card listens: the rules make these events only for a listener.
    monkeypatch.setattr(hooks, "listens", lambda event_type: True)
    for seed in (1, 2):
        assert play_one("pamir", {"players": 1, "wakhan": True}, seed, check=True).error is None
    assert {key for key in fired} == {
        (kind, seat) for kind in ("turn_ended", "card_bought") for seat in (0, 1)
    }


def test_loyalty_is_a_coalition_for_every_player_wakhan_included() -> None:
    state = rules.new_state({"players": 1, "wakhan": True}, seed=3)
    seat = wakhan_cards.seat_of(state).seat
    assert state.players[seat].loyalty is None
    free = pieces.loyalty_of(state, seat)  # before her first AI card: a coalition nobody holds
    assert free not in {p.loyalty for p in state.players}
    wakhan_cards.draw(state)
    read = wakhan_cards.current_reading(state)
    assert read is not None and pieces.loyalty_of(state, seat) is wakhan_cards.pragmatic_loyalty(state, read)


def test_the_piece_cards_read_as_their_notes_say() -> None:
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {c.number: card_text(c) for c in result.games["pamir"].cards()}
    assert (
        "Once per turn, after you battle in a region, you may place 1 army of your loyalty in the region"
        in texts[940]
    )
    assert "After a piece (tribe) of a player is placed in this card's region" in texts[944]
    assert "At the end of your turn, if you have no rupees" in texts[947]
    assert "the distance from origin to destination along the courts is at most 2" in texts[949]
    # a choice whose phrase would name a later choice first is said as a step of its own
    assert "remove a road of enemy between this card's region and other" in texts[952]
    assert (
        "While in the market, a Military card may not be bought by a player whose loyalty is Russian"
        in (texts[955])
    )
    assert (
        "While in the market, the cost for a player to buy this card is 1 less, but not less than 0"
        in texts[956]
    )


MISUSED = """\
game pamir

card 959 "Misused Pieces" court {
  provenance reconstructed
  region Kabul
  suit Military
  rank 1
  on play {
    place_road for you from Kabul to Punjab
    remove_tribe from Kabul
    move_spy for you from Kabul to Punjab
  }
  when piece_placed if piece == Kabul {
    gain loyalty(you)
  }
  while in play {
    modify may_cross to 2
  }
}
"""


def test_misused_piece_primitives_get_located_diagnostics(tmp_path: Path) -> None:
    bad = tmp_path / "misused.pax"
    bad.write_text(MISUSED, encoding="utf-8")
    result = compile_paths([bad], REPO)
    found = [(d.span.line, d.code.value) for d in result.diagnostics]
    assert found == [
        (9, "wrong-type"),  # a player where the road's coalition goes
        (10, "wrong-arguments"),  # whose tribe: 'for ...' is missing
        (11, "wrong-type"),  # a spy moves between cards, not regions
        (11, "wrong-type"),
        (13, "wrong-type"),  # a piece compared with a region
        (14, "wrong-type"),  # a loyalty is no amount of rupees
        (17, "wrong-type"),  # may_cross says yes or no
    ], result.render_diagnostics()
    assert "it is written: remove_tribe for player from region" in result.render_diagnostics()


def test_the_piece_cards_play_in_random_games_with_every_invariant(
    piece_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new cards join the deck on top, so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, and each
    card's effects are counted as they run (by wrapping them: the runtime cannot tell)."""
    acted = count_in_random_games("pamir", piece_cards, NUMBERS, monkeypatch, seed=5, games=60)
    print("times each piece card acted in 60 games:", dict(sorted(acted.items())))


# ---------------------------------------------------------------------- helpers


def _play_effect(printed: Card, state: PamirState, player: int) -> Any:
    """The card's `on play` effect as the rules run it, for a scenario to drive."""
    from paxc.runtime.core.abilities import run_effect
    from paxc.runtime.pamir.context import PamirContext

    (one_shot,) = printed.abilities[0].one_shots
    return run_effect(one_shot.run(PamirContext(state, player, printed.number)))


def _plain_cards(count: int) -> list[Card]:
    from paxc.generated.pamir import CARDS
    from paxc.generated.pamir.vocabulary import CardType

    return [c for c in CARDS if c.card_type is CardType.COURT and not c.abilities][:count]
