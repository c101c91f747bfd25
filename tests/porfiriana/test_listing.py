"""The listing of a turn's options (`actions.options`) asks its questions the cheap way: the cards
in hand looked through with the modifiers looked up once (`hand.playable_in_hand`), after the
last action only the end of the turn, unless a partner's extra action or a card played for no
action leaves more, and after a cube moved between market cards and the supply that set nothing
else off, the turn's listing before taken again but for the speculations (`actions.listed`). Each
gives what the plain questions give."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Action, Card, CardType, Connection, Faction, Family, Regime
from paxc.runtime.commands import game_options, kit_of
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.effects import Decision
from paxc.runtime.porfiriana import actions, economy, hand
from paxc.runtime.porfiriana.actions import (
    Buy,
    BuyPublic,
    CubeSpot,
    EndTurn,
    PlayCard,
    Redeploy,
    Sell,
    Speculate,
    Upgrade,
    on_market,
    options,
)
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import check_cubes, drive, empty_state, find, hold, put, put_troop, turn

SHOP = find(CardType.ENTERPRISE, lambda c: not c.family and not c.prestige and (c.cost or 0) <= 10)


def plainly_playable(state: PorfirianaState, player: int, most: int) -> list[int]:
    """The cards `playable_in_hand` should give when at most `most` actions are allowed: each
    card's own questions, one card at a time."""
    return [
        n
        for n in dict.fromkeys(state.players[player].hand)
        if hand.actions_needed(state, player, n) <= most and hand.playable(state, player, n)
    ]


@pytest.mark.parametrize(("players", "variants"), [(3, {}), (None, {"solitaire": True})])
def test_the_hand_looked_through_at_once_gives_what_each_card_asked_alone_gives(
    players: int | None, variants: dict[str, bool]
) -> None:
    kit = kit_of("porfiriana")
    chosen = game_options("porfiriana", players, variants)
    compared = playable = 0
    for seed in (11, 12):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            state, player = session.state, session.current_player()
            if state.players[player].hand:
                for most in (0, 1, 2, 3):
                    found = hand.playable_in_hand(state, player, most)
                    assert found == plainly_playable(state, player, most)
                    compared += 1
                    playable += len(found)
            session.apply_action(bot.choose(session))
    assert compared > 500 and playable > 200  # the games reached hands with cards to play


FREE_HAND = """\
game porfiriana

card 9901 "Free Hand" partner {
  provenance reconstructed
  note "Your enterprises take no action to play."
  cost 2
  faction Federal
  while in play {
    modify play_actions to 0 when card.card_type == enterprise and player == you
  }
}
"""


def test_with_no_action_left_a_card_played_for_none_is_still_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "free_hand.pax").write_text(FREE_HAND, encoding="utf-8")
    free_hand = compile_card_file(tmp_path / "free_hand.pax", "porfiriana", tmp_path).CARD_9901
    join_porfiriana(free_hand, monkeypatch)
    state = empty_state()
    turn(state, 0)
    hold(state, 0, SHOP.number)
    state.market[0][2] = MARKET_CARD.number  # a card to speculate on
    state.turn.actions_left = 0  # three actions taken
    assert options(state, 0) == [EndTurn()]
    put(state, 0, free_hand.number)
    listed = options(state, 0)
    assert PlayCard(SHOP.number) in listed and Sell(SHOP.number) not in listed
    assert not any(isinstance(option, Speculate) for option in listed)  # the play alone


def test_a_value_made_once_is_made_at_its_first_look_up_and_found_after() -> None:
    made: list[int] = []

    def make(key: int) -> list[int]:
        made.append(key)
        return [key]

    table: MadeOnce[int, list[int]] = MadeOnce(make)
    first = table[3]
    assert first == [3] and table[3] is first and table[4] == [4]
    assert made == [3, 4]


# ---------------------------------------------------------------------- the listing taken again


@pytest.mark.parametrize(("players", "variants"), [(3, {}), (6, {}), (None, {"solitaire": True})])
def test_a_listing_taken_again_after_a_speculation_is_what_a_fresh_listing_gives(
    players: int | None, variants: dict[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    taken_again = 0
    listed_again = actions._listed_again

    def counting(*args: object) -> actions.Listed:
        nonlocal taken_again
        taken_again += 1
        return listed_again(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(actions, "_listed_again", counting)
    kit = kit_of("porfiriana")
    chosen = game_options("porfiriana", players, variants)
    compared = 0
    for seed in (21, 22, 23):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            pending = session.pending
            assert pending is not None
            if any(isinstance(option, EndTurn) for option in pending.options):
                # the rules' listing (taken again or not) and a fresh one, the same
                assert list(pending.options) == options(session.state, session.current_player())
                compared += 1
            session.apply_action(bot.choose(session))
    assert compared > 200 and taken_again > 80  # the games took listings again, often


@pytest.mark.parametrize(("players", "variants"), [(3, {}), (None, {"solitaire": True})])
def test_after_a_quiet_speculation_the_cubes_are_at_their_values(
    players: int | None, variants: dict[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    # What lets the speculation after a quiet one skip settling (`take`'s `settled`): after a
    # quiet action, settling a copy changes nothing, not even the values the cubes were set for.
    quiet = [False]
    real_take = actions.take

    def noting(
        state: PorfirianaState, player: int, option: actions.Option, settled: bool = False
    ) -> Generator[Decision, None, bool]:
        quiet[0] = yield from real_take(state, player, option, settled)
        return quiet[0]

    monkeypatch.setattr(actions, "take", noting)
    kit = kit_of("porfiriana")
    chosen = game_options("porfiriana", players, variants)
    compared = 0
    for seed in (31, 32):
        session = kit.new_session(chosen, seed)
        bot = RandomAgent(seed)
        while not session.is_terminal():
            if quiet[0]:
                copy = session.state.copy()
                assert economy.adjust_cubes(copy) == []
                assert copy.digest() == session.state.digest()
                compared += 1
            quiet[0] = False
            session.apply_action(bot.choose(session))
    assert compared > 50


def _taken(state: PorfirianaState, option: actions.Option) -> bool:
    """`actions.take` of player 0's option, which must ask nothing: whether it was quiet."""
    run = actions.take(state, 0, option)
    try:
        asked: Decision = next(run)
    except StopIteration as done:
        return bool(done.value)
    raise AssertionError(f"the action asked {asked}")


MINE = find(CardType.ENTERPRISE, lambda c: c.family == (Family.MINE,) and not c.prestige)
MARKET_CARD = find(CardType.ENTERPRISE, lambda c: not c.family and not c.prestige)


def test_a_speculation_is_quiet_only_when_it_sets_nothing_else_off(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = empty_state(gold=5)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    mine = put(state, 0, MINE.number)
    placed = Speculate(on_market(MARKET_CARD.number))
    assert _taken(state, placed)  # the cube on the market card, nothing else
    assert _taken(state, Speculate(None, on_market(MARKET_CARD.number)))  # and back
    # The regime's mine value asked again (as after a regime change), a cube short of it: the
    # cubes brought to their values move one, which a listing reads (land's price).
    economy.regime_changed(state)
    mine.income -= 1
    state.players[0].cubes += 1
    assert not _taken(state, placed)
    assert mine.income == economy.mine_value(state)
    # A card answering the action: anything may have changed (here the gold).
    expert = action_cards.CARD_9161  # after each of your actions, gain 1 gold
    join_porfiriana(expert, monkeypatch)
    put(state, 0, expert.number)
    assert not _taken(state, Speculate(None, on_market(MARKET_CARD.number)))
    assert state.players[0].gold == 5 + 1


EXTORTER = find(CardType.TROOP, lambda c: c.district is not None and c.faction is Faction.LOCAL)


def test_a_speculation_whose_settling_sacks_an_enterprise_is_not_quiet() -> None:
    # The settling after a speculation between market cards and the supply sacks what no longer
    # has room for its extortion cube (glossary: Sack), as after any action, and the action is
    # then not quiet: the sacked card is back in its owner's hand, which the next listing reads.
    state = empty_state(gold=5)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    mine = put(state, 1, MINE.number)
    put_troop(state, 0, EXTORTER.number, on=mine.number)
    state.depression = True  # mines earn nothing (rules I), not yet settled
    quiet: list[bool] = []

    def taking() -> Generator[Decision, None, None]:
        quiet.append((yield from actions.take(state, 0, Speculate(on_market(MARKET_CARD.number)))))

    drive(taking(), [], state, then_first=True)  # the troop's owner: retreat it if it may
    assert quiet == [False]
    assert state.holding(MINE.number) is None and MINE.number in state.players[1].hand
    assert state.speculation == {MARKET_CARD.number: 0}
    check_cubes(state)


UPGRADABLE = find(
    CardType.ENTERPRISE,
    lambda c: c.upgrade_mule_cost is not None and c.number not in (MINE.number, MARKET_CARD.number),
)


def test_a_listing_is_taken_again_only_while_the_supply_is_as_empty_or_not_as_it_was() -> None:
    # An upgrade takes a cube from the supply (so does land): the last cube speculated away, no
    # upgrade is offered; one taken back from a market card, the upgrade is offered again.
    state = empty_state(gold=10)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    put(state, 1, UPGRADABLE.number)
    state.players[0].cubes = 1
    before = actions.listed(state, 0)
    assert any(isinstance(option, Upgrade) for option in before.options)
    assert _taken(state, Speculate(on_market(MARKET_CARD.number)))
    emptied = actions.listed(state, 0, before)
    assert emptied.options == options(state, 0)
    assert not any(isinstance(option, Upgrade) for option in emptied.options)
    assert _taken(state, Speculate(None, on_market(MARKET_CARD.number)))
    refilled = actions.listed(state, 0, emptied)
    assert refilled.options == options(state, 0)
    assert any(isinstance(option, Upgrade) for option in refilled.options)


def test_a_speculation_with_a_cube_on_a_card_in_play_is_never_quiet() -> None:
    # With an empty supply a speculation may take a cube from a card in play, or bring one to a
    # card short of it (E5): that card's cubes are read by a listing (a connection sets a troop's
    # cost there and who may build one, income cubes whether a troop may extort, land's price),
    # so the turn's next listing is made afresh.
    state = empty_state(gold=5)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    mine = put(state, 0, MINE.number)
    connected = put(state, 1, UPGRADABLE.number)
    connected.connection_owner, connected.connection_level = 0, Connection.MULE
    state.players[0].cubes = 0
    lifted = Speculate(on_market(MARKET_CARD.number), CubeSpot("connection", UPGRADABLE.number))
    assert lifted in options(state, 0)
    assert not _taken(state, lifted)
    assert connected.connection_owner is None and state.speculation == {MARKET_CARD.number: 0}
    # Back onto a mine of the player's short of its value.
    mine.income -= 1
    state.players[0].cubes = 0
    brought = Speculate(CubeSpot("income", MINE.number), on_market(MARKET_CARD.number))
    assert brought in options(state, 0)
    assert not _taken(state, brought)
    assert mine.income == economy.mine_value(state) and not state.speculation


# ---------------------------------------------------------------------- partners' extra actions


def joined(listing_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(listing_cards, f"CARD_{number}")
    join_porfiriana(printed, monkeypatch)
    return printed


PUBLIC_CARD = find(CardType.PUBLIC, plain=False)
# Two actions to play under Pax, the regime of `empty_state` (rules F: one under its own).
OFF_REGIME_BLACK = find(CardType.BLACK, lambda c: c.named_regime not in (None, Regime.PAX), plain=False)


def _partner_granting(kind: Action) -> Card:
    return find(CardType.PARTNER, lambda c: c.extra_action is kind, plain=False)


def _kinds(state: PorfirianaState) -> set[type]:
    return {type(option) for option in options(state, 0)}


def test_with_no_action_left_each_partners_extra_action_is_still_offered(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Glossary, Extra Action: a partner in play grants one more action of its kind a turn, so
    with the turn's actions spent its kind alone is offered (with the end of the turn): a market
    purchase, a public purchase, a redeployment, an upgrade."""
    commission_agent = joined(listing_cards, 9190, monkeypatch)
    hostess = joined(listing_cards, 9191, monkeypatch)
    granting = {
        Buy: commission_agent,
        BuyPublic: hostess,
        Redeploy: _partner_granting(Action.REDEPLOY),
        Upgrade: _partner_granting(Action.UPGRADE_CONNECTION),
    }
    for kind, partner in granting.items():
        state = empty_state(gold=30)
        turn(state, 0)
        state.market[0][0] = MARKET_CARD.number
        state.public = [PUBLIC_CARD.number]
        put(state, 1, UPGRADABLE.number)
        put_troop(state, 0, EXTORTER.number)  # in the private army
        hold(state, 0, SHOP.number)
        state.turn.actions_left = 0
        assert _kinds(state) == {EndTurn}
        put(state, 0, partner.number)
        assert _kinds(state) == {EndTurn, kind}, partner.name


def test_a_public_card_with_no_cost_is_bought_for_nothing(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_house = joined(listing_cards, 9194, monkeypatch)
    state = empty_state(gold=0)
    turn(state, 0)
    state.public = [open_house.number]
    assert {BuyPublic(open_house.number, 0), BuyPublic(open_house.number, 1)} <= set(options(state, 0))
    # Bought, it costs nothing: the gold is untouched, and the card is in play on its side.
    state.players[0].gold = 3
    drive(actions.perform(state, 0, BuyPublic(open_house.number, 1)), [], state, then_first=True)
    assert state.players[0].gold == 3
    assert open_house.number not in state.public


def test_a_partner_with_no_cost_is_played_with_no_gold(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    volunteer = joined(listing_cards, 9195, monkeypatch)
    state = empty_state(gold=0)
    turn(state, 0)
    hold(state, 0, volunteer.number)
    assert hand.playable_in_hand(state, 0, 1) == plainly_playable(state, 0, 1) == [volunteer.number]
    assert PlayCard(volunteer.number) in options(state, 0)


def test_an_extra_speculation_spends_the_partners_action_not_a_base_one(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Glossary, Extra Action: the partner's extra action serves first (it can serve nothing
    else), so the base action left stays free for a sale."""
    jobber = joined(listing_cards, 9192, monkeypatch)
    state = empty_state()
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    put(state, 0, jobber.number)
    hold(state, 0, SHOP.number)
    state.turn.actions_left = 1
    assert _taken(state, Speculate(on_market(MARKET_CARD.number)))
    assert state.turn.actions_left == 1 and state.turn.extra_actions_used == [jobber.number]
    assert Sell(SHOP.number) in options(state, 0)


def test_a_card_answering_speculations_hears_a_quiet_one(
    listing_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticker = joined(listing_cards, 9193, monkeypatch)
    state = empty_state(gold=0)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    put(state, 0, ticker.number)
    assert not _taken(state, Speculate(on_market(MARKET_CARD.number)))  # a card answered
    assert state.players[0].gold == 1


def test_a_listing_taken_again_offers_no_play_the_actions_left_no_longer_allow(
    action_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A black card off its regime takes two actions (rules F): with one action left and the
    # Impresario's extra play it is offered; once a speculation has spent that action, the
    # listing taken again offers it no more (the extra play alone is one action).
    impresario = action_cards.CARD_9163  # extra action: play a card
    join_porfiriana(impresario, monkeypatch)
    state = empty_state(gold=30)
    turn(state, 0)
    state.market[0][2] = MARKET_CARD.number
    put(state, 0, impresario.number)
    hold(state, 0, OFF_REGIME_BLACK.number)
    state.turn.actions_left = 1
    before = actions.listed(state, 0)
    assert hand.actions_needed(state, 0, OFF_REGIME_BLACK.number) == 2
    assert PlayCard(OFF_REGIME_BLACK.number) in before.options
    assert _taken(state, Speculate(on_market(MARKET_CARD.number)))
    again = actions.listed(state, 0, before)
    assert again.options == options(state, 0)
    assert PlayCard(OFF_REGIME_BLACK.number) not in again.options
