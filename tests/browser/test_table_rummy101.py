"""Rummy 101 (RULES.md §3) through the table UI: a whole round against computer players on a
phone and a desktop; the rack of 22 tiles fits a phone; an opening is staged meld by meld,
each group judged by the engine as it is made (a junk group is marked and counts nothing), with
a live counter; a short opening is explained before the press, and nothing is lost."""

from __future__ import annotations

import itertools
import re

import pytest
from fixtures.table_driver import (
    HEAD_ON_ONE_ROW,
    choose_game,
    expect,
    hand,
    new_page,
    open_app,
    play_my_turn,
    play_round,
    play_whole_round,
    press,
    press_and_wait,
    select_codes,
    sheet_rows,
    shot,
    start,
)
from test_hint_player import STEP_DONE, answered
from test_table_match import dealt, open_position

import rummy
from rummy import melds, solver

REFUSAL = "#table [role=alert]"


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_whole_round_of_rummy_101(browser, site_url, device):
    page = play_whole_round(browser, site_url, "rummy101", 2, device)
    headline = page.inner_text("#sheet-headline")
    rows = sheet_rows(page)
    assert len(rows) == 2
    assert all(r["total"] == r["points"] for r in rows)
    reasons = {
        "had not opened",
        "finished",
        "finished with a joker",
        "finished in one turn",
        "one turn, joker finish",
    }
    for r in rows:
        assert r["why"] in reasons or r["why"].startswith(("hand worth", "opened with pairs"))
        if r["why"] == "had not opened":
            assert r["points"] in (-202, -404, -808)
    if "stock ran out" not in headline:
        (winner,) = [r for r in rows if r["points"] > 0]
        assert winner["left"] == 0 and winner["name"] in headline
    assert "of 5" in page.inner_text(".topbar")
    assert page.problems == []


def test_the_rack_of_22_tiles_fits_a_phone_in_two_rows(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy101", 2)
    start(page)
    assert len(hand(page)) == 22  # the starting seat (you) holds 22 and plays without drawing
    tops = page.eval_on_selector_all("#hand .tile", "ts => ts.map(t => t.getBoundingClientRect())")
    assert len({round(r["top"]) for r in tops}) == 2
    assert all(r["left"] >= 0 and r["right"] <= 390 and r["width"] >= 30 for r in tops)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A keyboard goes up and down between the rows, to the tile above or below.
    page.focus("#hand .tile:nth-child(3)")
    where = "(({ top, left }) => [top, left])(document.activeElement.getBoundingClientRect())"
    top, left = page.evaluate(where)
    page.keyboard.press("ArrowDown")
    below = page.evaluate(where)
    assert below[0] > top and abs(below[1] - left) < 5, (top, left, below)
    page.keyboard.press("ArrowUp")
    assert page.evaluate(where) == [top, left]
    # A tile of the second row, selected, rises with its gold ring (3 px) clear of the colour's
    # shape at the foot of the tile above it (lifted 12 px, it covered it).
    press(page, "#hand .tile:nth-child(14)")
    expect(page.locator("#hand .tile:nth-child(14)")).to_have_class(re.compile("selected"))
    page.wait_for_timeout(200)  # its rise eases in over 0.12 s
    ring_top, shape_bottom = page.evaluate(
        """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
        return [box('#hand .tile:nth-child(14)').top - 3,
            box('#hand .tile:nth-child(3) .mark').bottom]; }"""
    )
    assert ring_top >= shape_bottom, (ring_top, shape_bottom)
    press(page, "#hand .tile:nth-child(14)")
    # The tile just drawn wears a gold dot that hides neither its number nor its colour's
    # shape (the shape is what tells the colours apart to a player who cannot see them).
    play_my_turn(page, {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0})
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-draw")
    drawn = page.locator("#hand .tile.drawn")
    expect(drawn).to_have_count(1)
    face = drawn.evaluate(DOT_AND_FACE)
    assert face["parts"], "the drawn tile has a number and a shape"
    for part in face["parts"]:
        assert not meets(face["dot"], part), f"the gold dot covers the tile's {part['what']}"
    assert page.problems == []


# Where the "just drawn" dot (the tile's ::after) and the tile's number and shape are on screen.
DOT_AND_FACE = """t => {
  const dot = getComputedStyle(t, '::after');
  const r = t.getBoundingClientRect();
  const left = r.left + t.clientLeft + parseFloat(dot.left);
  const top = r.top + t.clientTop + parseFloat(dot.top);
  const box = (e, what) => { const b = e.getBoundingClientRect();
    return { what, left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
  return {
    dot: { left, top, right: left + parseFloat(dot.width), bottom: top + parseFloat(dot.height) },
    parts: [...t.querySelectorAll('.num, .mark')].map((e) => box(e, e.classList[0])),
  };
}"""


def meets(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def junk_group(codes: list[str]) -> list[str]:
    """Three tiles of the rack that make no run and no set (the rules' own check says so)."""
    tiles = sorted({c for c in codes if c != "JK"})
    for trio in itertools.combinations(tiles, 3):
        try:
            melds.check_tiles(list(trio))
        except rummy.IllegalMove:
            return list(trio)
    raise AssertionError("every three tiles make a meld")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_an_opening_is_staged_judged_and_counted(browser, site_url, device):
    page = new_page(browser, device)
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy101", 2)
    start(page)
    codes = [c for _, c in hand(page)]
    # A screen reader hears tiles, not cards, at this table.
    expect(page.locator("#hand")).to_have_attribute("aria-label", "Your hand, 22 tiles")
    expect(page.get_by_label("Ana: 21 tiles, 0 points")).to_have_count(1)
    _, best = solver.best_opening(codes)
    meld = min(best, key=len)  # one meld is far below 101
    # What must stay put: a desktop's panel, a phone's rack.
    still = ".my-area" if device == "desktop" else "#hand"
    top = f"document.querySelector('{still}').getBoundingClientRect().top"
    before = page.evaluate(top)
    select_codes(page, list(meld))
    # "Clear selection" comes with the first tile selected: a desktop has room for it in the
    # panel's head (the panel does not grow over the melds); a phone's panel grows upwards
    # for it, and the rack stays under the thumb.
    expect(page.locator("#clear-selection")).to_be_visible()
    assert page.evaluate(top) == before, still
    press(page, "#btn-stage")
    if page.locator("#choose").count():
        press(page, "#choose button.primary")
    group = page.locator(".staged-group").first
    expect(group).to_have_attribute("data-valid", "true")
    value = sum(int(c.split("=")[-1][1:]) for c in meld)
    expect(group).to_contain_text(f"{value} points")
    # Its × to take it back sits beside its note, not on a row of its own.
    beside = "g => g.querySelector('button').getBoundingClientRect().top"
    beside += " < g.querySelector('.staged-note').getBoundingClientRect().bottom"
    assert group.evaluate(beside)
    expect(page.locator("#opening-counter")).to_contain_text(f"Opening: {value} / 101 points")
    # Short of the opening, "Lay opening" is not the main action and says why before the press.
    expect(page.locator("#btn-meld")).to_have_attribute("aria-disabled", "true")
    assert "primary" not in (page.get_attribute("#btn-meld", "class") or "")
    press(page, "#btn-meld", dimmed=True)
    expect(page.locator(".msg.info")).to_contain_text(f"count {value} of 101 points")
    # A group that is not a meld is marked at once, in words, and counts nothing.
    junk = junk_group([c for c in codes if c not in meld])
    select_codes(page, junk)
    press(page, "#btn-stage")
    bad = page.locator(".staged-group.invalid")
    expect(bad).to_have_count(1)
    expect(bad).to_contain_text("are not a run or a set")
    assert not re.search(r"\b[RKBY]\d", bad.inner_text()), "names, not engine codes"
    expect(page.locator("#opening-counter")).to_contain_text(f"Opening: {value} / 101 points")
    shot(page, f"rummy101-invalid-group-{device}")
    press(page, "#btn-meld", dimmed=True)
    expect(page.locator(".msg.info")).to_contain_text("not a meld")
    assert page.locator(REFUSAL).count() == 0 and len(hand(page)) == 22
    # A tap on a dimmed button explains itself instead of doing nothing.
    expect(page.locator("#btn-discard")).to_have_attribute("aria-disabled", "true")
    press(page, "#btn-discard", dimmed=True)
    expect(page.locator(".msg.info")).to_have_text("Select exactly one tile to discard.")
    # Taking the groups back returns their tiles to play.
    press(page, ".staged-group.invalid button")
    press(page, ".staged-group button")
    expect(page.locator(".staged-group")).to_have_count(0)
    expect(page.locator("#hand button.in-hand[disabled]")).to_have_count(0)
    assert page.problems == []


def test_the_joker_button_draws_on_the_account_kept_on_this_device(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=5&speed=instant")
    choose_game(page, "rummy101", 2, options={"joker_button": True, "rounds": 1})
    expect(page.locator("#account")).to_have_text("Your account on this device: 0 points, 1 joker.")
    start(page)
    stats = {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0}
    play_my_turn(page, stats)  # the starting seat plays and discards without drawing
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    expect(page.locator("#btn-joker")).to_have_text("Joker (1)")
    press(page, "#btn-joker")
    expect(page.locator("#hand button[data-code=JK]")).to_have_count(1)
    assert "pressed the joker button" in page.text_content("#log-lines")
    play_my_turn(page, stats)
    play_round(page)
    mine = sheet_rows(page)[0]
    press(page, "#to-start")  # a one-round match: the sheet ends the match
    expect(page.locator("#account")).to_have_text(
        f"Your account on this device: {mine['total']} points, 0 jokers."
    )


def test_the_player_says_what_an_ambiguous_joker_stands_for(browser, site_url):
    # Seed 6 deals the starting seat a joker beside red 7 and red 8.
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=6&speed=instant")
    choose_game(page, "rummy101", 2)
    start(page)
    select_codes(page, ["R7", "R8", "JK"])
    press(page, "#btn-stage")
    # The joker could be red 9 (the higher value, offered first) or red 6.
    expect(page.locator("#choose button")).to_have_count(3)  # two meanings and Cancel
    expect(page.locator("#choose button").first).to_contain_text("red 9")
    shot(page, "rummy101-joker-choice-phone")
    press(page, "#choose button:has-text('red 6')")
    expect(page.locator(".staged-group .tile.joker")).to_have_attribute("data-code", "JK=R6")
    expect(page.locator("#opening-counter")).to_contain_text("Opening: 21 / 101 points")


def test_the_hint_waits_for_runs_and_sets_rather_than_open_with_pairs_and_says_why(
    browser, site_url
):
    # Six pairs reach the pairs threshold, runs and sets are far from 101: the Hint (the
    # expert's own play) advises a discard, not a pairs opening, and explains it on screen.
    rack = [
        "R4",
        "R4",
        "K2",
        "K2",
        "B3",
        "B3",
        "Y4",
        "Y4",
        "R5",
        "R5",
        "K6",
        "K6",
        "Y8",
        "B10",
        "R12",
        "K9",
        "Y11",
        "B13",
        "R8",
        "K11",
        "Y13",
        "B7",
    ]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [rack, []], [22, 21]))
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    press(page, "#btn-hint")
    text = page.locator("#hint-text")
    expect(text).to_contain_text("You could open with 6 pairs, but wait for runs and sets")
    expect(text).to_contain_text("Hint: discard")
    shot(page, "hint-pairs-wait-phone")
    press(page, "#play-hint")
    expect(page.locator("#table")).not_to_have_attribute("data-my-turn", "yes")
    assert page.locator("#table [role=alert]").count() == 0
    assert page.locator("[data-meld]").count() == 0  # nothing laid: no pairs opening
    assert page.problems == []


def test_the_hint_opens_and_goes_out_with_the_joker_thrown_last_and_says_so(browser, site_url):
    # A rack that goes down whole at once, a joker in it: thrown last, the joker doubles the
    # round again (opening and finishing in one turn doubles it once; RULES.md §3). The Hint
    # kept it for the discard (it once laid it in a run and threw a 1: half the points), and
    # says, before the press, what the round will pay.
    rack = ["R1", "R2", "R3", "R4", "R5", "R6", "K7", "K8", "K9", "B10", "B11", "B12"]
    rack += ["Y11", "Y12", "Y13", "R13", "K13", "B13", "Y1", "Y2", "Y3", "JK"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [rack, []], [22, 21]))
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    press_and_wait(page, "#btn-hint")
    said = []
    while page.locator("#play-hint").count() and len(said) < 12:
        said.append(page.inner_text("#hint-text"))
        before = answered(page)
        press(page, "#play-hint")
        page.wait_for_function(STEP_DONE, arg=before)
    assert said[-1].startswith("Hint: discard a joker."), said
    assert said[-1].endswith("Opened and out in one turn, with a joker: everything ×4."), said
    expect(page.locator("#score-sheet")).to_contain_text(
        "You finished in one turn with a joker: everything ×4."
    )
    assert page.problems == []


def test_an_opened_rack_keeps_its_head_on_one_row_on_a_phone(browser, site_url):
    # Name, "your turn", score, "opened" and the tile discarded last: "you have opened" put the
    # tile on a row of its own, and lifted the panel over the piles by as much.
    rack = ["K7", "K8", "K9", "B10", "B11", "B12", "Y11", "Y12", "Y13", "R13", "K13", "B13"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [rack, []], [22, 21]))
    g.apply({"type": "meld", "melds": [rack[i : i + 3] for i in range(0, 12, 3)]})
    g.apply({"type": "discard", "card": g.view(0)["hand"][0]})
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "discard", "card": g.view(1)["hand"][0]})
    g.apply({"type": "draw", "source": "stock"})
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    expect(page.locator(".my-head .chip-opened")).to_have_text("opened")
    expect(page.locator(".my-head .my-discard")).to_have_count(1)
    assert page.evaluate(HEAD_ON_ONE_ROW), page.inner_text(".my-head")
    assert page.problems == []
