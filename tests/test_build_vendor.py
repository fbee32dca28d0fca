"""build.py's npm dependencies other than Pyodide (the QR encoder): checked against the sha512
"integrity" the npm registry publishes, and shipped as the one ES module the page imports.
No network: a tarball made here stands in for the download."""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repository root is put on the path just above


def _tarball(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(build, "CACHE", tmp_path)
    (tmp_path / "npm").mkdir()
    return tmp_path / "npm" / f"qrcode-generator-{build.QRCODE_VERSION}.tgz"


def test_integrity_is_the_registrys_sha512_in_base64(tmp_path):
    path = tmp_path / "x"
    path.write_bytes(b"abc")
    digest = base64.b64encode(hashlib.sha512(b"abc").digest()).decode()
    assert build._integrity(path) == f"sha512-{digest}"


def test_a_tarball_that_is_not_the_pinned_one_stops_the_build_and_is_deleted(cache):
    cache.write_bytes(_tarball({build.QRCODE_FILE: b"export default () => 'not the encoder';"}))
    with pytest.raises(build.BuildError, match="sha512"):
        build.fetch_qrcode()
    assert not cache.exists(), "deleted, so the next build downloads it again"


def test_the_pinned_tarball_gives_its_es_module(cache, monkeypatch):
    module = b"export const qrcode = function () {};\nexport default qrcode;\n"
    cache.write_bytes(_tarball({build.QRCODE_FILE: module, "README.md": b"read me"}))
    monkeypatch.setattr(build, "QRCODE_INTEGRITY", build._integrity(cache))
    assert build.fetch_qrcode() == module


def test_the_cached_download_matches_the_pin():
    real = ROOT / ".cache" / "npm" / f"qrcode-generator-{build.QRCODE_VERSION}.tgz"
    if not real.is_file():
        pytest.skip("not downloaded yet (python3 build.py fetches it)")
    assert build._integrity(real) == build.QRCODE_INTEGRITY
    shipped = build.DIST / "web" / "vendor" / "qrcode.mjs"
    if shipped.is_file():
        assert shipped.read_bytes() == build.fetch_qrcode()
