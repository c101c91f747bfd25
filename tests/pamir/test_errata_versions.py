"""Errata that change what a card does: every version is built, and a game plays the one its
options choose (`errata`: latest by default, `printed`, an erratum's number, or per card).

The fixture cards (tests/pamir/fixtures/errata_cards.pax): Revised Treasurer gains its rank when
played (2 as printed; erratum 2 makes the rank 1) and erratum 3 rewrites that to a flat 3;
Belated Patron had no ability until its erratum 2 gave it one (gain 2); Amended Charter adds 1 to
its owner's hand limit, 2 since its erratum."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner, Result

from paxc.compiler.cli import main
from paxc.runtime.core.options import OptionsError
from paxc.runtime.core.session import Session
from paxc.runtime.pamir import rules
from paxc.runtime.pamir.game import GAME
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.state import PamirState, card
from tests.conftest import REPO
from tests.new_cards import compile_card_file, deal_on_top, join_pamir, project_with
from tests.pamir.scenario import drive

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "errata_cards.pax"
SCENARIOS = REPO / "tests" / "pamir" / "fixtures" / "errata.paxtest"
TREASURER, PATRON, CHARTER = 987, 988, 989


@pytest.fixture(scope="module")
def errata_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("errata_cards"))


@pytest.fixture()
def joined(errata_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    for number in (TREASURER, PATRON, CHARTER):
        join_pamir(getattr(errata_cards, f"CARD_{number}"), monkeypatch)
    yield errata_cards
    rules.new_state({"players": 2}, seed=1)  # back to the latest versions, before the table is restored


def gained_by_playing(state: PamirState, number: int) -> int:
    """The rupees player 0 gains by playing card `number` from hand into court."""
    state.players[0].hand.append(number)
    before = state.players[0].rupees
    drive(rules.play(state, 0, number, False), [], then_first=True)
    assert number in state.players[0].court
    return state.players[0].rupees - before


def test_the_build_keeps_every_version_complete(errata_cards: ModuleType) -> None:
    latest = errata_cards.CARD_987
    assert [v.version for v in (*latest.versions, latest)] == [0, 2, 3]
    assert [v.rank for v in (*latest.versions, latest)] == [2, 1, 1]
    assert all(not v.versions and not v.errata for v in latest.versions[:1])
    # The errata and why are the designer's (paxc render --notes), not the player's text.
    assert "Erratum" not in latest.text and [e.version for e in latest.errata] == [2, 3]
    assert "Rank: 2" in latest.versions[0].text and "Erratum" not in latest.versions[0].text
    patron = errata_cards.CARD_988
    assert patron.versions[0].abilities == () and len(patron.abilities) == 1


@pytest.mark.parametrize(
    ("choice", "treasurer", "patron"),
    [
        (None, 3, 2),  # no option: the latest of each
        ("latest", 3, 2),
        ("printed", 2, 0),  # gains its printed rank; the patron has no ability yet
        ("2", 1, 2),  # the rank erratum: the same effect reads the new rank
        ("3", 3, 2),
        ("printed,988:latest", 2, 2),
        ("987:2", 1, 2),
    ],
)
def test_each_version_plays_its_own_effect(
    joined: ModuleType, choice: str | None, treasurer: int, patron: int
) -> None:
    options: dict[str, object] = {"players": 2} | ({} if choice is None else {"errata": choice})
    state = rules.new_state(options, seed=1)
    assert gained_by_playing(state, TREASURER) == treasurer
    assert gained_by_playing(state, PATRON) == patron


def test_the_next_game_plays_its_own_choice_not_the_last_ones(joined: ModuleType) -> None:
    rules.new_state({"players": 2, "errata": "printed"}, seed=1)
    assert card(TREASURER).version == 0
    state = rules.new_state({"players": 2}, seed=1)
    assert card(TREASURER).version == 3
    assert gained_by_playing(state, TREASURER) == 3


def test_a_modifier_acts_as_the_version_played_says_game_after_game(joined: ModuleType) -> None:
    # The hand limit is 2 (no Intelligence stars), plus the charter's 1 as printed, 2 corrected.
    for choice, limit in (("printed", 2 + 1), ("latest", 2 + 2), ("printed", 2 + 1), ("989:2", 2 + 2)):
        state = rules.new_state({"players": 2, "errata": choice}, seed=1)
        state.players[0].court.append(CHARTER)
        assert rules.hand_limit(state, 0) == limit, choice
        assert rules.hand_limit(state, 1) == 2


def test_a_choice_the_cards_cannot_meet_is_refused(joined: ModuleType) -> None:
    with pytest.raises(
        ValueError, match="card 987 \\(Revised Treasurer\\) has no version 1 \\(it has printed, 2, 3\\)"
    ):
        rules.new_state({"players": 2, "errata": "987:1"}, seed=1)
    with pytest.raises(ValueError, match="Pax Pamir has no card 5000"):
        rules.new_state({"players": 2, "errata": "5000:printed"}, seed=1)
    for bad, said in (
        ("newest", "use 'printed', 'latest'"),
        ("3:2,3:1", "card 3 is given twice"),
        (2, "is text"),
    ):
        with pytest.raises(OptionsError, match=said):
            GAME.load_kit().options.check({"players": 2, "errata": bad})


def test_both_versions_on_the_same_seeds_and_the_save_keeps_which(
    joined: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random games with the treasurer on top of the deck, printed and latest, seed for seed:
    the games differ where the card is played (2 rupees or 3), and a save replays as its own
    version whichever the last game played."""
    deal_on_top("pamir", [TREASURER], monkeypatch, rotate=False)
    kit = GAME.load_kit()
    differ = 0
    for seed in range(6):
        finished = []
        for choice in ("printed", "latest"):
            session = kit.new_session({"players": 2, "errata": choice}, seed)
            for step in range(400):
                if session.is_terminal():
                    break
                session.apply_action(step * 7 % len(session.legal_actions()))
            finished.append((session.state.digest(), session.save()))
        differ += finished[0][0] != finished[1][0]
        printed_save = finished[0][1]
        assert printed_save["options"]["errata"] == "printed"
        replayed = Session.load(PamirRules(), printed_save, kit.options)  # after a latest game
        assert card(TREASURER).version == 0
        assert replayed.state.digest() == finished[0][0]
    assert differ >= 3, differ


def test_the_table_shows_the_version_being_played(joined: ModuleType) -> None:
    from paxc.runtime.presentation import card_details

    kit = GAME.load_kit()
    for choice, rank in (("printed", "Rank: 2"), ("latest", "Rank: 1")):
        kit.new_session({"players": 2, "errata": choice}, seed=1)
        details = card_details(kit, "Revised Treasurer")
        assert rank in details.text and details.heading == "#987 Revised Treasurer"


def test_the_command_line_says_which_version_and_refuses_what_cannot_be() -> None:
    import json

    from click.testing import CliRunner

    from paxc.compiler.cli import main

    runner = CliRunner()
    done = runner.invoke(
        main, ["simulate", "pamir", "--players", "2", "--games", "2", "--errata-version", "printed", "--json"]
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["options"]["errata"] == "printed"
    both = runner.invoke(
        main,
        [
            "simulate",
            "pamir",
            "--games",
            "1",
            "--errata-version",
            "printed",
            "--errata-version",
            "3:latest",
            "--json",
        ],
    )
    assert json.loads(both.stdout)["options"]["errata"] == "printed,3:latest"
    for wrong, said in (
        ("5000:printed", "Pax Pamir has no card 5000"),
        ("newest", "use 'printed', 'latest'"),
    ):
        refused = runner.invoke(main, ["simulate", "pamir", "--games", "1", "--errata-version", wrong])
        assert refused.exit_code == 2 and said in refused.stderr, refused.output


def test_scenarios_play_the_versions_they_choose_and_the_run_chooses_the_rest(
    joined: ModuleType, tmp_path: Path
) -> None:
    """errata.paxtest: a scenario per version of the treasurer (its `errata` lines), each failing
    if another version were played, and one with no `errata` line, which plays the version
    `paxc test --errata-version` chooses: printed, it gains 2 where the scenario expects 3."""
    root = project_with(FIXTURE, "pamir", tmp_path, [SCENARIOS])

    def paxc_test(*versions: str, as_json: bool = False) -> Result:
        flags = [arg for version in versions for arg in ("--errata-version", version)]
        return CliRunner().invoke(
            main, ["--root", str(root), "test", *flags, *(["--json"] if as_json else [])]
        )

    latest = paxc_test()
    assert latest.exit_code == 0, latest.output
    assert "5 scenarios: 5 passed, 0 failed" in latest.output
    assert "gains its printed rank, 2 [errata printed]" in latest.output
    assert "a flat 3 [errata latest]" in latest.output
    assert "the latest unless told\n" in latest.output
    printed = paxc_test("printed")
    assert printed.exit_code == 1
    assert "5 scenarios: 4 passed, 1 failed" in printed.output
    assert (
        "FAIL tests/scenarios/errata.paxtest:50: Revised Treasurer in the version the run chooses: "
        "the latest unless told [errata printed]\n"
        "tests/scenarios/errata.paxtest:55:3: failed: expect rupees of P0 == 3\n"
        "    expected: == 3\n"
        "    actual:   2\n"
    ) in printed.output
    # A scenario's own version of a card wins over the run's; the run's others stay.
    assert "corrected rank, 1 [errata printed,987:2]" in printed.output
    assert "erratum 3 says [errata printed,987:latest]" in printed.output
    by_card = paxc_test("987:2")
    assert "5 scenarios: 4 passed, 1 failed" in by_card.output and "    actual:   1\n" in by_card.output
    report = json.loads(paxc_test("printed", as_json=True).stdout)
    assert [s["errata"] for s in report["scenarios"]] == [
        "printed",
        "printed,987:2",
        "latest",
        "printed,987:latest",
        "printed",
    ]
    assert [s["passed"] for s in report["scenarios"]] == [True, True, True, True, False]
