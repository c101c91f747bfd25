"""Pax Pamir's board drawn from one seat's observation (`runtime/pamir/observe.py`): the map of
the six regions with their borders, tribes, armies, rulers and roads; the market with each card's
price and the rupees on it; every player's court with its spies, rupees, loyalty, gifts, prizes
and score; the seat's own hand and the other hands' sizes; the favored suit, the dominance checks
left, the events in effect and the deck's size.

Only the View is read, so nothing hidden can be drawn. Card facts (names, suits, regions, ranks)
come from the kit's card table; where the pieces go comes from the map's shapes below, drawn
roughly as the board lays the regions out (Transcaspia north, Persia west, Punjab east).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paxc.generated.pamir.vocabulary import Region
from paxc.runtime.core.observation import View
from paxc.runtime.pamir.scoring import TOTAL_CHECKS
from paxc.runtime.pamir.state import BORDERS, GIFT_COSTS, MARKET_COLUMNS
from paxc.runtime.web.pictures.svg import (
    CARD_W,
    INK,
    LINE,
    MUTED,
    WIDTH,
    Page,
    card_box,
    card_table,
    chip,
    counted,
    element,
    empty_space,
    escape,
    face_card,
    hand,
    player_colour,
    rect,
    rows_of,
    text,
    text_width,
)

# Coalition colours as on the board's blocks (British red, Russian yellow, Afghan green), each
# with its ink; blocks carry the coalition's initial too.
COALITION_COLOURS: Mapping[str, tuple[str, str]] = {
    "Afghan": ("#2e8b3e", "#ffffff"),
    "British": ("#c0392b", "#ffffff"),
    "Russian": ("#f1c40f", "#1f2328"),
}
SUIT_COLOURS: Mapping[str, str] = {
    "Economic": "#3f8f4f",
    "Intelligence": "#2f6fa8",
    "Military": "#b03a2e",
    "Political": "#a8781e",
}
OTHER_CARD = "#6c6f75"  # events and dominance checks

MAP_TOP = 0.0
MAP_HEIGHT = 350.0
Point = tuple[float, float]

# The shapes of the regions (the picture's coordinates, the map 760 wide), sharing their corners
# where two regions meet: each border of BORDERS is a stretch of both outlines. The corner north
# of Punjab and east of Transcaspia is mountains, outside the game.
_CORNERS: Mapping[str, Point] = {
    "persia_herat_north": (190, 112),
    "herat_kabul_north": (372, 120),
    "kabul_punjab_north": (560, 104),
    "herat_kabul_kandahar": (392, 236),
    "kabul_kandahar_punjab": (590, 226),
    "herat_kandahar_south": (352, 350),
    "persia_herat_south": (176, 350),
    "kandahar_punjab_south": (640, 350),
}
_C = _CORNERS
SHAPES: Mapping[Region, tuple[Point, ...]] = {
    Region.TRANSCASPIA: (
        (0, 0),
        (604, 0),
        (582, 56),
        _C["kabul_punjab_north"],
        (470, 128),
        _C["herat_kabul_north"],
        (282, 102),
        _C["persia_herat_north"],
        (92, 124),
        (0, 114),
    ),
    Region.PERSIA: (
        (0, 114),
        (92, 124),
        _C["persia_herat_north"],
        (206, 236),
        _C["persia_herat_south"],
        (0, 350),
    ),
    Region.HERAT: (
        _C["persia_herat_north"],
        (282, 102),
        _C["herat_kabul_north"],
        (396, 176),
        _C["herat_kabul_kandahar"],
        (360, 290),
        _C["herat_kandahar_south"],
        _C["persia_herat_south"],
        (206, 236),
    ),
    Region.KABUL: (
        _C["herat_kabul_north"],
        (470, 128),
        _C["kabul_punjab_north"],
        (586, 166),
        _C["kabul_kandahar_punjab"],
        (488, 246),
        _C["herat_kabul_kandahar"],
        (396, 176),
    ),
    Region.KANDAHAR: (
        _C["herat_kabul_kandahar"],
        (488, 246),
        _C["kabul_kandahar_punjab"],
        (618, 300),
        _C["kandahar_punjab_south"],
        _C["herat_kandahar_south"],
        (360, 290),
    ),
    Region.PUNJAB: (
        _C["kabul_punjab_north"],
        (660, 86),
        (760, 104),
        (760, 350),
        _C["kandahar_punjab_south"],
        (618, 300),
        _C["kabul_kandahar_punjab"],
        (586, 166),
    ),
}
REGION_GROUND: Mapping[Region, str] = {
    Region.TRANSCASPIA: "#e9e1c9",
    Region.PERSIA: "#efe0c4",
    Region.HERAT: "#e3dcc0",
    Region.KABUL: "#ece4cc",
    Region.KANDAHAR: "#e6d7b8",
    Region.PUNJAB: "#e1e2c4",
}
# Where each region's name and pieces go: (left, top, width) inside its shape.
ROOM: Mapping[Region, tuple[float, float, float]] = {
    Region.TRANSCASPIA: (150, 8, 400),
    Region.PERSIA: (8, 134, 170),
    Region.HERAT: (206, 126, 150),
    Region.KABUL: (404, 136, 170),
    Region.KANDAHAR: (380, 256, 230),
    Region.PUNJAB: (600, 112, 154),
}


# Where each border's roads are drawn: a point on the stretch the two outlines share.
ROAD_AT: Mapping[frozenset[Region], Point] = {
    frozenset({Region.HERAT, Region.KABUL}): (394, 172),
    frozenset({Region.HERAT, Region.KANDAHAR}): (366, 290),
    frozenset({Region.HERAT, Region.PERSIA}): (200, 258),
    frozenset({Region.HERAT, Region.TRANSCASPIA}): (282, 104),
    frozenset({Region.KABUL, Region.KANDAHAR}): (488, 246),
    frozenset({Region.KABUL, Region.PUNJAB}): (586, 170),
    frozenset({Region.KABUL, Region.TRANSCASPIA}): (470, 128),
    frozenset({Region.KANDAHAR, Region.PUNJAB}): (618, 300),
    frozenset({Region.PERSIA, Region.TRANSCASPIA}): (92, 122),
}


def draw(kit: Any, view: View) -> str:
    cards = card_table(kit)
    public = view.public
    players: Sequence[Mapping[str, Any]] = public["players"]
    wakhan = public.get("wakhan")
    wakhan_seat = None if wakhan is None else wakhan["seat"]
    names = [_seat_name(seat, wakhan_seat) for seat in range(len(players))]
    page = Page(f"Pax Pamir, turn {public['turn_number']}")
    _summary(page, public, view.hidden, names)
    _map(page, public, names)
    _market(page, cards, public)
    _players(page, cards, public, view.hidden, names, wakhan)
    hand(
        page,
        view.own.get("hand", []),
        COURT_H,
        lambda number, x, y: _card(cards, number, x, y, COURT_H, "pax-card hand-card"),
    )
    _events(page, cards, public, names)
    return page.svg("pamir")


def _seat_name(seat: int, wakhan_seat: int | None) -> str:
    return f"P{seat} Wakhan" if seat == wakhan_seat else f"P{seat}"


def _summary(page: Page, public: Mapping[str, Any], hidden: Mapping[str, Any], names: Sequence[str]) -> None:
    resolved = public["dominance_checks_resolved"]
    if public["over"]:
        winner = public["winner"]
        whose = "game over" + ("" if winner is None else f", {names[winner]} wins")
    else:
        whose = f"{names[public['active']]} to play"
    line = (
        f"Turn {public['turn_number']} · {whose} · dominance checks: {resolved} of {TOTAL_CHECKS} "
        f"resolved, {TOTAL_CHECKS - resolved} left · deck: {hidden.get('deck', 0)} cards"
    )
    parts = [text(8, 20, line, 14, weight="600", room=WIDTH - 16)]
    favored = public["favored_suit"]
    parts.append(text(8, 42, "favored suit:", 12, MUTED))
    body, width = chip(
        90, 30, favored, SUIT_COLOURS.get(favored, OTHER_CARD), "#ffffff", 12, class_="favored"
    )
    parts.append(body)
    actions = f"actions taken this turn: {public['turn']['actions_taken']}"
    parts.append(
        text(
            90 + width + 14, 42, f"{actions} · discard: {counted(len(public['discard']), 'card')}", 12, MUTED
        )
    )
    page.add(f'<g class="summary">{"".join(parts)}</g>', 54)


def _map(page: Page, public: Mapping[str, Any], names: Sequence[str]) -> None:
    top = page.height
    parts = [f'<g class="map" transform="translate(0,{top:.0f})">']
    parts.append(rect(0, 0, WIDTH, MAP_HEIGHT, "#cfc6ad"))  # the mountains beyond the six regions
    parts.append(text(WIDTH - 8, 30, "(mountains)", 11, MUTED, anchor="end"))
    for region, shape in SHAPES.items():
        points = " ".join(f"{x:.0f},{y:.0f}" for x, y in shape)
        parts.append(
            element(
                "polygon",
                points=points,
                fill=REGION_GROUND[region],
                stroke=LINE,
                stroke_width=2,
                stroke_linejoin="round",
                class_="region",
                data_region=region.value,
            )
        )
    for region in SHAPES:
        parts.append(_region(region, public["map"][region.value], names))
    for a, b in BORDERS:
        parts.append(_roads(a, b, public["roads"][f"{a.value}-{b.value}"]))
    parts.append("</g>")
    page.add("".join(parts), MAP_HEIGHT + 8)


PIECE = 24  # the room a tribe or an army takes on the map, side by side


def _region(region: Region, held: Mapping[str, Any], names: Sequence[str]) -> str:
    left, top, width = ROOM[region]
    parts = [f'<g class="region-pieces" data-region="{escape(region.value)}">']
    parts.append(text(left, top + 16, region.value, 15, INK, weight="700"))
    y = top + 24
    ruler = held["ruler"]
    if ruler is not None:
        fill, ink = player_colour(ruler)
        said = f"ruled by {names[ruler]}"
        x = left + text_width(region.value, 15, bold=True) + 10
        if x + text_width(said, 10, bold=True) + 10 > left + width:  # no room beside the name: below it
            x, y = left, y + 20
        body, _ = chip(x, y - 21, said, fill, ink, 10, class_="ruler", data_player=ruler)
        parts.append(body)
    x = left
    # Tribes: a round piece in the owner's colour, marked with the seat's number.
    for seat, count in enumerate(held["tribes"]):
        fill, ink = player_colour(seat)
        for _ in range(count):
            if x + PIECE > left + width:
                x, y = left, y + PIECE
            parts.append(
                f'<g class="tribe" data-player="{seat}"><title>tribe of {escape(names[seat])}</title>'
                + element(
                    "circle",
                    cx=f"{x + 11:.1f}",
                    cy=f"{y + 11:.1f}",
                    r=10,
                    fill=fill,
                    stroke=INK,
                    stroke_width=1,
                )
                + text(x + 11, y + 15.5, seat, 12, ink, anchor="middle", weight="700")
                + "</g>"
            )
            x += PIECE
    if x > left:
        x, y = left, y + PIECE
    # Armies: a square block in the coalition's colour, marked with its initial.
    for coalition, count in held["armies"].items():
        fill, ink = COALITION_COLOURS.get(coalition, ("#888888", "#ffffff"))
        for _ in range(count):
            if x + PIECE > left + width:
                x, y = left, y + PIECE
            parts.append(
                f'<g class="army" data-coalition="{escape(coalition)}"><title>{escape(coalition)} army</title>'
                + rect(x + 1, y + 1, 20, 20, fill, INK, stroke_width=1, rx=2)
                + text(x + 11, y + 15.5, coalition[0], 12, ink, anchor="middle", weight="700")
                + "</g>"
            )
            x += PIECE
    parts.append("</g>")
    return "".join(parts)


def _roads(a: Region, b: Region, roads: Mapping[str, int]) -> str:
    """The roads on a border: bars in the coalition's colour, across the border's middle."""
    pieces = [(coalition, n) for coalition, count in roads.items() for n in range(count)]
    if not pieces:
        return ""
    cx, cy = ROAD_AT[frozenset({a, b})]
    x = cx - (len(pieces) * 14) / 2
    parts = [f'<g class="roads" data-border="{escape(a.value)}-{escape(b.value)}">']
    for coalition, _ in pieces:
        fill, ink = COALITION_COLOURS.get(coalition, ("#888888", "#ffffff"))
        parts.append(
            f'<g class="road" data-coalition="{escape(coalition)}">'
            f"<title>{escape(coalition)} road ({escape(a.value)}–{escape(b.value)})</title>"
            + rect(x, cy - 9, 12, 18, fill, INK, stroke_width=1.2, rx=2)
            + text(x + 6, cy + 4, coalition[0], 9, ink, anchor="middle", weight="700")
            + "</g>"
        )
        x += 14
    parts.append("</g>")
    return "".join(parts)


MARKET_H = 106.0
COURT_H = 92.0


def _card(
    cards: Mapping[int, Any],
    number: int,
    x: float,
    y: float,
    h: float,
    css_class: str,
    price: str = "",
    on_it: str = "",
) -> str:
    """A card of the market, a court or a hand: its suit's band, name, region, rank and patriot,
    and what lies on it (`on_it`, drawn in the card's own coordinates)."""
    printed = cards.get(number)
    name = printed.name if printed is not None else f"card {number}"
    suit = getattr(printed, "suit", None)
    kind = getattr(getattr(printed, "card_type", None), "value", "")
    band_label = suit.value if suit is not None else kind.replace("_", " ")
    facts = []
    region = getattr(printed, "region", None)
    rank = getattr(printed, "rank", None)
    where = [region.value] if region is not None else []
    if rank:
        where.append(f"rank {rank}")
    if where:
        facts.append(" · ".join(where))
    patriot = getattr(printed, "patriot", None)
    if patriot is not None:
        facts.append(f"{patriot.value} patriot")
    band = (band_label, SUIT_COLOURS.get(band_label, OTHER_CARD))
    return face_card(number, name, x, y, h, band, facts, price, on_it, css_class)


def _coins(x: float, y: float, count: int, css_class: str, width: float) -> str:
    """Rupees: gold coins in one line fitting `width` (overlapping when many), and their count."""
    room = width - 30  # the count's place at the right
    step = min(11.0, (room - 10) / max(1, count - 1))
    parts = [
        element(
            "circle",
            cx=f"{x + 5 + index * step:.1f}",
            cy=f"{y:.1f}",
            r=5,
            fill="#e0b23a",
            stroke="#7a5a10",
            class_=css_class,
        )
        for index in range(count)
    ]
    if count:
        parts.append(text(x + width - 4, y + 4, f"{count}r", 10, INK, anchor="end", weight="700"))
    return "".join(parts)


def _market(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any]) -> None:
    # The printed price, as the rules count it (the view's rupees a column); what abilities in
    # effect take off or add is said by the purchase options.
    per_card = public["rupees_per_column"]
    page.heading("Market", "price in rupees at the top right; coins: rupees lying on the card")
    top = page.height
    parts = ['<g class="market">']
    for row, numbers in enumerate(public["market"]):
        y = top + row * (MARKET_H + 8)
        for column, number in enumerate(numbers[:MARKET_COLUMNS]):
            x = 8 + column * (CARD_W + 8)
            rupees = public["market_rupees"][row][column]
            parts.append(f'<g class="market-space" data-row="{row}" data-column="{column}">')
            if number is None:
                parts.append(empty_space(x, y, CARD_W, MARKET_H, LINE))
            else:
                parts.append(
                    _card(cards, number, x, y, MARKET_H, "pax-card market-card", f"{column * per_card}r")
                )
            parts.append(_coins(x + 6, y + MARKET_H - 12, rupees, "market-rupee", CARD_W - 6))
            parts.append("</g>")
    parts.append("</g>")
    page.add("".join(parts), 2 * (MARKET_H + 8))


def _players(
    page: Page,
    cards: Mapping[int, Any],
    public: Mapping[str, Any],
    hidden: Mapping[str, Any],
    names: Sequence[str],
    wakhan: Mapping[str, Any] | None,
) -> None:
    hands = hidden.get("hands", [])
    wakhan_seat = None if wakhan is None else wakhan["seat"]
    for seat, player in enumerate(public["players"]):
        fill, ink = player_colour(seat)
        top = page.height
        parts = [f'<g class="player" data-player="{seat}">']
        parts.append(rect(0, top, WIDTH, 2, fill))
        body, width = chip(8, top + 8, names[seat], fill, ink, 14)
        parts.append(body)
        x = 8 + width + 8
        loyalty = player["loyalty"]
        if seat == wakhan_seat:
            loyalty_chip = ("loyal to every coalition", "#555555", "#ffffff")
        elif loyalty is None:
            loyalty_chip = ("no loyalty yet", "#d8d2c4", INK)
        else:
            loyalty_chip = (f"{loyalty} loyalty", *COALITION_COLOURS.get(loyalty, ("#888888", "#ffffff")))
        body, width = chip(
            x, top + 9, loyalty_chip[0], loyalty_chip[1], loyalty_chip[2], 11, class_="loyalty"
        )
        parts.append(body)
        x += width + 8
        if not public["over"] and seat == public["active"]:
            body, width = chip(x, top + 9, "to play", INK, "#ffffff", 11)
            parts.append(body)
            x += width + 8
        hand = hands[seat] if seat < len(hands) else 0
        gifts = ", ".join(f"{cost}r" for cost in player["gifts"]) or "none"
        prizes = len(player["prizes"])
        facts = (
            f"{counted(player['score'], 'point')} · {counted(player['rupees'], 'rupee')} · gifts: {gifts} (of {len(GIFT_COSTS)}) · "
            f"prizes: {prizes} · {player['cylinders_in_supply']} cylinders in supply · hand: {counted(hand, 'card')}"
        )
        if seat == wakhan_seat and wakhan is not None:
            facts += f" · AI deck: {counted(wakhan['ai_deck_size'], 'card')}"
        parts.append(text(8, top + 44, facts, 12, INK, room=WIDTH - 16, class_="player-facts"))
        y = top + 54
        if seat == wakhan_seat and wakhan is not None and wakhan["face_up"]:
            # The AI card she reads: its front is in view (its back belongs to the next card).
            front = wakhan["face_up"][-1]
            said = f"AI card in view: {cards[front].name if front in cards else front}"
            body = text(8, 13, said, 11, INK, room=WIDTH - 30)
            parts.append(card_box(front, said, 8, y, WIDTH - 16, 18, body, "pax-card ai-card"))
            y += 24
        court: Sequence[int] = player["court"]
        if not court:
            parts.append(text(8, y + 14, "court: empty", 11, MUTED))
            y += 22
        for row in rows_of(court, 6):
            for column, number in enumerate(row):
                x = 8 + column * (CARD_W + 8)
                spies = _spies(public["spies"].get(str(number), []), 0, COURT_H - 14, names)
                parts.append(_card(cards, number, x, y, COURT_H, "pax-card court-card", on_it=spies))
            y += COURT_H + 8
        for number, side in player["events"]:
            said = _side_name(cards, number, side)
            body = text(8, 13, f"event in effect: {said}", 11, INK, room=WIDTH - 30)
            parts.append(card_box(number, said, 8, y, WIDTH - 16, 18, body, "pax-card event"))
            y += 22
        parts.append("</g>")
        page.add("".join(parts), y - top + 6)


def _spies(spies: Sequence[int], x: float, y: float, names: Sequence[str]) -> str:
    """The spies on a court card: a round piece per spy, its owner's colour and number."""
    parts = []
    cx = x + 6
    for seat, count in enumerate(spies):
        fill, ink = player_colour(seat)
        for _ in range(count):
            parts.append(
                f'<g class="spy" data-player="{seat}"><title>spy of {escape(names[seat])}</title>'
                + element(
                    "circle",
                    cx=f"{cx + 6:.1f}",
                    cy=f"{y + 6:.1f}",
                    r=6,
                    fill=fill,
                    stroke=INK,
                    stroke_width=1,
                )
                + text(cx + 6, y + 9.5, seat, 8.5, ink, anchor="middle", weight="700")
                + "</g>"
            )
            cx += 14
    return "".join(parts)


def _side_name(cards: Mapping[int, Any], number: int, side: int) -> str:
    printed = cards.get(number)
    if printed is None:
        return f"card {number}"
    sides = getattr(printed, "sides", ())
    return str(sides[side].name) if side < len(sides) else str(printed.name)


def _events(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any], names: Sequence[str]) -> None:
    """The events in effect for everybody, and the lasting effects cards started (a player's own
    events are drawn with that player)."""
    shown: list[tuple[int, str]] = []
    for number, side, by in public["events_for_everybody"]:
        who = "" if by is None else f" (by {names[by]})"
        shown.append((number, f"{_side_name(cards, number, side)}{who}"))
    for number, _ability, owner, until, _armed in public["lasting"]:
        printed = cards.get(number)
        name = printed.name if printed is not None else f"card {number}"
        shown.append((number, f"{name} (of {names[owner]}) until {str(until).replace('_', ' ')}"))
    if not shown:
        return
    page.heading("Events in effect")
    top = page.height
    parts = []
    for index, (number, said) in enumerate(shown):
        body = text(8, 13, said, 11, INK, room=WIDTH - 30)
        parts.append(card_box(number, said, 8, top + index * 22, WIDTH - 16, 18, body, "pax-card event"))
    page.add("".join(parts), len(shown) * 22 + 4)
