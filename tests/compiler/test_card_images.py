"""`paxc cards GAME --svg DIR`: every card of both games and of a plug-in game drawn, escaped,
named safely, written whole or refused in one line; and, in a real browser, no text off its card
and the search box counting the cards it shows.

The browser tests save screenshots beside their temporary folder (`cards-pamir.png`,
`cards-porfiriana.png`, `cards-bazaar.png`, `cards-search.png`):
`pytest tests/compiler/test_card_images.py --basetemp=build/shots` keeps them to look at.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from paxc.compiler import card_images, ir, pages, text_fit
from paxc.compiler.cli import main
from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text
from tests.compiler.test_coverage_html import fail_writing
from tests.conftest import REPO

if TYPE_CHECKING:
    from playwright.sync_api import Page

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE = REPO / "tests" / "example_game"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
# Cards of the fixture game that a card image must survive: markup and quotes in a name and an
# ability's title, a name of one word far wider than the card, and more text than fits a card;
# and a card with an erratum.
ODD_NAME = "Fish & <Chips> \"Ltd\" 'n' Co"
ODD_TITLE = "<b>Bold</b> & 'quoted' \"tricks\" <script>alert(1)</script>"
LONG_NAME = "Supercalifragilistic" * 12
LONG_TITLE = " ".join(f"word{i}" for i in range(400))
QUOTED_NAME, QUOTED_TITLE = (text.replace('"', '\\"') for text in (ODD_NAME, ODD_TITLE))
ODD_CARDS = f"""
card 91 "{QUOTED_NAME}" good {{
  provenance inferred
  guild Traders
  cost 2
  points 1
  ability "{QUOTED_TITLE}" {{
    on play {{
      gain 1
    }}
  }}
}}

card 92 "{LONG_NAME}" good {{
  provenance reconstructed
  guild Traders
  cost 2
  points 1
  ability "{LONG_TITLE}" {{
    on play {{
      gain 1
    }}
  }}
}}

card 93 "Old Mill" good {{
  provenance printed
  guild Weavers
  cost 4
  points 1
  errata 2 "cheaper" {{
    cost 3
  }}
}}
"""


def paxc(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def compiled(root: Path, game: str) -> ir.GameIR:
    result = compile_paths([root / "cards" / game], root)
    assert result.ok
    return result.games[game]


@pytest.fixture(scope="module")
def bazaar(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the plug-in fixture game with the odd cards added."""
    project = tmp_path_factory.mktemp("bazaar") / "bazaar"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns(".paxc-cache", "__pycache__"))
    goods = project / "cards" / "bazaar" / "goods.pax"
    goods.write_text(goods.read_text(encoding="utf-8") + ODD_CARDS, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory, bazaar: Path) -> dict[str, tuple[Path, ir.GameIR]]:
    """Every card of each game drawn by the command: game -> (its folder, its compiled cards)."""
    folders = tmp_path_factory.mktemp("cards")
    found = {}
    for game, root in (("pamir", REPO), ("porfiriana", REPO), ("bazaar", bazaar)):
        done = paxc("--root", str(root), "cards", game, "--svg", str(folders / game))
        assert done.exit_code == 0, done.output
        game_ir = compiled(root, game)
        shown = f"drew {len(game_ir.cards())} cards of {game_ir.vocabulary.title} into {folders / game}/"
        assert done.stdout.startswith(shown)
        found[game] = (folders / game, game_ir)
    return found


# ---------------------------------------------------------------------- text widths and wrapping


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(
        st.text(st.characters(codec="utf-8", exclude_categories=("Z", "C")), min_size=1), max_size=40
    ),
    size=st.floats(6, 30),
    limit=st.floats(40, 400),
    bold=st.booleans(),
)
def test_wrapped_lines_fit_their_width_and_keep_every_word(
    words: list[str], size: float, limit: float, bold: bool
) -> None:
    lines = text_fit.wrap((text_fit.Run(" ".join(words), bold),), size, limit)
    for line in lines:
        assert text_fit.line_width(line, size) <= limit + 1e-6
        assert all(run.bold == bold for run in line)
    # Every word once, in order; a word wider than a line is cut into pieces that follow each other.
    pieces = [piece for line in lines for run in line for piece in run.text.split(" ") if piece]
    assert "".join(pieces) == "".join(words)
    assert len(lines) == len(text_fit.wrap((text_fit.Run(" ".join(words), bold),), size, limit))


def test_a_label_and_its_value_wrap_together_in_their_own_weights() -> None:
    runs = (
        text_fit.Run("Kind:", bold=True),
        text_fit.Run("mine (as many income cubes as the regime's mine value)"),
    )
    lines = text_fit.wrap(runs, 13, 200)
    assert lines[0][0] == text_fit.Run("Kind:", bold=True) and not lines[0][1].bold
    assert " ".join(run.text.strip() for line in lines for run in line) == "Kind: " + runs[1].text
    assert len(lines) == 3 and all(text_fit.line_width(line, 13) <= 200 for line in lines)


@pytest.mark.skipif(
    importlib.util.find_spec("fontTools") is None or not (DEJAVU / "DejaVuSans.ttf").is_file(),
    reason="needs fontTools and DejaVu Sans to measure the font",
)
def test_the_widths_are_those_of_the_font() -> None:
    from fontTools.ttLib import TTFont

    for face, bold in (("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True)):
        font = TTFont(DEJAVU / face)
        characters, advances = font.getBestCmap(), font["hmtx"].metrics
        per_em = font["head"].unitsPerEm
        sample = [chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2010, 0x203B))]
        for character in sample:
            measured = round(advances[characters[ord(character)]][0] * 1000 / per_em)
            assert text_fit.width(character, 1000, bold) == measured, (face, character)
    assert text_fit.width("中", 1000) == text_fit.UNKNOWN  # outside the table: a whole em


# ---------------------------------------------------------------------- the images


def test_every_card_of_each_game_is_drawn(drawn: dict[str, tuple[Path, ir.GameIR]]) -> None:
    for game, (folder, game_ir) in drawn.items():
        cards = game_ir.cards()
        files = sorted(p.name for p in folder.iterdir())
        assert files == sorted([card_images.file_name(c) for c in cards] + ["index.html"]), game
        for card in cards:
            svg = ElementTree.parse(folder / card_images.file_name(card)).getroot()
            assert svg.tag == f"{SVG}svg" and svg.get("data-card") == str(card.number)
            texts = {
                role: [_text(t) for t in svg.iter(f"{SVG}text") if t.get("class") == role]
                for role in ("name", "type", "provenance", "number", "badge-label", "text")
            }
            assert "".join(texts["name"]).replace(" ", "") == card.name.replace(" ", "")
            assert texts["number"] == [f"#{card.number}"] and texts["provenance"] == [card.provenance]
            assert texts["type"] == [card_images.type_title(card.card_type)]
            # Every attribute is shown, as a badge or as a line of text of its own.
            labels = [a.field.label or a.field.name.replace("_", " ").capitalize() for a in card.attributes]
            shown = set(texts["badge-label"]) | {t.split(":")[0] for t in texts["text"]}
            assert set(labels) <= shown, (game, card.number)


def _text(element: ElementTree.Element) -> str:
    return "".join(element.itertext())


def test_file_names_are_safe_stable_and_apart(drawn: dict[str, tuple[Path, ir.GameIR]]) -> None:
    for game, (_, game_ir) in drawn.items():
        names = [card_images.file_name(card) for card in game_ir.cards()]
        assert len(set(names)) == len(names), game
        assert all(re.fullmatch(r"\d{4,}-[a-z0-9]+(-[a-z0-9]+)*\.svg", name) for name in names), game
        assert all(len(name) <= 50 for name in names)
    pamir, porfiriana = drawn["pamir"][1].cards(), drawn["porfiriana"][1].cards()
    named = {card_images.file_name(c) for c in pamir + porfiriana}
    assert {"0003-prince-akbar-khan.svg", "0073-jean-francois-allard.svg"} <= named
    assert "1901-president-diaz-is-killed.svg" in named
    odd = {c.number: card_images.file_name(c) for c in drawn["bazaar"][1].cards()}
    assert odd[91] == "0091-fish-chips-ltd-n-co.svg"
    assert odd[92] == "0092-supercalifragilisticsupercalifragilistic.svg"


def test_markup_and_quotes_in_cards_are_shown_as_text(drawn: dict[str, tuple[Path, ir.GameIR]]) -> None:
    folder, game_ir = drawn["bazaar"]
    odd = next(c for c in game_ir.cards() if c.number == 91)
    raw = (folder / card_images.file_name(odd)).read_text(encoding="utf-8")
    assert "<Chips>" not in raw and "<b>" not in raw and "<script" not in raw
    svg = ElementTree.fromstring(raw)
    assert [_text(t) for t in svg.iter(f"{SVG}text") if t.get("class") == "name"] == [ODD_NAME]
    body = " ".join(_text(t) for t in svg.iter(f"{SVG}text") if t.get("class") == "text")
    assert body.startswith(ODD_TITLE + ":")
    assert svg.get("aria-label") == f"#91 {ODD_NAME}"
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "<b>" not in index and "<Chips>" not in index and "alert(1)</script>" not in index
    assert "Fish &amp; &lt;Chips&gt; &#34;Ltd&#34; &#39;n&#39; Co" in index


def test_a_card_that_says_too_much_for_its_size_grows_taller(
    drawn: dict[str, tuple[Path, ir.GameIR]],
) -> None:
    folder, game_ir = drawn["bazaar"]
    tall = ElementTree.parse(folder / "0092-supercalifragilisticsupercalifragilistic.svg").getroot()
    plain = ElementTree.parse(folder / "0001-loom.svg").getroot()
    assert plain.get("height") == str(card_images.HEIGHT)
    assert float(tall.get("height", "0")) > card_images.HEIGHT
    sizes = {t.get("font-size") for t in tall.iter(f"{SVG}text") if t.get("class") == "text"}
    assert sizes == {str(round(card_images.BODY_SIZE * card_images.SCALES[-1], 2))}  # the smallest first
    names = [_text(t) for t in tall.iter(f"{SVG}text") if t.get("class") == "name"]
    assert len(names) > 1 and "".join(names) == LONG_NAME  # cut where it fills a line


def test_a_card_with_errata_is_drawn_as_its_latest_version(drawn: dict[str, tuple[Path, ir.GameIR]]) -> None:
    folder, game_ir = drawn["bazaar"]
    mill = next(c for c in game_ir.cards() if c.number == 93)
    svg = ElementTree.parse(folder / card_images.file_name(mill)).getroot()
    texts = [(t.get("class"), _text(t)) for t in svg.iter(f"{SVG}text")]
    assert ("game", "Bazaar · erratum 2") in texts
    cost = texts.index(("badge-label", "Cost"))
    assert texts[cost + 1] == ("badge-value", "3")  # the erratum's cost, not the printed 4


def test_each_card_type_has_a_colour_of_its_own() -> None:
    porfiriana = compiled(REPO, "porfiriana").vocabulary.card_types
    by_type = card_images.colours(list(porfiriana))
    assert by_type["black"] == card_images.NAMED_COLOURS["black"]
    assert by_type["orange"] == card_images.NAMED_COLOURS["orange"]
    assert len(set(by_type.values())) == len(by_type) == 10


# ---------------------------------------------------------------------- the folder and errors


def test_errors_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    unknown = paxc("--root", str(REPO), "cards", "pamr", "--svg", str(tmp_path / "out"))
    assert unknown.exit_code == 2 and unknown.stdout == ""  # a usage error, as every command gives
    assert unknown.stderr.endswith(
        "Error: Invalid value for GAME: unknown game 'pamr'; did you mean 'pamir'? (games: pamir, porfiriana)\n"
    )
    assert not (tmp_path / "out").exists()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    refused = paxc("--root", str(REPO), "cards", "pamir", "--svg", str(mine))
    assert refused.exit_code == 1
    assert refused.stderr == f"Error: {mine} holds files that are not card images of paxc: not replaced\n"
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    blocker = tmp_path / "blocker"
    blocker.write_text("", encoding="utf-8")
    blocked = paxc("--root", str(REPO), "cards", "pamir", "--svg", str(blocker / "out"))
    assert blocked.exit_code == 1 and len(blocked.stderr.splitlines()) == 1
    assert (
        blocked.stderr == f"Error: cannot write the images to {blocker / 'out'}: {blocker} is not a folder\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker", "mine"]  # nothing half-written
    missing = paxc("--root", str(REPO), "cards", "pamir")
    assert missing.exit_code == 2 and "Missing option '--svg'" in missing.stderr


def test_images_are_replaced_whole_or_not_at_all(
    drawn: dict[str, tuple[Path, ir.GameIR]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, game_ir = drawn["bazaar"]
    folder = tmp_path / "cards"
    card_images.write(game_ir, folder)
    (folder / "0099-a-card-since-removed.svg").write_text("<svg/>", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    fail_writing(monkeypatch, at_file=5)
    with pytest.raises(pages.FolderError, match="cannot write the images to .*: No space left on device"):
        card_images.write(game_ir, folder)
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards"]
    card_images.write(game_ir, folder)  # drawn again: the card no longer in the game is gone
    assert "0099-a-card-since-removed.svg" not in {p.name for p in folder.iterdir()}
    assert len(list(folder.iterdir())) == len(game_ir.cards()) + 1


# ---------------------------------------------------------------------- in a browser

# Every text of every card on the page, with the boxes it must stay inside, as Chromium lays
# it out (getBBox: in the card's own units).
_MEASURE = """() => Array.from(document.querySelectorAll("figure.card svg")).map((svg) => {
  const box = (element) => {
    const b = element.getBBox();
    return [b.x, b.y, b.x + b.width, b.y + b.height];
  };
  const all = (selector) => Array.from(svg.querySelectorAll(selector));
  return {
    card: svg.dataset.card,
    panel: box(svg.querySelector("rect.panel")),
    foot: box(svg.querySelector("rect.provenance")),
    texts: all("text").map((t) => ({
      role: t.getAttribute("class"), box: box(t), text: t.textContent, size: Number(t.getAttribute("font-size")),
    })),
    badges: all("rect.badge").map(box),
    values: all("rect.badge-value").map(box),
  };
})"""
BODY_ROLES = {"text", "side-title", "badge-label", "badge-value"}


def _inside(inner: list[float], outer: list[float], slack: float = 0.5) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _overlap(one: list[float], other: list[float], slack: float = 0.5) -> bool:
    return (
        min(one[2], other[2]) - max(one[0], other[0]) > slack
        and min(one[3], other[3]) - max(one[1], other[1]) > slack
    )


@pytest.mark.parametrize("game", ["pamir", "porfiriana", "bazaar"])
def test_no_text_runs_off_its_card(
    drawn: dict[str, tuple[Path, ir.GameIR]], browser_page: Page, tmp_path: Path, game: str
) -> None:
    folder, game_ir = drawn[game]
    page = browser_page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((folder / "index.html").as_uri())
    measured = page.evaluate(_MEASURE)
    assert [int(card["card"]) for card in measured] == [c.number for c in game_ir.cards()]
    text_area = [card_images.PAD, 0.0, card_images.WIDTH - card_images.PAD, 1e9]
    for card in measured:
        where = f"#{card['card']}"
        for text in card["texts"]:
            said = f"{where} {text['role']} {text['text']!r} at {text['box']}"
            assert _inside(text["box"], card["panel"]), said  # on the card
            # and within its margins, give or take a glyph's overhang (a bold J reaches left)
            assert _inside(text["box"], text_area, slack=max(1.0, text["size"] * 0.12)), said
            if text["role"] in BODY_ROLES:
                assert text["box"][3] <= card["foot"][1], said  # above the foot
        for index, text in enumerate(card["texts"]):  # and no text drawn over another
            for other in card["texts"][index + 1 :]:
                assert not _overlap(text["box"], other["box"]), (
                    f"{where} {text['text']!r} on {other['text']!r}"
                )
        labels = [t for t in card["texts"] if t["role"] == "badge-label"]
        values = [t for t in card["texts"] if t["role"] == "badge-value"]
        # A badge for each attribute shown so, a value for each of its values (a list: its icons).
        assert len(labels) == len(card["badges"]) and len(values) == len(card["values"])
        for label, badge in zip(labels, card["badges"], strict=True):
            assert _inside(label["box"], badge), f"{where} badge {label['text']!r}"
        for value, pill in zip(values, card["values"], strict=True):
            assert _inside(value["box"], pill), f"{where} badge value {value['text']!r}"
    assert all(url.startswith("file://") for url in requests), requests  # nothing fetched from elsewhere
    shot = tmp_path.parent / f"cards-{game}.png"
    page.screenshot(path=str(shot), full_page=game == "bazaar")  # the odd cards are at its end
    assert shot.stat().st_size > 20_000


def _expected(game_ir: ir.GameIR, query: str) -> list[int]:
    """The cards whose text (as `paxc render` prints it: name, type, attributes, what it does)
    holds every word of the query, without regard to case or accents."""
    words = card_images.fold(query).split()
    return [c.number for c in game_ir.cards() if all(w in card_images.fold(card_text(c)) for w in words)]


@pytest.mark.parametrize(
    ("game", "query"),
    [
        ("pamir", "khan"),  # names
        ("pamir", "dominance check"),  # text, two words anywhere in it
        ("pamir", "FRANÇOIS"),  # the case and accents of a name
        ("pamir", "francois"),
        ("pamir", "wakhan card"),  # the type
        ("porfiriana", "diaz"),  # Díaz, typed without its accent
        ("porfiriana", "half price"),
        ("porfiriana", "topple card revolution"),
        ("bazaar", '<chips> & "ltd"'),  # markup typed is text too
    ],
)
def test_the_search_box_filters_as_you_type(
    drawn: dict[str, tuple[Path, ir.GameIR]], browser_page: Page, tmp_path: Path, game: str, query: str
) -> None:
    folder, game_ir = drawn[game]
    page = browser_page
    page.goto((folder / "index.html").as_uri())
    total = len(game_ir.cards())
    visible = page.locator("figure.card:visible")
    assert visible.count() == total and page.locator("#shown").inner_text() == f"{total} of {total} cards"
    page.locator("#search").press_sequentially(query)
    expected = _expected(game_ir, query)
    assert 0 < len(expected) < total, query  # a query that tells the filter apart from none
    assert [int(n) for n in visible.evaluate_all("cards => cards.map((c) => c.id.slice(5))")] == expected
    assert page.locator("#shown").inner_text() == f"{len(expected)} of {total} cards"
    assert page.locator("#none").is_hidden()
    if game == "pamir" and query == "khan":
        page.screenshot(path=str(tmp_path.parent / "cards-search.png"))
    page.locator("#search").press_sequentially(" zzqx")
    assert visible.count() == 0 and page.locator("#none").is_visible()
    page.locator("#search").fill("")
    assert visible.count() == total
