"""Playing-card notation for `basic` and `rummy200` (RULES.md §1–2).

A card is a two-character code: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit ``C D H S``
(``"TH"`` is the ten of hearts). Internally a card is ``(suit, rank)`` with suit 0–3 in the
order C D H S and rank 1 (ace) to 13 (king).
"""

from __future__ import annotations

from .errors import IllegalMove

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"

DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_PARSED = {code: (SUITS.index(code[1]), RANKS.index(code[0]) + 1) for code in DECK}


def parse(code: object) -> tuple[int, int]:
    """``"TH"`` → ``(2, 10)``; anything that is not a card code raises IllegalMove."""
    try:
        return _PARSED[code]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalMove(
            f"{code!r} is not a card (write rank then suit, like 'TH' or 'AS')",
            code="not_a_card",
            params={"code": str(code)},
        ) from None


def value(code: str, ace_high: bool = False) -> int:
    """Points a card counts in a hand: ace 1 (15 with ace high or low), 2–10 face, J/Q/K 10."""
    rank = _PARSED[code][1]
    if rank == 1:
        return 15 if ace_high else 1
    return min(rank, 10)


def label(code: str) -> str:
    """Short human label: ``"TH"`` → ``"10♥"``."""
    suit, rank = _PARSED[code]
    return ("10" if rank == 10 else RANKS[rank - 1]) + SUIT_SYMBOLS[suit]


def labels(codes: list[str]) -> str:
    return " ".join(label(c) if c in _PARSED else str(c) for c in codes)
