"""Round review: the few decisions of one seat where the expert would have chosen otherwise,
and what it cost on average (issue 15, "Review the round").

The round is replayed from its seed (`link.replay_views`) as the reviewed seat saw it. At each
of that seat's draws and discards, the move it made and the expert's alternatives are played
out on the same sampled deals (`expert.evaluate_actions`), judged from the view the seat had
at that moment — never from the cards it could not see, even though the round is over. Where
the expert does not search a decision (`expert.Budget`), its unsearched move (hard's; in
rummy101 `expert.TILES`'s) is the one alternative. The answer is codes and numbers; the page
words it.
"""

from __future__ import annotations

from .. import link
from . import expert

LIMIT = 3  # moments reported, the costliest first
MIN_LOSS = 1.0  # points: a smaller average difference is sampling noise, not a lesson
REVIEW_SAMPLES = 8  # samples per decision: a typical round reviews in a few seconds


def review_round(state: dict, seat: int, samples: int = REVIEW_SAMPLES, limit: int = LIMIT) -> dict:
    """``{"moments": [...], "decisions": n, "reviewable": bool}`` for ``seat`` in the round
    ``state`` holds (normally a finished one): up to ``limit`` moments, the costliest first,
    each ``{"event", "turn", "kind", "played", "expert", "loss", "samples"}`` — the log index of
    the move, the round's turn counter then, ``"draw"`` or ``"discard"``, the action made, the
    expert's action, and the average points the move made lost against it. ``reviewable`` is
    false when the round cannot be rebuilt from its seed (a position laid out with ``deal=``).
    """
    steps = link.replay_views(state, seat, 0)
    if not steps:
        return {"moments": [], "decisions": 0, "reviewable": False}
    moments, decisions = [], 0
    for event, before in _decisions(state["log"], seat, steps):
        decisions += 1
        moment = judge(before, _action_of(state["log"][event]), samples)
        if moment is not None and moment["loss"] >= MIN_LOSS:
            moments.append({"event": event, "turn": before["turn"], **moment})
    moments.sort(key=lambda m: (-m["loss"], m["event"]))
    return {"moments": moments[:limit], "decisions": decisions, "reviewable": True}


def _decisions(log: list[dict], seat: int, steps: list[dict]):
    """(log index, the seat's view just before it) for each draw and discard of ``seat``.
    ``steps[i]`` is the view after event ``i - 1``, that is just before event ``i``."""
    for i, event in enumerate(log):
        if event.get("seat") != seat or event["type"] not in ("draw", "discard"):
            continue
        before = steps[i]["view"]
        if before["current_player"] == seat and not before["round_over"]:
            yield i, before


def _action_of(event: dict) -> dict:
    if event["type"] == "draw":
        return {"type": "draw", "source": event["source"]}
    return {"type": "discard", "card": event["card"]}


def judge(view: dict, played: dict, samples: int) -> dict | None:
    """The expert's verdict on ``played`` at ``view``: its preferred action and how many points
    ``played`` gave up on average, or None when the expert agrees (or cannot compare)."""
    candidates = [played] + [c for c in _alternatives(view) if c != played]
    if len(candidates) < 2:
        return None
    values = expert.action_values(view, candidates, 0, expert.Budget(samples=samples))
    if values[0] <= expert.REFUSED:  # the playout could not continue the move: no verdict
        return None
    best = max(range(len(candidates)), key=lambda i: (values[i], -i))
    if best == 0:
        return None
    return {
        "kind": played["type"],
        "played": played,
        "expert": candidates[best],
        "loss": round(values[best] - values[0], 1),
        "samples": samples,
    }


def _alternatives(view: dict) -> list[dict]:
    """What the expert compares at ``view``: the draw sources, or the cheapest discards. Where
    its budget leaves the decision unsearched (`rummy101`'s discard, by `expert.TILES`; the
    draw and discard in Rummy to 200 and in classic Rummy with three to six, hard's, or in
    Rummy to 200's second stock `lastpass`'s: searching them measured no better, or worse),
    the one alternative is the expert's own unsearched choice, and the playouts only say what
    the move made cost against it."""
    drawing = view["phase"] == "draw"
    if not expert.budget_for(view).searches("draw" if drawing else "discard"):
        own = expert.decide(view, 0)  # unsearched: hard's move (rummy101: TILES's; lastpass)
        if own["type"] in ("draw", "discard"):
            return [own]
        return expert.discard_candidates(view, 1)  # it would meld first: its cheapest discard
    if drawing:
        return [{"type": "draw", "source": s} for s in expert._draw_sources(view)]
    return expert.discard_candidates(view, expert.DEFAULT.candidates + 1)
