"""`basic` — classic Rummy (RULES.md §1)."""

import pytest

import rummy
from helpers import game
from rummy import IllegalMove

DRAW = {"type": "draw", "source": "stock"}
TAKE = {"type": "draw", "source": "discard"}


def discard(card):
    return {"type": "discard", "card": card}


def meld(*groups):
    return {"type": "meld", "melds": [list(g) for g in groups]}


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_sizes_by_player_count(players, size):
    g = rummy.new_game("basic", players=players, seed=3)
    assert [len(g.hand(s)) for s in range(players)] == [size] * players
    view = g.view(0)
    assert len(view["discard"]) == 1
    assert view["stock"] == 52 - players * size - 1


def test_player_count_outside_two_to_six_is_refused():
    with pytest.raises(IllegalMove, match="2 to 6 players"):
        rummy.new_game("basic", players=7)


def test_same_seed_same_game_and_first_seat_moves_each_round():
    a = rummy.new_game("basic", players=3, seed=42)
    b = rummy.new_game("basic", players=3, seed=42)
    assert a.state() == b.state()
    assert a.current_player == 0
    assert rummy.new_game("basic", players=3, seed=43).state() != a.state()


def test_draw_then_discard_passes_the_turn_left():
    g = game("basic", [["2C", "3D", "9S"], ["KC", "KD", "4H"]], stock=["7H"], discard=["5S"])
    g.apply(DRAW)
    assert "7H" in g.hand(0)
    g.apply(discard("9S"))
    assert g.current_player == 1
    assert g.view(1)["discard"][-1] == "9S"


def test_discard_before_drawing_is_refused():
    g = game("basic", [["2C", "3D", "9S"], ["KC", "KD", "4H"]])
    with pytest.raises(IllegalMove, match="Draw first"):
        g.apply(discard("9S"))


def test_card_taken_from_discard_pile_cannot_be_discarded_same_turn():
    g = game("basic", [["2C", "3D", "9S"], ["KC", "KD", "4H"]], discard=["5S"])
    g.apply(TAKE)
    with pytest.raises(IllegalMove, match="cannot discard it in the same turn"):
        g.apply(discard("5S"))
    g.apply(discard("2C"))
    assert g.current_player == 1


def test_ace_is_low_only():
    g = game("basic", [["AH", "2H", "3H", "QS", "KS", "AS", "9D"], ["KC", "KD", "4H"]])
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="ace is low"):
        g.apply(meld(["QS", "KS", "AS"]))
    g.apply(meld(["AH", "2H", "3H"]))
    assert g.view(1)["table"][0]["cards"] == ["AH", "2H", "3H"]


def test_ace_high_or_low_option_allows_q_k_a_but_never_k_a_2():
    hands = [["QS", "KS", "AS", "KH", "AH", "2H", "9D"], ["KC", "KD", "4H"]]
    g = game("basic", hands, options={"ace_high_or_low": True})
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="wrap"):
        g.apply(meld(["KH", "AH", "2H"]))
    g.apply(meld(["AS", "QS", "KS"]))
    assert g.view(0)["table"][0]["cards"] == ["QS", "KS", "AS"]


def test_lay_off_needs_no_meld_of_your_own():
    g = game("basic", [["7C", "8C", "9C", "2D", "4S"], ["TC", "KD", "4H", "5H"]])
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard("4S"))
    g.apply(DRAW)
    g.apply({"type": "layoff", "meld": 1, "cards": ["TC"]})
    assert g.view(0)["table"][0]["cards"] == ["7C", "8C", "9C", "TC"]
    assert g.view(0)["opened"] == [True, False]


def test_lay_off_that_does_not_fit_is_refused_with_reason():
    g = game("basic", [["7C", "8C", "9C", "2D", "4S"], ["JC", "KD", "4H", "5H"]])
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard("4S"))
    g.apply(DRAW)
    before = g.state()
    with pytest.raises(IllegalMove, match="does not fit the run"):
        g.apply({"type": "layoff", "meld": 1, "cards": ["JC"]})
    with pytest.raises(IllegalMove, match="no meld number 9"):
        g.apply({"type": "layoff", "meld": 9, "cards": ["KD"]})
    assert g.state() == before


def test_going_out_by_melding_needs_no_discard_and_scores_other_hands():
    # Seat 0 melded earlier, so this is a plain "out", not rummy.
    g = game(
        "basic",
        [["7C", "8C", "9C", "QD", "QH", "2S"], ["KC", "KD", "4H", "AH"]],
        stock=["3S", "5C", "QS"],
    )
    g.apply(DRAW)  # 3S
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard("3S"))
    g.apply(DRAW)  # seat 1 draws 5C
    g.apply(discard("5C"))
    g.apply(DRAW)  # QS
    g.apply(meld(["QD", "QH", "QS"]))
    assert g.hand(0) == ["2S"]
    g.apply(discard("2S"))
    assert g.round_over
    result = g.round_result
    assert result["winner"] == 0 and result["kind"] == "out"
    assert result["points"] == [10 + 10 + 4 + 1, 0]
    assert g.scores == [25, 0]


def test_going_rummy_doubles_the_points():
    g = game(
        "basic", [["7C", "8C", "9C", "QD", "QH", "2S"], ["KC", "KD", "4H", "AH"]], stock=["QS"]
    )
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    g.apply(discard("2S"))
    assert g.round_result["kind"] == "rummy"
    assert g.round_result["points"] == [2 * 25, 0]


def test_going_out_by_melding_the_last_cards():
    g = game("basic", [["7C", "8C", "9C", "QD", "QH"], ["KC", "KD", "4H"]], stock=["QS"])
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    assert g.round_over and g.round_result["winner"] == 0


def test_last_card_discard_option_forbids_going_out_by_melding():
    g = game(
        "basic",
        [["7C", "8C", "9C", "QD", "QH"], ["KC", "KD", "4H"]],
        stock=["QS"],
        options={"last_card_discard": True},
    )
    g.apply(DRAW)
    with pytest.raises(IllegalMove, match="discarding"):
        g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    g.apply(meld(["7C", "8C", "9C"]))
    assert not g.round_over


def test_ace_high_option_counts_aces_fifteen():
    g = game(
        "basic",
        [["7C", "8C", "9C", "QD", "QH"], ["AC", "AD", "4H"]],
        stock=["QS"],
        options={"ace_high_or_low": True},
    )
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    assert g.round_result["kind"] == "rummy"
    assert g.round_result["points"] == [2 * (15 + 15 + 4), 0]


def test_stock_is_rebuilt_from_the_discard_pile_except_its_top():
    hands = [["2C", "3D"], ["KC", "KD"]]
    g = game("basic", hands, stock=["9S"], tail_discard=True)
    pile = g.view(0)["discard"]
    g.apply(DRAW)
    g.apply(discard("2C"))
    view = g.view(1)
    assert view["discard"] == ["2C"]
    assert view["stock"] == len(pile)
    assert view["log"][-1]["type"] == "rebuild"
    assert sorted(g.state()["stock"]) == sorted(pile)
    assert g.state()["stock"] != pile  # shuffled, by the game's seed


def test_no_new_stock_possible_ends_the_hand_without_score():
    g = game(
        "basic",
        [
            [
                *["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
                *["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
            ],
            [
                *["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
                *["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
            ],
        ],
        stock=["AS"],
    )
    g.apply(DRAW)
    g.apply(discard("AS"))
    assert g.round_over
    assert g.round_result == {
        **g.round_result,
        "winner": None,
        "kind": "no_stock",
        "points": [0, 0],
    }


def test_max_rebuilds_caps_the_rebuilds():
    g = game(
        "basic",
        [["2C", "3D"], ["KC", "KD"]],
        stock=["9S"],
        tail_discard=True,
        options={"max_rebuilds": 0},
    )
    g.apply(DRAW)
    g.apply(discard("2C"))
    assert g.round_over and g.round_result["kind"] == "no_stock"


def test_target_ends_the_match_and_hands_option_plays_fixed_hands():
    g = game(
        "basic",
        [["7C", "8C", "9C", "QD", "QH"], ["KC", "KD", "4H"]],
        stock=["QS"],
        options={"target": 20},
    )
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    assert g.game_over and g.winners == [0]
    with pytest.raises(IllegalMove, match="match is over"):
        g.next_round()
    g = game(
        "basic",
        [["7C", "8C", "9C", "QD", "QH"], ["KC", "KD", "4H"]],
        stock=["QS"],
        options={"hands": 2},
    )
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"], ["QD", "QH", "QS"]))
    assert not g.game_over
    g.next_round()
    assert g.round == 2 and g.current_player == 1


def test_equal_leaders_share_the_win_after_fixed_hands():
    g = game(
        "basic",
        [["2C", "3D"], ["KC", "KD"]],
        stock=["9S"],
        tail_discard=True,
        options={"hands": 1, "max_rebuilds": 0},
    )
    g.apply(DRAW)
    g.apply(discard("2C"))
    assert g.game_over and g.winners == [0, 1]


def test_unknown_option_and_bad_values_are_refused():
    with pytest.raises(IllegalMove, match="does not apply"):
        rummy.new_game("basic", players=2, options={"threshold": "rising"})
    with pytest.raises(IllegalMove, match="true or false"):
        rummy.new_game("basic", players=2, options={"ace_high_or_low": "yes"})
    with pytest.raises(IllegalMove, match="Unknown rule set"):
        rummy.new_game("gin", players=2)


def test_a_lay_off_may_not_leave_only_the_card_just_taken_from_the_pile():
    g = game("basic", [["7C", "8C", "9C", "TC"], ["KC", "KD", "4H"]], discard=["5S"])
    g.apply({"type": "draw", "source": "discard"})
    g.apply(meld(["7C", "8C", "9C"]))
    with pytest.raises(IllegalMove, match="Keep a card to discard"):
        g.apply({"type": "layoff", "meld": 1, "cards": ["TC"]})
    assert g.hand(0) == ["TC", "5S"]


def test_a_match_ends_after_100_rounds_at_most():
    from rummy.scoring import match_winners

    options = rummy.new_game("basic", players=2, seed=1).options
    assert match_winners(options, 99, [0, 3]) is None
    assert match_winners(options, 100, [0, 3]) == [1]
    assert match_winners(options, 100, [3, 3]) == [0, 1]
