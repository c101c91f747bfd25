"""The card language's constructs of issue 33, checked: `sum of ATTR of LIST`, `the top card of
ZONE`, `a random card of ZONE` and arithmetic in an operation's values without parentheses. Good
cards compile and read as English; bad ones get one located error each."""

from __future__ import annotations

from pathlib import Path

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text

VOCABULARY = """\
vocabulary gaps "Gaps" {
  enum suit { red, blue }
  cardtype thing { suit: suit required
    points: int required
    tags: list suit }
  cardtype other { }
  zone deck "the deck"
  zone discard "the discard pile"
  zone hand of player "the hand of {player}"
  move hand to discard
  move deck to hand
  timing play
  operation score(amount: int, for player: player) "{player} scores {amount}"
  trigger turn_started(player: player) "at the start of {player}'s turn"
}
"""


def compile_card(tmp_path: Path, body: str) -> tuple[str, list[str], str]:
    """One card with `body` as its `on play` effect: its text, its diagnostics as lines
    `line:column: message [code]`, and its generated code."""
    folder = tmp_path / "cards" / "gaps"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.pax").write_text(VOCABULARY, encoding="utf-8")
    path = folder / "test.pax"
    path.write_text(
        f'game gaps\n\ncard 1 "Probe" thing {{\n  provenance printed\n  suit red\n  points 2\n{body}\n}}\n',
        encoding="utf-8",
    )
    result = compile_paths([path], tmp_path)
    errors = [f"{d.span.line}:{d.span.column}: {d.message} [{d.code.value}]" for d in result.diagnostics]
    if not result.ok:
        return "", errors, ""
    game = result.games["gaps"]
    return (
        card_text(game.cards()[0]),
        errors,
        codegen.card_module(game, game.files[0], package="paxc.generated"),
    )


def on_play(*lines: str) -> str:
    return "  on play {\n" + "".join(f"    {line}\n" for line in lines) + "  }"


# ---------------------------------------------------------------------- sum of ATTR of LIST


def test_the_total_of_an_attribute_over_a_list(tmp_path: Path) -> None:
    text, errors, code = compile_card(
        tmp_path, on_play("score sum of points of cards in hand of you for you")
    )
    assert errors == []
    assert "you score the total points of the cards in your hand" in text
    # A card type without the attribute (`other`) is left out of the total.
    assert "each_card.points\n                for each_card in ctx.cards_in(Zone.HAND, ctx.you)" in code
    assert "if each_card.points is not None" in code


def test_sum_of_a_list_of_numbers_and_an_attribute_list_of_a_selection(tmp_path: Path) -> None:
    _, errors, _ = compile_card(
        tmp_path,
        on_play(
            "let reds = each c in cards in deck where c.suit == red", "score sum of points of reds for you"
        ),
    )
    assert errors == []


def test_sum_of_what_is_not_numbers_is_refused(tmp_path: Path) -> None:
    _, errors, _ = compile_card(tmp_path, on_play("score sum of suit of cards in deck for you"))
    assert errors == ["8:18: what 'sum of' adds up must be a list of int, not a list of suit [wrong-type]"]


def test_an_attribute_of_what_is_not_a_list_of_cards_is_refused(tmp_path: Path) -> None:
    _, errors, _ = compile_card(tmp_path, on_play("score sum of points of 3 for you"))
    assert errors == ["8:28: 'points of' goes through a list, not an int [wrong-type]"]
    _, errors, _ = compile_card(tmp_path, on_play("score sum of tags of cards in deck for you"))
    assert errors == [
        "8:18: 'tags' is a list on each card: 'tags of' reads an attribute holding one value [wrong-type]"
    ]


# ---------------------------------------------------------------------- the top card, a random card


def test_the_top_card_and_a_random_card_of_a_zone(tmp_path: Path) -> None:
    text, errors, code = compile_card(
        tmp_path,
        on_play(
            "let drawn = the top card of deck",
            "if drawn is set { move drawn to hand of you }",
            "let lost = a random card of hand of you",
            "if lost is set { move lost to discard }",
        ),
    )
    assert errors == []
    assert "let drawn be the top card of the deck; if drawn is known: move drawn to your hand" in text
    assert "let lost be a random card of your hand; if lost is known: move lost to the discard pile" in text
    assert "drawn: Card | None = ctx.top_card(Zone.DECK, None)" in code
    assert "lost: Card | None = ctx.random_card(ctx.cards_in(Zone.HAND, ctx.you))" in code


def test_a_picked_card_may_be_absent_until_tested(tmp_path: Path) -> None:
    _, errors, _ = compile_card(tmp_path, on_play("move the top card of deck to hand of you"))
    assert errors == ["8:10: 'the card moved' must be a card, not a card that may be absent [wrong-type]"]


def test_a_picked_card_names_its_zone_as_cards_in_does(tmp_path: Path) -> None:
    _, errors, _ = compile_card(tmp_path, on_play("let c = a random card of hand"))
    assert errors == ["8:30: zone 'hand' is one per player: say whose [wrong-arguments]"]
    _, errors, _ = compile_card(tmp_path, on_play("let c = the top card of desk"))
    assert errors[0].startswith("8:29: unknown zone 'desk'")


def test_the_words_stay_names_elsewhere(tmp_path: Path) -> None:
    _, errors, _ = compile_card(tmp_path, on_play("let a = 1", "let the = a + 1", "score the for you"))
    assert errors == []


# ---------------------------------------------------------------------- arithmetic in values


def test_arithmetic_in_an_operations_values_needs_no_parentheses(tmp_path: Path) -> None:
    text, errors, code = compile_card(tmp_path, on_play("score 2 * count(cards in deck) + 1 for you"))
    assert errors == []
    assert "you score 2 times the number of cards in the deck plus 1" in text
    assert "ctx.score(amount=(2 * len(ctx.cards_in(Zone.DECK, None))) + 1, player=ctx.you)" in code


# ---------------------------------------------------------------------- offers that can do nothing


def test_an_optional_trigger_starting_with_a_choice_is_offered_only_with_something_to_choose(
    tmp_path: Path,
) -> None:
    _, errors, code = compile_card(
        tmp_path,
        "  when turn_started if player == you optional {\n"
        "    choose c in cards in hand of you where c.suit == blue\n"
        "    move c to discard\n"
        "  }",
    )
    assert errors == []
    applies = code[code.index("__applies(") : code.index("def card_1_probe__when_turn_started(")]
    assert "bool(tuple(c for c in ctx.cards_in(Zone.HAND, ctx.you) if c.suit == Suit.BLUE))" in applies


def test_a_may_starting_with_a_number_is_offered_only_with_a_number_to_choose(tmp_path: Path) -> None:
    _, errors, code = compile_card(
        tmp_path, on_play("may {", "  choose n from 1 to count(cards in deck)", "  score n for you", "}")
    )
    assert errors == []
    assert "if 1 <= len(ctx.cards_in(Zone.DECK, None)) and (yield from ask(" in code
