"""A game where nobody can ever decide anything again must end with an error, not spin.

Found by the generated-cards campaign (seed 909, its Pax Pamir file 81, ninth session): with
the file's cards on top of the deck, game seed 118827340029232 reaches, after decision 865, a
table where card 8003 (nobody may buy a card) sits in a court and nobody has a card in hand or
a card action that can do something. Each turn then offers only its end; the session answers a
choice of one option itself (`Session._advance`), so turns go round without end inside one
`apply_action` (1.5 million turns, then stopped by hand), and no limit of decisions sees it.

`paxc check` now refuses card 8003 as found (`modify may_purchase to false` with no condition:
game-cannot-end); the fixture gives it a condition that always holds, which check accepts (it
judges no condition), so the same game still reaches the same table.

The session now raises a RuntimeError saying no decision comes after a bounded number of
choices answered alone (`MAX_FORCED_CHOICES`); the step guard below turns a hang back into a
failure of the test, should the bound be lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.runtime.commands import kit_of
from tests.conftest import REPO
from tests.new_cards import compile_card_file, deal_on_top, join_pamir

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "campaign_909_stall.pax"
SEED = 118827340029232
GUARD = 5_000_000  # steps of the rules without a decision: far past any a fix would allow


class Spinning(Exception):
    pass


def test_turns_offering_only_their_end_forever_end_the_game_with_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = compile_card_file(FIXTURE, "pamir", tmp_path)
    cards = [getattr(module, f"CARD_{n}") for n in range(8000, 8004)]
    for card in cards:
        join_pamir(card, monkeypatch)
    deal_on_top("pamir", [card.number for card in cards], monkeypatch, rotate=False)
    kit = kit_of("pamir")
    options = {"players": 3}
    session = kit.new_session(options, SEED)
    agents = {p: kit.bot("random", SEED + 1 + p) for p in kit.seats_for_people(options)}
    steps = [0]

    def guard(step: object) -> None:
        steps[0] += 1
        if steps[0] > GUARD:
            raise Spinning(f"{GUARD:,} steps without a decision, turn {session.state.turn_number}")

    session.watch = guard
    with pytest.raises(RuntimeError, match="decision"):
        for _ in range(5_000):
            if session.is_terminal():
                break
            steps[0] = 0
            session.apply_action(agents[session.current_player()].choose(session))
