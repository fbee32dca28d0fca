"""Decision time of the computer players, one process: ``python bench/bench_bots.py``.

Plays whole rounds (hard against medium, seats alternating) and times every decision of the
level under test, wall clock and CPU time of the thread (the CPU figure is what the bot
costs; the wall figure also holds whatever else the machine was doing).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots

CASES = [
    ("basic", 2, {"max_rebuilds": 2}),
    ("basic", 4, {"max_rebuilds": 2}),
    ("rummy200", 4, {}),
    ("rummy101", 2, {"joker_button": True}),
    ("rummy101", 4, {"joker_button": True}),
]


def measure(variant: str, players: int, options: dict, rounds: int, level: str) -> dict:
    wall, cpu = [], []
    for seed in range(rounds):
        g = rummy.new_game(variant, players=players, seed=seed, options=options)
        while not g.round_over:
            seat = g.current_player
            who = level if seat % 2 == seed % 2 else "medium"
            view = g.view(seat)
            w, c = time.perf_counter(), time.thread_time()
            action = bots.decide(view, who, seed)
            if who == level:
                wall.append(time.perf_counter() - w)
                cpu.append(time.thread_time() - c)
            g.apply(action)
    wall.sort()
    cpu.sort()

    def q(xs: list[float], p: float) -> float:
        return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 2)

    return {
        "decisions": len(wall),
        "wall_median": q(wall, 0.5),
        "wall_p99": q(wall, 0.99),
        "wall_max": q(wall, 1.0),
        "cpu_median": q(cpu, 0.5),
        "cpu_p99": q(cpu, 0.99),
        "cpu_max": q(cpu, 1.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    print(f"{args.level}: ms per decision (wall median/p99/max | cpu median/p99/max)")
    for variant, players, options in CASES:
        r = measure(variant, players, options, args.rounds, args.level)
        print(
            f"{variant:9} {players}p {r['decisions']:6} decisions  "
            f"wall {r['wall_median']:6} {r['wall_p99']:6} {r['wall_max']:7} | "
            f"cpu {r['cpu_median']:6} {r['cpu_p99']:6} {r['cpu_max']:7}"
        )


if __name__ == "__main__":
    main()
