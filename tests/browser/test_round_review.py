"""A round against the expert computer player, then "Review the round" on the score sheet:
the expert's look back at the person's draws and discards, in sentences, each with a button
that shows that moment on the table. Driven from the screen as a person would (the simple
test player of fixtures/table_driver.py plays the person's turns)."""

from __future__ import annotations

import re

from fixtures.table_driver import (
    axe_violations,
    choose_game,
    expect,
    new_page,
    open_app,
    play_round,
    press,
    shot,
    start,
)

DRAW = re.compile(r"^Turn \d+: you (took|drew) ")
DISCARD = re.compile(r"^Turn \d+: you discarded (\S+); discarding (\S+) ")
MOMENT = re.compile(
    r"^Turn \d+: you (discarded|took|drew) .+ "
    r"would have left you [\d.]+ points? better off on average\.$"
)

# The hand's pieces that something covers at their middle, or whose foot is under the replay
# bar, by code.
HIDDEN_PIECES = """(selector = '#hand button.in-hand') => {
  const bar = document.querySelector('#replay')?.getBoundingClientRect().top ?? Infinity;
  return [...document.querySelectorAll(selector)].filter((b) => {
    const r = b.getBoundingClientRect();
    const middle = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.bottom > bar + 1 || !b.contains(middle);
  }).map((b) => b.dataset.code);
}"""
MARKED = "#hand .review-played, #hand .review-better"


def code_of(sign: str) -> str:
    """A card as the page writes it ("10♣") as the engine codes it ("TC")."""
    rank, suit = sign[:-1], sign[-1]
    return ("T" if rank == "10" else rank) + "CDHS"["♣♦♥♠".index(suit)]


def test_a_round_against_the_expert_then_its_review_steps_to_a_moment(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=22&speed=instant&max_rebuilds=1")
    choose_game(page, "basic", 2, level="expert")
    expect(page.locator("#seat-kind-1 option[value=expert]")).to_have_text("Computer · expert")
    start(page)
    stats = play_round(page, max_seconds=900)
    assert stats["discards"] >= 3, stats
    expect(page.locator("#score-sheet")).to_be_visible()

    press(page, "#review-round")
    # The expert looks back in the worker: the sheet says so, and then what it found.
    status = page.locator("#review-status")
    expect(status).not_to_contain_text("looking back", timeout=180_000)
    moments = page.locator("#review-moments li")
    assert moments.count() >= 1, status.inner_text()
    texts = [t.strip() for t in page.locator("#review-moments .review-text").all_inner_texts()]
    assert len(texts) <= 3 and all(MOMENT.match(t) for t in texts), texts
    shot(page, "review-phone")
    assert axe_violations(page) == [], "the review"

    # "Show this moment" (a discard's: the simple player discards its highest card, which the
    # expert often would not): the table just before that move, in the replay, then back.
    discards = [DISCARD.match(text) for text in texts]
    k = next((i for i, found in enumerate(discards) if found), None)
    assert k is not None, texts
    press(page, f"#review-show-{k}")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-replay", "on")
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "no")
    # The bar says which moment it is, in the review's own sentence, and the hand marks the
    # card discarded then and the expert's.
    # Its sentence begins with the turn ("Turn 7: …"): no count of moves before it to
    # contradict it.
    expect(page.locator("#replay-text")).to_have_text(texts[k])
    # The banner says whose turn it was then, not that the game waits for anyone.
    expect(page.locator("#turn-banner")).to_have_text("Replay: your turn.")
    # The hand is the one held then, not the one left at the round's end.
    left = page.locator("#score-sheet")  # gone during the replay
    expect(left).to_have_count(0)
    assert page.locator("#hand button.in-hand").count() >= 7
    notes = ("you discarded this one then", "the expert would have discarded this one")
    for sign, mark, note in zip(discards[k].groups(), ("played", "better"), notes, strict=True):
        piece = page.locator(f"#hand .review-{mark}")
        expect(piece).to_have_attribute("data-code", code_of(sign))
        expect(piece).to_have_attribute("aria-label", re.compile(f", {note}$"))
    # Every piece of the hand can be seen above the bar, on a phone and on a wide screen.
    assert page.evaluate(HIDDEN_PIECES) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate(HIDDEN_PIECES) == []
    shot(page, "review-moment-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    press(page, "#replay-next")
    # The moves after it are what followed it, counted from it.
    expect(page.locator("#replay-text")).to_contain_text(re.compile(r"^What followed, 1 of \d+: "))
    expect(page.locator("#turn-banner")).to_contain_text("Replay: ")
    expect(page.locator("#hand .review-played, #hand .review-better")).to_have_count(0)
    shot(page, "review-moment-phone")
    # "Done" returns to the score sheet, where the review is (not "To the table").
    expect(page.locator("#replay-done")).to_have_text("Done")
    press(page, "#replay-done")
    expect(page.locator("#score-sheet")).to_be_visible()
    expect(page.locator("#review-moments li")).to_have_count(len(texts))
    # A draw's moment marks the two piles: where the person drew from, and the expert's.
    draw = next((i for i, text in enumerate(texts) if DRAW.match(text)), None)
    if draw is not None:
        press(page, f"#review-show-{draw}")
        expect(page.locator("#replay-text")).to_contain_text(texts[draw])
        took = DRAW.match(texts[draw]).group(1) == "took"
        marks = {
            "#stock": "better" if took else "played",
            "#discard-pile": "played" if took else "better",
        }
        for pile, mark in marks.items():
            expect(page.locator(pile)).to_have_class(re.compile(f"review-{mark}"))
        shot(page, "review-draw-moment-phone")
        press(page, "#replay-done")
        expect(page.locator("#next-round")).to_be_visible()

    # "Next round" tapped twice, as an impatient thumb does: the button says it is dealing, the
    # second tap does nothing, and the new round opens without "The round is still being
    # played" (the second deal's refusal, once).
    twice = "() => { const b = document.querySelector('#next-round'); b.click(); b.click(); }"
    page.evaluate(twice)
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#table [role=alert]")).to_have_count(0)
    assert page.problems == []


def test_a_rummy_101_moment_shows_its_marked_tiles_on_a_phone_held_sideways(browser, site_url):
    """There the rack's two rows and the sort buttons are taller than the hand's column left
    above the replay bar: the column scrolls, and the tiles the moment marks are brought into
    its view."""
    page = new_page(browser, "landscape")
    open_app(page, site_url, "?seed=4&speed=instant")
    choose_game(page, "rummy101", 2, level="easy")
    start(page)
    play_round(page, max_seconds=600)
    press(page, "#review-round")
    expect(page.locator("#review-status")).not_to_contain_text("looking back", timeout=180_000)
    texts = page.locator("#review-moments .review-text").all_inner_texts()
    k = next((i for i, text in enumerate(texts) if "you discarded" in text), None)
    assert k is not None, texts
    press(page, f"#review-show-{k}")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator(MARKED)).to_have_count(2)
    assert page.evaluate(HIDDEN_PIECES, MARKED) == []
    shot(page, "review-moment-rummy101-landscape")
    assert page.problems == []
