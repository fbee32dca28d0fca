"""Links crafted by an attacker (issue 16), each made with the engine's own encoder parts
(`envelope.wrap`, `full.snapshot_body`, `bits.BitWriter` and the body writers) so that only the
content is hostile. Each is refused with its reason, and the device's stored copy — its hand,
scores and moves — stays as it was. docs/LINKS.md "Trust model" and "Limits"."""

from __future__ import annotations

import base64
import json
import random
import time

import pytest

import rummy
from helpers import into_round_two, play_until
from rummy import link, rules, webapi
from rummy.errors import InvalidState
from rummy.link import bits, codes, envelope, full, replay
from rummy.link import summary as link_summary

FAST = 0.5  # CPU seconds (process time: other work on the machine does not count): 100 ms expected


def snapshot_link(state: dict) -> str:
    """A full link carrying ``state`` as a snapshot, without the encoder's own checks."""
    return envelope.wrap(full.snapshot_body(state))


def replay_link(pre: dict, actions: list[dict], summary_of: dict) -> str:
    """A replay-kind link: the match ``pre`` (before its round's deal) and ``actions``, with
    the summary of ``summary_of`` — what `full.replay_body` writes, fields chosen freely."""
    w = bits.BitWriter()
    link_summary.put_summary(w, summary_of)
    full.put_match(w, pre)
    rp = replay.Replayer(replay.dealt(pre))
    w.uint(len(actions))
    for action in actions:
        codes.put_action(w, rp.s, action)
        rp.play(action)
    return envelope.wrap(bytes([link.KIND_REPLAY]) + w.getvalue())


def refusal(stored: dict | None, text: str, reason: str, *words: str) -> str:
    """``text`` received on a device holding ``stored`` is refused with ``reason`` (the page's
    `reason` code) and the stored copy is unchanged; returns the message."""
    before = rules.copy_state(stored) if stored is not None else None
    request = {"id": 1, "op": "receive_link", "link": text}
    if stored is not None:
        request["state"] = stored
    started = time.process_time()
    answer = json.loads(webapi.Session().dispatch(json.dumps(request)))
    took = time.process_time() - started
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
    return into_round_two(turns=4)


# ---------------------------------------------------------------------------------------------
# What a device knows, a link cannot change


def test_a_same_round_snapshot_cannot_rewrite_the_devices_own_hand(basic_round):
    stored = next(s for s in basic_round if s["turn"] == 4 and s["phase"] == "draw")
    now = basic_round[-1]
    forged = rules.copy_state(now)
    seat = stored["current"]
    mine = forged["hands"][seat]
    forged["hands"][seat], forged["stock"][: len(mine)] = forged["stock"][: len(mine)], mine
    forged["undo"] = None if forged["phase"] == "draw" else forged["undo"]
    rummy.load(forged)  # a state the load checks accept: only the device's copy tells
    text = snapshot_link(forged)
    refusal(stored, text, "forked", "changes what this device already knows")
    honest = link.receive(stored, link.encode(now))["state"]
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
    assert link.receive(stored, link.encode(g.state()))["state"] == g.state()


def test_a_later_round_link_cannot_invent_scores(basic_two_rounds):
    states, _end = basic_two_rounds
    stored = next(s for s in states if s["round"] == 1 and s["turn"] == 3)
    now = states[-1]
    pre = replay.round_start(now)
    pre["scores"] = [149, -1000]  # what the link carried; the history says otherwise
    actions = replay.actions_from_log(now["log"])
    text = replay_link(pre, actions, now)
    message = refusal(stored, text, "broken", "not the sum of the points")
    assert len(text) < 400, len(text)
    assert "149" not in message


def test_a_later_round_link_cannot_rescore_a_finished_round(basic_two_rounds):
    states, end = basic_two_rounds
    now = states[-1]
    forged = rules.copy_state(now)
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
    forged = rules.copy_state(now)
    seat = now["current"]
    mine = forged["hands"][seat]
    forged["hands"][seat], forged["stock"][: len(mine)] = forged["stock"][: len(mine)], mine
    forged["undo"] = None if forged["phase"] == "draw" else forged["undo"]
    rummy.load(forged)
    refusal(None, snapshot_link(forged), "broken", "not dealt from its seed")
    refusal(end, snapshot_link(forged), "broken", "not dealt from its seed")
    assert link.receive(end, link.encode(now))["state"] == now


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
    pre = replay.round_start(rummy.new_game("basic", players=2, seed=5).state())
    pre["options"]["target"] = 2**60
    w = bits.BitWriter()
    link_summary.put_summary(w, rummy.new_game("basic", players=2, seed=5).state())
    full.put_match(w, pre)
    w.uint(0)
    refusal(None, envelope.wrap(bytes([link.KIND_REPLAY]) + w.getvalue()), "broken", "'target'")


# ---------------------------------------------------------------------------------------------
# Oversized contents: refused before the costly work


def timed(work) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def test_a_rack_of_101_tiles_for_a_computer_seat_is_refused_at_once():
    state = rummy.new_game("rummy101", players=2, seed=8).state()
    state["hands"][1] += state["stock"] + state["hands"][0][:17]  # 21 + 63 + 17 tiles
    state["stock"], state["hands"][0] = [], state["hands"][0][17:]
    state["undo"]["hands"], state["undo"]["stock"] = state["hands"], state["stock"]
    text = snapshot_link(state)
    took = timed(lambda: refusal(None, text, "broken", "rack holds 101 tiles"))
    assert took < FAST, took
    with pytest.raises(InvalidState, match="rack holds 101 tiles"):
        rummy.load(state)


def _finished_rounds(count: int) -> tuple[dict, list[dict]]:
    """A basic match before round ``count + 1``'s deal: ``count`` finished rounds, each won
    by seat 0 going out against a 2 of clubs (scored by the rules: 2 points)."""
    pre = replay.round_start(
        rummy.new_game("basic", players=2, seed=9, options={"target": 10**5}).state()
    )
    result = rummy.scoring.round_result("basic", pre["options"], 0, "out", None, [[], ["2C"]], 1)
    history = [{**rules.copy_state(result), "round": i + 1} for i in range(count)]
    pre.update(history=history, round=count + 1, scores=[2 * count, 0])
    return pre, history


def test_a_history_of_1000_finished_rounds_is_refused_at_once():
    pre, _history = _finished_rounds(1_000)
    dealt = replay.dealt(pre)
    text = replay_link(pre, [], dealt)
    assert len(text) < 4_000, len(text)
    took = timed(lambda: refusal(None, text, "broken", "out of range"))
    assert took < FAST, took
    stored = rummy.new_game("basic", players=2, seed=9, options={"target": 10**5}).state()
    assert timed(lambda: refusal(stored, text, "broken")) < FAST


def test_the_longest_link_the_limits_allow_opens_in_a_moment():
    """99 finished rounds and ~5,000 moves (two seats passing the discard back and forth):
    legal, 700 characters, and linear to open (the replay keeps the finished rounds aside
    from the take-back snapshot it copies at every draw)."""
    pre, _history = _finished_rounds(99)
    rp = replay.Replayer(replay.dealt(pre))
    actions = []
    while len(actions) < link.MAX_ACTIONS - 10:
        s = rp.s
        if s["phase"] == "draw":
            action = {"type": "draw", "source": "discard"}
        else:
            card = next(c for c in s["hands"][s["current"]] if c != s["taken"])
            action = {"type": "discard", "card": card}
        rp.play(action)
        actions.append(action)
    final = rules.copy_state(rp.state())
    text = replay_link(pre, actions, final)
    assert len(text) < 1_000, len(text)
    assert timed(lambda: link.decode(text)) < 1.0
    stored = replay.dealt(pre)
    got = {}
    assert timed(lambda: got.update(link.receive(stored, text))) < 1.5
    assert got["state"] == final


def test_a_round_of_more_moves_than_a_link_carries_is_refused_at_once():
    state = rummy.new_game("basic", players=2, seed=10).state()
    w = bits.BitWriter()
    link_summary.put_summary(w, state)
    full.put_match(w, replay.round_start(state))
    w.uint(link.MAX_ACTIONS + 1)
    text = envelope.wrap(bytes([link.KIND_REPLAY]) + w.getvalue() + bytes(2_000))
    assert timed(lambda: refusal(None, text, "broken", "malformed")) < FAST
    moves = link.encode_moves(state, [{"type": "draw", "source": "stock"}])
    body = bytearray(envelope.unwrap(moves))
    assert timed(lambda: refusal(state, envelope.wrap(bytes(body) + bytes(3_000)), "broken")) < FAST


def test_a_snapshot_log_longer_than_a_round_is_refused_at_once():
    pieces = list(rummy.cards.DECK)
    deal = {"hands": [pieces[:10], pieces[10:20]], "stock": pieces[21:], "discard": [pieces[20]]}
    state = rummy.new_game("basic", players=2, seed=5, deal=deal).state()
    state["log"] = [{"type": "draw", "source": "stock", "seat": 0}] * (link.MAX_ACTIONS + 1)
    text = snapshot_link(state)
    assert timed(lambda: refusal(None, text, "broken")) < FAST


def test_a_decompression_bomb_is_refused_before_it_is_unpacked():
    payload = envelope.wrap(bytes([link.KIND_SNAPSHOT]) + b"\0" * (16 * 1024 * 1024))
    assert len(payload) < link.MAX_TEXT, len(payload)
    took = timed(lambda: refusal(None, payload, "broken", "unpacks to more than 256 KB"))
    assert took < FAST, took
    invite = envelope.wrap(b" " * (4 * 1024 * 1024), envelope.INVITE)
    with pytest.raises(link.InviteError, match="unpacks to more than 16 KB"):
        link.decode_invite(invite)
    assert len(envelope.wrap(b"\0" * 30_000_000)) > link.MAX_TEXT  # refused unread: too long
    refusal(None, envelope.wrap(b"\0" * 30_000_000), "broken", "far too long")


# ---------------------------------------------------------------------------------------------
# JSON nested 5,000 deep: refused before any parser sees it (Pyodide would overflow its stack)

DEEP = "[" * 5_000 + "]" * 5_000


def test_a_snapshot_nested_5000_deep_is_refused():
    state = _set_up()
    w = bits.BitWriter()
    link_summary.put_summary(w, state)
    w.choice(rummy.VARIANTS.index("basic"), len(rummy.VARIANTS))
    w.uint(2)
    w.flag(False)
    w.uint(0)
    text = envelope.wrap(bytes([link.KIND_SNAPSHOT]) + w.getvalue() + DEEP.encode())
    assert len(text) < 400, len(text)
    assert timed(lambda: refusal(None, text, "broken", "nested too deeply")) < FAST


def test_an_invitation_nested_5000_deep_is_refused():
    text = envelope.wrap(('{"id":' + DEEP + "}").encode(), envelope.INVITE)
    assert len(text) < 100, len(text)
    answer = json.loads(
        webapi.Session().dispatch(json.dumps({"op": "invite_decode", "text": text}))
    )
    assert (answer["kind"], answer["reason"]) == ("link", "broken"), answer
    assert "nested too deeply" in answer["error"]


def test_a_request_nested_5000_deep_is_refused_and_the_engine_keeps_answering():
    session = webapi.Session()
    for request in ('{"id": 1, "op": "version", "x": ' + DEEP + "}", DEEP):
        answer = json.loads(session.dispatch(request))
        assert answer["ok"] is False and answer["kind"] == "bad_request", answer
        assert "nested too deeply" in answer["error"]
    assert json.loads(session.dispatch('{"id": 2, "op": "version"}'))["ok"] is True
    huge = '{"id": 3, "op": "version", "x": "' + "a" * rummy.limits.MAX_REQUEST + '"}'
    answer = {}
    assert timed(lambda: answer.update(json.loads(session.dispatch(huge)))) < FAST
    assert answer["kind"] == "bad_request" and "too long" in answer["error"]


def test_a_stored_state_nested_deep_is_refused_by_load():
    state = _set_up()
    state["options"] = json.loads("[" * 40 + "]" * 40)
    request = json.dumps({"id": 3, "op": "load", "state": state})
    answer = json.loads(webapi.Session().dispatch(request))
    assert answer["kind"] == "bad_request" and "nested too deeply" in answer["error"], answer


# ---------------------------------------------------------------------------------------------
# Integers JavaScript cannot hold, and names


def test_numbers_past_2_53_in_a_request_are_refused():
    session = webapi.Session()
    for args in ({"seed": 2**60}, {"seed": -(2**53)}, {"options": {"target": 10**300}}):
        request = json.dumps({"id": 4, "op": "new_game", "variant": "basic", "players": 2, **args})
        answer = json.loads(session.dispatch(request))
        assert answer["kind"] == "bad_request" and "cannot hold exactly" in answer["error"]
        assert answer["id"] == 4
    stored = _set_up()
    stored["scores"] = [10**300, 0]
    answer = json.loads(session.dispatch(json.dumps({"id": 5, "op": "load", "state": stored})))
    assert answer["kind"] == "bad_request" and "cannot hold exactly" in answer["error"]


def _invite(name: str) -> dict:
    return {
        "id": "0123456789abcdef",
        "variant": "basic",
        "players": 2,
        "options": {},
        "host": 0,
        "commitment": "ab" * 32,
        "seats": [
            {"name": "Host", "bot": None, "value": None},
            {"name": name, "bot": None, "value": None},
        ],
    }


def test_names_in_an_invitation_lose_direction_marks_and_lone_surrogates():
    text = envelope.wrap(json.dumps(_invite("\u202eexe.anA\u2066\ud800")).encode(), envelope.INVITE)
    assert link.decode_invite(text)["seats"][1]["name"] == "exe.anA"
    assert (
        link.decode_invite(link.encode_invite(_invite("\u200fBen\u061c")))["seats"][1]["name"]
        == "Ben"
    )
    with pytest.raises(link.InviteError, match="1 to 40"):
        link.encode_invite(_invite("\u202e\u202c"))


def test_a_stored_game_that_no_longer_loads_does_not_block_another_games_link():
    broken = _set_up()
    broken["hands"][0] = broken["hands"][0][1:]  # a card lost: it no longer loads
    other = rummy.new_game("basic", players=2, seed=77)
    other.apply({"type": "draw", "source": "stock"})
    text = link.encode(other.state())
    refusal(broken, text, "wrong_game", "another game")
    request = {"id": 1, "op": "receive_link", "link": link.encode(_set_up(drawn=True))}
    answer = json.loads(webapi.Session().dispatch(json.dumps({**request, "state": broken})))
    assert answer["kind"] == "bad_request" and "stored game cannot be loaded" in answer["error"]


# ---------------------------------------------------------------------------------------------
# Mutation fuzz over honest links: refused in words, or exactly the honest game

SLOW = 0.5  # seconds: no mutated link may cost more (an honest one of these takes ~5 ms)


@pytest.fixture(scope="module")
def honest_links() -> list[tuple[str, dict, dict | None]]:
    """(link, the game it carries, a stored copy it extends) for each rule set: replay links
    mid-round (opened as a first contact and on a device that holds an earlier copy), a moves
    link, and a snapshot of a set-up position."""
    out = []
    for variant, players, seed in (("basic", 3, 1), ("rummy200", 4, 2), ("rummy101", 2, 3)):
        g = rummy.new_game(variant, players=players, seed=seed)
        states = [g.state(), *play_until(g, random.Random(seed), lambda g: g.state()["turn"] >= 6)]
        now = states[-1]
        out.append((link.encode(now), now, None))
        held = next(x for x in states[len(states) // 2 :] if x["phase"] == "draw")
        out.append((link.encode(now), now, held))  # a full link on a device that holds the game
        seat = next(k for k in range(players) if link.seat_last_turn(now, k) not in (None, now))
        out.append((link.link_for(now, seat), now, link.seat_last_turn(now, seat)))
    set_up = _set_up(drawn=True)
    out.append((link.encode(set_up), set_up, None))
    return out


def _flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        i = rng.randrange(len(out) * 8)
        out[i // 8] ^= 1 << (i % 8)
    return bytes(out)


def _mutations(text: str, rng: random.Random):
    """Damaged copies of ``text``: flipped characters (the checksum's work), and — as a forger
    would — flipped bits and cuts in the compressed payload or in the body itself, each
    re-sealed with a correct checksum."""
    payload = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[: -link.CHECK_BYTES]
    body = envelope.unwrap(text)
    for _ in range(150):
        i = rng.randrange(len(text))
        yield text[:i] + rng.choice("AQgw-_09") + text[i + 1 :]
    for _ in range(400):
        yield envelope.seal(_flip(payload, rng))
    for _ in range(700):
        yield envelope.wrap(_flip(body, rng))
    for _ in range(100):
        yield envelope.wrap(body[: rng.randrange(1, len(body))])
        yield envelope.seal(payload[: rng.randrange(1, len(payload))])


def test_mutated_honest_links_are_refused_in_words_or_are_the_honest_game(honest_links):
    rng = random.Random(16)
    tried = refused_count = 0
    slowest = 0.0
    for text, honest, stored in honest_links:
        kept = rules.copy_state(stored) if stored is not None else None
        for mutated in _mutations(text, rng):
            started = time.process_time()
            try:
                got = link.receive(stored, mutated)["state"]
            except link.LinkError as err:
                assert str(err)[:1].isupper() and len(str(err)) > 20, str(err)
                refused_count += 1
            else:
                assert got == honest
            slowest = max(slowest, time.process_time() - started)
            tried += 1
        assert stored == kept
    assert tried > 9_000 and refused_count > tried * 0.9
    assert slowest < SLOW, slowest


def test_a_later_round_link_cannot_change_who_plays_first(basic_two_rounds):
    states, end = basic_two_rounds
    now = states[-1]
    pre = replay.round_start(now)
    pre["first"] = now["first"] ^ 1  # the other seat starts: another deal of round 2
    forged = replay.dealt(pre)
    text = replay_link(pre, [], forged)
    refusal(end, text, "forked", "changes what this device already knows")


def test_a_later_round_link_cannot_refill_a_joker_account():
    options = {"joker_button": True, "joker_accounts": 3, "rounds": 3}
    g = rummy.new_game("rummy101", players=2, seed=12, options=options)
    stored = g.state()
    stored["accounts"] = [1, 3]  # seat 0 has used two jokers (as a stored copy could show)
    stored["undo"]["accounts"] = [1, 3]
    rummy.load(stored)
    pre = replay.round_start(stored)
    pre.update(round=2, first=1, accounts=[3, 3])
    pre["history"] = [
        rummy.scoring.round_result(
            "rummy101", stored["options"], None, "stock_out", [None, None], [["R1"], ["R2"]], 1
        )
    ]
    pre["scores"] = list(pre["history"][0]["points"])
    forged = replay.dealt(pre)
    refusal(stored, replay_link(pre, [], forged), "forked", "changes what this device")
    pre["accounts"] = [1, 3]
    honest = replay.dealt(pre)
    assert link.receive(stored, replay_link(pre, [], honest))["state"] == honest


def test_a_whole_page_url_with_names_is_read(basic_round):
    now = basic_round[-1]
    text = link.encode(now)
    for pasted in (
        f"https://example.org/rummy/#g={text}&n=Ana,Ben&b=,hard&s=1",
        f"#g={text}&f=abc.def",
        f"g={text}",
        f"https://example.org/?x=1&g={text}",
    ):
        assert link.decode(pasted) == now
    invite = link.encode_invite(_invite("Ben"))
    assert link.decode_invite(f"https://example.org/#i={invite}")["seats"][1]["name"] == "Ben"
    with pytest.raises(link.LinkError, match="invitation, not a game link"):
        link.decode(f"https://example.org/#i={invite}")
