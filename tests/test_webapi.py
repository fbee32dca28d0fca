"""rummy.webapi: the JSON-string protocol the browser worker speaks (docs/WEBAPI.md)."""

from __future__ import annotations

import json

import pytest

import helpers
import rummy
from rummy import webapi


@pytest.fixture
def session() -> webapi.Session:
    return webapi.Session()


def call(session: webapi.Session, op: str, **args) -> dict:
    """Send one request the way the worker does (a JSON string) and decode the answer."""
    text = session.dispatch(json.dumps({"id": 7, "op": op, **args}))
    assert isinstance(text, str)
    response = json.loads(text)
    assert response["id"] == 7
    return response


def ok(session: webapi.Session, op: str, **args):
    response = call(session, op, **args)
    assert response["ok"], response
    return response["result"]


def refused(session: webapi.Session, op: str, kind: str, **args) -> str:
    response = call(session, op, **args)
    assert response["ok"] is False, response
    assert response["kind"] == kind, response
    assert isinstance(response["error"], str) and response["error"]
    return response["error"]


# -- malformed requests never raise --------------------------------------------------------


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", "42", '"op"', "{", "null"])
def test_malformed_json_is_a_bad_request_with_a_null_id(session, text):
    response = json.loads(session.dispatch(text))
    assert response == {"id": None, "ok": False, "error": response["error"], "kind": "bad_request"}


def test_unknown_op_names_the_known_ones(session):
    message = refused(session, "fly", "bad_request")
    assert "fly" in message and "new_game" in message


def test_missing_op_is_a_bad_request(session):
    response = json.loads(session.dispatch('{"id": 3}'))
    assert response["kind"] == "bad_request" and response["id"] == 3


def test_the_id_comes_back_whatever_its_type(session):
    for request_id in (1, "abc", None, 2.5):
        text = session.dispatch(json.dumps({"id": request_id, "op": "version"}))
        assert json.loads(text)["id"] == request_id


def test_version_reports_protocol_and_features(session):
    result = ok(session, "version")
    assert result["protocol"] == webapi.PROTOCOL
    assert set(result["features"]) >= {"games", "bots", "links"}
    assert result["python"].count(".") == 2


def test_module_level_dispatch_answers():
    assert json.loads(webapi.dispatch('{"id": 1, "op": "version"}'))["ok"] is True


def test_unknown_game_handle_is_a_bad_request(session):
    assert "g99" in refused(session, "view", "bad_request", game="g99")


@pytest.mark.parametrize(
    "args",
    [
        {},
        {"variant": "basic"},
        {"variant": 3, "players": 2},
        {"variant": "basic", "players": "two"},
        {"variant": "basic", "players": True},
        {"variant": "basic", "players": 2, "options": []},
        {"variant": "basic", "players": 2, "seat": -1},
    ],
)
def test_new_game_checks_argument_types(session, args):
    refused(session, "new_game", "bad_request", **args)


# -- what the dispatcher does with the engine's answers ------------------------------------


def test_bot_applies_exactly_one_action_for_the_player_to_move(session, monkeypatch):
    from rummy import bots

    decided = []

    def decide(view, level, seed):
        decided.append((view["seat"], level, seed))
        return {"type": "draw", "source": "stock"}

    monkeypatch.setattr(bots, "decide", decide)
    game = ok(session, "new_game", variant="basic", players=2, seed=3, seat=1)["game"]
    result = ok(session, "bot", game=game, level="hard", seed=5)
    assert decided == [(0, "hard", 5)]  # the bot sees only the view of the seat to move
    assert result["action"] == {"type": "draw", "source": "stock"}
    assert result["player"] == 0
    assert result["view"]["seat"] == 1  # the answer is shown from the page's seat


def test_an_engine_bug_is_reported_as_internal_and_the_session_survives(session, monkeypatch):
    def broken_new_game(variant, players, **kw):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(rummy.game, "new_game", broken_new_game)
    message = refused(session, "new_game", "internal", variant="basic", players=2)
    assert "ZeroDivisionError" in message
    assert ok(session, "version")["protocol"] == webapi.PROTOCOL


def test_every_feature_ships(session):
    assert ok(session, "version")["features"] == {"games": True, "bots": True, "links": True}


# -- against the real engine ---------------------------------------------------------------


def test_new_game_answers_a_handle_and_the_view_of_seat_0(session):
    result = ok(session, "new_game", variant="basic", players=2, seed=3)
    assert isinstance(result["game"], str)
    view = result["view"]
    assert len(view["hand"]) == view["hand_sizes"][0]
    assert view["current_player"] == 0 and view["phase"] == "draw"


def test_new_game_is_seeded(session):
    first = ok(session, "new_game", variant="basic", players=2, seed=11)["view"]["hand"]
    second = ok(session, "new_game", variant="basic", players=2, seed=11)["view"]["hand"]
    assert first == second


def test_new_game_with_a_bad_variant_is_refused_with_a_readable_message(session):
    response = call(session, "new_game", variant="poker", players=2)
    assert response["ok"] is False and response["kind"] in ("illegal", "bad_request")


def test_view_for_another_seat_hides_nothing_of_its_own_and_shows_its_hand(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=4)["game"]
    seat1 = ok(session, "view", game=game, seat=1)["view"]
    seat0 = ok(session, "view", game=game)["view"]
    assert seat1["hand"] != seat0["hand"]
    assert "between 0 and 1" in refused(session, "view", "bad_request", game=game, seat=2)


def test_a_draw_and_a_discard_pass_the_turn(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=5)["game"]
    view = ok(session, "apply", game=game, seat=0, action={"type": "draw", "source": "stock"})[
        "view"
    ]
    assert view["phase"] == "play" and len(view["hand"]) == 11
    card = view["hand"][0]
    view = ok(session, "apply", game=game, seat=0, action={"type": "discard", "card": card})["view"]
    assert view["current_player"] == 1 and view["discard"][-1] == card


def test_apply_refuses_a_seat_whose_turn_it_is_not(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=6)["game"]
    before = ok(session, "state", game=game)["state"]
    message = refused(
        session, "apply", "illegal", game=game, seat=1, action={"type": "draw", "source": "stock"}
    )
    assert "not seat 1's turn" in message
    assert ok(session, "state", game=game)["state"] == before


def test_an_illegal_action_keeps_the_game_and_carries_the_engines_message(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=6)["game"]
    before = ok(session, "state", game=game)["state"]
    hand = ok(session, "view", game=game)["view"]["hand"]
    refused(session, "apply", "illegal", game=game, action={"type": "discard", "card": hand[0]})
    assert ok(session, "state", game=game)["state"] == before


def test_an_illegal_answer_names_the_refusal_by_code_with_json_params(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=6)["game"]
    hand = ok(session, "view", game=game)["view"]["hand"]
    response = call(session, "apply", game=game, action={"type": "discard", "card": hand[0]})
    assert response == {
        "id": 7,
        "ok": False,
        "kind": "illegal",
        "error": "Draw first: take a card from the stock or the discard pile",
        "code": "draw_first",
        "params": {},
    }
    ok(session, "apply", game=game, action={"type": "draw", "source": "stock"})
    held = set(ok(session, "view", game=game)["view"]["hand"])
    missing = next(c for c in rummy.cards.DECK if c not in held)
    response = call(session, "apply", game=game, action={"type": "discard", "card": missing})
    assert response["kind"] == "illegal" and response["code"] == "not_in_hand"
    assert response["params"] == {"card": missing, "count": 1}  # the engine's code, not "7♥"
    response = call(session, "new_game", variant="rummy200", players=3)
    assert (response["kind"], response["code"]) == ("illegal", "player_count")
    assert response["params"] == {"variant": "rummy200", "players": 3, "allowed": [4]}


def test_refusals_without_a_code_have_no_code_keys(session, monkeypatch):
    response = call(session, "view", game="g99")  # a page bug, not a refusal of the rules
    assert response["kind"] == "bad_request" and "code" not in response and "params" not in response

    def refuse(*args, **kwargs):
        raise rummy.IllegalMove("No, in English")

    monkeypatch.setattr(rummy.game, "new_game", refuse)
    response = call(session, "new_game", variant="basic", players=2)
    assert response["kind"] == "illegal" and response["error"] == "No, in English"
    assert "code" not in response and "params" not in response


def test_two_seats_can_be_driven_by_switching_seat(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=8)["game"]
    for seat in (0, 1, 0):
        view = ok(
            session, "apply", game=game, seat=seat, action={"type": "draw", "source": "stock"}
        )
        card = view["view"]["hand"][-1]
        view = ok(session, "apply", game=game, seat=seat, action={"type": "discard", "card": card})
        assert view["view"]["current_player"] == 1 - seat


def test_state_load_round_trip_opens_a_second_handle(session):
    game = ok(session, "new_game", variant="basic", players=3, seed=9)["game"]
    ok(session, "apply", game=game, action={"type": "draw", "source": "stock"})
    state = ok(session, "state", game=game)["state"]
    loaded = ok(session, "load", state=state, seat=2)
    assert loaded["game"] != game
    assert ok(session, "state", game=loaded["game"])["state"] == state
    assert loaded["view"]["hand"] == ok(session, "view", game=game, seat=2)["view"]["hand"]


def test_loading_garbage_is_a_readable_refusal(session):
    response = call(session, "load", state={"nonsense": True})
    assert response["ok"] is False and response["kind"] in ("bad_request", "illegal")


def test_next_round_during_a_round_is_illegal(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=10)["game"]
    refused(session, "next_round", "illegal", game=game)


def test_close_forgets_the_game(session):
    game = ok(session, "new_game", variant="basic", players=2)["game"]
    assert ok(session, "close", game=game) == {"closed": True}
    assert ok(session, "close", game=game) == {"closed": False}
    refused(session, "view", "bad_request", game=game)


def test_bot_plays_for_the_current_player_when_bots_exist(session):
    assert ok(session, "version")["features"]["bots"]
    game = ok(session, "new_game", variant="basic", players=2, seed=12)["game"]
    ok(session, "apply", game=game, action={"type": "draw", "source": "stock"})
    hand = ok(session, "view", game=game)["view"]["hand"]
    ok(session, "apply", game=game, action={"type": "discard", "card": hand[0]})
    result = ok(session, "bot", game=game, level="random", seed=1)
    assert result["player"] == 1 and isinstance(result["action"], dict)
    assert "hand" in result["view"] and result["view"]["hand"] == hand[1:]


def test_a_link_reopens_the_same_game_when_links_exist(session):
    assert ok(session, "version")["features"]["links"]
    game = ok(session, "new_game", variant="basic", players=2, seed=13)["game"]
    ok(session, "apply", game=game, action={"type": "draw", "source": "stock"})
    link = ok(session, "link", game=game)["link"]
    opened = ok(session, "open_link", link=link)
    assert opened["game"] != game
    assert opened["view"]["hand"] == ok(session, "view", game=game)["view"]["hand"]
    refused(session, "open_link", "bad_request", link="not-a-link")


def test_hint_advises_the_pages_seat_on_its_turn(session):
    opener = ["R10", "R11", "R12", "B11", "B12", "B13", "K11", "Y11", "R11", "K2", "K3"]
    deal = {"hands": [opener, ["Y1"]], "stock": [], "discard": [], "first": 0}
    rest = list(rummy.tiles.FULL_SET)
    for tile in [*opener, "Y1"]:
        rest.remove(tile)
    deal["stock"] = rest
    game = ok(session, "new_game", variant="rummy101", players=2, seed=1, deal=deal)["game"]
    advice = ok(session, "hint", game=game)["hint"]
    assert advice["opening"]["points"] == 102 and advice["opening"]["need"] == 101
    assert advice["actions"] and advice["actions"][0]["type"] == "meld"
    assert ok(session, "hint", game=game, seat=1)["hint"]["message"] == "It is not your turn"


def test_a_broken_link_is_refused_with_the_link_modules_own_sentence(session):
    message = refused(session, "open_link", "bad_request", link="AAAA")
    assert "cannot be opened: This" not in message and message[0].isupper()


# -- links between devices, invitations ----------------------------------------------------


def play_turns(session, game: str, turns: int) -> None:
    """``turns`` whole turns (draw from the stock, discard the first card) by whoever is to play."""
    for _ in range(turns):
        seat = ok(session, "view", game=game)["view"]["current_player"]
        ok(session, "apply", game=game, seat=seat, action={"type": "draw", "source": "stock"})
        hand = ok(session, "view", game=game, seat=seat)["view"]["hand"]
        ok(session, "apply", game=game, seat=seat, action={"type": "discard", "card": hand[0]})


def test_link_for_a_recipient_is_a_moves_link_once_it_has_moved(session):
    game = ok(session, "new_game", variant="basic", players=3, seed=21)["game"]
    full = ok(session, "link", game=game)
    assert full["kind"] == "full" and len(full["game_id"]) == 12
    play_turns(session, game, 1)
    assert ok(session, "link", game=game, seat=1)["kind"] == "full"  # seat 1 has not moved
    play_turns(session, game, 2)
    to_seat_0 = ok(session, "link", game=game, seat=0)
    assert to_seat_0["kind"] == "moves" and to_seat_0["game_id"] == full["game_id"]
    assert len(to_seat_0["link"]) < len(ok(session, "link", game=game)["link"])
    refused(session, "link", "bad_request", game=game, seat=3)


def test_receive_link_first_contact_and_then_moves(session):
    game = ok(session, "new_game", variant="basic", players=3, seed=22)["game"]
    play_turns(session, game, 1)
    stored = ok(session, "state", game=game)["state"]  # seat 0's device after its turn
    play_turns(session, game, 1)
    first = ok(session, "receive_link", link=ok(session, "link", game=game)["link"])
    assert first["kind"] == "full" and first["first_contact"] is True
    assert first["view"]["seat"] == 2 == first["view"]["current_player"]  # the seat to play
    assert first["since"] == 0 and first["verified_deal"] is True  # seat 2 has not moved yet
    assert first["seed"] == stored["seed"] and first["game_id"] == link_game_id(stored)
    play_turns(session, game, 1)
    moves = ok(session, "link", game=game, seat=0)
    got = ok(session, "receive_link", link=moves["link"], state=stored, seat=0)
    assert got["kind"] == "moves" and got["first_contact"] is False
    assert got["since"] == len(stored["log"]) and got["view"]["seat"] == 0
    assert (
        ok(session, "state", game=got["game"])["state"] == ok(session, "state", game=game)["state"]
    )


def link_game_id(state: dict) -> str:
    return rummy.link.game_id(state)


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("twice", "already_opened"),
        ("behind", "missed"),
        ("other", "wrong_game"),
        ("junk", "broken"),
    ],
)
def test_a_refused_link_names_its_reason(session, case, reason):
    game = ok(session, "new_game", variant="basic", players=3, seed=23)["game"]
    start = ok(session, "state", game=game)["state"]
    play_turns(session, game, 1)
    base = ok(session, "state", game=game)["state"]
    play_turns(session, game, 3)
    text = ok(session, "link", game=game, seat=0)["link"]
    now = ok(session, "state", game=game)["state"]
    stored, sent = {
        "twice": (now, text),
        "behind": (start, text),
        "other": (rummy.new_game("basic", 3, seed=24).state(), text),
        "junk": (base, "AAAAAAAAAA"),
    }[case]
    response = call(session, "receive_link", link=sent, state=stored)
    assert response["ok"] is False and response["kind"] == "link", response
    assert response["reason"] == reason and response["error"][0].isupper()


def test_a_forked_link_is_reported_as_forked(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=25)["game"]
    play_turns(session, game, 1)
    fork = ok(session, "load", state=ok(session, "state", game=game)["state"])["game"]
    play_turns(session, game, 2)
    # The same turn played differently on another copy: seat 1 takes the discard instead.
    taken = ok(session, "apply", game=fork, seat=1, action={"type": "draw", "source": "discard"})
    card = next(c for c in taken["view"]["hand"] if c != taken["view"]["taken"])
    ok(session, "apply", game=fork, seat=1, action={"type": "discard", "card": card})
    text = ok(session, "link", game=game)["link"]
    response = call(
        session, "receive_link", link=text, state=ok(session, "state", game=fork)["state"]
    )
    assert (response["kind"], response.get("reason")) == ("link", "forked"), response


def test_receive_link_refuses_a_malformed_stored_copy_as_a_bad_request(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=26)["game"]
    text = ok(session, "link", game=game)["link"]
    message = refused(session, "receive_link", "bad_request", link=text, state={"x": 1})
    assert "stored game" in message
    refused(session, "receive_link", "bad_request", link=text, seat=5)
    assert "reason" not in call(session, "receive_link", link=text, seat=5)


def test_open_link_still_answers_as_before(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=27)["game"]
    opened = ok(session, "open_link", link=ok(session, "link", game=game)["link"], seat=1)
    assert set(opened) == {"game", "view"} and opened["view"]["seat"] == 1


def test_replay_shows_each_event_since_a_turn(session):
    game = ok(session, "new_game", variant="basic", players=3, seed=28)["game"]
    play_turns(session, game, 4)
    log = ok(session, "state", game=game)["state"]["log"]
    steps = ok(session, "replay", game=game, seat=0, since=2)["steps"]
    assert [s["event"] for s in steps] == list(range(1, len(log)))
    assert steps[-1]["view"] == ok(session, "view", game=game, seat=0)["view"]
    assert all(s["view"]["seat"] == 0 for s in steps)
    refused(session, "replay", "bad_request", game=game, since=len(log) + 1)
    refused(session, "replay", "bad_request", game=game)


def test_review_lists_a_seats_costliest_decisions_after_the_round(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=3, options={"max_rebuilds": 1})[
        "game"
    ]
    ok(session, "bot", game=game, level="easy", seed=1)
    refused(session, "review", "illegal", game=game, seat=0)  # the round is still on
    view = ok(session, "view", game=game)["view"]
    while not view["round_over"]:
        view = ok(session, "bot", game=game, level="easy", seed=1)["view"]
    result = ok(session, "review", game=game, seat=0)
    assert result["reviewable"] and result["decisions"] > 0
    assert 1 <= len(result["moments"]) <= 3  # easy gives the expert something to say
    log = view["log"]
    for moment in result["moments"]:
        keys = {"event", "turn", "kind", "played", "expert", "loss", "samples", "pile"}
        assert set(moment) == keys
        assert (moment["pile"] is not None) == (moment["kind"] == "draw")
        assert log[moment["event"]]["seat"] == 0 and log[moment["event"]]["type"] == moment["kind"]
        assert moment["loss"] > 0 and moment["expert"] != moment["played"]
        step = ok(session, "replay", game=game, seat=0, since=moment["event"])["steps"][0]
        assert step["view"]["current_player"] == 0  # the moment, as the page replays it


def test_an_invitation_goes_round_and_gives_a_fair_seed(session):
    secret = rummy.link.new_secret()
    commitment = ok(session, "commit", secret=secret)["commitment"]
    invite = {
        "id": "00112233aabbccdd",
        "variant": "basic",
        "players": 3,
        "options": {},
        "host": 0,
        "commitment": commitment,
        "seats": [
            {"name": "Ana", "bot": None, "value": None},
            {"name": "Seat 2", "bot": None, "value": None},
            {"name": "Computer", "bot": "medium", "value": None},
        ],
    }
    text = ok(session, "invite_encode", invite=invite)["text"]
    joined = ok(session, "invite_decode", text=text)["invite"]
    assert joined["options"]["target"] == 150
    early = call(session, "fair_seed", invite=joined, secret=secret)
    assert (early["kind"], early["reason"]) == ("link", "unfair") and "joined" in early["error"]
    joined["seats"][1] = {"name": "Ben", "bot": None, "value": "c" * 64}
    back = ok(session, "invite_decode", text=ok(session, "invite_encode", invite=joined)["text"])
    seed = ok(session, "fair_seed", invite=back["invite"], secret=secret)["seed"]
    assert seed == rummy.link.fair_seed(back["invite"], secret)
    wrong = call(session, "fair_seed", invite=back["invite"], secret=rummy.link.new_secret())
    assert wrong["reason"] == "unfair" and "commitment" in wrong["error"]


def test_invitation_refusals_are_broken_links(session):
    response = call(session, "invite_decode", text="AAAAAAAAAA")
    assert (response["kind"], response["reason"]) == ("link", "broken")
    game = ok(session, "new_game", variant="basic", players=2, seed=29)["game"]
    response = call(session, "invite_decode", text=ok(session, "link", game=game)["link"])
    assert response["reason"] == "broken" and "not an invitation" in response["error"]
    response = call(session, "invite_encode", invite={"id": "x"})
    assert (response["kind"], response["reason"]) == ("link", "broken")
    response = call(
        session,
        "receive_link",
        link=ok(
            session,
            "invite_encode",
            invite={
                "id": "00112233aabbccdd",
                "variant": "basic",
                "players": 2,
                "options": {},
                "host": 0,
                "commitment": "d" * 64,
                "seats": [{"name": "A"}, {"name": "B"}],
            },
        )["text"],
    )
    assert response["reason"] == "broken" and "not a game link" in response["error"]
    refused(session, "commit", "bad_request", secret="short")


def test_judge_says_which_groups_are_melds_and_what_they_are_worth(session):
    game = ok(session, "new_game", variant="rummy101", players=2, seed=3)["game"]
    before = ok(session, "state", game=game)["state"]
    groups = [
        ["Y9", "B13", "R10"],
        ["R5", "R6", "R7"],
        ["K12", "Y12"],
        ["R5", "R5"],
        ["JK", "R5", "R6"],
    ]
    got = ok(session, "judge", game=game, groups=groups)["groups"]
    assert [g["valid"] for g in got] == [False, True, False, True, True]
    assert [g["kind"] for g in got] == [None, "run", None, "pair", "run"]
    assert [g["value"] for g in got] == [0, 18, 0, 10, 18]
    assert got[4]["codes"] == ["R5", "R6", "JK=R7"]  # the joker as the engine reads it
    assert ok(session, "state", game=game)["state"] == before  # judging changes nothing


def test_judge_uses_the_card_rules_of_the_game(session):
    game = ok(session, "new_game", variant="basic", players=2, seed=3)["game"]
    got = ok(session, "judge", game=game, groups=[["AS", "2S", "3S"], ["QS", "KS", "AS"]])
    assert [g["valid"] for g in got["groups"]] == [True, False]  # the ace is low by default
    refused(session, "judge", "bad_request", game=game, groups=[["AS"]] * 41)
    refused(session, "judge", "bad_request", game=game, groups=[[1, 2, 3]])


def test_fits_names_the_melds_the_selection_could_be_laid_off_on(session):
    hand = ["4H", "5H", "6H", "QC", "QD", "QS", "7H", "QH", "2C"]
    deal = helpers.deal("basic", [hand, ["9S", "TS", "JS"]], stock=["3D", "KD"])
    game = ok(session, "new_game", variant="basic", players=2, deal=deal)["game"]
    assert ok(session, "fits", game=game, cards=["7H"]) == {"melds": [], "swaps": []}  # draw first
    ok(session, "apply", game=game, action={"type": "draw", "source": "stock"})
    laid = {"type": "meld", "melds": [["4H", "5H", "6H"], ["QC", "QD", "QS"]]}
    table = ok(session, "apply", game=game, action=laid)["view"]["table"]
    run, queens = (m["id"] for m in table)
    fits = {code: ok(session, "fits", game=game, cards=[code])["melds"] for code in [*hand, "9S"]}
    assert fits["7H"] == [run] and fits["QH"] == [queens]
    assert fits["2C"] == [] and fits["9S"] == []  # 9♠ is not in this hand
    assert ok(session, "fits", game=game, cards=["7H", "QH"])["melds"] == []
    assert ok(session, "fits", game=game, cards=["7H"])["swaps"] == []  # no jokers here
    assert ok(session, "fits", game=game, cards=["7H"], seat=1)["melds"] == []  # not its turn
    refused(session, "fits", "bad_request", game=game, cards="7H")
    refused(session, "fits", "bad_request", game=game, cards=["7H"] * 41)
    # A last tile that would join a meld: no target, and the refusal that keeps it back.
    rack = ["R10", "R11", "R12", "B11", "B12", "B13", "K11", "Y11", "R11", "R9"]
    deal = helpers.deal("rummy101", [rack, ["K5"]])
    game = ok(session, "new_game", variant="rummy101", players=2, deal=deal)["game"]
    opening = [["R10", "R11", "R12"], ["B11", "B12", "B13"], ["K11", "Y11", "R11"]]
    ok(session, "apply", game=game, action={"type": "meld", "melds": opening})
    fits = ok(session, "fits", game=game, cards=["R9"])
    assert (fits["melds"], fits["kept"]["code"]) == ([], "keep_one_tile"), fits


def test_arrange_lays_the_hand_out_in_its_best_melds_loose_cards_last(session):
    hand = ["QC", "QD", "QS", "4H", "5H", "6H", "7H"]
    deal = helpers.deal("rummy200", [hand, ["2C"], ["3C"], ["4C"]])
    game = ok(session, "new_game", variant="rummy200", players=4, deal=deal)["game"]
    runs = ok(session, "arrange", game=game, by="runs")
    assert runs == {"groups": [["4H", "5H", "6H", "7H"], ["QC", "QD", "QS"]], "loose": []}
    sets = ok(session, "arrange", game=game, by="sets")
    assert sets["groups"][0] == ["QC", "QD", "QS"]
    refused(session, "arrange", "bad_request", game=game, by="pairs")


def test_arrange_in_rummy101_finds_the_best_opening_or_the_most_pairs(session):
    rack = ["R10", "R11", "R12", "K13", "B13", "Y13", "Y4", "Y4", "B2", "B2", "K7"]
    deal = helpers.deal("rummy101", [rack, ["R1"]])
    game = ok(session, "new_game", variant="rummy101", players=2, deal=deal)["game"]
    best = ok(session, "arrange", game=game, by="runs")
    assert best["groups"] == rummy.solver.best_opening(rack)[1]
    assert sorted(best["loose"]) == ["B2", "B2", "K7", "Y4", "Y4"]
    pairs = ok(session, "arrange", game=game, by="pairs")
    assert sorted(map(sorted, pairs["groups"])) == [["B2", "B2"], ["Y4", "Y4"]]


def test_an_unknown_computer_level_is_a_bad_request():
    session = webapi.Session()
    game = ok(session, "new_game", variant="basic", players=2, seed=3)["game"]
    before = ok(session, "state", game=game)
    for level in ("genius", 5, ["hard"]):
        message = refused(session, "bot", "bad_request", game=game, level=level)
        assert "'level' must be one of" in message and '"hard"' in message
    assert ok(session, "state", game=game) == before


def test_names_are_cleaned_of_direction_marks_controls_and_lone_surrogates():
    session = webapi.Session()
    got = ok(
        session, "clean_names", names=["\u202eexe.anA", " Ana\u2066 ", "a\nb\ud800", 5, "x" * 60]
    )
    assert got == {"names": ["exe.anA", "Ana", "ab", "", "x" * 40], "max": 40}
    assert "at most 16" in refused(session, "clean_names", "bad_request", names=["a"] * 17)


OPS = [
    "version",
    "new_game",
    "load",
    "view",
    "apply",
    "bot",
    "hint",
    "judge",
    "arrange",
    "state",
    "next_round",
    "link",
    "open_link",
    "receive_link",
    "replay",
    "invite_encode",
    "invite_decode",
    "commit",
    "fair_seed",
    "clean_names",
    "close",
]
ARGUMENTS = [
    "game",
    "seat",
    "level",
    "seed",
    "link",
    "state",
    "since",
    "invite",
    "text",
    "secret",
    "groups",
    "by",
    "names",
    "action",
    "variant",
    "players",
    "options",
    "deal",
]
MALFORMED = (None, True, -1, 7, 10**6, "genius", "", [], {}, [1], [[5]], {"a": 1}, 1.5)


@pytest.mark.parametrize("op", OPS)
def test_a_malformed_request_is_a_bad_request_never_an_internal_error(session, op):
    game = ok(session, "new_game", variant="rummy101", players=2, seed=3)["game"]
    for key in ARGUMENTS:
        for value in MALFORMED:
            answer = call(session, op, **{"game": game, key: value})
            assert answer.get("kind") != "internal", (op, key, value, answer)


def test_a_link_refusal_is_answered_with_its_own_reason(session, monkeypatch):
    from rummy import link

    class Novel(link.LinkError):
        reason = "novel"

    def refuse(text):
        raise Novel("Refused for a new reason")

    monkeypatch.setattr(link, "decode_invite", refuse)
    answer = call(session, "invite_decode", text="abc")
    assert (answer["kind"], answer["reason"]) == ("link", "novel")
    reasons = {
        cls.__name__: cls.reason
        for cls in (
            *(link.LinkError, link.WrongGame, link.AlreadyApplied, link.ForkedHistory),
            *(link.MissedMoves, link.InviteError, link.UnfairDeal, rummy.errors.InvalidState),
        )
    }
    assert reasons == {
        "LinkError": "broken",
        "WrongGame": "wrong_game",
        "AlreadyApplied": "already_opened",
        "ForkedHistory": "forked",
        "MissedMoves": "missed",
        "InviteError": "broken",
        "UnfairDeal": "unfair",
        "InvalidState": "broken",
    }
