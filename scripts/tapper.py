#!/usr/bin/env python3
"""A random tapper: presses whatever the page offers, as a restless person would, and checks
after every press what must always hold.

    python3 scripts/tapper.py [--device phone|desktop] [--lang en|he|ro] [--seed 1] [--taps 500]

Not part of the test command (it is random, and a run takes minutes): run it after a change to
the page, on both devices and in a right-to-left language too. It builds dist/ if missing and
serves it itself.

Each press lands at the middle of something visible and enabled — a button, a card, a meld, a
summary, a radio, a checkbox, a field — overlays and all, as a finger would; a select gets a
random option (so the language and the seats change too). Now and then the page is reloaded.
After every press it checks:

- no uncaught error and no console error;
- no unfilled "{hole}", "undefined", "NaN", "null" or "[object" on screen;
- at most one message (`.msg`) in sight: the page says one thing at a time;
- no sideways scrolling; no button, label or heading whose text is cut.

What breaks a rule is printed once, with the last presses, and a screenshot is saved in
screenshots/tapper-*.png. The exit status is 1 when anything was found. (In stop 36 it found a
message that stayed under a meld after it was gone, and notes left in the previous language.)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))  # the table driver reads the engine
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import build  # noqa: E402 - the repository root is put on the path just above
from fixtures.table_driver import DEVICES  # noqa: E402

SHOTS = ROOT / "screenshots"

# What a person can press now: visible, enabled, not under an inert part. Each is marked with
# its index and returned with a few words and the point a finger would land on.
PRESSABLE = """() => [...document.querySelectorAll(
    'button, [role=button], summary, input, select, a[href^="#"]')]
  .filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'
      && !e.disabled && !e.closest('[inert]');
  })
  .map((e, i) => {
    const r = e.getBoundingClientRect();
    e.dataset.tapper = i;
    const words = (e.id || e.getAttribute('aria-label') || e.textContent || '').trim();
    return [i, e.tagName, e.type || '', words.slice(0, 40), r.x + r.width / 2, r.y + r.height / 2];
  })"""

# What must always hold on screen; each broken rule in a few words.
RULES = r"""() => {
  const found = [];
  const text = document.body.innerText;
  const odd = text.match(/.{0,30}(\{[a-zA-Z]+\}|\bundefined\b|\bNaN\b|\bnull\b|\[object).{0,30}/);
  if (odd) found.push(`odd text: ${odd[0]}`);
  const shown = (e) => e.getBoundingClientRect().height > 0;
  // The engine's download banners are a standing status, not an answer to a press.
  const standing = '#first-visit, #engine-starting';
  const msgs = [...document.querySelectorAll(`.msg:not(${standing})`)].filter(shown);
  const said = msgs.map((m) => m.innerText).join(' | ');
  if (msgs.length > 1) found.push(`${msgs.length} messages: ${said}`);
  if (document.scrollingElement.scrollWidth > innerWidth + 1) found.push('sideways scrolling');
  const cut = [...document.querySelectorAll('button, .btn, h1, h2, label')].filter((e) => {
    const style = getComputedStyle(e);
    return e.getBoundingClientRect().width > 1 && !e.closest('.sr-only')
      && e.scrollWidth > e.clientWidth + 1 && style.textOverflow !== 'ellipsis'
      && style.overflow !== 'visible';
  });
  if (cut.length) found.push(`cut: ${cut.map((e) => e.innerText.slice(0, 20)).join(' | ')}`);
  return found;
}"""


READY = "() => document.documentElement.dataset.engine === 'ready'"


def tap(page, rng: random.Random, trail: list[str]) -> None:
    """One press on something the screen offers (or a wait, when it offers nothing)."""
    offered = page.evaluate(PRESSABLE)
    if not offered:
        time.sleep(0.3)
        return
    index, tag, kind, words, x, y = rng.choice(offered)
    trail.append(f"{tag.lower()} {words!r}")
    if tag == "SELECT":
        field = page.locator(f"[data-tapper='{index}']")
        values = field.evaluate("s => [...s.options].map((o) => o.value)")
        field.select_option(rng.choice(values), timeout=2000)
    elif tag == "INPUT" and kind in ("text", "number", ""):
        page.mouse.click(x, y)
        page.keyboard.type(rng.choice(["Dana", "7", "", "דנה", "  "]))
    else:
        page.mouse.click(x, y)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", choices=sorted(DEVICES), default="phone")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--taps", type=int, default=500)
    args = parser.parse_args(argv)
    if not (build.DIST / "index.html").exists():
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    _server, site = build.serve_in_thread(0)
    rng = random.Random(args.seed)
    trail: list[str] = []
    seen: set[str] = set()
    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS))
        page = browser.new_context(**DEVICES[args.device]).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        page.on("dialog", lambda dialog: dialog.dismiss())
        page.goto(f"{site}?seed={args.seed}&speed=instant&lang={args.lang}")
        page.wait_for_function(READY, timeout=90_000)
        for n in range(args.taps):
            try:
                tap(page, rng, trail)
            except Exception as error:  # a press that could not land: note it, go on
                trail.append(f"  (missed: {str(error).splitlines()[0][:80]})")
            time.sleep(rng.choice([0, 0.05, 0.2, 0.6]))
            if rng.random() < 0.01:
                page.reload()
                trail.append("reload")
                page.wait_for_function(READY, timeout=90_000)
            try:
                found = page.evaluate(RULES)
            except Exception:  # the page was navigating: look again after the next press
                found = []
            found += errors
            errors.clear()
            for problem in found:
                if problem in seen:
                    continue
                seen.add(problem)
                shot = SHOTS / f"tapper-{args.device}-{args.seed}-{n}.png"
                page.screenshot(path=str(shot))
                after = " → ".join(trail[-5:])
                print(f"press {n}: {problem}\n  after: {after}\n  {shot}", flush=True)
        browser.close()
    run = f"{args.device}, {args.lang}, seed {args.seed}"
    print(f"{args.taps} presses ({run}): {len(seen)} problems")
    return 1 if seen else 0


if __name__ == "__main__":
    sys.exit(main())
