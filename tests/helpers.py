"""Shared test helpers: known positions (`deal=`) and a seeded random player."""

from __future__ import annotations

import random
from collections import Counter

import rummy
from rummy import IllegalMove, cards, tiles


def deck(variant: str) -> list[str]:
    return list(tiles.FULL_SET if variant == "rummy101" else cards.DECK)


def deal(
    variant: str,
    hands: list[list[str]],
    stock: list[str] | None = None,
    discard: list[str] | None = None,
    first: int = 0,
    tail_discard: bool = False,
) -> dict:
    """A complete deal: the given hands, stock top and discard pile; every other piece goes to the
    bottom of the stock (or, with ``tail_discard``, under the discard pile)."""
    stock = list(stock or [])
    discard = list(discard or [])
    rest = Counter(deck(variant))
    rest.subtract(Counter([c for h in hands for c in h] + stock + discard))
    assert all(v >= 0 for v in rest.values()), f"over-used: {+rest}"
    remaining = sorted(rest.elements(), key=deck(variant).index)
    if tail_discard:
        discard = remaining + discard
    else:
        stock += remaining
    return {"hands": hands, "stock": stock, "discard": discard, "first": first}


def game(
    variant: str, hands, stock=None, discard=None, first=0, options=None, seed=1, tail_discard=False
) -> rummy.Game:
    return rummy.new_game(
        variant,
        players=len(hands),
        seed=seed,
        options=options or {},
        deal=deal(variant, hands, stock, discard, first, tail_discard),
    )


def pieces_everywhere(state: dict) -> Counter:
    """Every card/tile in hands, stock, discard pile and on the table (jokers as 'JK')."""
    found = Counter()
    for hand in state["hands"]:
        found.update(hand)
    found.update(state["stock"])
    found.update(state["discard"])
    for meld in state["table"]:
        found.update(tiles.base(c) if state["variant"] == "rummy101" else c for c in meld["cards"])
    return found


def expected_pieces(state: dict) -> Counter:
    want = Counter(deck(state["variant"]))
    if state["variant"] == "rummy101":
        want["JK"] += sum(state["button_used"])
    return want


def random_action(g: rummy.Game, r: random.Random) -> dict:
    """A plausible action for the player to move: mostly legal, sometimes not (tests that an
    illegal one changes nothing). Melds come from the exact solver so rounds do end."""
    from rummy import solver

    view = g.view(g.current_player)
    hand = view["hand"]
    if view["phase"] == "draw":
        source = r.choice(["stock", "stock", "stock", "discard", "joker"])
        return {"type": "draw", "source": source}
    roll = r.random()
    if view["variant"] == "rummy101":
        if roll < 0.3:
            _points, found = solver.best_opening(hand)
            count, pairs = solver.best_pairs(hand)
            if view["opened"][view["seat"]] == "pairs" or (count >= 5 and r.random() < 0.3):
                found = pairs
            if found:
                return {"type": "meld", "melds": found}
    elif roll < 0.3:
        _, found = solver.min_deadwood(hand, view["options"].get("ace_high_or_low", False))
        if found:
            return {"type": "meld", "melds": found}
    if roll < 0.45 and view["table"]:
        meld = r.choice(view["table"])
        return {"type": "layoff", "meld": meld["id"], "cards": [r.choice(hand)]}
    if roll < 0.5 and view["variant"] == "rummy101" and view["table"]:
        meld = r.choice(view["table"])
        return {"type": "swap_joker", "meld": meld["id"], "tile": r.choice(hand)}
    if roll < 0.53:
        return {"type": "reset_turn"}
    return {"type": "discard", "card": r.choice(hand)}


def play_until(g: rummy.Game, r: random.Random, stop) -> list[dict]:
    """Random legal play until ``stop(g)``; the state after every applied action."""
    states = []
    while not stop(g):
        try:
            g.apply(random_action(g, r))
        except IllegalMove:
            continue
        states.append(g.state())
    return states


def into_round_two(turns: int) -> tuple[list[dict], dict]:
    """A 2-player basic game (seed 6) played by random legal moves into its second round, up to
    ``turns``: every state, and the state at the end of round 1."""
    g = rummy.new_game("basic", players=2, seed=6, options={"max_rebuilds": 1})
    r = random.Random(6)
    states = [g.state(), *play_until(g, r, lambda g: g.round_over)]
    end = g.state()
    g.next_round()
    states.append(g.state())
    states += play_until(g, r, lambda g: g.state()["turn"] >= turns or g.round_over)
    return states, end
