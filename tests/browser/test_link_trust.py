"""A crafted link opened on a device that holds the game (issue 16): made with the engine's
own encoder, it would rewrite this player's hand; the page refuses it in words, and the hand,
the scores and the stored copy stay exactly as they were."""

from __future__ import annotations

import json

from fixtures.table_driver import expect, hand, new_page, press, wait_saved
from test_link_play import open_link, take_over

import rummy
from rummy import rules
from rummy.link import envelope, full

STORED = """() => JSON.stringify(Object.entries(localStorage)
    .filter(([k]) => k.includes('.game.')).map(([, v]) => JSON.parse(v).state))"""


def test_a_crafted_link_cannot_rewrite_the_hand_this_device_holds(browser, site_url):
    g = rummy.new_game("basic", players=2, seed=16)
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "discard", "card": g.hand(0)[0]})
    page = new_page(browser, "phone")
    open_link(page, f"{site_url}#g={g.to_link()}", first_visit=True)
    take_over(page, 1)
    # This phone plays its turn: draw, then discard its first card.
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    press(page, f"#hand button[data-key='{hand(page)[0][0]}']")
    press(page, "#btn-discard")
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "no")
    wait_saved(page)
    before = page.evaluate(STORED)
    held = [code for _, code in hand(page)]
    scores = page.inner_text(".my-score")

    # Seat 0 plays on (honestly), and the link sent back swaps seat 1's hand with the stock.
    (state,) = json.loads(before)
    later = rummy.load(state)
    later.apply({"type": "draw", "source": "stock"})
    later.apply({"type": "discard", "card": later.hand(0)[0]})
    forged = rules.copy_state(later.state())
    mine = forged["hands"][1]
    forged["hands"][1], forged["stock"][: len(mine)] = forged["stock"][: len(mine)], mine
    rummy.load(forged)  # the state's own checks pass: only the device's copy can tell
    crafted = envelope.wrap(full.snapshot_body(forged))
    page.goto(f"{site_url}#g={crafted}")
    expect(page.locator("#table .msg.error")).to_contain_text("changes what this device")
    assert [code for _, code in hand(page)] == held
    assert page.inner_text(".my-score") == scores
    wait_saved(page)
    assert page.evaluate(STORED) == before
    # The honest link of the same moves is taken.
    page.goto(f"{site_url}#g={later.to_link()}")
    page.wait_for_selector("#handoff, #since, #table[data-my-turn=yes]")
    assert page.problems == []
