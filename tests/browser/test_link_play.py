"""Play by link between two devices (two browser contexts): device A plays a turn of a
two-person game and sends it on as a link; device B opens the link, passes the hand-off screen
and plays its turn. A tampered link is refused with a readable reason, and the games kept on
the device stay as they were."""

from __future__ import annotations

from fixtures.table_driver import (
    BOOT_TIMEOUT_MS,
    choose_game,
    expect,
    hand,
    new_page,
    open_app,
    press,
    start,
)

import rummy


def play_a_turn(page) -> None:
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    key = hand(page)[-1][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")


def wait_engine(page) -> None:
    page.wait_for_function(
        "document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS
    )


def test_a_game_travels_by_link_to_another_device(browser, site_url):
    a = new_page(browser, "desktop")
    open_app(a, site_url, "?seed=5&speed=instant")
    names = choose_game(a, "basic", 2, bots=False)
    start(a)
    play_a_turn(a)
    panel = a.locator("#send-game")
    expect(panel).to_be_visible()
    message = f"Your turn in Classic Rummy — {names[0]} played"
    expect(a.locator("#send-game-text")).to_have_text(message)
    url = a.input_value("#link-url")
    assert url.startswith(site_url.rstrip("/")) and "#g=" in url and "?" not in url
    assert panel.get_attribute("data-link") == url

    b = new_page(browser, "phone")
    b.goto(url)
    wait_engine(b)
    dialog = b.locator("#handoff")
    expect(dialog).to_contain_text(f"Whose turn: {names[1]}")
    expect(dialog).to_contain_text(f"Are you {names[1]}?")
    expect(b.locator("#hand button.in-hand")).to_have_count(0)  # nothing shows before the yes
    press(b, "#handoff-yes")
    expect(b.locator("#table")).to_have_attribute("data-my-turn", "yes")
    expect(b.locator("#table")).to_have_attribute("data-viewer", "1")
    assert len(hand(b)) == 10
    play_a_turn(b)
    expect(b.locator("#send-game-text")).to_contain_text(f"{names[1]} played")
    # The opened game is kept among the games in progress on device B.
    b.wait_for_timeout(1000)
    b.goto(url.split("#")[0])
    wait_engine(b)
    expect(b.locator(".resume")).to_contain_text("Classic Rummy")
    assert a.problems == [] and b.problems == []


def test_a_tampered_link_is_refused_and_nothing_stored_changes(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    page.wait_for_timeout(1000)  # the autosave
    stored = "JSON.stringify(Object.entries(localStorage).sort())"
    before = page.evaluate(stored)

    link = rummy.new_game("basic", 2, seed=3).to_link()
    i = len(link) // 2
    bad = link[:i] + ("A" if link[i] != "A" else "B") + link[i + 1 :]
    page.goto(site_url + "#g=" + bad)
    page.reload()
    wait_engine(page)
    expect(page.locator("#start .msg.error")).to_contain_text("This link is damaged")
    assert page.evaluate("document.documentElement.dataset.screen") == "start"
    expect(page.locator(".resume")).to_contain_text("Classic Rummy")
    assert page.evaluate(stored) == before
    assert page.problems == []
