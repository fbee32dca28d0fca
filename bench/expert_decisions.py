"""Where expert chooses otherwise than hard, is it right? ``python bench/expert_decisions.py``.

Whole rounds win or lose by luck far more than by one decision, so a simulator run needs a
thousand rounds to tell two bots apart by a few points in a hundred. This bench looks only at
the decisions where they differ, and judges each by playing it out to the round's end:

1. **Positions.** Rounds of four hard seats (deal seeds as the simulator's: ``seed *
   1_000_003 + i``); every draw and discard of every seat is a position.
2. **Deviations.** At each position the expert decides from its seat's view (its own budget,
   or ``--expert-budget``). Where its action is not hard's, both are judged.
3. **Judging.** Each action is played out ``--rollouts`` times to the end of the round, hard
   in every seat. The other hands are the real ones; the stock is shuffled anew for each
   rollout (the stock's order is what no one knows; once a round has renewed its stock it is
   kept as it is), and both actions meet the same shuffles. A rollout scores the seat's win
   (its round points the best alone: 1; shared: 1/2) and its points less the others' average.

It prints, over the deviations, the average gain of expert's action over hard's in wins and
in points, with a 95% interval, and the same per kind of decision (draws from the pile
instead of the stock and the other way round, discards). A gain above zero is a decision that
improves on hard *when hard plays on*; summed over a round's decisions it is roughly what
the level adds against hard.

    python bench/expert_decisions.py --variant rummy200 --players 4 --rounds 40 --seed 7
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import rummy
from rummy import bots, rules, sim

MAX_ACTIONS = 3000


def positions(variant: str, players: int, seed: int, rounds: int) -> list[dict]:
    """Every draw and discard of rounds played by hard in every seat."""
    out = []
    for i in range(rounds):
        deal = seed * 1_000_003 + i
        options = dict(sim.DEFAULT_OPTIONS[variant])
        g = rummy.new_game(variant, players=players, seed=deal, options=options)
        while not g.round_over:
            seat = g.current_player
            action = bots.decide(g.view(seat), "hard", deal)
            if action["type"] in ("draw", "discard"):
                out.append({"state": g.state(), "seat": seat, "hard": action, "deal": deal})
            g.apply(action)
    return out


def hard(view: dict, seed: int) -> dict:
    return bots.decide(view, "hard", seed)


def rollout(state: dict, action: dict, seed: int, decide: Callable = hard) -> list[int]:
    """The round points after ``action`` when ``decide(view, seed)`` (hard) plays every seat
    to the end."""
    s = rules.copy_state(state)
    rules.apply_action(s, action)
    for _ in range(MAX_ACTIONS):
        if s["round_over"]:
            return s["round_result"]["points"]
        rules.apply_action(s, decide(rules.make_view(s, s["current"]), seed))
    raise RuntimeError("a rollout did not end")


def win(points: list[int], me: int) -> float:
    """``me``'s share of the round: its points the best alone 1, shared a half, else 0."""
    best = max(p for seat, p in enumerate(points) if seat != me)
    return 1.0 if points[me] > best else 0.5 if points[me] == best else 0.0


def judge(position: dict, actions: list[dict], rollouts: int, key: str) -> list[tuple]:
    """Each action's (win, points) per rollout, on the same stock shuffles."""
    me = position["seat"]
    results: list[list[tuple[float, float]]] = [[] for _ in actions]
    for j in range(rollouts):
        s = rules.copy_state(position["state"])
        if s["renewals"] == 0:
            random.Random(f"{key}:{j}").shuffle(s["stock"])
        for i, action in enumerate(actions):
            points = rollout(s, action, j)
            others = [p for seat, p in enumerate(points) if seat != me]
            results[i].append((win(points, me), points[me] - statistics.fmean(others)))
    return results


def kind(hard: dict, chosen: dict) -> str:
    if hard["type"] == "draw":
        return f"draw: {chosen['source']} instead of {hard['source']}"
    return hard["type"]


def summary(label: str, gains: list[tuple[float, float]]) -> str:
    n = len(gains)
    wins = [g[0] for g in gains]
    points = [g[1] for g in gains]
    half = 1.96 * statistics.stdev(wins) / n**0.5 if n > 1 else float("nan")
    return (
        f"{label:<31} {n:>5}   win {statistics.fmean(wins):+.3f} +/- {half:.3f}"
        f"   points {statistics.fmean(points):+6.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="rummy200", choices=sorted(sim.DEFAULT_OPTIONS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=40, help="rounds the positions come from")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rollouts", type=int, default=16, help="per action and position")
    parser.add_argument("--limit", type=int, default=0, help="judge only the first N positions")
    parser.add_argument("--expert-budget", default="", help="JSON, as for python -m rummy.sim")
    args = parser.parse_args()
    sim._set_expert_budget(json.loads(args.expert_budget) if args.expert_budget else None)

    start = time.perf_counter()
    found = positions(args.variant, args.players, args.seed, args.rounds)
    if args.limit:
        found = found[: args.limit]
    gains: dict[str, list[tuple[float, float]]] = {}
    for k, position in enumerate(found):
        view = rules.make_view(position["state"], position["seat"])
        chosen = bots.decide(view, "expert", position["deal"])
        if chosen == position["hard"]:
            continue
        hard, expert = judge(position, [position["hard"], chosen], args.rollouts, f"{k}")
        gain = (
            statistics.fmean(e[0] - h[0] for h, e in zip(hard, expert, strict=True)),
            statistics.fmean(e[1] - h[1] for h, e in zip(hard, expert, strict=True)),
        )
        gains.setdefault(kind(position["hard"], chosen), []).append(gain)
    every = [g for group in gains.values() for g in group]
    print(
        f"{args.variant} {args.players}p, {len(found)} positions from {args.rounds} rounds"
        f" (seed {args.seed}), {args.rollouts} rollouts per action:"
        f" expert chose otherwise than hard {len(every)} times"
        f" ({time.perf_counter() - start:.0f} s)"
    )
    print("gain of expert's choice over hard's, per decision (win: share of a round)")
    if every:
        print(summary("all", every))
        for label in sorted(gains):
            print(summary(label, gains[label]))


if __name__ == "__main__":
    main()
