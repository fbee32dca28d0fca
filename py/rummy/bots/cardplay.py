"""Computer players for the card games, `basic` and `rummy200` (RULES.md §1–2).

One call returns one action: the draw, then melds and lay-offs one at a time, then the
discard. Nothing is remembered between calls; each one re-reads the view, so a turn can be
resumed anywhere (link play replays it on other devices).

The strategy (seed 001, "Strategii Rummy", and what follows from it):
- take the discard only when it completes a meld or can be laid off at once;
- meld what the exact solver finds, lay off everything that fits (a held meld still counts
  against you when someone goes out);
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
from .common import Knowledge, Profile, next_seat, opponents, read_log, without
from .moves import ace_high, layoff_target, may_lay_off


def decide(view: dict, profile: Profile, rng: random.Random) -> dict:
    know = read_log(view, track=profile.track)
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
    return "discard" if completes(view, view["discard"][-1]) else "stock"


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


def choose_discard(view: dict, profile: Profile, rng: random.Random, know: Knowledge) -> str:
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
    horizon = _horizon(view, profile)
    best, best_score = choices[0], float("inf")
    for card in choices:
        rest = without(hand, [card])
        score = evaluate(view, rest, profile, know, horizon)
        if profile.track:
            score += danger(view, card, know)
        score += rng.random() * 1e-6  # break exact ties without favouring a suit
        if score < best_score:
            best, best_score = card, score
    return best


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
    """Expected points left in ``hand``: deadwood less what live cards may still meld."""
    ah = ace_high(view)
    dw, _found, loose = deadwood_split(hand, ah)
    score = float(dw)
    if not profile.partials:
        return score
    unseen = know.unseen_total

    def chance(outs: int) -> float:
        if outs <= 0:
            return 0.0
        return 1.0 - (1.0 - min(1.0, outs / unseen)) ** horizon

    def live(suit: int, rank: int) -> int:
        if ah and rank == 14:
            rank = 1
        if not 1 <= rank <= 13:
            return 0
        return know.live[cards.RANKS[rank - 1] + cards.SUITS[suit]]

    parsed = [(c, *cards.parse(c)) for c in loose]
    top = 14 if ah else 13
    for i, (a, sa, ra) in enumerate(parsed):
        for b, sb, rb in parsed[i + 1 :]:
            saved = cards.value(a, ah) + cards.value(b, ah)
            if ra == rb:
                outs = sum(live(s, ra) for s in range(4) if s not in (sa, sb))
                score -= saved * chance(outs)
            elif sa == sb:
                outs = max(_run_outs(live, sa, lo, hi, top) for lo, hi in _spans(ra, rb, ah))
                score -= saved * chance(outs)
    if not may_lay_off(view):
        # rummy200 before the first meld: cards that fit the table wait for it.
        for card in loose:
            if layoff_target(view, card) is not None:
                score -= 0.5 * cards.value(card, ah)
    return score


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
    """What discarding ``card`` may give the next player (in points of our own scale)."""
    seat = next_seat(view)
    ah = ace_high(view)
    suit, rank = cards.parse(card)
    risk = 0.0
    if may_lay_off(view, seat) and layoff_target(view, card) is not None:
        risk += 6 + 0.5 * cards.value(card, ah)
    for wanted in know.picked[seat].elements():
        ws, wr = cards.parse(wanted)
        if wr == rank:
            risk += 4
        elif ws == suit and abs(wr - rank) <= 2:
            risk += 3
    shed = know.discarded[seat] + know.passed[seat]
    for code in shed:
        if cards.parse(code)[1] == rank:
            risk -= 1.5
            break
    urgency = 1 + max(0, 5 - view["hand_sizes"][seat]) * 0.25
    return max(risk, -2.0) * urgency
