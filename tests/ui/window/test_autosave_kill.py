"""Continuous edits, a kill, a restart: no more than the autosave bound of work is lost.

A real m3desk window runs in a child process and edits a sheet every 40 ms, printing each
edit's number; the test kills it with SIGKILL (no clean-up runs) and reads what the next
start would offer for recovery. The bound is shortened to 300 ms through the test-only
environment variable so the test takes seconds, not the 30 s the app promises.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage import catalog
from m3desk.storage.paths import AppPaths
from m3desk.storage.recovery import RecoveryStore

ROOT = Path(__file__).resolve().parents[3]
BOUND_MS = 300
EDIT_MS = 40
CHILD = """
import sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.ui.main_window import MainWindow
window = MainWindow()
window.autosave.interval_ms = 60_000  # never idle: only the bound can save us
record = window.open_path(Path(sys.argv[1]))
document = record.document
count = 0
def edit():
    global count
    count += 1
    document.replace_sheet(document.sheet.model_copy(update={"notes": f"edit {count}"}),
                           f"Edit {count}")
    print(count, flush=True)
timer = QTimer()
timer.timeout.connect(edit)
timer.start(int(sys.argv[2]))
app.exec()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_session_loses_at_most_the_bound(tmp_path: Path) -> None:
    home = tmp_path / "home"
    source = next(p for p in sample_files("monsters_and_magic") if p.stem == "gramfive")
    sheet = tmp_path / "gramfive.m3c"
    shutil.copyfile(source, sheet)
    env = {
        **os.environ,
        "M3DESK_HOME": str(home),
        "QT_QPA_PLATFORM": "offscreen",
        "M3DESK_AUTOSAVE_BOUND_MS": str(BOUND_MS),
        "PYTHONPATH": str(ROOT),
    }
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(sheet), str(EDIT_MS)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    last = 0
    deadline = time.monotonic() + 60
    while last < 40 and time.monotonic() < deadline:  # about 1.6 s of steady editing
        line = child.stdout.readline()
        if not line:
            break
        last = int(line)
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    child.stdout.close()
    assert last >= 40, "the child stopped editing early"
    orphans = RecoveryStore.orphans(AppPaths.from_environment(dict(env)).state_dir)
    [entry] = orphans
    notes = entry.load(catalog.sheets()).model.notes
    saved = int(notes.removeprefix("edit "))
    lost_ms = (last - saved) * EDIT_MS
    print(f"edits lost to the kill: {last - saved} ({lost_ms} ms; bound {BOUND_MS} ms)")
    assert lost_ms <= BOUND_MS + 4 * EDIT_MS, f"lost {lost_ms} ms of edits"
