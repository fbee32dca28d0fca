"""What this device keeps cannot break the page, and the page runs under its
Content-Security-Policy (issue 16, the page's side; web/storage.js, README "Content-Security-
Policy").

Each kind of record the page keeps in localStorage is filled in turn with wrong types, nulls,
numbers past 2**53 and text nested thousands deep: the page still reaches its start screen,
without an uncaught error, and says what it set aside. A stored game the engine refuses does
not stand in the way of a link for another game. No policy violation is reported while the
page boots, plays, exports and opens a link.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
from pathlib import Path

from fixtures.table_driver import (
    BOOT_TIMEOUT_MS,
    DEVICES,
    choose_game,
    expect,
    make_a_move,
    open_app,
    press,
    shot,
    start,
    wait_saved,
)

import rummy

ROOT = Path(__file__).resolve().parents[2]
P = "rummy.store."

# Every policy violation of every page this context loads, from its first script on.
WATCH = """
document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(
  `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def new_page(browser, device: str = "phone"):
    """A page whose uncaught errors and console errors land in `page.problems`, and policy
    violations in `page.violations`, across navigations."""
    context = browser.new_context(**DEVICES[device])
    page = context.new_page()
    page.problems = []
    page.violations = []
    context.expose_binding("reportViolation", lambda _source, text: page.violations.append(text))
    context.add_init_script(WATCH)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.on(
        "console",
        lambda m: page.problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    return page


def nested(n: int) -> str:
    return "[" * n + "]" * n


def stored_game(key: str, state: dict, names: list[str], game_id: str) -> dict:
    """A game played by link, as web/ui/records.js keeps it (web/storage.js's record)."""
    seats = [{"name": n, "bot": None} for n in names]
    record = {
        "key": key,
        "id": "g1",
        "variant": state["variant"],
        "players": state["players"],
        "seats": seats,
        "options": {},
        "seed": state["seed"],
        "viewer": 0,
        "botCounter": 0,
        "link": {"gameId": game_id, "mySeats": [0], "fair": None},
    }
    meta = {"names": names, "mySeats": [0], "bots": [False] * len(names), "record": record}
    return {"id": key, "state": state, "meta": {**meta, "updated": 1}}


def summary(record: dict) -> dict:
    s = record["state"]
    return {
        "id": record["id"],
        "variant": s["variant"],
        "players": s["players"],
        "names": record["meta"]["names"],
        "mySeats": [0],
        "current": s["current"],
        "round": s["round"],
        "turn": s["turn"],
        "scores": s["scores"],
        "over": False,
        "waiting": s["current"] == 0,
        "updated": 1,
        "bots": [False] * s["players"],
    }


def device_with(*records: dict) -> dict[str, str]:
    """localStorage holding these games in progress, a finished match, statistics, a profile."""
    root = {
        "schema": 1,
        "rev": 1,
        "games": {r["id"]: {"key": f"{P}game.{r['id']}.1", "summary": summary(r)} for r in records},
        "finished": [
            {
                "id": "z",
                "variant": "basic",
                "players": 2,
                "names": ["Ana", "Bea"],
                "mySeats": [0],
                "scores": [150, 20],
                "winners": [0],
                "rounds": 3,
                "finished": 1_700_000_000_000,
            }
        ],
        "stats": {"basic": {"played": 1, "won": 1, "points": 150, "best": 150, "rounds": 3}},
        "profile": {"name": "Ana", "accountPoints": -40, "jokers": 2},
        "settings": {},
    }
    items = {f"{P}root": root}
    items.update({f"{P}game.{r['id']}.1": r for r in records})
    return {k: json.dumps(v) for k, v in items.items()}


def fill(page, items: dict[str, str]) -> None:
    page.evaluate(
        "(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
        "localStorage.setItem(k, v); }",
        items,
    )


def bad_devices() -> dict[str, tuple[dict[str, str], str | None]]:
    """One kind of stored record made bad per case (the others as a healthy device has them),
    with what the start screen says of it: data set aside, or nothing (nothing was lost: a
    game's summary is rebuilt from the game; preferences and invitations start afresh)."""
    g = rummy.new_game("basic", 2, seed=3)
    g.apply({"type": "draw", "source": "stock"})
    good = stored_game("m1", g.state(), ["Ana", "Bea"], "a1b2c3d4e5f6")
    base = device_with(good)
    root = json.loads(base[f"{P}root"])

    def with_root(change) -> dict[str, str]:
        r = copy.deepcopy(root)
        change(r)
        return {**base, f"{P}root": json.dumps(r)}

    def with_game(change) -> dict[str, str]:
        r = copy.deepcopy(good)
        change(r)
        return {**base, f"{P}game.m1.1": json.dumps(r)}

    def setitem(obj, key, value):
        obj[key] = value

    aside = "set aside"
    return {
        "finished game null": (with_root(lambda r: setitem(r["finished"], 0, None)), aside),
        "finished games not a list": (with_root(lambda r: setitem(r, "finished", {"a": 1})), aside),
        "finished game's names and scores wrong": (
            with_root(lambda r: r["finished"][0].update(names="Ana", scores=[None, "x"])),
            aside,
        ),
        "statistics null": (with_root(lambda r: setitem(r["stats"], "basic", None)), aside),
        "statistics of wrong types": (
            with_root(lambda r: setitem(r["stats"], "basic", {"played": "1", "best": []})),
            aside,
        ),
        "profile null": (with_root(lambda r: setitem(r, "profile", None)), aside),
        "profile of wrong types": (
            with_root(lambda r: setitem(r, "profile", {"name": 5, "accountPoints": 1e300})),
            aside,
        ),
        "settings not an object": (with_root(lambda r: setitem(r, "settings", [1, 2])), aside),
        "summary names not a list": (
            with_root(lambda r: setitem(r["games"]["m1"]["summary"], "names", "Ana")),
            None,
        ),
        "summary null": (with_root(lambda r: setitem(r["games"]["m1"], "summary", None)), None),
        "index entry null": (with_root(lambda r: setitem(r["games"], "m1", None)), None),
        "index null": ({**base, f"{P}root": "null"}, aside),
        "index nested 100,000 deep": ({**base, f"{P}root": nested(100_000)}, aside),
        "game record null": ({**base, f"{P}game.m1.1": "null"}, aside),
        "game with a score of 1e300": (
            with_game(lambda r: setitem(r["state"], "scores", [1e300, 0])),
            aside,
        ),
        "game nested 5,000 deep": (
            {**base, f"{P}game.m1.1": f'{{"id": "m1", "state": {nested(5000)}}}'},
            aside,
        ),
        "game's match record wrong": (
            with_game(lambda r: setitem(r["meta"]["record"], "seats", [None])),
            aside,
        ),
        "preferences of wrong types": (
            {
                **base,
                "rummy.ui.prefs.v1": json.dumps(
                    {
                        "setup": {
                            "seats": [5, None, "x"],
                            "options": 3,
                            "variant": 7,
                            "players": "x",
                        },
                        "myName": ["\u202eexe.anA"],
                        "lang": {},
                        "speed": None,
                        "sortBy": [],
                    }
                ),
            },
            None,
        ),
        "preferences nested 100,000 deep": ({**base, "rummy.ui.prefs.v1": nested(100_000)}, None),
        "invitations and set-aside data of wrong types": (
            {
                **base,
                "rummy.invites": json.dumps({"x": None, "y": {"role": 5}}),
                f"{P}quarantine.1.0": "null",
                f"{P}quarantine.2.0": nested(100_000),
                f"{P}unsaved": json.dumps({"m1": {"round": "x"}, "m2": None}),
            },
            None,
        ),
    }


def test_each_kind_of_stored_record_made_bad_in_turn_the_page_still_starts(browser, site_url):
    page = new_page(browser)
    open_app(page, site_url, "?speed=instant")
    for what, (items, says) in bad_devices().items():
        fill(page, items)
        page.goto(f"{site_url}?speed=instant")  # opened anew: the start screen
        # The start screen shows before the engine is ready: it is what must not break.
        page.wait_for_selector("html[data-screen=start] #start", timeout=BOOT_TIMEOUT_MS)
        assert page.problems == [], what
        notices = page.locator("#storage-notices")
        if says is None:
            expect(notices, what).to_have_count(0)
        else:
            expect(notices, what).to_contain_text(says)
        if what.startswith(("summary", "index entry", "finished", "statistics", "profile")):
            # Everything else is still there: the game in progress, the finished match.
            expect(page.locator(".resume .game-item"), what).to_have_count(1)
            expect(page.locator(".resume .game-names"), what).to_have_text("Ana and Bea")
        if what.startswith(("statistics", "profile", "summary", "game")):
            expect(page.locator("#finished"), what).to_contain_text("150")
        if what == "finished game's names and scores wrong":
            expect(notices).to_contain_text("set aside: finished games.")
            shot(page, "storage-set-aside-phone")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.problems == [] and page.violations == []


def test_a_stored_game_the_engine_refuses_does_not_block_a_link_for_another(browser, site_url):
    # A link game kept on this device whose state the engine refuses (a card twice) but the
    # page cannot tell from its shape.
    broken = rummy.new_game("basic", 2, seed=3).state()
    broken["hands"][0][0] = broken["hands"][1][0]
    kept = stored_game("lbad", broken, ["Ana", "Bea"], "0123456789ab")
    page = new_page(browser)
    open_app(page, site_url, "?speed=instant")
    fill(page, device_with(kept))
    other = rummy.new_game("basic", 2, seed=5)
    other.apply({"type": "draw", "source": "stock"})
    other.apply({"type": "discard", "card": other.view(0)["hand"][0]})
    page.goto(f"{site_url}?speed=instant#g={other.to_link()}&n=Cy,Di")
    page.wait_for_selector("#handoff, .msg.error", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#handoff")).to_contain_text("Di")
    expect(page.locator("#link-check")).to_contain_text("New on this device")
    wait_saved(page)
    stored = page.evaluate(
        "() => Object.entries(localStorage).filter(([k]) => k.startsWith('rummy.store.'))"
    )
    keys = [k for k, _ in stored]
    # The refused copy is set aside (kept, with the engine's reason), off the list of games.
    aside = [json.loads(v) for k, v in stored if k.startswith(P + "quarantine.")]
    assert len(aside) == 1 and aside[0]["key"] == P + "game.lbad.1", aside
    assert "lbad" in aside[0]["reason"]
    assert not any(k.startswith(P + "game.lbad.") for k in keys)
    games = json.loads(dict(stored)[P + "root"])["games"]
    assert [g["summary"]["names"] for g in games.values()] == [["Cy", "Di"]]
    assert page.problems == [] and page.violations == []


def test_no_policy_violation_while_the_page_boots_plays_and_exports(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    make_a_move(page)
    page.goto(f"{site_url}?seed=7&speed=instant")  # a later visit: from the service worker
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    press(page, ".resume button")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    page.goto(f"{site_url}?speed=instant")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    with page.expect_download() as download:
        press(page, "#export-data")
    assert json.loads(Path(download.value.path()).read_text())["kind"] == "rummy-export"
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    assert page.problems == [] and page.violations == []


def test_the_policy_allows_exactly_the_inline_script_of_the_page():
    """The hash in the policy is the inline script's: change one, change the other."""
    html = (ROOT / "index.html").read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in scripts
    ]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"].split() == ["'self'", *hashes]
    assert "unsafe" not in policy
    assert not re.search(r"\sstyle=", html), "inline style attributes need 'unsafe-inline'"
