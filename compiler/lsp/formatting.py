"""Formatting a document: `paxc fmt`'s layout (compiler/formatter.py), as one edit of the whole text."""

from __future__ import annotations

from paxc.compiler.formatter import FormatError, format_source


def formatted(text: str, shown: str) -> str | None:
    """The document in the canonical layout, as `paxc fmt` would write it; None when it does not
    parse (its diagnostics say why: nothing is changed, as `paxc fmt` writes nothing then)."""
    try:
        return format_source(text, shown)
    except FormatError:
        return None
