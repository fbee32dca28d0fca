"""Players' names: the one function every name entering the engine goes through.

Names travel in invitations and beside game links, typed by anyone. A name is shown to the
other players as plain text, so what matters is that one name cannot pass for another or
disturb the text around it: control characters, the invisible marks that change the direction
of text (a right-to-left override turns ``"\u202eexe.anA"`` into what reads as ``"Ana.exe"``)
and lone surrogates (half an emoji, not text at all) are removed, and the length is capped.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40  # characters, after cleaning

# Direction marks, embeddings, overrides and isolates (Unicode's bidi controls), line and
# paragraph separators, and the byte-order mark.
_INVISIBLE = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029\ufeff"
)


def _shown(ch: str) -> bool:
    return ch not in _INVISIBLE and unicodedata.category(ch) not in ("Cc", "Cs")


def clean_name(value: object) -> str:
    """``value`` as a name: control, direction and lone-surrogate characters removed, spaces
    at the ends trimmed, at most `MAX_NAME` characters. Not a string: ``""``."""
    if not isinstance(value, str):
        return ""
    kept = "".join(ch for ch in value if _shown(ch)).strip()
    return kept[:MAX_NAME].rstrip()


def has_control(value: str) -> bool:
    """Whether ``value`` holds a control character (a newline, a tab, …)."""
    return any(unicodedata.category(ch) == "Cc" for ch in value)
