"""`rummy200` — the 4-player game to 200 points (RULES.md §2)."""

import pytest

import rummy
from helpers import game
from rummy import IllegalMove

DRAW = {"type": "draw", "source": "stock"}


def discard(card):
    return {"type": "discard", "card": card}


def meld(*groups):
    return {"type": "meld", "melds": [list(g) for g in groups]}


def four(h0, h1=("2C", "2D"), h2=("3C", "3D"), h3=("4C", "4D")):
    return [list(h0), list(h1), list(h2), list(h3)]


def test_four_players_seven_cards_and_a_23_card_stock():
    g = rummy.new_game("rummy200", seed=5)
    assert g.players == 4
    assert [len(g.hand(s)) for s in range(4)] == [7] * 4
    assert g.view(0)["stock"] == 23 and len(g.view(0)["discard"]) == 1
    with pytest.raises(IllegalMove, match="4 players"):
        rummy.new_game("rummy200", players=3)
    with pytest.raises(IllegalMove, match="does not apply"):
        rummy.new_game("rummy200", options={"ace_high_or_low": True})


def test_lay_off_only_after_a_meld_of_your_own():
    g = game("rummy200", four(["7C", "8C", "9C", "KD", "KH"], ["TC", "5D", "6D", "AS"]))
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard(g.hand(0)[-1]))
    g.apply(DRAW)
    before = g.state()
    with pytest.raises(IllegalMove, match="meld of your own before you lay off"):
        g.apply({"type": "layoff", "meld": 1, "cards": ["TC"]})
    assert g.state() == before


def test_lay_offs_on_anyones_melds_after_own_meld():
    g = game(
        "rummy200",
        [
            ["7C", "8C", "9C", "KD", "KH", "2S"],
            ["TC", "5D", "6D", "4D", "JC"],
            ["3C", "3D"],
            ["4C", "4H"],
        ],
    )
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply(discard(g.hand(0)[-1]))
    g.apply(DRAW)
    g.apply(meld(["4D", "5D", "6D"]))
    g.apply({"type": "layoff", "meld": 1, "cards": ["TC"]})
    g.apply({"type": "layoff", "meld": 1, "cards": ["JC"]})
    assert g.view(0)["table"][0]["cards"] == ["7C", "8C", "9C", "TC", "JC"]


def test_closing_by_melding_the_drawn_card_needs_no_discard():
    # RULES.md §2: holding Q♣ Q♠, drawing Q♥ and melding all three closes with no discard.
    g = game("rummy200", four(["QC", "QS"], ["KC", "KD", "5H"], ["AS"], ["2H", "9D"]), stock=["QH"])
    g.apply(DRAW)
    g.apply(meld(["QC", "QS", "QH"]))
    assert g.round_over
    assert g.round_result["kind"] == "closed"
    assert g.round_result["points"] == [10 + 10 + 5 + 1 + 2 + 9, 0, 0, 0]


def test_closing_by_laying_off_the_last_card():
    g = game("rummy200", four(["7C", "8C", "9C", "TC", "2S"], ["KC", "KD"]), stock=["JC"])
    g.apply(DRAW)
    g.apply(meld(["7C", "8C", "9C"]))
    g.apply({"type": "layoff", "meld": 1, "cards": ["TC", "JC"]})
    g.apply(discard("2S"))
    assert g.round_over and g.round_result["winner"] == 0


def test_stock_turns_over_once_unshuffled_bottom_card_on_top():
    hands = four(["2S", "3S"], ["4S", "5S"], ["6S", "7S"], ["8S", "9S"])
    g = game("rummy200", hands, stock=["TS"], tail_discard=True)
    pile = g.view(0)["discard"]
    g.apply(DRAW)
    g.apply(discard("2S"))
    state = g.state()
    assert state["stock"] == pile  # the old pile minus its new top, bottom card first
    assert state["discard"] == ["2S"]
    assert g.view(1)["log"][-1]["type"] == "turnover"


def test_second_time_the_stock_runs_out_is_a_stalemate():
    hands = four(["2S", "3S"], ["4S", "5S"], ["6S", "7S"], ["8S", "9S"])
    g = game("rummy200", hands, stock=["TS"], tail_discard=True)
    g.apply(DRAW)
    g.apply(discard("2S"))
    while not g.round_over:
        g.apply(DRAW)
        g.apply(discard(g.hand(g.current_player)[0]))
    assert g.round_result["kind"] == "stalemate"
    assert g.round_result["winner"] is None
    assert g.round_result["points"] == [0, 0, 0, 0]


def test_turnover_that_would_leave_an_empty_stock_is_a_stalemate_at_once():
    rest = [c for c in rummy.cards.DECK if c != "2S"]
    hands = [rest[0:13], rest[13:26], rest[26:39], rest[39:51]]
    g = game("rummy200", hands, discard=["2S"])
    g.apply({"type": "draw", "source": "discard"})
    g.apply(discard(hands[0][0]))
    assert g.round_over and g.round_result["kind"] == "stalemate"


def test_the_match_is_won_at_200_points():
    g = game(
        "rummy200",
        four(["QC", "QS"], ["KC", "KD", "5H"], ["AS"], ["2H", "9D"]),
        stock=["QH"],
        options={"target": 30},
    )
    g.apply(DRAW)
    g.apply(meld(["QC", "QS", "QH"]))
    assert g.game_over and g.winners == [0]
    assert rummy.new_game("rummy200", seed=1).view(0)["options"]["target"] == 200


def test_a_play_may_not_leave_only_the_card_just_taken_from_the_pile():
    # The position: taking AD and melding both groups would leave AD alone, and AD
    # cannot be discarded this turn, so the turn could never end.
    hand = ["QC", "QD", "QS", "4H", "5H", "6H", "7H"]
    g = game("rummy200", four(hand), discard=["AD"])
    g.apply({"type": "draw", "source": "discard"})
    before = g.state()
    with pytest.raises(IllegalMove, match="Keep a card to discard: A♦ came from the discard pile"):
        g.apply(meld(["QC", "QD", "QS"], ["4H", "5H", "6H", "7H"]))
    assert g.state() == before
    # One group at a time: the second would leave AD alone too.
    g.apply(meld(["QC", "QD", "QS"]))
    with pytest.raises(IllegalMove, match="Keep a card to discard"):
        g.apply(meld(["4H", "5H", "6H", "7H"]))
    # Keeping another card is fine: the turn ends with its discard.
    g.apply(meld(["4H", "5H", "6H"]))
    g.apply(discard("7H"))
    assert g.current_player == 1 and g.hand(0) == ["AD"]
