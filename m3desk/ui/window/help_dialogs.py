"""Help → User Guide and Help → Keyboard Shortcuts: both offline, both from the app itself.

The guide is a Markdown file shipped in resources/help (shown as rich text it is our own,
trusted text, never a file the user opened). The shortcuts are read from the actions
themselves, the window's and an encounter tab's, so the list can never fall out of date.
Each command shows once, by its menu name, with the keys a user presses: Qt's standard
shortcuts also bind keys few keyboards have ("Undo", "Close", F14), and those are left out.
"""

from __future__ import annotations

from PySide6.QtCore import QKeyCombination, QSize, Qt
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

__all__ = ["ShortcutsDialog", "UserGuideDialog", "pressable_keys", "shortcut_rows"]

Key = Qt.Key
_NAMED_KEYS = {Key.Key_Escape, Key.Key_Tab, Key.Key_Backtab, Key.Key_Backspace,
               Key.Key_Return, Key.Key_Enter, Key.Key_Insert, Key.Key_Delete, Key.Key_Home,
               Key.Key_End, Key.Key_Left, Key.Key_Up, Key.Key_Right, Key.Key_Down,
               Key.Key_PageUp, Key.Key_PageDown, Key.Key_Space}
_FUNCTION_KEYS = range(Key.Key_F1.value, Key.Key_F12.value + 1)
"""F1 to F12: the function keys every keyboard has (Qt's F13–F35 are on almost none)."""
_MOST_KEYS = 2
"""At most this many keys per command: "Ctrl+Y or Ctrl+Shift+Z"."""


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


def _on_a_keyboard(combination: QKeyCombination) -> bool:
    """Whether a usual keyboard has this key (a letter, digit, sign, F1–F12 or a named key)."""
    key = combination.key()
    return (key.value < 0x0100_0000 and key.value != 0) or key in _NAMED_KEYS \
        or key.value in _FUNCTION_KEYS


def _typed_key(combination: QKeyCombination) -> bool:
    """A letter or a digit (Ctrl+Z): the keys menus teach, before Alt+Backspace or Ctrl+F4."""
    return combination.key().value < 0x0100_0000


def _combinations(key: QKeySequence) -> list[QKeyCombination]:
    """The key combinations of ``key`` in order (PySide's stubs lack QKeySequence[n])."""
    return [key[n] for n in range(key.count())]  # type: ignore[index]


def pressable_keys(action: QAction) -> str:
    """The keys a user presses for ``action``, readable: "Ctrl+Z", "Ctrl+Y or Ctrl+Shift+Z";
    "" when it has none a usual keyboard has."""
    pressable = [key for key in action.shortcuts()
                 if key.count() > 0 and all(map(_on_a_keyboard, _combinations(key)))]
    typed = [key for key in pressable if all(map(_typed_key, _combinations(key)))]
    chosen = (typed or pressable)[:_MOST_KEYS]
    return " or ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in chosen)


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str, str]]:
    """(where, what, keys) for every action that has a shortcut, in menu order, each
    command once."""
    rows: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    for action in actions:
        keys = pressable_keys(action)
        what = _plain(action.text())
        where = str(action.property("shortcut_area") or "Window")
        if keys and what and (where, what) not in seen:
            seen.add((where, what))
            rows.append((where, what, keys))
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
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, parent=self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(self._fitting_size())

    def _fitting_size(self) -> QSize:
        """Every column whole and as many rows as the screen allows."""
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        width = (sum(header.sectionSize(n) for n in range(header.count()))
                 + self.table.verticalScrollBar().sizeHint().width()
                 + 2 * self.table.frameWidth() + 48)
        rows = sum(self.table.rowHeight(n) for n in range(self.table.rowCount()))
        height = rows + header.height() + 2 * self.table.frameWidth() + 90
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None and screen.width() > 0:
            width = min(width, screen.width() * 9 // 10)
            height = min(height, screen.height() * 9 // 10)
        return QSize(max(width, 420), height)
