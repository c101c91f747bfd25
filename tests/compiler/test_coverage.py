"""`paxc coverage` on a small game whose counts are worked out independently: Bazaar (the game
`paxc init` writes), whose cards hold one-shot effects, `if`s with and without `else` (Anvil,
Spinning Wheel, Rag Market), triggers (Toll Road; Smithy's, once per round on its first side)
and two modifiers (Market Charter, once per round; Guild Hall).

The coverage run (a `paxc` process of its own) is compared with the same games played here
through rules that watch every decision and say, from the state, what each card must have done.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paxc.runtime.commands import game_seeds
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import RulesRun, Session
from paxc.runtime.effects import Choice
from tests.conftest import REPO

EXAMPLE = REPO / "tests" / "example_game"
GOODS = "cards/bazaar/goods.pax"
PLAYERS, GAMES, SEED = 3, 25, 5
ON_PLAY = {1, 2, 5, 7, 10, 12, 13, 14, 15, 16, 17, 18}  # the cards with an `on play` effect
SMITHY, ANVIL, MARKET_CHARTER, TOLL_ROAD, GUILD_HALL, SPINNING_WHEEL, RAG_MARKET = 4, 5, 8, 9, 11, 12, 18


@pytest.fixture(scope="module")
def registered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that makes the example game importable as `bazaar` and registers it."""
    path = tmp_path_factory.mktemp("path")
    (path / "bazaar").symlink_to(EXAMPLE, target_is_directory=True)
    info = path / "bazaar-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bazaar\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[paxc.games]\nbazaar = bazaar.rules.plugin:GAME\n")
    return path


def paxc(path: Path, cwd: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paxc.compiler.cli", *arguments],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(path)},
        capture_output=True,
        text=True,
        check=False,
    )


def expected_counts(
    path: Path, monkeypatch: pytest.MonkeyPatch, games: int = GAMES, seed: int = SEED
) -> Counter[tuple[str, int]]:
    """What each card must have done in the games (`paxc coverage bazaar --players 3 --games
    GAMES --seed SEED` plays), worked out from the state at each decision:
    ("ran", N) for effects, ("changed", N) and ("asked", N) for modifiers, ("then", N) and
    ("else", N) for the `if` of Anvil and Spinning Wheel."""
    monkeypatch.syspath_prepend(str(path))
    from bazaar.generated.bazaar import CARDS_BY_NUMBER
    from bazaar.generated.bazaar.vocabulary import Guild
    from bazaar.rules import game as bazaar

    counts: Counter[tuple[str, int]] = Counter()
    # The round each owner last used a once-per-round ability in (a round: every player's turn
    # once, from the first turn), for Market Charter's discount and Smithy's trigger.
    spent: dict[tuple[int, int], int] = {}

    def smiths(number: int) -> bool:
        return CARDS_BY_NUMBER[number].guild == Guild.SMITHS

    def round_of(state: Any) -> int:
        return int((state.turn_number - 1) // PLAYERS)

    def asked(state: Any, buyer: int, number: int, buying: bool = False) -> None:
        """A card's cost asked: every modifier in play is asked (Market Charter not once spent in
        the round); which change it."""
        for owner in range(PLAYERS):
            for card in state.table.zone("stall", owner):
                if card == MARKET_CHARTER and spent.get((owner, card)) != round_of(state):
                    counts["asked", card] += 1  # 1 less for its owner, once a round
                    counts["changed", card] += owner == buyer
                    if buying and owner == buyer:
                        spent[owner, card] = round_of(state)
                if card == GUILD_HALL:  # Smiths cost others 1 more
                    counts["asked", card] += 1
                    counts["changed", card] += owner != buyer and smiths(number)

    class Watching:
        """Bazaar's rules, watched at every decision (the session answers it before going on)."""

        def __init__(self, rules: Any) -> None:
            self.rules = rules
            self.name = rules.name

        def __getattr__(self, name: str) -> Any:
            return getattr(self.rules, name)

        def run(self, state: Any) -> RulesRun:
            for step in self.rules.run(state):
                yield step
                if not isinstance(step, Choice) or not isinstance(
                    step.answer, bazaar.Buy | bazaar.Play | bazaar.TakeCoin
                ):
                    continue  # a card's own choice: the move was counted when it was made
                table, player, move = state.table, state.active, step.answer
                for number in table.zone("market"):  # the options: what each market card costs
                    asked(state, player, number)
                if isinstance(move, bazaar.Buy):
                    asked(state, player, move.card, buying=True)
                if isinstance(move, bazaar.Play):
                    stall = table.zone("stall", player)
                    counts["ran", move.card] += move.card in ON_PLAY
                    if move.card == ANVIL:  # Anvil is in play when it asks
                        counts["then" if sum(map(smiths, stall)) + 1 >= 2 else "else", ANVIL] += 1
                    if move.card == SPINNING_WHEEL:
                        counts["then" if table.balance(player) < 2 else "else", SPINNING_WHEEL] += 1
                    if move.card == RAG_MARKET:  # the top card of the deck, if there is one
                        counts["then" if table.zone("deck") else "else", RAG_MARKET] += 1
                    for owner in range(PLAYERS):
                        played = table.zone("stall", owner) + ([move.card] if owner == player else [])
                        counts["ran", TOLL_ROAD] += owner != player and TOLL_ROAD in played
                    # Smithy on its first side hears its owner play another Smiths card (or
                    # itself, as the card played: `card != this` holds for no other), once a round.
                    learning = SMITHY in stall + [move.card] and table.showing.get(SMITHY, 0) == 0
                    if learning and smiths(move.card) and move.card != SMITHY:
                        if spent.get((player, SMITHY)) != round_of(state):
                            spent[player, SMITHY] = round_of(state)
                            counts["ran", SMITHY] += 1

    try:
        kit = bazaar.kit()
        options = {"players": PLAYERS}
        for game_seed in game_seeds(seed, games):
            spent.clear()  # a new game: no round has been played
            session = Session(Watching(kit.rules), options, game_seed)
            agents = {p: RandomAgent(game_seed + 1 + p) for p in range(PLAYERS)}
            while not session.is_terminal():
                session.apply_action(agents[session.current_player()].choose(session))
    finally:  # the example stays a module of this test only (`paxc init bazaar` refuses a taken name)
        for name in [n for n in sys.modules if n == "bazaar" or n.startswith("bazaar.")]:
            del sys.modules[name]
    return counts


def by_card(report: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    for path, counts in report["files"].items():
        for effect in counts["effect_counts"]:
            yield {"path": path}, effect


def test_coverage_counts_exactly_what_the_cards_did(
    registered: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = paxc(
        registered,
        tmp_path,
        "coverage",
        "bazaar",
        "--players",
        str(PLAYERS),
        "--games",
        str(GAMES),
        "--seed",
        str(SEED),
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    expected = expected_counts(registered, monkeypatch)
    assert report["games"] == GAMES and report["errors"] == []
    goods = report["files"][GOODS]
    effects = {effect["number"]: effect for effect in goods["effect_counts"]}
    assert set(effects) == ON_PLAY | {SMITHY, MARKET_CHARTER, TOLL_ROAD, GUILD_HALL}
    for number in ON_PLAY | {TOLL_ROAD, SMITHY}:
        assert effects[number]["acted"] == expected["ran", number], effects[number]
    for number in (MARKET_CHARTER, GUILD_HALL):
        assert effects[number]["kind"] == "modifier"
        assert (effects[number]["acted"], effects[number]["asked"]) == (
            expected["changed", number],
            expected["asked", number],
        ), effects[number]
        assert effects[number]["asked"] > effects[number]["acted"] > 0  # asked more often than changed
    assert effects[TOLL_ROAD]["kind"] == "trigger" and effects[TOLL_ROAD]["hook"] == "when card_played"
    branches = {branch["number"]: branch for branch in goods["branch_counts"]}
    assert set(branches) == {ANVIL, SPINNING_WHEEL, RAG_MARKET}
    for number in (ANVIL, SPINNING_WHEEL, RAG_MARKET):
        assert branches[number]["labels"] == ["then", "else"]
        assert branches[number]["taken"] == [expected["then", number], expected["else", number]]
    assert sum(expected.values()) > 100  # the games exercised the cards
    assert goods["effects"] == 16 and goods["branches"] == 6
    never = {card["number"] for card in report["never_acted"]}
    assert never == {n for n, e in effects.items() if e["acted"] == 0}
