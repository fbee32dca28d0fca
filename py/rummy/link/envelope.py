"""The envelope around every link and invitation: format byte, deflate, checksum, base64url.

``base64url( format byte | raw deflate (level 9, preset dictionary) of the body | check )``,
where ``check`` is the first 4 bytes of SHA-256 over everything before it (docs/LINKS.md
"Format"). Game links have format bytes below 0x80, invitations 0x80 and up, so neither is
ever read as the other. Unwrapping bounds the text and the inflated size (no zip bomb) and says
what is wrong with a damaged text.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import zlib
from typing import NamedTuple

from .errors import InviteError, LinkError

FORMAT = 1  # the first byte; bump it when the body layout or the rules' replay changes
MAX_TEXT = 24_000  # characters; a real link is under 2,000 (snapshots of long puzzles a few k)
MAX_BODY = 256 * 1024  # bytes after inflating: far above any state, far below a zip bomb
CHECK_BYTES = 4


# Words the JSON snapshots repeat; a preset dictionary lets even a short snapshot use them.
# Part of format 1: changing it changes every link.
ZDICT = (
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


INVITE_FORMAT = 0x81  # invitation format 1; game links keep the bytes below 0x80
INVITE_FORMATS = 0x80
MAX_INVITE_TEXT = 6_000  # characters; six seats with long names are about 1,000
MAX_INVITE_BODY = 16 * 1024
INVITE_ZDICT = (  # part of invitation format 1
    b'{"id":"","variant":"basic","rummy200","rummy101","players":,"options":{"target":150,'
    b'"hands":null,"max_rebuilds":null,"ace_high_or_low":false,"last_card_discard":false,'
    b'"threshold":"fixed","rounds":5,"joker_button":false,"joker_accounts":[1,1,1,1]},"host":0,'
    b'"commitment":"","seats":[{"name":"","bot":null,"value":null},"random","easy","medium",'
    b'"hard"]}'
)


_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_PARAMETER = re.compile(r"(?:^|[?&#])([gi])=([A-Za-z0-9_-]*)")


def _parameter(text: str, own: str) -> str:
    """The link in a page URL's parameters: ``own`` (``g`` a game link, ``i`` an
    invitation), else the other one (then refused as the wrong kind), else ``text``."""
    found = {match[1]: match[2] for match in _PARAMETER.finditer(text)}
    return found.get(own, found.get("g" if own == "i" else "i", text))


class Envelope(NamedTuple):
    """What differs between the two kinds of text in the same envelope (links, invitations)."""

    format: int  # the first byte
    zdict: bytes
    max_text: int
    max_body: int
    this: str  # "This link"
    a_noun: str  # "a game link"
    error: type  # LinkError, or its InviteError


LINK = Envelope(FORMAT, ZDICT, MAX_TEXT, MAX_BODY, "This link", "a game link", LinkError)


INVITE = Envelope(
    INVITE_FORMAT,
    INVITE_ZDICT,
    MAX_INVITE_TEXT,
    MAX_INVITE_BODY,
    "This invitation",
    "an invitation",
    InviteError,
)


def wrap(body: bytes, envelope: Envelope = LINK) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, envelope.zdict)
    return seal(bytes([envelope.format]) + packer.compress(body) + packer.flush())


def seal(payload: bytes) -> str:
    """base64url of ``payload`` (format byte and deflated body) and its check."""
    check = hashlib.sha256(payload).digest()[:CHECK_BYTES]
    return base64.urlsafe_b64encode(payload + check).decode("ascii").rstrip("=")


def unwrap(text: object, envelope: Envelope = LINK) -> bytes:
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
        text = _parameter(text, "i" if envelope.format >= INVITE_FORMATS else "g")
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
    check_format(payload[0], envelope)
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


def check_format(byte: int, envelope: Envelope) -> None:
    """Game links have format bytes below 0x80, invitations 0x80 and up: neither is ever read
    as the other, and each tells another version of itself apart."""
    is_invitation = byte >= INVITE_FORMATS
    if envelope.format < INVITE_FORMATS and is_invitation:
        raise LinkError("This is an invitation, not a game link: open it to join the game")
    if envelope.format >= INVITE_FORMATS and not is_invitation:
        raise InviteError("This is a game link, not an invitation: open it as a game")
    if byte == envelope.format:
        return
    if is_invitation:
        raise InviteError(
            f"This invitation was made by another version of the game (invitation format "
            f"{byte - INVITE_FORMATS}, this game reads {INVITE_FORMAT - INVITE_FORMATS}) — "
            "update the game, or ask for a new invitation"
        )
    raise LinkError(
        f"This link was made by another version of the game (link format {byte}, "
        f"this game reads {FORMAT}) — update the game, or ask for a new link"
    )
