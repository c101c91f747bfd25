"""What cards in play remember (runtime/core/memory.py): plain values by card and name, forgotten
when the card leaves play, copied apart."""

from __future__ import annotations

import json

from paxc.generated.pamir.vocabulary import Region
from paxc.runtime.core.memory import CardMemory, copied, forget, recall, remember


def test_a_card_remembers_plain_values_an_enum_member_by_its_value() -> None:
    memory: CardMemory = {}
    remember(memory, 108, "named", 2)
    remember(memory, 108, "region", Region.HERAT)
    kept = memory[108]["region"]
    assert type(kept) is str and kept == Region.HERAT.value  # plain: a save or digest holds it as is
    assert json.loads(json.dumps(memory)) == {"108": {"named": 2, "region": Region.HERAT.value}}
    assert recall(memory, 108, "named") == 2 and recall(memory, 108, "other") is None
    assert recall(memory, 109, "named") is None


def test_a_copy_is_its_own_and_a_card_leaving_play_forgets() -> None:
    memory: CardMemory = {108: {"named": 2}}
    copy = copied(memory)
    remember(copy, 108, "named", 3)
    assert recall(memory, 108, "named") == 2
    forget(memory, 108)
    forget(memory, 109)  # a card that remembered nothing
    assert memory == {} and recall(copy, 108, "named") == 3
