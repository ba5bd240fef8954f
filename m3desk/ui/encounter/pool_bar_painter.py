"""A hit-point bar: the fill shows how much is left, the text says exactly how much.

Readable without colour: the text "7/25" is always drawn, in the colour that contrasts
with whatever lies under each part of it (the fill or the empty track), and a pool at zero
or below is hatched. Every colour comes from the palette, so light, dark and selected rows
all work.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPalette, QPen

from m3desk.ui.encounter.contrast import readable_on

__all__ = ["PoolBarPainter"]


@dataclass(frozen=True, slots=True)
class PoolBarPainter:
    current: int
    maximum: int

    @property
    def fraction(self) -> float:
        if self.maximum <= 0:
            return 0.0
        return min(max(self.current / self.maximum, 0.0), 1.0)

    @property
    def text(self) -> str:
        return f"{self.current}/{self.maximum}"

    def paint(self, painter: QPainter, rect: QRectF, palette: QPalette,
              group: QPalette.ColorGroup, selected: bool) -> None:
        """Draw inside ``rect``; on a selected row the fill and text colours swap roles."""
        Role = QPalette.ColorRole
        fill = palette.color(group, Role.HighlightedText if selected else Role.Highlight)
        track = palette.color(group, Role.Highlight if selected else Role.Base)
        on_fill = readable_on(palette.color(group, Role.Highlight if selected
                                            else Role.HighlightedText), fill)
        on_track = readable_on(palette.color(group, Role.HighlightedText if selected
                                             else Role.Text), track)
        frame = QColor(on_track)
        frame.setAlpha(150)

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        bar = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        filled = QRectF(bar.left(), bar.top(), bar.width() * self.fraction, bar.height())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(filled, 2, 2)
        if self.current <= 0:
            hatch = QColor(on_track)
            hatch.setAlpha(110)
            painter.setBrush(QBrush(hatch, Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(bar, 2, 2)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(frame, 1))
        painter.drawRoundedRect(bar, 2, 2)

        flags = int(Qt.AlignmentFlag.AlignCenter)
        painter.setClipRect(filled)
        painter.setPen(on_fill)
        painter.drawText(bar, flags, self.text)
        empty = QRectF(filled.right(), bar.top(), bar.right() - filled.right(), bar.height())
        painter.setClipRect(empty)
        painter.setPen(on_track)
        painter.drawText(bar, flags, self.text)
        painter.restore()
