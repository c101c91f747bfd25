"""The intended text of the bundled games' cards against their generated text (issue 35): every
card or side with a `text "..."` has a line in its game's `text_review.txt` whose fingerprint is
that of the generated text as it is now. A change of a card's generated text fails here until a
person has looked again and written the line printed below."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from paxc.compiler import ir, text_review
from paxc.compiler.project import compile_paths

REPO = Path(__file__).resolve().parents[2]
GAMES = ("pamir", "porfiriana")


@functools.cache
def _cards(game: str) -> tuple[ir.CardIR, ...]:
    result = compile_paths([REPO / "cards" / game], REPO)
    assert result.ok, result.render_diagnostics()
    return tuple(result.games[game].cards())


def problems(game: str, cards: tuple[ir.CardIR, ...], path: Path) -> list[str]:
    """What is wrong with a game's review file, each said with how to put it right."""
    reviews = text_review.read_reviews(path)
    compared = text_review.compare(list(cards), reviews)
    found: list[str] = []
    for item in compared:
        unit = item.unit
        look = f"look at `paxc render --compare {unit.number} --game {game}`"
        if item.status == "changed":
            found.append(
                f"#{unit.key} {unit.name}: its generated text changed since it was reviewed; {look}, "
                f"then write in cards/{game}/{path.name} (line {item.review.line if item.review else '?'}): "
                f"{item.update_line()}"
            )
        elif item.status == "unreviewed":
            found.append(
                f"#{unit.key} {unit.name}: not reviewed; {look}, then add to cards/{game}/{path.name}: "
                f"{item.update_line()}"
            )
    keys = {item.unit.key for item in compared}
    for key, review in reviews.items():
        if key not in keys:
            found.append(
                f"{path.name}:{review.line}: '{key}' says no intended text any more: remove the line"
            )
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_intended_text_is_reviewed_as_generated_now(game: str) -> None:
    path = text_review.review_path(REPO / "cards", game)
    found = problems(game, _cards(game), path)
    assert not found, "\n".join(found)


def test_the_intended_texts_cover_what_the_issue_asks() -> None:
    """Every Pax Pamir court card with an ability and every event side (Public Withdrawal, whose
    card has no sides, on the card), and the Pax Porfiriana cards the rules describe."""
    pamir = {unit.key for card in _cards("pamir") for unit in text_review.units(card)}
    abilities = {str(c.number) for c in _cards("pamir") if c.card_type == "court" and c.abilities}
    sides = {f"{c.number}:{i}" for c in _cards("pamir") for i, _ in enumerate(c.sides, start=1)}
    assert len(abilities) == 22 and len(sides) == 22
    assert pamir == abilities | sides | {"111"}
    described = {117, 215, 1001, 1002, 1101, 1102, 1103, 1104, 1105, 1106, 1201, 1202, 1203, 1301}
    described |= {1401, 1402, 1501, 1502, 1601, 1602, 1701, 1702, 1703, 1704, 1801, 1901}
    assert {unit.number for card in _cards("porfiriana") for unit in text_review.units(card)} == described


def test_a_changed_text_fails_naming_the_card_and_the_new_line(tmp_path: Path) -> None:
    """The review of Sir John Keane made for another text: the check names him and what to write."""
    real = text_review.review_path(REPO / "cards", "pamir").read_text(encoding="utf-8")
    keane = next(c for c in _cards("pamir") if c.number == 51)
    now = text_review.units(keane)[0].fingerprint
    assert f"\n51 {now} " in real
    path = tmp_path / text_review.REVIEW_FILE
    path.write_text(real.replace(f"\n51 {now} ", "\n51 000000000000 "), encoding="utf-8")
    found = problems("pamir", _cards("pamir"), path)
    assert len(found) == 1
    assert found[0].startswith("#51 Sir John Keane: its generated text changed since it was reviewed")
    assert found[0].endswith(f": 51 {now} " + real.split(f"\n51 {now} ", 1)[1].split("\n", 1)[0])
    path.write_text(real.replace(f"\n51 {now} ", "\n#51 "), encoding="utf-8")
    assert problems("pamir", _cards("pamir"), path)[0].startswith("#51 Sir John Keane: not reviewed")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("51 abc agrees", "'abc' is no fingerprint"),
        ("x51 0123456789ab agrees", "'x51' is no card number"),
        ("51 0123456789ab maybe", "the verdict is 'agrees' or 'differs: because ...'"),
        ("51 0123456789ab differs: ", "the verdict is 'agrees' or 'differs: because ...'"),
        ("51 0123456789ab", "expected 'KEY FINGERPRINT agrees'"),
    ],
)
def test_a_malformed_line_is_refused_where_it_is(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / text_review.REVIEW_FILE
    path.write_text(f"# a comment\n\n{line}\n", encoding="utf-8")
    with pytest.raises(text_review.ReviewFileError, match="text_review.txt:3: "):
        text_review.read_reviews(path)
    try:
        text_review.read_reviews(path)
    except text_review.ReviewFileError as error:
        assert message in str(error)


def test_a_key_reviewed_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / text_review.REVIEW_FILE
    path.write_text("51 0123456789ab agrees\n51 0123456789ab agrees\n", encoding="utf-8")
    with pytest.raises(text_review.ReviewFileError, match="reviewed twice"):
        text_review.read_reviews(path)
