"""An inline message line: why an edit was refused, shown where the user looks.

A refused edit pushes nothing, so the message stays until the next edit that does get
through (any ``sheet_changed``) or until the user dismisses it. Its tint is blended from
the palette's Base colour, so it reads in light and dark palettes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QToolButton, QWidget

from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["MessageBar"]

_WARNING_HUE = QColor(230, 120, 20)
_TINT = 0.28


def _blend(base: QColor, tint: QColor, amount: float) -> QColor:
    return QColor(
        round(base.red() + (tint.red() - base.red()) * amount),
        round(base.green() + (tint.green() - base.green()) * amount),
        round(base.blue() + (tint.blue() - base.blue()) * amount),
    )


class MessageBar(QFrame):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_message_bar")
        self._icon = QLabel(self)
        self._label = QLabel(self)
        self._label.setTextFormat(Qt.TextFormat.PlainText)  # a file's name is never markup
        self._label.setWordWrap(True)
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._label.setForegroundRole(QPalette.ColorRole.Text)
        close = QToolButton(self)
        close.setText("×")
        close.setAutoRaise(True)
        close.setToolTip("Dismiss")
        close.clicked.connect(self.clear)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self._icon)
        layout.addWidget(self._label, 1)
        layout.addWidget(close)
        self._update_icon()
        self.hide()
        self.document_link = DocumentLink.on(
            document, "sheet_changed", lambda _changed: self.clear()
        )

    def _update_icon(self) -> None:
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning, None, self)
        self._icon.setPixmap(icon.pixmap(size, size))

    def text(self) -> str:
        return "" if self.isHidden() else self._label.text()

    def show_message(self, text: str) -> None:
        self._label.setText(text)
        self.setToolTip(text)
        self.show()

    def clear(self) -> None:
        self._label.clear()
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.setPen(_blend(palette.color(QPalette.ColorRole.Base), _WARNING_HUE, 0.6))
        painter.setBrush(_blend(palette.color(QPalette.ColorRole.Base), _WARNING_HUE, _TINT))
        painter.drawRoundedRect(self.rect().adjusted(0, 0, -1, -1), 4, 4)
        painter.end()
        super().paintEvent(event)

    def detach(self) -> None:
        self.document_link.detach()
