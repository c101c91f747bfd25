"""Drawing helpers both games' pictures share: escaped SVG elements, text that fits its room,
cards that carry their number and name, the players' colours, and a page laid out top to bottom.

Every text put into markup goes through `escape`; every card drawn is a group of the
class `pax-card` (class names of its own: the page's `card` is not the picture's) with
`data-card="<number>"` and a `<title>` holding its name (the page shows the card's text when it
is hovered or tapped). Colours never carry meaning alone: each piece or chip is labelled too.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

WIDTH = 760  # the viewBox's width: the picture scales to whatever width the page gives it
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
INK = "#1f2328"
MUTED = "#57606a"
PAPER = "#fbf7ee"
LINE = "#8c7b5e"

# Players' colours (Okabe and Ito's palette, told apart with the common colour blindnesses), each
# with the ink readable on it. Pieces carry their seat's number as well.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("#0072B2", "#ffffff"),  # blue
    ("#E69F00", "#1f2328"),  # orange
    ("#CC79A7", "#1f2328"),  # reddish purple
    ("#333333", "#ffffff"),  # black
    ("#8a5a2b", "#ffffff"),  # brown
    ("#009E73", "#ffffff"),  # bluish green
)


def player_colour(seat: int) -> tuple[str, str]:
    """(fill, ink) of a seat's pieces."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def escape(text: object) -> str:
    """Text made safe for markup, in an element or an attribute."""
    return html.escape(str(text), quote=True)


def attributes(values: Mapping[str, object]) -> str:
    """` name="value"` for each value not None (underscores in names become dashes)."""
    return "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(value)}"'
        for name, value in values.items()
        if value is not None
    )


def element(tag: str, content: str = "", /, **values: object) -> str:
    said = attributes(values)
    return f"<{tag}{said}>{content}</{tag}>" if content else f"<{tag}{said}/>"


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Roughly how wide `text` is in a sans-serif font of `size` (measured on Chromium's sans-serif;
    it decides when a text is squeezed into its room, and how wide a chip is)."""
    width = sum(
        0.3 if c in " .,:;'!|ilfjt·" else 0.7 if c.isupper() or c in "mw" else 0.64 if c.isdigit() else 0.57
        for c in text
    )
    return width * size * (1.15 if bold else 1.0)


def text(
    x: float,
    y: float,
    said: object,
    size: float = 12,
    fill: str = INK,
    anchor: str = "start",
    weight: str | None = None,
    room: float | None = None,
    **values: object,
) -> str:
    """One line of text at (x, y) (its baseline); squeezed to `room` when it would be wider."""
    words = str(said)
    squeeze: dict[str, object] = {}
    if room is not None and text_width(words, size, weight is not None) > room:
        squeeze = {"textLength": f"{room:.0f}", "lengthAdjust": "spacingAndGlyphs"}
    return element(
        "text",
        escape(words),
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        font_size=size,
        fill=fill,
        text_anchor=None if anchor == "start" else anchor,
        font_weight=weight,
        **squeeze,
        **values,
    )


def wrap(words: str, room: float, size: float, lines: int) -> list[str]:
    """`words` broken into at most `lines` lines fitting `room` (the last one squeezed if need be)."""
    out: list[str] = []
    current = ""
    for word in words.split():
        tried = f"{current} {word}".strip()
        if current and text_width(tried, size) > room and len(out) < lines - 1:
            out.append(current)
            current = word
        else:
            current = tried
    if current:
        out.append(current)
    return out


def rect(
    x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None, **values: object
) -> str:
    return element(
        "rect",
        x=f"{x:.1f}",
        y=f"{y:.1f}",
        width=f"{w:.1f}",
        height=f"{h:.1f}",
        fill=fill,
        stroke=stroke,
        **values,
    )


def empty_space(x: float, y: float, w: float, h: float, stroke: str) -> str:
    """A market space with no card: its outline dashed."""
    return rect(x, y, w, h, "none", stroke, rx=5, stroke_dasharray="4 3", class_="empty-space")


def chip(
    x: float, y: float, label: str, fill: str, ink: str, size: float = 11, **values: object
) -> tuple[str, float]:
    """A rounded label on a coloured ground; returns its markup and its width."""
    inside = text_width(label, size, bold=True)
    width = inside + 10
    body = rect(x, y, width, size + 6, fill, "#00000040", rx=4, **values) + text(
        x + 5, y + size + 1.5, label, size, ink, weight="600", room=inside - 0.5
    )
    return body, width


def card_box(
    number: int,
    name: str,
    x: float,
    y: float,
    w: float,
    h: float,
    body: str,
    css_class: str = "pax-card",
    **values: object,
) -> str:
    """A card: a group carrying its number and name (the `<title>` the page shows on hover),
    holding `body` (what is drawn on it, placed in the card's own coordinates)."""
    return (
        f'<g class="{escape(css_class)}" data-card="{number}"{attributes(values)} cursor="help" '
        f'transform="translate({x:.1f},{y:.1f})">'
        f"<title>{escape(name)}</title>"
        + rect(0, 0, w, h, "#ffffff", LINE, rx=5, stroke_width=1)
        + body
        + "</g>"
    )


CARD_W = (WIDTH - 8 * 7) / 6  # six cards a row, 8 apart


def face_card(
    number: int,
    name: str,
    x: float,
    y: float,
    h: float,
    band: tuple[str, str],
    facts: Sequence[str] = (),
    price: str = "",
    on_it: str = "",
    css_class: str = "pax-card",
    w: float = CARD_W,
) -> str:
    """A card as the tables show it: a coloured band with its kind (`band`: label, colour) and
    its price if any, its name on two lines, a line for each fact, and what lies on it (`on_it`,
    drawn in the card's own coordinates)."""
    label, colour = band
    body = [rect(0, 0, w, 17, colour, None, rx=5), rect(0, 10, w, 7, colour)]
    body.append(text(6, 13, label, 10, "#ffffff", weight="700", room=w - 40))
    if price:
        body.append(text(w - 6, 13, price, 11, "#ffffff", anchor="end", weight="700", class_="price"))
    for index, line in enumerate(wrap(name, w - 10, 11, 2 if facts else 3)):
        body.append(text(6, 31 + index * 13, line, 11, INK, weight="600", room=w - 10))
    for index, fact in enumerate(facts[: max(0, int((h - 50) // 12))]):  # the lines there is room for
        body.append(text(6, 59 + index * 12, fact, 10, MUTED, room=w - 10))
    return card_box(number, name, x, y, w, h, "".join(body) + on_it, css_class)


@dataclass
class Page:
    """A picture laid out from top to bottom: each part is drawn at the height reached so far."""

    title: str
    parts: list[str] = field(default_factory=list)
    height: float = 0.0

    def add(self, markup: str, height: float) -> None:
        self.parts.append(markup)
        self.height += height

    def heading(self, words: str, note: str = "") -> None:
        y = self.height + 20
        said = text(8, y, words, 15, weight="700")
        if note:
            after = 8 + text_width(words, 15, bold=True) + 12
            said += text(after, y, note, 11, MUTED, room=WIDTH - after - 8)
        self.add(said, 28)

    def svg(self, game: str) -> str:
        height = self.height + 8
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="100%" '
            f'class="pax-picture" data-game="{escape(game)}" role="img" aria-label="{escape(self.title)}" '
            f'font-family="{escape(FONT)}">'
            f"<title>{escape(self.title)}</title>"
            + rect(0, 0, WIDTH, height, PAPER)
            + "".join(self.parts)
            + "</svg>"
        )


def card_table(kit: Any) -> Mapping[int, Any]:
    """The game's cards by number, in the versions the game plays (`kit.cards_in_play`, else
    `kit.cards`)."""
    if kit.cards_in_play:
        return dict(kit.cards_in_play)
    return {c.number: c for c in kit.cards}


def rows_of(items: Sequence[Any], per_row: int) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), per_row):
        yield items[start : start + per_row]


def counted(count: int, thing: str) -> str:
    """`1 card`, `3 cards`: the things the pictures count are all nouns with a plain plural."""
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def hand(
    page: Page, numbers: Sequence[int], card_height: float, draw_card: Callable[[int, float, float], str]
) -> None:
    """The seat's own hand, six cards a row; `draw_card(number, x, y)` draws one in the game's way."""
    page.heading("Your hand", counted(len(numbers), "card") if numbers else "empty")
    top = page.height
    parts = ['<g class="hand">']
    y = top
    for row in rows_of(numbers, 6):
        for column, number in enumerate(row):
            parts.append(draw_card(number, 8 + column * (CARD_W + 8), y))
        y += card_height + 8
    parts.append("</g>")
    page.add("".join(parts), y - top)
