"""Names the engine, its checks, the link codec and the computer players share, spelled once.

Imports nothing from the engine, so any module may use it without an import cycle. The order
of `ROUND_KINDS`' tuples is part of the link format (docs/LINKS.md): a finished round's kind
travels as its index there, so append, never reorder. A computer level travels by name.
"""

from __future__ import annotations

STATE_VERSION = 1  # `state()["version"]`: bump it when the saved state's layout changes

# The match: what stays from one round to the next (with "game_over" and "winners").
MATCH_KEYS: tuple[str, ...] = (
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
# The round being played: what `rules.deal_round` lays out afresh.
ROUND_KEYS: tuple[str, ...] = (
    "hands",
    "stock",
    "discard",
    "discard_by",
    "table",
    "next_id",
    "current",
    "turn",
    "phase",
    "drawn",
    "taken",
    "taken_used",
    "plays",
    "opened",
    "first_play",
    "thresholds",
    "button_used",
    "last_discards",
    "renewals",
    "log",
    "undo",
    "round_over",
    "round_result",
)
STATE_KEYS: tuple[str, ...] = (*MATCH_KEYS, "game_over", "winners", *ROUND_KEYS)

# How a round can end, per rule set (ENGINE_API.md "round_result"), and the kinds without a
# winner.
ROUND_KINDS: dict[str, tuple[str, ...]] = {
    "basic": ("out", "rummy", "no_stock"),
    "rummy200": ("closed", "stalemate"),
    "rummy101": ("normal", "joker", "one_turn", "one_turn_joker", "stock_out"),
}
ALL_ROUND_KINDS: frozenset[str] = frozenset(k for kinds in ROUND_KINDS.values() for k in kinds)
NO_WINNER_KINDS: frozenset[str] = frozenset({"no_stock", "stalemate", "stock_out"})

# A `rummy101` loser's status in a round result (how it had opened).
TILE_STATUSES: tuple[str, ...] = ("not_opened", "opened_melds", "opened_pairs")

# Log events no player chose: a move causes them (a stock renewal, the round's end).
AUTOMATIC_EVENTS: tuple[str, ...] = ("rebuild", "turnover", "round_end")

# Computer players' levels (`bots.decide`), weakest first.
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
