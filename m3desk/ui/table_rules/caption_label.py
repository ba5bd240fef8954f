"""A small grey caption under a form field: the one-line explanation of a table rule.

Grey, but never too faint to read: the colour is the palette's text moved toward the
window colour only as far as a 4.5:1 contrast allows (WCAG AA for small text), and it is
worked out again when the palette changes, so the light and dark themes both read.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from m3desk.ui.contrast import contrast_ratio

__all__ = ["CaptionLabel", "caption_colour"]

_MINIMUM_RATIO = 4.5
_FONT_SCALE = 0.9


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
        1.0,
    )


def caption_colour(palette: QPalette) -> QColor:
    """Text toward Window, as grey as stays readable on Window."""
    text = palette.color(QPalette.ColorRole.Text)
    window = palette.color(QPalette.ColorRole.Window)
    for amount in (0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.1):
        grey = _mix(text, window, amount)
        if contrast_ratio(grey, window) >= _MINIMUM_RATIO:
            return grey
    return text


class CaptionLabel(QLabel):
    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        font = self.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * _FONT_SCALE)
            self.setFont(font)
        self._recolouring = False
        self._recolour()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and not self._recolouring:
            self._recolour()

    def _recolour(self) -> None:
        """Set only WindowText (a fresh palette resolves nothing else), so every other role
        keeps following the parent's palette when the theme changes."""
        self._recolouring = True
        try:
            grey = caption_colour(self.palette())
            own = QPalette()
            for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
                own.setColor(group, QPalette.ColorRole.WindowText, grey)
            self.setPalette(own)
        finally:
            self._recolouring = False
