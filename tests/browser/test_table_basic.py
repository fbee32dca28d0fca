"""Classic Rummy (RULES.md §1) played whole through the table UI, by taps on a phone and
clicks on a desktop, against computer players: the score sheet, the log and the next round."""

from __future__ import annotations

import re

import pytest
from fixtures.table_driver import (
    expect,
    open_log,
    play_whole_round,
    press,
    sheet_rows,
)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_whole_round_of_classic_rummy(browser, site_url, device):
    # max_rebuilds=1: the engine's cap on stock rebuilds, so simple players always finish.
    page = play_whole_round(browser, site_url, "basic", 3, device, "&max_rebuilds=1")
    assert page.stats["discards"] > 0
    headline = page.inner_text("#sheet-headline")
    rows = sheet_rows(page)
    assert [r["name"] for r in rows] == page.names
    # Round 1: the running totals are this round's points.
    assert all(r["total"] == r["points"] for r in rows)
    winners = [r for r in rows if r["points"] > 0]
    if "stock ran out" in headline:
        assert all(r["points"] == 0 and r["why"] == "no score" for r in rows)
    else:
        # The one who went out scores the cards left in the other hands (doubled for rummy).
        (winner,) = winners
        assert winner["name"] in headline and str(winner["points"]) in headline
        assert winner["left"] == 0
    # The cards left are shown as a hand is sorted (by suit, then rank), not as drawn.
    order = "CDHS"
    for row in rows:
        keys = [(order.index(c[1]), "A23456789TJQK".index(c[0])) for c in row["codes"]]
        assert keys == sorted(keys), row
    assert sum(r["left"] for r in rows) > 3  # the check above had cards to look at
    assert page.problems == []
    # The first seat moves on by one: a computer player starts round 2.
    expect(page.locator("#sheet-next")).to_have_text(f"{page.names[1]} plays first in round 2.")

    # The sheet covers the table; after it, the next round is dealt with the totals kept.
    press(page, "#next-round")
    expect(page.locator("#table")).to_have_attribute("data-round", "2")
    expect(page.locator("#score-sheet")).to_have_count(0)
    # A fresh log: "just begun", or the computer players' first turns of round 2 only, over
    # the card turned up for round 2.
    open_log(page)
    expect(page.locator("#log-lines li").first).to_have_text(re.compile(r"just begun|drew|took"))
    expect(page.locator("#log-lines li").last).to_contain_text("turned up to start the discard")
    assert page.locator("#log-lines li").count() <= 4


def test_the_turn_log_tells_what_each_player_did(browser, site_url):
    page = play_whole_round(browser, site_url, "basic", 2, "desktop", "&max_rebuilds=0")
    lines = page.eval_on_selector_all("#log-lines li", "lis => lis.map(li => li.textContent)")
    lines.reverse()  # the log lists the newest first
    you, other = page.names
    # First the card turned up to start the pile (no move says it), as the pile's bottom
    # card shows it or the move that took it names it.
    turned = re.fullmatch(r"(\S+) was turned up to start the discard pile\.", lines.pop(0))
    assert turned, lines
    # One line per turn, in words: "Ana drew from the stock and discarded K♠".
    assert lines[0].startswith(f"{you} drew from the stock")
    assert any(line.startswith(f"{other} ") for line in lines)
    assert all(("discarded" in line or "laid" in line) for line in lines[:-1])
    assert lines[-1] == "The round is over."
    assert not any("JK" in line or "undefined" in line for line in lines)
