"""New cards in a fixture file, compiled with their game's vocabulary and imported as a module:
how the new-card tests of both games put cards written in the card language alone on the table,
and play them in random games.

- `compile_card_file`: the module a build would generate for a fixture file.
- `join_pamir` / `join_porfiriana`: make one such card part of its game for one test.
- `project_with`: a project folder whose cards of the game include the fixture file, for the
  commands that check against a project's cards (`paxc test`) while the cards are joined.
- `count_in_random_games`: put the fixture cards on top of the deck (and nowhere else), play random
  games with every invariant checked after each decision, and count how often each card's
  abilities acted (an effect when it changed the game's state, a modifier when it changed the
  value it was asked about: not each time one was run or asked); the test fails when a game breaks an invariant or when any of the cards never acted.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import pytest

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from paxc.runtime.effects import Ability, Effect
from tests.conftest import REPO

Game = Literal["pamir", "porfiriana"]


def compile_card_file(fixture: Path, game: str, scratch: Path) -> ModuleType:
    """The module the build would generate for `fixture` (a card file of `game`), imported; the
    file is checked against the whole game, as `paxc check FILE` does."""
    result = compile_paths([fixture], REPO, whole_games=True)
    assert result.ok, result.render_diagnostics()
    (file,) = result.games[game].files
    path = scratch / f"new_{game}_cards.py"
    path.write_text(codegen.card_module(result.games[game], file, package="paxc.generated"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"new_{game}_cards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def project_with(fixture: Path, game: Game, folder: Path, scenarios: Sequence[Path] = ()) -> Path:
    """`folder` made a project: the game's card files and `fixture` in its cards/GAME/, and the
    `scenarios` files in its tests/scenarios/ (where `paxc test` looks by default)."""
    shutil.copytree(REPO / "cards" / game, folder / "cards" / game)
    shutil.copy(fixture, folder / "cards" / game / f"fixture_{fixture.name}")
    (folder / "tests" / "scenarios").mkdir(parents=True)
    for scenario in scenarios:
        shutil.copy(scenario, folder / "tests" / "scenarios" / scenario.name)
    return folder


# ---------------------------------------------------------------------- joining a game


def _import_runtime(game: str) -> None:
    """Import the game's runtime before its card table changes: a module reading the table at
    import (`from ... import CARDS`) imported first while a new card is in it would keep that
    table after the card has left (and deal it in later games)."""
    from paxc.runtime.commands import kit_of

    kit_of(game)


def join_pamir(card: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a new Pax Pamir card part of the game, as a build of the game with its file would:
    the card table and the index of court cards carrying modifiers (the runtime's own code,
    unchanged)."""
    from paxc.generated import pamir
    from paxc.runtime.pamir import hooks

    _import_runtime("pamir")
    # The runtime works out each card's modifiers once: forget any worked out for this number
    # by an earlier test (with another object for the same card).
    hooks._modifiers.cache_clear()
    hooks._lasting_modifiers.cache_clear()
    monkeypatch.setitem(pamir.CARDS_BY_NUMBER, card.number, card)
    monkeypatch.setattr(pamir, "CARDS", (*pamir.CARDS, card))
    monkeypatch.setattr(hooks, "CARDS", pamir.CARDS)
    monkeypatch.setattr(hooks, "_COURT_CARRIERS", hooks._court_carriers())
    monkeypatch.setattr(
        hooks, "_CARRIER_CARDS", frozenset(n for ns in hooks._COURT_CARRIERS.values() for n in ns)
    )


def join_porfiriana(card: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a new Pax Porfiriana card part of the game, as a build of the game with its file
    would: the card table the runtime reads every card from (the runtime's own code, unchanged),
    and no ability remembered from another card of that number by an earlier test."""
    from paxc.generated import porfiriana
    from paxc.runtime.porfiriana import hooks

    _import_runtime("porfiriana")
    monkeypatch.setitem(porfiriana.CARDS_BY_NUMBER, card.number, card)
    monkeypatch.setattr(porfiriana, "CARDS", (*porfiriana.CARDS, card))
    hooks.forget_cards()


# ---------------------------------------------------------------------- random games, counted


def counted_card(printed: Any, acted: Counter[int]) -> Any:
    """The card with every ability wrapped to count in `acted[number]` each time it acts: a
    one-shot, trigger or replacement whose run changed the game's state (its digest, the one a
    save is checked with), a modifier that changed the value it was asked about (asked and left
    as it was, it did nothing), in play or lasting, on every side (the runtime cannot tell the
    wrapped card from the printed one)."""

    def counting(run: Callable[..., Effect]) -> Callable[..., Effect]:
        """The effect `run` starts, counted once it has ended if the game's state is not what it
        was when it began (whatever the effect asked on the way: a choice whose answer left
        everything as it was did nothing)."""

        def start(ctx: Any, *event: Any) -> Effect:
            before = ctx.state.digest()
            try:
                yield from run(ctx, *event)
            finally:
                if ctx.state.digest() != before:
                    acted[printed.number] += 1

        return start

    def counting_changes(apply: Callable[[Any, Any, Any], Any]) -> Callable[[Any, Any, Any], Any]:
        def count(ctx: Any, hook: Any, value: Any) -> Any:
            result = apply(ctx, hook, value)
            if result != value:
                acted[printed.number] += 1
            return result

        return count

    def wrap(ability: Ability[Any]) -> Ability[Any]:
        return dataclasses.replace(
            ability,
            one_shots=tuple(dataclasses.replace(o, run=counting(o.run)) for o in ability.one_shots),
            triggers=tuple(dataclasses.replace(t, run=counting(t.run)) for t in ability.triggers),
            modifiers=tuple(
                dataclasses.replace(m, apply=counting_changes(m.apply)) for m in ability.modifiers
            ),
            replacements=tuple(dataclasses.replace(r, run=counting(r.run)) for r in ability.replacements),
        )

    def wrap_card(face: Any) -> Any:
        return dataclasses.replace(
            face,
            abilities=tuple(wrap(a) for a in face.abilities),
            lasting=tuple(wrap(a) for a in face.lasting),
            sides=tuple(wrap_card(side) for side in face.sides),
        )

    return wrap_card(printed)


def count_in_random_games(
    game: Game,
    fixture: ModuleType,
    numbers: Iterable[int],
    monkeypatch: pytest.MonkeyPatch,
    *,
    seed: int,
    games: int,
    other_games: Sequence[tuple[Mapping[str, Any], int]] = (),
    rare_games: int = 300,
) -> Counter[int]:
    """Play the fixture cards `numbers` (of the module `compile_card_file` made) in random games
    and return how many times each card's abilities acted.

    The cards join the game counted (`counted_card`) and go on top of the deck, so that they
    reach the market at once; which of them
    comes first depends on the game's seed, so that each card leads some games. `games` three-player games are played from `seed`, then for each (options,
    count) of `other_games` (the Díaz solitaire, say) that many games with those options, each
    with every invariant checked after each decision; then, while a card has not acted yet, up to
    `rare_games` more three-player games. The test fails on the first game that breaks an invariant, or at the end when a card never
    acted: a card the random games cannot bring into play proves nothing."""
    from paxc.runtime.commands import game_seeds, play_one

    acted: Counter[int] = Counter()
    added = [counted_card(getattr(fixture, f"CARD_{number}"), acted) for number in numbers]
    join = join_pamir if game == "pamir" else join_porfiriana
    for card in added:
        join(card, monkeypatch)
        # A card's text that names `this` compares with the module's card: the counted one now.
        monkeypatch.setattr(fixture, f"CARD_{card.number}", card)
    on_top = [card.number for card in added]
    deal_on_top(game, on_top, monkeypatch, rotate=True)

    def play(options: Mapping[str, Any], game_seed: int) -> None:
        result = play_one(game, options, game_seed, check=True)
        assert result.error is None, f"{options} seed {game_seed}: {result.error}"

    for options, count in (({"players": 3}, games), *other_games):
        for game_seed in game_seeds(seed, count):
            play(options, game_seed)
    # A card that can act only in a position random players seldom reach (an enterprise of
    # theirs in unrest when they play it, say) gets more three-player games, until it acts.
    more = game_seeds(seed, games + rare_games)[games:]
    while more and set(on_top) - set(acted):
        play({"players": 3}, more.pop(0))
    never = sorted(set(on_top) - set(acted))
    assert not never, f"cards that never acted: {never}; acted: {dict(sorted(acted.items()))}"
    return acted


def deal_on_top(game: str, on_top: Sequence[int], monkeypatch: pytest.MonkeyPatch, *, rotate: bool) -> None:
    """Make every game dealt from now on (in `monkeypatch`'s lifetime) hold the cards `on_top` on
    top of its deck, and nowhere else. `rotate`: which of them comes first depends on the game's
    seed (the seed's, so that a save replays to the same deal), so that each card leads some
    games."""
    dealing = dealer(game, monkeypatch)
    dealt = dealing.new_state

    def new_state(options: Any, seed: int) -> Any:
        state = dealt(options, seed)
        lead = seed % len(on_top) if rotate and on_top else 0
        first = [*on_top[lead:], *on_top[:lead]]
        rest = [n for n in state.deck if n not in on_top]
        # Each new card only on top of the deck: one the setup laid in the market gives its space
        # to the next card of the deck (else it would be both there and on the deck).
        for row in state.market:
            for column, number in enumerate(row):
                if number in on_top:
                    row[column] = rest.pop(0)
        state.deck[:] = first + rest
        if game == "porfiriana":
            # The setup deals the cards it does not draw into the box: the same.
            state.unused[:] = [n for n in state.unused if n not in on_top]
        return state

    monkeypatch.setattr(dealing, "new_state", new_state)


def dealer(game: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The module whose `new_state` deals a game, made to deal from the card table with the new
    cards in it (the dealing module holds the table it was imported with: without this, a test
    would deal with or without the new cards depending on which module the process imported
    first)."""
    if game == "pamir":
        from paxc.generated import pamir
        from paxc.runtime.pamir import rules

        monkeypatch.setattr(rules, "CARDS", pamir.CARDS)
        return rules
    from paxc.generated import porfiriana
    from paxc.runtime.porfiriana import setup

    monkeypatch.setattr(setup, "CARDS", porfiriana.CARDS)
    return setup
