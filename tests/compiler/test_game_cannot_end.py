"""`paxc check` refuses a card that would leave the game unable to end (`game-cannot-end`).

The generated-cards campaign (ninth session, seed 909; all 3 broken files of seed 913) found
cards that `check` accepted and that stalled every game they were in: a Pax Pamir card in play
forbidding every purchase. A game's vocabulary now declares, on a modifier, the value that
halts its game (`halts to false "why"`): Pax Pamir's `may_purchase` (only purchases keep the
market moving toward the Dominance Checks, rulebook: Cleanup, Game End), Pax Porfiriana's
`actions_per_turn` at 0 or below (only purchases move the market on to the topples). A card's
continuous effect giving that value with no condition is refused at its `modify` line; with a
condition, or for a while (`until`), it is accepted. The fixtures mark the refused lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.compiler.diagnostics import Code
from paxc.compiler.project import compile_paths
from paxc.compiler.vocabulary import Halts
from tests.conftest import FIXTURES, REPO
from tests.test_generated_cards import vocabulary

HALTING = FIXTURES / "halting"


def marked(game: str) -> list[tuple[int, int]]:
    """The (line, column) of each `modify` on a line of the fixture marked `# refused`."""
    lines = (HALTING / f"{game}.pax").read_text(encoding="utf-8").splitlines()
    return [(n, line.index("modify") + 1) for n, line in enumerate(lines, 1) if line.endswith("# refused")]


@pytest.mark.parametrize("game", ["pamir", "porfiriana"])
def test_a_continuous_effect_halting_the_game_is_refused_at_its_modify(game: str) -> None:
    result = compile_paths([HALTING / f"{game}.pax"], REPO, whole_games=True)
    found = [(d.span.line, d.span.column) for d in result.diagnostics]
    assert found == marked(game) and len(found) >= 2, result.render_diagnostics()
    assert {d.code for d in result.diagnostics} == {Code.GAME_CANNOT_END}
    report = result.render_diagnostics()
    assert "with no condition leaves the game unable to end" in report
    # The reason is the vocabulary's, said in the game's terms.
    assert ("Dominance Checks" if game == "pamir" else "topple cards") in report


def test_the_conditional_and_lasting_forms_pass_check(tmp_path: Path) -> None:
    """The fixtures' unmarked cards, alone: a condition, `when card == this` (as the printed
    Public Withdrawal), a duration, an adjustment or a ceiling above the halting value."""
    for game in ("pamir", "porfiriana"):
        text = (HALTING / f"{game}.pax").read_text(encoding="utf-8")
        cards = text.split("\ncard ")
        kept = [cards[0], *(c for c in cards[1:] if "# refused" not in c)]
        assert len(kept) >= 4
        source = tmp_path / f"{game}.pax"
        source.write_text("\ncard ".join(kept), encoding="utf-8")
        result = compile_paths([source], REPO, whole_games=True)
        assert result.ok, result.render_diagnostics()


def test_check_json_gives_the_code_and_place() -> None:
    outcome = CliRunner().invoke(main, ["check", "--json", str(HALTING / "pamir.pax")])
    assert outcome.exit_code == 1
    reported = json.loads(outcome.output)
    diagnostics = reported["diagnostics"] if isinstance(reported, dict) else reported
    assert [(d["line"], d["column"], d["code"], d["severity"]) for d in diagnostics] == [
        (line, column, "game-cannot-end", "error") for line, column in marked("pamir")
    ]


def test_each_game_declares_what_halts_it() -> None:
    pamir, porfiriana = vocabulary("pamir"), vocabulary("porfiriana")
    purchase, actions = pamir.hooks["may_purchase"].halts, porfiriana.hooks["actions_per_turn"].halts
    assert purchase is not None and (purchase.value, purchase.at_most) == (False, False)
    assert actions is not None and (actions.value, actions.at_most) == (0, True)
    halting = {name for v in (pamir, porfiriana) for name, hook in v.hooks.items() if hook.halts is not None}
    assert halting == {"may_purchase", "actions_per_turn"}


@pytest.mark.parametrize(
    ("halts", "change", "value", "reached"),
    [
        (Halts(False, False, "why"), "to", False, True),
        (Halts(False, False, "why"), "to", True, False),
        (Halts(0, True, "why"), "to", 0, True),
        (Halts(0, True, "why"), "to", -2, True),
        (Halts(0, True, "why"), "to", 1, False),
        (Halts(0, True, "why"), "at_most", 0, True),
        (Halts(0, True, "why"), "at_most", 1, False),
        (Halts(0, True, "why"), "at_least", 0, False),
        (Halts(0, True, "why"), "minus", 5, False),  # the value it lowers is the rules', unknown here
        (Halts(0, False, "why"), "to", -1, False),
        (Halts(0, False, "why"), "at_most", 0, False),
    ],
)
def test_which_changes_reach_the_halting_value(
    halts: Halts, change: str, value: bool | int, reached: bool
) -> None:
    assert halts.reached(change, value) is reached
