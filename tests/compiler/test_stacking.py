"""The stage of each `modify` line and when two modifiers conflict (compiler/stacking.py), on the
made-up test game: small card files compiled whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.compiler import stacking
from paxc.compiler.diagnostics import Code
from paxc.compiler.project import compile_paths
from tests.conftest import FIXTURES


def compiled(tmp_path: Path, *lines: str, event: bool = True) -> tuple[list[str], list[str]]:
    """The stage of each line (each on a card of its own) and the conflicts reported."""
    cards = "\n".join(
        f'card {100 + i} "Card {i}" event {{\n  provenance printed\n  while in play {{ {line} }}\n}}'
        for i, line in enumerate(lines)
    )
    path = tmp_path / "cases" / "stacking.pax"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"game testgame\n{cards}\n", encoding="utf-8")
    result = compile_paths([path], FIXTURES)
    stages = [m.stage for found in result.stacked.values() for m in found]
    conflicts = [d.message for d in result.diagnostics if d.code is Code.CONFLICTING_MODIFIERS]
    others = [d for d in result.diagnostics if d.code is not Code.CONFLICTING_MODIFIERS]
    assert not others, others
    return stages, conflicts


@pytest.mark.parametrize(
    ("line", "stage"),
    [
        ("modify cost to 3", "replace"),
        ("modify cost to gold(buyer) when buyer == you", "replace"),
        ("modify cost to current * 2", "scale"),
        ("modify cost to 0 when current > 3", "scale"),  # its condition reads the value so far
        ("modify cost to current - 1", "adjust"),  # the same as `by -1`
        ("modify cost to 2 + current", "adjust"),
        ("modify cost to current - current", "scale"),
        ("modify cost by 2", "adjust"),
        ("modify cost by -1 when buyer == you", "adjust"),
        ("modify cost to at most 4", "ceiling"),
        ("modify cost to at least 1", "floor"),
        ("modify may_target to false", "replace"),
    ],
)
def test_the_stage_of_a_modifier(tmp_path: Path, line: str, stage: str) -> None:
    assert compiled(tmp_path, line)[0] == [stage]


@pytest.mark.parametrize(
    ("first", "second", "conflict"),
    [
        ("modify cost to 0", "modify cost to 0", False),  # the same value
        ("modify cost to 0", "modify cost to 1", True),
        ("modify cost to 0 when card.region == North", "modify cost to 1 when card.region == South", False),
        ("modify cost to 0 when card.region == North", "modify cost to 1 when card.region != South", True),
        ("modify cost to 0 when card == this", "modify cost to 1 when card == this", False),  # two cards
        ("modify cost to gold(you)", "modify cost to gold(you)", True),  # two owners, maybe
        ("modify cost to current * 2", "modify cost to current * 2", False),
        ("modify cost to current * 2", "modify cost to current * 3", True),
        ("modify cost to 0", "modify cost to current * 2", False),  # two stages
        ("modify cost by 1", "modify cost by -2", False),
        ("modify cost to at most 1", "modify cost to at most 2", False),
        ("modify cost to at least 1", "modify cost to at least 2", False),
        ("modify may_target to false", "modify may_target to true", True),
    ],
)
def test_when_two_modifiers_conflict(tmp_path: Path, first: str, second: str, conflict: bool) -> None:
    assert bool(compiled(tmp_path, first, second)[1]) is conflict


def test_two_sides_of_one_card_never_conflict(tmp_path: Path) -> None:
    path = tmp_path / "cases" / "sides.pax"
    path.parent.mkdir()
    path.write_text(
        'game testgame\ncard 100 "Two Faces" event {\n  provenance printed\n'
        '  side "Day" { while in play { modify cost to 0 } }\n'
        '  side "Night" { while in play { modify cost to 5 } }\n}\n',
        encoding="utf-8",
    )
    assert compile_paths([path], FIXTURES).ok


def test_what_the_cache_keeps_comes_back_the_same(tmp_path: Path) -> None:
    compiled(tmp_path, "modify cost to 0 when card.region == North and buyer == you")
    result = compile_paths([tmp_path / "cases" / "stacking.pax"], FIXTURES)
    ((modifier,),) = result.stacked.values()
    # Only `X == constant` tests are kept: `buyer == you` says nothing about another card's owner.
    assert modifier.tests == (("(FieldRef param card 'region')", "region.North"),)
    assert stacking.Stacked.from_plain(modifier.plain()) == modifier
    damaged = modifier.plain() | {"stage": "sideways"}
    assert stacking.Stacked.from_plain(damaged) is None
    assert stacking.Stacked.from_plain([1, 2]) is None
