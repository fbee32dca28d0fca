"""Rummy to 200, the stock's second pass: every card it holds was seen, in order (issue 15).

When the stock runs out the first time, the discard pile is turned over, not shuffled
(RULES.md §2): its bottom card becomes the stock's top. Every card of that second stock lay
face up on the pile, so a player who remembers the pile knows which card each draw will
bring until the round ends. Only the card turned up at the deal is missing from the log
(nobody's discard): if it was still at the bottom of the pile, the new stock's top is unknown.

The expert uses this (`plan`): at each draw and discard of the second pass it counts, for
each choice, how many of its own turns it needs to go out, if everyone else draws from the
stock as usual (each seat's next card is then known), and takes the choice that goes out
soonest. Hard's choice stands whenever it is as quick, and whenever neither goes out before
the stock ends. Blind by construction: it reads only the view's public log.
"""

from __future__ import annotations

from ..solver import deadwood_split
from . import cardplay
from .common import PROFILES, read_log
from .moves import ace_high, layoff_target

NEVER = 12  # no way out before the stock ends (the second stock lasts at most 6 turns a seat)
SHIFTS = 2  # a choice is also judged with this many of the coming draws taking the pile
UNKNOWN = None  # the card turned up at the deal, when it is still in the stock


def known_stock(view: dict) -> list[str | None] | None:
    """The stock of the second pass, top first (``UNKNOWN`` where the card turned up at the
    deal lies), or None before the pile is turned over (and in other games)."""
    if view["variant"] != "rummy200":
        return None
    pile: list[str | None] = [UNKNOWN]  # the card turned up at the deal
    stock: list[str | None] | None = None
    for event in view["log"]:
        kind = event["type"]
        if kind == "discard":
            pile.append(event["card"])
        elif kind == "draw":
            if event["source"] == "discard":
                if pile:
                    pile.pop()
            elif stock:
                stock.pop(0)
        elif kind == "turnover":
            stock, pile = pile[:-1], pile[-1:]
    if stock is None or len(stock) != view["stock"] or pile != view["discard"]:
        return None  # not turned over yet, or a log this reading does not follow
    return stock


def plan(view: dict, own: dict) -> dict:
    """The expert's draw or discard once the second stock is known: ``own`` (hard's) unless
    another choice goes out in fewer of this seat's turns (`_judged`)."""
    if view["variant"] != "rummy200" or own["type"] not in ("draw", "discard"):
        return own
    stock = known_stock(view)
    if stock:
        if own["type"] == "draw":
            return _draw(view, own, stock)
        return _discard(view, own, stock)
    turned = any(e["type"] == "turnover" for e in view["log"])
    if stock is None and not turned and own["type"] == "discard" and view["stock"] == 0:
        # The first pass's last card was just drawn: the pile under this discard, whichever
        # card it is, becomes the second stock at the end of the turn.
        return _discard(view, own, list(view["discard"]))
    return own


def _draw(view: dict, own: dict, stock: list[str | None]) -> dict:
    top = view["discard"][-1] if view["discard"] else None
    n = view["players"]
    if top is None or stock[0] is UNKNOWN:
        return own
    held = {"stock": [*view["hand"], stock[0]], "discard": [*view["hand"], top]}
    taken = {"stock": None, "discard": top}
    # This seat's next cards: every n-th after the others' draws, which start one card further
    # down when it takes the stock's top now, and one card sooner per pile taken meanwhile.
    start = {"stock": n, "discard": n - 1}
    turns = {
        source: _judged(
            [
                _soonest(view, held[source], stock[start[source] - j :: n], taken[source])
                for j in range(SHIFTS + 1)
            ]
        )
        for source in held
    }
    best = min(turns, key=lambda source: (turns[source], source != own["source"]))
    return {"type": "draw", "source": best} if turns[best] < turns[own["source"]] else own


def _discard(view: dict, own: dict, coming: list[str | None]) -> dict:
    """``coming``: the cards the next draws bring, the next player's first."""
    n = view["players"]
    options = sorted({c for c in view["hand"] if c != view["taken"]})
    turns = {
        card: _judged(
            [
                _out_turn(view, _without(view["hand"], card), coming[n - 1 - j :: n])
                for j in range(SHIFTS + 1)
            ]
        )
        for card in options
    }
    soonest = min(turns.values())
    if soonest >= turns[own["card"]]:
        return own
    scores = cardplay.discard_scores(view, PROFILES["hard"], read_log(view))  # breaks ties
    quickest = [c for c in options if turns[c] == soonest]
    return {"type": "discard", "card": min(quickest, key=lambda c: (scores[c], c))}


def _judged(turns: list[int]) -> tuple[int, ...]:
    """How a choice compares (lower is better), from the turns it needs to go out when none,
    one or two of the coming draws take the pile instead of the stock (the others', or this
    seat's own to come): their sum, then each in that order. Summed, a choice that goes out
    whichever way the draws fall beats one that needs them to fall just so: judged by the
    first alone, 759 of 1233 decided rounds against hard where this won 837 of 1360."""
    return (sum(turns), *turns)


def _soonest(view: dict, held: list[str], future: list, taken: str | None) -> int:
    """The fewest further turns ``held`` (this turn's cards, after the draw) needs to go
    out: 0 if it can now, else the best over this turn's legal discards."""
    if _goes_out(view, held):
        return 0
    options = {c for c in held if c != taken}
    return min((_out_turn(view, _without(held, c), future) for c in options), default=NEVER)


def _out_turn(view: dict, kept: list[str], future: list) -> int:
    """The first of this seat's coming turns (1, 2, …) at which the cards ``kept`` now and
    those drawn by then hold a whole hand that goes out, or NEVER."""
    pool = list(kept)
    for turn, card in enumerate(future, start=1):
        if card is not None:
            pool.append(card)
        if _goes_out(view, pool, size=len(kept) + 1):
            return turn
    return NEVER


def _goes_out(view: dict, pool: list[str], size: int | None = None) -> bool:
    """Whether ``size`` cards (default: all) chosen from ``pool`` could go out in one turn:
    all of them, or all but the one discarded, melded or laid off on the table."""
    size = len(pool) if size is None else size
    _dw, found, loose = deadwood_split(pool, ace_high(view))
    if not found and not view["opened"][view["seat"]]:
        return False
    singles = sum(1 for c in loose if layoff_target(view, c) is not None)
    opened = bool(view["opened"][view["seat"]])
    return any(_fills(found, singles, need, opened) for need in (size - 1, size))


def _fills(found: list[list[str]], singles: int, need: int, opened: bool) -> bool:
    """Whether some of the melds ``found`` (each may shed cards down to three) and up to
    ``singles`` lay-offs make exactly ``need`` cards; lay-offs alone only once ``opened``."""
    sums = {0}
    for meld in found:
        sums |= {s + k for s in sums for k in range(3, len(meld) + 1)}
    return any((s > 0 or opened) and s <= need <= s + singles for s in sums)


def _without(hand: list[str], card: str) -> list[str]:
    rest = list(hand)
    rest.remove(card)
    return rest
