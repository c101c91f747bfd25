"""How a vocabulary words a card's attributes (issue 35): a label for an attribute
(`cost_boot: int "Cost (boot)"`), words for an enum member (`conspiracy "conspiracy (...)"`), and
a yes/no modifier said both ways (`"whether A | B"`)."""

from __future__ import annotations

from pathlib import Path

from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text

VOCABULARY = """\
vocabulary wording "Wording" {
  enum kind { plain, sly "sly (takes a card from an opponent)" }
  cardtype thing {
    cost_boot: int "Cost (boot)"
    kinds: list kind "Kind"
    plain_number: int
  }
  modifier keeps(card: card) -> bool "whether {card} keeps its gold | the gold on {card} leaves the game"
  modifier may_enter(card: card, district: kind) -> bool "whether {card} may enter {district}"
  timing play
}
"""


def compile_card(tmp_path: Path, body: str, vocabulary: str = VOCABULARY) -> tuple[list[str], str]:
    (tmp_path / "cards" / "wording").mkdir(parents=True, exist_ok=True)
    (tmp_path / "cards" / "wording" / "game.pax").write_text(vocabulary, encoding="utf-8")
    path = tmp_path / "cards" / "wording" / "test.pax"
    path.write_text(
        f'game wording\n\ncard 1 "Probe" thing {{\n  provenance inferred\n  note "ours"\n{body}\n}}\n',
        encoding="utf-8",
    )
    result = compile_paths([path], tmp_path)
    errors = [f"{d.span.line}:{d.span.column}: {d.message}" for d in result.diagnostics]
    texts = [card_text(card) for game in result.games.values() for card in game.cards()]
    return errors, "\n".join(texts)


def test_labels_and_member_words_are_what_the_card_says(tmp_path: Path) -> None:
    errors, text = compile_card(tmp_path, "  cost_boot 6\n  kinds plain, sly\n  plain_number 2")
    assert errors == []
    assert "  Cost (boot): 6\n" in text
    assert "  Kind: plain; sly (takes a card from an opponent)\n" in text
    assert "  Plain number: 2" in text  # no label: the name in words
    assert "inferred" not in text and "ours" not in text


def test_a_modifier_said_both_ways(tmp_path: Path) -> None:
    errors, text = compile_card(
        tmp_path,
        "  while in play {\n    modify keeps to false when card == this\n    modify may_enter to true\n  }",
    )
    assert errors == []
    assert "While in play, the gold on this card leaves the game." in text
    assert "While in play, any card may enter any kind." in text  # a parameter unpinned: its type's noun


def test_empty_or_multiline_words_are_located_errors(tmp_path: Path) -> None:
    bad = VOCABULARY.replace('"Cost (boot)"', '""').replace(
        '"sly (takes a card from an opponent)"', '"a\\nb"'
    )
    errors, _ = compile_card(tmp_path, "  cost_boot 6", vocabulary=bad)
    assert any(e.startswith("2:26: the words of member 'sly'") for e in errors), errors
    assert any(e.startswith("4:20: the words of attribute 'cost_boot'") for e in errors), errors


def test_a_card_and_its_sides_say_what_they_are_meant_to(tmp_path: Path) -> None:
    """`text "..."`: kept apart from the generated text (shown by --notes only)."""
    body = '  text "A probe."\n  cost_boot 1\n  side "Up" {\n    text "Its up side."\n    plain_number 3\n  }'
    (tmp_path / "cards" / "wording").mkdir(parents=True)
    (tmp_path / "cards" / "wording" / "game.pax").write_text(VOCABULARY, encoding="utf-8")
    path = tmp_path / "cards" / "wording" / "test.pax"
    path.write_text(
        f'game wording\n\ncard 1 "Probe" thing {{\n  provenance inferred\n{body}\n}}\n', encoding="utf-8"
    )
    result = compile_paths([path], tmp_path)
    assert result.ok, result.render_diagnostics()
    card = result.games["wording"].cards()[0]
    assert card.intended_text == "A probe." and card.sides[0].intended_text == "Its up side."
    assert "A probe." not in card_text(card) and "Its up side" not in card_text(card)
    noted = card_text(card, notes=True)
    assert "  Intended: A probe.\n" in noted + "\n" and "    Intended: Its up side." in noted


def test_an_intended_text_is_a_quoted_string_with_words(tmp_path: Path) -> None:
    errors, _ = compile_card(tmp_path, '  text ""')
    assert errors == ["6:8: an intended text is empty"], errors
    errors, _ = compile_card(tmp_path, "  text 3")
    assert errors == ["6:8: a text is a quoted string"], errors
    errors, _ = compile_card(tmp_path, '  errata 2 "why" {\n    text "Other words."\n  }')
    assert errors == ["7:5: 'text' cannot be changed by an erratum"], errors
