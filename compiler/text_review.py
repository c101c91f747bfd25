"""Intended text against generated text, and the designer's review of each (issue 35).

A card (or a side of one) may say the text its designer means it to have (`text "..."`). Beside
the cards of each game, `text_review.txt` records, for each card or side with an intended text,
whether the text generated from what it does agrees with it, and a fingerprint of the generated
text that was reviewed: when the generated text changes, the fingerprint no longer matches and
the review must be made again (`tests/cards/test_text_review.py` fails, naming the card).

A line of the file: `KEY FINGERPRINT VERDICT`, where KEY is the card's number or `NUMBER:SIDE`
(the side's place on the card, from 1), FINGERPRINT the first 12 hex digits of the sha256 of the
generated text, and VERDICT `agrees` or `differs: because ...`. `#` starts a comment line.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import ir
from paxc.compiler.render import card_text, side_text

REVIEW_FILE = "text_review.txt"
FINGERPRINT_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Unit:
    """A card, or one side of it, that says what it is meant to say."""

    key: str  # "51", "105:2"
    number: int
    name: str  # the card's name, and the side's title after a slash
    intended: str
    generated: str

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.generated)


@dataclass(frozen=True, slots=True)
class Review:
    key: str
    fingerprint: str
    verdict: str  # "agrees" or "differs: because ..."
    line: int


@dataclass(frozen=True, slots=True)
class Compared:
    unit: Unit
    review: Review | None

    @property
    def status(self) -> str:
        """ "agrees" or "differs" as reviewed; "changed" when the generated text is no longer the
        one reviewed; "unreviewed" without a line."""
        if self.review is None:
            return "unreviewed"
        if self.review.fingerprint != self.unit.fingerprint:
            return "changed"
        return "agrees" if self.review.verdict == "agrees" else "differs"

    def update_line(self) -> str:
        """The line to write once the designer has looked again (the verdict kept, or to decide)."""
        verdict = self.review.verdict if self.review is not None else "agrees|differs: because ..."
        return f"{self.unit.key} {self.unit.fingerprint} {verdict}"


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_DIGITS]


def units(card: ir.CardIR) -> list[Unit]:
    """The card's own intended text (against its player text below its name and type: what it
    does and the attributes that say how) and each side's (against what that side says)."""
    found: list[Unit] = []
    if card.intended_text:
        said = "\n".join(line.removeprefix("  ") for line in card_text(card).splitlines()[2:])
        found.append(Unit(str(card.number), card.number, card.name, card.intended_text, said))
    for index, side in enumerate(card.sides, start=1):
        if side.intended_text:
            found.append(
                Unit(
                    f"{card.number}:{index}",
                    card.number,
                    f"{card.name} (side {side.title})",
                    side.intended_text,
                    side_text(card, side),
                )
            )
    return found


class ReviewFileError(ValueError):
    """A line of a review file that cannot be read: its file and line say where."""


def read_reviews(path: Path) -> dict[str, Review]:
    """The reviews of a file, by key (none when the file is absent). A malformed line, or a key
    given twice, raises ReviewFileError naming the file and line."""
    if not path.is_file():
        return {}
    reviews: dict[str, Review] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(maxsplit=2)
        where = f"{path.name}:{number}"
        if len(parts) < 3:
            raise ReviewFileError(
                f"{where}: expected 'KEY FINGERPRINT agrees' or 'KEY FINGERPRINT differs: ...'"
            )
        key, printed, verdict = parts
        number_part, _, side_part = key.partition(":")
        if not number_part.isdigit() or (side_part and not side_part.isdigit()):
            raise ReviewFileError(f"{where}: '{key}' is no card number (or NUMBER:SIDE)")
        if len(printed) != FINGERPRINT_DIGITS or any(c not in "0123456789abcdef" for c in printed):
            raise ReviewFileError(f"{where}: '{printed}' is no fingerprint ({FINGERPRINT_DIGITS} hex digits)")
        if verdict != "agrees" and not (
            verdict.startswith("differs: ") and verdict[len("differs: ") :].strip()
        ):
            raise ReviewFileError(
                f"{where}: the verdict is 'agrees' or 'differs: because ...', not '{verdict}'"
            )
        if key in reviews:
            raise ReviewFileError(f"{where}: '{key}' is reviewed twice (first at line {reviews[key].line})")
        reviews[key] = Review(key, printed, verdict, number)
    return reviews


def compare(cards: list[ir.CardIR], reviews: dict[str, Review]) -> list[Compared]:
    return [Compared(unit, reviews.get(unit.key)) for card in cards for unit in units(card)]


def review_path(cards_folder: Path, game: str) -> Path:
    return cards_folder / game / REVIEW_FILE
