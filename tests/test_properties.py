"""Property tests: random play, legal and illegal, over every rule set and player count.

After every action: every card/tile exists exactly once across hands, stock, discard pile and
table; `load(state())` round-trips; an illegal action changed nothing; no view shows another
seat's hand or the stock. Rounds end, and scores add up to the rounds' points.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummy
from helpers import expected_pieces, pieces_everywhere, random_action
from rummy import IllegalMove

CASES = (
    [("basic", n) for n in range(2, 7)] + [("rummy200", 4)] + [("rummy101", n) for n in (2, 3, 4)]
)
OPTIONS = {
    "basic": [
        {"max_rebuilds": 3},
        {"max_rebuilds": 2, "ace_high_or_low": True, "last_card_discard": True},
    ],
    "rummy200": [{}],
    "rummy101": [{}, {"threshold": "rising", "joker_button": True, "joker_accounts": 2}],
}
VIEW_KEYS = {
    "variant",
    "players",
    "seat",
    "options",
    "round",
    "first",
    "turn",
    "hand",
    "hand_sizes",
    "table",
    "stock",
    "discard",
    "current_player",
    "phase",
    "drawn",
    "taken",
    "can_undo",
    "taken_used",
    "discard_by",
    "opened",
    "thresholds",
    "last_discards",
    "joker_button",
    "scores",
    "round_over",
    "round_result",
    "history",
    "game_over",
    "winners",
    "log",
}


def check_view_secrecy(g: rummy.Game) -> None:
    state = g.state()
    for seat in range(g.players):
        view = g.view(seat)
        assert set(view) == VIEW_KEYS
        assert view["hand"] == state["hands"][seat]
        assert view["stock"] == len(state["stock"])
        for event in view["log"]:
            if event["type"] == "draw" and event["source"] != "discard":
                assert "card" not in event
        if not view["round_over"]:
            assert view["round_result"] is None
        text = json.dumps(view)
        assert '"seed"' not in text and '"undo"' not in text


def play_round(g: rummy.Game, r: random.Random, max_actions: int = 4000) -> int:
    actions = 0
    while not g.round_over:
        actions += 1
        assert actions < max_actions, "the round did not end"
        before = g.state()
        action = random_action(g, r)
        try:
            g.apply(action)
        except IllegalMove as err:
            assert str(err)
            assert g.state() == before, f"{action} was refused but changed the game"
            if g.view(g.current_player)["phase"] == "play" and r.random() < 0.5:
                hand = g.hand(g.current_player)
                for card in hand:  # find some legal discard so play moves on
                    try:
                        g.apply({"type": "discard", "card": card})
                        break
                    except IllegalMove:
                        continue
                else:
                    if g.view(g.current_player)["can_undo"]:
                        g.apply({"type": "reset_turn"})
            continue
        state = g.state()
        assert pieces_everywhere(state) == expected_pieces(state)
        assert rummy.load(state).state() == state
    return actions


@pytest.mark.parametrize(("variant", "players"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**53 - 1), pick=st.integers(0, 1))
def test_random_play_keeps_every_invariant(variant, players, seed, pick):
    options = OPTIONS[variant][pick % len(OPTIONS[variant])]
    g = rummy.new_game(variant, players=players, seed=seed, options=options)
    r = random.Random(seed)
    play_round(g, r)
    check_view_secrecy(g)
    result = g.round_result
    assert len(result["points"]) == players
    assert g.scores == [sum(h["points"][s] for h in g.view(0)["history"]) for s in range(players)]
    if variant != "rummy101":
        assert all(p >= 0 for p in result["points"])
        if result["winner"] is not None:
            others = sum(result["values"]) - result["values"][result["winner"]]
            factor = 2 if result["kind"] == "rummy" else 1
            assert result["points"][result["winner"]] == others * factor


@pytest.mark.parametrize(("variant", "players"), [("basic", 3), ("rummy101", 2)])
def test_whole_matches_end_and_same_seed_replays_exactly(variant, players):
    options = {"max_rebuilds": 2, "target": 60} if variant == "basic" else {"rounds": 2}
    finals = []
    for _ in range(2):
        g = rummy.new_game(variant, players=players, seed=11, options=options)
        r = random.Random(5)
        rounds = 0
        while True:
            play_round(g, r)
            rounds += 1
            if g.game_over:
                break
            g.next_round()
            assert rounds < 60
        finals.append(g.state())
        assert g.winners and max(g.scores) == g.scores[g.winners[0]]
    assert finals[0] == finals[1]


def test_view_mid_round_hides_other_hands_and_the_stock_order():
    g = rummy.new_game("basic", players=4, seed=3)
    g.apply({"type": "draw", "source": "stock"})
    view = g.view(1)
    hidden = set(g.hand(0)) | set(g.state()["stock"])
    shown = set(view["hand"]) | set(view["discard"])
    text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "discard")})
    assert not any(f'"{card}"' in text for card in hidden - shown)
