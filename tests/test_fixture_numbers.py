"""Each game's fixture cards (tests/<game>/fixtures/*.pax, cards no printed deck has, made for
scenario tests) are numbered apart: one number names one card across all of a game's fixture
files, and never a card of the game's own (cards/<game>). Two fixtures of one number pass while
each test builds its file alone, and collide the day a test builds two, or a game is played with
both."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from tests.conftest import REPO

CARD_LINE = re.compile(r"^card (\d+)\b", re.MULTILINE)


def numbers_in(files: list[Path]) -> dict[int, list[str]]:
    where: dict[int, list[str]] = defaultdict(list)
    for path in files:
        for match in CARD_LINE.finditer(path.read_text(encoding="utf-8")):
            where[int(match.group(1))].append(str(path.relative_to(REPO)))
    return where


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_each_fixture_number_names_one_card_and_no_printed_one(game: str) -> None:
    fixtures = numbers_in(sorted((REPO / "tests" / game / "fixtures").glob("*.pax")))
    assert len(fixtures) > 10  # the fixtures are read
    twice = {number: files for number, files in fixtures.items() if len(files) > 1}
    assert not twice, f"fixture numbers given twice: {twice}"
    printed = numbers_in(sorted((REPO / "cards" / game).rglob("*.pax")))
    assert len(printed) > 100
    assert not set(fixtures) & set(printed), sorted(set(fixtures) & set(printed))
