"""Helpers for the tests of the boards' pictures (runtime/web/pictures/): positions of seeded
random games, the SVG parsed as XML, and its drawn pieces found by class."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session
from paxc.runtime.games import GameKit
from paxc.runtime.web.pictures import picture

SVG = "{http://www.w3.org/2000/svg}"


def positions(
    kit: GameKit, options: Mapping[str, Any], seed: int, stops: Sequence[int]
) -> Iterator[Session[Any]]:
    """The session of a seeded random game after each number of decisions in `stops` (fewer if
    the game ends first), then at its end."""
    session = kit.new_session(options, seed)
    agents = [RandomAgent(seed * 10 + seat) for seat in range(len(session.state.players))]
    made = 0
    for stop in sorted(stops):
        while made < stop and not session.is_terminal():
            session.apply_action(agents[session.current_player()].choose(session))
            made += 1
        if session.is_terminal():
            break
        yield session
    while not session.is_terminal():
        session.apply_action(agents[session.current_player()].choose(session))
    yield session


def drawn(kit: GameKit, session: Session[Any], seat: int) -> ET.Element:
    """The picture the seat sees, parsed (it must be one well-formed `<svg>` with a viewBox)."""
    assert kit.observe is not None
    markup = picture(kit, kit.observe(session.state, seat))
    assert markup is not None
    root = ET.fromstring(markup)
    assert root.tag == f"{SVG}svg"
    width, height = (float(n) for n in root.attrib["viewBox"].split()[2:])
    assert width > 0 and height > 0
    return root


def classes(element: ET.Element) -> set[str]:
    return set(element.attrib.get("class", "").split())


def having(root: ET.Element, css_class: str) -> list[ET.Element]:
    """Every element (in document order) whose class list holds `css_class`."""
    return [e for e in root.iter() if css_class in classes(e)]


def count_by(elements: Sequence[ET.Element], attribute: str) -> Counter[str]:
    return Counter(e.attrib[attribute] for e in elements)


def title(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    assert found is not None and found.text, f"no title on {element.attrib}"
    return found.text


def cards_drawn(root: ET.Element, css_class: str = "pax-card") -> list[int]:
    return [int(e.attrib["data-card"]) for e in having(root, css_class)]


def all_text(root: ET.Element) -> str:
    """Every text the picture says, a line each."""
    return "\n".join("".join(e.itertext()) for e in root.iter(f"{SVG}text"))


def check_every_card_titled(root: ET.Element, kit: GameKit) -> int:
    """Every element carrying `data-card` is a card of the game with a title; a card drawn with
    its face shows its name there (an event by the side in effect is named by that side).
    Returns how many cards are drawn."""
    names = {c.number: {c.name, *(side.name for side in c.sides)} for c in kit.cards}
    marked = [e for e in root.iter() if "data-card" in e.attrib]
    for element in marked:
        number = int(element.attrib["data-card"])
        assert number in names, f"card {number} drawn is not a card of the game"
        said = title(element)
        assert any(name in said for name in names[number]), f"card {number} titled {said!r}"
    return len(marked)
