"""How much the deal decides a heads-up round: ``python bench/deal_luck.py``.

The simulator plays every deal twice, the two levels swapping seats. For each deal decided
both times (one winner each time) this bench says who won: the **same seat** both times (the
deal decided: whoever sat there won), or the **same level** both times (the level decided).
Only the deals the level decided move a win rate away from 50%:

    win rate = 1/2 + (deals level A won both times − deals level B won both times) / (2 × deals)

So the share of deals the seat decides bounds how far a level can get ahead: while the same
seat wins 70% of the deals, a level wins at most 1/2 + 30%/2 = 65% of the rounds, and that
only by winning both seatings of every other deal. (A much stronger level would turn some
of the seat's deals too; between levels that play much alike, nearly every deal is the
seat's.) Deal seeds are the simulator's (``seed * 1_000_003 + i``), so the deals are
those of ``python -m rummy.sim --seed N`` with the same line-up.

    python bench/deal_luck.py --variant rummy101 --bots hard,medium --deals 300
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from rummy import sim


def count(variant: str, a: str, b: str, deals: int, seed: int) -> dict[str, int]:
    """Per deal, both seatings: who won both times, or 'undecided' (a shared win in either)."""
    out = {"seat": 0, a: 0, b: 0, "undecided": 0}
    options = dict(sim.DEFAULT_OPTIONS.get(variant, {}))
    for i in range(deals):
        deal = seed * 1_000_003 + i
        first = sim.play_game(variant, [a, b], deal, options, False)["winners"]
        second = sim.play_game(variant, [b, a], deal, options, False)["winners"]
        if len(first) != 1 or len(second) != 1:
            out["undecided"] += 1
        elif first == second:
            out["seat"] += 1
        else:  # seat 0 won the first (a there), or seat 1 did (b there)
            out[a if first == [0] else b] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="rummy101", choices=("basic", "rummy200", "rummy101"))
    parser.add_argument("--bots", default="hard,medium", help="two levels, heads-up")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    a, b = args.bots.split(",")
    if a == b:
        parser.error("two different levels (the same level plays both seatings alike)")
    start = time.perf_counter()
    got = count(args.variant, a, b, args.deals, args.seed)
    decided = got["seat"] + got[a] + got[b]
    if not decided:
        print("no deal was decided both times")
        return 1
    rate = 0.5 + (got[a] - got[b]) / (2 * decided)
    print(
        f"{args.variant} 2p {a} v {b}, {args.deals} deals (seed {args.seed}), "
        f"{decided} decided both times ({time.perf_counter() - start:.0f} s)"
    )
    for label, n in (("the same seat", got["seat"]), (a, got[a]), (b, got[b])):
        print(f"  {label + ' won both:':<24} {n:5}  {n / decided:6.1%}")
    print(f"  {a}'s share of these rounds: {rate:.1%}")
    bound = 0.5 + (1 - got["seat"] / decided) / 2
    print(f"  the most a level wins while the seat decides as many deals: {bound:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
