"""What a search could still gain at `rummy101`'s discards: ``python bench/discard_rollouts.py``.

The expert's tile play (`expert.TILES`, no search) plays heads-up `rummy101` against hard,
seats alternating by deal. At each of its discards that has an alternative, `TILES`'s
``--candidates`` cheapest discards are each played out to the round's end, every seat playing
on as in the simulator (common random numbers: the candidates meet the same luck), and the
one with the best win rate chosen, by two searchers:

- **seeing**: the playouts start from the true position (the opponent's real rack, the stock
  reshuffled): a search that knew what the opponent holds;
- **blind**: they start from deals sampled from the expert's view (`expert.sample_state`), as
  the expert's own search does: all a search can know.

Each choice is then measured on further playouts from the true position against `TILES`'s
own discard: the gain, in rounds won per decision, with its 95% interval, over all the
positions and apart before and after the expert opened. A positive blind gain is what a
discard search could add; a seeing gain with a blind one near nothing says the rest of the
difference is in the opponent's rack, which no blind search can see.

About 20 minutes on 2 cores (a playout to the round's end costs about 40 ms of CPU):

    python bench/discard_rollouts.py --deals 30 --rollouts 16 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from expert_decisions import rollout, win  # bench/, beside this script

import rummy
from rummy import bots, rules, sim
from rummy.bots import expert


def act(view: dict, me: int, seed: int) -> dict:
    """The expert's tile play for ``me``, hard's for the other seat."""
    if view["seat"] == me:
        return expert.own_action(view, seed)
    return bots.decide(view, "hard", seed)


def playout(s: dict, action: dict, me: int, seed: int) -> float:
    """Play ``action`` and the round out from ``s``: ``me``'s share of the win (the
    simulator's rule: the most round points win)."""
    points = rollout(s, action, seed, lambda view, seed: act(view, me, seed))
    return win(points, me)


def positions(deal: int, me: int, candidates: int) -> list[tuple[dict, list[dict], bool]]:
    """The expert's discards with an alternative in one round: state, candidates (its own
    first), whether it had opened."""
    options = dict(sim.DEFAULT_OPTIONS["rummy101"])
    s = rummy.new_game("rummy101", players=2, seed=deal, options=options).state()
    out = []
    while not s["round_over"]:
        action = act(rules.make_view(s, s["current"]), me, deal)
        if s["current"] == me and action["type"] == "discard":
            view = rules.make_view(s, me)
            found = expert.candidate_actions(view, action, candidates)
            if len(found) > 1:
                out.append((rules.copy_state(s), found, view["opened"][me] is not None))
        rules.apply_action(s, action)
    return out


def rates(starts: list[dict], found: list[dict], me: int) -> list[float]:
    """Each candidate's win rate over one playout from each start."""
    return [
        statistics.fmean(playout(t, action, me, j) for j, t in enumerate(starts))
        for action in found
    ]


def judge(job: tuple) -> tuple[bool, float, float]:
    """One position: the gain of the seeing and of the blind searcher's choice."""
    s, found, opened, me, key, rollouts = job
    view = rules.make_view(s, me)

    def reshuffled(tag: str, j: int) -> dict:
        t = rules.copy_state(s)
        random.Random(f"{tag}:{key}:{j}").shuffle(t["stock"])
        return t

    seeing = rates([reshuffled("see", j) for j in range(rollouts)], found, me)
    blind = rates(
        [expert.sample_state(view, random.Random(f"blind:{key}:{j}")) for j in range(rollouts)],
        found,
        me,
    )
    measured = rates([reshuffled("measure", j) for j in range(rollouts)], found, me)

    def gain(values: list[float]) -> float:
        best = max(range(len(found)), key=lambda i: (values[i], -i))  # ties keep TILES's
        return measured[best] - measured[0]

    return opened, gain(seeing), gain(blind)


def interval(gains: list[float]) -> str:
    """The mean gain and its 95% interval's half-width."""
    if len(gains) < 2:
        return "-"
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    return f"{statistics.fmean(gains):+.4f} ± {half:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--rollouts", type=int, default=16, help="per candidate and searcher")
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--seed", type=int, default=777_000, help="the first deal's seed")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    jobs = []
    for d in range(args.deals):
        deal, me = args.seed + d, d % 2
        for n, (s, found, opened) in enumerate(positions(deal, me, args.candidates)):
            jobs.append((s, found, opened, me, f"{deal}:{n}", args.rollouts))
    start = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        out = pool.map(judge, jobs, chunksize=2)
    print(f"{len(jobs)} discards of {args.deals} rounds, {args.rollouts} playouts each way")
    print("rounds won per decision against TILES's own discard (95% interval)")
    print(f"{'':<9} {'seeing':<17} blind")
    for label, keep in (("all", None), ("unopened", False), ("opened", True)):
        rows = [o for o in out if keep is None or o[0] == keep]
        seeing, blind = interval([o[1] for o in rows]), interval([o[2] for o in rows])
        print(f"{label:<9} {seeing:<16}  {blind}")
    print(f"{time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
