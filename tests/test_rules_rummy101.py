"""`rummy101` — Rummy 101 with tiles and jokers (RULES.md §3)."""

import pytest

import rummy
from helpers import game
from rummy import IllegalMove
from rummy.scoring import score_tiles

DRAW = {"type": "draw", "source": "stock"}
TAKE = {"type": "draw", "source": "discard"}
BUTTON = {"type": "draw", "source": "joker"}
RESET = {"type": "reset_turn"}


def discard(tile):
    return {"type": "discard", "card": tile}


def meld(*groups):
    return {"type": "meld", "melds": [list(g) for g in groups]}


def tiles(text):
    return text.split()


R10_12, B11_13, ELEVENS = tiles("R10 R11 R12"), tiles("B11 B12 B13"), tiles("K11 Y11 R11")


def test_106_tiles_21_each_and_the_starter_holds_22_and_does_not_draw():
    g = rummy.new_game("rummy101", players=4, seed=9)
    assert [len(g.hand(s)) for s in range(4)] == [22, 21, 21, 21]
    view = g.view(0)
    assert view["stock"] == 106 - 85 and view["discard"] == [] and view["phase"] == "play"
    with pytest.raises(IllegalMove, match="22 tiles"):
        g.apply(DRAW)


def test_starting_seat_moves_each_round():
    g = game("rummy101", [tiles("R1 R2"), tiles("K5")], stock=tiles("Y7 Y8"), tail_discard=True)
    g.apply(discard("R1"))
    g.apply(DRAW)
    g.apply(discard("Y7"))
    g.apply(DRAW)
    g.apply(discard("Y8"))  # the stock ran out
    assert g.round_over and g.round_result["kind"] == "stock_out"
    g.next_round()
    assert g.current_player == 1 and len(g.hand(1)) == 22 and len(g.hand(0)) == 21


def test_worked_example_33_36_33_opens_but_69_does_not():
    g = game("rummy101", [R10_12 + B11_13 + ELEVENS + tiles("K2 K3"), tiles("Y1")])
    with pytest.raises(IllegalMove, match="worth 69; you need at least 101"):
        g.apply(meld(R10_12, B11_13))
    g.apply(meld(R10_12, B11_13, ELEVENS))
    assert g.view(1)["opened"] == ["melds", None]


def test_run_may_not_wrap_from_13_to_1():
    g = game("rummy101", [tiles("R12 R13 R1 K2 K3"), tiles("Y1")])
    with pytest.raises(IllegalMove, match="R12 R13 R1 wraps around"):
        g.apply(meld(tiles("R12 R13 R1")))


def test_set_needs_different_colours():
    g = game("rummy101", [tiles("R8 R8 K8 K2"), tiles("Y1")])
    with pytest.raises(IllegalMove, match="repeats red"):
        g.apply(meld(tiles("R8 R8 K8")))


def test_sixty_now_and_forty_one_later_is_not_an_opening():
    g = game(
        "rummy101", [tiles("R13 K13 B13 Y12 Y11 Y10 K2 K3"), tiles("Y1 B2")], stock=tiles("B5 B6")
    )
    with pytest.raises(IllegalMove, match="worth 72"):
        g.apply(meld(tiles("R13 K13 B13"), tiles("Y10 Y11 Y12")))


def test_opening_with_five_pairs_and_not_with_four_or_mixed():
    hand = tiles("R1 R1 K2 K2 B3 B3 Y4 Y4 R5 R5 K7 K8 K9 Y13")
    pairs = [tiles("R1 R1"), tiles("K2 K2"), tiles("B3 B3"), tiles("Y4 Y4"), tiles("R5 R5")]
    g = game("rummy101", [hand, tiles("Y1")])
    with pytest.raises(IllegalMove, match="at least 5 pairs"):
        g.apply(meld(*pairs[:4]))
    with pytest.raises(IllegalMove, match="never both"):
        g.apply(meld(*pairs, tiles("K7 K8 K9")))
    g.apply(meld(*pairs))
    assert g.view(0)["opened"][0] == "pairs"


def test_pairs_opener_cannot_lay_runs_but_may_add_to_others_melds():
    pairs = [tiles("R1 R1"), tiles("K2 K2"), tiles("B3 B3"), tiles("Y4 Y4"), tiles("R5 R5")]
    g = game(
        "rummy101",
        [
            [*(t for p in pairs for t in p), *tiles("K7 K8 K9 Y13 B9")],
            R10_12 + B11_13 + ELEVENS + tiles("Y7"),
        ],
        stock=tiles("Y2 B10"),
    )
    g.apply(discard("Y13"))
    g.apply(DRAW)
    g.apply(meld(R10_12, B11_13, ELEVENS))
    g.apply(discard("Y2"))
    g.apply(DRAW)  # B10
    g.apply(meld(*pairs))
    with pytest.raises(IllegalMove, match="opened with pairs"):
        g.apply(meld(tiles("K7 K8 K9")))
    g.apply({"type": "layoff", "meld": 2, "cards": ["B10"]})
    assert g.view(0)["table"][1]["cards"] == tiles("B10 B11 B12 B13")


def test_runs_opener_may_lay_pairs_only_once_someone_opened_with_pairs():
    g = game("rummy101", [R10_12 + B11_13 + ELEVENS + tiles("K2 K2 Y9 Y9 B1"), tiles("Y1")])
    g.apply(meld(R10_12, B11_13, ELEVENS))
    with pytest.raises(IllegalMove, match="after a player has opened with pairs"):
        g.apply(meld(tiles("K2 K2")))


def test_before_opening_no_tile_may_be_added_to_the_table():
    g = game(
        "rummy101",
        [R10_12 + B11_13 + ELEVENS + tiles("Y7 Y8"), tiles("R13 K5 K6")],
        stock=tiles("Y2"),
    )
    g.apply(meld(R10_12, B11_13, ELEVENS))
    g.apply(discard("Y7"))
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="Open first"):
        g.apply({"type": "layoff", "meld": 1, "cards": ["R13"]})


def test_layoff_targets_are_the_melds_a_layoff_would_be_accepted_on():
    # The page marks these melds while tiles are selected (webapi `fits`): after the opening
    # those that take the tiles; before it none, though red 13 would end red 10-12.
    g = game(
        "rummy101",
        [R10_12 + B11_13 + ELEVENS + tiles("Y7 Y8 R9"), tiles("R13 K5 K6")],
        stock=tiles("Y2 Y3"),
    )
    g.apply(meld(R10_12, B11_13, ELEVENS))
    run = g.view(0)["table"][0]["id"]
    assert g.layoff_targets(["R9"]) == [run]
    assert g.layoff_targets(["Y7"]) == [] and g.layoff_targets(["R9", "Y8"]) == []
    assert g.layoff_targets(["R13"]) == []  # not in this rack
    g.apply(discard("Y7"))
    g.apply(DRAW)
    before = g.state()
    assert g.layoff_targets(["R13"]) == []  # seat 1 has not opened
    with pytest.raises(IllegalMove, match="Open first"):
        g.apply({"type": "layoff", "meld": run, "cards": ["R13"]})
    assert g.state() == before  # asking changes nothing


def test_a_last_tile_that_would_join_a_meld_is_kept_back_to_discard():
    # Red 9 would end the run, but it is the last tile: no target, and the page says why.
    g = game("rummy101", [R10_12 + B11_13 + ELEVENS + tiles("R9"), tiles("K5")])
    g.apply(meld(R10_12, B11_13, ELEVENS))
    assert g.layoff_targets(["R9"]) == []
    targets, kept = g.layoff_trial(["R9"])
    assert targets == [] and kept is not None and kept.code == "keep_one_tile"
    with pytest.raises(IllegalMove, match="Keep one tile to discard"):
        g.apply({"type": "layoff", "meld": g.view(0)["table"][0]["id"], "cards": ["R9"]})
    assert g.layoff_trial(["K5"]) == ([], None)  # not held: no reason of that kind


def test_joker_swap_targets_are_the_melds_whose_joker_the_tile_would_take():
    run = tiles("R7 R8 JK=R9 R10")
    g = game("rummy101", [tiles("R7 R8 JK R10 K13 B13 Y13 K12 B12 Y12 R9 R11"), tiles("K5")])
    g.apply(meld(run, tiles("K13 B13 Y13"), tiles("K12 B12 Y12")))
    with_joker = g.view(0)["table"][0]["id"]
    assert g.joker_swap_targets("R9") == [with_joker]
    assert g.joker_swap_targets("R11") == []  # it ends the run, but takes no joker
    assert g.layoff_targets(["R11"]) == [with_joker]


def test_taken_discard_must_be_part_of_the_opening():
    hand1 = tiles("R10 R11 B11 B12 B13 K11 Y11 R11 Y5")  # needs R12 to open 102
    g = game("rummy101", [tiles("R12 K1 K2"), hand1], stock=tiles("Y2"))
    g.apply(discard("R12"))
    g.apply(TAKE)
    with pytest.raises(IllegalMove, match="must be part of your opening"):
        g.apply(meld(B11_13, ELEVENS))
    with pytest.raises(IllegalMove, match="use it in a meld this turn"):
        g.apply(discard("Y5"))
    with pytest.raises(IllegalMove, match="already taken"):
        g.apply(DRAW)
    g.apply(meld(R10_12, B11_13, ELEVENS))
    g.apply(discard("Y5"))
    assert g.view(0)["opened"] == [None, "melds"]


def test_reset_turn_after_taking_the_discard_puts_it_back():
    g = game("rummy101", [tiles("R12 K1 K2"), tiles("R10 R11 Y5")], stock=tiles("Y2"))
    g.apply(discard("R12"))
    before = g.state()
    g.apply(TAKE)
    g.apply(RESET)
    assert g.state() == before
    assert g.view(1)["discard"] == ["R12"] and g.view(1)["phase"] == "draw"


def test_only_the_previous_players_last_discard_may_be_taken():
    g = game("rummy101", [tiles("R12 K1 K2"), tiles("R10 R11 Y5")], discard=tiles("Y9"))
    with pytest.raises(IllegalMove, match="22 tiles"):
        g.apply(TAKE)
    g.apply(discard("K1"))
    g.apply(DRAW)
    g.apply(discard("Y5"))
    g.apply(DRAW)
    g.apply(discard("K2"))
    g2 = game("rummy101", [tiles("R12 K1 K2"), tiles("R10 R11 Y5")], discard=tiles("Y9"), first=1)
    g2.apply(discard("Y5"))
    g2.apply(TAKE)  # seat 0 may take seat 1's Y5 ...
    g2.apply(RESET)
    g3 = rummy.load(g2.state())
    assert g3.state() == g2.state()


def test_dealt_discard_pile_tile_cannot_be_taken():
    g = game("rummy101", [tiles("R12 K1 K2"), tiles("R10 R11 Y5")], discard=tiles("Y9"), first=1)
    g.apply(discard("Y5"))
    g.apply(TAKE)
    g.apply(RESET)
    g.apply(DRAW)
    g.apply(discard("K1"))
    g.apply(DRAW)
    assert g.view(1)["discard"][-1] == "K1"


def test_joker_swap_gives_the_joker_back_to_the_hand():
    opener = [*tiles("R11 R12 JK"), *B11_13, *ELEVENS, *tiles("Y7 Y8")]
    seat1 = tiles("R13 K5 K6 K7 K8 K9 K10 K11 Y10 Y11 Y12 Y13 B2")  # 56 + 46 = 102
    g = game("rummy101", [opener, seat1], stock=tiles("Y2 Y3"))
    g.apply(meld(tiles("R11 R12 JK"), B11_13, ELEVENS))
    g.apply(discard("Y7"))
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="Open first"):
        g.apply({"type": "swap_joker", "meld": 1, "tile": "R13"})
    g.apply(meld(tiles("K5 K6 K7 K8 K9 K10 K11"), tiles("Y10 Y11 Y12 Y13")))
    with pytest.raises(IllegalMove, match="not the tile the joker stands for"):
        g.apply({"type": "swap_joker", "meld": 1, "tile": "B2"})
    g.apply({"type": "swap_joker", "meld": 1, "tile": "R13"})
    assert g.view(1)["table"][0]["cards"] == tiles("R11 R12 R13")
    assert g.hand(1).count("JK") == 1


def test_joker_in_a_set_may_be_swapped_for_any_missing_colour():
    from rummy import melds

    assert melds.swap_joker("set", tiles("R8 K8 JK=B8"), "Y8").codes == tuple(tiles("R8 K8 Y8"))
    with pytest.raises(IllegalMove):
        melds.swap_joker("set", tiles("R8 K8 JK=B8"), "R8")


def test_joker_button_once_per_round_at_the_draw_and_only_with_account_jokers():
    g = game(
        "rummy101",
        [tiles("R1 R2 R3"), tiles("K5 K6")],
        stock=tiles("Y2 Y3 Y4 Y5"),
        options={"joker_button": True, "joker_accounts": [1, 1]},
    )
    with pytest.raises(IllegalMove):
        g.apply(BUTTON)  # the starter does not draw on the first turn
    g.apply(discard("R1"))
    g.apply(BUTTON)
    assert g.hand(1).count("JK") == 1
    assert g.view(1)["joker_button"]["accounts"] == [1, 0]
    with pytest.raises(IllegalMove, match="Nothing to take back"):
        g.apply(RESET)
    g.apply(discard("K5"))
    g.apply(DRAW)
    g.apply(discard("R2"))
    with pytest.raises(IllegalMove, match="already used the joker button"):
        g.apply(BUTTON)
    off = game("rummy101", [tiles("R1 R2"), tiles("K5")])
    off.apply(discard("R1"))
    with pytest.raises(IllegalMove, match="joker button is off"):
        off.apply(BUTTON)
    empty = game(
        "rummy101",
        [tiles("R1 R2"), tiles("K5")],
        options={"joker_button": True, "joker_accounts": [1, 0]},
    )
    empty.apply(discard("R1"))
    with pytest.raises(IllegalMove, match="no jokers"):
        empty.apply(BUTTON)


def test_finishing_keeps_one_tile_to_discard():
    g = game(
        "rummy101", [R10_12 + B11_13 + ELEVENS + tiles("K7 K8 K9"), tiles("Y1")], stock=tiles("Y5")
    )
    with pytest.raises(IllegalMove, match="Keep one tile to discard"):
        g.apply(meld(R10_12, B11_13, ELEVENS, tiles("K7 K8 K9")))


ONE_TURN = tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1 K2 K3 K4 K5 K6 K7 K8")


@pytest.mark.parametrize(
    ("last", "kind", "gain", "loss"),
    [("Y5", "one_turn", 202, -404), ("JK", "one_turn_joker", 404, -808)],
)
def test_finish_in_one_turn(last, kind, gain, loss):
    g = game("rummy101", [[*ONE_TURN, last], tiles("Y1 Y2"), tiles("B1")])
    g.apply(meld(ONE_TURN[:13], ONE_TURN[13:]))
    g.apply(discard(last))
    result = g.round_result
    assert result["kind"] == kind and result["winner"] == 0
    assert result["points"] == [gain, loss, loss]
    assert g.scores == [gain, loss, loss]


@pytest.mark.parametrize(("last", "kind"), [("Y6", "normal"), ("JK", "joker")])
def test_normal_and_joker_finish_after_another_player_opened(last, kind):
    seat0 = [*ONE_TURN[:13], *tiles("K11 K12 K13 Y9 B1 B2 B3 B4"), last]
    seat1 = tiles("Y10 Y11 Y12 Y13 K4 K5 K6 K7 K8 K9 K10 Y1 Y2 Y3 R5 R6 Y7 Y8 K1 K2 B12")
    g = game("rummy101", [seat0, seat1], stock=tiles("B13 B5"))
    g.apply(meld(ONE_TURN[:13], tiles("K11 K12 K13")))
    g.apply(discard("Y9"))
    g.apply(DRAW)
    g.apply(meld(tiles("Y10 Y11 Y12 Y13"), tiles("K4 K5 K6 K7 K8 K9 K10"), tiles("Y1 Y2 Y3")))
    g.apply(discard("B13"))
    g.apply(DRAW)
    g.apply(meld(tiles("B1 B2 B3 B4 B5")))
    g.apply(discard(last))
    value = 5 + 6 + 7 + 8 + 1 + 2 + 12
    factor = 2 if kind == "joker" else 1
    assert g.round_result["kind"] == kind
    assert g.round_result["points"] == [202 if factor == 2 else 101, -value * factor]


def test_stock_running_out_ends_the_round_everyone_pays():
    g = game("rummy101", [tiles("R1 R2 JK"), tiles("K5 K6")], stock=tiles("Y7"), tail_discard=True)
    g.apply(discard("R1"))
    g.apply(DRAW)
    g.apply(discard("Y7"))
    assert g.round_over
    assert g.round_result["kind"] == "stock_out" and g.round_result["winner"] is None
    assert g.round_result["points"] == [-202, -202]


@pytest.mark.parametrize(
    ("kind", "opened", "values", "points"),
    [
        ("normal", [None, None, "melds", "pairs"], [0, 50, 20, 20], [101, -202, -20, -40]),
        ("joker", [None, None, "melds", "pairs"], [0, 50, 20, 20], [202, -404, -40, -80]),
        ("one_turn", [None, None], [0, 30], [202, -404]),
        ("one_turn_joker", [None, None], [0, 30], [404, -808]),
        ("stock_out", [None, "melds", "pairs"], [30, 20, 20], [-202, -20, -40]),
    ],
)
def test_scoring_table_rows(kind, opened, values, points):
    winner = None if kind == "stock_out" else 0
    hands = [["R" + str(v)] if 0 < v <= 13 else ["R10"] * (v // 10) for v in values]
    hands = [h if v else [] for h, v in zip(hands, values, strict=True)]
    assert score_tiles(hands, opened, winner, kind)["points"] == points


def test_joker_left_in_hand_counts_101():
    result = score_tiles([[], ["JK", "R3"]], ["melds", "melds"], 0, "normal")
    assert result["values"] == [0, 104] and result["points"] == [101, -104]


def test_rising_threshold_beats_the_previous_opening():
    seat0 = [*ONE_TURN[:13], *tiles("K11 K12 K13 Y9 Y8")]  # opens with 91 + 36 = 127
    seat1 = tiles("Y10 Y11 Y12 Y13 K4 K5 K6 K7 K8 K9 K10 Y1 Y2 Y3 B7")  # 46 + 49 + 6 = 101
    g = game("rummy101", [seat0, seat1], stock=tiles("B13"), options={"threshold": "rising"})
    g.apply(meld(ONE_TURN[:13], tiles("K11 K12 K13")))
    assert g.view(1)["thresholds"] == {"points": 128, "pairs": 5}
    g.apply(discard("Y9"))
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="you need at least 128"):
        g.apply(meld(tiles("Y10 Y11 Y12 Y13"), tiles("K4 K5 K6 K7 K8 K9 K10"), tiles("Y1 Y2 Y3")))


def test_reset_turn_takes_back_this_turns_plays_and_their_log():
    g = game("rummy101", [R10_12 + B11_13 + ELEVENS + tiles("K2 K3"), tiles("Y1")])
    before = g.state()
    g.apply(meld(R10_12, B11_13, ELEVENS))
    g.apply(RESET)
    assert g.state() == before
    with pytest.raises(IllegalMove, match="Nothing to take back"):
        g.apply(RESET)


def test_match_is_a_number_of_rounds_and_equal_leaders_share():
    g = game(
        "rummy101",
        [tiles("R1 R2 JK"), tiles("K5 K6")],
        stock=tiles("Y7"),
        tail_discard=True,
        options={"rounds": 1},
    )
    g.apply(discard("R1"))
    g.apply(DRAW)
    g.apply(discard("Y7"))
    assert g.game_over and g.winners == [0, 1]
