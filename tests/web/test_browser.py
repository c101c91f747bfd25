"""The browser table in a real browser (headless Chromium driven by Playwright, tests/browser.py;
skipped, and saying why, where none can run): games created from the start page, decisions taken
through the buttons, pages following each other live, a reload resuming where the game stands, a
whole game played to its end against bots, the page on a phone's screen, and `paxc serve` itself.

Screenshots are kept beside the test's temporary folder (`table-pamir.png`, `table-porfiriana.png`,
`table-phone.png`): `pytest tests/web --basetemp=build/shots` keeps them to look at.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from paxc.runtime.web.tables import Tables
from tests.web.live_server import running

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SHOWN = 10_000  # ms: how long a page may take to show what the server sent


@pytest.fixture()
def server() -> Iterator[tuple[str, Tables]]:
    tables = Tables()
    with running(tables) as address:
        yield address, tables


def new_game(
    page: Page, address: str, game: str, players: int, seats: list[str], seed: int = 1
) -> dict[str, str]:
    """A game made through the start page: its links by seat name ('P1')."""
    page.goto(address + "/")
    form = page.locator(f'form[data-game="{game}"]')
    form.locator('input[name="players"]').fill(str(players))
    for i, kind in enumerate(seats):
        form.locator(f'select[name="seat{i}"]').select_option(kind)
    form.locator('input[name="seed"]').fill(str(seed))
    form.locator('button[type="submit"]').click()
    page.wait_for_selector(".links")
    links: dict[str, str] = {}
    for item in page.locator(".links li").all():
        anchor = item.locator("a")
        if anchor.count():
            links[item.locator("b").inner_text()] = str(anchor.get_attribute("href"))
    return links


def decision(page: Page) -> int:
    return int(str(page.locator("#table").get_attribute("data-decision")))


def choose(page: Page, which: int = 0) -> None:
    """Click an option as a player would: a button shown, or one inside the first group opened;
    waits until the page shows the decision after it."""
    before = decision(page)
    buttons = page.locator("#decision .options > button.option")
    if buttons.count() == 0:
        page.locator("#decision details.group > summary").first.click()
        buttons = page.locator("#decision details.group[open] button.option")
    buttons.nth(min(which, buttons.count() - 1)).click()
    page.wait_for_function(
        f"Number(document.getElementById('table').dataset.decision) > {before}", timeout=SHOWN
    )


def my_turn(page: Page) -> bool:
    return page.locator("#decision button.option, #decision details.group").count() > 0


def test_pamir_against_wakhan_through_the_buttons(
    server: tuple[str, Tables], browser_page: Page, tmp_path: Path
) -> None:
    address, tables = server
    page = browser_page
    page.on("dialog", lambda dialog: dialog.accept())
    links = new_game(page, address, "pamir", 1, ["person"], seed=4)
    assert set(links) == {"P1"}
    page.goto(links["P1"])
    page.wait_for_selector("#live.on")
    board = page.locator("#board").inner_html()
    for step in range(4):
        if not my_turn(page):
            break
        choose(page, which=step)
    assert decision(page) >= 2
    assert page.locator("#board").inner_html() != board, "the board did not change"
    assert page.locator("#story-lines .told").count() > 1
    # A card's text on hover.
    page.locator("#picture [data-card], details.words[open] #board [data-card]").first.hover()
    page.wait_for_selector("#card:not([hidden]) h3")
    assert page.locator("#card h3").inner_text()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(tmp_path.parent / "table-pamir.png"))
    # Reloaded, the page shows the game where it stands, and it goes on.
    shown = decision(page)
    page.reload()
    page.wait_for_selector("#live.on")
    assert decision(page) == shown
    if my_turn(page):
        choose(page)
    (table,) = tables.games()
    assert len(table.session.log) == decision(page)
    # Saved, and resumed from the start page at a new table with new links.
    with page.expect_download() as download:
        page.locator("#save").click()
    saved = tmp_path / "pamir-save.json"
    download.value.save_as(saved)
    page.goto(address + "/")
    page.locator('form[action="/resume"] input[type="file"]').set_input_files(str(saved))
    page.locator('form[action="/resume"] button[type="submit"]').click()
    page.wait_for_selector(".links")
    assert page.locator("a.seat-link").count() == 1
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#live.on")
    resumed = tables.games()[1]
    assert resumed is not table and len(resumed.session.log) == len(table.session.log) == decision(page)
    assert page.locator("#story-lines .told").count() == len(table.story.told)
    if my_turn(page):
        choose(page)
        assert len(resumed.session.log) == len(table.session.log) + 1


def test_porfiriana_two_people_follow_each_other_live(
    server: tuple[str, Tables], browser: Browser, tmp_path: Path
) -> None:
    address, tables = server
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.on("dialog", lambda dialog: dialog.accept())
        links = new_game(pages[0], address, "porfiriana", 2, ["person", "person"], seed=2)
        assert set(links) == {"P0", "P1"}
        for seat, page in enumerate(pages):
            page.goto(links[f"P{seat}"])
            page.wait_for_selector("#live.on")
        (table,) = tables.games()
        boards = [page.locator("#board").inner_html() for page in pages]
        for _ in range(8):
            deciding = table.session.current_player()
            other = pages[1 - deciding]
            before = int(str(other.locator("#table").get_attribute("data-version")))
            assert my_turn(pages[deciding]) and not my_turn(other)
            choose(pages[deciding], which=1)
            # The other browser is told at once, without reloading.
            other.wait_for_function(
                f"Number(document.getElementById('table').dataset.version) > {before}", timeout=SHOWN
            )
            assert decision(other) == len(table.session.log)
        for page, board in zip(pages, boards, strict=True):
            assert page.locator("#board").inner_html() != board
        # Reloaded, each page shows its seat where the game stands.
        for page in pages:
            page.reload()
            page.wait_for_selector("#live.on")
            assert decision(page) == len(table.session.log)
        pages[table.session.current_player()].screenshot(path=str(tmp_path.parent / "table-porfiriana.png"))
        # On a phone's screen: one column, nothing wider than the screen, the options reachable.
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        contexts.append(phone)
        small = phone.new_page()
        small.goto(links[f"P{table.session.current_player()}"])
        small.wait_for_selector("#live.on")
        assert small.evaluate("document.documentElement.scrollWidth") <= 390
        assert my_turn(small)
        small.locator("#picture [data-card], details.words[open] #board [data-card]").first.tap()
        small.wait_for_selector("#card:not([hidden]) h3")
        small.screenshot(path=str(tmp_path.parent / "table-phone.png"))
    finally:
        for context in contexts:
            context.close()


def test_a_whole_game_played_through_the_page_against_bots(
    server: tuple[str, Tables], browser_page: Page
) -> None:
    """Pax Pamir, a person and a random bot against Wakhan: the person's options clicked to the end."""
    address, tables = server
    page = browser_page
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(address + "/")
    form = page.locator('form[data-game="pamir"]')
    form.locator('input[name="players"]').fill("2")
    form.locator('input[value="wakhan"]').check()
    form.locator('select[name="seat0"]').select_option("random")
    form.locator('input[name="seed"]').fill("3")
    form.locator('button[type="submit"]').click()
    page.wait_for_selector(".links")
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#live.on")
    (table,) = tables.games()
    assert table.seats == ["Wakhan", "random", "human"]
    clicks = 0
    while not table.session.is_terminal():
        assert clicks < 400, "the game did not end"
        page.wait_for_function(
            "document.querySelector('#decision button.option, #decision details.group') !== null"
            " || document.getElementById('table').classList.contains('over')",
            timeout=SHOWN,
        )
        if table.session.is_terminal():
            break
        choose(page, which=clicks % 3)
        clicks += 1
    page.wait_for_function("document.getElementById('table').classList.contains('over')", timeout=SHOWN)
    assert "The game is over" in page.locator("#status").inner_text()
    assert page.locator("#decision button.option").count() == 0
    assert {entry.player for entry in table.session.log} >= {1, 2}


def test_paxc_serve_answers_and_stops(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    paxc = Path(sys.executable).parent / "paxc"
    server = subprocess.Popen(
        [str(paxc), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "NO_COLOR": "1"},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    assert answer.status == 200 and b'data-game="pamir"' in answer.read()
                break
            except OSError:
                assert server.poll() is None, "paxc serve stopped"
                assert time.monotonic() < deadline, "paxc serve did not answer"
                time.sleep(0.2)
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0].decode()
    assert f"http://127.0.0.1:{port}/" in output
    assert "Traceback" not in output
