"""The one exception the engine raises for anything a player or caller got wrong."""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """An action, option or input that the rules do not allow.

    The message is meant for a player ("You must draw before you discard"). The game that
    raised it is left exactly as it was before the call.

    ``code`` names the refusal for a page that shows it in the player's language (a short
    snake-case word such as ``"draw_first"``; ``None`` for refusals only a caller's bug can
    meet), and ``params`` holds its particulars as JSON values, cards and tiles as engine codes
    (``{"card": "7H"}``, ``{"meld": ["R5", "K5", "R7"]}``). The message says the same in English.
    """

    def __init__(
        self, message: str = "", *, code: str | None = None, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params) if params else {}


class InvalidState(ValueError):
    """A saved game or link that is damaged, tampered with or from an unknown version.

    ``reason`` names the refusal for the page (docs/WEBAPI.md); the link codec's refusals
    (rummy/link/errors.py) say more precisely why.
    """

    reason = "broken"
