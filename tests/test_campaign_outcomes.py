"""The generated-cards campaign (tests/generated_cards_campaign.py) tells a game's outcomes apart:
a game that breaks the contract, one that cannot end ("no end"), one stopped past its limit of
CPU time; each file is saved in its own folder, and only a break makes the run exit with 1.

The runs here draw the stall file the campaign found (tests/pamir/fixtures/campaign_909_stall.pax,
with the game seed that reaches the table where nobody can do anything) in place of a generated
one, and skip mypy (its own check, tests/test_generated_cards.py): the categories, not the cards,
are under test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import generated_cards_campaign as campaign
from tests.conftest import REPO

STALL = REPO / "tests" / "pamir" / "fixtures" / "campaign_909_stall.pax"
STALL_SEED = 118827340029232  # the game in which it stalls after decision 865


def run(monkeypatch: pytest.MonkeyPatch, save: Path, seeds: list[int], *extra: str) -> int:
    """One Pax Pamir file of the stall fixture's cards, played in the games of `seeds`."""
    text = STALL.read_text(encoding="utf-8")
    monkeypatch.setattr(campaign, "card_file", lambda game, vocabulary, draw, numbers: text)
    monkeypatch.setattr(campaign, "mypy_batch", lambda modules, cache: {})
    monkeypatch.setattr(campaign, "game_seeds", lambda seed, games: seeds)
    return campaign.main(["--files", "1", "--game", "pamir", "--save", str(save), *extra])


def saved(save: Path) -> dict[str, str]:
    """Each saved file's folder under `save`, with the first line of its reason."""
    return {
        str(why.parent.relative_to(save)): why.read_text(encoding="utf-8").splitlines()[0]
        for why in sorted(save.rglob("why.txt"))
    }


def test_a_game_that_cannot_end_is_counted_and_saved_apart(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(monkeypatch, tmp_path, [STALL_SEED]) == 0
    assert saved(tmp_path) == {
        "no-end/pamir-000000": f"seed {STALL_SEED}: RuntimeError: no decision after 100,000 choices of "
        "one option: the game cannot go on ('Take an action, or end your turn')"
    }
    out = capsys.readouterr().out
    assert "0 broke the contract (0 games); games that cannot end: 1 (1 files)" in out
    assert "games over 120 s of CPU: 0 (0 files)" in out


def test_a_game_past_its_cpu_limit_is_stopped_counted_and_saved_apart(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The game twice: the timer stops the first and is set again for the second.
    assert run(monkeypatch, tmp_path, [STALL_SEED, STALL_SEED], "--cpu-limit", "0.2") == 0
    stopped = f"seed {STALL_SEED}: over the limit of 0.2 s of CPU time"
    assert saved(tmp_path) == {"over-limit/pamir-000000": stopped}
    why = (tmp_path / "over-limit" / "pamir-000000" / "why.txt").read_text(encoding="utf-8")
    assert why == f"{stopped}\n{stopped}"
    assert "games over 0.2 s of CPU: 2 (1 files)" in capsys.readouterr().out


def test_a_game_that_breaks_the_contract_is_saved_at_the_top_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: Any, **kwargs: Any) -> list[str]:
        seeds = kwargs["seeds"]
        return [f"seed {seeds[0]}: after decision 3: a spy in two places"]

    monkeypatch.setattr(campaign, "play_with", broken)
    assert run(monkeypatch, tmp_path, [1, 2]) == 1
    assert saved(tmp_path) == {"pamir-000000": "seed 1: after decision 3: a spy in two places"}
    assert "1 broke the contract (2 games)" in capsys.readouterr().out


def test_the_worst_game_of_a_file_says_where_it_goes() -> None:
    played = campaign.Played([(1, None, ""), (2, campaign.OVER_LIMIT, "x"), (3, campaign.NO_END_GAME, "y")])
    assert played.worst() == campaign.NO_END_GAME
    assert played.why() == "seed 2: x\nseed 3: y"
    assert campaign.judged("no end after 50000 decisions") == campaign.NO_END_GAME
    assert campaign.judged("KeyError: 3\nTraceback ... the game cannot go on") == campaign.BROKEN
