"""Start-up pays for no game it does not need: games load when a file of theirs is first opened.

The first window shows the library and nothing else, so the modules behind documents (the
session, dialogs, editors, the encounter and its board, printing, action dialogs) load with
the first document or command that needs them, not before.

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
from m3desk.storage.paths import AppPaths
from m3desk.storage.settings import SETTINGS_SCHEMA_VERSION
from m3desk.systems import INSTALLED
from m3desk.ui.library.file_types import DOCUMENT_SUFFIXES
from m3desk.ui.library.sample_index import build_index, index_path, scan_samples
from m3desk.ui.library.scan import SHEET_SUFFIXES, read_entry

FIRST_WINDOW = """
import json
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
import PySide6.QtCore, PySide6.QtWidgets
from m3desk.ui import plain_text
print(json.dumps({"built": sorted(name for module in (PySide6.QtCore, PySide6.QtWidgets)
                                  for name in vars(module) if name.startswith("Q")),
                  "guard": plain_text._guard is not None}))
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("m3desk", "PySide6", "html")))))
"""

BUILT_ON_USE = ("QGraphicsView", "QDialogButtonBox", "QPlainTextEdit", "QMdiArea", "QSharedMemory")
"""Qt classes the first window does not use. PySide builds a class, enums and all, when it is
first imported or first met; these would be built by an import the first window does not
need (the graphics view of a tooltip check, the bestiary's licence dialog), by asking a view
for its viewport (a widget Qt made: PySide then builds every widget class to find its type),
or by an application-wide Python event filter (it meets Qt's private objects: PySide builds
every Qt class), which together cost the start-up some 30 ms."""

LOADED_ON_USE = (
    "m3desk.systems.",  # every game, its rules and models
    "m3desk.core.system",
    "m3desk.core.encounter",
    "m3desk.core.forecast",
    "m3desk.core.sheet_form",
    "m3desk.storage.sheet_files",
    "m3desk.storage.encounter_files",
    "m3desk.ui.action.",
    "m3desk.ui.board.",
    "m3desk.ui.documents.",
    "m3desk.ui.encounter.",
    "m3desk.ui.printing.",
    "m3desk.ui.sheet.",
    "m3desk.ui.table_rules.",
    "m3desk.ui.dialogs",
    "m3desk.ui.self_test",
    "m3desk.ui.window.session",
    "m3desk.ui.window.kinds",
    "m3desk.ui.window.print_commands",
    "m3desk.ui.window.new_character",
    "m3desk.ui.window.new_encounter",
    "m3desk.ui.window.help_dialogs",
    "m3desk.ui.window.table_rules_command",
    "PySide6.QtNetwork",  # the single-instance server listens once the window has shown
    "html",  # Python's entity table: the window escapes markup itself (plain_text.escaped)
)


def _first_window(home: Path) -> list[str]:
    """The probe's output lines: what Qt built (and the guard), then the modules loaded."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-c", FIRST_WINDOW],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout.strip().splitlines()[-2:]


def _first_window_modules(home: Path) -> list[str]:
    loaded: list[str] = json.loads(_first_window(home)[1])
    return loaded


def _games(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith("m3desk.systems.") and m.count(".") == 2]


def test_the_first_window_loads_no_document_machinery_and_no_game(tmp_path: Path) -> None:
    loaded = _first_window_modules(tmp_path)
    assert "m3desk.ui.library.panel" in loaded  # the probe did see the first window
    early = [m for m in loaded if m.startswith(LOADED_ON_USE)]
    assert early == []


def test_the_first_window_builds_no_qt_class_it_does_not_show(tmp_path: Path) -> None:
    probe = json.loads(_first_window(tmp_path)[0])
    assert "QTableView" in probe["built"]  # the probe did see the library
    assert [name for name in BUILT_ON_USE if name in probe["built"]] == []
    # The plain-text guard (an application-wide filter) comes with the first file's text.
    assert probe["guard"] is False


def test_the_first_window_loads_only_the_game_its_settings_need(tmp_path: Path) -> None:
    """Stored table rules are checked at start-up (a broken one is reported): that needs
    their game, and only that one."""
    settings = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path)}).settings_file
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(
        json.dumps(
            {
                "schema_version": SETTINGS_SCHEMA_VERSION,
                "table_rules": {registry.ids()[0]: {"not_a_rule": True}},
            }
        ),
        encoding="utf-8",
    )
    assert _games(_first_window_modules(tmp_path)) == [f"m3desk.systems.{registry.ids()[0]}"]


def test_the_sample_index_matches_the_samples() -> None:
    committed = json.loads(index_path().read_text(encoding="utf-8"))
    bundled = [path for path in sample_files() if path.parent.name in INSTALLED]
    assert committed == build_index(bundled), (
        "resources/samples/index.json is out of date: run python -m m3desk.ui.library.sample_index"
    )


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
