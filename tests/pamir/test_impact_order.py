"""Every court card's impact icons resolve top to bottom, in the order printed on the card.

The order is read from the card files themselves (their `impact` lines, which follow the printed
cards and the card reference), not from the compiled cards, so a compiler or runtime that
reorders the icons fails here. Each icon is recognised by what it did to the board.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from paxc.generated.pamir.vocabulary import Impact, Region, Suit
from paxc.runtime.effects import Effect
from paxc.runtime.pamir import rules
from paxc.runtime.pamir.state import PamirState, card, favored_change
from tests.pamir.scenario import drive, empty_state

COURT_FILES = Path(__file__).resolve().parents[2] / "cards" / "pamir" / "court"
CARD_HEADER = re.compile(r'^card (\d+) "[^"]*" court \{')
IMPACT_LINE = re.compile(r"^\s+impact (.+?)\s*(#.*)?$")


def printed_icons() -> dict[int, list[str]]:
    """Card number -> its impact icons in the order the card file lists them."""
    icons: dict[int, list[str]] = {}
    for path in sorted(COURT_FILES.glob("*.pax")):
        number: int | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if header := CARD_HEADER.match(line):
                number = int(header.group(1))
                icons[number] = []
            elif (impact := IMPACT_LINE.match(line)) and number is not None:
                icons[number] = [name.strip() for name in impact.group(1).split(",")]
    return icons


PRINTED = printed_icons()


def test_every_court_card_file_is_read() -> None:
    assert sorted(PRINTED) == list(range(1, 101))
    assert sum(len(icons) for icons in PRINTED.values()) > 200


Snapshot = tuple[int, int, int, int, int, Suit]


def snapshot(state: PamirState, player: int, region: Region) -> Snapshot:
    loyalty = state.players[player].loyalty
    assert loyalty is not None
    return (
        state.armies[region][loyalty],
        sum(counts[loyalty] for counts in state.roads.values()),
        state.tribes[region][player],
        sum(counts[player] for counts in state.spies.values()),
        state.players[player].rupees,
        state.favored,
    )


def what_changed(before: Snapshot, after: Snapshot) -> str:
    """The one icon whose effect turns `before` into `after`."""
    kinds = ("army", "road", "tribe", "spy")
    changes = [kind for kind, was, now in zip(kinds, before[:4], after[:4], strict=True) if now == was + 1]
    if after[4] == before[4] + 2:
        changes.append("leverage")
    if after[5] is not before[5]:
        changes.append(f"favor_{after[5].value.lower()}")
    moved = sum(now != was for was, now in zip(before, after, strict=True))
    assert len(changes) == 1 and moved == 1, f"one icon, one effect: {before} -> {after}"
    return changes[0]


@pytest.mark.parametrize("number", sorted(PRINTED))
def test_impact_icons_resolve_in_the_printed_order(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    printed = card(number)
    region = printed.region
    assert region is not None
    state = empty_state()
    favor = favored_change(number)
    state.favored = Suit.ECONOMIC if favor is Suit.POLITICAL else Suit.POLITICAL  # so a favor icon shows
    state.players[0].hand = [number]
    resolved: list[str] = []
    original: Callable[..., Effect] = rules.resolve_impact

    def observed(state: PamirState, player: int, played: int, icon: Impact, where: Region) -> Effect:
        before = snapshot(state, player, region)
        yield from original(state, player, played, icon, where)
        resolved.append(what_changed(before, snapshot(state, player, region)))

    monkeypatch.setattr(rules, "resolve_impact", observed)
    drive(rules.play(state, 0, number, left=False), [], then_first=True)
    assert resolved == PRINTED[number]
