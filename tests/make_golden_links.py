"""Writes tests/data/golden_links.json: links made by the code of the day, with what they open
to (tests/test_golden_links.py). Run once, when the link format changes on purpose (then bump
`link.FORMAT`): ``python3 tests/make_golden_links.py``."""

from __future__ import annotations

import json
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parent / "py")]

import rummy  # noqa: E402
from helpers import deal, random_action  # noqa: E402
from rummy import IllegalMove, link  # noqa: E402

OUT = HERE / "data" / "golden_links.json"
GAMES = [
    ("basic", 2, 11, {}),
    ("basic", 4, 12, {"ace_high_or_low": True, "max_rebuilds": 2, "target": 60}),
    ("rummy200", 4, 13, {}),
    ("rummy101", 2, 14, {"rounds": 2}),
    ("rummy101", 4, 15, {"threshold": "rising", "joker_button": True, "joker_accounts": 2}),
]


def fingerprint(g: rummy.Game) -> str:
    return link.state_hash(g.state())


def positions(variant, players, seed, options, r):
    """States of a game at several points: the deal, mid-round, every round's end, the next
    deal, and a few moves into round two (and the moves played between them)."""
    g = rummy.new_game(variant, players=players, seed=seed, options=options)
    marks = [g.state()]
    actions: list[dict] = []
    rounds = 0
    while rounds < 2 and not g.game_over:
        steps = 0
        while not g.round_over and steps < 600:
            action = random_action(g, r)
            try:
                g.apply(action)
            except IllegalMove:
                continue
            actions.append(action)
            steps += 1
            if steps in (1, 2, 7, 30):
                marks.append(g.state())
        marks.append(g.state())  # the round's end (or a long round's point)
        if not g.round_over:
            break
        rounds += 1
        if g.game_over:
            break
        g.next_round()
        marks.append(g.state())
    return marks


def main() -> None:
    r = random.Random(2026)
    full, moves = [], []
    for variant, players, seed, options in GAMES:
        marks = positions(variant, players, seed, options, r)
        for state in marks:
            text = link.encode(state)
            full.append(
                {
                    "variant": variant,
                    "link": text,
                    "hash": link.state_hash(state),
                    "inspect": link.inspect(text),
                }
            )
        for seat in range(players):
            state = marks[-1]
            text = link.link_for(state, seat)
            base = link.seat_last_turn(state, seat)
            moves.append(
                {
                    "variant": variant,
                    "state": link.encode(state),
                    "seat": seat,
                    "link": text,
                    "base": None if base is None else link.encode(base),
                    "actions": None if base is None else link.moves_since(base, state),
                    "hash": link.state_hash(state),
                    "inspect": link.inspect(text),
                }
            )
        # a moves link across a round's end and the next deal
        for i, state in enumerate(marks[:-1]):
            after = marks[i + 1]
            if state["round_over"] and after["round"] == state["round"] + 1:
                text = link.encode_moves(state, [{"type": "next_round"}])
                moves.append(
                    {
                        "variant": variant,
                        "state": link.encode(after),
                        "seat": None,
                        "link": text,
                        "base": link.encode(state),
                        "actions": [{"type": "next_round"}],
                        "hash": link.state_hash(after),
                        "inspect": link.inspect(text),
                    }
                )
    # snapshots: positions laid out with deal= (the seed cannot rebuild them)
    snapshots = []
    known = [
        (
            "basic",
            [
                ["AH", "2H", "3H", "KS", "KD", "KC", "9D"],
                ["4C", "5C", "6C", "7C", "8S", "9S", "TS"],
            ],
            {},
        ),
        (
            "rummy200",
            [
                ["AH", "2H", "3H", "4H", "KS", "KD", "KC"],
                ["4C", "5C", "6C", "7C", "8S", "9S", "TS"],
                ["QH", "QD", "QC", "2C", "3C", "JD", "TD"],
                ["5H", "6H", "7H", "8H", "5S", "6S", "7S"],
            ],
            {},
        ),
        (
            "rummy101",
            [
                [
                    "R1",
                    "R2",
                    "R3",
                    "R4",
                    "K5",
                    "K6",
                    "K7",
                    "B9",
                    "B10",
                    "B11",
                    "B12",
                    "Y13",
                    "Y13",
                    "R13",
                    "K13",
                    "JK",
                    "Y1",
                    "Y2",
                    "Y3",
                    "B1",
                    "B2",
                    "B3",
                ],
                [
                    "R5",
                    "R6",
                    "R7",
                    "R8",
                    "K1",
                    "K2",
                    "K3",
                    "B4",
                    "B5",
                    "B6",
                    "B7",
                    "Y9",
                    "Y10",
                    "Y11",
                    "Y12",
                    "K9",
                    "K10",
                    "K11",
                    "K12",
                    "R9",
                    "R10",
                ],
            ],
            {"rounds": 1},
        ),
    ]
    for variant, hands, options in known:
        g = rummy.new_game(
            variant, players=len(hands), seed=5, options=options, deal=deal(variant, hands)
        )
        for _ in range(3):
            state = g.state()
            text = link.encode(state)
            snapshots.append(
                {
                    "variant": variant,
                    "link": text,
                    "hash": link.state_hash(state),
                    "inspect": link.inspect(text),
                }
            )
            for _ in range(50):
                try:
                    g.apply(random_action(g, r))
                    break
                except IllegalMove:
                    continue
    # commit–reveal and invitations
    secrets = ["a" * 64, "0123456789abcdef" * 4, "seat-secret-of-sixteen+"]
    fair = {
        "commit": {s: link.commit(s) for s in secrets},
        "derive_seed": [
            [secrets[:2], link.derive_seed(secrets[:2])],
            [secrets, link.derive_seed(secrets)],
        ],
    }
    invites = []
    for variant, players, options in (
        ("basic", 2, {}),
        ("rummy200", 4, {}),
        ("rummy101", 4, {"joker_button": True}),
    ):
        host_secret = secrets[0]
        seats = [{"name": f" Player {i + 1} ", "bot": None, "value": None} for i in range(players)]
        seats[1]["value"] = "B" * 64
        if players > 2:
            seats[2] = {"name": "Ada", "bot": "hard", "value": None}
        if players > 3:
            seats[3] = {"name": "Ion Ștefan", "bot": None, "value": "c" * 64}
        invite = {
            "id": "0011223344556677",
            "variant": variant,
            "players": players,
            "options": options,
            "host": 0,
            "commitment": link.commit(host_secret),
            "seats": seats,
        }
        text = link.encode_invite(invite)
        invites.append(
            {
                "invite": invite,
                "link": text,
                "decoded": link.decode_invite(text),
                "secret": host_secret,
                "seed": link.fair_seed(invite, host_secret),
            }
        )
    data = {
        "format": link.FORMAT,
        "full": full,
        "moves": moves,
        "snapshots": snapshots,
        "fair": fair,
        "invites": invites,
    }
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(
        f"{OUT}: {len(full)} full, {len(moves)} moves, {len(snapshots)} snapshots, "
        f"{len(invites)} invitations"
    )


if __name__ == "__main__":
    main()
