"""What every game link starts with: its kind, and a summary of the state it leads to.

The summary names the match (`game_id`), where the game stands (`position`) and a hash of the
exact state (`state_hash`), so a link can be routed to the stored game it belongs to
(`inspect`) and checked once played.
"""

from __future__ import annotations

import hashlib
import json

from .bits import BitReader, BitWriter, Malformed
from .envelope import unwrap
from .errors import guarded

HASH_BITS = 64
GAME_ID_BITS = 48


KIND_REPLAY, KIND_SNAPSHOT, KIND_MOVES = 1, 2, 3
KIND_NAMES = {KIND_REPLAY: "full", KIND_SNAPSHOT: "full", KIND_MOVES: "moves"}


def state_hash(state: dict) -> str:
    """SHA-256 of the state's canonical JSON (hex): the same game gives the same hash anywhere."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def game_id(state: dict) -> str:
    """A short id for the match (variant, players, seed, options): links find their game by it."""
    key = json.dumps(
        [state["variant"], state["players"], state["seed"], state["options"]],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(b"rummy-game:" + key.encode()).hexdigest()[: GAME_ID_BITS // 4]


def position(state: dict) -> tuple[int, int, int]:
    """Where a game stands, in play order: (round, turn, events in the round's log)."""
    return (state["round"], state["turn"], len(state["log"]))


def put_summary(w: BitWriter, state: dict) -> None:
    w.bits(int(game_id(state), 16), GAME_ID_BITS)
    w.bits(int(state_hash(state)[: HASH_BITS // 4], 16), HASH_BITS)
    put_position(w, position(state))
    w.uint(state["current"])


def put_position(w: BitWriter, pos: tuple[int, int, int]) -> None:
    for part in pos:
        w.uint(part)


def get_position(r: BitReader) -> tuple[int, int, int]:
    return (r.uint(1 << 32), r.uint(1 << 32), r.uint(1 << 32))


def get_summary(r: BitReader) -> dict:
    return {
        "game": f"{r.bits(GAME_ID_BITS):0{GAME_ID_BITS // 4}x}",
        "hash": f"{r.bits(HASH_BITS):0{HASH_BITS // 4}x}",
        "position": get_position(r),
        "current": r.uint(64),
    }


def summary_of(state: dict) -> dict:
    """What `get_summary` reads back for ``state``."""
    return {
        "game": game_id(state),
        "hash": short_hash(state),
        "position": position(state),
        "current": state["current"],
    }


def short_hash(state: dict) -> str:
    return state_hash(state)[: HASH_BITS // 4]


def inspect(text: str) -> dict:
    """What a link is, without playing it: ``{"kind": "full"|"moves", "game": id,
    "position": [round, turn, events], "current": seat, "hash": ...}`` (for routing a link to
    the stored game it belongs to)."""
    body = unwrap(text)

    def read() -> dict:
        summary = get_summary(BitReader(body[1:]))
        if body[0] not in KIND_NAMES:
            raise Malformed(f"unknown kind {body[0]}")
        return {
            "kind": KIND_NAMES[body[0]],
            "verified_deal": body[0] != KIND_SNAPSHOT,
            "game": summary["game"],
            "position": list(summary["position"]),
            "current": summary["current"],
            "hash": summary["hash"],
        }

    return guarded(read)
