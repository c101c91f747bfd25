"""How `paxc render` words card text: one test per wording rule, on the cards that need it, and a
check that no card of either game nor any fixture card shows a raw identifier or a word the
engine left unfilled. Players check a card's text against what it does, so the words must say it."""

from __future__ import annotations

import re
from functools import cache

import pytest

from paxc.compiler.project import compile_paths
from paxc.compiler.render import card_text, negated
from tests.conftest import REPO

FIXTURES = sorted(REPO.glob("tests/*/fixtures/*.pax"))

# What engine text must never show: a name in code form, a Python value, a word said twice, a
# count before a possessive ("1 your loyalty army"), a yes/no value said as a value ("whether
# ... is yes"), an article before a preposition (a parameter named `on_card`: "from the on
# card"), a parameter named as an amount ("pays the paid"), "you may:" before an order.
LEAKS = {
    "snake_case name": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "Python value": re.compile(r"\b(None|True|False)\b"),
    "doubled word": re.compile(r"\b(\w+) \1\b", re.IGNORECASE),
    "count before a possessive": re.compile(r"\b\d+ (your|their|his|her|its|the|a|an)\b"),
    "yes or no as a value": re.compile(r"\bis (yes|no)\b|\bwhether\b"),
    "article before a preposition": re.compile(r"\b(the|a|an) (on|in|from|to|for|of|by|with|onto)\b"),
    "parameter named as an amount": re.compile(r"\bthe paid\b"),
    "offer of an order after a colon": re.compile(r"\byou may: (place|move|remove|put|pay|take|gain)\b"),
}


def leaks(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r}" for what, pattern in LEAKS.items() for m in pattern.finditer(text)]


@cache
def _texts() -> dict[str, dict[int, str]]:
    """Every card's text by game and number: the two games' cards, then every fixture card."""
    result = compile_paths([REPO / "cards"], REPO)
    assert result.ok, result.render_diagnostics()
    texts = {name: {c.number: card_text(c) for c in game.cards()} for name, game in result.games.items()}
    for fixture in FIXTURES:
        compiled = compile_paths([fixture], REPO)
        assert compiled.ok, compiled.render_diagnostics()
        for name, game in compiled.games.items():
            texts.setdefault(name, {}).update({c.number: card_text(c) for c in game.cards()})
    return texts


def text(game: str, number: int) -> str:
    return _texts()[game][number]


def test_the_leak_check_catches_what_the_engine_used_to_write() -> None:
    """The outputs the rules below fixed, as the engine wrote them: each must be caught."""
    for old in (
        "While in play, whether this card of the owner counts as the favored suit is yes.",
        "you may: place 1 your loyalty army in the region.",
        "After the player pays the paid to play the card, you take 1 gold from the bank.",
        "Instead of the remover removing a spy of yours from the on card, you may place a spy.",
        "move the the card",
        "the favored suit becomes None",
        "move won_card to the discard pile",
    ):
        assert leaks(old), old


def test_no_card_text_leaks_an_identifier() -> None:
    found = [
        f"{game} #{number}: {leak}"
        for game, cards in _texts().items()
        for number, shown in cards.items()
        for leak in leaks(shown)
    ]
    assert found == []


def test_a_yes_or_no_modifier_says_the_clause() -> None:
    """`modify counts_as_favored to true`: the clause itself; `to false`: the clause negated."""
    assert "While in play, this card is of the favored suit." in text("pamir", 91)
    # "whether A | B" says B for no, with an unpinned buyer's words left out ("[ by {buyer}]")
    assert "While in the market, this card may not be bought." in text("pamir", 111)
    # keeps_rupees says both ways ("whether A | B"): no reads B, not A negated
    assert "While in the market, the rupees paid onto this card leave the game." in text("pamir", 111)
    # `{piece:plural}` of a pinned bare noun: "tribes", the verb written plural after it
    assert "until the next Dominance Check, your tribes move and battle as armies." in text("pamir", 110)
    # what a yes allows holds for every value nobody pins (Claim of Ancient Lineage: every region)
    assert "While in play, you may tax any region as if you ruled it." in text("pamir", 5)
    assert "any card may be played or redeployed to an enterprise in any district" in text("porfiriana", 1704)


def test_the_phrases_say_what_the_rules_ask() -> None:
    """Each phrase names the moment its hook is asked about (issue 35's wrong texts)."""
    assert "your armies and tribes may cross borders without a road" in text("pamir", 51)
    assert "you pay no bribe to play a card" in text("pamir", 42)
    assert "removing one of your spies in battle" in text("pamir", 41)
    assert "removing one of your spies in battle" in text("pamir", 72)


def test_attributes_read_as_a_card_labels_them() -> None:
    """The vocabulary's labels and the words of enum members: no field names, and a family says
    what the rules make of it (a conspiracy's effect is the runtime's, not an ability's)."""
    rangers = text("porfiriana", 1201)
    assert "Cost (boot): 6" in rangers and "Cost boot" not in rangers
    assert "Regime change to: U.S. Intervention" in rangers
    assert "Kind: conspiracy (against an opponent only: you take one of their partners" in text(
        "porfiriana", 2311
    )
    assert "Kind: immune to nationalization (its owner's enterprises cannot be nationalized)" in text(
        "porfiriana", 2116
    )


def test_player_text_carries_no_designer_notes() -> None:
    """Provenance, notes and errata are for `paxc render --notes`, not for the table."""
    for game, cards in _texts().items():
        for number, shown in cards.items():
            assert "Note:" not in shown and "Erratum" not in shown, (game, number)
            assert not any(f"({kind})" in shown for kind in ("printed", "inferred", "reconstructed")), (
                game,
                number,
            )


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("a buyer may buy this card", "a buyer may not buy this card"),
        ("this card counts as the favored suit", "this card does not count as the favored suit"),
        (
            "a tribe of yours moves and battles as an army",
            "a tribe of yours does not move and battle as an army",
        ),
        ("the player taxes as the ruler", "the player does not tax as the ruler"),
        (
            "each Loyalty point of a player holds a cube",
            "each Loyalty point of a player does not hold a cube",
        ),
        ("the rupees stay", "it is not so that the rupees stay"),  # no verb found: still true to the card
    ],
)
def test_negation_finds_the_verb(clause: str, expected: str) -> None:
    assert negated(clause) == expected


def test_an_unpinned_parameter_is_a_thing_then_the_thing() -> None:
    """The event's phrase names what no condition fixes with "a"; later words say "the"."""
    # `player != you` reads "another player", `card.card_type == enterprise` and `card.district ==
    # America` describe the card: no condition is left to say after the event
    assert "After another player pays to play an America enterprise card, you take" in text(
        "porfiriana", 1103
    )
    assert "you take from the bank as much gold as the amount paid" in text("porfiriana", 1103)
    assert "Instead of another player removing one of your spies in battle, you may" in text("pamir", 41)
    # an unpinned player is "a player" (its type), not its name in the vocabulary ("an owner")
    assert "After a piece (tribe) of a player is placed in this card's region" in text("pamir", 944)


def test_a_count_before_a_phrase_says_of() -> None:
    """ "place {count} {coalition} armies" with "your loyalty": "1 army of your loyalty"."""
    assert "place 1 army of your loyalty in the region" in text("pamir", 940)


def test_an_offer_reads_you_may_then_if_you_do() -> None:
    # an offer whose first step is an `if`: the condition first; the zone's verb ("discard")
    assert "if this card is in a row, you may discard this card; if you do, Díaz has 1 more Loyalty" in text(
        "porfiriana", 1104
    )
    # the choice said where it is used
    assert (
        "you may pay 3 gold to the bank; if you do, move an enterprise card from your row to your hand"
        in text("porfiriana", 9021)
    )
    assert "if you can" not in text("porfiriana", 9021)  # the offer says it: declined or unpaid, nothing


def test_moving_every_card_of_two_zones_each_way_is_an_exchange() -> None:
    """Event 114's purchase: "buyer swaps hands with another player"."""
    assert "exchange your hand with the hand of another player of your choice" in text("pamir", 114)
    # a loop over players whose one step names the player once: "each player"
    assert "discard the cards in the prizes of each player" in text("pamir", 108)


def test_counts_and_money_read_as_a_player_says_them() -> None:
    assert "a Kandahar card in any court with no spies on it" in text("pamir", 43)
    assert "for each player in turn order: if there are cards in their hand" in text("pamir", 114)
    assert "the number of cards in the market" in text("pamir", 923)
    assert "if you have no rupees" in text("pamir", 947)
    assert "for each player in turn order where they have more than 5 rupees" in text("pamir", 924)
    assert "with spies of yours on it" in text("pamir", 901)


def test_card_types_and_lists_read_as_what_the_card_is() -> None:
    assert "you pay half (rounded up) of the usual price to buy troop cards from the market" in text(
        "porfiriana", 1601
    )
    assert "to a slave plantation card, a slave revolt breaks out on the slave plantation card" in text(
        "porfiriana", 1203
    )
    assert "after a player plays a spy card" in text("pamir", 964)


def test_a_change_from_the_value_says_how_much() -> None:
    assert "the rupees you pay for a betray action are 1 less" in text("pamir", 906)
    assert "the cost for a player to buy this card is 1 less, but not less than 0" in text("pamir", 956)
    assert "the cost for a player to buy a card is 2 times what it would otherwise be" in text("pamir", 962)
    assert "your troops have a firepower of 3" in text("porfiriana", 2104)  # its `| to:` phrasing


def test_money_compared_says_who_has_more() -> None:
    """ "the gold of the player is more than your gold" reads "the player has more gold than you"."""
    assert "At the end of another player's turn, if that player has more gold than you" in text(
        "porfiriana", 9074
    )


def test_a_zone_without_a_holder_is_said_as_the_vocabulary_words_it() -> None:
    """`destination == bull_bear` reads "to the bull/bear pile", not "to the bull bear"."""
    assert "After a card moves from a zone to the bull/bear pile" in text("porfiriana", 9071)
    assert "After a card is discarded from the court" in text("pamir", 970)
