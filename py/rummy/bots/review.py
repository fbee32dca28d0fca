"""Round review: the few decisions of one seat where the expert would have chosen otherwise,
and what it cost on average (issue 15, "Review the round").

The round is replayed from its seed (`link.replay_views`) as the reviewed seat saw it. At each
of that seat's draws and discards, the move it made and the expert's alternatives are played
out on the same sampled deals (`expert.evaluate_actions`), judged from the view the seat had
at that moment — never from the cards it could not see, even though the round is over; a
moment found there is judged again on other deals, and told only if both looks find it. Where
the expert searches a decision, the alternatives are its search's candidates, and a moment
names the one its search chooses (`expert.decide`), never a move it would have made itself;
where it does not search (`expert.Budget`), its unsearched move (hard's; in rummy101
`expert.TILES`'s) is the one alternative. So a player who follows the Hint (the expert's
advice) is never faulted. The answer is codes and numbers; the page words it.
"""

from __future__ import annotations

from .. import link
from . import expert

LIMIT = 3  # moments reported, the costliest first
MIN_LOSS = 1.0  # points: a smaller average difference is sampling noise, not a lesson
REVIEW_SAMPLES = 8  # samples per decision: a typical round reviews in a few seconds
SECOND_LOOK = 1  # the sampling seed of a moment's second look (the first's is 0)


def review_round(state: dict, seat: int, samples: int = REVIEW_SAMPLES, limit: int = LIMIT) -> dict:
    """``{"moments": [...], "decisions": n, "reviewable": bool}`` for ``seat`` in the round
    ``state`` holds (normally a finished one): up to ``limit`` moments, the costliest first,
    each ``{"event", "turn", "kind", "played", "expert", "loss", "samples", "pile"}`` — the log
    index of the move, the round's turn counter then, ``"draw"`` or ``"discard"``, the action
    made, the expert's action, the average points the move made lost against it, the sampled
    deals that average is over, and at a draw the card on top of the discard pile then (else
    None: the log does not always say it, e.g. the card turned up at the deal). ``reviewable`` is
    false when the round cannot be rebuilt from its seed (a position laid out with ``deal=``).
    """
    steps = link.replay_views(state, seat, 0)
    if not steps:
        return {"moments": [], "decisions": 0, "reviewable": False}
    # First the playouts at every decision; then, the costliest first, the expert's own choice
    # where it searches (a search each), until no moment left could enter the top ``limit``:
    # a verdict's loss is at most its playouts' best.
    found, decisions = [], 0
    for event, before in _decisions(state["log"], seat, steps):
        decisions += 1
        outcome = _playouts(before, _action_of(state["log"][event]), samples)
        if outcome is not None:
            found.append((event, before, outcome))
    found.sort(key=lambda f: (-_most(f[2]), f[0]))
    moments: list[dict] = []
    for event, before, outcome in found:
        if len(moments) >= limit and moments[limit - 1]["loss"] > round(_most(outcome), 1):
            break
        moment = _verdict(before, *outcome)
        if moment is not None:
            pile = before["discard"][-1] if moment["kind"] == "draw" and before["discard"] else None
            moments.append({"event": event, "turn": before["turn"], **moment, "pile": pile})
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
    """The expert's verdict on ``played`` at ``view``: the action it would have chosen and how
    many points ``played`` gave up against it on average, or None when the expert agrees, the
    difference is under ``MIN_LOSS`` (in either look) or the playouts cannot compare them.

    The playouts (``samples`` deals, scored in points) play the move made and the expert's
    alternatives. Where the expert searches the decision, the alternatives are its search's
    candidates and the verdict names the one its search chooses (`expert.decide`), so a move
    the expert would have made is never reported, nor an alternative it would not choose."""
    outcome = _playouts(view, played, samples)
    return None if outcome is None else _verdict(view, *outcome)


def _playouts(view: dict, played: dict, samples: int):
    """``(played, candidates, values, samples)`` with ``played`` first, when an alternative
    came out at least ``MIN_LOSS`` ahead; else None."""
    candidates = [played] + [c for c in _alternatives(view) if c != played]
    if len(candidates) < 2:
        return None
    values = look(view, candidates, 0, samples)
    if values[0] <= expert.REFUSED:  # the playout could not continue the move: no verdict
        return None
    outcome = (played, candidates, values, samples)
    return outcome if _most(outcome) >= MIN_LOSS else None


def look(view: dict, actions: list[dict], seed: int, samples: int = REVIEW_SAMPLES) -> list[float]:
    """Each action's average value in points over ``samples`` deals dealt from ``view`` by
    sampling seed ``seed``: one look at a decision (the first is seed 0, the second
    ``SECOND_LOOK``; bench/review_noise.py takes further ones)."""
    return expert.action_values(view, actions, seed, expert.Budget(samples=samples))


def _most(outcome) -> float:
    """The most any alternative gained over the move made, in the playouts."""
    values = outcome[2]
    return max(values) - values[0]


def _verdict(
    view: dict, played: dict, candidates: list[dict], values: list[float], samples: int
) -> dict | None:
    best = max(range(len(candidates)), key=lambda i: (values[i], -i))
    # Where the expert searches it costs a search, spent only where the playouts found a
    # lesson. Where it would lay melds before discarding, the playouts' best discard stands.
    choice = expert.decide(view, 0) if _searched(view) else None
    if choice is not None and choice["type"] == played["type"]:
        if choice == played or choice not in candidates:
            return None
        best = candidates.index(choice)
    if values[best] - values[0] < MIN_LOSS:
        return None
    # A second look, on other deals: the first one's difference is the largest of several
    # noisy ones, picked for being large, so alone it runs high, and in Rummy 101 it was noise
    # (bench/review_noise.py). A moment is one that both looks find costing at least MIN_LOSS,
    # said at the smaller of the two (never more than the first: `review_round` relies on it).
    again = look(view, [played, candidates[best]], SECOND_LOOK, samples)
    loss = min(values[best] - values[0], again[1] - again[0])
    if loss < MIN_LOSS:
        return None
    return {
        "kind": played["type"],
        "played": played,
        "expert": candidates[best],
        "loss": round(loss, 1),
        "samples": samples,
    }


def _alternatives(view: dict) -> list[dict]:
    """What the expert compares at ``view``. Where it searches (classic Rummy heads-up, the draw
    in `rummy101`), its search's candidates: its unsearched move (hard's) and the other draw
    source, or the next cheapest discards. Where its budget leaves the decision unsearched
    (`rummy101`'s discard, by `expert.TILES`; the draw and discard in Rummy to 200 and in
    classic Rummy with three to six, hard's, or in Rummy to 200's second stock `lastpass`'s:
    searching them measured no better, or worse), the one alternative is the expert's own
    unsearched choice, and the playouts only say what the move made cost against it."""
    if _searched(view):
        own = expert.own_action(view, 0)
        if own["type"] in ("draw", "discard"):
            return expert.candidate_actions(view, own, expert.budget_for(view).candidates)
    else:
        own = expert.decide(view, 0)  # unsearched: hard's move (rummy101: TILES's; lastpass)
        if own["type"] in ("draw", "discard"):
            return [own]
    # It would lay melds first: the cheapest discards after them.
    return expert.discard_candidates(view, expert.DEFAULT.candidates + 1)


def _searched(view: dict) -> bool:
    """Whether the expert's budget searches the decision at ``view`` (its draw or discard)."""
    return expert.budget_for(view).searches("draw" if view["phase"] == "draw" else "discard")
