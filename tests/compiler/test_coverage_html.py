"""`paxc coverage --html DIR`: the report's pages, checked in a real browser on the small fixture
game (Bazaar, tests/example_game) against counts worked out independently of the coverage run
(tests/compiler/test_coverage.py: `expected_counts`), and how the folder is written.

The browser test saves its screenshots beside its temporary folder (`index.png`, `goods.png`):
`pytest tests/compiler/test_coverage_html.py --basetemp=build/shots` keeps them to look at.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from paxc.compiler import coverage_html
from paxc.compiler.coverage import BranchCount, Coverage, EffectCount
from paxc.compiler.source import SourceFile
from tests.compiler.test_coverage import (
    ANVIL,
    EXAMPLE,
    GOODS,
    GUILD_HALL,
    MARKET_CHARTER,
    ON_PLAY,
    RAG_MARKET,
    SMITHY,
    SPINNING_WHEEL,
    TOLL_ROAD,
    expected_counts,
    paxc,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Three games in which Dye Works is never played and Guild Hall, played, is asked about 48 costs
# and changes none (tests/compiler/test_coverage.py works out what each card did independently).
GAMES, SEED = 3, 15
DYE_WORKS = 2
# A comment written into the fixture's card file: card text is shown as text, never as markup.
COMMENT = '# Tolls: 1 coin <b>each</b> & "no" exceptions <script>alert(1)</script>'

# ---------------------------------------------------------------------- writing the folder


def small_coverage() -> tuple[Coverage, dict[str, SourceFile]]:
    path = "cards/x/a.pax"
    text = 'game x\n\ncard 1 "Fish & <Chips>" good {\n  on play {\n    if a {\n      b\n    }\n  }\n}\n'
    coverage = Coverage("x", {"players": 2}, 1, 3)
    coverage.effects = [EffectCount(1, "Fish & <Chips>", "one-shot", "on play", path, 4, acted=3)]
    coverage.branches = [BranchCount(1, "Fish & <Chips>", path, 5, ["then", "else"], [3, 0])]
    coverage.cards = {1: ("Fish & <Chips>", path, 3)}
    return coverage, {path: SourceFile(path, text)}


def test_the_pages_escape_card_text_and_mark_each_line() -> None:
    coverage, sources = small_coverage()
    pages = coverage_html.report_pages(coverage, sources)
    page = pages[coverage_html.page_name("cards/x/a.pax")]
    assert "card 1 &#34;Fish &amp; &lt;Chips&gt;&#34; good {" in page
    assert "<Chips>" not in page and "<script" not in page and "http" not in page
    assert (
        '<tr id="L4" class="acted" title="one-shot: ran 3 times (#1 Fish &amp; &lt;Chips&gt;, on play)">'
        in page
    )
    assert '<tr id="L5" class="partial" title="if: then 3, else 0 (#1 Fish &amp; &lt;Chips&gt;)">' in page
    assert '<td class="count">3 / 0</td>' in page
    assert '<tr id="L6" class="plain">' in page and '<tr id="L10"' not in page  # 9 lines, all numbered
    assert "1 of 1 effects acted, 1 of 2 branches taken" in page and ": 66%</h1>" in page


def fail_writing(monkeypatch: pytest.MonkeyPatch, at_file: int) -> None:
    """Make the write of the `at_file`-th file from now fail, as a full disk would."""
    real_write = Path.write_text
    calls = 0

    def failing(self: Path, *args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == at_file:
            raise OSError(28, "No space left on device")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing)


def test_the_report_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    coverage, sources = small_coverage()
    report = tmp_path / "deep" / "report"
    index = coverage_html.write(coverage, sources, report)
    assert index == report / "index.html" and index.is_file()
    written = {p.name: p.read_text(encoding="utf-8") for p in report.iterdir()}
    assert set(written) == {"index.html", coverage_html.page_name("cards/x/a.pax")}
    # Killed (here: failing) half way through writing again: the report that was there stays.
    fail_writing(monkeypatch, at_file=2)
    coverage.games = 99
    with pytest.raises(
        coverage_html.ReportError, match="cannot write the report to .*: No space left on device"
    ):
        coverage_html.write(coverage, sources, report)
    monkeypatch.undo()
    assert {p.name: p.read_text(encoding="utf-8") for p in report.iterdir()} == written
    assert sorted(p.name for p in report.parent.iterdir()) == ["report"]  # nothing half-written left
    # Written again: replaced whole.
    coverage_html.write(coverage, sources, report)
    assert "99 random self-played games" in (report / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in report.parent.iterdir()) == ["report"]


def test_a_folder_that_is_not_a_report_is_refused(tmp_path: Path) -> None:
    coverage, sources = small_coverage()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(coverage_html.ReportError, match="holds files that are not a coverage report"):
        coverage_html.write(coverage, sources, mine)
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    with pytest.raises(coverage_html.ReportError, match="is not a folder"):
        coverage_html.write(coverage, sources, a_file)
    with pytest.raises(coverage_html.ReportError, match="cannot write the report to"):
        coverage_html.write(coverage, sources, a_file / "report")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert coverage_html.write(coverage, sources, empty).is_file()


# ---------------------------------------------------------------------- in a browser


@pytest.fixture(scope="module")
def example_copy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of the fixture game with COMMENT above Toll Road, and a folder that makes it
    importable as `bazaar` and registers it: (the project, the folder for PYTHONPATH)."""
    root = tmp_path_factory.mktemp("example")
    project = root / "bazaar"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns(".paxc-cache", "__pycache__"))
    goods = project / GOODS
    text = goods.read_text(encoding="utf-8")
    goods.write_text(text.replace('card 9 "Toll Road"', f'{COMMENT}\ncard 9 "Toll Road"'), encoding="utf-8")
    info = root / "bazaar-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bazaar\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[paxc.games]\nbazaar = bazaar.rules.plugin:GAME\n")
    return project, root


def test_the_report_reads_in_a_browser_as_the_games_went(
    example_copy: tuple[Path, Path],
    browser_page: Page,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    project, path = example_copy
    report = tmp_path / "report"
    flags = ["--players", "3", "--games", str(GAMES), "--seed", str(SEED), "--html", str(report), "--json"]
    done = paxc(path, project, "coverage", "bazaar", *flags)
    assert done.returncode == 0, done.stderr
    assert f"paxc: wrote the HTML report: {report / 'index.html'}" in done.stderr
    counts = json.loads(done.stdout)["files"][GOODS]
    lines = {e["number"]: e["line"] for e in counts["effect_counts"]}
    if_lines = {b["number"]: b["line"] for b in counts["branch_counts"]}
    expected = expected_counts(path, monkeypatch, games=GAMES, seed=SEED)
    acted = {n for n in ON_PLAY | {TOLL_ROAD, SMITHY} if expected["ran", n]}
    acted |= {n for n in (MARKET_CHARTER, GUILD_HALL) if expected["changed", n]}
    with_if = (ANVIL, SPINNING_WHEEL, RAG_MARKET)
    branches = [expected[branch, n] for n in with_if for branch in ("then", "else")]
    assert expected["ran", DYE_WORKS] == 0 and GUILD_HALL not in acted and expected["asked", GUILD_HALL] > 0

    requests: list[str] = []
    page = browser_page
    page.on("request", lambda request: requests.append(request.url))
    page.goto((report / "index.html").as_uri())
    row = page.locator("tr.file", has_text=GOODS)
    effects = len(ON_PLAY | {TOLL_ROAD, SMITHY, MARKET_CHARTER, GUILD_HALL})
    assert row.locator("td").nth(1).inner_text() == f"{len(acted)} / {effects}"
    assert row.locator("td").nth(2).inner_text() == f"{sum(1 for b in branches if b)} / {len(branches)}"
    names = dict(re.findall(r'^card (\d+) "([^"]*)"', (project / GOODS).read_text(encoding="utf-8"), re.M))
    never_acted = sorted(
        set(map(int, names)) & (ON_PLAY | {TOLL_ROAD, SMITHY, MARKET_CHARTER, GUILD_HALL}) - acted
    )
    assert DYE_WORKS in never_acted and GUILD_HALL in never_acted
    assert page.locator("#never").inner_text() == f"Cards that never acted: {len(never_acted)}"
    never = page.locator("ul.never a.never-card")
    assert never.all_inner_texts() == [f"#{n} {names[str(n)]}" for n in never_acted]
    assert never.first.evaluate("a => getComputedStyle(a).color") == "rgb(198, 40, 40)"
    page.screenshot(path=str(tmp_path.parent / "index.png"), full_page=True)

    page.get_by_role("link", name=GOODS).click()
    page.wait_for_load_state()
    assert page.url.endswith("/" + coverage_html.page_name(GOODS))
    source_lines = (project / GOODS).read_text(encoding="utf-8").splitlines()
    assert page.locator("table.source tr").count() == len(source_lines)  # every line, numbered
    assert page.locator("table.source td.n").all_inner_texts() == [
        str(n) for n in range(1, len(source_lines) + 1)
    ]
    charter = page.locator(f"#L{lines[MARKET_CHARTER]}")
    changed, asked = expected["changed", MARKET_CHARTER], expected["asked", MARKET_CHARTER]
    assert charter.get_attribute("class") == "acted"
    assert charter.locator("td.count").inner_text() == f"{changed}/{asked}"
    assert charter.get_attribute("title") == (
        f"modifier: changed the value {changed} times of {asked} asked (#8 Market Charter, modify purchase_cost)"
    )
    tolls = page.locator(f"#L{lines[TOLL_ROAD]}")
    assert tolls.locator("td.count").inner_text() == f"{expected['ran', TOLL_ROAD]}×"
    anvil = page.locator(f"#L{if_lines[ANVIL]}")
    assert anvil.locator("td.count").inner_text() == f"{expected['then', ANVIL]} / {expected['else', ANVIL]}"
    assert anvil.locator("td.note").inner_text() == (
        f"#5 Anvil: if: then {expected['then', ANVIL]}, else {expected['else', ANVIL]}"
    )
    hall = page.locator(f"#L{lines[GUILD_HALL]}")
    assert hall.get_attribute("class") == "never"
    assert hall.locator("td.count").inner_text() == f"0/{expected['asked', GUILD_HALL]}"
    hall_card = page.locator("#L" + str(source_lines.index('card 11 "Guild Hall" good {') + 1))
    assert hall_card.get_attribute("class") == "never"
    assert hall_card.evaluate("row => getComputedStyle(row).backgroundColor") == "rgb(251, 218, 218)"
    # The first line and the effect of each card that never acted; an `if` none of whose branches was taken.
    untaken = sum(1 for n in with_if if not expected["then", n] and not expected["else", n])
    assert page.locator("tr.never").count() == 2 * len(never_acted) + untaken
    wheel = page.locator(f"#L{if_lines[SPINNING_WHEEL]}")
    then, otherwise = expected["then", SPINNING_WHEEL], expected["else", SPINNING_WHEEL]
    assert wheel.get_attribute("class") == (
        "acted" if then and otherwise else "partial" if then or otherwise else "never"
    )
    comment = page.locator("table.source tr", has_text="Tolls: 1 coin")
    assert comment.locator("td.src").inner_text() == COMMENT  # shown as written
    assert page.locator("table.source b, script").count() == 0  # and made into no markup
    page.screenshot(path=str(tmp_path.parent / "goods.png"))
    page.goto(page.url + f"#L{lines[TOLL_ROAD] - 8}")  # the comment, Toll Road and Guild Hall
    page.screenshot(path=str(tmp_path.parent / "goods-tolls.png"))
    assert all(url.startswith("file://") for url in requests), requests  # nothing fetched from elsewhere
    assert (tmp_path.parent / "goods.png").stat().st_size > 20_000


def test_a_report_folder_that_cannot_be_written_is_an_error(
    example_copy: tuple[Path, Path], tmp_path: Path
) -> None:
    project, path = example_copy
    blocker = tmp_path / "blocker"
    blocker.write_text("", encoding="utf-8")
    done = paxc(path, project, "coverage", "bazaar", "--games", "1", "--html", str(blocker / "report"))
    assert done.returncode == 1 and done.stdout == ""
    assert f"Error: cannot write the report to {blocker / 'report'}: " in done.stderr
