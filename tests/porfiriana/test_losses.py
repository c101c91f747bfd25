"""Scenario tests of cards leaving play (runtime/porfiriana/losses.py): where an enterprise, a
partner or a troop goes and how abilities are told of it, a troop retreating into its owner's
private army at the cost its Hacendado's connection sets (glossary: Retreat), and what a card
remembers forgotten once it leaves play. Written for the survivors of mutation testing (issue 34,
tests/mutation/survivors.md)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    District,
    Faction,
    Family,
    Zone,
)
from paxc.runtime.porfiriana import losses, strife
from paxc.runtime.porfiriana.actions import Buy, PlayCard
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, Side, card
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import (
    act,
    cards,
    drive,
    empty_state,
    find,
    flip,
    hold,
    moves_told,
    put,
    put_troop,
    turn,
)

# A Federal troop of Chihuahua whose redeploy cost falls with the connection: 7 by boot, 1 by rail.
RAILWAY_GUARD = find(
    CardType.TROOP,
    lambda c: c.faction is Faction.FEDERAL and (c.cost_rail or 0) < (c.cost_mule or 0) < (c.cost_boot or 0),
)


def shop(district: District | None) -> Card:
    """A plain enterprise (at most a ranch or plantation, no prestige) with income."""
    return find(
        CardType.ENTERPRISE,
        lambda c: (
            c.family in ((), (Family.RANCH,), (Family.PLANTATION,))
            and not c.prestige
            and (c.income or 0) > 0
            and c.district is district
        ),
    )


CHIHUAHUA, SONORA = shop(RAILWAY_GUARD.district), shop(District.SONORA)
SLAVE_PLANTATION = find(CardType.ENTERPRISE, lambda c: Family.SLAVE_PLANTATION in c.family, plain=False)
PARTNER = find(CardType.PARTNER, lambda c: not c.family and not c.extra_action and not c.strife)


def partner(faction: Faction) -> Card:
    """A partner of this colour with nothing but a prestige point."""
    return find(
        CardType.PARTNER,
        lambda c: c.faction is faction and not c.family and not c.extra_action and not c.strife,
    )


REBEL, LOCAL = partner(Faction.REBEL), partner(Faction.LOCAL)
LOCAL_TROOP = cards(CardType.TROOP, lambda c: c.faction is Faction.LOCAL)[0]


def extorted(state: PorfirianaState, gold: int) -> Holding:
    """Player 2's enterprise in Chihuahua, extorted by player 1's Railway Guard; player 1 has
    `gold`, player 0 is to play."""
    turn(state, 0)
    held = put(state, 2, CHIHUAHUA.number)
    put_troop(state, 1, RAILWAY_GUARD.number, on=held.number)
    state.players[1].gold = gold
    return held


def test_a_troop_discarded_from_play_is_told_moved_from_its_owners_troops_to_the_discard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A strife caused by player 0 makes player 1 discard their Local troop: it left player 1's
    troops for the discard pile (a shared zone, told as entered by the player whose turn it is)."""
    told = moves_told(monkeypatch)
    state = empty_state()
    turn(state, 0)
    put(state, 1, REBEL.number)
    held = put(state, 1, SONORA.number)
    put_troop(state, 1, LOCAL_TROOP.number, on=held.number)
    drive(strife.strife(state, 0, (Faction.REBEL, Faction.LOCAL)), [Faction.LOCAL])
    troop = [t for t in told if t[0] == LOCAL_TROOP.number]
    assert troop == [
        (LOCAL_TROOP.number, Zone.TROOPS, Zone.DISCARD, 1, 0),
        (LOCAL_TROOP.number, Zone.TROOPS, 1),
    ]


def test_a_troop_that_cannot_retreat_is_discarded_from_its_owners_troops_with_its_enterprise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Player 2's enterprise is nationalized on player 0's turn; player 1's troop extorting there
    cannot pay to retreat (no gold) and is discarded. Both are told discarded, each from the zone
    of the player who had it."""
    told = moves_told(monkeypatch)
    state = empty_state()
    held = extorted(state, gold=0)
    asked = drive(losses.nationalize(state, 2, held), [])
    assert asked == [] and RAILWAY_GUARD.number in state.discard and CHIHUAHUA.number in state.discard
    assert told == [
        (RAILWAY_GUARD.number, Zone.TROOPS, Zone.DISCARD, 1, 0),
        (RAILWAY_GUARD.number, Zone.TROOPS, 1),
        (CHIHUAHUA.number, Zone.ROW, Zone.DISCARD, 2, 0),
        (CHIHUAHUA.number, Zone.ROW, 2),
    ]


def test_a_troop_its_owner_chooses_to_discard_rather_than_retreat_is_told_discarded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = moves_told(monkeypatch)
    state = empty_state()
    held = extorted(state, gold=30)
    asked = drive(losses.nationalize(state, 2, held), ["discard"])
    assert asked[0].chooser == 1 and any(isinstance(o, Side) for o in asked[0].options)
    assert RAILWAY_GUARD.number in state.discard and state.players[1].gold == 30
    assert told[:2] == [
        (RAILWAY_GUARD.number, Zone.TROOPS, Zone.DISCARD, 1, 0),
        (RAILWAY_GUARD.number, Zone.TROOPS, 1),
    ]


def test_a_troop_retreats_by_flipping_at_the_cost_of_the_chosen_sides_connection() -> None:
    """Glossary, Retreat: to retreat, the owner flips their Hacendado to the troop's colour and
    pays the redeploy cost of the Hacendado's connection. Player 1's Federal side is connected by
    rail: the Railway Guard retreats for its rail cost, all the gold player 1 has."""
    state = empty_state()
    held = extorted(state, gold=RAILWAY_GUARD.cost_rail or 0)
    federal = next(
        i for i, s in enumerate(card(state.players[1].hacendado.number).sides) if s.faction is Faction.FEDERAL
    )
    assert card(state.players[1].hacendado.number).sides[federal].connection is not None
    drive(losses.nationalize(state, 2, held), [lambda o: isinstance(o, Side) and o.index == federal])
    me = state.players[1]
    assert me.army == [RAILWAY_GUARD.number] and me.hacendado.side == federal and me.gold == 0


def test_a_troop_retreats_to_a_flipped_hacendado_at_its_connection_with_all_its_owners_gold() -> None:
    """The same with the Hacendado already flipped to Federal (connected by rail): retreating
    costs the rail cost, which player 1 has exactly."""
    state = empty_state()
    flip(state, 1, Faction.FEDERAL)
    assert state.players[1].hacendado.face.connection is not None
    held = extorted(state, gold=RAILWAY_GUARD.cost_rail or 0)
    drive(losses.nationalize(state, 2, held), ["retreat"])
    assert state.players[1].army == [RAILWAY_GUARD.number] and state.players[1].gold == 0


def test_a_sacked_enterprise_is_told_moved_from_its_owners_row_into_their_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = moves_told(monkeypatch)
    state = empty_state()
    held = extorted(state, gold=0)
    drive(losses.sack(state, 2, held), [])
    assert CHIHUAHUA.number in state.players[2].hand
    assert [t for t in told if t[0] == CHIHUAHUA.number] == [(CHIHUAHUA.number, Zone.ROW, Zone.HAND, 2, 2)]


def test_a_card_out_of_the_game_is_told_moved_from_its_owners_row_to_the_removed_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An assassinated partner leaves the game (rules: Assassination)."""
    told = moves_told(monkeypatch)
    state = empty_state()
    turn(state, 0)
    held = put(state, 2, PARTNER.number)
    drive(losses.remove_holding(state, 2, held, losses.REMOVED), [])
    assert PARTNER.number in state.removed
    assert told == [(PARTNER.number, Zone.ROW, Zone.REMOVED, 2, 0)]


def test_a_revolting_plantation_is_told_moved_into_its_liberators_prestige_stack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told = moves_told(monkeypatch)
    state = empty_state()
    turn(state, 0)
    held = put(state, 2, SLAVE_PLANTATION.number)
    drive(losses.slave_revolt(state, 2, held, 1), [])
    assert SLAVE_PLANTATION.number in state.players[1].prestige_stack
    assert told == [(SLAVE_PLANTATION.number, Zone.ROW, Zone.PRESTIGE_STACK, 2, 1)]


def test_a_troop_discarded_from_play_forgets_the_player_it_named(
    flow_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a card remembers lasts while it is in play: a troop discarded in a strife, which
    named a player when it was played, no longer names them once it is back in play."""
    hunter: Card = flow_cards.CARD_9130  # names a player when played; gains 1 when they buy
    join_game(hunter, monkeypatch)
    state = empty_state()
    put(state, 0, LOCAL.number)  # both colours of the strife in play
    held = put(state, 0, SONORA.number)
    hold(state, 0, hunter.number)
    turn(state, 0)
    act(state, 0, PlayCard(hunter.number), [lambda d: d.enterprise == held.number, 2])
    assert state.memory[hunter.number] == {"named": 2}
    drive(strife.strife(state, 1, (Faction.REBEL, Faction.LOCAL)), [Faction.REBEL])
    assert hunter.number in state.discard and hunter.number not in state.memory
    state.discard.remove(hunter.number)  # back in play, as a card bringing a discarded troop back
    put_troop(state, 0, hunter.number, on=held.number)
    gold = state.players[0].gold
    state.market[0][0] = CHIHUAHUA.number
    turn(state, 2)
    act(state, 2, Buy(0, 0))
    assert state.players[0].gold == gold  # nobody named any more
