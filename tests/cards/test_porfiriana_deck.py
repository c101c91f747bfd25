"""The Pax Porfiriana deck, as compiled, against what the rules fix about it
(shared/reference/porfiriana/README.md: the component counts and the strategy guide's
distribution of prestige points and regime changes), through `paxc profile`.

Most of the deck is reconstructed (cards/porfiriana/reconstructed/); these tests keep it
faithful to those figures, so a designer replacing a reconstructed card with the printed one
sees at once which figure moved.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from paxc.compiler import ir
from paxc.compiler.cli import main
from paxc.compiler.deck_profile import DeckProfile, PrestigeCount, profile
from paxc.compiler.project import compile_paths
from paxc.compiler.vocabulary import PROVENANCES
from tests.conftest import REPO

# The play deck: every card type except the double-sided ones (Hacendados, regimes, public cards).
DECK_TYPES = ("enterprise", "partner", "troop", "black", "orange", "headline", "topple")

# The number blocks of the reconstructed cards, by type (see each file's header).
RECONSTRUCTED_BLOCKS = {
    "enterprise": range(2001, 2100),
    "partner": range(2101, 2200),
    "troop": range(2201, 2300),
    "black": range(2301, 2400),
    "orange": range(2401, 2500),
    "headline": range(2501, 2600),
    "hacendado": range(2601, 2700),
    "topple": range(2901, 3000),
}


@pytest.fixture(scope="module")
def game() -> ir.GameIR:
    result = compile_paths([REPO / "cards" / "porfiriana"], REPO)
    assert result.ok, result.render_diagnostics()
    return result.games["porfiriana"]


@pytest.fixture(scope="module")
def deck(game: ir.GameIR) -> DeckProfile:
    """The profile the strategy guide's figures are about: every card but the Hacendados.

    The guide's prestige figures leave the Hacendados out: it puts all 29 Loyalty points on
    partners and enterprises, yet Bernardo Reyes's Successor orientation shows a Loyalty point;
    and counting his Command orientation with the 11 troop and 2 public-card points would leave
    no room for any other Command point. Public cards are in (the guide counts their two Command
    sides), and so is every side of a card.
    """
    return profile(game, exclude=("hacendado",))


def attributes(card: ir.CardIR) -> dict[str, object]:
    """A card's own attributes (not its sides') as plain values: enum members by name, lists as tuples."""

    def plain(expr: ir.Expr) -> object:
        if isinstance(expr, ir.EnumConst):
            return expr.member
        if isinstance(expr, ir.ListConst):
            return tuple(plain(item) for item in expr.items)
        if isinstance(expr, ir.IntConst | ir.BoolConst | ir.TextConst):
            return expr.value
        raise AssertionError(f"unexpected attribute value {expr!r}")

    return {value.field.name: plain(value.value) for value in card.attributes}


def families(attrs: dict[str, object]) -> tuple[object, ...]:
    value = attrs.get("family", ())
    assert isinstance(value, tuple)
    return value


def number(value: object) -> int:
    assert isinstance(value, int)
    return value


def test_card_counts(game: ir.GameIR) -> None:
    counts = profile(game).types
    assert counts == {
        "enterprise": 58,
        "partner": 40,
        "troop": 30,
        "black": 23,
        "orange": 23,
        "headline": 29,
        "topple": 4,
        "hacendado": 6,
        "regime_card": 4,
        "public": 2,
    }
    assert sum(counts[t] for t in DECK_TYPES) == 207
    # 220 in the box with the play aid, which is no card of the game.
    assert sum(counts.values()) == 219


def test_prestige_distribution(deck: DeckProfile) -> None:
    # The guide's totals per kind.
    assert deck.prestige_total("Loyalty").total == 29
    assert deck.prestige_total("Revolution").total == 35
    assert deck.prestige_total("Command").total == 14
    assert deck.prestige_total("Outrage").total == 34
    # Loyalty: on partners and enterprises only.
    assert set(deck.prestige["Loyalty"]) == {"enterprise", "partner"}
    # Revolution: the upside-down points of the 7 slave plantations, and 5 points on troops.
    assert deck.prestige["Revolution"]["enterprise"] == PrestigeCount(upright=0, victim=7)
    assert deck.prestige["Revolution"]["troop"] == PrestigeCount(upright=5)
    # Command: 11 on troops, 2 on the public cards.
    assert deck.prestige["Command"]["troop"] == PrestigeCount(upright=11)
    assert deck.prestige["Command"]["public"] == PrestigeCount(upright=2)
    # Outrage: 27 awarded to the victims of orange and black cards.
    assert deck.prestige_total("Outrage", types={"orange", "black"}) == PrestigeCount(upright=0, victim=27)
    assert deck.prestige_total("Outrage").victim == 27
    # The guide leaves the rest open; the split reached, card type by card type:
    assert deck.prestige == {
        "Loyalty": {"enterprise": PrestigeCount(12, 0), "partner": PrestigeCount(17, 0)},
        "Revolution": {
            "enterprise": PrestigeCount(0, 7),
            "partner": PrestigeCount(10, 0),
            "troop": PrestigeCount(5, 0),
            "black": PrestigeCount(0, 4),
            "orange": PrestigeCount(0, 8),
            "public": PrestigeCount(1, 0),
        },
        "Command": {
            "partner": PrestigeCount(1, 0),
            "troop": PrestigeCount(11, 0),
            "public": PrestigeCount(2, 0),
        },
        "Outrage": {
            "partner": PrestigeCount(6, 0),
            "black": PrestigeCount(0, 13),
            "orange": PrestigeCount(0, 14),
            "public": PrestigeCount(1, 0),
        },
    }


def test_hacendado_prestige(game: ir.GameIR) -> None:
    """Outside the guide's figures: two orientations each, one point per orientation (Boss
    Shepherd's are reconstructed, as the four reconstructed Hacendados')."""
    hacendados = profile(game, exclude=tuple(t for t in game.vocabulary.card_types if t != "hacendado"))
    assert {kind: hacendados.prestige_total(kind).total for kind in hacendados.prestige} == {
        "Loyalty": 4,
        "Revolution": 2,
        "Command": 3,
        "Outrage": 3,
    }
    for card in game.cards():
        if card.card_type == "hacendado" and card.provenance == "reconstructed":
            orientations = [s for s in card.sides if s.title.startswith("Partner")]
            kinds = [a.value for s in orientations for a in s.attributes if a.field.name == "prestige"]
            assert len(orientations) == 2 and len(kinds) == 2, card.name


def test_regime_changes(deck: DeckProfile) -> None:
    assert deck.regime_change_total("Pax") == 22
    assert deck.regime_change_total("Anarchy") == 21
    assert deck.regime_change_total("Martial_Law") == 13
    assert deck.regime_change_total("US_Intervention") == 10
    # More than half of the changes to Pax are headlines.
    assert deck.regime_changes["Pax"]["headline"] * 2 > 22
    # Anarchy: 11 troops and 4 orange cards.
    assert deck.regime_changes["Anarchy"]["troop"] == 11
    assert deck.regime_changes["Anarchy"]["orange"] == 4
    # The rest is open; the split reached. The guide also says one of the public cards' two
    # Command sides changes the regime, without saying to what: the named public cards record no
    # such change, so all 13 changes to Martial Law are on deck cards.
    assert deck.regime_changes == {
        "Pax": {"troop": 5, "orange": 2, "headline": 15},
        "US_Intervention": {"troop": 3, "orange": 3, "headline": 3, "public": 1},
        "Martial_Law": {"troop": 8, "orange": 1, "headline": 4},
        "Anarchy": {"troop": 11, "orange": 4, "headline": 6},
    }


def test_families_the_rules_count(game: ir.GameIR) -> None:
    enterprises = [attributes(c) for c in game.cards() if c.card_type == "enterprise"]
    slave = [e for e in enterprises if "slave_plantation" in families(e)]
    assert len(slave) == 7
    assert all(e["victim_prestige"] == "Revolution" and "plantation" in families(e) for e in slave)
    # Mines and banks take their income cubes from the regime: none is printed.
    for e in enterprises:
        if {"mine", "bank"} & set(families(e)):
            assert "income" not in e


def test_provenance_and_notes(game: ir.GameIR) -> None:
    cards = game.cards()
    assert profile(game).provenance == {"printed": 0, "inferred": 26, "reconstructed": 193}
    for card in cards:
        assert card.provenance in PROVENANCES, card.name
        assert card.note.strip(), f"{card.name} has no note"
        reconstructed = card.provenance == "reconstructed"
        assert reconstructed == card.path.startswith("cards/porfiriana/reconstructed/"), card.name
        if reconstructed:
            assert "follows" in card.note, card.name
            assert card.number in RECONSTRUCTED_BLOCKS[card.card_type], (card.number, card.name)
        else:
            assert card.number < 2000, (card.number, card.name)
    assert len({card.number for card in cards}) == len(cards)


def test_reconstructed_attributes_in_range(game: ir.GameIR) -> None:
    """Every reconstructed card has what its type needs to be played, within the rules' ranges."""
    for card in game.cards():
        if card.provenance != "reconstructed":
            continue
        a = attributes(card)
        if card.card_type == "enterprise":
            assert {"district", "cost", "connection"} <= set(a), card.name
            assert 2 <= number(a["cost"]) <= 9, card.name
            if a["connection"] == "rail":
                assert "upgrade_mule_cost" not in a and "upgrade_rail_cost" not in a, card.name
            if a["connection"] == "mule":
                assert "upgrade_mule_cost" not in a, card.name
        elif card.card_type == "troop":
            assert {"faction", "district", "firepower", "cost_boot", "cost_mule", "cost_rail"} <= set(a)
            assert a["firepower"] in (1, 2, 3), card.name
        elif card.card_type == "orange":
            assert {"cost", "unrest", "steal"} <= set(a), card.name
            assert 1 <= number(a["unrest"]) <= 3, card.name
        elif card.card_type == "black":
            assert {"named_regime", "steal"} <= set(a), card.name
            assert ("cost" in a) != ("assassination" in families(a)), card.name
        elif card.card_type in ("headline", "topple"):
            assert a.get("signal") in ("bull", "bear"), card.name
        if card.card_type == "headline":
            assert "regime_change" in a, card.name
        if card.card_type == "topple":
            assert "named_regime" in a, card.name
    signals = Counter(
        attributes(c).get("signal") for c in game.cards() if c.card_type == "headline" and c.number >= 2000
    )
    assert signals == {"bull": 13, "bear": 13}


def test_a_game_without_those_attributes_gets_counts_only() -> None:
    pamir = compile_paths([REPO / "cards" / "pamir"], REPO).games["pamir"]
    counts = profile(pamir)
    assert counts.cards == len(pamir.cards())
    assert counts.provenance["printed"] == counts.cards
    assert counts.prestige == {} and counts.regime_changes == {}
    data = counts.as_json()
    assert "prestige" not in data and "regime_changes" not in data  # no empty Pax Porfiriana fields
    shown = CliRunner().invoke(main, ["--root", str(REPO), "profile", "pamir", "--json"])
    assert shown.exit_code == 0 and "prestige" not in json.loads(shown.output)


def test_paxc_profile_porfiriana() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["--root", str(REPO), "profile", "porfiriana", "--exclude", "hacendado"])
    assert result.exit_code == 0, result.output
    output = result.output.splitlines()
    assert output[0] == "Pax Porfiriana (porfiriana): 213 cards"
    rows = {line.split()[0]: line.split()[1:] for line in output if line.startswith("  ") and line.strip()}
    assert rows["enterprise"] == ["58"]
    assert rows["reconstructed"] == ["189"]
    assert rows["Loyalty"][:3] == ["29", "0", "29"]
    assert rows["Revolution"][:3] == ["16", "19", "35"]
    assert rows["Command"][:3] == ["14", "0", "14"]
    assert rows["Outrage"][:3] == ["7", "27", "34"]
    assert rows["Pax"][:1] == ["22"] and rows["Anarchy"][:1] == ["21"]
    assert rows["Martial_Law"][:1] == ["13"] and rows["US_Intervention"][:1] == ["10"]

    whole = runner.invoke(main, ["--root", str(REPO), "profile", "porfiriana", "--json"])
    assert whole.exit_code == 0, whole.output
    figures = json.loads(whole.output)
    assert figures["cards"] == 219 and figures["types"]["hacendado"] == 6
    assert figures["prestige"]["Loyalty"] and figures["regime_changes"]["Pax"]

    unknown = runner.invoke(main, ["--root", str(REPO), "profile", "chess"])
    assert unknown.exit_code != 0
    assert "unknown game 'chess'" in unknown.output
