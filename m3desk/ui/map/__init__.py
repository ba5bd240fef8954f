"""The map, for the games whose positions are distances on a plane.

:class:`MapPanel` (tools, the map, a status line) is what the encounter tab and the board
window embed; :class:`MapView` is the painted map; :func:`paint_map` is the one painting
routine the map, the player view and the printed encounter sheet share; :func:`picture_of`
is what they paint, computed from the encounter.
"""

from typing import TYPE_CHECKING

from m3desk.ui.lazy import exports

if TYPE_CHECKING:
    from m3desk.ui.map.painter import MapFrame, MapStyle, paint_map
    from m3desk.ui.map.panel import MapPanel
    from m3desk.ui.map.picture import MapPicture, picture_of
    from m3desk.ui.map.view import MapView

_HOME = {
    "MapFrame": "painter",
    "MapStyle": "painter",
    "paint_map": "painter",
    "MapPanel": "panel",
    "MapPicture": "picture",
    "picture_of": "picture",
    "MapView": "view",
}
"""Where each name lives: imported at its first use (printing a map needs the painter,
not the widgets beside it; an export starts faster)."""


__getattr__ = exports(__name__, _HOME)

__all__ = [
    "MapFrame",
    "MapPanel",
    "MapPicture",
    "MapStyle",
    "MapView",
    "paint_map",
    "picture_of",
    "uses_map",
]


def uses_map(encounter: object) -> bool:
    """Whether this encounter's game measures distance (so it has a map)."""
    model = getattr(encounter, "position_model", None)
    return model is not None and model.kind == "distance"
