"""Driving an encounter tab in the window as the GM does: focus its tracker, press keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.open_document import OpenDocument


def focus_tracker(qtbot, window: MainWindow, record: OpenDocument) -> EncounterWidget:
    """Put the keyboard focus in the encounter's tracker, as a click on it would.

    The encounter's keys only work with the focus inside its tab.
    """
    window.session.focus(record)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    page = record.page
    assert isinstance(page, EncounterWidget)
    page.tracker.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(page.tracker.hasFocus, timeout=2000)
    return page


def press(qtbot, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    """A key press where the focus is (as the keyboard delivers it)."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)
