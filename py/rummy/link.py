"""Play by link: a whole game, or the moves since a player's last turn, as URL-safe text.

There is no server: each player's device keeps its copy of the game and passes it on as a link
(the text after ``#``). The format, its size budget and its trust model are in docs/LINKS.md.

Three kinds of link body, all in the same envelope::

    base64url( format byte | raw deflate (level 9, preset dictionary) of the body | check )

``check`` is the first 4 bytes of SHA-256 over everything before it. The body starts with a kind
byte and a summary (game id, where the game stands, a hash of the exact state the link leads to):

* **replay** (what `encode` makes for every game dealt from its seed, i.e. every game the app
  starts): the match so far (options, seed, scores, finished rounds) and the moves of the current
  round. The recipient deals the round from the seed and replays the moves through the rules, so
  the current round is rule-checked on arrival, and the log the table shows ("what happened since
  your last turn") comes back exactly. Moves are coded against the position they are made in
  (a discard is an index into the sorted hand), about 6 bits a turn.
* **snapshot** (fallback for positions given with ``deal=``, whose deal the seed cannot
  rebuild): the state as compact JSON.
* **moves** (`encode_moves`, `link_for`): the moves since a known state (the recipient's copy,
  named by its hash and position) and the hash of the state they lead to. `apply_moves` replays
  them on the stored copy and tells apart a link already opened, a forked history and a copy that
  missed a link.

Everything the decoder reads is bounded (text length, inflated size, counts against the bits
left), and every failure is an `InvalidState` (a ValueError) whose message a player can act on.
`receive` is the one entry point for a link arriving on a device (with or without a stored
copy) and `replay_views` shows what happened since a seat's last turn. Deal fairness
(commit–reveal of everyone's random values) and invitations, which carry them round the table
in the same envelope with a format byte of their own, are at the end of the module.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import secrets as _secrets
import zlib
from typing import Any, NamedTuple

from . import cards, game, limits, names, rng, scoring, tiles, variants
from .errors import IllegalMove, InvalidState

FORMAT = 1  # the first byte; bump it when the body layout or the rules' replay changes
MAX_TEXT = 24_000  # characters; a real link is under 2,000 (snapshots of long puzzles a few k)
MAX_BODY = 256 * 1024  # bytes after inflating: far above any state, far below a zip bomb
CHECK_BYTES = 4
HASH_BITS = 64
GAME_ID_BITS = 48
MAX_ACTIONS = 5_000  # a long real round is ~1,200; replaying is the costly part

KIND_REPLAY, KIND_SNAPSHOT, KIND_MOVES = 1, 2, 3
_KIND_NAMES = {KIND_REPLAY: "full", KIND_SNAPSHOT: "full", KIND_MOVES: "moves"}

# Words the JSON snapshots repeat; a preset dictionary lets even a short snapshot use them.
# Part of format 1: changing it changes every link.
_ZDICT = (
    b'{"version":1,"variant":"rummy101","players":,"options":{"threshold":"fixed","rounds":'
    b'"joker_button":false,"joker_accounts":[1,1],"ace_high_or_low":false,"last_card_discard":'
    b'false,"target":150,"hands":null,"max_rebuilds":null},"seed":"round":1,"first":0,"scores":'
    b'[0,0],"history":[],"accounts":null,"game_over":false,"winners":null,"hands":[["stock":['
    b'"discard":[],"discard_by":null,"table":[{"id":1,"owner":0,"kind":"run","cards":["JK=R'
    b'"kind":"set","kind":"pair","next_id":1,"current":0,"turn":0,"phase":"draw","drawn":null,'
    b'"taken":null,"taken_used":false,"plays":0,"opened":[null,"melds","pairs",false,true],'
    b'"first_play":[null,"thresholds":{"points":101,"pairs":5},"button_used":[false,'
    b'"last_discards":[null,"renewals":0,"log":[{"type":"draw","source":"stock","seat":0},'
    b'{"type":"discard","card":"{"type":"meld","melds":[["],"ids":[{"type":"layoff","meld":'
    b'{"type":"swap_joker","tile":"undo":null,"round_over":false,"round_result":null}'
    b'"winner":"points":[-202,"values":[,"status":["not_opened","opened_melds","opened_pairs",'
    b'"winner","loser","none"],"stock_out","normal","closed","stalemate","no_stock","out"'
)

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_PARAMETER = re.compile(r"(?:^|[?&#])([gi])=([A-Za-z0-9_-]*)")


def _parameter(text: str, own: str) -> str:
    """The link in a page URL's parameters: ``own`` (``g`` a game link, ``i`` an
    invitation), else the other one (then refused as the wrong kind), else ``text``."""
    found = dict(match.groups() for match in _PARAMETER.finditer(text))
    return found.get(own, found.get("g" if own == "i" else "i", text))


# ---------------------------------------------------------------------------------------------
# What can go wrong with a link


class LinkError(InvalidState):
    """A link that cannot be used; the message says why and what to do."""


class WrongGame(LinkError):
    """A moves link for another game than the stored copy."""


class AlreadyApplied(LinkError):
    """A moves link whose moves the stored copy already holds (opened twice, or an old link)."""


class ForkedHistory(LinkError):
    """A moves link whose starting point is not the stored copy: someone changed the history."""


class MissedMoves(LinkError):
    """A moves link that starts later than the stored copy: a link in between was not opened."""


class InviteError(LinkError):
    """An invitation that cannot be used (damaged, malformed, or not an invitation)."""


class UnfairDeal(InvalidState):
    """A seed that cannot be derived fairly: a wrong reveal, or a seat that has not joined."""


class _Malformed(Exception):
    """Internal: the body does not decode; turned into a LinkError with a reason."""


# ---------------------------------------------------------------------------------------------
# Bits: a writer and a bounded reader


class _BitWriter:
    __slots__ = ("_acc", "_n", "out")

    def __init__(self) -> None:
        self.out = bytearray()
        self._acc = 0
        self._n = 0

    def bits(self, value: int, count: int) -> None:
        if count <= 0:
            return
        self._acc = (self._acc << count) | (value & ((1 << count) - 1))
        self._n += count
        while self._n >= 8:
            self._n -= 8
            self.out.append((self._acc >> self._n) & 0xFF)
        self._acc &= (1 << self._n) - 1

    def choice(self, value: int, n: int) -> None:
        """One of ``n`` equally likely values (truncated binary: k or k+1 bits)."""
        if not 0 <= value < n:
            raise ValueError(f"value {value} out of range {n}")
        if n <= 1:
            return
        k = n.bit_length() - 1
        short = (1 << (k + 1)) - n
        if value < short:
            self.bits(value, k)
        else:
            self.bits(value + short, k + 1)

    def uint(self, x: int) -> None:
        """A whole number ≥ 0 (exp-Golomb: small numbers take few bits)."""
        x += 1
        length = x.bit_length()
        self.bits(0, length - 1)
        self.bits(x, length)

    def sint(self, x: int) -> None:
        self.uint(2 * x if x >= 0 else -2 * x - 1)

    def flag(self, value: bool) -> None:
        self.bits(1 if value else 0, 1)

    def align(self) -> None:
        if self._n:
            self.bits(0, 8 - self._n)

    def getvalue(self) -> bytes:
        self.align()
        return bytes(self.out)


class _BitReader:
    __slots__ = ("_data", "_end", "pos")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.pos = 0
        self._end = len(data) * 8

    def left(self) -> int:
        return self._end - self.pos

    def bits(self, count: int) -> int:
        if count <= 0:
            return 0
        if self.pos + count > self._end:
            raise _Malformed("it ends too early")
        first, last = self.pos >> 3, (self.pos + count + 7) >> 3
        chunk = int.from_bytes(self._data[first:last], "big")
        unused = last * 8 - (self.pos + count)
        self.pos += count
        return (chunk >> unused) & ((1 << count) - 1)

    def choice(self, n: int) -> int:
        if n <= 1:
            return 0
        k = n.bit_length() - 1
        short = (1 << (k + 1)) - n
        value = self.bits(k)
        if value < short:
            return value
        return ((value << 1) | self.bits(1)) - short

    def uint(self, limit: int = 1 << 64) -> int:
        zeros = 0
        while self.bits(1) == 0:
            zeros += 1
            if zeros > 64:
                raise _Malformed("a number is too long")
        x = ((1 << zeros) | self.bits(zeros)) - 1
        if x > limit:
            raise _Malformed(f"a number is out of range ({x} > {limit})")
        return x

    def count(self, bits_each: int = 1, limit: int = 1 << 20) -> int:
        """A length: never more items than the bits left could hold."""
        n = self.uint(limit)
        if n * bits_each > self.left():
            raise _Malformed("a list is longer than the link")
        return n

    def sint(self, limit: int = 1 << 62) -> int:
        x = self.uint(2 * limit + 1)
        return x // 2 if x % 2 == 0 else -(x + 1) // 2

    def flag(self) -> bool:
        return self.bits(1) == 1

    def finish(self) -> None:
        """Nothing may follow the last field but the zero bits that fill its byte."""
        if self.left() >= 8 or (self.left() and self.bits(self.left())):
            raise _Malformed("it has bytes after its end")

    def rest_bytes(self) -> bytes:
        self.pos = (self.pos + 7) // 8 * 8
        out = self._data[self.pos // 8 :]
        self.pos = self._end
        return out


# Any JSON value (options, and rare shapes the compact codecs do not cover).
_NONE, _FALSE, _TRUE, _INT, _STR, _LIST, _DICT = range(7)
_MAX_DEPTH = 12


def _put_value(w: _BitWriter, value: Any, depth: int = 0) -> None:
    if depth > _MAX_DEPTH:
        raise ValueError("nested too deeply")
    if value is None:
        w.choice(_NONE, 7)
    elif value is False:
        w.choice(_FALSE, 7)
    elif value is True:
        w.choice(_TRUE, 7)
    elif isinstance(value, int):
        w.choice(_INT, 7)
        w.sint(value)
    elif isinstance(value, str):
        w.choice(_STR, 7)
        data = value.encode()
        w.uint(len(data))
        for byte in data:
            w.bits(byte, 8)
    elif isinstance(value, list):
        w.choice(_LIST, 7)
        w.uint(len(value))
        for item in value:
            _put_value(w, item, depth + 1)
    elif isinstance(value, dict):
        w.choice(_DICT, 7)
        w.uint(len(value))
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError("a key is not a string")
            _put_value(w, key, depth + 1)
            _put_value(w, item, depth + 1)
    else:
        raise ValueError(f"not a JSON value: {type(value).__name__}")


def _get_value(r: _BitReader, depth: int = 0) -> Any:
    if depth > _MAX_DEPTH:
        raise _Malformed("it is nested too deeply")
    tag = r.choice(7)
    if tag == _NONE:
        return None
    if tag in (_FALSE, _TRUE):
        return tag == _TRUE
    if tag == _INT:
        return r.sint()
    if tag == _STR:
        n = r.count(8)
        try:
            return bytes(r.bits(8) for _ in range(n)).decode()
        except UnicodeDecodeError:
            raise _Malformed("a text is not UTF-8") from None
    if tag == _LIST:
        return [_get_value(r, depth + 1) for _ in range(r.count(2))]
    if tag == _DICT:
        out = {}
        for _ in range(r.count(4)):
            key = _get_value(r, depth + 1)
            if not isinstance(key, str):
                raise _Malformed("a key is not a string")
            out[key] = _get_value(r, depth + 1)
        return out
    raise _Malformed("an unknown value type")


# ---------------------------------------------------------------------------------------------
# Cards and tiles as small numbers

_CARD_INDEX = {code: i for i, code in enumerate(cards.DECK)}  # 52 codes
_TILE_CODES = (*tiles.NUMBER_TILES, tiles.JOKER)  # 53; a pinned joker is 53 then its meaning
_TILE_INDEX = {code: i for i, code in enumerate(_TILE_CODES)}
_NUMBER_INDEX = {code: i for i, code in enumerate(tiles.NUMBER_TILES)}


def _put_code(w: _BitWriter, uses_tiles: bool, code: object) -> None:
    if not uses_tiles:
        if code not in _CARD_INDEX:
            raise ValueError(f"not a card: {code!r}")
        w.choice(_CARD_INDEX[code], 52)
    elif code in _TILE_INDEX:
        w.choice(_TILE_INDEX[code], 54)
    else:
        meaning = code[3:] if isinstance(code, str) and code.startswith("JK=") else None
        if meaning not in _NUMBER_INDEX:
            raise ValueError(f"not a tile: {code!r}")
        w.choice(53, 54)
        w.choice(_NUMBER_INDEX[meaning], 52)


def _get_code(r: _BitReader, uses_tiles: bool) -> str:
    if not uses_tiles:
        return cards.DECK[r.choice(52)]
    i = r.choice(54)
    if i < 53:
        return _TILE_CODES[i]
    return "JK=" + tiles.NUMBER_TILES[r.choice(52)]


def _put_codes(w: _BitWriter, uses_tiles: bool, codes: object) -> None:
    if not isinstance(codes, list):
        raise ValueError("not a list of codes")
    w.uint(len(codes))
    for code in codes:
        _put_code(w, uses_tiles, code)


def _get_codes(r: _BitReader, uses_tiles: bool) -> list[str]:
    return [_get_code(r, uses_tiles) for _ in range(r.count(5))]


# ---------------------------------------------------------------------------------------------
# Actions, coded against the position they are played in

_DRAW_SOURCES = {False: ("stock", "discard"), True: ("stock", "discard", "joker")}
_PLAY_TYPES = {
    False: ("discard", "meld", "layoff", "reset_turn"),
    True: ("discard", "meld", "layoff", "swap_joker", "reset_turn"),
}


def _hand_choices(s: dict, uses_tiles: bool) -> list[str]:
    index = _TILE_INDEX if uses_tiles else _CARD_INDEX
    hand = s["hands"][s["current"]]
    return sorted(set(hand), key=lambda c: index.get(c, 999))


def _put_action(w: _BitWriter, s: dict, action: dict) -> None:
    """Code ``action`` as played in state ``s`` (before it). ValueError if it cannot be coded."""
    uses_tiles = variants.BY_ID[s["variant"]].uses_tiles
    kind = action.get("type")
    if s["round_over"]:
        if kind != "next_round":
            raise ValueError("only the next round can follow a finished round")
        return
    if s["phase"] == "draw":
        sources = _DRAW_SOURCES[uses_tiles]
        if kind != "draw" or action.get("source") not in sources:
            raise ValueError("a draw was expected")
        w.choice(sources.index(action["source"]), len(sources))
        return
    types = _PLAY_TYPES[uses_tiles]
    if kind not in types:
        raise ValueError(f"cannot code an action of type {kind!r} here")
    w.choice(types.index(kind), len(types))
    if kind == "discard":
        code = action.get("card")
        code = tiles.base(code) if uses_tiles and isinstance(code, str) else code
        choices = _hand_choices(s, uses_tiles)
        if code not in choices:
            raise ValueError(f"{code!r} is not in the hand")
        w.choice(choices.index(code), len(choices))
    elif kind == "meld":
        groups = action.get("melds")
        if not isinstance(groups, list) or not groups:
            raise ValueError("a meld action without melds")
        w.uint(len(groups) - 1)
        for group in groups:
            _put_codes(w, uses_tiles, group)
    elif kind in ("layoff", "swap_joker"):
        ids = [m["id"] for m in s["table"]]
        if action.get("meld") not in ids or isinstance(action.get("meld"), bool):
            raise ValueError("no such meld")
        w.choice(ids.index(action["meld"]), len(ids))
        if kind == "layoff":
            _put_codes(w, uses_tiles, action.get("cards"))
        else:
            tile = action.get("tile")
            if tile not in _NUMBER_INDEX:
                raise ValueError("a joker is swapped for a number tile")
            w.choice(_NUMBER_INDEX[tile], 52)


def _get_action(r: _BitReader, s: dict) -> dict:
    uses_tiles = variants.BY_ID[s["variant"]].uses_tiles
    if s["round_over"]:
        return {"type": "next_round"}
    if s["phase"] == "draw":
        sources = _DRAW_SOURCES[uses_tiles]
        return {"type": "draw", "source": sources[r.choice(len(sources))]}
    types = _PLAY_TYPES[uses_tiles]
    kind = types[r.choice(len(types))]
    if kind == "discard":
        choices = _hand_choices(s, uses_tiles)
        if not choices:
            raise _Malformed("a discard from an empty hand")
        return {"type": "discard", "card": choices[r.choice(len(choices))]}
    if kind == "meld":
        count = r.count(1, limit=64) + 1
        return {"type": "meld", "melds": [_get_codes(r, uses_tiles) for _ in range(count)]}
    if kind in ("layoff", "swap_joker"):
        ids = [m["id"] for m in s["table"]]
        if not ids:
            raise _Malformed("a move on an empty table")
        meld = ids[r.choice(len(ids))]
        if kind == "layoff":
            return {"type": "layoff", "meld": meld, "cards": _get_codes(r, uses_tiles)}
        return {"type": "swap_joker", "meld": meld, "tile": tiles.NUMBER_TILES[r.choice(52)]}
    return {"type": "reset_turn"}


def _play(g: game.Game, action: dict) -> None:
    """Play one action (or deal the next round); the game is unchanged if it is refused."""
    if action.get("type") == "next_round":
        g.next_round()
    else:
        g.apply(action)


class _Replayer:
    """Plays actions on a state in place, for replaying links.

    Shortcuts keep a long round linear: no copy-on-apply (a refused action leaves the state
    half changed, but then the replay is abandoned), and what a turn cannot change is kept
    aside — the log of finished turns and the finished rounds (`history`, up to 100) —
    because the engine copies the whole state into the take-back snapshot at every draw.
    `state()` puts them back.
    """

    __slots__ = ("_done", "_history", "s")

    def __init__(self, state: dict) -> None:
        self.s = state
        self._done: list = []
        self._history: list | None = None

    def play(self, action: dict) -> None:
        if action.get("type") == "next_round":
            g = game.Game(self.state())
            g.next_round()
            self.s = g._s
        else:
            self._set_history_aside()
            game.apply_action(self.s, action)
        s = self.s
        if s["undo"] is None and s["log"]:  # between turns: no snapshot holds the log
            self._done.extend(s["log"])
            s["log"] = []

    def _set_history_aside(self) -> None:
        """Finished rounds do not change during a round (its end appends to them)."""
        if self._history is None:
            s = self.s
            self._history, s["history"] = s["history"], []
            if s["undo"] is not None:
                s["undo"]["history"] = []

    def events(self) -> int:
        """How many events the round's log holds now."""
        return len(self._done) + len(self.s["log"])

    def position(self) -> tuple[int, int, int]:
        """`position` of the state now, without putting the log together."""
        return (self.s["round"], self.s["turn"], self.events())

    def state(self) -> dict:
        """The whole state (play may go on after it)."""
        s = self.s
        if self._done:
            s["log"] = self._done + s["log"]
            if s["undo"] is not None:
                s["undo"]["log"] = self._done + s["undo"]["log"]
            self._done = []
        if self._history is not None:
            s["history"] = self._history + s["history"]
            if s["undo"] is not None:
                s["undo"]["history"] = self._history + s["undo"]["history"]
            self._history = None
        return s


def _replay(rp: _Replayer, r: _BitReader, count: int, watch: Any = None) -> _Replayer:
    """Read ``count`` coded actions and play each; a move the rules refuse is named.
    ``watch(rp)``, if given, is called before the first move and after each one."""
    if watch is not None:
        watch(rp)
    for i in range(count):
        action = _get_action(r, rp.s)
        try:
            rp.play(action)
        except IllegalMove as err:
            raise LinkError(
                f"The moves in this link do not follow the rules (move {i + 1}: {err})"
            ) from None
        if watch is not None:
            watch(rp)
    return rp


def _round_replayer(state: dict) -> tuple[_Replayer, list[dict]] | None:
    """A replayer at the deal of ``state``'s round and the actions of its log, or None when
    the seed cannot rebuild the round (a position laid out with ``deal=``)."""
    pre = _round_start(state)
    actions = _actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    return _Replayer(_dealt(pre)), actions


def _replayed_until(state: dict, target: tuple[int, int, int]) -> dict | None:
    """The state of ``state``'s round at position ``target``, replayed from the seed with the
    moves of ``state``'s log; None if the replay does not stop exactly there."""
    start = _round_replayer(state)
    if start is None:
        return None
    rp, actions = start
    try:
        for action in actions:  # the log's actions only move forward
            if rp.position() >= target:
                break
            rp.play(action)
    except IllegalMove:
        return None
    return rp.state() if rp.position() == target else None


# ---------------------------------------------------------------------------------------------
# Hashes and positions


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


def _put_summary(w: _BitWriter, state: dict) -> None:
    w.bits(int(game_id(state), 16), GAME_ID_BITS)
    w.bits(int(state_hash(state)[: HASH_BITS // 4], 16), HASH_BITS)
    _put_position(w, position(state))
    w.uint(state["current"])


def _put_position(w: _BitWriter, pos: tuple[int, int, int]) -> None:
    for part in pos:
        w.uint(part)


def _get_position(r: _BitReader) -> tuple[int, int, int]:
    return (r.uint(1 << 32), r.uint(1 << 32), r.uint(1 << 32))


def _get_summary(r: _BitReader) -> dict:
    return {
        "game": f"{r.bits(GAME_ID_BITS):0{GAME_ID_BITS // 4}x}",
        "hash": f"{r.bits(HASH_BITS):0{HASH_BITS // 4}x}",
        "position": _get_position(r),
        "current": r.uint(64),
    }


def _summary_of(state: dict) -> dict:
    """What `_get_summary` reads back for ``state``."""
    return {
        "game": game_id(state),
        "hash": _short_hash(state),
        "position": position(state),
        "current": state["current"],
    }


def _short_hash(state: dict) -> str:
    return state_hash(state)[: HASH_BITS // 4]


# ---------------------------------------------------------------------------------------------
# The envelope: format byte, deflate, checksum, base64url


class _Envelope(NamedTuple):
    """What differs between the two kinds of text in the same envelope (links, invitations)."""

    format: int  # the first byte
    zdict: bytes
    max_text: int
    max_body: int
    this: str  # "This link"
    a_noun: str  # "a game link"
    error: type  # LinkError, or its InviteError


_LINK = _Envelope(FORMAT, _ZDICT, MAX_TEXT, MAX_BODY, "This link", "a game link", LinkError)


def _wrap(body: bytes, envelope: _Envelope = _LINK) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, envelope.zdict)
    return _seal(bytes([envelope.format]) + packer.compress(body) + packer.flush())


def _seal(payload: bytes) -> str:
    """base64url of ``payload`` (format byte and deflated body) and its check."""
    check = hashlib.sha256(payload).digest()[:CHECK_BYTES]
    return base64.urlsafe_b64encode(payload + check).decode("ascii").rstrip("=")


def _unwrap(text: object, envelope: _Envelope = _LINK) -> bytes:
    """The body of a link (or invitation), or LinkError saying what is wrong with the text."""
    this, a_noun, error = envelope.this, envelope.a_noun, envelope.error
    if not isinstance(text, str):
        raise error(f"{a_noun.capitalize()} is text")
    if len(text) > envelope.max_text:
        raise error(f"This is not {a_noun}: it is far too long ({len(text):,} characters)")
    text = text.strip()
    if "#" in text:  # a whole URL was pasted: the game is after the '#'
        text = text.rsplit("#", 1)[1]
    if "=" in text:  # the page's parameters (#g=…&n=…, #i=…, ?g=…): base64url has no '='
        text = _parameter(text, "i" if envelope.format >= _INVITE_FORMATS else "g")
    if not text:
        raise error(f"{this} is empty — copy the whole link, including the part after '#'")

    def damaged(why: str) -> LinkError:
        return error(f"{this} is damaged ({why}) — ask for it again")

    if not _BASE64URL.fullmatch(text):
        raise damaged(f"it holds characters {a_noun} never has")
    if len(text) % 4 == 1:
        raise damaged("it has been cut short")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise damaged("it is not in the link alphabet") from None
    if len(raw) < 1 + CHECK_BYTES + 1:
        raise damaged("it has been cut short")
    payload, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not hmac.compare_digest(hashlib.sha256(payload).digest()[:CHECK_BYTES], check):
        raise damaged("checksum mismatch")
    _check_format(payload[0], envelope)
    unpacker = zlib.decompressobj(-15, envelope.zdict)
    try:
        body = unpacker.decompress(payload[1:], envelope.max_body)
    except zlib.error:
        raise error(f"{this} cannot be unpacked: it was not made by this game") from None
    if unpacker.unconsumed_tail or len(body) >= envelope.max_body:
        raise error(
            f"{this} unpacks to more than {envelope.max_body // 1024} KB: it is not {a_noun}"
        )
    if not unpacker.eof or unpacker.unused_data:
        raise error(f"{this} cannot be unpacked: it was not made by this game")
    if not body:
        raise error(f"{this} is empty inside: it was not made by this game")
    return body


def _check_format(byte: int, envelope: _Envelope) -> None:
    """Game links have format bytes below 0x80, invitations 0x80 and up: neither is ever read
    as the other, and each tells another version of itself apart."""
    is_invitation = byte >= _INVITE_FORMATS
    if envelope.format < _INVITE_FORMATS and is_invitation:
        raise LinkError("This is an invitation, not a game link: open it to join the game")
    if envelope.format >= _INVITE_FORMATS and not is_invitation:
        raise InviteError("This is a game link, not an invitation: open it as a game")
    if byte == envelope.format:
        return
    if is_invitation:
        raise InviteError(
            f"This invitation was made by another version of the game (invitation format "
            f"{byte - _INVITE_FORMATS}, this game reads {INVITE_FORMAT - _INVITE_FORMATS}) — "
            "update the game, or ask for a new invitation"
        )
    raise LinkError(
        f"This link was made by another version of the game (link format {byte}, "
        f"this game reads {FORMAT}) — update the game, or ask for a new link"
    )


# ---------------------------------------------------------------------------------------------
# Full links


def encode(state: dict) -> str:
    """The link for ``state`` (any state `rummy.load` accepts, mid-turn included)."""
    from .validate import check_state

    check_state(state)
    body = _replay_body(state)
    if body is None:
        body = _snapshot_body(state)
    return _wrap(body)


def decode(text: str) -> game.Game:
    """The game a full link carries; LinkError (a ValueError) with a readable reason otherwise."""
    return _decode_body(_unwrap(text))


def _decode_body(body: bytes) -> game.Game:
    if body[0] == KIND_MOVES:
        raise LinkError(
            "This link carries only the latest moves: open it on the device that already "
            "holds this game, or ask for a full link"
        )
    return _guarded(lambda: _decode_full(body))


def _guarded(work: Any) -> Any:
    """Run a decoding step; anything unexpected becomes a LinkError (never another type)."""
    try:
        return work()
    except LinkError:
        raise
    except _Malformed as err:
        raise LinkError(f"This link is malformed ({err}): it was not made by this game") from None
    except InvalidState as err:
        raise LinkError(f"This link holds a game that cannot be used — {err}") from None
    except IllegalMove as err:
        raise LinkError(f"This link holds a game that breaks the rules ({err})") from None
    except Exception as err:  # a hostile link must never crash the caller
        raise LinkError(
            f"This link is malformed ({type(err).__name__}): it was not made by this game"
        ) from None


def _decode_full(body: bytes) -> game.Game:
    from .validate import check_state

    kind = body[0]
    r = _BitReader(body[1:])
    summary = _get_summary(r)
    if kind == KIND_SNAPSHOT:
        g = game.Game(_read_snapshot(r))
        _check_dealt_from_seed(g._s)
    elif kind == KIND_REPLAY:
        g = _read_replay(r)
    else:
        raise _Malformed(f"unknown kind {kind}")
    if summary != _summary_of(g._s):
        raise LinkError(
            "This link does not lead to the game it describes — it was probably made by a "
            "different version of the game; update both devices, or ask for a new link"
        )
    check_state(g._s)
    return g


def _check_dealt_from_seed(state: dict) -> None:
    """Only round 1 can be laid out with ``deal=``; every later round is dealt from the seed
    (`Game.next_round`). A snapshot of a later round must be what its seed and moves give."""
    if state["round"] == 1:
        return
    start = _round_replayer(state)
    if start is None or _replayed_until(state, position(state)) != state:
        raise LinkError(
            f"This link holds a round {state['round']} that was not dealt from its seed "
            "(only a first round can be set up by hand): it was not made by this game"
        )


def _snapshot_body(state: dict) -> bytes:
    """The state as JSON, except its log (and the take-back snapshot's copy of it), which is
    coded event by event: the log is what grows as a round goes on."""
    w = _BitWriter()
    _put_summary(w, state)
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
        _put_event(w, event, v, state["players"], prev)
        prev = event
    text = json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    return bytes([KIND_SNAPSHOT]) + w.getvalue() + text.encode()


def _read_snapshot(r: _BitReader) -> dict:
    from .validate import check_state

    v = variants.BY_ID[variants.VARIANTS[r.choice(len(variants.VARIANTS))]]
    n = r.uint(16)
    shared = r.flag()
    undo_log = r.uint(MAX_ACTIONS) if shared else None
    log: list = []
    for _ in range(r.count(3, limit=MAX_ACTIONS)):
        log.append(_get_event(r, v, n, log[-1] if log else None))
    try:
        state = limits.loads(r.rest_bytes().decode(), "This link")
    except limits.TooDeep as err:
        raise LinkError(str(err)) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Malformed("its game is not readable JSON") from None
    if not isinstance(state, dict) or "log" in state:
        raise _Malformed("its game is not an object")
    if state.get("variant") != v.id or state.get("players") != n:
        raise _Malformed("its parts name different games")
    state["log"] = log
    if shared:
        if not isinstance(state.get("undo"), dict) or undo_log > len(state["log"]):
            raise _Malformed("its take-back snapshot is malformed")
        state["undo"]["log"] = game.copy_state(state["log"][:undo_log])
    check_state(state)
    return state


# Log events coded compactly; anything else travels as a plain value.
_EVENTS = ("draw", "discard", "meld", "layoff", "swap_joker", "rebuild", "turnover", "round_end")
_SOURCES = ("stock", "discard", "joker")


def _expected(prev: Any, n: int) -> tuple[str, int] | None:
    """The event that usually follows ``prev``: after a draw or a play, the same seat's
    discard; after a discard (or the stock renewal it caused), the next seat's draw."""
    if not isinstance(prev, dict) or not isinstance(prev.get("seat"), int):
        return None
    seat = prev["seat"]
    if prev.get("type") in ("draw", "meld", "layoff", "swap_joker"):
        return "discard", seat
    if prev.get("type") in ("discard", "rebuild", "turnover"):
        return "draw", (seat + 1) % n
    return None


def _put_event(w: _BitWriter, event: object, v: variants.Variant, n: int, prev: Any) -> None:
    trial = _BitWriter()
    try:
        _put_event_compact(trial, event, v, n, prev)
        same = _get_event(_BitReader(trial.getvalue()), v, n, prev) == event
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, _Malformed):
        same = False
    if same:
        _put_event_compact(w, event, v, n, prev)
    else:
        w.flag(False)
        _put_value(w, event)


def _put_event_compact(w: _BitWriter, e: Any, v: variants.Variant, n: int, prev: Any) -> None:
    w.flag(True)
    kind = e["type"]
    seat = e["seat"]
    expected = _expected(prev, n)
    if expected is not None:
        w.flag((kind, seat) == expected)
    if expected is None or (kind, seat) != expected:
        w.choice(_EVENTS.index(kind), len(_EVENTS))
        w.choice(n if seat is None else seat, n + 1)  # n: nobody (a round end without a winner)
    if kind == "draw":
        w.choice(_SOURCES.index(e["source"]), len(_SOURCES))
        if e["source"] == "discard":
            _put_code(w, v.uses_tiles, e["card"])
    elif kind == "discard":
        _put_code(w, v.uses_tiles, e["card"])
    elif kind == "meld":
        w.uint(len(e["melds"]))
        for group in e["melds"]:
            _put_codes(w, v.uses_tiles, group)
        w.uint(e["ids"][0] if e["ids"] else 0)
    elif kind == "layoff":
        w.uint(e["meld"])
        _put_codes(w, v.uses_tiles, e["cards"])
    elif kind == "swap_joker":
        w.uint(e["meld"])
        _put_code(w, v.uses_tiles, e["tile"])
    elif kind in ("rebuild", "turnover"):
        w.uint(e["stock"])
    else:
        w.choice(_KINDS[v.id].index(e["kind"]), len(_KINDS[v.id]))


def _get_event(r: _BitReader, v: variants.Variant, n: int, prev: Any) -> Any:
    if not r.flag():
        return _get_value(r)
    expected = _expected(prev, n)
    if expected is not None and r.flag():
        kind, seat = expected
    else:
        kind, seat = _EVENTS[r.choice(len(_EVENTS))], r.choice(n + 1)
    uses_tiles = v.uses_tiles
    e: dict[str, Any] = {"type": kind}
    if kind == "draw":
        e["source"] = _SOURCES[r.choice(len(_SOURCES))]
        if e["source"] == "discard":
            e["card"] = _get_code(r, uses_tiles)
    elif kind == "discard":
        e["card"] = _get_code(r, uses_tiles)
    elif kind == "meld":
        e["melds"] = [_get_codes(r, uses_tiles) for _ in range(r.count(1, limit=64))]
        first = r.uint(1 << 20)
        e["ids"] = list(range(first, first + len(e["melds"])))
    elif kind == "layoff":
        e["meld"] = r.uint(1 << 20)
        e["cards"] = _get_codes(r, uses_tiles)
    elif kind == "swap_joker":
        e["meld"] = r.uint(1 << 20)
        e["tile"] = _get_code(r, uses_tiles)
    elif kind in ("rebuild", "turnover"):
        e["stock"] = r.uint(1 << 20)
    else:
        e["kind"] = _KINDS[v.id][r.choice(len(_KINDS[v.id]))]
    e["seat"] = None if seat == n else seat
    return e


# -- the replay body ---------------------------------------------------------------------------

_KINDS = {
    "basic": ("out", "rummy", "no_stock"),
    "rummy200": ("closed", "stalemate"),
    "rummy101": ("normal", "joker", "one_turn", "one_turn_joker", "stock_out"),
}
_STATUS_TILES = ("not_opened", "opened_melds", "opened_pairs")
_OPENED_FOR_STATUS = scoring.OPENED_FOR_STATUS
_AUTOMATIC_EVENTS = ("rebuild", "turnover", "round_end")


def _round_start(state: dict) -> dict | None:
    """The match as it stood before this round was dealt, or None if that cannot be told."""
    pre = {
        k: game.copy_state(state[k])
        for k in (
            "version",
            "variant",
            "players",
            "options",
            "seed",
            "round",
            "first",
            "scores",
            "history",
            "accounts",
        )
    }
    pre["game_over"], pre["winners"] = False, None
    if state["round_over"]:
        result = state["round_result"]
        if not state["history"] or state["history"][-1] != result:
            return None
        pre["history"] = pre["history"][:-1]
        pre["scores"] = [a - b for a, b in zip(state["scores"], result["points"], strict=True)]
    if state["accounts"] is not None:
        pre["accounts"] = [
            a + (1 if used else 0)
            for a, used in zip(state["accounts"], state["button_used"], strict=True)
        ]
    return pre


def _actions_from_log(log: list) -> list[dict] | None:
    """The actions that made a round's log (automatic events left out)."""
    out = []
    for event in log:
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == "draw":
            out.append({"type": "draw", "source": event.get("source")})
        elif kind == "meld":
            out.append({"type": "meld", "melds": event.get("melds")})
        elif kind == "layoff":
            out.append({"type": "layoff", "meld": event.get("meld"), "cards": event.get("cards")})
        elif kind == "swap_joker":
            out.append({"type": "swap_joker", "meld": event.get("meld"), "tile": event.get("tile")})
        elif kind == "discard":
            out.append({"type": "discard", "card": event.get("card")})
        elif kind not in _AUTOMATIC_EVENTS:
            return None
    return out


def _dealt(pre: dict) -> dict:
    s = game.copy_state(pre)
    game.deal_round(s, None)
    return s


def _replay_body(state: dict) -> bytes | None:
    """The compact body (match so far + this round's moves), or None if the seed cannot
    rebuild this round (a position given with ``deal=``) or anything does not replay exactly."""
    pre = _round_start(state)
    actions = _actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    w = _BitWriter()
    _put_summary(w, state)
    try:
        _put_match(w, pre)
        rp = _Replayer(_dealt(pre))
        w.uint(len(actions))
        for action in actions:
            _put_action(w, rp.s, action)
            rp.play(action)
    except (ValueError, KeyError, TypeError):  # IllegalMove is a ValueError
        return None
    if rp.state() != state:
        return None
    return bytes([KIND_REPLAY]) + w.getvalue()


def _read_replay(r: _BitReader) -> game.Game:
    from .validate import check_state

    pre = _get_match(r)
    start = _dealt(pre)
    check_state(start)  # the match part is sound before any move is played on it
    rp = _replay(_Replayer(start), r, r.count(1, limit=MAX_ACTIONS))
    r.finish()
    return game.Game(rp.state())


def _put_match(w: _BitWriter, pre: dict) -> None:
    v = variants.BY_ID[pre["variant"]]
    w.choice(variants.VARIANTS.index(v.id), len(variants.VARIANTS))
    w.uint(pre["players"])
    _put_value(w, pre["options"])
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


def _get_match(r: _BitReader) -> dict:
    from .game import STATE_VERSION

    v = variants.BY_ID[variants.VARIANTS[r.choice(len(variants.VARIANTS))]]
    n = r.uint(16)
    try:
        variants.check_players(v, n)
        options = _get_value(r)
        if variants.fill_options(v, n, options) != options:
            raise _Malformed("its options are not complete")
    except IllegalMove as err:
        raise _Malformed(str(err)) from None
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
        raise _Malformed("its round is 0")
    pre["history"] = [_get_result(r, pre) for _ in range(r.count(4, limit=limits.MAX_ROUNDS))]
    return pre


def _put_result(w: _BitWriter, pre: dict, result: dict) -> None:
    """A finished round as winner, kind, how each seat had opened and the hands left; the
    points are the scoring rules' (a result they do not give back exactly cannot be coded, and
    the state goes as a snapshot). So a link can only carry results the rules produce."""
    compact = _compact_result(pre, result)
    if compact is None:
        raise ValueError("a round result the scoring rules do not reproduce")
    n = pre["players"]
    uses_tiles = variants.BY_ID[pre["variant"]].uses_tiles
    kinds = _KINDS[pre["variant"]]
    winner, kind, _opened, hands = compact
    w.choice(n if winner is None else winner, n + 1)
    w.choice(kinds.index(kind), len(kinds))
    w.uint(result["round"])
    if uses_tiles:
        for seat in range(n):
            if seat != winner:
                w.choice(_STATUS_TILES.index(result["status"][seat]), 3)
    for hand in hands:
        _put_codes(w, uses_tiles, hand)


def _compact_result(pre: dict, result: object) -> tuple | None:
    try:
        n = pre["players"]
        winner, kind = result["winner"], result["kind"]
        if kind not in _KINDS[pre["variant"]] or (winner is not None and winner not in range(n)):
            return None
        opened = None
        if pre["variant"] == "rummy101":
            opened = [
                None if seat == winner else _OPENED_FOR_STATUS[result["status"][seat]]
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


def _get_result(r: _BitReader, pre: dict) -> dict:
    n = pre["players"]
    uses_tiles = variants.BY_ID[pre["variant"]].uses_tiles
    kinds = _KINDS[pre["variant"]]
    winner = r.choice(n + 1)
    winner = None if winner == n else winner
    kind = kinds[r.choice(len(kinds))]
    round_ = r.uint(1 << 20)
    opened = None
    if uses_tiles:
        opened = [
            None if seat == winner else _OPENED_FOR_STATUS[_STATUS_TILES[r.choice(3)]]
            for seat in range(n)
        ]
    hands = [_get_codes(r, uses_tiles) for _ in range(n)]
    for hand in hands:
        for code in hand:
            if uses_tiles and code.startswith("JK="):
                raise _Malformed("a pinned joker in a hand")
    return _rebuild_result(pre, winner, kind, opened, hands, round_)


# ---------------------------------------------------------------------------------------------
# Moves links: the moves since a state the recipient holds


def encode_moves(base_state: dict, actions: list[dict]) -> str:
    """A link carrying ``actions`` played from ``base_state`` (the recipient's stored copy).

    Each action is checked by playing it (IllegalMove names the first that is not legal); the
    pseudo-action ``{"type": "next_round"}`` deals the next round. The link names the base by
    hash and position and the result by hash, so `apply_moves` can check both ends.
    """
    g = game.load(base_state)
    if not isinstance(actions, list):
        raise IllegalMove("The moves must be a list of actions")
    w = _BitWriter()
    coded = _BitWriter()
    for i, action in enumerate(actions):
        before = g._s
        try:
            _play(g, action if isinstance(action, dict) else {})
        except IllegalMove as err:
            raise IllegalMove(f"Move {i + 1} cannot be played: {err}") from None
        try:
            _put_action(coded, before, action)
        except ValueError as err:
            raise IllegalMove(f"Move {i + 1} cannot be put in a link: {err}") from None
    _put_summary(w, g._s)
    w.bits(int(_short_hash(base_state), 16), HASH_BITS)
    _put_position(w, position(base_state))
    w.uint(len(actions))
    body = w.getvalue() + coded.getvalue()
    return _wrap(bytes([KIND_MOVES]) + body)


def apply_moves(stored_state: dict, text: str) -> game.Game:
    """The game after the moves a moves link carries, replayed on ``stored_state``.

    Raises (all LinkError, a ValueError): `WrongGame`, `AlreadyApplied` (this link or a later
    one was opened already), `MissedMoves` (the stored copy is older than the link's start),
    `ForkedHistory` (the link starts from a game that is not this copy), or LinkError when the
    moves break the rules or do not lead to the state the link names.
    """
    stored = game.load(stored_state)._s  # a broken stored copy is the device's problem
    body = _unwrap(text)
    if body[0] != KIND_MOVES:
        raise LinkError("This is a full game link, not a moves link: open it as a new game")
    return _guarded(lambda: _apply_moves(stored, body))


def _apply_moves(stored: dict, body: bytes) -> game.Game:
    r = _BitReader(body[1:])
    summary = _get_summary(r)
    base_hash = f"{r.bits(HASH_BITS):0{HASH_BITS // 4}x}"
    base_pos = _get_position(r)
    count = r.count(0, limit=MAX_ACTIONS)  # "next_round" takes no bits
    if r.bits(-r.pos % 8):  # the coded moves start at the next byte
        raise _Malformed("its padding is not zero")
    if summary["game"] != game_id(stored):
        raise WrongGame("This link belongs to another game than the one on this device")
    here, mine = _short_hash(stored), position(stored)
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
        raise _Malformed("its starting point is named inconsistently")
    g = game.Game(_replay(_Replayer(game.copy_state(stored)), r, count).state())
    r.finish()
    _check_end(g, summary)
    return g


_FORKED = (
    "This link does not follow from the game on this device: the moves before it "
    "differ from yours (the game was changed or played twice) — ask for a full link"
)
_DISAGREE = (
    "This link does not follow from the game on this device: the link and your copy "
    "disagree about moves both hold (the game was changed or played twice) — ask for a full link"
)


def _check_end(g: game.Game, summary: dict) -> None:
    if summary != _summary_of(g._s):
        raise LinkError(
            "The moves in this link do not lead to the game it names — it was changed on the "
            "way, or made by a different version of the game"
        )


def _apply_moves_past_base(
    stored: dict, r: _BitReader, summary: dict, base_hash: str, base_pos: tuple, count: int
) -> game.Game:
    """The stored copy lies between the link's start and its end, in the start's round (its
    device played on after its own turn, e.g. the computer seats that follow it). Rebuild the
    start from the seed with the stored copy's moves, play the link from there, and accept it
    only if the stored copy is a point the link's game passes through."""
    base = _replayed_until(stored, base_pos)
    if base is None or _short_hash(base) != base_hash:
        raise ForkedHistory(_FORKED)
    mine = position(stored)
    passed = False

    def watch(rp: _Replayer) -> None:
        nonlocal passed
        if not passed and rp.position() == mine:
            passed = rp.state() == stored

    g = game.Game(_replay(_Replayer(base), r, count, watch).state())
    r.finish()
    _check_end(g, summary)
    same_round = g._s["round"] == stored["round"]
    if not passed or (same_round and g._s["log"][: mine[2]] != stored["log"]):
        raise ForkedHistory(_DISAGREE)
    return g


def moves_since(base_state: dict, state: dict) -> list[dict] | None:
    """The actions that lead from ``base_state`` to ``state`` in the same round (from the log),
    or None when they cannot be told (another round or game, or not a continuation)."""
    if (
        game_id(base_state) != game_id(state)
        or base_state["round"] != state["round"]
        or state["log"][: len(base_state["log"])] != base_state["log"]
    ):
        return None
    actions = _actions_from_log(state["log"][len(base_state["log"]) :])
    if actions is None:
        return None
    g = game.Game(game.copy_state(base_state))
    try:
        for action in actions:
            _play(g, action)
    except IllegalMove:
        return None
    return actions if g._s == state else None


def seat_last_turn(state: dict, seat: int) -> dict | None:
    """The state right after ``seat`` last ended a turn in this round (its discard, or the
    play that ended the round), rebuilt from the seed; None if it has not moved this round or
    the round cannot be rebuilt."""
    pre = _round_start(state)
    actions = _actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    rp = _Replayer(_dealt(pre))
    last = None
    try:
        for i, action in enumerate(actions):
            mover = rp.s["current"]
            rp.play(action)
            if mover == seat and (action["type"] == "discard" or rp.s["round_over"]):
                last = i
        if last is None:
            return None
        rp = _Replayer(_dealt(pre))
        for action in actions[: last + 1]:
            rp.play(action)
    except IllegalMove:
        return None
    return rp.state()


def link_for(state: dict, seat: int) -> str:
    """The link to send ``seat``: the moves since its last turn in this round when its copy can
    be named that way, else the full game."""
    base = seat_last_turn(state, seat)
    if base is not None:
        actions = moves_since(base, state)
        if actions is not None:
            return encode_moves(base, actions)
    return encode(state)


def receive(stored_state: dict | None, text: str, seat: int | None = None) -> dict:
    """A link arriving on a device that holds ``stored_state`` (None: it holds no copy).

    Answers ``{"game": Game, "kind": "full"|"moves", "first_contact": bool, "since": int,
    "game_id": str, "verified_deal": bool}``. ``since`` is the index in the game's current-round
    log of the first event this device has not seen (for "what happened since your last
    turn"): the stored copy's log length when it is in the same round, else the event just
    after ``seat``'s last turn in this round (its discard, or the play that ended the round),
    else 0. ``seat`` defaults to the game's player to move.

    Refusals are LinkError: `WrongGame`, `AlreadyApplied`, `ForkedHistory`, `MissedMoves` or a
    broken link. A moves link needs a stored copy; a full link for a stored game must extend it
    (docs/LINKS.md, "Receiving a link"). A broken stored copy raises InvalidState from
    `rummy.load`.
    """
    stored = None if stored_state is None else game.load(stored_state)._s
    body = _unwrap(text)
    if stored is None:
        g = _decode_body(body)
    elif body[0] == KIND_MOVES:
        g = _guarded(lambda: _apply_moves(stored, body))
    else:
        g = _guarded(lambda: _extend(stored, body))
    s = g._s
    if seat is None:
        seat = s["current"]
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise ValueError(f"There is no seat {seat!r} (seats are 0 to {s['players'] - 1})")
    if stored is not None and stored["round"] == s["round"]:
        since = len(stored["log"])
    else:
        since = _after_last_turn(s["log"], seat)
    return {
        "game": g,
        "kind": _KIND_NAMES.get(body[0], "full"),
        "first_contact": stored is None,
        "since": since,
        "game_id": game_id(s),
        "verified_deal": body[0] != KIND_SNAPSHOT,
    }


def _extend(stored: dict, body: bytes) -> game.Game:
    """A full link for a game this device holds: it must continue the stored copy."""
    summary = _get_summary(_BitReader(body[1:]))
    if summary["game"] != game_id(stored):
        raise WrongGame("This link belongs to another game than the one on this device")
    if summary["hash"] == _short_hash(stored):
        raise AlreadyApplied("This link has already been opened here: your game is up to date")
    if summary["position"] <= position(stored):
        raise AlreadyApplied(
            "This link is older than the game on this device: its moves are already here"
        )
    g = _decode_full(body)
    s = g._s
    if any(s[key] != stored[key] for key in ("variant", "players", "options", "seed")):
        raise WrongGame("This link belongs to another game than the one on this device")
    finished = stored["history"]
    if s["history"][: len(finished)] != finished:
        raise ForkedHistory(_NOT_CONTINUED)
    if s["round"] == stored["round"]:
        return game.Game(_continue_round(stored, s))
    if not any(result.get("round") == stored["round"] for result in s["history"]):
        raise ForkedHistory(_NOT_CONTINUED)
    _check_later_round(stored, s)
    return g


def _check_later_round(stored: dict, s: dict) -> None:
    """What a later round must keep from the stored copy beyond its finished rounds: the
    first seat moves on by one each round (it decides the deal), and a joker account only
    ever goes down (`rummy101`'s button)."""
    n = s["players"]
    if s["first"] != (stored["first"] + s["round"] - stored["round"]) % n:
        raise ForkedHistory(_CHANGES_KNOWN)
    start = _round_start(s)
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
    actions = _actions_from_log(s["log"][known:])
    if actions is None:
        raise ForkedHistory(_NOT_CONTINUED)
    rp = _Replayer(game.copy_state(stored))
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
_AUTOMATIC_AFTER_TURN = ("rebuild", "turnover", "round_end")


def _after_last_turn(log: list, seat: int) -> int:
    """The log index just after ``seat``'s last turn (its discard or the play that ended the
    round, with the stock renewal or round end it caused), or 0 if it has not moved."""
    since = 0
    for i, event in enumerate(log):
        if (
            isinstance(event, dict)
            and event.get("seat") == seat
            and event.get("type") in ("discard", "round_end")
        ):
            since = i + 1
    while (
        0 < since < len(log)
        and isinstance(log[since], dict)
        and log[since].get("type") in _AUTOMATIC_AFTER_TURN
    ):
        since += 1
    return since


def replay_views(state: dict, seat: int, since: int) -> list[dict]:
    """The current round from event ``since`` on, as ``seat`` saw it: ``[{"event": i, "view":
    view}]`` for every log index ``i >= since`` (the view right after event ``i``), after a
    first element ``{"event": since - 1, ...}``, the view just before event ``since``.

    Views are the engine's ``Game.view(seat)``, so they never show another seat's hand. Events
    a move causes by itself (a stock renewal, the round's end) share the view after that move.
    [] when the seed cannot rebuild the round (a position laid out with ``deal=``). One replay
    of the round: linear in its length, plus the views asked for.
    """
    log = state["log"]
    if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= len(log):
        raise ValueError(f"'since' must be an event of this round, from 0 to {len(log)}")
    game.check_seat(state, seat)
    start = _round_replayer(state)
    if start is None:
        return []
    rp, actions = start
    # Where each action's events end in the log (an action logs one event, then the automatic
    # events it caused), so the state after action k holds ends[k] events.
    starts = [
        i
        for i, event in enumerate(log)
        if isinstance(event, dict) and event.get("type") not in _AUTOMATIC_EVENTS
    ]
    if len(starts) != len(actions):
        return []
    ends = [*starts[1:], len(log)]

    def view() -> dict:
        return game.make_view(rp.state(), seat)

    steps: list[dict] = []
    first_unseen = next((k for k, end in enumerate(ends) if end > since), len(actions))
    try:
        for action in actions[:first_unseen]:
            rp.play(action)
        steps.append({"event": since - 1, "view": view()})
        event = since
        for k in range(first_unseen, len(actions)):
            rp.play(actions[k])
            after = view()
            while event < ends[k]:
                steps.append({"event": event, "view": after})
                event += 1
    except IllegalMove:
        return []
    if rp.state() != state:
        return []
    return steps


def inspect(text: str) -> dict:
    """What a link is, without playing it: ``{"kind": "full"|"moves", "game": id,
    "position": [round, turn, events], "current": seat, "hash": ...}`` (for routing a link to
    the stored game it belongs to)."""
    body = _unwrap(text)

    def read() -> dict:
        summary = _get_summary(_BitReader(body[1:]))
        if body[0] not in _KIND_NAMES:
            raise _Malformed(f"unknown kind {body[0]}")
        return {
            "kind": _KIND_NAMES[body[0]],
            "verified_deal": body[0] != KIND_SNAPSHOT,
            "game": summary["game"],
            "position": list(summary["position"]),
            "current": summary["current"],
            "hash": summary["hash"],
        }

    return _guarded(read)


# ---------------------------------------------------------------------------------------------
# Fair deal: commit–reveal (docs/LINKS.md "Fair deal")

_COMMIT_PREFIX = b"rummy-commit:v1:"
_SEED_PREFIX = b"rummy-seed:v1:"


def new_secret() -> str:
    """A fresh random value for this device's share of the seed (256 bits, hex)."""
    return _secrets.token_hex(32)


def _secret_bytes(secret: object) -> bytes:
    if not isinstance(secret, str) or not 16 <= len(secret) <= 256:
        raise InvalidState("A secret is a text of 16 to 256 characters")
    return secret.encode()


def commit(secret: str) -> str:
    """The commitment to ``secret`` (hex SHA-256): safe to send before the secret is revealed."""
    return hashlib.sha256(_COMMIT_PREFIX + _secret_bytes(secret)).hexdigest()


def check_reveal(commitment: str, secret: str) -> bool:
    """True when ``secret`` is the value ``commitment`` was made from."""
    if not isinstance(commitment, str):
        return False
    try:
        expected = commit(secret)
    except InvalidState:
        return False
    return hmac.compare_digest(expected, commitment.lower())


def derive_seed(values: list[str]) -> int:
    """The game seed in [0, 2**53) from every seat's revealed value, in seat order. No single
    player can steer it while at least one other value is unknown to them."""
    if not isinstance(values, list) or len(values) < 2:
        raise InvalidState("The seed needs a value from every player (at least two)")
    digest = hashlib.sha256(_SEED_PREFIX)
    for value in values:
        data = _secret_bytes(value)
        digest.update(len(data).to_bytes(2, "big") + data)
    return int.from_bytes(digest.digest()[:8], "big") >> (64 - 53)


# ---------------------------------------------------------------------------------------------
# Invitations: the match setup and everyone's share of the seed, passed round the table
# (docs/LINKS.md "Invitations")

INVITE_FORMAT = 0x81  # invitation format 1; game links keep the bytes below 0x80
_INVITE_FORMATS = 0x80
MAX_INVITE_TEXT = 6_000  # characters; six seats with long names are about 1,000
MAX_INVITE_BODY = 16 * 1024
_INVITE_ZDICT = (  # part of invitation format 1
    b'{"id":"","variant":"basic","rummy200","rummy101","players":,"options":{"target":150,'
    b'"hands":null,"max_rebuilds":null,"ace_high_or_low":false,"last_card_discard":false,'
    b'"threshold":"fixed","rounds":5,"joker_button":false,"joker_accounts":[1,1,1,1]},"host":0,'
    b'"commitment":"","seats":[{"name":"","bot":null,"value":null},"random","easy","medium",'
    b'"hard"]}'
)
_INVITE = _Envelope(
    INVITE_FORMAT,
    _INVITE_ZDICT,
    MAX_INVITE_TEXT,
    MAX_INVITE_BODY,
    "This invitation",
    "an invitation",
    InviteError,
)
_HEX = re.compile(r"[0-9a-fA-F]*")
_INVITE_KEYS = ("id", "variant", "players", "options", "host", "commitment", "seats")
_SEAT_KEYS = ("name", "bot", "value")
_INVITE_DEPTH = 8  # an invitation is 3 levels deep (seats, a seat; options, joker_accounts)
MAX_NAME = names.MAX_NAME


def _computer_value(seat: int) -> str:
    """The fixed stand-in for a computer seat's value (computers have no device to draw one)."""
    return f"computer-seat-{seat:02d}"


def _hex(value: object, length: int, what: str) -> str:
    if not isinstance(value, str) or len(value) != length or not _HEX.fullmatch(value):
        raise InviteError(f"{what} must be {length} hexadecimal characters")
    return value.lower()


def _name(value: object, seat: int) -> str:
    """A seat's name, cleaned by `names.clean_name` (direction marks and lone surrogates
    removed). An invitation this game made never holds a control character or a name
    longer than `MAX_NAME`, so those are refused rather than mended."""
    if not isinstance(value, str):
        raise InviteError(f"Seat {seat + 1} needs a name")
    if names.has_control(value):
        raise InviteError(f"Seat {seat + 1}'s name holds a control character")
    name = names.clean_name(value)
    if not name or len(value.strip()) > MAX_NAME:
        raise InviteError(f"Seat {seat + 1}'s name must be 1 to {MAX_NAME} characters long")
    return name


def check_invite(invite: object) -> dict:
    """The invitation, checked and normalized (names stripped, hex in lower case, the options
    filled in as `new_game` fills them); InviteError says what is wrong."""
    from .bots import LEVELS

    if not isinstance(invite, dict):
        raise InviteError("An invitation is an object with the match setup and its seats")
    unknown = sorted(set(invite) - set(_INVITE_KEYS), key=str)
    missing = [key for key in _INVITE_KEYS if key not in invite]
    if unknown or missing:
        raise InviteError(f"An invitation has exactly the fields {', '.join(_INVITE_KEYS)}")
    try:
        v = variants.get(invite["variant"])
        players = variants.check_players(v, invite["players"])
        options = variants.fill_options(v, players, invite["options"])
    except IllegalMove as err:
        raise InviteError(str(err)) from None
    host = invite["host"]
    if isinstance(host, bool) or not isinstance(host, int) or not 0 <= host < players:
        raise InviteError(f"The host's seat must be 0 to {players - 1}")
    given = invite["seats"]
    if not isinstance(given, list) or len(given) != players:
        raise InviteError(f"An invitation for {players} players lists {players} seats")
    seats = []
    for i, seat in enumerate(given):
        if not isinstance(seat, dict) or set(seat) - set(_SEAT_KEYS) or "name" not in seat:
            raise InviteError(f"Seat {i + 1} is an object with a name, a bot level and a value")
        bot, value = seat.get("bot"), seat.get("value")
        if bot is not None and bot not in LEVELS:
            raise InviteError(
                f"Seat {i + 1}'s computer level must be one of {', '.join(LEVELS)}, not {bot!r}"
            )
        if value is not None:
            value = _hex(value, 64, f"Seat {i + 1}'s value")
            if bot is not None:
                raise InviteError(f"Seat {i + 1} is a computer player: it has no value")
        if i == host and (bot is not None or value is not None):
            raise InviteError(
                "The host's seat is a person, and its secret is not in the invitation"
            )
        seats.append({"name": _name(seat["name"], i), "bot": bot, "value": value})
    return {
        "id": _hex(invite["id"], 16, "The invitation's id"),
        "variant": v.id,
        "players": players,
        "options": options,
        "host": host,
        "commitment": _hex(invite["commitment"], 64, "The host's commitment"),
        "seats": seats,
    }


def encode_invite(invite: dict) -> str:
    """The invitation as URL-safe text (its own format byte: never read as a game link)."""
    checked = check_invite(invite)
    body = json.dumps(checked, separators=(",", ":"), ensure_ascii=False).encode()
    text = _wrap(body, _INVITE)
    if len(text) > MAX_INVITE_TEXT:  # cannot happen with checked fields; kept as a guard
        raise InviteError("This invitation is too long to send")
    return text


def decode_invite(text: str) -> dict:
    """The invitation a text carries, checked and normalized; InviteError says why not."""
    body = _unwrap(text, _INVITE)
    try:
        invite = limits.loads(body.decode(), "This invitation", _INVITE_DEPTH)
    except limits.TooDeep as err:
        raise InviteError(str(err)) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InviteError("This invitation is malformed: it was not made by this game") from None
    try:
        return check_invite(invite)
    except InviteError as err:
        raise InviteError(f"This invitation cannot be used: {err}") from None


def fair_seed(invite: dict, secret: str) -> int:
    """The match seed once the invitation has gone round: `derive_seed` of every seat's value
    in seat order, the host's revealed ``secret`` at the host's seat and `_computer_value` at
    computer seats. UnfairDeal if the secret is not the committed one or a person has not
    joined; InviteError if the invitation itself is malformed."""
    checked = check_invite(invite)
    waiting = [
        seat["name"]
        for i, seat in enumerate(checked["seats"])
        if i != checked["host"] and seat["bot"] is None and seat["value"] is None
    ]
    if waiting:
        raise UnfairDeal(f"Not everyone has joined yet: waiting for {', '.join(waiting)}")
    if not check_reveal(checked["commitment"], secret):
        raise UnfairDeal(
            "The host's secret does not match the commitment in the invitation: the deal "
            "cannot be trusted"
        )
    values = [
        secret
        if i == checked["host"]
        else (_computer_value(i) if seat["bot"] is not None else seat["value"])
        for i, seat in enumerate(checked["seats"])
    ]
    return derive_seed(values)
