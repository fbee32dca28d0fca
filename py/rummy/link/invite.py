"""A fair deal (commit–reveal of everyone's share of the seed) and the invitations that carry
the match setup and those shares round the table (docs/LINKS.md "Fair deal", "Invitations").

Invitations travel in the same envelope as game links, with a format byte of their own.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets as _secrets

from .. import limits, names, variants
from ..constants import LEVELS
from ..errors import IllegalMove, InvalidState
from .envelope import INVITE, MAX_INVITE_TEXT, unwrap, wrap
from .errors import InviteError, UnfairDeal

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


def check_reveal(commitment: object, secret: str) -> bool:
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
    text = wrap(body, INVITE)
    if len(text) > MAX_INVITE_TEXT:  # cannot happen with checked fields; kept as a guard
        raise InviteError("This invitation is too long to send")
    return text


def decode_invite(text: str) -> dict:
    """The invitation a text carries, checked and normalized; InviteError says why not."""
    body = unwrap(text, INVITE)
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
