"""Step 6: what the dice did, in the book's own words.

The breakdown line is the rules core's (``15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP; larger
target −2 → 12 EP``); above it a headline calls out what the table must not miss: a
natural 18 or 3, and how badly a failure failed (a consequence invites a GM reaction).
The view is the generic :class:`~m3desk.ui.action.result_view.ResultView`; the words are
this game's (:func:`headline`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.action import Resolution
from m3desk.ui.action.result_view import ResultView

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


class RollResultView(ResultView):
    """Headline and breakdown of the resolved check, in the generic result view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("6 · Result", parent)

    def show_resolution(self, resolution: Resolution | None, waiting: str = "") -> None:
        if resolution is None:
            self.show_waiting(waiting)
            return
        text, good = headline(resolution)
        self.show_verdict(text, good, resolution.breakdown())
