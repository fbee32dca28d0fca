"""What knowing the next player's rack is worth at `rummy101`'s discards, and what a blind
estimate of it wins: ``python bench/danger_oracle.py``.

The expert's tile play (`expert.TILES`, its draw not searched) plays heads-up `rummy101`
against hard in the simulator's rounds (`rummy.sim`: every deal in both seatings). Its discard
weighs a *danger*: what the tile may give the next player, who may take it only to use it at
once (`tileplay.danger`, a heuristic over the public log). Each mode changes that term for the
expert alone:

- **heuristic**: as it plays (the base);
- **seeing**: the danger is ``--weight`` when the next player, holding its true rack, could
  take the tile and use it at once (open with it, lay it off, meld it with two of its tiles or,
  opened with pairs, pair it), else 0: an upper bound no blind player can reach;
- **sampled**: once the next player has opened with melds, the heuristic plus ``--weight``
  times the share of ``--racks`` racks dealt from the expert's view (`expert.sample_state`,
  the tiles it took kept) that could use the tile; racks that hold a whole meld, or that would
  meld a tile it threw or let pass since it opened, are dealt again (hard lays every meld it
  can, and takes a discard it can use): what the public log tells of the rack.

Each mode plays the same deals (``--seeds`` × ``--games``); the report gives the expert's
rounds won of the decided, with the 95% interval. About 3 minutes a mode on 2 cores for
the defaults (sampled about 6):

    python bench/danger_oracle.py --modes heuristic seeing sampled --jobs 2
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from rummy import game, sim, tiles
from rummy.bots import expert, inference, tileplay
from rummy.bots.common import next_seat, without
from rummy.bots.moves import layoff_target

MODES = ("heuristic", "seeing", "sampled")
_mode, _weight, _racks = "heuristic", 15.0, 20
_playing: list = [None]  # the game whose view was taken last: the one being decided
_expert_discards = [False]  # the discard being chosen is the expert's


def usable(view: dict, seat: int, rack: list[str], code: str) -> bool:
    """Whether ``seat``, holding ``rack``, could take ``code`` from the pile and use it at once."""
    opened = view["opened"][seat]
    if opened is None:
        need = view["thresholds"]["points"]
        return (
            tileplay.best_opening([*rack, code])[0] >= need
            and tileplay.best_opening(rack)[0] < need
        )
    if layoff_target(view, code) is not None:
        return True
    if opened == "pairs":
        return code in rack
    return bool(tileplay.melds_with(rack, code))


def clues(view: dict, seat: int) -> list[str]:
    """The number tiles ``seat`` threw or let pass on the pile since it opened
    (`inference.clues`, which gives each its age in ``seat``'s draws)."""
    draws, opened_at = 0, None
    for event in view["log"]:
        if event["type"] == "draw" and event["seat"] == seat:
            draws += 1
        elif event["type"] == "meld" and event["seat"] == seat and opened_at is None:
            opened_at = draws
    if opened_at is None:
        return []
    return [
        card
        for _kind, card, age in inference.clues(view, seat)
        if age <= draws - opened_at and not tiles.is_joker(card)
    ]


def holds_meld(rack: list[str]) -> bool:
    return any(
        tileplay.melds_with(without(rack, [c]), c) for c in set(rack) if not tiles.is_joker(c)
    )


_dealt: dict = {}


def sampled_racks(view: dict, seat: int) -> list[list[str]]:
    """``_racks`` racks for ``seat`` agreeing with the view and its play since it opened."""
    key = (view["seat"], len(view["log"]), tuple(view["hand"]))
    if key not in _dealt:
        _dealt.clear()
        rng = random.Random(f"{key}")
        threw = clues(view, seat)
        racks: list[list[str]] = []
        for _try in range(_racks * 20):
            rack = expert.sample_state(view, rng)["hands"][seat]
            if holds_meld(rack) or any(tileplay.melds_with(rack, c) for c in threw):
                continue
            racks.append(rack)
            if len(racks) == _racks:
                break
        _dealt[key] = racks
    return _dealt[key]


# What `install` wraps, taken before any wrapping: installing again (another mode, in the same
# process) replaces the wrappers instead of wrapping them.
_VIEW, _CHOOSE_DISCARD, _DANGER = game.Game.view, tileplay.choose_discard, tileplay.danger


def install(mode: str, weight: float, racks: int) -> None:
    """In this process: the expert's danger term as ``mode`` says (hard's stays as it is)."""
    global _mode, _weight, _racks
    _mode, _weight, _racks = mode, weight, racks

    def view(self, *args, **kwargs):
        _playing[0] = self
        return _VIEW(self, *args, **kwargs)

    def choose_discard(view, profile, rng, know):
        _expert_discards[0] = profile.level == "expert"
        try:
            return _CHOOSE_DISCARD(view, profile, rng, know)
        finally:
            _expert_discards[0] = False

    def judged(view, code, know):
        risk = _DANGER(view, code, know)
        if not _expert_discards[0] or _mode == "heuristic":
            return risk
        seat = next_seat(view)
        if _mode == "seeing":
            rack = _VIEW(_playing[0], seat)["hand"]
            return _weight if usable(view, seat, rack, code) else 0.0
        if view["opened"][seat] != "melds":
            return risk
        dealt = sampled_racks(view, seat)
        if not dealt:
            return risk
        return risk + _weight * sum(usable(view, seat, r, code) for r in dealt) / len(dealt)

    game.Game.view = view
    tileplay.choose_discard = choose_discard
    tileplay.danger = judged


def run(mode: str, args: argparse.Namespace) -> tuple[float, int, float]:
    """The expert's rounds won and decided over every seed (the simulator's rounds, its draw
    not searched), and the seconds it took."""
    setup = functools.partial(install, mode, args.weight, args.racks)
    won, decided, start = 0.0, 0, time.perf_counter()
    for seed in args.seeds:
        rep = sim.simulate(
            "rummy101",
            2,
            ["expert", "hard"],
            args.games,
            seed,
            args.jobs,
            expert_budget={"draws": False},
            setup=setup,
        )
        if rep["bot_bugs"]:
            raise SystemExit(f"bot bugs: {rep['bot_bugs']}")
        won += rep["levels"]["expert"]["wins"]
        decided += rep["decided"]
    return won, decided, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--games", type=int, default=1000, help="rounds per seed")
    parser.add_argument("--weight", type=float, default=15.0, help="a usable tile's danger")
    parser.add_argument("--racks", type=int, default=20, help="racks dealt per discard")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"rummy101 heads-up, TILES v hard, seeds {args.seeds} x {args.games} rounds")
    print(f"{'mode':10} {'won':>6} {'decided':>8} {'rate':>7}  95% interval   seconds")
    for mode in args.modes:
        won, decided, took = run(mode, args)
        low, high = sim.wilson(won, decided)
        print(
            f"{mode:10} {won:6g} {decided:8} {won / decided:7.1%}"
            f"  [{low:.1%}, {high:.1%}]  {took:7.0f}"
        )


if __name__ == "__main__":
    main()
