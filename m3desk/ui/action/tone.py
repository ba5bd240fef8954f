"""Colours for good news, bad news and asides that read well on the light and dark palette.

Derived from the widget's own palette at paint time (never fixed to one theme), so a
switch of theme while the dialog is open needs nothing but a repaint.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

__all__ = ["Tone", "is_dark", "tone_color"]

Tone = Literal["good", "bad", "muted", "accent"]
_LIGHT = {"good": "#1a6e2e", "bad": "#b3261e", "accent": "#1f5fbf"}
_DARK = {"good": "#7fd69a", "bad": "#ff8f86", "accent": "#8ab8ff"}


def is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Window).lightness() < 128


def tone_color(widget: QWidget, tone: Tone) -> QColor:
    if tone == "muted":
        text = widget.palette().color(QPalette.ColorRole.WindowText)
        window = widget.palette().color(QPalette.ColorRole.Window)
        # Two thirds of the way from the background to the text: quieter, still ≥ 4.5:1.
        return QColor(
            (text.red() * 2 + window.red()) // 3,
            (text.green() * 2 + window.green()) // 3,
            (text.blue() * 2 + window.blue()) // 3,
        )
    return QColor((_DARK if is_dark(widget) else _LIGHT)[tone])
