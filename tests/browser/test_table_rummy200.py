"""Rummy to 200 (RULES.md §2) played whole through the table UI against three computer
players, on a phone and on a desktop; a round ends by a close or by stalemate."""

from __future__ import annotations

import re

import pytest
from fixtures.table_driver import expect, play_whole_round, press, sheet_rows


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_whole_round_of_rummy_to_200(browser, site_url, device):
    page = play_whole_round(browser, site_url, "rummy200", 4, device)
    headline = page.inner_text("#sheet-headline")
    rows = sheet_rows(page)
    assert len(rows) == 4
    assert all(r["total"] == r["points"] for r in rows)
    if "Stalemate" in headline:
        assert all(r["points"] == 0 for r in rows)
    else:
        # Only the one who closed scores: the cards left in the other hands.
        (winner,) = [r for r in rows if r["points"] > 0]
        assert winner["name"] in headline and winner["left"] == 0
        assert all(r["points"] == 0 for r in rows if r is not winner)
    # The header names the game and the round; "to 200" beside them would say the name again.
    expect(page.locator(".topbar h1")).to_have_text(re.compile(r"^Rummy to 200\s*Round 1$"))
    # The sheet leads to round 2.
    press(page, "#next-round")
    expect(page.locator("#table")).to_have_attribute("data-round", "2")
    assert page.problems == []
