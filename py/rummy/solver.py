"""Exact meld solvers for the computer players and hints (RULES.md §1–3).

- :func:`min_deadwood` — `basic` and `rummy200` (RULES.md §1 *Melds*, *Scoring*,
  *Option ace_high_or_low*; §2 *Melds*): the disjoint sets and runs that leave the least
  card value unmelded.
- :func:`best_opening` — `rummy101` (RULES.md §3 *Melds*, *Values*, *Opening*): the
  highest-value disjoint runs and sets in a rack, jokers placed where they are worth most.
- :func:`best_pairs` — `rummy101` (RULES.md §3 *Opening*, five pairs): the most pairs.

All three are exact, never heuristics. Both meld solvers are dynamic programmes over the
rank (or number) columns 1..13, one column at a time, whose state is what is "in flight"
across the column border: the runs still growing, per suit or colour, with how long they
are (1, 2 or complete). Sets live inside one column, so they need no state at all. The
per-column transition tables are small and built lazily on first use (import stays cheap).

Jokers multiply the `rummy101` states, so with jokers :func:`best_opening` is a branch
and bound: the joker-free optimum with the jokers added greedily is a legal opening, and
the exact DP keeps only states whose still-usable tiles and jokers could beat it (the
greedy melds are returned when none can). Typical cost on this machine (CPython 3.11,
``python bench/bench_solver.py``): a 22-tile rack 1–3 ms median, ~13 ms worst with two
jokers; a 10-card hand ~0.04 ms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import cards as _cards
from . import tiles as _tiles
from .errors import IllegalMove

__all__ = [
    "best_opening",
    "best_pairs",
    "deadwood_split",
    "min_deadwood",
    "work_budget",
]

# ---------------------------------------------------------------------------------------
# Cards: basic / rummy200
# ---------------------------------------------------------------------------------------
# The DP walks the ranks 1..13 (and 14, an ace played high, when ace_high is on). A card
# pack holds each card once, so at most one run per suit crosses a column border; a state
# packs, per suit, 2 bits of run length (0 none, 1, 2, 3 = complete) into bits 0..7 and,
# with ace_high, 4 bits of "this suit's ace is kept for the top of a run" into bits 8..11.
# Two runs of one suit that touch (3-4-5 and 6-7-8) are the same as one long run, so
# "one run per suit" loses nothing.

_UNKNOWN = -2
_RUN_STEP: list[int] = []  # (suit run states << 4 | run mask) -> next states, -1 if illegal


def _run_step(index: int) -> int:
    """Fill one entry of the run-state transition table (entries are made on first use)."""
    state, run_mask = index >> 4, index & 15
    nxt = 0
    for suit in range(4):
        old = (state >> (2 * suit)) & 3
        if run_mask >> suit & 1:
            new = min(old + 1, 3)
        elif old in (0, 3):  # no run, or a complete run that ends here
            new = 0
        else:  # a run of 1 or 2 cards cannot stop
            nxt = -1
            break
        nxt |= new << (2 * suit)
    _RUN_STEP[index] = nxt
    return nxt


# (present mask, ace column with the "keep for high" choice) -> options; one option is
# (run mask, set mask, dead count, high mask): each card of the column goes to a run, the
# column's set (3 or 4 cards, or none), the deadwood, or (aces only) the top of a run.
_COLUMN_OPTIONS: dict[tuple[int, bool], list[tuple[int, int, int, int]]] = {}


def _column_options(present: int, ace_high_column: bool) -> list[tuple[int, int, int, int]]:
    key = (present, ace_high_column)
    options = _COLUMN_OPTIONS.get(key)
    if options is None:
        suits = [s for s in range(4) if present >> s & 1]
        roles = 4 if ace_high_column else 3
        options = []
        for code in range(roles ** len(suits)):
            masks = [0, 0, 0, 0]  # run, set, dead, high
            for suit in suits:
                code, role = divmod(code, roles)
                masks[role] |= 1 << suit
            run_mask, set_mask, dead_mask, high_mask = masks
            if set_mask.bit_count() in (0, 3, 4):
                options.append((run_mask, set_mask, dead_mask.bit_count(), high_mask))
        # Cheapest first, so the first state found for a key is usually the one kept.
        options.sort(key=lambda option: option[2])
        _COLUMN_OPTIONS[key] = options
    return options


def _parse_hand(hand: list[str]) -> list[tuple[int, int]]:
    parsed = [_cards.parse(code) for code in hand]
    if len(set(parsed)) != len(parsed):
        repeated = sorted({c for c in hand if hand.count(c) > 1})
        raise IllegalMove(f"a hand cannot hold the same card twice: {' '.join(repeated)}")
    return parsed


def _card_code(suit: int, rank: int) -> str:
    return _cards.RANKS[(rank - 1) % 13] + _cards.SUITS[suit]


# deadwood_split's answers by hand: the bots ask about the same hands again and again (the
# expert's playouts judge each sample's hands, and its own hand is the same in every sample).
_SPLITS: dict[tuple[tuple[str, ...], bool], tuple[int, list[list[str]], list[str]]] = {}
_SPLITS_MAX = 10_000  # a few MB at most (the page's worker too); one decision asks ~2,000


def deadwood_split(
    cards: list[str], ace_high: bool = False
) -> tuple[int, list[list[str]], list[str]]:
    """Like :func:`min_deadwood`, and also the unmelded cards (in the order given).

    Returns ``(deadwood points, melds, unmelded cards)``: new lists on every call (the
    answers are remembered by hand, so asking again costs a lookup).
    """
    key = (tuple(cards), ace_high)
    known = _SPLITS.get(key)
    if known is None:
        known = _deadwood_split(cards, ace_high)
        if len(_SPLITS) >= _SPLITS_MAX:
            _SPLITS.clear()
        _SPLITS[key] = known
    points, melds, unmelded = known
    return points, [list(meld) for meld in melds], list(unmelded)


def _deadwood_split(cards: list[str], ace_high: bool) -> tuple[int, list[list[str]], list[str]]:
    parsed = _parse_hand(cards)
    columns = [0] * 15  # suit mask per rank 1..13; 14 is filled by aces kept high
    for suit, rank in parsed:
        columns[rank] |= 1 << suit
    if not _RUN_STEP:
        _RUN_STEP.extend([_UNKNOWN] * 4096)
    step = _RUN_STEP
    ace_value = 15 if ace_high else 1
    high_column = ace_high and columns[1] != 0 and columns[13] != 0
    last = 14 if high_column else 13

    costs: dict[int, int] = {0: 0}
    history: list[dict[int, tuple[int, int, int, int]]] = []  # per column: key -> (prev, masks)
    for rank in range(1, last + 1):
        new_costs: dict[int, int] = {}
        back: dict[int, tuple[int, int, int, int]] = {}
        if rank == 14:
            # Aces kept for the top of a run must extend the run ending at the king.
            for state, cost in costs.items():
                high = state >> 8
                index = (state & 255) << 4 | high
                nxt = step[index]
                if nxt == _UNKNOWN:
                    nxt = _run_step(index)
                if nxt >= 0 and cost < new_costs.get(nxt, 1 << 30):
                    new_costs[nxt] = cost
                    back[nxt] = (state, high, 0, 0)
        else:
            value = ace_value if rank == 1 else min(rank, 10)
            options = _column_options(columns[rank], rank == 1 and high_column)
            for state, cost in costs.items():
                runs = (state & 255) << 4
                kept = state & ~255
                for run_mask, set_mask, dead, high_mask in options:
                    nxt = step[runs | run_mask]
                    if nxt < 0:
                        if nxt == -1:
                            continue
                        nxt = _run_step(runs | run_mask)
                        if nxt < 0:
                            continue
                    key = nxt | kept | high_mask << 8
                    total = cost + dead * value
                    if total < new_costs.get(key, 1 << 30):
                        new_costs[key] = total
                        back[key] = (state, run_mask, set_mask, high_mask)
        costs = new_costs
        history.append(back)

    best_key, best_cost = -1, 1 << 30
    for state, cost in costs.items():
        # Every run must be complete (or absent) after the last column.
        closed = step[(state & 255) << 4]
        if closed == _UNKNOWN:
            closed = _run_step((state & 255) << 4)
        if closed >= 0 and not state >> 8 and cost < best_cost:
            best_key, best_cost = state, cost

    # Walk back to each card's role.
    run_cards: list[set[int]] = [set(), set(), set(), set()]  # ranks per suit (14 = ace high)
    set_columns: list[tuple[int, int]] = []
    key = best_key
    for rank in range(last, 0, -1):
        key, run_mask, set_mask, _high = history[rank - 1][key]
        for suit in range(4):
            if run_mask >> suit & 1:
                run_cards[suit].add(rank)
        if set_mask:
            set_columns.append((rank, set_mask))

    melds: list[list[str]] = []
    melded: set[str] = set()
    for rank, set_mask in sorted(set_columns):
        meld = [_card_code(s, rank) for s in range(4) if set_mask >> s & 1]
        melds.append(meld)
    for suit in range(4):
        ranks = sorted(run_cards[suit])
        start = 0
        for i in range(1, len(ranks) + 1):
            if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
                melds.append([_card_code(suit, r) for r in ranks[start:i]])
                start = i
    # By lowest rank; a set before a run starting at the same rank.
    melds.sort(key=lambda m: (_cards.parse(m[0])[1], m[0][0] != m[1][0], _cards.parse(m[0])[0]))
    for meld in melds:
        melded.update(meld)
    unmelded = [c for c in cards if c not in melded]
    return best_cost, melds, unmelded


def min_deadwood(cards: list[str], ace_high: bool = False) -> tuple[int, list[list[str]]]:
    """The least deadwood a `basic`/`rummy200` hand can keep, and melds that reach it.

    ``cards`` are distinct card codes (0–52 of them). Melds are sets of 3 or 4 cards of one
    rank and runs of 3+ consecutive cards of one suit, ace low only (A-2-3, never Q-K-A);
    with ``ace_high`` an ace may also top a run (Q-K-A, never K-A-2) and counts 15
    (RULES.md §1). Deadwood counts ace 1 (15), 2–10 face value, J/Q/K 10.

    Returns ``(deadwood points, melds)``; runs are listed in ascending order, sets in suit
    order C D H S. Raises IllegalMove for a bad or repeated card code.
    """
    points, melds, _unmelded = deadwood_split(cards, ace_high)
    return points, melds


# ---------------------------------------------------------------------------------------
# Tiles: rummy101 runs and sets
# ---------------------------------------------------------------------------------------
# The DP walks numbers 1..13; inside a column it takes the colours one by one (a sub-step
# each) and forms the column's sets with the last colour. Two copies of each tile exist
# and jokers add more, so several runs of one colour can be in flight: per colour the
# state holds a sorted tuple of run codes (interned as a small id):
#   1, 2, 3  a run started by a number tile, 1 / 2 / 3+ tiles long;
#   4, 5, 6  a run started by a joker that holds no number tile yet, 1 / 2 / 3+ long;
#   7, 8, 9  a run started by a joker that holds a number tile, 1 / 2 / 3+ long.
# Runs started by a joker must reach 13: if such a run stopped at t < 13, moving its
# bottom joker to t + 1 would give a legal run worth more, so no optimum has one. That
# prunes most joker placements. A run may stop (not take a tile in this column) only when
# code 3, or at the end of the table code 3 or 9 (a meld needs a number tile).
#
# Dominance rules that drop choices an optimum never needs:
# - a joker goes into a run of colour c at number n only if no tile cn stays unused (the
#   tile could take the joker's place);
# - a run is never started in a colour where a complete run stops at the same column
#   (letting the stopping run go on instead is the same value with fewer constraints);
# - with at most two jokers, a run is never started with tile cn while another run takes
#   a joker as cn: swapping the two makes the new run start with the joker, and that run
#   then reaches 13 (else its bottom joker would do better on top) — same value, and it
#   still holds a number tile as only one joker is left for it.
# Each rewrite raises (value, fewer jokers, fewer runs, more joker-started runs), so an
# optimum exists that needs none of them.
#
# A column's sets are made from r number tiles (s_c of colour c) plus j jokers. They form
# m legal sets (distinct colours, 3 or 4 tiles, one number tile at least) exactly when
# max s_c <= m <= r and 3m <= r + j <= 4m: deal the number tiles round-robin over the m
# sets (sizes differ by at most one, no colour twice), then top them up with jokers.

_EXTEND_REAL = (0, 2, 3, 3, 8, 9, 9, 8, 9, 9)
_EXTEND_JOKER = (0, 2, 3, 3, 5, 6, 6, 8, 9, 9)
_FINAL_OK = (True, False, False, True, False, False, False, False, False, True)

_RUNS_ID: dict[tuple[int, ...], int] = {(): 0}
_RUNS_BY_ID: list[tuple[int, ...]] = [()]

# (runs id, tiles here, jokers left, joker may start a run, at most two jokers in all)
# -> options; an option is
# (new runs id, tiles used, tiles to sets, jokers used, slots, stopped) where slots says,
# for each new run in order, (index of the run it continues or -1, "joker" flag), and
# stopped lists the indexes of old runs that stop before this column.
_ColourOption = tuple[int, int, int, int, tuple[tuple[int, bool], ...], tuple[int, ...]]
_COLOUR_OPTIONS: dict[tuple[int, int, int, bool, bool], list[_ColourOption]] = {}

# (tiles in sets, most of one colour, jokers left) -> jokers the sets can take
_SET_JOKERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _runs_id(runs: tuple[int, ...]) -> int:
    rid = _RUNS_ID.get(runs)
    if rid is None:
        rid = _RUNS_ID[runs] = len(_RUNS_BY_ID)
        _RUNS_BY_ID.append(runs)
    return rid


def _colour_options(
    rid: int, here: int, jokers: int, joker_start: bool, few_jokers: bool
) -> list[_ColourOption]:
    key = (rid, here, jokers, joker_start, few_jokers)
    found = _COLOUR_OPTIONS.get(key)
    if found is not None:
        return found
    runs = _RUNS_BY_ID[rid]
    best: dict[tuple[int, int, int, int], _ColourOption] = {}

    def finish(slots: list[tuple[int, int, bool]], tiles_left: int, jokers_used: int, stop):
        slots_jokers = jokers_used
        for new_real in range(tiles_left + 1):
            if new_real and (stop or (few_jokers and slots_jokers)):
                break
            max_new_jokers = 0 if stop or not joker_start else jokers - jokers_used
            for new_jokers in range(max_new_jokers + 1):
                all_slots = slots + [(1, -1, False)] * new_real + [(4, -1, True)] * new_jokers
                left = tiles_left - new_real
                used_jokers = slots_jokers + new_jokers
                for to_sets in range(left + 1):
                    if used_jokers and left - to_sets:
                        continue  # a joker where an own tile lies unused
                    ordered = sorted(all_slots)
                    new_id = _runs_id(tuple(code for code, _s, _j in ordered))
                    in_runs = here - left
                    sig = (new_id, in_runs, to_sets, used_jokers)
                    if sig not in best:
                        best[sig] = (
                            new_id,
                            in_runs + to_sets + used_jokers,
                            to_sets,
                            used_jokers,
                            tuple((src, joker) for _c, src, joker in ordered),
                            tuple(stop),
                        )

    def walk(i: int, slots, tiles_left: int, jokers_used: int, stop: list[int]):
        if i == len(runs):
            finish(slots, tiles_left, jokers_used, stop)
            return
        code = runs[i]
        if tiles_left:
            walk(i + 1, [*slots, (_EXTEND_REAL[code], i, False)], tiles_left - 1, jokers_used, stop)
        if jokers_used < jokers:
            walk(i + 1, [*slots, (_EXTEND_JOKER[code], i, True)], tiles_left, jokers_used + 1, stop)
        if code == 3:
            walk(i + 1, slots, tiles_left, jokers_used, [*stop, i])

    walk(0, [], here, 0, [])
    found = _COLOUR_OPTIONS[key] = list(best.values())
    return found


def _set_jokers(tiles: int, most: int, jokers: int) -> tuple[int, ...]:
    key = (tiles, most, jokers)
    found = _SET_JOKERS.get(key)
    if found is None:
        found = tuple(
            j
            for j in range(jokers + 1)
            if any(3 * m <= tiles + j <= 4 * m for m in range(most, tiles + 1)) and (tiles or not j)
        )
        _SET_JOKERS[key] = found
    return found


_POOL_POSSIBLE: dict[tuple[int, int, int, int], bool] = {}


def _pool_possible(tiles: int, most: int, later: int, jokers: int) -> bool:
    """Whether a column's set pool can still become legal sets (``later`` more tiles may
    come from the colours not yet taken, and up to ``jokers`` jokers)."""
    key = (tiles, most, min(later, 8), jokers)
    found = _POOL_POSSIBLE.get(key)
    if found is None:
        found = _POOL_POSSIBLE[key] = any(
            _set_jokers(tiles + extra, most, jokers) for extra in range(key[2] + 1)
        )
    return found


def _set_count(tiles: int, most: int, jokers: int) -> int:
    """The number of sets ``tiles`` number tiles and ``jokers`` jokers form (the fewest)."""
    for m in range(most, tiles + 1):
        if 3 * m <= tiles + jokers <= 4 * m:
            return m
    raise AssertionError("infeasible sets")  # pragma: no cover - guarded by _set_jokers


# Work budget of the exact opening search, in steps (a step is one option tried for one
# state; a state counts four): about 0.1–0.3 s in CPython, under 1 s on a phone. A rack a
# game deals (22 tiles, up to 3 jokers) needs a few thousand steps, a dense block of 20
# tiles with both jokers about 350,000; only racks holding 4–6 jokers in a dense block of
# numbers (the joker button, or a crafted position) go past it, and then the greedy opening
# — legal, and usually the best — is returned. Callers that search many racks for one answer
# (a computer player's turn, a hint) share one budget with `work_budget`.
OPENING_BUDGET = 400_000
_budget: list[int | None] = [None]  # steps left for the caller's whole answer (None: no cap)
_memo: dict[tuple[str, ...], tuple[int, list[list[str]], int]] = {}  # exact results, steps
_MEMO_SIZE = 4096


_spent = [0]  # steps the last search took


class _OverBudget(Exception):
    """Internal: the exact opening search went past its work budget."""


@contextmanager
def work_budget(steps: int) -> Iterator[None]:
    """Cap the opening searches made inside the block at ``steps`` steps in all (nested
    blocks take the smaller cap). Past it, `best_opening` gives its greedy answer at once.
    Deterministic: a remembered result is charged the steps it took to find."""
    outer = _budget[0]
    start = steps if outer is None else min(steps, outer)
    _budget[0] = start
    try:
        yield
    finally:
        used = start - (_budget[0] or 0)
        _budget[0] = None if outer is None else max(0, outer - used)


def _allowed() -> int:
    left = _budget[0]
    return OPENING_BUDGET if left is None else min(OPENING_BUDGET, left)


def _charge(steps: int) -> None:
    if _budget[0] is not None:
        _budget[0] = max(0, _budget[0] - steps)


# The largest rack the solver takes: a game's rack is at most 23 tiles (`limits`), and a
# computer player weighs one more (the discard it might take). Past about 26 tiles with both
# copies of many numbers the joker-free search itself grows steeply (a whole set: a minute).
MAX_RACK = 26


def _parse_rack(tiles: list[str]) -> tuple[list[list[int]], int]:
    """Count number tiles as ``counts[colour][number]`` and jokers; reject impossible racks."""
    if not isinstance(tiles, list) or len(tiles) > MAX_RACK:
        size = len(tiles) if isinstance(tiles, list) else "no"
        raise IllegalMove(f"A rack holds at most {MAX_RACK} tiles, not {size}")
    counts = [[0] * 15 for _ in range(4)]
    jokers = 0
    for code in tiles:
        if isinstance(code, str) and _tiles.is_joker(code):
            _tiles.check(code)
            jokers += 1
            continue
        colour, number = _tiles.parse(code)
        counts[colour][number] += 1
        if counts[colour][number] > 2:
            raise IllegalMove(f"a rack cannot hold {code} more than twice (the set has two)")
    return counts, jokers


_COLOUR_SHIFT = (0, 10, 20, 30)
_COLOUR_MASK = tuple(1023 << s for s in _COLOUR_SHIFT)
_JOKER_SHIFT = 40
_POOL_SHIFT = 48  # tiles given to sets in this column (4 bits), then the most of one colour
_POOL_CLEAR = (1 << _POOL_SHIFT) - 1


def _opening_search(
    counts: list[list[int]], joker_total: int, lower: int, budget: int = 1 << 62
) -> tuple[int, int, list[dict[int, tuple[int, object, int]] | None]]:
    """The column DP of :func:`best_opening`: the best value, its final state and the
    back pointers of every step.

    ``lower`` is the value of some legal opening: states that cannot reach it even if all
    their remaining usable tiles and jokers scored are dropped (branch and bound).
    """
    # gaps[c][n]: numbers n..13 of colour c missing from the rack; a run a joker starts at
    # n must reach 13, so it needs at least gaps[c][n + 1] more jokers.
    gaps = []
    for colour in range(4):
        row = [0] * 15
        for n in range(13, 0, -1):
            row[n] = row[n + 1] + (counts[colour][n] == 0)
        gaps.append(row)
    # bound[j][n][c]: the most that the tiles after colour c of column n, and j jokers, can
    # still add (a tile counts only if some meld could still use it with j jokers).
    few_jokers = joker_total <= 2
    bound = _bounds(counts, joker_total)

    values: dict[int, int] = {0: 0}
    history: list[dict[int, tuple[int, object, int]] | None] = []
    work = _spent[0] = 0
    for n in range(1, 14):
        for colour in range(4):
            # The last colour of a column also forms the column's sets, so states never
            # carry a set pool across a column border.
            last = colour == 3
            here = counts[colour][n]
            later_tiles = sum(counts[c][n] for c in range(colour + 1, 4))
            shift = _COLOUR_SHIFT[colour]
            clear = ~_COLOUR_MASK[colour]
            may_start = n <= 11 and gaps[colour][n + 1] + 1 <= joker_total
            need = [lower - b[n][colour] for b in bound]  # indexed by jokers left
            if not here and not may_start and not last:
                mask = _COLOUR_MASK[colour]
                if not any(key & mask for key in values):
                    history.append(None)  # nothing to do in this colour: states stay
                    continue
            new_values: dict[int, int] = {}
            back: dict[int, tuple[int, object, int]] = {}
            for key, value in values.items():
                rid = (key >> shift) & 1023
                if not rid and not here and not may_start and not (last and key >> _POOL_SHIFT):
                    if value > new_values.get(key, -1):
                        new_values[key] = value
                        back[key] = (key, None, 0)
                    continue
                used = (key >> _JOKER_SHIFT) & 255
                left = joker_total - used
                options = _colour_options(
                    rid, here, left, may_start and gaps[colour][n + 1] + 1 <= left, few_jokers
                )
                base = key & clear
                pool_tiles = (key >> _POOL_SHIFT) & 15
                pool_most = key >> (_POOL_SHIFT + 4)
                work += 4 + len(options)  # a state costs about four options
                if work > budget:
                    raise _OverBudget
                _spent[0] = work
                for option in options:
                    new_id, count, to_sets, jokers_used, _slots, _stop = option
                    total = value + count * n
                    spare = left - jokers_used
                    if total < need[spare]:
                        continue
                    new_key = base | new_id << shift
                    if jokers_used:
                        new_key += jokers_used << _JOKER_SHIFT
                    tiles, most = pool_tiles + to_sets, max(pool_most, to_sets)
                    if last and tiles:
                        new_key &= _POOL_CLEAR
                        for set_jokers in _set_jokers(tiles, most, spare):
                            with_sets = total + set_jokers * n
                            if with_sets < need[spare - set_jokers]:
                                continue
                            set_key = new_key + (set_jokers << _JOKER_SHIFT)
                            if with_sets > new_values.get(set_key, -1):
                                new_values[set_key] = with_sets
                                back[set_key] = (key, option, set_jokers)
                        continue
                    if to_sets:
                        if not _pool_possible(tiles, most, later_tiles, spare):
                            continue
                        new_key = (new_key & _POOL_CLEAR) | (tiles | most << 4) << _POOL_SHIFT
                    if total > new_values.get(new_key, -1):
                        new_values[new_key] = total
                        back[new_key] = (key, option, 0)
            values = new_values
            history.append(back)

    best_key, best_value = 0, 0
    for key, value in values.items():
        if value > best_value and all(
            all(_FINAL_OK[code] for code in _RUNS_BY_ID[(key >> s) & 1023]) for s in _COLOUR_SHIFT
        ):
            best_key, best_value = key, value
    return best_value, best_key, history


def _bounds(counts: list[list[int]], joker_total: int) -> list[list[list[int]]]:
    """``bound[j][n][c]``: an upper bound on what the tiles after colour c of column n and
    ``j`` jokers can still add to a state after that step (j = 0..joker_total).

    The tiles left in column n all count. A tile in a later column m counts if a meld
    could still use it with at most ``j`` jokers: a run that is in flight at the border
    reaches it (its colour misses at most ``j`` numbers from n + 1 to m), or it lies in a
    meld after the border with at most ``j`` jokers (a set: 3 - j other colours at m; a
    run: with no joker two more tiles in a row, with one joker a tile of its colour at
    most two away). With two jokers or more every tile counts. Each joker adds 13 at most.
    """
    bounds = []
    for jokers in range(joker_total + 1):
        # after[s]: the bound for columns s..13 with the border just before s
        after = [0] * 15
        for border in range(2, 15):
            total = 0
            for colour in range(4):
                row = counts[colour]
                missing = 0
                for m in range(border, 14):
                    if not row[m]:
                        missing += 1
                        continue
                    if (
                        jokers >= 2
                        or missing <= jokers
                        or _meld_ahead(counts, colour, m, border, jokers)
                    ):
                        total += row[m] * m
            after[border] = total
        table = [[0] * 4 for _ in range(14)]
        for n in range(1, 14):
            later = after[n + 1] + 13 * jokers
            for colour in range(3, -1, -1):
                table[n][colour] = later
                later += counts[colour][n] * n
        bounds.append(table)
    return bounds


def _meld_ahead(counts: list[list[int]], colour: int, m: int, border: int, jokers: int) -> bool:
    """Whether tile (colour, m) is in a meld of columns >= border with <= jokers (0 or 1)."""
    others = sum(1 for c in range(4) if c != colour and counts[c][m])
    row = counts[colour]
    if jokers:
        return others >= 1 or any(row[k] for k in (m - 2, m - 1, m + 1, m + 2) if border <= k <= 13)
    left1 = m - 1 >= border and row[m - 1]
    left2 = m - 2 >= border and row[m - 2]
    right1 = m + 1 <= 13 and row[m + 1]
    right2 = m + 2 <= 13 and row[m + 2]
    return others >= 2 or bool((left1 and (left2 or right1)) or (right1 and right2))


def _joker(colour: int, number: int) -> str:
    return f"{_tiles.JOKER}={_tiles.COLOURS[colour]}{number}"


def _tile(colour: int, number: int) -> str:
    return f"{_tiles.COLOURS[colour]}{number}"


def best_opening(tiles: list[str]) -> tuple[int, list[list[str]]]:
    """The highest total value of disjoint runs and sets in a `rummy101` rack.

    Runs are 3+ consecutive numbers of one colour (1..13, no wrap, no number twice); sets
    are 3 or 4 tiles of one number in different colours (RULES.md §3 *Melds*). A joker
    stands for any tile and is worth the tile it stands for; every meld holds at least one
    number tile. Pairs do not count here (see :func:`best_pairs`).

    Returns ``(points, melds)``: runs ascending, sets in colour order R K B Y, jokers
    written resolved (``"JK=R5"``). ``(0, [])`` when nothing melds. Exact. A joker code in
    the rack counts as a free joker even if pinned (``"JK=R5"``). Raises IllegalMove for a
    bad code, a tile held more than twice or more than `MAX_RACK` tiles.

    The search with jokers has a work budget (`OPENING_BUDGET`, shared through
    `work_budget`): past it — only racks with 4–6 jokers in a dense block of numbers — the
    greedy opening is returned, which is legal but not always the best.
    """
    key = _rack_key(tiles)
    known = _memo.get(key) if key is not None else None
    if known is not None and known[2] <= _allowed():  # remembered: charged what it cost
        _charge(known[2])
        return known[0], [list(m) for m in known[1]]
    counts, joker_total = _parse_rack(tiles)
    if not joker_total:
        found = _best_melds(counts, 0, 0)
        assert found is not None  # with no bound the empty opening always survives
        _remember(key, found, 0)
        return found
    # Jokers multiply the states. The best opening without them, with the jokers then
    # added one by one where each is worth most, is a legal opening, often the best one:
    # the exact search keeps only states that could still beat it.
    plain = _best_melds(counts, 0, 0)
    assert plain is not None
    gain, greedy_melds = _greedy_jokers(counts, plain[1], joker_total)
    greedy = (plain[0] + gain, greedy_melds)
    allowed = _allowed()
    if known is not None:  # remembered, but it cost more than is left
        _charge(allowed)
        return greedy
    try:
        better = _best_melds(counts, joker_total, greedy[0] + 1, allowed)
    except _OverBudget:  # only racks with many jokers: the greedy opening is legal
        _charge(allowed)
        return greedy
    found = better if better is not None else greedy
    _remember(key, found, _spent[0])
    _charge(_spent[0])
    return found


def _rack_key(tiles: object) -> tuple[str, ...] | None:
    if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
        return None
    return tuple(sorted(tiles))


def _remember(key: tuple[str, ...] | None, found: tuple[int, list[list[str]]], steps: int) -> None:
    if key is None:
        return
    if len(_memo) >= _MEMO_SIZE:
        _memo.clear()
    _memo[key] = (found[0], [list(m) for m in found[1]], steps)


def _best_melds(
    counts: list[list[int]], joker_total: int, lower: int, budget: int = 1 << 62
) -> tuple[int, list[list[str]]] | None:
    """The best opening if it is worth at least ``lower``, else None (`_OverBudget` past
    ``budget`` steps of the search)."""
    best_value, best_key, history = _opening_search(counts, joker_total, lower, budget)
    if best_value < lower:
        return None
    # Walk back to the choice made at each step, then replay them forwards with real tiles.
    steps: list[tuple[int, Any, int]] = []
    key = best_key
    for back in reversed(history):
        step = (key, None, 0) if back is None else back[key]
        steps.append(step)
        key = step[0]
    steps.reverse()

    melds: list[list[str]] = []
    in_flight: list[list[list[str]]] = [[], [], [], []]
    step_iter = iter(steps)
    for n in range(1, 14):
        pool: list[int] = []  # colours of the number tiles given to this column's sets
        for colour in range(4):
            _key, choice, set_jokers = next(step_iter)
            runs = in_flight[colour]
            if choice is None:
                continue
            _new_id, _count, to_sets, _jokers, slots, stopped = choice
            melds.extend(runs[i] for i in stopped)
            real, joker = _tile(colour, n), _joker(colour, n)
            in_flight[colour] = [
                [*(runs[src] if src >= 0 else []), joker if is_joker else real]
                for src, is_joker in slots
            ]
            pool.extend([colour] * to_sets)
        if pool:
            melds.extend(_deal_sets(n, pool, set_jokers))
    for runs in in_flight:
        melds.extend(runs)
    melds.sort(key=_meld_order)
    return best_value, melds


def _greedy_jokers(
    counts: list[list[int]], melds: list[list[str]], jokers: int
) -> tuple[int, list[list[str]]]:
    """Add ``jokers`` greedily to joker-free ``melds``: (value gained, the new melds).

    Each joker goes where it is worth most now: on top of a run (below it when the run
    ends at 13), into a set of three, or with two spare tiles into a new run or set; two
    jokers may instead make a new meld with one spare tile. Every step keeps the melds
    legal, so the result is a legal opening: a lower bound for the exact search.
    """
    spare = [row[:] for row in counts]
    runs: list[tuple[int, int, int, frozenset[int]]] = []  # colour, low, high, real numbers
    sets: list[tuple[int, tuple[int, ...], int]] = []  # number, real colours, jokers
    for meld in melds:
        parsed = [_tiles.parse(code) for code in meld]
        for colour, number in parsed:
            spare[colour][number] -= 1
        if parsed[0][1] == parsed[-1][1]:
            sets.append((parsed[0][1], tuple(c for c, _n in parsed), 0))
        else:
            numbers = frozenset(n for _c, n in parsed)
            runs.append((parsed[0][0], parsed[0][1], parsed[-1][1], numbers))
    loose = [(c, n) for c in range(4) for n in range(1, 14) for _ in range(spare[c][n])]

    def moves(jokers_left: int):
        """(gain, jokers spent, index in runs/sets or loose tiles, new run or set)."""
        for i, (colour, low, high, real) in enumerate(runs):
            if high < 13:
                yield high + 1, 1, ("run", i), (colour, low, high + 1, real)
            elif low > 1:
                yield low - 1, 1, ("run", i), (colour, low - 1, high, real)
        for i, (number, colours, extra) in enumerate(sets):
            if len(colours) + extra == 3:
                yield number, 1, ("set", i), (number, colours, extra + 1)
        for i, (c1, n1) in enumerate(loose):
            for j in range(i + 1, len(loose)):
                c2, n2 = loose[j]
                if n1 == n2 and c1 != c2:
                    yield 3 * n1, 1, ("loose", i, j), (n1, (c1, c2), 1)
                elif c1 == c2 and abs(n1 - n2) in (1, 2):
                    low = min(n1, n2) if max(n1, n2) < 13 else 11
                    yield 3 * low + 3, 1, ("loose", i, j), (c1, low, low + 2, frozenset((n1, n2)))
            if jokers_left >= 2:
                low = min(n1, 11)
                yield 3 * n1, 2, ("loose", i), (n1, (c1,), 2)
                yield 3 * low + 3, 2, ("loose", i), (c1, low, low + 2, frozenset((n1,)))

    gain = 0
    while jokers:
        # The best gain per joker (two jokers must beat twice the best single one).
        best = max(moves(jokers), key=lambda m: (m[0] / m[1], -m[1]), default=None)
        if best is None:
            break
        value, spent, where, meld = best
        gain += value
        jokers -= spent
        if where[0] == "loose":
            loose = [t for k, t in enumerate(loose) if k not in where[1:]]
            target = runs if len(meld) == 4 else sets
            target.append(meld)
        else:
            target = runs if where[0] == "run" else sets
            target[where[1]] = meld

    result = []
    for colour, low, high, real in runs:
        result.append(
            [_tile(colour, n) if n in real else _joker(colour, n) for n in range(low, high + 1)]
        )
    for number, colours, extra in sets:
        fill = [c for c in range(4) if c not in colours][:extra]
        result.append(
            [
                _tile(c, number) if c in colours else _joker(c, number)
                for c in sorted((*colours, *fill))
            ]
        )
    result.sort(key=_meld_order)
    return gain, result


def _deal_sets(number: int, colours: list[int], jokers: int) -> list[list[str]]:
    most = max(Counter(colours).values())
    count = _set_count(len(colours), most, jokers)
    groups: list[list[int]] = [[] for _ in range(count)]
    for i, colour in enumerate(sorted(colours)):
        groups[i % count].append(colour)
    joker_groups: list[list[int]] = [[] for _ in range(count)]
    for fill_to in (3, 4):
        for group, extra in zip(groups, joker_groups, strict=True):
            while jokers and len(group) + len(extra) < fill_to:
                extra.append(next(c for c in range(4) if c not in group and c not in extra))
                jokers -= 1
    sets = []
    for group, extra in zip(groups, joker_groups, strict=True):
        meld = [(c, _tile(c, number)) for c in group] + [(c, _joker(c, number)) for c in extra]
        sets.append([code for _c, code in sorted(meld)])
    return sets


def _meld_number(code: str) -> tuple[int, int]:
    return _tiles.parse(code.split("=")[-1])


def _meld_order(meld: list[str]) -> tuple[int, int, int]:
    colour, number = _meld_number(meld[0])
    is_set = _meld_number(meld[-1])[1] == number
    return number, int(not is_set), colour


# ---------------------------------------------------------------------------------------
# Tiles: rummy101 pairs
# ---------------------------------------------------------------------------------------


def best_pairs(tiles: list[str]) -> tuple[int, list[list[str]]]:
    """The most pairs in a `rummy101` rack (RULES.md §3: five pairs open).

    A pair is two tiles of the same colour and number, or one tile and a joker (written
    ``["R5", "JK=R5"]``), never two jokers. Among the ways to reach the most pairs this
    picks the one of highest total value (a hint then shows the strongest pairs), and among
    those the one using the fewest jokers. Pairs are listed by number, then colour.

    Returns ``(count, pairs)``. Raises IllegalMove for a bad code or a tile held more than
    twice.
    """
    counts, jokers = _parse_rack(tiles)
    doubles: list[tuple[int, int]] = []  # (colour, number) held twice
    singles: list[tuple[int, int]] = []
    for colour in range(4):
        for number in range(1, 14):
            if counts[colour][number] == 2:
                doubles.append((colour, number))
            elif counts[colour][number] == 1:
                singles.append((colour, number))
    # A joker makes one more pair with a single tile; two jokers make one more pair by
    # splitting a double (R5 R5 -> R5+JK, R5+JK). Higher tiles first for the higher value.
    singles.sort(key=lambda t: -t[1])
    doubles_by_value = sorted(doubles, key=lambda t: -t[1])
    with_single = min(jokers, len(singles))
    most = with_single + min((jokers - with_single) // 2, len(doubles))
    best: tuple[int, int, int] | None = None  # (value, -jokers, split doubles)
    for split in range(min(jokers // 2, len(doubles)) + 1):
        paired = most - split
        if paired < 0 or paired > len(singles) or paired + 2 * split > jokers:
            continue
        value = sum(n for _c, n in singles[:paired]) + sum(n for _c, n in doubles_by_value[:split])
        candidate = (value, -(paired + 2 * split), split)
        if best is None or candidate > best:
            best = candidate
    split = best[2] if best else 0
    paired = most - split
    pairs: list[tuple[tuple[int, int], list[str]]] = []
    split_set = set(doubles_by_value[:split])
    for colour, number in doubles:
        code = _tile(colour, number)
        if (colour, number) in split_set:
            pairs += [((number, colour), [code, _joker(colour, number)])] * 2
        else:
            pairs.append(((number, colour), [code, code]))
    for colour, number in singles[:paired]:
        pairs.append(((number, colour), [_tile(colour, number), _joker(colour, number)]))
    pairs.sort(key=lambda p: p[0])
    return len(doubles) + most, [list(p) for _k, p in pairs]
