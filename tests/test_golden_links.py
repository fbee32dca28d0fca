"""Links made before a change still open to the same game, and the same inputs still make
byte-identical links (docs/LINKS.md: the format is part of every link already sent).

tests/data/golden_links.json was written by tests/make_golden_links.py: full links (replay
bodies at the deal, mid-round, a round's end and the next deal, for all three rule sets),
snapshots of positions laid out with ``deal=``, moves links (`link_for` and across a round's
end), commitments, derived seeds and invitations. A state is named by `link.state_hash`.
"""

import json
import pathlib

import pytest

from rummy import link

GOLDEN = json.loads((pathlib.Path(__file__).parent / "data" / "golden_links.json").read_text())


def test_the_golden_links_are_of_this_format():
    assert GOLDEN["format"] == link.FORMAT
    assert {case["variant"] for case in GOLDEN["full"]} == {"basic", "rummy200", "rummy101"}


@pytest.mark.parametrize("case", GOLDEN["full"] + GOLDEN["snapshots"], ids=lambda c: c["variant"])
def test_a_saved_full_link_opens_to_the_same_game_and_is_made_again_byte_for_byte(case):
    state = link.decode(case["link"])
    assert link.state_hash(state) == case["hash"]
    assert link.inspect(case["link"]) == case["inspect"]
    assert link.encode(state) == case["link"]


@pytest.mark.parametrize("case", GOLDEN["moves"], ids=lambda c: c["variant"])
def test_a_saved_moves_link_opens_on_its_base_and_is_made_again_byte_for_byte(case):
    state = link.decode(case["state"])
    assert link.state_hash(state) == case["hash"]
    assert link.inspect(case["link"]) == case["inspect"]
    if case["seat"] is not None:
        assert link.link_for(state, case["seat"]) == case["link"]
    if case["base"] is None:
        assert link.decode(case["link"]) == state
        return
    base = link.decode(case["base"])
    assert link.encode_moves(base, case["actions"]) == case["link"]
    if not case["actions"]:  # the seat's copy is the game already
        with pytest.raises(link.AlreadyApplied):
            link.apply_moves(base, case["link"])
    else:
        assert link.apply_moves(base, case["link"]) == state
        answer = link.receive(base, case["link"], case["seat"])
        assert link.state_hash(answer["state"]) == case["hash"]
    if case["seat"] is not None:
        assert link.seat_last_turn(state, case["seat"]) == base
        assert link.moves_since(base, state) == case["actions"]


def test_saved_commitments_and_seeds_are_derived_again():
    for secret, commitment in GOLDEN["fair"]["commit"].items():
        assert link.commit(secret) == commitment
        assert link.check_reveal(commitment, secret)
    for values, seed in GOLDEN["fair"]["derive_seed"]:
        assert link.derive_seed(values) == seed


@pytest.mark.parametrize("case", GOLDEN["invites"], ids=lambda c: c["invite"]["variant"])
def test_a_saved_invitation_opens_to_the_same_setup_and_is_made_again_byte_for_byte(case):
    assert link.decode_invite(case["link"]) == case["decoded"]
    assert link.encode_invite(case["invite"]) == case["link"]
    assert link.encode_invite(case["decoded"]) == case["link"]
    assert link.fair_seed(case["decoded"], case["secret"]) == case["seed"]
