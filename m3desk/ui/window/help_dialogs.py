"""Help → User Guide and Help → Keyboard Shortcuts: both offline, both from the app itself.

The guide is a Markdown file shipped in resources/help (shown as rich text it is our own,
trusted text, never a file the user opened). The shortcuts are read from the actions
themselves, the window's and an encounter tab's, so the list can never fall out of date.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from m3desk.assets import resource_path

__all__ = ["ShortcutsDialog", "UserGuideDialog", "shortcut_rows"]


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


class UserGuideDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("m3desk User Guide")
        self.setObjectName("user_guide")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(resource_path("help", "guide.md").read_text(encoding="utf-8"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        em = self.fontMetrics().averageCharWidth()
        self.resize(em * 90, self.fontMetrics().lineSpacing() * 34)


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str, str]]:
    """(where, what, keys) for every action that has a shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []
    for action in actions:
        keys = [key.toString(QKeySequence.SequenceFormat.NativeText)
                for key in action.shortcuts() if not key.isEmpty()]
        if keys and action.text():
            where = str(action.property("shortcut_area") or "Window")
            rows.append((where, _plain(action.text()), ", ".join(keys)))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, rows: list[tuple[str, str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts")
        self.setObjectName("keyboard_shortcuts")
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setHorizontalHeaderLabels(["Where", "What", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        em = self.fontMetrics().averageCharWidth()
        self.resize(em * 70, self.fontMetrics().lineSpacing() * 30)
