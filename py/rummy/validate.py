"""Checks that a saved state is a game this engine could have produced (used by `load`).

Saved games come back from local storage and from links, where they may be damaged, edited or
from another version. Every check here names what is wrong; nothing is repaired silently.
The deepest check is conservation: every card or tile of the set is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import cards, melds, rng, tiles, variants
from .errors import IllegalMove, InvalidState

_KEYS = (
    "version",
    "variant",
    "players",
    "options",
    "seed",
    "round",
    "first",
    "scores",
    "history",
    "accounts",
    "game_over",
    "winners",
    "hands",
    "stock",
    "discard",
    "discard_by",
    "table",
    "next_id",
    "current",
    "turn",
    "phase",
    "drawn",
    "taken",
    "taken_used",
    "plays",
    "opened",
    "first_play",
    "thresholds",
    "button_used",
    "last_discards",
    "renewals",
    "log",
    "undo",
    "round_over",
    "round_result",
)


def _fail(why: str) -> None:
    raise InvalidState(f"This saved game cannot be used: {why}")


def _int(value: Any, name: str, low: int = 0, high: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        _fail(f"'{name}' is {value!r}")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        _fail(f"'{name}' is not a list" + (f" of {length}" if length is not None else ""))
    return value


def check_state(s: Any, nested: bool = False) -> None:
    from .game import STATE_VERSION

    if not isinstance(s, dict):
        _fail("it is not an object")
    if s.get("version") != STATE_VERSION:
        _fail(f"it was saved by another version of the game ({s.get('version')!r})")
    missing = [k for k in _KEYS if k not in s]
    if missing:
        _fail(f"'{missing[0]}' is missing")
    extra = sorted(set(s) - set(_KEYS), key=str)
    if extra:
        _fail(f"it holds an unknown field {extra[0]!r}")
    try:
        v = variants.get(s["variant"])
        n = variants.check_players(v, s["players"])
        if variants.fill_options(v, n, s["options"]) != s["options"]:
            _fail("its options are not complete")
    except IllegalMove as err:
        _fail(str(err))
    _int(s["seed"], "seed", 0, rng.MAX_SEED - 1)
    _int(s["round"], "round", 1)
    _int(s["first"], "first", 0, n - 1)
    _int(s["current"], "current", 0, n - 1)
    _int(s["turn"], "turn", 0)
    _int(s["next_id"], "next_id", 1)
    _int(s["renewals"], "renewals", 0)
    _int(s["plays"], "plays", 0)
    for score in _list(s["scores"], "scores", n):
        _int(score, "scores", -(10**9))
    if s["phase"] not in ("draw", "play"):
        _fail(f"'phase' is {s['phase']!r}")
    for flag in ("game_over", "round_over", "taken_used"):
        if not isinstance(s[flag], bool):
            _fail(f"'{flag}' is {s[flag]!r}")
    check = tiles.check if v.uses_tiles else cards.parse
    hands = _list(s["hands"], "hands", n)
    pieces: list[str] = []
    try:
        for hand in hands:
            for code in _list(hand, "hands"):
                check(code)
            pieces += hand
        for name in ("stock", "discard"):
            for code in _list(s[name], name):
                check(code)
            pieces += s[name]
        ids = set()
        for m in _list(s["table"], "table"):
            if not isinstance(m, dict) or set(m) != {"id", "owner", "kind", "cards"}:
                _fail("a meld on the table is malformed")
            ids.add(_int(m["id"], "meld id", 1, s["next_id"] - 1))
            _int(m["owner"], "meld owner", 0, n - 1)
            if m["kind"] not in (melds.SET, melds.RUN, melds.PAIR):
                _fail(f"a meld is of kind {m['kind']!r}")
            made = (
                melds.check_tiles(m["cards"], m["kind"])
                if v.uses_tiles
                else melds.check_cards(
                    m["cards"], s["options"].get("ace_high_or_low", False), m["kind"]
                )
            )
            if list(made.codes) != m["cards"]:
                _fail(f"meld {m['id']} is not written as the engine writes it")
            pieces += [tiles.base(c) for c in m["cards"]] if v.uses_tiles else m["cards"]
        if len(ids) != len(s["table"]):
            _fail("two melds share an id")
    except IllegalMove as err:
        _fail(str(err))
    want = Counter(v.deck())
    if v.uses_tiles:
        used = _list(s["button_used"], "button_used", n)
        want[tiles.JOKER] += sum(1 for u in used if u is True)
        for count in _list(s["accounts"], "accounts", n):
            _int(count, "accounts")
        _list(s["last_discards"], "last_discards", n)
        th = s["thresholds"]
        if not isinstance(th, dict) or set(th) != {"points", "pairs"}:
            _fail("'thresholds' is malformed")
        _int(th["points"], "thresholds", 1)
        _int(th["pairs"], "thresholds", 1)
        for o in _list(s["opened"], "opened", n):
            if o not in (None, "melds", "pairs"):
                _fail(f"'opened' holds {o!r}")
    else:
        for o in _list(s["opened"], "opened", n):
            if not isinstance(o, bool):
                _fail(f"'opened' holds {o!r}")
    if Counter(tiles.base(p) if v.uses_tiles else p for p in pieces) != want:
        _fail(f"its {'tiles' if v.uses_tiles else 'cards'} do not add up to one full set")
    for fp in _list(s["first_play"], "first_play", n):
        if fp is not None:
            _int(fp, "first_play")
    try:
        for event in _list(s["log"], "log"):
            _check_event(event, n, check)
        for result in _list(s["history"], "history"):
            _check_result(result, n, check)
        if s["round_result"] is not None:
            _check_result(s["round_result"], n, check)
    except IllegalMove as err:
        _fail(str(err))
    if s["round_over"] != (s["round_result"] is not None):
        _fail("'round_over' and 'round_result' disagree")
    if s["undo"] is not None:
        if nested:
            _fail("its take-back snapshot is nested")
        check_state(s["undo"], nested=True)


_KINDS = {
    "out",
    "rummy",
    "no_stock",
    "closed",
    "stalemate",
    "normal",
    "joker",
    "one_turn",
    "one_turn_joker",
    "stock_out",
}
_STATUS = {"winner", "loser", "none", "not_opened", "opened_melds", "opened_pairs"}


def _codes(value: Any, name: str, check: Any) -> None:
    for code in _list(value, name):
        check(code)


def _check_event(e: Any, n: int, check: Any) -> None:
    """A log entry is shown to every player: it must be one the engine writes."""
    if not isinstance(e, dict):
        _fail("a log entry is not an object")
    kind = e.get("type")
    if kind == "round_end":
        if e.get("seat") is not None:
            _int(e.get("seat"), "log seat", 0, n - 1)
        if e.get("kind") not in _KINDS:
            _fail("a log entry names an unknown round end")
        return
    _int(e.get("seat"), "log seat", 0, n - 1)
    fields = {"seat", "type"}
    if kind == "draw":
        if e.get("source") not in ("stock", "discard", "joker"):
            _fail("a log entry draws from nowhere")
        if e["source"] == "discard":
            check(e.get("card"))
            fields.add("card")
        fields.add("source")
    elif kind == "meld":
        for group in _list(e.get("melds"), "log melds"):
            _codes(group, "log melds", check)
        for meld_id in _list(e.get("ids"), "log ids"):
            _int(meld_id, "log ids", 1)
        fields |= {"melds", "ids"}
    elif kind == "layoff":
        _int(e.get("meld"), "log meld", 1)
        _codes(e.get("cards"), "log cards", check)
        fields |= {"meld", "cards"}
    elif kind == "swap_joker":
        _int(e.get("meld"), "log meld", 1)
        check(e.get("tile"))
        fields |= {"meld", "tile"}
    elif kind == "discard":
        check(e.get("card"))
        fields.add("card")
    elif kind in ("rebuild", "turnover"):
        _int(e.get("stock"), "log stock", 0)
        fields.add("stock")
    else:
        _fail(f"a log entry is of unknown type {kind!r}")
    if set(e) != fields:
        _fail(f"a {kind} log entry holds other fields")


def _check_result(r: Any, n: int, check: Any) -> None:
    if not isinstance(r, dict) or set(r) != {
        "winner",
        "kind",
        "round",
        "points",
        "values",
        "status",
        "hands",
    }:
        _fail("a round result is malformed")
    if r["winner"] is not None:
        _int(r["winner"], "round winner", 0, n - 1)
    if r["kind"] not in _KINDS:
        _fail(f"a round ended in an unknown way ({r['kind']!r})")
    _int(r["round"], "round result", 1)
    for name in ("points", "values"):
        for number in _list(r[name], name, n):
            _int(number, name, -(10**9))
    for status in _list(r["status"], "status", n):
        if status not in _STATUS:
            _fail(f"a round result holds the status {status!r}")
    for hand in _list(r["hands"], "hands", n):
        _codes(hand, "round result hands", check)
