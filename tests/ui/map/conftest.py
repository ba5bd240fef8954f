"""Driving the map as a user: find a token on screen, drag it, press keys at it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from m3desk.core import encounter as core
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel
from tests.systems.test_places_migration import DISTANCE_GAMES, old_fight

__all__ = ["DISTANCE_GAMES", "distance", "drag", "fight", "id_of", "map_panel", "to_screen"]


def id_of(document: EncounterDocument, name: str) -> str:
    return next(c.id for c in document.encounter.combatants if c.name == name)


def to_screen(panel: MapPanel, x: float, y: float) -> QPoint:
    return panel.view.frame.to_screen(x, y).toPoint()


def press_at(qtbot: Any, panel: MapPanel, point: QPoint) -> None:
    qtbot.mousePress(panel.view, Qt.MouseButton.LeftButton, pos=point)


def drag(
    qtbot: Any,
    panel: MapPanel,
    name: str,
    dx: float,
    dy: float,
    *,
    release: bool = True,
    steps: int = 4,
) -> QPoint:
    """Press on ``name``'s token, move it by (dx, dy) of the game's unit in a few steps,
    release (or not); returns where the pointer ended."""
    view = panel.view
    combatant_id = id_of(panel.document, name)
    start = view.screen_of(combatant_id)
    end = start + QPointF(dx * view.frame.scale, dy * view.frame.scale)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start.toPoint())
    for step in range(1, steps + 1):
        qtbot.mouseMove(view, (start + (end - start) * (step / steps)).toPoint())
    if release:
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end.toPoint())
    return end.toPoint()


def fight(game: str, count: int = 4) -> EncounterDocument:
    encounter = old_fight(game, count=count)
    document = EncounterDocument(encounter)
    document.select(encounter.combatants[0].id)
    return document


def shown_panel(qtbot: Any, game: str, count: int = 4) -> MapPanel:
    """A map panel of ``game``'s fight of ``count``, 900 x 700, shown and exposed."""
    panel = MapPanel(fight(game, count=count))
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


@pytest.fixture(params=DISTANCE_GAMES)
def map_panel(request: pytest.FixtureRequest, qtbot: Any) -> Iterator[MapPanel]:
    yield shown_panel(qtbot, request.param)


def distance(document: EncounterDocument, a: str, b: str) -> int:
    return core.position_between(document.encounter, id_of(document, a), id_of(document, b))


@pytest.fixture(autouse=True)
def over_allowance_moves_anyway(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A drop past the allowance asks; these tests answer "Move Anyway" (the GM's call)
    unless they answer it themselves. Returns what was asked."""
    from m3desk.ui.map import over_allowance

    asked: list[str] = []

    def answer(
        _parent: object, name: str, said: str, _stop: str | None
    ) -> over_allowance.OverChoice:
        asked.append(f"{name} {said}")
        return over_allowance.OverChoice.ANYWAY

    monkeypatch.setattr(over_allowance, "ask_over_allowance", answer)
    return asked
