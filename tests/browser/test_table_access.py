"""The table for everyone: axe-core finds no moderate, serious or critical violation on the
start screen, the table, the score sheet and the rules page (the link screens are checked in
test_link_play.py); keyboard alone plays a turn; Hebrew lays the page right to left; small and
landscape phones never scroll sideways; reduced motion is respected; other seats' hands never
reach the DOM."""

from __future__ import annotations

import re

import pytest
from fixtures.table_driver import (
    ABOVE_PANEL,
    DEVICES,
    axe_violations,
    choose_game,
    drawn,
    expect,
    hand,
    name_seat,
    new_page,
    open_app,
    play_round,
    press,
    shot,
    start,
    to_your_games,
)
from test_hint_player import WAIT_TURN, play_turn_by_hint


def no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize(
    "device, scheme", [("phone", "light"), ("phone", "dark"), ("desktop", "dark")]
)
def test_axe_finds_nothing_on_every_screen(browser, site_url, device, scheme):
    page = new_page(browser, device, color_scheme=scheme)
    open_app(page, site_url, "?seed=7&speed=instant&max_rebuilds=0")
    assert axe_violations(page) == [], "start screen"
    press(page, "[data-fk=howto]")
    expect(page.locator("#howto")).to_be_visible()
    assert axe_violations(page) == [], "how to play"
    shot(page, f"howto-{device}-{scheme}")
    press(page, "#howto-back")
    choose_game(page, "basic", 2)
    start(page)
    assert axe_violations(page) == [], "table"
    if scheme == "dark":
        shot(page, f"basic-table-{device}-dark")
    play_round(page)
    assert axe_violations(page) == [], "score sheet"


def test_axe_on_the_rummy_101_table(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy101", 3, options={"joker_button": True})
    start(page)
    assert axe_violations(page) == []


def test_a_turn_by_keyboard_alone(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)

    def tab_to(selector: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement?.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#start-game")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-my-turn=yes]")
    tab_to("#btn-draw")
    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    before = len(hand(page))
    tab_to("#hand button.in-hand")
    # The hand is one stop of the Tab key (its cards are a step of the arrow keys apart): the
    # next Tab leaves it, and Shift+Tab comes back to the card the keyboard stood on.
    first = page.evaluate("document.activeElement.dataset.key")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.key")
    assert second != first
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('#hand')"), "Tab stayed in the hand"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.key") == second
    page.keyboard.press("End")
    focused = page.evaluate("document.activeElement.dataset.code")
    page.keyboard.press("Space")
    expect(page.locator(f"#hand button[data-code='{focused}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    # Shift+arrow moves the card within the hand.
    page.keyboard.press("Shift+ArrowLeft")
    expect(page.locator("#hand button.in-hand").nth(before - 2)).to_have_attribute(
        "data-code", focused
    )
    tab_to("#btn-discard")
    page.keyboard.press("Enter")
    # The card left the hand (the computer may already have covered it on the pile).
    expect(page.locator(f"#hand button[data-code='{focused}']")).to_have_count(0)
    assert "discarded" in page.text_content("#log-lines")


def test_a_dialog_keeps_the_keyboard_until_it_closes(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    # Turning a tablet while typing a name draws the start screen anew (the page's layout
    # changes at 900 px wide): the typing goes on where it was, not at the name's start.
    name = page.locator("#seat-name-0")
    name.fill("")
    name.press_sequentially("Dan")
    page.set_viewport_size({"width": 800, "height": 1280})
    drawn(page)
    page.keyboard.type("a!")
    expect(name).to_have_value("Dana!")
    # So does a target score, typed across the turn back ("020" for "200" once: a number
    # field's caret cannot be kept, and went to the start).
    choose_game(page, "basic", 2)
    target = page.locator("[data-fk=opt-target]")
    target.fill("")
    target.press_sequentially("20")
    page.set_viewport_size(DEVICES["desktop"]["viewport"])
    drawn(page)
    page.keyboard.type("0")
    expect(target).to_have_value("200")
    # One key too many ("2005"): the page says what the field takes, by it (the browser's own
    # bubble spoke the browser's language), and the field keeps the focus.
    page.keyboard.type("5")
    press(page, "#start-game")
    expect(page.locator("#opt-target-error")).to_have_text(
        "Target score: a whole number from 10 to 2000."
    )
    expect(target).to_be_focused()
    expect(target).to_have_accessible_description("Target score: a whole number from 10 to 2000.")
    # Said again in the language the person turns to.
    page.select_option("#lang-select", "ro")
    expect(page.locator("#opt-target-error")).to_have_text(
        "Scor țintă: un număr întreg de la 10 la 2000."
    )
    page.select_option("#lang-select", "en")
    drawn(page)  # the screen in English is drawn on the next frame: fill the field it draws
    target = page.locator("[data-fk=opt-target]")
    target.fill("200")
    start(page)
    expect(page.locator(".goal-text")).to_have_text("to 200")
    page.wait_for_selector("#table[data-my-turn=yes]")
    press(page, "#menu-btn")
    expect(page.locator("#menu")).to_be_visible()
    inside = "document.getElementById('menu').contains(document.activeElement)"
    seen = set()
    for key in ["Tab"] * 12 + ["Shift+Tab"] * 12:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the menu"
        seen.add(page.evaluate("document.activeElement.dataset.fk || document.activeElement.id"))
    assert {"menu-close", "menu-howto", "menu-leave"} <= seen
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_have_count(0)
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.closest('[role=dialog]')")
    assert page.problems == []


LONG_NAME = "Bartholomew Wolfeschlegelsteinhausen Jr"
# Whether the first letter of the element's text lies inside the element's box (not cut off).
FIRST_LETTER_SHOWN = """sel => {
  const el = document.querySelector(sel);
  const r = document.createRange(); r.setStart(el.firstChild, 0); r.setEnd(el.firstChild, 1);
  const letter = r.getBoundingClientRect(), box = el.getBoundingClientRect();
  const inside = letter.left >= box.left - 1 && letter.right <= box.right + 1;
  return el.scrollWidth > el.clientWidth && inside;
}"""


# The start screen's seat names that do not show whole in their fields.
NAMES_CUT = """() => [...document.querySelectorAll('#start .seat-name')]
  .filter((f) => f.scrollWidth > f.clientWidth).map((f) => f.value || f.placeholder)"""


def test_hebrew_reads_right_to_left_and_fits_a_small_phone(browser, site_url):
    page = new_page(browser, "phone", viewport={"width": 360, "height": 640})
    open_app(page, site_url, "?seed=7&speed=instant")
    # A person whose phone speaks English picks Hebrew at the foot of the start screen: the
    # seats still under the default names take the Hebrew ones (else the table says "You").
    expect(page.locator("#seat-name-0")).to_have_value("You")
    # Four seats, computer players named in each language: every name shows whole in its field
    # (in Romanian the seat numbers' room went to the level, and "Bogdan" showed as "Bogd").
    choose_game(page, "rummy101", 4, level="expert")
    for lang in ("en", "ro", "he"):
        page.select_option("#lang-select", lang)
        expect(page.locator("#seat-name-1")).not_to_have_value("Ana" if lang == "he" else "")
        assert page.evaluate(NAMES_CUT) == [], lang
    page.select_option("#lang-select", "en")
    page.select_option("#lang-select", "he")
    expect(page.locator("#seat-name-0")).to_have_value("את/ה")
    expect(page.locator("#seat-name-1")).to_have_value("אנה")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        "he",
        "rtl",
    ]
    expect(page.locator("#start-game")).to_have_text("חלוקה")
    assert no_sideways_scroll(page)
    shot(page, "start-phone-he")
    choose_game(page, "rummy101", 2)
    name_seat(page, 1, LONG_NAME)  # a name in another script, too long for its chip
    start(page)
    # The chip cuts the name at its end: its first letters are on screen.
    assert page.evaluate(FIRST_LETTER_SHOWN, ".seat-chip .chip-name")
    expect(page.locator("#btn-meld")).to_have_text("פתיחה")
    label = page.get_attribute("#hand button.in-hand", "aria-label")
    assert any(colour in label for colour in ("אדום", "שחור", "כחול", "צהוב", "ג׳וקר"))
    assert no_sideways_scroll(page)
    shot(page, "rummy101-table-phone-he")
    # Back to English from the menu, mid-game: the table's "You" changes language as well.
    expect(page.locator(".my-name")).to_have_text("את/ה")
    press(page, "#menu-btn")
    page.select_option("#menu-lang", "en")
    press(page, "[data-fk=menu-close]")
    expect(page.locator(".my-name")).to_have_text("You")
    expect(page.locator("#btn-meld")).to_have_text("Lay opening")
    # The game waits in the list; the start screen back in Hebrew says "את/ה" for it there,
    # and so does the table when it is opened again.
    to_your_games(page)
    page.select_option("#lang-select", "he")
    expect(page.locator(".resume .game-names")).to_contain_text("את/ה")
    expect(page.locator(".resume .game-names")).not_to_contain_text("You")
    press(page, ".resume button.primary")
    expect(page.locator(".my-name")).to_have_text("את/ה")


# The piles' cards below the screen's top and above the hand's panel.
PILES_IN_SIGHT = ["#table .pile-stack", True]


def short_phone_at_turn(browser, site_url, variant: str, seed: int, turns: int, check=None):
    """A 360 × 640 phone at four players' table, after `turns` turns played from the Hint
    (`check(page, turn)` at each one's start), at the start of the next."""
    page = new_page(browser, "small")
    open_app(page, site_url, f"?seed={seed}&speed=instant")
    choose_game(page, variant, 4, level="medium")
    start(page)
    for turn in range(1, turns + 1):
        page.wait_for_function(WAIT_TURN, timeout=120_000)
        if check:
            check(page, turn)
        play_turn_by_hint(page, turn)
    page.wait_for_function(WAIT_TURN, timeout=120_000)
    return page


def test_a_language_chosen_in_a_turn_keeps_the_piles_in_sight(browser, site_url):
    # At 360 × 640 with four players the page brings the piles above the hand's panel as a
    # turn begins; Hebrew chosen then from the menu, its longer "since your turn" above them
    # pushed them back under it.
    page = short_phone_at_turn(browser, site_url, "rummy101", 8, 3)
    assert page.evaluate(ABOVE_PANEL, PILES_IN_SIGHT)
    press(page, "#menu-btn")
    page.select_option("#menu-lang", "he")
    press(page, "[data-fk=menu-close]")
    expect(page.locator("#btn-draw")).to_have_text("משיכה")
    assert page.evaluate(ABOVE_PANEL, PILES_IN_SIGHT)
    assert page.problems == []


def test_each_turn_begins_with_the_banner_and_the_piles_in_sight(browser, site_url):
    # Rummy to 200 at 360 × 640: three lines of what the others did between the banner and the
    # piles. The piles were brought above the hand's panel only when they were under it, and a
    # page left scrolled by the turn before cut the banner's top ("Your turn: draw…").
    def in_sight(page, turn):
        assert page.evaluate(ABOVE_PANEL, ["#turn-banner, #table .pile-stack", True]), turn

    page = short_phone_at_turn(browser, site_url, "rummy200", 21, 5, in_sight)
    in_sight(page, 6)
    assert page.problems == []


def test_the_strip_says_how_each_turn_ended_after_a_big_opening(browser, site_url):
    # Rummy 101 at 360 × 640: a computer seat opens with five melds and lays tiles off. Named
    # tile by tile, its line ran past the strip's three lines and cut off the tile it threw,
    # the one this seat may take; the strip counts them (the log names them).
    page = short_phone_at_turn(browser, site_url, "rummy101", 13, 3)
    newest = page.locator("#since-strip li").first
    expect(newest).to_contain_text("discarded")
    assert newest.evaluate("li => li.scrollHeight <= li.clientHeight + 1"), newest.inner_text()
    expect(newest).to_contain_text(re.compile(r"laid \d melds, added \d tiles to melds"))
    assert page.problems == []


# Where each signed number's sign sits on screen against its first digit: "left" as it should,
# "right" for the "22-" a right-to-left page makes of a bare "-22".
SIGN_SIDES = """sel => [...document.querySelectorAll(sel)].flatMap(el => {
  const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
  const sign = text ? text.textContent.search(/[+-]\\d/) : -1;
  if (sign < 0) return [];
  const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
    return r.getBoundingClientRect().left; };
  return [at(sign) < at(sign + 1) ? 'left' : 'right'];
})"""


# Whether a name's closing "!" shows at the name's end in its own direction: after the last
# letter of "Dana!", before (left of) the last letter of "דנה!". The sentence's direction pulls
# an unisolated "!" to the wrong side ("!Dana" in Hebrew, "הנד!" in English).
BANG_AT_NAMES_END = """([sel, name]) => {
  const el = document.querySelector(sel);
  const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
  const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
    return r.getBoundingClientRect(); };
  const i = text.textContent.indexOf(name);
  const bang = at(i + name.length - 1), last = at(i + name.length - 2), first = at(i);
  return /[\u0590-\u05ff]/.test(name)
    ? bang.right <= last.left + 1 && bang.right < first.right
    : bang.left >= last.right - 1 && bang.left > first.left;
}"""


@pytest.mark.parametrize("lang, name", [("he", "Dana!"), ("en", "דנה!")])
def test_hebrew_scores_keep_their_sign_on_the_left(browser, site_url, lang, name):
    # Rummy 101's losers score below zero: in a right-to-left sheet "-22" must not read "22-".
    page = new_page(browser, "phone")
    open_app(page, site_url, f"?lang={lang}&seed=7&speed=instant")
    choose_game(page, "rummy101", 2)
    name_seat(page, 1, name)  # a name with its own punctuation, in the other direction
    start(page)
    play_round(page)
    sides = page.evaluate(SIGN_SIDES, "#round-table .pts, #round-table .total")
    assert "left" in sides and set(sides) == {"left"}, sides
    # "Dana! סיים/ה: +101." and "דנה! finished: +101.": the "!" stays at the name's end.
    assert page.evaluate(BANG_AT_NAMES_END, ["#sheet-headline", name])
    shot(page, f"rummy101-sheet-phone-{lang}")
    # The next round's table: the player's own total in a message ("-202 נק׳").
    press(page, "#next-round")
    expect(page.locator("#score-sheet")).to_have_count(0)
    assert page.evaluate(SIGN_SIDES, ".my-score") == ["left"]  # this deal: -202
    assert page.problems == []


@pytest.mark.parametrize("variant", ["basic", "rummy101"])
def test_landscape_phone_and_small_phone_never_scroll_sideways(browser, site_url, variant):
    for device in ("landscape", "small"):
        page = new_page(browser, device)
        size = DEVICES[device]["viewport"]
        open_app(page, site_url, "?seed=3&speed=instant")
        assert no_sideways_scroll(page)
        choose_game(page, variant, 4)
        start(page)
        assert no_sideways_scroll(page)
        if device == "small":
            # The piles' cards are in sight above the panel (their frames just under its rounded
            # top): the turn's start does not scroll the page, cutting the top bar.
            expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
            page.wait_for_timeout(500)
            assert page.evaluate("scrollY") == 0
            # Narrower still, a folding phone's cover screen: the sort buttons keep to one row
            # (Rummy 101's five took two, the panel 45 px more of the screen), none of them
            # narrower than a fingertip (below).
            page.set_viewport_size({"width": 344, "height": 882})
            assert no_sideways_scroll(page)
            rows = "bs => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size"
            assert page.eval_on_selector_all(".my-head .sort .btn", rows) == 1
        # Every control is a touch target of at least 44 px (cards overlap by design).
        small = page.eval_on_selector_all(
            "#table .btn, #table .pile",
            "els => els.filter(e => { const r = e.getBoundingClientRect();"
            " return r.width < 44 || r.height < 44; }).map(e => e.id || e.className)",
        )
        assert small == []
        if size["height"] < size["width"]:
            # Held sideways the hand is a column that scrolls: its buttons stay in sight at its
            # foot, and the Hint's advice is brought above them when it comes. The advice
            # takes the column's width, its buttons the line under it, as on a phone: beside
            # them it ran to seven lines, and the piece it selected went out of sight above.
            expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
            assert page.evaluate(OUT_OF_SIGHT, "#table .actions .act") == []
            head = page.locator(".my-area > .my-head")
            top = "h => h.getBoundingClientRect().top - h.parentElement.getBoundingClientRect().top"
            head_top = head.evaluate(top)
            press(page, "#btn-hint")
            expect(page.locator("#play-hint")).to_be_visible()
            assert page.evaluate(OUT_OF_SIGHT, "#hint-text, #play-hint, #table .actions .act") == []
            under = "([p, b]) => b.getBoundingClientRect().top >= p.getBoundingClientRect().bottom"
            assert page.locator("#hint-text, #play-hint").evaluate_all(under)
            # Closed, the advice leaves the column as it found it, its head where it was: left
            # scrolled, the column cut the top of its head for the rest of the round.
            press(page, "#close-hint")
            expect(page.locator("#hint-panel")).to_have_count(0)
            assert head.evaluate(top) == pytest.approx(head_top, abs=0.5)
        shot(page, f"{variant}-table-{size['width']}x{size['height']}")
        page.context.close()


def test_the_piles_stay_in_sight_above_the_hand_on_a_tablet(browser, site_url):
    """1024 × 768 (a tablet held sideways, a small laptop) lays the table out wide, with the
    hand's panel pinned at the foot; with the Hint open in it the panel is half the screen,
    and the piles, under the melds, sat behind it."""
    page = new_page(browser, "phone", viewport={"width": 1024, "height": 768})
    open_app(page, site_url, "?seed=6&speed=instant")
    choose_game(page, "rummy101", 2)
    start(page)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
    press(page, "#btn-hint")
    expect(page.locator("#play-hint")).to_be_visible()
    assert page.evaluate(COVERED, "#stock, #discard-pile") == []
    # The panel's buttons take one row there, none of their words cut at its edge.
    tops = page.eval_on_selector_all("#table .actions .act", "bs => bs.map(b => b.offsetTop)")
    assert len(set(tops)) == 1, tops
    assert page.evaluate(OVERFLOWING, "#table .act") == []
    shot(page, "rummy101-table-1024x768-hint")
    assert page.problems == []


def test_six_players_leave_the_piles_in_sight_on_a_small_phone(browser, site_url):
    """At 360 × 640 five others' seats took two rows of three lines each ("Computer" over
    "expert"), and from the second turn on their last discards and the strip of what they did
    since grew them: the turn line and the piles sat behind the hand's panel, and a person
    choosing between the stock and the discard could not see the discard."""
    page = new_page(browser, "small")
    open_app(page, site_url, "?seed=5&speed=instant")
    choose_game(page, "basic", 6)
    start(page)
    table = page.locator("#table")
    expect(table).to_have_attribute("data-my-turn", "yes")
    assert page.evaluate(COVERED, "#table .turn-banner, #stock, #discard-pile") == []
    # Every seat still shows its name whole, its cards and its score.
    assert page.evaluate(OVERFLOWING, "#table .chip-name") == []
    expect(page.locator("#table .seat-chip .chip-score")).to_have_count(5)
    # A turn as a person plays it, and the next: the piles come into sight above the panel.
    press(page, "#btn-draw")
    page.locator("#hand button.in-hand").first.click()
    press(page, "#btn-discard")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    page.wait_for_function(f"() => ({COVERED})('#stock, #discard-pile').length === 0")
    shot(page, "basic-table-360x640-six")
    # The Hint's advice grows the panel over them again: the pile it says to draw from stays.
    press(page, "#btn-hint")
    expect(page.locator("#play-hint")).to_be_visible()
    expect(page.locator("#table .pile.hinted")).to_have_count(1)
    page.wait_for_function(f"() => ({COVERED})('#table .pile.hinted').length === 0")
    assert page.problems == []


# The elements matching a selector whose text runs past their edges.
OVERFLOWING = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.id || e.textContent)"""


# The elements matching a selector that something else covers (or the screen cuts), at their
# middle or just above their lower edge.
COVERED = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
  const r = e.getBoundingClientRect();
  const seen = (y) => e.contains(document.elementFromPoint(r.x + r.width / 2, y));
  return !seen(r.y + r.height / 2) || !seen(r.bottom - 3);
}).map((e) => e.id)"""

# The elements matching a selector that the screen does not show whole: outside the window, or
# (the hand's column scrolled) outside the hand's column or under the buttons at its foot.
OUT_OF_SIGHT = """(selector) => {
  const bar = document.querySelector('#table .actions').getBoundingClientRect();
  return [...document.querySelectorAll(selector)].filter((e) => {
    const r = e.getBoundingClientRect();
    const area = e.closest('.my-area').getBoundingClientRect();
    const floor = Math.min(innerHeight, e.closest('.actions') ? area.bottom : bar.top);
    return r.top < Math.max(0, area.top) - 1 || r.bottom > floor + 1;
  }).map((e) => e.id || e.textContent);
}"""


def test_pieces_are_named_for_screen_readers_and_other_hands_stay_secret(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 4)
    start(page)
    labels = page.eval_on_selector_all(
        "#hand button.in-hand", "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert all(" of " in label for label in labels)
    assert any(s in " ".join(labels) for s in ("hearts", "spades", "clubs", "diamonds"))
    # The only codes in the page are the viewer's hand, the table's melds and the discards.
    outside = page.eval_on_selector_all(
        "[data-code]",
        "els => els.filter(e => !e.closest("
        "'#hand, .melds, #discard-pile, .chip-discard, .my-discard')).map(e => e.dataset.code)",
    )
    assert outside == []
    assert page.locator(".seat-chip [data-code]").count() == 0


def test_reduced_motion_turns_animation_off(browser, site_url):
    page = new_page(browser, "phone", reduced_motion="reduce")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector(".turn-banner.mine")
    assert (
        page.eval_on_selector(".turn-banner.mine .dot", "e => getComputedStyle(e).animationName")
        == "none"
    )
