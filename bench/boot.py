#!/usr/bin/env python3
"""Boot time of the app against bare Pyodide, cold and warm, in one Chromium run.

    python3 bench/boot.py [--runs 7] [--no-build] [--installs]

*bare*: a bench page (served next to dist/, never shipped) whose module worker only runs
``loadPyodide`` from the same runtime files; "ready" when it resolves.
*app*: index.html until ``<html data-engine="ready">`` (the engine installed and answering),
restoring from this device's memory snapshot when it has one (``data-engine-boot="snapshot"``).
*app nosnap*: the app with ``?snapshot=off``: Python boots the normal way.
*cold*: a fresh browser context (empty caches, no service worker, no snapshot): a first visit.
*warm*: a context where the app's service worker has installed and the app has stored its
snapshot (made at once with ``?snapshot=now``): every file comes from the service worker.
Pages alternate within each run, starting with a different one each time. Times are from
navigation start (``performance.now()`` in the page), median of the runs; a ratio is of
the medians, and beside it each run's own ratio (the two pages booted seconds apart), their
median, lowest and highest: how far one boot moves on this shared machine.
Targets: app warm (from its snapshot) ≤ 0.35 × bare warm; app cold ≤ 1.15 × bare cold.
*screen*: when the app first shows a screen a person can use (the ``screen:shown`` mark): on a
first visit the start screen, while the runtime still downloads.
``--installs`` adds ``app+loadPackage`` and ``app+micropip`` (the engine wheel installed with
``pyodide.loadPackage(url)`` and ``micropip.install(url)`` instead of ``unpackArchive``), to
keep the README's decision measurable.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above

SNAPSHOT_TARGET = 0.35  # app warm from its snapshot / bare warm
COLD_BUDGET = 1.15  # app cold / bare cold (a first visit is never slower than bare Pyodide)

BARE_PAGE = b"""<!doctype html>
<html data-engine="booting"><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
  const worker = new Worker("/__bench__/bare-worker.js", { type: "module" });
  worker.onmessage = (event) => {
    performance.mark("engine:ready");
    document.documentElement.dataset.engine = event.data;
  };
</script></html>
"""
BARE_WORKER = b"""
import { loadPyodide } from "/pyodide/pyodide.mjs";
loadPyodide({ indexURL: "/pyodide/" }).then(
  () => postMessage("ready"),
  (error) => postMessage("error: " + error),
);
"""


class BenchHandler(build._Handler):
    """dist/ plus the bare page and its worker under /__bench__/ (not in dist/)."""

    def do_GET(self) -> None:
        pages = {
            "/__bench__/bare.html": (BARE_PAGE, "text/html"),
            "/__bench__/bare-worker.js": (BARE_WORKER, "text/javascript"),
        }
        if self.path in pages:
            body, kind = pages[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def boot_ms(page, url: str) -> dict[str, float]:
    """Navigate, wait for data-engine=ready, return the page's boot marks (ms since navigation)."""
    page.goto(url)
    page.wait_for_function(
        "() => document.documentElement.dataset.engine !== 'booting'", timeout=120_000
    )
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        raise SystemExit(f"{url}: boot failed ({state})")
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    boot = page.evaluate("document.documentElement.dataset.engineBoot")
    return {**marks, "snapshot": 1.0 if boot == "snapshot" else 0.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--installs", action="store_true", help="also time loadPackage, micropip")
    args = parser.parse_args()
    if not args.no_build:
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    # A private copy, so a rebuild of dist/ meanwhile (someone else's tests) cannot mix versions.
    site_dir = Path(tempfile.mkdtemp(prefix="rummy-bench-"))
    shutil.copytree(build.DIST, site_dir, dirs_exist_ok=True)
    server, site = build.serve_in_thread(0, directory=site_dir, handler=BenchHandler)
    bare = site + "__bench__/bare.html"
    micropip = site + "?install=micropip"
    load_package = site + "?install=loadPackage"
    nosnap = site + "?snapshot=off"
    results: dict[str, list[dict[str, float]]] = {}

    def record(name: str, marks: dict[str, float]) -> None:
        results.setdefault(name, []).append(marks)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS)
        )
        installs = [("app+loadPackage", load_package), ("app+micropip", micropip)]
        cold_pages = [("bare", bare), ("app", site)] + (installs if args.installs else [])
        warm_pages = [("bare", bare), ("app", site), ("app nosnap", nosnap)]
        warm_pages += installs if args.installs else []

        def rotated(pages: list[tuple[str, str]], run: int) -> list[tuple[str, str]]:
            # Each run starts with a different page, so no page always pays for going first.
            first = run % len(pages)
            return pages[first:] + pages[:first]

        for run in range(args.runs):
            for name, url in rotated(cold_pages, run):
                context = browser.new_context()
                record(f"{name} cold", boot_ms(context.new_page(), url))
                context.close()

        context = browser.new_context()
        page = context.new_page()
        boot_ms(page, site + "?snapshot=now")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_function(
            "() => document.documentElement.dataset.snapshotMade", timeout=120_000
        )
        made = page.evaluate("document.documentElement.dataset.snapshotMade")
        if made != "stored":
            raise SystemExit(f"the app did not store its snapshot ({made})")
        for run in range(args.runs):
            for name, url in rotated(warm_pages, run):
                record(f"{name} warm", boot_ms(page, url))
        context.close()
        browser.close()
    server.shutdown()
    shutil.rmtree(site_dir, ignore_errors=True)

    def median(name: str, mark: str = "engine:ready", since: str | None = None) -> float:
        """Median over runs of a mark's time, or of its distance from another mark."""
        return statistics.median(
            run[mark] - (run[since] if since else 0) for run in results[name] if mark in run
        )

    def paired(name: str, base: str) -> list[float]:
        """The ratio of ``name`` to ``base`` within each run (the two pages booted a few
        seconds apart), so a load that comes and goes on the machine weighs on both."""
        return sorted(
            run["engine:ready"] / other["engine:ready"]
            for run, other in zip(results[name], results[base], strict=True)
        )

    print(f"Boot to ready, ms from navigation, median of {args.runs} (Chromium, 2 cores)")
    head = f"{'':22}{'ready':>7}{'boot:start':>12}{'worker:start':>14}{'snapshot:read':>15}"
    head += f"{'pyodide:loaded':>16}"
    print(head + f"{'install':>9}{'import':>8}{'restored':>10}{'screen':>8}")
    for name in results:
        row = f"{name:22}{median(name):>7.0f}"
        if name.startswith("app"):
            read = [run for run in results[name] if "snapshot:read" in run]
            row += f"{median(name, 'boot:start'):>12.0f}{median(name, 'worker:start'):>14.0f}"
            row += f"{median(name, 'snapshot:read'):>15.0f}" if read else f"{'':>15}"
            row += f"{median(name, 'pyodide:loaded'):>16.0f}"
            row += f"{median(name, 'engine:installed', since='pyodide:loaded'):>9.0f}"
            row += f"{median(name, 'engine:ready', since='engine:installed'):>8.0f}"
            restored = sum(int(run["snapshot"]) for run in results[name])
            row += f"{restored:>6}/{len(results[name])}"
            row += f"{median(name, 'screen:shown'):>8.0f}"
        print(row)
    print("boot:start = index.html's inline script (it starts the engine's worker)")
    print("install = engine:installed - pyodide:loaded; import = engine:ready - engine:installed")
    print("restored = runs that booted from the snapshot (data-engine-boot=snapshot)")
    print("screen = the first screen a person can use (on a first visit, before the engine)")
    figures = {name: round(median(name)) for name in results}
    ratios = {
        "app/bare warm (snapshot)": median("app warm") / median("bare warm"),
        "app nosnap/bare warm": median("app nosnap warm") / median("bare warm"),
        "app/bare cold": median("app cold") / median("bare cold"),
        "app cold screen/ready": median("app cold", "screen:shown") / median("app cold"),
    }
    spreads = {
        "app/bare warm (snapshot)": paired("app warm", "bare warm"),
        "app nosnap/bare warm": paired("app nosnap warm", "bare warm"),
        "app/bare cold": paired("app cold", "bare cold"),
    }
    if args.installs:
        ratios["app+loadPackage/bare warm"] = median("app+loadPackage warm") / median("bare warm")
        ratios["app+micropip/bare warm"] = median("app+micropip warm") / median("bare warm")
        spreads["app+loadPackage/bare warm"] = paired("app+loadPackage warm", "bare warm")
        spreads["app+micropip/bare warm"] = paired("app+micropip warm", "bare warm")
    print("ratio = of the medians; each run's own: their median [lowest, highest]")
    for name, ratio in ratios.items():
        runs = spreads.get(name)
        own = ""
        if runs:
            own = f"  each run: {statistics.median(runs):.2f} [{runs[0]:.2f}, {runs[-1]:.2f}]"
        print(f"{name:27} {ratio:.2f}{own}")
    warm_ok = ratios["app/bare warm (snapshot)"] <= SNAPSHOT_TARGET
    cold_ok = ratios["app/bare cold"] <= COLD_BUDGET
    print(f"target: app warm ≤ {SNAPSHOT_TARGET} × bare warm: {'within' if warm_ok else 'OVER'}")
    print(f"budget: app cold ≤ {COLD_BUDGET} × bare cold: {'within' if cold_ok else 'OVER'}")
    print(json.dumps({"ms": figures, "ratios": {k: round(v, 3) for k, v in ratios.items()}}))
    return 0 if warm_ok and cold_ok else 1


if __name__ == "__main__":
    sys.exit(main())
