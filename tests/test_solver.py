"""The solver (RULES.md §1–3 melds) against the rules' examples and a brute-force search.

The brute-force enumerators below are deliberately naive: they list every meld the rules
allow and try every disjoint choice. Every meld the solver returns is also checked on its
own (legal, written as promised, made of the given cards or tiles, never reused).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy import solver
from rummy.cards import DECK, RANKS, SUITS
from rummy.errors import IllegalMove
from rummy.tiles import COLOURS, NUMBER_TILES

# ---------------------------------------------------------------------------------------
# Independent checkers and brute force: cards
# ---------------------------------------------------------------------------------------


def card_rank(code: str) -> int:
    return RANKS.index(code[0]) + 1


def card_value(code: str, ace_high: bool) -> int:
    rank = card_rank(code)
    if rank == 1:
        return 15 if ace_high else 1
    return min(rank, 10)


def is_card_set(meld: list[str]) -> bool:
    return len(meld) in (3, 4) and len({c[0] for c in meld}) == 1 and len(set(meld)) == len(meld)


def is_card_run(meld: list[str], ace_high: bool) -> bool:
    """A run as written: one suit, strictly consecutive ascending; ace last means high."""
    if len(meld) < 3 or len({c[1] for c in meld}) != 1:
        return False
    ranks = [card_rank(c) for c in meld]
    if ace_high and ranks[-1] == 1 and ranks[0] != 1:
        ranks[-1] = 14
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def check_card_answer(hand: list[str], ace_high: bool, answer) -> int:
    points, melds = answer
    used: list[str] = [c for meld in melds for c in meld]
    assert len(used) == len(set(used)), f"a card is used twice: {melds}"
    assert set(used) <= set(hand), f"melds use cards not in the hand: {melds}"
    for meld in melds:
        assert is_card_set(meld) or is_card_run(meld, ace_high), f"not a meld: {meld}"
        if is_card_set(meld):
            assert meld == sorted(meld, key=lambda c: SUITS.index(c[1]))
    left = sum(card_value(c, ace_high) for c in hand if c not in used)
    assert left == points, f"claims {points} deadwood, leaves {left}: {melds}"
    return points


def brute_deadwood(hand: list[str], ace_high: bool) -> int:
    cards = frozenset(hand)
    melds: list[frozenset[str]] = []
    for rank in RANKS:
        same = [c for c in cards if c[0] == rank]
        for size in (3, 4):
            melds += [frozenset(m) for m in combinations(same, size)]
    order = list(RANKS) + (["A"] if ace_high else [])  # ace high sits above the king
    for suit in SUITS:
        for start in range(len(order)):
            for end in range(start + 3, len(order) + 1):
                run = frozenset(r + suit for r in order[start:end])
                if len(run) == end - start and run <= cards:
                    melds.append(run)

    @cache
    def best(rest: frozenset[str]) -> int:
        if not rest:
            return 0
        card = min(rest)
        result = card_value(card, ace_high) + best(rest - {card})
        for meld in melds:
            if card in meld and meld <= rest:
                result = min(result, best(rest - meld))
        return result

    return best(cards)


# ---------------------------------------------------------------------------------------
# Independent checkers and brute force: tiles
# ---------------------------------------------------------------------------------------


def tile_parts(code: str) -> tuple[str, int]:
    return code[0], int(code[1:])


def meld_tile_value(meld: list[str]) -> int:
    """Check one returned meld as written and return its value (jokers as resolved)."""
    assert len(meld) >= 3, meld
    meanings = []
    real = 0
    for code in meld:
        if code.startswith("JK="):
            meanings.append(tile_parts(code[3:]))
        else:
            assert code in NUMBER_TILES, code
            meanings.append(tile_parts(code))
            real += 1
    assert real >= 1, f"a meld needs a number tile: {meld}"
    colours = [c for c, _n in meanings]
    numbers = [n for _c, n in meanings]
    if len(set(numbers)) == 1:  # a set, listed R K B Y
        assert len(meld) in (3, 4), meld
        assert colours == sorted(set(colours), key=COLOURS.index), f"bad set: {meld}"
    else:  # a run, ascending
        assert len(set(colours)) == 1, f"mixed colours: {meld}"
        assert numbers == list(range(numbers[0], numbers[0] + len(meld))), f"bad run: {meld}"
        assert numbers[0] >= 1 and numbers[-1] <= 13
    return sum(numbers)


def check_tile_melds(rack: list[str], points: int, melds: list[list[str]]) -> None:
    used = Counter("JK" if code.startswith("JK") else code for meld in melds for code in meld)
    assert not used - Counter(rack), f"melds use tiles not in the rack: {melds} from {rack}"
    assert sum(meld_tile_value(meld) for meld in melds) == points, melds


def brute_meld_value(tiles: tuple[str, ...]) -> int | None:
    """The best value of this exact multiset as one meld, straight from the rules."""
    jokers = tiles.count("JK")
    real = [tile_parts(t) for t in tiles if t != "JK"]
    size = len(tiles)
    if not real or size < 3:
        return None
    best = None
    colours = {c for c, _n in real}
    numbers = [n for _c, n in real]
    if size <= 4 and len(set(numbers)) == 1 and len(colours) == len(real):
        best = numbers[0] * size
    if len(colours) == 1 and len(set(numbers)) == len(numbers):
        for start in range(1, 14 - size + 1):
            span = range(start, start + size)
            if all(n in span for n in numbers):
                best = max(best or 0, sum(span))
    del jokers
    return best


def brute_opening(rack: list[str]) -> int:
    counts = Counter(rack)
    kinds = sorted(counts)
    candidates: list[tuple[Counter, int]] = []
    for take in product(*(range(counts[k] + 1) for k in kinds)):
        sub = tuple(k for k, t in zip(kinds, take, strict=True) for _ in range(t))
        value = brute_meld_value(sub)
        if value is not None:
            candidates.append((Counter(sub), value))

    @cache
    def best(rest: tuple[str, ...]) -> int:
        if not rest:
            return 0
        first = rest[0]
        left = Counter(rest)
        result = best(rest[1:])  # the first tile stays in the rack
        for meld, value in candidates:
            if meld[first] and not meld - left:
                result = max(result, value + best(tuple(sorted((left - meld).elements()))))
        return result

    return best(tuple(sorted(rack)))


def brute_pairs(rack: list[str]) -> tuple[int, int]:
    """(most pairs, best value among those) by trying every way to pair the tiles."""

    @cache
    def best(rest: tuple[str, ...], jokers: int) -> tuple[int, int]:
        if not rest:
            return (0, 0)
        first, others = rest[0], rest[1:]
        number = tile_parts(first)[1]
        result = best(others, jokers)
        if first in others:
            i = others.index(first)
            count, value = best(others[:i] + others[i + 1 :], jokers)
            result = max(result, (count + 1, value + 2 * number))
        if jokers:
            count, value = best(others, jokers - 1)
            result = max(result, (count + 1, value + 2 * number))
        return result

    return best(tuple(sorted(t for t in rack if t != "JK")), rack.count("JK"))


def check_pairs(rack: list[str], count: int, pairs: list[list[str]]) -> int:
    assert len(pairs) == count
    used = Counter("JK" if code.startswith("JK") else code for pair in pairs for code in pair)
    assert not used - Counter(rack), f"pairs use tiles not in the rack: {pairs}"
    value = 0
    for first, second in pairs:
        assert first in NUMBER_TILES, pairs
        assert second in (first, "JK=" + first), f"not a pair: {first} {second}"
        value += 2 * tile_parts(first)[1]
    return value


# ---------------------------------------------------------------------------------------
# Rules pinned by example: cards
# ---------------------------------------------------------------------------------------


def test_empty_hand_has_no_deadwood():
    assert solver.min_deadwood([]) == (0, [])


def test_ace_is_low_only_by_default():
    assert solver.min_deadwood(["QH", "KH", "AH"]) == (21, [])
    assert solver.min_deadwood(["AH", "2H", "3H"]) == (0, [["AH", "2H", "3H"]])


def test_ace_high_option_allows_queen_king_ace_and_counts_15():
    assert solver.min_deadwood(["QH", "KH", "AH"], ace_high=True) == (0, [["QH", "KH", "AH"]])
    assert solver.min_deadwood(["AH", "5C"], ace_high=True) == (20, [])


def test_king_ace_two_is_never_a_run():
    assert solver.min_deadwood(["KH", "AH", "2H"], ace_high=True) == (27, [])
    assert solver.min_deadwood(["KH", "AH", "2H"]) == (13, [])


def test_ace_high_still_allows_ace_low_runs():
    hand = ["AH", "2H", "3H", "QS", "KS", "AS"]
    assert solver.min_deadwood(hand, ace_high=True) == (
        0,
        [["AH", "2H", "3H"], ["QS", "KS", "AS"]],
    )


def test_card_in_a_set_or_a_run_chooses_the_lower_deadwood():
    # 7H can finish the sevens or the hearts run, not both; the run saves more (5H 6H).
    hand = ["7H", "7C", "7D", "7S", "5H", "6H"]
    points, melds = solver.min_deadwood(hand)
    assert points == 0
    assert sorted(map(sorted, melds)) == [["5H", "6H", "7H"], ["7C", "7D", "7S"]]


def test_whole_deck_melds_completely():
    assert solver.min_deadwood(list(DECK))[0] == 0
    assert solver.min_deadwood(list(DECK), ace_high=True)[0] == 0


def test_deadwood_split_lists_the_unmelded_cards():
    points, melds, left = solver.deadwood_split(["9D", "2C", "3C", "4C", "KS"])
    assert (points, melds, left) == (19, [["2C", "3C", "4C"]], ["9D", "KS"])


def test_deadwood_split_remembers_hands_but_hands_out_new_lists():
    hand = ["9D", "2C", "3C", "4C", "KS"]
    first = solver.deadwood_split(hand)
    first[1][0].append("5C")  # a caller changing its answer must not change the next one
    first[2].clear()
    assert solver.deadwood_split(hand) == (19, [["2C", "3C", "4C"]], ["9D", "KS"])
    # The order given is the order answered, and the ace option is part of the question.
    assert solver.deadwood_split(["KS", "2C", "3C", "4C", "9D"])[2] == ["KS", "9D"]
    assert solver.deadwood_split(["QH", "KH", "AH"], True)[0] == 0
    assert solver.deadwood_split(["QH", "KH", "AH"], False)[0] == 21
    with pytest.raises(IllegalMove):  # a refusal is not remembered as an answer
        solver.deadwood_split(["AH", "AH"])
    with pytest.raises(IllegalMove):
        solver.deadwood_split(["AH", "AH"])


def test_repeated_or_bad_cards_are_refused():
    with pytest.raises(IllegalMove):
        solver.min_deadwood(["AH", "AH"])
    with pytest.raises(IllegalMove):
        solver.min_deadwood(["1H"])


# ---------------------------------------------------------------------------------------
# Rules pinned by example: tiles
# ---------------------------------------------------------------------------------------


def test_rules_example_33_36_33_is_102():
    rack = ["R10", "R11", "R12", "K11", "K12", "K13", "R11", "B11", "Y11"]
    points, melds = solver.best_opening(rack)
    assert points == 102
    check_tile_melds(rack, points, melds)
    assert sorted(meld_tile_value(m) for m in melds) == [33, 33, 36]
    # The first two melds alone make 69.
    assert solver.best_opening(["R10", "R11", "R12", "K11", "K12", "K13"])[0] == 69


def test_run_wraps_is_not_a_meld():
    assert solver.best_opening(["R12", "R13", "R1"]) == (0, [])


def test_run_cannot_hold_a_number_twice():
    assert solver.best_opening(["R5", "R5", "R6"]) == (0, [])


def test_set_needs_different_colours():
    assert solver.best_opening(["R5", "R5", "K5"]) == (0, [])
    assert solver.best_opening(["R5", "K5", "B5", "Y5"]) == (20, [["R5", "K5", "B5", "Y5"]])


def test_set_holds_at_most_four_tiles():
    rack = ["R5", "K5", "B5", "Y5", "R5"]
    assert solver.best_opening(rack)[0] == 20


def test_joker_set_beats_run_for_kings():
    assert solver.best_opening(["JK", "JK", "K13"]) == (39, [["JK=R13", "K13", "JK=B13"]])


def test_one_tile_and_two_jokers_make_a_meld():
    assert solver.best_opening(["R5", "JK", "JK"]) == (18, [["R5", "JK=R6", "JK=R7"]])


def test_jokers_alone_are_not_a_meld():
    assert solver.best_opening(["JK", "JK", "JK"]) == (0, [])
    assert solver.best_opening(["JK", "JK", "JK", "JK"]) == (0, [])


def test_joker_fills_a_gap_in_a_run():
    assert solver.best_opening(["R4", "JK", "R6"]) == (15, [["R4", "JK=R5", "R6"]])


def test_joker_goes_below_a_run_that_ends_at_13():
    assert solver.best_opening(["Y12", "Y13", "JK"]) == (36, [["JK=Y11", "Y12", "Y13"]])


def test_joker_goes_above_a_run_when_it_can():
    assert solver.best_opening(["Y2", "Y3", "JK"]) == (9, [["Y2", "Y3", "JK=Y4"]])


def test_both_copies_make_two_runs():
    rack = ["B7", "B8", "B9"] * 2
    assert solver.best_opening(rack) == (48, [["B7", "B8", "B9"], ["B7", "B8", "B9"]])


def test_three_jokers_with_one_tile():
    # R5 + three jokers: the run 5-6-7-8 (26) beats the set of fives (20).
    assert solver.best_opening(["R5", "JK", "JK", "JK"])[0] == 26


def test_pinned_jokers_in_a_rack_count_as_jokers():
    assert solver.best_opening(["JK=R1", "JK", "K13"])[0] == 39


def test_tile_held_three_times_is_refused():
    with pytest.raises(IllegalMove):
        solver.best_opening(["R5", "R5", "R5"])
    with pytest.raises(IllegalMove):
        solver.best_pairs(["R14"])


def test_empty_rack():
    assert solver.best_opening([]) == (0, [])
    assert solver.best_pairs([]) == (0, [])


def test_dense_rack_melds_every_tile_and_both_jokers():
    rack = [f"{c}{n}" for c in COLOURS for n in range(9, 14)] + ["JK", "JK"]
    points, melds = solver.best_opening(rack)
    check_tile_melds(rack, points, melds)
    assert points == 4 * (9 + 10 + 11 + 12 + 13) + 2 * 13


def test_two_full_colours_meld_completely():
    rack = [f"{c}{n}" for c in "RK" for n in range(1, 14)]
    assert solver.best_opening(rack)[0] == 2 * 91


# ---------------------------------------------------------------------------------------
# Rules pinned by example: pairs
# ---------------------------------------------------------------------------------------


def test_tile_and_joker_make_a_pair():
    assert solver.best_pairs(["R5", "JK"]) == (1, [["R5", "JK=R5"]])


def test_two_jokers_are_never_a_pair():
    assert solver.best_pairs(["JK", "JK"]) == (0, [])


def test_pairs_need_same_colour_and_number():
    assert solver.best_pairs(["R5", "K5", "R6"]) == (0, [])
    assert solver.best_pairs(["R5", "R5", "K5"]) == (1, [["R5", "R5"]])


def test_pairs_tie_prefers_the_higher_value():
    # Two pairs either way; splitting the kings with both jokers is worth more than R3+JK.
    assert solver.best_pairs(["R3", "K13", "K13", "JK", "JK"]) == (
        2,
        [["K13", "JK=K13"], ["K13", "JK=K13"]],
    )
    assert solver.best_pairs(["R3", "Y9", "JK"]) == (1, [["Y9", "JK=Y9"]])


def test_spare_joker_is_not_spent_on_an_existing_pair():
    assert solver.best_pairs(["R5", "R5", "JK"]) == (1, [["R5", "R5"]])


def test_five_pairs_with_jokers():
    rack = ["R1", "R1", "K2", "K2", "B3", "Y4", "Y5", "Y9", "Y9", "JK", "JK"]
    count, pairs = solver.best_pairs(rack)
    assert count == 5
    check_pairs(rack, count, pairs)


# ---------------------------------------------------------------------------------------
# Against brute force
# ---------------------------------------------------------------------------------------


def random_hand(rng: random.Random, size: int) -> list[str]:
    # Mostly a narrow band of ranks, so melds and conflicts between them are common.
    if rng.random() < 0.7:
        low = rng.randrange(13)
        pool = [c for c in DECK if (RANKS.index(c[0]) - low) % 13 < rng.choice((4, 5, 6))]
        size = min(size, len(pool))
    else:
        pool = list(DECK)
    return rng.sample(pool, size)


def test_min_deadwood_matches_brute_force_on_random_hands():
    rng = random.Random(20240601)
    for _ in range(1000):
        hand = random_hand(rng, rng.randrange(0, 13))
        for ace_high in (False, True):
            answer = solver.min_deadwood(hand, ace_high)
            points = check_card_answer(hand, ace_high, answer)
            assert points == brute_deadwood(hand, ace_high), (hand, ace_high, answer)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), max_size=12, unique=True), st.booleans())
def test_min_deadwood_matches_brute_force_hypothesis(hand, ace_high):
    answer = solver.min_deadwood(hand, ace_high)
    assert check_card_answer(hand, ace_high, answer) == brute_deadwood(hand, ace_high)


def test_min_deadwood_big_hands_are_consistent():
    # Too big for the brute force: the answer must still be legal, and adding a card can
    # raise the deadwood by that card's value at most.
    rng = random.Random(7)
    for _ in range(60):
        hand = rng.sample(DECK, rng.randrange(13, 53))
        ace_high = rng.random() < 0.5
        points = check_card_answer(hand, ace_high, solver.min_deadwood(hand, ace_high))
        smaller = hand[:-1]
        smaller_points = solver.min_deadwood(smaller, ace_high)[0]
        assert points <= smaller_points + card_value(hand[-1], ace_high)


def random_rack(rng: random.Random, size: int, jokers: int) -> list[str]:
    low = rng.randrange(1, 14)
    width = rng.choice((3, 4, 5, 6, 13))
    numbers = [(low + i - 1) % 13 + 1 for i in range(width)]
    colours = rng.sample(COLOURS, rng.choice((1, 2, 3, 4)))
    pool = [f"{c}{n}" for c in colours for n in numbers] * 2
    return rng.sample(pool, min(size, len(pool))) + ["JK"] * jokers


def test_best_opening_matches_brute_force_on_random_racks():
    rng = random.Random(101)
    for _ in range(1500):
        jokers = rng.choice((0, 0, 1, 1, 2, 2, 3))
        rack = random_rack(rng, rng.randrange(0, 10 - jokers), jokers)
        rng.shuffle(rack)
        points, melds = solver.best_opening(rack)
        check_tile_melds(rack, points, melds)
        assert points == brute_opening(rack), (rack, points, melds)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(NUMBER_TILES[:6] + NUMBER_TILES[20:26]), max_size=8),
    st.integers(0, 3),
)
def test_best_opening_matches_brute_force_hypothesis(numbers, jokers):
    rack = [t for t, n in Counter(numbers).items() for _ in range(min(n, 2))] + ["JK"] * jokers
    points, melds = solver.best_opening(rack)
    check_tile_melds(rack, points, melds)
    assert points == brute_opening(rack)


def test_best_opening_full_racks_are_legal_and_monotone():
    rng = random.Random(5)
    full_set = list(NUMBER_TILES) * 2
    for _ in range(100):
        jokers = rng.choice((0, 1, 2, 3))
        rack = rng.sample(full_set, 22 - jokers) + ["JK"] * jokers
        points, melds = solver.best_opening(rack)
        check_tile_melds(rack, points, melds)
        # One more joker never lowers the best opening, one tile fewer never raises it.
        assert solver.best_opening([*rack, "JK"])[0] >= points
        assert solver.best_opening(rack[1:])[0] <= points


def test_best_pairs_matches_brute_force_on_random_racks():
    rng = random.Random(55)
    for _ in range(1500):
        jokers = rng.choice((0, 1, 2, 3))
        rack = random_rack(rng, rng.randrange(0, 14), jokers)
        count, pairs = solver.best_pairs(rack)
        value = check_pairs(rack, count, pairs)
        assert (count, value) == brute_pairs(rack), (rack, pairs)


# ---------------------------------------------------------------------------------------
# Bounded work (issue 16): no rack costs more than a moment
# ---------------------------------------------------------------------------------------


def test_a_rack_larger_than_any_game_holds_is_refused_at_once():
    import time

    whole_set = [*NUMBER_TILES, *NUMBER_TILES, "JK", "JK"]
    started = time.process_time()
    for rack in (whole_set, whole_set[: solver.MAX_RACK + 1]):
        with pytest.raises(IllegalMove, match="at most 26 tiles"):
            solver.best_opening(rack)
        with pytest.raises(IllegalMove, match="at most 26 tiles"):
            solver.best_pairs(rack)
    assert time.process_time() - started < 0.5


def test_many_jokers_in_a_dense_rack_stay_within_the_budget_and_legal():
    import time

    block = [f"{c}{n}" for c in COLOURS for n in range(5, 10)]
    rack = block[:18] + ["JK"] * 6  # needs millions of steps for the exact answer
    solver._memo.clear()
    started = time.process_time()
    points, melds = solver.best_opening(rack)
    assert time.process_time() - started < 1.5  # ~0.3 s here; generous: the machine is noisy
    check_tile_melds(rack, points, melds)
    assert points >= solver.best_opening(block[:18])[0]


def test_a_shared_budget_gives_the_same_answer_whatever_was_remembered():
    block = [f"{c}{n}" for c in COLOURS for n in range(9, 14)]
    rack = [*block, "JK", "JK"]  # exact: about 350,000 steps
    exact = solver.best_opening(rack)
    with solver.work_budget(1_000):
        cut = solver.best_opening(rack)  # remembered, but it cost more than is left
    solver._memo.clear()
    with solver.work_budget(1_000):
        assert solver.best_opening(rack) == cut
    assert cut[0] <= exact[0]
    check_tile_melds(rack, *cut)
    with solver.work_budget(10**7):
        assert solver.best_opening(rack) == exact
