"""`paxc diff`: what a card change changes, on a scratch git repository holding a copy of the cards."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from paxc.compiler.cli import main
from paxc.compiler.diff import word_diff
from tests.conftest import REPO

KABUL = Path("cards/pamir/court/kabul.pax")
KANDAHAR = Path("cards/pamir/court/kandahar.pax")
INSURRECTION = "place_armies 2 for Afghan in Kabul"


def git(project: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=paxc", "-c", "user.email=paxc@example.org", *args],
        cwd=project,
        check=True,
        capture_output=True,
    )


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A git repository whose one commit holds a copy of the project's cards."""
    shutil.copytree(REPO / "cards", tmp_path / "cards")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "cards")
    git(tmp_path, "commit", "-q", "-m", "cards as printed")
    return tmp_path


def paxc(project: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(project), "diff", *args])


def edit(project: Path, path: Path, old: str, new: str) -> None:
    text = (project / path).read_text()
    assert text.count(old) == 1, old
    (project / path).write_text(text.replace(old, new))


def test_a_changed_effect_shows_its_text_word_by_word_and_the_other_cards_it_reaches(project: Path) -> None:
    edit(project, KABUL, INSURRECTION, "place_armies 1 for Afghan in Kabul")
    result = paxc(project)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "pamir #3 Prince Akbar Khan (changed, cards/pamir/court/kabul.pax)"
    assert "place [-2-]{+1+} Afghan [-armies-]{+army+} in Kabul." in result.stdout
    # Only the changed effect's touch points: not the card's attributes, which did not change.
    touch_lines = [line.strip() for line in lines if line.strip().startswith("touches")]
    assert touch_lines == [
        "touches operation `place_armies`: 1 other card uses it: #78 Civic Improvements",
        "touches trigger `dominance_check_ended`: no other card answers it",
    ]
    assert lines[-1] == "1 card changed"


def test_json_gives_both_texts_the_word_diff_and_every_other_card(project: Path) -> None:
    edit(
        project,
        KANDAHAR,
        "modify bribe to 0 when payer == you",
        "modify bribe to at most 1 when payer == you",
    )
    result = paxc(project, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["old"], report["new"]) == ("HEAD", "working tree")
    [card] = report["cards"]
    assert (card["game"], card["number"], card["status"]) == ("pamir", card["number"], "changed")
    assert card["attributes"] == []
    # "you pay no bribe to play a card" (its `| none:` phrasing) becomes the bribe capped at 1
    assert card["word_diff"][-3:] == [
        {"op": "same", "text": " to play a card"},
        {"op": "added", "text": " is at most 1"},
        {"op": "same", "text": "."},
    ]
    before = "".join(run["text"] for run in card["word_diff"] if run["op"] != "added")
    after = "".join(run["text"] for run in card["word_diff"] if run["op"] != "removed")
    assert (before, after) == (card["text_before"], card["text_after"])
    [bribe] = [t for t in card["touches"] if t["kind"] == "modifier"]
    assert bribe["name"] == "bribe"
    # The other two cards modifying the bribe: both faces of event 107 are one card.
    assert [c["number"] for c in bribe["other_cards"]] == [107]


def test_attributes_added_and_removed_cards_between_two_revisions(project: Path) -> None:
    edit(
        project,
        KABUL,
        "  rank 2\n  impact spy, spy, army, favor_military\n  actions battle\n",
        "  rank 3\n  impact spy, spy, army, favor_military\n  actions battle\n",
    )
    text = (project / KABUL).read_text()
    (project / KABUL).write_text(text.replace('card 4 "Charles Stoddart"', 'card 999 "Charles Stoddart"'))
    git(project, "commit", "-q", "-am", "an erratum and a renumbering")
    result = paxc(project, "HEAD~1", "HEAD", "--json")
    assert result.exit_code == 0, result.output
    cards = {c["number"]: c for c in json.loads(result.stdout)["cards"]}
    assert {(n, c["status"]) for n, c in cards.items()} == {(3, "changed"), (4, "removed"), (999, "added")}
    assert cards[3]["attributes"] == [{"name": "rank", "before": "2", "after": "3"}]
    assert {"kind": "attribute", "name": "rank"} == {
        k: v for k, v in cards[3]["touches"][0].items() if k != "other_cards"
    }
    assert cards[4]["text_after"] == "" and cards[999]["text_before"] == ""
    # The working tree is HEAD: nothing changed.
    same = paxc(project)
    assert same.exit_code == 0 and same.stdout == "no card changed between HEAD and working tree\n"


def test_an_erratum_against_the_printed_card(project: Path) -> None:
    edit(
        project,
        KABUL,
        "  actions battle\n  patriot Afghan",
        '  actions battle\n  patriot Afghan\n  errata 2 "recount" { rank 1 }',
    )
    result = paxc(project, "--errata", "Prince Akbar Khan", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    [erratum] = report["errata"]
    assert (erratum["version"], erratum["note"]) == (2, "recount")
    assert erratum["change"]["attributes"] == [{"name": "rank", "before": "2", "after": "1"}]
    assert "Rank: 2" in erratum["change"]["text_before"] and "Rank: 1" in erratum["change"]["text_after"]
    # The working tree against HEAD shows the erratum too: applied, and listed on the card.
    plain = paxc(project)
    assert "rank: 2 -> 1" in plain.stdout and "{+Erratum 2 (recount): rank 1+}" in plain.stdout
    none = paxc(project, "--errata", "Mohan Lal")
    assert none.exit_code == 0 and none.stdout == "#1 Mohan Lal has no errata\n"


def test_a_version_that_does_not_compile_is_refused_with_its_diagnostics(project: Path) -> None:
    before = (project / KABUL).read_bytes()
    edit(project, KABUL, INSURRECTION, "place_armies 2 for Afghan in Kabull")
    result = paxc(project)
    assert result.exit_code == 1
    assert "cards/pamir/court/kabul.pax:" in result.stderr and "Kabull" in result.stderr
    assert "the cards of working tree do not compile" in result.stderr
    assert (project / KABUL).read_bytes() != before  # untouched by the diff: still the edit
    assert not (project / "generated").exists()


def test_an_unknown_revision_or_no_repository_is_one_line(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    result = paxc(project, "no-such-branch")
    assert result.exit_code == 1
    assert "no revision 'no-such-branch'" in result.stderr and "Traceback" not in result.stderr
    bare = tmp_path_factory.mktemp("bare")
    shutil.copytree(REPO / "cards" / "pamir", bare / "cards" / "pamir")
    outside = paxc(bare)
    assert outside.exit_code == 1 and "no revision 'HEAD'" in outside.stderr


def test_word_diff_keeps_every_word_and_space() -> None:
    runs = word_diff("place 2 armies\nin Kabul", "place 1 army\nin Kabul")
    assert runs == [
        ("same", "place "),
        ("removed", "2"),
        ("added", "1"),
        ("same", " "),
        ("removed", "armies"),
        ("added", "army"),
        ("same", "\nin Kabul"),
    ]


def test_an_erratum_rewriting_an_ability_shows_what_it_now_does(project: Path) -> None:
    erratum = (
        '  errata 2 "one army" {\n    ability "Insurrection" {\n      when dominance_check_ended {\n'
        "        place_armies 1 for Afghan in Kabul\n      }\n    }\n  }\n"
    )
    edit(project, KABUL, '  ability "Insurrection" {', erratum + '  ability "Insurrection" {')
    result = paxc(project, "--errata", "akbar")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("erratum 2 (one army) against the printed card:\n")
    assert "place [-2-]{+1+} Afghan [-armies-]{+army+} in Kabul." in result.stdout
    assert "{+Erratum 2 (one army): Insurrection rewritten+}" in result.stdout
    assert "touches operation `place_armies`: 1 other card uses it: #78 Civic Improvements" in result.stdout
