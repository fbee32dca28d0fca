"""Fit the expert's win-chance model for classic Rummy heads-up: ``python bench/fit_win_chance.py``.

Hard plays ``--rounds`` rounds of `basic` against itself (deal seeds ``seed * 1_000_003 + i``,
as the simulator's). At every position where a seat is about to draw, the model's inputs
(`winchance.features`, from that seat's side) are recorded with whether that seat went on to
win the round; drawn rounds are left out. A logistic regression is fitted on the rounds of
even index and judged on the others (log loss: lower is better; guessing a half scores
0.693), beside hard's evaluation alone (the two hands' difference, fitted the same way).
Then it is fitted on all of them, and the weights are printed in the form
`rummy.bots.winchance.WEIGHTS` takes.

Needs numpy (``pip install numpy``); the engine does not. About 4 minutes on 2 cores:

    python bench/fit_win_chance.py --rounds 6000 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots, sim
from rummy.bots import winchance

L2 = 1e-3  # ridge on the standardized inputs: keeps the fit steady, changes little


def positions(seeds: list[int]) -> list[tuple[int, list[float], float]]:
    """(deal seed, inputs, 1 if that seat won else 0) for every position about to draw."""
    out = []
    options = sim.DEFAULT_OPTIONS["basic"]
    for seed in seeds:
        g = rummy.new_game("basic", players=2, seed=seed, options=options)
        found = []
        while not g.round_over:
            seat = g.current_player
            if g.phase == "draw":
                found.append((seat, winchance.features(g.state(), seat)))
            g.apply(bots.decide(g.view(seat), "hard", seed))
        winner = g.round_result["winner"]
        if winner is not None:
            out += [(seed, x, float(winner == seat)) for seat, x in found]
    return out


def fit(np, x, y):
    """Logistic regression by Newton's method on standardized inputs (the constant column
    first); the weights for the raw inputs."""
    mean, scale = x[:, 1:].mean(0), x[:, 1:].std(0) + 1e-9
    z = x.copy()
    z[:, 1:] = (x[:, 1:] - mean) / scale
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (p - y) / len(y) + L2 * w
        hess = (z * (p * (1 - p))[:, None]).T @ z / len(y) + L2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    raw = w.copy()
    raw[1:] = w[1:] / scale
    raw[0] = w[0] - (w[1:] * mean / scale).sum()
    return raw


def log_loss(np, x, y, w) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        print("this bench needs numpy: pip install numpy", file=sys.stderr)
        return 2
    start = time.perf_counter()
    seeds = [args.seed * 1_000_003 + i for i in range(args.rounds)]
    parts = [seeds[i :: args.jobs] for i in range(args.jobs)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        rows = [r for part in pool.map(positions, parts) for r in part]
    x = np.array([r[1] for r in rows])
    y = np.array([r[2] for r in rows])
    train = np.array([r[0] % 2 == 0 for r in rows])
    mine = 1 + winchance.EVALUATION  # after the constant
    theirs = mine + winchance.HAND_FEATURES
    evaluation = x[:, [0, theirs]] - x[:, [0, mine]]  # theirs less mine
    evaluation[:, 0] = 1.0
    print(f"{len(rows)} positions from {args.rounds} rounds ({time.perf_counter() - start:.0f} s)")
    for name, inputs in (("hard's evaluation", evaluation), ("the model", x)):
        w = fit(np, inputs[train], y[train])
        print(f"{name:18} held-out log loss {log_loss(np, inputs[~train], y[~train], w):.4f}")
    w = fit(np, x, y)
    print("WEIGHTS = (\n" + "".join(f"    {v!r},\n" for v in w.round(6).tolist()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
