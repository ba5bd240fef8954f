"""Step 6: what the dice did, in the book's own words.

The breakdown line is the rules core's (``15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP; larger
target −2 → 12 EP``); above it a headline calls out what the table must not miss: a
natural 18 or 3, and how badly a failure failed (a consequence invites a GM reaction).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic.action import Resolution
from m3desk.ui.action.tone import tone_color
from m3desk.ui.plain_text import app_markup, tinted

__all__ = ["RollResultView", "headline"]


def headline(resolution: Resolution) -> tuple[str, bool]:
    """The one-line verdict, and whether it is good news for the actor."""
    natural = resolution.result.natural
    points = resolution.effect_points
    if resolution.succeeded:
        ep = f"{points} effect point{'s' if points != 1 else ''}"
        if natural == 18:
            return f"Natural 18 — automatic success: {ep}", True
        return f"Success: {ep}", True
    short = max(-resolution.result.margin, 1)
    degree = resolution.failure or "simple"
    if degree == "simple":
        what = "a simple failure"
    else:
        what = f"a {degree} consequence for the actor (the GM may react)"
    if natural == 3:
        return f"Natural 3 — automatic failure: {what}", False
    return f"Failed by {short}: {what}", False


class RollResultView(QGroupBox):
    """Headline and breakdown of the resolved check."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("6 · Result", parent)
        self.headline = app_markup(QLabel(self))
        font = QFont(self.headline.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        self.breakdown = app_markup(QLabel(self))
        self.breakdown.setWordWrap(True)
        self.breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.breakdown)
        self._headline = ""
        self._breakdown = ""
        self.show_resolution(None)

    def show_resolution(self, resolution: Resolution | None, waiting: str = "") -> None:
        self._headline = ""
        self._breakdown = ""
        if resolution is None:
            self.headline.setText("")
            self.headline.hide()
            message = waiting or "Roll or type the dice to see the result."
            self.breakdown.setText(tinted(message, tone_color(self, "muted")))
            return
        text, good = headline(resolution)
        self._headline = text
        self._breakdown = resolution.breakdown()
        self.headline.setText(tinted(text, tone_color(self, "good" if good else "bad")))
        self.headline.show()
        self.breakdown.setText(tinted(self._breakdown, self.palette().windowText().color()))

    def headline_text(self) -> str:
        """The headline without markup ('' before a roll)."""
        return self._headline

    def breakdown_text(self) -> str:
        return self._breakdown
