"""What cards in play remember (`set this.named to target`), whatever the game.

A game keeps one `CardMemory` in its state: for each card number, its remembered values by the
names the vocabulary declares (`memory named: player ...`). Values are plain (a number, yes/no,
a seat, an enum member's name), so copies, digests and saves carry them. A game forgets a
card's memory when the card leaves play.
"""

from __future__ import annotations

from enum import Enum

from paxc.runtime.effects import Remembered

CardMemory = dict[int, dict[str, Remembered]]


def remember(memory: CardMemory, card: int, name: str, value: Remembered) -> None:
    memory.setdefault(card, {})[name] = value.value if isinstance(value, Enum) else value


def recall(memory: CardMemory, card: int, name: str) -> Remembered | None:
    return memory.get(card, {}).get(name)


def forget(memory: CardMemory, card: int) -> None:
    memory.pop(card, None)


def copied(memory: CardMemory) -> CardMemory:
    return {card: dict(values) for card, values in memory.items()}
