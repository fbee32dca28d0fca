"""How the table feels (issue 13). Arranging the hand in one tap: "123" / "777" put a known
hand into the exact solver's melds, runs or sets first, with the loose cards last and a gap
after each meld; in Rummy 101 before the opening, the same tap stages the groups and the
counter shows the best opening. Sound: the audio context waits for a person's gesture, cues
play on moves, and the setting (off) is kept. Positions are laid out with `deal=` and opened
the way a sent game is opened."""

from __future__ import annotations

import pytest
from fixtures.table_driver import choose_game, expect, hand, new_page, open_app, press, shot, start
from test_table_match import dealt, open_position

import rummy
from rummy import solver


def shown(page) -> list[str]:
    return [code for _, code in hand(page)]


def test_123_and_777_put_the_melds_first_and_the_loose_cards_last(browser, site_url):
    mine = ["9S", "QC", "4H", "QD", "5H", "QS", "6H", "KD", "2C", "7H"]
    g = rummy.new_game("basic", players=2, seed=1, deal=dealt("basic", [mine, []], [10, 10]))
    g.apply({"type": "draw", "source": "stock"})
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    held = shown(page)
    _, melds = solver.min_deadwood(held)
    press(page, "#arrange-runs")
    expect(page.locator("#arrange-runs")).to_have_attribute("aria-pressed", "true")
    runs = [c for m in melds if len({c[0] for c in m}) > 1 for c in m]
    sets = [c for m in melds if len({c[0] for c in m}) == 1 for c in m]
    laid = len(runs) + len(sets)
    assert runs and sets, melds
    assert shown(page)[:laid] == [*runs, *sets]
    assert sorted(shown(page)[laid:]) == sorted(set(held) - set(runs) - set(sets))
    # A gap after each meld: the last card of each group is marked.
    expect(page.locator("#hand .group-end")).to_have_count(len(melds))
    shot(page, "arranged-hand-phone")
    press(page, "#arrange-sets")
    expect(page.locator("#arrange-sets")).to_have_attribute("aria-pressed", "true")
    assert shown(page)[:laid] == [*sets, *runs]
    # Sorting by rank is an arrangement of its own: the groups are no longer marked.
    press(page, "#sort-rank")
    expect(page.locator("#hand .group-end")).to_have_count(0)
    assert page.problems == []


def test_in_rummy_101_one_tap_stages_the_best_opening(browser, site_url):
    rack = ["R10", "R11", "R12", "K13", "B13", "Y13", "B5", "B6", "B7", "B8", "Y1", "K2"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [rack, []], [22, 21]))
    page = new_page(browser, "desktop")
    open_position(page, site_url, g)
    points, melds = solver.best_opening(shown(page))
    press(page, "#arrange-runs")
    expect(page.locator(".staged-group")).to_have_count(len(melds))
    expect(page.locator("#opening-counter")).to_contain_text(f"Opening: {points} / 101 points")
    shot(page, "arranged-opening-desktop")
    assert page.problems == []


# Counts audio contexts made and notes started, wrapping the page's own Web Audio.
COUNT_AUDIO = """
window.__audio = { contexts: 0, notes: 0 };
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__audio.contexts += 1; }
  createOscillator() { window.__audio.notes += 1; return super.createOscillator(); }
};
"""


def audio(page) -> dict:
    return page.evaluate("window.__audio")


def test_sounds_wait_for_a_gesture_play_on_moves_and_the_setting_is_kept(browser, site_url):
    page = new_page(browser, "phone")
    page.add_init_script(COUNT_AUDIO)
    open_app(page, site_url, "?seed=7&speed=instant")
    assert audio(page)["contexts"] == 0, "no audio before a person's gesture"
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    assert audio(page)["contexts"] == 1
    press(page, "#btn-draw")
    page.wait_for_function("() => window.__audio.notes > 0")  # the draw's cue
    # Off in the menu: kept after a reload, and nothing plays.
    press(page, "#menu-btn")
    page.locator("#menu-sound").uncheck()
    press(page, "#menu .btn.primary")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    page.wait_for_selector("#table[data-my-turn=yes]")
    press(page, "#menu-btn")
    expect(page.locator("#menu-sound")).not_to_be_checked()
    press(page, "#menu .btn.primary")
    key = hand(page)[-1][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    assert audio(page) == {"contexts": 0, "notes": 0}
    assert page.problems == []


# The pieces' flights (web/ui/motion.js names them "flight"; CSS's own pulses are not counted).
FLIGHTS = "document.getAnimations().filter(a => a.id === 'flight' && a.playState === 'running')"
RUNNING = f"{FLIGHTS}.length"
SETTLED = f"{FLIGHTS}.length === 0 && !document.querySelector('.flight-ghost')"


# Watches for the next flight; on its first frame taps a card of the hand (it selects it, and
# the table is drawn anew), then reports which pieces flew before and after that render.
QUICK_TAP_WATCH = """() => {
  const flying = () => document.getAnimations()
    .filter((a) => a.id === 'flight' && a.playState === 'running' && a.effect.target.dataset.code)
    .map((a) => a.effect.target);
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  window.__quickTap = null;
  (async () => {
    while (!flying().length) await frame();
    const was = flying();
    const tap = [...document.querySelectorAll('#hand button.in-hand')]
      .find((b) => !was.includes(b));
    tap.click();
    await frame();
    await frame();
    const now = flying();
    window.__quickTap = {
      tapped: tap.dataset.key,
      before: was.map((el) => el.dataset.code).sort(),
      after: now.map((el) => el.dataset.code).sort(),
      replaced: now.every((el) => el.isConnected && !was.includes(el)),
    };
  })();
}"""


def test_pieces_travel_and_the_table_ends_as_the_view(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=normal")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    held = len(hand(page))
    page.evaluate(QUICK_TAP_WATCH)
    press(page, "#btn-draw")
    # The drawn card flies from the stock into the hand.
    page.wait_for_function(f"() => {RUNNING} > 0")
    shot(page, "flight-stock-to-hand-phone", animations="allow")
    # A quick tap on another card while it flies draws the table anew: the card flies on, as
    # a new element, instead of jumping to its place. The tap is made in the page on the
    # flight's first frame, so a slow machine cannot miss the flight.
    page.wait_for_function("() => window.__quickTap", timeout=30_000)
    caught = page.evaluate("window.__quickTap")
    assert caught["before"] and caught["after"] == caught["before"], caught
    assert caught["replaced"], caught
    page.wait_for_function(f"() => {SETTLED}")
    assert len(hand(page)) == held + 1
    assert page.eval_on_selector_all(
        "#hand button", "bs => bs.every(b => !b.getAnimations().length)"
    )
    press(page, f"#hand button[data-key='{caught['tapped']}']")  # unselect it again
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)
    # The discard flies to the pile; then the computer's turn is seen move by move.
    key = hand(page)[0][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    page.wait_for_function(
        f"() => document.querySelector('#table').dataset.myTurn === 'no' && ({RUNNING} > 0"
        " || !!document.querySelector('.flight-ghost'))"
    )
    page.wait_for_selector("#table[data-my-turn=yes]", timeout=30_000)
    page.wait_for_function(f"() => {SETTLED}")
    # Ana's discard stays by her seat until her next turn.
    expect(page.locator(".seat-chip .chip-discard [data-code]")).to_have_count(1)
    # On a phone, what Ana did since this seat's turn is in sight without opening the log.
    expect(page.locator("#since-strip li").first).to_contain_text("Ana")
    shot(page, "since-your-turn-phone")
    assert page.problems == []


@pytest.mark.parametrize("how", ["reduced-motion", "instant"])
def test_nothing_moves_with_reduced_motion_or_at_instant_pace(browser, site_url, how):
    extra = {"reduced_motion": "reduce"} if how == "reduced-motion" else {}
    page = new_page(browser, "desktop", **extra)
    page.add_init_script(
        "window.__flights = 0; const animate = Element.prototype.animate;"
        "Element.prototype.animate = function (...a) { window.__flights++;"
        " return animate.apply(this, a); };"
    )
    speed = "normal" if how == "reduced-motion" else "instant"
    open_app(page, site_url, f"?seed=7&speed={speed}")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    key = hand(page)[0][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]", timeout=30_000)
    assert page.evaluate("window.__flights") == 0
    assert page.problems == []
