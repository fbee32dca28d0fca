"""Scoring a finished round (RULES.md §1 "Scoring", §2 "Scoring", §3 "Scoring a round").

`basic` and `rummy200`: only the winner scores, the value of every card left in the other hands
(`basic` doubles it when the winner went rummy). `rummy101`: the table of RULES.md §3 — the winner
gains 101/202/404, each opponent loses by how far they got (not opened, opened with runs/sets,
opened with pairs), multiplied for a joker finish or a finish in one turn.
"""

from __future__ import annotations

from . import cards, tiles
from .limits import MAX_ROUNDS

# rummy101: what the winner gains, and the multiplier on every opponent's loss, by finish kind.
WINNER_GAINS = {"normal": 101, "joker": 202, "one_turn": 202, "one_turn_joker": 404}
LOSS_FACTOR = {"normal": 1, "joker": 2, "one_turn": 2, "one_turn_joker": 4, "stock_out": 1}
NOT_OPENED_PENALTY = 202


def hand_value(hand: list[str], uses_tiles: bool, ace_high: bool = False) -> int:
    """Cards: ace 1 (15 with ace high or low), J/Q/K 10. Tiles: number, a joker 101."""
    if uses_tiles:
        return sum(tiles.value(t) for t in hand)
    return sum(cards.value(c, ace_high) for c in hand)


def score_cards(hands: list[list[str]], winner: int | None, kind: str, ace_high: bool) -> dict:
    values = [hand_value(h, False, ace_high) for h in hands]
    points = [0] * len(hands)
    status = ["none"] * len(hands)
    if winner is not None:
        points[winner] = sum(v for seat, v in enumerate(values) if seat != winner)
        if kind == "rummy":
            points[winner] *= 2
        status = ["loser"] * len(hands)
        status[winner] = "winner"
    return {"points": points, "values": values, "status": status}


def score_tiles(
    hands: list[list[str]], opened: list[str | None], winner: int | None, kind: str
) -> dict:
    values = [hand_value(h, True) for h in hands]
    factor = LOSS_FACTOR[kind]
    points, status = [], []
    for seat, (value, how) in enumerate(zip(values, opened, strict=True)):
        if seat == winner:
            points.append(WINNER_GAINS[kind])
            status.append("winner")
        elif how is None:
            points.append(-NOT_OPENED_PENALTY * factor)
            status.append("not_opened")
        elif how == "pairs":
            points.append(-2 * value * factor)
            status.append("opened_pairs")
        else:
            points.append(-value * factor)
            status.append("opened_melds")
    return {"points": points, "values": values, "status": status}


# rummy101: how a losing seat had opened, as a round result's status says it.
OPENED_FOR_STATUS = {"not_opened": None, "opened_melds": "melds", "opened_pairs": "pairs"}


def round_result(
    variant: str,
    options: dict,
    winner: int | None,
    kind: str,
    opened: list[str | None] | None,
    hands: list[list[str]],
    round_: int,
) -> dict:
    """A finished round's result as the engine writes it (`game._end_round`), scored by the
    rules from who won, how, how each seat had opened (`rummy101`) and the hands left. Links
    and `validate` rebuild results with it, so no result can carry points the rules do not
    give."""
    if variant == "rummy101":
        score = score_tiles(hands, opened or [None] * len(hands), winner, kind)
    else:
        score = score_cards(hands, winner, kind, options.get("ace_high_or_low", False))
    return {
        "winner": winner,
        "kind": kind,
        "round": round_,
        **score,
        "hands": [list(h) for h in hands],
    }


def match_winners(options: dict, round_: int, scores: list[int]) -> list[int] | None:
    """Who won the match if it ends with round ``round_`` (equal leaders share), else None.

    The match ends after its fixed number of rounds/hands, or when a total reaches the target
    — and in any case after `MAX_ROUNDS` rounds, so a match (and a saved game or link holding
    it) stays bounded even when rounds keep ending without points (RULES-DECISIONS.md).
    """
    if "rounds" in options:
        over = round_ >= options["rounds"]
    elif options.get("hands") is not None:
        over = round_ >= options["hands"]
    else:
        over = max(scores) >= options["target"]
    if not over and round_ < MAX_ROUNDS:
        return None
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]
