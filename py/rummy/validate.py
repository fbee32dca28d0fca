"""Checks that a saved state is a game this engine could have produced (used by `load`).

Saved games come back from local storage and from links, where they may be damaged, edited or
from another version, or crafted. This is the one place every state from outside is checked
(`rummy.load`, storage through the page's `load`, and every link). Every check names what is
wrong; nothing is repaired silently:

* every field's type and range, no unknown fields, every integer exact in JavaScript
  (|n| <= 2**53 - 1) and within the bounds of `limits` (hand and log sizes, rounds);
* conservation: every card or tile of the set is in exactly one place;
* what the rules derive is what they would derive: each finished round's points, values and
  statuses are the scoring rules' for its hands, the scores are the sum of the rounds' points,
  there is one result per finished round, and `game_over`/`winners` say exactly whether and
  by whom the match was won.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import cards, melds, rng, scoring, tiles, variants
from .constants import ALL_ROUND_KINDS, NO_WINNER_KINDS, ROUND_KINDS, STATE_KEYS, STATE_VERSION
from .errors import IllegalMove, InvalidState
from .limits import MAX_LOG, MAX_ROUNDS, MAX_SAFE_INT, MAX_TILE_HAND


def _fail(why: str) -> None:
    raise InvalidState(f"This saved game cannot be used: {why}")


def _int(value: Any, name: str, low: int = 0, high: int = MAX_SAFE_INT) -> int:
    """A whole number in ``[low, high]``; ``high`` defaults to JavaScript's exact range."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = repr(value) if not isinstance(value, int) or abs(value) < 10**15 else "too large"
        _fail(f"'{name}' is {shown}")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        _fail(f"'{name}' is not a list" + (f" of {length}" if length is not None else ""))
    return value


def check_state(s: Any, nested: bool = False) -> None:
    if not isinstance(s, dict):
        _fail("it is not an object")
    if s.get("version") != STATE_VERSION:
        _fail(f"it was saved by another version of the game ({s.get('version')!r})")
    missing = [k for k in STATE_KEYS if k not in s]
    if missing:
        _fail(f"'{missing[0]}' is missing")
    extra = sorted(set(s) - set(STATE_KEYS), key=str)
    if extra:
        _fail(f"it holds an unknown field {extra[0]!r}")
    try:
        v = variants.get(s["variant"])
        n = variants.check_players(v, s["players"])
        if variants.fill_options(v, n, s["options"]) != s["options"]:
            _fail("its options are not complete")
    except IllegalMove as err:
        _fail(str(err))
    _int(s["seed"], "seed", 0, rng.MAX_SEED - 1)
    _int(s["round"], "round", 1, MAX_ROUNDS)
    _int(s["first"], "first", 0, n - 1)
    _int(s["current"], "current", 0, n - 1)
    _int(s["turn"], "turn", 0)
    _int(s["next_id"], "next_id", 1)
    _int(s["renewals"], "renewals", 0)
    _int(s["plays"], "plays", 0)
    for score in _list(s["scores"], "scores", n):
        _int(score, "scores", -MAX_SAFE_INT)
    if s["phase"] not in ("draw", "play"):
        _fail(f"'phase' is {s['phase']!r}")
    for flag in ("game_over", "round_over", "taken_used"):
        if not isinstance(s[flag], bool):
            _fail(f"'{flag}' is {s[flag]!r}")
    check = tiles.check if v.uses_tiles else cards.parse
    hands = _list(s["hands"], "hands", n)
    pieces: list[str] = []
    try:
        for hand in hands:
            for code in _list(hand, "hands"):
                check(code)
            if v.uses_tiles and len(hand) > MAX_TILE_HAND:
                _fail(f"a rack holds {len(hand)} tiles (at most {MAX_TILE_HAND})")
            pieces += hand
        for name in ("stock", "discard"):
            for code in _list(s[name], name):
                check(code)
            pieces += s[name]
        ids = set()
        for m in _list(s["table"], "table"):
            if not isinstance(m, dict) or set(m) != {"id", "owner", "kind", "cards"}:
                _fail("a meld on the table is malformed")
            ids.add(_int(m["id"], "meld id", 1, s["next_id"] - 1))
            _int(m["owner"], "meld owner", 0, n - 1)
            if m["kind"] not in (melds.SET, melds.RUN, melds.PAIR):
                _fail(f"a meld is of kind {m['kind']!r}")
            made = (
                melds.check_tiles(m["cards"], m["kind"])
                if v.uses_tiles
                else melds.check_cards(
                    m["cards"], s["options"].get("ace_high_or_low", False), m["kind"]
                )
            )
            if list(made.codes) != m["cards"]:
                _fail(f"meld {m['id']} is not written as the engine writes it")
            pieces += [tiles.base(c) for c in m["cards"]] if v.uses_tiles else m["cards"]
        if len(ids) != len(s["table"]):
            _fail("two melds share an id")
    except IllegalMove as err:
        _fail(str(err))
    want = Counter(v.deck())
    if v.uses_tiles:
        used = _list(s["button_used"], "button_used", n)
        want[tiles.JOKER] += sum(1 for u in used if u is True)
        for count in _list(s["accounts"], "accounts", n):
            _int(count, "accounts")
        _list(s["last_discards"], "last_discards", n)
        th = s["thresholds"]
        if not isinstance(th, dict) or set(th) != {"points", "pairs"}:
            _fail("'thresholds' is malformed")
        _int(th["points"], "thresholds", 1)
        _int(th["pairs"], "thresholds", 1)
        for o in _list(s["opened"], "opened", n):
            if o not in (None, "melds", "pairs"):
                _fail(f"'opened' holds {o!r}")
    else:
        for o in _list(s["opened"], "opened", n):
            if not isinstance(o, bool):
                _fail(f"'opened' holds {o!r}")
    if Counter(tiles.base(p) if v.uses_tiles else p for p in pieces) != want:
        _fail(f"its {'tiles' if v.uses_tiles else 'cards'} do not add up to one full set")
    for fp in _list(s["first_play"], "first_play", n):
        if fp is not None:
            _int(fp, "first_play")
    if len(_list(s["log"], "log")) > MAX_LOG:
        _fail(f"its round's log holds more than {MAX_LOG:,} events")
    if len(_list(s["history"], "history")) > MAX_ROUNDS:
        _fail(f"it holds more than {MAX_ROUNDS} finished rounds")
    try:
        for event in _list(s["log"], "log"):
            _check_event(event, n, check)
        for result in _list(s["history"], "history"):
            _check_result(result, n, check)
        if s["round_result"] is not None:
            _check_result(s["round_result"], n, check)
    except IllegalMove as err:
        _fail(str(err))
    if s["round_over"] != (s["round_result"] is not None):
        _fail("'round_over' and 'round_result' disagree")
    _check_turn_fields(s, v, n, check)
    _check_match(s, v, n)
    if s["undo"] is not None:
        if nested:
            _fail("its take-back snapshot is nested")
        check_state(s["undo"], nested=True)


_STATUS = {"winner", "loser", "none", "not_opened", "opened_melds", "opened_pairs"}


def _codes(value: Any, name: str, check: Any) -> None:
    for code in _list(value, name):
        check(code)


def _check_event(e: Any, n: int, check: Any) -> None:
    """A log entry is shown to every player: it must be one the engine writes."""
    if not isinstance(e, dict):
        _fail("a log entry is not an object")
    kind = e.get("type")
    if kind == "round_end":
        if e.get("seat") is not None:
            _int(e.get("seat"), "log seat", 0, n - 1)
        if e.get("kind") not in ALL_ROUND_KINDS:
            _fail("a log entry names an unknown round end")
        return
    _int(e.get("seat"), "log seat", 0, n - 1)
    fields = {"seat", "type"}
    if kind == "draw":
        if e.get("source") not in ("stock", "discard", "joker"):
            _fail("a log entry draws from nowhere")
        if e["source"] == "discard":
            check(e.get("card"))
            fields.add("card")
        fields.add("source")
    elif kind == "meld":
        for group in _list(e.get("melds"), "log melds"):
            _codes(group, "log melds", check)
        for meld_id in _list(e.get("ids"), "log ids"):
            _int(meld_id, "log ids", 1)
        fields |= {"melds", "ids"}
    elif kind == "layoff":
        _int(e.get("meld"), "log meld", 1)
        _codes(e.get("cards"), "log cards", check)
        fields |= {"meld", "cards"}
    elif kind == "swap_joker":
        _int(e.get("meld"), "log meld", 1)
        check(e.get("tile"))
        fields |= {"meld", "tile"}
    elif kind == "discard":
        check(e.get("card"))
        fields.add("card")
    elif kind in ("rebuild", "turnover"):
        _int(e.get("stock"), "log stock", 0)
        fields.add("stock")
    else:
        _fail(f"a log entry is of unknown type {kind!r}")
    if set(e) != fields:
        _fail(f"a {kind} log entry holds other fields")


def _check_result(r: Any, n: int, check: Any) -> None:
    if not isinstance(r, dict) or set(r) != {
        "winner",
        "kind",
        "round",
        "points",
        "values",
        "status",
        "hands",
    }:
        _fail("a round result is malformed")
    if r["winner"] is not None:
        _int(r["winner"], "round winner", 0, n - 1)
    if r["kind"] not in ALL_ROUND_KINDS:
        _fail(f"a round ended in an unknown way ({r['kind']!r})")
    _int(r["round"], "round result", 1, MAX_ROUNDS)
    for name in ("points", "values"):
        for number in _list(r[name], name, n):
            _int(number, name, -MAX_SAFE_INT)
    for status in _list(r["status"], "status", n):
        if status not in _STATUS:
            _fail(f"a round result holds the status {status!r}")
    for hand in _list(r["hands"], "hands", n):
        _codes(hand, "round result hands", check)


def _check_turn_fields(s: dict, v: variants.Variant, n: int, check: Any) -> None:
    """The fields of the turn in progress: only values the engine writes."""
    if s["drawn"] not in (None, "stock", "discard", "joker"):
        _fail(f"'drawn' is {s['drawn']!r}")
    if s["phase"] == "draw" and s["drawn"] is not None:
        _fail("a seat that has not drawn yet has 'drawn' set")
    try:
        if s["taken"] is not None:
            check(s["taken"])
    except IllegalMove as err:
        _fail(str(err))
    if s["discard_by"] is not None:
        _int(s["discard_by"], "discard_by", 0, n - 1)
    if len(s["log"]) < s["turn"]:
        _fail("'turn' is ahead of the round's log")
    for fp in s["first_play"]:
        if fp is not None:
            _int(fp, "first_play", 0, s["turn"])
    renewals = {"end": 0, "turnover": 1, "rebuild": s["options"].get("max_rebuilds")}
    cap = renewals[v.stock_end]  # rummy101 never renews; rummy200 turns over once
    if cap is not None and s["renewals"] > cap:
        _fail(f"'renewals' is {s['renewals']} (at most {cap})")
    if v.uses_tiles:
        _check_tile_fields(s, check)
        return
    for name in ("thresholds", "button_used", "last_discards", "accounts"):
        if s[name] is not None:
            _fail(f"'{name}' belongs to Rummy 101 only")


def _check_tile_fields(s: dict, check: Any) -> None:
    """rummy101's joker button and last discards: what the game gave and what was played."""
    allowed = s["options"]["joker_accounts"]
    for seat, (used, left) in enumerate(zip(s["button_used"], s["accounts"], strict=True)):
        if not isinstance(used, bool) or (used and not s["options"]["joker_button"]):
            _fail(f"'button_used' holds {used!r}")
        if left > allowed[seat]:
            _fail("a joker account holds more than the game gave it")
    try:
        for code in s["last_discards"]:
            if code is not None:
                check(code)
    except IllegalMove as err:
        _fail(str(err))


def _check_match(s: dict, v: variants.Variant, n: int) -> None:
    """The match so far is what the rules derive from its finished rounds: one result per
    finished round, each scored by the rules from its own hands, the scores their sum, and
    `game_over`/`winners` exactly the match's end — a state cannot carry invented numbers."""
    history = s["history"]
    if len(history) != s["round"] - 1 + (1 if s["round_over"] else 0):
        _fail("its finished rounds do not match its round number")
    totals = [0] * n
    for i, result in enumerate(history):
        if result["round"] != i + 1:
            _fail(f"its finished rounds are out of order (round {i + 1})")
        _check_scored(result, s, v, n)
        totals = [a + b for a, b in zip(totals, result["points"], strict=True)]
    if s["scores"] != totals:
        _fail("its scores are not the sum of the points of its finished rounds")
    if s["round_over"] and s["round_result"] != history[-1]:
        _fail("its round result is not its last finished round")
    winners = (
        scoring.match_winners(s["options"], s["round"], s["scores"]) if s["round_over"] else None
    )
    if s["game_over"] != (winners is not None):
        _fail("'game_over' does not say whether the match is over")
    if s["winners"] != winners:
        _fail("'winners' are not the seats that won the match")


def _check_scored(result: dict, s: dict, v: variants.Variant, n: int) -> None:
    """A finished round as the rules would have scored it from its hands."""
    winner, kind, hands = result["winner"], result["kind"], result["hands"]
    if kind not in ROUND_KINDS[v.id] or (winner is None) != (kind in NO_WINNER_KINDS):
        _fail(f"round {result['round']} ended in a way this game does not end ({kind!r})")
    if winner is not None and hands[winner]:
        _fail(f"round {result['round']}'s winner still holds cards")
    left = Counter(tiles.base(c) if v.uses_tiles else c for hand in hands for c in hand)
    most = Counter(v.deck())
    if v.uses_tiles:
        most[tiles.JOKER] += n  # one from each seat's joker button
    if left - most:
        _fail(f"round {result['round']}'s hands hold more than the set has")
    opened = None
    if v.uses_tiles:
        statuses = result["status"]
        if winner is not None and statuses[winner] != "winner":
            _fail(f"round {result['round']}'s result is malformed")
        try:
            opened = [
                None if seat == winner else scoring.OPENED_FOR_STATUS[statuses[seat]]
                for seat in range(n)
            ]
        except KeyError:
            _fail(f"round {result['round']}'s result is malformed")
    again = scoring.round_result(v.id, s["options"], winner, kind, opened, hands, result["round"])
    if again != result:
        _fail(f"round {result['round']}'s points are not what the rules give for its hands")
