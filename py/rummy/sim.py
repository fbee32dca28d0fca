"""Play computer players against each other and measure them: ``python -m rummy.sim``.

A *game* here is one **round** (one deal) unless ``--match`` is given, in which case it is a
whole match (to the target score, or `rummy101`'s number of rounds). Luck is cut two ways:
every deal is played once per rotation of the line-up around the table (the same deal seed,
the seats shifted), so each bot sits in every chair of every deal.

The winner of a round is the seat with the most round points (in `rummy101` a stock-out
round is won by whoever lost least); a round where the best are equal (a `basic` stock-out,
a `rummy200` stalemate) is a *draw*. Win rates are over decided games, with a Wilson 95%
interval. Every action a bot returns is applied by the engine: a refusal is counted as a bot
bug (and the game is abandoned), as is a crash inside ``decide`` or a round that does not end.

Example::

    python -m rummy.sim --variant basic --players 2 --bots hard,easy --games 400 --jobs 2 --seed 1
    python -m rummy.sim --variant rummy200 --players 4 --bots expert,hard --games 200 --seed 1

Any level of ``rummy.bots.LEVELS`` may sit in a seat, ``expert`` included (it searches: about
30-80 ms of CPU per decision it searches, so its games take longer).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

MAX_ACTIONS = 5000
DEFAULT_OPTIONS = {"basic": {"max_rebuilds": 2}, "rummy200": {}, "rummy101": {}}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(variant: str, lineup: list[str], seed: int, options: dict, match: bool) -> dict:
    """Play one round (or match) with ``lineup[seat]`` in each seat; the record of it."""
    import rummy
    from rummy import bots

    g = rummy.new_game(variant, players=len(lineup), seed=seed, options=options)
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    bugs: list[str] = []
    points = [0] * len(lineup)
    rounds = 0
    while True:
        actions = 0
        while not g.round_over:
            seat = g.current_player
            view = g.view(seat)
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                action = bots.decide(view, lineup[seat], seed)
            except Exception as err:  # a crash is a bot bug too: count it, end the game
                bugs.append(f"{lineup[seat]} seed {seed} seat {seat}: decide raised {err!r}")
                break
            wall = time.perf_counter() - start
            times[lineup[seat]].append((wall, time.thread_time() - cpu))
            try:
                g.apply(action)
            except rummy.IllegalMove as err:
                bugs.append(f"{lineup[seat]} seed {seed} seat {seat}: {action} -> {err}")
                break
            actions += 1
            if actions > MAX_ACTIONS:
                bugs.append(f"seed {seed}: the round did not end in {MAX_ACTIONS} actions")
                break
        if bugs:
            break
        rounds += 1
        result = g.round_result
        assert result is not None  # the round is over
        points = [a + b for a, b in zip(points, result["points"], strict=True)]
        if not match or g.game_over:
            break
        g.next_round()
    if bugs:
        winners: list[int] = []
    elif match:
        winners = list(g.winners or [])
    else:
        best = max(points)
        winners = [s for s, p in enumerate(points) if p == best]
    return {
        "lineup": lineup,
        "points": points,
        "winners": winners,
        "rounds": rounds,
        "times": dict(times),
        "bugs": bugs,
        "kind": None if bugs or match or result is None else result["kind"],
    }


def _play_chunk(job: tuple) -> list[dict]:
    variant, lineups, seeds, options, match = job
    out = []
    for seed in seeds:
        for lineup in lineups:
            out.append(play_game(variant, lineup, seed, options, match))
    return out


def rotations(bots_: list[str]) -> list[list[str]]:
    """Every seat shift of the line-up (duplicates dropped: hard,hard needs no swap)."""
    seen, out = set(), []
    for shift in range(len(bots_)):
        lineup = bots_[shift:] + bots_[:shift]
        if tuple(lineup) not in seen:
            seen.add(tuple(lineup))
            out.append(lineup)
    return out


def simulate(
    variant: str,
    players: int,
    bots_: list[str],
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict | None = None,
    match: bool = False,
    expert_budget: dict | None = None,
    setup: Callable[[], None] | None = None,
) -> dict:
    """Play about ``games`` games (whole rotations of each deal) and summarise them.
    ``expert_budget`` sets fields of the expert's budget (`bots.expert.Budget`) for every rule
    set, in every process: for measuring a budget before making it a default. ``setup``, when
    given, is called in every process that plays, before it plays (a module-level function or
    a partial of one, to reach the worker processes), and what it changes stays changed: a
    bench's way to play a bot changed for a measurement (`bench/danger_oracle.py`)."""
    lineup = [bots_[i % len(bots_)] for i in range(players)]
    lineups = rotations(lineup)
    deals = max(1, math.ceil(games / len(lineups)))
    opts = dict(DEFAULT_OPTIONS.get(variant, {}) if options is None else options)
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [seeds[i::jobs] for i in range(jobs)] if jobs > 1 else [seeds]
    # Smaller chunks balance the two processes better.
    pieces = []
    for chunk in chunks:
        pieces += [chunk[i : i + 10] for i in range(0, len(chunk), 10)]
    work = [(variant, lineups, piece, opts, match) for piece in pieces]
    start = time.perf_counter()
    if jobs > 1:
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs, _start_worker, (expert_budget, setup)) as pool:
            results = [r for part in pool.map(_play_chunk, work) for r in part]
    else:
        before = _set_expert_budget(expert_budget)
        if setup is not None:
            setup()
        try:
            results = [r for job in work for r in _play_chunk(job)]
        finally:
            _put_back_expert_budget(before)
    elapsed = time.perf_counter() - start
    return summarise(variant, players, lineup, results, elapsed, match)


def summarise(
    variant: str, players: int, lineup: list[str], results: list[dict], elapsed: float, match: bool
) -> dict:
    levels = sorted(set(lineup), key=lineup.index)
    seats_of = {lv: lineup.count(lv) for lv in levels}
    wins: dict[str, float] = defaultdict(float)
    pts: dict[str, list[float]] = defaultdict(list)
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    decided = draws = 0
    bugs = [b for r in results for b in r["bugs"]]
    kinds: dict[str, int] = defaultdict(int)
    for r in results:
        for lv, ts in r["times"].items():
            times[lv].extend(ts)
        if r["bugs"]:
            continue
        if r["kind"]:
            kinds[r["kind"]] += 1
        for seat, lv in enumerate(r["lineup"]):
            pts[lv].append(r["points"][seat])
        win_levels = {r["lineup"][s] for s in r["winners"]}
        if len(win_levels) != 1:
            draws += 1
            continue
        decided += 1
        wins[win_levels.pop()] += 1
    report: dict[str, Any] = {
        "variant": variant,
        "players": players,
        "lineup": lineup,
        "units": "matches" if match else "rounds",
        "games": len(results),
        "decided": decided,
        "draws": draws,
        "kinds": dict(kinds),
        "bot_bugs": len(bugs),
        "bug_samples": bugs[:5],
        "seconds": round(elapsed, 2),
        "games_per_second": round(len(results) / elapsed, 2) if elapsed else None,
        "levels": {},
    }
    for lv in levels:
        low, high = wilson(wins[lv], decided)
        ts = sorted(w for w, _c in times[lv])
        cpu = sorted(c for _w, c in times[lv])
        report["levels"][lv] = {
            "seats": seats_of[lv],
            "fair_share": round(seats_of[lv] / players, 3),
            "wins": int(wins[lv]),
            "win_rate": round(wins[lv] / decided, 4) if decided else None,
            "ci95": [round(low, 4), round(high, 4)],
            "avg_points_per_seat": round(statistics.fmean(pts[lv]), 2) if pts[lv] else None,
            "decisions": len(ts),
            "ms_median": round(1000 * ts[len(ts) // 2], 3) if ts else None,
            "ms_p99": round(1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], 3) if ts else None,
            "ms_max": round(1000 * ts[-1], 3) if ts else None,
            "cpu_ms_median": _ms(cpu, 0.5),
            "cpu_ms_p99": _ms(cpu, 0.99),
        }
    return report


def _ms(sorted_times: list[float], q: float) -> float | None:
    if not sorted_times:
        return None
    return round(1000 * sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))], 3)


def format_report(rep: dict) -> str:
    lines = [
        f"{rep['variant']} {rep['players']}p, line-up {','.join(rep['lineup'])} (seats rotated),"
        f" {rep['games']} {rep['units']}: {rep['decided']} decided, {rep['draws']} drawn"
        + (f"; endings {rep['kinds']}" if rep["kinds"] else ""),
        f"bot bugs (illegal or endless): {rep['bot_bugs']}",
    ]
    for sample in rep["bug_samples"]:
        lines.append(f"  {sample}")
    lines.append(
        f"{'level':8} {'seats':>5} {'wins':>6} {'win rate':>9} {'95% CI':>17} {'fair':>6}"
        f" {'avg pts':>8} {'ms med':>7} {'ms p99':>7} {'ms max':>7} {'cpu med':>7} {'cpu p99':>7}"
    )
    for lv, d in rep["levels"].items():
        rate = f"{100 * d['win_rate']:.1f}%" if d["win_rate"] is not None else "-"
        ci = f"[{100 * d['ci95'][0]:.1f}, {100 * d['ci95'][1]:.1f}]"
        lines.append(
            f"{lv:8} {d['seats']:>5} {d['wins']:>6} {rate:>9} {ci:>17}"
            f" {100 * d['fair_share']:>5.0f}% {d['avg_points_per_seat']!s:>8}"
            f" {d['ms_median']!s:>7} {d['ms_p99']!s:>7} {d['ms_max']!s:>7}"
            f" {d['cpu_ms_median']!s:>7} {d['cpu_ms_p99']!s:>7}"
        )
    lines.append(
        f"{rep['seconds']} s, {rep['games_per_second']} {rep['units']} per second"
        " (decision times in ms: wall clock, and CPU time of the deciding thread)"
    )
    return "\n".join(lines)


def _start_worker(expert_budget: dict | None, setup: Callable[[], None] | None) -> None:
    _set_expert_budget(expert_budget)
    if setup is not None:
        setup()


def _set_expert_budget(fields: dict | None) -> tuple | None:
    """Set ``fields`` in every budget the expert uses (its default and each rule set's);
    answers what they were, for `_put_back_expert_budget`."""
    if not fields:
        return None
    from dataclasses import replace

    from rummy.bots import expert

    before = (expert.DEFAULT, dict(expert.BUDGETS))
    expert.DEFAULT = replace(expert.DEFAULT, **fields)
    for key, budget in before[1].items():
        expert.BUDGETS[key] = replace(budget, **fields)
    return before


def _put_back_expert_budget(before: tuple | None) -> None:
    if before is None:
        return
    from rummy.bots import expert

    expert.DEFAULT, budgets = before
    expert.BUDGETS.clear()
    expert.BUDGETS.update(budgets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rummy.sim", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="basic", choices=("basic", "rummy200", "rummy101"))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="hard,easy", help="levels, one per seat (cycled)")
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play (rounded up to whole rotations of each deal)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--options",
        default=None,
        help='engine options as JSON (default for basic: {"max_rebuilds": 2})',
    )
    parser.add_argument("--match", action="store_true", help="a game is a whole match")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--expert-budget",
        default=None,
        help="fields of the expert's budget (every rule set's) as JSON,"
        ' e.g. {"samples": 20, "candidates": 3, "margin": 0.5}',
    )
    args = parser.parse_args(argv)
    players = args.players or {"basic": 2, "rummy200": 4, "rummy101": 2}[args.variant]
    bots_ = [b.strip() for b in args.bots.split(",") if b.strip()]
    options = json.loads(args.options) if args.options else None
    budget = json.loads(args.expert_budget) if args.expert_budget else None
    if budget is not None:
        from dataclasses import fields

        from rummy.bots import expert

        known = {f.name for f in fields(expert.Budget)}
        if not isinstance(budget, dict) or set(budget) - known:
            parser.error(f"--expert-budget takes a JSON object of {', '.join(sorted(known))}")
    rep = simulate(
        args.variant,
        players,
        bots_,
        args.games,
        args.seed,
        max(1, args.jobs),
        options,
        args.match,
        budget,
    )
    print(json.dumps(rep, indent=2) if args.json else format_report(rep))
    return 1 if rep["bot_bugs"] else 0


if __name__ == "__main__":
    sys.exit(main())
