"""`paxc coverage`: what the cards did in self-played games, per card file.

Counted, over N random games (the games `paxc simulate` plays for the same seed): how often each
one-shot effect, trigger and replacement ran, how often each modifier changed the value it was
asked about (and how often it was asked: a modifier asked and leaving the value alone has not
acted), how often each branch of each `if` was taken (an `if` without `else` has its implicit
one), and which cards never acted.

How: the game's card modules are generated again from the cards, with a probe at the start of
each branch (`codegen.card_module(..., probes=True)`), and put in place of the generated ones
before the game's rules are imported; each effect of each card is wrapped to count its runs (a
modifier: the values it changed). Nothing of this is in the generated code the games play
otherwise. It must run in a process that has not imported the game's rules yet (the command does).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paxc.compiler import codegen, ir, pynames


class CoverageError(Exception):
    """Coverage cannot be measured here; the message says why."""


@dataclass
class EffectCount:
    """One effect of one card: a one-shot, trigger, replacement or modifier."""

    number: int
    name: str
    kind: str  # "one-shot", "trigger", "replacement", "modifier"
    hook: str  # its timing, trigger, event or modified value
    path: str
    line: int
    acted: int = 0  # ran (a modifier: changed the value asked)
    asked: int = 0  # a modifier: how often it was asked

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        if self.kind != "modifier":
            del data["asked"]
        return data


@dataclass
class BranchCount:
    """One `if` (with its `else if`s): how often each branch was taken."""

    number: int
    name: str
    path: str
    line: int
    labels: list[str]  # "then", "else if (line N)", "else" (written or not)
    taken: list[int]

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass
class Coverage:
    game: str
    options: dict[str, Any]
    seed: int
    games: int
    effects: list[EffectCount] = field(default_factory=list)
    branches: list[BranchCount] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cards: dict[int, tuple[str, str, int]] = field(default_factory=dict)  # number: name, path, line

    def never_acted(self) -> list[tuple[int, str, str, int]]:
        """Cards with at least one effect, none of which acted: number, name, file, line."""
        acting: dict[int, bool] = {}
        for effect in self.effects:
            acting[effect.number] = acting.get(effect.number, False) or effect.acted > 0
        return [(n, *self.cards[n]) for n, acted in sorted(acting.items()) if not acted]

    def files(self) -> list[str]:
        return sorted({e.path for e in self.effects} | {b.path for b in self.branches})

    def as_json(self) -> dict[str, Any]:
        files: dict[str, Any] = {}
        for path in self.files():
            effects = [e for e in self.effects if e.path == path]
            branches = [b for b in self.branches if b.path == path]
            files[path] = {
                "effects": len(effects),
                "effects_acted": sum(1 for e in effects if e.acted),
                "branches": sum(len(b.taken) for b in branches),
                "branches_taken": sum(1 for b in branches for t in b.taken if t),
                "effect_counts": [e.as_json() for e in sorted(effects, key=lambda e: e.line)],
                "branch_counts": [b.as_json() for b in sorted(branches, key=lambda b: b.line)],
            }
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "files": files,
            "never_acted": [
                {"number": n, "name": name, "file": path, "line": line}
                for n, name, path, line in self.never_acted()
            ],
            "errors": self.errors,
        }

    def lines(self) -> list[str]:
        out = [
            f"coverage of {self.game}: {self.games} game{'s' if self.games != 1 else ''} (seed {self.seed})"
        ]
        for path in self.files():
            effects = sorted((e for e in self.effects if e.path == path), key=lambda e: e.line)
            branches = sorted((b for b in self.branches if b.path == path), key=lambda b: b.line)
            acted = sum(1 for e in effects if e.acted)
            taken = sum(1 for b in branches for t in b.taken if t)
            total = sum(len(b.taken) for b in branches)
            out.append(f"{path}: {acted} of {len(effects)} effects acted, {taken} of {total} branches taken")
            rows = [(e.line, _effect_row(e)) for e in effects] + [(b.line, _branch_row(b)) for b in branches]
            out += [f"  {line:>5}  {row}" for line, row in sorted(rows, key=lambda r: r[0])]
        never = self.never_acted()
        out.append(f"never acted: {len(never)} card{'' if len(never) == 1 else 's'}")
        out += [f"  #{n} {name} ({path}:{line})" for n, name, path, line in never]
        out.append(f"errors: {len(self.errors)}")
        out += [f"  {error}" for error in self.errors[:10]]
        return out


def _effect_row(effect: EffectCount) -> str:
    what = f"#{effect.number} {effect.name}: {effect.hook}"
    if effect.kind == "modifier":
        return f"{what}: changed the value {effect.acted} of {effect.asked} times asked"
    return f"{what}: ran {effect.acted} time{'' if effect.acted == 1 else 's'}"


def _branch_row(branch: BranchCount) -> str:
    taken = ", ".join(f"{label} {count}" for label, count in zip(branch.labels, branch.taken, strict=True))
    return f"#{branch.number} {branch.name}: if: {taken}"


# ---------------------------------------------------------------------- what the cards hold


def branches_of(game: ir.GameIR) -> list[BranchCount]:
    """Every `if` of every card's effects, with its branches as the code generator writes them
    (an `else` holding one `if` continues the chain as `else if`)."""
    found: list[BranchCount] = []
    for card in game.cards():
        for statement in _statements(card):
            if not isinstance(statement, ir.IfStmt) or id(statement) in _continued(card):
                continue
            labels = ["then"]
            otherwise = statement.otherwise
            while len(otherwise) == 1 and isinstance(otherwise[0], ir.IfStmt):
                labels.append(f"else if (line {otherwise[0].line})")
                otherwise = otherwise[0].otherwise
            labels.append("else")
            found.append(
                BranchCount(card.number, card.name, card.path, statement.line, labels, [0] * len(labels))
            )
    return found


def _continued(card: ir.CardIR) -> set[int]:
    """The `if`s that are the `else if` of another."""
    return {
        id(s.otherwise[0])
        for s in _statements(card)
        if isinstance(s, ir.IfStmt) and len(s.otherwise) == 1 and isinstance(s.otherwise[0], ir.IfStmt)
    }


def _statements(node: object) -> Iterator[object]:
    """Every statement (and expression) below a card, depth first."""
    if isinstance(node, tuple):
        for item in node:
            yield from _statements(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        yield node
        for item in dataclasses.fields(node):
            value = getattr(node, item.name)
            if isinstance(value, tuple) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
                yield from _statements(value)


def probe_id(path: str, line: int, branch: int) -> str:
    return f"{path}:{line}:{branch}"


# ---------------------------------------------------------------------- measuring


def install(game: ir.GameIR, package: str, probe: Callable[[str], None]) -> types.ModuleType:
    """Put the game's card modules, generated again with probes, in place of its generated ones,
    and return the game package (its CARDS made from them)."""
    name = game.vocabulary.name
    game_package = f"{package}.{name}"
    importlib.import_module(f"{game_package}.vocabulary")
    parent = sys.modules[game_package]
    for card_file in game.files:
        if not card_file.cards:
            continue
        short = pynames.card_module_name(name, card_file.path)
        module_name = f"{game_package}.{short}"
        module = types.ModuleType(module_name)
        module.__dict__["_probe"] = probe
        text = codegen.card_module(game, card_file, package=package, probes=True)
        sys.modules[module_name] = module
        exec(compile(text, f"<{card_file.path}, with probes>", "exec"), module.__dict__)  # noqa: S102
        setattr(parent, short, module)
    return importlib.reload(parent)


def effects_of(game: ir.GameIR) -> list[EffectCount]:
    """Every effect of every card (its sides' and lasting effects' too), as the cards say them."""
    found: list[EffectCount] = []
    for card in game.cards():
        abilities = [*card.abilities, *card.lasting, *(a for side in card.sides for a in side.abilities)]
        for ability in abilities:
            for hook in ability.hooks:
                kind, name = _kind(hook)
                found.append(EffectCount(card.number, card.name, kind, name, card.path, hook.line))
    return found


def _kind(hook: ir.Hook) -> tuple[str, str]:
    if isinstance(hook, ir.OneShotHook):
        return "one-shot", f"on {hook.timing}"
    if isinstance(hook, ir.TriggerHook):
        return "trigger", f"when {hook.trigger.name}"
    if isinstance(hook, ir.ModifierHook):
        return "modifier", f"modify {hook.modifier.name}"
    return "replacement", f"instead of {hook.event.name}"


def wrap_effects(cards: tuple[Any, ...], counts: list[EffectCount]) -> None:
    """Wrap every effect of the (probed) cards to count what it does, each counted under the
    effect written at its `source`."""
    from paxc.runtime.effects import Modifier, effects_of

    by_source = {f"{count.path}:{count.line}": count for count in counts}
    for card in cards:
        for effect in effects_of(card):
            count = by_source[effect.source]
            if isinstance(effect, Modifier):
                object.__setattr__(effect, "apply", _counting_modifier(effect.apply, count))
            else:
                object.__setattr__(effect, "run", _counting_run(effect.run, count))


def _counting_run(run: Callable[..., Any], count: EffectCount) -> Callable[..., Any]:
    def counted(*args: Any) -> Any:
        count.acted += 1
        return run(*args)

    return counted


def _counting_modifier(apply: Callable[..., Any], count: EffectCount) -> Callable[..., Any]:
    def counted(ctx: Any, hook: Any, current: Any) -> Any:
        count.asked += 1
        value = apply(ctx, hook, current)
        if value != current:
            count.acted += 1
        return value

    return counted


def generated_package_of(home: Path, game: str) -> str | None:
    """The import name of the folder holding the game's generated package, as its own
    `__init__.py` imports it (`paxc.generated`, `bazaar.generated`)."""
    try:
        text = (home / "generated" / game / "__init__.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = re.search(rf"^from ([\w.]+)\.{re.escape(game)}\.vocabulary import Card$", text, re.MULTILINE)
    return found[1] if found else None


def measure(game_ir: ir.GameIR, package: str, players: int | None, games: int, seed: int) -> Coverage:
    """Play `games` random games of the game (as `paxc simulate` plays them) on its cards with
    probes, and count what they did."""
    from paxc.runtime import commands

    name = game_ir.vocabulary.name
    if f"{package}.{name}" in sys.modules:
        raise CoverageError(f"the cards of {name} were imported before coverage could probe them")
    hits: Counter[str] = Counter()
    probed = install(game_ir, package, lambda key: hits.update((key,)))
    options = commands.game_options(name, players, {})
    coverage = Coverage(name, options, seed, games)
    coverage.effects = effects_of(game_ir)
    wrap_effects(probed.CARDS, coverage.effects)
    coverage.branches = branches_of(game_ir)
    coverage.cards = {card.number: (card.name, card.path, card.line) for card in game_ir.cards()}
    for game_seed in commands.game_seeds(seed, games):
        result = commands.play_one(name, options, game_seed, False)
        if result.error is not None:
            coverage.errors.append(f"seed {game_seed}: {result.error}")
    for branch in coverage.branches:
        branch.taken = [hits[probe_id(branch.path, branch.line, i)] for i in range(len(branch.labels))]
    return coverage
