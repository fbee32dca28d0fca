"""Does the round review fault moves it should not? ``python bench/review_agreement.py``.

Seat 0 plays whole rounds by one policy against hard, then `bots.review_round` reviews seat 0,
as "Review the round" does after a round on the page:

- ``expert``: the expert's own draws and discards. The review names the moves where the expert
  would have chosen otherwise, so it should find nothing here.
- ``hint``: every action of the Hint (`bots.hint`, asked again after a stock draw), as a person
  who follows it. Nothing either: the Hint is the expert's advice (since stop 32).
- ``hard``: hard's moves. What the review finds here is where the expert disagrees with hard.

Prints, per policy, the decisions reviewed, the moments reported, the rounds with at least one,
and the review's CPU time per round (median and longest).

    python bench/review_agreement.py --variant basic --rounds 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots


def play_round(variant: str, players: int, seed: int, policy: str) -> dict:
    """The state of a finished round where seat 0 plays by ``policy`` and the others as hard."""
    options = {"max_rebuilds": 1} if variant == "basic" else {}
    g = rummy.new_game(variant, players=players, seed=seed, options=options)
    while not g.round_over:
        seat = g.current_player
        view = g.view(seat)
        if seat != 0:
            g.apply(bots.decide(view, "hard", 0))
        elif policy == "hint":
            for action in bots.hint(view)["actions"]:
                g.apply(action)
                if g.round_over:
                    break
        else:
            g.apply(bots.decide(view, policy, 0))
    return g.state()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="basic", choices=rummy.VARIANTS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=100, help="first deal seed")
    parser.add_argument("--policies", default="expert,hint,hard")
    args = parser.parse_args()
    print(f"{args.variant} {args.players}p, {args.rounds} rounds from seed {args.seed}")
    head = ("policy", "decisions", "moments", "rounds with one", "review s (median / max)")
    print(f"{head[0]:<8} {head[1]:>9} {head[2]:>8} {head[3]:>16} {head[4]:>24}")
    for policy in args.policies.split(","):
        decisions = moments = flagged = 0
        times = []
        for seed in range(args.seed, args.seed + args.rounds):
            state = play_round(args.variant, args.players, seed, policy)
            start = time.process_time()
            review = bots.review_round(state, 0)
            times.append(time.process_time() - start)
            decisions += review["decisions"]
            moments += len(review["moments"])
            flagged += bool(review["moments"])
        took = f"{statistics.median(times):.2f} / {max(times):.2f}"
        print(f"{policy:<8} {decisions:>9} {moments:>8} {flagged:>16} {took:>24}")


if __name__ == "__main__":
    main()
