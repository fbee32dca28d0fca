#!/usr/bin/env python3
"""Assemble the static site in dist/ and, with ``serve``, host it on http://127.0.0.1:8000.

    python3 build.py              # build dist/
    python3 build.py serve        # build, then serve dist/ (``--port N``, ``--no-build``)

What dist/ holds, and nothing else (everything in it is loaded at run time):

    index.html                  the page (the proof table until web/ui/ takes over)
    sw.js                       web/sw.js with its cache name and precache list filled in
    web/...                     web/ copied (minus the service worker template and docs)
    web/build-info.js           what this build holds: version, wheel URL, runtime sizes
    web/icons/*.png             app icons drawn by this script (the SVG is kept in web/icons/)
    web/vendor/qrcode.mjs       the QR encoder, qrcode-generator@2.0.4 from the npm registry,
                                unchanged (its MIT notice is its first lines)
    pyodide/                    the five runtime files of pyodide@314.0.7 from the npm registry
                                (python_stdlib.zip trimmed to what runs: trimmed_stdlib),
                                micropip's wheel from PyPI, and a lock trimmed to what we ship
    py/rummy-*.whl              the engine, built from py/ as a wheel

Downloads are cached in .cache/ (gitignored) and checked against pinned sha256 sums (npm
tarballs other than Pyodide's: the registry's own sha512 "integrity"), so a
rebuild needs no network and takes about a second. The service worker's cache name is a hash
of every other file's content: any change gives a new cache and a "reload to update" banner.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import json
import math
import mimetypes
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
import zlib
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"

# How the browser tests and bench/boot.py drive this site: Debian's Chromium (never a browser
# download of Playwright's own), without the background connections this network refuses.
CHROMIUM = os.environ.get("RUMMY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

PYODIDE_VERSION = "314.0.7"
PYODIDE_TGZ_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# Only what the runtime loads: no source maps, .d.ts, console pages or the classic-script loader.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The QR encoder web/ui/qr.js draws with: qrcode-generator (Kazuhiko Arase, MIT, no
# dependencies, an ES module). Pinned with the sha512 the registry publishes for the tarball
# (`npm view qrcode-generator@2.0.4 dist.integrity`); only its ES module is shipped.
QRCODE_VERSION = "2.0.4"
QRCODE_INTEGRITY = (
    "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/"
    "ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="
)
QRCODE_FILE = "dist/qrcode.mjs"  # in the tarball's package/; shipped as web/vendor/qrcode.mjs
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# web/ files that are sources of the build rather than files the page loads.
WEB_SKIP_NAMES = {"sw.js"}
WEB_SKIP_SUFFIXES = {".md", ".map"}

ICON_SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
MASKABLE_ICON = "icon-maskable-512.png"
ICON_DRAWING_VERSION = "1"  # bump when draw_icon changes, to redraw the cached PNGs


class BuildError(Exception):
    """Something the build cannot do; the message says what and how to fix it."""


# -- downloads (cached) --------------------------------------------------------------------


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _run(cmd: list[str], what: str, **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, check=True, capture_output=True, text=True, **kwargs)
    except FileNotFoundError:
        raise BuildError(f"{what}: the command {cmd[0]!r} is not installed.") from None
    except subprocess.CalledProcessError as exc:
        lines = (exc.stderr or exc.stdout or "").strip().splitlines()[-8:]
        tail = "\n".join(line[:300] for line in lines)  # not a minified script's whole line
        raise BuildError(f"{what} failed ({' '.join(cmd)}):\n{tail}") from None


def _npm_tarball(name: str, version: str) -> Path:
    """``npm pack name@version`` into .cache/npm/ once; the caller checks what it got."""
    tgz = CACHE / "npm" / f"{name}-{version}.tgz"
    if not tgz.is_file():
        tgz.parent.mkdir(parents=True, exist_ok=True)
        print(f"  downloading {name}@{version} from the npm registry ...", flush=True)
        _run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(tgz.parent)],
            f"Downloading {name}@{version} with `npm pack` (needs the npm registry; "
            f"or put the tarball at {tgz.relative_to(ROOT)})",
        )
    return tgz


def _integrity(path: Path) -> str:
    """The npm registry's "integrity" of a file: sha512, base64 (Subresource Integrity form)."""
    digest = hashlib.sha512()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def fetch_pyodide() -> Path:
    """The pinned npm tarball's runtime files, unpacked once into .cache/pyodide-<version>/."""
    out = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if all((out / name).is_file() for name in PYODIDE_FILES):
        return out
    tgz = _npm_tarball("pyodide", PYODIDE_VERSION)
    if _sha256(tgz) != PYODIDE_TGZ_SHA256:
        tgz.unlink()
        raise BuildError(f"{tgz.name} does not match its pinned sha256; deleted it, run again.")
    tmp = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            assert source is not None
            (tmp / name).write_bytes(source.read())
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    return out


def fetch_qrcode() -> bytes:
    """qrcode-generator's ES module, from the pinned tarball checked against the registry's
    sha512 at every build (the tarball is 190 kB: checking it costs a millisecond)."""
    tgz = _npm_tarball("qrcode-generator", QRCODE_VERSION)
    if _integrity(tgz) != QRCODE_INTEGRITY:
        tgz.unlink()
        raise BuildError(f"{tgz.name} does not match its pinned sha512; deleted it, run again.")
    with tarfile.open(tgz) as tar:
        source = tar.extractfile(tar.getmember(f"package/{QRCODE_FILE}"))
        assert source is not None
        return source.read()


def fetch_micropip() -> Path:
    wheel = CACHE / "pypi" / MICROPIP_WHEEL
    if not wheel.is_file():
        print(f"  downloading micropip=={MICROPIP_VERSION} from PyPI ...", flush=True)
        _run(
            [sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}",
             "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
             "--disable-pip-version-check", "-d", str(wheel.parent)],
            f"Downloading micropip=={MICROPIP_VERSION} with pip (needs PyPI)",
        )  # fmt: skip
    if _sha256(wheel) != MICROPIP_SHA256:
        wheel.unlink()
        raise BuildError(f"{wheel.name} does not match its pinned sha256; deleted it, run again.")
    return wheel


def engine_sources() -> list[Path]:
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    files += sorted(p for p in (ROOT / "py").rglob("*") if p.is_file() and _is_source(p))
    return files


def _is_source(path: Path) -> bool:
    return "__pycache__" not in path.parts and not path.name.endswith((".pyc", ".egg-info"))


def build_engine_wheel() -> Path:
    """Build the rummy wheel from a clean copy of the sources (cached by their content)."""
    digest = hashlib.sha256()
    for path in engine_sources():
        if ".egg-info" in str(path):
            continue
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    out = CACHE / "engine" / digest.hexdigest()[:16]
    found = sorted(out.glob("rummy-*.whl")) if out.is_dir() else []
    if found:
        return found[0]
    print("  building the engine wheel from py/ ...", flush=True)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        src = tmp / "src"
        for path in engine_sources():
            if ".egg-info" in str(path):
                continue
            target = src / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        # Fixed timestamps make the wheel byte-identical across builds of the same sources,
        # so an unchanged engine does not change the service worker's cache name.
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")
        _run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
             "-w", str(tmp / "wheel"), str(src)],
            "Building the engine wheel with `pip wheel` (needs setuptools from PyPI)",
            env=env,
        )  # fmt: skip
        wheels = sorted((tmp / "wheel").glob("rummy-*.whl"))
        if not wheels:
            raise BuildError("pip wheel produced no rummy-*.whl")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheels[0], out / wheels[0].name)
    return out / wheels[0].name


# Runs Pyodide itself under Node.js to add CPython 3.14 bytecode to the engine wheel: the
# browser then imports the engine without compiling its sources on every boot (≈0.2 s less).
# Unchecked-hash .pyc files are valid whatever the files' timestamps after unpacking.
PRECOMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtimeDir, inPath, outPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtimeDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtimeDir + "/", stdout: () => {} });
py.FS.writeFile("/tmp/in.whl", readFileSync(inPath));
py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
tag = sys.implementation.cache_tag
src = zipfile.ZipFile("/tmp/in.whl")
with zipfile.ZipFile("/tmp/out.whl", "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        data = src.read(info)
        out.writestr(info, data)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            folder, _, name = info.filename.rpartition("/")
            target = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"
            entry = zipfile.ZipInfo(target, date_time=info.date_time)
            out.writestr(entry, pyc, compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(outPath, py.FS.readFile("/tmp/out.whl"));
"""


def precompile_wheel(wheel: Path, runtime: Path) -> Path:
    """The wheel with CPython 3.14 bytecode added (cached beside it); the plain wheel if Node.js
    is missing or fails (the site still works, it only boots a little slower)."""
    script_hash = hashlib.sha256(PRECOMPILE_JS.encode()).hexdigest()[:8]
    out = wheel.parent / f"pyc-{script_hash}" / wheel.name
    if out.is_file():
        return out
    print("  precompiling the engine for Pyodide (Node.js) ...", flush=True)
    out.parent.mkdir(exist_ok=True)
    script = out.parent / "precompile.mjs"
    script.write_text(PRECOMPILE_JS)
    partial = out.with_suffix(".part")
    try:
        _run(
            ["node", str(script), str(runtime), str(wheel), str(partial)],
            "Precompiling the engine wheel with Pyodide under Node.js",
        )
    except BuildError as exc:
        print(f"  note: shipping the engine uncompiled: {exc}", file=sys.stderr)
        return wheel
    partial.rename(out)
    return out


# -- the standard library, trimmed to what runs -------------------------------------------

# Runs Pyodide under Node.js with the engine and micropip installed and records every standard
# library file that Pyodide's start-up, the engine and micropip import: every engine module,
# every standard module the engine's sources name anywhere (even inside a function), every
# webapi op in every rule set (bot rounds, hints, links, invitations, refusals, a malformed
# request), a formatted traceback, and micropip installing a wheel. Given a stdlib zip, it runs
# the same against it: any import that zip cannot satisfy fails the build, not a player.
STDLIB_USAGE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtimeDir, enginePath, micropipPath, stdlib, workload, outPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtimeDir + "/pyodide.mjs").href);
const options = { indexURL: runtimeDir + "/", stdout: () => {} };
if (stdlib !== "-") options.stdLibURL = stdlib;
const py = await loadPyodide(options);
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "wheel");
py.unpackArchive(new Uint8Array(readFileSync(micropipPath)), "wheel");
const name = enginePath.split("/").pop();
py.FS.writeFile("/tmp/" + name, readFileSync(enginePath));
py.globals.set("engine_wheel", "emfs:/tmp/" + name);
await py.runPythonAsync(readFileSync(workload, "utf8"));
writeFileSync(outPath, py.globals.get("report"));
"""

STDLIB_USAGE_PY = r"""
import ast, importlib, json, pkgutil, sys
from pathlib import Path

import rummy
from rummy import webapi

missing = []
for module in pkgutil.walk_packages(rummy.__path__, "rummy."):
    if module.name != "rummy.sim":  # the simulator is a command-line tool, not the page's engine
        importlib.import_module(module.name)
for path in Path(rummy.__file__).parent.rglob("*.py"):
    if path.name == "sim.py":
        continue
    for node in ast.walk(ast.parse(path.read_text())):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            if name.split(".")[0] in sys.stdlib_module_names:
                try:
                    importlib.import_module(name)
                except ImportError as exc:
                    missing.append(f"{path.name}: {exc}")


def call(op, **args):
    answer = json.loads(webapi.dispatch(json.dumps({"id": 1, "op": op, **args})))
    if answer.get("kind") == "internal":
        missing.append(f"{op}: {answer['error']}")
    return answer


call("version")
webapi.dispatch("not json")
for variant, players, options in (
    ("basic", 2, {"max_rebuilds": 2}), ("rummy200", 4, {}), ("rummy101", 4, {})
):
    game = call("new_game", variant=variant, players=players, options=options)["result"]["game"]
    call("apply", game=game, action={"type": "discard", "card": "XX"})
    call("hint", game=game)
    call("judge", game=game, groups=[["R1", "R2", "R3"], ["7H", "7S", "7D"]])
    first = call("link", game=game)["result"]["link"]
    view = call("view", game=game)["result"]["view"]
    while not view["round_over"]:
        view = call("bot", game=game, level="hard")["result"]["view"]
    state = call("state", game=game)["result"]["state"]
    call("load", state=state)
    call("next_round", game=game)
    call("open_link", link=first)
    call("receive_link", link=call("link", game=game, seat=1)["result"]["link"], state=state)
    call("replay", game=game, since=0)
    call("close", game=game)
secret = "s" * 32
invite = {"id": "0" * 16, "variant": "basic", "players": 2, "options": {}, "host": 0,
          "commitment": call("commit", secret=secret)["result"]["commitment"],
          "seats": [{"name": "A", "bot": None, "value": None},
                    {"name": "B", "bot": None, "value": "ab" * 32}]}
text = call("invite_encode", invite=invite)["result"]["text"]
call("invite_decode", text=text)
call("fair_seed", invite=invite, secret=secret)
webapi.reseed("00" * 32)
try:
    raise ValueError("a traceback, as an internal error formats one")
except ValueError:
    import traceback

    traceback.format_exc()

import micropip

await micropip.install(engine_wheel, reinstall=True)

prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
used = sorted({m.__file__[len(prefix):] for m in list(sys.modules.values())
               if (getattr(m, "__file__", None) or "").startswith(prefix)})
report = json.dumps({"used": used, "missing": missing})
"""

# Kept whole whatever the workload touched: codecs are looked up by name at run time, and
# Pyodide's own packages serve features (loadPackage, the event loop, fetch) on demand.
STDLIB_KEEP_WHOLE = ("encodings/", "pyodide/", "_pyodide/")


def _stdlib_usage(runtime: Path, engine: Path, micropip: Path, stdlib: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "usage.mjs").write_text(STDLIB_USAGE_JS)
        (tmp / "usage.py").write_text(STDLIB_USAGE_PY)
        _run(
            ["node", str(tmp / "usage.mjs"), str(runtime), str(engine), str(micropip), stdlib,
             str(tmp / "usage.py"), str(tmp / "report.json")],
            "Recording the standard library the engine uses (Pyodide under Node.js)",
        )  # fmt: skip
        return json.loads((tmp / "report.json").read_text())


def trimmed_stdlib(runtime: Path, engine: Path, micropip: Path) -> Path:
    """python_stdlib.zip with only the files Pyodide's start-up, the engine and micropip import
    (cached by the inputs); the whole zip if Node.js is missing or the check fails."""
    full = runtime / "python_stdlib.zip"
    digest = hashlib.sha256()
    for part in (STDLIB_USAGE_JS, STDLIB_USAGE_PY, repr(STDLIB_KEEP_WHOLE)):
        digest.update(part.encode())
    for path in (full, engine, micropip):
        digest.update(_sha256(path).encode())
    out = CACHE / "stdlib" / digest.hexdigest()[:16] / "python_stdlib.zip"
    if out.is_file():
        return out
    print("  trimming the standard library to what the engine uses (Node.js) ...", flush=True)
    try:
        usage = _stdlib_usage(runtime, engine, micropip, "-")
        if usage["missing"]:
            raise BuildError("the engine's imports failed: " + "; ".join(usage["missing"]))
        used = set(usage["used"])
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(".part")
        with zipfile.ZipFile(full) as src, zipfile.ZipFile(partial, "w") as dst:
            for info in src.infolist():
                name = info.filename
                if name in used or name.endswith("/") or name.startswith(STDLIB_KEEP_WHOLE):
                    dst.writestr(info, src.read(info), compress_type=info.compress_type)
        check = _stdlib_usage(runtime, engine, micropip, str(partial))
        if check["missing"] or set(check["used"]) - used - _whole(full):
            raise BuildError(f"the trimmed stdlib misses: {check['missing']}")
    except BuildError as exc:
        print(f"  note: shipping the whole standard library: {exc}", file=sys.stderr)
        return full
    partial.rename(out)
    return out


def _whole(full: Path) -> set[str]:
    with zipfile.ZipFile(full) as src:
        return {name for name in src.namelist() if name.startswith(STDLIB_KEEP_WHOLE)}


# -- icons ---------------------------------------------------------------------------------


def _png(width: int, height: int, rgba_rows: list[bytes]) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + row for row in rgba_rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _rounded_rect(x: float, y: float, cx: float, cy: float, hw: float, hh: float, r: float) -> bool:
    dx = max(abs(x - cx) - (hw - r), 0.0)
    dy = max(abs(y - cy) - (hh - r), 0.0)
    return dx * dx + dy * dy <= r * r


def _heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    u = (x - cx) / size
    v = (cy - y) / size + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def draw_icon(size: int, maskable: bool = False) -> bytes:
    """Two cards on green felt, the front one with a red heart (same drawing as icon.svg).

    The maskable variant fills the whole square and keeps the cards in the central safe zone.
    """
    felt, felt_dark = (22, 101, 64), (14, 74, 46)
    back, white, red = (40, 72, 150), (250, 248, 240), (200, 32, 48)
    scale = 0.78 if maskable else 1.0
    samples = 3
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(samples):
                for sx in range(samples):
                    x = ((px + (sx + 0.5) / samples) / size - 0.5) / scale
                    y = ((py + (sy + 0.5) / samples) / size - 0.5) / scale
                    colour = None
                    if _heart(x, y, 0.07, 0.03, 0.13) and _rounded_rect(
                        x, y, 0.07, 0.05, 0.21, 0.29, 0.04
                    ):
                        colour = red
                    elif _rounded_rect(x, y, 0.07, 0.05, 0.21, 0.29, 0.04):
                        colour = white
                    elif _rounded_rect(x, y, -0.09, -0.05, 0.22, 0.30, 0.05):
                        colour = (
                            white
                            if not _rounded_rect(x, y, -0.09, -0.05, 0.19, 0.27, 0.03)
                            else back
                        )
                    elif maskable or _rounded_rect(x, y, 0.0, 0.0, 0.5, 0.5, 0.11):
                        shade = min(1.0, math.hypot(x, y) * 1.4)
                        colour = tuple(
                            round(a + (b - a) * shade) for a, b in zip(felt, felt_dark, strict=True)
                        )
                    if colour is not None:
                        acc[0] += colour[0]
                        acc[1] += colour[1]
                        acc[2] += colour[2]
                        acc[3] += 255
            n = samples * samples
            alpha = acc[3] / n
            if alpha:
                row += bytes(round(c / (acc[3] / 255)) for c in acc[:3]) + bytes([round(alpha)])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return _png(size, size, rows)


def icons() -> dict[str, Path]:
    """The PNG icons, drawn once and cached (pure Python is slow at 512 px)."""
    out = CACHE / f"icons-{ICON_DRAWING_VERSION}"
    wanted = {**ICON_SIZES, MASKABLE_ICON: 512}
    if not all((out / name).is_file() for name in wanted):
        print("  drawing the app icons ...", flush=True)
        out.mkdir(parents=True, exist_ok=True)
        for name, size in wanted.items():
            (out / name).write_bytes(draw_icon(size, maskable=name == MASKABLE_ICON))
    return {name: out / name for name in wanted}


# -- assembling dist/ ----------------------------------------------------------------------


def trimmed_lock(lock_path: Path, micropip_sha256: str) -> str:
    """The lock with only the packages we ship (micropip), its sha256 set to PyPI's wheel.

    Pyodide fetches any package listed in the lock from the lock's folder; listing only what is
    in dist/ means nothing can ever be looked for elsewhere, and the file shrinks 100×.
    """
    lock = json.loads(lock_path.read_text())
    entry = dict(lock["packages"]["micropip"])
    if entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(f"The lock names {entry['file_name']}, expected {MICROPIP_WHEEL}")
    entry["sha256"] = micropip_sha256
    lock["packages"] = {"micropip": entry}
    return json.dumps(lock, separators=(",", ":"), sort_keys=True)


def _copy_web(target: Path) -> None:
    for path in sorted((ROOT / "web").rglob("*")):
        rel = path.relative_to(ROOT / "web")
        if path.is_dir() or any(part.startswith(".") for part in rel.parts):
            continue
        if path.name in WEB_SKIP_NAMES or path.suffix in WEB_SKIP_SUFFIXES:
            continue
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)


def _fill(template: str, marker: str, value: str) -> str:
    """Replace ``/*NAME*/ ... /*END*/`` (exactly once) with ``/*NAME*/value/*END*/``."""
    start_tag, end_tag = f"/*{marker}*/", "/*END*/"
    start = template.find(start_tag)
    end = template.find(end_tag, start)
    if start < 0 or end < 0 or template.count(start_tag) != 1:
        raise BuildError(f"web/sw.js must hold exactly one {start_tag}...{end_tag}")
    return template[: start + len(start_tag)] + value + template[end:]


def build(quiet: bool = False) -> dict:
    """Build dist/ from scratch; returns what build-info.js holds plus the size report."""
    CACHE.mkdir(exist_ok=True)
    if not (ROOT / "README.md").is_file():
        raise BuildError("README.md is missing (the wheel's metadata includes it)")
    pyodide_dir = fetch_pyodide()
    micropip = fetch_micropip()
    qrcode = fetch_qrcode()
    wheel = precompile_wheel(build_engine_wheel(), pyodide_dir)
    stdlib = trimmed_stdlib(pyodide_dir, wheel, micropip)
    icon_files = icons()

    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    try:
        shutil.copyfile(ROOT / "index.html", staging / "index.html")
        _copy_web(staging / "web")
        (staging / "web" / "vendor").mkdir(exist_ok=True)
        (staging / "web" / "vendor" / "qrcode.mjs").write_bytes(qrcode)
        for name, path in icon_files.items():
            shutil.copyfile(path, staging / "web" / "icons" / name)
        runtime = staging / "pyodide"
        runtime.mkdir()
        for name in PYODIDE_FILES:
            if name not in ("pyodide-lock.json", "python_stdlib.zip"):
                shutil.copyfile(pyodide_dir / name, runtime / name)
        shutil.copyfile(stdlib, runtime / "python_stdlib.zip")
        shutil.copyfile(micropip, runtime / MICROPIP_WHEEL)
        (runtime / "pyodide-lock.json").write_text(
            trimmed_lock(pyodide_dir / "pyodide-lock.json", _sha256(micropip))
        )
        (staging / "py").mkdir()
        shutil.copyfile(wheel, staging / "py" / wheel.name)

        # The worker shows download progress against these sizes (no Content-Length needed).
        progress_files = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
        info = {
            "pyodide": PYODIDE_VERSION,
            "wheel": f"py/{wheel.name}",
            "micropip": f"pyodide/{MICROPIP_WHEEL}",
            "downloads": {
                f"pyodide/{name}": (runtime / name).stat().st_size for name in progress_files
            }
            | {f"py/{wheel.name}": wheel.stat().st_size},
        }
        # The version is a hash of everything but build-info.js and sw.js, which carry it.
        version = _content_hash(staging)
        info = {"version": version, **info}
        (staging / "web" / "build-info.js").write_text(
            "// Written by build.py: what this build holds. Do not edit.\n"
            f"export default {json.dumps(info, indent=2)};\n"
        )
        files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
        precache = ["./"] + [f"./{f}" for f in files if f != "index.html"]
        sw = (ROOT / "web" / "sw.js").read_text()
        sw = _fill(sw, "VERSION", json.dumps(version))
        sw = _fill(sw, "PRECACHE", json.dumps(precache, indent=2))
        (staging / "sw.js").write_text(sw)

        if DIST.exists():
            shutil.rmtree(DIST)
        staging.rename(DIST)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    report = size_report(DIST)
    report["stdlib"] = ((pyodide_dir / "python_stdlib.zip").stat().st_size, stdlib.stat().st_size)
    if not quiet:
        print_report(version, report)
    return {**info, "size": report}


def _content_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(_sha256(path).encode())
    return digest.hexdigest()[:12]


def size_report(folder: Path) -> dict:
    files = {
        p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*") if p.is_file()
    }
    # gzip sizes estimate what travels; memoised on disk by content so rebuilds stay fast.
    memo_path = CACHE / "gzip-sizes.json"
    memo = json.loads(memo_path.read_text()) if memo_path.is_file() else {}
    gzip_total = 0
    for name in files:
        digest = _sha256(folder / name)
        if digest not in memo:
            memo[digest] = len(zlib.compress((folder / name).read_bytes(), 6))
        gzip_total += memo[digest]
    memo_path.write_text(json.dumps(memo))
    largest = sorted(files.items(), key=lambda kv: -kv[1])[:8]
    return {
        "files": len(files),
        "bytes": sum(files.values()),
        "gzip": gzip_total,
        "largest": largest,
    }


def print_report(version: str, report: dict) -> None:
    mb = 1024 * 1024
    print(
        f"Built dist/ (version {version}): {report['files']} files, "
        f"{report['bytes']:,} bytes ({report['bytes'] / mb:.1f} MiB; "
        f"≈{report['gzip'] / mb:.1f} MiB gzipped)"
    )
    before, after = report["stdlib"]
    trimmed = (
        "trimmed to what Pyodide, the engine and micropip import" if after < before else "whole"
    )
    print(f"python_stdlib.zip: {before:,} → {after:,} bytes ({trimmed})")
    print("Largest files:")
    for name, size in report["largest"]:
        print(f"  {size:>11,}  {name}")


# -- serving -------------------------------------------------------------------------------

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self) -> None:
        # Revalidate every time: offline copies are the service worker's job, not the HTTP
        # cache's, and a rebuilt sw.js must be seen at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("RUMMY_SERVE_LOG"):
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that drops a download it no longer needs (a reload, a closed tab) is normal.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int = 8000, directory: Path = DIST, handler=_Handler):
    """A threaded HTTP server for ``directory`` on 127.0.0.1 (port 0 picks a free one)."""
    bound = functools.partial(handler, directory=str(directory))
    server = _Server(("127.0.0.1", port), bound)
    return server


def serve_in_thread(port: int = 0, directory: Path = DIST, handler=_Handler):
    server = make_server(port, directory, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args(argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build()
    except BuildError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 2
    if args.command == "serve":
        try:
            server = make_server(args.port)
        except OSError as exc:
            print(f"build.py: cannot serve on port {args.port} ({exc.strerror}); try --port N")
            return 2
        print(
            f"Serving dist/ on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
            flush=True,
        )
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
