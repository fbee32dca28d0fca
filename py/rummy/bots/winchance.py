"""Classic Rummy heads-up: the chance that the seat about to draw wins the round (issue 15).

The expert's playouts in `basic` with two players stop when its seat is about to draw again;
`expert.position_value` then scores the hands in points by hard's evaluation. What the
simulator measures, and what a player wants, is the round won. This model says how likely
that is from the two hands: a logistic regression over what each hand's owner can see (loose
cards, their points, pairs and near-runs and their live cards, hard's evaluation, how near
the hand is to going out) and the stock left.

It was fitted on the positions of 6,000 rounds that hard played against itself, every
position where a seat was about to draw, labelled with whether that seat went on to win:
`python bench/fit_win_chance.py` reproduces `WEIGHTS` (it needs numpy; the engine does
not). On held-out rounds it predicts the winner better than hard's evaluation alone (log
loss 0.663 against 0.675; always guessing a half: 0.693) — a round's winner is mostly still
luck at any one turn, which is why the search averages many samples.
"""

from __future__ import annotations

import math

from .. import rules
from ..solver import deadwood_split
from . import cardplay
from .common import PROFILES, draw_chance, read_log
from .moves import ace_high

HARD = PROFILES["hard"]
STOCK_SCALE = 30.0  # a full `basic` heads-up stock is 31 cards
PAIR_HORIZON = 4.0  # draws over which a pair's chance of becoming a meld is counted

# Per hand: loose cards, their points, pairs' chances, pairs' live cards, hard's evaluation;
# then how near it is to going out (at most 1, 2, 3 loose cards), the points' square root,
# pairs' chances when near, and hard's evaluation times the stock left.
HAND_FEATURES = 10
EVALUATION = 4  # hard's evaluation's place among a hand's features
# The constant, the seat's hand, the opponent's hand, the stock left (fitted, see above).
WEIGHTS: tuple[float, ...] = (
    -0.0149,  # the constant
    # the seat's hand
    -0.077868,
    0.001569,
    0.334869,
    0.016728,
    -0.002678,
    0.760872,
    -0.093859,
    0.001685,
    -0.064078,
    1.829091,
    # the opponent's hand
    0.079596,
    -0.001314,
    -0.27417,
    -0.029644,
    0.003174,
    -0.67545,
    0.116881,
    0.047948,
    0.059715,
    -1.978958,
    # the stock left; each evaluation times it
    0.073081,
    3.4e-05,
    -0.000186,
)


def covers(view: dict) -> bool:
    """Whether the model was fitted for ``view``'s game: classic Rummy, two players."""
    return view["variant"] == "basic" and view["players"] == 2


def hand_features(view: dict) -> list[float]:
    """What the model reads of ``view["seat"]``'s hand, as that seat sees it."""
    hand = view["hand"]
    know = read_log(view)
    dw, _found, loose = deadwood_split(hand, ace_high(view))
    evaluation = cardplay.evaluate(view, hand, HARD, know, cardplay._horizon(view, HARD))
    pairs = cardplay.partial_outs(view, loose, know)
    chances = sum(draw_chance(outs, know.unseen_total, PAIR_HORIZON) for _a, _b, outs in pairs)
    outs = sum(outs for _a, _b, outs in pairs)
    near = len(loose)
    return [
        float(near),
        float(dw),
        chances,
        float(outs),
        evaluation,
        float(near <= 1),
        float(near <= 2),
        float(near <= 3),
        math.sqrt(dw),
        chances * (near <= 3),
    ]


def features(s: dict, me: int) -> list[float]:
    """The model's inputs for ``me`` in state ``s`` (heads-up): the constant, both hands'
    features, the stock left, and each evaluation times the stock left."""
    mine = hand_features(rules.make_view(s, me))
    theirs = hand_features(rules.make_view(s, 1 - me))
    stock = len(s["stock"]) / STOCK_SCALE
    return [1.0, *mine, *theirs, stock, mine[EVALUATION] * stock, theirs[EVALUATION] * stock]


def chance(s: dict, me: int) -> float:
    """How likely ``me`` is to win the round from state ``s``: 1 or 0 (a half when nobody
    won) once it is over."""
    if s["round_over"]:
        winner = s["round_result"]["winner"]
        return 0.5 if winner is None else float(winner == me)
    z = sum(w * x for w, x in zip(WEIGHTS, features(s, me), strict=True))
    return 1.0 / (1.0 + math.exp(-z))
