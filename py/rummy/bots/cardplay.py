"""Computer players for the card games, `basic` and `rummy200` (RULES.md §1–2).

One call returns one action: the draw, then melds and lay-offs one at a time, then the
discard. Nothing is remembered between calls; each one re-reads the view, so a turn can be
resumed anywhere (link play replays it on other devices).

The strategy (seed 001, "Strategii Rummy", and what follows from it):
- take the discard only when it completes a meld or can be laid off at once (easy never);
- meld what the exact solver finds and lay off everything that fits — but the hard level
  keeps its melds hidden until it can go down in one turn (no lay-offs for the others, and
  a `basic` "rummy" doubles the points); in `basic` it lays them down as soon as an opponent
  holds three or fewer cards (a held meld counts against you when someone goes out), in
  `rummy200` never early (melds shown give the others cards to shed, and only going out
  wins a round);
- discard by the value left in the hand, less the worth of pairs and near-runs that can
  still be completed (4♣ 4♠ 3♣ waits for 2♣ 5♣ 4♥ 4♦), counting only live cards;
- shed high cards when an opponent holds three or fewer;
- do not feed the next player: no card that fits a table meld they may add to, nothing next
  to what they picked up from the pile.
"""

from __future__ import annotations

import random

from .. import cards, melds
from ..errors import IllegalMove
from ..solver import deadwood_split
from .common import (
    Knowledge,
    Profile,
    draw_chance,
    next_seat,
    opponents,
    read_log,
    without,
)
from .moves import ace_high, layoff_target, may_lay_off

# Tuned with `python -m rummy.sim` (docs/BOTS.md): a loose card costs this much beyond its
# points (going out first is what wins); a card the next player may use costs the meld it
# gives them times this weight; melds stay hidden until an opponent holds this many cards
# (`basic` only: in `rummy200` they stay hidden until the hand goes down in one turn).
CARD_WEIGHT = 10.0
DANGER_WEIGHT = 1.0
HOLD_UNTIL = 3


def decide(view: dict, profile: Profile, rng: random.Random) -> dict:
    know = read_log(view, track=profile.live_cards)
    if view["phase"] == "draw":
        return {"type": "draw", "source": choose_draw(view, profile, rng)}
    play = next_play(view, profile, rng)
    if play is not None:
        return play
    return {"type": "discard", "card": choose_discard(view, profile, rng, know)}


# ---------------------------------------------------------------------------------------------
# Drawing


def choose_draw(view: dict, profile: Profile, rng: random.Random) -> str:
    if not view["discard"]:
        return "stock"
    if view["stock"] == 0:
        return "discard"
    if profile.level == "random":
        return rng.choice(("stock", "discard"))
    if not profile.take_discard:
        return "stock"
    top = view["discard"][-1]
    if completes(view, top):
        return "discard"
    return "stock"


def completes(view: dict, card: str) -> bool:
    """Whether ``card`` would be melded with the hand, or laid off, this very turn."""
    hand = view["hand"]
    ah = ace_high(view)
    before, _m, _u = deadwood_split(hand, ah)
    after, made, loose = deadwood_split([*hand, card], ah)
    if card not in loose and after <= before:
        return True
    allowed = may_lay_off(view) or bool(made)
    return allowed and layoff_target(view, card) is not None


# ---------------------------------------------------------------------------------------------
# Melding and laying off


def leaves_playable(view: dict, rest: list[str]) -> bool:
    """Whether a hand of ``rest`` after a play can still end the turn legally."""
    if not rest:
        return not view["options"].get("last_card_discard", False)
    return any(c != view["taken"] for c in rest)


def next_play(view: dict, profile: Profile, rng: random.Random) -> dict | None:
    hand = view["hand"]
    _dw, found, loose = deadwood_split(hand, ace_high(view))
    if profile.hold_melds and _holding(view, loose):
        return None
    plays: list[dict] = []
    if found:
        plan = _playable_melds(view, found)
        if plan:
            plays.append({"type": "meld", "melds": plan})
    if may_lay_off(view):
        order = sorted(loose, key=lambda c: -cards.value(c, ace_high(view)))
        for card in order:
            target = layoff_target(view, card)
            if target is not None and leaves_playable(view, without(hand, [card])):
                plays.append({"type": "layoff", "meld": target, "cards": [card]})
    if not plays:
        return None
    if profile.level == "random":
        return rng.choice(plays) if rng.random() < 0.6 else None
    return plays[0]


def _holding(view: dict, loose: list[str]) -> bool:
    """basic, hard: keep the melds hidden until the whole hand goes down in one turn.

    Held melds give the opponents nothing to lay off on, and going out in one turn doubles
    the points ("going rummy"). Cards that fit the table can wait: a card fits a meld for as
    long as it exists. Lay down at once when going out, or in `basic` when an opponent is
    close to going out (what is on the table is not counted against you).

    `rummy200` holds on even then: a round is won only by going out, and melds shown early
    give the others (who have melded, so may lay off) cards to shed. Measured against
    showing them at three cards: 64.5% of the rounds against medium instead of 52.3%; any
    early showing tried, even only when the nearly-out opponent is unlikely to hold a card
    that fits, gave most of that back (docs/BOTS.md).
    """
    if view["variant"] not in ("basic", "rummy200") or view["opened"][view["seat"]]:
        return False
    close = min(view["hand_sizes"][s] for s in opponents(view)) <= HOLD_UNTIL
    if close and view["variant"] == "basic":
        return False
    stuck = [c for c in loose if layoff_target(view, c) is None]
    # Hold unless the whole hand can go down this turn.
    return len(stuck) > 1 or (len(stuck) == 1 and stuck[0] == view["taken"])


def _playable_melds(view: dict, found: list[list[str]]) -> list[list[str]]:
    """The solver's melds, trimmed so the hand left can still end the turn."""
    plan = [list(m) for m in found]
    hand = view["hand"]
    while plan:
        if leaves_playable(view, without(hand, [c for m in plan for c in m])):
            return plan
        # Keep one card back: the end of a long run or a fourth of a set, else a whole meld.
        for meld in plan:
            if len(meld) > 3:
                for spare in (meld[-1], meld[0]):
                    rest = [c for c in meld if c != spare]
                    if spare != view["taken"] and _is_meld(rest, ace_high(view)):
                        meld[:] = rest
                        break
                else:
                    continue
                break
        else:
            plan.pop()
    return plan


def _is_meld(codes: list[str], ah: bool) -> bool:
    try:
        melds.check_cards(codes, ah)
    except IllegalMove:
        return False
    return True


# ---------------------------------------------------------------------------------------------
# Discarding


def choose_discard(view: dict, profile: Profile, rng: random.Random, know: Knowledge | None) -> str:
    hand = view["hand"]
    ah = ace_high(view)
    choices = sorted({c for c in hand if c != view["taken"]})
    if profile.level == "random":
        return rng.choice(choices)
    if profile.level == "easy":
        _dw, _m, loose = deadwood_split(hand, ah)
        pool = sorted(c for c in loose if c != view["taken"]) or choices
        if rng.random() < profile.noise:
            return rng.choice(pool)
        return max(pool, key=lambda c: (cards.value(c, ah), cards.parse(c)[1], c))
    scores = discard_scores(view, profile, know or read_log(view))
    best, best_score = choices[0], float("inf")
    for card in choices:
        score = scores[card] + rng.random() * 1e-6  # break exact ties without favouring a suit
        if score < best_score:
            best, best_score = card, score
    return best


def discard_scores(view: dict, profile: Profile, know: Knowledge) -> dict[str, float]:
    """What each legal discard costs (lower is better) for medium and hard; the expert level
    searches only the few cheapest, so it shares this ranking."""
    hand = view["hand"]
    horizon = _horizon(view, profile)
    out = {}
    for card in sorted({c for c in hand if c != view["taken"]}):
        score = evaluate(view, without(hand, [card]), profile, know, horizon)
        if profile.track:
            score += danger(view, card, know)
        out[card] = score
    return out


def _horizon(view: dict, profile: Profile) -> float:
    """Roughly how many more cards this seat will draw before the round ends."""
    if not profile.dump_high:
        return 4.0
    shortest = min(view["hand_sizes"][s] for s in opponents(view))
    if shortest <= 2:
        return 0.5
    if shortest <= 3:
        return 1.0
    return 4.0


def evaluate(
    view: dict, hand: list[str], profile: Profile, know: Knowledge, horizon: float
) -> float:
    """What ``hand`` costs (lower is better): each loose card a card's worth plus its points,
    less what pairs and near-runs may still meld with live cards within ``horizon`` draws."""
    ah = ace_high(view)
    dw, _found, loose = deadwood_split(hand, ah)
    if not profile.partials:
        return float(dw)
    # Winning is going out first: each loose card costs a card, plus its points (what it
    # costs if someone else goes out first) — points weigh more when the end is near.
    weight = CARD_WEIGHT if horizon > 1 else 0.0
    cost = {c: weight + cards.value(c, ah) for c in loose}  # the pair loop below reads it often
    score = sum(cost[c] for c in loose)
    for a, b, outs in partial_outs(view, loose, know):
        score -= (cost[a] + cost[b]) * draw_chance(outs, know.unseen_total, horizon)
    if profile.hold_melds or not may_lay_off(view):
        # Cards that fit the table wait for the turn the hand goes down (or, in rummy200,
        # for the first meld).
        share = 0.9 if may_lay_off(view) else 0.5
        for card in loose:
            if layoff_target(view, card) is not None:
                score -= share * cost[card]
    return score


def partial_outs(view: dict, loose: list[str], know: Knowledge) -> list[tuple[str, str, int]]:
    """Each pair of loose cards that may still meld (one rank, or one suit within two ranks),
    with the live cards that would make it a meld."""
    ah = ace_high(view)

    def live(suit: int, rank: int) -> int:
        if ah and rank == 14:
            rank = 1
        if not 1 <= rank <= 13:
            return 0
        return know.live[cards.RANKS[rank - 1] + cards.SUITS[suit]]

    parsed = [(c, *cards.parse(c)) for c in loose]
    top = 14 if ah else 13
    out = []
    for i, (a, sa, ra) in enumerate(parsed):
        for b, sb, rb in parsed[i + 1 :]:
            if ra == rb:
                outs = sum(live(s, ra) for s in range(4) if s not in (sa, sb))
            elif sa == sb:
                outs = max(_run_outs(live, sa, lo, hi, top) for lo, hi in _spans(ra, rb, ah))
            else:
                continue
            out.append((a, b, outs))
    return out


def _spans(ra: int, rb: int, ah: bool) -> list[tuple[int, int]]:
    """Two ranks of one suit as (low, high), the ace also as 14 when it may be high."""
    spans = [(min(ra, rb), max(ra, rb))]
    if ah and 1 in (ra, rb):
        other = rb if ra == 1 else ra
        spans.append((other, 14))
    return spans


def _run_outs(live, suit: int, lo: int, hi: int, top: int) -> int:
    """Live cards that make a run of the two cards ``lo`` and ``hi`` of ``suit``."""
    if hi - lo == 1:
        return (live(suit, lo - 1) if lo > 1 else 0) + (live(suit, hi + 1) if hi < top else 0)
    if hi - lo == 2:
        return live(suit, lo + 1)
    return 0


def danger(view: dict, card: str, know: Knowledge) -> float:
    """What discarding ``card`` may give the next player (in the units of :func:`evaluate`).

    The next player takes a discard that fits a table meld they may add to, or one that
    completes a meld with two cards they hold. Each such pair of cards is weighed by the
    chance they hold both: certain for cards they took from the pile and have not shown,
    none for cards we can see or that they threw away or let pass, else their share of the
    unseen cards.
    """
    seat = next_seat(view)
    ah = ace_high(view)
    suit, rank = cards.parse(card)
    gain = CARD_WEIGHT * 3 + 3 * cards.value(card, ah)
    if may_lay_off(view, seat) and layoff_target(view, card) is not None:
        return gain / 2
    held = know.picked[seat]
    refused = know.discarded[seat] + know.passed[seat]
    share = min(1.0, view["hand_sizes"][seat] / know.unseen_total)

    def holds(s: int, r: int) -> float:
        if ah and r == 14:
            r = 1
        if not 1 <= r <= 13:
            return 0.0
        code = cards.RANKS[r - 1] + cards.SUITS[s]
        if held[code]:
            return 1.0
        if refused[code] or not know.live[code]:
            return 0.0
        return share

    top = 14 if ah else 13
    combos = []
    others = [s for s in range(4) if s != suit]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            combos.append(((a, rank), (b, rank)))
    ranks = [rank] + ([14] if ah and rank == 1 else [])
    for r in ranks:
        for pair in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
            if min(pair) >= 1 and max(pair) <= top:
                combos.append(((suit, pair[0]), (suit, pair[1])))
    risk = sum(holds(*a) * holds(*b) for a, b in combos)
    return DANGER_WEIGHT * risk * gain
