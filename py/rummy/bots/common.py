"""What every computer player shares: levels, the seeded generator, and what the log tells.

A bot reads only its seat's view (ENGINE_API.md "The view"). From the public log it rebuilds
what a careful player remembers: which cards each opponent took from the discard pile and has
not shown since, what each discarded or let pass, and which cards are still *live* (could
still be drawn by anybody: not in my hand, not on the table, not in the discard pile, not
known to sit in an opponent's hand).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .. import cards, tiles
from ..constants import LEVELS as LEVELS  # re-exported: the link codec checks levels too


@dataclass(frozen=True)
class Profile:
    """How strong a level plays: each flag is one piece of the strategy it uses."""

    level: str
    take_discard: bool = True  # take the discard (only to complete a meld)
    partials: bool = True  # value pairs and near-runs in the hand when discarding
    live_cards: bool = True  # outs exclude cards an opponent took and still holds
    track: bool = False  # remember opponents' pickups and discards; avoid feeding them
    dump_high: bool = False  # shed high cards when an opponent holds three or fewer
    hold_melds: bool = False  # cards: hide melds until the hand goes down in one turn
    joker_play: bool = False  # rummy101: joker swaps, joker finishes, the joker button
    # rummy101, opened: how much each point of a loose tile counts toward discarding it
    # (shedding points lowers what the rack pays if another seat finishes first)
    shed: float = 0.4
    # rummy101: take a joker off the table with any tile that fits nowhere else, once a turn,
    # and keep it in the rack instead of laying it off (expert: it fits wherever the rack
    # needs one later, and the next player cannot swap it for themselves)
    take_jokers: bool = False
    # rummy101: open with five pairs when runs and sets fall short of the points (expert: never;
    # a rack that opens with pairs seldom goes out first, docs/BOTS.md)
    pairs_opening: bool = True
    noise: float = 0.0  # chance of a careless discard (easy)


PROFILES = {
    "random": Profile("random", take_discard=False, partials=False, live_cards=False),
    "easy": Profile("easy", take_discard=False, partials=False, live_cards=False, noise=0.3),
    "medium": Profile("medium", live_cards=False),
    "hard": Profile("hard", track=True, dump_high=True, hold_melds=True, joker_play=True),
}


def make_rng(view: dict, level: str, seed: int) -> random.Random:
    """A generator fixed by the seed and the position, so a replay takes the same action."""
    hand = ",".join(sorted(view["hand"]))
    key = f"{seed}:{level}:{view['round']}:{view['turn']}:{len(view['log'])}:{hand}"
    return random.Random(key)  # str seeds hash with SHA-512: the same on every CPython


@dataclass
class Knowledge:
    """What the public log and the table say about the cards this seat cannot see."""

    live: Counter  # code -> copies that may still come from the stock
    unseen_total: int  # pieces not visible to this seat (stock and other hands)
    picked: list[Counter] = field(default_factory=list)  # per seat: taken, not shown since
    discarded: list[Counter] = field(default_factory=list)  # per seat: discarded this round
    passed: list[Counter] = field(default_factory=list)  # per seat: discard tops let go
    taken_used: bool = False  # this turn's taken discard has gone into a play


def base(code: str) -> str:
    return tiles.base(code) if tiles.is_joker(code) else code


def read_log(view: dict, track: bool = True) -> Knowledge:
    n = view["players"]
    me = view["seat"]
    uses_tiles = view["variant"] == "rummy101"
    full = Counter(tiles.FULL_SET if uses_tiles else cards.DECK)
    seen = Counter(view["hand"])
    for meld in view["table"]:
        seen.update(base(c) for c in meld["cards"])
    seen.update(view["discard"])
    unseen = full - seen
    if uses_tiles:  # button jokers come from outside the 106
        unseen[tiles.JOKER] = max(0, unseen[tiles.JOKER])
    picked = [Counter() for _ in range(n)]
    discarded = [Counter() for _ in range(n)]
    passed = [Counter() for _ in range(n)]
    top = None
    taken_code = None
    taken_used = False
    for event in view["log"]:
        kind = event["type"]
        seat = event.get("seat")
        if kind == "draw":
            if event["source"] == "discard":
                picked[seat][event["card"]] += 1
                taken_code = event["card"] if seat == me else None
                taken_used = False
                top = None
            else:
                if top is not None:
                    passed[seat][top] += 1
                taken_code = None
        elif kind == "discard":
            discarded[seat][event["card"]] += 1
            _forget(picked[seat], [event["card"]])
            top = event["card"]
        elif kind == "meld":
            shown = [base(c) for m in event["melds"] for c in m]
            _forget(picked[seat], shown)
            if taken_code in shown:
                taken_used = True
        elif kind == "layoff":
            shown = [base(c) for c in event["cards"]]
            _forget(picked[seat], shown)
            if taken_code in shown:
                taken_used = True
        elif kind == "swap_joker":
            _forget(picked[seat], [event["tile"]])
            if taken_code == event["tile"]:
                taken_used = True
        elif kind in ("rebuild", "turnover"):
            top = None
    live = Counter(unseen)
    if track:
        for seat in range(n):
            if seat != me:
                live.subtract(picked[seat])
        live = +live
    return Knowledge(
        live=live,
        unseen_total=max(1, sum(unseen.values())),
        picked=picked,
        discarded=discarded,
        passed=passed,
        taken_used=taken_used,
    )


def _forget(counter: Counter, codes: list[str]) -> None:
    for code in codes:
        if counter[code] > 0:
            counter[code] -= 1


def draw_chance(outs: int, unseen: int, horizon: float) -> float:
    """Chance that one of ``outs`` live cards among ``unseen`` comes in ``horizon`` draws."""
    if outs <= 0:
        return 0.0
    return 1.0 - (1.0 - min(1.0, outs / unseen)) ** horizon


def without(hand: list[str], codes: list[str]) -> list[str]:
    """``hand`` minus ``codes`` (as a multiset; a pinned joker takes a plain "JK")."""
    rest = list(hand)
    for code in codes:
        rest.remove(base(code))
    return rest


def opponents(view: dict) -> list[int]:
    return [s for s in range(view["players"]) if s != view["seat"]]


def next_seat(view: dict) -> int:
    return (view["seat"] + 1) % view["players"]
