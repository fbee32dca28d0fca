"""A whole match through the table UI: a one-hand match of classic Rummy ends with the
winner (or shared win) on the sheet and a new match; a reload mid-turn returns to the table
as it was (hand order and sort); leaving the table keeps the match; a press before the engine
is ready says so and is carried out; a card can
be dragged to reorder the hand, onto the discard pile, onto a meld (a lay-off) and onto a
joker (a swap); a meld tapped with nothing selected says what to do; pass-and-play hides each
hand until its person is ready, and after the round offers each person their own review."""

from __future__ import annotations

import itertools
import re

from fixtures.table_driver import (
    ABOVE_PANEL,
    axe_violations,
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


def test_a_game_of_computer_players_only_is_watched_to_its_score_sheet(browser, site_url):
    # Every seat a computer player: nobody plays at this device, so the table offers no action
    # and no Hint (dimmed buttons that only ever say "not your turn"), and says whose hand it
    # shows, any seat's to choose; the round plays itself out.
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=5&speed=instant&max_rebuilds=0")
    choose_game(page, "basic", 2, level="hard")
    page.select_option("#seat-kind-0", "expert")
    start(page)
    expect(page.locator("#watching")).to_contain_text(
        "Computer players only: you are watching them play."
    )
    shown = page.get_by_label("Hand shown")
    expect(shown.locator("option:checked")).to_have_text("Player 1")
    expect(page.locator(".my-name")).to_have_text("Player 1")
    expect(page.locator(".my-area")).to_contain_text("Computer · expert")
    expect(page.locator(".actions")).to_have_count(0)
    expect(page.locator("#btn-hint")).to_have_count(0)
    # Ana's hand instead: hers below, and Player 1 among the others at the table.
    shown.select_option(label="Ana")
    expect(page.locator(".my-name")).to_have_text("Ana")
    expect(page.locator(".my-area")).to_contain_text("Computer · hard")
    expect(page.locator(".opponents")).to_contain_text("Player 1")
    assert axe_violations(page) == [], "the watched table"
    expect(page.locator("#score-sheet")).to_be_visible(timeout=120_000)
    assert page.problems == []


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


SAYS_WHILE_RESUMING = """new MutationObserver(() => {
  const status = document.querySelector('#resuming [role=status]');
  if (status) (window.said ||= new Set()).add(status.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true })"""


def by_suit(code: str) -> tuple[int, int]:
    return "CDHS".index(code[1]), "A23456789TJQK".index(code[0])


def test_a_reload_mid_turn_returns_to_the_table_with_the_same_hand_order(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy200", 4)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes]")
    # Nobody has sorted on this device yet: the hand comes sorted by suit, and says so.
    expect(page.locator("#sort-suit")).to_have_attribute("aria-pressed", "true")
    dealt_hand = [c for _, c in hand(page)]
    assert dealt_hand == sorted(dealt_hand, key=by_suit)
    expect(page.locator("#hand [aria-label$='just drawn']")).to_have_count(0)
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    # The card drawn goes where it sorts, and is marked (its name says so) until the next move.
    drawn = page.locator("#hand [aria-label$='just drawn']")
    expect(drawn).to_have_count(1)
    expect(drawn).to_have_class(re.compile(r"\bdrawn\b"))
    held = [c for _, c in hand(page)]
    assert held == sorted(held, key=by_suit) and len(held) == len(dealt_hand) + 1
    assert sorted(held) == sorted([*dealt_hand, drawn.get_attribute("data-code")])
    # The player's own order: the last card moved one place left with the keyboard.
    before = [c for _, c in hand(page)]
    page.focus(f"#hand button[data-key='{hand(page)[-1][0]}']")
    page.keyboard.press("Shift+ArrowLeft")
    order = [*before[:-2], before[-1], before[-2]]
    page.wait_for_function(
        "want => [...document.querySelectorAll('#hand button.in-hand')]"
        ".map(b => b.dataset.code).join() === want",
        arg=",".join(order),
    )
    wait_saved(page)
    # What the page says until the table is back (seen however briefly).
    page.add_init_script(SAYS_WHILE_RESUMING)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    assert page.evaluate("[...(window.said || [])]") == ["Returning to your game…"]
    assert [c for _, c in hand(page)] == order
    # A sort chosen before the reload holds too, and a drawn card goes where it sorts.
    press(page, "#sort-rank")
    wait_saved(page)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    expect(page.locator("#sort-rank")).to_have_attribute("aria-pressed", "true")
    ranks = [c for _, c in hand(page)]
    assert ranks == sorted(ranks, key=lambda c: ("A23456789TJQK".index(c[0]), "CDHS".index(c[1])))
    assert page.problems == []


def test_leaving_the_table_keeps_the_match_and_continue_brings_it_back(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "rummy101", 2, options={"rounds": 5})
    start(page)
    held = sorted(c for _, c in hand(page))
    press(page, "#menu-btn")
    expect(page.locator("#menu-leave")).to_have_text("Back to your games")
    press(page, "#menu-leave")
    # Leaving keeps the match first (the engine's state, then storage): on a loaded machine
    # that is a few seconds, so these waits are the engine's, not the page's 5 s.
    expect(page.locator("#start-notice")).to_contain_text("The match is kept", timeout=60_000)
    expect(page.locator("#start-notice")).to_be_in_viewport()
    expect(page.locator(".resume .game-item")).to_have_count(1)
    shot(page, "start-after-leaving-phone")
    press(page, ".resume button")
    expect(page.locator("#table")).to_be_visible(timeout=60_000)
    expect(page.locator("#hand button.in-hand")).to_have_count(len(held))
    assert sorted(c for _, c in hand(page)) == held
    assert page.problems == []


def test_a_press_before_the_engine_is_ready_says_so_and_is_carried_out(browser, site_url):
    page = new_page(browser, "phone")
    # Hold the engine's wheel back, so the start screen is up long before the engine.
    held = []

    def hold(route):
        held.append(route)

    page.context.route("**/py/rummy-*.whl", hold)
    # A later visit (the service worker has the site) shows the start screen at once, before
    # the engine is up: marked here as index.html marks it.
    page.add_init_script(
        "new MutationObserver((_, seen) => { if (document.documentElement) {"
        " document.documentElement.dataset.boot = 'warm'; seen.disconnect(); } })"
        ".observe(document, { childList: true });"
    )
    page.goto(site_url + "?seed=7&speed=instant")
    page.wait_for_selector("#start-game")
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"
    press(page, "#start-game")
    notice = page.locator("#engine-starting")
    expect(notice).to_contain_text("Starting the game engine")
    expect(notice).to_contain_text("as soon as it is ready")
    shot(page, "engine-starting-phone")
    assert held, "the engine's wheel was requested"
    for route in held:
        route.continue_()
    expect(page.locator("#table")).to_be_visible(timeout=90_000)
    expect(notice).to_have_count(0)
    assert len(hand(page)) >= 6  # the press was carried out: a hand is dealt
    assert page.problems == []


def box_of(page, selector: str) -> dict:
    """Where a visible piece is on screen. The table re-renders as it settles (the turn banner,
    the autosave), and a box read from a node just replaced is None: read it again."""
    locator = page.locator(selector)
    for _ in range(50):
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} never stayed on screen long enough to measure")


def drag(page, source: str, target_box: dict, dx: float = 0) -> None:
    box = box_of(page, source)
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
    last = box_of(page, "#hand button.in-hand >> nth=-1")
    drag(page, f"#hand button[data-key='{first_key}']", last, dx=last["width"] / 3)
    expect(page.locator("#hand button.in-hand").last).to_have_attribute("data-key", first_key)
    # The drag was not a tap: nothing got selected.
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    pile = box_of(page, "#discard-pile")
    drag(page, f"#hand button[data-key='{first_key}']", pile)
    # The computer plays right after us (speed=instant) and may take the card straight back
    # from the pile, so the pile's top proves nothing: our line of the log says what we did.
    expect(page.locator(f"#hand button[data-key='{first_key}']")).to_have_count(0)
    expect(page.locator("#log-lines li.mine").first).to_contain_text(
        f"discarded {short(first_code)}"
    )


def short(code: str) -> str:
    """A card as the log writes it: 5S -> 5♠, TD -> 10♦ (web/ui/pieces.js pieceShort)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + "♣♦♥♠"["CDHS".index(code[1])]


def check_no_meld(page) -> None:
    """Three cards of three ranks and two suits or more make no meld: Meld dims once they are
    chosen, and a tap says why (the rules' words), as the engine would have refused it."""
    cards = hand(page)
    for trio in itertools.combinations(cards, 3):
        ranks = {code[:-1] for _key, code in trio}
        if len(ranks) == 3 and len({code[-1] for _key, code in trio}) > 1:
            break
    else:
        return  # no such three in this hand
    for key, _code in trio:
        press(page, f"#hand button[data-key='{key}']")
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(3)
    expect(page.locator("#btn-meld")).to_have_attribute("aria-disabled", "true")
    press(page, "#btn-meld", dimmed=True)
    expect(page.locator(".msg.info")).to_contain_text("neither a set")
    expect(page.locator("#table [role=alert]")).to_have_count(0)  # said, not refused
    press(page, "#clear-selection")
    expect(page.locator("#hand button[aria-pressed=true]")).to_have_count(0)


def test_tapping_a_meld_with_nothing_selected_explains(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant&max_rebuilds=0")
    choose_game(page, "basic", 2)
    start(page)
    # Play until some meld is on the table while it is our turn to play.
    checked_no_meld = False
    for _ in range(60):
        page.wait_for_selector("#table[data-my-turn=yes], #score-sheet")
        if page.locator("#score-sheet").count():
            return  # no meld this deal: nothing to check
        if page.get_attribute("#table", "data-phase") == "draw":
            press(page, "#btn-draw")
            expect(page.locator("#table")).to_have_attribute("data-phase", "play")
        if not checked_no_meld:
            check_no_meld(page)
            checked_no_meld = True
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


def test_a_person_can_follow_the_hint_by_hand(browser, site_url):
    """Without "Play the hint": the hint marks the pile or the button it names, and selects
    the cards of its step, so pressing what it says does it."""
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-hint")
    expect(page.locator("#hint-text")).to_contain_text("Hint:")
    expect(page.locator(".pile.hinted")).to_have_count(1)
    press(page, ".pile.hinted")  # take the advice: draw where the hint points
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    for _ in range(12):  # each step: press the button the hint names, as it is labelled
        if page.get_attribute("#table", "data-my-turn") != "yes":
            break
        press(page, "#btn-hint")
        text = page.inner_text("#hint-text")
        assert page.locator("#hand button[aria-pressed=true]").count() >= 1, text
        named = re.search(r"press “([^”]+)”", text)
        if named is None:  # a lay-off: tap the highlighted meld
            press(page, ".meld.hinted .meld-hit")
        else:
            button = page.locator(".actions").get_by_role("button", name=named[1], exact=True)
            expect(button).to_have_attribute("aria-disabled", "false")
            button.first.tap()
        page.wait_for_timeout(100)
        assert page.locator("#table [role=alert]").count() == 0
        if named and named[1] == "Discard":
            break
    else:
        raise AssertionError("the turn did not end with the hint's discard")
    # Ana has played, and it is this player's turn again.
    expect(page.locator("#table")).to_have_attribute("data-phase", "draw")
    assert page.problems == []


def test_pass_and_play_hides_each_hand_until_its_person_is_ready_then_reviews_each(
    browser, site_url
):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=3&speed=instant&max_rebuilds=1")
    names = choose_game(page, "basic", 2, bots=False)
    # Two people at one phone: the first seat's field no longer says "You" but who plays it.
    assert names[0] == "Player 1"
    start(page)
    # Whoever pressed Deal, everyone saw the screen: the first hand waits for its person too.
    expect(page.locator("#turn-banner")).to_contain_text(f"Pass the device to {names[0]}")
    expect(page.locator("#hand button.in-hand")).to_have_count(0)
    press(page, "#reveal")
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
    # The page reloaded (or the game opened again from the list): whoever holds the phone now
    # may not be this person, so the hand waits for them again.
    wait_saved(page)
    page.reload()
    expect(page.locator("#reveal")).to_be_visible(timeout=60_000)
    expect(page.locator("#turn-banner")).to_contain_text(f"Pass the device to {names[1]}")
    press(page, "#reveal")
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")

    # After the round both people are at this device: the review is offered to each by name
    # (a "you" for whoever holds the phone would be nobody in particular), and says whose.
    play_round(page)
    expect(page.locator("#round-table tbody tr").first).to_contain_text(names[0])
    buttons = page.locator("#review button")
    expect(buttons).to_have_text([f"Review the round for {n}" for n in names])
    assert axe_violations(page) == [], "the sheet with a review button for each"
    press(page, "#review-round-1")
    expect(page.locator("#review h3")).to_have_text(f"Review of the round for {names[1]}")
    expect(page.locator("#review-status")).not_to_contain_text("looking back", timeout=60_000)
    expect(page.locator("#review-round-0")).to_have_text(f"Review the round for {names[0]}")
    expect(page.locator("#review-round-1")).to_have_count(0)
    press(page, "#review-round-0")
    expect(page.locator("#review h3")).to_have_text(f"Review of the round for {names[0]}")
    expect(page.locator("#review-status")).not_to_contain_text("looking back", timeout=60_000)
    expect(page.locator("#review-round-1")).to_be_visible()
    shot(page, "review-pass-and-play-phone")
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
    meld = box_of(page, "[data-drop='meld:1']")
    # Lifted, the card (not selected) marks the meld it may join, until it lands.
    card = box_of(page, "#hand button[data-code='TH']")
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] - 40, steps=4)
    expect(page.locator(".meld.targetable")).to_have_attribute("data-meld", "1")
    page.mouse.move(meld["x"] + meld["width"] / 2, meld["y"] + meld["height"] / 2, steps=4)
    page.mouse.up()
    expect(page.locator("[data-meld='1'] [data-code]")).to_have_count(4)
    expect(page.locator("#hand button[data-code='TH']")).to_have_count(0)
    expect(page.locator(".meld.targetable")).to_have_count(0)
    assert page.problems == []


def test_the_melds_a_selection_fits_are_marked_and_lay_off_lays_it_there(browser, site_url):
    # Every meld was marked as a target once a card was selected, those it does not fit too:
    # now only the melds the rules let it join, and Lay off lays it on the one that takes it.
    mine = ["7H", "8H", "9H", "TC", "TD", "TS", "TH", "6H", "2C"]
    g = rummy.new_game("basic", players=2, seed=1, deal=dealt("basic", [mine, []], [10, 10]))
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "meld", "melds": [["7H", "8H", "9H"], ["TC", "TD", "TS"]]})
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    marked = page.get_by_role("button", name=re.compile("^Add the selected cards to"))
    expect(marked).to_have_count(0)
    press(page, "#hand button[data-code='6H']")
    expect(marked).to_have_count(1)
    expect(marked).to_have_accessible_name(re.compile("run: 7♥ 8♥ 9♥$"))
    expect(page.locator("#table .act.primary")).to_have_text("Lay off")
    shot(page, "layoff-fits-phone")
    press(page, "#btn-layoff")  # one meld takes it: laid there, no meld to tap
    expect(page.locator("[data-meld='1'] [data-code='6H']")).to_have_count(1)
    expect(page.locator("#hand button[data-code='6H']")).to_have_count(0)
    # 10♥ ends the run and joins the tens: both marked, and Lay off asks which.
    press(page, "#hand button[data-code='TH']")
    expect(marked).to_have_count(2)
    press(page, "#btn-layoff")
    expect(page.locator(".msg.info")).to_contain_text("fits more than one meld")
    press(page, "[data-meld='2'] .meld-hit")
    expect(page.locator("[data-meld='2'] [data-code='TH']")).to_have_count(1)
    # 2♣ fits nothing: no meld marked, and Lay off, dimmed, says so.
    press(page, "#hand button[data-code='2C']")
    expect(page.locator("#btn-layoff")).to_have_attribute("aria-disabled", "true")
    expect(marked).to_have_count(0)
    press(page, "#btn-layoff", dimmed=True)
    expect(page.locator(".msg.info")).to_have_text(
        "The selected cards fit none of the melds on the table."
    )
    expect(page.locator("#table [role=alert]")).to_have_count(0)  # said, not refused
    assert page.problems == []


def test_lay_off_that_asks_for_a_marked_meld_shows_one(browser, site_url):
    # At 360 × 640 with four players the melds are under the hand's panel: "tap the marked one"
    # sent the person to melds out of sight.
    mine = ["7H", "8H", "9H", "TC", "TD", "TS", "TH"]
    g = rummy.new_game("basic", players=4, seed=1, deal=dealt("basic", [mine, [], [], []], [7] * 4))
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "meld", "melds": [["7H", "8H", "9H"], ["TC", "TD", "TS"]]})
    page = new_page(browser, "small")
    open_position(page, site_url, g)
    page.evaluate("window.scrollTo(0, 0)")
    marked = ["#table .meld.targetable", False]  # any of them
    press(page, "#hand button[data-code='TH']")
    expect(page.locator("#table .meld.targetable")).to_have_count(2)
    assert not page.evaluate(ABOVE_PANEL, marked)  # the position this test is about
    page.locator("#btn-layoff").dispatch_event("click")  # a tap, without scrolling to it
    expect(page.locator(".msg.info")).to_contain_text("fits more than one meld")
    page.wait_for_function(ABOVE_PANEL, arg=marked)
    shot(page, "layoff-marked-shown-small")
    press(page, "[data-meld='2'] .meld-hit")
    expect(page.locator("[data-meld='2'] [data-code='TH']")).to_have_count(1)
    assert page.problems == []


def test_a_last_tile_that_would_join_a_meld_is_kept_to_discard_and_lay_off_says_so(
    browser, site_url
):
    # Red 9 would end red 10-12, but it is the last tile, kept to discard: no meld is marked,
    # Discard is the turn's main button, and Lay off says why before any refusal.
    mine = ["R10", "R11", "R12", "B11", "B12", "B13", "K11", "Y11", "R11", "R9"]
    g = rummy.new_game("rummy101", players=2, seed=1, deal=dealt("rummy101", [mine, []], [10, 21]))
    g.apply({"type": "meld", "melds": [mine[0:3], mine[3:6], mine[6:9]]})
    page = new_page(browser, "phone")
    open_position(page, site_url, g)
    press(page, "#hand button[data-code='R9']")
    expect(page.locator("#btn-layoff")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#table .act.primary")).to_have_text("Discard")
    expect(page.locator(".meld.targetable")).to_have_count(0)
    press(page, "#btn-layoff", dimmed=True)
    expect(page.locator(".msg.info")).to_have_text(
        "Keep one tile to discard: you cannot lay down your last tile."
    )
    expect(page.locator("#table [role=alert]")).to_have_count(0)  # said, not refused
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
    page = new_page(browser, "small")
    open_position(page, site_url, g)
    page.evaluate("window.scrollTo(0, 0)")
    # Red 9 selected, the joker it may take is marked, and Lay off (it fits no meld) says so,
    # and shows the joker, under the hand's panel at 360 × 640.
    press(page, "#hand button[data-code='R9']")
    expect(page.locator(".swap-target.swappable")).to_have_attribute("data-drop", "joker:1")
    expect(page.locator("#btn-layoff")).to_have_attribute("aria-disabled", "true")
    marked_joker = ["#table .swappable", False]
    assert not page.evaluate(ABOVE_PANEL, marked_joker)
    page.locator("#btn-layoff").dispatch_event("click")
    expect(page.locator(".msg.info")).to_have_text(
        "Tap the marked joker: the selected tile takes its place."
    )
    page.wait_for_function(ABOVE_PANEL, arg=marked_joker)
    shot(page, "joker-swappable-small")
    press(page, "#hand button[data-code='R9']")
    expect(page.locator(".swap-target.swappable")).to_have_count(0)
    joker = box_of(page, "[data-drop='joker:1']")
    drag(page, "#hand button[data-code='R9']", joker)
    expect(page.locator("[data-meld='1'] [data-code='R9']")).to_have_count(1)
    expect(page.locator("#hand button[data-code='JK']")).to_have_count(1)
    assert page.problems == []
