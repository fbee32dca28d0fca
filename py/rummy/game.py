"""The Game: one match, the object players, bots and the page hold (ENGINE_API.md).

It wraps a state (`rules`) and only ever replaces it with a copy every check has passed. Its
link is made by `rummy.link`, which works on states: neither module imports the other's object.
"""

from __future__ import annotations

from .errors import IllegalMove
from .rules import (
    State,
    apply_action,
    check_next_round,
    check_seat,
    checked_copy,
    copy_state,
    make_view,
    new_state,
    start_next_round,
)

# The refusals of a play that leaves no card to discard (`rules._check_keeps_card`): raised
# once the cards have joined the meld, so the cards would join it.
_KEEP_A_CARD = frozenset({"keep_one_tile", "keep_one_card", "keep_taken_card"})


class Game:
    """One match: rounds of one rule set between 2–6 seats. Create with `new_game` or `load`."""

    __slots__ = ("_s",)

    def __init__(self, state: State) -> None:
        self._s = state

    # -- reading -----------------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self._s["variant"]

    @property
    def players(self) -> int:
        return self._s["players"]

    @property
    def current_player(self) -> int:
        return self._s["current"]

    @property
    def phase(self) -> str:
        return self._s["phase"]

    @property
    def round(self) -> int:
        return self._s["round"]

    @property
    def round_over(self) -> bool:
        return self._s["round_over"]

    @property
    def game_over(self) -> bool:
        return self._s["game_over"]

    @property
    def round_result(self) -> dict | None:
        result = self._s["round_result"]
        return None if result is None else copy_state(result)

    @property
    def scores(self) -> list[int]:
        return list(self._s["scores"])

    @property
    def winners(self) -> list[int] | None:
        w = self._s["winners"]
        return None if w is None else list(w)

    @property
    def options(self) -> dict:
        return copy_state(self._s["options"])

    def hand(self, seat: int) -> list[str]:
        return list(self._s["hands"][check_seat(self._s, seat)])

    def view(self, seat: int) -> dict:
        """What ``seat`` may see: its own hand, counts of the others, the table, the public log."""
        return make_view(self._s, check_seat(self._s, seat))

    def state(self) -> State:
        return copy_state(self._s)

    def to_link(self) -> str:
        from . import link  # imported on use: keeps `import rummy` light

        return link.encode(self._s)

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: dict) -> None:
        """Apply the current player's action, or raise IllegalMove and change nothing."""
        s = copy_state(self._s)
        apply_action(s, action)
        self._s = s

    def layoff_targets(self, cards: list[str]) -> list[int]:
        """The ids of the table melds the current player may lay ``cards`` off on now: each a
        ``layoff`` that `apply` would accept. None outside the play phase, before the player may
        add to melds, or for cards the player does not hold. Nothing changes."""
        return self.layoff_trial(cards)[0]

    def layoff_trial(self, cards: list[str]) -> tuple[list[int], IllegalMove | None]:
        """``cards`` laid off on each table meld, on a copy: the ids of the melds that take them
        (`layoff_targets`) and, where none does, the refusal when the only reason is that the
        player must keep a card to discard (they would join that meld), else None. Nothing
        changes."""
        tried = self._tried({"type": "layoff", "cards": list(cards)})
        targets = [m for m, refusal in tried if not refusal]
        kept = (
            None if targets else next((r for _, r in tried if r and r.code in _KEEP_A_CARD), None)
        )
        return targets, kept

    def joker_swap_targets(self, tile: str) -> list[int]:
        """The ids of the table melds whose joker the current player may take now by putting
        ``tile`` in its place (`rummy101`): each a ``swap_joker`` that `apply` would accept."""
        return [
            m for m, refusal in self._tried({"type": "swap_joker", "tile": tile}) if not refusal
        ]

    def _tried(self, action: dict) -> list[tuple[int, IllegalMove | None]]:
        """``action`` (given its ``meld``) tried on a copy for each table meld: the meld's id and
        the refusal, None where it would be accepted."""
        tried: list[tuple[int, IllegalMove | None]] = []
        for meld in self._s["table"]:
            s = copy_state(self._s)
            try:
                apply_action(s, {**action, "meld": meld["id"]})
            except IllegalMove as refusal:
                tried.append((meld["id"], refusal))
            else:
                tried.append((meld["id"], None))
        return tried

    def next_round(self) -> None:
        check_next_round(self._s)
        s = copy_state(self._s)
        start_next_round(s)
        self._s = s

    def __repr__(self) -> str:
        s = self._s
        return (
            f"<Game {s['variant']} {s['players']}p round {s['round']} "
            f"seat {s['current']} {s['phase']}>"
        )


# ---------------------------------------------------------------------------------------------
# Creating, loading, opening a link


def new_game(
    variant: str,
    players: int | None = None,
    seed: int | None = None,
    options: dict | None = None,
    deal: dict | None = None,
) -> Game:
    """Start a match and deal its first round (or lay out ``deal``, a known position)."""
    return Game(new_state(variant, players, seed, options, deal))


def load(state: State) -> Game:
    """A game from ``state()``; a damaged or foreign state raises ValueError saying why."""
    return Game(checked_copy(state))


def from_link(text: str) -> Game:
    """The game a link carries; ValueError with a readable reason if it is broken or tampered."""
    from . import link  # imported on use: keeps `import rummy` light

    return Game(link.decode(text))
