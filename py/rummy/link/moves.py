"""Moves links: the moves since a state the recipient holds (docs/LINKS.md "Moves links").

`encode_moves` names the recipient's copy by hash and position and the result by hash;
`apply_moves` replays the moves on the stored copy and tells apart a link already opened, a
forked history and a copy that missed a link. `link_for` picks a moves link when the
recipient's copy can be named, else a full link.
"""

from __future__ import annotations

from .. import rules
from ..errors import IllegalMove
from .bits import BitReader, BitWriter, Malformed
from .codes import put_action
from .envelope import unwrap, wrap
from .errors import AlreadyApplied, ForkedHistory, LinkError, MissedMoves, WrongGame, guarded
from .full import encode
from .replay import (
    MAX_ACTIONS,
    Replayer,
    actions_from_log,
    played,
    replay_actions,
    replayed_until,
    seat_last_turn,
)
from .summary import (
    HASH_BITS,
    KIND_MOVES,
    game_id,
    get_position,
    get_summary,
    position,
    put_position,
    put_summary,
    short_hash,
    summary_of,
)


def encode_moves(base_state: dict, actions: list[dict]) -> str:
    """A link carrying ``actions`` played from ``base_state`` (the recipient's stored copy).

    Each action is checked by playing it (IllegalMove names the first that is not legal); the
    pseudo-action ``{"type": "next_round"}`` deals the next round. The link names the base by
    hash and position and the result by hash, so `apply_moves` can check both ends.
    """
    s = rules.checked_copy(base_state)
    if not isinstance(actions, list):
        raise IllegalMove("The moves must be a list of actions")
    w = BitWriter()
    coded = BitWriter()
    for i, action in enumerate(actions):
        before = s
        try:
            s = played(s, action if isinstance(action, dict) else {})
        except IllegalMove as err:
            raise IllegalMove(f"Move {i + 1} cannot be played: {err}") from None
        try:
            put_action(coded, before, action)
        except ValueError as err:
            raise IllegalMove(f"Move {i + 1} cannot be put in a link: {err}") from None
    put_summary(w, s)
    w.bits(int(short_hash(base_state), 16), HASH_BITS)
    put_position(w, position(base_state))
    w.uint(len(actions))
    body = w.getvalue() + coded.getvalue()
    return wrap(bytes([KIND_MOVES]) + body)


def apply_moves(stored_state: dict, text: str) -> dict:
    """The state after the moves a moves link carries, replayed on ``stored_state``.

    Raises (all LinkError, a ValueError): `WrongGame`, `AlreadyApplied` (this link or a later
    one was opened already), `MissedMoves` (the stored copy is older than the link's start),
    `ForkedHistory` (the link starts from a game that is not this copy), or LinkError when the
    moves break the rules or do not lead to the state the link names.
    """
    stored = rules.checked_copy(stored_state)  # a broken stored copy is the device's problem
    body = unwrap(text)
    if body[0] != KIND_MOVES:
        raise LinkError("This is a full game link, not a moves link: open it as a new game")
    return guarded(lambda: apply_moves_body(stored, body))


def apply_moves_body(stored: dict, body: bytes) -> dict:
    """The state after a moves link's ``body``, played on the stored copy ``stored``."""
    r = BitReader(body[1:])
    summary = get_summary(r)
    base_hash = f"{r.bits(HASH_BITS):0{HASH_BITS // 4}x}"
    base_pos = get_position(r)
    count = r.count(0, limit=MAX_ACTIONS)  # "next_round" takes no bits
    if r.bits(-r.pos % 8):  # the coded moves start at the next byte
        raise Malformed("its padding is not zero")
    if summary["game"] != game_id(stored):
        raise WrongGame("This link belongs to another game than the one on this device")
    here, mine = short_hash(stored), position(stored)
    if here == summary["hash"]:
        raise AlreadyApplied("This link has already been opened here: your game is up to date")
    if here != base_hash:
        if mine >= summary["position"]:
            raise AlreadyApplied(
                "This link is older than the game on this device: its moves are already here"
            )
        if mine < base_pos:
            raise MissedMoves(
                "Your copy of this game is behind: a link before this one was not opened — "
                "open the earlier link first, or ask for a full link"
            )
        if mine[0] != base_pos[0]:
            raise ForkedHistory(_FORKED)
        return _apply_moves_past_base(stored, r, summary, base_hash, base_pos, count)
    if mine != base_pos:
        raise Malformed("its starting point is named inconsistently")
    s = replay_actions(Replayer(rules.copy_state(stored)), r, count).state()
    r.finish()
    _check_end(s, summary)
    return s


_FORKED = (
    "This link does not follow from the game on this device: the moves before it "
    "differ from yours (the game was changed or played twice) — ask for a full link"
)
_DISAGREE = (
    "This link does not follow from the game on this device: the link and your copy "
    "disagree about moves both hold (the game was changed or played twice) — ask for a full link"
)


def _check_end(s: dict, summary: dict) -> None:
    if summary != summary_of(s):
        raise LinkError(
            "The moves in this link do not lead to the game it names — it was changed on the "
            "way, or made by a different version of the game"
        )


def _apply_moves_past_base(
    stored: dict, r: BitReader, summary: dict, base_hash: str, base_pos: tuple, count: int
) -> dict:
    """The stored copy lies between the link's start and its end, in the start's round (its
    device played on after its own turn, e.g. the computer seats that follow it). Rebuild the
    start from the seed with the stored copy's moves, play the link from there, and accept it
    only if the stored copy is a point the link's game passes through."""
    base = replayed_until(stored, base_pos)
    if base is None or short_hash(base) != base_hash:
        raise ForkedHistory(_FORKED)
    mine = position(stored)
    passed = False

    def watch(rp: Replayer) -> None:
        nonlocal passed
        if not passed and rp.position() == mine:
            passed = rp.state() == stored

    s = replay_actions(Replayer(base), r, count, watch).state()
    r.finish()
    _check_end(s, summary)
    same_round = s["round"] == stored["round"]
    if not passed or (same_round and s["log"][: mine[2]] != stored["log"]):
        raise ForkedHistory(_DISAGREE)
    return s


def moves_since(base_state: dict, state: dict) -> list[dict] | None:
    """The actions that lead from ``base_state`` to ``state`` in the same round (from the log),
    or None when they cannot be told (another round or game, or not a continuation)."""
    if (
        game_id(base_state) != game_id(state)
        or base_state["round"] != state["round"]
        or state["log"][: len(base_state["log"])] != base_state["log"]
    ):
        return None
    actions = actions_from_log(state["log"][len(base_state["log"]) :])
    if actions is None:
        return None
    s = base_state
    try:
        for action in actions:
            s = played(s, action)
    except IllegalMove:
        return None
    return actions if s == state else None


def link_for(state: dict, seat: int) -> str:
    """The link to send ``seat``: the moves since its last turn in this round when its copy can
    be named that way, else the full game."""
    base = seat_last_turn(state, seat)
    if base is not None:
        actions = moves_since(base, state)
        if actions is not None:
            return encode_moves(base, actions)
    return encode(state)
