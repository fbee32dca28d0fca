"""web/storage.js (games, scores, profile and settings in localStorage), tested in Node.

The module's own tests live in tests/js/storage.test.mjs (node:test, an in-memory
localStorage); this runs them as part of the one test command.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_storage_module_in_node():
    run = subprocess.run(
        ["node", "--test", str(HERE / "js" / "storage.test.mjs")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
