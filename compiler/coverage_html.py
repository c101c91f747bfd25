"""`paxc coverage --html DIR`: the counts of a coverage run as static web pages, as coverage.py
shows a program's lines.

An index (per card file: effects that acted of all, branches taken of all, a percentage, and the
cards that never acted) and a page per card file: its whole source, every line numbered, the
line where each effect, trigger, modifier, replacement or `if` starts marked green when it
acted, amber when an `if` took only some of its branches, red when it never acted, with what was
counted beside it and in its tooltip; the first line of each card that never acted is red too.

The pages are Jinja2 templates (templates/coverage_*.html.jinja) with escaping on: card text may
hold any character. They are self-contained (their style inline, no script, nothing fetched),
written whole or not at all (compiler/pages.py: into a new folder beside DIR that then takes
DIR's place). A DIR that holds something other than a report is refused, not replaced.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from paxc.compiler import pages
from paxc.compiler.coverage import Coverage, EffectCount
from paxc.compiler.source import SourceFile

INDEX = "index.html"
# Written into every page: how a folder is known to hold a report (and may be replaced).
GENERATOR = "paxc coverage"


class ReportError(Exception):
    """The report cannot be written there; the message says why."""


@dataclass
class Line:
    """One line of a card file as the page shows it."""

    number: int
    text: str
    status: str = "plain"  # "acted", "partial", "never" or "plain" (nothing counted there)
    badge: str = ""  # the counts in short
    notes: list[str] = field(default_factory=list)  # what was counted, beside the line
    tips: list[str] = field(default_factory=list)  # the same, kind first, in its tooltip


@dataclass
class FileSummary:
    path: str
    page: str
    effects: int
    effects_acted: int
    branches: int
    branches_taken: int
    never: list[tuple[int, str, int]]  # the cards of the file that never acted: number, name, line

    @property
    def percent(self) -> str:
        return percent(self.effects_acted + self.branches_taken, self.effects + self.branches)


def percent(done: int, total: int) -> str:
    """The share done, rounded down so that only all of it reads 100% (coverage.py's way)."""
    if total == 0:
        return "100%"
    return f"{done * 100 // total}%"


def page_name(path: str) -> str:
    """The file name of a card file's page: its path made one word, and a hash of it that keeps
    two paths that read alike (`a_b.pax`, `a/b.pax`) apart."""
    slug = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_")[-60:]
    digest = hashlib.sha256(path.encode("utf-8")).hexdigest()[:8]
    return f"{slug}_{digest}.html"


# ---------------------------------------------------------------------- the lines of a page


def _effect_counted(effect: EffectCount) -> tuple[str, str]:
    """An effect's badge, and what was counted of it."""
    if effect.kind == "modifier":
        counted = f"changed the value {effect.acted} time{_s(effect.acted)} of {effect.asked} asked"
        return f"{effect.acted}/{effect.asked}", counted
    return f"{effect.acted}×", f"ran {effect.acted} time{_s(effect.acted)}"


def _s(count: int) -> str:
    return "" if count == 1 else "s"


@dataclass(frozen=True)
class _Counted:
    """One thing counted on a line: whether it acted fully (an `if`: every branch taken) and at
    all, its badge, the note beside the line and the tooltip's line."""

    full: bool
    some: bool
    badge: str
    note: str
    tip: str


def _counted_on_lines(coverage: Coverage, path: str) -> dict[int, list[_Counted]]:
    found: dict[int, list[_Counted]] = {}
    for effect in (e for e in coverage.effects if e.path == path):
        badge, counted = _effect_counted(effect)
        card = f"#{effect.number} {effect.name}"
        acted = effect.acted > 0
        found.setdefault(effect.line, []).append(
            _Counted(
                acted,
                acted,
                badge,
                f"{card}: {effect.hook}: {counted}",
                f"{effect.kind}: {counted} ({card}, {effect.hook})",
            )
        )
    for branch in (b for b in coverage.branches if b.path == path):
        taken = ", ".join(
            f"{label} {count}" for label, count in zip(branch.labels, branch.taken, strict=True)
        )
        card = f"#{branch.number} {branch.name}"
        found.setdefault(branch.line, []).append(
            _Counted(
                all(branch.taken),
                any(branch.taken),
                " / ".join(map(str, branch.taken)),
                f"{card}: if: {taken}",
                f"if: {taken} ({card})",
            )
        )
    for number, _, _, card_line in (c for c in coverage.never_acted() if c[2] == path):
        said = f"#{number} {coverage.cards[number][0]} never acted"
        found.setdefault(card_line, []).append(_Counted(False, False, "", said, said))
    return found


def lines_of(source: SourceFile, coverage: Coverage, path: str) -> list[Line]:
    """Every line of the file, those where something counted starts marked with its counts."""
    text = source.text[:-1] if source.text.endswith("\n") else source.text
    lines = [Line(n, line.rstrip("\r")) for n, line in enumerate(text.split("\n"), start=1)]
    for number, counted in _counted_on_lines(coverage, path).items():
        if not 1 <= number <= len(lines):
            continue  # past the end: the file is not the one the run compiled
        line = lines[number - 1]
        line.notes = [c.note for c in counted]
        line.tips = [c.tip for c in counted]
        line.badge = " · ".join(c.badge for c in counted if c.badge)
        if all(c.full for c in counted):
            line.status = "acted"
        elif any(c.some for c in counted):
            line.status = "partial"
        else:
            line.status = "never"
    return lines


def summaries(coverage: Coverage) -> list[FileSummary]:
    never = coverage.never_acted()
    found = []
    for path in coverage.files():
        effects = [e for e in coverage.effects if e.path == path]
        branches = [b for b in coverage.branches if b.path == path]
        found.append(
            FileSummary(
                path,
                page_name(path),
                len(effects),
                sum(1 for e in effects if e.acted),
                sum(len(b.taken) for b in branches),
                sum(1 for b in branches for t in b.taken if t),
                [(n, name, line) for n, name, p, line in never if p == path],
            )
        )
    return found


# ---------------------------------------------------------------------- the pages


def report_pages(coverage: Coverage, sources: Mapping[str, SourceFile]) -> dict[str, str]:
    """The report's files by name: the index, and a page per card file."""
    files = summaries(coverage)
    total = FileSummary(
        "all files",
        INDEX,
        sum(f.effects for f in files),
        sum(f.effects_acted for f in files),
        sum(f.branches for f in files),
        sum(f.branches_taken for f in files),
        [],
    )
    env = pages.environment()
    common = {"coverage": coverage, "generator": GENERATOR, "players": coverage.options.get("players")}
    found = {
        INDEX: env.get_template("coverage_index.html.jinja").render(
            files=files, total=total, never=coverage.never_acted(), page_of=page_name, **common
        )
    }
    for summary in files:
        source = sources.get(summary.path)
        if source is None:
            raise ReportError(f"the source of {summary.path} is not at hand")
        found[summary.page] = env.get_template("coverage_file.html.jinja").render(
            file=summary, lines=lines_of(source, coverage, summary.path), **common
        )
    return found


# ---------------------------------------------------------------------- writing


def write(coverage: Coverage, sources: Mapping[str, SourceFile], folder: Path) -> Path:
    """Write the report into `folder` (made, or replacing the report there) and return its index.
    Either the whole report is there afterwards or, on an error, what was there before."""
    try:
        pages.write_folder(
            folder, report_pages(coverage, sources), INDEX, GENERATOR, "a coverage report", "the report"
        )
    except pages.FolderError as error:
        raise ReportError(str(error)) from error
    return folder / INDEX
