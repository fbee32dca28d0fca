"""A whole match through the table UI: a one-hand match of classic Rummy ends with the
winner (or shared win) on the sheet and a new match; a match survives a reload; a card can
be dragged to reorder the hand, onto the discard pile, onto a meld (a lay-off) and onto a
joker (a swap); a meld tapped with nothing selected says what to do; pass-and-play hides each
hand until its person is ready."""

from __future__ import annotations

from fixtures.table_driver import (
    choose_game,
    expect,
    hand,
    new_page,
    open_app,
    play_round,
    press,
    shot,
    start,
    wait_saved,
)

import rummy
from rummy import cards, tiles


def test_a_one_hand_match_ends_with_a_winner_and_a_new_match(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=11&speed=instant&max_rebuilds=0")
    choose_game(page, "basic", 3, options={"goal": "hands", "hands": 1})
    start(page)
    expect(page.locator(".topbar")).to_contain_text("1 hand")
    play_round(page)
    title = page.inner_text("#sheet-title")
    assert "wins the match" in title or "share the win" in title
    shot(page, "basic-match-over-phone")
    press(page, "#new-match")
    expect(page.locator("#score-sheet")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-round", "1")
    assert page.problems == []


def test_a_match_in_progress_survives_a_reload(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy200", 4)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    held = sorted(c for _, c in hand(page))
    wait_saved(page)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    expect(page.locator(".resume")).to_contain_text("Rummy to 200")
    press(page, ".resume button")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    assert sorted(c for _, c in hand(page)) == held


def drag(page, source: str, target_box: dict, dx: float = 0) -> None:
    box = page.locator(source).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    x = target_box["x"] + target_box["width"] / 2 + dx
    y = target_box["y"] + target_box["height"] / 2
    page.mouse.move(x, y, steps=8)
    page.mouse.up()


def test_drag_to_reorder_the_hand_and_to_discard(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    first_key, first_code = hand(page)[0]
    last = page.locator("#hand button.in-hand").last.bounding_box()
    drag(page, f"#hand button[data-key='{first_key}']", last, dx=last["width"] / 3)
    expect(page.locator("#hand button.in-hand").last).to_have_attribute("data-key", first_key)
    # The drag was not a tap: nothing got selected.
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    pile = page.locator("#discard-pile").bounding_box()
    drag(page, f"#hand button[data-key='{first_key}']", pile)
    # The computer plays right after us (speed=instant) and may take the card straight back
    # from the pile, so the pile's top proves nothing: our line of the log says what we did.
    expect(page.locator(f"#hand button[data-key='{first_key}']")).to_have_count(0)
    expect(page.locator("#log-lines li.mine").last).to_contain_text(
        f"discarded {short(first_code)}"
    )


def short(code: str) -> str:
    """A card as the log writes it: 5S -> 5♠, TD -> 10♦ (web/ui/pieces.js pieceShort)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + "♣♦♥♠"["CDHS".index(code[1])]


def test_tapping_a_meld_with_nothing_selected_explains(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant&max_rebuilds=0")
    choose_game(page, "basic", 2)
    start(page)
    # Play until some meld is on the table while it is our turn to play.
    for _ in range(60):
        page.wait_for_selector("#table[data-my-turn=yes], #score-sheet")
        if page.locator("#score-sheet").count():
            return  # no meld this deal: nothing to check
        if page.get_attribute("#table", "data-phase") == "draw":
            press(page, "#btn-draw")
            expect(page.locator("#table")).to_have_attribute("data-phase", "play")
        if page.locator(".meld").count():
            press(page, ".meld .meld-hit", dimmed=True)
            expect(page.locator(".meld .msg.info")).to_contain_text("Select cards in your hand")
            return
        key = hand(page)[-1][0]
        press(page, f"#hand button[data-key='{key}']")
        press(page, "#btn-discard")
        page.wait_for_function(
            "() => document.querySelector('#table')?.dataset.phase === 'draw' || "
            "document.querySelector('#score-sheet, .msg.error')"
        )


def test_hint_suggests_a_take_then_a_play(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-hint")
    expect(page.locator(".msg.info")).to_contain_text("Hint:")
    expect(page.locator(".pile.hinted")).to_have_count(1)
    press(page, ".pile.hinted")  # take the advice: draw where the hint points
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    press(page, "#btn-hint")
    expect(page.locator(".msg.info")).to_contain_text("Hint:")
    # The advised cards are selected, ready for the button the hint names.
    assert page.locator("#hand button[aria-pressed=true]").count() >= 1


def test_pass_and_play_hides_each_hand_until_its_person_is_ready(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=3&speed=instant")
    names = choose_game(page, "basic", 2, bots=False)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    key, code = hand(page)[0]
    press(page, f"#hand button[data-key='{key}']")
    press(page, "#btn-discard")
    # The device goes to the next person: no hand at all until they say they are ready.
    expect(page.locator("#reveal")).to_be_visible()
    expect(page.locator("#hand button.in-hand")).to_have_count(0)
    expect(page.locator("#turn-banner")).to_contain_text(f"Pass the device to {names[1]}")
    press(page, "#reveal")
    expect(page.locator("#table")).to_have_attribute("data-viewer", "1")
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
    second = [c for _, c in hand(page)]
    assert len(second) == 10 and code not in second
    expect(page.locator(".my-name")).to_have_text(names[1])
    assert page.problems == []


def open_position(page, site_url: str, g: rummy.Game) -> None:
    """A known position, opened the way a player opens a sent game: by its link."""
    page.goto(f"{site_url}#g={g.to_link()}")
    page.wait_for_selector("#handoff", timeout=90_000)
    press(page, "#handoff-yes")
    page.wait_for_selector("#since, #table[data-my-turn=yes]")
    if page.locator("#since").count():
        press(page, "#since-done")
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=play]")


def dealt(variant: str, hands_first: list[list[str]], sizes: list[int]) -> dict:
    """A deal whose hands start with the given pieces, the rest in deck order."""
    rest = list(tiles.FULL_SET if variant == "rummy101" else cards.DECK)
    for piece in (p for h in hands_first for p in h):
        rest.remove(piece)
    hands = []
    for first, size in zip(hands_first, sizes, strict=True):
        hands.append(first + rest[: size - len(first)])
        rest = rest[size - len(first) :]
    return {"hands": hands, "stock": rest, "discard": [] if variant == "rummy101" else [rest.pop()]}


def test_drag_a_card_onto_a_meld_to_lay_it_off(browser, site_url):
    g = rummy.new_game(
        "basic", players=2, seed=1, deal=dealt("basic", [["7H", "8H", "9H", "TH"], []], [10, 10])
    )
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "meld", "melds": [["7H", "8H", "9H"]]})
    page = new_page(browser, "desktop")
    open_position(page, site_url, g)
    meld = page.locator("[data-drop='meld:1']").bounding_box()
    drag(page, "#hand button[data-code='TH']", meld)
    expect(page.locator("[data-meld='1'] [data-code]")).to_have_count(4)
    expect(page.locator("#hand button[data-code='TH']")).to_have_count(0)
    assert page.problems == []


def test_drag_a_tile_onto_a_joker_to_take_it(browser, site_url):
    mine = ["R7", "R8", "JK", "R10", "K13", "B13", "Y13", "K12", "B12", "Y12", "R9"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [mine, []], [22, 21]))
    g.apply(
        {
            "type": "meld",
            "melds": [["R7", "R8", "JK=R9", "R10"], ["K13", "B13", "Y13"], ["K12", "B12", "Y12"]],
        }
    )
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    joker = page.locator("[data-drop='joker:1']").bounding_box()
    drag(page, "#hand button[data-code='R9']", joker)
    expect(page.locator("[data-meld='1'] [data-code='R9']")).to_have_count(1)
    expect(page.locator("#hand button[data-code='JK']")).to_have_count(1)
    assert page.problems == []
