"""What the map says: its keys (for Help → Keyboard Shortcuts and the view's own), a
token's tooltip, and the notice chip of a background picture being read or refused
(:class:`~m3desk.ui.map.view.MapView` asks; this module keeps the words and the chip)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter

from m3desk.core.encounter import Encounter, position_between
from m3desk.ui.map.drops import PLACE_MODIFIER
from m3desk.ui.map.painter import MapStyle
from m3desk.ui.map.picture import MapPicture, MapToken

__all__ = [
    "ADJUST_PICTURE",
    "ARROWS",
    "CALIBRATE_PICTURE",
    "MAP_KEYS",
    "MAX_SCALE",
    "MIN_SCALE",
    "WHEEL_STEP",
    "paint_notice",
    "token_tip",
]

WHEEL_STEP = 1.0015
"""Zoom per eighth of a degree: a wheel notch (120) zooms by about 20 %."""
MIN_SCALE, MAX_SCALE = 0.02, 400.0
ARROWS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}
ADJUST_PICTURE = (
    "Adjust Picture",
    "B",
    "Adjust the background picture on the map: drag "
    "it, drag a corner to scale it, calibrate it by two points (B)",
)
CALIBRATE_PICTURE = (
    "Calibrate Picture…",
    "C",
    "Click two points on the picture and type how "
    "far apart they are: the picture is scaled to match (C)",
)
MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("Move a token by the rules", "Drag"),
    ("Place a token (no movement)", f"{PLACE_MODIFIER}+Drag"),
    ("Move the selected one a grid step", "Arrow keys"),
    ("Raise or lower the selected one", "PgUp or PgDown"),
    ("Select the next or the previous", "Tab or Shift+Tab"),
    ("Zoom in", "Ctrl++"),
    ("Zoom out", "Ctrl+-"),
    ("Fit the fight", "Ctrl+0"),
    ("Cancel a drag", "Esc"),
    (ADJUST_PICTURE[0], ADJUST_PICTURE[1]),
    ("Nudge the picture (Adjust Picture on)", "Arrow keys"),
    (CALIBRATE_PICTURE[0].rstrip("…"), CALIBRATE_PICTURE[1]),
)
"""What the map answers while it has the focus, for Help → Keyboard Shortcuts
(MapView.keyPressEvent and the map's own actions)."""


def token_tip(
    encounter: Encounter, picture: MapPicture, token: MapToken, *, read_only: bool
) -> str:
    """A token's tooltip: its name and side, height, distance from the selected one, its
    conditions, and (for the GM) how to move it."""
    unit = picture.model.unit
    lines = [f"{token.name} — {token.side}"]
    if token.z:
        lines.append(f"{token.z:g} {unit} above the ground")
    selected = picture.selected
    if selected and selected != token.combatant_id and selected in encounter.places:
        other = encounter.combatant(selected).name
        lines.append(
            f"{position_between(encounter, selected, token.combatant_id)} {unit} from {other}"
        )
    if token.hidden:
        lines.append("Hidden from the players")
    if token.down:
        lines.append("Down: out of the fight")
    if token.conditions:
        lines.append("Conditions: " + ", ".join(token.conditions))
    if not read_only:
        lines.append(
            "Drag to move (dropped on a foe: in its reach); Shift+drag places "
            "it without a move; arrow keys move one square"
            + ("; Page Up/Down climb" if picture.model.height else "")
            + "; double-click for an exact move."
        )
    return "\n".join(lines)


def paint_notice(painter: QPainter, width: int, height: int, style: MapStyle, text: str) -> None:
    """``text`` in a chip at the map's lower right (``width`` × ``height``), above the
    scale bar's row."""
    painter.save()
    metrics = painter.fontMetrics()
    room = max(120, width - 40)
    flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
    box = metrics.boundingRect(0, 0, room, 10 * metrics.height(), flags, text)
    above = 2 * metrics.height() + 16  # the scale bar and its label stay in sight
    chip = QRectF(
        width - box.width() - 20, height - box.height() - above, box.width() + 12, box.height() + 8
    )
    painter.setPen(style.colours.text)
    painter.setBrush(style.colours.base)
    painter.drawRoundedRect(chip, 4, 4)
    painter.drawText(chip.adjusted(6, 4, -6, -4), flags, text)
    painter.restore()
