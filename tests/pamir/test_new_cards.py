"""New Pax Pamir cards written in the card language alone (tests/pamir/fixtures/new_cards.pax):
compiled with the game's vocabulary and played on the unchanged runtime, with no Python of their
own. Each reads the state through the zones (`cards in court of you`, `cards in every court`,
`card.owner`) and acts through the language's general statements (`move ... to discard`, `gain`)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from paxc.compiler.project import compile_paths
from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import (
    Action,
    ActionTaken,
    Card,
    CardPlayed,
    CardType,
    Duration,
    Impact,
    MayCross,
    Piece,
    Region,
    Suit,
)
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import Effect, PlayerId
from paxc.runtime.pamir import card_actions, hooks, rules
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, TurnState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "new_cards.pax"


@pytest.fixture(scope="module")
def new_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("new_cards"))


def play(card: Card, state: PamirState, player: int, answers: list[Answer]) -> None:
    """Run the card's `on play` effect as the rules do when `player` plays it."""
    (one_shot,) = card.abilities[0].one_shots
    assert one_shot.timing == "play"
    drive(run_effect(one_shot.run(PamirContext(state, player, card.number))), answers)


def test_court_intrigue_discards_a_card_watched_by_your_spy(new_cards: ModuleType) -> None:
    state = empty_state(3)
    watched = court_card(lambda c: c.suit is Suit.ECONOMIC)
    unwatched = court_card(lambda c: c.suit is Suit.MILITARY)
    mine = court_card(lambda c: c.suit is Suit.POLITICAL)
    state.players[1].court += [watched.number, unwatched.number]
    state.players[0].court.append(mine.number)
    state.spies_on(watched.number)[0] = 1
    state.spies_on(mine.number)[0] = 1  # a spy on your own card does not make it a target
    state.players[0].cylinders -= 2
    asked: list[Card] = []

    def pick(card: Card) -> bool:
        asked.append(card)
        return True

    play(new_cards.CARD_901, state, 0, [pick])
    assert asked == [watched]  # the only card of another court with your spy
    assert watched.number not in state.players[1].court and watched.number in state.discard
    assert state.players[0].cylinders == 10 - 1  # the spy on the discarded card came home


def test_court_intrigue_with_no_target_does_nothing(new_cards: ModuleType) -> None:
    state = empty_state(2)
    other = court_card(lambda c: c.suit is Suit.ECONOMIC)
    state.players[1].court.append(other.number)
    play(new_cards.CARD_901, state, 0, [])
    assert state.players[1].court == [other.number]


def court_cards_where(test: Callable[[Card], bool], count: int) -> list[int]:
    return [c.number for c in CARDS if c.card_type is CardType.COURT and test(c)][:count]


def test_war_chest_counts_military_cards_in_your_court(new_cards: ModuleType) -> None:
    state = empty_state(2)
    first, second, theirs = court_cards_where(lambda c: c.suit is Suit.MILITARY, 3)
    state.players[0].court += [first, second, *court_cards_where(lambda c: c.suit is Suit.POLITICAL, 1)]
    state.players[1].court.append(theirs)
    before = state.players[0].rupees
    play(new_cards.CARD_902, state, 0, [])
    assert state.players[0].rupees == before + 2


def test_spymasters_ledger_looks_for_spy_icons_in_every_court(new_cards: ModuleType) -> None:
    state = empty_state(3)
    first, second = court_cards_where(lambda c: Impact.SPY in c.impact, 2)
    (quiet,) = court_cards_where(lambda c: Impact.SPY not in c.impact, 1)
    state.players[1].court.append(first)
    state.players[2].court += [second, quiet]
    before = state.players[0].rupees
    play(new_cards.CARD_903, state, 0, [])
    assert state.players[0].rupees == before + 2


def test_tribal_levy_offers_rupees_or_a_tribe(new_cards: ModuleType) -> None:
    state = empty_state(2)
    before = state.players[0].rupees
    play(new_cards.CARD_904, state, 0, ["you take 2 rupees from the bank"])
    assert state.players[0].rupees == before + 2 and state.tribes[Region.KANDAHAR][0] == 0
    play(new_cards.CARD_904, state, 0, ["you place a tribe in this card's region"])
    assert state.players[0].rupees == before + 2 and state.tribes[Region.KANDAHAR][0] == 1


def test_bazaar_informants_answer_any_play_of_a_spy_card(new_cards: ModuleType) -> None:
    """The trigger fires from the rules: the informants sit in player 1's court, player 0 plays."""
    state = empty_state(2)
    (spying,) = court_cards_where(lambda c: Impact.SPY in c.impact and not c.abilities, 1)
    (quiet,) = court_cards_where(lambda c: Impact.SPY not in c.impact and not c.abilities, 1)
    informants = new_cards.CARD_905
    (trigger,) = informants.abilities[0].triggers
    ctx = PamirContext(state, 1, informants.number)
    assert trigger.applies(ctx, CardPlayed(card(spying), PlayerId(0)))
    assert not trigger.applies(ctx, CardPlayed(card(quiet), PlayerId(0)))
    before = state.players[1].rupees
    drive(run_effect(trigger.run(ctx, CardPlayed(card(spying), PlayerId(0)))), [])
    assert state.players[1].rupees == before + 1


def test_playing_a_card_fires_card_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The general trigger every 'when a card is played' ability rests on."""

    state = empty_state(2)
    (played,) = court_cards_where(lambda c: not c.abilities and c.patriot is None, 1)
    state.players[0].hand.append(played)
    fired: list[object] = []

    def record(state: PamirState, event: object) -> Effect:
        fired.append(event)
        yield from ()

    monkeypatch.setattr(hooks, "fire", record)
    # As when some card listens: the rules make these events only for a listener.
    monkeypatch.setattr(hooks, "listens", lambda event_type: True)
    drive(rules.play(state, 0, played, left=False), [], then_first=True)
    assert CardPlayed(card(played), PlayerId(0)) in fired


def test_bribed_officials_make_your_betrayals_cheaper(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    officials = new_cards.CARD_906
    join_game(officials, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(officials.number)
    assert card_actions.cost(state, 0, Action.BETRAY, 2) == 1
    assert card_actions.cost(state, 1, Action.BETRAY, 2) == 2  # only the owner's betrayals
    assert card_actions.cost(state, 0, Action.BUILD, 2) == 2  # only betrayals
    state.players[0].court.remove(officials.number)
    assert card_actions.cost(state, 0, Action.BETRAY, 2) == 2  # once it leaves the court


def test_bribed_officials_let_a_betrayal_cost_one_rupee(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one rupee and the officials in court, the betrayal is offered, taken and paid at 1."""
    officials = new_cards.CARD_906
    join_game(officials, monkeypatch)
    state = empty_state(2)
    betrayer = court_card(lambda c: Action.BETRAY in c.actions and not c.abilities)
    target = court_card(lambda c: c.prize is None and not c.abilities and c.number != betrayer.number)
    state.players[0].court += [officials.number, betrayer.number]
    state.players[1].court.append(target.number)
    state.spies_on(target.number)[0] = 1
    state.players[0].rupees = 1
    use = card_actions.UseCard(betrayer.number, Action.BETRAY)
    assert use in card_actions.options(state, 0)
    drive(card_actions.perform(state, 0, use), [target])
    assert target.number in state.discard and state.players[0].rupees == 0


def test_court_patronage_offers_the_gift_spaces_at_their_lowered_price_and_charges_it(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 2 rupees and gifts 2 cheaper, the spaces of 2 and 4 are offered (at 0 and 2); the
    space of 4 costs its giver the 2 rupees."""
    patronage = new_cards.CARD_909
    join_game(patronage, monkeypatch)
    state = empty_state(2)
    giver = court_card(lambda c: Action.GIFT in c.actions and not c.abilities)
    state.players[0].court += [patronage.number, giver.number]
    state.players[0].rupees = 2
    asked = drive(
        card_actions.perform(state, 0, card_actions.UseCard(giver.number, Action.GIFT)),
        [card_actions.GiftSpace(4)],
    )
    assert asked[0].options == (card_actions.GiftSpace(2), card_actions.GiftSpace(4))
    assert state.players[0].gifts == [4] and state.players[0].rupees == 0


def test_khyber_guides_open_one_border_one_way(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no road anywhere, the guides let an army go from Kabul into Punjab and nowhere else."""
    guides = new_cards.CARD_914
    join_game(guides, monkeypatch)
    state = empty_state(2)
    mover = court_card(lambda c: Action.MOVE in c.actions and c.rank == 1 and not c.abilities)
    loyalty = state.players[0].loyalty
    assert loyalty is not None
    state.players[0].court += [guides.number, mover.number]
    state.armies[Region.KABUL][loyalty] = 1
    state.armies[Region.PUNJAB][loyalty] = 1
    asked = drive(
        card_actions.perform(state, 0, card_actions.UseCard(mover.number, Action.MOVE)),
        [card_actions.MoveArmy(Region.KABUL, Region.PUNJAB)],
    )
    assert asked[0].options == (card_actions.MoveArmy(Region.KABUL, Region.PUNJAB),)
    assert state.armies[Region.PUNJAB][loyalty] == 2


def test_khyber_guides_open_their_border_to_tribes_moving_as_armies(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under Nationalism a tribe moves as an army: the guides let it go from Kabul into Punjab,
    and only there."""
    guides = new_cards.CARD_914
    join_game(guides, monkeypatch)
    state = empty_state(2)
    mover = court_card(lambda c: Action.MOVE in c.actions and c.rank == 1 and not c.abilities)
    state.players[0].court += [guides.number, mover.number]
    state.tribes[Region.KABUL][0] = 1
    state.tribes[Region.PUNJAB][0] = 1
    give_nationalism(state, 0)
    asked = drive(
        card_actions.perform(state, 0, card_actions.UseCard(mover.number, Action.MOVE)),
        [card_actions.MoveTribe(Region.KABUL, Region.PUNJAB)],
    )
    assert asked[0].options == (card_actions.MoveTribe(Region.KABUL, Region.PUNJAB),)
    assert state.tribes[Region.PUNJAB][0] == 2


def test_court_patronage_makes_the_cheapest_gift_free(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A price lowered below nothing costs nothing, not 1: with no rupee the space of 2 is given."""
    patronage = new_cards.CARD_909
    join_game(patronage, monkeypatch)
    state = empty_state(2)
    giver = court_card(lambda c: Action.GIFT in c.actions and not c.abilities)
    state.players[0].court += [patronage.number, giver.number]
    state.players[0].rupees = 0
    use = card_actions.UseCard(giver.number, Action.GIFT)
    assert use in card_actions.options(state, 0)
    drive(card_actions.perform(state, 0, use), [])
    assert state.players[0].gifts == [2] and state.players[0].rupees == 0


def test_road_engineers_let_a_build_of_one_unit_cost_one_rupee(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    engineers = new_cards.CARD_917
    join_game(engineers, monkeypatch)
    state = empty_state(2)
    builder = court_card(lambda c: Action.BUILD in c.actions and not c.abilities)
    loyalty = state.players[0].loyalty
    assert loyalty is not None
    state.players[0].court += [engineers.number, builder.number]
    state.tribes[Region.KABUL][0] = 1  # player 0 rules Kabul
    state.players[0].rupees = 1
    # Offered at the lowered price: with one rupee, a build at the printed two would not be.
    assert card_actions.UseCard(builder.number, Action.BUILD) in card_actions.options(state, 0)
    drive(
        card_actions.perform(state, 0, card_actions.UseCard(builder.number, Action.BUILD)),
        [card_actions.BuildArmy(Region.KABUL)],
    )
    assert state.armies[Region.KABUL][loyalty] == 1 and state.players[0].rupees == 0


def test_loyal_retainers_keep_their_owners_cards_from_anybody_elses_betrayal(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulebook, Betray: a player may betray a card of their own court; the retainers leave
    that to their owner alone."""
    retainers = new_cards.CARD_918
    join_game(retainers, monkeypatch)
    state = empty_state(2)
    target = court_card(lambda c: c.prize is None and not c.abilities)
    state.players[0].court += [retainers.number, target.number]
    state.spies_on(target.number)[0] = 1
    state.spies_on(target.number)[1] = 1
    assert card(target.number) in card_actions.betray_targets(state, 0)
    assert card(target.number) not in card_actions.betray_targets(state, 1)


def test_kabul_tax_rolls_tax_the_players_with_a_kabul_card_and_no_other(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    rolls = new_cards.CARD_919
    join_game(rolls, monkeypatch)
    state = empty_state(3)
    taxer = court_card(
        lambda c: (
            c.actions == (Action.TAX,) and c.rank == 1 and c.region is not Region.KABUL and not c.abilities
        )
    )
    state.players[0].court += [rolls.number, taxer.number]
    state.players[1].court.append(court_card(lambda c: c.region is Region.KABUL and not c.abilities).number)
    state.players[2].court.append(court_card(lambda c: c.region is Region.PUNJAB and not c.abilities).number)
    asked = drive(
        card_actions.perform(state, 0, card_actions.UseCard(taxer.number, Action.TAX)),
        [PlayerId(1)],
    )
    assert asked[0].options == (PlayerId(1),)  # player 0 rules no region
    assert state.players[1].rupees == 3


def crosses(state: PamirState, player: int) -> bool:
    """Whether the player's army may cross from Kabul to Punjab, where there is no road."""
    return hooks.modified(state, MayCross(Piece.ARMY, Region.KABUL, Region.PUNJAB, PlayerId(player)), False)


def test_mountain_guides_last_until_the_end_of_your_turn(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    guides = new_cards.CARD_907
    join_game(guides, monkeypatch)
    state = empty_state(2)
    play(guides, state, 0, [])
    assert crosses(state, 0)  # in effect at once
    assert not crosses(state, 1)  # for its owner only
    copy = state.copy()
    assert copy.lasting == state.lasting and copy.digest() == state.digest()  # saves carry it
    drive(rules.take_turn(state, 1), [lambda option: isinstance(option, rules.EndTurn)], then_first=True)
    assert state.lasting  # another player's turn ended: still in effect
    drive(rules.take_turn(state, 0), [lambda option: isinstance(option, rules.EndTurn)], then_first=True)
    assert state.lasting == [] and not crosses(state, 0)


def give_nationalism(state: PamirState, player: int) -> None:
    """The event Nationalism bought by the player: their tribes move and battle as armies."""
    nationalism = next(c for c in CARDS if any(side.name == "Nationalism" for side in c.sides))
    side = next(s for s in nationalism.sides if s.name == "Nationalism")
    assert side.resolved_when is not None
    drive(rules.resolve_event(state, nationalism.number, side.resolved_when, player), [])


def test_mountain_guides_let_an_army_move_without_a_road_not_a_tribe(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guides speak of armies: a move action offers the army every border of Kabul, road or
    none, and the tribe moving as an army (Nationalism) no border without a road."""
    guides = new_cards.CARD_907
    join_game(guides, monkeypatch)
    state = empty_state(2)
    mover = court_card(lambda c: Action.MOVE in c.actions and not c.abilities)  # rank 2
    loyalty = state.players[0].loyalty
    assert loyalty is not None
    state.players[0].court.append(mover.number)
    state.armies[Region.KABUL][loyalty] = 1
    state.tribes[Region.HERAT][0] = 1
    give_nationalism(state, 0)
    play(guides, state, 0, [])
    asked = drive(
        card_actions.perform(state, 0, card_actions.UseCard(mover.number, Action.MOVE)),
        [card_actions.MoveArmy(Region.KABUL, Region.PUNJAB), card_actions.Done()],
    )
    moves = asked[0].options
    assert {m.destination for m in moves if isinstance(m, card_actions.MoveArmy)} == {
        Region.HERAT,
        Region.KANDAHAR,
        Region.PUNJAB,
        Region.TRANSCASPIA,
    }
    assert not any(isinstance(m, card_actions.MoveTribe) for m in moves)  # no road out of Herat
    assert state.armies[Region.PUNJAB][loyalty] == 1


def test_a_lasting_effect_until_the_next_dominance_check(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paxc.runtime.pamir import scoring

    guides = new_cards.CARD_907
    join_game(guides, monkeypatch)
    state = empty_state(2)
    ctx = PamirContext(state, 0, guides.number)
    drive(ctx.start_lasting(guides, 0, Duration.NEXT_DOMINANCE_CHECK), [])
    drive(rules.take_turn(state, 0), [lambda option: isinstance(option, rules.EndTurn)], then_first=True)
    assert state.lasting  # a turn's end does not end it
    drive(scoring.resolve_check(state), [])  # the check, then what answers its end
    assert state.lasting == []


def test_tax_farmers_act_once_per_turn(new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    farmers = new_cards.CARD_908
    join_game(farmers, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(farmers.number)
    before = state.players[0].rupees
    taxed = ActionTaken(Action.TAX, PlayerId(0))
    drive(hooks.fire(state, taxed), [True])  # optional: the owner says yes
    drive(hooks.fire(state, taxed), [])  # the same turn: it does not act again, nor ask
    assert state.players[0].rupees == before + 1
    drive(hooks.fire(state, ActionTaken(Action.TAX, PlayerId(1))), [])  # another player's tax
    state.turn = TurnState()  # a new turn
    drive(hooks.fire(state, taxed), [True])
    assert state.players[0].rupees == before + 2


def test_the_new_cards_read_as_their_notes_say(new_cards: ModuleType) -> None:
    from paxc.compiler.render import card_text

    result = compile_paths([FIXTURE], REPO)
    texts = {card.number: card_text(card) for card in result.games["pamir"].cards()}
    assert "discard a card in any court whose owner is not you with spies of yours on it" in texts[901]
    assert (
        "as many rupees as the number of cards c in your court where the suit of c is Military" in texts[902]
    )
    assert "where the impact of c includes spy" in texts[903]
    assert "Once per turn, after you take a tax action" in texts[908]


def test_the_new_cards_play_in_random_games_with_every_invariant(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new cards join the deck, on top so that they reach the market at once; random
    three-player games are played with every invariant checked after each decision, and every
    card's effects run or apply (counted by wrapping them: the runtime cannot tell)."""
    count_in_random_games("pamir", new_cards, range(901, 909), monkeypatch, seed=5, games=40)


def test_random_games_fail_for_a_card_that_never_acts(
    new_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counting itself can fail: with no game played, no card acts, and the test says which."""
    with pytest.raises(AssertionError, match=r"never acted: \[901, 902\]"):
        count_in_random_games("pamir", new_cards, (901, 902), monkeypatch, seed=5, games=0, rare_games=0)
