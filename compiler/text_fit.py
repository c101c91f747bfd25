"""How wide text is in the font the card images use, and wrapping it into lines of a width.

The card images (compiler/card_images.py) are SVG: a browser draws their text, so its width is
only known once drawn. It is worked out here beforehand from the advance widths of the glyphs of
DejaVu Sans, the font the images ask for first (`FONT_FAMILY`): measured from its regular and
bold faces (fontTools, `hmtx` over `unitsPerEm`, in thousandths of an em; its oblique face has
the regular widths), for the Latin letters, their accented forms and common punctuation. A
character outside the table counts as a whole em, wider than almost any glyph, so unknown text
is overestimated rather than overflowing. Kerning and ligatures only make text narrower.
tests/compiler/test_card_images.py checks the table against the font where it is installed, and
the wrapped lines against their width as Chromium draws them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"
UNKNOWN = 1000  # thousandths of an em: a character the table does not know

# The advance width of each character, in thousandths of an em, by the first code point of a run.
_REGULAR_RUNS = {
    0x0020: (
        "318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 "
        "636 636 337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 "
        "603 787 695 635 611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 "
        "634 278 278 579 278 974 634 612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838"
    ),
    0x00A0: (
        "318 401 636 636 636 636 337 500 500 1000 471 612 838 361 1000 500 500 838 401 401 500 636 636 "
        "318 500 401 471 612 969 969 969 531 684 684 684 684 684 684 974 698 632 632 632 632 295 295 295 "
        "295 775 748 787 787 787 787 787 838 787 732 732 732 732 611 605 630 613 613 613 613 613 613 982 "
        "550 615 615 615 615 278 278 278 278 612 634 612 612 612 612 612 838 612 634 634 634 634 592 635 "
        "592 684 613 684 613 684 613 698 550 698 550 698 550 698 550 770 635 775 635 632 615 632 615 632 "
        "615 632 615 632 615 775 635 775 635 775 635 775 635 752 634 916 695 295 278 295 278 295 278 295 "
        "278 295 278 590 556 295 278 656 579 579 557 278 557 278 557 375 557 342 562 284 748 634 748 634 "
        "748 634 813 748 634 787 612 787 612 787 612 1070 1023 695 411 695 411 695 411 635 521 635 521 "
        "635 521 635 521 611 392 611 392 611 392 732 634 732 634 732 634 732 634 732 634 732 634 989 818 "
        "611 592 611 685 525 685 525 685 525 352"
    ),
    0x2010: (
        "361 361 636 500 1000 1000 500 500 318 318 318 318 518 518 518 518 500 500 590 590 334 667 1000 "
        "318 0 0 0 0 0 0 0 200 1342 1735 227 374 520 227 374 520 339 400 400"
    ),
    0x20AC: "636",
    0x2122: "1000",
    0x2190: "838 838 838 838",
}
_BOLD_RUNS = {
    0x0020: (
        "348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 "
        "696 696 400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 "
        "733 850 770 720 682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 "
        "712 343 343 665 343 1042 712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838"
    ),
    0x00A0: (
        "348 456 696 696 636 696 365 500 500 1000 564 646 838 415 1000 500 500 838 438 438 500 736 636 "
        "380 500 438 564 646 1035 1035 1035 580 774 774 774 774 774 774 1085 734 683 683 683 683 372 372 "
        "372 372 838 837 850 850 850 850 850 838 850 812 812 812 812 724 738 719 675 675 675 675 675 675 "
        "1048 593 678 678 678 678 343 343 343 343 687 712 687 687 687 687 687 838 687 712 712 712 712 652 "
        "716 652 774 675 774 675 774 675 734 593 734 593 734 593 734 593 830 716 838 716 683 678 683 678 "
        "683 678 683 678 683 678 821 716 821 716 821 716 821 716 837 712 974 790 372 343 372 343 372 343 "
        "372 343 372 343 744 686 372 343 775 665 665 637 343 637 343 637 479 637 557 642 371 837 712 837 "
        "712 837 712 983 837 712 850 687 850 687 850 687 1167 1094 770 493 770 493 770 493 720 595 720 "
        "595 720 595 720 595 682 478 682 478 682 478 812 712 812 712 812 712 812 712 812 712 812 712 1103 "
        "924 724 652 724 725 582 725 582 725 582 435"
    ),
    0x2010: (
        "415 415 696 500 1000 1000 500 500 380 380 380 380 657 657 657 657 500 500 639 639 333 667 1000 "
        "348 0 0 0 0 0 0 0 200 1440 1887 264 447 630 264 447 630 733 412 412"
    ),
    0x20AC: ("696"),
    0x2122: ("1000"),
    0x2190: ("838 838 838 838"),
}


def _table(runs: dict[int, str]) -> dict[str, int]:
    return {
        chr(start + offset): int(width)
        for start, text in runs.items()
        for offset, width in enumerate(text.split())
    }


_REGULAR = _table(_REGULAR_RUNS)
_BOLD = _table(_BOLD_RUNS)


def width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` at font size `size` (in the units of the size)."""
    table = _BOLD if bold else _REGULAR
    return size * sum(table.get(character, UNKNOWN) for character in text) / 1000


@dataclass(frozen=True)
class Run:
    """Text of one weight within a line: a label in bold, then its value."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class _Word:
    text: str
    bold: bool


def wrap(runs: tuple[Run, ...], size: float, limit: float) -> list[tuple[Run, ...]]:
    """The runs as lines no wider than `limit` at font size `size`: words are kept whole and
    filled in greedily (runs are separate words), and a word wider than a line on its own is cut
    where the line is full. Spaces between words are single; every word comes out once, in order."""
    words = [_Word(text, run.bold) for run in runs for text in run.text.split()]
    lines: list[list[_Word]] = []
    used = 0.0
    for word in words:
        for piece in _pieces(word, size, limit):
            wide = width(piece.text, size, piece.bold)
            space = width(" ", size, piece.bold)
            if lines and lines[-1] and used + space + wide <= limit:
                lines[-1].append(piece)
                used += space + wide
            else:
                lines.append([piece])
                used = wide
    return [_joined(line) for line in lines]


def _pieces(word: _Word, size: float, limit: float) -> list[_Word]:
    """The word, or where it is wider than a line, the word cut into pieces that fit one each."""
    if width(word.text, size, word.bold) <= limit:
        return [word]
    pieces: list[_Word] = []
    piece, used = "", 0.0
    for character in word.text:
        wide = width(character, size, word.bold)
        if piece and used + wide > limit:
            pieces.append(_Word(piece, word.bold))
            piece, used = "", 0.0
        piece += character
        used += wide
    return [*pieces, _Word(piece, word.bold)]


def _joined(words: list[_Word]) -> tuple[Run, ...]:
    """A line's words as runs, one run for each stretch of words of the same weight."""
    runs: list[Run] = []
    for word in words:
        if runs and runs[-1].bold == word.bold:
            runs[-1] = Run(f"{runs[-1].text} {word.text}", word.bold)
        else:
            runs.append(Run(word.text if not runs else " " + word.text, word.bold))
    return tuple(runs)


def line_width(line: tuple[Run, ...], size: float) -> float:
    return sum(width(run.text, size, run.bold) for run in line)


@functools.cache
def largest_size(text: str, bold: bool, limit: float, biggest: float, smallest: float) -> float | None:
    """The largest font size, in whole steps from `biggest` down to `smallest`, at which `text`
    fits `limit` on one line; None if it fits at none."""
    size = biggest
    while size >= smallest:
        if width(text, size, bold) <= limit:
            return size
        size -= 1
    return None
