"""The pictures' entry point (runtime/web/pictures/): a game is drawn by the drawer its name
picks, and a game with none (a plug-in, here tests/plugins/fixtures/noria/) gets None."""

from __future__ import annotations

import shutil
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from paxc.runtime import games
from paxc.runtime.core.observation import View
from paxc.runtime.games import GameKit
from paxc.runtime.web.pictures import DRAWERS, picture
from tests.conftest import REPO
from tests.runtime.picturing import SVG

NORIA = REPO / "tests" / "plugins" / "fixtures" / "noria"


@pytest.fixture(scope="module")
def noria_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameKit]:
    """Noria's kit, from a copy of the fixture project importable as the package `noria` (playing
    writes caches, which the fixture folder must never keep)."""
    site = tmp_path_factory.mktemp("noria-site")
    shutil.copytree(
        NORIA, site / "noria", ignore=shutil.ignore_patterns("__pycache__", ".paxc-cache", "build")
    )
    sys.path.insert(0, str(site))
    try:
        from noria.rules import plugin

        yield games.load_kit(plugin.GAME)
    finally:
        sys.path.remove(str(site))
        for name in [n for n in sys.modules if n == "noria" or n.startswith("noria.")]:
            del sys.modules[name]


def test_a_game_without_a_picture_gets_none(noria_kit: GameKit) -> None:
    assert noria_kit.rules.name not in DRAWERS
    session = noria_kit.new_session({"players": 2}, 1)
    assert noria_kit.observe is not None
    assert picture(noria_kit, noria_kit.observe(session.state, 0)) is None
    assert picture(noria_kit, View({})) is None


@pytest.mark.parametrize("name", sorted(DRAWERS))
def test_each_drawn_game_is_installed_and_drawn_as_one_svg_with_a_view_box(name: str) -> None:
    kit = games.load_kit(games.find(name))
    session = kit.new_session({"players": 3}, 2)
    assert kit.observe is not None
    markup = picture(kit, kit.observe(session.state, 0))
    assert markup is not None
    root = ET.fromstring(markup)
    assert root.tag == f"{SVG}svg" and root.attrib["data-game"] == name
    assert len(root.attrib["viewBox"].split()) == 4
    assert markup.count("<svg") == 1


def test_text_put_into_the_markup_is_escaped() -> None:
    from paxc.runtime.web.pictures.svg import card_box, text

    said = text(0, 0, '<script>alert("x")</script> & more')
    assert "<script>" not in said and "&lt;script&gt;" in said and "&amp; more" in said
    card = card_box(7, 'A "quoted" <name>', 0, 0, 10, 10, "")
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{card}</svg>')
    group = root[0]
    assert group.attrib["data-card"] == "7"
    title = group.find(f"{SVG}title")
    assert title is not None and title.text == 'A "quoted" <name>'


def test_the_module_writes_a_seat_s_picture_or_says_why_not(capsys: pytest.CaptureFixture[str]) -> None:
    from paxc.runtime.web.pictures.__main__ import main

    assert (
        main(["porfiriana", "--players", "1", "--option", "solitaire", "--decisions", "20", "--seat", "1"])
        == 0
    )
    written = capsys.readouterr().out
    assert ET.fromstring(written).attrib["data-game"] == "porfiriana" and "P1 Díaz" in written
    assert main(["pamir", "--players", "9"]) == 1
    assert "2 to 5 players" in capsys.readouterr().err
    assert main(["pamir", "--seat", "4"]) == 1
    assert "no view of seat 4 (3 seats)" in capsys.readouterr().err
