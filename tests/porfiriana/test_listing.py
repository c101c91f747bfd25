"""The listing of a turn's options (`actions.options`) asks its questions the cheap way: the cards
in hand looked through with the modifiers looked up once (`hand.playable_in_hand`), and after the
last action only the end of the turn, unless a partner's extra action or a card played for no
action leaves more. Each gives what the plain questions give."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.generated.porfiriana.vocabulary import CardType
from paxc.runtime.commands import game_options, kit_of
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.porfiriana import hand
from paxc.runtime.porfiriana.actions import EndTurn, PlayCard, Sell, options
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import empty_state, find, hold, put, turn

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
    state.turn.actions_left = 0  # three actions taken
    assert options(state, 0) == [EndTurn()]
    put(state, 0, free_hand.number)
    listed = options(state, 0)
    assert PlayCard(SHOP.number) in listed and Sell(SHOP.number) not in listed


def test_a_value_made_once_is_made_at_its_first_look_up_and_found_after() -> None:
    made: list[int] = []

    def make(key: int) -> list[int]:
        made.append(key)
        return [key]

    table: MadeOnce[int, list[int]] = MadeOnce(make)
    first = table[3]
    assert first == [3] and table[3] is first and table[4] == [4]
    assert made == [3, 4]
