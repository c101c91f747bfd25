"""Pax Porfiriana's table drawn from one seat's observation (`runtime/porfiriana/observe.py`): the
regime in force and its stack, the values it sets, depression and topples; the market with each
card's price and the speculation cubes on it; the public cards and the piles; each player's row
(every card with its income and prestige cubes, unrest, troop, connection and extortion), private
army, prestige stack and points, gold, cubes and hand size; the seat's own hand; Díaz in the
solitaire.

Only the View is read, so nothing hidden can be drawn; what the rules count (a player's prestige
points, the mine and economy values) is the view's, never counted again here. Card facts (names,
kinds, costs, districts, factions, prestige points printed, regimes) come from the kit's card
table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paxc.runtime.core.observation import View
from paxc.runtime.porfiriana.state import COLUMN_COSTS, TOPPLES_IN_GAME
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
    empty_space,
    escape,
    face_card,
    hand,
    player_colour,
    rect,
    rows_of,
    text,
)

KIND_COLOURS: Mapping[str, str] = {
    "enterprise": "#3f7f4f",
    "partner": "#2f6fa8",
    "troop": "#5f6368",
    "black": "#26282b",
    "orange": "#d0661a",
    "headline": "#8a6d3b",
    "topple": "#7a1f1f",
    "hacendado": "#a8781e",
    "regime_card": "#5a3e8e",
    "public": "#2f8a96",
}
REGIME_COLOURS: Mapping[str, tuple[str, str]] = {
    "Pax": ("#2f8a96", "#ffffff"),
    "US_Intervention": ("#2f6fa8", "#ffffff"),
    "Martial_Law": ("#26282b", "#ffffff"),
    "Anarchy": ("#c0392b", "#ffffff"),
}
MARKET_H = 104.0
ROW_H = 156.0
SMALL_H = 92.0


def draw(kit: Any, view: View) -> str:
    cards = card_table(kit)
    public = view.public
    solitaire = bool(public["variants"]["solitaire"])
    names = [_seat_name(seat, solitaire) for seat in range(len(public["players"]))]
    page = Page(f"Pax Porfiriana, turn {public['turn_number']}")
    _summary(page, cards, public, view.hidden, names)
    _regimes(page, cards, public)
    _market(page, cards, public, names)
    _public_cards(page, cards, public)
    _players(page, cards, public, view.hidden, names)
    hand(
        page,
        view.own.get("hand", []),
        SMALL_H,
        lambda number, x, y: _card(cards, number, x, y, SMALL_H, "pax-card hand-card"),
    )
    _lasting(page, cards, public, names)
    return page.svg("porfiriana")


def _seat_name(seat: int, solitaire: bool) -> str:
    # Díaz sits at seat 1 in the solitaire (rules chapter L; runtime/porfiriana/solitaire.py).
    return "P1 Díaz" if solitaire and seat == 1 else f"P{seat}"


def _name(cards: Mapping[int, Any], number: int) -> str:
    printed = cards.get(number)
    return str(printed.name) if printed is not None else f"card {number}"


def _words(value: object) -> str:
    return str(getattr(value, "value", value)).replace("_", " ")


def _summary(
    page: Page,
    cards: Mapping[int, Any],
    public: Mapping[str, Any],
    hidden: Mapping[str, Any],
    names: Sequence[str],
) -> None:
    if public["over"]:
        winner = public["winner"]
        whose = "game over" + ("" if winner is None else f", {names[winner]} wins")
    else:
        left = public["turn"]["actions_left"]
        whose = f"{names[public['active']]} to play, {counted(left, 'action')} left"
    line = (
        f"Turn {public['turn_number']} · {whose} · topples: {public['topples']} of {TOPPLES_IN_GAME} · "
        f"deck: {counted(hidden.get('deck', 0), 'card')} · box: {hidden.get('box', 0)}"
    )
    parts = [text(8, 20, line, 14, weight="600", room=WIDTH - 16)]
    regime = cards.get(public["regimes"][0]) if public["regimes"] else None
    kind = getattr(getattr(regime, "regime", None), "value", "none")
    parts.append(text(8, 42, "regime:", 12, MUTED))
    fill, ink = REGIME_COLOURS.get(kind, ("#888888", "#ffffff"))
    body, width = chip(58, 30, _words(kind), fill, ink, 12, class_="regime", data_regime=kind)
    parts.append(body)
    said = f"mine value {public['mine_value']} · economy value {public['economy_value']}"
    parts.append(text(58 + width + 10, 42, said, 12, INK))
    if public["depression"]:
        body, _ = chip(WIDTH - 110, 30, "DEPRESSION", "#c0392b", "#ffffff", 12, class_="depression")
        parts.append(body)
    variants = [name.replace("_", " ") for name, on in public["variants"].items() if on]
    if variants:
        parts.append(text(8, 62, "variants: " + ", ".join(variants), 11, MUTED))
    page.add(f'<g class="summary">{"".join(parts)}</g>', 72 if variants else 54)


def _card(
    cards: Mapping[int, Any],
    number: int,
    x: float,
    y: float,
    h: float,
    css_class: str,
    side: int | None = None,
    price: str = "",
    on_it: str = "",
) -> str:
    """A card by the side it shows: its kind's band, name (and side's), cost, district, faction,
    income or firepower, and the prestige points printed on it."""
    printed = cards.get(number)
    name = _name(cards, number)
    kind = _words(getattr(printed, "card_type", ""))
    face = printed
    facts = []
    sides = getattr(printed, "sides", ())
    if side is not None and side < len(sides):
        face = sides[side]
        facts.append(f"side: {face.name}")
    amounts = [
        f"{attribute} {getattr(printed, attribute)}"
        for attribute in ("cost", "income", "firepower")
        if getattr(printed, attribute, None) is not None
    ]
    if amounts:
        facts.append(" · ".join(amounts))
    where = [
        _words(getattr(printed, a)) for a in ("district", "faction") if getattr(printed, a, None) is not None
    ]
    change = getattr(printed, "regime_change", None)
    if change is not None:
        where.append(f"→ {_words(change)}")
    if where:
        facts.append(" · ".join(where))
    points = getattr(face, "prestige", ())
    if points:
        facts.append("prestige: " + ", ".join(_words(p) for p in points))
    band = (kind, KIND_COLOURS.get(str(getattr(getattr(printed, "card_type", None), "value", "")), "#6c6f75"))
    return face_card(number, name, x, y, h, band, facts, price, on_it, css_class)


def _regimes(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any]) -> None:
    """The regime stack, the regime in force first."""
    page.heading("Regimes", "the first is in force")
    top = page.height
    parts = ['<g class="regimes">']
    for index, number in enumerate(public["regimes"][:6]):
        x = 8 + index * (CARD_W + 8)
        mark = ""
        if index == 0:
            mark = rect(0, 0, CARD_W, SMALL_H, "none", INK, rx=5, stroke_width=3)
        parts.append(_card(cards, number, x, top, SMALL_H, "pax-card regime-card", on_it=mark))
    parts.append("</g>")
    page.add("".join(parts), SMALL_H + 8)


def _market(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any], names: Sequence[str]) -> None:
    page.heading("Market", "price in gold at the top right; a square: a player's speculation cube")
    top = page.height
    parts = ['<g class="market">']
    for row, numbers in enumerate(public["market"]):
        y = top + row * (MARKET_H + 8)
        for column, number in enumerate(numbers):
            x = 8 + column * (CARD_W + 8)
            parts.append(f'<g class="market-space" data-row="{row}" data-column="{column}">')
            if number is None:
                parts.append(empty_space(x, y, CARD_W, MARKET_H, LINE))
            else:
                cube = public["speculation"].get(str(number))
                on_it = ""
                if cube is not None:
                    on_it = _cube(CARD_W - 20, MARKET_H - 20, cube, names, "speculation", "speculation cube")
                price = f"{COLUMN_COSTS[column]}g" if column < len(COLUMN_COSTS) else ""
                parts.append(
                    _card(cards, number, x, y, MARKET_H, "pax-card market-card", price=price, on_it=on_it)
                )
            parts.append("</g>")
    parts.append("</g>")
    page.add("".join(parts), len(public["market"]) * (MARKET_H + 8))


def _cube(x: float, y: float, seat: int, names: Sequence[str], css_class: str, what: str) -> str:
    """A player's cube: a square of their colour with their seat's number."""
    fill, ink = player_colour(seat)
    return (
        f'<g class="{escape(css_class)}" data-player="{seat}"><title>{escape(what)} of {escape(names[seat])}</title>'
        + rect(x, y, 14, 14, fill, INK, stroke_width=1, rx=2)
        + text(x + 7, y + 11, seat, 9, ink, anchor="middle", weight="700")
        + "</g>"
    )


def _public_cards(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any]) -> None:
    shown = [(n, "public-card") for n in public["public_cards"]]
    if public["bull_bear_discard"]:
        shown.append((public["bull_bear_discard"][-1], "bull-bear"))
    piles = (
        f"bull/bear discard: {counted(len(public['bull_bear_discard']), 'card')} · "
        f"discard: {counted(len(public['discard']), 'card')} · removed: {len(public['removed'])}"
    )
    page.heading("Public cards", piles)
    top = page.height
    parts = ['<g class="public">']
    y = top
    for row in rows_of(shown, 6):
        for column, (number, css) in enumerate(row):
            label = text(6, SMALL_H - 6, "bull/bear discard", 9.5, MUTED) if css == "bull-bear" else ""
            parts.append(
                _card(cards, number, 8 + column * (CARD_W + 8), y, SMALL_H, f"pax-card {css}", on_it=label)
            )
        y += SMALL_H + 8
    if not shown:
        parts.append(text(8, y + 14, "none", 11, MUTED))
        y += 22
    parts.append("</g>")
    page.add("".join(parts), y - top)


def _players(
    page: Page,
    cards: Mapping[int, Any],
    public: Mapping[str, Any],
    hidden: Mapping[str, Any],
    names: Sequence[str],
) -> None:
    hands = hidden.get("hands", [])
    for seat, player in enumerate(public["players"]):
        fill, ink = player_colour(seat)
        top = page.height
        parts = [f'<g class="player" data-player="{seat}">']
        parts.append(rect(0, top, WIDTH, 2, fill))
        body, width = chip(8, top + 8, names[seat], fill, ink, 14)
        parts.append(body)
        x = 8 + width + 8
        for shown, on in (
            ("to play", not public["over"] and seat == public["active"]),
            ("jailed", player["jailed"]),
        ):
            if on:
                body, width = chip(x, top + 9, shown, INK, "#ffffff", 11, class_=shown.replace(" ", "-"))
                parts.append(body)
                x += width + 8
        if player["heir"]:
            body, width = chip(x, top + 9, "heir", "#d8d2c4", INK, 11)
            parts.append(body)
            x += width + 8
        hand = hands[seat] if seat < len(hands) else 0
        said = ", ".join(f"{kind} {n}" for kind, n in player["prestige_points"].items())
        facts = (
            f"{player['gold']} gold · {player['cubes_in_supply']} cubes in supply · "
            f"hand: {counted(hand, 'card')} · prestige: {said}"
        )
        parts.append(text(8, top + 44, facts, 12, INK, room=WIDTH - 16, class_="player-facts"))
        y = top + 54
        for row in rows_of(player["row"], 6):
            for column, held in enumerate(row):
                parts.append(_holding(cards, held, 8 + column * (CARD_W + 8), y, names))
            y += ROW_H + 8
        extras = [(n, "army-troop", "private army") for n in player["private_army"]]
        extras += [(n, "stack-card", "prestige stack") for n in player["prestige_stack"]]
        for row in rows_of(extras, 6):
            for column, (number, css, where) in enumerate(row):
                on_it = text(6, SMALL_H - 6, where, 9.5, MUTED, room=CARD_W - 12)
                if css == "stack-card" and column == 0 and player["stack_prestige_cubes"]:
                    on_it += _cubes(CARD_W - 50, SMALL_H - 16, player["stack_prestige_cubes"], seat, names)
                parts.append(
                    _card(
                        cards, number, 8 + column * (CARD_W + 8), y, SMALL_H, f"pax-card {css}", on_it=on_it
                    )
                )
            y += SMALL_H + 8
        diaz = public["diaz_bonus"]
        if names[seat].endswith("Díaz") and diaz:
            said = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in diaz.items())
            parts.append(text(8, y + 12, f"Díaz's bonus: {said}", 11, INK, room=WIDTH - 16, class_="diaz"))
            y += 20
        parts.append("</g>")
        page.add("".join(parts), y - top + 6)


def _cubes(x: float, y: float, count: int, seat: int, names: Sequence[str]) -> str:
    """Prestige cubes on the prestige stack: small squares, counted."""
    fill, _ = player_colour(seat)
    parts = []
    for index in range(count):
        parts.append(rect(x + index * 9, y, 8, 8, fill, INK, stroke_width=0.8, class_="stack-prestige-cube"))
    return "".join(parts)


def _holding(
    cards: Mapping[int, Any], held: Mapping[str, Any], x: float, y: float, names: Sequence[str]
) -> str:
    """A card of a row with what lies on it: what its cubes and unrest count in words, then the
    income cubes (white), prestige cubes (gold) and unrest markers (red diamonds) in a line, then
    its connection and extortion cubes, and the troop on it at the right."""
    on_it: list[str] = []
    counted = [
        f"{held[key]} {word}"
        for key, word in (("income", "income"), ("prestige_cubes", "prestige"), ("unrest", "unrest"))
        if held[key]
    ]
    if counted:
        on_it.append(text(6, 104, " · ".join(counted), 9.5, INK, room=CARD_W - 12))
    markers = 108.0
    cx = 6.0
    for _ in range(held["income"]):
        on_it.append(rect(cx, markers, 9, 9, "#ffffff", INK, stroke_width=1, rx=1, class_="income-cube"))
        cx += 11
    for _ in range(held["prestige_cubes"]):
        on_it.append(rect(cx, markers, 9, 9, "#e0b23a", INK, stroke_width=1, rx=1, class_="prestige-cube"))
        cx += 11
    for _ in range(held["unrest"]):
        turned = f"rotate(45 {cx + 4.5} {markers + 4.5})"
        on_it.append(
            '<g class="unrest"><title>unrest</title>'
            + rect(cx + 1, markers + 1, 7, 7, "#c0392b", INK, stroke_width=1, transform=turned)
            + "</g>"
        )
        cx += 11
    troop = held["troop"]
    room = CARD_W - (96 if troop is not None else 30)  # the troop takes the bottom right
    line = 122.0
    if held["connection_owner"] is not None and held["connection_level"] is not None:
        on_it.append(_cube(6, line, held["connection_owner"], names, "connection", "connection"))
        on_it.append(text(24, line + 11, f"{held['connection_level']} connection", 9.5, INK, room=room))
        line += 16
    if held["extortion"] is not None:
        on_it.append(_cube(6, line, held["extortion"], names, "extortion", "extortion cube"))
        on_it.append(text(24, line + 11, "extortion", 9.5, INK, room=room))
    if troop is not None:
        owner = held["troop_owner"]
        fill, _ = player_colour(owner if owner is not None else 0)
        troop_name = _name(cards, troop)
        whose = f"troop of {names[owner] if owner is not None else '?'}"
        on_it.append(
            card_box(
                troop,
                troop_name,
                CARD_W - 68,
                ROW_H - 36,
                62,
                30,
                rect(0, 0, 62, 4, fill)
                + text(4, 14, troop_name, 9, INK, weight="600", room=54)
                + text(4, 25, whose, 8.5, MUTED, room=54),
                "pax-card troop",
                data_player=owner,
            )
        )
    return _card(
        cards, held["card"], x, y, ROW_H, "pax-card row-card", side=held["side"], on_it="".join(on_it)
    )


def _lasting(page: Page, cards: Mapping[int, Any], public: Mapping[str, Any], names: Sequence[str]) -> None:
    """The lasting effects cards started, until they end."""
    lasting = public["lasting"]
    if not lasting:
        return
    page.heading("Effects lasting")
    top = page.height
    parts = []
    for index, (number, _ability, owner, until, _armed) in enumerate(lasting):
        said = f"{_name(cards, number)} (of {names[owner]}) until {_words(until)}"
        body = text(8, 13, said, 11, INK, room=WIDTH - 30)
        parts.append(card_box(number, said, 8, top + index * 22, WIDTH - 16, 18, body, "pax-card event"))
    page.add("".join(parts), len(lasting) * 22 + 4)
