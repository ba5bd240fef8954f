"""Start-up pays for one game: the others load when a file of theirs is first opened.

The bundled samples are listed from resources/samples/index.json while their bytes match it;
the index must always match the samples (rewrite it with
``python -m m3desk.ui.library.sample_index``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage import catalog
from m3desk.ui.library.file_types import DOCUMENT_SUFFIXES
from m3desk.ui.library.sample_index import build_index, index_path, scan_samples
from m3desk.ui.library.scan import SHEET_SUFFIXES, read_entry

FIRST_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import m3desk.ui.app as app
exec_ = QApplication.exec
def exec_then_quit(*_args):
    QTimer.singleShot(0, QApplication.quit)
    return exec_()
QApplication.exec = staticmethod(exec_then_quit)
app.run([])
print(sorted(m for m in sys.modules if m.startswith("m3desk.systems.") and m.count(".") == 2))
"""


def test_the_first_window_loads_only_the_game_its_settings_need(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", FIRST_WINDOW], env=env,
                            capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip().splitlines()[-1] == "['m3desk.systems.monsters_and_magic']"


def test_the_sample_index_matches_the_samples() -> None:
    committed = json.loads(index_path().read_text(encoding="utf-8"))
    assert committed == build_index(sample_files()), (
        "resources/samples/index.json is out of date: run "
        "python -m m3desk.ui.library.sample_index")


def test_a_sample_that_changed_is_read_in_full_not_from_the_index(tmp_path: Path) -> None:
    samples = sample_files("ose")
    assert scan_samples(samples) == [read_entry(path, is_sample=True) for path in samples]
    changed = tmp_path / "ose" / samples[0].name
    changed.parent.mkdir()
    changed.write_bytes(samples[0].read_bytes().replace(b'"name": "', b'"name": "Old ', 1))
    [entry] = scan_samples([changed])
    assert entry.name.startswith("Old ")


def test_every_game_uses_the_extensions_known_before_loading_it() -> None:
    extensions = {spec.extension for system in registry.systems() for spec in system.documents}
    assert extensions == set(DOCUMENT_SUFFIXES)
    assert {t.extension for t in catalog.sheets()} == set(SHEET_SUFFIXES)
