"""What an opponent's passes and discards say about its hand: ``python bench/fit_inference.py``.

Hard plays ``--rounds`` rounds of classic Rummy heads-up against itself (deal seeds as the
simulator's). At every position where a seat is about to draw, each clue its opponent left
(a card it let pass on the pile, or threw; `inference.clues`) is set beside the opponent's
real hand and beside a hand dealt at random from the cards that seat cannot see
(`expert.sample_state`): does the hand meld with the card, only pair with it, or neither
(`inference.relation`)? The ratio of the two frequencies, per kind of clue and age, is the
likelihood ratio `rummy.bots.inference.RATIOS` holds; the table is printed in that form.

Then it checks that the ratios help on ``--check`` other rounds: at every fourth such
position it deals the opponent's hand ``--deals`` times at random and as the expert does
(``fills`` deals per sample, one kept by weight), and scores each unseen card's share of
those deals as a forecast of whether the opponent holds it (log loss per card: lower is
better).

    python bench/fit_inference.py --rounds 600 --check 60   # about 4 minutes
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots, sim
from rummy.bots import expert, inference
from rummy.bots.moves import ace_high

OPTIONS = sim.DEFAULT_OPTIONS["basic"]


def positions(seeds: list[int]):
    """(the view of the seat about to draw, the opponent's real hand) through hard's rounds."""
    for seed in seeds:
        g = rummy.new_game("basic", players=2, seed=seed, options=OPTIONS)
        while not g.round_over:
            seat = g.current_player
            if g.phase == "draw":
                yield g.view(seat), list(g.state()["hands"][1 - seat])
            g.apply(bots.decide(g.view(seat), "hard", seed))


def ratios(seeds: list[int]) -> dict[tuple[str, int], list[float]]:
    real: dict[tuple[str, int], Counter] = defaultdict(Counter)
    dealt: dict[tuple[str, int], Counter] = defaultdict(Counter)
    rng = random.Random(1)
    for view, hand in positions(seeds):
        other = 1 - view["seat"]
        fake = expert.sample_state(view, rng)["hands"][other]
        ah = ace_high(view)
        for kind, card, age in inference.clues(view, other):
            key = (kind, min(age, inference.OLDEST))
            real[key][inference.relation(hand, card, ah)] += 1
            dealt[key][inference.relation(fake, card, ah)] += 1
    out = {}
    for key in sorted(real):
        r, d = real[key], dealt[key]
        out[key] = [
            (r[k] / r.total()) / max(d[k] / d.total(), 1e-9)
            for k in (inference.NEITHER, inference.PAIRS, inference.MELDS)
        ]
    return out


def check(seeds: list[int], deals: int, fills: int) -> tuple[float, float, int]:
    """Log loss per unseen card of the opponent's hand forecast by random deals and by
    weighted ones."""
    loss = [0.0, 0.0]
    cards_scored = 0
    rng = random.Random(2)
    for i, (view, hand) in enumerate(positions(seeds)):
        if i % 4:
            continue
        other = 1 - view["seat"]
        shares = [Counter(), Counter()]
        for _ in range(deals):
            shares[0].update(expert.sample_state(view, rng)["hands"][other])
            shares[1].update(expert.sample_state(view, rng, fills)["hands"][other])
        for card in set(shares[0]) | set(shares[1]):
            for k in (0, 1):
                p = min(max(shares[k][card] / deals, 0.01), 0.99)
                loss[k] -= math.log(p if card in hand else 1 - p)
            cards_scored += 1
    return loss[0] / cards_scored, loss[1] / cards_scored, cards_scored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--check", type=int, default=60, help="rounds to check on (0: none)")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--fills", type=int, default=expert.BUDGETS[("basic", 2)].fills)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    seeds = [args.seed * 1_000_003 + i for i in range(args.rounds)]
    table = ratios(seeds)
    print(f"{args.rounds} rounds of hard against hard ({time.perf_counter() - start:.0f} s)")
    print("RATIOS = {  # (kind, age): NEITHER, PAIRS, MELDS")
    for key, row in table.items():
        print(f"    {key!r}: ({', '.join(f'{x:.2f}' for x in row)}),")
    print("}")
    if args.check:
        other = [(args.seed + 1) * 1_000_003 + i for i in range(args.check)]
        fills = max(2, args.fills)
        plain, weighted, n = check(other, args.deals, fills)
        print(
            f"opponent's hand forecast, log loss per unseen card ({n} cards, {args.check} rounds):"
            f" random deals {plain:.4f}, weighted ({fills} per sample) {weighted:.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
