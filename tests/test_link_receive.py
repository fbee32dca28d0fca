"""A link arriving on a device (docs/LINKS.md "Receiving a link"): `link.receive` against the
stored copy, and `link.replay_views` for "what happened since your last turn"."""

import random

import pytest

import rummy
from helpers import deck, into_round_two, play_until
from rummy import link, scoring


@pytest.fixture(scope="module")
def round_one():
    """A 3-player basic game: the deal and the state after every action, to turn 16."""
    g = rummy.new_game("basic", players=3, seed=31)
    return [g.state(), *play_until(g, random.Random(2), lambda g: g.state()["turn"] >= 16)]


@pytest.fixture(scope="module")
def two_rounds():
    """A 2-player basic game played into its second round: every state, and the round-1 end."""
    return into_round_two(turns=5)


# ---------------------------------------------------------------------------------------------
# First contact


def test_a_full_link_on_a_device_without_the_game_is_a_first_contact(round_one):
    now = round_one[-1]
    got = link.receive(None, link.encode(now))
    assert got["state"] == now
    assert got["kind"] == "full" and got["first_contact"] is True
    assert got["game_id"] == link.game_id(now) and got["verified_deal"] is True
    seat = now["current"]  # by default: the player to move, since its own last discard
    assert got["since"] == len(link.seat_last_turn(now, seat)["log"])
    for other in range(3):
        since = link.receive(None, link.encode(now), seat=other)["since"]
        assert since == len(link.seat_last_turn(now, other)["log"])


def test_first_contact_before_a_seat_has_moved_starts_at_the_deal(round_one):
    state = round_one[1]  # seat 0 has drawn, nobody has discarded
    assert link.receive(None, link.encode(state), seat=0)["since"] == 0


def test_a_moves_link_needs_the_game_on_the_device(round_one):
    now = round_one[-1]
    with pytest.raises(link.LinkError, match="only the latest moves"):
        link.receive(None, link.link_for(now, 0))


def test_a_seat_that_is_not_in_the_game_is_refused(round_one):
    with pytest.raises(ValueError, match="no seat 5"):
        link.receive(None, link.encode(round_one[-1]), seat=5)


# ---------------------------------------------------------------------------------------------
# Moves links


def test_a_moves_link_is_replayed_on_the_stored_copy(round_one):
    now = round_one[-1]
    base = link.seat_last_turn(now, 1)
    got = link.receive(base, link.link_for(now, 1), seat=1)
    assert got["state"] == now
    assert got["kind"] == "moves" and got["first_contact"] is False
    assert got["since"] == len(base["log"]) and got["verified_deal"] is True


def test_a_copy_played_on_after_its_turn_sees_only_what_it_has_not_seen(round_one):
    now = round_one[-1]
    base = link.seat_last_turn(now, 1)
    later = round_one[round_one.index(base) + 2]  # seat 2 drew and discarded on this device
    got = link.receive(later, link.link_for(now, 1), seat=1)
    assert got["state"] == now and got["since"] == len(later["log"])


def test_moves_link_refusals_keep_their_kinds(round_one):
    now = round_one[-1]
    text = link.link_for(now, 1)
    with pytest.raises(link.AlreadyApplied):
        link.receive(now, text)
    with pytest.raises(link.MissedMoves):
        link.receive(round_one[0], text)
    with pytest.raises(link.WrongGame):
        link.receive(rummy.new_game("basic", players=3, seed=32).state(), text)


# ---------------------------------------------------------------------------------------------
# Full links for a game the device holds


def test_a_full_link_that_extends_the_stored_copy_is_accepted(round_one):
    now = round_one[-1]
    stored = round_one[7]
    got = link.receive(stored, link.encode(now), seat=0)
    assert got["state"] == now
    assert got["kind"] == "full" and got["first_contact"] is False
    assert got["since"] == len(stored["log"])


def test_a_full_link_opened_twice_or_older_is_already_applied(round_one):
    now = round_one[-1]
    with pytest.raises(link.AlreadyApplied, match="already been opened"):
        link.receive(now, link.encode(now))
    with pytest.raises(link.AlreadyApplied, match="older"):
        link.receive(now, link.encode(round_one[5]))


def test_a_full_link_of_another_game_is_wrong_game(round_one):
    other = rummy.new_game("basic", players=3, seed=99)
    other.apply({"type": "draw", "source": "stock"})
    with pytest.raises(link.WrongGame, match="another game"):
        link.receive(round_one[3], link.encode(other.state()))


def test_a_full_link_whose_moves_differ_from_the_stored_ones_is_forked(round_one):
    stored = round_one[6]
    g = rummy.load(round_one[5])  # the same point, another move played from the one before
    played = stored["log"][-1]
    if played["type"] == "discard":
        other = next(c for c in g.hand(g.current_player) if c != played["card"])
        g.apply({"type": "discard", "card": other})
    else:
        g.apply({"type": "draw", "source": "discard" if played["source"] == "stock" else "stock"})
    r = random.Random(8)
    play_until(g, r, lambda g: g.state()["turn"] >= 12)
    with pytest.raises(link.ForkedHistory, match="does not continue"):
        link.receive(stored, link.encode(g.state()))


def test_a_full_link_into_the_next_round_is_accepted(two_rounds):
    states, end = two_rounds
    stored = states[3]
    now = states[-1]
    assert now["round"] == 2 and stored["round"] == 1
    for seat in (0, 1):
        got = link.receive(stored, link.encode(now), seat=seat)
        assert got["state"] == now
        last = link.seat_last_turn(now, seat)
        assert got["since"] == (len(last["log"]) if last else 0)
    assert link.receive(end, link.encode(now))["state"] == now


def test_a_full_link_whose_finished_rounds_differ_is_forked(two_rounds):
    states, end = two_rounds
    now = states[-1]
    forged = rummy.load(now).state()
    result = forged["history"][0]  # another end of round 1, scored by the rules
    loser = next(seat for seat, hand in enumerate(result["hands"]) if hand)
    hands = [list(h) for h in result["hands"]]
    hands[loser] = hands[loser][1:]
    opts = forged["options"]
    again = scoring.round_result("basic", opts, result["winner"], result["kind"], None, hands, 1)
    forged["scores"] = [
        a - b + c
        for a, b, c in zip(forged["scores"], result["points"], again["points"], strict=True)
    ]
    forged["history"][0] = again
    text = link.encode(forged)
    assert link.decode(text) == forged
    with pytest.raises(link.ForkedHistory, match="does not continue"):
        link.receive(end, text)


# ---------------------------------------------------------------------------------------------
# What happened since your last turn


def test_replay_views_show_each_event_from_the_seat(round_one):
    now = round_one[-1]
    seat = 1
    base = link.seat_last_turn(now, seat)
    since = len(base["log"])
    steps = link.replay_views(now, seat, since)
    assert [step["event"] for step in steps] == list(range(since - 1, len(now["log"])))
    assert steps[0]["view"] == rummy.load(base).view(seat)
    assert steps[-1]["view"] == rummy.load(now).view(seat)
    by_events = {len(s["log"]): s for s in round_one if s["round"] == now["round"]}
    for step in steps[1:]:
        assert step["view"] == rummy.load(by_events[step["event"] + 1]).view(seat)
        assert step["view"]["hand"] == by_events[step["event"] + 1]["hands"][seat]


def test_replay_views_from_the_deal_and_from_the_end(round_one):
    now = round_one[-1]
    steps = link.replay_views(now, 0, 0)
    assert steps[0]["event"] == -1 and steps[0]["view"] == rummy.load(round_one[0]).view(0)
    assert len(steps) == len(now["log"]) + 1
    last = link.replay_views(now, 2, len(now["log"]))
    assert last == [{"event": len(now["log"]) - 1, "view": rummy.load(now).view(2)}]
    with pytest.raises(ValueError, match="since"):
        link.replay_views(now, 0, len(now["log"]) + 1)


def test_replay_views_share_the_view_of_a_move_with_the_events_it_caused():
    g = rummy.new_game("basic", players=2, seed=6, options={"max_rebuilds": 1})
    states = play_until(g, random.Random(6), lambda g: g.round_over)
    now = states[-1]
    caused = [i for i, e in enumerate(now["log"]) if e["type"] in ("rebuild", "round_end")]
    assert caused
    steps = {step["event"]: step["view"] for step in link.replay_views(now, 0, 0)}
    for i in caused:
        assert steps[i] == steps[i - 1]
    assert steps[len(now["log"]) - 1] == rummy.load(now).view(0)


def test_replay_views_of_a_laid_out_position_are_empty():
    pieces = deck("basic")
    deal = {"hands": [pieces[:10], pieces[10:20]], "stock": pieces[21:], "discard": [pieces[20]]}
    g = rummy.new_game("basic", players=2, seed=3, deal=deal)
    g.apply({"type": "draw", "source": "stock"})
    assert link.replay_views(g.state(), 0, 0) == []


# ---------------------------------------------------------------------------------------------
# Every copy a device can hold between turns


@pytest.mark.parametrize(("variant", "players"), [("basic", 4), ("rummy101", 3)])
def test_every_earlier_copy_accepts_the_later_game(variant, players):
    """Copies kept between turns (what a device stores after sending the game on): a full
    link of any later point extends each, and each seat's link is accepted by every copy
    from that seat's last turn on."""
    g = rummy.new_game(variant, players=players, seed=41)
    r = random.Random(41)
    states = [g.state(), *play_until(g, r, lambda g: g.round_over or g.state()["turn"] >= 14)]
    kept = [s for s in states if s["phase"] == "draw" or s["round_over"] or s["turn"] == 0]
    now = kept[-1]
    for stored in kept[:-1:2]:
        got = link.receive(stored, link.encode(now))
        assert got["state"] == now
    accepted = 0
    for seat in range(players):
        base = link.seat_last_turn(now, seat)
        if base is None or base == now:
            continue
        text = link.link_for(now, seat)
        for stored in kept:
            if link.position(base) <= link.position(stored) < link.position(now):
                got = link.receive(stored, text, seat=seat)
                assert got["state"] == now and got["since"] == len(stored["log"])
                accepted += 1
    assert accepted >= players


@pytest.mark.parametrize(("variant", "players"), [("basic", 2), ("rummy200", 4), ("rummy101", 3)])
def test_every_copy_of_the_round_mid_turn_included_accepts_a_later_full_link(variant, players):
    """The game is rebuilt from the stored copy plus the link's added moves: any copy on the
    way (between turns or in the middle of one) gives back exactly the link's game."""
    g = rummy.new_game(variant, players=players, seed=17)
    r = random.Random(17)
    states = [g.state(), *play_until(g, r, lambda g: g.round_over or g.state()["turn"] >= 10)]
    now = states[-1]
    text = link.encode(now)
    accepted = 0
    for stored in states[:-1]:
        if now["log"][: len(stored["log"])] != stored["log"] or stored["log"] == now["log"]:
            continue  # a take-back removed moves from the log: not on the way
        assert link.receive(stored, text)["state"] == now
        accepted += 1
    assert accepted >= 10
