"""How card-language names become Python names, safely.

Every identifier the generator writes comes through here: names from the grammar are already
`[A-Za-z_][A-Za-z0-9_]*`, and what could still clash with Python (keywords, builtins, the names
generated code uses itself) gets a trailing underscore. Strings never become identifiers.
"""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata
from pathlib import PurePosixPath

_GENERATED_NAMES = frozenset(
    {
        "ctx",
        "event",
        "current",
        "ask",
        "ask_several",  # runtime/core/decisions.py
        "ask_number",
        "recalled",
        "always",
        "Choice",
        "Effect",
        "Card",
        "CardType",
        "Provenance",
        "PlayerId",
    }
)
_RESERVED = (
    frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins)) | _GENERATED_NAMES
)


# A game's name is a folder of generated/: far below the 255 bytes a file name may have.
MAX_PACKAGE_NAME = 100


def package_problem(name: str) -> str | None:
    """Why `name` (an identifier) cannot name a game's generated package, or None."""
    if keyword.iskeyword(name):
        return "it is a keyword of Python, and its package could not be imported"
    if not name[:1].isalpha():
        return "a package name starts with a letter"
    if len(name) > MAX_PACKAGE_NAME:
        return f"it is longer than {MAX_PACKAGE_NAME} characters (the name of its folder)"
    return None


def shorten(text: str, most: int = 40) -> str:
    """`text`, cut with '...' when longer than `most` characters, for messages."""
    return text if len(text) <= most else text[: most - 3] + "..."


def camel(name: str) -> str:
    """`dominance_check_ended` -> `DominanceCheckEnded`; `region` -> `Region`."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part) or "Unnamed"


def constant(name: str) -> str:
    """An enum member's Python name: `Kabul` -> `KABUL`, `favor_military` -> `FAVOR_MILITARY`."""
    upper = name.upper()
    return upper + "_" if upper.startswith("_") or keyword.iskeyword(upper) else upper


def local(name: str) -> str:
    """A variable bound by a card (`choose region as r`). Names the generator uses itself
    (`CARD_1`, `branch_12` for a 'choose one', and every class and constant it writes, which
    start with a capital: `Region`, `ADJACENT_REGIONS`) get a trailing underscore, and so do
    names ending in one, so that two names never meet (`class` is `class_`, and `class_` is
    `class__`) and a card's name never shadows one of the module's."""
    reserved = (
        name in _RESERVED or name[:1].isupper() or name.startswith(("CARD_", "branch_")) or name.endswith("_")
    )
    return name + "_" if reserved else name


def method(name: str) -> str:
    """An operation or query of the effects protocol."""
    return (
        name + "_" if keyword.iskeyword(name) or keyword.issoftkeyword(name) or name.startswith("_") else name
    )


def slug(text: str) -> str:
    """An ASCII identifier fragment from any text (a card's name): `Díaz` -> `diaz`."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")


def comment(text: str) -> str:
    """Text safe to put after `#` on one line: no line breaks or other control characters."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def module_name(parts: list[str]) -> str:
    """The module for a card file, from its path below `cards/<game>/`: `court/kabul` -> `cards_court_kabul`."""
    joined = "_".join(slug(part) for part in parts if slug(part))
    return "cards_" + (joined or "unnamed")


def card_module_name(game: str, card_file_path: str) -> str:
    """The module a card file compiles to: its path below `cards/<game>/` (as shown, with '/'),
    flattened. Two paths may flatten alike (`a/c.pax`, `a_c.pax`, `A_C.pax`): the check refuses
    that, naming both files, so a module name always stands for one file."""
    parts = list(PurePosixPath(card_file_path).with_suffix("").parts)
    # The last `cards/<game>/` on the way: a project's own files are shown from its root, an
    # installed game's (a project's commands read them too) by their whole path, which may pass
    # through other folders of those names first.
    starts = [i + 2 for i in range(len(parts) - 2) if parts[i] == "cards" and parts[i + 1] == game]
    return module_name(parts[starts[-1] :] if starts else parts[-1:])


def string_literal(text: str) -> str:
    """A Python string literal holding exactly `text`: repr's escaping, in double quotes when it can."""
    literal = repr(text)
    if literal.startswith("'") and '"' not in text:
        # No quote of either kind inside, so repr escaped none: only the delimiters change.
        return '"' + literal[1:-1] + '"'
    return literal


def docstring(text: str) -> str:
    """Text safe inside a triple-quoted docstring: one line, every backslash and quote escaped."""
    return comment(text).replace("\\", "\\\\").replace('"', '\\"')
