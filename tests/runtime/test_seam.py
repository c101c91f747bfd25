"""The seam where a game's cards meet its rules (runtime/core/seam.py): what a low module needs
from above is given when the module above is imported, and a use before then says which module to
import, for both games, through the rules' own paths."""

from __future__ import annotations

import subprocess
import sys
from typing import TypeVar

import pytest

from paxc.generated.porfiriana import CARDS
from paxc.generated.porfiriana.vocabulary import CardType, Zone
from paxc.runtime.core.seam import Given, NotGiven
from paxc.runtime.pamir import hooks as pamir_hooks
from paxc.runtime.pamir import market
from paxc.runtime.porfiriana import context as porfiriana_context
from paxc.runtime.porfiriana.context import PorfirianaContext
from tests.pamir.scenario import court_card, empty_state
from tests.porfiriana.scenario import empty_state as porfiriana_state

T = TypeVar("T")


def test_a_given_is_what_was_given_and_says_who_gives_it_before() -> None:
    seam: Given[int] = Given("numbers", "some.module")
    with pytest.raises(NotGiven, match=r"^no numbers: import some\.module first \(it gives them\)$"):
        seam.get()
    seam.give(0)  # a falsy value is given all the same
    assert seam.get() == 0


def never_given(seam: Given[T]) -> Given[T]:
    """A seam like `seam`, whose giver was never imported."""
    return Given(seam.what, seam.giver)


def test_pamir_says_which_module_gives_the_card_contexts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A purchase cost that a court card changes is asked through the abilities in effect, which
    run in contexts: without them, the error names the module to import."""
    state = empty_state(2)
    farahani = court_card(lambda c: c.name == "Ghaem Magham Farahani")  # buying Persia costs 0
    persian = court_card(lambda c: c.region is not None and c.region.value == "Persia" and c is not farahani)
    state.players[0].court.append(farahani.number)
    state.market[0][2] = persian.number
    assert market.purchase_cost(state, 0, 0, 2) == 0
    monkeypatch.setattr(pamir_hooks, "CONTEXTS", never_given(pamir_hooks.CONTEXTS))
    with pytest.raises(
        NotGiven, match=r"card contexts to run abilities in: import paxc\.runtime\.pamir\.context"
    ):
        market.purchase_cost(state, 0, 0, 2)


def test_pamir_hooks_alone_say_so_in_a_fresh_interpreter() -> None:
    """The modules below the seam imported alone, as a new rule module or a test might."""
    code = (
        "from paxc.runtime.pamir import hooks\n"
        "try:\n"
        "    hooks.CONTEXTS.get()\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert said.startswith(
        "NotGiven no card contexts to run abilities in: import paxc.runtime.pamir.context first"
    )


def test_porfiriana_says_which_module_gives_the_rules_card_effects_set_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card effect that discards a card from a hand moves it through the rules above the seam."""
    state = porfiriana_state()
    first, second = [c for c in CARDS if c.card_type is CardType.ENTERPRISE][:2]
    state.players[1].hand += [first.number, second.number]
    context = PorfirianaContext(state, 0, first.number)
    list(context.move_card(first, Zone.DISCARD, None, (Zone.HAND,)))
    assert first.number in state.discard and first.number not in state.players[1].hand
    monkeypatch.setattr(porfiriana_context, "RULES", never_given(porfiriana_context.RULES))
    with pytest.raises(NotGiven, match=r"import paxc\.runtime\.porfiriana\.card_rules first"):
        list(context.move_card(second, Zone.DISCARD, None, (Zone.HAND,)))
    assert second.number in state.players[1].hand
