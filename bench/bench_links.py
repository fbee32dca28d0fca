"""How long game links are, and how fast they are made and opened (numbers only).

    python bench/bench_links.py [--games 12] [--rounds 3] [--seed 1] [--every 4]

For each rule set and player count: random games (the tests' `random_action` player, default
options, so `basic` rebuilds its stock without limit) played for a few rounds; every
``every``-th state is turned into a full link (`link.encode`) and opened again
(`link.decode`). Prints the link length in characters (min / median / p95 / max over all
sampled states, and the max over *late* states: the last tenth of each round) against the
2,000-character budget, the length of the moves link each seat would get (`link.link_for`),
and the median / p95 / max milliseconds to encode and decode (CPU time of this thread: steadier
than the wall clock when other work shares the machine). A second table does the same for
positions laid out with ``deal=`` (sent as snapshots, not replays). The last one adds up the
longest *page URL* the table sends (web/ui/link-play.js): a 40-character origin and path,
``#g=``, the longest full link seen, and either the seats' names (12-letter Hebrew names,
URI-encoded: 72 characters each) or the fair deal's proof (the invitation with those names and
every player's random value, and the host's secret).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

import rummy  # noqa: E402
from helpers import deck, play_until  # noqa: E402
from rummy import link  # noqa: E402

BUDGET = 2000
CASES = (
    [("basic", n) for n in range(2, 7)] + [("rummy200", 4)] + [("rummy101", n) for n in (2, 3, 4)]
)


def rounds_of_play(g: rummy.Game, r: random.Random, rounds: int):
    """Each round's states, one list per round (after every applied action)."""
    for _ in range(rounds):
        yield play_until(g, r, lambda g: g.round_over)
        if g.game_over:
            return
        g.next_round()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def measure(states: list[dict], late: set[int]) -> dict:
    lengths, late_lengths, enc, dec = [], [], [], []
    for i, state in enumerate(states):
        start = time.thread_time()
        text = link.encode(state)
        middle = time.thread_time()
        back = link.decode(text)
        end = time.thread_time()
        assert back == state, "round trip failed"
        lengths.append(len(text))
        if i in late:
            late_lengths.append(len(text))
        enc.append((middle - start) * 1000)
        dec.append((end - middle) * 1000)
    return {"len": lengths, "late": late_lengths, "enc": enc, "dec": dec}


def row(name: str, m: dict, moves: list[int]) -> str:
    n = m["len"]
    over = sum(1 for x in n if x > BUDGET)
    return (
        f"{name:<14} {len(n):>5} {min(n):>5} {statistics.median(n):>6.0f} {pct(n, 0.95):>5}"
        f" {max(n):>5} {max(m['late'] or [0]):>5} {over:>4}"
        f" {statistics.median(moves) if moves else 0:>6.0f} {max(moves or [0]):>5}"
        f" {statistics.median(m['enc']):>6.1f} {pct(m['enc'], 0.95):>6.1f} {max(m['enc']):>6.1f}"
        f" {statistics.median(m['dec']):>6.1f} {pct(m['dec'], 0.95):>6.1f} {max(m['dec']):>6.1f}"
    )


HEADER = (
    f"{'case':<14} {'links':>5} {'min':>5} {'median':>6} {'p95':>5} {'max':>5} {'late':>5}"
    f" {'>2k':>4} {'moves':>6} {'m.max':>5} {'enc ms':>6} {'p95':>6} {'max':>6}"
    f" {'dec ms':>6} {'p95':>6} {'max':>6}"
)


def url_extras(variant: str, players: int) -> tuple[int, int]:
    """Characters the page adds to a full link: ``&n=`` names, or ``&f=`` the fair-deal proof."""
    name = "אבגדהוזחטיכל"  # 12 Hebrew letters: 24 UTF-8 bytes, 72 characters URI-encoded
    names = len("&n=") + len(",".join(urllib.parse.quote(name, safe="") for _ in range(players)))
    value = lambda i: hashlib.sha256(bytes([i])).hexdigest()  # noqa: E731
    invite = {
        "id": "0123456789abcdef",
        "variant": variant,
        "players": players,
        "options": {},
        "host": 0,
        "commitment": link.commit(value(0)),
        "seats": [
            {"name": name, "bot": None, "value": None if i == 0 else value(i)}
            for i in range(players)
        ],
    }
    proof = len("&f=") + len(link.encode_invite(invite)) + len(".") + 64
    return names, proof


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=4, help="sample every n-th state")
    args = parser.parse_args()
    print(f"full links (chars) over random play, budget {BUDGET}; moves = link_for each seat")
    print(HEADER)
    longest = {}
    for variant, players in CASES:
        sampled, late, moves = [], set(), []
        for game_no in range(args.games):
            seed = args.seed * 1000 + game_no
            g = rummy.new_game(variant, players=players, seed=seed)
            r = random.Random(seed)
            for states in rounds_of_play(g, r, args.rounds):
                tail = len(states) - max(1, len(states) // 10)
                for i, state in enumerate(states):
                    if i % args.every == 0 or i >= tail:
                        if i >= tail:
                            late.add(len(sampled))
                        sampled.append(state)
                middle = states[len(states) // 2]
                for seat in range(players):
                    moves.append(len(link.link_for(middle, seat)))
        print(row(f"{variant} {players}p", measure(sampled, late), moves), flush=True)
        longest[variant, players] = max(len(link.encode(s)) for s in sampled)

    print(f"\npage URLs (chars), longest full link + names or fair-deal proof, budget {BUDGET}")
    print(f"{'case':<12} {'link':>5} {'names':>6} {'proof':>6} {'URL':>6}")
    for (variant, players), size in longest.items():
        names, proof = url_extras(variant, players)
        url = 40 + len("#g=") + size + max(names, proof)
        print(f"{variant + f' {players}p':<12} {size:>5} {names:>6} {proof:>6} {url:>6}")

    print("\npositions laid out with deal= (snapshots), same columns")
    print(HEADER)
    for variant, players in [("basic", 2), ("basic", 6), ("rummy200", 4), ("rummy101", 4)]:
        sampled, late = [], set()
        for game_no in range(max(2, args.games // 3)):
            r = random.Random(args.seed * 7919 + game_no)
            pieces = deck(variant)
            r.shuffle(pieces)
            v = rummy.variants.get(variant)
            size = v.hand_size(players)
            hands = [pieces[i * size : (i + 1) * size] for i in range(players)]
            rest = pieces[players * size :]
            discard = [] if v.uses_tiles else [rest.pop()]
            if v.uses_tiles:
                hands[0].append(rest.pop())
            g = rummy.new_game(
                variant,
                players=players,
                seed=game_no,
                deal={"hands": hands, "stock": rest, "discard": discard},
            )
            states = next(rounds_of_play(g, r, 1))
            tail = len(states) - max(1, len(states) // 10)
            for i, state in enumerate(states):
                if i % args.every == 0 or i >= tail:
                    if i >= tail:
                        late.add(len(sampled))
                    sampled.append(state)
        print(row(f"{variant} {players}p", measure(sampled, late), []), flush=True)


if __name__ == "__main__":
    main()
