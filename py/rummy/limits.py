"""The bounds on everything the engine accepts from outside (links, invitations, storage, the
page's requests), and the cheap checks that enforce them before any costly work.

Why each bound is what it is (docs/LINKS.md "Limits"):

* Integers cross into JavaScript, whose numbers are exact only up to ``2**53 - 1``: a larger
  score, target or seed would be rounded by the page and change the game (its id, its hash).
* A match is at most `MAX_ROUNDS` rounds (the engine ends it there, RULES-DECISIONS.md), so
  a state's finished rounds are bounded; the `hands`/`rounds` options cannot ask for more.
* A `rummy101` rack holds at most `MAX_TILE_HAND` tiles: a deal gives 21, the starting seat
  22, and a turn adds one tile before the discard; a position laid out with ``deal=`` may
  give 22 to any seat. Card hands are bounded by the deck (the card solver is linear).
* JSON nesting is capped before parsing: Pyodide runs out of JavaScript stack a few thousand
  levels down, long before CPython's RecursionError, and takes the engine down with it. The
  engine's own JSON is never deeper than 6 levels.
"""

from __future__ import annotations

import json
from typing import Any

MAX_SAFE_INT = 2**53 - 1  # JavaScript's Number.MAX_SAFE_INTEGER
MAX_ROUNDS = 100  # rounds in a match; a real one is 3–10
MAX_TARGET = 100_000  # points; the defaults are 150 and 200
MAX_REBUILDS = 1_000  # basic's `max_rebuilds` option
MAX_TILE_HAND = 23  # a rummy101 rack: a deal of at most 22 tiles, plus one take
MAX_DEALT_TILES = 22
MAX_LOG = 10_000  # events in one round's log (a link replays at most 5,000 moves)
MAX_JSON_DEPTH = 32  # the engine's own JSON is at most 6 deep (a state's undo's history)
MAX_REQUEST = 2_000_000  # characters in one request: a state with a 10,000-event log is ~1 MB


class TooDeep(ValueError):
    """JSON nested deeper than the engine ever writes: refused before it is parsed."""


def json_depth(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``text`` nests ``[``/``{`` outside strings, scanning no further than the
    first point where it passes ``limit`` (then ``limit + 1``). One pass, no recursion: it
    must be safe on text that would overflow a recursive parser."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def loads(text: str | bytes, what: str, limit: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` after the depth check; TooDeep names ``what`` ("This link", …)."""
    if json_depth(text, limit) > limit:
        raise TooDeep(f"{what} is nested too deeply (more than {limit} levels): it is refused")
    return json.loads(text)


def unsafe_number(value: Any) -> Any:
    """The first number in a JSON value that JavaScript cannot hold exactly (an integer past
    2**53 - 1, a float past it, NaN or infinity), or None. Iterative: safe on any value
    ``json.loads`` returned."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -MAX_SAFE_INT <= item <= MAX_SAFE_INT:
                return item
        elif isinstance(item, float):
            if item != item or abs(item) > MAX_SAFE_INT:  # NaN, inf, or past the exact range
                return item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None
