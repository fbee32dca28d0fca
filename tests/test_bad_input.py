"""Malformed input gets a clear IllegalMove/ValueError and never a half-applied move."""

import pytest

import rummy
from helpers import game
from rummy import IllegalMove
from rummy.errors import InvalidState

BAD_ACTIONS = [
    (None, "An action is an object"),
    ("draw", "An action is an object"),
    ({}, "An action is an object"),
    ({"type": 5}, "An action is an object"),
    ({"type": "fly"}, "Unknown action 'fly'"),
    ({"type": "draw"}, "Draw from 'stock' or 'discard'"),
    ({"type": "draw", "source": ["stock"]}, "Draw from"),
    ({"type": "discard", "card": "ZZ"}, "'ZZ' is not a card"),
    ({"type": "discard", "card": 7}, "7 is not a card"),
    ({"type": "discard"}, "None is not a card"),
    ({"type": "discard", "card": "AH"}, "You do not hold A♥"),
    ({"type": "meld", "melds": "7H8H9H"}, "lists one or more melds"),
    ({"type": "meld", "melds": []}, "lists one or more melds"),
    ({"type": "meld", "melds": [["7C", 8, "9C"]]}, "list of card codes"),
    ({"type": "meld", "melds": [["7C", "8C", "9C"], ["7C", "8C", "9C"]]}, "You do not hold"),
    ({"type": "layoff", "meld": 3, "cards": ["7C"]}, "no meld number 3"),
    ({"type": "layoff", "meld": "1", "cards": ["7C"]}, "by its number"),
    ({"type": "layoff", "meld": True, "cards": ["7C"]}, "by its number"),
    ({"type": "swap_joker", "meld": 1, "tile": "R5"}, "no jokers in this game"),
    ({"type": "reset_turn"}, "Nothing to take back"),
]


@pytest.mark.parametrize(("action", "message"), BAD_ACTIONS)
def test_malformed_action_is_refused_and_changes_nothing(action, message):
    g = game("basic", [["7C", "8C", "9C", "2D"], ["KC", "KD", "4H"]])
    if action not in (None, "draw") and action.get("type") not in (None, 5, "fly", "draw"):
        g.apply({"type": "draw", "source": "stock"})
    before = g.state()
    with pytest.raises(IllegalMove, match=message):
        g.apply(action)
    assert g.state() == before


def test_a_refused_meld_among_several_lays_none_of_them():
    g = game("basic", [["7C", "8C", "9C", "2D", "5S", "6H"], ["KC", "KD", "4H"]])
    g.apply({"type": "draw", "source": "stock"})
    before = g.state()
    with pytest.raises(IllegalMove, match="neither a set"):
        g.apply({"type": "meld", "melds": [["7C", "8C", "9C"], ["2D", "5S", "6H"]]})
    assert g.state() == before


def test_pinned_joker_meaning_must_fit():
    g = game("rummy101", [["R5", "R6", "JK", "K1"], ["Y1"]])
    with pytest.raises(IllegalMove, match="must stand for a red tile"):
        g.apply({"type": "meld", "melds": [["R5", "R6", "JK=B7"]]})
    with pytest.raises(IllegalMove, match="not a tile"):
        g.apply({"type": "meld", "melds": [["R5", "R6", "JK=R14"]]})


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("cards", "A deal is an object"),
        ({"hands": [[]], "stock": []}, "must list 2 hands"),
        ({"hands": [[], []], "stock": "AS"}, "must be lists"),
        ({"hands": [["AS"], ["AS"]], "stock": []}, "missing 2C .*extra AS"),
        ({"hands": [["XX"], []], "stock": []}, "'XX' is not a card"),
        ({"hands": [[], []], "stock": [], "first": 5}, "must be a seat"),
    ],
)
def test_a_deal_that_does_not_add_up_is_refused(deal, message):
    with pytest.raises(ValueError, match=message):
        rummy.new_game("basic", players=2, deal=deal)


def test_view_and_hand_of_a_seat_that_does_not_exist():
    g = rummy.new_game("basic", players=2, seed=1)
    for seat in (-1, 2, "0", None, True):
        with pytest.raises(IllegalMove, match="no seat"):
            g.view(seat)


def test_next_round_while_the_round_is_played_is_refused():
    with pytest.raises(IllegalMove, match="still being played"):
        rummy.new_game("basic", players=2, seed=1).next_round()


def test_seed_must_be_a_whole_number_and_large_seeds_stay_exact_in_json():
    with pytest.raises(IllegalMove, match="seed"):
        rummy.new_game("basic", players=2, seed="7")
    big = rummy.new_game("basic", players=2, seed=2**80).state()["seed"]
    assert 0 <= big < 2**53


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda s: s.pop("hands"), "'hands' is missing"),
        (lambda s: s.update(version=99), "another version"),
        (lambda s: s.update(variant="gin"), "Unknown rule set"),
        (lambda s: s["hands"][0].append(s["stock"].pop()), None),
        (lambda s: s["hands"][0].append("AS"), "do not add up"),
        (lambda s: s.update(current=9), "'current' is 9"),
        (lambda s: s.update(phase="dance"), "'phase'"),
        (lambda s: s.update(extra=1), "unknown field"),
        (lambda s: s["options"].update(target="x"), "whole number"),
        (lambda s: s["log"].append("<script>"), "log entry is not an object"),
        (lambda s: s["log"].append({"type": "discard", "seat": 0, "card": "<b>"}), "not a card"),
        (lambda s: s["log"].append({"type": "hack", "seat": 0}), "unknown type"),
        (
            lambda s: s["log"].append({"type": "discard", "seat": 0, "card": "AS", "x": 1}),
            "other fields",
        ),
        (lambda s: s["history"].append({"winner": 0}), "round result is malformed"),
        (lambda s: s.update(round_over=True), "disagree"),
        (lambda s: s.update(game_over=True), "'game_over' does not say"),
        (lambda s: s.update(winners=["<img src=x onerror=alert(1)>"]), "'winners' are not"),
        (lambda s: s.update(scores=[10**300, 0]), "'scores' is too large"),
        (lambda s: s.update(scores=[149, -1000]), "not the sum of the points"),
        (lambda s: s["options"].update(target=2**60), "from 1 to 100,000"),
        (lambda s: s["options"].update(hands=10_000), "from 1 to 100"),
        (lambda s: s.update(seed=2**53), "'seed' is"),
        (lambda s: s.update(turn=5), "'turn' is ahead"),
        (lambda s: s.update(drawn="<b>"), "'drawn' is"),
        (lambda s: s.update(thresholds={"points": 101, "pairs": 5}), "Rummy 101 only"),
        (lambda s: s.update(round=2), "finished rounds do not match"),
        (
            lambda s: s["log"].extend([{"type": "draw", "source": "stock", "seat": 0}] * 10_001),
            "more than 10,000 events",
        ),
    ],
)
def test_load_refuses_a_damaged_state_with_a_reason(damage, message):
    state = rummy.new_game("basic", players=2, seed=4).state()
    damage(state)
    if message is None:  # moving a card from stock to hand keeps the set whole: still loads
        rummy.load(state)
        return
    with pytest.raises(InvalidState, match=message):
        rummy.load(state)
    assert isinstance(InvalidState("x"), ValueError)


def test_load_refuses_non_objects():
    for junk in (None, [], "state", 5):
        with pytest.raises(InvalidState, match="not an object"):
            rummy.load(junk)


def test_load_refuses_a_rack_larger_than_a_deal_and_one_take():
    state = rummy.new_game("rummy101", players=2, seed=4).state()
    state["hands"][0] += state["stock"][:2]  # 22 + 2 tiles
    del state["stock"][:2]
    state["undo"] = None
    with pytest.raises(InvalidState, match="rack holds 24 tiles"):
        rummy.load(state)


def test_a_deal_gives_a_rack_at_most_22_tiles():
    pieces = list(rummy.tiles.FULL_SET)
    with pytest.raises(IllegalMove, match="at most 22 tiles"):
        rummy.new_game(
            "rummy101", players=2, deal={"hands": [pieces[:101], []], "stock": pieces[101:]}
        )


def test_a_round_result_must_be_what_the_rules_score():
    g = game("basic", [["7C", "8C", "9C"], ["KC", "KD", "4H"]], stock=["2D"], options={"hands": 2})
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "meld", "melds": [["7C", "8C", "9C"]]})
    g.apply({"type": "discard", "card": "2D"})
    assert g.round_over
    rummy.load(g.state())
    forged = g.state()
    forged["history"][0]["points"] = [500, 0]
    forged["round_result"]["points"] = [500, 0]
    forged["scores"] = [500, 0]
    with pytest.raises(InvalidState, match="not what the rules give"):
        rummy.load(forged)
