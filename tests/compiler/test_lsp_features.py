"""The language server's answers, asked directly (without the protocol) on the repository's own
Pax Pamir cards and scenario files, which are only read: completion by position, hover and go to
definition from a scenario file's card names, a vocabulary's outline."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.compiler import parser, scenarios
from paxc.compiler.lsp import completion, symbols
from paxc.compiler.lsp.documents import Documents
from paxc.compiler.lsp.game_index import GameIndex, Indexes
from paxc.compiler.lsp.lookup import Lookup
from tests.conftest import REPO

CARD = 'game pamir\n\ncard 900 "New" court {\n  provenance printed\n  '


@pytest.fixture(scope="module")
def pamir() -> GameIndex:
    index = Indexes(Documents()).game(REPO, "pamir")
    assert index is not None
    return index


def labels(index: GameIndex, text: str, scenario: bool = False) -> list[str]:
    return [s.label for s in completion.complete(text, len(text), index, ("pamir", "porfiriana"), scenario)]


REGIONS = ["Herat", "Kabul", "Kandahar", "Persia", "Punjab", "Transcaspia"]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("", ["card", "game", "vocabulary"]),
        ("game ", ["pamir", "porfiriana"]),
        ('game pamir\ncard 3 "X" ', ["court", "dominance_check", "event", "wakhan"]),
        (CARD + "region ", REGIONS),
        (CARD + "region Ka", ["Kabul", "Kandahar"]),
        (CARD + "provenance ", ["printed", "inferred", "reconstructed"]),
        (CARD + 'ability "A" {\n    ', ["on", "when", "while", "instead"]),
        (CARD + "on ", ["play", "purchase", "discard"]),
        (CARD + "while in ", ["play", "market"]),
        (CARD + "while in play {\n    ", ["modify"]),
        (CARD + "on play {\n    place_armies 2 for ", ["Afghan", "British", "Russian"]),
        (CARD + "on play {\n    place_armies 2 for Afghan in K", ["Kabul", "Kandahar"]),
        (CARD + "on play {\n    if card.region == ", REGIONS),
        (CARD + "on play {\n    for each ", None),
        (CARD + "# when ", []),
        (CARD + 'note "when ', []),
    ],
)
def test_completion_by_position(pamir: GameIndex, written: str, expected: list[str] | None) -> None:
    found = labels(pamir, written)
    if expected is not None:
        assert found == expected
    else:
        assert found[0] == "player" and "region" in found


def test_completion_of_triggers_operations_and_modifiers(pamir: GameIndex) -> None:
    triggers = labels(pamir, CARD + 'ability "A" {\n    when ')
    assert "dominance_check_ended" in triggers and "card_played" in triggers
    assert all(pamir.declared(name)[0].kind == "trigger" for name in triggers)
    effect = labels(pamir, CARD + 'ability "A" {\n    when dominance_check_ended {\n      ')
    assert {"place_armies", "place_spy", "let", "if", "for", "choose", "may", "move", "gain", "pay"} <= set(
        effect
    )
    assert "dominance_check_ended" not in effect and "Kabul" not in effect
    modifiers = labels(pamir, CARD + "while in play {\n    modify ")
    assert "purchase_cost" in modifiers and all(pamir.declared(m)[0].kind == "modifier" for m in modifiers)
    assert labels(pamir, "game pamir\ncard ") == [str(max(c.card.number for c in pamir.cards) + 1)]


def test_a_scenario_file_names_cards_by_number_and_name(pamir: GameIndex) -> None:
    scenario = REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest"
    text = scenario.read_text(encoding="utf-8")
    documents = Documents()
    lookup = Lookup(documents, Indexes(documents))
    at = text.index('"Prince Akbar Khan"') + 3
    said = lookup.hover(scenario, at)
    assert said is not None and "#3 Prince Akbar Khan" in said[0] and "Insurrection" in said[0]
    (place,) = lookup.definition(scenario, at)
    kabul = REPO / "cards" / "pamir" / "court" / "kabul.pax"
    assert place.path == kabul
    cards = kabul.read_text(encoding="utf-8")
    assert cards[place.start : place.end] == 'card 3 "Prince Akbar Khan" court {'
    (place,) = lookup.definition(scenario, text.index("card 101") + 6)
    assert "dominance_check" in place.path.read_text(encoding="utf-8")[place.start : place.end]
    assert "Prince Akbar Khan" in labels(pamir, 'game pamir\nscenario "x" {\n  put card "Prin', scenario=True)
    assert "3" in labels(pamir, 'game pamir\nscenario "x" {\n  put card ', scenario=True)


def test_a_scenario_file_is_checked_as_paxc_test_checks_it_unsaved_cards_included() -> None:
    """A scenario file's diagnostics are `paxc test`'s, placed in the document; a card renamed in
    an open, unsaved card file is what the scenario is checked against."""
    scenario = (REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest").resolve()
    text = scenario.read_text(encoding="utf-8")
    documents = Documents()
    assert documents.check(scenario).located == ()
    # Typed, not saved: a card misnamed and a region misspelt.
    typed = text.replace('"Prince Akbar Khan"', '"Prince Akbr Khan"').replace("(Kabul,", "(Kabl,")
    documents.open[scenario] = typed
    checked = documents.check(scenario)
    said = [(typed[one.start : one.end], one.diagnostic.code.value, one.elsewhere) for one in checked.located]
    assert said == [('card "Prince Akbr Khan"', "unknown-name", None), ("Kabl", "unknown-name", None)]
    expected = scenarios.load([scenario], REPO, texts=documents.open).diagnostics
    assert [one.diagnostic for one in checked.located] == expected
    # The scenario as saved, the card renamed in its open card file: the name is unknown now.
    documents.open.pop(scenario)
    kabul = (REPO / "cards" / "pamir" / "court" / "kabul.pax").resolve()
    documents.open[kabul] = kabul.read_text(encoding="utf-8").replace('"Prince Akbar Khan"', '"Prince Akbar"')
    checked = documents.check(scenario)
    assert [(one.diagnostic.code.value, text[one.start : one.end]) for one in checked.located] == [
        ("unknown-name", 'card "Prince Akbar Khan"')
    ]


def test_a_vocabulary_outline_and_its_names() -> None:
    documents = Documents()
    game = REPO / "cards" / "pamir" / "game.pax"
    source = documents.source(game)
    assert source is not None
    (vocabulary,) = symbols.outline(source)
    assert vocabulary.name == "pamir"
    region = next(s for s in vocabulary.children if s.name == "region")
    assert region.kind == "enum" and [m.name for m in region.children] == REGIONS
    assert any(s.name == "place_armies" and s.kind == "operation" for s in vocabulary.children)
    lookup = Lookup(documents, Indexes(documents))
    # In game.pax itself, a type names its enum.
    text = source.text
    at = text.index("in region: region") + len("in region: re")
    (place,) = lookup.definition(game, at)
    assert text[place.start : place.end] == "region" and text[place.start - 5 : place.start] == "enum "


def first_keywords(rule: str) -> set[str]:
    """The keywords that can open `rule` in the card grammar: the first symbol of each of its
    expansions, followed through the rules it starts with (a rule that starts with a name or
    another free token gives none)."""
    from lark.grammar import NonTerminal

    lark = parser._lark()
    expansions: dict[str, list[list[Any]]] = {}
    for compiled in lark.rules:
        expansions.setdefault(compiled.origin.name, []).append(list(compiled.expansion))
    literals = {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
    found: set[str] = set()
    seen: set[str] = set()
    waiting = [rule]
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        for expansion in expansions.get(name, []):
            if not expansion:
                continue
            first = expansion[0]
            if isinstance(first, NonTerminal):
                waiting.append(first.name)
            elif first.name in literals and literals[first.name].isalpha():
                found.add(literals[first.name])
    return found


def test_completion_in_a_vocabulary_offers_every_item_the_grammar_reads_there(pamir: GameIndex) -> None:
    # Taken from the grammar, so that a construct added to vocabularies (as `language` was)
    # cannot be left out of completion unnoticed.
    expected = first_keywords("_vocab_item")
    assert {"enum", "zone", "language"} <= expected  # the walk finds them
    offered = set(labels(pamir, 'vocabulary pamir "Pax Pamir" {\n  '))
    assert expected <= offered, f"not offered: {sorted(expected - offered)}"
