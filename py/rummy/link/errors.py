"""Why a link, an invitation or a deal is refused (docs/LINKS.md "Receiving a link").

Every refusal is an `InvalidState` (a ValueError) whose message a player can act on, and whose
``reason`` names it for the page (docs/WEBAPI.md: ``"broken"``, ``"wrong_game"``,
``"already_opened"``, ``"forked"``, ``"missed"``, ``"unfair"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..errors import IllegalMove, InvalidState
from .bits import Malformed

__all__ = [
    "AlreadyApplied",
    "ForkedHistory",
    "InviteError",
    "LinkError",
    "Malformed",
    "MissedMoves",
    "UnfairDeal",
    "WrongGame",
    "guarded",
]


class LinkError(InvalidState):
    """A link that cannot be used; the message says why and what to do."""

    reason = "broken"


class WrongGame(LinkError):
    """A moves link for another game than the stored copy."""

    reason = "wrong_game"


class AlreadyApplied(LinkError):
    """A moves link whose moves the stored copy already holds (opened twice, or an old link)."""

    reason = "already_opened"


class ForkedHistory(LinkError):
    """A moves link whose starting point is not the stored copy: someone changed the history."""

    reason = "forked"


class MissedMoves(LinkError):
    """A moves link that starts later than the stored copy: a link in between was not opened."""

    reason = "missed"


class InviteError(LinkError):
    """An invitation that cannot be used (damaged, malformed, or not an invitation)."""


class UnfairDeal(InvalidState):
    """A seed that cannot be derived fairly: a wrong reveal, or a seat that has not joined."""

    reason = "unfair"


T = TypeVar("T")


def guarded(work: Callable[[], T]) -> T:
    """Run a decoding step; anything unexpected becomes a LinkError (never another type)."""
    try:
        return work()
    except LinkError:
        raise
    except Malformed as err:
        raise LinkError(f"This link is malformed ({err}): it was not made by this game") from None
    except InvalidState as err:
        raise LinkError(f"This link holds a game that cannot be used — {err}") from None
    except IllegalMove as err:
        raise LinkError(f"This link holds a game that breaks the rules ({err})") from None
    except Exception as err:  # a hostile link must never crash the caller
        raise LinkError(
            f"This link is malformed ({type(err).__name__}): it was not made by this game"
        ) from None
