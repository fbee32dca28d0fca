"""What counts as a meld, and what a meld becomes when cards are added (RULES.md §1–3 "Melds").

Cards (`basic`, `rummy200`): a *set* is 3–4 cards of one rank, a *run* 3+ cards of one suit in
a row; the ace is low (A-2-3) unless the ``ace_high`` option lets it be high (Q-K-A), never both
(K-A-2 is always illegal).

Tiles (`rummy101`): a *run* is 3+ tiles of one colour in a row, 1 before 2, no wrap (12-13-1 is
illegal); a *set* is 3–4 tiles of one number in different colours; a *pair* is two identical
tiles. A joker stands for any tile; every meld holds at least one number tile, and a pair is never
two jokers. A joker written ``"JK=R8"`` is pinned; an unpinned joker takes the meaning that gives
the meld the highest value, extending a run upwards first. In a set, a joker stands for one of the
colours the set lacks, so its written colour may change when a real tile of that colour joins.

Every check returns a :class:`Meld` with the codes in canonical order (runs ascending, sets in
suit/colour order, jokers written resolved) or raises :class:`IllegalMove` with a sentence a
player understands.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from . import cards, tiles
from .errors import IllegalMove

SET, RUN, PAIR = "set", "run", "pair"


class Meld(NamedTuple):
    kind: str
    codes: tuple[str, ...]
    value: int


# ---------------------------------------------------------------------------------------------
# Cards


def check_cards(codes: list[str], ace_high: bool = False, kind: str | None = None) -> Meld:
    """Validate a card meld. ``kind`` forces "set" or "run" (used when laying off)."""
    parsed = [cards.parse(c) for c in codes]
    shown = cards.labels(codes)
    if len(set(codes)) != len(codes):
        raise IllegalMove(
            f"The same card appears twice in {shown}",
            code="same_card_twice",
            params={"meld": list(codes)},
        )
    if len(codes) < 3:
        raise IllegalMove(
            f"A meld needs at least three cards: {shown}",
            code="meld_too_short",
            params={"meld": list(codes)},
        )
    ranks = {r for _, r in parsed}
    suits = {s for s, _ in parsed}

    def value(code: str) -> int:
        return cards.value(code, ace_high)

    if kind != RUN and len(ranks) == 1:
        if len(codes) > 4:
            raise IllegalMove(
                f"A set has at most four cards: {shown}",
                code="set_too_big",
                params={"meld": list(codes)},
            )
        ordered = sorted(codes, key=lambda c: cards.parse(c)[0])
        return Meld(SET, tuple(ordered), sum(map(value, codes)))
    if kind != SET and len(suits) == 1:
        order = _card_run_order(codes, parsed, ace_high, shown)
        return Meld(RUN, tuple(order), sum(map(value, codes)))
    if kind == SET:
        raise IllegalMove(
            f"A set is three or four cards of one rank: {shown}",
            code="not_a_set",
            params={"meld": list(codes)},
        )
    if kind == RUN:
        raise IllegalMove(
            f"A run is three or more cards of one suit in a row: {shown}",
            code="not_a_run",
            params={"meld": list(codes)},
        )
    raise IllegalMove(
        f"{shown} is neither a set (one rank) nor a run (one suit, in a row)",
        code="not_a_meld",
        params={"meld": list(codes)},
    )


def _card_run_order(
    codes: list[str], parsed: list[tuple[int, int]], ace_high: bool, shown: str
) -> list[str]:
    if len(codes) < 3:
        raise IllegalMove(
            f"A run needs at least three cards of one suit in a row: {shown}",
            code="meld_too_short",
            params={"meld": list(codes)},
        )
    ranks = sorted(r for _, r in parsed)
    if _consecutive(ranks):
        return sorted(codes, key=lambda c: cards.parse(c)[1])
    has_ace = ranks[0] == 1
    high = sorted(14 if r == 1 else r for r in ranks)
    if has_ace and _consecutive(high):
        if ace_high:
            return sorted(codes, key=lambda c: 14 if cards.parse(c)[1] == 1 else cards.parse(c)[1])
        raise IllegalMove(
            f"A run needs three or more cards of one suit in a row: {shown} — "
            "the ace is low in this game (A-2-3), so it cannot follow the king",
            code="ace_low",
            params={"meld": list(codes)},
        )
    if has_ace and 13 in ranks and 2 in ranks:
        raise IllegalMove(
            f"A run cannot wrap around: {shown} — the ace is low or high, never both",
            code="run_wraps",
            params={"meld": list(codes)},
        )
    raise IllegalMove(
        f"A run needs three or more cards of one suit in a row: {shown} has a gap",
        code="run_gap",
        params={"meld": list(codes)},
    )


def _consecutive(numbers: list[int]) -> bool:
    return all(b == a + 1 for a, b in itertools.pairwise(numbers))


# ---------------------------------------------------------------------------------------------
# Tiles


def check_tiles(codes: list[str], kind: str | None = None) -> Meld:
    """Validate a tile meld (run, set or pair). ``kind`` forces one reading (laying off)."""
    for code in codes:
        tiles.check(code)
    shown = tiles.labels(codes)
    numbers = [c for c in codes if not tiles.is_joker(c)]
    jokers = [c for c in codes if tiles.is_joker(c)]
    if not numbers:
        raise IllegalMove(
            f"A meld needs at least one number tile, not only jokers: {shown}",
            code="only_jokers",
            params={"meld": list(codes)},
        )
    if kind == PAIR or (kind is None and len(codes) == 2):
        return _tile_pair(numbers, jokers, shown)
    if len(codes) < 3:
        raise IllegalMove(
            f"A run or a set needs at least three tiles: {shown}",
            code="tile_meld_too_short",
            params={"meld": list(codes)},
        )
    readings: list[Meld] = []
    errors: list[IllegalMove] = []
    for reading in (_tile_run, _tile_set):
        if kind is not None and reading is not _READERS[kind]:
            continue
        try:
            readings.append(reading(numbers, jokers, shown))
        except IllegalMove as err:
            errors.append(err)
    if readings:
        return max(readings, key=lambda m: m.value)  # a run wins ties: it reads first
    if kind is not None or len(errors) == 1:
        raise errors[0]
    colours = {tiles.parse(c)[0] for c in numbers}
    values = {tiles.parse(c)[1] for c in numbers}
    if len(values) == 1:
        raise errors[1]  # one number throughout: the set's complaint says why
    if len(colours) == 1:
        raise errors[0]
    raise IllegalMove(
        f"{shown} is neither a run (one colour, in a row) nor a set (one number, all colours "
        "different)",
        code="not_a_tile_meld",
        params={"meld": list(codes)},
    )


def _tile_pair(numbers: list[str], jokers: list[str], shown: str) -> Meld:
    if len(numbers) + len(jokers) != 2 or len(set(numbers)) != 1:
        raise IllegalMove(
            f"A pair is two tiles of the same number and colour: {shown}",
            code="not_a_pair",
            params={"meld": numbers + jokers},
        )
    tile = numbers[0]
    for joker in jokers:
        meaning = tiles.split_joker(joker)
        if meaning not in (None, tile):
            raise IllegalMove(
                f"In a pair with {tile} the joker must stand for {tile}, not {meaning}",
                code="pair_joker",
                params={"tile": tile, "meaning": meaning},
            )
    value = tiles.parse(tile)[1] * 2
    return Meld(PAIR, (tile, tiles.JOKER + "=" + tile) if jokers else (tile, tile), value)


def _tile_run(numbers: list[str], jokers: list[str], shown: str) -> Meld:
    parsed = [tiles.parse(c) for c in numbers]
    colours = {c for c, _ in parsed}
    if len(colours) != 1:
        raise IllegalMove(
            f"A run needs tiles of one colour: {shown}",
            code="run_colours",
            params={"meld": numbers + jokers},
        )
    colour = parsed[0][0]
    positions = [n for _, n in parsed]
    free = 0
    for joker in jokers:
        meaning = tiles.split_joker(joker)
        if meaning is None:
            free += 1
            continue
        jc, jn = tiles.parse(meaning)
        if jc != colour:
            raise IllegalMove(
                f"In this run a joker must stand for a {tiles.COLOUR_NAMES[colour]} "
                f"tile, not {meaning}",
                code="run_joker_colour",
                params={"meld": numbers + jokers, "meaning": meaning},
            )
        positions.append(jn)
    if len(set(positions)) != len(positions):
        repeated = sorted({n for n in positions if positions.count(n) > 1})
        name = tiles.COLOURS[colour] + str(repeated[0])
        raise IllegalMove(
            f"A run holds each number once: {shown} repeats {name}",
            code="run_repeats",
            params={"meld": numbers + jokers, "tile": name},
        )
    low, high = min(positions), max(positions)
    gaps = high - low + 1 - len(positions)
    if gaps > free:
        numbers_sorted = sorted(n for _, n in parsed)
        if 1 in numbers_sorted and 13 in numbers_sorted:
            raise IllegalMove(
                f"A run needs at least three tiles of one colour in a row: {shown} wraps around",
                code="tile_run_wraps",
                params={"meld": numbers + jokers},
            )
        raise IllegalMove(
            f"A run needs at least three tiles of one colour in a row: {shown} has a gap"
            + (" the jokers cannot fill" if free else ""),
            code="tile_run_gap",
            params={"meld": numbers + jokers},
        )
    spare = free - gaps
    up = min(spare, 13 - high)
    down = spare - up
    if low - down < 1:
        raise IllegalMove(
            f"A run runs from 1 to 13: {shown} is too long",
            code="run_too_long",
            params={"meld": numbers + jokers},
        )
    low, high = low - down, high + up
    fixed = {n: c for n, c in zip(positions[: len(numbers)], numbers, strict=True)}
    for joker in jokers:
        meaning = tiles.split_joker(joker)
        if meaning is not None:
            fixed[tiles.parse(meaning)[1]] = tiles.JOKER + "=" + meaning
    letter = tiles.COLOURS[colour]
    ordered = tuple(fixed.get(n, f"{tiles.JOKER}={letter}{n}") for n in range(low, high + 1))
    return Meld(RUN, ordered, sum(range(low, high + 1)))


def _tile_set(numbers: list[str], jokers: list[str], shown: str) -> Meld:
    parsed = [tiles.parse(c) for c in numbers]
    values = {n for _, n in parsed}
    if len(values) != 1:
        raise IllegalMove(
            f"A set is three or four tiles of one number: {shown}",
            code="not_a_tile_set",
            params={"meld": numbers + jokers},
        )
    number = parsed[0][1]
    if len(numbers) + len(jokers) > 4:
        raise IllegalMove(
            f"A set has at most four tiles, one of each colour: {shown}",
            code="tile_set_too_big",
            params={"meld": numbers + jokers},
        )
    colours = [c for c, _ in parsed]
    repeated = {c for c in colours if colours.count(c) > 1}
    if repeated:
        name = tiles.COLOUR_NAMES[min(repeated)]
        raise IllegalMove(
            f"A set needs three or four tiles of one number, all colours different: "
            f"{shown} repeats {name}",
            code="set_repeats_colour",
            params={"meld": numbers + jokers, "colour": tiles.COLOURS[min(repeated)]},
        )
    taken = set(colours)
    pinned: list[int] = []
    for joker in jokers:
        meaning = tiles.split_joker(joker)
        if meaning is None:
            continue
        jc, jn = tiles.parse(meaning)
        if jn != number or jc in taken or jc in pinned:
            raise IllegalMove(
                f"In this set a joker must stand for a {number} in a colour the set lacks, "
                f"not {meaning}",
                code="set_joker",
                params={"number": number, "meaning": meaning},
            )
        pinned.append(jc)
    by_colour = {c: code for (c, _), code in zip(parsed, numbers, strict=True)}
    missing = iter(c for c in range(4) if c not in taken and c not in pinned)
    for joker in jokers:
        meaning = tiles.split_joker(joker)
        colour = tiles.parse(meaning)[0] if meaning else next(missing)
        by_colour[colour] = f"{tiles.JOKER}={tiles.COLOURS[colour]}{number}"
    ordered = tuple(by_colour[c] for c in sorted(by_colour))
    return Meld(SET, ordered, number * len(ordered))


_READERS = {RUN: _tile_run, SET: _tile_set}


# ---------------------------------------------------------------------------------------------
# Laying off and joker swaps


def extend(
    kind: str, meld: list[str], added: list[str], *, use_tiles: bool, ace_high: bool = False
) -> Meld:
    """The meld that ``meld`` (of ``kind``) becomes with ``added`` laid off on it.

    A run keeps its jokers where they stand; a set's jokers may change colour to make room.
    """
    if kind == PAIR:
        raise IllegalMove("A pair is complete: nothing can be added to it", code="pair_complete")
    if not use_tiles:
        try:
            return check_cards(list(meld) + list(added), ace_high, kind)
        except IllegalMove:
            raise IllegalMove(
                f"{cards.labels(added)} does not fit the {kind} {cards.labels(list(meld))}",
                code="does_not_fit",
                params={"cards": list(added), "meld": list(meld), "kind": kind},
            ) from None
    base = [tiles.base(c) for c in meld] if kind == SET else list(meld)
    try:
        return check_tiles(base + list(added), kind)
    except IllegalMove:
        raise IllegalMove(
            f"{tiles.labels(added)} does not fit the {kind} {tiles.labels(meld)}",
            code="does_not_fit",
            params={"cards": list(added), "meld": list(meld), "kind": kind},
        ) from None


def swap_joker(kind: str, meld: list[str], tile: str) -> Meld:
    """The meld after ``tile`` replaces the joker that stands for it (RULES.md §3 Joker swap).

    In a run or pair the tile must be exactly the one the joker stands for; in a set, any tile
    of the set's number in a colour the set lacks counts as exact.
    """
    tiles.parse(tile)
    jokers = [c for c in meld if tiles.is_joker(c)]
    if not jokers:
        raise IllegalMove("There is no joker in that meld to take", code="no_joker_in_meld")
    exact = tiles.JOKER + "=" + tile
    if kind == SET:
        colour, number = tiles.parse(tile)
        held = {tiles.parse(c)[0] for c in meld if not tiles.is_joker(c)}
        set_number = tiles.parse(next(c for c in meld if not tiles.is_joker(c)))[1]
        if number != set_number or colour in held:
            raise IllegalMove(
                f"{tile} cannot take a joker's place in that set: the set needs a {set_number} "
                "in a colour it lacks",
                code="swap_not_for_set",
                params={"tile": tile, "number": set_number},
            )
        victim = exact if exact in meld else jokers[0]
        rest = list(meld)
        rest.remove(victim)
        return check_tiles([tiles.base(c) for c in rest] + [tile], SET)
    if exact not in meld:
        meanings = ", ".join(tiles.split_joker(j) or "?" for j in jokers)
        raise IllegalMove(
            f"{tile} is not the tile the joker stands for ({meanings})",
            code="not_the_jokers_tile",
            params={"tile": tile, "meanings": [tiles.split_joker(j) for j in jokers]},
        )
    rest = list(meld)
    rest[rest.index(exact)] = tile
    return check_tiles(rest, kind)
