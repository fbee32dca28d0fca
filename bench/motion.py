#!/usr/bin/env python3
"""Frames and long tasks while pieces fly: one 4-player computer round at normal pace.

    python3 bench/motion.py [--rounds 1] [--throttle 4] [--variant basic] [--no-build]

Chromium at 390×844 (a phone held upright, touch), the CPU slowed ×4 through the DevTools
protocol (Emulation.setCPUThrottlingRate) as a stand-in for a mid-range phone. The person's
seat plays by the Hint ("Play the hint" until its turn passes); the three computer seats play
at normal pace, so most of the round is computer turns: draws, melds, lay-offs and discards
flying on the table (web/ui/motion.js). In the page, a PerformanceObserver records every long
task (a main-thread task over 50 ms) and a requestAnimationFrame loop counts frames; each is
marked "in flight" when a piece's flight (an animation named "flight") is running.

Prints: the round's length, how many flights ran, frames per second while pieces fly, the
longest frame gap in flight, and the long tasks in flight and outside it (count, longest).
The target (issue 13): no long task over 50 ms on the main thread while pieces fly.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above

PROBE = """
(() => {
  const flying = () => document.getAnimations()
    .some((a) => a.id === 'flight' && a.playState === 'running');
  const m = { tasks: [], frames: [], flights: 0 };
  window.__motion = m;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      m.tasks.push({ start: e.startTime, ms: e.duration, flying: flying() });
    }
  }).observe({ type: 'longtask', buffered: true });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (args[1] && args[1].id === 'flight') m.flights += 1;
    return animate.apply(this, args);
  };
  let last = performance.now();
  const frame = (now) => {
    m.frames.push({ gap: now - last, flying: flying() });
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

TURN_OR_SHEET = """() => document.documentElement.dataset.screen === 'sheet'
  || document.querySelector('#table')?.dataset.myTurn === 'yes'"""
STEP_DONE = """(before) => Number(document.documentElement.dataset.answered || 0) > before
  && document.querySelector('#hint-panel')?.getAttribute('aria-busy') !== 'true'"""


def play_round(page, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        page.wait_for_function(TURN_OR_SHEET, timeout=180_000)
        if page.evaluate("document.documentElement.dataset.screen") == "sheet":
            return
        before = page.evaluate("Number(document.documentElement.dataset.answered || 0)")
        page.tap("#btn-hint")
        page.wait_for_function(STEP_DONE, arg=before, timeout=60_000)
        for _ in range(40):
            if not page.locator("#play-hint").count():
                break
            before = page.evaluate("Number(document.documentElement.dataset.answered || 0)")
            page.tap("#play-hint")
            page.wait_for_function(STEP_DONE, arg=before, timeout=60_000)
    raise SystemExit("the round did not end in time")


def summarize(m: dict, seconds: float) -> dict:
    flying = [f["gap"] for f in m["frames"] if f["flying"]]
    in_flight = [t["ms"] for t in m["tasks"] if t["flying"]]
    outside = [t["ms"] for t in m["tasks"] if not t["flying"]]
    return {
        "round_s": round(seconds, 1),
        "flights": m["flights"],
        "frames_in_flight": len(flying),
        "fps_in_flight": round(1000 * len(flying) / sum(flying), 1) if flying else None,
        "longest_frame_in_flight_ms": round(max(flying), 1) if flying else None,
        "long_tasks_in_flight": len(in_flight),
        "longest_task_in_flight_ms": round(max(in_flight), 1) if in_flight else 0,
        "long_tasks_outside_flight": len(outside),
        "longest_task_outside_ms": round(max(outside), 1) if outside else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--variant", default="basic", choices=["basic", "rummy200", "rummy101"])
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS)
            )
            for n in range(args.rounds):
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
                )
                page = context.new_page()
                page.add_init_script(PROBE)
                page.goto(f"{url}?seed={11 + n}&speed=normal&max_rebuilds=1")
                page.wait_for_function(
                    "() => document.documentElement.dataset.engine === 'ready'", timeout=120_000
                )
                page.tap(f"input[name=variant][value={args.variant}]")
                page.wait_for_selector(f"label.variant.chosen input[value={args.variant}]")
                if page.locator("#players").is_enabled():
                    page.select_option("#players", "4")
                for seat in (1, 2, 3):
                    page.select_option(f"#seat-kind-{seat}", "medium")
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                started = time.monotonic()
                page.tap("#start-game")
                page.wait_for_selector("#table", timeout=120_000)
                play_round(page, timeout_s=900)
                result = summarize(page.evaluate("window.__motion"), time.monotonic() - started)
                result.update(variant=args.variant, throttle=args.throttle, seed=11 + n)
                print(json.dumps(result))
                context.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
