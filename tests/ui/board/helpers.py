"""Driving the board as a user: find a token on screen, drag it, press keys at it."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt

from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.board.token_item import TokenItem
from tests.ui.board.conftest import combatant_id


def token_named(board: RangeBoardWidget, name: str) -> TokenItem:
    item = board.scene.token(combatant_id(board.controller.document, name))
    assert item is not None, name
    return item


def on_screen(board: RangeBoardWidget, scene_point: QPointF) -> QPoint:
    """Viewport pixel of a scene point (what the user aims the mouse at)."""
    return board.view.mapFromScene(scene_point)


def point_in_band(
    board: RangeBoardWidget, band: RangeBand, toward: QPointF, turn: float = 0.0
) -> QPointF:
    """A drop target in ``band``: on rings, the middle of the ring in the direction of
    ``toward`` turned by ``turn`` radians; in lanes, the lane at ``toward``'s x."""
    if board.scene.lanes:
        return board.scene.drop_point(int(band), toward)
    inner, outer = board.scene.ring_layout.radii[int(band)]
    radius = (inner + outer) / 2
    angle = math.atan2(toward.y(), toward.x()) + turn
    return QPointF(radius * math.cos(angle), radius * math.sin(angle))


def drag_token(
    qtbot: Any,
    board: RangeBoardWidget,
    name: str,
    band: RangeBand,
    *,
    release: bool = True,
    turn: float = 0.0,
) -> None:
    """Press on the token's marker, move in steps to ``band``, release there."""
    token = token_named(board, name)
    viewport = board.view.viewport()
    start = on_screen(board, token.pos())
    end = on_screen(board, point_in_band(board, band, token.pos(), turn))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 5):
        qtbot.mouseMove(viewport, start + (end - start) * (step / 4))
    if release:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
