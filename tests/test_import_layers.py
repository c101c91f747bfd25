"""The import graph of compiler/ and runtime/ has no knot larger than three modules.

Every `import` counts, at module level, inside functions and under `TYPE_CHECKING`: a module that
imports another, even late or for its types only, cannot be read without it. Modules that import
each other round a cycle form one strongly connected component (a knot); in a knot no module can
be understood, tested or replaced alone. Small knots (a module and its helper) are tolerated; a
larger one fails this test, naming its modules.

`KNOWN_KNOTS` lists the knots that existed when this test was written, while they are being cut:
a knot may shrink or split inside its entry, never grow or appear elsewhere, and an entry that is
no longer a knot must be removed (so the list only ever gets shorter).
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

import pytest

from tests.conftest import REPO

LARGEST_KNOT = 3

# Each folder of the repository and the package it installs as (see pyproject.toml).
PACKAGES = {"compiler": "paxc.compiler", "runtime": "paxc.runtime"}

KNOWN_KNOTS: tuple[frozenset[str], ...] = ()

# Pax Pamir's rules in layers, the lowest first (README, "The runtime"): each module imports only
# from its own layer and those below, so a knot cannot form again between layers, small or large.
PAMIR_LAYERS = (
    "state options story wakhan_cards",  # state and queries (her AI cards read the state only)
    "hooks",  # the abilities in effect, run in the contexts `context` hands over
    "pieces market bribes scoring",
    "context zones",  # what card effects call, and the cards' zones and rupees
    "card_actions",
    "rules",  # the turn flow
    "wakhan wakhan_actions wakhan_telling wakhan_turn",
    "game_rules labels board card_lines preview observe prospects invariants game arrange",  # the session's view
)

# Pax Porfiriana's rules in layers, the lowest first (README, "Pax Porfiriana's runtime").
PORFIRIANA_LAYERS = (
    "state zones prestige story card_lines",  # state and queries; the words the rules tell with
    "context",  # what card effects call: the rules they set off come with the state (CardRules)
    "hooks",  # the abilities in effect, run in contexts
    "economy",  # money and the cubes that follow a value
    "losses",  # cards leaving play: sacks, retreats, revolts
    "troops unrest strife regimes topple",
    "cards_played",  # a card into play
    "market attacks",
    "hand actions card_rules",  # the actions of a turn; what card effects set off
    "rules setup",  # the turn flow
    "solitaire",  # Díaz
    "game_rules labels board preview observe prospects invariants game arrange",  # the session's view
)
LAYERS = {"paxc.runtime.pamir": PAMIR_LAYERS, "paxc.runtime.porfiriana": PORFIRIANA_LAYERS}


def module_files() -> dict[str, Path]:
    """Every module of the packages, by its dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for folder, package in PACKAGES.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            parts = path.relative_to(REPO / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join((package, *parts))] = path
    return modules


def imported_names(module: str, path: Path, is_package: bool, modules: Collection[str]) -> Iterator[str]:
    """The dotted names `module` imports anywhere in its file, relative imports resolved; for
    `from X import Y`, X.Y when that is a module of `modules`, else X (Y is a name in X)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield submodule if submodule in modules else source


def import_graph() -> dict[str, set[str]]:
    """Each module and the modules of the packages it imports (a name that is no module of
    ours, say a class imported from a module, leads to nothing; a package leads to its
    `__init__`)."""
    files = module_files()
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        graph[module] = {
            name
            for name in imported_names(module, path, is_package, files)
            if name in files and name != module
        }
    return graph


def knots(graph: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = lowest[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                lowest[node] = min(lowest[node], lowest[successor])
            elif successor in on_stack:
                lowest[node] = min(lowest[node], index[successor])
        if lowest[node] == index[node]:
            component: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def describe(knot: frozenset[str]) -> str:
    return f"{len(knot)} modules: " + ", ".join(sorted(knot))


def test_no_knot_larger_than_three_modules() -> None:
    too_large = [
        knot
        for knot in knots(import_graph())
        if len(knot) > LARGEST_KNOT and not any(knot <= known for known in KNOWN_KNOTS)
    ]
    assert not too_large, "modules that import each other round a cycle (cut the cycle):\n" + "\n".join(
        describe(knot) for knot in too_large
    )


def test_known_knots_are_still_knots() -> None:
    """An entry of KNOWN_KNOTS that has been cut goes from the list, so that it cannot grow back."""
    current = [knot for knot in knots(import_graph()) if len(knot) > LARGEST_KNOT]
    stale = [known for known in KNOWN_KNOTS if not any(knot <= known for knot in current)]
    assert not stale, "knots cut: remove them from KNOWN_KNOTS:\n" + "\n".join(
        describe(knot) for knot in stale
    )


def test_the_graph_sees_a_knot() -> None:
    """The reader finds imports inside functions, relative ones and packages' own."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert knots(graph) == [frozenset("abc")]
    imports = set(
        imported_names(
            "paxc.runtime.pamir.rules",
            REPO / "runtime" / "pamir" / "rules.py",
            is_package=False,
            modules=module_files(),
        )
    )
    assert any(name.startswith("paxc.runtime.pamir.") for name in imports)


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_a_games_modules_import_only_from_their_layer_and_below(package: str) -> None:
    layer_of = {
        f"{package}.{name}": height for height, names in enumerate(LAYERS[package]) for name in names.split()
    }
    graph = import_graph()
    modules = {module for module in graph if module.startswith(f"{package}.")}
    assert modules == set(layer_of), f"modules to place in the layers: {sorted(modules ^ set(layer_of))}"
    upward = sorted(
        f"{module} imports {imported}"
        for module in modules
        for imported in graph[module]
        if imported in layer_of and layer_of[imported] > layer_of[module]
    )
    assert not upward, "a lower layer imports a higher one:\n" + "\n".join(upward)


# The tables people play at, and the commands that set them up: the rules and the shared core
# below them reach none of these, however indirectly, so another table can sit on the same rules.
TABLES = ("paxc.runtime.terminal", "paxc.runtime.commands", "paxc.runtime.web")
BELOW_THE_TABLES = (
    "paxc.runtime.core",
    "paxc.runtime.pamir",
    "paxc.runtime.porfiriana",
    "paxc.runtime.effects",
    "paxc.runtime.games",
    "paxc.runtime.presentation",
    "paxc.runtime.seating",
)


def test_the_tables_reach_not_each_other() -> None:
    """The browser table and the terminal's each stand on what is below them (presentation,
    seating, core): neither imports the other, so what both need is shared, not borrowed."""
    graph = import_graph()
    assert any(_within(module, TABLES[2:]) for module in graph), "the browser table is not where it was"
    crossing = [
        f"{module} imports {imported}"
        for module in graph
        for imported in graph[module]
        if (_within(module, TABLES[2:]) and _within(imported, TABLES[:2]))
        or (_within(module, TABLES[:2]) and _within(imported, TABLES[2:]))
    ]
    assert not crossing, "a table imports another:\n" + "\n".join(crossing)


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def test_rules_and_core_reach_no_table() -> None:
    graph = import_graph()
    assert any(_within(module, TABLES[:1]) for module in graph), "the terminal package is not where it was"
    reached: list[str] = []
    for start in sorted(m for m in graph if _within(m, BELOW_THE_TABLES)):
        seen, todo = {start}, [start]
        while todo:
            for imported in graph[todo.pop()] - seen:
                seen.add(imported)
                todo.append(imported)
        reached += [f"{start} reaches {module}" for module in sorted(seen) if _within(module, TABLES)]
    assert not reached, "the rules or the core import a table:\n" + "\n".join(reached)


# Colour and the terminal's width live in the terminal's own module; what the rules and the core
# say (the board's facts, the story, the options) is plain words, which each table styles its way.
STYLE = "paxc.runtime.terminal.style"
TERMINAL_LIBRARIES = ("click", "rich", "colorama")


def test_style_lives_in_the_terminal() -> None:
    files = module_files()
    assert STYLE in files, "the terminal's colours are not where they were"
    assert not [
        module
        for module in files
        if module.rsplit(".", 1)[-1] in ("style", "colour", "colours") and module != STYLE
    ], "colour is made outside the terminal"
    styled = sorted(
        f"{module} imports {name}"
        for module, path in files.items()
        if _within(module, BELOW_THE_TABLES)
        for name in imported_names(module, path, path.name == "__init__.py", files)
        if name.split(".")[0] in TERMINAL_LIBRARIES
    )
    assert not styled, "the rules or the core use a terminal library:\n" + "\n".join(styled)
