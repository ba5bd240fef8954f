"""Plots for the fight forecast, painted from the palette: readable in light, dark and grey.

Three small charts: horizontal bars with standard-error whiskers (each side's chance to win;
each combatant's chance to be down), a histogram (how many rounds the fights took), and
paired bars (hit points at the start and left on average). Values are written beside each
bar, so the plot reads without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

__all__ = ["Bar", "BarChart", "Histogram"]


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float
    """0 … 1 for shares; any non-negative number with ``scale``."""
    error: float = 0.0
    text: str = ""
    reference: float | None = None
    """A second, hollow bar behind this one (hit points at the start)."""


def _accent(palette: QPalette) -> QColor:
    return palette.color(QPalette.ColorRole.Highlight)


class BarChart(QWidget):
    """Labelled horizontal bars, one a row, with whiskers and the value written beside."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[Bar] = []
        self.scale = 1.0
        self._widths = (0, 0)
        self._advance: dict[str, int] = {}
        """Texts measured in the current font (names and values repeat at every update)."""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_bars(self, bars: Sequence[Bar], scale: float = 1.0) -> None:
        """New values (the running forecast sends them a few times a second): the layout is
        asked again only when the number of rows changes, and the label and value columns are
        measured here, not at every paint (200 combatants' rows relaid and measured at each
        update stalled the window)."""
        resized = len(bars) != len(self.bars)
        self.bars = list(bars)
        self.scale = max(scale, 1e-9)
        advance = self._advance
        if len(advance) > 4096:
            advance.clear()
        measure = self.fontMetrics().horizontalAdvance
        for text in {part for bar in self.bars for part in (bar.label, bar.text)}:
            if text not in advance:
                advance[text] = measure(text)
        self._widths = (
            max((advance[bar.label] for bar in self.bars), default=0),
            max((advance[bar.text] for bar in self.bars), default=0),
        )
        if resized:
            self.updateGeometry()
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._advance.clear()
            self.set_bars(self.bars, self.scale)  # the columns measured in the new font
        super().changeEvent(event)

    BAR_ROOM = 80
    """The least width the bars keep: names take the rest (a third at the very least)."""

    def columns(self) -> tuple[int, int]:
        """The name and value columns' widths: names are shown whole while the bars keep
        :attr:`BAR_ROOM` ("First One Mummy" was cut at a third of the chart at 150 %)."""
        label_w, value_w = self._widths
        value_w += 10
        room = max(self.width() - value_w - self.BAR_ROOM, self.width() // 3)
        return min(label_w + 10, room), value_w

    def label_shown(self, index: int) -> str:
        """Bar ``index``'s name as painted (elided only where the chart is too narrow)."""
        return self.fontMetrics().elidedText(
            self.bars[index].label, Qt.TextElideMode.ElideRight, self.columns()[0] - 6
        )

    def _row(self) -> int:
        return self.fontMetrics().height() + 8

    def sizeHint(self) -> QSize:
        return QSize(360, self._row() * (len(self.bars) + 1) + 6)

    def minimumSizeHint(self) -> QSize:
        return QSize(220, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        row = self._row()
        # Only the rows in sight: 200 combatants' bars painted whole took ~100 ms a redraw.
        shown = event.rect()
        first = max(0, shown.top() // row - 1)
        last = min(len(self.bars), shown.bottom() // row + 1)
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)
        painter.drawText(QRectF(0, 0, self.width(), row), Qt.AlignmentFlag.AlignVCenter, self.title)
        painter.setFont(self.font())
        label_w, value_w = self.columns()
        plot_w = max(self.width() - label_w - value_w, 20)
        fill = _accent(palette)
        for index in range(first, last):
            bar = self.bars[index]
            top = row * (index + 1) + 2
            label = self.label_shown(index)
            painter.setPen(text)
            painter.drawText(
                QRectF(0, top, label_w - 6, row - 4),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                label,
            )
            height = row - 8
            if bar.reference is not None:
                width = plot_w * min(bar.reference / self.scale, 1.0)
                painter.setPen(QPen(text, 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(QRectF(label_w, top + 2, width, height))
            width = plot_w * min(max(bar.value / self.scale, 0.0), 1.0)
            painter.setPen(QPen(text, 1))
            painter.setBrush(fill)
            painter.drawRect(QRectF(label_w, top + 2, width, height))
            if bar.error > 0:
                low = plot_w * max(bar.value - bar.error, 0.0) / self.scale
                high = plot_w * min(bar.value + bar.error, self.scale) / self.scale
                middle = top + 2 + height / 2
                painter.setPen(QPen(text, 1.5))
                painter.drawLine(int(label_w + low), int(middle), int(label_w + high), int(middle))
                for x in (low, high):
                    painter.drawLine(
                        int(label_w + x),
                        int(middle - height / 3),
                        int(label_w + x),
                        int(middle + height / 3),
                    )
            painter.setPen(text)
            painter.drawText(
                QRectF(label_w + plot_w + 6, top, value_w, row - 4),
                Qt.AlignmentFlag.AlignVCenter,
                bar.text,
            )
        painter.end()


class Histogram(QWidget):
    """How many fights ended after each number of rounds: columns with their share above."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.counts: dict[int, int] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_counts(self, counts: dict[int, int]) -> None:
        self.counts = dict(counts)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, self.fontMetrics().height() * 9)

    def minimumSizeHint(self) -> QSize:
        return QSize(220, self.sizeHint().height())

    def share(self, rounds: int) -> str:
        """What the column of ``rounds`` says above its bar, as every other share in the
        app is written ("13 %", "< 1 %")."""
        total = sum(self.counts.values())
        percent = self.counts.get(rounds, 0) / total * 100 if total else 0.0
        return f"{percent:.0f} %" if percent >= 0.5 else "< 1 %"

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        metrics = self.fontMetrics()
        line = metrics.height()
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text)
        painter.drawText(
            QRectF(0, 0, self.width(), line + 6), Qt.AlignmentFlag.AlignVCenter, self.title
        )
        painter.setFont(self.font())
        if not self.counts:
            painter.end()
            return
        first, last = min(self.counts), max(self.counts)
        columns = list(range(first, last + 1))
        peak = max(self.counts.values())
        top, bottom = line * 2 + 8, self.height() - line - 4
        width = self.width() / len(columns)
        painter.setBrush(_accent(palette))
        for index, rounds in enumerate(columns):
            count = self.counts.get(rounds, 0)
            height = (bottom - top) * count / peak if peak else 0
            x = index * width
            painter.setPen(QPen(text, 1))
            painter.drawRect(QRectF(x + 2, bottom - height, max(width - 4, 1), height))
            share = self.share(rounds)
            if width >= metrics.horizontalAdvance(share) + 2 and count:
                painter.drawText(
                    QRectF(x, bottom - height - line, width, line),
                    Qt.AlignmentFlag.AlignCenter,
                    share,
                )
            if width >= metrics.horizontalAdvance("99") + 2 or rounds in (first, last):
                painter.drawText(
                    QRectF(x, bottom + 2, width, line), Qt.AlignmentFlag.AlignCenter, str(rounds)
                )
        painter.end()
