"""What the dice did: a verdict in bold, coloured good or bad for the actor, over the
arithmetic that reached it; a muted sentence while the dice are not in.

The words are the game's (Monsters & Magic's "Natural 18 — automatic success: 11 effect
points" over its breakdown ``15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP``); the view only
shows them, as text, never as markup from the sheets.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from m3desk.ui.action.tone import tone_color
from m3desk.ui.plain_text import app_markup, tinted

__all__ = ["ResultView"]

WAITING = "Roll or type the dice to see the result."


class ResultView(QGroupBox):
    """A verdict and its breakdown, or what the dice still wait for."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
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
        self.show_waiting()

    def show_waiting(self, message: str = "") -> None:
        """No result yet: ``message`` says why (muted)."""
        self._headline = ""
        self._breakdown = ""
        self.headline.setText("")
        self.headline.hide()
        self.breakdown.setText(tinted(message or WAITING, tone_color(self, "muted")))

    def show_verdict(self, headline: str, good: bool, breakdown: str) -> None:
        """The verdict (good or bad news for the actor) over its arithmetic."""
        self._headline = headline
        self._breakdown = breakdown
        self.headline.setText(tinted(headline, tone_color(self, "good" if good else "bad")))
        self.headline.show()
        self.breakdown.setText(tinted(breakdown, self.palette().windowText().color()))

    def headline_text(self) -> str:
        """The headline without markup ('' before a roll)."""
        return self._headline

    def breakdown_text(self) -> str:
        return self._breakdown
