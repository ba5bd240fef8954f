"""Text from a file is never markup: message boxes, labels and tooltips show it literally.

A file whose fields read ``<img src=/dev/zero>`` made the error dialog read /dev/zero into
memory (rich text loads images), and ``<b>…</b>`` spoofed emphasis. Each kind of file is
tried here with hostile text, through the real window.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QToolTip

from m3desk.storage.encounter_files import save_encounter
from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant
from m3desk.ui import dialogs
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.plain_text import safe_tooltip

BOMB = "<img src=/dev/zero>"
SPOOF = "<b>Spoof</b>"


def test_a_message_box_shows_a_hostile_format_literally(qtbot) -> None:
    """The exact dialog an unreadable file gets: its text names the hostile format."""
    box = dialogs.message_box(
        None,
        QMessageBox.Icon.Critical,
        "Could not open",
        f"it is not an m3desk document (unknown format '{BOMB}').",
        f"{SPOOF} more",
    )
    qtbot.addWidget(box)
    labels = [label for label in box.findChildren(QLabel) if label.text()]
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert labels and all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    texts = " ".join(label.text() for label in labels)
    assert BOMB in texts and SPOOF in texts
    box.show()
    box.grab()  # painting must not try to load an image


def _hostile_sheet(sample: Callable[[str], Path], tmp_path: Path) -> Path:
    sheet = load_sheet(sample("gramfive")).model
    hostile = sheet.model_copy(update={"name": SPOOF, "notes": BOMB})
    path = tmp_path / "hostile.m3c"
    save_sheet(path, hostile)
    return path


def test_an_unknown_hostile_format_reaches_the_error_dialog_as_plain_text(
    window: MainWindow, tmp_path: Path, fake_dialogs
) -> None:
    path = tmp_path / "bomb.m3c"
    path.write_text(json.dumps({"format": BOMB, "schema_version": 1, "document": {}}))
    assert window.open_path(path) is None
    [message] = fake_dialogs.messages()
    assert BOMB in message  # told literally; the real box renders it as plain text (above)


def test_a_hostile_sheet_name_is_plain_in_labels_and_tooltips(
    qtbot, window: MainWindow, sample: Callable[[str], Path], tmp_path: Path
) -> None:
    opened = window.open_path(_hostile_sheet(sample, tmp_path))
    assert opened is not None
    assert SPOOF in window.windowTitle()
    labels = [label for label in window.findChildren(QLabel) if SPOOF in label.text()]
    for label in labels:
        assert label.textFormat() != Qt.TextFormat.AutoText, label.objectName()
        if label.textFormat() == Qt.TextFormat.RichText:
            assert SPOOF not in label.text()  # rich labels must escape what they embed


def test_a_hostile_combatant_shows_literally_on_the_tracker_tooltip_and_board(
    qtbot, window: MainWindow, sample: Callable[[str], Path], tmp_path: Path
) -> None:
    sheet = load_sheet(_hostile_sheet(sample, tmp_path)).model
    encounter = add_combatant(Encounter(name=BOMB), sheet, "Party")
    path = tmp_path / "hostile.m3e"
    save_encounter(path, encounter)
    opened = window.open_path(path)
    assert opened is not None
    page = next(w for w in window.findChildren(EncounterWidget))
    page.show()
    qtbot.waitExposed(page)
    assert page.board.header.text() == f"Ranges from {SPOOF}"
    assert page.board.header.textFormat() == Qt.TextFormat.PlainText
    model = page.tracker.tracker_model
    index = model.index(0, model.column_of("name"))
    viewport = page.tracker.viewport()
    where = page.tracker.visualRect(index).center()
    event = QHelpEvent(QEvent.Type.ToolTip, where, viewport.mapToGlobal(where))
    QApplication.sendEvent(viewport, event)
    shown = QToolTip.text()
    QToolTip.hideText()
    assert shown == safe_tooltip(index.data(Qt.ItemDataRole.ToolTipRole))
    assert "&lt;b&gt;Spoof&lt;/b&gt;" in shown


def test_safe_tooltip_escapes_and_keeps_lines() -> None:
    assert safe_tooltip("a < b\n<img src=x>") == (
        "<p style='white-space:pre-wrap'>a &lt; b<br>&lt;img src=x&gt;</p>"
    )
