"""The warning a sheet shows where its printed numbers disagree with the game's own tables.

A monster whose XP is not the Hit-Dice table's, or whose THAC0 is not its Hit Dice's, keeps
its printed numbers; this line says what does not add up, in the game's words (its
:class:`~m3desk.core.sheet_form.SheetForm` ``warnings``), until the sheet agrees. It is tinted
like the message bar, from the palette's Base colour, so it reads in light and dark themes.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QWidget

from m3desk.ui.sheet.message_bar import _TINT, _WARNING_HUE, _blend

__all__ = ["TableChecks"]


class TableChecks(QFrame):
    """One warning line per disagreement; hidden when there is none."""

    def __init__(
        self, check: Callable[[BaseModel], tuple[str, ...]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sheet_table_checks")
        self._check = check
        self._icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning, None, self)
        self._icon.setPixmap(icon.pixmap(size, size))
        self._icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._label = QLabel(self)
        self._label.setObjectName("sheet_table_checks_text")
        self._label.setTextFormat(Qt.TextFormat.PlainText)
        self._label.setWordWrap(True)
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._label.setForegroundRole(QPalette.ColorRole.Text)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._icon)
        layout.addWidget(self._label, 1)
        self.hide()

    def text(self) -> str:
        return "" if self.isHidden() else self._label.text()

    def show_for(self, sheet: BaseModel) -> None:
        warnings = self._check(sheet)
        text = "\n".join(w[:1].upper() + w[1:] + "." for w in warnings)
        self._label.setText(text)
        self.setToolTip(
            "The printed numbers are kept; the game's own tables give other values"
            if warnings
            else ""
        )
        self.setVisible(bool(warnings))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        base = self.palette().color(QPalette.ColorRole.Base)
        painter.setPen(_blend(base, _WARNING_HUE, 0.6))
        painter.setBrush(_blend(base, _WARNING_HUE, _TINT))
        painter.drawRoundedRect(self.rect().adjusted(0, 0, -1, -1), 4, 4)
        painter.end()
        super().paintEvent(event)
