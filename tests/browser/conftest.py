"""Browser tests: drive the built site (dist/) in Debian's Chromium with pytest-playwright.

`scripts/test.sh` installs Chromium and builds dist/ first; here dist/ is built only when it is
missing. Deselect these tests with `-m "not browser"`.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above

CHROMIUM = build.CHROMIUM
BOOT_TIMEOUT_MS = 90_000  # a cold Pyodide boot takes 3–10 s on 2 busy cores


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": list(build.CHROMIUM_ARGS),
    }


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed gets, beside its traceback, what each of its pages showed and
    said: its screenshot (screenshots/failed-*.png), the page's state marks and the last lines
    of its journal (`keep_journal`). A timeout that happens once in many runs is read from that."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    from fixtures.table_driver import OPEN_CONTEXTS, SCREENSHOTS

    for c, context in enumerate(OPEN_CONTEXTS):
        for p, page in enumerate(context.pages):
            name = f"failed-{item.name}-{c}-{p}"
            lines = [f"page {c}.{p}: {page.url}"]
            with contextlib.suppress(Exception):  # a closed or crashed page says what it can
                SCREENSHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), timeout=10_000)
                lines.append(f"screenshot: screenshots/{name}.png")
            with contextlib.suppress(Exception):
                marks = page.evaluate("JSON.stringify(document.documentElement.dataset)")
                lines.append(f"<html> marks: {marks}")
            lines.extend(getattr(page, "journal", []))
            report.sections.append((f"page {c}.{p}", "\n".join(lines)))


@pytest.fixture(autouse=True)
def close_test_pages():
    """Close the browser contexts a test opened with `new_page` once it ends (its phones'
    engines and their background snapshot work would otherwise run on beside later tests)."""
    yield
    from fixtures.table_driver import OPEN_CONTEXTS

    while OPEN_CONTEXTS:
        context = OPEN_CONTEXTS.pop()
        with contextlib.suppress(Exception):  # already closed with its browser
            context.close()


@pytest.fixture(scope="session")
def site_url() -> str:
    """dist/ served on 127.0.0.1 on a free port, in a thread, for the whole session."""
    if not (build.DIST / "index.html").is_file():
        build.build(quiet=True)
    server, url = build.serve_in_thread(0)
    yield url
    server.shutdown()


def wait_ready(page, proof: bool = True) -> None:
    """Wait for data-engine="ready" (fail with the page's reason on "error"); on the proof
    table (`?ui=proof`) also for the first hand."""
    page.wait_for_function(
        "() => ['ready', 'error'].includes(document.documentElement.dataset.engine)",
        timeout=BOOT_TIMEOUT_MS,
    )
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        pytest.fail(f"boot failed: {page.inner_text('#boot-error')}")
    if proof:  # the proof deals its first game right after the engine is ready
        page.wait_for_selector("[data-testid=hand] button[data-card]", timeout=BOOT_TIMEOUT_MS)
