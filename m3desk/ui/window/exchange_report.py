"""The report of an import from another tool: what could not be kept and what was kept in
another place (the notes, an override), every line, by name.

It stays open beside the imported sheet (a window, not a modal box) so the user can check
the sheet against it before saving; all its text is plain, never markup, and selectable.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
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
    box.setPlainText("\n".join(f"• {line[:1].upper()}{line[1:]}" for line in lines))
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    box.setTabChangesFocus(True)
    box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return box


def _needed_height(box: QPlainTextEdit, width: int) -> int:
    """The height that shows every wrapped line of the box at ``width`` without scrolling."""
    metrics = box.fontMetrics()
    margins = int(box.document().documentMargin()) * 2 + box.frameWidth() * 2 + 4
    inner = max(width - margins - box.verticalScrollBar().sizeHint().width(), 80)
    flags = int(Qt.TextFlag.TextWordWrap)
    height = sum(
        metrics.boundingRect(QRect(0, 0, inner, 100_000), flags, line).height()
        for line in box.toPlainText().split("\n")
    )
    return height + margins


class ImportReport(QDialog):
    """What an import could not keep and what it kept elsewhere, listed in full."""

    def __init__(
        self, parent: QWidget | None, intro: str, problems: Sequence[str], kept: Sequence[str]
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Imported, With Notes")
        self.setObjectName("import_report")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        layout = QVBoxLayout(self)
        layout.addWidget(_label(intro, self))
        self.lists: dict[str, QPlainTextEdit] = {}
        for key, title, lines in (
            ("not_kept", f"Not kept ({len(problems)})", problems),
            ("kept", f"Kept in another place ({len(kept)})", kept),
        ):
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
        self._text = "\n".join(
            [
                intro,
                "",
                *(f"Not kept: {line}" for line in problems),
                *(f"Kept: {line}" for line in kept),
            ]
        )
        self._fit()

    def text(self) -> str:
        """Every line the report shows, as the Copy button copies it."""
        return self._text

    def _copy(self) -> None:
        QApplication.clipboard().setText(self._text)

    def _fit(self) -> None:
        """Wide enough to read a line of the report at once, tall enough for all its lines,
        and never beyond the screen (then the lists scroll, each in its share)."""
        parent = self.parentWidget()
        screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        width = self.fontMetrics().horizontalAdvance("m") * 56
        if room is not None:
            width = min(width, room.width() - 40)
        self._share(width)
        self.resize(width, self.sizeHint().height())
        if room is not None and self.height() > room.height() - 60:
            self.resize(width, room.height() - 60)

    def _share(self, width: int) -> None:
        """Each list as tall as its wrapped lines (so nothing scrolls while the screen has
        room), at least four lines; taller lists get the larger share of a smaller window."""
        layout = self.layout()
        for box in self.lists.values():
            needed = _needed_height(box, width - 24)
            box.setMinimumHeight(min(needed, box.fontMetrics().lineSpacing() * 4 + 12))
            box.setMaximumHeight(needed)
            box.setProperty("needed", needed)
            if isinstance(layout, QVBoxLayout):
                layout.setStretchFactor(box, max(needed, 1))

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        needed = sum(
            int(box.property("needed") or 0) - box.sizeHint().height()
            for box in self.lists.values()
        )
        return QSize(hint.width(), hint.height() + max(needed, 0))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        for box in self.lists.values():
            needed = _needed_height(box, box.width())
            if needed != box.property("needed"):
                box.setProperty("needed", needed)
                box.setMaximumHeight(needed)
