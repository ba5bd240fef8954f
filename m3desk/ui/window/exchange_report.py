"""The report of an import from another tool: what could not be kept and what was kept in
another place (the notes, an override), every line, by name.

It stays open beside the imported sheet (a window, not a modal box) so the user can check
the sheet against it before saving; all its text is plain, never markup, and selectable.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["ImportReport"]


def _label(text: str, parent: QWidget, *, heading: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if heading:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


def _list(lines: Sequence[str], parent: QWidget) -> QPlainTextEdit:
    box = QPlainTextEdit(parent)
    box.setReadOnly(True)
    box.setPlainText("\n".join(f"• {line}" for line in lines))
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    box.setTabChangesFocus(True)
    metrics = box.fontMetrics()
    rows = min(max(len(lines), 2), 12) + 1
    box.setMinimumHeight(metrics.lineSpacing() * min(rows, 4) + 12)
    box.setProperty("wanted_rows", rows)
    return box


class ImportReport(QDialog):
    """What an import could not keep and what it kept elsewhere, listed in full."""

    def __init__(self, parent: QWidget | None, intro: str, problems: Sequence[str],
                 kept: Sequence[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Imported, With Notes")
        self.setObjectName("import_report")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        layout = QVBoxLayout(self)
        layout.addWidget(_label(intro, self))
        self.lists: dict[str, QPlainTextEdit] = {}
        for key, title, lines in (
                ("not_kept", f"Not kept ({len(problems)})", problems),
                ("kept", f"Kept in another place ({len(kept)})", kept)):
            if not lines:
                continue
            layout.addWidget(_label(title, self, heading=True))
            box = _list(lines, self)
            box.setObjectName(key)
            box.setAccessibleName(title)
            self.lists[key] = box
            layout.addWidget(box, len(lines))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = QPushButton("&Copy Report", self)
        copy.setToolTip("Copy every line of this report, to paste it in the notes or a mail")
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self._copy)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self._text = "\n".join([intro, "", *(f"Not kept: {line}" for line in problems),
                                *(f"Kept: {line}" for line in kept)])
        self._fit()

    def text(self) -> str:
        """Every line the report shows, as the Copy button copies it."""
        return self._text

    def _copy(self) -> None:
        QApplication.clipboard().setText(self._text)

    def _fit(self) -> None:
        """Wide enough to read a line of the report at once, tall enough for its lines, and
        never beyond the screen (the lists scroll)."""
        screen = (self.parentWidget().screen() if self.parentWidget() is not None
                  else QGuiApplication.primaryScreen())
        room = screen.availableGeometry() if screen is not None else None
        em = self.fontMetrics().horizontalAdvance("m")
        width = em * 52
        rows = sum(int(box.property("wanted_rows")) for box in self.lists.values())
        height = self.fontMetrics().lineSpacing() * (rows + 8) + 120
        if room is not None:
            width = min(width, room.width() - 40)
            height = min(height, room.height() - 80)
        self.resize(width, height)
