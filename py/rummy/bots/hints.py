"""Advice for the human seat: what the expert computer player would do in its place (since
stop 32; before, hard's moves in the card games). So the round review, which judges by the
expert's choices, never faults a move the Hint advised. In classic Rummy heads-up that is a
search at each draw and discard (in the browser about 0.15 s, 0.3 s at p95: taking the
discard leads to a second one, for the discard); elsewhere hard's moves, Rummy to 200's
second pass planned, and in `rummy101` its tile play to go out first, never opening with pairs
but for a late opening that loses less. One work budget (`bots.HINT_BUDGET`) caps the
solver's openings in all.

``hint(view)`` returns a dict (JSON-compatible) with these keys:

- ``"phase"``: ``"draw"`` or ``"play"`` — the step of the turn the advice is for.
- ``"draw"``: the suggested take — ``"stock"``, ``"discard"`` or ``"joker"`` (rummy101
  button) — in the draw phase, else ``None``.
- ``"melds"``: the best melds the hand can lay now (lists of codes; for rummy101 before the
  opening, only if they open), ``[]`` if none. In `basic`/`rummy200` the advice may be to
  keep them hidden for now (hard's plan, which the expert keeps): then ``"actions"`` does not
  lay them, the melds are those of the hand left after the advised discard, and the message
  says so.
- ``"layoffs"``: ``[{"meld": id, "cards": [code]}, ...]`` suggested additions to table melds.
- ``"discard"``: the suggested discard at the end of the plays (play phase), else ``None``.
- ``"opening"`` (rummy101, seat not opened yet; else ``None``): ``{"points": best runs/sets
  value, "need": points threshold, "melds": [...], "pairs": most pairs, "pairs_need": pairs
  threshold, "pair_melds": [...], "can_open": bool}``, from the exact solver. When only the
  pairs reach their threshold the advice may still be to wait (the message says why).
- ``"actions"``: the concrete actions, in order, that carry the advice out (each one legal in
  turn; a stock draw ends the list since the drawn card is unknown).
- ``"message"``: one English sentence summing it up, e.g. "Your best opening is 104; you need
  117".
"""

from __future__ import annotations

from .. import solver
from .moves import advance
from .play import decide

_MAX_STEPS = 40


def hint(view: dict) -> dict:
    """Advice for ``view["seat"]`` on its turn (see the module docstring for the keys)."""
    out: dict = {
        "phase": view["phase"],
        "draw": None,
        "melds": [],
        "layoffs": [],
        "discard": None,
        "opening": None,
        "actions": [],
        "message": "",
    }
    if view["round_over"] or view["current_player"] != view["seat"]:
        out["message"] = "It is not your turn"
        return out
    tiles_game = view["variant"] == "rummy101"
    if tiles_game and view["opened"][view["seat"]] is None:
        out["opening"] = _opening(view)
    current = view
    for _ in range(_MAX_STEPS):
        action = _advise(current)
        out["actions"].append(action)
        kind = action["type"]
        if kind == "draw":
            out["draw"] = action["source"]
            if action["source"] != "discard":
                break
        elif kind == "meld":
            out["melds"].extend(action["melds"])
        elif kind == "layoff":
            out["layoffs"].append({"meld": action["meld"], "cards": list(action["cards"])})
        elif kind == "discard":
            out["discard"] = action["card"]
            break
        current = advance(current, action)
        if not current["hand"]:
            break
    held = False
    if not out["melds"]:
        # The melds the player keeps: those of the hand left after the advised discard, which
        # may break one the whole hand holds (three 5s and 5-6-7 share a 5).
        kept = list(current["hand"])
        if out["discard"] in kept:
            kept.remove(out["discard"])
        out["melds"] = _melds_now({**current, "hand": kept})
        held = bool(out["melds"]) and out["phase"] == "play"
    out["message"] = _message(view, out, held)
    return out


def _advise(view: dict) -> dict:
    """One step of the advice: the expert's action, so that the round review (which judges
    by the expert's choices) never faults a move the Hint advised."""
    return decide(view, "expert", 0)


def _opening(view: dict) -> dict:
    from .tileplay import best_opening

    need = view["thresholds"]
    points, found = best_opening(view["hand"])
    count, pairs = solver.best_pairs(view["hand"])
    return {
        "points": points,
        "need": need["points"],
        "melds": found,
        "pairs": count,
        "pairs_need": need["pairs"],
        "pair_melds": pairs,
        "can_open": points >= need["points"] or count >= need["pairs"],
    }


def _melds_now(view: dict) -> list[list[str]]:
    if view["variant"] == "rummy101":
        opening = _opening(view) if view["opened"][view["seat"]] is None else None
        if opening is not None and not opening["can_open"]:
            return []
        from .tileplay import best_opening

        return best_opening(view["hand"])[1]
    return solver.min_deadwood(view["hand"], view["options"].get("ace_high_or_low", False))[1]


def _message(view: dict, out: dict, held: bool) -> str:
    parts = []
    opening = out["opening"]
    if opening is not None:
        if opening["points"] >= opening["need"]:
            parts.append(
                f"You can open: your best opening is {opening['points']}"
                f" (you need {opening['need']})"
            )
        elif opening["pairs"] >= opening["pairs_need"]:
            if any(a["type"] == "meld" for a in out["actions"]):
                parts.append(f"You can open with {opening['pairs']} pairs")
            else:
                parts.append(
                    f"You could open with {opening['pairs']} pairs, but wait for runs and"
                    " sets: after pairs you may lay only pairs, and your rack counts double"
                )
        else:
            parts.append(f"Your best opening is {opening['points']}; you need {opening['need']}")
    if out["draw"]:
        parts.append(f"draw from the {out['draw'] if out['draw'] != 'joker' else 'joker button'}")
    if out["melds"] and out["phase"] == "play":
        shown = "; ".join(" ".join(m) for m in out["melds"])
        if held:
            parts.append(f"keep {shown} in your hand until it can all go down in one turn")
        else:
            parts.append("lay " + shown)
    if out["layoffs"]:
        parts.append("add " + ", ".join(" ".join(x["cards"]) for x in out["layoffs"]))
    if out["discard"]:
        parts.append(f"discard {out['discard']}")
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] if text else "Nothing to suggest"
