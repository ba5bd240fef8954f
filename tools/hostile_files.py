"""Hostile files against the loader, the window, ``export-pdf`` and ``forecast`` (on demand).

    .venv/bin/python tools/hostile_files.py OUT_DIR [--games ose,adnd2e] [--only NAME]
    .venv/bin/python tools/hostile_files.py OUT_DIR --pictures

``--pictures`` writes the hostile pictures (:func:`hostile_pictures`: bombs, truncations,
formats renamed ``.png``, a device, a pipe, a folder, a loop of links) and reads each as a
map's background in a fresh process, printing its time, peak memory and sentence.

For every installed game it takes the samples (one character, one monster) and an encounter of
all its samples as seeds (and the samples written as other tools' files, e.g. Foundry actors,
which it imports through File → Import: surrogates, wrong types, deep nesting …), writes
semantic mutations of each (every number huge or negative, every list as long as a 32 MB file
allows, every text padded with 100,000 characters of mixed right-to-left text, every id and
cross-reference broken, …), then runs each file in a fresh process: opened in the real main
window (offscreen, shown and painted), ``m3desk export-pdf`` and, for encounters, ``m3desk
forecast --fights 50``. It prints the wall time and peak memory of each run and the worst of
each; the budget is 2 s and 500 MB.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

BUDGET_S, BUDGET_MB, TIMEOUT_S = 2.0, 500.0, 60.0
RTL = "שלום עולם مرحبا بالعالم abc ١٢٣ "


def seeds(game: str, out: Path) -> dict[str, dict[str, Any]]:
    """The game's sample character, monster and an encounter of all its samples, as JSON."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from m3desk.assets import sample_files
    from m3desk.storage.encounter_files import encounter_bytes
    from m3desk.ui.encounter.new_document import new_encounter_document

    QApplication.instance() or QApplication([])
    files = sample_files(game)
    character = next(p for p in files if p.suffix.endswith("c"))
    monster = next(p for p in files if p.suffix.endswith("m"))
    document = new_encounter_document(files, name="Hostile")
    found = {
        "character": json.loads(character.read_bytes()),
        "monster": json.loads(monster.read_bytes()),
        "encounter": json.loads(encounter_bytes(document.encounter)),
    }
    return found


def _walk(value: Any, visit: Callable[[Any], Any]) -> Any:
    value = visit(value)
    if isinstance(value, dict):
        return {key: _walk(item, visit) for key, item in value.items()}
    if isinstance(value, list):
        return [_walk(item, visit) for item in value]
    return value


def _numbers(replacement: int) -> Callable[[Any], Any]:
    return lambda v: replacement if isinstance(v, int) and not isinstance(v, bool) else v


def _padded(v: Any) -> Any:
    return (v + RTL * (100_000 // len(RTL))) if isinstance(v, str) and len(v) > 1 else v


def _grown(body: Any, limit: int = 20 << 20) -> Any:
    """Every outermost list as long as the file limit allows (its items repeated; the
    budget shared among the lists, items not grown again inside)."""
    lists: list[list[Any]] = []

    def count(v: Any) -> Any:
        if isinstance(v, dict):
            for item in v.values():
                count(item)
        elif isinstance(v, list) and v:
            lists.append(v)
        return v

    count(body)
    share = limit // max(len(lists), 1)

    def grow(v: Any) -> Any:
        if isinstance(v, dict):
            return {key: grow(item) for key, item in v.items()}
        if isinstance(v, list) and v:
            size = max(len(json.dumps(v[0], ensure_ascii=False)), 8)
            return [v[i % len(v)] for i in range(min(share // size, 1_000_000))]
        return v

    return grow(body)


def _broken_references(body: Any) -> Any:
    ids = set()

    def collect(v: Any) -> Any:
        if isinstance(v, dict) and isinstance(v.get("id"), str):
            ids.add(v["id"])
        return v

    _walk(body, collect)

    def swap(v: Any) -> Any:
        if isinstance(v, str) and v in ids:
            return "nobody-" + v
        if isinstance(v, dict):
            return {("nobody|" + k if "|" in k else k): item for k, item in v.items()}
        return v

    result = _walk(body, swap)
    if isinstance(result, dict) and "combatants" in result:
        for combatant in result["combatants"]:  # keep the roster itself, break what names it
            combatant["id"] = combatant["id"].removeprefix("nobody-")
    return result


def _side_names(body: Any) -> Any:
    if isinstance(body, dict) and "sides" in body:
        body = dict(body, sides=[f"side {n}" for n in range(10_000)])
    return body


def _negative_terrain(body: Any) -> Any:
    def visit(v: Any) -> Any:
        if isinstance(v, dict):
            return {
                k: (
                    -5
                    if any(w in k for w in ("terrain", "distance", "position", "range"))
                    and isinstance(item, int)
                    else item
                )
                for k, item in v.items()
            }
        return v

    return _walk(body, visit)


def _hostile_backdrop(body: Any) -> Any:
    """A map of distance whose background picture is a device that never ends, with a
    scale far too small: opening must say so, not hang or allocate."""
    if isinstance(body, dict) and "places" in body:
        body = dict(body, backdrop={"path": "/dev/zero", "x": 0.0, "y": 0.0, "per_pixel": 1e-300})
    return body


def _backdrop_device(body: Any) -> Any:
    """A background picture at a path that is not a picture file (a device)."""
    if isinstance(body, dict) and "places" in body:
        body = dict(body, backdrop={"path": "/dev/zero", "x": 0.0, "y": 0.0, "per_pixel": 0.5})
    return body


def _surrogates(body: Any) -> Any:
    """Every text with a lone surrogate and a control character (JSON's escapes carry them)."""
    return _walk(body, lambda v: v[:1] + "\ud800\x07" + v[1:] if isinstance(v, str) else v)


def _wrong_types(body: Any) -> Any:
    """Every value of the other kind: numbers as lists, texts as objects (not walked again)."""
    if isinstance(body, dict):
        return {key: _wrong_types(item) for key, item in body.items()}
    if isinstance(body, list):
        return [_wrong_types(item) for item in body]
    if isinstance(body, bool) or body is None:
        return body
    if isinstance(body, int | float):
        return [body]
    return {"value": body}


def _deep(body: Any) -> Any:
    nested: Any = "deep"
    for _ in range(900):  # deeper than any file nests; json writes it (the tests go to 100,000)
        nested = [nested]
    return dict(body, system=nested) if isinstance(body, dict) else body


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    import struct
    import zlib

    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def _png(
    width: int,
    height: int,
    rows: Callable[[int], bytes] | None = None,
    depth: int = 8,
    colour: int = 2,
) -> bytes:
    """A PNG of ``width`` × ``height`` whose rows are all zero (or ``rows``' bytes):
    compressed as it is made, so a 7000 × 7000 picture is a few hundred KB."""
    import struct
    import zlib

    channels = {0: 1, 2: 3, 6: 4}[colour]
    packer = zlib.compressobj(9)
    row = b"\0" * (1 + width * channels * depth // 8)
    body = [packer.compress(row if rows is None else rows(n)) for n in range(height)]
    body.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", b"".join(body))
        + _png_chunk(b"IEND", b"")
    )


def _nested_use_svg(levels: int = 9, fan: int = 10) -> bytes:
    """A few KB whose <use> elements copy groups of copies: fan ** levels rectangles."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><defs>',
        '<g id="l0">' + '<rect width="1" height="1"/>' * fan + "</g>",
    ]
    for level in range(1, levels + 1):
        parts.append(f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}"/>' * fan + "</g>")
    parts.append(f'</defs><use xlink:href="#l{levels}"/></svg>')
    return "".join(parts).encode()


def _many_paths_svg(count: int = 500_000) -> bytes:
    head = b'<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">'
    path = b'<path d="M1 1L20 30L5 9Z" fill="#345"/>'
    return head + path * count + b"</svg>"


def _costly_svgs() -> dict[str, bytes]:
    """SVGs within every count (size, elements, nesting, copies) that Qt's renderer still
    takes 15 s and more, or gigabytes, to load or draw; and a legitimate map of 39,000
    small shapes, which is drawn."""
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000">'
    page = '<rect width="4000" height="4000" fill="#654"/>'
    groups = "".join(
        f'<g><g><rect class="c{n}" width="1" height="1"/></g></g>' for n in range(9000)
    )
    masks = "".join(
        f'<mask id="k{n}"><rect width="4000" height="4000" fill="#fff" mask="url(#k{n + 1})"/>'
        "</mask>"
        for n in range(60)
    )
    clips = "".join(
        f'<clipPath id="c{n}" clip-path="url(#c{n + 1})">'
        f'<rect width="4000" height="4000" clip-path="url(#c{n + 1})"/></clipPath>'
        for n in range(60)
    )
    made = {
        "style-sheet.svg": head + "<style>" + "* {fill:red}\n" * 1000 + "</style>" + groups,
        "overdraw.svg": head + page * 39_000,
        "mask-chain.svg": head + f'<defs>{masks}<mask id="k60">'
        '<rect width="4000" height="4000" fill="#fff"/></mask></defs>'
        '<rect width="4000" height="4000" mask="url(#k0)"/>',
        "clip-chain.svg": head + f'<defs>{clips}<clipPath id="c60"><circle r="2000"/></clipPath>'
        "</defs>" + '<rect width="4000" height="4000" clip-path="url(#c0)"/>' * 2000,
        "map.svg": head
        + "".join(
            f'<rect x="{n % 200 * 20}" y="{n // 200 * 20}" width="15" height="15" fill="#345"/>'
            for n in range(39_000)
        ),
    }
    return {name: (text + "</svg>").encode() for name, text in made.items()}


def _svgz_bomb(gigabytes: float) -> bytes:
    """A gzip whose SVG unpacks to ``gigabytes`` of blank text."""
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [
        packer.compress(b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><desc>')
    ]
    block = b" " * (1 << 24)
    for _n in range(int(gigabytes * 1024 / 16)):
        out.append(packer.compress(block))
    out.append(packer.compress(b"</desc></svg>"))
    out.append(packer.flush())
    return b"".join(out)


def _written(kind: str) -> bytes:
    """A small picture in ``kind`` as Qt writes it (TIFF, XPM, PBM, ICNS, JPEG, PNG)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    image = QImage(64, 48, QImage.Format.Format_RGB32)
    image.fill(QColor(120, 90, 40))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind), kind  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())


def _tga() -> bytes:
    import struct

    header = struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, 64, 48, 24, 0)
    return header + b"\x40\x60\x80" * 64 * 48


def hostile_pictures(out: Path, *, svgz_gigabytes: float = 1.0) -> dict[str, Path]:
    """Every hostile picture, written under ``out``, by name (one legitimate 5000 × 5000
    scan among them, ``large-scan.png``, which must be read, scaled down)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    whole_png = _written("png")
    whole_jpeg = _written("jpeg")
    made: dict[str, bytes] = {
        "nested-use.svg": _nested_use_svg(),
        "many-paths.svg": _many_paths_svg(),
        "bomb.svgz": _svgz_bomb(svgz_gigabytes),
        "entities.svg": (
            b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            b'<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'
        ),
        "device-image.svg": (
            b'<svg xmlns="http://www.w3.org/2000/svg" '
            b'xmlns:xlink="http://www.w3.org/1999/xlink">'
            b'<image xlink:href="file:///dev/zero" width="9" height="9"/></svg>'
        ),
        **_costly_svgs(),
        "claims-huge.png": _png(60_000, 60_000, rows=lambda n: b"", depth=8)[:200],
        "decompression-bomb.png": _png(6000, 6000),  # the most pixels read whole
        "too-many-pixels.png": _png(10_000, 10_000),
        "truncated.png": whole_png[: len(whole_png) // 2],
        "truncated.jpg": whole_jpeg[: len(whole_jpeg) // 2],
        "truncated.svg": _nested_use_svg(2, 3)[:150],
        "tiff-renamed.png": _written("tiff"),
        "xpm-renamed.png": _written("xpm"),
        "pbm-renamed.png": _written("pbm"),
        "tga-renamed.png": _tga(),
        "icns-renamed.png": _written("icns"),
        "text-renamed.png": b"<b>not</b> a picture",
        "empty.png": b"",
    }
    paths = {}
    for name, data in made.items():
        path = out / name
        path.write_bytes(data)
        paths[name] = path
    from PySide6.QtGui import QColor, QImage

    scan = QImage(5000, 5000, QImage.Format.Format_RGB32)
    scan.fill(QColor(90, 120, 60))
    scan.save(str(out / "large-scan.png"))
    paths["large-scan.png"] = out / "large-scan.png"
    # a WebP of 48 megapixels, more than is decoded whole (libwebp scales it as it reads),
    # and the same cut short; lossless, so a flat one takes a few KB and a second to make
    from PySide6.QtGui import QImageReader, QImageWriter

    before = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(before, 400))
    webp = QImage(8000, 6000, QImage.Format.Format_RGB32)
    webp.fill(QColor(60, 90, 120))
    writer = QImageWriter(str(out / "large-scan.webp"), b"webp")
    writer.setQuality(100)
    writer.write(webp)
    del webp
    QImageReader.setAllocationLimit(before)
    paths["large-scan.webp"] = out / "large-scan.webp"
    whole_webp = paths["large-scan.webp"].read_bytes()
    (out / "truncated-scan.webp").write_bytes(whole_webp[: len(whole_webp) // 2])
    paths["truncated-scan.webp"] = out / "truncated-scan.webp"
    paths["dev-zero"] = Path("/dev/zero")
    fifo = out / "pipe.png"
    if not fifo.exists():
        os.mkfifo(fifo)
    paths["fifo.png"] = fifo
    folder = out / "folder.png"
    folder.mkdir(exist_ok=True)
    paths["folder.png"] = folder
    loop = out / "loop.png"
    if not loop.is_symlink():
        os.symlink(out / "loop2.png", loop)
        os.symlink(loop, out / "loop2.png")
    paths["symlink-loop.png"] = loop
    return paths


READ_PICTURE = r"""
import json, os, resource, sys, time
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from m3desk.ui.map.backdrop import read_backdrop
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM"):
            return int(line.split()[1]) / 1024
for path in sys.argv[1:]:
    open("/proc/self/clear_refs", "w").write("5")  # the peak from here on
    start, cpu = time.perf_counter(), time.process_time() + sum(os.times()[2:4])
    try:
        image, shrink = read_backdrop(path)
        said = f"read {image.width()} x {image.height()}"
    except ValueError as error:
        said = str(error)
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"path": path, "s": time.perf_counter() - start,
                      "mb": max(hwm(), child),
                      "cpu": time.process_time() + sum(os.times()[2:4]) - cpu,
                      "said": said}), flush=True)
"""


def read_pictures(paths: list[Path], timeout: float = TIMEOUT_S) -> list[dict[str, Any]]:
    """Each picture read as a map's background in one fresh process: its time (processor
    time with that of the SVG drawing process), the peak memory while it was read (VmHWM,
    reset before each; or the largest drawing process so far, whichever is more) and what
    was said."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", READ_PICTURE, *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    found = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if len(found) < len(paths):
        found.append(
            {
                "path": str(paths[len(found)]),
                "s": float("nan"),
                "mb": float("nan"),
                "said": f"crashed: {done.stderr[-300:]}",
            }
        )
    return found


MUTATIONS: dict[str, Callable[[Any], Any]] = {
    "seed": lambda b: b,
    "huge-numbers": lambda b: _walk(b, _numbers(10**100)),
    "negative-numbers": lambda b: _walk(b, _numbers(-(10**18))),
    "long-lists": _grown,
    "padded-rtl-text": lambda b: _walk(b, _padded),
    "broken-references": _broken_references,
    "many-sides": _side_names,
    "negative-terrain": _negative_terrain,
    "hostile-backdrop": _hostile_backdrop,
    "backdrop-device": _backdrop_device,
}
EXCHANGE_MUTATIONS: dict[str, Callable[[Any], Any]] = {
    "seed": lambda b: b,
    "huge-numbers": lambda b: _walk(b, _numbers(10**100)),
    "long-lists": _grown,
    "padded-rtl-text": lambda b: _walk(b, _padded),
    "surrogates": _surrogates,
    "wrong-types": _wrong_types,
    "deep-nesting": _deep,
}
"""What another tool's file (a Foundry actor) is attacked with: File → Import reads it."""


def exchange_files(games: list[str], out: Path) -> Iterator[tuple[str, Path]]:
    """Each game's samples written in the other tools' formats, mutated."""
    from m3desk.assets import sample_files
    from m3desk.core import registry
    from m3desk.storage.sheet_files import load_sheet

    for game in games:
        for exchange in registry.get(game).exchange_formats:
            for sample in sample_files(game)[:2]:
                actor, _notes = exchange.write(load_sheet(sample).model)
                for name, mutate in EXCHANGE_MUTATIONS.items():
                    path = out / f"{game}-import-{sample.stem}-{name}{exchange.extension}"
                    data = json.dumps(mutate(copy.deepcopy(actor)), ensure_ascii=True).encode()
                    if len(data) > 32 << 20:
                        continue
                    path.write_bytes(data)
                    yield "import", path


def hostile_files(games: list[str], out: Path) -> Iterator[tuple[str, Path]]:
    for game in games:
        for kind, envelope in seeds(game, out).items():
            for name, mutate in MUTATIONS.items():
                mutated = dict(envelope, document=mutate(copy.deepcopy(envelope["document"])))
                suffix = {"character": ".m3c", "monster": ".m3m", "encounter": ".m3e"}[kind]
                path = out / f"{game}-{kind}-{name}{suffix}"
                data = json.dumps(mutated, ensure_ascii=False).encode()
                if len(data) > 32 << 20:
                    continue
                path.write_bytes(data)
                yield kind, path


WINDOW = r"""
import os, sys, tempfile, time
os.environ["M3DESK_HOME"] = tempfile.mkdtemp()
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
said = []
for name in dir(dialogs):  # answer every question "no" and note every message, unblocked
    if name.startswith(("show_", "ask_", "warn")) and callable(getattr(dialogs, name)):
        setattr(dialogs, name, lambda *a, _n=name, **k: said.append((_n, a[1:2])))
window = MainWindow(AppPaths.from_environment())
window.resize(1366, 768)
window.show()
window.startup([], recover=False)
app.processEvents()
start = time.perf_counter()
window.open_path(__import__("pathlib").Path(sys.argv[1]))
app.processEvents()
window.grab()
print(f"opened in {time.perf_counter() - start:.2f} s; said {str(said)[:80]}")
"""

IMPORT = r"""
import os, sys, tempfile, time
from pathlib import Path
os.environ["M3DESK_HOME"] = tempfile.mkdtemp()
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
said = []
for name in dir(dialogs):
    if name.startswith(("show_", "ask_", "warn")) and callable(getattr(dialogs, name)):
        setattr(dialogs, name, lambda *a, _n=name, **k: said.append((_n, a[1:2])))
dialogs.import_file_name = lambda *a: (Path(sys.argv[1]), "")
window = MainWindow(AppPaths.from_environment())
window.resize(1366, 768)
window.show()
window.startup([], recover=False)
app.processEvents()
start = time.perf_counter()
window.menu_actions.import_sheet.trigger()
app.processEvents()
window.grab()
print(f"imported in {time.perf_counter() - start:.2f} s; said {str(said)[:80]}")
"""


def _run(argv: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak MB, last line) of a fresh process."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S, env=env)
        tail = (done.stderr.strip() or done.stdout.strip()).splitlines()[-1:] or [""]
        status = f"rc {done.returncode}: {tail[0][:90]}"
    except subprocess.TimeoutExpired:
        status = f"over {TIMEOUT_S:.0f} s"
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, (peak if peak > before else float("nan")) / 1024, status


def _measured(argv: list[str]) -> tuple[float, float, str]:
    """Peak memory of one child: run it under /usr/bin/time -f %M when present."""
    timer = Path("/usr/bin/time")
    if not timer.exists():
        return _run(argv)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [str(timer), "-f", "MAXRSS %M", *argv],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return TIMEOUT_S, float("nan"), f"over {TIMEOUT_S:.0f} s"
    wall = time.perf_counter() - start
    lines = done.stderr.strip().splitlines()
    peak = next(
        (int(line.split()[1]) / 1024 for line in reversed(lines) if line.startswith("MAXRSS")),
        float("nan"),
    )
    rest = [line for line in lines if not line.startswith("MAXRSS")]
    tail = (rest[-1:] or done.stdout.strip().splitlines()[-1:] or [""])[0]
    return wall, peak, f"rc {done.returncode}: {tail[:100]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", default="")
    parser.add_argument(
        "--only", default="", help="run only files whose name holds one of these (comma-separated)"
    )
    parser.add_argument(
        "--pictures",
        action="store_true",
        help="read the hostile pictures instead of the hostile documents",
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.pictures:
        pictures = hostile_pictures(args.out, svgz_gigabytes=5.0)
        for name, path in pictures.items():
            try:
                (row,) = read_pictures([path])
            except subprocess.TimeoutExpired:
                row = {"s": TIMEOUT_S, "mb": float("nan"), "said": f"over {TIMEOUT_S:.0f} s"}
            flag = "  OVER" if row["s"] > BUDGET_S or row["mb"] > BUDGET_MB else ""
            print(
                f"{name:24} {row['s']:6.2f} s {row['mb']:6.0f} MB  {row['said'][:90]}{flag}",
                flush=True,
            )
        return 0
    from m3desk.core.registry import systems

    games = args.games.split(",") if args.games else [s.id for s in systems()]
    python = sys.executable
    worst: dict[str, tuple[float, float, str]] = {}
    seed_wall: dict[tuple[str, str, str], float] = {}
    for kind, path in [*hostile_files(games, args.out), *exchange_files(games, args.out)]:
        wanted = [part for part in args.only.split(",") if part]
        if wanted and not any(w in path.name for w in wanted) and "-seed." not in path.name:
            continue
        game = path.name.split("-")[0]
        runs = {
            "window": [python, "-c", WINDOW, str(path)],
            "export-pdf": [
                python,
                "-m",
                "m3desk",
                "export-pdf",
                str(path),
                "-o",
                str(path.with_suffix(".pdf")),
            ],
        }
        if kind == "import":
            runs = {"import": [python, "-c", IMPORT, str(path)]}
        if kind == "encounter":
            runs["forecast"] = [python, "-m", "m3desk", "forecast", "--fights", "50", str(path)]
        for mode, argv in runs.items():
            wall, peak, status = _measured(argv)
            if "-seed." in path.name:
                seed_wall[(game, kind, mode)] = wall
            # The work this file causes: the wall time less the same run on the seed file
            # (start-up of Python and Qt is not the file's doing).
            work = wall - seed_wall.get((game, kind, mode), 0.0)
            flag = "  OVER" if work > BUDGET_S or peak > BUDGET_MB else ""
            print(
                f"{path.name:50} {mode:10} {wall:6.2f} s (+{work:5.2f}) {peak:6.0f} MB  "
                f"{status}{flag}",
                flush=True,
            )
            old = worst.get(mode, (0.0, 0.0, ""))
            worst[mode] = (max(old[0], work), max(old[1], peak if peak == peak else 0), "")
    for mode, (work, peak, _status) in worst.items():
        print(f"worst {mode}: +{work:.2f} s over the seed file, {peak:.0f} MB peak")
    return 0


if __name__ == "__main__":
    sys.exit(main())
