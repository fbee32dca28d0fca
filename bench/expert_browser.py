#!/usr/bin/env python3
"""How long the expert computer player takes to decide in the browser: Pyodide in the page's
worker, Chromium on this machine.

    python3 bench/expert_browser.py [--rounds 2] [--no-build]

Boots the built site (dist/), then, through the page's own engine client, plays whole rounds
in which every seat is the expert (`bot` with level "expert": one action a call, as the table
asks for it), for each case below: classic Rummy heads-up, Rummy to 200 with four, Rummy 101
heads-up and with four. Each call's time is taken in the page (`performance.now()` around the
call: the worker's work plus the message both ways). Prints, per case, the decisions timed,
p50, p95 and the longest, in ms. Target (issue 15): p95 ≤ 250 ms.

It also times the Hint (`hint`, the expert's advice since stop 32) for seat 0 before each of
that seat's actions, as a person may ask for it at each step of a turn: the same figures on a
second line per case.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above

CASES = [
    ("basic", 2, {"max_rebuilds": 1}),
    ("rummy200", 4, {}),
    ("rummy101", 2, {}),
    ("rummy101", 4, {}),
]
TARGET_P95_MS = 250

PLAY = """async ([variant, players, options, rounds]) => {
  const { bootEngine } = await import('./web/engine-client.js');
  const engine = bootEngine();
  await engine.ready;
  const times = [];
  const hints = [];
  for (let r = 0; r < rounds; r++) {
    const seed = 100 + r;
    let { game, view } = await engine.call('new_game', { variant, players, options, seed });
    let turn = 0;
    while (!view.round_over && turn < 600) {
      const seat = view.current_player;
      if (seat === 0) {
        const asked = performance.now();
        await engine.call('hint', { game, seat });
        hints.push(performance.now() - asked);
      }
      const start = performance.now();
      ({ view } = await engine.call('bot', { game, level: 'expert', seed: 7 * r + turn, seat }));
      times.push(performance.now() - start);
      turn += 1;
    }
    await engine.call('close', { game });
  }
  engine.terminate();
  return { times, hints };
}"""


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="rounds per case (default 2)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(0)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page()
        page.goto(url)
        ready = "() => document.documentElement.dataset.engine === 'ready'"
        page.wait_for_function(ready, timeout=180_000)
        print(f"{'case':<19} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        rows = []
        for variant, players, options in CASES:
            timed = page.evaluate(PLAY, [variant, players, options, args.rounds])
            for what, times in (("", timed["times"]), (" hint", timed["hints"])):
                row = {
                    "case": f"{variant} {players}p{what}",
                    "decisions": len(times),
                    "p50": round(quantile(times, 0.5)),
                    "p95": round(quantile(times, 0.95)),
                    "max": round(max(times)),
                }
                rows.append(row)
                figures = f"{row['decisions']:>9} {row['p50']:>8} {row['p95']:>8} {row['max']:>8}"
                print(f"{row['case']:<19} {figures}")
        browser.close()
    server.shutdown()
    print(json.dumps({"target_p95_ms": TARGET_P95_MS, "rows": rows}))


if __name__ == "__main__":
    main()
