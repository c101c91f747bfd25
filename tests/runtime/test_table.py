"""The table a person plays at: cards shown with what matters to play them, `c NAME|NUMBER`,
options labelled with what they would do (tried on a clone), colour on a terminal only, and the
confirmation of a turn ended with actions left."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.generated.pamir import CARDS as PAMIR_CARDS
from paxc.generated.pamir.vocabulary import Coalition
from paxc.generated.porfiriana import CARDS as PORFIRIANA_CARDS
from paxc.runtime import games
from paxc.runtime.core import card_lookup
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.preview import DRAWS, preview, previews
from paxc.runtime.core.session import Session
from paxc.runtime.games import GameKit
from paxc.runtime.pamir import rules as pamir_rules
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.state import PamirState, card
from paxc.runtime.terminal import style
from paxc.runtime.terminal.table import describe
from tests.pamir.scenario import court_card, empty_state


def paxc(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def kit(game: str) -> GameKit:
    return games.find(game).load_kit()


def decisions(game: str, players: int, seed: int, count: int) -> Iterator[Session[Any]]:
    """The session at each of the first `count` decisions of a random game."""
    played = kit(game)
    session = played.new_session(played.options.check({"players": players}), seed)
    agent = RandomAgent(seed)
    for _ in range(count):
        if session.is_terminal():
            return
        yield session
        session.apply_action(agent.choose(session))


# ---------------------------------------------------------------------- the table


def test_pamir_table_shows_what_matters_to_play_each_market_card() -> None:
    session = next(s for s in decisions("pamir", 2, 4, 40) if s.state.turn_number >= 1)
    state: PamirState = session.state
    table = describe(kit("pamir"), state, session.current_player())
    market = table[table.index("Market") : table.index("Map:")]
    for row, cards in enumerate(state.market):
        for column, number in enumerate(cards):
            if number is None:
                continue
            printed = card(number)
            line = next(x for x in market.splitlines() if f" {printed.name} - " in x)
            assert line.startswith(f"  {row + 1}.{column + 1} {column}r: "), line  # the price
            if printed.region is not None:
                # the card's line (it may wrap onto the next) holds what matters to play it
                start = market.index(line)
                said = " ".join(market[start : start + 300].split())
                assert (
                    f"{printed.region.value}, {printed.suit.value if printed.suit else '?'} {printed.rank}"
                    in said
                )
                assert "impact " + " ".join(i.value.replace("_", "-") for i in printed.impact) in said
                assert "actions " + " ".join(a.value for a in printed.actions) in said
            for ability in printed.abilities:
                assert f"{ability.title}: " in market  # the ability text, from Card.ability_text


def test_pamir_table_shows_the_ability_text_the_compiler_rendered() -> None:
    state = empty_state(2)
    akbar = court_card(lambda c: any(a.title == "Insurrection" for a in c.abilities))
    state.players[0].hand.append(akbar.number)
    table = describe(kit("pamir"), state, 0)
    said = " ".join(table.split())
    first_effect = akbar.ability_text.splitlines()[1].strip()
    assert " ".join(first_effect.split()) in said
    assert describe(kit("pamir"), state, 1).count(akbar.name) == 0  # another's hand stays hidden


def test_porfiriana_table_shows_attributes_and_rendered_text() -> None:
    session = next(s for s in decisions("porfiriana", 3, 4, 30) if s.state.turn_number >= 2)
    state = session.state
    viewer = session.current_player()
    table = describe(kit("porfiriana"), state, viewer)
    said = " ".join(table.split())
    by_number = {c.number: c for c in PORFIRIANA_CARDS}
    for cards in state.market:
        for number in cards:
            if number is None:
                continue
            printed = by_number[number]
            assert f"{printed.name} - {printed.card_type.value.replace('_', ' ')}" in said
            if printed.cost is not None:
                assert f"play cost {printed.cost}" in said
            if printed.district is not None:
                assert f"district {printed.district.value}" in said
            if printed.ability_text:
                assert " ".join(printed.ability_text.split())[:60] in said
    for number in state.players[viewer].hand:
        assert by_number[number].name in table
    others = [p for p in range(len(state.players)) if p != viewer]
    assert all(f"hand: {len(state.players[p].hand)} cards" in table for p in others)


@pytest.mark.parametrize("game, players", [("pamir", 3), ("porfiriana", 4)])
def test_table_lines_fit_in_100_columns(game: str, players: int) -> None:
    played = kit(game)
    for session in decisions(game, players, 8, 200):
        for line in describe(played, session.state, session.current_player()).splitlines():
            assert len(line) <= style.WIDTH or " " not in line.strip(), line


# ---------------------------------------------------------------------- c NAME|NUMBER


def test_cards_are_found_by_number_name_prefix_and_word() -> None:
    perovsky = next(c for c in PAMIR_CARDS if c.name == "Count Perovsky")
    for query in ("100", "#100", "count perovsky", "COUNT PEROV", "perovsky"):
        assert card_lookup.find(PAMIR_CARDS, query).cards == (perovsky,), query
    several = card_lookup.find(PAMIR_CARDS, "count")
    assert perovsky in several.cards and len(several.cards) > 1
    typo = card_lookup.find(PAMIR_CARDS, "count perovski")  # one letter off: no prefix fits
    assert not typo.cards and typo.close[0] == "Count Perovsky"
    assert card_lookup.find(PAMIR_CARDS, "qqqqqq") == card_lookup.Found(())
    # a side of a double-sided card is known by its own name
    side = next(c for c in PORFIRIANA_CARDS if c.sides and c.sides[0].name != c.name)
    assert side in card_lookup.find(PORFIRIANA_CARDS, side.sides[0].name).cards


def test_c_shows_any_card_in_full_while_playing() -> None:
    answers = "c perovsky\nc 3\nc count\nc count perovski\nc zzzz\nq\n"
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin=answers)
    assert code == 0, output
    perovsky = next(c for c in PAMIR_CARDS if c.name == "Count Perovsky")
    assert perovsky.text in output  # the whole card, as `paxc render` prints it
    assert "#3 Prince Akbar Khan\n" in output and "Insurrection:" in output
    assert "'count' names several cards: " in output
    assert "no card is named 'count perovski'; did you mean: Count Perovsky" in output
    assert "no card is named or numbered 'zzzz'" in output
    code, output = paxc(
        "play", "porfiriana", "--players", "2", "--seats", "human,random", stdin="c 1001\nq\n"
    )
    assert code == 0 and "#1001 Batopilas Mining Co." in output and "District: Chihuahua" in output


# ---------------------------------------------------------------------- previews


class _Arranged(PamirRules):
    """Pax Pamir's rules starting from an arranged state (set-up done: loyalties chosen)."""

    def __init__(self, state: PamirState) -> None:
        self.arranged = state

    def new_state(self, options: Any, seed: int) -> PamirState:
        return self.arranged.copy()


def test_a_patriot_of_another_coalition_says_what_the_loyalty_change_costs() -> None:
    """Rules: playing a patriot of another coalition changes loyalty; gifts, prizes and the
    patriots of the old loyalty go. The option says so before it is chosen, and does it."""
    state = empty_state(2, (Coalition.BRITISH, Coalition.AFGHAN))
    british = court_card(lambda c: c.patriot is Coalition.BRITISH and not c.abilities)
    perovsky = court_card(lambda c: c.name == "Count Perovsky")
    me = state.players[0]
    me.court.append(british.number)
    me.gifts.append(2)
    me.cylinders -= 1
    me.hand.append(perovsky.number)
    # Something for the other player to decide: with no card anywhere, turns would pass by
    # themselves for ever (nothing to buy, no dominance check to come).
    state.players[1].hand.append(
        court_card(lambda c: c.number not in (british.number, perovsky.number)).number
    )
    played = kit("pamir")
    assert played.consequences is not None and played.secrets is not None
    session = Session(_Arranged(state), {"players": 2}, 1)
    options = session.pending.options if session.pending else ()
    action = next(
        i for i, o in enumerate(options) if isinstance(o, pamir_rules.Play) and o.card == perovsky.number
    )
    notes = preview(session, action, played.consequences, played.secrets).notes
    assert "you become Russian" in notes
    assert f"discards {british.name}, your gift" in notes
    assert "places 2 Russian armies in Transcaspia" in notes  # counted in words, not "2x"
    session.apply_action(action)
    assert me is not session.state.players[0]  # the session played on its own copy
    after = session.state.players[0]
    assert after.loyalty is Coalition.RUSSIAN and not after.gifts
    assert british.number not in after.court and british.number in session.state.discard


@pytest.mark.parametrize("game, players", [("pamir", 2), ("porfiriana", 3)])
def test_previews_say_what_the_option_then_does(game: str, players: int) -> None:
    """Every option tried on a clone says what applying it to the game itself then does: the
    same consequences, and money that moves as said ('your gold 6 -> 0')."""
    played = kit(game)
    assert played.consequences is not None and played.secrets is not None
    money = re.compile(r"your (?:rupees|gold) (\d+) -> (\d+)")
    checked = 0
    for session in decisions(game, players, 11, 80 if game == "pamir" else 40):
        player = session.current_player()
        for action, said in previews(session, played.consequences, played.secrets).items():
            if said.draws:
                continue
            real = session.clone()
            real.apply_action(action)
            assert list(said.notes[: len(played.consequences(session.state, real.state, player))]) == (
                played.consequences(session.state, real.state, player)
            )
            for note in said.notes:
                if (moved := money.search(note)) is not None:
                    mine = real.state.players[player]
                    assert int(moved.group(2)) == getattr(mine, "rupees" if game == "pamir" else "gold")
                    checked += 1
    assert checked > 5  # purchases were among the options


def test_a_preview_that_draws_tells_nothing_of_what_is_drawn() -> None:
    """Ending a turn refills the market from the deck: the option says it cannot be taken back,
    and the same whatever the hidden deck holds."""
    played = kit("pamir")
    assert played.consequences is not None and played.secrets is not None
    session = next(
        s
        for s in decisions("pamir", 2, 5, 200)
        if s.state.turn_number >= 2
        and s.pending is not None
        and s.pending.prompt.startswith("Take an action")
        and any(None in row for row in s.state.market)  # bought this turn: the refill draws
    )
    options = session.pending.options if session.pending is not None else ()
    end = next(i for i, o in enumerate(options) if isinstance(o, pamir_rules.EndTurn))
    said = preview(session, end, played.consequences, played.secrets)
    assert said.draws and said.notes[-1] == DRAWS
    twin = session.clone()
    twin._checkpoint[0].deck.reverse()  # another order of the same hidden cards
    twin.state.deck.reverse()
    assert preview(twin, end, played.consequences, played.secrets) == said


def test_clone_at_the_first_turn_does_not_choose_loyalties_again() -> None:
    session = next(s for s in decisions("pamir", 2, 5, 10) if s.state.turn_number == 1)
    clone = session.clone()
    assert clone.pending is not None and session.pending is not None
    assert clone.pending.prompt == session.pending.prompt and clone.legal_actions() == session.legal_actions()


def test_options_are_shown_with_their_previews() -> None:
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin="0\nq\ny\n")
    assert code == 0, output
    assert "0: Afghan (you become Afghan" in output
    buying = re.findall(r"\d+: buy .* \(market row \d, column \d\) \(your rupees \d+ -> \d+\)", output)
    assert buying, output


def test_looking_at_a_card_the_board_or_the_log_does_not_print_the_options_again() -> None:
    """The options (and their previews, which try each one out) are printed once per decision;
    'o' prints them again, as does a new decision."""
    answers = "c 1\nb\nl\nnonsense\no\nq\n"
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin=answers)
    assert code == 0, output
    first_option = next(line for line in output.splitlines() if line.startswith("  0: "))
    assert output.count(first_option + "\n") == 2  # shown, then shown again for 'o' only
    assert output.count("P0: ") == 2


# ---------------------------------------------------------------------- colour


def test_output_is_plain_when_piped_and_coloured_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin="0\nb\nq\ny\n")
    assert code == 0 and "\x1b[" not in output
    with style.colouring(True):
        assert style.card_name("Count Perovsky") != "Count Perovsky"
        assert "\x1b[" in describe(kit("pamir"), empty_state(2), 0)
    assert style.card_name("Count Perovsky") == "Count Perovsky"

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert style.wanted(Terminal()) and not style.wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not style.wanted(Terminal())


# ---------------------------------------------------------------------- safety


def test_ending_the_turn_with_actions_left_asks_first(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    # Loyalty, then 'end the turn' (option 0) twice: Enter declines, 'y' ends it.
    answers = "0\n0\n\n0\ny\nq\n"
    code, output = paxc(
        "play", "pamir", "--players", "2", "--seats", "human,random", "--save", str(log), stdin=answers
    )
    assert code == 0, output
    assert output.count("End your turn with 2 actions left? [y/N]") == 2
    saved = json.loads(log.read_text(encoding="utf-8"))["decisions"]
    mine = [d["label"] for d in saved if d["player"] == 0]
    assert mine == ["Afghan", "end the turn"]  # declined once, confirmed once


def test_no_question_once_no_action_is_left() -> None:
    state = empty_state(2)
    state.turn.actions_taken = 2
    played = kit("pamir")
    assert played.confirm is not None
    assert played.confirm(state, pamir_rules.EndTurn()) is None
    state.turn.actions_taken = 1
    assert played.confirm(state, pamir_rules.EndTurn()) == "End your turn with 1 action left?"
    assert played.confirm(state, pamir_rules.Purchase(0, 0)) is None


def test_porfiriana_asks_too() -> None:
    from paxc.runtime.porfiriana import actions

    session = next(decisions("porfiriana", 2, 3, 1))
    played = kit("porfiriana")
    assert played.confirm is not None
    assert played.confirm(session.state, actions.EndTurn()) == "End your turn with 3 actions left?"
    session.state.turn.actions_left = 0
    assert played.confirm(session.state, actions.EndTurn()) is None


def test_quitting_an_unsaved_game_asks_first() -> None:
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "human,random", stdin="0\nq\n\nq\ny\n")
    assert code == 0, output
    assert output.count("Quit? This game is not saved (--save) [y/N]") == 2


def test_pieces_in_a_preview_are_counted_in_words() -> None:
    """One piece reads 'your spy on X'; several '2 of your spies on X', '2 of P1's tribes in Kabul',
    '3 British armies in Kabul' (never '2x your spy')."""
    from paxc.generated.pamir.vocabulary import Region
    from paxc.runtime.pamir import preview as pamir_preview

    before = empty_state(2)
    after = before.copy()
    spied = court_card(lambda c: True)
    after.spies[spied.number] = [2, 1]
    after.tribes[Region.KABUL][1] += 2
    after.armies[Region.KABUL][Coalition.BRITISH] += 3
    notes = pamir_preview._pieces(before, after, 0)
    assert notes == [
        f"places 3 British armies in Kabul, P1's spy on {spied.name}, 2 of P1's tribes in Kabul, "
        f"2 of your spies on {spied.name}"
    ]
    assert pamir_preview._pieces(after, before, 0)[0].startswith("removes 3 British armies in Kabul")


# ---------------------------------------------------------------------- what a newcomer needs


def test_the_header_names_who_decides_and_the_actions_left() -> None:
    """While Wakhan (P0) has the turn, P1 choosing a loyalty is named as the one deciding."""
    played = kit("pamir")
    session = played.new_session({"players": 1, "wakhan": True}, 5)
    header, actions = describe(played, session.state, session.current_player()).splitlines()[:2]
    assert session.current_player() == 1
    assert "P0's turn (Wakhan), P1 to decide" in header and "player 0 to play" not in header
    assert actions.startswith("Actions: 2 of 2 left this turn; favored suit ")


def test_the_board_says_which_court_cards_act_for_free() -> None:
    state = empty_state(2)
    favored = court_card(lambda c: c.suit is state.favored)
    other = court_card(lambda c: c.suit is not state.favored and c.suit is not None)
    state.players[0].court = [favored.number, other.number]
    state.turn.actions_taken = 1
    top = " ".join(describe(kit("pamir"), state, 0).split("\n\n")[0].split())  # its lines unwrapped
    actions = top[top.index("Actions: ") :]
    assert actions.startswith(
        f"Actions: 1 of 2 left this turn; favored suit {state.favored.value}: its cards act free (P0's: "
    )
    assert favored.name in actions and other.name not in actions
    state.turn.used_cards.add(favored.number)  # used this turn: no longer there to be used
    assert favored.name not in describe(kit("pamir"), state, 0).split("\n\n")[0]


def test_the_board_is_printed_whole_once_then_what_changed_and_all_of_it_on_b() -> None:
    answers = "0\n1\n1\nb\nq\ny\n"  # loyalty, then two purchases, then the board asked for
    code, output = paxc(
        "play", "pamir", "--players", "2", "--seats", "human,random", "--seed", "4", stdin=answers
    )
    assert code == 0, output
    # The map does not change in these decisions: it is printed with the whole board only, at
    # the start and for 'b', never again with what changed.
    assert output.count("  Transcaspia  tribes:") == 2, output
    assert output.count("The board, what changed ('b' shows it all):") >= 2, output
    changes = [
        part.split("choice:")[0] for part in output.split("The board, what changed ('b' shows it all):\n")[1:]
    ]
    assert any("Actions: 1 of 2 left this turn" in part for part in changes)  # after the purchase


def test_board_changes_are_the_new_lines_under_what_says_where_they_are() -> None:
    from paxc.runtime.terminal.board import board_changes

    before = "Turn 1\nMarket:\n  1.1 A\n  1.2 B\nPlayers:\n  P0: 4 rupees\n    court: -\n  P1: 2 rupees\n    court: -"
    after = "Turn 1\nMarket:\n  1.1 A\n  1.2 -\nPlayers:\n  P0: 4 rupees\n    court: -\n  P1: 2 rupees\n    court: B\n"
    assert board_changes(before, after) == [
        "Market:",
        "  1.2 -",
        "Players:",
        "  P1: 2 rupees",
        "    court: B",
    ]
    assert board_changes(before, before) == []
    wrapped = "Players:\n  P0: a long line\n      that goes on\n    court: -"
    assert board_changes(wrapped.replace("a long", "a longer"), wrapped) == wrapped.splitlines()[:3]


def test_speculations_are_one_line_then_a_choice_of_card_and_the_save_is_the_rules_own(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.json"
    answers = "10\no\n10\n1\nq\n"
    code, output = paxc("play", "porfiriana", "--solitaire", "--seed", "5", "--save", str(log), stdin=answers)
    assert code == 0, output
    first = output[: output.index("choice:")]
    assert "speculate on " not in first and "  10: speculate (12 ways, listed when chosen)" in first
    assert "P0: Take an action, or end your turn - speculate: which? ('o': back to every option)" in output
    assert "  1: speculate on El Paso Gun Store [2040]" in output
    decision = json.loads(log.read_text(encoding="utf-8"))["decisions"][0]
    assert decision["label"] == "speculate on El Paso Gun Store [2040]" and decision["choice"] == 11
    assert paxc("replay", "--quiet", str(log))[0] == 0


def test_a_card_in_hand_missing_from_the_options_says_why() -> None:
    from paxc.runtime.porfiriana import actions as porfiriana_actions
    from tests.porfiriana.scenario import empty_state as porfiriana_state
    from tests.porfiriana.scenario import hold, named

    state = porfiriana_state(2)
    looting = named("Looting")
    hold(state, 0, looting.number)  # gold to spare, but no enterprise in play to strike
    offered = porfiriana_actions.options(state, 0)
    assert not any(isinstance(o, porfiriana_actions.PlayCard) for o in offered)
    missing = kit("porfiriana").missing
    assert missing is not None
    notes = missing(state, 0, offered)
    assert notes == ["playing Looting: there is no enterprise it may strike (not your own in unrest)"]
    state.turn.actions_left = 0
    assert missing(state, 0, porfiriana_actions.options(state, 0))


def test_pamir_says_a_hand_cannot_be_played_without_an_action_left() -> None:
    state = empty_state(2)
    held = court_card(lambda c: True)
    state.players[0].hand = [held.number]
    state.turn.actions_taken = 2
    missing = kit("pamir").missing
    assert missing is not None
    notes = missing(state, 0, pamir_rules.legal_actions(state, 0))
    assert notes and notes[0].startswith(f"playing {held.name}: no action is left this turn")
    state.turn.actions_taken = 0
    assert missing(state, 0, pamir_rules.legal_actions(state, 0)) == []


def test_the_terminal_renders_the_boards_sections_of_facts() -> None:
    """Each section under its title, after a blank line; a fact 'label: value' (' -' when it has
    neither value nor facts), the facts under it indented; a fact made only of facts on one line,
    labels in a column; a card 'where price: name - facts [marks]', what it does under it."""
    from paxc.runtime.core.board import Board, CardFace, Fact, Section
    from paxc.runtime.terminal.board import text

    board = Board(
        ("Turn 3 - P0's turn",),
        (
            Section(
                "Market",
                "(how to read it)",
                facts=(
                    Fact(
                        "1.1", "2r", CardFace(7, "Bank", "Kabul, Economic 2", "Tax: ...\nGift: ..."), "[1r]"
                    ),
                    Fact("1.2", "-"),
                ),
            ),
            Section(
                "Map",
                facts=(
                    Fact("Herat", facts=(Fact("tribes", "P0x1"), Fact("ruler"))),
                    Fact("Transcaspia", facts=(Fact("tribes"), Fact("ruler", "P1"))),
                ),
            ),
            Section(
                "Player 1",
                "(jailed)",
                "3 gold",
                (Fact("hand", facts=(Fact(card=CardFace(9, "Mine", "enterprise")),)), Fact("court")),
            ),
            Section("Public cards"),
        ),
    )
    assert text(board).splitlines() == [
        "Turn 3 - P0's turn",
        "",
        "Market (how to read it):",
        "  1.1 2r: Bank - Kabul, Economic 2 [1r]",
        "      Tax: ...",
        "      Gift: ...",
        "  1.2: -",
        "",
        "Map:",
        "  Herat        tribes: P0x1; ruler: -",
        "  Transcaspia  tribes: -; ruler: P1",
        "",
        "Player 1 (jailed): 3 gold",
        "  hand:",
        "    Mine - enterprise",
        "  court: -",
        "",
        "Public cards: -",
    ]
    with style.colouring(True):
        coloured = text(board)
    assert style.heading("Market") in coloured and style.card_name("Bank") in coloured
    assert style.quiet("      Tax: ...") in coloured
    long = Board((), (Section("S", facts=(Fact("roads", "; ".join(["Kabul-Punjab: Afghanx1"] * 8)),)),))
    lines = text(long).splitlines()
    assert len(lines) == 5 and all(len(line) <= style.WIDTH for line in lines)
    assert lines[2].startswith("  roads: Kabul") and lines[3].startswith("      ")  # hung 4 further
