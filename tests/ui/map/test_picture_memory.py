"""Memory after ten mapped encounters opened and closed in one window: back within 50 MB
of where it started after each (a 4096 × 4096 picture each, at a path of its own, so that a
picture kept by its path would add up; a closed tab kept its decoded picture,
about 66 MB a time, until Python's cycle collector happened to run).

Measured in a fresh process (the resident set from /proc/self/status), so what other
tests left behind does not count; the deferred deletions are delivered as the window's
event loop would, and the cycle collector is not called: what a closed tab lets go must
go at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LIMIT_MB = 50.0
SCRIPT = r"""
import os, sys, tempfile, time, json
os.environ["M3DESK_HOME"] = tempfile.mkdtemp()
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from PySide6.QtGui import QImage, QColor
app = QApplication([])
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
from m3desk.ui.map.view import MapView
from tests.ui.window.fight_files import fight_json, write_fight
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
out = Path(tempfile.mkdtemp())
img = QImage(4096, 4096, QImage.Format.Format_RGB32); img.fill(QColor(90, 120, 60))
img.save(str(out / "map.png")); del img
game = next(s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter)
raw = fight_json(game)
raw["document"]["backdrop"] = {"path": str(out / "map.png"), "x": 0.0, "y": 0.0, "per_pixel": 0.05}
paths = []
for n in range(12):  # each open its own picture: a picture kept by path would add up
    picture = out / f"map{n}.png"
    picture.write_bytes((out / "map.png").read_bytes())
    raw["document"]["backdrop"] = dict(raw["document"]["backdrop"], path=str(picture))
    paths.append(write_fight(raw, out / f"mapped{n}.m3e"))
for name in dir(dialogs):
    if name.startswith(("show_", "ask_", "warn")) and callable(getattr(dialogs, name)):
        setattr(dialogs, name, lambda *a, **k: None)
window = MainWindow(AppPaths.from_environment()); window.resize(1366, 768); window.show()
window.startup([], recover=False); app.processEvents()
def once(path):
    window.open_path(path)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        app.processEvents()
        views = window.findChildren(MapView)
        shown = [v for v in views if v.isVisible() and v.backdrop()[0] is not None]
        if views and shown:
            break
        time.sleep(0.01)
    window.grab()
    loaded = any(v.backdrop()[0] is not None for v in window.findChildren(MapView))
    window.close_current()
    for _ in range(5):
        app.processEvents()
    # What the window's event loop does between events: the deferred deletions.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    return loaded
once(paths[-1])  # warm-up: fonts, the map's code, Qt's caches
start = rss()
marks, loaded = [], []
for n in range(10):
    loaded.append(once(paths[n])); marks.append(round(rss()))
print(json.dumps({"start": round(start), "after": marks, "loaded": all(loaded)}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_ten_mapped_encounters_opened_and_closed_leave_memory_within_50_mb(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "M3DESK_HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"resident {result['start']} MB after one warm-up open, then {result['after']}")
    assert result["loaded"], "a picture was not shown"
    assert max(result["after"]) - result["start"] <= LIMIT_MB
