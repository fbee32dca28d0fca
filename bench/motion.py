#!/usr/bin/env python3
"""Frames and long tasks while pieces fly: one 4-player computer round at normal pace.

    python3 bench/motion.py [--rounds 1] [--throttle 4] [--variant basic] [--no-build]

Chromium at 390×844 (a phone held upright, touch), the CPU slowed ×4 through the DevTools
protocol (Emulation.setCPUThrottlingRate) as a stand-in for a mid-range phone. The person's
seat plays by the Hint ("Play the hint" until its turn passes); the three computer seats play
at normal pace, so most of the round is computer turns: draws, melds, lay-offs and discards
flying on the table (web/ui/motion.js). In the page, a PerformanceObserver records every long
task (a main-thread task over 50 ms), a requestAnimationFrame loop every frame, and each
piece's flight (an animation named "flight") the interval it moves in; afterwards a task or a
frame is "in flight" when it overlaps one.

Prints: the round's length, the table's renders (web/ui/app.js measures each one: median,
p90 and longest, and how many took over 50 ms), how many flights ran, frames per second while
pieces fly, the longest frame gap in flight, and the long tasks in flight during the
computers' turns, in flight during the person's turns (whose taps here come as fast as the
page answers, each render starting while the last move still flies), those that start a
flight (the render before it moves) and the rest (count, longest).
The target (issue 13): no long task over 50 ms on the main thread while pieces fly.

And what the compositor showed, from Chromium's own report of each frame (a trace of the
"disabled-by-default-devtools.timeline.frame" category, lined up with the page's clock by a
mark): frames per second presented while pieces fly, frames dropped then, and frames per
second presented while a long task held the main thread in flight. A flight animates only
transforms and opacity, so the compositor moves the pieces without the main thread: a long
task delays the next render, not the flight under way.
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
  // Each flight's interval on the page's clock: from its creation (inside the render that
  // starts it) to its end. Its startTime is no use here: it is the time of the frame the
  // render ran in, before the render.
  const m = { tasks: [], frames: [], flights: [], mine: [], renders: [] };
  window.__motion = m;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'render' && e.detail === 'table') m.renders.push(e.duration);
    }
  }).observe({ type: 'measure' });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) m.tasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    if (args[1] && args[1].id === 'flight') {
      const flight = { start: performance.now(), end: null };
      m.flights.push(flight);
      const done = () => { flight.end = performance.now(); };
      animation.finished.then(done, done);
    }
    return animation;
  };
  let last = performance.now();
  const frame = (now) => {
    m.frames.push({ start: last, gap: now - last });
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
    """The person's turns by the Hint, as fast as the page answers; each turn's interval on the
    page's clock goes into `__motion.mine` (from its first tap until the turn has passed)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        page.wait_for_function(TURN_OR_SHEET, timeout=180_000)
        if page.evaluate("document.documentElement.dataset.screen") == "sheet":
            return
        page.evaluate("window.__motion.mine.push([performance.now(), null])")
        before = page.evaluate("Number(document.documentElement.dataset.answered || 0)")
        page.tap("#btn-hint")
        page.wait_for_function(STEP_DONE, arg=before, timeout=60_000)
        for _ in range(40):
            if not page.locator("#play-hint").count():
                break
            before = page.evaluate("Number(document.documentElement.dataset.answered || 0)")
            page.tap("#play-hint")
            page.wait_for_function(STEP_DONE, arg=before, timeout=60_000)
        page.evaluate("window.__motion.mine.at(-1)[1] = performance.now()")
    raise SystemExit("the round did not end in time")


def summarize(m: dict, seconds: float, shown: list[tuple[float, bool]] | None = None) -> dict:
    """A long task counts as in flight when a flight made before it began was still under way
    when it began (the task that makes a flight runs before the piece moves: it delays the
    flight, it cannot make it stutter, and is counted as "starting a flight"); a frame, when
    it began during a flight. ``shown``: the compositor's frames (`compositor_frames`)."""
    flights = [(f["start"], f["end"]) for f in m["flights"] if f["end"]]

    def flying(start: float, end: float) -> bool:
        return any(a < start < b for a, b in flights)

    def starts_one(start: float, end: float) -> bool:
        return any(start <= a <= end for a, _b in flights)

    mine = [(a, b if b is not None else float("inf")) for a, b in m["mine"]]

    def my_turn(start: float) -> bool:
        return any(a <= start <= b for a, b in mine)

    frames = [f["gap"] for f in m["frames"] if flying(f["start"], f["start"] + 0.01)]
    in_flight, in_flight_mine, before, outside = [], [], [], []
    held = []  # the long tasks in flight, as intervals
    for t in m["tasks"]:
        start, end = t["start"], t["start"] + t["ms"]
        if flying(start, end):
            (in_flight_mine if my_turn(start) else in_flight).append(t["ms"])
            held.append((start, end))
        elif starts_one(start, end):
            before.append(t["ms"])
        else:
            outside.append(t["ms"])
    renders = sorted(m["renders"])
    return {
        "round_s": round(seconds, 1),
        "renders": len(renders),
        "render_ms_median_p90_max": [
            round(renders[len(renders) // 2], 1),
            round(renders[int(0.9 * len(renders))], 1),
            round(renders[-1], 1),
        ]
        if renders
        else None,
        "renders_over_50_ms": sum(r > 50 for r in renders),
        "flights": len(m["flights"]),
        "frames_in_flight": len(frames),
        "fps_in_flight": round(1000 * len(frames) / sum(frames), 1) if frames else None,
        "longest_frame_in_flight_ms": round(max(frames), 1) if frames else None,
        "long_tasks_in_flight": len(in_flight),
        "longest_task_in_flight_ms": round(max(in_flight), 1) if in_flight else 0,
        "long_tasks_in_flight_in_my_turn": len(in_flight_mine),
        "longest_task_in_flight_in_my_turn_ms": round(max(in_flight_mine), 1)
        if in_flight_mine
        else 0,
        "long_tasks_starting_a_flight": len(before),
        "longest_task_starting_a_flight_ms": round(max(before), 1) if before else 0,
        "long_tasks_elsewhere": len(outside),
        "longest_task_elsewhere_ms": round(max(outside), 1) if outside else 0,
        **compositor_summary(shown, flights, held),
    }


def compositor_summary(shown, flights, held) -> dict:
    """What the compositor showed while pieces flew (a flight is transforms and opacity only,
    so the compositor moves the pieces on its own, whatever holds the main thread): frames
    per second presented, frames it dropped, and frames per second presented while a long
    task held the main thread."""
    if shown is None:
        return {}

    def within(spans: list[tuple[float, float]]) -> tuple[float, list[bool]]:
        merged: list[list[float]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        frames = [ok for at, ok in shown if any(a <= at <= b for a, b in merged)]
        return sum(b - a for a, b in merged), frames

    flight_ms, in_flight = within(flights)
    held_ms, during = within(held)
    return {
        "compositor_fps_in_flight": round(1000 * sum(in_flight) / flight_ms, 1)
        if flight_ms
        else None,
        "compositor_frames_dropped_in_flight": sum(not ok for ok in in_flight),
        "compositor_fps_during_long_tasks_in_flight": round(1000 * sum(during) / held_ms, 1)
        if held_ms
        else None,
    }


# The compositor's own record of each frame (Chromium's frame reporter), and the page's marks
# to line its clock up with the page's.
FRAME_TRACE = "disabled-by-default-devtools.timeline.frame,blink.user_timing"
SHOWN = {"STATE_PRESENTED_ALL": True, "STATE_PRESENTED_PARTIAL": True, "STATE_DROPPED": False}


def compositor_frames(events: list[dict], mark_ms: float) -> list[tuple[float, bool]]:
    """Each frame the compositor meant to show, on the page's clock: (when it began, whether it
    was presented). ``mark_ms``: the page's time of its "motion-clock" mark."""
    marks = [e["ts"] for e in events if e.get("name") == "motion-clock"]
    if not marks:
        raise SystemExit("the trace has no motion-clock mark")
    offset = marks[0] / 1000 - mark_ms
    # A frame may have two reports (a "forked" one for the main thread's part): it counts
    # once, as presented when any report says so.
    frames: dict[int, tuple[float, bool]] = {}
    for e in events:
        if e.get("name") != "PipelineReporter" or e.get("ph") != "b":
            continue
        report = e.get("args", {}).get("frame_reporter", {})
        if report.get("state") not in SHOWN:
            continue
        at, ok = e["ts"] / 1000 - offset, SHOWN[report["state"]]
        seq = report.get("frame_sequence")
        before = frames.get(seq)
        frames[seq] = (min(at, before[0]), ok or before[1]) if before else (at, ok)
    return sorted(frames.values())


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
                events: list[dict] = []
                traced: list[bool] = []
                cdp.on("Tracing.dataCollected", lambda e, got=events: got.extend(e["value"]))
                cdp.on("Tracing.tracingComplete", lambda e, done=traced: done.append(True))
                cdp.send(
                    "Tracing.start",
                    {"categories": FRAME_TRACE, "transferMode": "ReportEvents"},
                )
                mark_ms = page.evaluate("performance.mark('motion-clock').startTime")
                started = time.monotonic()
                page.tap("#start-game")
                page.wait_for_selector("#table", timeout=120_000)
                play_round(page, timeout_s=900)
                seconds = time.monotonic() - started
                cdp.send("Tracing.end")
                while not traced:
                    page.wait_for_timeout(100)
                shown = compositor_frames(events, mark_ms)
                result = summarize(page.evaluate("window.__motion"), seconds, shown)
                result.update(variant=args.variant, throttle=args.throttle, seed=11 + n)
                print(json.dumps(result))
                context.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
