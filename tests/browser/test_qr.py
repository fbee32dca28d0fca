"""QR codes beside links (web/ui/qr.js), drawn in the page under its CSP and read back.

One page load at phone size (390×844): the page's own `gameUrl` and `inviteUrl` make a turn
link, an invitation, the longest page URL bench/bench_links.py reports (1,099 characters: basic
for four, its longest full link and the fair deal's proof, docs/LINKS.md "Page URL size") and a
URL at the links' whole 2,000-character budget; `qrFigure` draws each; each figure is
screenshotted and decoded with zxing-cpp (PyPI), which must give back the exact URL. The pure
parts are tested in Node (tests/js/qr.test.mjs), run from here since they need dist/.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.qr_read import decode, picture
from fixtures.table_driver import SCREENSHOTS, axe_violations, new_page

import rummy
from rummy import link

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is in the test extras")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/helpers.py
from helpers import play_until  # noqa: E402

# bench/bench_links.py's page URLs: a 40-character origin and path; Hebrew names of 12 letters.
LOC = {"origin": "https://rummy-cards.example", "pathname": "/play/index.h"}
NAME = "אבגדהוזחטיכל"
LONGEST = {"players": 4, "link": 660, "url": 1099}  # basic 4p, docs/LINKS.md "Page URL size"
BUDGET = 2000


def _base64url(n: int, seed: int) -> str:
    """A link-shaped text (the engine's links are base64url) of n characters."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    r = random.Random(seed)
    return "".join(r.choice(alphabet) for _ in range(n))


def _invitation(players: int) -> str:
    """An invitation as the engine writes it, every guest joined (as in bench_links.py)."""
    value = lambda i: hashlib.sha256(bytes([i])).hexdigest()  # noqa: E731
    return link.encode_invite(
        {
            "id": "0123456789abcdef",
            "variant": "basic",
            "players": players,
            "options": {},
            "host": 0,
            "commitment": link.commit(value(0)),
            "seats": [
                {"name": NAME, "bot": None, "value": None if i == 0 else value(i)}
                for i in range(players)
            ],
        }
    )


def _turn_link() -> str:
    """The moves link the engine makes for seat 0 after a few turns of a real game."""
    g = rummy.new_game("basic", players=2, seed=5)
    play_until(g, random.Random(3), lambda g: g.state()["turn"] >= 4 or g.round_over)
    text = link.link_for(g.state(), 0)
    assert link.inspect(text)["kind"] == "moves", "expected a moves link"
    return text


DRAW = """async ({ turn, invitation, longest, budget, loc }) => {
  const { qrFigure } = await import('./web/ui/qr.js');
  const { gameUrl, inviteUrl } = await import('./web/ui/game-url.js');
  const { loadLanguage, makeTranslator } = await import('./web/i18n/index.js');
  await loadLanguage('en');
  const t = makeTranslator('en');
  const urls = {
    turn: gameUrl({ link: turn }),
    invitation: inviteUrl(invitation),
    longest: gameUrl(longest, loc),
    budget: gameUrl({ link: budget }, loc),
    tooLong: gameUrl({ link: budget + budget }, loc),
  };
  // Only the figures on screen, in a column as wide as the page's content on a phone.
  for (const el of document.body.children) el.style.setProperty('display', 'none');
  const box = document.createElement('main');
  box.id = 'qr-test';
  box.className = 'invite-screen';
  box.append(Object.assign(document.createElement('h1'), { textContent: 'Send the game' }));
  for (const [name, url] of Object.entries(urls)) {
    const figure = qrFigure({ url, label: `QR code: ${name}`, t });
    figure.id = `qr-${name}`;
    box.append(figure);
  }
  document.body.append(box);
  return urls;
}"""


def test_qr_codes_decode_to_the_exact_links(browser, site_url):
    page = new_page(browser, "phone")
    csp: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and csp.append(m.text))
    page.goto(site_url)
    page.wait_for_function("() => document.documentElement.dataset.screen !== undefined")
    f_proof = f"{_invitation(LONGEST['players'])}.{'5' * 64}"
    longest = {"link": _base64url(LONGEST["link"], 1), "proof": f_proof}
    urls = page.evaluate(
        DRAW,
        {
            "turn": _turn_link(),
            "invitation": _invitation(3),
            "longest": longest,
            "budget": _base64url(BUDGET - 40 - len("#g="), 2),
            "loc": LOC,
        },
    )
    assert urls["turn"].startswith(site_url) and "#g=" in urls["turn"]
    assert urls["invitation"].startswith(site_url) and "#i=" in urls["invitation"]
    assert len(urls["longest"]) == LONGEST["url"], "the bench's longest page URL"
    assert len(urls["budget"]) == BUDGET

    levels = {}
    for name in ("turn", "invitation", "longest", "budget"):
        figure = page.locator(f"#qr-{name}")
        svg = figure.locator("svg.qr-code")
        assert svg.get_attribute("role") == "img"
        assert svg.get_attribute("aria-label") == f"QR code: {name}"
        assert figure.locator(".qr-url").inner_text() == urls[name], "the link's text"
        box = svg.bounding_box()
        assert box and abs(box["width"] - box["height"]) < 0.5, "square"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, "inside a 390 px phone"
        levels[name] = (svg.get_attribute("data-level"), int(svg.get_attribute("data-version")))
        SCREENSHOTS.mkdir(exist_ok=True)
        png = picture(figure, path=str(SCREENSHOTS / f"qr-{name}.png"))
        assert decode(png) == [urls[name]], f"{name}: the code must read back as the link"
    assert all(level == "M" for level, _ in levels.values()), levels
    assert levels["longest"][1] == 27 and levels["budget"][1] == 38, levels

    # Too long for any QR code: no code, the text stays and says so.
    none = page.locator("#qr-tooLong")
    assert none.get_attribute("class") == "qr qr-none"
    assert none.locator("svg").count() == 0
    assert none.locator(".qr-url").inner_text() == urls["tooLong"]
    assert "too long" in none.locator(".qr-hint").inner_text()

    page.locator("#qr-turn").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "qr-phone-390x844.png"))
    assert axe_violations(page) == []
    assert csp == [], csp
    assert page.problems == []


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_qr_units_in_node(site_url):
    """tests/js/qr.test.mjs against dist/ (site_url builds it when it is missing)."""
    run = subprocess.run(
        ["node", "--test", str(HERE.parent / "js" / "qr.test.mjs")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
