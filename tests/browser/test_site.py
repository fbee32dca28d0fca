"""The built site in a real browser: boots, plays a turn by clicks, works offline, stays on
its own origin, logs no errors.

The turns are played on the site's minimal proof table (`?ui=proof`), which depends only on
the engine protocol; the table UI's own tests are in test_table_*.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, wait_ready
from playwright.sync_api import expect

HAND = "[data-testid=hand] button[data-card]"
PROOF = "?ui=proof"


def hand_codes(page) -> list[str]:
    return page.eval_on_selector_all(HAND, "buttons => buttons.map(b => b.dataset.card)")


def play_a_turn(page) -> None:
    """Draw from the stock and discard the card drawn, by clicking like a player."""
    before = hand_codes(page)
    page.get_by_test_id("draw-stock").click()
    expect(page.locator(HAND)).to_have_count(len(before) + 1)
    drawn = next(code for code in hand_codes(page) if code not in before)
    page.locator(f"{HAND}[data-card='{drawn}']").click()
    page.get_by_test_id("discard").click()
    expect(page.locator(f"{HAND}[data-card='{drawn}']")).to_have_count(0)
    expect(page.locator(HAND)).to_have_count(len(before))


def bots_available(page) -> bool:
    return page.get_by_test_id("seat-select").is_hidden()


def test_engine_boots_and_answers(page, site_url):
    page.goto(site_url)  # the site as players open it (the table UI)
    wait_ready(page, proof=False)
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    for name in ("boot:start", "pyodide:loaded", "engine:installed", "engine:ready"):
        assert name in marks
    # The client rejects refused requests with the engine's message and kind.
    answer = page.evaluate(
        """async () => {
            const { bootEngine } = await import('./web/engine-client.js');
            const engine = bootEngine();
            const version = await engine.call('version');
            let refusal = null;
            try { await engine.call('view', { game: 'nope' }); }
            catch (error) { refusal = { kind: error.kind, message: error.message }; }
            engine.terminate();
            return { version, refusal };
        }"""
    )
    assert answer["version"]["variants"][0] == "basic"
    assert answer["version"]["python"].startswith("3.14")
    assert answer["refusal"]["kind"] == "bad_request"
    assert "nope" in answer["refusal"]["message"]


def test_the_proof_table_deals_a_hand(page, site_url):
    page.goto(site_url + PROOF)
    wait_ready(page)
    assert len(hand_codes(page)) == 10


def test_a_turn_is_played_through_the_page(page, site_url):
    page.goto(site_url + PROOF)
    wait_ready(page)
    expect(page.get_by_test_id("discard")).to_be_disabled()
    play_a_turn(page)
    if bots_available(page):
        # The computer answers; then it is the player's turn again.
        expect(page.get_by_test_id("draw-stock")).to_be_enabled(timeout=30_000)
        expect(page.locator(HAND)).to_have_count(10)
    else:
        # No computer players yet: the page plays seat 1 too.
        expect(page.get_by_test_id("status")).to_contain_text("Seat 1 to play")
        page.get_by_test_id("seat-select").select_option("1")
        expect(page.get_by_test_id("draw-stock")).to_be_enabled()
        play_a_turn(page)
        page.get_by_test_id("seat-select").select_option("0")
        expect(page.get_by_test_id("draw-stock")).to_be_enabled()
    expect(page.get_by_test_id("error")).to_have_text("")


def test_offline_reload_boots_from_the_service_worker_and_plays(page, context, site_url):
    page.goto(site_url + PROOF)
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.goto(site_url + PROOF + "&g=offline-test")  # ignoreSearch: any query is the page
    assert page.evaluate("document.documentElement.dataset.boot") == "warm"
    wait_ready(page)
    play_a_turn(page)


def visit_play_and_reload(page, site_url: str, query: str) -> None:
    """First visit (a turn on the proof page), then a reload served by the service worker."""
    page.goto(site_url + query)
    wait_ready(page, proof=bool(query))
    if query:
        play_a_turn(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.reload()
    wait_ready(page, proof=bool(query))


@pytest.mark.parametrize("query", ["", PROOF], ids=["table", "proof"])
def test_no_request_leaves_the_origin(page, context, site_url, query):
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page.on("request", lambda request: requests.append(request.url))
    visit_play_and_reload(page, site_url, query)
    own = (site_url, "data:", "blob:")
    foreign = [url for url in requests if not url.startswith(own)]
    assert requests and not foreign


@pytest.mark.parametrize("query", ["", PROOF], ids=["table", "proof"])
def test_no_console_errors(page, site_url, query):
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: problems.append(msg.text) if msg.type in ("error", "warning") else None,
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    visit_play_and_reload(page, site_url, query)
    assert problems == []


def test_the_app_can_be_installed(page, site_url):
    page.goto(site_url)
    manifest = page.evaluate(
        """async () => {
            const link = document.querySelector('link[rel=manifest]');
            const manifest = await (await fetch(link.href)).json();
            const base = new URL(link.href);
            const icons = [];
            for (const icon of manifest.icons) {
                const response = await fetch(new URL(icon.src, base));
                const type = response.headers.get('content-type');
                icons.push({ ...icon, status: response.status, type });
            }
            return { ...manifest, icons, start: new URL(manifest.start_url, base).href };
        }"""
    )
    assert manifest["display"] == "standalone"
    assert manifest["start"] == site_url
    assert all(icon["status"] == 200 for icon in manifest["icons"])
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])


def test_the_service_worker_precaches_every_shipped_file(site_url):
    dist = ROOT / "dist"
    sw = (dist / "sw.js").read_text()
    version = re.search(r'/\*VERSION\*/"([0-9a-f]+)"/\*END\*/', sw)
    assert version, "build.py did not fill in the version"
    shipped = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    for path in shipped - {"sw.js", "index.html"}:
        assert f'"./{path}"' in sw


@pytest.mark.parametrize("viewport", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_screenshots_of_the_loading_screen_and_the_table(browser, site_url, viewport):
    """Saved in screenshots/ for people to look at; asserts only that both screens render."""
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url + PROOF)
    expect(page.locator("#loading")).to_be_visible()
    page.wait_for_function(
        "() => document.getElementById('boot-progress').value > 0", timeout=BOOT_TIMEOUT_MS
    )
    page.screenshot(path=str(out / f"loading-{width}x{height}.png"))
    wait_ready(page)
    page.screenshot(path=str(out / f"table-{width}x{height}.png"))
    context.close()
    assert Path(out / f"table-{width}x{height}.png").stat().st_size > 0


@pytest.mark.parametrize(
    ("how", "words", "notice"),
    [
        ({"query": "?lang=he"}, "בביקור הראשון", "ביקור ראשון"),
        ({"locale": "ro-RO"}, "Doar prima vizită", "Prima vizită"),
        ({"locale": "fr-FR"}, "Only the first visit", "First visit"),
    ],
    ids=["asked", "browser", "fallback"],
)
def test_the_loading_screen_speaks_the_players_language(browser, site_url, how, words, notice):
    context = browser.new_context(locale=how.get("locale", "en-US"))
    page = context.new_page()
    page.goto(site_url + how.get("query", ""))
    expect(page.locator("#boot-first-visit")).to_contain_text(words)
    # Then the start screen, while the runtime downloads, says the same in the same language.
    expect(page.locator("#first-visit")).to_contain_text(notice)
    if "query" in how:
        assert page.evaluate("document.documentElement.dir") == "rtl"
        page.screenshot(path=str(ROOT / "screenshots" / "loading-he.png"))
    wait_ready(page, proof=False)
    context.close()


def test_a_first_visit_chooses_its_game_while_the_runtime_downloads(browser, site_url):
    """A first visit (nothing cached) shows the start screen before the engine is up: the
    person picks a game while the runtime downloads, the notice says how far it has got, and
    says "Ready" in its place (nothing below it moves); Deal then deals."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site_url + "?speed=instant")
    notice = page.locator("#first-visit")
    expect(notice).to_contain_text("First visit: the game downloads once")
    # The start screen came first: the engine is still starting (a first visit downloads and
    # compiles the runtime, seconds here), and the loading screen has made way for it.
    assert page.evaluate("document.documentElement.dataset.engine") == "booting"
    expect(page.locator("#loading")).to_be_hidden()
    page.locator("label.variant", has_text="Rummy 101").click()
    expect(page.locator("label.variant.chosen")).to_contain_text("Rummy 101")
    box = page.locator("#start fieldset.variants").bounding_box()
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS
    )
    expect(notice.locator(".engine-bytes")).to_have_text("Ready")
    assert page.locator("#start fieldset.variants").bounding_box() == box
    page.click("#start-game")
    expect(page.locator("#table")).to_have_class(re.compile(r"\bv-rummy101\b"))
    # Only the first visit's start screen says it.
    page.click("#menu-btn")
    page.click("[data-fk=menu-leave]")
    expect(page.locator("#start")).to_be_visible()
    expect(notice).to_have_count(0)
    context.close()


def test_a_first_visit_by_an_invitation_says_it_is_opening_it(browser, site_url):
    """A first visit through an invitation shows "Opening the invitation…" while the engine
    starts, never the start screen (where the person would begin another game)."""
    import hashlib

    from rummy import link

    value = hashlib.sha256(b"host").hexdigest()
    names = ("Hana", "Bea")
    text = link.encode_invite(
        {
            "id": "0123456789abcdef",
            "variant": "basic",
            "players": 2,
            "options": {},
            "host": 0,
            "commitment": link.commit(value),
            "seats": [{"name": n, "bot": None, "value": None} for n in names],
        }
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site_url}#i={text}")
    expect(page.locator("#resuming")).to_contain_text("Opening the invitation")
    assert page.evaluate("document.documentElement.dataset.engine") == "booting"
    expect(page.locator("#engine-starting")).to_contain_text("Starting the game engine")
    expect(page.locator("#start")).to_have_count(0)
    expect(page.locator("#invite")).to_contain_text(
        "Hana invites you to a game of Classic Rummy", timeout=BOOT_TIMEOUT_MS
    )
    context.close()


def test_a_new_version_waits_for_the_players_ok(browser, tmp_path):
    """A rebuilt site installs in the background, shows the banner, and switches on the click."""
    import shutil

    import build

    site = tmp_path / "site"
    shutil.copytree(ROOT / "dist", site)
    server, url = build.serve_in_thread(0, directory=site)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + PROOF)
        wait_ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        page.get_by_test_id("draw-stock").click()  # a game in progress
        expect(page.locator(HAND)).to_have_count(11)

        sw = (site / "sw.js").read_text()
        old = re.search(r'/\*VERSION\*/"([0-9a-f]+)"/\*END\*/', sw).group(1)
        (site / "sw.js").write_text(sw.replace(f'"{old}"', '"000000000001"', 1))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")

        banner = page.locator("#update-banner")
        expect(banner).to_be_visible(timeout=60_000)
        expect(page.locator(HAND)).to_have_count(11)  # nothing was forced mid-game
        with page.expect_navigation(timeout=30_000):
            page.get_by_role("button", name="Reload to update").click()
        wait_ready(page)
        assert page.evaluate("caches.keys()") == ["rummy-000000000001"]
        expect(banner).to_be_hidden()
    finally:
        context.close()
        server.shutdown()
