"""The map of every game that measures distance at 50 (< 8 ms) and 200 (< 16 ms) combatants:
a full redraw (everyone moved: undo/redo), a selection change (new rings), and one step of
a drag with its ruler (the game's ``check_move`` asked, one frame: < 16.7 ms for 60 frames
a second). Each followed by one painted frame, measured on the GUI thread's CPU time like
the board's benchmarks; the §A3 reference scene (50 ellipse + text tokens) is measured in
the same run and the redraw reported as a ratio to it."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel
from tests.benchmarks.test_board_bench import (
    FRAME_S,
    TARGET_50_S,
    _median,
    _reference_scene,
    _report,
)
from tests.benchmarks.test_board_bench import _redrawing as board_redrawing
from tests.benchmarks.test_board_bench import _selecting as board_selecting

GAMES = [system.id for system in registry.systems()
         if system.positions.kind == "distance" and system.encounter is not None
         and sample_files(system.id)]
DRAG_FRAME_S = 1 / 60


def _scattered(encounter: core.Encounter, seed: int) -> core.Encounter:
    """Everyone somewhere on a field 40 squares across, on the grid."""
    rng = random.Random(seed)
    step = encounter.position_model.step
    places = {c.id: Place.at(step * rng.randrange(40), step * rng.randrange(40))
              for c in encounter.combatants}
    return encounter.model_copy(update={"places": places})


def _map(qtbot: Any, game: str, count: int) -> tuple[MapPanel, EncounterDocument]:
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sample_files(game)]
    encounter = rules.encounter_type(name="Crowd")
    for index in range(count):
        sheet = sheets[index % len(sheets)]
        side = "Party" if getattr(sheet, "kind", "") == "character" else "Monsters"
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    document = EncounterDocument(_scattered(encounter, seed=1))
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    qtbot.waitExposed(panel)
    return panel, document


def _as_board(panel: MapPanel) -> Any:
    """The map seen as the board benchmarks' helpers see a board: their frame is a grab
    of ``board.view.viewport()``, here the map widget itself."""
    return SimpleNamespace(view=SimpleNamespace(viewport=lambda: panel.view))


def _redrawing(panel: MapPanel, document: EncounterDocument) -> Callable[[], None]:
    return board_redrawing(_as_board(panel), document)


def _selecting(panel: MapPanel, document: EncounterDocument) -> Callable[[], None]:
    return board_selecting(_as_board(panel), document)


@pytest.mark.parametrize("count, target", [(50, TARGET_50_S), (200, FRAME_S)])
@pytest.mark.parametrize("game", GAMES)
def test_map_full_redraw(qtbot: Any, benchmark: Any, game: str, count: int,
                         target: float) -> None:
    panel, document = _map(qtbot, game, count)
    document.apply(_scattered(document.encounter, seed=2), "Everyone moves")
    baseline = _median(_reference_scene)
    redraw = _redrawing(panel, document)
    redraws = panel.view.redraws
    benchmark.pedantic(redraw, rounds=20, warmup_rounds=2)
    assert panel.view.redraws > redraws
    assert len(panel.view.picture.tokens) == count
    assert _report(benchmark, f"{game}: map full redraw, {count} combatants", redraw,
                   baseline, target) < target


@pytest.mark.parametrize("count, target", [(50, TARGET_50_S), (200, FRAME_S)])
@pytest.mark.parametrize("game", GAMES)
def test_map_selection_change(qtbot: Any, benchmark: Any, game: str, count: int,
                              target: float) -> None:
    panel, document = _map(qtbot, game, count)
    select_next = _selecting(panel, document)
    benchmark.pedantic(select_next, rounds=20, warmup_rounds=2)
    assert panel.view.picture.selected == document.selected
    assert _report(benchmark, f"{game}: map selection change, {count} combatants",
                   select_next, target=target) < target


@pytest.mark.parametrize("count", [50, 200])
@pytest.mark.parametrize("game", GAMES)
def test_map_drag_step_with_the_ruler(qtbot: Any, benchmark: Any, game: str,
                                      count: int) -> None:
    panel, document = _map(qtbot, game, count)
    view = panel.view
    mover = document.encounter.combatants[0].id
    start = view.screen_of(mover).toPoint()
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    square = max(int(view.frame.scale * document.encounter.position_model.step), 1)
    QTest.mouseMove(view, start + QPoint(3 * square, 0))  # the drag begins
    offsets = iter(range(100_000))

    def step() -> None:
        # A new square at every step: the rules are asked and the ruler redrawn each time.
        QTest.mouseMove(view, start + QPoint((2 + next(offsets) % 5) * square, square))
        view.grab()

    benchmark.pedantic(step, rounds=40, warmup_rounds=2)
    assert view.ruler is not None
    cpu = _report(benchmark, f"{game}: one drag step with the ruler, {count} combatants",
                  step, target=DRAG_FRAME_S)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert document.undo_stack.count() == 0
    assert cpu < DRAG_FRAME_S
