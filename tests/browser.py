"""A real browser for the tests: Debian's Chromium, headless, driven by Playwright.

`browser` (one per test session) and `browser_page` (a fresh page of 1280 x 900 for each test)
are fixtures of every test (tests/conftest.py takes them in). Without Playwright (the `browser`
extra) or without Chromium at CHROMIUM, a test using them is skipped and says which is missing;
with PAXC_REQUIRE_BROWSER=1 (CI's .ci/run sets it) it fails instead, so that a machine where the
browser tests cannot run never passes them silently. `make test` installs both (Makefile,
`browser`). Playwright's own downloaded browsers are never used: the system's Chromium is.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("PAXC_CHROMIUM", "/usr/bin/chromium"))
REQUIRED = "PAXC_REQUIRE_BROWSER"
# Headless, and nothing of the browser's own reaching out (updates, sync, first-run pages): a
# test sees the page it opened and nothing else.
ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing() -> str | None:
    """Why no browser test can run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (pip install -e '.[browser]', or make test)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or make test as root)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    reason = missing()
    if reason is not None:
        if os.environ.get(REQUIRED) == "1":
            pytest.fail(f"{REQUIRED}=1 and {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGUMENTS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def browser_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()
