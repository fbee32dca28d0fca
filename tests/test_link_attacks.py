"""Links crafted by an attacker (issue 16), each made with the engine's own encoder parts
(`link._wrap`, `link._snapshot_body`, `link._BitWriter` and the body writers) so that only the
content is hostile. Each is refused with its reason, and the device's stored copy — its hand,
scores and moves — stays as it was. docs/LINKS.md "Trust model" and "Limits"."""

from __future__ import annotations

import json
import random
import time

import pytest

import rummy
from helpers import play_until
from rummy import game, link, webapi

FAST = 0.5  # seconds: a refusal must be cheap (100 ms expected; the machine is noisy)


def snapshot_link(state: dict) -> str:
    """A full link carrying ``state`` as a snapshot, without the encoder's own checks."""
    return link._wrap(link._snapshot_body(state))


def replay_link(pre: dict, actions: list[dict], summary_of: dict) -> str:
    """A replay-kind link: the match ``pre`` (before its round's deal) and ``actions``, with
    the summary of ``summary_of`` — what `link._replay_body` writes, fields chosen freely."""
    w = link._BitWriter()
    link._put_summary(w, summary_of)
    link._put_match(w, pre)
    rp = link._Replayer(link._dealt(pre))
    w.uint(len(actions))
    for action in actions:
        link._put_action(w, rp.s, action)
        rp.play(action)
    return link._wrap(bytes([link.KIND_REPLAY]) + w.getvalue())


def refusal(stored: dict | None, text: str, reason: str, *words: str) -> str:
    """``text`` received on a device holding ``stored`` is refused with ``reason`` (the page's
    `reason` code) and the stored copy is unchanged; returns the message."""
    before = game._copy(stored) if stored is not None else None
    request = {"id": 1, "op": "receive_link", "link": text}
    if stored is not None:
        request["state"] = stored
    started = time.perf_counter()
    answer = json.loads(webapi.Session().dispatch(json.dumps(request)))
    took = time.perf_counter() - started
    assert answer["ok"] is False, answer
    assert (answer["kind"], answer.get("reason")) == ("link", reason), answer
    for word in words:
        assert word in answer["error"], answer["error"]
    assert stored == before
    assert took < 2.0, took
    return answer["error"]


@pytest.fixture(scope="module")
def basic_round():
    """A 2-player basic game: every state of round 1 up to turn 12."""
    g = rummy.new_game("basic", players=2, seed=16)
    return [g.state(), *play_until(g, random.Random(16), lambda g: g.state()["turn"] >= 12)]


@pytest.fixture(scope="module")
def basic_two_rounds():
    """A 2-player basic game into round 2: every state, and the end of round 1."""
    g = rummy.new_game("basic", players=2, seed=6, options={"max_rebuilds": 1})
    r = random.Random(6)
    states = [g.state(), *play_until(g, r, lambda g: g.round_over)]
    end = g.state()
    g.next_round()
    states.append(g.state())
    states += play_until(g, r, lambda g: g.state()["turn"] >= 4 or g.round_over)
    return states, end


# ---------------------------------------------------------------------------------------------
# What a device knows, a link cannot change


def test_a_same_round_snapshot_cannot_rewrite_the_devices_own_hand(basic_round):
    stored = next(s for s in basic_round if s["turn"] == 4 and s["phase"] == "draw")
    now = basic_round[-1]
    forged = game._copy(now)
    seat = stored["current"]
    mine = forged["hands"][seat]
    forged["hands"][seat], forged["stock"][: len(mine)] = forged["stock"][: len(mine)], mine
    forged["undo"] = None if forged["phase"] == "draw" else forged["undo"]
    rummy.load(forged)  # a state the load checks accept: only the device's copy tells
    text = snapshot_link(forged)
    refusal(stored, text, "forked", "changes what this device already knows")
    honest = link.receive(stored, link.encode(now))["game"].state()
    assert honest == now and honest["hands"][seat] != forged["hands"][seat]


def test_a_same_round_replay_from_another_deal_cannot_rewrite_a_held_set_up_position():
    pieces = list(rummy.cards.DECK)
    deal = {"hands": [pieces[:10], pieces[10:20]], "stock": pieces[21:], "discard": [pieces[20]]}
    g = rummy.new_game("basic", players=2, seed=3, deal=deal)
    stored = g.state()
    g.apply({"type": "draw", "source": "stock"})
    g.apply({"type": "discard", "card": g.hand(0)[0]})
    other = rummy.new_game("basic", players=2, seed=3)  # the seed's own deal, same game id
    other.apply({"type": "draw", "source": "stock"})
    other.apply({"type": "discard", "card": other.hand(0)[0]})
    refusal(stored, link.encode(other.state()), "forked", "changes what this device")
    assert link.receive(stored, link.encode(g.state()))["game"].state() == g.state()


def test_a_later_round_link_cannot_invent_scores(basic_two_rounds):
    states, _end = basic_two_rounds
    stored = next(s for s in states if s["round"] == 1 and s["turn"] == 3)
    now = states[-1]
    pre = link._round_start(now)
    pre["scores"] = [149, -1000]  # what the link carried; the history says otherwise
    actions = link._actions_from_log(now["log"])
    text = replay_link(pre, actions, now)
    message = refusal(stored, text, "broken", "not the sum of the points")
    assert len(text) < 400, len(text)
    assert "149" not in message


def test_a_later_round_link_cannot_rescore_a_finished_round(basic_two_rounds):
    states, end = basic_two_rounds
    now = states[-1]
    forged = game._copy(now)
    forged["history"][0]["points"] = invented = [500, 0]
    old = now["history"][0]["points"]
    forged["scores"] = [s - o + i for s, o, i in zip(now["scores"], old, invented, strict=True)]
    refusal(end, snapshot_link(forged), "broken", "not what the rules give")
    refusal(None, snapshot_link(forged), "broken", "not what the rules give")


def test_a_later_round_cannot_be_laid_out_by_hand(basic_two_rounds):
    """Rounds after the first are always dealt from the seed: a snapshot of a later round
    whose hands the seed did not deal is refused, on a new device and on one that holds the
    game."""
    states, end = basic_two_rounds
    now = states[-1]
    forged = game._copy(now)
    seat = now["current"]
    mine = forged["hands"][seat]
    forged["hands"][seat], forged["stock"][: len(mine)] = forged["stock"][: len(mine)], mine
    forged["undo"] = None if forged["phase"] == "draw" else forged["undo"]
    rummy.load(forged)
    refusal(None, snapshot_link(forged), "broken", "not dealt from its seed")
    refusal(end, snapshot_link(forged), "broken", "not dealt from its seed")
    assert link.receive(end, link.encode(now))["game"].state() == now


# ---------------------------------------------------------------------------------------------
# Junk fields


def _set_up(drawn: bool = False, **changes) -> dict:
    """A set-up position (``deal=``), after seat 0's draw if ``drawn``, with ``changes``."""
    pieces = list(rummy.cards.DECK)
    deal = {"hands": [pieces[:10], pieces[10:20]], "stock": pieces[21:], "discard": [pieces[20]]}
    g = rummy.new_game("basic", players=2, seed=5, deal=deal)
    if drawn:
        g.apply({"type": "draw", "source": "stock"})
    state = g.state()
    state.update(changes)
    return state


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game_over": True, "winners": ["<img src=x onerror=alert(1)>"]}, "'game_over'"),
        ({"winners": ["<b>"]}, "'winners'"),
        ({"winners": [0]}, "'winners'"),
        ({"cheat": True}, "unknown field 'cheat'"),
        ({"scores": [10**300, 0]}, "'scores' is too large"),
        ({"scores": [2**53, -(2**53)]}, "'scores' is too large"),
        ({"seed": 2**60}, "'seed' is too large"),
        ({"next_id": 2**53}, "'next_id' is too large"),
    ],
)
def test_junk_fields_in_a_set_up_position_are_refused(changes, words):
    refusal(None, snapshot_link(_set_up(**changes)), "broken", "cannot be used", words)
    on_device = "wrong_game" if "seed" in changes else "broken"  # the seed names the game
    words = (words,) if on_device == "broken" else ()
    refusal(_set_up(), snapshot_link(_set_up(drawn=True, **changes)), on_device, *words)


def test_an_option_past_javascripts_exact_range_is_refused():
    state = _set_up()
    state["options"]["target"] = 2**60
    refusal(None, snapshot_link(state), "broken", "'target'")
    pre = link._round_start(rummy.new_game("basic", players=2, seed=5).state())
    pre["options"]["target"] = 2**60
    w = link._BitWriter()
    link._put_summary(w, rummy.new_game("basic", players=2, seed=5).state())
    link._put_match(w, pre)
    w.uint(0)
    refusal(None, link._wrap(bytes([link.KIND_REPLAY]) + w.getvalue()), "broken", "'target'")
