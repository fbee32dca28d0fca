"""Play by link: a whole game, or the moves since a player's last turn, as URL-safe text.

There is no server: each player's device keeps its copy of the game and passes it on as a link
(the text after ``#``). The format, its size budget and its trust model are in docs/LINKS.md.
Three kinds of link body, all in the same envelope (`envelope`), each starting with a kind
byte and a summary of the state it leads to (`summary`):

* **replay** and **snapshot** (`full`): the whole game — the match so far and the current
  round's moves, replayed through the rules on arrival (`replay`), or for a position laid out
  with ``deal=`` the state itself;
* **moves** (`moves`): the moves since a state the recipient holds.

`receive` (`receive`) is the one entry point for a link arriving on a device, and
`replay_views` shows what happened since a seat's last turn. Deal fairness (commit–reveal) and
invitations are in `invite`. Every refusal is an `InvalidState` (a ValueError) whose message a
player can act on and whose ``reason`` names it (`errors`); the bits, cards, actions and events
are coded by `bits` and `codes`.

This module keeps every public name of the codec in one place: import from here.
"""

from __future__ import annotations

from .envelope import (
    CHECK_BYTES,
    FORMAT,
    INVITE_FORMAT,
    MAX_BODY,
    MAX_INVITE_BODY,
    MAX_INVITE_TEXT,
    MAX_TEXT,
)
from .errors import (
    AlreadyApplied,
    ForkedHistory,
    InviteError,
    LinkError,
    MissedMoves,
    UnfairDeal,
    WrongGame,
)
from .full import decode, encode
from .invite import (
    MAX_NAME,
    check_invite,
    check_reveal,
    commit,
    decode_invite,
    derive_seed,
    encode_invite,
    fair_seed,
    new_secret,
)
from .moves import apply_moves, encode_moves, link_for, moves_since
from .receive import receive
from .replay import MAX_ACTIONS, replay_views, seat_last_turn
from .summary import (
    GAME_ID_BITS,
    HASH_BITS,
    KIND_MOVES,
    KIND_REPLAY,
    KIND_SNAPSHOT,
    game_id,
    inspect,
    position,
    state_hash,
)

__all__ = [
    "CHECK_BYTES",
    "FORMAT",
    "GAME_ID_BITS",
    "HASH_BITS",
    "INVITE_FORMAT",
    "KIND_MOVES",
    "KIND_REPLAY",
    "KIND_SNAPSHOT",
    "MAX_ACTIONS",
    "MAX_BODY",
    "MAX_INVITE_BODY",
    "MAX_INVITE_TEXT",
    "MAX_NAME",
    "MAX_TEXT",
    "AlreadyApplied",
    "ForkedHistory",
    "InviteError",
    "LinkError",
    "MissedMoves",
    "UnfairDeal",
    "WrongGame",
    "apply_moves",
    "check_invite",
    "check_reveal",
    "commit",
    "decode",
    "decode_invite",
    "derive_seed",
    "encode",
    "encode_invite",
    "encode_moves",
    "fair_seed",
    "game_id",
    "inspect",
    "link_for",
    "moves_since",
    "new_secret",
    "position",
    "receive",
    "replay_views",
    "seat_last_turn",
    "state_hash",
]
