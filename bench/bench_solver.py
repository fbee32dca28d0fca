"""Time the solver on the racks and hands the bots meet (no assertions, numbers only).

    python bench/bench_solver.py [--count 300] [--seed 1]

`best_opening` on random 22-tile rummy101 racks with exactly 0, 1 and 2 jokers, and
`min_deadwood` on random 10- and 11-card hands; prints median and worst time in ms and
worst / 20 ms (the worst-case target for a 22-tile rack), by the wall clock and by CPU
time of this thread (steadier when other work shares the machine). The first call of
each kind builds the solver's lazy tables and is timed like any other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from rummy import solver
from rummy.cards import DECK
from rummy.tiles import NUMBER_TILES

TARGET_MS = 20.0


def time_calls(
    call: Callable[[list[str]], object], inputs: list[list[str]]
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per call (CPU time is steadier on a busy machine)."""
    wall, cpu = [], []
    for item in inputs:
        start, start_cpu = time.perf_counter(), time.thread_time()
        call(item)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    for clock, values in zip(("wall", "cpu"), times, strict=True):
        median, worst = statistics.median(values), max(values)
        print(
            f"{name:<36} {clock:<4} n={len(values):<4} median {median:7.3f} ms"
            f"   worst {worst:8.3f} ms   worst/20ms {worst / TARGET_MS:5.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="inputs per case")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    number_tiles = list(NUMBER_TILES) * 2

    print(f"Python {sys.version.split()[0]}, {args.count} inputs per case, seed {args.seed}")
    for jokers in (0, 1, 2):
        racks = [rng.sample(number_tiles, 22 - jokers) + ["JK"] * jokers for _ in range(args.count)]
        report(f"best_opening 22 tiles, {jokers} joker(s)", time_calls(solver.best_opening, racks))
    for size in (10, 11):
        hands = [rng.sample(DECK, size) for _ in range(args.count)]
        report(f"min_deadwood {size} cards", time_calls(solver.min_deadwood, hands))
        report(
            f"min_deadwood {size} cards, ace high",
            time_calls(lambda hand: solver.min_deadwood(hand, ace_high=True), hands),
        )
    racks = [rng.sample(number_tiles, 20) + ["JK"] * 2 for _ in range(args.count)]
    report("best_pairs 22 tiles, 2 jokers", time_calls(solver.best_pairs, racks))


if __name__ == "__main__":
    main()
