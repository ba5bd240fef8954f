"""How hurt a combatant looks: one definition for the tracker's bars and the player view.

The player view words (unhurt, wounded, badly wounded, down) and the tracker's bar colours
come from the same thresholds here: more than half left is "wounded", half or less "badly
wounded", none "down". The colour is never the only cue: the words are in the player view
and in the tracker cell's tooltip, and a bar at zero is hatched.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from m3desk.core.players import HEALTH_WORDS, perceived, pool_text

__all__ = ["HEALTH_WORDS", "health_fill", "perceived", "pool_text"]


# Fills that stand apart from the track (Base) in each theme; the bar's text picks black or
# white on them by contrast (readable_on).
_LIGHT = {"unhurt": "#4c9f5f", "wounded": "#4c9f5f", "badly wounded": "#e0a030", "down": "#d24b43"}
_DARK = {"unhurt": "#3f8a52", "wounded": "#3f8a52", "badly wounded": "#b8801e", "down": "#c0443c"}


def health_fill(palette: QPalette, group: QPalette.ColorGroup, word: str) -> QColor:
    """The bar colour for ``word`` (one of :data:`HEALTH_WORDS`) on ``palette``'s theme."""
    dark = palette.color(group, QPalette.ColorRole.Base).lightness() < 128
    colour = QColor((_DARK if dark else _LIGHT)[word])
    if group == QPalette.ColorGroup.Disabled:
        colour.setAlpha(150)
    return colour
