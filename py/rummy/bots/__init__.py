"""Computer players and hints for every rule set (ENGINE_API.md "Computer players").

``decide(view, level, seed) -> action`` returns ONE legal action for the seat to move; the
caller applies it and calls again until the turn passes (draw, plays, discard). A bot reads
only the view it is given (its own hand, the table, the discard pile, hand sizes, the public
log), never the game, so it cannot peek. The same view, level and seed give the same action.

Levels:
- ``random``: legal moves only, chosen by chance (the floor).
- ``easy``: melds and lays off what it can, discards its highest loose card, often carelessly.
- ``medium``: takes the discard only to complete a meld, keeps pairs and near-runs.
- ``hard``: medium plus live-card counting, opponent tracking (pickups, discards), not feeding
  the next player, shedding high cards when an opponent is nearly out; in rummy101 also joker
  swaps, joker finishes and the joker button.
- ``expert``: hard, but its draws and discards are chosen by search: it samples the cards it
  cannot see and plays the candidates out with hard (see :mod:`rummy.bots.expert`). Where
  the search measured weaker than hard (Rummy to 200, classic Rummy with three to six) it
  plays hard's moves, but for Rummy to 200's second stock, whose every card it remembers
  from the pile (:mod:`rummy.bots.lastpass`); in rummy101 it searches only the draw.

``hint(view) -> dict`` advises the human seat (see :mod:`rummy.bots.hints` for every key).
"""

from __future__ import annotations

from .. import solver
from .common import LEVELS
from .hints import hint as _hint
from .play import DECIDE_BUDGET, decide

__all__ = ["DECIDE_BUDGET", "LEVELS", "decide", "hint", "review_round"]

# Work budget (solver steps, `solver.work_budget`) of the openings one hint weighs over the
# whole turn, its expert's playouts included: the `rummy101` solver stays within about 0.3 s
# in CPython, under ~1 s on a phone. (The expert's search in classic Rummy heads-up costs what
# its decisions do: bench/expert_browser.py times the Hint.)
HINT_BUDGET = 900_000


def hint(view: dict) -> dict:
    """Advice for ``view["seat"]`` (see `rummy.bots.hints`), within one work budget."""
    with solver.work_budget(HINT_BUDGET):
        return _hint(view)


def review_round(state: dict, seat: int) -> dict:
    """The seat's costliest decisions of the round in ``state`` as the expert judges them from
    that seat's view (see `rummy.bots.review`); imported on use, it is only needed after a
    round."""
    from .review import review_round as review

    return review(state, seat)
