"""Replaying a round: rebuild its deal from the seed, then play its moves through the rules.

Every game link is checked this way on arrival (docs/LINKS.md "Trust"), and the views of
"what happened since your last turn" come from the same replay. `Replayer` plays on one state
in place, keeping a long round linear.
"""

from __future__ import annotations

from typing import Any

from .. import rules
from ..constants import AUTOMATIC_EVENTS, MATCH_KEYS
from ..errors import IllegalMove
from .bits import BitReader
from .codes import get_action
from .errors import LinkError

MAX_ACTIONS = 5_000  # a long real round is ~1,200; replaying is the costly part


def played(s: dict, action: dict) -> dict:
    """The state after ``action`` (or ``{"type": "next_round"}``, which deals the next round)
    as a new state; ``s`` is unchanged, also when the rules refuse it (IllegalMove)."""
    after = rules.copy_state(s)
    if action.get("type") == "next_round":
        rules.start_next_round(after)
    else:
        rules.apply_action(after, action)
    return after


class Replayer:
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
            self.s = played(self.state(), action)
        else:
            self._set_history_aside()
            rules.apply_action(self.s, action)
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


def replay_actions(rp: Replayer, r: BitReader, count: int, watch: Any = None) -> Replayer:
    """Read ``count`` coded actions and play each; a move the rules refuse is named.
    ``watch(rp)``, if given, is called before the first move and after each one."""
    if watch is not None:
        watch(rp)
    for i in range(count):
        action = get_action(r, rp.s)
        try:
            rp.play(action)
        except IllegalMove as err:
            raise LinkError(
                f"The moves in this link do not follow the rules (move {i + 1}: {err})"
            ) from None
        if watch is not None:
            watch(rp)
    return rp


def round_replayer(state: dict) -> tuple[Replayer, list[dict]] | None:
    """A replayer at the deal of ``state``'s round and the actions of its log, or None when
    the seed cannot rebuild the round (a position laid out with ``deal=``)."""
    pre = round_start(state)
    actions = actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    return Replayer(dealt(pre)), actions


def replayed_until(state: dict, target: tuple[int, int, int]) -> dict | None:
    """The state of ``state``'s round at position ``target``, replayed from the seed with the
    moves of ``state``'s log; None if the replay does not stop exactly there."""
    start = round_replayer(state)
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


def round_start(state: dict) -> dict | None:
    """The match as it stood before this round was dealt, or None if that cannot be told."""
    pre = {k: rules.copy_state(state[k]) for k in MATCH_KEYS}
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


def actions_from_log(log: list) -> list[dict] | None:
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
        elif kind not in AUTOMATIC_EVENTS:
            return None
    return out


def dealt(pre: dict) -> dict:
    s = rules.copy_state(pre)
    rules.deal_round(s, None)
    return s


def after_last_turn(log: list, seat: int) -> int:
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
        and log[since].get("type") in AUTOMATIC_EVENTS
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
    rules.check_seat(state, seat)
    start = round_replayer(state)
    if start is None:
        return []
    rp, actions = start
    # Where each action's events end in the log (an action logs one event, then the automatic
    # events it caused), so the state after action k holds ends[k] events.
    starts = [
        i
        for i, event in enumerate(log)
        if isinstance(event, dict) and event.get("type") not in AUTOMATIC_EVENTS
    ]
    if len(starts) != len(actions):
        return []
    ends = [*starts[1:], len(log)]

    def view() -> dict:
        return rules.make_view(rp.state(), seat)

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


def seat_last_turn(state: dict, seat: int) -> dict | None:
    """The state right after ``seat`` last ended a turn in this round (its discard, or the
    play that ended the round), rebuilt from the seed; None if it has not moved this round or
    the round cannot be rebuilt."""
    pre = round_start(state)
    actions = actions_from_log(state["log"])
    if pre is None or actions is None:
        return None
    rp = Replayer(dealt(pre))
    last = None
    try:
        for i, action in enumerate(actions):
            mover = rp.s["current"]
            rp.play(action)
            if mover == seat and (action["type"] == "discard" or rp.s["round_over"]):
                last = i
        if last is None:
            return None
        rp = Replayer(dealt(pre))
        for action in actions[: last + 1]:
            rp.play(action)
    except IllegalMove:
        return None
    return rp.state()
