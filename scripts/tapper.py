#!/usr/bin/env python3
"""A random tapper: presses whatever the page offers, as a restless person would, and checks
after every press what must always hold.

    python3 scripts/tapper.py [--device phone|desktop|small|landscape] [--lang en|he|ro]
                              [--seed 1] [--taps 500] [--link]

The test command runs a short one (tests/browser/test_tapper.py: 150 presses by link, in
Hebrew); run longer ones after a change to the page, on each device (a 390×844 phone, a
1280×800 desktop, a 360×640 phone, an 844×390 phone held sideways), in each language and with
other seeds (a run of 500 takes minutes). It builds dist/ if missing and serves it itself.

Each press lands at the middle of something visible and enabled — a button, a card, a meld, a
summary, a radio, a checkbox, a field — overlays and all, as a finger would; a select gets a
random option (so the language and the seats change too). Now and then the page is reloaded.
After every press it checks:

- no uncaught error and no console error;
- no unfilled "{hole}", "undefined", "NaN", "null" or "[object" on screen;
- at most one message (`.msg`) in sight: the page says one thing at a time;
- no sideways scrolling; no button, label or heading whose text is cut.

With `--link`, two phones play one game by link: a game for two people is started on the
first, the presses go mostly to the phone whose turn it is, and the links the pages offer are
opened on the other phone — and now and then an old link again, or a link on the phone that
sent it, as people do. Then also, on each phone:

- no game goes back: a game's round and turn (its summary in the device's storage) never
  fall while it is kept;
- no game is lost: a game in progress leaves the device only when it was finished, or when
  the person confirmed its deletion.

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
    return [i, e.tagName, e.type || '', words.slice(0, 40), r.x + r.width / 2, r.y + r.height / 2,
      e.dataset.fk || ''];
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

# Play by link: the links on offer now, whose turn it is, and each game this device keeps in
# progress with its round and turn (web/storage: the root's summaries) and the finished ones.
OFFERED = """() => [...document.querySelectorAll('[data-link]')]
  .filter((e) => e.getBoundingClientRect().height > 0).map((e) => e.dataset.link)"""
MY_TURN = """() => !!document.querySelector('#table[data-my-turn=yes], #handoff, #reveal')"""
KEPT = """() => {
  try {
    const root = JSON.parse(localStorage.getItem('rummy.store.root') || 'null');
    if (!root) return {games: {}, finished: []};
    const games = Object.fromEntries(Object.entries(root.games || {})
      .map(([id, g]) => [id, [g.summary?.round ?? 0, g.summary?.turn ?? 0]]));
    return {games, finished: (root.finished || []).map((f) => f.id)};
  } catch (e) { return {games: {}, finished: [], error: String(e)}; }
}"""


def tap(page, rng: random.Random, trail: list[str]) -> None:
    """One press on something the screen offers (or a wait, when it offers nothing)."""
    offered = page.evaluate(PRESSABLE)
    if not offered:
        time.sleep(0.3)
        return
    index, tag, kind, words, x, y, fk = rng.choice(offered)
    trail.append(f"{tag.lower()} {words!r}")
    if fk.startswith("delete-yes"):
        trail.append("(a deletion, confirmed)")
    if tag == "SELECT":
        field = page.locator(f"[data-tapper='{index}']")
        values = field.evaluate("s => [...s.options].map((o) => o.value)")
        field.select_option(rng.choice(values), timeout=2000)
    elif tag == "INPUT" and kind in ("text", "number", ""):
        page.mouse.click(x, y)
        page.keyboard.type(rng.choice(["Dana", "7", "", "דנה", "  "]))
    else:
        page.mouse.click(x, y)


class Device:
    """One phone: its page, what went wrong there, and the games it keeps."""

    def __init__(self, browser, name: str, device: str, site: str, query: str):
        self.name = name
        self.page = browser.new_context(**DEVICES[device]).new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on(
            "console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}")
        )
        self.page.on("dialog", lambda dialog: dialog.dismiss())
        self.page.goto(f"{site}{query}")
        self.page.wait_for_function(READY, timeout=90_000)
        self.kept: dict[str, list[int]] = {}  # game id → [round, turn], as last seen

    def kept_problems(self, trail: list[str]) -> list[str]:
        """A game gone back, or gone without being finished or deleted."""
        now = safe_evaluate(self.page, KEPT)
        if now is None:  # navigating: look next time
            return []
        found = []
        if now.get("error"):
            found.append(f"{self.name}: storage unreadable: {now['error']}")
        deleted = "(a deletion, confirmed)" in trail[-4:]
        for game, progress in self.kept.items():
            if game not in now["games"]:
                if game not in now["finished"] and not deleted:
                    found.append(f"{self.name}: game {game[:8]} lost at {progress}")
            elif now["games"][game] < progress:
                back = now["games"][game]
                found.append(f"{self.name}: game {game[:8]} went back {progress} → {back}")
        self.kept = now["games"]
        return found


def start_link_game(page, rng: random.Random) -> None:
    """A game for two people on the first phone (maybe with a computer player), started."""
    variant = rng.choice(["basic", "rummy200", "rummy101"])
    page.click(f"input[name=variant][value={variant}]")
    page.wait_for_selector(f"label.variant.chosen input[value={variant}]")
    if page.locator("#players").is_enabled():
        players = str(4 if variant == "rummy200" else rng.choice([2, 3]))
        page.select_option("#players", players)
        # The seats are drawn anew for the count chosen: count them once they are.
        page.wait_for_selector(f"#seat-kind-{int(players) - 1}")
        page.wait_for_selector(f"#seat-kind-{players}", state="detached")
    count = page.locator("[id^=seat-kind-]").count()
    for seat in range(count):
        kind = "human" if seat < 2 or (variant == "rummy200" and seat < 3) else "easy"
        page.select_option(f"#seat-kind-{seat}", kind)
    page.click("#start-game")
    page.wait_for_selector("#table", timeout=90_000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", choices=sorted(DEVICES), default="phone")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--taps", type=int, default=500)
    parser.add_argument("--link", action="store_true", help="two phones play one game by link")
    args = parser.parse_args(argv)
    if not (build.DIST / "index.html").exists():
        build.build(quiet=True)
    from playwright.sync_api import sync_playwright

    _server, site = build.serve_in_thread(0)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=list(build.CHROMIUM_ARGS))
        found = run(browser, site, args.device, args.lang, args.seed, args.taps, args.link)
        browser.close()
    return 1 if found["problems"] else 0


def run(browser, site: str, device: str, lang: str, seed: int, taps: int, link: bool) -> dict:
    """``taps`` presses on the site at ``site`` in ``browser`` (on two phones by link when
    ``link``): ``{"problems": [...], "links": n, "opened": n}``, what broke a rule (each printed
    once as it is found), the links offered and the times one was opened; a summary is printed
    at the end. tests/browser/test_tapper.py runs a short one."""
    rng = random.Random(seed)
    trail: list[str] = []
    seen: list[str] = []
    SHOTS.mkdir(exist_ok=True)
    query = f"?seed={seed}&speed=instant&lang={lang}"
    devices = [Device(browser, "A", device, site, query)]
    links: list[str] = []  # every link offered, oldest first
    opened: set[str] = set()
    if link:
        devices.append(Device(browser, "B", device, site, query))
        start_link_game(devices[0].page, rng)
        trail.append("A: a game for two people by link")
    for n in range(taps):
        here = devices[0]
        if len(devices) > 1:
            here = pick_device(devices, rng)
            trail.append(f"{here.name}:")
        page = here.page
        try:
            if len(devices) > 1 and links and wants_a_link(links, opened, rng):
                page = open_a_link(devices, links, opened, rng, trail).page
            elif len(devices) == 1 or not follow_the_hint(page, rng, trail):
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
        for each in devices:
            found += [f"{each.name}: {e}" if len(devices) > 1 else e for e in each.errors]
            each.errors.clear()
            if len(devices) > 1:
                found += each.kept_problems(trail)
                offered = safe_evaluate(each.page, OFFERED) or []
                links += [u for u in offered if u not in links]
        for problem in found:
            if problem in seen:
                continue
            seen.append(problem)
            shot = SHOTS / f"tapper-{device}-{seed}-{n}.png"
            page.screenshot(path=str(shot))
            after = " → ".join(trail[-8:])
            print(f"press {n}: {problem}\n  after: {after}\n  {shot}", flush=True)
    for each in devices:
        each.page.context.close()
    summary = f"{device}, {lang}, seed {seed}"
    opens = [step for step in trail if " opens " in step]
    if link:
        again = sum("again" in step for step in opens)
        summary += f", by link: {len(links)} links offered, {len(opens)} opened ({again} again)"
    print(f"{taps} presses ({summary}): {len(seen)} problems")
    return {"problems": seen, "links": len(links), "opened": len(opens)}


def follow_the_hint(page, rng: random.Random, trail: list[str]) -> bool:
    """Half the time, a person whose turn it is asks the Hint and does what it says (so that
    turns pass and links are sent); whether a press was made."""
    if rng.random() < 0.5:
        return False
    for button in ("#play-hint", "#btn-hint"):
        found = page.locator(f"#table[data-my-turn=yes] {button}")
        if found.count() and found.first.is_visible() and found.first.is_enabled():
            found.first.click(timeout=2000)
            trail.append(button)
            return True
    return False


def pick_device(devices: list[Device], rng: random.Random) -> Device:
    """Mostly the phone whose turn it is (a person waiting for a link seldom taps)."""
    turn = [d for d in devices if safe_evaluate(d.page, MY_TURN)]
    return rng.choice(turn) if turn and rng.random() < 0.8 else rng.choice(devices)


def safe_evaluate(page, script: str):
    try:
        return page.evaluate(script)
    except Exception:
        return None


def wants_a_link(links: list[str], opened: set[str], rng: random.Random) -> bool:
    """A new link is soon opened; an old one only now and then."""
    return rng.random() < (0.4 if links[-1] not in opened else 0.03)


def open_a_link(
    devices: list[Device], links: list[str], opened: set[str], rng: random.Random, trail: list[str]
):
    """Open a link as people do: a new one on the other phone (now and then on the phone that
    offered it); else an old one again, on either phone."""
    fresh = links[-1] not in opened
    url = links[-1] if fresh else rng.choice(links)
    offered_on = [d for d in devices if url in (safe_evaluate(d.page, OFFERED) or [])]
    others = [d for d in devices if d not in offered_on] or devices
    device = rng.choice(others) if fresh and rng.random() < 0.9 else rng.choice(devices)
    age = "the newest" if fresh else f"link {links.index(url) + 1} of {len(links)} again"
    trail.append(f"{device.name} opens {age}")
    opened.add(url)
    device.page.goto(url)
    device.page.wait_for_function(READY, timeout=90_000)
    return device


if __name__ == "__main__":
    sys.exit(main())
