"""Play by link between devices (separate browser contexts): whole rounds passed from phone
to phone, computer seats played on the sender's device, the fair-deal invitation, and the
links a device must refuse (tampered, opened twice) while keeping its own copy of the game."""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

from fixtures.qr_read import decode, picture
from fixtures.table_driver import (
    BOOT_TIMEOUT_MS,
    axe_violations,
    choose_game,
    expect,
    hand,
    new_page,
    open_app,
    play_my_turn,
    press,
    seat_name,
    shot,
    start,
    wait_saved,
)

import rummy
from rummy import bots
from rummy import link as links


def wait_engine(page) -> None:
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS
    )


def game_text(url: str) -> str:
    """The engine's link inside a page URL (`#g=<link>&n=...`)."""
    fragment = urlsplit(url).fragment
    return fragment.split("&")[0].removeprefix("g=")


def sent_link(page) -> tuple[str, int]:
    """The link the dock offers, and the seat it is for."""
    page.wait_for_selector("#send-game", timeout=60_000)
    url = page.get_attribute("#send-game", "data-link")
    return url, int(page.get_attribute("#table", "data-current"))


def open_link(page, url: str, first_visit: bool = False) -> None:
    page.goto(url)
    if first_visit:
        wait_engine(page)
    page.wait_for_selector("#handoff, .msg.error, .msg.info", timeout=BOOT_TIMEOUT_MS)


def take_over(page, seat: int, replay: bool = False) -> str:
    """Take the turn as the seat's person, from what the screen shows: where the phone must ask
    ("Are you Bea?": another person's seat is kept here, or a first contact), say yes and read
    "so far"; on the seat's own phone the hand is there at once, with what the others did in
    the strip (a phone) and a Replay button by the link's message. Returns what happened since
    its turn, as read there."""
    page.wait_for_selector("#handoff, #table[data-my-turn=yes]")
    if page.locator("#handoff").count():
        since = pass_handoff(page, replay)
    else:
        since = page.inner_text("#since-strip") if page.locator("#since-strip").count() else ""
        if replay and page.locator("#since-replay").count():
            step_through_replay(page)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
    expect(page.locator("#table")).to_have_attribute("data-viewer", str(seat))
    return since


def pass_handoff(page, replay: bool) -> str:
    expect(page.locator("#hand button.in-hand")).to_have_count(0)  # nothing before the yes
    press(page, "#handoff-yes")
    page.wait_for_selector("#since, #table[data-my-turn=yes]")
    if not page.locator("#since").count():
        return ""
    assert page.locator("#since-lines li").count() >= 1
    since = page.inner_text("#since-lines")
    if replay:
        assert axe_violations(page) == [], "since your last turn"
        step_through_replay(page)
    else:
        press(page, "#since-done")
    return since


# The buttons among those matched whose label runs over more than one line.
ONE_LINE = """bs => bs.filter((b) => {
  const range = document.createRange();
  range.selectNodeContents(b);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((b) => b.textContent)"""


def step_through_replay(page) -> None:
    press(page, "#since-replay")
    expect(page.locator("#replay")).to_be_visible()
    assert axe_violations(page) == [], "replay"
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "no")
    # Whose turn it was at that move: nobody is waited for in a replay.
    replayed_turn = re.compile(r"^Replay: (your turn|.+’s turn)\.$")
    expect(page.locator("#turn-banner")).to_have_text(replayed_turn)
    steps = int(page.inner_text("#replay-text").split(" of ")[1].split(":")[0])
    # Its buttons keep their words on one line ("To the table" took two on a phone).
    assert page.eval_on_selector_all("#replay .btn", ONE_LINE) == [], "a label wraps"
    for _ in range(steps - 1):
        press(page, "#replay-next")
    expect(page.locator("#replay-next")).to_be_disabled()
    press(page, "#replay-done")


def pass_round(pages: dict, url: str, seat: int, first: set, checks=None, max_s: float = 900):
    """Send the game from device to device until a round ends. `first` holds the seats whose
    device has not seen the game yet. Returns (page where it ended, stats, links sent)."""
    stats = {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0, "since": []}
    sent = []
    deadline = time.monotonic() + max_s
    while time.monotonic() < deadline:
        page = pages[seat]
        # While the others play, the person looked at the seats at the top of the page.
        page.evaluate("scrollTo(0, 0)")
        open_link(page, url, first_visit=seat in first)
        first.discard(seat)
        sent.append((seat, url))
        if checks:
            checks(page, seat, url, stats)
        stats["since"].append(take_over(page, seat, replay=stats["turns"] == 3))
        stats["turns"] += 1
        play_my_turn(page, stats)
        # Then the computer seats this device plays: one of them may end the round.
        page.wait_for_selector("#send-game, html[data-screen=sheet]", timeout=60_000)
        if page.evaluate("document.documentElement.dataset.screen") == "sheet":
            return page, stats, sent
        url, seat = sent_link(page)
    raise AssertionError(f"the round did not end in {max_s}s: {stats}")


def take_first_hand(page) -> None:
    """Several people start on this device: the first hand waits, covered, for its person."""
    press(page, "#reveal")
    page.wait_for_selector("#table[data-my-turn=yes]")


def set_seats(page, kinds: list[str]) -> None:
    for i, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{i}", kind)


def test_a_rummy_101_round_passes_between_two_phones_with_a_computer_seat(browser, site_url):
    a = new_page(browser, "phone")
    b = new_page(browser, "small")  # 360 × 640: the short screen leaves least room above the hand
    open_app(a, site_url, "?seed=11&speed=instant")
    choose_game(a, "rummy101", 3)
    set_seats(a, ["human", "human", "easy"])
    # Two people start on phone A, so the first seat is not "You" there (nor in the links):
    # its field says so before the game starts.
    expect(a.locator("#seat-name-0")).to_have_attribute("placeholder", "Player 1")
    expect(a.locator("#seat-name-0")).to_have_value("")
    names = [seat_name(a, i) for i in range(3)]
    start(a)
    # Seat 0 plays here; then the dock offers the game to seat 1.
    take_first_hand(a)
    play_my_turn(a, {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0})
    url, seat = sent_link(a)
    assert seat == 1
    expect(a.locator("#send-game-text")).to_have_text(f"Your turn in Rummy 101 — {names[0]} played")
    shot(a, "link-dock-phone")
    assert links.inspect(game_text(url))["kind"] == "full"  # seat 1 has no copy yet

    kinds = []

    def checks(page, seat, url, stats):
        kind = links.inspect(game_text(url))["kind"]
        kinds.append(kind)
        if kind == "full":  # a first contact: anyone may have opened it, so the phone asks
            expect(page.locator("#handoff")).to_contain_text(f"Whose turn: {names[seat]}")
            return
        # The seat's own phone: the hand at once — no hand-off, no cover — and the check said.
        expect(page.locator("html")).to_have_attribute("data-screen", "table")
        expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
        expect(page.locator("#handoff")).to_have_count(0)
        expect(page.locator(".hand.covered")).to_have_count(0)
        expect(page.locator("#hand button.in-hand").first).to_be_visible()
        expect(page.locator("[data-msg=status]")).to_contain_text("legal")
        # The turn begins with what it needs in sight above the hand's panel: the banner whole
        # (scrolled down to the piles, 360 × 640 cut its first line off), the piles' cards.
        banner_top, piles_bottom, panel_top = page.evaluate(
            """() => { const box = (e) => e.getBoundingClientRect();
                const stacks = [...document.querySelectorAll('#table .pile-stack')];
                return [box(document.querySelector('.turn-banner')).top,
                    Math.max(...stacks.map((s) => box(s).bottom)),
                    box(document.querySelector('.my-area')).top]; }"""
        )
        where = (page.viewport_size, banner_top, piles_bottom, panel_top)
        assert banner_top >= 0 and piles_bottom <= panel_top, where
        if stats["turns"] == 2:
            # Its Replay button follows the words on their last line: on a line of its own it
            # made the message as tall as the piles, and pushed them under the hand.
            words_end, button_top = page.evaluate(
                """() => { const m = document.querySelector('[data-msg=status]');
                const words = document.createRange(); words.selectNodeContents(m.firstChild);
                return [words.getBoundingClientRect().bottom,
                        m.querySelector('#since-replay').getBoundingClientRect().top]; }"""
            )
            assert button_top < words_end, (words_end, button_top)
            shot(page, "link-own-phone")
            assert axe_violations(page) == [], "own phone"

    ended, stats, sent = pass_round({0: a, 1: b}, url, 1, {1}, checks)
    assert stats["discards"] >= 4, stats
    # After first contact every hop is a moves link of a few dozen characters.
    assert kinds[0] == "full" and set(kinds[1:]) == {"moves"}, kinds
    assert max(len(game_text(u)) for _, u in sent[1:]) < 120
    # The computer seat moved on the senders' devices, between the people's turns, and the
    # next person read its moves in "since your last turn".
    assert any(names[2] in text for text in stats["since"]), stats["since"][:3]
    # The round ended on one phone: its score sheet sends the result to the other.
    other_seat, other = (1, b) if ended is a else (0, a)
    box = ended.locator(f"#send-result-{other_seat}")
    expect(box).to_be_visible()
    headline = ended.inner_text("#sheet-headline")
    other.goto(box.get_attribute("data-link"))
    expect(other.locator("#score-sheet")).to_be_visible()
    expect(other.locator("#sheet-headline")).to_have_text(headline)
    expect(other.locator(".result-send")).to_have_count(0)  # it got the result: nothing to send
    # Each phone sees the result from its own seat; seat 1 plays first in round 2, on phone B.
    expect(a.locator("#table")).to_have_attribute("data-viewer", "0")
    expect(b.locator("#table")).to_have_attribute("data-viewer", "1")
    expect(b.locator("#sheet-next")).to_have_text("You play first in round 2.")
    expect(a.locator("#sheet-next")).to_have_text(
        f"{names[1]} plays first in round 2, on their own device: once they have the result, "
        "they start it there."
    )
    press(b, "#next-round")
    expect(b.locator("#table")).to_have_attribute("data-round", "2")
    expect(b.locator("#table")).to_have_attribute("data-my-turn", "yes")
    expect(b.locator("#table")).to_have_attribute("data-viewer", "1")
    assert a.problems == [] and b.problems == []


def bot_round(g: rummy.Game) -> rummy.Game:
    """Computer players play the round out."""
    turn = 0
    while not g.view(0)["round_over"]:
        seat = g.view(0)["current_player"]
        g.apply(bots.decide(g.view(seat), "medium", turn))
        turn += 1
    return g


def test_a_result_reaching_a_phone_without_the_game_is_seen_from_its_seat(browser, site_url):
    """The first link a phone gets may be a round's result (the round ended before its first
    turn): the link names the seat it was sent to, and the phone takes that seat."""
    g = bot_round(rummy.new_game("basic", 3, seed=5, options={"max_rebuilds": 1}))
    page = new_page(browser, "phone")
    page.goto(f"{site_url}#g={g.to_link()}&n=Ana,Bea,Cy&s=2")
    wait_engine(page)
    expect(page.locator("#score-sheet")).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-viewer", "2")
    expect(page.locator("#sheet-next")).to_have_text(
        "Bea plays first in round 2, on their own device: once they have the result, "
        "they start it there."
    )
    assert page.problems == []


def test_a_fair_deal_goes_round_three_phones_then_a_classic_round(browser, site_url):
    host, bea, cy = (new_page(browser, d) for d in ("desktop", "phone", "phone"))
    open_app(host, site_url, "?speed=instant&max_rebuilds=1")
    choose_game(host, "basic", 4)
    set_seats(host, ["human", "human", "easy", "human"])
    press(host, "#invite-game")  # "You" is everyone: the host must give a name first
    # Said under the field, which takes the focus: the invite button is a screen below it.
    expect(host.locator("#seat-error")).to_contain_text("Write your name for player 1")
    expect(host.locator("#seat-name-0")).to_be_focused()
    expect(host.locator("#seat-name-0")).to_have_accessible_description(
        "Write your name for player 1 first: the others will see who invites them."
    )
    # The names typed here travel with the invitation; Cy will call himself Cyrus on joining.
    for seat, name in ((0, "Hana"), (1, "Bea"), (3, "Cy")):
        host.fill(f"#seat-name-{seat}", name)
    names = {0: "Hana", 1: "Bea", 3: "Cyrus"}
    press(host, "#invite-game")
    expect(host.locator("#invite")).to_be_visible()
    expect(host.locator("#send-invite-title")).to_have_text("Send the invitation to Bea")
    expect(host.locator("#invite-status")).to_contain_text("Still to join: Bea and Cy.")
    url = host.get_attribute("#send-invite", "data-link")
    assert "#i=" in url

    # Bea joins under the name Hana gave her, and sends it on to the last person.
    bea.goto(url)
    wait_engine(bea)
    expect(bea.locator("#invite")).to_contain_text("Hana invites you to a game of Classic Rummy")
    expect(bea.locator("#invite-name")).to_have_value("Bea")
    bea.fill("#invite-name", " ")
    press(bea, "#invite-join")
    expect(bea.locator("#invite .msg.error")).to_contain_text("Write your name first")
    bea.fill("#invite-name", "Bea")
    press(bea, "#invite-join")
    expect(bea.locator("#send-invite-title")).to_have_text("Send the invitation to Cy")
    expect(bea.locator("#invite-status")).to_contain_text("Still to join: Cy.")
    url = bea.get_attribute("#send-invite", "data-link")
    shot(bea, "link-invite-one-missing-phone")
    assert axe_violations(bea) == [], "invitation"

    cy.goto(url)
    wait_engine(cy)
    expect(cy.locator("#invite-name")).to_have_value("Cy")
    cy.fill("#invite-name", "Cyrus")
    press(cy, "#invite-join")
    expect(cy.locator("#send-invite-title")).to_have_text("Send it back to Hana, who deals")
    expect(cy.locator("#invite-status")).to_contain_text("Everyone has joined")
    url = cy.get_attribute("#send-invite", "data-link")

    # Back at the host: the secret is revealed and the cards are dealt; Cy's new name is there.
    host.goto(url)
    host.wait_for_selector("#table", timeout=BOOT_TIMEOUT_MS)
    expect(host.locator("#table")).to_contain_text("Cyrus")
    pages = {0: host, 1: bea, 3: cy}
    if host.get_attribute("#table", "data-my-turn") == "yes":
        play_my_turn(host, {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0})
    url, seat = sent_link(host)
    proof_seen = []

    def checks(page, seat, url, stats):
        # Every seat's phone joined the invitation as that seat: no one is asked who they are.
        note = page.locator("[data-msg=status]")
        if "&f=" in url and seat not in proof_seen:
            proof_seen.append(seat)
            expect(note).to_contain_text("Fair deal checked")
        expect(page.locator("#handoff")).to_have_count(0)
        expect(page.locator("#table")).to_have_attribute("data-my-turn", "yes")
        expect(page.locator(".my-name")).to_have_text(names[seat])

    ended, stats, sent = pass_round(pages, url, seat, {1, 3}, checks)
    assert sorted(proof_seen) == [1, 3]
    assert stats["turns"] == len(sent) >= 3
    expect(ended.locator("#score-sheet")).to_be_visible()
    assert all(p.problems == [] for p in pages.values())


def test_refused_links_keep_the_copy_and_a_link_opens_offline(browser, site_url):
    a = new_page(browser, "desktop")
    b = new_page(browser, "phone")
    open_app(a, site_url, "?seed=5&speed=instant")
    choose_game(a, "basic", 2, bots=False)
    start(a)
    turn = {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0}
    take_first_hand(a)
    play_my_turn(a, turn)
    first, _ = sent_link(a)
    # No share sheet on this desktop: the button copies the message and the link.
    a.context.grant_permissions(["clipboard-read", "clipboard-write"])
    expect(a.locator("#send-game-btn")).to_have_text("Copy the link")
    press(a, "#send-game-btn")
    expect(a.locator("#send-game .send-status")).to_have_text("Copied: paste it in a message.")
    assert a.evaluate("navigator.clipboard.readText()").endswith(first)
    open_link(b, first, first_visit=True)
    take_over(b, 1)
    assert len(hand(b)) in (10, 11)
    play_my_turn(b, turn)
    back, _ = sent_link(b)
    wait_saved(b)

    # Device A: the moves link follows from its copy.
    open_link(a, back)
    expect(a.locator("[data-msg=status]")).to_contain_text("legal")
    expect(a.locator("#handoff")).to_have_count(0)  # A has only seat 0 of this game now
    take_over(a, 0)
    stored = """JSON.stringify(Object.entries(localStorage)
        .filter(([k]) => k.includes('.game.')).map(([, v]) => JSON.parse(v).state))"""
    wait_saved(a)
    before = a.evaluate(stored)

    # The same link again: already opened; the copy stays.
    open_link(a, back)
    expect(a.locator(".msg.info")).to_contain_text("already been opened")
    wait_saved(a)
    assert a.evaluate(stored) == before

    # The first link, older than A's copy: refused, the copy stays.
    open_link(a, first)
    expect(a.locator(".msg.info")).to_contain_text("older than the game on this device")
    assert a.evaluate(stored) == before

    # A changed character: refused with the reason.
    text = game_text(back)
    i = len(text) // 2
    bad = back.replace(text, text[:i] + ("A" if text[i] != "A" else "B") + text[i + 1 :])
    open_link(a, bad)
    expect(a.locator(".msg.error").first).to_contain_text("damaged")
    assert a.evaluate(stored) == before

    # Offline: B's phone, with the page closed, opens A's next link.
    play_my_turn(a, turn)
    nxt, _ = sent_link(a)
    b.goto("about:blank")
    b.context.set_offline(True)
    try:
        b.goto(nxt)
        wait_engine(b)
        b.wait_for_selector("#table[data-my-turn=yes]", timeout=BOOT_TIMEOUT_MS)
        expect(b.locator("[data-msg=status]")).to_contain_text("legal")
        take_over(b, 1)
    finally:
        b.context.set_offline(False)

    # A link of another game opens as a game of its own beside this one, which stays as it was.
    wait_saved(a)
    mine = a.evaluate(stored)
    other = rummy.new_game("basic", 2, seed=3)
    other.apply({"type": "draw", "source": "stock"})
    other.apply({"type": "discard", "card": other.view(0)["hand"][0]})
    open_link(a, f"{site_url}#g={other.to_link()}")
    take_over(a, 1)
    wait_saved(a)
    both = a.evaluate(stored)
    assert len(json.loads(both)) == 2 and all(s in json.loads(both) for s in json.loads(mine))
    assert a.problems == [] and b.problems == []


def test_a_link_opened_right_after_a_move_keeps_that_move(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=9&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    page.wait_for_selector("#table[data-my-turn=yes][data-phase=draw]")
    press(page, "#btn-draw")
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    phases = """Object.entries(localStorage).filter(([k]) => k.includes('.game.'))
        .map(([, v]) => JSON.parse(v).state).map((s) => s.variant + ':' + s.phase).sort()"""
    # The move is kept within a moment, not after a timer a link's page load would cut short.
    page.wait_for_function(f"() => {phases}.join() === 'basic:play'", timeout=300)
    other = rummy.new_game("rummy101", 2, seed=4).to_link()
    page.goto(f"{site_url}#g={other}")
    page.wait_for_selector("#handoff")
    wait_saved(page)
    assert page.evaluate(phases) == ["basic:play", "rummy101:play"]
    assert page.problems == []


def test_the_wrong_person_opening_a_link_is_offered_to_send_it_on(browser, site_url):
    a = new_page(browser, "desktop")
    b = new_page(browser, "phone")
    open_app(a, site_url, "?seed=5&speed=instant")
    names = choose_game(a, "basic", 2, bots=False)
    start(a)
    take_first_hand(a)
    play_my_turn(a, {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0})
    url, _ = sent_link(a)
    open_link(b, url, first_visit=True)
    press(b, "#handoff-no")
    # No hand shows; the game is kept, and this phone offers to send it on.
    expect(b.locator("#send-game-title")).to_have_text(f"Send the game to {names[1]}")
    expect(b.locator("#turn-banner")).to_contain_text(f"{names[1]} plays on another device")
    expect(b.locator("#hand button.in-hand")).to_have_count(0)
    assert game_text(b.get_attribute("#send-game", "data-link")) == game_text(url)
    assert a.problems == [] and b.problems == []


def test_a_phone_holding_another_persons_seat_still_asks(browser, site_url):
    """Ana and Cy pass phone A between them; Bea plays on phone B. Bea's link for Cy reaches A,
    which holds Ana's hand too: it asks who is there before showing Cy's. Bea's own phone,
    which only ever played Bea, never asks her again."""
    a = new_page(browser, "desktop")
    b = new_page(browser, "phone")
    open_app(a, site_url, "?seed=5&speed=instant")
    names = choose_game(a, "basic", 3, bots=False)
    start(a)
    turn = {"draws": 0, "melds": 0, "discards": 0, "refused": 0, "turns": 0}
    take_first_hand(a)
    play_my_turn(a, turn)
    url, seat = sent_link(a)
    assert seat == 1
    open_link(b, url, first_visit=True)
    take_over(b, 1)  # a first contact: B asks once
    play_my_turn(b, turn)
    url, seat = sent_link(b)
    assert seat == 2
    # While the game waits for Cy on another device, Bea keeps her hand in sight and the
    # link to send is where the actions were: one tap sends it.
    expect(b.locator(".hand.covered")).to_have_count(0)
    expect(b.locator("#hand button.in-hand").first).to_be_visible()
    expect(b.locator("#btn-draw")).to_have_count(0)
    shot(b, "link-send-own-phone")
    # Or Cy, at the same table, takes it with his camera: one tap shows the QR code.
    b.get_by_text("Show the QR code and the link").click()
    code = b.locator("#send-game .qr-code")
    expect(code).to_be_visible()
    code.scroll_into_view_if_needed()
    shot(b, "link-qr-phone")
    assert decode(picture(code)) == [url]

    open_link(a, url)
    expect(a.locator("#handoff")).to_contain_text(f"Whose turn: {names[2]}")
    expect(a.locator("#hand button.in-hand")).to_have_count(0)
    take_over(a, 2)
    play_my_turn(a, turn)
    # Ana's turn is next on A itself: pass the phone, then Ana plays and sends Bea the game.
    press(a, "#reveal")
    play_my_turn(a, turn)
    url, seat = sent_link(a)
    assert seat == 1
    open_link(b, url)
    expect(b.locator("#handoff")).to_have_count(0)
    expect(b.locator("#table")).to_have_attribute("data-my-turn", "yes")
    assert a.problems == [] and b.problems == []


def test_after_a_match_played_by_link_the_same_people_can_play_again(browser, site_url):
    """At the end of a match played by link, "Rematch" opens the start
    screen set up as that match was, this phone's person first, ready to invite the others."""
    g = bot_round(rummy.new_game("basic", 3, seed=5, options={"hands": 1, "max_rebuilds": 1}))
    assert g.view(0)["game_over"]
    page = new_page(browser, "phone")
    page.goto(f"{site_url}#g={g.to_link()}&n=Ana,Bea,Cy&s=2")
    wait_engine(page)
    expect(page.locator("#score-sheet")).to_be_visible()
    # The result came by link: sending it on is for the phone where the match ended.
    expect(page.locator(".result-send")).to_have_count(0)
    expect(page.locator("#new-match")).to_have_text("Rematch")
    press(page, "#new-match")
    expect(page.locator("#start")).to_be_visible()
    assert [page.input_value(f"#seat-name-{i}") for i in range(3)] == ["Cy", "Ana", "Bea"]
    assert page.input_value("#players") == "3"
    expect(page.locator("label.variant.chosen input[value=basic]")).to_have_count(1)
    expect(page.locator("#invite-game")).to_be_focused()  # the next step, brought into view
    expect(page.locator("#invite-game")).to_be_in_viewport()
    # The finished match is kept among this phone's games.
    expect(page.locator("#finished")).to_contain_text("Classic Rummy")
    assert page.problems == []
