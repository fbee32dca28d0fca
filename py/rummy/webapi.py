"""The browser's one door into the engine: ``dispatch(request_json) -> response_json``.

The page never touches Python objects. ``web/worker.js`` passes one JSON string per request to
:func:`dispatch` and hands the JSON string it returns back to the page, so no PyProxy ever
crosses into JavaScript and the boundary costs one string each way (see docs/WEBAPI.md, which
is the contract the UI codes against).

A request is ``{"id": n, "op": "...", ...arguments}``. The answer is
``{"id": n, "ok": true, "result": ...}`` or
``{"id": n, "ok": false, "error": "readable message", "kind": ...}`` where ``kind`` is
``"illegal"`` (the rules refused: the message is for the player), ``"bad_request"`` (the
caller sent something malformed), ``"link"`` (a link, invitation or deal the link codec
refuses; the answer then also has a ``"reason"``, the refusal's own ``reason``:
``"already_opened"``, ``"forked"``, ``"missed"``, ``"wrong_game"``, ``"broken"`` or
``"unfair"``) or ``"internal"`` (a bug: report it). An ``"illegal"`` answer also has the
refusal's ``"code"`` and ``"params"`` when it has a code (``IllegalMove.code``), so the page
can say it in the player's language. No exception ever escapes :func:`dispatch`.

Games live in a :class:`Session` under string handles (``"g1"``, ``"g2"``, ...). Each handle
remembers the seat the page plays (``seat`` at ``new_game``/``load``, default 0); every op that
answers with a view shows it from that seat unless the request names another.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from .errors import IllegalMove, InvalidState

PROTOCOL = 1
_MAX_JUDGED = 40  # groups per `judge` request, and codes per group (a rack holds at most ~30)


def _few_codes(codes: Any) -> bool:
    """Whether ``codes`` is a list of at most ``_MAX_JUDGED`` strings (`judge`'s groups,
    `fits`'s cards)."""
    return (
        isinstance(codes, list)
        and len(codes) <= _MAX_JUDGED
        and all(isinstance(c, str) for c in codes)
    )


class RequestError(Exception):
    """A request the dispatcher refuses, with the ``kind`` to report and a readable message."""

    def __init__(
        self,
        message: str,
        kind: str = "bad_request",
        reason: str | None = None,
        code: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.reason = reason
        self.code = code  # an "illegal" refusal's code, as IllegalMove's (docs/WEBAPI.md)
        self.params = params or {}


class _Handle:
    __slots__ = ("game", "players", "seat")

    def __init__(self, game: Any, seat: int, players: int) -> None:
        self.game = game
        self.seat = seat
        self.players = players

    def seat_of(self, request: dict[str, Any]) -> int:
        """The ``seat`` the request names (default: the page's seat), checked against the game."""
        seat = _optional_seat(request, default=self.seat)
        if seat >= self.players:
            raise RequestError(f"'seat' must be between 0 and {self.players - 1}")
        return seat


class Session:
    """The games the page has open, and the ops it may run on them."""

    def __init__(self) -> None:
        self._games: dict[str, _Handle] = {}
        self._next_handle = 1
        self._ops: dict[str, Callable[[dict[str, Any]], Any]] = {
            "version": self.op_version,
            "new_game": self.op_new_game,
            "load": self.op_load,
            "view": self.op_view,
            "apply": self.op_apply,
            "bot": self.op_bot,
            "hint": self.op_hint,
            "judge": self.op_judge,
            "fits": self.op_fits,
            "arrange": self.op_arrange,
            "state": self.op_state,
            "next_round": self.op_next_round,
            "link": self.op_link,
            "open_link": self.op_open_link,
            "receive_link": self.op_receive_link,
            "replay": self.op_replay,
            "review": self.op_review,
            "invite_encode": self.op_invite_encode,
            "invite_decode": self.op_invite_decode,
            "commit": self.op_commit,
            "fair_seed": self.op_fair_seed,
            "clean_names": self.op_clean_names,
            "close": self.op_close,
        }

    # -- the entry point ------------------------------------------------------------------

    def dispatch(self, request_json: str) -> str:
        """Answer one JSON request with one JSON response; never raises."""
        request_id: Any = None
        try:
            request = _parse(request_json)
            if not isinstance(request, dict):
                raise RequestError('The request must be a JSON object like {"id": 1, "op": ...}')
            request_id = request.get("id")
            if _unsafe_id(request_id):
                request_id = None
            _check_numbers(request)
            op = request.get("op")
            handler = self._ops.get(op) if isinstance(op, str) else None
            if handler is None:
                known = ", ".join(sorted(self._ops))
                raise RequestError(f"Unknown op {op!r}; known ops: {known}")
            result = handler(request)
            return _encode({"id": request_id, "ok": True, "result": result})
        except RequestError as exc:
            return _error(request_id, str(exc), exc.kind, exc.reason, exc.code, exc.params)
        except IllegalMove as exc:  # the rules refused
            return _error(request_id, str(exc), "illegal", None, exc.code, exc.params)
        except Exception as exc:  # anything unforeseen
            return _error(request_id, f"Internal error: {type(exc).__name__}: {exc}", "internal")

    # -- ops ------------------------------------------------------------------------------

    def op_version(self, request: dict[str, Any]) -> dict[str, Any]:
        import rummy

        return {
            "protocol": PROTOCOL,
            "engine": rummy.__version__ or _installed_version(),
            "python": sys.version.split()[0],
            "variants": list(rummy.VARIANTS),
            "features": {"games": True, "bots": True, "links": True},  # kept for older pages
        }

    def op_new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        from .game import new_game

        variant = _require(request, "variant", str)
        players = _require(request, "players", int)
        kwargs: dict[str, Any] = {"players": players}
        if request.get("seed") is not None:
            kwargs["seed"] = _require(request, "seed", int)
        if request.get("options") is not None:
            kwargs["options"] = _require(request, "options", dict)
        if request.get("deal") is not None:
            kwargs["deal"] = _require(request, "deal", dict)
        seat = _optional_seat(request, default=0)
        try:
            game = new_game(variant, **kwargs)
        except IllegalMove:
            raise
        except ValueError as exc:
            raise RequestError(f"Cannot start that game: {exc}") from None
        return self._open(game, seat)

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        from .game import load

        state = _require(request, "state", dict)
        seat = _optional_seat(request, default=0)
        try:
            game = load(state)
        except IllegalMove:
            raise
        except Exception as exc:
            raise RequestError(f"That saved game cannot be loaded: {exc}") from None
        return self._open(game, seat)

    def op_view(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        return self._view(handle, request)

    def op_apply(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        action = _require(request, "action", dict)
        seat = handle.seat_of(request)
        game = handle.game
        if game.round_over:
            raise RequestError(
                "The round is over: start the next round first.", "illegal", code="round_over"
            )
        if game.current_player != seat:
            raise RequestError(
                f"It is not seat {seat}'s turn (seat {game.current_player} is to play).",
                "illegal",
                code="not_your_turn",
                params={"seat": seat, "current": game.current_player},
            )
        game.apply(action)
        return {"view": game.view(seat)}

    def op_bot(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        from . import bots

        level = request.get("level", "medium")
        if not isinstance(level, str) or level not in bots.LEVELS:
            shown = ", ".join(f'"{name}"' for name in bots.LEVELS)
            raise RequestError(f"'level' must be one of {shown}, not {json.dumps(level)[:40]}")
        seed = request.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RequestError("'seed' must be an integer")
        game = handle.game
        if game.round_over:
            raise RequestError(
                "The round is over: start the next round first.", "illegal", code="round_over"
            )
        player = game.current_player
        action = bots.decide(game.view(player), level=level, seed=seed)
        game.apply(action)
        return {"action": action, "player": player, "view": self._view(handle, request)["view"]}

    def op_hint(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        from . import bots

        seat = handle.seat_of(request)
        return {"hint": bots.hint(handle.game.view(seat))}

    def op_judge(self, request: dict[str, Any]) -> dict[str, Any]:
        """Whether each group of codes is a meld by the game's rules, and its value.

        The page judges a staged group as it is made (a Rummy 101 opening is built from
        several), so the player learns at once, in words, that a group is not a meld; nothing
        is laid and the game does not change.
        """
        handle = self._handle(request)
        groups = _require(request, "groups", list)
        if len(groups) > _MAX_JUDGED or not all(_few_codes(g) for g in groups):
            raise RequestError(f"'groups' must be at most {_MAX_JUDGED} lists of codes")
        from . import melds

        view = handle.game.view(handle.seat)
        tiles = view["variant"] == "rummy101"
        ace_high = bool(view["options"].get("ace_high_or_low", False))
        out = []
        for codes in groups:
            try:
                made = melds.check_tiles(codes) if tiles else melds.check_cards(codes, ace_high)
            except IllegalMove as exc:
                verdict = {"valid": False, "kind": None, "value": 0, "codes": codes}
                verdict.update(why=str(exc), code=exc.code, params=exc.params)
                out.append(verdict)
            else:
                out.append(
                    {
                        "valid": True,
                        "kind": made.kind,
                        "value": made.value,
                        "codes": list(made.codes),
                    }
                )
        return {"groups": out}

    def op_fits(self, request: dict[str, Any]) -> dict[str, Any]:
        """The table melds the seat may lay ``cards`` off on now (`Game.layoff_targets`), and
        those whose joker one tile would take (`Game.joker_swap_targets`, `rummy101`); where
        the cards would join a meld but a card must be kept to discard, ``kept``: that refusal
        (`Game.layoff_trial`), shaped as a `judge` verdict's. The melds are tried once each.

        The page marks them while the cards are selected, and its Lay off button lays the
        cards off at once where only one meld takes them. Not the seat's turn: none. Nothing
        changes.
        """
        handle = self._handle(request)
        cards = _require(request, "cards", list)
        if not _few_codes(cards):
            raise RequestError(f"'cards' must be at most {_MAX_JUDGED} codes")
        game = handle.game
        if game.round_over or game.current_player != handle.seat_of(request):
            return {"melds": [], "swaps": []}
        melds, kept = game.layoff_trial(cards)
        swaps = game.joker_swap_targets(cards[0]) if len(cards) == 1 else []
        answer: dict[str, Any] = {"melds": melds, "swaps": swaps}
        if kept:  # they would join a meld, but a card must stay to discard: the page says so
            answer["kept"] = {"why": str(kept), "code": kept.code, "params": kept.params}
        return answer

    def op_arrange(self, request: dict[str, Any]) -> dict[str, Any]:
        """The seat's hand as its best melds, loose pieces last (the exact solver's answer).

        ``by``: ``"runs"`` (runs first, then sets), ``"sets"`` (sets first) or, in
        ``rummy101``, ``"pairs"`` (the most pairs). The page lays the hand out so, with gaps
        between the groups; nothing in the game changes.
        """
        handle = self._handle(request)
        seat = handle.seat_of(request)
        by = request.get("by", "runs")
        view = handle.game.view(seat)
        tiles = view["variant"] == "rummy101"
        if by not in (("runs", "sets", "pairs") if tiles else ("runs", "sets")):
            raise RequestError('\'by\' must be "runs" or "sets" (or "pairs" in rummy101)')
        from . import melds, solver

        hand = view["hand"]
        if by == "pairs":
            groups = solver.best_pairs(hand)[1]
        elif tiles:
            groups = solver.best_opening(hand)[1]
        else:
            ace_high = bool(view["options"].get("ace_high_or_low", False))
            groups = solver.min_deadwood(hand, ace_high)[1]

        def kind(group: list[str]) -> str:
            if tiles:
                return melds.check_tiles(group).kind
            return melds.SET if len({c[0] for c in group}) == 1 else melds.RUN

        first = melds.SET if by == "sets" else melds.RUN
        groups = sorted(groups, key=lambda g: kind(g) != first)  # stable: the solver's order
        left = list(hand)
        for group in groups:
            for code in group:
                left.remove(code.split("=")[0] if tiles else code)
        return {"groups": [list(g) for g in groups], "loose": left}

    def op_state(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"state": self._handle(request).game.state()}

    def op_next_round(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        handle.game.next_round()
        return self._view(handle, request)

    def op_link(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link

        handle = self._handle(request)
        state = handle.game.state()
        if request.get("seat") is None:
            text, kind = link.encode(state), "full"
        else:  # the recipient: the moves since its last turn when its copy can be named
            text = link.link_for(state, handle.seat_of(request))
            kind = link.inspect(text)["kind"]
        return {"link": text, "kind": kind, "game_id": link.game_id(state)}

    def op_open_link(self, request: dict[str, Any]) -> dict[str, Any]:
        from .game import from_link

        text = _require(request, "link", str)
        seat = _optional_seat(request, default=0)
        try:
            game = from_link(text)
        except ValueError as exc:  # the link codec's messages are whole sentences
            raise RequestError(str(exc)) from None
        return self._open(game, seat)

    def op_receive_link(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link
        from .game import Game, load

        text = _require(request, "link", str)
        seat = None if request.get("seat") is None else _optional_seat(request, default=0)
        stored = None
        if request.get("state") is not None:
            stored = _require(request, "state", dict)
            try:
                load(stored)
            except Exception as exc:  # the page's own copy: a bug or damaged storage
                if _other_game(link, stored, text):  # it cannot block another game's link
                    raise RequestError(
                        "This link belongs to another game than the one on this device",
                        "link",
                        "wrong_game",
                    ) from None
                raise RequestError(f"The stored game cannot be loaded: {exc}") from None
        with _link_refusals():
            got = link.receive(stored, text, seat)
        game = Game(got["state"])
        opened = self._open(game, game.current_player if seat is None else seat)
        return {
            **opened,
            "kind": got["kind"],
            "first_contact": got["first_contact"],
            "since": got["since"],
            "game_id": got["game_id"],
            "verified_deal": got["verified_deal"],
            "seed": got["state"]["seed"],
        }

    def op_replay(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        from . import link

        seat = handle.seat_of(request)
        since = _require(request, "since", int)
        try:
            steps = link.replay_views(handle.game.state(), seat, since)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
        return {"steps": steps}

    def op_review(self, request: dict[str, Any]) -> dict[str, Any]:
        """The seat's costliest decisions of the finished round (`bots.review_round`)."""
        handle = self._handle(request)
        from . import bots

        seat = handle.seat_of(request)
        if not handle.game.round_over:
            raise RequestError("The round is still being played.", "illegal", code="round_in_play")
        return bots.review_round(handle.game.state(), seat)

    def op_invite_encode(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link

        invite = _require(request, "invite", dict)
        with _link_refusals():
            return {"text": link.encode_invite(invite)}

    def op_invite_decode(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link

        text = _require(request, "text", str)
        with _link_refusals():
            return {"invite": link.decode_invite(text)}

    def op_commit(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link

        secret = _require(request, "secret", str)
        try:
            return {"commitment": link.commit(secret)}
        except ValueError as exc:
            raise RequestError(str(exc)) from None

    def op_fair_seed(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import link

        invite = _require(request, "invite", dict)
        secret = _require(request, "secret", str)
        with _link_refusals():
            return {"seed": link.fair_seed(invite, secret)}

    def op_clean_names(self, request: dict[str, Any]) -> dict[str, Any]:
        """Names typed on the start screen or carried beside a link (``&n=``), cleaned the
        way the engine cleans an invitation's (`rummy.names.clean_name`)."""
        from .names import MAX_NAME, clean_name

        given = _require(request, "names", list)
        if len(given) > 16:
            raise RequestError("'names' lists at most 16 names")
        return {"names": [clean_name(name) for name in given], "max": MAX_NAME}

    def op_close(self, request: dict[str, Any]) -> dict[str, Any]:
        game_id = _require(request, "game", str)
        return {"closed": self._games.pop(game_id, None) is not None}

    # -- helpers --------------------------------------------------------------------------

    def _open(self, game: Any, seat: int) -> dict[str, Any]:
        handle = _Handle(game, 0, game.players)
        handle.seat = handle.seat_of({"seat": seat})
        game_id = f"g{self._next_handle}"
        self._next_handle += 1
        self._games[game_id] = handle
        return {"game": game_id, "view": game.view(handle.seat)}

    def _handle(self, request: dict[str, Any]) -> _Handle:
        game_id = _require(request, "game", str)
        handle = self._games.get(game_id)
        if handle is None:
            raise RequestError(f"No open game {game_id!r} (closed, or never started).")
        return handle

    def _view(self, handle: _Handle, request: dict[str, Any]) -> dict[str, Any]:
        return {"view": handle.game.view(handle.seat_of(request))}


def _other_game(link: Any, stored: dict[str, Any], text: str) -> bool:
    """Whether a link surely belongs to another game than a stored copy that does not load
    (its id, from the fields that name a match, differs from the link's)."""
    try:
        return link.inspect(text)["game"] != link.game_id(stored)
    except Exception:  # the stored copy lacks the fields, or the link is broken
        return False


def _installed_version() -> str | None:
    try:
        from importlib.metadata import version

        return version("rummy")
    except Exception:  # running from a source tree that is not installed
        return None


def _parse(request_json: object) -> Any:
    """The request as JSON, refused before parsing when it is too long or nested deeper than
    any request the page makes (Pyodide would run out of JavaScript stack in the parser)."""
    from .limits import MAX_REQUEST, TooDeep, loads

    if isinstance(request_json, str) and len(request_json) > MAX_REQUEST:
        raise RequestError(f"The request is too long ({len(request_json):,} characters)")
    try:
        request = loads(request_json, "The request")  # type: ignore[arg-type]
    except TooDeep as exc:
        raise RequestError(str(exc)) from None
    except (TypeError, ValueError, RecursionError) as exc:
        raise RequestError(f"The request is not valid JSON: {exc}") from None
    return request


def _unsafe_id(request_id: Any) -> bool:
    from .limits import unsafe_number

    return unsafe_number(request_id) is not None


def _check_numbers(request: dict[str, Any]) -> None:
    """Every number the engine accepts is one JavaScript holds exactly (|n| <= 2**53 - 1):
    anything larger would be rounded by the page, and change the game it names."""
    from .limits import unsafe_number

    bad = unsafe_number(request)
    if bad is not None:
        shown = bad if isinstance(bad, float) or abs(bad) < 10**20 else "a larger one"
        raise RequestError(
            f"The request holds a number JavaScript cannot hold exactly ({shown}): "
            "whole numbers must be within ±(2**53 − 1)"
        )


def _require(request: dict[str, Any], key: str, kind: type) -> Any:
    if key not in request or request[key] is None:
        raise RequestError(f"Missing {key!r}")
    value = request[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {str: "a string", int: "an integer", dict: "an object", list: "a list"}
        raise RequestError(f"{key!r} must be {names.get(kind, kind.__name__)}")
    return value


def _optional_seat(request: dict[str, Any], default: int) -> int:
    if request.get("seat") is None:
        return default
    seat = _require(request, "seat", int)
    if seat < 0:
        raise RequestError("'seat' must be 0 or more")
    return seat


def _encode(response: dict[str, Any]) -> str:
    try:
        return json.dumps(response, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        return _error(
            response.get("id"), f"Internal error: the answer is not JSON: {exc}", "internal"
        )


def _error(
    request_id: Any,
    message: str,
    kind: str,
    reason: str | None = None,
    code: str | None = None,
    params: Any = None,
) -> str:
    try:
        json.dumps(request_id)
    except (TypeError, ValueError):
        request_id = None
    response = {"id": request_id, "ok": False, "error": message, "kind": kind}
    if reason is not None:
        response["reason"] = reason
    if isinstance(code, str):  # a refusal the page can put in the player's language
        response["code"] = code
        response["params"] = params if isinstance(params, dict) else {}
        try:
            json.dumps(response["params"], allow_nan=False)
        except (TypeError, ValueError):  # never lose the refusal over its particulars
            response["params"] = {}
    return json.dumps(response, separators=(",", ":"))


@contextlib.contextmanager
def _link_refusals() -> Iterator[None]:
    """Turn the link codec's refusals into ``{"kind": "link", "reason": ...}`` answers: every
    refusal is an InvalidState and names its ``reason`` (rummy/link/errors.py)."""
    try:
        yield
    except RequestError:
        raise
    except InvalidState as exc:
        raise RequestError(str(exc), "link", exc.reason) from None
    except ValueError as exc:  # e.g. a seat that is not in the game
        raise RequestError(str(exc)) from None


_default_session = Session()


def dispatch(request_json: str) -> str:
    """Answer one request of the page (a JSON string) with one JSON string. Never raises."""
    return _default_session.dispatch(request_json)


def reseed(entropy_hex: str) -> None:
    """Reseed Python's ``random`` from the page's ``crypto.getRandomValues`` (hex text).

    The worker calls it on every boot. An interpreter restored from a memory snapshot holds the
    ``random`` state of the moment the snapshot was taken, so without this every visit would
    draw the same numbers. The engine's own secrets (new game seeds, fair-deal values) come from
    ``secrets``, which reads the OS's entropy (the browser's crypto) on every call.
    """
    entropy = bytes.fromhex(entropy_hex)
    if len(entropy) < 16:
        raise ValueError("reseed needs at least 128 bits of entropy")
    import random

    random.seed(entropy)
