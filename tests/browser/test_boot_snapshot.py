"""Later visits boot the engine from a memory snapshot made on this device (README, "Boot from
a memory snapshot"): it restores and plays, online and offline; a damaged, stale or
unrestorable snapshot is thrown away and the page boots Python the normal way in the same page
load; a new site version never restores the old one; two restores draw different secrets.

Each test makes its snapshot at once (`?snapshot=now`) instead of waiting for the page to be
idle, and reads `<html data-engine-boot>` ("snapshot" or "normal") as outside checks do."""

from __future__ import annotations

import re
import shutil

import build
from conftest import BOOT_TIMEOUT_MS, ROOT, wait_ready
from playwright.sync_api import expect
from test_site import HAND, PROOF, play_a_turn

MAKE_NOW = PROOF + "&snapshot=now"


def boot_state(page) -> tuple[str, str]:
    """How the engine started ("snapshot" | "normal") and why ("restored", "corrupt", ...)."""
    return tuple(
        page.evaluate(
            "['engineBoot', 'engineSnapshot'].map(k => document.documentElement.dataset[k])"
        )
    )


def first_visit_with_snapshot(page, url: str) -> None:
    """A first visit boots normally and leaves a snapshot behind (and the service worker)."""
    page.goto(url + MAKE_NOW)
    wait_ready(page)
    assert boot_state(page) == ("normal", "missing")
    page.wait_for_function(
        "() => document.documentElement.dataset.snapshotMade", timeout=BOOT_TIMEOUT_MS
    )
    assert page.evaluate("document.documentElement.dataset.snapshotMade") == "stored"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


# The page's own helpers for the snapshot's cache entry (as web/worker.js names it).
SNAPSHOT_JS = """
async function snapshotEntry() {
  const { default: BUILD } = await import('./web/build-info.js');
  const name = 'rummy-snapshot-' + BUILD.version;
  const cache = await caches.open(name);
  const key = new URL('engine-snapshot', location.href).href;
  return { name, cache, key, response: await cache.match(key) };
}
"""


def with_snapshot_entry(page, body: str):
    """Run `body` (JavaScript, may `await` and `return`) in the page with SNAPSHOT_JS at hand."""
    return page.evaluate(f"(async () => {{ {SNAPSHOT_JS}\n{body} }})()")


def test_a_second_visit_restores_plays_and_draws_fresh_seeds(page, site_url):
    first_visit_with_snapshot(page, site_url)
    page.goto(site_url + PROOF)
    wait_ready(page)
    assert boot_state(page) == ("snapshot", "restored")
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "snapshot:read" in marks and "engine:ready" in marks
    play_a_turn(page)
    expect(page.get_by_test_id("error")).to_have_text("")

    # Two more restores (engines of their own) each deal a game without a seed: the seeds,
    # drawn from the OS entropy the restored interpreter reads, must differ.
    draws = page.evaluate(
        """async () => {
            const { bootEngine } = await import('./web/engine-client.js');
            const draws = [];
            for (let i = 0; i < 2; i++) {
                const engine = bootEngine();
                const info = await engine.ready;
                const { game } = await engine.call('new_game', { variant: 'basic', players: 2 });
                const { state } = await engine.call('state', { game });
                draws.push({ boot: info.boot, seed: state.seed, hand: state.hands[0] });
                engine.terminate();
            }
            return draws;
        }"""
    )
    assert [d["boot"] for d in draws] == ["snapshot", "snapshot"]
    assert draws[0]["seed"] != draws[1]["seed"]
    assert draws[0]["hand"] != draws[1]["hand"]


# The stored snapshot gzipped, as a device short of room stores it (web/worker.js `roomFor`);
# `flip` changes one byte of the packed bytes.
GZIP_IT = """
    const { cache, key, response } = await snapshotEntry();
    const meta = JSON.parse(response.headers.get('x-rummy-snapshot'));
    const raw = new Uint8Array(await response.arrayBuffer());
    const packed = new Uint8Array(await new Response(new Blob([raw]).stream()
        .pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    if (flip) packed[packed.length >> 1] ^= 0xff;
    const label = { ...meta, encoding: 'gzip', packedLength: packed.length, sha256: undefined };
    await cache.put(key, new Response(packed,
        { headers: { 'x-rummy-snapshot': JSON.stringify(label) } }));
    return meta.encoding;
"""


def test_a_damaged_stale_or_unrestorable_snapshot_falls_back_to_a_normal_boot(page, site_url):
    first_visit_with_snapshot(page, site_url)

    # Gzipped (a device short of room): it restores; with one byte changed, gzip's CRC-32 (or
    # the deflate stream) refuses it.
    assert with_snapshot_entry(page, "const flip = false;" + GZIP_IT) == "raw"  # room here
    page.goto(site_url + PROOF)
    wait_ready(page)
    assert boot_state(page) == ("snapshot", "restored")
    with_snapshot_entry(page, "const flip = true;" + GZIP_IT)
    page.goto(site_url + MAKE_NOW)
    wait_ready(page)
    assert boot_state(page) == ("normal", "corrupt")
    page.wait_for_function(
        "() => document.documentElement.dataset.snapshotMade", timeout=BOOT_TIMEOUT_MS
    )

    # Raw, one byte changed: its SHA-256, checked beside the restore, no longer matches.
    with_snapshot_entry(
        page,
        """
            const { cache, key, response } = await snapshotEntry();
            const bytes = new Uint8Array(await response.arrayBuffer());
            bytes[bytes.length >> 1] ^= 0xff;
            await cache.put(key, new Response(bytes, { headers: response.headers }));
        """,
    )
    page.goto(site_url + MAKE_NOW)
    wait_ready(page)
    assert boot_state(page) == ("normal", "corrupt")
    play_a_turn(page)
    # ... and a good one takes its place.
    page.wait_for_function(
        "() => document.documentElement.dataset.snapshotMade", timeout=BOOT_TIMEOUT_MS
    )
    assert page.evaluate("document.documentElement.dataset.snapshotMade") == "stored"

    # Bytes that pass every check but are no interpreter: the restore itself fails, and the
    # page starts a fresh worker the normal way.
    with_snapshot_entry(
        page,
        """
            const { cache, key, response } = await snapshotEntry();
            const meta = JSON.parse(response.headers.get('x-rummy-snapshot'));
            const raw = crypto.getRandomValues(new Uint8Array(65536));
            const packed = new Uint8Array(await new Response(new Blob([raw]).stream()
                .pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
            const forged = { ...meta, encoding: 'gzip', rawLength: raw.length,
                             packedLength: packed.length };
            await cache.put(key, new Response(packed,
                { headers: { 'x-rummy-snapshot': JSON.stringify(forged) } }));
        """,
    )
    page.goto(site_url + PROOF)
    wait_ready(page)
    assert boot_state(page) == ("normal", "failed")
    play_a_turn(page)
    gone = "return (await snapshotEntry()).response === undefined;"
    assert with_snapshot_entry(page, gone)  # thrown away (a new one is made when the page is idle)

    # A snapshot labelled with another Pyodide build is not even read, and is thrown away.
    with_snapshot_entry(
        page,
        """
            const { cache, key } = await snapshotEntry();
            const { default: BUILD } = await import('./web/build-info.js');
            const label = { format: 1, version: BUILD.version, pyodide: '0.0.1' };
            const headers = { 'x-rummy-snapshot': JSON.stringify(label) };
            await cache.put(key, new Response(new Uint8Array(1024), { headers }));
        """,
    )
    page.goto(site_url + PROOF)
    wait_ready(page)
    assert boot_state(page) == ("normal", "stale")
    assert with_snapshot_entry(page, gone)


def test_an_offline_second_visit_restores_and_plays(page, context, site_url):
    first_visit_with_snapshot(page, site_url)
    context.set_offline(True)
    page.goto(site_url + PROOF + "&g=offline")
    wait_ready(page)
    assert boot_state(page) == ("snapshot", "restored")
    play_a_turn(page)


def test_a_new_site_version_does_not_restore_the_old_snapshot(browser, tmp_path):
    """A rebuilt site (new version in sw.js and build-info.js) boots normally after the update,
    and the old version's snapshot is gone with its cache."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "dist", site)
    server, url = build.serve_in_thread(0, directory=site)
    context = browser.new_context()
    try:
        page = context.new_page()
        first_visit_with_snapshot(page, url)
        page.goto(url + PROOF)
        wait_ready(page)
        assert boot_state(page) == ("snapshot", "restored")
        old = page.evaluate("caches.keys()")
        assert len([name for name in old if name.startswith("rummy-snapshot-")]) == 1

        new = "000000000002"
        sw = (site / "sw.js").read_text()
        version = re.search(r'/\*VERSION\*/"([0-9a-f]+)"/\*END\*/', sw).group(1)
        (site / "sw.js").write_text(sw.replace(f'"{version}"', f'"{new}"', 1))
        info = site / "web" / "build-info.js"
        info.write_text(info.read_text().replace(f'"{version}"', f'"{new}"', 1))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        expect(page.locator("#update-banner")).to_be_visible(timeout=60_000)
        with page.expect_navigation(timeout=30_000):
            page.get_by_role("button", name="Reload to update").click()
        wait_ready(page)
        assert page.evaluate("import('./web/build-info.js').then(m => m.default.version)") == new
        assert boot_state(page)[0] == "normal"
        assert f"rummy-snapshot-{version}" not in page.evaluate("caches.keys()")
        expect(page.locator(HAND)).to_have_count(10)
    finally:
        context.close()
        server.shutdown()
