"""`paxc diff`: what a change to the card files changes, card by card.

Two versions of a project's card files (each a git revision or the working tree) are checked by
the front end, each on its own, and their cards matched by game and number. For every card added,
removed or changed, the report gives the attributes that changed, the card's rendered text before
and after as a word diff, and what its changed effects touch: the triggers, modifiers,
replacements, operations, queries, timings, zones, money and card attributes they use, each with
the other cards of the game that use it too (a designer changing how a card bribes learns which
other cards bribe).

`errata_versions` compares a card's printed version with each of its errata the same way.

Nothing here writes into the project: a revision's files are checked in a temporary folder.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import ir
from paxc.compiler.folders import CARD_SUFFIX
from paxc.compiler.project import CompileResult, compile_paths
from paxc.compiler.render import card_text, hook_text, value_text, words
from paxc.compiler.vocabulary import FieldSpec, HookSpec, MemorySpec, MoneySpec, ZoneSpec

WORKING_TREE = "working tree"
CARDS = "cards"


class DiffError(Exception):
    """A version that cannot be read (no git, an unknown revision) or whose cards do not compile."""

    def __init__(self, message: str, result: CompileResult | None = None) -> None:
        super().__init__(message)
        self.result = result


# ------------------------------------------------------------------ what an effect touches


@dataclass(frozen=True, order=True)
class Touch:
    """One thing of the game an effect uses: `kind` is trigger, modifier, replacement, operation,
    query (the vocabulary's hooks), timing, zone, money, memory or attribute."""

    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"


# What other cards do with a touch point, for the report ("4 other cards modify `bribe`"):
# the verb after one card, then after several.
_USE = {
    "trigger": ("answers", "answer"),
    "modifier": ("modifies", "modify"),
    "replacement": ("replaces", "replace"),
    "operation": ("uses", "use"),
    "query": ("asks", "ask"),
    "timing": ("acts on", "act on"),
    "zone": ("moves cards to", "move cards to"),
    "money": ("moves", "move"),
    "memory": ("remembers", "remember"),
    "attribute": ("reads", "read"),
}


def touches(node: object) -> set[Touch]:
    """Everything `node` (a hook, a statement, an ability, a card) uses, found by walking the IR."""
    found: set[Touch] = set()
    _walk(node, found)
    return found


def _walk(node: object, found: set[Touch]) -> None:
    if isinstance(node, HookSpec):
        found.add(Touch(node.kind, node.name))
        return
    if isinstance(node, ZoneSpec):
        found.add(Touch("zone", node.name))
        return
    if isinstance(node, MoneySpec):
        found.add(Touch("money", node.name))
        return
    if isinstance(node, MemorySpec):
        found.add(Touch("memory", node.name))
        return
    if isinstance(node, FieldSpec):
        return  # an attribute line of the card itself, not something an effect reads
    if isinstance(node, ir.OneShotHook):
        found.add(Touch("timing", node.timing))
    elif isinstance(node, ir.FieldRef | ir.ThisField):
        found.add(Touch("attribute", node.field))
    if isinstance(node, tuple | list):
        for item in node:
            _walk(item, found)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for field in dataclasses.fields(node):
            if field.name not in ("type", "span"):
                _walk(getattr(node, field.name), found)


def _hooks(card: ir.CardIR) -> list[ir.Hook]:
    """Every effect of the card: its abilities, its sides' and those its `until` statements start."""
    abilities = [*card.abilities, *(a for side in card.sides for a in side.abilities), *card.lasting]
    return [hook for ability in abilities for hook in ability.hooks]


def _changed_hooks(before: ir.CardIR | None, after: ir.CardIR | None) -> list[ir.Hook]:
    """The effects one version has and the other lacks, compared by what they say (their text)."""
    old = [] if before is None else _hooks(before)
    new = [] if after is None else _hooks(after)
    only_old = Counter(hook_text(h) for h in old) - Counter(hook_text(h) for h in new)
    only_new = Counter(hook_text(h) for h in new) - Counter(hook_text(h) for h in old)
    return [h for h in old if hook_text(h) in only_old] + [h for h in new if hook_text(h) in only_new]


# ------------------------------------------------------------------ the report


@dataclass(frozen=True)
class AttributeChange:
    name: str
    before: str | None  # None: the attribute is not on that version
    after: str | None


@dataclass(frozen=True)
class CardRef:
    number: int
    name: str


@dataclass(frozen=True)
class TouchReport:
    touch: Touch
    others: tuple[CardRef, ...]  # the other cards of the game whose effects use it too


@dataclass(frozen=True)
class CardDiff:
    game: str
    number: int
    name: str
    status: str  # "added", "removed", "changed"
    path: str
    before: str  # the rendered text ("" when added)
    after: str  # ("" when removed)
    attributes: tuple[AttributeChange, ...]
    touches: tuple[TouchReport, ...]

    def word_diff(self) -> list[tuple[str, str]]:
        return word_diff(self.before, self.after)

    def as_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "number": self.number,
            "name": self.name,
            "status": self.status,
            "path": self.path,
            "attributes": [dataclasses.asdict(a) for a in self.attributes],
            "text_before": self.before,
            "text_after": self.after,
            "word_diff": [{"op": op, "text": text} for op, text in self.word_diff()],
            "touches": [
                {
                    "kind": t.touch.kind,
                    "name": t.touch.name,
                    "other_cards": [{"number": c.number, "name": c.name} for c in t.others],
                }
                for t in self.touches
            ],
        }


# Words, spaces and punctuation apart: "0." becoming "1." is one word changed, the full stop kept.
_TOKEN = re.compile(r"\s+|[\w'-]+|[^\w\s]")


def word_diff(before: str, after: str) -> list[tuple[str, str]]:
    """`before` turned into `after` word by word: runs of ("same" | "removed" | "added", text)."""
    old, new = _TOKEN.findall(before), _TOKEN.findall(after)
    runs: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            runs.append(("same", "".join(old[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("removed", "".join(old[i1:i2])))
        if j2 > j1:
            runs.append(("added", "".join(new[j1:j2])))
    return runs


def compare(before: dict[str, ir.GameIR], after: dict[str, ir.GameIR]) -> list[CardDiff]:
    """Every card added, removed or changed between two checked versions, by game and number."""
    diffs: list[CardDiff] = []
    for game in sorted(before.keys() | after.keys()):
        old = _by_number(before.get(game))
        new = _by_number(after.get(game))
        index = _UsageIndex(after.get(game) or before[game])
        for number in sorted(old.keys() | new.keys()):
            diff = card_diff(game, old.get(number), new.get(number), index)
            if diff is not None:
                diffs.append(diff)
    return diffs


def card_diff(
    game: str, before: ir.CardIR | None, after: ir.CardIR | None, index: _UsageIndex
) -> CardDiff | None:
    """How `before` became `after` (either may be missing), or None when they say the same."""
    card = after or before
    assert card is not None
    old_text = "" if before is None else card_text(before, notes=True, intended=False)
    new_text = "" if after is None else card_text(after, notes=True, intended=False)
    if old_text == new_text:
        return None
    attributes = _attribute_changes(before, after)
    touched = set().union(*(touches(hook) for hook in _changed_hooks(before, after)))
    touched |= {Touch("attribute", change.name) for change in attributes}
    status = "added" if before is None else "removed" if after is None else "changed"
    return CardDiff(
        game,
        card.number,
        card.name,
        status,
        card.path,
        old_text,
        new_text,
        attributes,
        tuple(TouchReport(t, index.others(t, card.number)) for t in sorted(touched)),
    )


def _attribute_changes(before: ir.CardIR | None, after: ir.CardIR | None) -> tuple[AttributeChange, ...]:
    def values(card: ir.CardIR | None) -> dict[str, str]:
        if card is None:
            return {}
        shown = {"name": card.name, "type": card.card_type, "provenance": card.provenance}
        return shown | {a.field.name: value_text(a.value) for a in card.attributes}

    old, new = values(before), values(after)
    names = [*old, *(name for name in new if name not in old)]
    return tuple(
        AttributeChange(words(name), old.get(name), new.get(name))
        for name in names
        if old.get(name) != new.get(name)
    )


class _UsageIndex:
    """Which cards of a game use each touch point, to say what else a change reaches."""

    def __init__(self, game: ir.GameIR) -> None:
        self.users: dict[Touch, list[CardRef]] = {}
        for card in game.cards():
            for touch in sorted(set().union(*(touches(h) for h in _hooks(card)))):
                self.users.setdefault(touch, []).append(CardRef(card.number, card.name))

    def others(self, touch: Touch, number: int) -> tuple[CardRef, ...]:
        return tuple(card for card in self.users.get(touch, []) if card.number != number)


def _by_number(game: ir.GameIR | None) -> dict[int, ir.CardIR]:
    return {} if game is None else {card.number: card for card in game.cards()}


# ------------------------------------------------------------------ errata


def errata_versions(game: ir.GameIR, card: ir.CardIR) -> list[tuple[ir.ErratumIR, CardDiff]]:
    """Each erratum of `card` against the printed card: the card as that erratum (and those
    before it) leave it, what changed and what that touches."""
    index = _UsageIndex(game)
    versions = (*card.versions, card)  # printed first, then one per erratum
    found: list[tuple[ir.ErratumIR, CardDiff]] = []
    for erratum, version in zip(card.errata, versions[1:], strict=True):
        diff = card_diff(game.vocabulary.name, versions[0], version, index)
        if diff is not None:
            found.append((erratum, diff))
    return found


# ------------------------------------------------------------------ versions of the card files


def checked_version(root: Path, revision: str | None) -> CompileResult:
    """The cards of the project at `root` as a git revision has them (None: the working tree),
    checked. Raises DiffError when the revision cannot be read or its cards do not compile."""
    if revision is None:
        result = compile_paths([root / CARDS], root)
    else:
        files = _files_at(root, revision)
        with tempfile.TemporaryDirectory(prefix="paxc-diff-") as folder:
            where = Path(folder)
            for path, content in files.items():
                target = where / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
            (where / CARDS).mkdir(exist_ok=True)
            result = compile_paths([where / CARDS], where)
    if not result.ok:
        shown = WORKING_TREE if revision is None else revision
        raise DiffError(f"the cards of {shown} do not compile", result)
    return result


def _files_at(root: Path, revision: str) -> dict[str, bytes]:
    """The card files under cards/ at `revision`, by their path below `root`."""
    _git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}", what=f"no revision '{revision}'")
    listing = _git(
        root, "ls-tree", "-r", "-z", revision, "--", CARDS, what=f"cannot list cards/ at '{revision}'"
    )
    blobs: list[tuple[str, str]] = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        _, kind, blob = meta.split()
        path = name.decode("utf-8", "surrogateescape")
        if kind == b"blob" and path.endswith(CARD_SUFFIX):
            blobs.append((path, blob.decode()))
    if not blobs:
        return {}
    batch = _git(
        root,
        "cat-file",
        "--batch",
        what="cannot read card files",
        stdin="\n".join(b for _, b in blobs) + "\n",
    )
    files: dict[str, bytes] = {}
    position = 0
    for path, _ in blobs:
        header_end = batch.index(b"\n", position)
        size = int(batch[position:header_end].split()[2])
        files[path] = batch[header_end + 1 : header_end + 1 + size]
        position = header_end + 1 + size + 1
    return files


def _git(root: Path, *args: str, what: str, stdin: str | None = None) -> bytes:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args],
            input=None if stdin is None else stdin.encode(),
            capture_output=True,
            check=False,
        )
    except OSError as error:
        raise DiffError(f"cannot run git: {error.strerror or error}") from error
    if done.returncode != 0:
        reason = done.stderr.decode(errors="replace").strip().splitlines()
        raise DiffError(what + (f" ({reason[-1]})" if reason else ""))
    return done.stdout


# ------------------------------------------------------------------ text


def render(diffs: Iterable[CardDiff], colour: bool = False, limit: int = 6) -> Iterator[str]:
    """The report as lines of text: for each card, its status, attribute changes, the word diff
    of its text (`[-removed-]{+added+}`, or coloured) and what its change touches."""
    for diff in diffs:
        yield f"{diff.game} #{diff.number} {diff.name} ({diff.status}, {diff.path})"
        for change in diff.attributes:
            yield f"  {change.name}: {change.before or '(none)'} -> {change.after or '(none)'}"
        yield "  text:"
        for line in _marked(diff.word_diff(), colour).splitlines():
            yield f"    {line}"
        for report in diff.touches:
            yield "  " + _touch_line(report, limit)
        yield ""


def _marked(runs: list[tuple[str, str]], colour: bool) -> str:
    """The word diff as one text: each removed or added run marked line by line, so that a
    marker never spans a line break (an added line reads `{+Erratum 2 ...+}`, indented)."""
    import click

    out: list[str] = []
    for op, text in runs:
        for piece in _LINE_BREAK.split(text) if op != "same" else [text]:
            if op == "same" or not piece.strip():
                out.append(piece)
            elif colour:
                out.append(
                    click.style(
                        piece, fg="red" if op == "removed" else "green", strikethrough=op == "removed"
                    )
                )
            else:
                out.append(f"[-{piece}-]" if op == "removed" else f"{{+{piece}+}}")
    return "".join(out)


_LINE_BREAK = re.compile(r"(\s*\n\s*)")


def _touch_line(report: TouchReport, limit: int) -> str:
    touch, others = report.touch, report.others
    one, several = _USE[touch.kind]
    head = f"touches {touch.kind} `{touch.name}`"
    if not others:
        return f"{head}: no other card {one} it"
    names = ", ".join(f"#{c.number} {c.name}" for c in others[:limit])
    more = f" and {len(others) - limit} more" if len(others) > limit else ""
    counted = f"1 other card {one}" if len(others) == 1 else f"{len(others)} other cards {several}"
    return f"{head}: {counted} it: {names}{more}"
