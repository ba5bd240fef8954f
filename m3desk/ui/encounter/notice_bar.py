"""What the table must hear now, shown above the tracker until the referee dismisses it.

A resolved action can carry notices (a caster loses the spell, a fleeing foe's back is open,
morale is due). They are said here at once, in words that stand out in both themes, without a
modal box that would stop play; the log keeps them too. Plain text, never markup.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QToolButton, QWidget

__all__ = ["NoticeBar"]

_HUE = QColor(40, 110, 220)
_TINT = 0.22


class NoticeBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice_bar")
        self.setAccessibleName("What the table must hear now")
        self._icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation, None,
                                         self)
        self._icon.setPixmap(icon.pixmap(size, size))
        self.label = QLabel(self)
        self.label.setObjectName("notice_text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Dismiss")
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_notices(self, notices: tuple[str, ...]) -> None:
        self.label.setText("\n".join(notices))
        self.show()

    def text(self) -> str:
        return self.label.text() if self.isVisible() else ""

    def dismiss(self) -> None:
        self.label.clear()
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        base = self.palette().color(QPalette.ColorRole.Base)
        tint = QColor(round(base.red() + (_HUE.red() - base.red()) * _TINT),
                      round(base.green() + (_HUE.green() - base.green()) * _TINT),
                      round(base.blue() + (_HUE.blue() - base.blue()) * _TINT))
        painter = QPainter(self)
        painter.fillRect(self.rect(), tint)
        painter.setPen(_HUE)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()
        super().paintEvent(event)
