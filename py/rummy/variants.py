"""The three rule sets as data (RULES.md §1 `basic`, §2 `rummy200`, §3 `rummy101`).

Everything that differs between the rule sets and is a number or a yes/no lives here; the few
rules that are behaviour (how the stock is renewed, how a round is scored) are named here and
carried out by `game` and `scoring`.
"""

from __future__ import annotations

from typing import NamedTuple

from . import cards, tiles
from .errors import IllegalMove
from .limits import MAX_REBUILDS, MAX_ROUNDS, MAX_TARGET


class Variant(NamedTuple):
    id: str
    name: str
    players: tuple[int, ...]  # allowed player counts
    default_players: int
    uses_tiles: bool
    stock_end: str  # "rebuild" (shuffle the pile in), "turnover" (once, then stalemate), "end"
    layoff_needs_own_meld: bool
    options: dict  # defaults; "joker_accounts" is filled per game

    def deck(self) -> tuple[str, ...]:
        return tiles.FULL_SET if self.uses_tiles else cards.DECK

    def hand_size(self, players: int) -> int:
        if self.uses_tiles:
            return 21  # the starting seat gets one more (RULES.md §3 Deal)
        if self.id == "rummy200":
            return 7
        return {2: 10, 3: 7, 4: 7}.get(players, 6)


BASIC = Variant(
    id="basic",
    name="Rummy",
    players=(2, 3, 4, 5, 6),
    default_players=2,
    uses_tiles=False,
    stock_end="rebuild",
    layoff_needs_own_meld=False,
    options={
        "ace_high_or_low": False,
        "last_card_discard": False,
        "target": 150,
        "hands": None,
        "max_rebuilds": None,
    },
)
RUMMY200 = Variant(
    id="rummy200",
    name="Rummy to 200",
    players=(4,),
    default_players=4,
    uses_tiles=False,
    stock_end="turnover",
    layoff_needs_own_meld=True,
    options={"target": 200, "hands": None},
)
RUMMY101 = Variant(
    id="rummy101",
    name="Rummy 101",
    players=(2, 3, 4),
    default_players=2,
    uses_tiles=True,
    stock_end="end",
    layoff_needs_own_meld=True,
    options={"threshold": "fixed", "rounds": 5, "joker_button": False, "joker_accounts": None},
)

BY_ID = {v.id: v for v in (BASIC, RUMMY200, RUMMY101)}
VARIANTS: tuple[str, ...] = tuple(BY_ID)

OPENING_POINTS = 101
OPENING_PAIRS = 5


def get(variant: object) -> Variant:
    try:
        return BY_ID[variant]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalMove(
            f"Unknown rule set {variant!r}: choose one of {', '.join(VARIANTS)}",
            code="unknown_variant",
        ) from None


def check_players(variant: Variant, players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise IllegalMove(
            f"The number of players must be a whole number, not {players!r}",
            code="bad_option",
            params={"option": "players"},
        )
    if players not in variant.players:
        allowed = variant.players
        span = str(allowed[0]) if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]}"
        raise IllegalMove(
            f"{variant.name} is played by {span} players, not {players}",
            code="player_count",
            params={"variant": variant.id, "players": players, "allowed": list(allowed)},
        )
    return players


def _whole(name: str, value: object, low: int, high: int, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        extra = " (or null)" if allow_none else ""
        shown = repr(value) if not isinstance(value, int) or abs(value) < 10**15 else "larger"
        raise IllegalMove(
            f"Option {name!r} must be a whole number from {low} to {high:,}{extra}, not {shown}",
            code="bad_option",
            params={"option": name},
        )
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise IllegalMove(
            f"Option {name!r} must be true or false, not {value!r}",
            code="bad_option",
            params={"option": name},
        )
    return value


def fill_options(variant: Variant, players: int, given: object) -> dict:
    """The game's options: defaults filled in, each value checked."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise IllegalMove("Options must be an object of option names and values", code="bad_option")
    unknown = sorted(set(given) - set(variant.options), key=str)
    if unknown:
        raise IllegalMove(
            f"Option {unknown[0]!r} does not apply to {variant.name} "
            f"(its options: {', '.join(variant.options)})",
            code="bad_option",
            params={"option": str(unknown[0])},
        )
    out = dict(variant.options)
    out.update(given)
    for name in ("ace_high_or_low", "last_card_discard", "joker_button"):
        if name in out:
            out[name] = _flag(name, out[name])
    # Upper bounds (limits.py): a match is at most MAX_ROUNDS rounds, so a longer one, a
    # larger target or account cannot be played out; every number stays exact in JavaScript.
    if "target" in out:
        out["target"] = _whole("target", out["target"], 1, MAX_TARGET)
    if "hands" in out:
        out["hands"] = _whole("hands", out["hands"], 1, MAX_ROUNDS, allow_none=True)
    if "max_rebuilds" in out:
        out["max_rebuilds"] = _whole(
            "max_rebuilds", out["max_rebuilds"], 0, MAX_REBUILDS, allow_none=True
        )
    if "rounds" in out:
        out["rounds"] = _whole("rounds", out["rounds"], 1, MAX_ROUNDS)
    if "threshold" in out and out["threshold"] not in ("fixed", "rising"):
        raise IllegalMove(
            f"Option 'threshold' is 'fixed' or 'rising', not {out['threshold']!r}",
            code="bad_option",
            params={"option": "threshold"},
        )
    if "joker_accounts" in out:
        accounts = out["joker_accounts"]
        if accounts is None:
            accounts = [1] * players
        elif isinstance(accounts, int) and not isinstance(accounts, bool):
            accounts = [accounts] * players
        if not isinstance(accounts, list) or len(accounts) != players:
            raise IllegalMove(
                f"Option 'joker_accounts' lists one count per seat ({players})",
                code="bad_option",
                params={"option": "joker_accounts"},
            )
        out["joker_accounts"] = [_whole("joker_accounts", a, 0, MAX_ROUNDS) for a in accounts]
    return out
