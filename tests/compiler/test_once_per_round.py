"""`once per round` on a modifier (issue 33): allowed on a modifier the vocabulary declares
`spent` (its rules say when they act on its value), a located error anywhere else, and English
in the card's text."""

from __future__ import annotations

from pathlib import Path

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text

VOCABULARY = """\
vocabulary rounded "Rounded" {
  cardtype thing { }
  trigger card_bought(player: player) "after {player} buys a card"
  modifier purchase_cost(buyer: player) -> int "the cost for {buyer} to buy a card" spent
  modifier hand_limit(player: player) -> int "the hand limit of {player}"
}
"""


def compile_card(tmp_path: Path, body: str, vocabulary: str = VOCABULARY) -> tuple[str, list[str], str]:
    """One card holding `body`: its text, its diagnostics (`line:column: message [code]`) and its code."""
    folder = tmp_path / "cards" / "rounded"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.pax").write_text(vocabulary, encoding="utf-8")
    path = folder / "test.pax"
    path.write_text(
        f'game rounded\n\ncard 1 "Probe" thing {{\n  provenance printed\n{body}\n}}\n', encoding="utf-8"
    )
    result = compile_paths([path], tmp_path)
    errors = [f"{d.span.line}:{d.span.column}: {d.message} [{d.code.value}]" for d in result.diagnostics]
    if not result.ok:
        return "", errors, ""
    game = result.games["rounded"]
    return (
        card_text(game.cards()[0]),
        errors,
        codegen.card_module(game, game.files[0], package="paxc.generated"),
    )


def test_a_spent_modifier_may_be_limited_to_once_per_round(tmp_path: Path) -> None:
    text, errors, code = compile_card(
        tmp_path, "  while in play {\n    modify purchase_cost by -1 when buyer == you once per round\n  }"
    )
    assert errors == []
    assert "While in play, once per round, the cost for you to buy a card is 1 less." in text
    assert "once_per_round=True" in code


def test_a_modifier_not_spent_cannot_be_limited(tmp_path: Path) -> None:
    _, errors, _ = compile_card(
        tmp_path, "  while in play {\n    modify hand_limit by 1 when player == you once per round\n  }"
    )
    assert errors == [
        "6:5: modifier 'hand_limit' cannot be limited to once per round: the rules of this game do not "
        "say when they act on its value [misplaced-effect]"
    ]


def test_a_modifier_cannot_be_limited_to_once_per_turn(tmp_path: Path) -> None:
    _, errors, _ = compile_card(
        tmp_path, "  while in play {\n    modify purchase_cost to 0 once per turn\n  }"
    )
    assert errors == [
        "6:5: a modifier may be limited to once per round, not once per turn [misplaced-effect]"
    ]


def test_only_a_modifier_may_be_spent(tmp_path: Path) -> None:
    vocabulary = VOCABULARY.replace('"after {player} buys a card"', '"after {player} buys a card" spent')
    _, errors, _ = compile_card(tmp_path, "", vocabulary)
    assert errors == ["3:3: only a modifier may be 'spent', not a trigger [bad-vocabulary]"]
