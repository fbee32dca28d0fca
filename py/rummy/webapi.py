"""The browser's one door into the engine: ``dispatch(request_json) -> response_json``.

The page never touches Python objects. ``web/worker.js`` passes one JSON string per request to
:func:`dispatch` and hands the JSON string it returns back to the page, so no PyProxy ever
crosses into JavaScript and the boundary costs one string each way (see docs/WEBAPI.md, which
is the contract the UI codes against).

A request is ``{"id": n, "op": "...", ...arguments}``. The answer is
``{"id": n, "ok": true, "result": ...}`` or
``{"id": n, "ok": false, "error": "readable message", "kind": ...}`` where ``kind`` is
``"illegal"`` (the rules refused: the message is for the player), ``"bad_request"`` (the
caller sent something malformed), ``"unavailable"`` (a feature whose module has not landed yet,
such as computer players or links), ``"link"`` (a link, invitation or deal the link module
refuses; the answer then also has a ``"reason"``: ``"already_opened"``, ``"forked"``,
``"missed"``, ``"wrong_game"``, ``"broken"`` or ``"unfair"``) or ``"internal"`` (a bug: report
it). An ``"illegal"`` answer also has the refusal's ``"code"`` and ``"params"`` when it has a code
(``IllegalMove.code``), so the page can say it in the player's language. No exception ever
escapes :func:`dispatch`.

Games live in a :class:`Session` under string handles (``"g1"``, ``"g2"``, ...). Each handle
remembers the seat the page plays (``seat`` at ``new_game``/``load``, default 0); every op that
answers with a view shows it from that seat unless the request names another.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

PROTOCOL = 1
_MAX_JUDGED = 40  # groups per `judge` request, and codes per group (a rack holds at most ~30)


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


def _load_engine() -> Any:
    import rummy

    return rummy


class Session:
    """The games the page has open, and the ops it may run on them.

    ``engine`` is the ``rummy`` package (tests may pass a stand-in with the same calls).
    """

    def __init__(self, engine: Any = None) -> None:
        self._engine = engine
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
        except Exception as exc:  # the engine's own refusals, then anything unforeseen
            illegal = self._illegal_move_class()
            if illegal is not None and isinstance(exc, illegal):
                code, params = getattr(exc, "code", None), getattr(exc, "params", None)
                return _error(request_id, str(exc), "illegal", None, code, params)
            return _error(request_id, f"Internal error: {type(exc).__name__}: {exc}", "internal")

    # -- ops ------------------------------------------------------------------------------

    def op_version(self, request: dict[str, Any]) -> dict[str, Any]:
        engine = self.engine
        return {
            "protocol": PROTOCOL,
            "engine": getattr(engine, "__version__", None) or _installed_version(),
            "python": sys.version.split()[0],
            "variants": list(getattr(engine, "VARIANTS", ())),
            "features": {
                "games": callable(getattr(engine, "new_game", None)),
                "bots": self._has_module("bots"),
                "links": self._has_module("link"),
            },
        }

    def op_new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        new_game = self._engine_call("new_game", "Starting a game")
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
        except ValueError as exc:
            self._reraise_unless_illegal(exc)
            raise RequestError(f"Cannot start that game: {exc}") from None
        return self._open(game, seat)

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        load = self._engine_call("load", "Loading a game")
        state = _require(request, "state", dict)
        seat = _optional_seat(request, default=0)
        try:
            game = load(state)
        except Exception as exc:
            self._reraise_unless_illegal(exc)
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
        bots = self._optional_module("bots")
        if bots is None:
            raise RequestError("Computer players are not available yet.", "unavailable")
        level = request.get("level", "medium")
        levels = tuple(getattr(bots, "LEVELS", ()))
        if not isinstance(level, str) or (levels and level not in levels):
            shown = ", ".join(f'"{name}"' for name in levels) or '"easy" or "hard"'
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
        bots = self._optional_module("bots")
        if bots is None:
            raise RequestError("Hints are not available yet.", "unavailable")
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
        if len(groups) > _MAX_JUDGED or not all(
            isinstance(g, list) and len(g) <= _MAX_JUDGED and all(isinstance(c, str) for c in g)
            for g in groups
        ):
            raise RequestError(f"'groups' must be at most {_MAX_JUDGED} lists of codes")
        melds = self._optional_module("melds")
        view = handle.game.view(handle.seat)
        tiles = view["variant"] == "rummy101"
        ace_high = bool(view["options"].get("ace_high_or_low", False))
        illegal = self._illegal_move_class() or ValueError
        out = []
        for codes in groups:
            try:
                made = melds.check_tiles(codes) if tiles else melds.check_cards(codes, ace_high)
            except illegal as exc:
                verdict = {"valid": False, "kind": None, "value": 0, "codes": codes}
                verdict.update(why=str(exc), code=getattr(exc, "code", None))
                verdict["params"] = getattr(exc, "params", None) or {}
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
        solver = self._optional_module("solver")
        melds = self._optional_module("melds")
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
        handle = self._handle(request)
        to_link = getattr(handle.game, "to_link", None)
        link = self._optional_module("link")
        if not callable(to_link) or link is None:
            raise RequestError("Game links are not available yet.", "unavailable")
        state = handle.game.state()
        if request.get("seat") is None:
            text, kind = to_link(), "full"
        else:  # the recipient: the moves since its last turn when its copy can be named
            text = link.link_for(state, handle.seat_of(request))
            kind = link.inspect(text)["kind"]
        return {"link": text, "kind": kind, "game_id": link.game_id(state)}

    def op_open_link(self, request: dict[str, Any]) -> dict[str, Any]:
        from_link = getattr(self.engine, "from_link", None)
        if not callable(from_link) or self._optional_module("link") is None:
            raise RequestError("Game links are not available yet.", "unavailable")
        text = _require(request, "link", str)
        seat = _optional_seat(request, default=0)
        try:
            game = from_link(text)
        except Exception as exc:
            self._reraise_unless_illegal(exc)
            raise RequestError(str(exc)) from None  # link.py's messages are whole sentences
        return self._open(game, seat)

    def op_receive_link(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._link_module()
        text = _require(request, "link", str)
        seat = None if request.get("seat") is None else _optional_seat(request, default=0)
        stored = None
        if request.get("state") is not None:
            stored = _require(request, "state", dict)
            try:
                self.engine.load(stored)
            except Exception as exc:  # the page's own copy: a bug or damaged storage
                if _other_game(link, stored, text):  # it cannot block another game's link
                    raise RequestError(
                        "This link belongs to another game than the one on this device",
                        "link",
                        "wrong_game",
                    ) from None
                raise RequestError(f"The stored game cannot be loaded: {exc}") from None
        with _link_refusals(link):
            got = link.receive(stored, text, seat)
        game = got["game"]
        opened = self._open(game, game.current_player if seat is None else seat)
        return {
            **opened,
            "kind": got["kind"],
            "first_contact": got["first_contact"],
            "since": got["since"],
            "game_id": got["game_id"],
            "verified_deal": got["verified_deal"],
            "seed": game.state()["seed"],
        }

    def op_replay(self, request: dict[str, Any]) -> dict[str, Any]:
        handle = self._handle(request)
        link = self._link_module()
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
        bots = self._optional_module("bots")
        if bots is None or not callable(getattr(bots, "review_round", None)):
            raise RequestError("The round review is not available yet.", "unavailable")
        seat = handle.seat_of(request)
        if not handle.game.round_over:
            raise RequestError("The round is still being played.", "illegal", code="round_in_play")
        return bots.review_round(handle.game.state(), seat)

    def op_invite_encode(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._link_module()
        invite = _require(request, "invite", dict)
        with _link_refusals(link):
            return {"text": link.encode_invite(invite)}

    def op_invite_decode(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._link_module()
        text = _require(request, "text", str)
        with _link_refusals(link):
            return {"invite": link.decode_invite(text)}

    def op_commit(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._link_module()
        secret = _require(request, "secret", str)
        try:
            return {"commitment": link.commit(secret)}
        except ValueError as exc:
            raise RequestError(str(exc)) from None

    def op_fair_seed(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._link_module()
        invite = _require(request, "invite", dict)
        secret = _require(request, "secret", str)
        with _link_refusals(link):
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

    @property
    def engine(self) -> Any:
        if self._engine is None:
            self._engine = _load_engine()
        return self._engine

    def _link_module(self) -> Any:
        link = self._optional_module("link")
        if link is None:
            raise RequestError("Game links are not available yet.", "unavailable")
        return link

    def _engine_call(self, name: str, what: str) -> Callable[..., Any]:
        func = getattr(self.engine, name, None)
        if not callable(func):
            raise RequestError(
                f"{what} is not available yet (rummy.{name} is missing).", "unavailable"
            )
        return func

    def _optional_module(self, name: str) -> Any:
        """``rummy.<name>`` if that module exists yet; None only when that very module is missing.

        A stand-in engine without a ``__name__`` (tests) just offers attributes.
        """
        package = getattr(self.engine, "__name__", None)
        if not isinstance(package, str):
            return getattr(self.engine, name, None)
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{package}.{name}":
                return None
            raise

    def _has_module(self, name: str) -> bool:
        """Whether ``rummy.<name>`` exists, without importing it (boot stays light)."""
        package = getattr(self.engine, "__name__", None)
        if not isinstance(package, str):
            return getattr(self.engine, name, None) is not None
        try:
            return importlib.util.find_spec(f"{package}.{name}") is not None
        except (ImportError, ValueError):
            return False

    def _illegal_move_class(self) -> type[BaseException] | None:
        try:
            cls = getattr(self.engine, "IllegalMove", None)
        except Exception:
            return None
        return cls if isinstance(cls, type) and issubclass(cls, BaseException) else None

    def _reraise_unless_illegal(self, exc: Exception) -> None:
        illegal = self._illegal_move_class()
        if illegal is not None and isinstance(exc, illegal):
            raise exc

    def _open(self, game: Any, seat: int) -> dict[str, Any]:
        handle = _Handle(game, 0, len(game.view(0)["hand_sizes"]))
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


# How a refused link, invitation or deal is reported: kind "link" and one of these reasons
# (the most specific class first); any other refusal of the link module is "broken".
_LINK_REASONS = (
    ("AlreadyApplied", "already_opened"),
    ("ForkedHistory", "forked"),
    ("MissedMoves", "missed"),
    ("WrongGame", "wrong_game"),
    ("UnfairDeal", "unfair"),
)


@contextlib.contextmanager
def _link_refusals(link: Any) -> Iterator[None]:
    """Turn the link module's refusals into ``{"kind": "link", "reason": ...}`` answers."""
    try:
        yield
    except RequestError:
        raise
    except ValueError as exc:  # InvalidState, LinkError and its kinds are ValueErrors
        for name, reason in _LINK_REASONS:
            cls = getattr(link, name, None)
            if isinstance(cls, type) and isinstance(exc, cls):
                raise RequestError(str(exc), "link", reason) from None
        invalid = getattr(link, "InvalidState", None)
        if isinstance(invalid, type) and isinstance(exc, invalid):
            raise RequestError(str(exc), "link", "broken") from None
        raise RequestError(str(exc)) from None  # e.g. a seat that is not in the game


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
