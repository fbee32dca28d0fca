"""The shipped standard library (dist/pyodide/python_stdlib.zip, trimmed by build.py) holds
everything the engine imports: every engine module, every standard module its sources name
(even inside a function), every webapi op in every rule set, and micropip installing a wheel —
run in Pyodide itself, under Node.js, against the zip the site ships. A module the engine
needs and the build cut fails here, not for a player."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above


@pytest.fixture(scope="module")
def shipped() -> dict:
    if not shutil.which("node"):
        pytest.skip("Node.js is needed to run Pyodide outside a browser")
    # dist/ as built (by scripts/test.sh, or here when missing): never rebuilt under a browser
    # test that may be serving it.
    if not (build.DIST / "index.html").is_file():
        build.build(quiet=True)
    text = (build.DIST / "web" / "build-info.js").read_text()
    info = json.loads(text[text.index("{") : text.rindex("}") + 1])
    return {
        "runtime": build.fetch_pyodide(),
        "wheel": build.DIST / info["wheel"],
        "micropip": build.DIST / info["micropip"],
        "stdlib": build.DIST / "pyodide" / "python_stdlib.zip",
    }


def test_the_shipped_stdlib_is_trimmed(shipped):
    full = zipfile.ZipFile(shipped["runtime"] / "python_stdlib.zip").namelist()
    kept = zipfile.ZipFile(shipped["stdlib"]).namelist()
    assert set(kept) < set(full)
    assert "json/__init__.py" in kept and "secrets.py" in kept
    assert "unittest/case.py" not in kept  # nothing the engine runs imports unittest


def test_everything_the_engine_imports_is_in_the_shipped_stdlib(shipped):
    usage = build._stdlib_usage(
        shipped["runtime"], shipped["wheel"], shipped["micropip"], str(shipped["stdlib"])
    )
    assert usage["missing"] == []
    assert "random.py" in usage["used"]  # the workload really ran against this zip
