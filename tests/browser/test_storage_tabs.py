"""The same device in two tabs (web/storage.js): two tabs saving different games keep both;
the same game played on in two tabs is refused in words, not lost or crashed; a damaged
index opens with a notice."""

from __future__ import annotations

from fixtures.table_driver import (
    DEVICES,
    choose_game,
    drawn,
    expect,
    hand,
    make_a_move,
    open_app,
    press,
    start,
    to_your_games,
    wait_saved,
)

CONFLICT = (
    "This game was played on in another tab or window. Reload to continue from the latest save."
)


def tabs(browser, n: int = 2):
    """`n` pages in one browser context: one localStorage, like tabs of one browser."""
    context = browser.new_context(**DEVICES["desktop"])
    pages = []
    for _ in range(n):
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error, out=problems: out.append(str(error)))
        page.problems = problems
        pages.append(page)
    return pages


def discard_last(page) -> None:
    key = hand(page)[-1][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")  # the computer played
    wait_saved(page)


def test_two_tabs_saving_different_games_keep_both(browser, site_url):
    one, two = tabs(browser)
    open_app(one, site_url, "?seed=7&speed=instant")
    open_app(two, site_url, "?seed=7&speed=instant")
    # In tab 1 a person is typing a target score while the other tab saves a game.
    target = one.locator("[data-fk='opt-target']")
    target.fill("")
    target.press_sequentially("2")
    one.evaluate("addEventListener('storage', () => { window.heardSave = true; }, { once: true })")
    choose_game(two, "rummy101", 2)
    start(two)
    make_a_move(two)
    one.wait_for_function("() => window.heardSave")
    drawn(one)
    one.keyboard.type("00")  # the typing goes on where it was, not at the field's start
    expect(target).to_have_value("200")
    # Once the person leaves the field, tab 1's start screen lists the other tab's game.
    one.keyboard.press("Tab")
    expect(one.locator(".resume .game-item")).to_have_count(1)
    expect(one.locator(".resume")).to_contain_text("Rummy 101")
    choose_game(one, "basic", 2)
    start(one)
    make_a_move(one)
    # Tab 2 saves again after tab 1's save: tab 1's game must survive it, and the reverse.
    make_a_move(two)
    discard_last(one)
    one.reload()  # back to the table, from storage; then to the list of games
    one.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    expect(one.locator("#table")).to_be_visible()
    to_your_games(one)
    games = one.locator(".resume .game-item")
    expect(games).to_have_count(2)
    expect(one.locator(".resume")).to_contain_text("Classic Rummy")
    expect(one.locator(".resume")).to_contain_text("Rummy 101")
    assert one.problems == [] and two.problems == []


def test_the_same_game_in_two_tabs_is_refused_in_words(browser, site_url):
    one, two = tabs(browser)
    open_app(one, site_url, "?seed=7&speed=instant")
    choose_game(one, "basic", 2)
    start(one)
    make_a_move(one)
    # Tab 2 continues the same game and plays on it.
    open_app(two, site_url, "?seed=7&speed=instant")
    expect(two.locator(".resume .game-item")).to_have_count(1)
    press(two, ".resume button")
    expect(two.locator("#table")).to_have_attribute("data-phase", "play")
    discard_last(two)
    # Tab 1, on the table, says so at once.
    expect(one.locator("#table .msg.error")).to_contain_text(CONFLICT)
    # Tab 1 plays on its older copy anyway: its save is refused, and leaving keeps tab 2's game.
    discard_last(one)
    press(one, "#menu-btn")
    press(one, "#menu-leave")
    expect(one.locator("#storage-notices")).to_contain_text(CONFLICT)
    expect(one.locator(".resume .game-item")).to_have_count(1)
    two.reload()
    two.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    expect(two.locator("#table")).to_be_visible()
    to_your_games(two)
    expect(two.locator(".resume .game-item")).to_have_count(1)
    assert one.problems == [] and two.problems == []


def test_a_damaged_index_opens_with_a_notice(browser, site_url):
    (page,) = tabs(browser, 1)
    open_app(page, site_url, "?seed=7&speed=instant")
    page.evaluate("localStorage.setItem('rummy.store.root', '{\"schema\": 1, \"rev\": ')")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    notice = page.locator("#storage-notices")
    expect(notice).to_contain_text("could not be read and was set aside")
    # The start screen works as usual: a game can be dealt.
    choose_game(page, "basic", 2)
    start(page)
    assert page.problems == []


def test_a_full_storage_is_said_on_the_table_and_play_goes_on(browser, site_url):
    (page,) = tabs(browser, 1)
    # The browser's quota, on demand: every write throws as a full localStorage does.
    page.add_init_script(
        """(() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (window.__full) throw new DOMException('full', 'QuotaExceededError');
          return setItem.call(this, key, value);
        };
      })()"""
    )
    open_app(page, site_url, "?seed=4&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    page.evaluate("window.__full = true")
    press(page, "#btn-draw")
    expect(page.locator(".msg.error[data-msg=status]")).to_contain_text(
        "Storage on this device is full"
    )
    # The game goes on; once there is room again, the next save goes through.
    page.evaluate("window.__full = false")
    key, _ = hand(page)[0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    expect(page.locator(".msg.error")).to_have_count(0)
    wait_saved(page)
    saved = page.evaluate("Object.keys(localStorage).filter((k) => k.includes('.game.')).length")
    assert saved == 1
    assert page.problems == []
