"""What the table must hear now, shown above the tracker until the referee dismisses it.

A resolved action can carry notices (a caster loses the spell, a fleeing foe's back is open,
morale is due). They are said here at once, in words that stand out in both themes, without a
modal box that would stop play; the log keeps them too. Plain text, never markup.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.system import Action, DueAction
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["NoticeBar"]

_HUE = QColor(40, 110, 220)
_TINT = 0.22


class NoticeBar(QFrame):
    """Notices in words, and a button for each check the fight asks for now (morale).

    Signals:
        act_requested(str, Action): the combatant id and the action of a due check clicked.
    """

    act_requested = Signal(str, Action)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice_bar")
        self.setAccessibleName("What the table must hear now")
        self._icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation, None, self)
        self._icon.setPixmap(icon.pixmap(size, size))
        self.label = QLabel(self)
        self.label.setObjectName("notice_text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        # Expanding: a wrapped label otherwise takes its narrow size hint and a short notice
        # was drawn as a column of words at the far right of an empty bar.
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Dismiss")
        self.close_button.clicked.connect(self._close)
        self.due_buttons: list[QPushButton] = []
        self._due: tuple[DueAction, ...] = ()
        self._dismissed_due: tuple[DueAction, ...] = ()
        self._due_row = QHBoxLayout()
        self._due_row.setContentsMargins(0, 0, 0, 0)
        words = QVBoxLayout()
        words.setContentsMargins(0, 0, 0, 0)
        words.addWidget(self.label)
        words.addLayout(self._due_row)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(words, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_notices(self, notices: tuple[str, ...]) -> None:
        self.label.setText("\n".join(notices))
        self.label.setVisible(bool(notices))
        self.show()

    def show_due(self, due: tuple[DueAction, ...]) -> None:
        """A button per check due now; the bar shows while any is due (until dismissed)."""
        if due == self._due:
            return
        self._due = due
        for button in self.due_buttons:
            self._due_row.removeWidget(button)
            button.deleteLater()
        self.due_buttons = []
        for item in due:
            button = QPushButton(mnemonic_safe(item.label), self)
            button.setToolTip("Open the action dialog on this check")
            button.clicked.connect(
                lambda _checked=False, d=item: self.act_requested.emit(d.actor, d.action)
            )
            self._due_row.addWidget(button)
            self.due_buttons.append(button)
        if due:
            self._due_row.addStretch(1)
        if due and due != self._dismissed_due:
            self.label.setVisible(bool(self.label.text()))
            self.show()
        elif not due and not self.label.text():
            self.hide()

    def text(self) -> str:
        return self.label.text() if self.isVisible() else ""

    def dismiss(self) -> None:
        """Clear the notices (every later step does); the checks still due stay offered."""
        self.label.clear()
        self.label.hide()
        if not self._due or self._due == self._dismissed_due:
            self.hide()

    def _close(self) -> None:
        """The × button: the notices and the checks due now (until another falls due)."""
        self._dismissed_due = self._due
        self.dismiss()

    def paintEvent(self, event: QPaintEvent) -> None:
        base = self.palette().color(QPalette.ColorRole.Base)
        tint = QColor(
            round(base.red() + (_HUE.red() - base.red()) * _TINT),
            round(base.green() + (_HUE.green() - base.green()) * _TINT),
            round(base.blue() + (_HUE.blue() - base.blue()) * _TINT),
        )
        painter = QPainter(self)
        painter.fillRect(self.rect(), tint)
        painter.setPen(_HUE)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()
        super().paintEvent(event)
