"""'Your games' on the start screen (web/ui/games-view.js): every game in progress is listed
and can be continued or deleted (after a confirmation); everything exports to a JSON file and
imports on another device; a finished match shows among finished games and in the rule set's
statistics."""

from __future__ import annotations

import json
import re

from fixtures.table_driver import (
    axe_violations,
    choose_game,
    expect,
    hand,
    make_a_move,
    new_page,
    open_app,
    play_round,
    press,
    sheet_rows,
    shot,
    start,
    to_your_games,
)

GAMES = ".resume .game-item"


def reload(page) -> None:
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")


def key_of(page, text: str) -> str:
    return page.locator(GAMES, has_text=text).get_attribute("data-key")


def two_games(page) -> None:
    """A classic Rummy game, then (back to the start screen) a Rummy 101 game, a move played
    in each; then a reload, so the list is read back from storage."""
    choose_game(page, "basic", 2)
    start(page)
    make_a_move(page)
    to_your_games(page)
    choose_game(page, "rummy101", 2)
    start(page)
    make_a_move(page)
    to_your_games(page)
    reload(page)


def test_every_game_in_progress_is_listed_and_the_older_one_continues(browser, site_url):
    page = new_page(browser, "phone")
    open_app(page, site_url, "?seed=7&speed=instant")
    two_games(page)
    expect(page.locator(GAMES)).to_have_count(2)
    # Newest first; both are waiting for this player.
    expect(page.locator(GAMES).first).to_contain_text("Rummy 101")
    expect(page.locator(GAMES).nth(1)).to_contain_text("Classic Rummy")
    expect(page.locator(GAMES).nth(1)).to_contain_text("Your turn")
    expect(page.locator(GAMES).nth(1)).to_contain_text(
        "A match of Classic Rummy is in progress (round 1)."
    )
    shot(page, "games-in-progress-phone")
    assert axe_violations(page) == []  # names, headings, contrast (light mode)
    older = key_of(page, "Classic Rummy")
    press(page, f".resume button[data-key='{older}']")
    expect(page.locator("#table")).to_have_class(re.compile(r"\bv-basic\b"))
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    assert len(hand(page)) == 11  # ten dealt and the one drawn before the reload
    assert page.problems == []


def test_a_game_is_deleted_only_after_the_confirmation(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    two_games(page)
    key = key_of(page, "Rummy 101")
    # Back to that game and out again: the start screen says it is kept.
    press(page, f".resume button[data-key='{key}']")
    expect(page.locator("#table")).to_be_visible()
    to_your_games(page)
    expect(page.locator("#start-notice")).to_contain_text("The match is kept")
    press(page, f".resume button[data-fk='delete-{key}']")
    expect(page.locator(".game-buttons.confirm")).to_contain_text("Delete this game for good?")
    # The confirmation's safe answer takes the Delete button's place (and focus).
    expect(page.locator(f"[data-fk='delete-{key}']")).to_have_text("Keep")
    expect(page.locator(f"[data-fk='delete-{key}']")).to_be_focused()
    press(page, f"[data-fk='delete-{key}']")
    expect(page.locator(GAMES)).to_have_count(2)
    press(page, f".resume button[data-fk='delete-{key}']")
    press(page, f"[data-fk='delete-yes-{key}']")
    expect(page.locator(GAMES)).to_have_count(1)
    expect(page.locator("#data-message")).to_have_text("The game was deleted.")
    # Deleted, it is kept no more: the start screen says only what happened last, and in the
    # language the person turns to now.
    expect(page.locator("#start-notice")).to_have_count(0)
    page.select_option("#lang-select", "ro")
    expect(page.locator("#data-message")).to_have_text("Jocul a fost șters.")
    page.select_option("#lang-select", "en")
    # A deletion is old news once another game has been played: back from it, the start screen
    # says only that this one is kept.
    start(page)
    to_your_games(page)
    expect(page.locator("#start-notice")).to_contain_text("The match is kept")
    expect(page.locator("#data-message")).to_have_count(0)
    reload(page)
    expect(page.locator(GAMES)).to_have_count(2)
    expect(page.locator(GAMES).nth(1)).to_contain_text("Classic Rummy")
    assert page.problems == []


def test_export_then_import_on_another_device_restores_the_games(browser, site_url, tmp_path):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=7&speed=instant")
    choose_game(page, "basic", 2)
    start(page)
    make_a_move(page)
    held = sorted(c for _, c in hand(page))
    to_your_games(page)
    with page.expect_download() as got:
        press(page, "#export-data")
    download = got.value
    assert re.fullmatch(r"rummy-games-\d{4}-\d\d-\d\d\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "rummy-export" and len(data["games"]) == 1
    expect(page.locator("#data-message")).to_contain_text(download.suggested_filename)
    # One piece of news at a time: "the match is kept", said on leaving the table, is older.
    expect(page.locator("#start-notice")).to_have_count(0)

    other = new_page(browser, "phone")  # a fresh context: nothing stored
    open_app(other, site_url, "?seed=7&speed=instant")
    expect(other.locator(GAMES)).to_have_count(0)
    bad = tmp_path / "not-an-export.json"
    bad.write_text('{"hello": "world"}', encoding="utf-8")
    other.set_input_files("#import-file", str(bad))
    expect(other.locator("#data-message")).to_have_text(
        "Nothing was imported: this is not a file exported from this game, or it is damaged."
    )
    other.set_input_files("#import-file", str(path))
    expect(other.locator("#data-message")).to_contain_text("Imported: 1 game in progress")
    expect(other.locator(GAMES)).to_have_count(1)
    expect(other.locator(".resume")).to_contain_text("Classic Rummy")
    press(other, ".resume button")
    expect(other.locator("#table")).to_have_attribute("data-phase", "play")
    assert sorted(c for _, c in hand(other)) == held
    assert page.problems == [] and other.problems == []


def test_a_finished_match_shows_in_finished_games_and_statistics(browser, site_url):
    page = new_page(browser, "desktop")
    open_app(page, site_url, "?seed=11&speed=instant&max_rebuilds=0")
    names = choose_game(page, "basic", 2, options={"goal": "hands", "hands": 1})
    start(page)
    play_round(page)
    rows = sheet_rows(page)
    mine = rows[0]
    won = "1" if mine["total"] == max(r["total"] for r in rows) else "0"
    press(page, "#to-start")
    finished = page.locator("#finished .finished-item")
    expect(finished).to_have_count(1)
    expect(finished).to_contain_text("Classic Rummy")
    for name in names:
        expect(finished).to_contain_text(name)
    expect(finished.locator(".winner")).not_to_have_count(0)
    expect(finished.locator(".winner").first).to_contain_text("(winner)")
    card = page.locator("#stats .stats-card[data-variant=basic]")
    expect(card.locator(".games dd")).to_have_text("1")
    expect(card.locator(".rounds dd")).to_have_text("1")
    expect(card.locator(".wins dd")).to_have_text(won)
    # One round: the average is this match's total and the best round its only round.
    expect(card.locator(".average dd")).to_have_text(f"{mine['total']:,}")
    expect(card.locator(".best-round dd")).to_have_text(f"{mine['points']:,}")
    expect(page.locator(GAMES)).to_have_count(0)  # no longer in progress
    page.locator("#your-games").scroll_into_view_if_needed()
    shot(page, "your-games-desktop")
    assert page.problems == []
