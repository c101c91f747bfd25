"""The checker's parts (compiler/checking/) form layers: each imports only the parts below it.

A part that needs one above it (the statement checker needs expressions; nothing below needs
statements) is handed it when made, so any part can be read, and tested, with only those below
it in mind. The order is the one compiler/checker.py's docstring draws, bottom first; a new part
must take its place here.
"""

from __future__ import annotations

from tests.test_import_layers import import_graph

PACKAGE = "paxc.compiler.checking"
LAYERS = (
    "messages",
    "scopes",
    "members",
    "expressions",
    "modifiers",
    "operations",
    "statements",
    "attributes",
)


def test_every_part_of_the_checker_has_a_layer() -> None:
    parts = {name.removeprefix(PACKAGE + ".") for name in import_graph() if name.startswith(PACKAGE + ".")}
    assert parts == set(LAYERS), f"parts without a layer: {sorted(parts - set(LAYERS))}"


def test_each_part_imports_only_the_parts_below_it() -> None:
    graph = import_graph()
    upward = [
        f"{part} imports {other.removeprefix(PACKAGE + '.')}"
        for level, part in enumerate(LAYERS)
        for other in sorted(graph[f"{PACKAGE}.{part}"])
        if other.startswith(PACKAGE + ".") and LAYERS.index(other.removeprefix(PACKAGE + ".")) >= level
    ]
    assert not upward, "a part of the checker imports one above it (hand it in instead): " + "; ".join(upward)


def test_the_parts_do_not_import_the_checker_nor_the_package() -> None:
    graph = import_graph()
    for part in LAYERS:
        assert not graph[f"{PACKAGE}.{part}"] & {"paxc.compiler.checker", PACKAGE}, part
