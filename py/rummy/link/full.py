"""Whole-game links: the match so far and the current round's moves, or a snapshot.

* **replay** (every game dealt from its seed, i.e. every game the app starts): the match so far
  (options, seed, scores, finished rounds) and the moves of the current round. The recipient
  deals the round from the seed and replays the moves through the rules, so the current round
  is rule-checked on arrival. Finished rounds travel as what the scoring rules need to score
  them again.
* **snapshot** (positions given with ``deal=``, whose deal the seed cannot rebuild): the state
  as compact JSON, its log event by event.

docs/LINKS.md "Full links".
"""

from __future__ import annotations

import json
from typing import Any

from .. import limits, rng, rules, scoring, variants
from ..constants import ROUND_KINDS, STATE_VERSION, TILE_STATUSES
from ..errors import IllegalMove
from ..validate import check_state
from .bits import BitReader, BitWriter, Malformed, get_value, put_value
from .codes import get_codes, get_event, put_action, put_codes, put_event
from .envelope import unwrap, wrap
from .errors import LinkError, guarded
from .replay import (
    MAX_ACTIONS,
    Replayer,
    actions_from_log,
    dealt,
    replay_actions,
    replayed_until,
    round_replayer,
    round_start,
)
from .summary import (
    KIND_MOVES,
    KIND_REPLAY,
    KIND_SNAPSHOT,
    get_summary,
    position,
    put_summary,
    summary_of,
)

OPENED_FOR_STATUS = scoring.OPENED_FOR_STATUS


def encode(state: dict) -> str:
    """The link for ``state`` (any state `rummy.load` accepts, mid-turn included)."""
    check_state(state)
    body = replay_body(state)
    if body is None:
        body = snapshot_body(state)
    return wrap(body)


def decode(text: str) -> dict:
    """The state a full link carries (`rummy.from_link` makes it a Game); LinkError (a
    ValueError) with a readable reason otherwise."""
    return decode_body(unwrap(text))


def decode_body(body: bytes) -> dict:
    """The state a full link's body leads to (a moves link's is refused)."""
    if body[0] == KIND_MOVES:
        raise LinkError(
            "This link carries only the latest moves: open it on the device that already "
            "holds this game, or ask for a full link"
        )
    return guarded(lambda: decode_full(body))


def decode_full(body: bytes) -> dict:
    """The state a full link's body (replay or snapshot) leads to, checked."""
    kind = body[0]
    r = BitReader(body[1:])
    summary = get_summary(r)
    if kind == KIND_SNAPSHOT:
        state = _read_snapshot(r)
        _check_dealt_from_seed(state)
    elif kind == KIND_REPLAY:
        state = _read_replay(r)
    else:
        raise Malformed(f"unknown kind {kind}")
    if summary != summary_of(state):
        raise LinkError(
            "This link does not lead to the game it describes — it was probably made by a "
            "different version of the game; update both devices, or ask for a new link"
        )
    check_state(state)
    return state


def _check_dealt_from_seed(state: dict) -> None:
    """Only round 1 can be laid out with ``deal=``; every later round is dealt from the seed
    (`Game.next_round`). A snapshot of a later round must be what its seed and moves give."""
    if state["round"] == 1:
        return
    start = round_replayer(state)
    if start is None or replayed_until(state, position(state)) != state:
        raise LinkError(
            f"This link holds a round {state['round']} that was not dealt from its seed "
            "(only a first round can be set up by hand): it was not made by this game"
        )


def snapshot_body(state: dict) -> bytes:
    """The state as JSON, except its log (and the take-back snapshot's copy of it), which is
    coded event by event: the log is what grows as a round goes on."""
    w = BitWriter()
    put_summary(w, state)
    rest = dict(state)
    log = rest.pop("log")
    v = variants.BY_ID[state["variant"]]
    w.choice(variants.VARIANTS.index(v.id), len(variants.VARIANTS))
    w.uint(state["players"])
    undo = state["undo"]
    shared = isinstance(undo, dict) and undo.get("log") == log[: len(undo.get("log") or [])]
    w.flag(shared)
    if shared:
        rest["undo"] = {k: x for k, x in undo.items() if k != "log"}
        w.uint(len(undo["log"]))
    w.uint(len(log))
    prev = None
    for event in log:
        put_event(w, event, v, state["players"], prev)
        prev = event
    text = json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    return bytes([KIND_SNAPSHOT]) + w.getvalue() + text.encode()


def _read_snapshot(r: BitReader) -> dict:
    v = variants.BY_ID[variants.VARIANTS[r.choice(len(variants.VARIANTS))]]
    n = r.uint(16)
    shared = r.flag()
    undo_log = r.uint(MAX_ACTIONS) if shared else 0
    log: list = []
    for _ in range(r.count(3, limit=MAX_ACTIONS)):
        log.append(get_event(r, v, n, log[-1] if log else None))
    try:
        state = limits.loads(r.rest_bytes().decode(), "This link")
    except limits.TooDeep as err:
        raise LinkError(str(err)) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Malformed("its game is not readable JSON") from None
    if not isinstance(state, dict) or "log" in state:
        raise Malformed("its game is not an object")
    if state.get("variant") != v.id or state.get("players") != n:
        raise Malformed("its parts name different games")
    state["log"] = log
    if shared:
        if not isinstance(state.get("undo"), dict) or undo_log > len(state["log"]):
            raise Malformed("its take-back snapshot is malformed")
        state["undo"]["log"] = rules.copy_state(state["log"][:undo_log])
    check_state(state)
    return state


def replay_body(state: dict) -> bytes | None:
    """The compact body (match so far + this round's moves), or None if the seed cannot
    rebuild this round (a position given with ``deal=``) or anything does not replay exactly."""
    pre = round_start(state)
    actions = actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    w = BitWriter()
    put_summary(w, state)
    try:
        put_match(w, pre)
        rp = Replayer(dealt(pre))
        w.uint(len(actions))
        for action in actions:
            put_action(w, rp.s, action)
            rp.play(action)
    except (ValueError, KeyError, TypeError):  # IllegalMove is a ValueError
        return None
    if rp.state() != state:
        return None
    return bytes([KIND_REPLAY]) + w.getvalue()


def _read_replay(r: BitReader) -> dict:
    pre = _get_match(r)
    start = dealt(pre)
    check_state(start)  # the match part is sound before any move is played on it
    rp = replay_actions(Replayer(start), r, r.count(1, limit=MAX_ACTIONS))
    r.finish()
    return rp.state()


def put_match(w: BitWriter, pre: dict) -> None:
    v = variants.BY_ID[pre["variant"]]
    w.choice(variants.VARIANTS.index(v.id), len(variants.VARIANTS))
    w.uint(pre["players"])
    put_value(w, pre["options"])
    w.bits(pre["seed"], 53)
    w.uint(pre["round"])
    w.choice(pre["first"], pre["players"])
    for score in pre["scores"]:
        w.sint(score)
    if v.uses_tiles:
        for count in pre["accounts"]:
            w.uint(count)
    w.uint(len(pre["history"]))
    for result in pre["history"]:
        _put_result(w, pre, result)


def _get_match(r: BitReader) -> dict:
    v = variants.BY_ID[variants.VARIANTS[r.choice(len(variants.VARIANTS))]]
    n = r.uint(16)
    try:
        variants.check_players(v, n)
        options = get_value(r)
        if variants.fill_options(v, n, options) != options:
            raise Malformed("its options are not complete")
    except IllegalMove as err:
        raise Malformed(str(err)) from None
    pre = {
        "version": STATE_VERSION,
        "variant": v.id,
        "players": n,
        "options": options,
        "seed": r.bits(53),
        "round": r.uint(1 << 20),
        "first": r.choice(n),
        "scores": [r.sint() for _ in range(n)],
        "accounts": [r.uint(1 << 20) for _ in range(n)] if v.uses_tiles else None,
        "game_over": False,
        "winners": None,
    }
    if pre["round"] < 1 or pre["seed"] >= rng.MAX_SEED:
        raise Malformed("its round is 0")
    pre["history"] = [_get_result(r, pre) for _ in range(r.count(4, limit=limits.MAX_ROUNDS))]
    return pre


def _put_result(w: BitWriter, pre: dict, result: dict) -> None:
    """A finished round as winner, kind, how each seat had opened and the hands left; the
    points are the scoring rules' (a result they do not give back exactly cannot be coded, and
    the state goes as a snapshot). So a link can only carry results the rules produce."""
    compact = _compact_result(pre, result)
    if compact is None:
        raise ValueError("a round result the scoring rules do not reproduce")
    n = pre["players"]
    uses_tiles = variants.BY_ID[pre["variant"]].uses_tiles
    kinds = ROUND_KINDS[pre["variant"]]
    winner, kind, _opened, hands = compact
    w.choice(n if winner is None else winner, n + 1)
    w.choice(kinds.index(kind), len(kinds))
    w.uint(result["round"])
    if uses_tiles:
        for seat in range(n):
            if seat != winner:
                w.choice(TILE_STATUSES.index(result["status"][seat]), 3)
    for hand in hands:
        put_codes(w, uses_tiles, hand)


def _compact_result(pre: dict, result: Any) -> tuple | None:
    try:
        n = pre["players"]
        winner, kind = result["winner"], result["kind"]
        if kind not in ROUND_KINDS[pre["variant"]] or (
            winner is not None and winner not in range(n)
        ):
            return None
        opened = None
        if pre["variant"] == "rummy101":
            opened = [
                None if seat == winner else OPENED_FOR_STATUS[result["status"][seat]]
                for seat in range(n)
            ]
        if _rebuild_result(pre, winner, kind, opened, result["hands"], result["round"]) != result:
            return None
        return winner, kind, opened, result["hands"]
    except (KeyError, TypeError, IndexError, ValueError):
        return None


def _rebuild_result(
    pre: dict, winner: int | None, kind: str, opened: list | None, hands: list, round_: int
) -> dict:
    return scoring.round_result(pre["variant"], pre["options"], winner, kind, opened, hands, round_)


def _get_result(r: BitReader, pre: dict) -> dict:
    n = pre["players"]
    uses_tiles = variants.BY_ID[pre["variant"]].uses_tiles
    kinds = ROUND_KINDS[pre["variant"]]
    seat = r.choice(n + 1)
    winner = None if seat == n else seat
    kind = kinds[r.choice(len(kinds))]
    round_ = r.uint(1 << 20)
    opened = None
    if uses_tiles:
        opened = [
            None if seat == winner else OPENED_FOR_STATUS[TILE_STATUSES[r.choice(3)]]
            for seat in range(n)
        ]
    hands = [get_codes(r, uses_tiles) for _ in range(n)]
    for hand in hands:
        for code in hand:
            if uses_tiles and code.startswith("JK="):
                raise Malformed("a pinned joker in a hand")
    return _rebuild_result(pre, winner, kind, opened, hands, round_)
