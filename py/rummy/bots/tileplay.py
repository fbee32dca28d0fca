"""Computer players for `rummy101` (RULES.md §3).

One call returns one action; nothing is remembered between calls. The plan, each call:

- *Take*: the last discard only when it can be used this turn (in the opening that the exact
  solver finds, in a new meld, or laid off); the joker button only when its joker opens or
  finishes now (hard); otherwise the stock.
- *Open* as soon as the exact solver (`solver.best_opening`, `solver.best_pairs`) reaches the
  threshold in `view["thresholds"]`, runs/sets before pairs (a pairs opener may only lay pairs
  and pays double). A taken discard must be in the opening.
- *After opening*: swap a joker off the table when it lets more tiles be laid (hard), lay every
  meld, lay off every tile that fits; always keep one tile to discard, and finish with a joker
  when the rest can be laid without it (a joker finish doubles the round, hard).
- *Discard*: before opening keep high tiles and partial melds; after it, shed the high ones
  (the hand is what you pay). Never a joker unless it finishes. Hard counts live tiles and does
  not feed the next player a tile that fits the table once they have opened, nor one next to
  what they took from the pile.
"""

from __future__ import annotations

import random
from collections import Counter

from .. import melds, solver, tiles
from .common import (
    Knowledge,
    Profile,
    draw_chance,
    next_seat,
    opponents,
    read_log,
    without,
)
from .moves import layoff_target, may_lay_off, swappable

JK = tiles.JOKER


def best_opening(hand: list[str]) -> tuple[int, list[list[str]]]:
    """The exact solver's best runs/sets. The solver remembers racks (a turn asks about the
    same rack often) and charges a remembered one its cost against the turn's work budget,
    so the answer never depends on what was asked before."""
    return solver.best_opening(sorted(hand))


def best_pairs(hand: list[str]) -> tuple[int, list[list[str]]]:
    return solver.best_pairs(hand)


def flat(found: list[list[str]]) -> list[str]:
    return [c for m in found for c in m]


def value(code: str) -> int:
    return tiles.parse(code)[1] if not tiles.is_joker(code) else 0


def decide(view: dict, profile: Profile, rng: random.Random) -> dict:
    know = read_log(view, track=profile.live_cards)
    if view["phase"] == "draw":
        return {"type": "draw", "source": choose_draw(view, profile, rng)}
    play = next_play(view, profile, rng, know)
    if play is not None:
        return play
    return {"type": "discard", "card": choose_discard(view, profile, rng, know)}


# ---------------------------------------------------------------------------------------------
# Taking


def discard_available(view: dict) -> str | None:
    """The tile the player before this seat has just discarded, if it may be taken."""
    if not view["discard"] or not view["log"]:
        return None
    last = view["log"][-1]
    before = (view["seat"] - 1) % view["players"]
    if last["type"] != "discard" or last["seat"] != before:
        return None
    return view["discard"][-1]


def button_available(view: dict) -> bool:
    button = view["joker_button"]
    seat = view["seat"]
    return bool(
        button and button["enabled"] and not button["used"][seat] and button["accounts"][seat] > 0
    )


def choose_draw(view: dict, profile: Profile, rng: random.Random) -> str:
    if profile.level == "random":
        sources = ["stock"] + (["joker"] if button_available(view) else [])
        return rng.choice(sources)
    if profile.take_discard and usable_discard(view, profile):
        return "discard"
    if profile.joker_play and button_available(view) and _button_pays(view):
        return "joker"
    return "stock"


def usable_discard(view: dict, profile: Profile) -> bool:
    """Whether the discard on offer has a use this turn for ``profile``'s play (the rules let
    it be taken only for one: `taken_play`)."""
    top = discard_available(view)
    if top is None:
        return False
    return taken_play(view, [*view["hand"], top], top, profile.pairs_opening) is not None


def _button_pays(view: dict) -> bool:
    """The button's joker opens now, or lets the hand finish now."""
    hand = [*view["hand"], JK]
    opened = view["opened"][view["seat"]]
    if opened is None:
        return best_opening(hand)[0] >= view["thresholds"]["points"]
    if opened == "melds" and len(hand) <= 6:
        return finish_plan(view, hand) is not None
    return False


# ---------------------------------------------------------------------------------------------
# Playing


def pending_take(view: dict, know: Knowledge) -> str | None:
    """The discard taken this turn if it has not been played yet."""
    taken = view["taken"]
    return None if taken is None or know.taken_used else taken


def next_play(view: dict, profile: Profile, rng: random.Random, know: Knowledge) -> dict | None:
    hand = view["hand"]
    seat = view["seat"]
    opened = view["opened"][seat]
    taken = pending_take(view, know)
    if taken is not None:
        return taken_play(view, hand, taken, profile.pairs_opening)
    if profile.level == "random":
        plays = _all_plays(view, hand)
        return rng.choice(plays) if plays and rng.random() < 0.6 else None
    if opened is None:
        return opening(view, hand, profile.pairs_opening)
    if profile.joker_play:
        if opened == "melds":
            done = finish_plan(view, hand)
            if done is not None and done:
                return done[0]
        swap = joker_swap(view, hand)
        if swap is None and profile.take_jokers and opened == "melds":
            swap = take_joker(view, hand)
        if swap is not None:
            return swap
    found = _new_melds(view, hand)
    if found:
        return {"type": "meld", "melds": found}
    return _layoff(view, hand, profile)


def opening(view: dict, hand: list[str], pairs_opening: bool = True) -> dict | None:
    """The opening to lay now: the exact best runs/sets if they reach the threshold, else
    pairs if enough (and ``pairs_opening``, or late: `pairs_save_points`), else None (a tile
    is always kept back to discard)."""
    need = view["thresholds"]
    points, found = best_opening(hand)
    if points >= need["points"]:
        found = _keep_one(hand, found, need["points"])
        if found:
            return {"type": "meld", "melds": found}
    pairs = _pairs_keeping_one(hand)
    if len(pairs) < need["pairs"]:
        return None
    if not pairs_opening and not pairs_save_points(view, hand, pairs):
        return None
    return {"type": "meld", "melds": pairs}


# A seat that plays to go out does not open with pairs (docs/BOTS.md), except when the stock
# has this many draws or fewer left per player: then it opens with them to pay less.
LATE_DRAWS = 3


def pairs_save_points(view: dict, hand: list[str], pairs: list[list[str]]) -> bool:
    """Whether a pairs opening is worth making only to lose less: the stock is nearly out,
    and the rack left after the pairs would pay less (twice its value, a joker 101) than an
    unopened rack's 202 (RULES.md §3, scoring)."""
    if view["stock"] > LATE_DRAWS * view["players"]:
        return False
    rest = without(hand, flat(pairs))
    return 2 * sum(101 if tiles.is_joker(c) else value(c) for c in rest) < 202


def _keep_one(
    hand: list[str], found: list[list[str]], need: int, taken: str | None = None
) -> list[list[str]]:
    """``found`` or, if it would lay the whole rack, melds worth ``need`` that keep a tile:
    the seat then goes out with its discard. A joker thrown last doubles the round (RULES.md §3),
    so a joker is the tile kept when the rest still goes down whole; else the cheapest tile.
    The discard ``taken`` this turn, if given, must be among the tiles laid."""
    if len(flat(found)) < len(hand):
        return found
    if JK in hand:
        rack = without(hand, [JK])
        points, rest = best_opening(rack)
        if points >= need and len(flat(rest)) == len(rack) and _lays(rest, taken):
            return rest
    for spare in sorted(set(hand), key=lambda c: (tiles.is_joker(c), value(c), c)):
        points, rest = best_opening(without(hand, [spare]))
        if points >= need and _lays(rest, taken):
            return rest
    return []


def _lays(found: list[list[str]], taken: str | None) -> bool:
    """Whether ``found`` lays the tile ``taken`` (a joker: any joker, as the engine checks)."""
    return taken is None or taken in [tiles.base(c) for c in flat(found)]


def _new_melds(view: dict, hand: list[str]) -> list[list[str]]:
    """Melds an opened seat lays now: runs/sets (or pairs, where allowed), keeping a tile."""
    opened = view["opened"][view["seat"]]
    if opened == "pairs":
        return _pairs_keeping_one(hand)
    _points, found = best_opening(hand)
    found = _keep_one(hand, found, 0) if found else []
    if found:
        return found
    if "pairs" in view["opened"]:
        return _pairs_keeping_one(hand)
    return []


def _pairs_keeping_one(hand: list[str]) -> list[list[str]]:
    """The most pairs in ``hand`` that still leave a tile to discard."""
    _count, pairs = best_pairs(hand)
    while pairs and 2 * len(pairs) >= len(hand):
        pairs = pairs[:-1]
    return pairs


def _layoff(view: dict, hand: list[str], profile: Profile) -> dict | None:
    if len(hand) < 2:
        return None
    for code in sorted(set(hand), key=lambda c: (tiles.is_joker(c), -value(c), c)):
        if code == JK and (not profile.joker_play or profile.take_jokers or len(hand) <= 3):
            continue  # keep it for a joker finish (or, taking jokers, for good)
        target = layoff_target(view, code)
        if target is not None:
            return {"type": "layoff", "meld": target, "cards": [code]}
    return None


def covers(view: dict, rack: list[str]) -> list[dict] | None:
    """Plays that lay all of ``rack`` now (melds, then single lay-offs), or None."""
    _points, found = best_opening(rack)
    rest = without(rack, flat(found))
    plays: list[dict] = [{"type": "meld", "melds": found}] if found else []
    for code in rest:
        target = layoff_target(view, code)
        if target is None:
            return None
        plays.append({"type": "layoff", "meld": target, "cards": [code]})
    return plays


def finish_plan(view: dict, hand: list[str]) -> list[dict] | None:
    """Plays that leave exactly one tile to discard and win, a joker if possible."""
    if len(hand) > 8:
        return None
    spares = sorted(set(hand), key=lambda c: (not tiles.is_joker(c), -value(c), c))
    for spare in spares[:4]:
        plays = covers(view, without(hand, [spare]))
        if plays is not None:
            return plays
    return None


def joker_swap(view: dict, hand: list[str]) -> dict | None:
    """Take a joker off the table when it lets more tiles be laid this turn."""
    laid_now = len(flat(best_opening(hand)[1]))
    tried = 0
    for meld in view["table"]:
        if not any(tiles.is_joker(c) for c in meld["cards"]):
            continue
        for code in sorted(set(hand)):
            if code == JK or not swappable(meld, code):
                continue
            tried += 1
            after = [*without(hand, [code]), JK]
            laid = len(flat(best_opening(after)[1]))
            if laid > laid_now and laid < len(after):
                return {"type": "swap_joker", "meld": meld["id"], "tile": code}
            if tried >= 3:
                return None
    return None


def take_joker(view: dict, hand: list[str]) -> dict | None:
    """Take a joker off the table with a tile that fits nowhere else, once a turn: the rack
    trades a tile it could not lay for one it can lay anywhere (expert's `take_jokers`)."""
    if len(hand) < 2 or _swapped_this_turn(view):
        return None
    for meld in view["table"]:
        if not any(tiles.is_joker(c) for c in meld["cards"]):
            continue
        for code in sorted(set(hand)):
            if code != JK and swappable(meld, code) and layoff_target(view, code) is None:
                return {"type": "swap_joker", "meld": meld["id"], "tile": code}
    return None


def _swapped_this_turn(view: dict) -> bool:
    for event in reversed(view["log"]):
        if event.get("seat") != view["seat"] or event["type"] in ("draw", "discard"):
            return False
        if event["type"] == "swap_joker":
            return True
    return False


def taken_play(view: dict, hand: list[str], taken: str, pairs_opening: bool = True) -> dict | None:
    """The play that uses the taken discard ``taken`` this turn (``hand`` holds it), or None
    (an opening with pairs only if ``pairs_opening``, or late: `pairs_save_points`).

    A taken joker counts as used in any meld that holds a joker (RULES.md §3: the engine
    checks the physical tile), so melds are compared by their physical tiles.
    """
    seat = view["seat"]
    opened = view["opened"][seat]
    need = view["thresholds"]
    joker = tiles.is_joker(taken)
    if opened is None:
        points, found = best_opening(hand)
        if points >= need["points"] and _lays(found, taken):
            found = _keep_one(hand, found, need["points"], taken)
            if found:
                return {"type": "meld", "melds": found}
        if points >= need["points"] and not joker:
            for meld in melds_with(hand, taken):
                rest = without(hand, meld)
                more, others = best_opening(rest)
                count = len(meld) + len(flat(others))
                if melds.check_tiles(meld).value + more >= need["points"] and count < len(hand):
                    return {"type": "meld", "melds": [meld, *others]}
        count, pairs = best_pairs(hand)
        if (
            (pairs_opening or pairs_save_points(view, hand, pairs))
            and not joker
            and hand.count(taken) >= 2
            and count >= need["pairs"]
            and 2 * count < len(hand)
        ):
            return {"type": "meld", "melds": pairs}
        return None
    if len(hand) < 2:
        return None
    if opened == "melds":
        _points, found = best_opening(hand)
        for meld in found:
            if taken in [tiles.base(c) for c in meld] and len(meld) < len(hand):
                return {"type": "meld", "melds": [meld]}
    if (
        not joker
        and hand.count(taken) >= 2
        and len(hand) > 2
        and (opened == "pairs" or "pairs" in view["opened"])
    ):
        return {"type": "meld", "melds": [[taken, taken]]}
    target = layoff_target(view, taken)
    if target is not None:
        return {"type": "layoff", "meld": target, "cards": [taken]}
    return None


def melds_with(hand: list[str], tile: str, limit: int = 6) -> list[list[str]]:
    """Runs and sets from ``hand`` holding ``tile``, best first (a joker may fill one gap)."""
    colour, number = tiles.parse(tile)
    have = Counter(hand)
    jokers = have[JK]
    found: list[tuple[int, list[str]]] = []
    letter = tiles.COLOURS[colour]
    for start in range(max(1, number - 4), number + 1):
        for length in range(3, 6):
            end = start + length - 1
            if end > 13 or end < number:
                continue
            codes, gaps = [], 0
            for n in range(start, end + 1):
                code = f"{letter}{n}"
                if have[code]:
                    codes.append(code)
                else:
                    gaps += 1
                    codes.append(f"{JK}={code}")
            if gaps <= min(1, jokers):
                found.append((sum(range(start, end + 1)), codes))
    others = [c for c in range(4) if c != colour and have[f"{tiles.COLOURS[c]}{number}"]]
    for size in (3, 2):
        if len(others) >= size:
            codes = [tile] + [f"{tiles.COLOURS[c]}{number}" for c in others[:size]]
            found.append((number * len(codes), codes))
    if len(others) == 1 and jokers:
        found.append((number * 3, [tile, f"{tiles.COLOURS[others[0]]}{number}", JK]))
    found.sort(key=lambda item: -item[0])
    return [codes for _v, codes in found[:limit]]


def _all_plays(view: dict, hand: list[str]) -> list[dict]:
    """Every kind of play the random level may pick from (each one legal)."""
    plays: list[dict] = []
    opened = view["opened"][view["seat"]]
    if opened is None:
        play = opening(view, hand)
        return [play] if play else []
    found = _new_melds(view, hand)
    if found:
        plays.append({"type": "meld", "melds": found[:1]})
    if len(hand) >= 2:
        for code in sorted(set(hand)):
            target = layoff_target(view, code)
            if target is not None:
                plays.append({"type": "layoff", "meld": target, "cards": [code]})
    return plays


# ---------------------------------------------------------------------------------------------
# Discarding


def choose_discard(view: dict, profile: Profile, rng: random.Random, know: Knowledge) -> str:
    hand = view["hand"]
    choices = sorted(set(hand))
    if profile.level == "random":
        return rng.choice(choices)
    numbers = [c for c in choices if not tiles.is_joker(c)]
    if not numbers:
        return choices[0]
    if len(hand) == 1:
        return hand[0]
    pool, loose = _discard_pool(view, numbers)
    if profile.level == "easy":
        if rng.random() < profile.noise:
            return rng.choice(pool)
        pick = min if view["opened"][view["seat"]] is None else max
        return pick(pool, key=lambda c: (value(c), c))
    scores = _pool_scores(view, pool, loose, profile, know)
    best, best_score = pool[0], float("inf")
    for code in pool:
        score = scores[code] + rng.random() * 1e-6
        if score < best_score:
            best, best_score = code, score
    return best


def _discard_pool(view: dict, numbers: list[str]) -> tuple[list[str], list[str]]:
    """The tiles worth discarding (loose numbers, else any number) and the loose tiles."""
    hand = view["hand"]
    if view["opened"][view["seat"]] is None:
        _points, found = best_opening(hand)
        loose = without(hand, flat(found))
    else:
        loose = list(hand)
    return sorted({c for c in loose if not tiles.is_joker(c)}) or numbers, loose


def _pool_scores(
    view: dict, pool: list[str], loose: list[str], profile: Profile, know: Knowledge
) -> dict[str, float]:
    # When every loose tile is a joker (an unopened rack that melds whole, short of the
    # threshold), the pool is every number: score them all, or the lookup below fails.
    judged = loose if set(pool) <= set(loose) else view["hand"]
    scores = keep_scores(view, view["hand"], judged, profile, know)
    out = {}
    for code in pool:
        out[code] = scores[code] + (danger(view, code, know) if profile.track else 0.0)
    return out


def discard_scores(view: dict, profile: Profile, know: Knowledge) -> dict[str, float]:
    """What each discard medium or hard would consider costs (lower is better), for a hand
    that is not down to one tile or only jokers; the expert level searches the cheapest few."""
    numbers = [c for c in sorted(set(view["hand"])) if not tiles.is_joker(c)]
    if not numbers or len(view["hand"]) == 1:
        return {}
    pool, loose = _discard_pool(view, numbers)
    return _pool_scores(view, pool, loose, profile, know)


def keep_scores(
    view: dict, hand: list[str], loose: list[str], profile: Profile, know: Knowledge
) -> dict[str, float]:
    """How much each loose tile is worth keeping (higher: keep)."""
    seat = view["seat"]
    opened = view["opened"][seat]
    unseen = know.unseen_total
    shortest = min(view["hand_sizes"][s] for s in opponents(view))
    horizon = 5.0
    if profile.dump_high and opened is not None and shortest <= 4:
        horizon = 1.5

    def chance(outs: int) -> float:
        return draw_chance(outs, unseen, horizon)

    def live(colour: int, number: int) -> int:
        if not 1 <= number <= 13:
            return 0
        return know.live[f"{tiles.COLOURS[colour]}{number}"]

    have = Counter(tiles.parse(c) for c in loose if not tiles.is_joker(c))
    pairs_mode = opened == "pairs" or (
        opened is None
        and profile.pairs_opening
        and best_pairs(hand)[0] >= 4
        and best_opening(hand)[0] < 70
    )
    out: dict[str, float] = {}
    for code in sorted(set(loose)):
        if tiles.is_joker(code):
            continue
        colour, number = tiles.parse(code)
        score = 0.0
        colours = {c for (c, n) in have if n == number}
        if len(colours) >= 2:
            outs = sum(live(c, number) for c in range(4) if c not in colours)
            score += 3 * number * chance(outs)
        for step in (1, 2):
            for side in (-1, 1):
                other = number + side * step
                if have[(colour, other)] == 0:
                    continue
                lo, hi = min(number, other), max(number, other)
                if step == 1:
                    outs = live(colour, lo - 1) + live(colour, hi + 1)
                else:
                    outs = live(colour, lo + 1)
                score += (lo + hi + (hi + 1 if step == 1 else lo + 1)) * chance(outs) * 0.8
        if pairs_mode:
            if have[(colour, number)] >= 2:
                score += 30
            else:
                score += 10 * chance(live(colour, number))
        if opened is None:
            score += 0.1 * number  # high tiles bring the opening closer
        else:
            shed = 1.0 if horizon < 5 else profile.shed
            score -= shed * number * (2 if opened == "pairs" else 1)
            if layoff_target(view, code) is not None:
                score += 5
        out[code] = score
    return out


def danger(view: dict, code: str, know: Knowledge) -> float:
    """What discarding ``code`` may give the next player, who may take it to use at once.

    Unlike the card games' danger, nothing here reads the tiles that player took: a taken tile
    is laid in the same turn (RULES.md §3), so none stays hidden in its rack to be built on."""
    seat = next_seat(view)
    number = tiles.parse(code)[1]
    risk = 0.0
    if may_lay_off(view, seat) and layoff_target(view, code) is not None:
        risk += 15
    if view["opened"][seat] is None:
        risk += 0.1 * number
    shed = know.discarded[seat] + know.passed[seat]
    for shed_code in shed:
        if not tiles.is_joker(shed_code) and tiles.parse(shed_code)[1] == number:
            risk -= 1
            break
    return risk
