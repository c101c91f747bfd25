"""`paxc profile` on a plug-in game whose cards carry a number where Pax Porfiriana's carry an enum:
`prestige: int` (the third game of issue 33 met it). A number attribute is profiled as a
distribution: the faces holding each value (a card with sides: each side), and its totals."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from paxc.compiler.cli import main

VOCABULARY = """vocabulary nobles "Nobles" {
  enum house { Sun, Moon }
  cardtype noble {
    house: house required
    prestige: int required
  }
  cardtype artisan {
    prestige: int
  }
}
"""

CARDS = """game nobles

card 1 "Vizier" noble {
  provenance printed
  house Sun
  prestige 2
}

card 2 "Scribe" noble {
  provenance printed
  house Moon
  prestige 3
}

card 3 "Potter" artisan {
  provenance printed
  prestige 1
}

card 4 "Weaver" artisan {
  provenance printed
}

card 5 "Heir" noble {
  provenance printed
  house Sun
  prestige 1
  side "Young" {
    prestige 1
  }
  side "Crowned" {
    prestige 4
  }
}
"""


def project(tmp_path: Path) -> Path:
    (tmp_path / "cards" / "nobles").mkdir(parents=True)
    (tmp_path / "cards" / "nobles" / "game.pax").write_text(VOCABULARY, encoding="utf-8")
    (tmp_path / "cards" / "nobles" / "court.pax").write_text(CARDS, encoding="utf-8")
    return tmp_path


def test_a_number_prestige_is_profiled_as_a_distribution(tmp_path: Path) -> None:
    root = project(tmp_path)
    done = CliRunner().invoke(main, ["--root", str(root), "profile", "nobles", "--json"])
    assert done.exit_code == 0, done.output
    numbers = json.loads(done.output)["numbers"]
    # Vizier 2, Scribe 3, Potter 1, Heir's two sides 1 and 4; the Weaver holds none.
    assert numbers == {
        "prestige": {
            "faces": 5,
            "total": 11,
            "values": {"1": 2, "2": 1, "3": 1, "4": 1},
            "by_type": {"noble": 10, "artisan": 1},
        }
    }
    text = CliRunner().invoke(main, ["--root", str(root), "profile", "nobles"])
    assert text.exit_code == 0, text.output
    assert "  1             2  ##\n" in text.output and "  4             1  #\n" in text.output
    assert "total 11 on 5 faces (mean 2.2); by card type: noble 10, artisan 1" in text.output


def test_any_number_attribute_is_profiled_when_named_and_no_other(tmp_path: Path) -> None:
    root = project(tmp_path)
    done = CliRunner().invoke(
        main, ["--root", str(root), "profile", "nobles", "--prestige", "house", "--distribution", "prestige"]
    )
    assert done.exit_code == 0, done.output
    assert "prestige points" in done.output and "Sun" in done.output  # an enum, by its members
    assert "total 11 on 5 faces" in done.output
    refused = CliRunner().invoke(main, ["--root", str(root), "profile", "nobles", "--distribution", "house"])
    assert refused.exit_code == 2 and "attribute 'house' of nobles does not hold a number" in refused.output
    unknown = CliRunner().invoke(main, ["--root", str(root), "profile", "nobles", "--distribution", "rank"])
    assert unknown.exit_code == 2 and "has an attribute 'rank'" in unknown.output
