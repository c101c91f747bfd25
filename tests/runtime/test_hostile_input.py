"""Hostile or careless input to the game commands: every bad save is refused with one line and
exit status 1 (never a traceback, a hang or a memory blow-up); contradictory options are usage
errors; `play --save` refuses a place it cannot write before the game and writes as it goes."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxc.compiler.cli import main
from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import BadSave, Session
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.porfiriana.game_rules import PorfirianaRules
from tests.conftest import REPO

PAXC = str(REPO / ".venv" / "bin" / "paxc")


def paxc(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def saved_game(rules: Any, options: dict[str, Any], decisions: int = 12) -> dict[str, Any]:
    session = Session(rules, options, seed=11)
    agent = RandomAgent(5)
    for _ in range(decisions):
        session.apply_action(agent.choose(session))
    data: dict[str, Any] = session.save()
    return data


@pytest.fixture(scope="module")
def pamir_save() -> dict[str, Any]:
    return saved_game(PamirRules(), {"players": 3})


@pytest.fixture(scope="module")
def porfiriana_save() -> dict[str, Any]:
    return saved_game(PorfirianaRules(), {"players": 4, "iron_hand": True})


def refused(path: Path, expected: str) -> None:
    code, output = paxc("replay", "--quiet", str(path))
    assert code == 1, output
    assert output.count("\n") == 1 and "Traceback" not in output, output
    assert expected in output, output


def edited(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(json.dumps(save))
    change(data)
    return json.dumps(data)


def test_the_untouched_saves_replay(
    tmp_path: Path, pamir_save: dict[str, Any], porfiriana_save: dict[str, Any]
) -> None:
    for name, save in (("pamir", pamir_save), ("porfiriana", porfiriana_save)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(save))
        code, output = paxc("replay", "--quiet", str(path))
        assert code == 0 and "The log stops before the end" in output, output


BAD_PAMIR_SAVES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    # The generator keeps 64 bits: the save would name a seed that is not the one played.
    (
        "seed past 64 bits",
        lambda d: d.update(seed=d["seed"] + 2**64),
        "the save's 'seed' is not from 0 to 2**64 - 1",
    ),
    ("negative seed", lambda d: d.update(seed=-1), "the save's 'seed' is not from 0 to 2**64 - 1: -1"),
    ("unknown option", lambda d: d["options"].update(turbo=True), "Pax Pamir has no option 'turbo'"),
    (
        "solitaire in pamir",
        lambda d: d["options"].update(solitaire=True),
        "Pax Pamir has no option 'solitaire'",
    ),
    ("chance 7", lambda d: d.update(chance=7), "the save's 'chance' is not a list: 7"),
    ("chance null", lambda d: d.update(chance=None), "the save's 'chance' is not a list: None"),
    (
        "chance edited",
        lambda d: d["chance"].__setitem__(0, "a card from nowhere"),
        "does not draw what the save says",
    ),
    ("players true", lambda d: d["options"].update(players=True), "'players' is a whole number, not True"),
    ("players 9", lambda d: d["options"].update(players=9), "Pax Pamir is for 2 to 5 players, not 9"),
    ("players missing", lambda d: d["options"].pop("players"), "the options lack 'players'"),
    ("unknown field", lambda d: d.update(cheat=1), "unknown field 'cheat'"),
    ("format true", lambda d: d.update(format=True), "missing or unknown 'format'"),
    ("seed text", lambda d: d.update(seed="11"), "the save's 'seed' is not a whole number: '11'"),
    ("seed missing", lambda d: d.pop("seed"), "the save lacks its 'seed'"),
    ("options a list", lambda d: d.update(options=[3]), "the save's 'options' is not a mapping"),
    ("digest null", lambda d: d.update(digest=None), "the save's 'digest' is not text"),
    ("digest short", lambda d: d.update(digest="abc"), "'digest' is not a sha256 in hex"),
    ("decision label", lambda d: d["decisions"][0].pop("label"), "decision 1 is malformed"),
    ("decision extra", lambda d: d["decisions"][1].update(why="x"), "decision 2 is malformed"),
    (
        "decision choice",
        lambda d: d["decisions"][2].update(choice=1.5),
        "decision 3's 'choice' is not a whole number",
    ),
    (
        "decision player",
        lambda d: d["decisions"][2].update(player=False),
        "decision 3's 'player' is not a whole number",
    ),
    ("chance number", lambda d: d["chance"].append(3), "is not text: 3"),
    ("game unknown", lambda d: d.update(game="chess"), "of an unknown game"),
]


@pytest.mark.parametrize(
    ("change", "expected"), [b[1:] for b in BAD_PAMIR_SAVES], ids=[b[0] for b in BAD_PAMIR_SAVES]
)
def test_an_edited_pamir_save_is_refused(
    tmp_path: Path, pamir_save: dict[str, Any], change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    path = tmp_path / "edited.json"
    path.write_text(edited(pamir_save, change))
    refused(path, expected)


BAD_PORFIRIANA_SAVES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    (
        "iron hand 5",
        lambda d: d["options"].update(iron_hand=5),
        "the option 'iron_hand' is true or false, not 5",
    ),
    ("iron hand text", lambda d: d["options"].update(iron_hand="yes"), "true or false, not 'yes'"),
    (
        "iron hand for 3",
        lambda d: d["options"].update(players=3),
        "iron_hand variant is for 4 to 6 players, not 3",
    ),
    (
        "solitaire for 6",
        lambda d: d["options"].update(solitaire=True, players=6, iron_hand=False),
        "solitaire is for one player, not 6",
    ),
    (
        "unknown option",
        lambda d: d["options"].update(fog_of_war=True),
        "Pax Porfiriana has no option 'fog_of_war'",
    ),
]


@pytest.mark.parametrize(
    ("change", "expected"), [b[1:] for b in BAD_PORFIRIANA_SAVES], ids=[b[0] for b in BAD_PORFIRIANA_SAVES]
)
def test_an_edited_porfiriana_save_is_refused(
    tmp_path: Path, porfiriana_save: dict[str, Any], change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    path = tmp_path / "edited.json"
    path.write_text(edited(porfiriana_save, change))
    refused(path, expected)


def test_bytes_that_are_not_a_save_are_refused(tmp_path: Path, pamir_save: dict[str, Any]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(json.dumps(pamir_save).encode()[:50] + b"\xff\xfe\xc3")
    refused(path, "is not UTF-8 text")
    path.write_text("[" * 100_000 + "]" * 100_000)
    refused(path, "nested too deeply")
    path.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    refused(path, "nested too deeply")
    placeholder = edited(pamir_save, lambda d: d["options"].update(players="NESTED"))
    for depth in (500, 900, 990):  # nested in a field: under, near and at what the parser takes
        path.write_text(placeholder.replace('"NESTED"', "[" * depth + "]" * depth))
        refused(path, str(path))
    path.write_text('{"format": 1, "seed": ' + "9" * 5000 + "}")
    refused(path, "not a readable save")
    path.write_text("")
    refused(path, "not a readable save")
    path.write_text("[1, 2]")
    refused(path, "not a paxc log")


def test_a_device_is_not_read(tmp_path: Path) -> None:
    refused(Path("/dev/zero"), "not a regular file")
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    refused(link, "not a regular file")


def test_an_oversized_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(64 * 1024 * 1024)  # sparse: nothing is written
    refused(path, "too large for a save")


def test_a_named_pipe_does_not_hang(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    done = subprocess.run(
        [PAXC, "replay", str(pipe)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1 and "not a regular file" in done.stderr
    assert done.stderr.count("\n") == 1


# ---------------------------------------------------------------- options on the command line


def test_contradictory_options_are_usage_errors() -> None:
    code, output = paxc("play", "porfiriana", "--solitaire", "--players", "6")
    assert code == 2 and "--solitaire is one player against the game: leave out --players 6" in output
    code, output = paxc("simulate", "porfiriana", "--solitaire", "--players", "3", "--games", "1")
    assert code == 2 and "leave out --players 3" in output
    code, output = paxc("simulate", "porfiriana", "--iron-hand", "--players", "3", "--games", "1")
    assert code == 2 and "--iron-hand variant is for 4 to 6 players, not 3" in output
    code, output = paxc("simulate", "porfiriana", "--iron-hand", "--solitaire", "--games", "1")
    assert code == 2 and "--iron-hand variant is for 4 to 6 players, not --solitaire" in output
    code, output = paxc("simulate", "pamir", "--solitaire", "--games", "1")
    assert code == 2 and "pamir has no --solitaire variant" in output
    code, output = paxc("simulate", "pamir", "--players", "6", "--games", "1")
    assert code == 2 and "Pax Pamir is for 2 to 5 players, not 6" in output


def test_the_solitaire_alone_and_the_default_players_still_play() -> None:
    code, output = paxc("simulate", "porfiriana", "--solitaire", "--games", "1", "--seed", "2")
    assert code == 0 and "1 game of 1 player against Díaz (P1)" in output, output
    code, output = paxc("simulate", "pamir", "--games", "1", "--seed", "2")
    assert code == 0 and "1 game of 3 players" in output, output


def test_jobs_are_capped_at_the_games_and_the_cores() -> None:
    code, output = paxc("simulate", "pamir", "--players", "2", "--games", "2", "--jobs", "1000")
    assert code == 0, output
    assert "--jobs 1000: using 2 processes" in output or "--jobs 1000: using 1 process " in output
    assert "2 games of 2 players" in output


def test_play_refuses_a_save_it_cannot_write_before_the_game(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "game.json"
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "random,random", "--save", str(missing))
    assert code == 2 and f"cannot write {missing}: there is no folder {missing.parent}" in output
    assert "P0:" not in output and "P1:" not in output  # not one decision was played


def test_play_never_replaces_a_device_or_a_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (Path("/dev/null"), pipe):
        code, output = paxc(
            "play", "pamir", "--players", "2", "--seats", "random,random", "--save", str(target)
        )
        assert code == 2 and f"{target} is not a regular file" in output, output
    assert Path("/dev/null").is_char_device() and pipe.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_play_writes_the_log_through_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, output = paxc("play", "pamir", "--players", "2", "--seats", "random,random", "--save", str(link))
    assert code == 0, output
    assert link.is_symlink() and json.loads(real.read_text())["game"] == "pamir"


def test_play_writes_the_log_as_the_game_goes(tmp_path: Path) -> None:
    """A person who stops answering (the terminal closed: end of input) has the log up to the
    question they were asked, and it replays."""
    log = tmp_path / "game.json"
    code, output = paxc("play", "pamir", "--players", "2", "--save", str(log), stdin="0\n0\n1\n")
    assert code == 1  # the input ended at a prompt: click aborts
    assert "log saved" not in output
    data = json.loads(log.read_text())
    assert len(data["decisions"]) >= 3
    code, output = paxc("replay", "--quiet", str(log))
    assert code == 0 and "The log stops before the end" in output, output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# ---------------------------------------------------------------- saves edited at random

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: keys of objects, indexes of lists."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):
            found += _paths(inner, (*prefix, index))
    return found


def _at(value: Any, place: tuple[Any, ...]) -> Any:
    for step in place:
        value = value[step]
    return value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_save_edited_anywhere_replays_or_is_refused_cleanly(
    porfiriana_save: dict[str, Any], data: st.DataObject
) -> None:
    """Replace, delete or add any value of a save: loading it gives a session or a BadSave,
    never another exception."""
    save = json.loads(json.dumps(porfiriana_save))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        place = data.draw(st.sampled_from(_paths(save)[1:]))
        parent = _at(save, place[:-1])
        key = place[-1]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del parent[key]
        elif action == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=10))] = data.draw(JSON_VALUES)
        else:
            parent[key] = data.draw(JSON_VALUES)
    kit = games.find("porfiriana").load_kit()
    try:
        Session.loads(kit.rules, json.dumps(save), kit.options)
    except BadSave:
        pass
