"""How the table feels (issue 13). Arranging the hand in one tap: "123" / "777" put a known
hand into the exact solver's melds, runs or sets first, with the loose cards last and a gap
after each meld; in Rummy 101 before the opening, the same tap stages the groups and the
counter shows the best opening. Sound: the audio context waits for a person's gesture, cues
play on moves, and the setting (off) is kept. Positions are laid out with `deal=` and opened
the way a sent game is opened."""

from __future__ import annotations

import pytest
from fixtures.table_driver import (
    choose_game,
    expect,
    hand,
    name_seat,
    new_page,
    open_app,
    press,
    shot,
    start,
)
from test_hint_player import play_turn_by_hint
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


@pytest.mark.parametrize("device", ["desktop", "small"])
def test_in_rummy_101_one_tap_stages_the_best_opening(browser, site_url, device):
    rack = ["R10", "R11", "R12", "K13", "B13", "Y13", "B5", "B6", "B7", "B8", "Y1", "K2"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [rack, []], [22, 21]))
    page = new_page(browser, device)
    open_position(page, site_url, g)
    points, melds = solver.best_opening(shown(page))
    press(page, "#arrange-runs")
    expect(page.locator(".staged-group")).to_have_count(len(melds))
    counter = page.locator("#opening-counter")
    expect(counter).to_contain_text(f"Opening: {points} / 101 points")
    # On one line, a small phone's too: a second one grew the panel while tiles were staged.
    spans = counter.evaluate("c => [...c.children].map((s) => s.getBoundingClientRect().top)")
    assert len(set(spans)) == 1, spans
    shot(page, f"arranged-opening-{device}")
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
# the table is drawn again), then reports which pieces flew before and after that render, and
# whether the tapped card shows it is selected (the render happened).
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
      onScreen: now.every((el) => el.isConnected),
      selected: document.querySelector(`#hand button[data-key="${tap.dataset.key}"]`)
        ?.getAttribute('aria-pressed') === 'true',
    };
  })();
}"""


# The action marked as the one to press now (gold).
MAIN_ACTION = "#table .act.primary"


def test_pieces_travel_and_the_table_ends_as_the_view(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=normal")
    choose_game(page, "basic", 2)
    name_seat(page, 1, "Anastasia Petrescu")  # a line about her is longer than a phone is wide
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    held = len(hand(page))
    page.evaluate(QUICK_TAP_WATCH)
    press(page, "#btn-draw")
    # The drawn card flies from the stock into the hand.
    page.wait_for_function(f"() => {RUNNING} > 0")
    shot(page, "flight-stock-to-hand-phone", animations="allow")
    # A quick tap on another card while it flies draws the table again: the card flies on
    # instead of jumping to its place. The tap is made in the page on the flight's first
    # frame, so a slow machine cannot miss the flight.
    page.wait_for_function("() => window.__quickTap", timeout=30_000)
    caught = page.evaluate("window.__quickTap")
    assert caught["before"] and caught["after"] == caught["before"], caught
    assert caught["onScreen"] and caught["selected"], caught
    page.wait_for_function(f"() => {SETTLED}")
    assert len(hand(page)) == held + 1
    assert page.eval_on_selector_all(
        "#hand button", "bs => bs.every(b => !b.getAnimations().length)"
    )
    press(page, f"#hand button[data-key='{caught['tapped']}']")  # unselect it again
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)
    # With nothing selected no button is the one to press (Meld cannot be, dimmed); a card
    # selected makes Discard the one.
    assert page.eval_on_selector_all(MAIN_ACTION, "bs => bs.map(b => b.id)") == []
    # The discard flies to the pile; then the computer's turn is seen move by move. Neither
    # the dimmed Discard's reason nor selecting the card moves a card under the thumb: what
    # comes and goes with a press opens above the hand, growing the panel upwards (below it,
    # each lifted the hand by its height).
    key = hand(page)[0][0]
    last_top = "() => document.querySelector('#hand > :last-child').getBoundingClientRect().top"
    before = page.evaluate(last_top)
    press(page, "#btn-discard", dimmed=True)
    expect(page.locator(".my-area .msg.info")).to_have_text("Select exactly one card to discard.")
    assert abs(page.evaluate(last_top) - before) <= 1
    press(page, f"#hand button[data-key='{key}']")
    expect(page.locator("#clear-selection")).to_be_visible()
    page.wait_for_function(f"() => {SETTLED}")
    assert abs(page.evaluate(last_top) - before) <= 1  # (sub-pixel rounding)
    expect(page.locator(MAIN_ACTION)).to_have_attribute("id", "btn-discard")
    press(page, "#btn-discard")
    page.wait_for_function(
        f"() => document.querySelector('#table').dataset.myTurn === 'no' && ({RUNNING} > 0"
        " || !!document.querySelector('.flight-ghost'))"
    )
    # Ana's turn marks none of this seat's buttons as the one to press.
    assert page.eval_on_selector_all(MAIN_ACTION, "bs => bs.map(b => b.id)") == []
    page.wait_for_selector("#table[data-my-turn=yes]", timeout=30_000)
    page.wait_for_function(f"() => {SETTLED}")
    # Ana's discard stays by her seat until her next turn.
    expect(page.locator(".seat-chip .chip-discard [data-code]")).to_have_count(1)
    # On a phone, what Ana did since this seat's turn is in sight without opening the log.
    newest = page.locator("#since-strip li").first
    expect(newest).to_contain_text("Ana")
    # Whole, to its last words: what Ana threw is what this seat may take now.
    expect(newest).to_contain_text("discarded")
    assert newest.evaluate("li => li.scrollWidth <= li.clientWidth + 1"), newest.inner_text()
    assert newest.evaluate("li => li.scrollHeight <= li.clientHeight + 1"), newest.inner_text()
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
    # Nor does the drawn card drop into the hand (CSS's arrival, on the card marked new).
    assert page.eval_on_selector_all(
        "#hand .fresh", "els => els.length === 1 && els.every(e => !e.getAnimations().length)"
    )
    key = hand(page)[0][0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]", timeout=30_000)
    assert page.evaluate("window.__flights") == 0
    assert page.problems == []


# Every piece of this seat's hand that flies while another player plays (by its code).
HAND_FLIGHTS_WATCH = """
window.__handFlights = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const theirs = document.querySelector('#table')?.dataset.myTurn === 'no';
  if (options?.id === 'flight' && theirs && this.closest('#hand')) {
    window.__handFlights.push(this.dataset.code);
  }
  return animate.call(this, keyframes, options);
};
"""


def test_a_tile_laid_by_another_player_leaves_its_twin_in_the_rack_still(browser, site_url):
    # Rummy 101 has two of each tile. Ana opens with black 11, blue 11 and yellow 6, and this
    # rack holds the other three: they flew out of the rack to her melds, and hers from her
    # seat into the rack (pieces were told apart by document order alone, the melds first).
    page = new_page(browser, "phone")
    page.add_init_script(HAND_FLIGHTS_WATCH)
    open_app(page, site_url, "?seed=9&speed=fast")
    choose_game(page, "rummy101", 2, level="hard")
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    play_turn_by_hint(page, 1)
    page.wait_for_selector("#table[data-my-turn=yes]", timeout=60_000)
    page.wait_for_function(f"() => {SETTLED}")
    codes = "els => els.map(e => e.dataset.code)"
    laid = set(page.eval_on_selector_all("[data-meld] [data-code]", codes))
    assert laid & set(page.eval_on_selector_all("#hand [data-code]", codes)), laid
    assert page.evaluate("window.__handFlights") == []
    assert page.problems == []


# motion.js on a table of its own: a seat (1), the stock, the pile holding blue 13, and this
# rack (seat 0) holding the other blue 13. `move` changes it as a render would for the log's
# `events` ("taken": the pile's tile gone; "drawn": a new blue 13 before the rack's own; else
# nothing). Returns where the ghost flying to another seat starts and what it looks like, and
# which of the rack's pieces flew.
TWINS = """async ([events, move]) => {
  const { createMotion } = await import('./web/ui/motion.js');
  const put = (parent, attrs, left, top, width = 40, height = 60) => {
    const el = document.createElement('div');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    Object.assign(el.style, { position: 'absolute', margin: '0', left: `${left}px`, top: `${top}px`,
      width: `${width}px`, height: `${height}px` });
    parent.prepend(el);
    return el;
  };
  for (const old of document.querySelectorAll('[data-twins], .flight-ghost')) old.remove();
  const root = put(document.body, { 'data-twins': '' }, 0, 0, 800, 600);
  root.style.position = 'fixed';
  const table = put(root, { id: 'table' }, 0, 0, 800, 600);
  put(table, { id: 'hand' }, 0, 400, 300);
  put(table, { id: 'discard-pile' }, 200, 100);
  const stock = put(table, { id: 'stock' }, 0, 100, 240, 140);
  const stack = put(stock, { class: 'pile-stack' }, 0, 0, 80, 60);
  put(stack, { class: 'back tile-back' }, 10, 5, 32, 44);
  put(table, { class: 'seat-chip', 'data-seat': '1' }, 0, 0);
  put(table.querySelector('#discard-pile'), { 'data-code': 'B13' }, 0, 0);
  put(table.querySelector('#hand'), { 'data-code': 'B13', 'data-was': 'yes' }, 100, 0);
  const motion = createMotion({ root, duration: () => 400, enabled: () => true });
  motion.capture();
  if (move === 'taken') table.querySelector('#discard-pile > div').remove();
  if (move === 'drawn') put(table.querySelector('#hand'), { 'data-code': 'B13' }, 60, 0);
  motion.play({ log: events }, 0);
  const ghost = document.querySelector('.flight-ghost');
  const flew = [...table.querySelectorAll('#hand > div')].filter((e) => e.getAnimations().length);
  const start = ghost && [ghost.style.left, ghost.style.top];
  const looks = ghost && [...ghost.classList].filter((c) => c !== 'flight-ghost');
  return { ghost: start, looks, flew: flew.map((e) => e.dataset.was ?? 'new') };
}"""


def test_a_piece_flies_from_where_it_came_from_a_twin_in_the_rack_or_the_stock(browser, site_url):
    # Another player takes blue 13 from the pile: it flies to them from the pile, not from its
    # twin in this rack (which came last in the document).
    page = new_page(browser, "desktop")
    open_app(page, site_url)
    taken = [{"type": "draw", "seat": 1, "source": "discard", "tile": "B13"}]
    flight = page.evaluate(TWINS, [taken, "taken"])
    assert (flight["ghost"], flight["flew"]) == (["200px", "100px"], [])
    # This seat draws the other blue 13 from the stock, sorted before its twin: the new tile
    # flies in, and the one already in the rack stays still.
    drawn = [{"type": "draw", "seat": 0, "source": "stock"}]
    assert page.evaluate(TWINS, [drawn, "drawn"])["flew"] == ["new"]
    # Another player draws from the stock: a tile's back leaves the stack's top, not a slab
    # the size of the stock's whole button (its frame and count) from the button's corner.
    hidden = [{"type": "draw", "seat": 1, "source": "stock"}]
    flight = page.evaluate(TWINS, [hidden, "none"])
    assert flight["ghost"] == ["10px", "105px"], flight
    assert "tile-back" in flight["looks"], flight
    assert page.problems == []


MORPH_CHECK = """async () => {
  const { h, morph, mount } = await import('./web/ui/dom.js');
  const box = document.createElement('div');
  document.body.appendChild(box);
  const calls = [];
  const draw = (n, order, tag) => [
    h('p', { class: 'note', text: `round ${n}`, title: n === 1 ? 'old' : null }),
    h('div', { id: 'row', style: { '--count': String(order.length) } },
      order.map((c) =>
        h('button', { 'data-code': c, onclick: () => calls.push(`${tag}:${c}`), text: c }))),
    h('input', { id: 'name', value: `name ${n}` }),
    n === 1 ? h('span', { class: 'gone' }) : null,
  ];
  morph(box, ...draw(1, ['A', 'B', 'C'], 'one'));
  const before = Object.fromEntries(
    [...box.querySelectorAll('[data-code]')].map((b) => [b.dataset.code, b]));
  const row = box.querySelector('#row');
  box.querySelector('#name').value = 'typed';
  morph(box, ...draw(2, ['C', 'A', 'D', 'E'], 'two'));
  for (const b of box.querySelectorAll('[data-code]')) b.click();
  const got = box.innerHTML;
  const fresh = document.createElement('div');
  document.body.appendChild(fresh);
  mount(fresh, ...draw(2, ['C', 'A', 'D', 'E'], 'three'));
  return {
    keptC: box.querySelector('[data-code=C]') === before.C,
    keptA: box.querySelector('[data-code=A]') === before.A,
    keptRow: box.querySelector('#row') === row,
    order: [...box.querySelectorAll('[data-code]')].map((b) => b.dataset.code),
    calls,
    count: getComputedStyle(box.querySelector('#row')).getPropertyValue('--count').trim(),
    name: box.querySelector('#name').value,
    title: box.querySelector('.note').hasAttribute('title'),
    gone: box.querySelectorAll('.gone').length,
    same: got === fresh.innerHTML,
  };
}"""


KEEP_CHECK = """async () => {
  const { h, keep, morph } = await import('./web/ui/dom.js');
  const box = document.createElement('div');
  document.body.appendChild(box);
  let draws = 0;
  const part = (sig) => keep('part', sig, () => {
    draws += 1;
    return h('span', { class: 'part', text: sig });
  });
  const screen = (sig, wrap) => h('div', { class: wrap }, part(sig));
  morph(box, screen('one', 'a'));
  const first = box.querySelector('.part');
  morph(box, screen('one', 'a'));  // same: the very element, not drawn again
  const same = box.querySelector('.part') === first && draws === 1;
  morph(box, screen('one', 'b'));  // its holder is new: the part moves into it, still not drawn
  const moved = box.querySelector('.b > .part') === first && draws === 1
    && box.querySelectorAll('.part').length === 1;
  morph(box, screen('two', 'b'));  // what it shows changed: drawn again
  const redrawn = box.querySelector('.part').textContent === 'two' && draws === 2;
  // Drawn once without `keep` (a meld with a message under it), then kept again: the
  // message goes (it once stayed, the kept part being the element the message was put into).
  morph(box, h('div', { class: 'b' }, h('span', { class: 'part' }, 'two', h('em', { text: '!' }))));
  morph(box, screen('two', 'b'));
  const noted = !box.querySelector('em') && draws === 3;
  return { same, moved, redrawn, noted, html: box.innerHTML };
}"""


def test_a_render_keeps_what_stays_and_ends_as_a_fresh_drawing(browser, site_url):
    """dom.js morph, which draws the table on every move: kept pieces keep their element (so
    only what changed is laid out again), and the result is what a fresh drawing makes: new
    listeners only, inline style through the CSSOM (the page's CSP ignores a style attribute
    set as text), form values as drawn, leftovers removed. And `keep`: a part whose looks did
    not change is the same element, not drawn again, even when its holder is new."""
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    kept = page.evaluate(KEEP_CHECK)
    assert kept == {
        "same": True,
        "moved": True,
        "redrawn": True,
        "noted": True,
        "html": '<div class="b"><span class="part">two</span></div>',
    }
    got = page.evaluate(MORPH_CHECK)
    assert got.pop("same"), got
    assert got == {
        "keptC": True,
        "keptA": True,
        "keptRow": True,
        "order": ["C", "A", "D", "E"],
        "calls": ["two:C", "two:A", "two:D", "two:E"],
        "count": "4",
        "name": "name 2",
        "title": False,
        "gone": 0,
    }
