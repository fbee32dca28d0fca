"""The rules as a state machine, for every rule set (RULES.md §1–3): deal a round, apply an
action, end the round and the match, and what each seat may see.

It works on the state, one JSON-compatible dict (what `Game.state()` hands out); `game.Game` is
the object players and the page use, and the link codec (`rummy.link`) works on states with these
functions too. An action is played on the state in place (`apply_action`): `Game.apply` plays it
on a copy and keeps the copy only when every check has passed, so an illegal action — or
malformed input — leaves the game exactly as it was. Chance is seeded (`rng`): the same seed
deals the same game everywhere, and no generator state is kept.

Turn shape, all rule sets: *draw* phase (one take: stock, the discard pile's top, or in
`rummy101` the joker button), then *play* phase (melds, lay-offs, joker swaps, in any number),
ended by one discard — or, in `basic`/`rummy200`, by the play that empties the hand.
``reset_turn`` restores the snapshot taken when the play phase began (after a stock or joker
draw) or before a discard-pile take (which goes back on the pile).
"""

from __future__ import annotations

import marshal
from collections import Counter
from typing import Any, TypeVar, cast

from . import cards, melds, rng, scoring, tiles, variants
from .constants import STATE_VERSION
from .errors import IllegalMove
from .limits import MAX_DEALT_TILES
from .scoring import match_winners
from .variants import OPENING_PAIRS, OPENING_POINTS, Variant

State = dict[str, Any]


T = TypeVar("T")


def copy_state(s: T) -> T:
    """A deep copy of a state (what `Game.state()` hands out)."""
    # The state holds only dicts, lists, str, int, bool and None: marshal copies it in C, far
    # faster than copy.deepcopy, and it exists in Pyodide too.
    return marshal.loads(marshal.dumps(cast(Any, s)))


# ---------------------------------------------------------------------------------------------
# A new match, a stored state


def new_state(
    variant: str,
    players: int | None = None,
    seed: int | None = None,
    options: dict | None = None,
    deal: dict | None = None,
) -> State:
    """A new match's state with its first round dealt (or ``deal`` laid out, a known position)."""
    v = variants.get(variant)
    if players is None:
        players = (
            len(deal["hands"])
            if isinstance(deal, dict) and isinstance(deal.get("hands"), list)
            else v.default_players
        )
    players = variants.check_players(v, players)
    if seed is None:
        import secrets

        seed = secrets.randbelow(rng.MAX_SEED)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalMove(f"The seed must be a whole number, not {seed!r}")
    opts = variants.fill_options(v, players, options)
    s: State = {
        "version": STATE_VERSION,
        "variant": v.id,
        "players": players,
        "options": opts,
        "seed": rng.normalise_seed(seed),
        "round": 1,
        "first": 0,
        "scores": [0] * players,
        "history": [],
        "accounts": list(opts["joker_accounts"]) if v.uses_tiles else None,
        "game_over": False,
        "winners": None,
    }
    if deal is not None:
        first = deal.get("first", 0) if isinstance(deal, dict) else 0
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise IllegalMove(f"deal['first'] must be a seat from 0 to {players - 1}")
        s["first"] = first
    deal_round(s, deal)
    return s


def checked_copy(state: object) -> State:
    """A copy of a stored or received state, checked; a damaged or foreign state raises
    InvalidState (a ValueError) saying why."""
    from .validate import check_state  # only loading pays for the checks' import

    check_state(state)
    return copy_state(cast(State, state))


def deal_round(s: State, deal: dict | None) -> None:
    """Lay out round ``s["round"]`` in place: from the seed (``deal`` None) or as ``deal`` gives
    it (checked: ValueError if it does not hold every piece once)."""
    v = variants.get(s["variant"])
    n = s["players"]
    first = s["first"]
    if deal is None:
        pieces = rng.shuffled(list(v.deck()), s["seed"], "deal", s["round"])
        size = v.hand_size(n)
        hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(n):
            seat = (first + i) % n
            count = size + (1 if v.uses_tiles and seat == first else 0)
            hands[seat], pieces = pieces[:count], pieces[count:]
        stock = pieces
        discard = [] if v.uses_tiles else [stock.pop(0)]
    else:
        hands, stock, discard = _check_deal(v, n, deal)
    s.update(
        {
            "hands": hands,
            "stock": stock,
            "discard": discard,
            "discard_by": None,  # seat that discarded the pile's top card (None: turned up / dealt)
            "table": [],
            "next_id": 1,
            "current": first,
            "turn": 0,
            "phase": "play" if v.uses_tiles else "draw",
            "drawn": None,
            "taken": None,
            "taken_used": False,
            "plays": 0,
            "opened": [None if v.uses_tiles else False] * n,
            "first_play": [None] * n,
            "thresholds": {"points": OPENING_POINTS, "pairs": OPENING_PAIRS}
            if v.uses_tiles
            else None,
            "button_used": [False] * n if v.uses_tiles else None,
            "last_discards": [None] * n if v.uses_tiles else None,
            "renewals": 0,  # basic: stock rebuilds; rummy200: turnovers
            "log": [],
            "undo": None,
            "round_over": False,
            "round_result": None,
        }
    )
    if s["phase"] == "play":  # rummy101's starting seat plays at once: its turn starts here
        s["undo"] = _snapshot(s)


def _check_deal(v: Variant, n: int, deal: object) -> tuple[list, list, list]:
    if not isinstance(deal, dict):
        raise IllegalMove("A deal is an object with 'hands', 'stock' and 'discard'")
    hands, stock, discard = deal.get("hands"), deal.get("stock"), deal.get("discard", [])
    if not (
        isinstance(hands, list) and len(hands) == n and all(isinstance(h, list) for h in hands)
    ):
        raise IllegalMove(f"deal['hands'] must list {n} hands")
    if not isinstance(stock, list) or not isinstance(discard, list):
        raise IllegalMove("deal['stock'] and deal['discard'] must be lists")
    if v.uses_tiles and any(len(h) > MAX_DEALT_TILES for h in hands):
        raise IllegalMove(f"A rack is dealt at most {MAX_DEALT_TILES} tiles")
    every = [c for h in hands for c in h] + stock + discard
    valid = tiles.check if v.uses_tiles else cards.parse
    for code in every:
        valid(code)
        if v.uses_tiles and code != tiles.base(code):
            raise IllegalMove(f"A dealt joker is written 'JK', not {code!r}")
    want, got = Counter(v.deck()), Counter(every)
    if want != got:
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing[:8]) + (" …" if len(missing) > 8 else ""))
        if extra:
            parts.append("extra " + " ".join(extra[:8]) + (" …" if len(extra) > 8 else ""))
        raise IllegalMove(
            f"The deal does not account for every {'tile' if v.uses_tiles else 'card'}"
            f" exactly once: {'; '.join(parts)}"
        )
    return [list(h) for h in hands], list(stock), list(discard)


def _snapshot(s: State) -> State:
    undo, s["undo"] = s["undo"], None
    copy = copy_state(s)
    s["undo"] = undo
    return copy


# ---------------------------------------------------------------------------------------------
# Actions


def check_seat(s: State, seat: object) -> int:
    """``seat`` if it is a seat of this game, else IllegalMove."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s["players"]:
        raise IllegalMove(f"There is no seat {seat!r} (seats are 0 to {s['players'] - 1})")
    return seat


def apply_action(s: State, action: object) -> None:
    """Play the current player's ``action`` on ``s`` in place. A refused action raises
    IllegalMove and may leave ``s`` half changed: `Game.apply` plays on a copy."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalMove(
            'An action is an object with a \'type\', like {"type": "draw", "source": "stock"}',
            code="bad_action",
        )
    if s["game_over"]:
        raise IllegalMove("The match is over", code="match_over")
    if s["round_over"]:
        raise IllegalMove("The round is over: deal the next round", code="round_over")
    handler = _HANDLERS.get(action["type"])
    if handler is None:
        raise IllegalMove(
            f"Unknown action {action['type']!r} (one of: {', '.join(_HANDLERS)})",
            code="bad_action",
        )
    handler(s, action)


def check_next_round(s: State) -> None:
    """IllegalMove unless the next round may be dealt (the round is over, the match is not)."""
    if not s["round_over"]:
        raise IllegalMove("The round is still being played", code="round_in_play")
    if s["game_over"]:
        raise IllegalMove("The match is over: start a new game", code="match_over")


def start_next_round(s: State) -> None:
    """Deal the next round in place (the first seat moves on by one); IllegalMove, with ``s``
    unchanged, at the wrong moment."""
    check_next_round(s)
    s["round"] += 1
    s["first"] = (s["first"] + 1) % s["players"]
    deal_round(s, None)


def _variant(s: State) -> Variant:
    return variants.BY_ID[s["variant"]]


def _noun(s: State) -> str:
    return "tile" if _variant(s).uses_tiles else "card"


def _label(s: State, code: str) -> str:
    return code if _variant(s).uses_tiles else cards.label(code)


def _log(s: State, event: dict) -> None:
    event["seat"] = s["current"]
    s["log"].append(event)


def _need_play_phase(s: State) -> None:
    if s["phase"] != "play":
        raise IllegalMove(
            f"Draw first: take a {_noun(s)} from the stock or the discard pile", code="draw_first"
        )


def _draw(s: State, action: dict) -> None:
    v = _variant(s)
    source = action.get("source")
    if s["phase"] != "draw":
        if s["drawn"] is None and v.uses_tiles:
            raise IllegalMove(
                "You start the round with 22 tiles: play and discard, no draw",
                code="first_turn_no_draw",
            )
        raise IllegalMove(f"You have already taken a {_noun(s)} this turn", code="already_drew")
    seat = s["current"]
    hand = s["hands"][seat]
    if source == "stock":
        if not s["stock"]:
            raise IllegalMove("The stock is empty", code="stock_empty")
        hand.append(s["stock"].pop(0))
        _log(s, {"type": "draw", "source": "stock"})
    elif source == "discard":
        if not s["discard"]:
            raise IllegalMove("The discard pile is empty", code="discard_empty")
        if v.uses_tiles and s["discard_by"] != (seat - 1) % s["players"]:
            raise IllegalMove(
                "You may take only the tile the player before you has just discarded",
                code="discard_not_takeable",
            )
        before = _snapshot(s)  # reset_turn puts the tile back and returns to the draw step
        code = s["discard"].pop()
        hand.append(code)
        s["taken"] = code
        s["discard_by"] = None
        _log(s, {"type": "draw", "source": "discard", "card": code})
        s.update(phase="play", drawn="discard", undo=before)
        return
    elif source == "joker":
        if not v.uses_tiles:
            raise IllegalMove("There is no joker button in this game", code="bad_action")
        if not s["options"]["joker_button"]:
            raise IllegalMove("The joker button is off in this game", code="joker_button_off")
        if s["button_used"][seat]:
            raise IllegalMove(
                "You have already used the joker button this round", code="joker_button_used"
            )
        if s["accounts"][seat] <= 0:
            raise IllegalMove("Your account holds no jokers", code="joker_account_empty")
        hand.append(tiles.JOKER)
        s["accounts"][seat] -= 1
        s["button_used"][seat] = True
        _log(s, {"type": "draw", "source": "joker"})
    else:
        raise IllegalMove(
            "Draw from 'stock' or 'discard'"
            + (" (or press the 'joker' button)" if v.uses_tiles else ""),
            code="bad_action",
        )
    s.update(phase="play", drawn=source)
    s["undo"] = _snapshot(s)  # a stock or joker draw can never be taken back


def _codes(s: State, value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value) or not value:
        raise IllegalMove(f"{what} must be a non-empty list of {_noun(s)} codes", code="bad_action")
    check = tiles.check if _variant(s).uses_tiles else cards.parse
    for code in value:
        check(code)
    return list(value)


def _take_from_hand(s: State, codes: list[str]) -> None:
    """Remove ``codes`` from the current hand (a pinned joker uses a plain "JK")."""
    hand = s["hands"][s["current"]]
    have = Counter(hand)
    need = Counter(tiles.base(c) for c in codes) if _variant(s).uses_tiles else Counter(codes)
    for code, count in need.items():
        if have[code] < count:
            held = "" if count == 1 else f" {count} times"
            raise IllegalMove(
                f"You do not hold {_label(s, code)}{held}",
                code="not_in_hand",
                params={"card": code, "count": count},
            )
    for code, count in need.items():
        for _ in range(count):
            hand.remove(code)


def _check_keeps_card(s: State) -> None:
    """rummy101 always keeps a tile to discard; basic's `last_card_discard` option too.

    In the card games a play may not leave only the card just taken from the discard pile:
    that card cannot be discarded this turn, so the turn could never end
    (docs/RULES-DECISIONS.md).
    """
    hand = s["hands"][s["current"]]
    if hand:
        if len(hand) == 1 and hand[0] == s["taken"] and not _variant(s).uses_tiles:
            raise IllegalMove(
                f"Keep a card to discard: {_label(s, hand[0])} came from the discard pile "
                "and cannot be discarded this turn",
                code="keep_taken_card",
                params={"card": hand[0]},
            )
        return
    v = _variant(s)
    if v.uses_tiles:
        raise IllegalMove(
            "Keep one tile to discard: you cannot lay down your last tile", code="keep_one_tile"
        )
    if s["options"].get("last_card_discard"):
        raise IllegalMove(
            "In this game you go out by discarding: keep one card to discard", code="keep_one_card"
        )


def _note_taken(s: State, codes: list[str]) -> None:
    if s["taken"] is not None and s["taken"] in codes:
        s["taken_used"] = True


def _played(s: State) -> None:
    seat = s["current"]
    if s["first_play"][seat] is None:
        s["first_play"][seat] = s["turn"]
    s["plays"] += 1


def _meld(s: State, action: dict) -> None:
    _need_play_phase(s)
    v = _variant(s)
    groups = action.get("melds")
    if not isinstance(groups, list) or not groups:
        raise IllegalMove(
            'A meld action lists one or more melds: {"melds": [[...], ...]}', code="bad_action"
        )
    groups = [_codes(s, g, "Each meld") for g in groups]
    _take_from_hand(s, [c for g in groups for c in g])
    if v.uses_tiles:
        made = [melds.check_tiles(g) for g in groups]
        _check_tile_melds(s, made, [c for g in groups for c in g])
    else:
        ace_high = s["options"].get("ace_high_or_low", False)
        made = [melds.check_cards(g, ace_high) for g in groups]
        s["opened"][s["current"]] = True
    _check_keeps_card(s)
    ids = []
    for m in made:
        ids.append(s["next_id"])
        s["table"].append(
            {"id": s["next_id"], "owner": s["current"], "kind": m.kind, "cards": list(m.codes)}
        )
        s["next_id"] += 1
    _note_taken(s, [tiles.base(c) if v.uses_tiles else c for g in groups for c in g])
    _played(s)
    _log(s, {"type": "meld", "melds": [list(m.codes) for m in made], "ids": ids})
    if not s["hands"][s["current"]]:
        _end_round(s, s["current"])


def _check_tile_melds(s: State, made: list[melds.Meld], codes: list[str]) -> None:
    """rummy101: the opening (RULES.md §3 Opening) and what an opened seat may lay."""
    seat = s["current"]
    opened = s["opened"][seat]
    pairs = [m for m in made if m.kind == melds.PAIR]
    if opened is None:
        if pairs and len(pairs) != len(made):
            raise IllegalMove(
                "An opening is either runs and sets or pairs, never both", code="opening_mixed"
            )
        taken = s["taken"]
        if taken is not None and taken not in [tiles.base(c) for c in codes]:
            raise IllegalMove(
                f"The {taken} you took from the discard pile must be part of your opening",
                code="taken_not_in_opening",
                params={"tile": taken},
            )
        need = s["thresholds"]
        if pairs:
            if len(pairs) < need["pairs"]:
                raise IllegalMove(
                    f"An opening with pairs needs at least {need['pairs']} pairs; "
                    f"these are {len(pairs)}",
                    code="opening_too_few_pairs",
                    params={"count": len(pairs), "need": need["pairs"]},
                )
        else:
            total = sum(m.value for m in made)
            if total < need["points"]:
                raise IllegalMove(
                    f"Your opening is worth {total}; "
                    f"you need at least {need['points']} in one turn",
                    code="opening_too_small",
                    params={"total": total, "need": need["points"]},
                )
        s["opened"][seat] = "pairs" if pairs else "melds"
        if s["options"]["threshold"] == "rising":
            if pairs:
                need["pairs"] = len(pairs) + 1
            else:
                need["points"] = sum(m.value for m in made) + 1
        return
    if opened == "pairs" and len(pairs) != len(made):
        raise IllegalMove(
            "You opened with pairs: you may lay only pairs now (and add tiles to "
            "melds on the table)",
            code="pairs_only",
        )
    if opened == "melds" and pairs and "pairs" not in s["opened"]:
        raise IllegalMove(
            "Pairs may be laid only after a player has opened with pairs", code="pairs_not_yet"
        )


def _find_meld(s: State, meld_id: object) -> dict:
    if isinstance(meld_id, bool) or not isinstance(meld_id, int):
        raise IllegalMove("Name the meld on the table by its number", code="bad_action")
    for m in s["table"]:
        if m["id"] == meld_id:
            return m
    raise IllegalMove(
        f"There is no meld number {meld_id} on the table",
        code="no_such_meld",
        params={"meld_id": meld_id},
    )


def _need_opened_to_add(s: State) -> None:
    v = _variant(s)
    seat = s["current"]
    if v.uses_tiles and s["opened"][seat] is None:
        raise IllegalMove(
            "Open first: you may add tiles to melds only after your opening", code="open_first"
        )
    if not v.uses_tiles and v.layoff_needs_own_meld and not s["opened"][seat]:
        raise IllegalMove(
            "Lay down a meld of your own before you lay off", code="meld_before_layoff"
        )


def _layoff(s: State, action: dict) -> None:
    _need_play_phase(s)
    v = _variant(s)
    target = _find_meld(s, action.get("meld"))
    added = _codes(s, action.get("cards"), "The cards to lay off")
    _need_opened_to_add(s)
    _take_from_hand(s, added)
    grown = melds.extend(
        target["kind"],
        target["cards"],
        added,
        use_tiles=v.uses_tiles,
        ace_high=s["options"].get("ace_high_or_low", False),
    )
    _check_keeps_card(s)
    target["cards"] = list(grown.codes)
    _note_taken(s, [tiles.base(c) if v.uses_tiles else c for c in added])
    _played(s)
    _log(s, {"type": "layoff", "meld": target["id"], "cards": added})
    if not s["hands"][s["current"]]:
        _end_round(s, s["current"])


def _swap_joker(s: State, action: dict) -> None:
    _need_play_phase(s)
    if not _variant(s).uses_tiles:
        raise IllegalMove("There are no jokers in this game", code="bad_action")
    target = _find_meld(s, action.get("meld"))
    tile = action.get("tile")
    tiles.parse(tile)
    tile = cast(str, tile)  # parse refused anything else
    _need_opened_to_add(s)
    _take_from_hand(s, [tile])
    swapped = melds.swap_joker(target["kind"], target["cards"], tile)
    target["cards"] = list(swapped.codes)
    s["hands"][s["current"]].append(tiles.JOKER)
    _note_taken(s, [tile])
    _played(s)
    _log(s, {"type": "swap_joker", "meld": target["id"], "tile": tile})


def _discard(s: State, action: dict) -> None:
    _need_play_phase(s)
    v = _variant(s)
    code = action.get("card")
    if v.uses_tiles:
        code = tiles.base(tiles.check(code))
    else:
        cards.parse(code)
        code = cast(str, code)  # parse refused anything else
    seat = s["current"]
    if v.uses_tiles:
        if s["taken"] is not None and not s["taken_used"]:
            raise IllegalMove(
                f"You took {s['taken']} from the discard pile: use it in a meld this "
                "turn, or take back your turn",
                code="use_taken_tile",
                params={"tile": s["taken"]},
            )
    elif code == s["taken"]:
        raise IllegalMove(
            f"You took {_label(s, code)} from the discard pile: you cannot discard "
            "it in the same turn",
            code="discard_taken_card",
            params={"card": code},
        )
    _take_from_hand(s, [code])
    s["discard"].append(code)
    s["discard_by"] = seat
    if v.uses_tiles:
        s["last_discards"][seat] = code
    _log(s, {"type": "discard", "card": code})
    if not s["hands"][seat]:
        _end_round(s, seat, last=code)
        return
    if not s["stock"] and _renew_stock(s):
        return
    s.update(
        current=(seat + 1) % s["players"],
        phase="draw",
        drawn=None,
        taken=None,
        taken_used=False,
        plays=0,
        undo=None,
    )
    s["turn"] += 1


def _renew_stock(s: State) -> bool:
    """The turn ended with the stock empty. Renew it, or end the round; True if it ended."""
    v = _variant(s)
    if v.stock_end == "end":  # rummy101: the round ends, everyone pays their hand
        _end_round(s, None)
        return True
    cap = s["options"].get("max_rebuilds") if v.stock_end == "rebuild" else 1
    if len(s["discard"]) <= 1 or (cap is not None and s["renewals"] >= cap):
        _end_round(s, None)
        return True
    s["renewals"] += 1
    under, top = s["discard"][:-1], s["discard"][-1]
    if v.stock_end == "rebuild":  # basic: shuffle all but the top card into a new stock
        s["stock"] = rng.shuffled(under, s["seed"], "rebuild", s["round"], s["renewals"])
        _log(s, {"type": "rebuild", "stock": len(under)})
    else:  # rummy200: turn the pile over, not shuffled: its bottom card becomes the stock's top
        s["stock"] = under
        _log(s, {"type": "turnover", "stock": len(under)})
    s["discard"] = [top]
    return False


def _reset_turn(s: State, action: dict) -> None:
    undo = s["undo"]
    if s["phase"] != "play" or undo is None or (s["plays"] == 0 and s["drawn"] != "discard"):
        raise IllegalMove(
            "Nothing to take back this turn"
            + (f" (a {_noun(s)} drawn from the stock stays in your hand)" if s["drawn"] else ""),
            code="nothing_to_undo",
        )
    restored = copy_state(undo)
    if restored["phase"] == "play":
        restored["undo"] = copy_state(undo)
    s.clear()
    s.update(restored)


_HANDLERS = {
    "draw": _draw,
    "meld": _meld,
    "layoff": _layoff,
    "swap_joker": _swap_joker,
    "discard": _discard,
    "reset_turn": _reset_turn,
}


# ---------------------------------------------------------------------------------------------
# The end of a round and of the match


def _end_round(s: State, winner: int | None, last: str | None = None) -> None:
    v = _variant(s)
    hands = s["hands"]
    if v.uses_tiles:
        if winner is None:
            kind = "stock_out"
        else:
            others_opened = any(
                o is not None for seat, o in enumerate(s["opened"]) if seat != winner
            )
            one_turn = s["first_play"][winner] == s["turn"] and not others_opened
            joker = last is not None and tiles.is_joker(last)
            kind = (
                ("one_turn" if one_turn else "normal")
                if not joker
                else ("one_turn_joker" if one_turn else "joker")
            )
        opened = s["opened"]
    else:
        if winner is None:
            kind = "no_stock" if v.id == "basic" else "stalemate"
        elif v.id == "basic":
            rummy = s["first_play"][winner] in (None, s["turn"])
            kind = "rummy" if rummy else "out"
        else:
            kind = "closed"
        opened = None
    result = scoring.round_result(v.id, s["options"], winner, kind, opened, hands, s["round"])
    s["round_result"] = result
    s["round_over"] = True
    s["undo"] = None
    s["history"].append(copy_state(result))
    s["scores"] = [a + b for a, b in zip(s["scores"], result["points"], strict=True)]
    s["log"].append({"type": "round_end", "seat": winner, "kind": kind})
    _check_match_end(s)


def _check_match_end(s: State) -> None:
    winners = match_winners(s["options"], s["round"], s["scores"])
    if winners is not None:
        s["game_over"] = True
        s["winners"] = winners


# ---------------------------------------------------------------------------------------------
# The view


def make_view(s: State, seat: int) -> dict:
    v = _variant(s)
    current = s["current"]
    mine = seat == current and not s["round_over"]
    button = None
    if v.uses_tiles:
        button = {
            "enabled": s["options"]["joker_button"],
            "accounts": list(s["accounts"]),
            "used": list(s["button_used"]),
        }
    return copy_state(
        {
            "variant": s["variant"],
            "players": s["players"],
            "seat": seat,
            "options": s["options"],
            "round": s["round"],
            "first": s["first"],
            "turn": s["turn"],
            "hand": s["hands"][seat],
            "hand_sizes": [len(h) for h in s["hands"]],
            "table": s["table"],
            "stock": len(s["stock"]),
            "discard": s["discard"],
            "current_player": current,
            "phase": s["phase"],
            "drawn": s["drawn"] if mine else None,
            "taken": s["taken"],
            "taken_used": s["taken_used"],
            "discard_by": s["discard_by"],
            "can_undo": bool(
                mine and s["undo"] is not None and (s["plays"] > 0 or s["drawn"] == "discard")
            ),
            "opened": s["opened"],
            "thresholds": s["thresholds"],
            "last_discards": s["last_discards"],
            "joker_button": button,
            "scores": s["scores"],
            "round_over": s["round_over"],
            "round_result": s["round_result"],
            "history": s["history"],
            "game_over": s["game_over"],
            "winners": s["winners"],
            "log": s["log"],
        }
    )
