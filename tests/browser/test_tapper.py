"""A restless person on two phones playing by link, in a right-to-left language: a short run of
the random tapper (scripts/tapper.py, where the rules it checks after every press are listed:
no error, no unfilled text, one message at a time, nothing cut or scrolling sideways, and no
game on either phone going back or lost without a confirmed deletion). Longer runs, on other
devices, languages and seeds, are for after a change to the page (README, "Tests")."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import tapper  # scripts/ is put on the path just above


def test_two_phones_tapped_at_random_by_link_keep_their_game(browser, site_url):
    found = tapper.run(browser, site_url, "phone", "he", seed=5, taps=150, link=True)
    assert found["problems"] == []
    # The game went from phone to phone: links were offered, and opened.
    assert found["links"] >= 2 and found["opened"] >= 2, found
