"""Text colour that stays readable on a given background (WCAG contrast ratio).

Palettes differ: white text on Fusion's light Highlight is only about 3.6:1. Painting code
asks for its preferred colour and gets black or white instead when the preferred one
would fall below the ratio, so bars read in any palette and printed in black and white.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

__all__ = ["contrast_ratio", "readable_on"]

MINIMUM_RATIO = 4.5


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    lighter, darker = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable_on(preferred: QColor, background: QColor, minimum: float = MINIMUM_RATIO) -> QColor:
    """``preferred`` if it is readable on ``background``, else black or white, the better."""
    if contrast_ratio(preferred, background) >= minimum:
        return preferred
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return max((black, white), key=lambda colour: contrast_ratio(colour, background))
