"""A hook parameter's values the runtime never gives are declared (`piece: piece {tribe}`), and a
condition that needs another value, which could never hold, is a located error (issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.compiler.project import compile_paths

VOCABULARY = """\
vocabulary asking "Asking" {
  enum piece { army, road, tribe, spy }
  cardtype thing { }
  modifier counts_as_army(piece: piece {tribe}, owner: player) -> bool "whether a {piece} is an army"
  trigger piece_moved(piece: piece {army, tribe}) "after a {piece} moves"
  operation note_it() "note it"
  timing play
}
"""


def compile_card(tmp_path: Path, body: str, vocabulary: str = VOCABULARY) -> list[str]:
    (tmp_path / "cards" / "asking").mkdir(parents=True, exist_ok=True)
    (tmp_path / "cards" / "asking" / "game.pax").write_text(vocabulary, encoding="utf-8")
    path = tmp_path / "cards" / "asking" / "test.pax"
    path.write_text(
        f'game asking\n\ncard 1 "Probe" thing {{\n  provenance printed\n{body}\n}}\n', encoding="utf-8"
    )
    result = compile_paths([path], tmp_path)
    return [f"{d.span.line}:{d.span.column}: {d.message}" for d in result.diagnostics]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "  while in play { modify counts_as_army to true when piece == spy }",
            "5:54: 'piece == spy' never holds: the game gives modifier 'counts_as_army' only piece tribe",
        ),
        (
            "  while in play { modify counts_as_army to true when owner == you and army == piece }",
            "5:54: 'piece == army' never holds",
        ),
        (
            "  when piece_moved if piece == road or piece == spy { note_it }",
            "5:23: 'piece == road' never holds: the game gives trigger 'piece_moved' only piece army or tribe",
        ),
    ],
)
def test_a_condition_on_a_value_never_given_is_refused(tmp_path: Path, body: str, error: str) -> None:
    errors = compile_card(tmp_path, body)
    assert errors and errors[0].startswith(error), errors


@pytest.mark.parametrize(
    "body",
    [
        "  while in play { modify counts_as_army to true when piece == tribe and owner == you }",
        "  while in play { modify counts_as_army to true when piece != spy }",
        # One way may hold: the condition may.
        "  when piece_moved if piece == army or piece == spy { note_it }",
        "  when piece_moved { note_it }",
    ],
)
def test_a_condition_that_may_hold_passes(tmp_path: Path, body: str) -> None:
    assert compile_card(tmp_path, body) == []


@pytest.mark.parametrize(
    ("declared", "error"),
    [
        ("trigger moved(piece: piece {wagon})", "unknown piece 'wagon'"),
        ("trigger moved(owner: player {army})", "only a parameter of a named kind lists the values asked"),
    ],
)
def test_a_bad_list_of_values_is_a_vocabulary_error(tmp_path: Path, declared: str, error: str) -> None:
    vocabulary = VOCABULARY.replace("  timing play\n", f'  timing play\n  {declared} "moved"\n')
    errors = compile_card(tmp_path, "", vocabulary)
    assert any(error in e for e in errors), errors
