"""The `expert` level: determinized search over the cards it cannot see (issue 15).

Hard's heuristics decide from averages; expert checks the choices that matter — which source
to draw from, and which card to discard — by playing them out. For each of a fixed number of
*samples* it deals the hidden cards at random, consistently with what its seat's view tells
(the cards each opponent took from the pile and has not shown since stay in that opponent's
hand; the rest of the unseen cards fill the other hands and the stock, whose size is known;
in classic Rummy heads-up each sample is the pick of several such deals, weighed by how well
the opponent's hand agrees with the cards it let pass and threw: `inference`), then plays
every candidate on that same deal (common random numbers: the candidates face the same luck)
with the hard level as the playout policy, until this seat is about to draw again (every
opponent has answered the move) or the round ends. A finished round scores its points;
an unfinished one scores the hands with hard's own evaluation (points plus what loose cards
and partial melds are worth), the others' average less the seat's own, or (`Budget.others`
off) the seat's own hand only (`position_value`); in classic Rummy heads-up it scores the
seat's chance of winning the round instead (`winchance`, a model fitted on hard's rounds:
what the simulator measures is rounds won). The candidate with the best average wins;
hard's own choice is kept unless another beats it by a margin, so sampling noise never
overrides it for nothing.

Everything else (melds, lay-offs, joker swaps, when to hold melds) is hard's logic: those
moves are either forced by the rules or already exact (the solver). In rummy101 the discard
is not searched (`Budget.discards`): searching it measured no better. There the expert plays
its tiles as hard would but to go out first rather than to save points (`TILES`: it keeps a
high tile that may still be laid, takes jokers off the table, and never opens with pairs).
In Rummy to 200, and in classic Rummy with three to six players, the draw and the discard
are hard's (`HARD_MOVES`): the searches tried there won fewer rounds than hard
(docs/BOTS.md). Rummy to 200 adds one thing no sampling needs: once the pile is turned over,
every card of the second stock is known in order, and the expert draws and discards to go
out soonest (`lastpass`).

Blind by construction: the only input is the view, the samples come from a generator keyed
by the view and the seed (`common.make_rng`), and the budget counts samples, never time, so
the same view and seed give the same action on every machine.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass, replace

from .. import cards, rules, solver, tiles
from ..errors import IllegalMove
from . import cardplay, inference, lastpass, tileplay, winchance
from .common import PROFILES, Profile, base, make_rng, read_log
from .moves import ace_high

HARD = PROFILES["hard"]
# rummy101: hard's tile play turned toward winning the round rather than saving points
# (docs/BOTS.md, *Playing to win in `rummy101`*): no shedding of high tiles when an opponent
# is nearly out, a loose tile's points only break ties, and jokers taken off the table and
# kept, and (stop 26) never an opening with pairs. Without any search it wins 57.9% of 4000
# decided rounds against hard, with the draw searched 57.4% of 6000 (with pairs openings:
# 54.9% of 1981 and of 5959); hard's own weights moved one at a time never moved it beyond
# noise.
TILES = replace(
    HARD, level="expert", dump_high=False, shed=0.05, take_jokers=True, pairs_opening=False
)
PLAIN = Profile("easy", take_discard=False, partials=False, live_cards=False)  # no noise


@dataclass(frozen=True)
class Budget:
    """How much search one decision gets: samples of the hidden cards, candidates compared
    on each, and the margin (in the value's units: points, or percent with ``wins``) another
    candidate needs to replace hard's choice."""

    samples: int = 10
    candidates: int = 3
    margin: float = 1.0
    discards: bool = True  # search the discard too (else only the draw)
    # Search the draw too (else it is hard's): off measured the same in `basic` heads-up,
    # 56.5% of 1022 decided rounds against 55.8% of 1029 on the same deals (docs/BOTS.md).
    draws: bool = True
    # Card games: an unfinished playout counts the others' hands too (their average cost);
    # else only the seat's own, and the others only when one of them goes out (`position_value`).
    others: bool = True
    # Where `winchance` has a model (classic Rummy heads-up; elsewhere the field is ignored):
    # an unfinished playout scores the chance of winning the round, in percent, instead of
    # points: 520 of 884 decided rounds against hard (58.8%) where points won 505 of 890
    # (56.7%) on the same deals (docs/BOTS.md).
    wins: bool = False
    # Card games: deals drawn per sample, one kept by how well the opponents' hands agree
    # with the cards they let pass and threw (`sample_state`); 1: every deal at random. 8 won
    # 362 of 590 decided rounds of classic Rummy heads-up where 1 won 341 of 588, on the
    # same deals (docs/BOTS.md).
    fills: int = 1
    # Rummy to 200: in the stock's second pass, whose order every player saw on the pile,
    # draw and discard to go out in the fewest turns (`lastpass`), where hard is slower.
    last_pass: bool = False

    def searches(self, kind: str) -> bool:
        """Whether a decision of this kind (an action's type) is searched; else it is hard's."""
        return self.draws if kind == "draw" else self.discards if kind == "discard" else False


# Sized so a decision stays under 100 ms at p95 in CPython (bench/bench_expert.py), which
# leaves the browser's 250 ms for Pyodide's 2-3x; four players need no smaller budget.
# Classic Rummy heads-up searches 4x as much, scores by win chance and deals each sample as the
# opponent's passes and discards suggest: there it beats hard in 61.0% of 1173 decided rounds
# (95% interval [58.2, 63.8]; random deals: 58.0% of 588; in points: 55.8% of 1029; the
# default budget: 48.6%), and its p95 in the browser is under 250 ms (bench/expert_browser.py;
# docs/BOTS.md). Rummy to 200 searches nothing: every search tried there, win chance too,
# chose worse than hard where it chose otherwise (bench/expert_decisions.py) and won fewer
# rounds (at best 47.4% of 468 decided), so its expert plays hard's draws and discards until
# the pile is turned over, then plans the known second stock (`lastpass`): 62.0% of 2688
# decided rounds, 2 expert v 2 hard. Classic Rummy with three to six plays hard's moves too:
# the search it could afford there (this default) won 43.3% of 231 decided four-player rounds
# against hard, 95% interval [37.1, 49.7] (twice the samples would take about 0.5 s a
# decision in the browser), and 20 of 41 decided six-player rounds (five and six players
# played it until stop 30: no better there, and no budget of their own). rummy101 searches
# the draw only (searching the discard too measured no better than hard's ranking, before
# `TILES`); its discard is `TILES`'s ranking. docs/BOTS.md.
DEFAULT = Budget()
HARD_MOVES = Budget(draws=False, discards=False)  # the expert plays hard's draws and discards
BUDGETS: dict[tuple[str, int], Budget] = {
    ("rummy101", n): Budget(discards=False) for n in (2, 3, 4)
}
BUDGETS[("basic", 2)] = Budget(samples=30, candidates=4, margin=0.5, wins=True, fills=8)
for n in (3, 4, 5, 6):
    BUDGETS[("basic", n)] = HARD_MOVES
BUDGETS[("rummy200", 4)] = replace(HARD_MOVES, last_pass=True)
PLAYOUT_BUDGET = 600_000  # solver steps per playout decision (as `bots.DECIDE_BUDGET`)
REFUSED = -1000.0  # the value of a playout the rules refused (no candidate scores near it)
MAX_PLAYOUT_ACTIONS = 60  # a playout past this many actions is scored where it stands


def budget_for(view: dict) -> Budget:
    return BUDGETS.get((view["variant"], view["players"]), DEFAULT)


def decide(view: dict, seed: int = 0, budget: Budget | None = None) -> dict:
    """The expert's action for ``view["seat"]`` (one action, as every level)."""
    budget = budget or budget_for(view)
    own = own_action(view, seed)
    if budget.last_pass:
        own = lastpass.plan(view, own)
    if not budget.searches(own["type"]):
        return own
    candidates = candidate_actions(view, own, budget.candidates)
    if len(candidates) < 2:
        return own
    values = action_values(view, candidates, seed, budget)
    best = max(range(len(candidates)), key=lambda i: (values[i], -i))
    if values[best] - values[0] <= budget.margin:
        return candidates[0]
    return candidates[best]


def own_action(view: dict, seed: int = 0) -> dict:
    """The expert's action before any search (hard's; in rummy101 `TILES`'s): the Hint's
    advice in rummy101, where the search adds nothing to it (docs/BOTS.md)."""
    return _heuristic(view, make_rng(view, "hard", seed))


def _heuristic(view: dict, rng: random.Random) -> dict:
    """The expert's action before any search: hard's, or in rummy101 that of `TILES`."""
    with solver.work_budget(PLAYOUT_BUDGET):
        return _play(view).decide(view, _own_profile(view), rng)


def _play(view: dict):
    """The module that plays ``view``'s game: tiles or cards."""
    return tileplay if view["variant"] == "rummy101" else cardplay


def _own_profile(view: dict) -> Profile:
    """How the expert plays where it does not search: hard, or in rummy101 `TILES`."""
    return TILES if view["variant"] == "rummy101" else HARD


# ---------------------------------------------------------------------------------------------
# What to compare


def candidate_actions(view: dict, first: dict, limit: int) -> list[dict]:
    """``first`` (the expert's action before search: hard's, in rummy101 `TILES`'s), then the
    alternatives worth searching: the other draw source, or the next cheapest discards by the
    same ranking. Empty of alternatives for every other play (melds, lay-offs, swaps)."""
    kind = first["type"]
    if kind == "draw":
        return [first] + [
            {"type": "draw", "source": s} for s in _draw_sources(view) if s != first["source"]
        ]
    if kind != "discard":
        return [first]
    others = [a for a in discard_candidates(view, limit) if a != first]
    return [first, *others[: max(0, limit - 1)]]


def discard_candidates(view: dict, limit: int) -> list[dict]:
    """The ``limit`` cheapest discards by hard's ranking (`discard_scores`; rummy101: by
    `TILES`'s)."""
    scores = _play(view).discard_scores(view, _own_profile(view), read_log(view))
    ranked = sorted(scores, key=lambda c: (scores[c], c))[:limit]
    return [{"type": "discard", "card": c} for c in ranked]


def _draw_sources(view: dict) -> list[str]:
    """The draws expert may choose. A rummy101 discard only when its own play phase (`TILES`)
    will use it (a bot never needs `reset_turn`); the joker button only when hard would press
    it."""
    if view["variant"] == "rummy101":
        return ["stock", "discard"] if tileplay.usable_discard(view, TILES) else ["stock"]
    out = []
    if view["stock"] > 0:
        out.append("stock")
    if view["discard"]:
        out.append("discard")
    return out


# ---------------------------------------------------------------------------------------------
# Sampling what the seat cannot see


def sample_state(view: dict, rng: random.Random, fills: int = 1) -> dict:
    """A full game state agreeing with everything ``view`` shows, the hidden cards dealt at
    random: each opponent keeps the cards it took from the pile and has not shown since.

    With ``fills`` above 1 that many deals are drawn and one kept in proportion to how well
    the opponents' hands agree with the cards they let pass and threw (`inference.weight`;
    card games only: tiles are dealt at random). A search dealing many samples of one view
    keeps a `Dealer`, which reads the view once."""
    return Dealer(view, fills).state(rng)


class Dealer:
    """Deals ``view``'s hidden cards as `sample_state` says, as often as asked: what every deal
    shares (the unseen cards, those each opponent is known to hold, its clues) is read once."""

    def __init__(self, view: dict, fills: int = 1) -> None:
        me, n = view["seat"], view["players"]
        know = read_log(view, track=False)
        uses_tiles = view["variant"] == "rummy101"
        full = Counter(tiles.FULL_SET if uses_tiles else cards.DECK)
        seen = Counter(view["hand"]) + Counter(view["discard"])
        for meld in view["table"]:
            seen.update(base(c) for c in meld["cards"])
        pool = full - seen
        self.held: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            if seat != me:
                known = (know.picked[seat] & pool).elements()
                self.held[seat] = list(known)[: view["hand_sizes"][seat]]
                pool -= Counter(self.held[seat])
        self.view = view
        self.unseen = sorted(pool.elements())
        self.fills = 1 if uses_tiles else max(1, fills)
        self.ace_high = ace_high(view)
        opponents = [s for s in range(n) if s != me]
        self.clues = {s: inference.clues(view, s) for s in opponents} if self.fills > 1 else {}

    def state(self, rng: random.Random) -> dict:
        deals = [self._deal(rng) for _ in range(self.fills)]
        if len(deals) > 1:
            weights = [
                math.prod(
                    inference.weight(hands[s], found, self.ace_high)
                    for s, found in self.clues.items()
                )
                for hands, _stock in deals
            ]
            hands, stock = rng.choices(deals, weights)[0]
        else:
            hands, stock = deals[0]
        return _state_from_view(self.view, hands, stock)

    def _deal(self, rng: random.Random) -> tuple[list[list[str]], list[str]]:
        """The opponents' hands (what each is known to hold, filled up at random from the
        unseen cards) and the stock."""
        view, held = self.view, self.held
        me, n = view["seat"], view["players"]
        rest = list(self.unseen)
        rng.shuffle(rest)
        need = sum(view["hand_sizes"][s] - len(held[s]) for s in range(n) if s != me)
        need += view["stock"]
        if len(rest) < need:  # rummy101 button jokers come from outside the set
            rest += [tiles.JOKER] * (need - len(rest))
        hands = [list(view["hand"]) if s == me else list(held[s]) for s in range(n)]
        for seat in range(n):
            if seat != me:
                missing = view["hand_sizes"][seat] - len(hands[seat])
                hands[seat] += rest[:missing]
                rest = rest[missing:]
        return hands, rest[: view["stock"]]


def _state_from_view(view: dict, hands: list[list[str]], stock: list[str]) -> dict:
    """The engine's state for ``view``'s position with these hands and stock (top first)."""
    log = view["log"]
    first_play: list[int | None] = [None] * view["players"]
    turn = 0
    for event in log:
        kind = event["type"]
        if kind in ("meld", "layoff", "swap_joker") and first_play[event["seat"]] is None:
            first_play[event["seat"]] = turn
        elif kind == "discard":
            turn += 1
    mine = view["current_player"] == view["seat"]
    button = view["joker_button"]
    return {
        "version": rules.STATE_VERSION,
        "variant": view["variant"],
        "players": view["players"],
        "options": view["options"],
        "seed": 0,
        "round": view["round"],
        "first": view["first"],
        "scores": list(view["scores"]),
        "history": view["history"],
        "accounts": list(button["accounts"]) if button else None,
        "game_over": False,
        "winners": None,
        "hands": hands,
        "stock": stock,
        "discard": list(view["discard"]),
        "discard_by": view["discard_by"],
        "table": [dict(m, cards=list(m["cards"])) for m in view["table"]],
        "next_id": 1 + max((m["id"] for m in view["table"]), default=0),
        "current": view["current_player"],
        "turn": view["turn"],
        "phase": view["phase"],
        "drawn": view["drawn"] if mine else None,
        "taken": view["taken"],
        "taken_used": view["taken_used"],
        "plays": 0,
        "opened": list(view["opened"]),
        "first_play": first_play,
        "thresholds": view["thresholds"],
        "button_used": list(button["used"]) if button else None,
        "last_discards": list(view["last_discards"]) if view["last_discards"] else None,
        "renewals": sum(1 for e in log if e["type"] in ("rebuild", "turnover")),
        "log": list(log),
        "undo": None,
        "round_over": False,
        "round_result": None,
    }


# ---------------------------------------------------------------------------------------------
# Playing the candidates out


def action_values(view: dict, candidates: list[dict], seed: int, budget: Budget) -> list[float]:
    """Each candidate's average value for ``view``'s seat, as ``budget`` asks for it
    (`evaluate_actions`)."""
    wins = budget.wins and winchance.covers(view)
    return evaluate_actions(
        view, candidates, seed, budget.samples, budget.others, wins, budget.fills
    )


def evaluate_actions(
    view: dict,
    candidates: list[dict],
    seed: int,
    samples: int,
    count_others: bool = True,
    wins: bool = False,
    fills: int = 1,
) -> list[float]:
    """Each candidate's average value for ``view``'s seat over ``samples`` sampled deals:
    points from its seat's side (`position_value`), or with ``wins`` (classic Rummy
    heads-up) its chance of winning the round in percent (`winchance.chance`)."""
    rng = make_rng(view, "expert", seed)
    dealer = Dealer(view, fills)
    totals = [0.0] * len(candidates)
    for k in range(samples):
        state = dealer.state(rng)
        playout_seed = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            totals[i] += playout_value(
                state, view["seat"], action, playout_seed + k, count_others, wins
            )
    return [t / samples for t in totals]


def playout_value(
    state: dict, me: int, action: dict, seed: int, count_others: bool = True, wins: bool = False
) -> float:
    """Apply ``action`` to a copy of ``state``, let hard play every seat until ``me`` is about
    to draw again (or the round ends), and score the position for ``me``.

    In rummy101 the playout stops once the next player has drawn (taken the discard or not):
    a tile turn is many plays, each a solver call, and the rack's cost (`_tile_cost`) already
    counts the melds it could lay."""
    s = rules.copy_state(state)
    rng = random.Random(seed)
    short = s["variant"] == "rummy101"
    try:
        rules.apply_action(s, action)
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if s["round_over"] or (s["current"] == me and s["phase"] == "draw"):
                break
            view = rules.make_view(s, s["current"])
            reply = _playout_action(view, me, rng)
            rules.apply_action(s, reply)
            if short and reply["type"] == "draw" and view["seat"] != me:
                break
    except IllegalMove:
        return REFUSED  # a candidate the rules refuse is never chosen
    if wins:
        return 100.0 * winchance.chance(s, me)
    return position_value(s, me, count_others)


def _playout_action(view: dict, me: int, rng: random.Random) -> dict:
    """The expert's own action for its seat (`_heuristic`); for an opponent hard's, except that
    it discards its highest loose card (as easy, without carelessness): hard's discard weighs
    every card, ten times the cost, and what an opponent throws away hardly changes the
    position expert scores when its turn comes round."""
    if view["seat"] == me:
        return _heuristic(view, rng)
    with solver.work_budget(PLAYOUT_BUDGET):
        if view["phase"] == "draw":
            return _play(view).decide(view, HARD, rng)
        if view["variant"] == "rummy101":
            know = read_log(view)
            play = tileplay.next_play(view, HARD, rng, know)
            if play is None:
                play = {"type": "discard", "card": tileplay.choose_discard(view, PLAIN, rng, know)}
        else:
            play = cardplay.next_play(view, HARD, rng)
            if play is None:
                play = {"type": "discard", "card": cardplay.choose_discard(view, PLAIN, rng, None)}
    return play


def position_value(s: dict, me: int, count_others: bool = True) -> float:
    """Points from ``me``'s side: its round points less the others' average when the round is
    over, else the others' average hand cost less its own (hard's evaluation).

    Without ``count_others`` (card games), an unfinished round scores ``me``'s own hand only:
    the others count through the round's end alone (one of them going out in the playout).
    On one sample, what they hold after the playout differs between the candidates mostly by
    luck (when this seat takes the pile instead of the stock, each later draw shifts by a
    card); weighed three times over (their sum instead of their average) it made expert win
    21.7% of the decided `rummy200` rounds against hard. Left out, a decision costs one
    hand's evaluation instead of one per player (docs/BOTS.md)."""
    others = [seat for seat in range(s["players"]) if seat != me]
    if s["round_over"]:
        points = s["round_result"]["points"]
        return points[me] - statistics.fmean(points[o] for o in others)
    if s["variant"] == "rummy101":
        # The short playout changes only the next player's rack: the others' costs are the
        # same for every candidate on this sample, so they are left out (a full rack costs
        # the solver milliseconds).
        nxt = (me + 1) % s["players"]
        return hand_cost(s, nxt) / len(others) - hand_cost(s, me)
    if not count_others:
        return -hand_cost(s, me)
    cost = [hand_cost(s, seat) for seat in range(s["players"])]
    return statistics.fmean(cost[o] for o in others) - cost[me]


def hand_cost(s: dict, seat: int) -> float:
    """What ``seat``'s hand is worth against it, as hard judges a hand (lower is better)."""
    view = rules.make_view(s, seat)
    hand = view["hand"]
    if view["variant"] != "rummy101":
        know = read_log(view)
        horizon = cardplay._horizon(view, HARD)
        return cardplay.evaluate(view, hand, HARD, know, horizon)
    return _tile_cost(view, hand)


NOT_OPENED = 202  # what an unopened rack pays (scoring.NOT_OPENED_PENALTY)


def _tile_cost(view: dict, hand: list[str]) -> float:
    """rummy101: what the rack would pay, less the progress it shows. Unopened: the penalty,
    reduced by how near the best opening comes to the threshold; opened: the tiles that
    cannot be laid (doubled after a pairs opening), plus a little per tile (fewer tiles,
    nearer the finish)."""
    opened = view["opened"][view["seat"]]
    with solver.work_budget(PLAYOUT_BUDGET):
        if opened is None:
            need = view["thresholds"]["points"]
            points, _found = tileplay.best_opening(hand)
            pairs, _p = tileplay.best_pairs(hand)
            near = max(min(1.0, points / need), min(1.0, pairs / view["thresholds"]["pairs"]))
            return NOT_OPENED * (1.0 - 0.6 * near * near)
        if opened == "pairs":
            _count, found = tileplay.best_pairs(hand)
            loose = tileplay.without(hand, tileplay.flat(found))
            return 2.0 * sum(tiles.value(t) for t in loose) + 3.0 * len(hand)
        _points, found = tileplay.best_opening(hand)
        loose = tileplay.without(hand, tileplay.flat(found))
        return sum(tiles.value(t) for t in loose) + 3.0 * len(hand)
