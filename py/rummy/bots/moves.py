"""Legal-move helpers over a view: what fits where, and what a play leaves in the hand.

Every check here defers to the engine's own meld rules (`rummy.melds`), so a play the bot
proposes is one the engine accepts (RULES.md §1–3 *Melds*, *Laying off*, *Joker swap*).
"""

from __future__ import annotations

from .. import melds, tiles
from ..errors import IllegalMove
from .common import base


def uses_tiles(view: dict) -> bool:
    return view["variant"] == "rummy101"


def ace_high(view: dict) -> bool:
    return bool(view["options"].get("ace_high_or_low", False))


def fits(view: dict, meld: dict, code: str) -> bool:
    """Whether ``code`` may be laid off on the table meld ``meld``."""
    if meld.get("kind") == melds.PAIR:
        return False
    try:
        melds.extend(
            meld["kind"], meld["cards"], [code], use_tiles=uses_tiles(view), ace_high=ace_high(view)
        )
    except IllegalMove:
        return False
    return True


def layoff_target(view: dict, code: str) -> int | None:
    """The id of the first table meld ``code`` fits, or None."""
    for meld in view["table"]:
        if fits(view, meld, code):
            return meld["id"]
    return None


def may_lay_off(view: dict, seat: int | None = None) -> bool:
    """Whether ``seat`` (default: the viewer) may add to table melds now."""
    seat = view["seat"] if seat is None else seat
    if uses_tiles(view):
        return view["opened"][seat] is not None
    if view["variant"] == "rummy200":
        return bool(view["opened"][seat])
    return True


def swappable(meld: dict, tile: str) -> bool:
    """rummy101: whether ``tile`` may take a joker's place in ``meld``."""
    if not any(tiles.is_joker(c) for c in meld["cards"]):
        return False
    try:
        melds.swap_joker(meld["kind"], meld["cards"], tile)
    except IllegalMove:
        return False
    return True


def advance(view: dict, action: dict) -> dict:
    """A copy of ``view`` after the viewer's play ``action`` (no draws from hidden stock).

    Used by hints to show a whole turn; it follows the engine's rules for what a play does
    to the hand and the table, not its checks (the bot only proposes legal plays).
    """
    v = {**view, "hand": list(view["hand"]), "table": [dict(m) for m in view["table"]]}
    v["log"] = list(view["log"])
    v["opened"] = list(view["opened"])
    seat = view["seat"]
    kind = action["type"]
    event = {"type": kind, "seat": seat}
    if kind == "draw":
        card = view["discard"][-1]
        v["discard"] = view["discard"][:-1]
        v["hand"].append(card)
        v["phase"] = "play"
        v["taken"] = card
        event.update(source="discard", card=card)
    elif kind == "meld":
        made = []
        for codes in action["melds"]:
            for code in codes:
                v["hand"].remove(base(code))
            m = (
                melds.check_tiles(codes)
                if uses_tiles(view)
                else melds.check_cards(codes, ace_high(view))
            )
            made.append(m)
        next_id = max([m["id"] for m in v["table"]], default=0) + 1
        for m in made:
            v["table"].append(
                {"id": next_id, "owner": seat, "kind": m.kind, "cards": list(m.codes)}
            )
            next_id += 1
        if uses_tiles(view):
            if v["opened"][seat] is None:
                v["opened"][seat] = "pairs" if made[0].kind == melds.PAIR else "melds"
        else:
            v["opened"][seat] = True
        event["melds"] = [list(m.codes) for m in made]
    elif kind == "layoff":
        for code in action["cards"]:
            v["hand"].remove(base(code))
        for m in v["table"]:
            if m["id"] == action["meld"]:
                grown = melds.extend(
                    m["kind"],
                    m["cards"],
                    action["cards"],
                    use_tiles=uses_tiles(view),
                    ace_high=ace_high(view),
                )
                m["cards"] = list(grown.codes)
        event.update(meld=action["meld"], cards=list(action["cards"]))
    elif kind == "swap_joker":
        v["hand"].remove(action["tile"])
        v["hand"].append(tiles.JOKER)
        for m in v["table"]:
            if m["id"] == action["meld"]:
                m["cards"] = list(melds.swap_joker(m["kind"], m["cards"], action["tile"]).codes)
        event.update(meld=action["meld"], tile=action["tile"])
    v["log"].append(event)
    v["hand_sizes"] = list(view["hand_sizes"])
    v["hand_sizes"][seat] = len(v["hand"])
    return v
