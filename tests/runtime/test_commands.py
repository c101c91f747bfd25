"""`paxc simulate`, `paxc play` and `paxc replay`."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime.commands import duration, run_games


def paxc(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_simulate_gives_the_same_results_whatever_the_jobs() -> None:
    alone = list(run_games("pamir", 3, 6, seed=5, jobs=1, check=False))
    shared = list(run_games("pamir", 3, 6, seed=5, jobs=2, check=False))
    assert alone == shared
    assert all(r.error is None for r in alone)
    assert len({r.seed for r in alone}) == 6


def test_simulate_prints_a_summary() -> None:
    code, output = paxc("simulate", "pamir", "--players", "2", "--games", "4", "--seed", "3", "--check")
    assert code == 0, output
    assert "4 games of 2 players" in output
    assert "wins by seat" in output and "decisions per game" in output and "errors: 0" in output


def test_simulate_output_reads_well_when_piped() -> None:
    # CliRunner's streams are not terminals: no progress bar label may run into the summary.
    code, output = paxc("simulate", "pamir", "--players", "2", "--games", "1", "--seed", "3")
    assert code == 0, output
    assert output.startswith("1 game of 2 players in "), output
    assert "playing" not in output
    assert output.endswith("errors: 0\n")


def test_short_runs_say_how_short() -> None:
    assert duration(0.04) == "0.04 s" and duration(0.0004) == "under a millisecond"
    assert duration(2.345) == "2.3 s" and duration(61.2) == "61 s"
    assert all("0.0 s" not in duration(s) for s in (0.0, 0.001, 0.01, 0.049))


def test_unknown_options_and_values_are_refused() -> None:
    assert paxc("simulate", "pamir", "--players", "7")[0] == 2
    assert paxc("simulate", "chess")[0] == 2
    code, output = paxc("simulate", "pamir", "--fast")
    assert code == 2 and "No such option" in output
    code, output = paxc("play", "pamir", "--seats", "human,robot")
    assert code == 2 and "--seats" in output


def test_play_with_random_seats_saves_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    code, output = paxc(
        "play", "pamir", "--players", "2", "--seats", "random,random", "--seed", "4", "--save", str(log)
    )
    assert code == 0, output
    assert "The game is over: player" in output
    code, replayed = paxc("replay", str(log))
    assert code == 0, replayed
    assert replayed.splitlines()[-1].startswith("The game is over: player")


def test_a_human_seat_sees_numbered_options_and_bad_answers_are_explained(tmp_path: Path) -> None:
    log = tmp_path / "partial.json"
    code, output = paxc("play", "pamir", "--players", "2", "--save", str(log), stdin="x\n99\n0\nb\nl\nq\n")
    assert code == 0, output
    assert "  0: " in output
    assert "'x' is not one of the options" in output
    assert "'99' is not one of the options" in output
    assert "Market" in output
    assert "    1  P" in output  # the log, one decision a line
    code, replayed = paxc("replay", "--quiet", str(log))
    assert code == 0 and "The log stops before the end" in replayed


def test_replay_refuses_broken_logs(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    paxc("play", "pamir", "--players", "2", "--seats", "random,random", "--save", str(log))
    text = log.read_text()
    truncated = tmp_path / "truncated.json"
    truncated.write_text(text[: len(text) // 2])
    code, output = paxc("replay", str(truncated))
    assert code == 1 and "not a readable save (truncated?)" in output
    data = json.loads(text)
    data["decisions"][5]["label"] = "buy the moon"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    code, output = paxc("replay", str(edited))
    assert code == 1 and "decision 6 says 'buy the moon'" in output


def decisions_in(log: Path) -> int:
    return len(json.loads(log.read_text(encoding="utf-8"))["decisions"])


def test_enter_alone_never_chooses(tmp_path: Path) -> None:
    """Option 0 may end the turn: an empty answer asks again, it never takes the first option."""
    log = tmp_path / "game.json"
    code, output = paxc("play", "pamir", "--players", "2", "--save", str(log), stdin="\n\n\nq\n")
    assert code == 0, output
    assert decisions_in(log) == 0


def test_undo_takes_back_the_last_decision_of_the_turn(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    # Both seats human: choose loyalties (0, 0), then take it back, then quit.
    code, output = paxc(
        "play", "pamir", "--players", "2", "--seats", "human,human", "--save", str(log), stdin="0\nu\nq\n"
    )
    assert code == 0, output
    assert "your last decision is taken back" in output
    assert decisions_in(log) == 0
    code, output = paxc("play", "pamir", "--players", "2", "--save", str(log), stdin="u\nq\n")
    assert "there is no decision of yours to take back" in output


def test_undo_is_refused_once_the_turn_is_over(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    answers = "0\n" * 3 + "q\n"
    code, _ = paxc(
        "play", "pamir", "--players", "2", "--seats", "human,human", "--save", str(log), stdin=answers
    )
    made = decisions_in(log)
    # Play on until a turn has passed, then try to take a decision of that turn back ('y': yes,
    # end the turn with actions left; elsewhere it is refused as no option).
    code, output = paxc("play", "--load", str(log), "--seats", "human,human", stdin="0\ny\n" * 40 + "u\nq\n")
    assert code == 0, output
    assert decisions_in(log) > made
    assert "cannot take it back" in output or "your last decision is taken back" in output


def test_a_saved_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    code, _ = paxc("play", "pamir", "--players", "3", "--seed", "9", "--save", str(log), stdin="0\n1\nq\n")
    assert code == 0
    made = decisions_in(log)
    assert made >= 2
    code, output = paxc("play", "--load", str(log), "--seats", "random,random,random")
    assert code == 0, output
    assert "The game is over: player" in output
    assert decisions_in(log) > made  # written on into the same log
    code, replayed = paxc("replay", "--quiet", str(log))
    assert code == 0 and replayed.startswith("The game is over"), replayed


def test_load_refuses_what_it_cannot_resume(tmp_path: Path) -> None:
    """In one line, exit status 1, as `paxc replay` refuses a save (not click's usage block)."""
    missing = tmp_path / "missing.json"
    code, output = paxc("play", "--load", str(missing))
    assert (code, output) == (1, f"{missing}: cannot read it: No such file or directory\n")
    finished = tmp_path / "over.json"
    paxc("play", "pamir", "--players", "2", "--seats", "random,random", "--save", str(finished))
    code, output = paxc("play", "--load", str(finished))
    assert (code, output) == (1, f"{finished}: the game is over: nothing to resume\n")
    code, output = paxc("play", "porfiriana", "--load", str(finished))
    assert (code, output) == (1, f"{finished}: this log is a game of pamir, not of porfiriana\n")
    unfinished = tmp_path / "open.json"
    paxc("play", "pamir", "--players", "2", "--save", str(unfinished), stdin="q\n")
    code, output = paxc("play", "--load", str(unfinished), "--players", "4")
    assert code == 2 and "give no others" in output
    code, output = paxc("play")
    assert code == 2 and "name the GAME" in output


def test_wakhan_takes_a_seat_when_one_or_two_people_play(tmp_path: Path) -> None:
    """`--players 1` is one person against Wakhan; `--players 2 --wakhan` two people. She answers
    her own seat (0); the people's seats follow."""
    code, output = paxc("simulate", "pamir", "--players", "1", "--games", "6", "--seed", "4", "--check")
    assert code == 0 and "errors: 0" in output, output
    assert "6 games of 1 player against Wakhan (P0) in " in output
    assert "wins by seat: P0 (Wakhan) " in output and "\n  P1 points" in output  # her seat 0, the person's 1
    code, output = paxc("simulate", "pamir", "--players", "2", "--wakhan", "--games", "4", "--check")
    assert code == 0 and "errors: 0" in output and "P2 points" in output, output
    assert "4 games of 2 players against Wakhan (P0)" in output and "P0 (Wakhan) points" in output
    code, output = paxc("simulate", "porfiriana", "--solitaire", "--games", "2", "--json")
    assert (
        code == 0 and json.loads(output)["seats"] == ["random", "Díaz"] and json.loads(output)["players"] == 1
    )
    code, output = paxc("simulate", "porfiriana", "--solitaire", "--games", "2")
    assert "2 games of 1 player against Díaz (P1) in " in output and "P1 (Díaz) gold" in output, output
    log = tmp_path / "solo.json"
    code, output = paxc("play", "pamir", "--players", "1", "--seats", "random", "--save", str(log))
    assert code == 0 and "The game is over" in output, output
    saved = json.loads(log.read_text(encoding="utf-8"))
    assert saved["options"] == {"players": 1, "wakhan": True}
    assert {d["player"] for d in saved["decisions"]} == {1}  # only the person is asked
    assert paxc("replay", "--quiet", str(log))[0] == 0


def test_wakhan_options_that_contradict_are_refused() -> None:
    code, output = paxc("simulate", "pamir", "--players", "3", "--wakhan")
    assert code == 2 and "1 or 2 people" in output
    code, output = paxc("simulate", "pamir", "--players", "3", "--savvy-purchasing")
    assert code == 2 and "goes with the --wakhan variant" in output
    code, output = paxc("simulate", "pamir", "--players", "3", "--spy-movement")
    assert code == 2 and "goes with the --wakhan variant" in output
    code, output = paxc("simulate", "pamir", "--players", "1", "--wakhan", "--spy-movement", "--games", "3")
    assert code == 0 and "errors: 0" in output, output


def test_the_terminal_tells_what_happens_and_replays_stay_silent(tmp_path: Path) -> None:
    """Wakhan's and Díaz's moves, loyalty changes, discards and dominance checks are narrated as
    they happen; a resumed game does not tell its past again."""
    code, output = paxc("play", "pamir", "--players", "1", "--seats", "random", "--seed", "3")
    assert code == 0 and "  * Wakhan's turn: she reveals AI card " in output and ": AI card " in output, (
        output
    )
    assert "  * Dominance check" in output
    code, output = paxc("play", "porfiriana", "--solitaire", "--seats", "random", "--seed", "3")
    assert code == 0 and "  * Díaz rolls " in output and "  * Díaz plays " in output
    log = tmp_path / "game.json"
    paxc("play", "pamir", "--players", "1", "--seed", "3", "--save", str(log), stdin="0\n0\n0\nq\n")
    code, output = paxc("play", "--load", str(log), "--seats", "human", stdin="q\n")
    assert code == 0 and "  * " not in output  # nothing happened since: the replay said nothing


def test_narration_costs_nothing_and_changes_nothing_without_a_listener() -> None:
    from paxc.runtime.core.narration import listening, narrate

    heard: list[str] = []

    def costly() -> str:
        raise AssertionError("made with nobody listening")

    narrate(costly)  # nobody listens: the text is never made
    with listening(heard.append):
        narrate("a loyalty changes")
        with listening(None):
            narrate("a replay")
    assert heard == ["a loyalty changes"]


def test_the_log_shows_what_happened_after_each_decision() -> None:
    answers = "0\ny\n" * 6 + "l\nq\ny\n"
    code, output = paxc("play", "pamir", "--players", "1", "--seed", "3", stdin=answers)
    assert code == 0, output
    log_part = output[output.rindex("    1  P1: ") :]
    assert (
        "         * Wakhan's turn: she reveals AI card " in log_part
    )  # her turn, after the decision it followed


def test_replay_tells_the_story_under_each_decision_unless_asked_not_to(tmp_path: Path) -> None:
    """A save holds the decisions only: replaying them tells the story again, each line under
    the decision it followed, the same as the terminal printed while the game was played."""
    log = tmp_path / "game.json"
    code, played = paxc(
        "play", "porfiriana", "--solitaire", "--seats", "random", "--seed", "3", "--save", str(log)
    )
    assert code == 0, played
    code, replayed = paxc("replay", str(log))
    assert code == 0, replayed
    told = [line.strip() for line in replayed.splitlines() if line.startswith("         * ")]
    printed = [line.strip() for line in played.splitlines() if line.startswith("  * ")]
    assert told == printed and any("Díaz rolls" in line for line in told)
    code, bare = paxc("replay", "--no-story", str(log))
    assert code == 0 and "*" not in bare and "    1  P0: " in bare


def test_the_log_of_a_resumed_game_shows_what_happened_before_it_was_saved(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    paxc("play", "pamir", "--players", "1", "--seed", "3", "--save", str(log), stdin="0\n0\n0\nq\n")
    code, output = paxc("play", "--load", str(log), "--seats", "human", stdin="l\nq\n")
    assert code == 0, output
    assert "         * Wakhan's turn: she reveals AI card " in output  # told again from the save, for 'l'


def test_simulate_json_gives_the_summary_on_stdout_for_tools() -> None:
    args = ["simulate", "pamir", "--players", "2", "--games", "3", "--seed", "3"]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # stdout is the JSON document alone
    assert data["game"] == "pamir" and data["seed"] == 3
    assert (data["games"], data["players"], data["seats"]) == (3, 2, ["random", "random"])
    assert data["options"] == {"players": 2} and data["score_name"] == "points"
    assert sum(data["wins"]) == 3 and len(data["scores"]) == 2 and data["errors"] == []
    assert sum(data["endings"].values()) == 3
    assert data["decisions"]["min"] <= data["decisions"]["mean"] <= data["decisions"]["max"]
    code, text = paxc(*args)
    assert code == 0
    assert f"wins by seat: P0 {data['wins'][0]}, P1 {data['wins'][1]}" in text  # the same figures
    assert f"P0 points: mean {data['scores'][0]['mean']:.1f}, max {data['scores'][0]['max']}" in text


def test_a_save_keeps_who_sits_where(tmp_path: Path) -> None:
    """`--seats random,human`, saved and resumed: the person keeps seat 1 and a bot seat 0."""
    log = tmp_path / "game.json"
    code, output = paxc(
        "play", "pamir", "--players", "2", "--seats", "random,human", "--save", str(log), stdin="q\n"
    )
    assert code == 0 and "P1: Choose your loyalty" in output, output
    assert json.loads(log.read_text(encoding="utf-8"))["seats"] == ["random", "human"]
    code, output = paxc("play", "--load", str(log), stdin="q\n")
    assert code == 0 and "P1: Choose your loyalty" in output and "P0: Choose" not in output, output
    # --seats on --load says who sits where from now on, and the save follows.
    code, output = paxc("play", "--load", str(log), "--seats", "random,random")
    assert code == 0 and "The game is over" in output, output
    assert json.loads(log.read_text(encoding="utf-8"))["seats"] == ["random", "random"]


def test_saves_name_the_game_s_own_opponent_and_old_saves_still_load(tmp_path: Path) -> None:
    for args, seats in (
        (["pamir", "--players", "1"], ["Wakhan", "human"]),
        (["porfiriana", "--solitaire"], ["human", "Díaz"]),
    ):
        log = tmp_path / f"{args[0]}.json"
        code, output = paxc("play", *args, "--seed", "3", "--save", str(log), stdin="q\n")
        assert code == 0, output
        assert json.loads(log.read_text(encoding="utf-8"))["seats"] == seats
    # A save written before saves kept the seats: the first person's seat is a person's, the
    # others random (what `--seats` gives by default).
    log = tmp_path / "old.json"
    paxc("play", "pamir", "--players", "2", "--seats", "random,human", "--save", str(log), stdin="q\n")
    old = json.loads(log.read_text(encoding="utf-8"))
    del old["seats"]
    log.write_text(json.dumps(old), encoding="utf-8")
    code, output = paxc("play", "--load", str(log), stdin="q\n")
    assert code == 0 and "P1: Choose your loyalty -> " in output, output  # a bot's choice, printed
    for bad in (["human"], ["human", "robot"], ["Wakhan", "human"], "human"):
        log.write_text(json.dumps({**old, "seats": bad}), encoding="utf-8")
        code, output = paxc("play", "--load", str(log), stdin="q\n")
        # Refused as any bad save is, in one line, exit status 1 (as `paxc replay` refuses it).
        assert code == 1 and "seats" in output and output.count("\n") == 1, (bad, output)


def test_replay_keeps_every_prompt_and_steps_with_the_board(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    paxc("play", "pamir", "--players", "2", "--seats", "random,random", "--seed", "4", "--save", str(log))
    code, output = paxc("replay", "--no-story", str(log))
    assert code == 0, output
    lines = [line for line in output.splitlines() if line[:5].strip().isdigit()]
    assert lines and all(" -> " in line for line in lines)  # each decision with its question
    assert "    1  P0: Choose your loyalty -> " in output
    assert "seats: P0 random, P1 random" in output
    # --step: the board after each decision, waiting for Enter; 'q' goes through the rest.
    code, stepped = paxc("replay", "--step", str(log), stdin="\n\nb\nq\n")
    assert code == 0, stepped
    assert stepped.count("Enter: the next decision") == 4  # after decisions 1, 2, then 3 twice (b, q)
    assert stepped.count("  Transcaspia  tribes:") == 2  # the whole board: at the start, and for 'b'
    assert "The board, what changed ('b' shows it all):" in stepped
    assert stepped.count(" -> ") == output.count(" -> ") and stepped.endswith(output.splitlines()[-1] + "\n")
