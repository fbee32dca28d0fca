"""Every refusal a player can meet carries a code and JSON params (docs/WEBAPI.md "Refusal codes").

The page shows a refusal in the player's language from its code (`web/ui/refusals.js`,
catalogue keys `refusal.<code>`), so each refusal the table can meet is driven here through
`apply`, `next_round`, `new_game` or the protocol, and must come with the code it is listed
under. Together the scenarios reach every code the engine uses (grepped from `py/rummy`); the
catalogues are checked against the same list in tests/js/refusals.test.mjs.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

import rummy
from helpers import game, random_action
from rummy import IllegalMove, melds, webapi
from rummy.game import Game

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "py" / "rummy"

DRAW = {"type": "draw", "source": "stock"}
TAKE = {"type": "draw", "source": "discard"}
BUTTON = {"type": "draw", "source": "joker"}
RESET = {"type": "reset_turn"}
R10_12, B11_13, ELEVENS = ["R10", "R11", "R12"], ["B11", "B12", "B13"], ["K11", "Y11", "R11"]
OPENING = R10_12 + B11_13 + ELEVENS  # 33 + 36 + 33 = 102
PAIRS = [["R1", "R1"], ["K2", "K2"], ["B3", "B3"], ["Y4", "Y4"], ["R5", "R5"]]


def discard(code: str) -> dict:
    return {"type": "discard", "card": code}


def meld(*groups: list[str]) -> dict:
    return {"type": "meld", "melds": [list(g) for g in groups]}


def layoff(meld_id: object, codes: list[str]) -> dict:
    return {"type": "layoff", "meld": meld_id, "cards": codes}


def swap(meld_id: int, tile: str) -> dict:
    return {"type": "swap_joker", "meld": meld_id, "tile": tile}


def engine_codes() -> set[str]:
    """Every code="..." the engine's sources pass to IllegalMove or a webapi refusal."""
    found = set()
    for path in ENGINE.glob("*.py"):
        found.update(re.findall(r'\bcode="([a-z][a-z0-9_]*)"', path.read_text(encoding="utf-8")))
    return found


# -- the positions ------------------------------------------------------------------------


def basic(hand0, hand1=("2C", "3D"), stock=None, discard_pile=None, **kw) -> Game:
    return game("basic", [list(hand0), list(hand1)], stock, discard_pile, **kw)


def basic_drawn(hand0, **kw) -> Game:
    g = basic(hand0, stock=kw.pop("stock", ["QS"]), **kw)
    g.apply(DRAW)
    return g


def rummy101(hand0, hand1=("Y12", "B9", "K13"), **kw) -> Game:
    return game("rummy101", [list(hand0), list(hand1)], **kw)


def basic_round_over(target: int = 150) -> Game:
    g = basic(["7H", "8H", "9H"], stock=["TH"], options={"target": target})
    g.apply(DRAW)
    g.apply(meld(["7H", "8H", "9H"]))
    g.apply(discard("TH"))
    assert g.round_over
    return g


def opened_101() -> Game:
    """Seat 0 has opened with a run and a set holding jokers, and may play on."""
    hand = ["R11", "R12", "JK", "K11", "Y11", "JK", *B11_13, "R5", "B2", "Y9", "K7"]
    g = rummy101(hand)
    g.apply(meld(["R11", "R12", "JK"], ["K11", "Y11", "JK"], B11_13))  # 36 + 33 + 36
    return g


def opened_with_pairs() -> Game:
    g = rummy101([*(t for p in PAIRS for t in p), "K7", "K8", "K9", "B6", "Y13"])
    g.apply(meld(*PAIRS))
    return g


def seat1_took_the_discard() -> Game:
    g = rummy101(["R12", "K1", "K2"], ["R10", "R11", *B11_13, *ELEVENS, "Y5"], stock=["Y2"])
    g.apply(discard("R12"))
    g.apply(TAKE)
    return g


def discard_dealt_not_discarded() -> Game:
    # Only a dealt or loaded position has a discard pile whose top nobody discarded at the
    # moment a seat draws: Rummy 101 deals no pile, and its starting seat never draws.
    g = rummy101(["R12", "K1", "K2"], ["R10", "R11", "Y5"], discard=["Y9"])
    g.apply(discard("K1"))
    state = g.state()
    state["discard"], state["discard_by"] = ["Y9"], None
    state["hands"][0].append("K1")
    return Game(state)


def basic_stock_empty() -> Game:
    # The stock is renewed at the end of a turn, so an empty stock at a draw is a laid-out
    # position (every other card under the discard pile).
    return basic(["7H"], tail_discard=True)


def last_card_discard() -> Game:
    g = basic(["7H", "8H"], stock=["9H"], options={"last_card_discard": True})
    g.apply(DRAW)
    return g


def rummy200_before_own_meld() -> Game:
    hands = [["7C", "8C", "9C", "KD", "KH"], ["TC", "5D", "6D", "AS"], ["3C", "3D"], ["4C", "4D"]]
    g = game("rummy200", hands)
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard(g.hand(0)[-1]))
    g.apply(DRAW)
    return g


def all_of_red_and_a_joker() -> Game:
    return rummy101([f"R{n}" for n in range(1, 14)] + ["JK", "K1"])


# Each scenario: (code, what the player does). Scenarios for one code vary the rule set.
Scenario = Callable[[], object]
SCENARIOS: list[tuple[str, str, Scenario]] = [
    # -- the turn
    ("draw_first", "basic", lambda: basic(["7H"]).apply(discard("7H"))),
    (
        "draw_first",
        "rummy200",
        lambda: game("rummy200", [["7H"], ["8H"], ["9H"], ["TH"]]).apply(discard("7H")),
    ),
    ("already_drew", "basic", lambda: basic_drawn(["7H"]).apply(DRAW)),
    ("already_drew", "rummy101", lambda: seat1_took_the_discard().apply(DRAW)),
    ("first_turn_no_draw", "rummy101", lambda: rummy101(["R1"]).apply(DRAW)),
    ("stock_empty", "basic", lambda: basic_stock_empty().apply(DRAW)),
    ("discard_empty", "basic", lambda: basic(["7H"]).apply(TAKE)),
    ("discard_not_takeable", "rummy101", lambda: discard_dealt_not_discarded().apply(TAKE)),
    ("joker_button_off", "rummy101", lambda: _seat1_presses(options={})),
    ("joker_button_used", "rummy101", lambda: _button_twice()),
    (
        "joker_account_empty",
        "rummy101",
        lambda: _seat1_presses(options={"joker_button": True, "joker_accounts": [1, 0]}),
    ),
    ("not_in_hand", "basic", lambda: basic_drawn(["7H"]).apply(discard("KS"))),
    ("not_in_hand", "rummy101", lambda: rummy101(["R5", "K1"]).apply(meld(["R5", "R5", "R6"]))),
    ("discard_taken_card", "basic", lambda: _basic_took("7D").apply(discard("7D"))),
    ("use_taken_tile", "rummy101", lambda: seat1_took_the_discard().apply(discard("Y5"))),
    ("nothing_to_undo", "basic", lambda: basic_drawn(["7H"]).apply(RESET)),
    ("nothing_to_undo", "rummy101", lambda: rummy101(["R1"]).apply(RESET)),
    ("keep_one_card", "basic", lambda: last_card_discard().apply(meld(["7H", "8H", "9H"]))),
    ("keep_taken_card", "basic", lambda: _basic_took_with(["7H", "8H", "9H"], "KS")),
    ("keep_one_tile", "rummy101", lambda: rummy101(OPENING).apply(meld(R10_12, B11_13, ELEVENS))),
    ("round_over", "basic", lambda: basic_round_over().apply(DRAW)),
    ("match_over", "basic", lambda: basic_round_over(target=1).apply(DRAW)),
    ("match_over", "basic", lambda: basic_round_over(target=1).next_round()),
    ("round_in_play", "rummy101", lambda: rummy101(["R1"]).next_round()),
    # -- card melds
    ("meld_too_short", "basic", lambda: basic_drawn(["7H", "8H"]).apply(meld(["7H", "8H"]))),
    (
        "not_a_meld",
        "basic",
        lambda: basic_drawn(["7H", "8C", "KD"]).apply(meld(["7H", "8C", "KD"])),
    ),
    ("ace_low", "basic", lambda: basic_drawn(["QH", "KH", "AH"]).apply(meld(["QH", "KH", "AH"]))),
    ("run_wraps", "basic", lambda: basic_drawn(["KH", "AH", "2H"]).apply(meld(["KH", "AH", "2H"]))),
    ("run_gap", "rummy200", lambda: _rummy200_meld(["7H", "8H", "TH"])),
    ("does_not_fit", "basic", lambda: _basic_melded().apply(layoff(1, ["KS"]))),
    ("no_such_meld", "basic", lambda: _basic_melded().apply(layoff(9, ["KS"]))),
    ("meld_before_layoff", "rummy200", lambda: rummy200_before_own_meld().apply(layoff(1, ["TC"]))),
    # -- tile melds and the opening
    ("only_jokers", "rummy101", lambda: rummy101(["JK", "JK", "K1"]).apply(meld(["JK", "JK"]))),
    ("tile_meld_too_short", "rummy101", lambda: rummy101(["R1", "K1"]).apply(meld(["R1"]))),
    ("not_a_tile_meld", "rummy101", lambda: _101_meld(["R5", "K6", "B7"])),
    ("not_a_pair", "rummy101", lambda: _101_meld(["R5", "K5"])),
    ("pair_joker", "rummy101", lambda: _101_meld(["R5", "JK=K5"])),
    ("run_joker_colour", "rummy101", lambda: _101_meld(["R5", "R6", "JK=K7"])),
    ("run_repeats", "rummy101", lambda: _101_meld(["R5", "R5", "R6"])),
    ("tile_run_wraps", "rummy101", lambda: _101_meld(["R12", "R13", "R1"])),
    ("tile_run_gap", "rummy101", lambda: _101_meld(["R5", "R6", "R9"])),
    ("tile_run_gap", "rummy101", lambda: _101_meld(["R5", "JK", "R9"])),
    (
        "run_too_long",
        "rummy101",
        lambda: all_of_red_and_a_joker().apply(meld([f"R{n}" for n in range(1, 14)] + ["JK"])),
    ),
    ("tile_set_too_big", "rummy101", lambda: _101_meld(["R5", "K5", "B5", "Y5", "JK"])),
    ("set_repeats_colour", "rummy101", lambda: _101_meld(["R5", "R5", "K5"])),
    ("set_joker", "rummy101", lambda: _101_meld(["R5", "K5", "JK=R5"])),
    ("opening_mixed", "rummy101", lambda: opened_mixed()),
    (
        "opening_too_few_pairs",
        "rummy101",
        lambda: rummy101([t for p in PAIRS for t in p] + ["K9"]).apply(meld(*PAIRS[:4])),
    ),
    ("opening_too_small", "rummy101", lambda: _101_meld(["R1", "R2", "R3"])),
    (
        "taken_not_in_opening",
        "rummy101",
        lambda: seat1_took_the_discard().apply(meld(B11_13, ELEVENS)),
    ),
    ("pairs_only", "rummy101", lambda: opened_with_pairs().apply(meld(["K7", "K8", "K9"]))),
    (
        "pairs_not_yet",
        "rummy101",
        lambda: _opened_with_runs([*OPENING, "K2", "K2", "B1"]).apply(meld(["K2", "K2"])),
    ),
    ("pair_complete", "rummy101", lambda: opened_with_pairs().apply(layoff(1, ["B6"]))),
    ("open_first", "rummy101", lambda: _101_seat1_lays_off_unopened()),
    ("does_not_fit", "rummy101", lambda: opened_101().apply(layoff(3, ["Y9"]))),
    ("no_joker_in_meld", "rummy101", lambda: opened_101().apply(swap(3, "B2"))),
    ("swap_not_for_set", "rummy101", lambda: opened_101().apply(swap(2, "R5"))),
    ("not_the_jokers_tile", "rummy101", lambda: opened_101().apply(swap(1, "B2"))),
    # -- codes that are not codes: the page never sends them, the engine still names them
    ("not_a_card", "basic", lambda: basic_drawn(["7H"]).apply(discard("ZZ"))),
    ("not_a_tile", "rummy101", lambda: rummy101(["R1", "K1"]).apply(discard("Z9"))),
    ("bad_action", "basic", lambda: basic(["7H"]).apply({"type": "fly"})),
    ("bad_action", "basic", lambda: basic(["7H"]).apply(["draw"])),  # type: ignore[arg-type]
    ("bad_action", "basic", lambda: basic(["7H"]).apply({"type": "draw", "source": "sky"})),
    ("bad_action", "basic", lambda: basic(["7H"]).apply(BUTTON)),
    ("bad_action", "basic", lambda: basic_drawn(["7H"]).apply({"type": "meld", "melds": []})),
    ("bad_action", "basic", lambda: basic_drawn(["7H"]).apply(meld([]))),
    ("bad_action", "basic", lambda: _basic_melded().apply(layoff("one", ["KS"]))),
    ("bad_action", "basic", lambda: basic_drawn(["7H"]).apply(swap(1, "R5"))),
    # -- starting a game
    ("unknown_variant", "-", lambda: rummy.new_game("poker")),
    ("player_count", "rummy200", lambda: rummy.new_game("rummy200", players=3)),
    ("player_count", "basic", lambda: rummy.new_game("basic", players=7)),
    ("bad_option", "basic", lambda: rummy.new_game("basic", players="two")),  # type: ignore[arg-type]
    ("bad_option", "basic", lambda: rummy.new_game("basic", options={"target": 0})),
    ("bad_option", "basic", lambda: rummy.new_game("basic", options={"ace_high_or_low": "yes"})),
    ("bad_option", "basic", lambda: rummy.new_game("basic", options=[])),  # type: ignore[arg-type]
    ("bad_option", "basic", lambda: rummy.new_game("basic", options={"rounds": 3})),
    ("bad_option", "rummy101", lambda: rummy.new_game("rummy101", options={"threshold": "low"})),
    (
        "bad_option",
        "rummy101",
        lambda: rummy.new_game("rummy101", players=2, options={"joker_accounts": [1]}),
    ),
]

# The rules check these too, but a player's move never reaches them first: another check
# refuses it earlier (a hand never holds one card twice; a forced set or run only arises when
# laying off, which says "does not fit"). They are driven through `melds` directly.
ONLY_INSIDE_MELDS: list[tuple[str, Scenario]] = [
    ("same_card_twice", lambda: melds.check_cards(["7H", "7H", "8H"])),
    ("not_a_set", lambda: melds.check_cards(["7H", "8H", "9H"], kind="set")),
    ("not_a_run", lambda: melds.check_cards(["7H", "7D", "7C"], kind="run")),
    ("run_colours", lambda: melds.check_tiles(["R5", "K6", "B7"], kind="run")),
    ("not_a_tile_set", lambda: melds.check_tiles(["R5", "K6", "B7"], kind="set")),
]


# A card set of five always repeats a card, and "the same card twice" is said first; the code
# stays for the day a rule set plays with two decks.
NEVER_REACHED = {"set_too_big": "five cards of one rank repeat a suit"}


def _seat1_presses(options: dict) -> None:
    g = rummy101(["R1", "R2"], ["K5"], options=options)
    g.apply(discard("R1"))
    g.apply(BUTTON)


def _button_twice() -> None:
    g = rummy101(
        ["R1", "R2", "R3"],
        ["K5", "K6"],
        stock=["Y2", "Y3", "Y4"],
        options={"joker_button": True, "joker_accounts": [1, 1]},
    )
    g.apply(discard("R1"))
    g.apply(BUTTON)
    g.apply(discard("K5"))
    g.apply(DRAW)
    g.apply(discard("R2"))
    g.apply(BUTTON)


def _basic_took(card: str) -> Game:
    g = basic(["7H", "8H"], discard_pile=[card])
    g.apply(TAKE)
    return g


def _basic_took_with(hand: list[str], card: str) -> None:
    """Take `card` from the pile, then meld the whole hand: only `card` would be left."""
    g = basic(hand, discard_pile=[card])
    g.apply(TAKE)
    g.apply(meld(hand))


def _basic_melded() -> Game:
    g = basic_drawn(["7H", "8H", "9H", "KS", "2D"])
    g.apply(meld(["7H", "8H", "9H"]))
    return g


def _rummy200_meld(cards: list[str]) -> None:
    g = game("rummy200", [[*cards, "2S"], ["2C"], ["3C"], ["4C"]])
    g.apply(DRAW)
    g.apply(meld(cards))


def _101_meld(group: list[str]) -> None:
    hand = [code if not code.startswith("JK") else "JK" for code in group] + ["K1"]
    rummy101(hand).apply(meld(group))


def _opened_with_runs(hand: list[str]) -> Game:
    g = rummy101(hand)
    g.apply(meld(R10_12, B11_13, ELEVENS))
    return g


def opened_mixed() -> None:
    rummy101([*PAIRS[0], *R10_12, "K9"]).apply(meld(PAIRS[0], R10_12))


def _101_seat1_lays_off_unopened() -> None:
    g = rummy101([*OPENING, "Y7", "Y8"], ["R13", "K5", "K6"], stock=["Y2"])
    g.apply(meld(R10_12, B11_13, ELEVENS))
    g.apply(discard("Y7"))
    g.apply(DRAW)
    g.apply(layoff(1, ["R13"]))


def refusal(act: Scenario) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        act()
    return caught.value


def assert_coded(exc: IllegalMove, code: str) -> None:
    assert exc.code == code, f"{exc!s} carries {exc.code!r}, not {code!r}"
    assert re.fullmatch(r"[a-z][a-z0-9_]*", exc.code)
    assert isinstance(exc.params, dict)
    assert json.loads(json.dumps(exc.params, allow_nan=False)) == exc.params  # JSON as it is
    assert str(exc)  # the English message stays


@pytest.mark.parametrize(
    ("code", "variant", "act"),
    SCENARIOS,
    ids=[f"{c}-{v}-{i}" for i, (c, v, _) in enumerate(SCENARIOS)],
)
def test_a_refusal_at_the_table_carries_its_code(code, variant, act):
    assert_coded(refusal(act), code)


@pytest.mark.parametrize(("code", "act"), ONLY_INSIDE_MELDS, ids=[c for c, _ in ONLY_INSIDE_MELDS])
def test_meld_checks_carry_codes_too(code, act):
    assert_coded(refusal(act), code)


def test_params_name_the_pieces_by_their_engine_codes():
    exc = refusal(lambda: basic_drawn(["7H"]).apply(discard("KS")))
    assert exc.params == {"card": "KS", "count": 1}
    assert str(exc) == "You do not hold K♠"
    exc = refusal(lambda: _101_meld(["R5", "K6", "B7"]))
    assert exc.params == {"meld": ["R5", "K6", "B7"]}
    exc = refusal(lambda: _101_meld(["R5", "R6", "JK=K7"]))
    assert exc.params == {"meld": ["R5", "R6", "JK=K7"], "meaning": "K7"}
    exc = refusal(lambda: opened_101().apply(layoff(3, ["Y9"])))
    assert exc.params == {"cards": ["Y9"], "meld": ["B11", "B12", "B13"], "kind": "run"}
    exc = refusal(lambda: _101_meld(["R1", "R2", "R3"]))
    assert exc.params == {"total": 6, "need": 101}
    exc = refusal(lambda: rummy.new_game("rummy200", players=3))
    assert exc.params == {"variant": "rummy200", "players": 3, "allowed": [4]}


def test_every_code_the_engine_uses_is_met_by_a_scenario():
    reached = {c for c, _, _ in SCENARIOS} | {c for c, _ in ONLY_INSIDE_MELDS} | PROTOCOL_CODES
    assert engine_codes() == reached | set(NEVER_REACHED)


def test_random_play_meets_only_coded_refusals():
    """Seeded random players (mostly legal, sometimes not) in all three rule sets."""
    met: set[str] = set()
    for variant, players in (("basic", 3), ("rummy200", 4), ("rummy101", 2)):
        for seed in range(4):
            options = {"joker_button": True} if variant == "rummy101" else {}
            g = rummy.new_game(variant, players=players, seed=seed, options=options)
            r = random.Random(seed)
            for _ in range(400):
                if g.round_over:
                    break
                try:
                    g.apply(random_action(g, r))
                except IllegalMove as exc:
                    assert exc.code, f"{variant}: {exc!s} has no code"
                    assert_coded(exc, exc.code)
                    met.add(exc.code)
    assert len(met) >= 5, met  # the random players did meet refusals


# -- the protocol ------------------------------------------------------------------------

PROTOCOL_CODES = {"round_over", "not_your_turn"}


def test_the_protocols_own_refusals_have_codes():
    session = webapi.Session()

    def call(op: str, **args) -> dict:
        return json.loads(session.dispatch(json.dumps({"id": 1, "op": op, **args})))

    handle = call("new_game", variant="basic", players=2, seed=3)["result"]["game"]
    answer = call("apply", game=handle, seat=1, action=DRAW)
    assert (answer["kind"], answer["code"]) == ("illegal", "not_your_turn")
    assert answer["params"] == {"seat": 1, "current": 0}
    state = basic_round_over().state()
    handle = call("load", state=state)["result"]["game"]
    for op, args in (("apply", {"action": DRAW}), ("bot", {})):
        answer = call(op, game=handle, **args)
        if answer.get("kind") == "unavailable":
            continue
        assert (answer["kind"], answer["code"], answer["params"]) == ("illegal", "round_over", {})


# -- the page's sentences, checked in Node against the same codes ---------------------------


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_every_code_has_a_sentence_in_every_language(tmp_path):
    """tests/js/refusals.test.mjs: a `refusal.<code>` in en, he and ro for every engine code,
    the same {placeholders} everywhere, and each refusal met above rendered in words."""
    samples = []
    for _code, _variant, act in SCENARIOS:
        exc = refusal(act)
        samples.append({"code": exc.code, "params": exc.params, "message": str(exc)})
    for _code, act in ONLY_INSIDE_MELDS:
        exc = refusal(act)
        samples.append({"code": exc.code, "params": exc.params, "message": str(exc)})
    fixture = tmp_path / "refusals.json"
    fixture.write_text(
        json.dumps({"codes": sorted(engine_codes()), "samples": samples}), encoding="utf-8"
    )
    run = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js" / "refusals.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "REFUSAL_SAMPLES": str(fixture)},
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
    assert "# skipped 0" in run.stdout or "# skip 0" in run.stdout
