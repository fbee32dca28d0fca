"""web/storage.js (games, scores, profile and settings in localStorage) and what the page
checks before it keeps or shows a record or a name, tested in Node.

The tests live in tests/js/*.test.mjs (node:test, an in-memory localStorage): storage.test.mjs
the storage module, names.test.mjs names, links' fragments and the page's kept records,
game-url.test.mjs the page's URL for a game or an invitation (web/ui/game-url.js),
review.test.mjs the round review's sentences, log-lines.test.mjs the phone's strip of the
others' turns, hint-steps.test.mjs the Hint's words for a take, styles.test.mjs that CSS
animations move or fade only, howto.test.mjs that How to play names buttons as they are
labelled, setup.test.mjs the names of a match two people play on one phone,
controller.test.mjs how long the table's answer to a press lasts; this runs
every one of them (but the two run by their own tests) as part of the one test command.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


# Run by their own tests: refusals (with the engine's samples, test_refusal_codes.py) and qr
# (against the built site's encoder, tests/browser/test_qr.py).
ELSEWHERE = {"refusals", "qr"}
NODE_TESTS = sorted(
    p.name.removesuffix(".test.mjs")
    for p in (HERE / "js").glob("*.test.mjs")
    if p.name.removesuffix(".test.mjs") not in ELSEWHERE
)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
@pytest.mark.parametrize("name", NODE_TESTS)
def test_page_modules_in_node(name):
    run = subprocess.run(
        ["node", "--test", str(HERE / "js" / f"{name}.test.mjs")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
