"""The table UI's pure modules (notation, hand arrangement, log sentences, button reasons,
message catalogues) tested in Node: tests/browser/fixtures/ui_units.test.mjs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_ui_units_in_node():
    run = subprocess.run(
        ["node", "--test", str(HERE / "fixtures" / "ui_units.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
