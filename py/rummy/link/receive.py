"""A link arriving on a device, with or without a stored copy (docs/LINKS.md "Receiving").

A moves link is played on the stored copy; a full link for a stored game must continue it (it
may only add moves: nothing this device already knows may change).
"""

from __future__ import annotations

from .. import rules
from ..errors import IllegalMove
from .bits import BitReader
from .envelope import unwrap
from .errors import AlreadyApplied, ForkedHistory, WrongGame, guarded
from .full import decode_body, decode_full
from .moves import apply_moves_body
from .replay import Replayer, actions_from_log, after_last_turn, round_start
from .summary import (
    KIND_MOVES,
    KIND_NAMES,
    KIND_SNAPSHOT,
    game_id,
    get_summary,
    position,
    short_hash,
)


def receive(stored_state: dict | None, text: str, seat: int | None = None) -> dict:
    """A link arriving on a device that holds ``stored_state`` (None: it holds no copy).

    Answers ``{"state": dict, "kind": "full"|"moves", "first_contact": bool, "since": int,
    "game_id": str, "verified_deal": bool}``, ``state`` being the game after the link.
    ``since`` is the index in the game's current-round log of the first event this device has
    not seen (for "what happened since your last turn"): the stored copy's log length when it
    is in the same round, else the event just after ``seat``'s last turn in this round (its
    discard, or the play that ended the round), else 0. ``seat`` defaults to the game's player
    to move.

    Refusals are LinkError: `WrongGame`, `AlreadyApplied`, `ForkedHistory`, `MissedMoves` or a
    broken link. A moves link needs a stored copy; a full link for a stored game must extend it
    (docs/LINKS.md, "Receiving a link"). A broken stored copy raises InvalidState (as
    `rummy.load` does).
    """
    stored = None if stored_state is None else rules.checked_copy(stored_state)
    body = unwrap(text)
    if stored is None:
        s = decode_body(body)
    elif body[0] == KIND_MOVES:
        s = guarded(lambda: apply_moves_body(stored, body))
    else:
        s = guarded(lambda: _extend(stored, body))
    if seat is None:
        seat = s["current"]
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise ValueError(f"There is no seat {seat!r} (seats are 0 to {s['players'] - 1})")
    if stored is not None and stored["round"] == s["round"]:
        since = len(stored["log"])
    else:
        since = after_last_turn(s["log"], seat)
    return {
        "state": s,
        "kind": KIND_NAMES.get(body[0], "full"),
        "first_contact": stored is None,
        "since": since,
        "game_id": game_id(s),
        "verified_deal": body[0] != KIND_SNAPSHOT,
    }


def _extend(stored: dict, body: bytes) -> dict:
    """A full link for a game this device holds: it must continue the stored copy."""
    summary = get_summary(BitReader(body[1:]))
    if summary["game"] != game_id(stored):
        raise WrongGame("This link belongs to another game than the one on this device")
    if summary["hash"] == short_hash(stored):
        raise AlreadyApplied("This link has already been opened here: your game is up to date")
    if summary["position"] <= position(stored):
        raise AlreadyApplied(
            "This link is older than the game on this device: its moves are already here"
        )
    s = decode_full(body)
    if any(s[key] != stored[key] for key in ("variant", "players", "options", "seed")):
        raise WrongGame("This link belongs to another game than the one on this device")
    finished = stored["history"]
    if s["history"][: len(finished)] != finished:
        raise ForkedHistory(_NOT_CONTINUED)
    if s["round"] == stored["round"]:
        return _continue_round(stored, s)
    if not any(result.get("round") == stored["round"] for result in s["history"]):
        raise ForkedHistory(_NOT_CONTINUED)
    _check_later_round(stored, s)
    return s


def _check_later_round(stored: dict, s: dict) -> None:
    """What a later round must keep from the stored copy beyond its finished rounds: the
    first seat moves on by one each round (it decides the deal), and a joker account only
    ever goes down (`rummy101`'s button)."""
    n = s["players"]
    if s["first"] != (stored["first"] + s["round"] - stored["round"]) % n:
        raise ForkedHistory(_CHANGES_KNOWN)
    start = round_start(s)
    if stored["accounts"] is not None and (
        start is None
        or any(a > b for a, b in zip(start["accounts"], stored["accounts"], strict=True))
    ):
        raise ForkedHistory(_CHANGES_KNOWN)


def _continue_round(stored: dict, s: dict) -> dict:
    """A link's game ``s`` in the round of the device's copy ``stored``, rebuilt from that
    copy: the link may only add moves. The moves after the stored log are replayed on the
    stored copy through the rules, and the result must be exactly the link's game — so no
    hand, stock, table, score or earlier move can differ from what this device knows."""
    known = len(stored["log"])
    if s["history"] != stored["history"] or s["log"][:known] != stored["log"]:
        raise ForkedHistory(_NOT_CONTINUED)
    actions = actions_from_log(s["log"][known:])
    if actions is None:
        raise ForkedHistory(_NOT_CONTINUED)
    rp = Replayer(rules.copy_state(stored))
    for i, action in enumerate(actions):
        try:
            rp.play(action)
        except IllegalMove as err:
            raise ForkedHistory(
                f"{_CHANGES_KNOWN} (move {i + 1} after your copy breaks the rules: {err})"
            ) from None
    rebuilt = rp.state()
    if rebuilt != s:
        raise ForkedHistory(_CHANGES_KNOWN)
    return rebuilt


_NOT_CONTINUED = (
    "This link does not continue the game on this device: its earlier moves or finished "
    "rounds differ from yours (the game was changed, or played twice)"
)
_CHANGES_KNOWN = (
    "This link changes what this device already knows about the game (a hand, the stock, the "
    "table or the scores) — it was not made from this game"
)
