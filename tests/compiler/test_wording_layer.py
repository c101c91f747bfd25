"""The wording layer (issue 35): phrasings a vocabulary gives a hook's values (`| none: ...`),
plurals (`{card:plural}`), words said only of known values (`[...]`), conditions said in the noun
phrase, choices said where they are used, and a zone's verb ("discard {card}"). Each is checked
on a small vocabulary of its own, so a third game gets the same from its game.pax."""

from __future__ import annotations

from pathlib import Path

from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text

VOCABULARY = """\
vocabulary words "Words" {
  enum region { North, South }
  enum piece { army, road, spy }
  cardtype unit {
    region: region required
  }
  timing play
  zone hand of player "the hand of {player}"
  zone discard "the discard pile" "discard {card}"
  move hand to discard
  money gold "gold" "gold"
  operation mark(target: card) "mark {target}"
  operation raze(in region: region) "raze {region}"
  modifier cost(card: card, buyer: player) -> int "the cost for {buyer} to buy {card} | none: {buyer:plural} pay nothing for {card:plural} | more: {buyer:plural} pay {value} more for {card:plural}"
  modifier shielded(piece: piece, owner: player, region: region, attacker: player) -> bool "whether {attacker} may hit {owner}'s {piece} | no attack[ of {attacker}] may hit {owner}'s {piece:plural}[ in {region}]"
  modifier favored(card: card, owner: player) -> bool "whether {owner}'s {card:plural} are favored"
}
"""


def render(tmp_path: Path, body: str, vocabulary: str = VOCABULARY) -> tuple[list[str], str]:
    folder = tmp_path / "cards" / "words"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.pax").write_text(vocabulary, encoding="utf-8")
    path = folder / "test.pax"
    path.write_text(
        f'game words\n\ncard 1 "Probe" unit {{\n  provenance inferred\n  region North\n{body}\n}}\n',
        encoding="utf-8",
    )
    result = compile_paths([path], tmp_path)
    errors = [f"{d.span.line}:{d.span.column}: {d.message}" for d in result.diagnostics]
    texts = [card_text(card) for game in result.games.values() for card in game.cards()]
    return errors, "\n".join(texts)


def test_a_keyed_phrasing_says_the_change(tmp_path: Path) -> None:
    errors, text = render(
        tmp_path,
        "  while in play {\n"
        "    modify cost to 0 when buyer == you and card.region == South\n"
        "    modify cost by 2 when buyer != you\n"
        "  }",
    )
    assert errors == []
    assert "While in play, you pay nothing for South cards." in text  # a condition as an adjective
    assert "While in play, other players pay 2 more for cards." in text  # `!= you`, said as many
    errors, text = render(tmp_path, "  while in play {\n    modify cost to 3 when buyer == you\n  }")
    assert errors == []
    assert "While in play, the cost for you to buy a card is 3." in text  # no `to:` form: the first


def test_optional_words_and_plurals(tmp_path: Path) -> None:
    errors, text = render(
        tmp_path,
        "  while in play {\n"
        "    modify shielded to false when owner == you and piece == spy and attacker != you\n"
        "    modify shielded to false when owner == you and region == South\n"
        "    modify favored to true when card == this\n"
        "    modify favored to true when owner == you\n"
        "  }",
    )
    assert errors == []
    assert "no attack of another player may hit your spies." in text  # region left open: left out
    assert "no attack may hit your pieces in South." in text
    assert "While in play, this card is favored." in text  # one thing: the verb agrees
    assert "While in play, your cards are favored." in text


def test_a_described_parameter_is_never_left_out(tmp_path: Path) -> None:
    """`piece == army or piece == road` narrows the piece: words about it are said, not dropped."""
    errors, text = render(
        tmp_path,
        "  while in play {\n"
        "    modify shielded to false when (piece == army or piece == road) and owner == you\n"
        "  }",
    )
    assert errors == []
    assert "no attack may hit your armies and roads." in text


def test_a_choice_is_said_where_it_is_used(tmp_path: Path) -> None:
    errors, text = render(
        tmp_path,
        "  on play {\n    choose region as r\n    raze in r\n"
        "    choose c in cards in hand of you where c.region == South\n    move c to discard\n  }",
    )
    assert errors == []
    assert "On play: raze a region of your choice; discard a South card from your hand." in text


def test_a_bad_phrasing_is_a_located_error(tmp_path: Path) -> None:
    bad = VOCABULARY.replace("| more: {buyer:plural}", "| most: {buyer:plural}").replace(
        '"discard {card}"', '"discard it"'
    )
    errors, _ = render(tmp_path, "", vocabulary=bad)
    assert any(e.startswith("14:") and "is no phrasing of a modifier's value" in e for e in errors), errors
    assert any(e.startswith("9:") and "must name the card as {card}" in e for e in errors), errors
    unknown = VOCABULARY.replace('{card:plural}"', '{cards:plural}"')
    errors, _ = render(tmp_path, "", vocabulary=unknown)
    assert any("unknown parameter 'cards'" in e for e in errors), errors
    # {value} belongs to a keyed form, not to the first phrasing
    errors, _ = render(tmp_path, "", vocabulary=VOCABULARY.replace("to buy {card} |", "to buy {value} |"))
    assert any("unknown parameter 'value'" in e for e in errors), errors
