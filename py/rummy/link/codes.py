"""Cards, tiles, actions and log events as a few bits each (docs/LINKS.md "Format").

A card or tile is its index in the set; an action is coded against the position it is played
in (a discard is an index into the sorted hand, a lay-off an index into the table), and a log
event mostly as "the usual next event" (the same seat's discard after a draw, the next seat's
draw after a discard) — anything unusual travels as a plain value.
"""

from __future__ import annotations

from typing import Any

from .. import cards, tiles, variants
from ..constants import ROUND_KINDS
from .bits import BitReader, BitWriter, Malformed, get_value, put_value

_CARD_INDEX = {code: i for i, code in enumerate(cards.DECK)}  # 52 codes
_TILE_CODES = (*tiles.NUMBER_TILES, tiles.JOKER)  # 53; a pinned joker is 53 then its meaning
_TILE_INDEX = {code: i for i, code in enumerate(_TILE_CODES)}
_NUMBER_INDEX = {code: i for i, code in enumerate(tiles.NUMBER_TILES)}


def put_code(w: BitWriter, uses_tiles: bool, code: object) -> None:
    if not uses_tiles:
        if code not in _CARD_INDEX:
            raise ValueError(f"not a card: {code!r}")
        w.choice(_CARD_INDEX[code], 52)
    elif code in _TILE_INDEX:
        w.choice(_TILE_INDEX[code], 54)
    else:
        meaning = code[3:] if isinstance(code, str) and code.startswith("JK=") else None
        if meaning not in _NUMBER_INDEX:
            raise ValueError(f"not a tile: {code!r}")
        w.choice(53, 54)
        w.choice(_NUMBER_INDEX[meaning], 52)


def get_code(r: BitReader, uses_tiles: bool) -> str:
    if not uses_tiles:
        return cards.DECK[r.choice(52)]
    i = r.choice(54)
    if i < 53:
        return _TILE_CODES[i]
    return "JK=" + tiles.NUMBER_TILES[r.choice(52)]


def put_codes(w: BitWriter, uses_tiles: bool, codes: object) -> None:
    if not isinstance(codes, list):
        raise ValueError("not a list of codes")
    w.uint(len(codes))
    for code in codes:
        put_code(w, uses_tiles, code)


def get_codes(r: BitReader, uses_tiles: bool) -> list[str]:
    return [get_code(r, uses_tiles) for _ in range(r.count(5))]


_DRAW_SOURCES = {False: ("stock", "discard"), True: ("stock", "discard", "joker")}
_PLAY_TYPES = {
    False: ("discard", "meld", "layoff", "reset_turn"),
    True: ("discard", "meld", "layoff", "swap_joker", "reset_turn"),
}


def hand_choices(s: dict, uses_tiles: bool) -> list[str]:
    index = _TILE_INDEX if uses_tiles else _CARD_INDEX
    hand = s["hands"][s["current"]]
    return sorted(set(hand), key=lambda c: index.get(c, 999))


def put_action(w: BitWriter, s: dict, action: dict) -> None:
    """Code ``action`` as played in state ``s`` (before it). ValueError if it cannot be coded."""
    uses_tiles = variants.BY_ID[s["variant"]].uses_tiles
    kind = action.get("type")
    if s["round_over"]:
        if kind != "next_round":
            raise ValueError("only the next round can follow a finished round")
        return
    if s["phase"] == "draw":
        sources = _DRAW_SOURCES[uses_tiles]
        if kind != "draw" or action.get("source") not in sources:
            raise ValueError("a draw was expected")
        w.choice(sources.index(action["source"]), len(sources))
        return
    types = _PLAY_TYPES[uses_tiles]
    if kind not in types:
        raise ValueError(f"cannot code an action of type {kind!r} here")
    w.choice(types.index(kind), len(types))
    if kind == "discard":
        code = action.get("card")
        code = tiles.base(code) if uses_tiles and isinstance(code, str) else code
        choices = hand_choices(s, uses_tiles)
        if code not in choices:
            raise ValueError(f"{code!r} is not in the hand")
        w.choice(choices.index(code), len(choices))
    elif kind == "meld":
        groups = action.get("melds")
        if not isinstance(groups, list) or not groups:
            raise ValueError("a meld action without melds")
        w.uint(len(groups) - 1)
        for group in groups:
            put_codes(w, uses_tiles, group)
    elif kind in ("layoff", "swap_joker"):
        ids = [m["id"] for m in s["table"]]
        if action.get("meld") not in ids or isinstance(action.get("meld"), bool):
            raise ValueError("no such meld")
        w.choice(ids.index(action["meld"]), len(ids))
        if kind == "layoff":
            put_codes(w, uses_tiles, action.get("cards"))
        else:
            tile = action.get("tile")
            if tile not in _NUMBER_INDEX:
                raise ValueError("a joker is swapped for a number tile")
            w.choice(_NUMBER_INDEX[tile], 52)


def get_action(r: BitReader, s: dict) -> dict:
    uses_tiles = variants.BY_ID[s["variant"]].uses_tiles
    if s["round_over"]:
        return {"type": "next_round"}
    if s["phase"] == "draw":
        sources = _DRAW_SOURCES[uses_tiles]
        return {"type": "draw", "source": sources[r.choice(len(sources))]}
    types = _PLAY_TYPES[uses_tiles]
    kind = types[r.choice(len(types))]
    if kind == "discard":
        choices = hand_choices(s, uses_tiles)
        if not choices:
            raise Malformed("a discard from an empty hand")
        return {"type": "discard", "card": choices[r.choice(len(choices))]}
    if kind == "meld":
        count = r.count(1, limit=64) + 1
        return {"type": "meld", "melds": [get_codes(r, uses_tiles) for _ in range(count)]}
    if kind in ("layoff", "swap_joker"):
        ids = [m["id"] for m in s["table"]]
        if not ids:
            raise Malformed("a move on an empty table")
        meld = ids[r.choice(len(ids))]
        if kind == "layoff":
            return {"type": "layoff", "meld": meld, "cards": get_codes(r, uses_tiles)}
        return {"type": "swap_joker", "meld": meld, "tile": tiles.NUMBER_TILES[r.choice(52)]}
    return {"type": "reset_turn"}


# Log events coded compactly; anything else travels as a plain value.
_EVENTS = ("draw", "discard", "meld", "layoff", "swap_joker", "rebuild", "turnover", "round_end")
_SOURCES = ("stock", "discard", "joker")


def _expected(prev: Any, n: int) -> tuple[str, int] | None:
    """The event that usually follows ``prev``: after a draw or a play, the same seat's
    discard; after a discard (or the stock renewal it caused), the next seat's draw."""
    if not isinstance(prev, dict) or not isinstance(prev.get("seat"), int):
        return None
    seat = prev["seat"]
    if prev.get("type") in ("draw", "meld", "layoff", "swap_joker"):
        return "discard", seat
    if prev.get("type") in ("discard", "rebuild", "turnover"):
        return "draw", (seat + 1) % n
    return None


def put_event(w: BitWriter, event: object, v: variants.Variant, n: int, prev: Any) -> None:
    trial = BitWriter()
    try:
        _put_event_compact(trial, event, v, n, prev)
        same = get_event(BitReader(trial.getvalue()), v, n, prev) == event
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, Malformed):
        same = False
    if same:
        _put_event_compact(w, event, v, n, prev)
    else:
        w.flag(False)
        put_value(w, event)


def _put_event_compact(w: BitWriter, e: Any, v: variants.Variant, n: int, prev: Any) -> None:
    w.flag(True)
    kind = e["type"]
    seat = e["seat"]
    expected = _expected(prev, n)
    if expected is not None:
        w.flag((kind, seat) == expected)
    if expected is None or (kind, seat) != expected:
        w.choice(_EVENTS.index(kind), len(_EVENTS))
        w.choice(n if seat is None else seat, n + 1)  # n: nobody (a round end without a winner)
    if kind == "draw":
        w.choice(_SOURCES.index(e["source"]), len(_SOURCES))
        if e["source"] == "discard":
            put_code(w, v.uses_tiles, e["card"])
    elif kind == "discard":
        put_code(w, v.uses_tiles, e["card"])
    elif kind == "meld":
        w.uint(len(e["melds"]))
        for group in e["melds"]:
            put_codes(w, v.uses_tiles, group)
        w.uint(e["ids"][0] if e["ids"] else 0)
    elif kind == "layoff":
        w.uint(e["meld"])
        put_codes(w, v.uses_tiles, e["cards"])
    elif kind == "swap_joker":
        w.uint(e["meld"])
        put_code(w, v.uses_tiles, e["tile"])
    elif kind in ("rebuild", "turnover"):
        w.uint(e["stock"])
    else:
        w.choice(ROUND_KINDS[v.id].index(e["kind"]), len(ROUND_KINDS[v.id]))


def get_event(r: BitReader, v: variants.Variant, n: int, prev: Any) -> Any:
    if not r.flag():
        return get_value(r)
    expected = _expected(prev, n)
    if expected is not None and r.flag():
        kind, seat = expected
    else:
        kind, seat = _EVENTS[r.choice(len(_EVENTS))], r.choice(n + 1)
    uses_tiles = v.uses_tiles
    e: dict[str, Any] = {"type": kind}
    if kind == "draw":
        e["source"] = _SOURCES[r.choice(len(_SOURCES))]
        if e["source"] == "discard":
            e["card"] = get_code(r, uses_tiles)
    elif kind == "discard":
        e["card"] = get_code(r, uses_tiles)
    elif kind == "meld":
        e["melds"] = [get_codes(r, uses_tiles) for _ in range(r.count(1, limit=64))]
        first = r.uint(1 << 20)
        e["ids"] = list(range(first, first + len(e["melds"])))
    elif kind == "layoff":
        e["meld"] = r.uint(1 << 20)
        e["cards"] = get_codes(r, uses_tiles)
    elif kind == "swap_joker":
        e["meld"] = r.uint(1 << 20)
        e["tile"] = get_code(r, uses_tiles)
    elif kind in ("rebuild", "turnover"):
        e["stock"] = r.uint(1 << 20)
    else:
        e["kind"] = ROUND_KINDS[v.id][r.choice(len(ROUND_KINDS[v.id]))]
    e["seat"] = None if seat == n else seat
    return e
