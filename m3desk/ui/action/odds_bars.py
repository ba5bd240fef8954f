"""A few labelled horizontal bars, painted: chances at a glance without a chart library.

Every game's action dialog shows its exact chances so (the generic dialog from the seam's
``preview``, Monsters & Magic's from its check's odds): the label, a bar as long as the
chance, the percentage.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from m3desk.core.numbers import percent

__all__ = ["OddsBars"]

BAR_MIN_WIDTH = 60


class OddsBars(QWidget):
    """Rows of (label, chance): the label, a bar as long as the chance, the percentage."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, Fraction]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: list[tuple[str, Fraction]]) -> None:
        changed = len(rows) != len(self._rows)
        self._rows = list(rows)
        if changed:
            self.updateGeometry()
        self.update()
        # What a screen reader says: the very words painted.
        self.setAccessibleDescription(self.text())

    def rows(self) -> list[tuple[str, Fraction]]:
        return list(self._rows)

    def text(self) -> str:
        """The rows as painted, a line each: "Chance of success: 62.5 %"."""
        return "\n".join(f"{label}: {percent(chance)}" for label, chance in self._rows)

    def _row_height(self) -> int:
        return self.fontMetrics().height() + 6

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        label = max((metrics.horizontalAdvance(text) for text, _ in self._rows), default=60)
        width = label + BAR_MIN_WIDTH * 2 + metrics.horizontalAdvance("> 99.9 %") + 24
        return QSize(width, max(len(self._rows), 1) * self._row_height())

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(hint.width() - BAR_MIN_WIDTH, hint.height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        metrics = self.fontMetrics()
        label_width = max((metrics.horizontalAdvance(t) for t, _ in self._rows), default=0) + 10
        value_width = metrics.horizontalAdvance("> 99.9 %") + 10
        height = self._row_height()
        bar_left = label_width
        bar_width = max(self.width() - label_width - value_width, 10)
        fill = palette.color(QPalette.ColorRole.Highlight)
        text = palette.color(QPalette.ColorRole.WindowText)
        window = palette.color(QPalette.ColorRole.Window)
        # A fifth of the way from the background to the text: visible on light and dark.
        track = QColor(
            (window.red() * 4 + text.red()) // 5,
            (window.green() * 4 + text.green()) // 5,
            (window.blue() * 4 + text.blue()) // 5,
        )
        for row, (label, chance) in enumerate(self._rows):
            top = row * height
            painter.setPen(text)
            painter.drawText(
                QRectF(0, top, label_width, height),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                label,
            )
            bar = QRectF(bar_left, top + 4, bar_width, height - 8)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(track)
            painter.drawRoundedRect(bar, 3, 3)
            if chance > 0:
                filled = QRectF(
                    bar.left(), bar.top(), max(bar.width() * float(chance), 2), bar.height()
                )
                painter.setBrush(fill)
                painter.drawRoundedRect(filled, 3, 3)
            painter.setPen(text)
            painter.drawText(
                QRectF(bar_left + bar_width, top, value_width, height),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                percent(chance),
            )
        painter.end()
