"""Whole random rounds per second for each rule set (numbers only, no assertions).

    python bench/bench_games.py [--rounds 40]

Rounds are played by the seeded random player of the property tests (`tests/helpers.py`):
legal and illegal actions mixed, every action applied to a copy of the state. This measures the
engine's apply/view cost, not a bot's thinking.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

import rummy  # noqa: E402
from helpers import random_action  # noqa: E402

CASES = [
    ("basic", 2, {"max_rebuilds": 3}),
    ("basic", 6, {"max_rebuilds": 3}),
    ("rummy200", 4, {}),
    ("rummy101", 2, {}),
    ("rummy101", 4, {}),
]


def play(variant: str, players: int, options: dict, seed: int) -> int:
    g = rummy.new_game(variant, players=players, seed=seed, options=options)
    r = random.Random(seed)
    applied = 0
    while not g.round_over:
        try:
            g.apply(random_action(g, r))
            applied += 1
        except rummy.IllegalMove:
            hand = g.hand(g.current_player)
            if g.phase == "play":
                for card in hand:
                    try:
                        g.apply({"type": "discard", "card": card})
                        applied += 1
                        break
                    except rummy.IllegalMove:
                        continue
                else:
                    g.apply({"type": "reset_turn"})
    return applied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    print(f"{'variant':<10} {'players':>7} {'rounds/s':>9} {'actions/s':>10} {'ms/action':>10}")
    for variant, players, options in CASES:
        start = time.perf_counter()
        actions = sum(play(variant, players, options, seed) for seed in range(args.rounds))
        spent = time.perf_counter() - start
        print(
            f"{variant:<10} {players:>7} {args.rounds / spent:>9.1f} {actions / spent:>10.0f} "
            f"{1000 * spent / actions:>10.3f}"
        )


if __name__ == "__main__":
    main()
