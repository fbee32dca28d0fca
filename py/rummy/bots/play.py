"""One action for the seat to move, at a level (`rummy.bots.decide`, ENGINE_API.md). Its own
module so that the hints, which play the hard level's turn, import it without importing the
package that imports them."""

from __future__ import annotations

from .. import solver
from ..errors import IllegalMove
from .common import LEVELS, PROFILES, make_rng

# Work budget (solver steps, `solver.work_budget`) of one action: about 0.2 s in CPython at
# worst, under ~1 s on a phone.
DECIDE_BUDGET = 600_000


def decide(view: dict, level: str = "medium", seed: int = 0) -> dict:
    """One legal action for ``view["seat"]``, whose turn it must be."""
    profile = PROFILES.get(level) if isinstance(level, str) else None
    if profile is None and level != "expert":
        raise IllegalMove(f"Unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if view["round_over"] or view["current_player"] != view["seat"]:
        raise ValueError("It is not this seat's turn")
    if profile is None:  # expert: each playout decision has its own work budget
        from . import expert

        return expert.decide(view, seed)
    rng = make_rng(view, level, seed)
    with solver.work_budget(DECIDE_BUDGET):
        if view["variant"] == "rummy101":
            from . import tileplay

            return tileplay.decide(view, profile, rng)
        from . import cardplay

        return cardplay.decide(view, profile, rng)
