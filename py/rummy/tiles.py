"""Tile notation for `rummy101` (RULES.md §3).

A number tile is a colour letter — ``R`` red, ``K`` black, ``B`` blue, ``Y`` yellow — and a
number 1–13: ``"R7"``, ``"K13"``. The joker is ``"JK"``; on the table a joker says what it
stands for: ``"JK=R8"``. The set holds two copies of each number tile and two jokers (106).
Internally a number tile is ``(colour, number)`` with colour 0–3 in the order R K B Y.
"""

from __future__ import annotations

from .errors import IllegalMove

COLOURS = "RKBY"
COLOUR_NAMES = ("red", "black", "blue", "yellow")
JOKER = "JK"
JOKER_PENALTY = 101

NUMBER_TILES: tuple[str, ...] = tuple(c + str(n) for c in COLOURS for n in range(1, 14))
FULL_SET: tuple[str, ...] = tuple(sorted(NUMBER_TILES * 2, key=NUMBER_TILES.index)) + (JOKER,) * 2
_PARSED = {code: (COLOURS.index(code[0]), int(code[1:])) for code in NUMBER_TILES}


def parse(code: object) -> tuple[int, int]:
    """``"R7"`` → ``(0, 7)``. Only number tiles; see :func:`split_joker` for jokers."""
    try:
        return _PARSED[code]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalMove(
            f"{code!r} is not a tile (write colour R/K/B/Y then 1–13, like 'R7', or 'JK')",
            code="not_a_tile",
            params={"code": str(code)},
        ) from None


def is_joker(code: object) -> bool:
    return isinstance(code, str) and (code == JOKER or code.startswith(JOKER + "="))


def split_joker(code: str) -> str | None:
    """``"JK=R8"`` → ``"R8"``; ``"JK"`` → ``None``. Raises for a bad pinned meaning."""
    if code == JOKER:
        return None
    meaning = code[len(JOKER) + 1 :]
    parse(meaning)
    return meaning


def base(code: str) -> str:
    """The physical tile a code names: ``"JK=R8"`` → ``"JK"``; number tiles unchanged."""
    return JOKER if is_joker(code) else code


def check(code: object) -> str:
    """Return ``code`` if it names a tile (possibly a pinned joker), else raise IllegalMove."""
    if isinstance(code, str) and is_joker(code):
        split_joker(code)
        return code
    parse(code)
    return code  # type: ignore[return-value]


def value(code: str) -> int:
    """Points of a tile left in a hand: its number, a joker 101 (RULES.md §3 Values)."""
    return JOKER_PENALTY if is_joker(code) else _PARSED[code][1]


def label(code: str) -> str:
    if is_joker(code):
        return "JK" if code == JOKER else code
    return code


def labels(codes: list[str]) -> str:
    return " ".join(str(c) for c in codes)
