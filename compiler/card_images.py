"""`paxc cards GAME --svg DIR`: every card of a game drawn as an SVG image from its definition,
and one page showing them all with a search box.

A card shows its number, its type and its name in a band of its type's colour; its attributes as
badges (a label and its value: a list attribute's icons one after the other; a value too long
for a badge becomes a line of text); what it does, as `paxc render` says it (compiler/render.py),
ability titles in bold; each side of a double-sided card under its title; and at the foot its
provenance and the game. The layout is worked out here, with the widths of compiler/text_fit.py:
text is wrapped into lines that fit, and the body's text made smaller, step by step, until all
of it fits the card; what does not fit at the smallest size makes the card taller, never runs
off it. The SVG and the page are Jinja2 templates (templates/card.svg.jinja,
templates/cards_index.html.jinja) with escaping on, written whole or not at all
(compiler/pages.py). Only the latest version of a card with errata is drawn.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from paxc.compiler import ir, pages, render
from paxc.compiler.text_fit import FONT_FAMILY, Run, largest_size, width, wrap
from paxc.compiler.vocabulary import FieldSpec

INDEX = "index.html"
GENERATOR = "paxc cards"

# The card's size, in the units of the image: 63 x 88 mm, a standard card.
WIDTH = 360
HEIGHT = 504
FRAME = 7  # the coloured frame around the card
PAD = 16  # from the card's edge to its text
INNER = WIDTH - 2 * PAD
# The body's sizes, from the largest down in these steps, the first at which the body fits; at the
# last the card grows taller instead. A card that says little says it larger.
SCALES = tuple(s / 100 for s in range(130, 55, -5))
BODY_SIZE = 13.0  # text, at scale 1
BADGE_SIZE = 12.0  # badges
NAME_SIZES = (22, 15)  # the name on one line, from the first size down to the second
NAME_WRAPPED = 16  # the name over several lines
SMALL = 11.0  # the number, the type and the foot
PAPER = "#fbf8f1"
INK = "#1d2127"
MUTED = "#5b616b"
# A card type named after a colour is drawn in a shade of it dark enough for white text.
NAMED_COLOURS = {
    "black": "#2b2b2b",
    "orange": "#a84f18",
    "red": "#9b2d2d",
    "green": "#2e6b4c",
    "blue": "#2f5a9a",
    "purple": "#5c3f7d",
    "brown": "#6b4a2b",
    "grey": "#4d4d4d",
    "gray": "#4d4d4d",
}
# The colours of the other card types, in the order the game declares them (dark enough for white text).
PALETTE = (
    "#35598f",
    "#8b3a3a",
    "#2e6b4c",
    "#7a5a16",
    "#5c3f7d",
    "#1e6b75",
    "#3d3d7a",
    "#4d4d4d",
    "#6e2c5e",
    "#45622b",
)


@dataclass(frozen=True)
class Text:
    """One line of text: its baseline starts at (x, y) (ends there where `anchor` is "end")."""

    x: float
    y: float
    size: float
    runs: tuple[Run, ...]
    role: str  # what it is, a class of the SVG: name, type, number, badge-label, text, ...
    fill: str = INK
    anchor: str = "start"


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float
    fill: str
    role: str
    radius: float = 0.0
    outline: str | None = None


@dataclass
class Drawing:
    """What a card's image is made of, each placed; `height` is where the last ends."""

    texts: list[Text] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    height: float = 0.0

    def moved(self, dy: float) -> Drawing:
        return Drawing(
            [Text(t.x, t.y + dy, t.size, t.runs, t.role, t.fill, t.anchor) for t in self.texts],
            [Box(b.x, b.y + dy, b.width, b.height, b.fill, b.role, b.radius, b.outline) for b in self.boxes],
            self.height + dy,
        )


@dataclass(frozen=True)
class CardImage:
    number: int
    name: str
    file: str
    svg: Markup
    search: str  # what the page's search box looks in: the card's whole text, folded


# ---------------------------------------------------------------------- names and words


def file_name(card: ir.CardIR) -> str:
    """`0003-prince-akbar-khan.svg`: the number (unique in a game) keeps it apart and in order,
    the name, in lower-case ASCII letters and digits, says which card it is."""
    folded = unicodedata.normalize("NFKD", card.name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")[:40].strip("-")
    return f"{card.number:04d}-{slug or 'card'}.svg"


def fold(text: str) -> str:
    """Text as the search box compares it: lower case, accents dropped ("Díaz" is found by
    "diaz"), runs of white space one space. The page's script folds what is typed the same way."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return " ".join(bare.lower().split())


def type_title(card_type: str) -> str:
    """ "Court card", "Regime card": the card's type as `paxc render` heads it."""
    kind = render.words(card_type).capitalize()
    return kind if kind.endswith(" card") else kind + " card"


def _tint(colour: str, share: float) -> str:
    """The colour mixed with white, `share` of it kept."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * share):02x}" for c in rgb)


def _fitted(text: str, bold: bool, limit: float, biggest: float, smallest: float) -> tuple[str, float]:
    """The text at the largest size (down to `smallest`) that fits `limit` on one line; at the
    smallest, cut short with an ellipsis where it still does not."""
    size = largest_size(text, bold, limit, biggest, smallest)
    if size is not None:
        return text, size
    while text and width(text + "…", smallest, bold) > limit:
        text = text[:-1]
    return text + "…", smallest


# ---------------------------------------------------------------------- what a card says


@dataclass(frozen=True)
class _Badge:
    label: str
    values: tuple[str, ...]  # one, or a list attribute's icons
    said: str  # the value as a line of text says it, where it is too long for a badge


@dataclass(frozen=True)
class _Paragraph:
    runs: tuple[Run, ...]
    indent: int = 0  # steps of indentation: an ability's effects under its title


@dataclass(frozen=True)
class _Side:
    title: str


_Block = _Badge | _Paragraph | _Side


def _english_label(spec: FieldSpec, card_type: str) -> str:
    return spec.label if spec.label is not None else render.words(spec.name).capitalize()


@dataclass(frozen=True, slots=True)
class Wording:
    """How an image says a card: its type's title, an attribute's label and value, what its
    abilities say, and the whole text the page searches; English (`paxc render`) unless another
    language's renderer is given (`paxc cards --lang fr`)."""

    type_title: Callable[[str], str]
    label: Callable[[FieldSpec, str], str]  # (the attribute, the card's type)
    value: Callable[[FieldSpec, ir.Expr], str]
    abilities: Callable[[tuple[ir.AbilityIR, ...]], str]
    card_text: Callable[[ir.CardIR], str]


def _english_card_text(card: ir.CardIR) -> str:
    return render.card_text(card)


def french_wording(game: ir.GameIR) -> Wording:
    """The cards of `game` said in French (render_fr.MissingWording where its French lacks a word)."""
    from paxc.compiler import french
    from paxc.compiler.render_fr import FrenchRenderer

    renderer = FrenchRenderer(game.vocabulary)
    return Wording(
        lambda card_type: french.capital(renderer.card_type_noun(card_type).singular),
        renderer.label,
        renderer.attribute_value,
        renderer.abilities_text,
        renderer.card_text,
    )


def _english_type_title(card_type: str) -> str:
    return type_title(card_type)


ENGLISH = Wording(
    _english_type_title,
    _english_label,
    render.attribute_value_text,
    render.abilities_text,
    _english_card_text,
)


def _attribute_blocks(
    attributes: tuple[ir.AttributeValue, ...], card_type: str, wording: Wording
) -> list[_Block]:
    blocks: list[_Block] = []
    for attribute in attributes:
        spec = attribute.field
        label = wording.label(spec, card_type)
        value = attribute.value
        said = wording.value(spec, value)
        if isinstance(value, ir.ListConst) and value.items:
            items = tuple(wording.value(spec, item) for item in value.items)
            blocks.append(_Badge(label, items, said))
        else:
            blocks.append(_Badge(label, (said,), said))
    return blocks


def _ability_blocks(abilities: tuple[ir.AbilityIR, ...], wording: Wording) -> list[_Block]:
    """Each ability as `paxc render` words it: a titled ability's title in bold, its effects
    under it; an untitled one's effects."""
    blocks: list[_Block] = []
    for ability in abilities:
        lines = [line.strip() for line in wording.abilities((ability,)).splitlines() if line.strip()]
        if ability.title is not None and lines and lines[0].startswith(ability.title):
            blocks.append(_Paragraph((Run(lines[0], bold=True),)))
            blocks += [_Paragraph((Run(line),), indent=1) for line in lines[1:]]
        else:
            blocks += [_Paragraph((Run(line),)) for line in lines]
    return blocks


def card_blocks(card: ir.CardIR, wording: Wording | None = None) -> list[_Block]:
    """What the card's body shows, in order: its attributes, its abilities, then each side (the
    attributes it changes and its own abilities)."""
    wording = wording or ENGLISH
    blocks = _attribute_blocks(card.attributes, card.card_type, wording) + _ability_blocks(
        card.abilities, wording
    )
    printed = {a.field.name: a.value for a in card.attributes}
    for side in card.sides:
        blocks.append(_Side(side.title))
        changed = tuple(a for a in side.attributes if printed.get(a.field.name) != a.value)
        blocks += _attribute_blocks(changed, card.card_type, wording) + _ability_blocks(
            side.abilities, wording
        )
    return blocks


# ---------------------------------------------------------------------- laying it out


def _fits_a_badge(badge: _Badge) -> bool:
    """Whether the badge fits a line of the card at its own size (then at any smaller one too):
    decided at that size, so the same value is a badge whatever size the text of its card is."""
    pad = BADGE_SIZE * 0.55
    label = width(badge.label, BADGE_SIZE) + 2 * pad
    return all(label + width(value, BADGE_SIZE, bold=True) + 2 * pad <= INNER for value in badge.values)


class _Layout:
    """Blocks placed one under the other from y = 0, at a scale of the body's sizes."""

    def __init__(self, scale: float, colour: str) -> None:
        self.scale = scale
        self.colour = colour
        self.drawing = Drawing()
        self.y = 0.0
        self.row_x: float | None = None  # where the next badge goes in the current row of badges
        self.row_top = 0.0

    def place(self, blocks: list[_Block]) -> Drawing:
        for block in blocks:
            if isinstance(block, _Badge):
                self._badge(block)
                continue
            self._end_badges()
            if isinstance(block, _Side):
                self._side(block)
            else:
                self._paragraph(block.runs, block.indent)
        self._end_badges()
        self.drawing.height = self.y
        return self.drawing

    def _paragraph(self, runs: tuple[Run, ...], indent: int, fill: str = INK) -> None:
        size = BODY_SIZE * self.scale
        left = PAD + indent * 10 * self.scale
        lines = wrap(runs, size, WIDTH - PAD - left)
        leading = size * 1.3
        for line in lines:
            self.y += leading
            self.drawing.texts.append(Text(left, self.y - size * 0.3, size, line, "text", fill))
        self.y += size * 0.45

    def _side(self, side: _Side) -> None:
        size = BODY_SIZE * self.scale
        lines = wrap((Run(side.title, bold=True),), size, INNER - 12)
        top = self.y + size * 0.4
        height = len(lines) * size * 1.3 + size * 0.5
        self.drawing.boxes.append(
            Box(FRAME, top, WIDTH - 2 * FRAME, height, _tint(self.colour, 0.22), "side")
        )
        for index, line in enumerate(lines, start=1):
            baseline = top + size * 0.25 + index * size * 1.3 - size * 0.3
            self.drawing.texts.append(Text(PAD, baseline, size, line, "side-title"))
        self.y = top + height + size * 0.5

    def _badge(self, badge: _Badge) -> None:
        """A badge: the label and the first value joined, each further value (a list's icons) a
        badge of its own beside them, all on one row where they fit one; a new row where the
        next does not fit this one."""
        if not _fits_a_badge(badge):  # too long for a badge: a line of text, its label in bold
            self._end_badges()
            self._paragraph((Run(badge.label + ":", bold=True), Run(badge.said)), 0)
            return
        # Badges grow no larger than their own size: a card that says little says its text larger.
        size = BADGE_SIZE * min(self.scale, 1.0)
        pad = size * 0.55
        gap = 6 * min(self.scale, 1.0)
        height = size * 1.8
        baseline_below_top = height / 2 + size * 0.36
        label_width = width(badge.label, size) + 2 * pad
        widths = [width(value, size, bold=True) + 2 * pad for value in badge.values]
        group = label_width + sum(widths) + gap / 2 * (len(widths) - 1)
        if self.row_x is not None and self.row_x + group > WIDTH - PAD and group <= INNER:
            self.row_x = WIDTH  # kept together on a row of its own: the next row
        for index, (value, value_width) in enumerate(zip(badge.values, widths, strict=True)):
            first = index == 0
            whole = value_width + (label_width if first else 0)
            if self.row_x is None or self.row_x + whole > WIDTH - PAD:
                if self.row_x is not None:
                    self.y += gap / 2
                self.row_x, self.row_top = PAD, self.y
                self.y += height
            x, top = self.row_x, self.row_top
            if first:
                self.drawing.boxes.append(Box(x, top, whole, height, self.colour, "badge", radius=height / 2))
                label = Text(
                    x + pad, top + baseline_below_top, size, (Run(badge.label),), "badge-label", "#ffffff"
                )
                self.drawing.texts.append(label)
                x += label_width
            # A value after the first has the badge's colour around it, as the first has on its left.
            outline = None if first else self.colour
            self.drawing.boxes.append(
                Box(x, top, value_width, height, "#ffffff", "badge-value", height / 2, outline)
            )
            runs = (Run(value, bold=True),)
            self.drawing.texts.append(Text(x + pad, top + baseline_below_top, size, runs, "badge-value"))
            last = index == len(badge.values) - 1
            self.row_x = x + value_width + (gap if last else gap / 2)
        if group > INNER:
            self.row_x = WIDTH  # a list that took more than a row ends its last one

    def _end_badges(self) -> None:
        if self.row_x is not None:
            self.y += 8 * self.scale
            self.row_x = None


def _header(card: ir.CardIR, colour: str, wording: Wording) -> Drawing:
    """The band at the top: the number and type above the name, in the type's colour."""
    drawing = Drawing()
    number = f"#{card.number}"
    number_width = width(number, SMALL, bold=True)
    drawing.texts.append(Text(PAD, PAD + SMALL, SMALL, (Run(number, bold=True),), "number", "#ffffff"))
    title, title_size = _fitted(
        wording.type_title(card.card_type), False, INNER - number_width - 12, SMALL, 7
    )
    drawing.texts.append(
        Text(WIDTH - PAD, PAD + SMALL, title_size, (Run(title),), "type", "#ffffff", anchor="end")
    )
    y = PAD + SMALL + 6
    size = largest_size(card.name, True, INNER, *NAME_SIZES)
    lines: list[tuple[Run, ...]] = [(Run(card.name, bold=True),)] if size is not None else []
    if size is None:
        size = NAME_WRAPPED
        lines = wrap((Run(card.name, bold=True),), size, INNER)
    for line in lines:
        y += size * 1.2
        drawing.texts.append(Text(PAD, y - size * 0.22, size, line, "name", "#ffffff"))
    drawing.height = y + 10
    # Over the frame's inner edge too, so that no hairline of the paper shows between them.
    edge = FRAME - 1
    drawing.boxes.append(Box(edge, edge, WIDTH - 2 * edge, drawing.height - edge, colour, "header"))
    return drawing


def _foot(card: ir.CardIR, game_title: str, bottom: float, colour: str) -> Drawing:
    """The foot: the card's provenance in a badge, the game (and its erratum) at the right."""
    drawing = Drawing()
    height = SMALL * 1.7
    top = bottom - PAD - height + 4
    pad = SMALL * 0.55
    pill, pill_size = _fitted(card.provenance, False, INNER / 2 - 2 * pad, SMALL, 7)
    pill_width = width(pill, pill_size) + 2 * pad
    drawing.boxes.append(
        Box(PAD, top, pill_width, height, _tint(colour, 0.2), "provenance", radius=height / 2)
    )
    baseline = top + height / 2 + SMALL * 0.36
    drawing.texts.append(Text(PAD + pad, baseline, pill_size, (Run(pill),), "provenance", INK))
    said = game_title + (f" · erratum {card.version}" if card.version else "")
    said, size = _fitted(said, False, INNER - pill_width - 10, SMALL, 7)
    drawing.texts.append(Text(WIDTH - PAD, baseline, size, (Run(said),), "game", MUTED, anchor="end"))
    return drawing


def draw(card: ir.CardIR, game_title: str, colour: str, wording: Wording | None = None) -> Drawing:
    """The card's image, each part placed: the body at the largest scale at which it fits the
    card; at the smallest, the card as tall as it needs (its `height`)."""
    wording = wording or ENGLISH
    header = _header(card, colour, wording)
    top = header.height + 8
    foot_height = PAD + SMALL * 1.7 + 6
    blocks = card_blocks(card, wording)
    for scale in SCALES:
        body = _Layout(scale, colour).place(blocks)
        if top + body.height <= HEIGHT - foot_height:
            break
    height = max(HEIGHT, top + body.height + foot_height)
    whole = Drawing(header.texts, header.boxes)
    body = body.moved(top)
    foot = _foot(card, game_title, height, colour)
    whole.texts += body.texts + foot.texts
    whole.boxes += body.boxes + foot.boxes
    whole.height = height
    return whole


def colours(card_types: list[str]) -> dict[str, str]:
    """Each card type's colour: the one its name says, where it names one (Pax Porfiriana's
    black and orange cards), else the palette's, in the order the game declares the types."""
    found = {}
    others = iter(PALETTE[index % len(PALETTE)] for index in range(len(card_types)))
    for name in card_types:
        named = next((NAMED_COLOURS[word] for word in name.lower().split("_") if word in NAMED_COLOURS), None)
        found[name] = named if named is not None else next(others)
    return found


def card_image(card: ir.CardIR, game_title: str, colour: str, wording: Wording | None = None) -> CardImage:
    wording = wording or ENGLISH
    drawing = draw(card, game_title, colour, wording)
    svg = (
        pages.environment()
        .get_template("card.svg.jinja")
        .render(
            card=card,
            type_title=wording.type_title(card.card_type),
            game=game_title,
            width=WIDTH,
            height=round(drawing.height, 2),
            frame=FRAME,
            colour=colour,
            paper=PAPER,
            font=FONT_FAMILY,
            drawing=drawing,
            number=_number,
        )
    )
    return CardImage(
        card.number,
        card.name,
        file_name(card),
        Markup(svg),  # noqa: S704 - made by the template above, every value in it escaped
        fold(wording.card_text(card)),
    )


def _number(value: float) -> str:
    """A coordinate as the SVG says it: two decimals at most."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------- the folder


def images(game: ir.GameIR, wording: Wording | None = None) -> list[CardImage]:
    vocabulary = game.vocabulary
    by_type = colours(list(vocabulary.card_types))
    return [card_image(card, vocabulary.title, by_type[card.card_type], wording) for card in game.cards()]


def folder_files(game: ir.GameIR, drawn: list[CardImage]) -> dict[str, str]:
    """The folder's files by name: each card's SVG and the page of them all."""
    files = {image.file: f"{image.svg}\n" for image in drawn}
    files[INDEX] = (
        pages.environment()
        .get_template("cards_index.html.jinja")
        .render(title=game.vocabulary.title, cards=drawn, generator=GENERATOR)
    )
    return files


def write(game: ir.GameIR, folder: Path, wording: Wording | None = None) -> list[CardImage]:
    """Draw every card of `game` into `folder` (made, or replacing the images there) with the
    page of them all; whole, or on an error nothing changed. The images drawn."""
    drawn = images(game, wording)
    pages.write_folder(
        folder, folder_files(game, drawn), INDEX, GENERATOR, "card images of paxc", "the images"
    )
    return drawn
