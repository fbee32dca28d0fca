"""Game links (docs/LINKS.md): exact round trips, the 2,000-character budget, broken and hostile
links refused with a reason, moves links checked against the stored copy, commit–reveal."""

import base64
import hashlib
import random
import zlib

import pytest

import rummy
from helpers import deck, play_until, random_action
from rummy import IllegalMove, link
from rummy.errors import InvalidState
from rummy.link import bits, codes, envelope, full
from rummy.link import summary as link_summary

BUDGET = 2000
CASES = (
    [("basic", n) for n in range(2, 7)] + [("rummy200", 4)] + [("rummy101", n) for n in (2, 3, 4)]
)
OPTIONS = {
    "basic": {"ace_high_or_low": True, "max_rebuilds": 3},
    "rummy200": {},
    "rummy101": {"threshold": "rising", "joker_button": True, "joker_accounts": 2},
}


def play(g: rummy.Game, r: random.Random, rounds: int = 2, every: int = 1):
    """Random play (legal and illegal attempts, as the property tests do); yields the state
    after every ``every``-th applied action and after each new deal."""
    applied = 0
    for _ in range(rounds):
        while not g.round_over:
            try:
                g.apply(random_action(g, r))
            except IllegalMove:
                continue
            applied += 1
            if applied % every == 0 or g.round_over:
                yield g.state()
        if g.game_over:
            return
        g.next_round()
        yield g.state()


def sample(states: list, count: int) -> list:
    """``count`` states spread over the game, the last ones (the latest in a round) included."""
    step = max(1, len(states) // count)
    return states[::step] + states[-3:]


def wrap(payload: bytes) -> str:
    """An envelope with a correct checksum around any payload (what a forger can make)."""
    check = hashlib.sha256(payload).digest()[: link.CHECK_BYTES]
    return base64.urlsafe_b64encode(payload + check).decode().rstrip("=")


def deflate(body: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, envelope.ZDICT)
    return packer.compress(body) + packer.flush()


def refused(text, *words: str, kind=link.LinkError) -> str:
    with pytest.raises(kind) as caught:
        link.decode(text)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


# ---------------------------------------------------------------------------------------------
# Round trips and size


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_every_random_state_round_trips_exactly_within_the_budget(variant, players):
    g = rummy.new_game(variant, players=players, seed=players * 7 + 1, options=OPTIONS[variant])
    states = list(play(g, random.Random(players), rounds=2))
    checked = 0
    for state in sample(states, 10):
        text = link.encode(state)
        assert len(text) <= BUDGET, (variant, players, state["turn"], len(text))
        assert link.decode(text) == state
        assert link.inspect(text)["kind"] == "full"
        checked += 1
    assert checked > 5


def test_a_mid_turn_state_keeps_its_take_back_snapshot():
    g = rummy.new_game("basic", players=2, seed=4, deal=None)
    g.apply({"type": "draw", "source": "discard"})
    state = g.state()
    assert state["undo"] is not None
    back = rummy.from_link(link.encode(state))
    assert back.state() == state
    back.apply({"type": "reset_turn"})
    assert back.view(0)["phase"] == "draw"


def test_the_start_of_a_rummy101_round_and_a_finished_match_round_trip():
    g = rummy.new_game("rummy101", players=4, seed=9, options={"rounds": 1})
    start = g.state()
    assert start["undo"] is not None  # the starting seat is in its play phase
    assert link.decode(link.encode(start)) == start
    for _ in play(g, random.Random(3), rounds=1):
        pass
    assert g.game_over
    assert link.decode(g.to_link()) == g.state()
    assert rummy.from_link(g.to_link()).state() == g.state()


def test_late_round_states_of_big_tables_fit():
    """6-player basic and 4-player rummy101, followed to the end of long rounds."""
    for variant, players, seed in [("basic", 6, 1), ("rummy101", 4, 3)]:
        g = rummy.new_game(variant, players=players, seed=seed)
        states = list(play(g, random.Random(seed), rounds=1))
        assert max(len(link.encode(s)) for s in sample(states, 10)) <= BUDGET


def test_a_position_given_with_a_deal_travels_as_a_snapshot():
    r = random.Random(5)
    pieces = deck("basic")
    r.shuffle(pieces)
    deal = {
        "hands": [pieces[:7], pieces[7:14], pieces[14:21]],
        "stock": pieces[22:],
        "discard": [pieces[21]],
    }
    g = rummy.new_game("basic", players=3, seed=2, deal=deal)
    states = list(play(g, r, rounds=1))
    assert states[-1]["round"] == 2  # the next round is dealt from the seed again
    for state in sample(states, 10):
        text = link.encode(state)
        assert link.decode(text) == state
        assert link.inspect(text)["verified_deal"] is (state["round"] == 2)
        assert len(text) <= BUDGET


def test_finished_rounds_travel_only_as_the_rules_score_them():
    g = rummy.new_game("basic", players=2, seed=6, options={"max_rebuilds": 1})
    r = random.Random(6)
    while not g.round_over:
        try:
            g.apply(random_action(g, r))
        except IllegalMove:
            continue
    g.next_round()
    state = g.state()
    assert link.inspect(link.encode(state))["verified_deal"]
    state["history"][0]["points"][0] += 1  # not what the rules scored
    state["scores"][0] += 1
    with pytest.raises(InvalidState, match="not what the rules give"):
        link.encode(state)
    crafted = envelope.wrap(full.snapshot_body(state))  # the encoder's own parts, unchecked
    assert link.inspect(crafted)["verified_deal"] is False
    with pytest.raises(link.LinkError, match="not what the rules give"):
        link.decode(crafted)


# ---------------------------------------------------------------------------------------------
# Broken and hostile links


@pytest.fixture(scope="module")
def text() -> str:
    g = rummy.new_game("basic", players=3, seed=21)
    for _ in zip(range(30), play(g, random.Random(1), rounds=1), strict=False):
        pass
    return g.to_link()


def test_an_empty_link_is_refused():
    refused("", "empty")
    refused("   ", "empty")
    refused("https://example.org/#", "empty")


def test_a_whole_url_is_read_from_its_fragment(text):
    assert link.decode("https://example.org/play/#" + text) == link.decode(text)
    assert link.decode(f"https://example.org/?x=1&g={text}\n") == link.decode(text)


def test_a_truncated_link_is_refused(text):
    for cut in (1, 2, 5, len(text) // 2, len(text) - 3):
        refused(text[:-cut], "damaged")


def test_every_single_flipped_character_is_caught(text):
    for i in range(len(text)):
        flipped = "A" if text[i] != "A" else "B"
        try:
            g = link.decode(text[:i] + flipped + text[i + 1 :])
        except link.LinkError as err:
            assert "damaged" in str(err)
        else:  # only the unused low bits of the last character can change nothing
            assert i == len(text) - 1 and g.state() == link.decode(text)


def test_characters_outside_base64url_are_refused():
    refused("abc$%def", "damaged", "characters")
    refused("AAAA+/AA", "damaged")


def test_a_huge_text_is_refused_before_any_work():
    refused("A" * 1_000_000, "too long")


def test_valid_base64_of_garbage_is_refused():
    garbage = random.Random(0).randbytes(300)
    refused(base64.urlsafe_b64encode(garbage).decode().rstrip("="), "checksum mismatch")


def test_another_format_version_is_refused_with_a_way_out(text):
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[: -link.CHECK_BYTES]
    message = refused(wrap(bytes([link.FORMAT + 1]) + raw[1:]), "another version")
    assert "update" in message


def test_a_zip_bomb_is_refused():
    bomb = deflate(bytes([link.KIND_SNAPSHOT]) + b"\0" * (8 * 1024 * 1024))
    assert len(bomb) < 10_000  # fits in a link, inflates 1,000-fold
    refused(wrap(bytes([link.FORMAT]) + bomb), "unpacks to more than")


def test_a_body_that_is_not_deflate_is_refused():
    refused(wrap(bytes([link.FORMAT]) + b"\xff\xfe\xfd not deflate"), "cannot be unpacked")


@pytest.mark.parametrize("seed", range(25))
def test_forged_envelopes_around_random_bodies_never_crash(seed):
    """A correct checksum around random contents: every entry point says LinkError."""
    r = random.Random(seed)
    kind = r.choice([link.KIND_REPLAY, link.KIND_SNAPSHOT, link.KIND_MOVES, 0, 9])
    forged = wrap(bytes([link.FORMAT]) + deflate(bytes([kind]) + r.randbytes(r.randrange(400))))
    stored = rummy.new_game("basic", 2, seed=1).state()
    for open_it in (link.decode, link.inspect, lambda text: link.apply_moves(stored, text)):
        try:
            open_it(forged)
        except link.LinkError as err:
            assert str(err)


@pytest.mark.parametrize("seed", range(20))
def test_forged_changes_inside_a_valid_body_never_crash(text, seed):
    """Flip bits inside the deflated body and re-sign it: refused, or a legal game."""
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[: -link.CHECK_BYTES]
    body = bytearray(zlib.decompressobj(-15, envelope.ZDICT).decompress(raw[1:]))
    r = random.Random(seed)
    for _ in range(r.randrange(1, 4)):
        body[r.randrange(1, len(body))] ^= 1 << r.randrange(8)
    try:
        g = link.decode(wrap(bytes([link.FORMAT]) + deflate(bytes(body))))
    except link.LinkError as err:
        assert str(err)
    else:
        rummy.load(g)


def test_a_snapshot_whose_cards_do_not_add_up_is_refused_by_the_load_checks():
    pieces = deck("basic")
    deal = {"hands": [pieces[:10], pieces[10:20]], "stock": pieces[21:], "discard": [pieces[20]]}
    state = rummy.new_game("basic", players=2, seed=3, deal=deal).state()
    state["hands"][0][0] = state["hands"][1][0]  # one card twice, another gone
    body = full.snapshot_body(state)
    message = refused(wrap(bytes([link.FORMAT]) + deflate(body)), "cannot be used")
    assert "add up" in message


def test_a_state_that_does_not_match_its_summary_is_refused(text):
    g = rummy.new_game("rummy200", players=4, seed=8)
    other = rummy.new_game("rummy200", players=4, seed=8)
    other.apply({"type": "draw", "source": "stock"})
    body = bytearray(full.replay_body(other.state()))
    summary = bits.BitWriter()
    link_summary.put_summary(summary, g.state())  # claims the untouched game
    head = summary.getvalue()
    forged = bytes([link.KIND_REPLAY]) + head + bytes(body[1 + len(head) :])
    with pytest.raises(link.LinkError):
        link.decode(wrap(bytes([link.FORMAT]) + deflate(forged)))


def test_a_moves_link_is_not_a_game_on_its_own():
    g = rummy.new_game("basic", players=2, seed=5)
    base = g.state()
    text = link.encode_moves(base, [{"type": "draw", "source": "stock"}])
    refused(text, "only the latest moves")


def test_encode_refuses_a_broken_state():
    state = rummy.new_game("basic", players=2, seed=5).state()
    state["stock"].pop()
    with pytest.raises(InvalidState):
        link.encode(state)


# ---------------------------------------------------------------------------------------------
# Moves links


@pytest.fixture(scope="module")
def three_seats():
    """A rummy101 game for three, played to its 12th turn; states after every action."""
    g = rummy.new_game("rummy101", players=3, seed=17)
    stop = lambda g: g.state()["turn"] >= 12 or g.round_over  # noqa: E731
    return [g.state(), *play_until(g, random.Random(4), stop)]


def test_the_true_continuation_is_accepted(three_seats):
    now = three_seats[-1]
    for seat in range(3):
        base = link.seat_last_turn(now, seat)
        assert base is not None and base in three_seats
        actions = link.moves_since(base, now)
        if not actions:
            continue
        text = link.link_for(now, seat)
        assert link.inspect(text)["kind"] == "moves"
        assert len(text) < 200
        assert link.apply_moves(base, text) == now


def test_a_moves_link_can_cross_into_the_next_round():
    g = rummy.new_game("basic", players=2, seed=6, options={"max_rebuilds": 1})
    r = random.Random(6)
    while not g.round_over:
        try:
            g.apply(random_action(g, r))
        except IllegalMove:
            continue
    base = g.state()
    text = link.encode_moves(base, [{"type": "next_round"}, {"type": "draw", "source": "stock"}])
    after = link.apply_moves(base, text)
    assert after["round"] == 2 and after["phase"] == "play"


def test_encode_moves_names_an_illegal_move():
    g = rummy.new_game("basic", players=2, seed=5)
    with pytest.raises(IllegalMove, match="Move 2"):
        link.encode_moves(
            g.state(), [{"type": "draw", "source": "stock"}, {"type": "draw", "source": "stock"}]
        )


def forge_moves(base: dict, actions: list, claimed: dict) -> str:
    """A moves link as a cheater could build it: any coded actions, any claimed result."""
    head, coded = bits.BitWriter(), bits.BitWriter()
    state = base
    for action in actions:
        codes.put_action(coded, state, action)
        g = rummy.load(state)
        try:
            g.apply(action)
            state = g.state()
        except IllegalMove:
            pass
    link_summary.put_summary(head, claimed)
    head.bits(int(link_summary.short_hash(base), 16), link.HASH_BITS)
    link_summary.put_position(head, link.position(base))
    head.uint(len(actions))
    body = bytes([link.KIND_MOVES]) + head.getvalue() + coded.getvalue()
    return wrap(bytes([link.FORMAT]) + deflate(body))


def test_a_tampered_move_is_refused(three_seats):
    now = three_seats[-1]
    base = link.seat_last_turn(now, 0)
    actions = link.moves_since(base, now)
    # A different (legal) discard than the one played: the result is not the claimed game.
    g = rummy.load(base)
    for action in actions[:-1]:
        g.apply(action)
    hand = g.hand(g.current_player)
    other = next(c for c in hand if c != actions[-1]["card"])
    tampered = [*actions[:-1], {"type": "discard", "card": other}]
    with pytest.raises(link.LinkError, match="do not lead to the game"):
        link.apply_moves(base, forge_moves(base, tampered, now))
    # A move the rules refuse: named, with the rule.
    illegal = [{"type": "draw", "source": "stock"}, {"type": "meld", "melds": [["R1", "K5", "B9"]]}]
    start = rummy.new_game("rummy101", players=2, seed=1)
    start.apply({"type": "discard", "card": start.hand(0)[0]})
    claimed = rummy.load(start.state())
    claimed.apply(illegal[0])
    forged = forge_moves(start.state(), illegal, claimed.state())
    with pytest.raises(link.LinkError, match=r"do not follow the rules \(move 2: "):
        link.apply_moves(start.state(), forged)


def test_a_forked_history_is_told_apart(three_seats):
    now = three_seats[-1]
    base = link.seat_last_turn(now, 0)
    text = link.link_for(now, 0)
    # Seat 0's device holds a different game at the same point (it played another discard).
    before = three_seats[three_seats.index(base) - 1]
    g = rummy.load(before)
    played = base["log"][-1]["card"]
    other = next(c for c in g.hand(g.current_player) if c != played)
    g.apply({"type": "discard", "card": other})
    with pytest.raises(link.ForkedHistory, match="does not follow"):
        link.apply_moves(g.state(), text)


def test_an_old_link_opened_again_is_already_applied(three_seats):
    now = three_seats[-1]
    base = link.seat_last_turn(now, 0)
    text = link.link_for(now, 0)
    opened = link.apply_moves(base, text)
    with pytest.raises(link.AlreadyApplied, match="already been opened"):
        link.apply_moves(opened, text)
    g = rummy.load(opened)  # and after playing on, the old link is older than the game
    r = random.Random(0)
    while link.position(g.state()) == link.position(opened):
        try:
            g.apply(random_action(g, r))
        except IllegalMove:
            continue
    with pytest.raises(link.AlreadyApplied, match="older"):
        link.apply_moves(g.state(), text)


def test_a_copy_played_on_past_the_links_start_is_accepted(three_seats):
    """The recipient's device played the seats after its own turn (computer players) before
    the link came: its copy lies between the link's start and its end."""
    now = three_seats[-1]
    base = link.seat_last_turn(now, 0)
    text = link.link_for(now, 0)
    later = three_seats[three_seats.index(base) + 1 : three_seats.index(now)]
    assert len(later) >= 2
    for stored in later:
        assert link.apply_moves(stored, text) == now
    assert link.apply_moves(base, text) == now


def test_a_copy_whose_later_moves_differ_from_the_links_is_forked(three_seats):
    now = three_seats[-1]
    base = link.seat_last_turn(now, 0)
    text = link.link_for(now, 0)
    g = rummy.load(base)  # seat 1 draws and discards another tile than the link says
    played = link.moves_since(base, now)
    g.apply(played[0])
    other = next(c for c in g.hand(g.current_player) if c != played[1].get("card"))
    g.apply({"type": "discard", "card": other})
    assert link.position(base) < link.position(g.state()) < link.position(now)
    with pytest.raises(link.ForkedHistory, match="disagree"):
        link.apply_moves(g.state(), text)


def test_a_copy_that_missed_a_link_is_told_so(three_seats):
    now = three_seats[-1]
    text = link.link_for(now, 0)
    with pytest.raises(link.MissedMoves, match="behind"):
        link.apply_moves(three_seats[0], text)


def test_a_moves_link_for_another_game_is_refused(three_seats):
    text = link.link_for(three_seats[-1], 0)
    with pytest.raises(link.WrongGame):
        link.apply_moves(rummy.new_game("rummy101", players=3, seed=18).state(), text)


def test_a_full_link_is_not_applied_as_moves(three_seats):
    with pytest.raises(link.LinkError, match="full game link"):
        link.apply_moves(three_seats[0], link.encode(three_seats[-1]))


# ---------------------------------------------------------------------------------------------
# Fair deal


def test_commit_reveal_and_seed_derivation():
    values = [link.new_secret() for _ in range(3)]
    commitments = [link.commit(v) for v in values]
    assert all(link.check_reveal(c, v) for c, v in zip(commitments, values, strict=True))
    assert not link.check_reveal(commitments[0], values[1])
    assert not link.check_reveal(commitments[0], "short")
    seed = link.derive_seed(values)
    assert 0 <= seed < 2**53 and seed == link.derive_seed(list(values))
    assert seed != link.derive_seed(values[::-1])
    assert rummy.new_game("basic", players=3, seed=seed).state()["seed"] == seed


def test_a_seed_needs_everyone():
    with pytest.raises(ValueError, match="every player"):
        link.derive_seed([link.new_secret()])
    with pytest.raises(ValueError, match="16 to 256"):
        link.derive_seed(["a" * 20, "b"])


# ---------------------------------------------------------------------------------------------
# Invitations


def invitation(secret: str, **changes) -> dict:
    """A 4-seat rummy101 invitation after it has gone round: host at seat 1, a computer at 2."""
    invite = {
        "id": "0123456789abcdef",
        "variant": "rummy101",
        "players": 4,
        "options": {"joker_button": True},
        "host": 1,
        "commitment": link.commit(secret),
        "seats": [
            {"name": " Ana ", "bot": None, "value": "a" * 64},
            {"name": "Ben", "bot": None, "value": None},
            {"name": "Computer", "bot": "hard", "value": None},
            {"name": "Çağla 😀", "bot": None, "value": "0F" * 32},
        ],
    }
    invite.update(changes)
    return invite


def test_an_invitation_round_trips_normalized():
    secret = link.new_secret()
    text = link.encode_invite(invitation(secret))
    assert len(text) < 600
    got = link.decode_invite("https://example.org/#" + text)
    assert got["seats"][0]["name"] == "Ana" and got["seats"][3]["value"] == "0f" * 32
    assert got["options"] == rummy.new_game("rummy101", 4, options={"joker_button": True}).options
    assert link.decode_invite(link.encode_invite(got)) == got


def test_invitations_and_game_links_are_never_read_as_each_other():
    invite = link.encode_invite(invitation(link.new_secret()))
    game = rummy.new_game("basic", 2, seed=1).to_link()
    with pytest.raises(link.InviteError, match="This is a game link, not an invitation"):
        link.decode_invite(game)
    for open_it in (link.decode, link.inspect, lambda t: link.receive(None, t)):
        with pytest.raises(link.LinkError, match="This is an invitation, not a game link"):
            open_it(invite)


def test_a_tampered_or_oversized_invitation_is_refused():
    text = link.encode_invite(invitation(link.new_secret()))
    for i in range(0, len(text) - 1, 7):
        changed = text[:i] + ("A" if text[i] != "A" else "B") + text[i + 1 :]
        with pytest.raises(link.InviteError, match="damaged"):
            link.decode_invite(changed)
    with pytest.raises(link.LinkError, match="too long"):
        link.decode_invite("A" * 6_001)
    packer = zlib.compressobj(
        9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, envelope.INVITE_ZDICT
    )
    bomb = packer.compress(b" " * (64 * 1024)) + packer.flush()
    with pytest.raises(link.LinkError, match="more than 16 KB"):
        link.decode_invite(wrap(bytes([link.INVITE_FORMAT]) + bomb))
    with pytest.raises(link.InviteError, match="another version"):
        link.decode_invite(wrap(bytes([link.INVITE_FORMAT + 1]) + bomb))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"variant": "poker"}, "Unknown rule set"),
        ({"players": 5}, "2 to 4 players"),
        ({"options": {"target": 100}}, "does not apply"),
        ({"host": 2}, "host's seat is a person"),
        ({"host": 4}, "host's seat must be"),
        ({"commitment": "xyz"}, "64 hexadecimal"),
        ({"id": "0123"}, "16 hexadecimal"),
        ({"seats": []}, "lists 4 seats"),
        ({"extra": 1}, "exactly the fields"),
    ],
)
def test_a_malformed_invitation_is_refused_with_a_reason(changes, words):
    with pytest.raises(link.InviteError, match=words):
        link.encode_invite(invitation(link.new_secret(), **changes))


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        ({"name": "   "}, "1 to 40"),
        ({"name": "x" * 41}, "1 to 40"),
        ({"name": "a\nb"}, "control character"),
        ({"name": "Bot", "bot": "genius"}, "computer level"),
        ({"name": "Bot", "bot": "easy", "value": "b" * 64}, "has no value"),
        ({"name": "Ana", "value": "b" * 63}, "64 hexadecimal"),
    ],
)
def test_a_malformed_seat_is_refused_with_a_reason(seat, words):
    invite = invitation(link.new_secret())
    invite["seats"][0] = seat
    with pytest.raises(link.InviteError, match=words):
        link.encode_invite(invite)


def test_the_fair_seed_needs_the_committed_secret_and_everyone():
    secret = link.new_secret()
    invite = invitation(secret)
    seed = link.fair_seed(invite, secret)
    assert 0 <= seed < 2**53
    assert seed == link.fair_seed(link.decode_invite(link.encode_invite(invite)), secret)
    with pytest.raises(link.UnfairDeal, match="does not match the commitment"):
        link.fair_seed(invite, link.new_secret())
    waiting = invitation(secret)
    waiting["seats"][3]["value"] = None
    with pytest.raises(link.UnfairDeal, match="Not everyone has joined yet: waiting for Çağla"):
        link.fair_seed(waiting, secret)


def test_no_one_steers_the_seed_alone():
    secret = link.new_secret()
    seed = link.fair_seed(invitation(secret), secret)
    changed = invitation(secret)  # a joiner's value changed after the host committed
    changed["seats"][0]["value"] = "b" * 64
    assert link.fair_seed(changed, secret) != seed
    other = link.new_secret()  # two secrets of the host: two seeds, fixed by the commitment
    assert link.fair_seed(invitation(other), other) != seed


def test_computer_seats_count_with_a_fixed_placeholder():
    secret = link.new_secret()
    invite = invitation(secret)
    values = ["a" * 64, secret, "computer-seat-02", "0f" * 32]
    assert link.fair_seed(invite, secret) == link.derive_seed(values)
    easier = invitation(secret)
    easier["seats"][2]["bot"] = "easy"  # the level is not part of the seed
    assert link.fair_seed(easier, secret) == link.derive_seed(values)
