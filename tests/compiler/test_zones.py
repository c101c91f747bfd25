"""Zones and money in the card language: each misuse is one located error with a hint, and the
constructs read as English (`paxc render`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text

VOCABULARY = """\
vocabulary zoned "Zoned" {
  enum suit { red, blue }
  cardtype thing { suit: suit }
  zone market "the market"
  zone court of player "the court of {player}"
  zone discard "the discard pile"
  move court to market
  move market to discard
  move court to court
  money coins "coin" "coins"
  timing play
}
"""


def compile_card(tmp_path: Path, body: str, vocabulary: str = VOCABULARY) -> tuple[str, list[str]]:
    """One card with `body` as its `on play` effect: its text, and the diagnostics as lines
    `line:column: message`."""
    (tmp_path / "cards" / "zoned").mkdir(parents=True, exist_ok=True)
    (tmp_path / "cards" / "zoned" / "game.pax").write_text(vocabulary, encoding="utf-8")
    path = tmp_path / "cards" / "zoned" / "test.pax"
    path.write_text(
        f'game zoned\n\ncard 1 "Probe" thing {{\n  provenance printed\n  on play {{\n{body}\n  }}\n}}\n',
        encoding="utf-8",
    )
    result = compile_paths([path], tmp_path)
    errors = [f"{d.span.line}:{d.span.column}: {d.message}" for d in result.diagnostics]
    text = card_text(result.games["zoned"].cards()[0]) if result.ok else ""
    return text, errors


def test_the_constructs_read_as_english(tmp_path: Path) -> None:
    text, errors = compile_card(
        tmp_path,
        """\
    choose c in cards in every court where c.zone == court and c.owner != you
    move c to market
    gain count(cards in court of you)
    pay 2 to c.owner
    take 1 from c.owner
    gain coins of you for c.owner""",
    )
    assert errors == []
    assert "you choose a card c from the cards in every court where c is in a court" in text
    assert "and the owner of c is not you; move c to the market" in text
    assert "you take from the bank as many coins as the number of cards in your court" in text
    assert "you pay 2 coins to the owner of c, if you can (if not, nothing more happens)" in text
    assert "you take 1 coin from the owner of c, or all the owner of c has if less" in text
    assert "the owner of c takes from the bank as many coins as your coins" in text


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("    gain count(cards in palace)", "6:25: unknown zone 'palace'"),
        ("    gain count(cards in market of you)", "6:25: zone 'market' is shared by every player"),
        ("    gain count(cards in every market)", "6:31: zone 'market' is shared by every player"),
        ("    gain count(cards in court)", "6:25: zone 'court' is one per player: say whose"),
        ("    move this to court", "6:18: zone 'court' is one per player: say whose"),
        ("    move this to market of you", "6:18: zone 'market' is shared by every player"),
        ("    move this to 3", "6:18: a card moves to a zone, not the number 3"),
        ("    move 3 to market", "6:10: 'the card moved' must be a card, not an int"),
        ("    move this", "6:5: 'move' needs 'to ZONE'"),
        ("    gain count(cards in court of 2)", "6:34: 'the player whose court it is' must be a player"),
        ("    gain this", "6:10: 'the amount to gain' must be an int, not a card"),
        ("    take 1", "6:5: 'take' needs 'from PLAYER'"),
        ("    pay 1 with you", "6:11: 'pay' takes no 'with ...'"),
        ("    gain gold of you", "6:10: unknown money 'gold'"),
        ("    let c = court of you", "6:13: 'court of ...' is a zone, not a value"),
        ("    let court = 1", "6:9: 'court' is already a zone; choose another name"),
        ("    let n = count(this.zone)", "6:19: the argument of 'count' must be a list of int, not a zone"),
    ],
)
def test_each_misuse_is_a_located_error(tmp_path: Path, body: str, error: str) -> None:
    _, errors = compile_card(tmp_path, body)
    assert errors and errors[0].startswith(error), errors


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "    choose c in cards in market\n    move c to court of you",
            "7:10: the game moves no card from market to court",
        ),
        (
            "    move this to discard",
            "6:10: this card may be in any zone, and the game moves a card to discard only from market",
        ),
        (
            "    choose c in cards in every court\n    move c to discard",
            "7:10: the game moves no card from court to discard",
        ),
        # After a move the card may be in either place: both need a move on.
        (
            "    choose c in cards in every court\n    move c to market\n    move c to court of you",
            "8:10: the game moves no card from market to court",
        ),
        # What a test proved holds in its block only.
        (
            "    if this.zone == market { gain 1 }\n    move this to discard",
            "7:10: this card may be in any zone",
        ),
        (
            "    let c = this\n    if c.zone == market { let c = this; move c to discard }",
            "7:46: this card may be in any zone",
        ),
    ],
)
def test_a_move_the_game_does_not_declare_is_refused_naming_the_moves(
    tmp_path: Path, body: str, error: str
) -> None:
    _, errors = compile_card(tmp_path, body)
    assert errors and errors[0].startswith(error), errors


@pytest.mark.parametrize(
    "body",
    [
        "    choose c in cards in market\n    move c to discard",
        "    choose up to 2 picked in cards in market\n    for each c in picked { move c to discard }",
        "    let reds = each x in cards in every court where x.suit == red\n"
        "    for each c in reds { move c to market }",
        "    if this.zone == market { move this to discard }",
        "    if this.zone == court and this.owner != you { move this to court of you }",
        "    choose c in cards in every court where c.owner != you\n    move c to court of you",
        "    let mine = cards in court of you\n    for each c in mine { move c to court of c.owner }",
        # A card already in a shared zone stays there: no move needed.
        "    choose c in cards in market\n    move c to discard\n    move c to discard",
    ],
)
def test_a_move_from_where_the_card_is_known_to_be_passes(tmp_path: Path, body: str) -> None:
    _, errors = compile_card(tmp_path, body)
    assert errors == []


def test_a_game_without_money_refuses_money_statements(tmp_path: Path) -> None:
    vocabulary = VOCABULARY.replace('  money coins "coin" "coins"\n', "")
    _, errors = compile_card(tmp_path, "    gain 1", vocabulary)
    assert errors == ["6:5: this game declares no money"]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ('  zone red "the red pile"', "zone 'red' is already a member of enum 'suit'"),
        ('  zone market "the other market"', "zone 'market' is declared twice"),
        ('  zone pile of player "the pile"', "the wording of zone 'pile' must name its player as {player}"),
        ('  zone pile "the pile of {player}"', "the wording of zone 'pile' must name no placeholder"),
        ('  money gold "gold" "gold"', "the game's money is already 'coins'"),
        ('  operation pay(amount: int) "pay {amount}"', "'pay' is a statement of the language"),
        ('  operation move(card: card) "move {card}"', "'move' is a statement of the language"),
        ('  memory zone: int "what {card} counts"', "'zone' is a built-in attribute of every card"),
        ("  move market to palace", "unknown zone 'palace'"),
        ("  move market to discard", "the move from market to discard is declared twice"),
        ("  move market to market", "a card in market is already there"),
    ],
)
def test_each_vocabulary_misuse_is_a_located_error(tmp_path: Path, line: str, error: str) -> None:
    vocabulary = VOCABULARY.replace("  timing play\n", f"  timing play\n{line}\n")
    _, errors = compile_card(tmp_path, "    gain 1", vocabulary)
    line_number = VOCABULARY.splitlines().index("  timing play") + 2
    assert errors and errors[0].startswith(f"{line_number}:") and error in errors[0], errors


def test_pay_up_to_and_money_on_cards_read_as_english(tmp_path: Path) -> None:
    vocabulary = VOCABULARY.replace('money coins "coin" "coins"', 'money coins "coin" "coins" on cards')
    text, errors = compile_card(
        tmp_path,
        """\
    choose c in cards in market where coins of c > 0
    pay up to 2 to c.owner
    pay 1 to c
    take coins of c from c""",
        vocabulary,
    )
    assert errors == []
    assert "you pay up to 2 coins to the owner of c, or all you have if less" in text
    assert "you pay 1 coin onto c, if you can (if not, nothing more happens)" in text
    assert "you take from c as many coins as the coins on c, or all c has if less" in text


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("    gain up to 2", "6:5: 'gain up to ...': only 'pay' takes 'up to'"),
        ("    take up to 2 from you", "6:5: 'take up to ...': only 'pay' takes 'up to'"),
        # Money lies on cards only in a game that says so (`money ... on cards`).
        ("    pay 1 to this", "6:14: 'pay ... to' must be a player, not a card"),
        ("    take 1 from this", "6:17: 'take ... from' must be a player, not a card"),
        ("    gain coins of this", "6:19: 'whose coins' must be a player, not a card"),
    ],
)
def test_each_misuse_of_up_to_and_money_on_cards_is_a_located_error(
    tmp_path: Path, body: str, error: str
) -> None:
    _, errors = compile_card(tmp_path, body)
    assert errors and errors[0].startswith(error), errors


def test_money_on_cards_goes_to_a_player_or_a_card(tmp_path: Path) -> None:
    vocabulary = VOCABULARY.replace('money coins "coin" "coins"', 'money coins "coin" "coins" on cards')
    _, errors = compile_card(tmp_path, "    pay 1 to red", vocabulary)
    assert errors and "wants a player or a card" in errors[0], errors
