"""The listing of a turn's options asks whether each card action can do something the cheap way
(`card_actions._any_battle_site`, `_any_move`: no site, removal or move made when no ability
changes where pieces may go or what a battle may remove; `_market_holds_rupees` and
`_any_betray_target`: no generator or list of targets made). Each gives what finding the first
site, move, tax source or betrayal target gives, for every player at every decision of random
games. The whole listing gives what the plain rules give (`plain_listing`: every market card by
its cost, every hand card by its bribe, every court card's action by its first step and cost) at
every turn's decision of random games."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Action, CardType, Coalition, Region, SpyMayMove
from paxc.runtime.commands import game_options, kit_of
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.pamir import card_actions, hooks, market, pieces, rules
from paxc.runtime.pamir.state import BASE_ACTIONS, MARKET_COLUMNS, MARKET_ROWS, PamirState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import court_card, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "listing_cards.pax"


@pytest.mark.parametrize(("players", "variants"), [(2, {}), (5, {}), (1, {"wakhan": True})])
def test_the_cheap_questions_of_a_listing_give_what_the_first_option_found_gives(
    players: int, variants: dict[str, bool]
) -> None:
    kit = kit_of("pamir")
    chosen = game_options("pamir", players, variants)
    seen: dict[str, set[bool]] = {"battle": set(), "move": set(), "tax": set(), "betray": set()}
    for seed in (31, 32, 33):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            state = session.state
            for player in range(len(state.players)):
                battle = card_actions._any_battle_site(state, player)
                assert battle == card_actions._any(card_actions._each_battle_site(state, player))
                move = card_actions._any_move(state, player)
                assert move == card_actions._any(card_actions._each_move(state, player))
                tax = card_actions._possible(state, player, Action.TAX)
                assert tax == card_actions._any(card_actions._each_tax_source(state, player))
                betray = card_actions._any_betray_target(state, player)
                assert betray == bool(card_actions._betray_targets(state, player))
                seen["battle"].add(battle)
                seen["move"].add(move)
                seen["tax"].add(tax)
                seen["betray"].add(betray)
            session.apply_action(bot.choose(session))
    assert all(answers == {True, False} for answers in seen.values())  # both answers were reached


def _first_step(state: PamirState, player: int, action: Action) -> bool:
    """Whether a card action can do something, found the plain way: its least cost paid (gifts,
    builds, betrayals) and a first option found among all of them."""
    rupees = state.players[player].rupees
    if action is Action.BATTLE:
        return card_actions._any(card_actions._each_battle_site(state, player))
    if action is Action.MOVE:
        return card_actions._any(card_actions._each_move(state, player))
    if action is Action.TAX:
        return card_actions._any(card_actions._each_tax_source(state, player))
    if rupees < card_actions._minimum_cost(state, player, action):
        return False
    if action is Action.GIFT:
        return bool(card_actions._empty_gift_spaces(state, player)) and pieces.cylinder_available(
            state, player
        )
    if action is Action.BUILD:
        return bool(card_actions._build_spots(state, player))
    return bool(card_actions._betray_targets(state, player))


def plain_listing(state: PamirState, player: int) -> list[rules.Action]:
    """A turn's options as the rules give them, each asked on its own: the market cards the
    player can pay for and may buy, the hand cards whose bribe they can pay, and each unused court
    card's actions (bonus ones only when no action is left) that can do something and whose
    hostage bribe they can pay."""
    me = state.players[player]
    options: list[rules.Action] = [rules.EndTurn()]
    actions_left = state.turn.actions_taken < BASE_ACTIONS
    if actions_left:
        for row in range(MARKET_ROWS):
            for column in range(MARKET_COLUMNS):
                number = state.market[row][column]
                if (
                    number is not None
                    and number not in state.turn.paid_onto
                    and market.purchase_cost(state, player, row, column) <= me.rupees
                    and market.may_purchase(state, player, number)
                ):
                    options.append(rules.Purchase(row, column))
        for number in me.hand:
            if rules.can_pay_bribe(state, player, number):
                options += [rules.Play(number, False)] + ([rules.Play(number, True)] if me.court else [])
    for number in me.court:
        if number in state.turn.used_cards or not (
            actions_left or card_actions.is_bonus(state, player, number)
        ):
            continue
        for action in card(number).actions:
            holder = card_actions.hostage_holder(state, number)
            if _first_step(state, player, action) and (
                holder is None or card_actions._can_pay_hostage_bribe(state, player, holder, number, action)
            ):
                options.append(card_actions.UseCard(number, action))
    return options


@pytest.mark.parametrize(
    ("players", "variants"), [(2, {}), (3, {}), (5, {}), (1, {"wakhan": True}), (2, {"wakhan": True})]
)
def test_a_turns_listing_gives_what_the_plain_rules_give(players: int, variants: dict[str, bool]) -> None:
    kit = kit_of("pamir")
    chosen = game_options("pamir", players, variants)
    listings = 0
    for seed in (41, 42, 43, 44):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            pending = session.pending
            assert pending is not None
            if pending.prompt == "Take an action, or end your turn":
                listed = list(pending.options)
                assert listed == plain_listing(session.state, session.current_player())
                listings += 1
            session.apply_action(bot.choose(session))
    assert listings > 50  # Wakhan ends her games sooner


def test_a_battle_whose_only_target_a_card_shelters_is_not_offered() -> None:
    """Citadel of Ghazni (17): battles cannot remove its owner's tribes in Kabul. A Russian army
    beside a British player's tribe there has nothing to remove: no battle is offered, though the
    cheap question alone (no ability looked at) would see an enemy tribe."""
    citadel = court_card(lambda c: c.name == "Citadel of Ghazni")
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    state.armies[Region.KABUL][Coalition.RUSSIAN] = 1
    state.tribes[Region.KABUL][0] = 1
    state.players[0].cylinders -= 1
    assert card_actions._possible(state, 1, Action.BATTLE)  # the tribe, sheltered by nothing yet
    state.players[0].court.append(citadel.number)
    assert not card_actions._possible(state, 1, Action.BATTLE)
    assert not card_actions._any(card_actions._each_battle_site(state, 1))


@pytest.fixture(scope="module")
def listing_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("listing_cards"))


PLAIN = next(c for c in CARDS if c.card_type is CardType.COURT and not c.abilities)


def test_no_betrayal_is_offered_to_a_player_a_card_forbids_to_betray(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listing asks `may_betray` with the betrayer: Sworn Loyalist (927, fixture) forbids
    its owner to betray, and nothing else."""
    loyalist = listing_cards.CARD_927
    join_game(loyalist, monkeypatch)
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    state.players[1].court = [PLAIN.number]
    state.spies_on(PLAIN.number)[0] = 1
    assert card_actions._any_betray_target(state, 0)
    state.players[0].court.append(loyalist.number)
    assert not card_actions._any_betray_target(state, 0)
    assert not card_actions._betray_targets(state, 0)


def test_no_move_is_offered_to_a_spy_a_card_forbids_to_move(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listing looks for an ability changing where a spy may go before it answers from the
    ring alone: Watched Agents (928, fixture) forbids its owner's spies to move. Player 0's only
    spy, on a ring of two cards, has a step to take until the card joins their court."""
    watched = listing_cards.CARD_928
    join_game(watched, monkeypatch)
    other = next(c for c in CARDS if c.card_type is CardType.COURT and not c.abilities and c is not PLAIN)
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    state.players[1].court = [PLAIN.number]
    state.spies_on(PLAIN.number)[0] = 1
    state.players[0].court = [other.number]
    assert card_actions._any_move(state, 0)
    state.players[0].court = [watched.number]
    assert not card_actions._any_move(state, 0)
    assert not card_actions._any(card_actions._each_move(state, 0))
    # Only its owner's: player 1's spy on it may still step.
    state.spies_on(watched.number)[1] = 1
    assert card_actions._any_move(state, 1)


def test_a_spy_whose_neighbours_are_forbidden_may_still_move_farther(monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing asks about each spy's two neighbours first (`card_actions._any_spy_move`),
    then about every other card: an ability forbidding the steps the rules allow and allowing
    one two steps away (stood in here by the modifiers' answer) leaves that move, as the full
    list of moves finds."""
    state, plain = _ring_of_four(monkeypatch, lambda destination, value: destination == plain[2])
    moves = list(card_actions._each_spy_move(state, 0))
    assert [(m.origin.number, m.destination.number) for m in moves] == [(plain[0], plain[2])]
    assert card_actions._any_move(state, 0)


def _ring_of_four(
    monkeypatch: pytest.MonkeyPatch, allowed: Callable[[int, bool], bool]
) -> tuple[PamirState, list[int]]:
    """Four plain court cards (two a player), player 0's spy on the first, whose neighbours along
    the ring are the last and the second; an ability deciding where a spy may go stood in by the
    modifiers' answer `allowed(destination, value)`, asked with the game's state and the spy's
    owner."""
    plain = [c.number for c in CARDS if c.card_type is CardType.COURT and not c.abilities][:4]
    state = empty_state(2, (Coalition.BRITISH, Coalition.RUSSIAN))
    state.players[0].court = plain[:2]
    state.players[1].court = plain[2:]
    state.spies_on(plain[0])[0] = 1
    monkeypatch.setattr(hooks, "may_apply", lambda state, hook_type: hook_type is SpyMayMove)
    monkeypatch.setattr(hooks, "active_types", lambda state: frozenset({SpyMayMove}))  # a listing's kinds

    def answer(asked: object, hook: SpyMayMove, value: bool, spend: bool = False) -> bool:
        assert asked is state and hook.player == 0
        return allowed(hook.destination.number, value)

    monkeypatch.setattr(hooks, "modified", answer)
    return state, plain


@pytest.mark.parametrize("side", ["left", "right"])
def test_a_spy_one_of_whose_neighbours_is_forbidden_may_step_to_the_other(
    monkeypatch: pytest.MonkeyPatch, side: str
) -> None:
    """Rulebook, Move: a spy steps to the court card next to its own, either way along the ring.
    An ability forbidding one of the two steps leaves the other (each way in turn), as the full
    list of moves finds."""
    plain: list[int] = []
    state, plain = _ring_of_four(
        monkeypatch, lambda destination, value: value and destination == plain[3 if side == "left" else 1]
    )
    moves = [(m.origin.number, m.destination.number) for m in card_actions._each_spy_move(state, 0)]
    assert moves == [(plain[0], plain[3 if side == "left" else 1])]
    assert card_actions._any_move(state, 0)


def test_a_spy_whose_neighbours_are_forbidden_has_no_move_farther_unless_an_ability_allows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulebook, Move: only the two neighbours are steps of the rules. With both forbidden by an
    ability and none allowing more, the spy two steps away (the third card) has no move."""
    plain: list[int] = []
    state, plain = _ring_of_four(
        monkeypatch, lambda destination, value: value and destination not in plain[1::2]
    )
    assert not list(card_actions._each_spy_move(state, 0))
    assert not card_actions._any_move(state, 0)


def test_a_spy_on_the_only_court_card_has_nowhere_to_go_whatever_an_ability_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move goes to another card: with one court card in play, a spy on it does not move,
    even with an ability allowing a spy to go anywhere (stood in by the modifiers' answer)."""
    state, plain = _ring_of_four(monkeypatch, lambda destination, value: True)
    state.players[0].court = plain[:1]
    state.players[1].court = []
    assert not list(card_actions._each_spy_move(state, 0))
    assert not card_actions._any_move(state, 0)
