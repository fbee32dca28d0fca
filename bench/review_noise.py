"""Do the round review's moments hold up with other samples? ``python bench/review_noise.py``.

Seat 0 plays whole rounds as hard against hard (where the review finds most to say), and
`bots.review_round` reviews seat 0 as "Review the round" does on the page: each moment's loss
is the average over 8 sampled deals (`review.REVIEW_SAMPLES`, sampling seed 0). Each moment's
decision is then judged again, the move made against the expert's choice, on fresh samples
(``--again`` more sampling seeds, 8 deals each, none the review's own), as another look at the
same moment would.

Prints, per rule set, the moments reported, their average loss as reported and as judged again
(the reported figure is the largest of several noisy estimates, so it runs high), how many
still come out at least `review.MIN_LOSS` ahead on the fresh samples, and how many at least
half as far ahead as reported.

    python bench/review_noise.py --variant basic --rounds 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots, link
from rummy.bots import review

FRESH = review.SECOND_LOOK + 1  # the first fresh sampling seed: neither of the review's looks


def played_round(variant: str, seed: int) -> dict:
    """A finished heads-up round between two hard seats."""
    options = {"max_rebuilds": 1} if variant == "basic" else {}
    g = rummy.new_game(variant, players=2, seed=seed, options=options)
    while not g.round_over:
        g.apply(bots.decide(g.view(g.current_player), "hard", 0))
    return g.state()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="basic", choices=rummy.VARIANTS)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=200, help="first deal seed")
    parser.add_argument("--again", type=int, default=4, help="fresh sampling seeds per moment")
    args = parser.parse_args()
    reported, again = [], []
    for seed in range(args.seed, args.seed + args.rounds):
        state = played_round(args.variant, seed)
        views = link.replay_views(state, 0, 0)  # as the seat saw the round: the review's views
        for moment in bots.review_round(state, 0)["moments"]:
            view = views[moment["event"]]["view"]
            pair = [moment["played"], moment["expert"]]
            losses = []
            for s in range(FRESH, FRESH + args.again):
                values = review.look(view, pair, s)
                losses.append(values[1] - values[0])
            reported.append(moment["loss"])
            again.append(statistics.fmean(losses))
    n = len(reported)
    print(f"{args.variant} 2p, {args.rounds} rounds from seed {args.seed}: {n} moments")
    if not n:
        return
    held = sum(1 for x in again if x >= review.MIN_LOSS)
    half = sum(1 for x, r in zip(again, reported, strict=True) if x >= r / 2)
    told, judged = statistics.fmean(reported), statistics.fmean(again)
    print(f"average loss reported {told:.1f}, judged again {judged:.1f}")
    print(f"still at least {review.MIN_LOSS:g} point ahead: {held} of {n}", end="; ")
    print(f"at least half as far: {half} of {n}")


if __name__ == "__main__":
    main()
