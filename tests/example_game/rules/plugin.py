"""Bazaar as a paxc game: the entry `pyproject.toml` registers under `paxc.games`.

Kept cheap to import, since paxc loads every game's entry to list them: the rules (and the
compiled cards they use) are imported only when the game is played.
"""

from __future__ import annotations

from pathlib import Path

from paxc.runtime.games import Game, GameKit

# cards/ sits beside rules/ in the project folder, and inside the package once installed.
_CARDS = Path(__file__).resolve().parent.parent / "cards" / "bazaar"


def _kit() -> GameKit:
    from bazaar.rules import game

    return game.kit()


GAME = Game("bazaar", "Bazaar", _CARDS, _kit)
