"""The browser table's routes through Starlette's test client: the start page offers every
installed game, a game is created with one link per seat of a person, decisions and take-backs
posted from a seat's page change the game, bots move on the server, a card's text is served, and
a game is saved in `paxc play`'s format and resumed."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime import games
from paxc.runtime.core.session import Session
from paxc.runtime.web import serve
from tests.web.tables import create, server


def test_the_start_page_offers_every_installed_game() -> None:
    with server() as (client, _):
        start = client.get("/")
    assert start.status_code == 200
    offered = re.findall(r'data-game="([^"]+)"', start.text)
    assert offered == list(games.installed()), "the start page's games are not the installed ones"
    assert "wakhan" in start.text and "solitaire" in start.text  # the games' own variants
    assert 'value="mcts"' in start.text  # the bots a seat may be


def test_pamir_against_wakhan_gives_one_link_and_plays() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="pamir", players="1", seat0="person")
        assert game.table.seats == ["Wakhan", "human"]
        assert set(game.links) == {"P1"}  # Wakhan has no link: the server plays her
        page = client.get(f"/seat/{game.links['P1']}")
        assert page.status_code == 200 and "Your decision." in page.text
        assert page.text.count('class="option"') >= 2
        board_before = game.table.kit.board(game.table.session.state, 1)
        for _ in range(6):
            session = game.table.session
            if session.is_terminal() or session.current_player() != 1:
                break
            answer = game.decide(1, action=session.legal_actions()[-1])
            assert answer.status_code == 200, answer.text
            parts = answer.json()
            assert parts["decision_number"] == len(game.table.session.log)
            assert set(parts["html"]) == {"status", "decision", "picture", "board", "story"}
        assert len(game.table.session.log) >= 2
        assert game.table.kit.board(game.table.session.state, 1) != board_before


def test_bots_take_their_turns_on_the_server() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="porfiriana", players="2", seat0="random", seat1="person")
        assert set(game.links) == {"P1"}
        session = game.table.session
        assert session.current_player() == 1  # whoever began, the bot has played up to the person
        while game.table.session.current_player() == 1 and game.table.session.state.turn_number < 4:
            assert game.decide(1).status_code == 200
        assert game.table.session.current_player() == 1  # the bot played its turn in between
        players = {entry.player for entry in game.table.session.log}
        assert players == {0, 1}


def test_a_decision_is_taken_back_within_its_turn() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="pamir", players="2", seat0="person", seat1="person")
        first = game.table.session.current_player()
        token = game.token(first)
        refused = client.post(f"/seat/{token}/take-back", json={})
        assert refused.status_code == 409 and "no decision of yours" in refused.json()["refused"]
        before = game.table.session.rules.digest(game.table.session.state)
        decision = game.table.session.legal_actions()[-1]
        assert game.decide(first, action=decision).status_code == 200
        assert 'id="undo"' in client.get(f"/seat/{token}").text
        back = client.post(f"/seat/{token}/take-back", json={})
        assert back.status_code == 200, back.text
        assert game.table.session.rules.digest(game.table.session.state) == before
        assert len(game.table.session.log) == 0


def test_another_players_decision_is_not_taken_back_with_yours() -> None:
    with server() as (client, tables):
        # Pax Pamir's setup asks each player's loyalty in turn, within one turn of the game.
        game = create(client, tables, game="pamir", players="3")  # every seat a person's
        session = game.table.session
        first = session.current_player()
        assert game.decide(first).status_code == 200
        second = session.current_player()
        assert second != first and session.state.turn_number == 0
        assert game.decide(second).status_code == 200
        assert session.state.turn_number == 0
        refused = client.post(f"/seat/{game.token(first)}/take-back", json={})
        assert refused.status_code == 409
        assert "another player has decided since" in refused.json()["refused"]
        assert len(game.table.session.log) == 2
        assert client.post(f"/seat/{game.token(second)}/take-back", json={}).status_code == 200
        assert len(game.table.session.log) == 1


@pytest.mark.parametrize("game_name", ["pamir", "porfiriana"])
def test_the_board_is_drawn_above_its_sections(game_name: str) -> None:
    with server() as (client, tables):
        game = create(client, tables, game=game_name, players="2")
        page = client.get(f"/seat/{game.token(0)}").text
        drawn = page[page.index('<div id="picture">') : page.index('<details class="words">')]
        assert "<svg" in drawn and 'data-card="' in drawn
        assert page.index('<div id="picture">') < page.index('<div id="board">')


def test_a_card_is_shown_by_its_number() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="pamir", players="1", seat0="person")
        page = client.get(f"/seat/{game.links['P1']}").text
        number = re.findall(r'data-card="(\d+)"', page)[0]
        card = client.get(f"/seat/{game.links['P1']}/card/{number}")
        assert card.status_code == 200 and card.json()["heading"]
        assert client.get(f"/seat/{game.links['P1']}/card/99999").status_code == 404
        assert client.get(f"/seat/{game.links['P1']}/card/abc").status_code == 400
        assert client.get("/seat/nobody/card/1").status_code == 404


def test_a_game_is_saved_as_paxc_play_saves_and_resumed() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="porfiriana", players="2", seat0="person", seat1="random")
        for _ in range(5):
            assert game.decide(0).status_code == 200
        saved = client.get(f"/seat/{game.token(0)}/save")
        assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
        data = json.loads(saved.text)
        assert data["seats"] == ["human", "random"]
        kit = game.table.kit
        loaded = Session.loads(kit.rules, saved.text, kit.options)  # what `paxc play --load` reads
        assert loaded.rules.digest(loaded.state) == game.table.session.rules.digest(game.table.session.state)
        resumed = client.post("/resume", files={"save": ("game.json", saved.text)}, follow_redirects=False)
        assert resumed.status_code == 303
        table = tables.hosted(resumed.headers["location"].rsplit("/", 1)[1])
        assert table is not None and table is not game.table
        assert table.seats == ["human", "random"] and table.tokens.keys() == {0}
        assert table.tokens[0] != game.token(0)  # new links
        assert table.session.rules.digest(table.session.state) == loaded.rules.digest(loaded.state)
        assert [line.text for line in table.story.told] == [line.text for line in game.table.story.told]
        for bad in ("{}", "not json", json.dumps({**data, "digest": "0" * 64})):
            refused = client.post("/resume", files={"save": ("game.json", bad)})
            assert refused.status_code == 400 and "not a save this server can resume" in refused.text


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"game": "nogame", "players": "2"}, "nogame"),
        ({"game": "pamir", "players": "9"}, "is for 2 to 5 players"),
        ({"game": "pamir", "players": "x"}, "&#39;players&#39; is a whole number"),
        ({"game": "pamir", "players": "2", "seat0": "genius"}, "expected 2 seats"),
        ({"game": "porfiriana", "players": "2", "variant": "iron_hand"}, "iron_hand variant is for 4 to 6"),
        ({"game": "pamir", "players": "2", "seed": "-1"}, "&#39;seed&#39; is a whole number"),
        ({"game": "pamir", "players": "2", "seat0": "random", "seat1": "random"}, "needs a person"),
    ],
)
def test_a_form_that_makes_no_game_is_refused_in_a_line(form: dict[str, str], said: str) -> None:
    with server() as (client, tables):
        answer = client.post("/tables", data=form)
        assert answer.status_code == 400
        assert said in answer.text and 'role="alert"' in answer.text
        assert len(tables) == 0


def test_serve_without_the_web_extra_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "missing", lambda: serve.MISSING)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {serve.MISSING}"
