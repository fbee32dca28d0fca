"""Card games: what an opponent's draws and discards say about the hand it holds (issue 15).

The expert deals the cards it cannot see at random, keeping in each opponent's hand the cards
it took from the pile. But a player's other choices tell too: a card it let pass on the pile
(it drew from the stock instead) rarely melds with its hand, and neither does a card it threw.
Each such *clue* is weighed by a likelihood ratio: how often a hand is in that relation to
the card (melds with it, only pairs with it, neither) when hard holds it, against a hand
dealt at random from the same unseen cards. `weight` multiplies a hand's ratios over all the
clues; `expert.sample_state` deals a few hands and keeps one in proportion to its weight (the
hands it deals then match what the opponent showed as a sensible player would have, without
assuming it plays like hard in anything else).

`bench/fit_inference.py` measures `RATIOS` in rounds hard plays against itself in classic
Rummy heads-up, where the expert uses them (its default deals give these within 0.05; these
are the ones measured first, on deals 1000-1599, which the simulator runs in docs/BOTS.md
used).
"""

from __future__ import annotations

import functools

from .. import cards

MELDS, PAIRS, NEITHER = 2, 1, 0  # how a hand relates to a clue's card
OLDEST = 4  # clues older than this many of the opponent's draws share one ratio
# (kind, the opponent's draws since, capped at OLDEST) → the ratio for NEITHER, PAIRS, MELDS,
# measured in 600 rounds of hard against hard (`python bench/fit_inference.py`).
RATIOS: dict[tuple[str, int], tuple[float, float, float]] = {
    ("discard", 0): (1.2, 1.0, 0.65),
    ("discard", 1): (1.29, 0.95, 0.66),
    ("discard", 2): (1.34, 0.93, 0.65),
    ("discard", 3): (1.34, 0.92, 0.68),
    ("discard", 4): (1.5, 0.85, 0.67),
    ("pass", 1): (1.32, 0.99, 0.3),
    ("pass", 2): (1.35, 0.96, 0.34),
    ("pass", 3): (1.44, 0.92, 0.37),
    ("pass", 4): (1.54, 0.86, 0.46),
}


def clues(view: dict, seat: int) -> list[tuple[str, str, int]]:
    """(``"pass"`` or ``"discard"``, the card, ``seat``'s draws since) for each card ``seat``
    let pass on the pile or discarded, from the public log."""
    found: list[tuple[str, str, int]] = []
    top: str | None = None
    draws = 0
    for event in view["log"]:
        kind = event["type"]
        if kind == "draw":
            if event["seat"] == seat:
                if event["source"] == "stock" and top is not None:
                    found.append(("pass", top, draws))
                draws += 1
            if event["source"] == "discard":
                top = None
        elif kind == "discard":
            if event["seat"] == seat:
                found.append(("discard", event["card"], draws))
            top = event["card"]
    return [(kind, card, draws - at) for kind, card, at in found]


def relation(hand: list[str], card: str, ace_high: bool) -> int:
    """MELDS if two cards of ``hand`` make a set or a run with ``card``, PAIRS if one card of
    it is of the same rank or within two in the suit, else NEITHER."""
    return _relation(_mask(hand), card, ace_high)


def weight(hand: list[str], found: list[tuple[str, str, int]], ace_high: bool) -> float:
    """How much likelier ``hand`` is than a random one, given the clues ``found``."""
    held = _mask(hand)
    w = 1.0
    for kind, card, age in found:
        w *= RATIOS[(kind, min(age, OLDEST))][_relation(held, card, ace_high)]
    return w


def _bit(suit: int, rank: int) -> int:
    return 1 << (suit * 13 + (rank - 1) % 13)  # rank 14: the ace


def _mask(hand: list[str]) -> int:
    """A hand as one bit per card."""
    bits = 0
    for code in hand:
        bits |= _bit(*cards.parse(code))
    return bits


def _relation(held: int, card: str, ace_high: bool) -> int:
    melds, near = _partners(card, ace_high)
    if any(held & m == m for m in melds):
        return MELDS
    return PAIRS if held & near else NEITHER


@functools.cache
def _partners(card: str, ace_high: bool) -> tuple[tuple[int, ...], int]:
    """The pairs of cards (as masks) that meld with ``card``, and the cards that pair with it."""
    suit, rank = cards.parse(card)
    others = [s for s in range(4) if s != suit]
    melds = [_bit(a, rank) | _bit(b, rank) for i, a in enumerate(others) for b in others[i + 1 :]]
    near = sum(_bit(s, rank) for s in others)
    top = 14 if ace_high else 13
    for r in (rank, 14) if rank == 1 and ace_high else (rank,):
        for lo in (r - 2, r - 1, r):
            run = [x for x in (lo, lo + 1, lo + 2) if x != r]
            if lo >= 1 and lo + 2 <= top:
                melds.append(_bit(suit, run[0]) | _bit(suit, run[1]))
        for x in (r - 2, r - 1, r + 1, r + 2):
            if 1 <= x <= top:
                near |= _bit(suit, x)
    return tuple(melds), near
