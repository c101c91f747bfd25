"""The story the rules tell as they happen (`core/narration.py`, each game's `story.py`): each kind
of consequence in a scenario of each game, said when it happens; nothing made when nobody
listens; the same games with or without a listener; the story told again from a save."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Action, Coalition, Impact, Region, Suit
from paxc.generated.porfiriana.vocabulary import (
    CardType,
    District,
    Family,
    MarketSignal,
    PurchaseCost,
    Regime,
)
from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.narration import heard, listening, narrate, silenced
from paxc.runtime.core.session import Session, retell
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, pieces, rules, scoring
from paxc.runtime.pamir.card_actions import BuildArmy, RemoveArmy, UseCard
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import PamirState
from paxc.runtime.porfiriana import actions as porfiriana_actions
from paxc.runtime.porfiriana import regimes, strife, topple
from paxc.runtime.porfiriana import rules as porfiriana_rules
from paxc.runtime.porfiriana.actions import Buy, PlayCard, Sell
from paxc.runtime.porfiriana.attacks import Target
from tests.pamir.scenario import court_card
from tests.pamir.scenario import drive as drive_pamir
from tests.pamir.scenario import empty_state as pamir_state
from tests.porfiriana import scenario as porf


@contextmanager
def told() -> Iterator[list[str]]:
    """What the rules tell inside, line by line."""
    lines: list[str] = []
    with listening(lines.append):
        yield lines


def says(lines: list[str], *parts: str) -> bool:
    """Whether one line holds every part."""
    return any(all(part in line for part in parts) for line in lines)


# ---------------------------------------------------------------------- the mechanism


def test_a_story_is_made_only_for_a_listener_and_a_silenced_one_hears_nothing() -> None:
    made: list[int] = []

    def wording(number: int) -> str:
        made.append(number)
        return f"told {number}"

    narrate(wording, 1)
    assert made == [] and not heard()
    with told() as lines:
        assert heard()
        narrate(wording, 2)
        with silenced():
            narrate(wording, 3)
        narrate("plain text")
    assert made == [2] and lines == ["told 2", "plain text"]


# ---------------------------------------------------------------------- Pax Pamir

PUNJAB_PLAIN = court_card(
    lambda c: c.region is Region.PUNJAB and not c.patriot and all(i is Impact.ARMY for i in c.impact)
)
KABUL_POLITICAL = court_card(lambda c: c.region is Region.KABUL and c.suit is Suit.POLITICAL)


def test_pamir_a_purchase_tells_the_rupees_paid_onto_the_market_and_taken_with_the_card() -> None:
    state = pamir_state()
    state.market[0][:4] = [11, 21, 31, 41]
    state.market_rupees[0][3] = 2
    with told() as lines:
        drive_pamir(rules.purchase(state, 0, 0, 3), [])
    bought = state.players[0].hand[0]
    assert says(lines, "P0 pays 3 rupees onto the cards left of")
    assert says(lines, "P0 takes", "from the market, with the 2 rupees on it")
    assert says(lines, state_card_name(bought))


def state_card_name(number: int) -> str:
    from paxc.runtime.pamir.state import card

    return card(number).name


def test_pamir_a_bribe_paid_waived_or_refused_is_told_with_whom() -> None:
    def arranged() -> PamirState:
        state = pamir_state()
        state.tribes[Region.PUNJAB][1] = 2  # player 1 rules Punjab
        state.players[0].hand = [PUNJAB_PLAIN.number]
        return state

    with told() as lines:
        drive_pamir(rules.play(arranged(), 0, PUNJAB_PLAIN.number, False), [Rupees(2), True])
    assert says(lines, "P0 pays P1 a bribe of 2 rupees to play a card of Punjab")
    with told() as lines:
        drive_pamir(rules.play(arranged(), 0, PUNJAB_PLAIN.number, False), [Rupees(0)])
    assert says(lines, "P1 waives the bribe")
    with told() as lines:
        drive_pamir(rules.play(arranged(), 0, PUNJAB_PLAIN.number, False), [Rupees(1), False])
    assert says(lines, "P0 does not pay the bribe of 1 rupee to P1", "not taken")


def test_pamir_a_hostage_bribe_is_told_plainly() -> None:
    taxer = court_card(lambda c: Action.TAX in c.actions and c.region is Region.PUNJAB)
    state = pamir_state()
    state.players[0].court = [taxer.number]
    state.spies[taxer.number] = [0, 2, 0]  # player 1's spies hold it hostage
    state.market[0][0] = 11
    state.market_rupees[0][0] = 1
    with told() as lines:
        drive_pamir(
            card_actions.perform(state, 0, UseCard(taxer.number, Action.TAX)),
            [Rupees(1), True],
            then_first=True,
        )
    assert says(lines, f"P0 pays P1 a bribe of 1 rupee to tax with {taxer.name} (held hostage)")


def test_pamir_pieces_placed_are_told_where_and_whose() -> None:
    state = pamir_state()
    state.players[0].hand = [PUNJAB_PLAIN.number]
    with told() as lines:
        drive_pamir(rules.play(state, 0, PUNJAB_PLAIN.number, False), [], then_first=True)
    armies = PUNJAB_PLAIN.impact.count(Impact.ARMY)
    assert sum("P0 places an Afghan army in Punjab" in line for line in lines) == armies >= 1
    with told() as lines:
        drive_pamir(pieces.place_tribe(state, 1, Region.HERAT), [])
        drive_pamir(pieces.place_spy(state, 2, PUNJAB_PLAIN.number), [])
    assert lines == ["P1 places a tribe in Herat", f"P2 places a spy on {PUNJAB_PLAIN.name}"]


def test_pamir_leverage_and_a_card_effects_rupees_are_told_with_their_cause() -> None:
    leveraged = court_card(lambda c: Impact.LEVERAGE in c.impact and not c.patriot)
    state = pamir_state()
    state.players[0].hand = [leveraged.number]
    with told() as lines:
        drive_pamir(rules.play(state, 0, leveraged.number, False), [], then_first=True)
        drive_pamir(PamirContext(state, 1, PUNJAB_PLAIN.number).gain_money(3, PlayerId(1)), [])
    assert says(lines, "P0 gains 2 rupees (leverage)")
    assert says(lines, f"P1 gains 3 rupees (by {PUNJAB_PLAIN.name})")


def test_pamir_tax_tells_whom_each_rupee_comes_from() -> None:
    taxer = court_card(lambda c: Action.TAX in c.actions and c.region is Region.PUNJAB)
    state = pamir_state()
    state.players[0].court = [taxer.number]
    state.tribes[Region.PUNJAB][0] = 1  # player 0 rules Punjab
    state.players[1].court = [PUNJAB_PLAIN.number]
    state.players[1].rupees = 5
    with told() as lines:
        drive_pamir(
            card_actions.perform(state, 0, UseCard(taxer.number, Action.TAX)),
            [1],
            then_first=True,
        )
    assert says(lines, "P0 takes a rupee from P1 (tax)")


def test_pamir_a_battle_tells_the_pieces_removed_and_by_whom() -> None:
    fighter = court_card(lambda c: Action.BATTLE in c.actions and (c.rank or 0) >= 1)
    state = pamir_state()
    state.players[0].court = [fighter.number]
    state.armies[Region.KABUL][Coalition.AFGHAN] = 1
    state.armies[Region.KABUL][Coalition.BRITISH] = 1
    with told() as lines:
        drive_pamir(
            card_actions.perform(state, 0, UseCard(fighter.number, Action.BATTLE)),
            [Region.KABUL, RemoveArmy(Region.KABUL, Coalition.BRITISH)],
            then_first=True,
        )
    assert says(lines, "P0 removes a British army in Kabul")


def test_pamir_a_build_tells_the_cost_and_the_block() -> None:
    builder = court_card(lambda c: Action.BUILD in c.actions)
    state = pamir_state()
    state.players[0].court = [builder.number]
    state.market[0][:2] = [11, 21]
    state.tribes[Region.KABUL][0] = 1
    with told() as lines:
        drive_pamir(
            card_actions.perform(state, 0, UseCard(builder.number, Action.BUILD)),
            [BuildArmy(Region.KABUL), card_actions.Done()],
        )
    assert says(lines, "P0 pays 2 rupees onto the market cards")
    assert says(lines, "P0 places an Afghan army in Kabul")


def test_pamir_a_discard_says_why_and_what_follows() -> None:
    state = pamir_state()
    state.players[0].court = [KABUL_POLITICAL.number, PUNJAB_PLAIN.number]
    state.tribes[Region.KABUL][0] = 1
    state.players[0].cylinders = 9
    state.spies[PUNJAB_PLAIN.number] = [0, 1, 0]
    with told() as lines:
        drive_pamir(pieces.remove_tribe(state, 0, Region.KABUL, remover=2), [])
    assert says(lines, "P2 removes P0's tribe in Kabul")
    assert says(lines, f"P0 discards {KABUL_POLITICAL.name} from court (overthrown")
    with told() as lines:
        drive_pamir(pieces.discard_court_card(state, 0, PUNJAB_PLAIN.number), [])
    assert says(lines, f"the spies on {PUNJAB_PLAIN.name} go home (P1)")
    state.players[0].court = [c for c in range(1, 6)]
    with told() as lines:
        drive_pamir(rules.cleanup(state, 0), [], then_first=True)
    assert says(lines, "from court (over the court limit)")


def test_pamir_unpaid_leverage_is_told_with_its_discards() -> None:
    leveraged = court_card(lambda c: Impact.LEVERAGE in c.impact and c.suit is not Suit.POLITICAL)
    state = pamir_state()
    me = state.players[0]
    me.court, me.rupees, me.hand = [leveraged.number], 1, [PUNJAB_PLAIN.number]
    with told() as lines:
        drive_pamir(pieces.discard_court_card(state, 0, leveraged.number), [], then_first=True)
    assert says(
        lines, "P0 repays 1 rupee of leverage, 1 short: a card of hand or court is discarded for each"
    )
    assert says(lines, f"P0 discards {PUNJAB_PLAIN.name} from hand (leverage unpaid)")


def test_pamir_a_dominance_check_tells_who_scores_and_that_the_blocks_go() -> None:
    state = pamir_state(4, (Coalition.BRITISH, Coalition.BRITISH, Coalition.BRITISH, Coalition.RUSSIAN))
    state.armies[Region.KABUL][Coalition.BRITISH] = 6
    state.players[0].gifts = [2, 4]
    with told() as lines:
        scoring.dominance_check(state)
    assert says(lines, "Dominance check: British dominant", "P0 +5")
    assert says(lines, "every army and road leaves the board")


def test_pamir_a_favored_suit_changed_by_a_card_effect_is_told() -> None:
    state = pamir_state()
    with told() as lines:
        drive_pamir(PamirContext(state, 0, PUNJAB_PLAIN.number).set_favored_suit(Suit.MILITARY), [])
    assert lines == ["the favored suit becomes Military"]


# ---------------------------------------------------------------------- Pax Porfiriana

SHOP = porf.find(
    CardType.ENTERPRISE,
    lambda c: not c.family and not c.prestige and (c.income or 0) > 0 and (c.cost or 0) > 0,
)
RAID = porf.find(
    CardType.ORANGE,
    lambda c: (c.steal or 0) >= 3 and c.district is None and c.regime_change is None and not c.family,
)
GUN_STORE = porf.find(CardType.ENTERPRISE, lambda c: Family.GUN_STORE in c.family)
TO_ANARCHY = porf.find(CardType.HEADLINE, lambda c: c.regime_change is Regime.ANARCHY)
BEARS = [c.number for c in porf.cards(CardType.HEADLINE, lambda c: c.signal is MarketSignal.BEAR)]


def test_porfiriana_a_purchase_tells_the_gold_paid_and_to_whom() -> None:
    state = porf.empty_state()
    porf.seat_without(state, 0, PurchaseCost)
    porf.turn(state, 0)
    state.market[0][3] = SHOP.number
    state.speculation[SHOP.number] = 2
    state.players[2].cubes -= 1
    with told() as lines:
        porf.drive(porfiriana_actions.perform(state, 0, Buy(0, 3)), [], state)
    assert says(lines, f"P0 pays 4 gold for {SHOP.name} to P2 (speculation)")
    assert says(lines, f"P0 takes {SHOP.name} into hand")


def test_porfiriana_playing_and_selling_tell_the_gold() -> None:
    state = porf.empty_state()
    porf.turn(state, 0)
    porf.hold(state, 0, SHOP.number)
    with told() as lines:
        porf.act(state, 0, PlayCard(SHOP.number))
        porf.act(state, 0, Sell(SHOP.number), then_first=True)
    assert says(lines, f"P0 plays {SHOP.name} into their row, paying {SHOP.cost} gold")
    assert says(lines, f"P0 sells {SHOP.name} for")
    assert says(lines, f"P0's {SHOP.name} is discarded")


def test_porfiriana_an_attack_tells_unrest_theft_gun_stores_and_the_award() -> None:
    state = porf.empty_state()
    porf.turn(state, 0)
    held = porf.put(state, 1, SHOP.number)
    porf.put(state, 2, GUN_STORE.number)
    porf.hold(state, 0, RAID.number)
    with told() as lines:
        porf.act(
            state, 0, PlayCard(RAID.number), [lambda t: isinstance(t, Target) and t.number == SHOP.number]
        )
    assert held.unrest == RAID.unrest
    assert says(lines, f"P0 plays {RAID.name} against P1's {SHOP.name}")
    assert says(lines, f"{RAID.unrest} unrest disks on P1's {SHOP.name}")
    assert says(lines, f"P0 steals {min(RAID.steal or 0, 30)} gold from P1")
    assert says(lines, "P2 gains 2 gold (gun store)")
    if RAID.victim_prestige is not None:
        assert says(lines, f"{RAID.name} goes to P1's prestige stack")


def test_porfiriana_troops_tell_where_they_go_what_they_extort_drive_off_and_their_discard() -> None:
    from paxc.generated.porfiriana.vocabulary import Faction

    troop = porf.find(
        CardType.TROOP,
        lambda c: c.faction is Faction.US and c.district is District.AMERICA and c.regime_change is None,
    )
    america = porf.find(
        CardType.ENTERPRISE, lambda c: c.district is District.AMERICA and not c.family and (c.income or 0) > 0
    )
    state = porf.empty_state()
    porf.turn(state, 0)
    held = porf.put(state, 1, america.number, unrest=1)
    porf.hold(state, 0, troop.number)
    with told() as lines:
        porf.act(state, 0, PlayCard(troop.number), [lambda d: d.enterprise == america.number])
        porf.act(state, 0, Sell(troop.number))
    assert held.extortion is None
    assert says(lines, f"P0's {troop.name} goes to P1's {america.name}")
    assert says(lines, f"unrest disk removed from {america.name} (now 0)")
    assert says(lines, f"P0's {troop.name} extorts {america.name}")
    assert says(lines, f"P0's {troop.name} is discarded")


def test_porfiriana_an_attacks_losses_are_told_where_the_cards_go() -> None:
    from paxc.generated.porfiriana.vocabulary import Faction

    nationalization = porf.find(
        CardType.BLACK, lambda c: c.family == (Family.NATIONALIZATION,) and not c.steal
    )
    assassination = porf.find(CardType.BLACK, lambda c: c.family == (Family.ASSASSINATION,) and not c.steal)
    partner = porf.find(CardType.PARTNER, lambda c: not c.family and not c.extra_action and bool(c.prestige))
    troop = porf.find(CardType.TROOP, lambda c: c.faction is Faction.LOCAL)
    state = porf.empty_state()
    porf.turn(state, 0)
    state.turn.actions_left = 9
    held = porf.put(state, 1, SHOP.number)
    porf.put(state, 1, partner.number)
    porf.put_troop(state, 2, troop.number, on=held.number)
    porf.hold(state, 0, nationalization.number, assassination.number)
    with told() as lines:
        porf.act(
            state,
            0,
            PlayCard(nationalization.number),
            [lambda t: isinstance(t, Target) and t.number == SHOP.number],
            then_first=True,
        )
        porf.act(
            state,
            0,
            PlayCard(assassination.number),
            [lambda t: isinstance(t, Target) and t.number == partner.number],
        )
    assert says(lines, f"P0 plays {nationalization.name} against P1's {SHOP.name}")
    assert says(lines, f"P1's {SHOP.name} is discarded")
    assert says(lines, f"P2's {troop.name} is discarded")  # its enterprise lost, it could not retreat
    assert says(lines, f"P0 plays {assassination.name} against P1's {partner.name}, paying")
    assert says(lines, f"P1's {partner.name} leaves the game")


def test_porfiriana_regime_changes_and_depressions_are_told() -> None:
    state = porf.empty_state()
    with told() as lines:
        porf.drive(regimes.change_regime(state, Regime.ANARCHY), [])
        porf.drive(regimes.discard_to_bull_bear(state, BEARS[0]), [])
        porf.drive(regimes.discard_to_bull_bear(state, BEARS[1]), [])
    assert lines[0] == "the regime becomes Anarchy"
    assert says(lines, "two bears: a depression begins")


def test_porfiriana_income_and_depression_expenses_are_told() -> None:
    state = porf.empty_state()
    porf.turn(state, 0)
    porf.put(state, 0, SHOP.number)
    state.depression = True
    with told() as lines:
        porf.drive(porfiriana_rules.income_phase(state, 0), [True])
    assert says(lines, "P0 gains", "gold (income)")
    assert says(lines, f"P0 pays 1 gold to keep {SHOP.name} (depression expenses)")


def test_porfiriana_a_strife_tells_who_discards_which_faction() -> None:
    from paxc.generated.porfiriana.vocabulary import Faction

    state = porf.empty_state()
    us = porf.find(CardType.PARTNER, lambda c: c.faction is Faction.US and not c.family)
    local = porf.find(CardType.PARTNER, lambda c: c.faction is Faction.LOCAL and not c.family)
    porf.put(state, 1, us.number)
    porf.put(state, 1, local.number)
    with told() as lines:
        porf.drive(strife.strife(state, 0, (Faction.US, Faction.LOCAL)), [Faction.US])
    assert says(lines, "strife: P1 discards every US partner and troop")
    assert says(lines, f"P1's {us.name} is discarded")


def test_porfiriana_a_topple_tells_each_players_points_and_the_result() -> None:
    state = porf.empty_state()
    number = porf.find(CardType.TOPPLE, lambda c: c.named_regime is not state.regime_card.regime).number
    with told() as lines:
        porf.drive(topple.topple(state, 0, number), [], state, then_first=True)
    kind = topple.topple_kind(state).value
    assert says(lines, f"topple ({kind}): P1 0 against", "Díaz stands")
    assert says(lines, "1 of the 4 topple cards spent")


# ---------------------------------------------------------------------- whole games


GAMES = [
    ("pamir", {"players": 3}),
    ("pamir", {"players": 1, "wakhan": True}),
    ("porfiriana", {"players": 3}),
    ("porfiriana", {"players": 2, "solitaire": True}),
]


def _play(
    game: str, options: dict[str, Any], seed: int, listener: Callable[[str], None] | None
) -> Session[Any]:
    kit = games.find(game).load_kit()
    options = kit.options.check(options)
    with listening(listener):
        session = kit.new_session(options, seed)
        agents = {p: RandomAgent(seed + 1 + p) for p in kit.seats_for_people(options)}
        while not session.is_terminal():
            session.apply_action(agents[session.current_player()].choose(session))
    return session


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_listener_changes_nothing_in_the_game_and_a_replay_tells_the_same_story(
    game: str, options: dict[str, Any]
) -> None:
    """The same seed plays the same game with or without a listener (the story only reads the
    state), and replaying the decisions tells the very story heard as the game was played."""
    quiet = _play(game, options, 5, None)
    lines: list[str] = []
    loud = _play(game, options, 5, lines.append)
    assert [e.choice for e in loud.log] == [e.choice for e in quiet.log]
    assert loud.rules.digest(loud.state) == quiet.rules.digest(quiet.state)
    assert len(lines) > len(loud.log) // 4  # the story says a good deal
    retold = retell(loud)
    assert [text for _, text in retold] == lines
    assert [made for made, _ in retold] == sorted(made for made, _ in retold)


def test_a_clone_replays_in_silence() -> None:
    kit = games.find("pamir").load_kit()
    session = kit.new_session({"players": 2}, 3)
    agent = RandomAgent(1)
    for _ in range(10):
        session.apply_action(agent.choose(session))
    with told() as lines:
        session.clone()
    assert lines == []


def test_the_solitaire_tells_dizs_moves_in_his_name() -> None:
    lines: list[str] = []
    _play("porfiriana", {"players": 2, "solitaire": True}, 3, lines.append)
    assert says(lines, "Díaz rolls") and says(lines, "Díaz plays")
    assert not says(lines, "P1 ")  # his seat is called by his name


def test_dizs_moves_are_told_once_each() -> None:
    """Taking a card and what he does with it are two lines that say different things: never
    "Díaz plays Political Arrest" then "Díaz plays Political Arrest against P0"."""
    lines: list[str] = []
    for seed in (3, 4, 5):
        _play("porfiriana", {"players": 2, "solitaire": True}, seed, lines.append)
    assert says(lines, "Díaz takes ", " from the market") and says(lines, "Díaz plays ", " against P")
    repeated = [(a, b) for a, b in zip(lines, lines[1:], strict=False) if b.startswith(a)]
    assert repeated == []


def test_wakhan_is_told_by_her_name_and_what_she_only_weighs_is_not_told() -> None:
    lines: list[str] = []
    _play("pamir", {"players": 1, "wakhan": True}, 3, lines.append)
    assert says(lines, "Wakhan's turn: she reveals AI card ") and says(lines, "Wakhan pays")
    assert not says(lines, "P0 ")
    checks = sum(line.startswith("Dominance check") for line in lines)
    assert checks <= 4  # one a check card at most: her ambition's trial checks are silent
