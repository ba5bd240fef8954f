"""The map's context menu: an exact move, removing terrain, the background picture (its
dialog, and adjusting or calibrating it on the map), fit the fight or show the whole map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from m3desk.ui.map.moves import without_area
from m3desk.ui.map.painter import area_label

if TYPE_CHECKING:
    from m3desk.ui.map.view import MapView


def map_menu(view: MapView, point: QPointF) -> QMenu:
    menu = QMenu(view)
    token = view.token_at(point)
    if token is not None:
        view.document.select(token.combatant_id)
        menu.addAction(f"Move {token.name}…", lambda: view.move_requested.emit(token.combatant_id))
    index = view.area_at(point)
    if index is not None:
        area = view.picture.areas[index]
        menu.addAction(
            f"Remove this terrain ({area_label(area)})", lambda: remove_area(view, index)
        )
    menu.addSeparator()
    menu.addAction("Background Picture…", view.backdrop_requested.emit)
    if view.backdrop_action.isEnabled():
        menu.addAction(view.backdrop_action)
        menu.addAction(view.calibrate_action)
    menu.addAction("Fit the Fight", view.fit)
    menu.addAction("Show the Whole Map", view.fit_all)
    return menu


def remove_area(view: MapView, index: int) -> bool:
    encounter = view.document.encounter
    if not 0 <= index < len(encounter.areas):
        return False
    label = area_label(encounter.areas[index])
    return view.document.apply(
        without_area(encounter, index), f"Remove terrain ({label}) from the map"
    )
