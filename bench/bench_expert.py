"""Decision time of the expert level, one process: ``python bench/bench_expert.py``.

Plays whole rounds (expert against hard, seats alternating) and times every expert decision:
wall clock and CPU time of the thread, median (p50) and p95 per rule set. The browser target
is p95 <= 250 ms in Pyodide, which runs about 2-3x slower than CPython, so CPython's p95
should stay near 100 ms. On a shared machine the CPU figure is what the bot costs; the wall
figure also holds the time spent waiting for a core.
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
    ("rummy200", 4, {}),
    ("rummy101", 2, {}),
    ("rummy101", 4, {}),
]


def measure(variant: str, players: int, options: dict, rounds: int) -> dict:
    wall, cpu = [], []
    for seed in range(rounds):
        g = rummy.new_game(variant, players=players, seed=seed, options=options)
        while not g.round_over:
            seat = g.current_player
            who = "expert" if seat % 2 == seed % 2 else "hard"
            view = g.view(seat)
            w, c = time.perf_counter(), time.thread_time()
            action = bots.decide(view, who, seed)
            if who == "expert":
                wall.append(time.perf_counter() - w)
                cpu.append(time.thread_time() - c)
            g.apply(action)
    wall.sort()
    cpu.sort()

    def q(xs: list[float], p: float) -> float:
        return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 1)

    return {
        "decisions": len(wall),
        "wall": (q(wall, 0.5), q(wall, 0.95), q(wall, 1.0)),
        "cpu": (q(cpu, 0.5), q(cpu, 0.95), q(cpu, 1.0)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    print("expert: ms per decision (wall p50/p95/max | cpu p50/p95/max)")
    for variant, players, options in CASES:
        r = measure(variant, players, options, args.rounds)
        print(
            f"{variant:9} {players}p {r['decisions']:5} decisions  "
            f"wall {r['wall'][0]:6} {r['wall'][1]:6} {r['wall'][2]:7} | "
            f"cpu {r['cpu'][0]:6} {r['cpu'][1]:6} {r['cpu'][2]:7}"
        )


if __name__ == "__main__":
    main()
