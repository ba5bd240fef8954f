"""Range board speed with 50 combatants: a full redraw and a selection change (< 8 ms).

"Full redraw": the document swaps every range of the centre (Scouting, or undo of it), so
every token gets new facts, the rings are laid out again and one frame is painted. The
baseline is the performance notes' §A3 scene (ellipse + text per token, rendered whole)
for the same 50 tokens, measured in the same run, so the ratio says what the board adds.

The target is checked on the GUI thread's CPU time, not wall time: on a shared machine (CI,
or several engineers' test runs on two cores) wall time measures the neighbours too, while
the GUI thread's CPU time is this frame's own work, the time the event loop is blocked.
(Process CPU time would also count Qt's worker threads, which run alongside.)
pytest-benchmark's table still shows wall time.

Even that CPU time grows with the neighbours: two cores shared by a dozen processes evict
each other's caches: commit 89c483f, whose ring selection change at 200 combatants measured
10-11 ms when it was made, measures 26 ms under a load of 7-10 (issue 30), and one run's
medians of 21 calls spread 1.5x. So a frame budget is checked against the least of several
repeats' medians (:func:`least_cpu`), as ``timeit`` takes the least of its repeats: a repeat
that the machine slowed says nothing of the code, while a slowdown of the code raises every
repeat, the least too. And the budgets are the reference box's (the performance notes'
§A3): each check also measures, in the same run and the same way, the notes' own §A3 scene
(200 ellipse + text tokens built and rendered whole, 9.6 ms there), and a run where that
scene is slower than on the reference box gives the budget as much more
(:func:`least_cpu_and_factor`, :func:`on_reference`; this machine at a load of 7-10
measured 17-19 ms, 1.8-2x). A slowdown of the board's own code still shows in full: the
scene does not use it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from m3desk.assets import sample_files
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.monsters_and_magic.encounter import Encounter, add_combatant, pair_key
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument

FRAME_S = 0.016
TARGET_50_S = FRAME_S / 2
"""Issue 13: a redraw or selection change with 50 combatants under 8 ms (half a frame)."""
COMBATANTS = 50


def _encounter(seed: int) -> Encounter:
    sheets = [load_sheet(path).model for path in sample_files("monsters_and_magic")]
    encounter = Encounter()
    for index in range(COMBATANTS):
        sheet = sheets[index % len(sheets)]
        assert isinstance(sheet, CharacterSheet | MonsterSheet)
        encounter = add_combatant(
            encounter, sheet, "Monsters" if sheet.kind == "monster" else "Party"
        )
    return _shuffled(encounter, seed)


def _shuffled(encounter: Encounter, seed: int) -> Encounter:
    rng = random.Random(seed)
    ids = [c.id for c in encounter.combatants]
    positions = {
        pair_key(a, b): int(RangeBand(rng.randrange(len(RangeBand))))
        for a in ids
        for b in ids
        if a < b
    }
    return encounter.model_copy(update={"positions": positions})


def _board(qtbot: Any) -> tuple[RangeBoardWidget, EncounterDocument]:
    document = EncounterDocument(_encounter(seed=1))
    board = RangeBoard(document)
    qtbot.addWidget(board)
    board.resize(1280, 800)
    board.show()
    qtbot.waitExposed(board)
    return board, document


def _frame(board: RangeBoardWidget) -> None:
    """Paint the whole board once, as the first frame after a change is painted."""
    board.view.viewport().grab()


def _redrawing(board: RangeBoardWidget, document: EncounterDocument) -> Callable[[], None]:
    """Each call undoes (or redoes) everyone's move and paints the frame that follows:
    every token gets new facts and the board is laid out again."""
    stack = document.undo_stack

    def redraw() -> None:
        if stack.canUndo():
            stack.undo()
        else:
            stack.redo()
        _frame(board)

    return redraw


def _selecting(board: RangeBoardWidget, document: EncounterDocument) -> Callable[[], None]:
    """Each call selects another combatant and paints the frame that follows."""
    ids = [c.id for c in document.encounter.combatants]
    turn = iter(range(10_000))

    def select_next() -> None:
        document.select(ids[(next(turn) * 7) % len(ids)])
        _frame(board)

    return select_next


def _median(
    fn: Callable[[], object], runs: int = 15, clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


REPEATS = 5
"""How many repeats :func:`least_cpu` takes the least of."""


def least_cpu(fn: Callable[[], object], repeats: int = REPEATS, runs: int = 11) -> float:
    """The least of ``repeats`` medians of ``runs`` calls each, on the GUI thread's CPU."""
    return min(_median(fn, runs=runs, clock=time.thread_time) for _ in range(repeats))


A3_REFERENCE_S = 0.0096
"""§A3 of the performance notes: 200 tokens built (2.0 ms) and rendered whole into a
1920×1080 image (7.6 ms), medians on the reference box the frame budgets were set on."""


def _a3_scene() -> None:
    """§A3's measured scene (its ``gv_bench.py``): 200 movable ellipse + text tokens, built
    and rendered whole into a 1920×1080 image."""
    scene = QGraphicsScene(0, 0, 4000, 4000)
    columns = int(200**0.5) + 1
    flags = QGraphicsItem.GraphicsItemFlag
    for i in range(200):
        token = QGraphicsEllipseItem(0, 0, 40, 40)
        token.setBrush(QBrush(QColor.fromHsv((i * 37) % 360, 160, 220)))
        token.setFlags(flags.ItemIsMovable | flags.ItemIsSelectable)
        token.setPos((i % columns) * 60, (i // columns) * 60)
        QGraphicsSimpleTextItem(f"T{i}", token).setPos(8, 12)
        scene.addItem(token)
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, 1920, 1080), scene.itemsBoundingRect())
    painter.end()


def least_cpu_and_factor(fn: Callable[[], object]) -> tuple[float, float]:
    """:func:`least_cpu` of ``fn``, and how many times slower than the reference box this
    run paints §A3's scene (never below 1: a faster machine keeps the budget), the two
    measured in turns, so that both see the same moments of the machine's load."""
    cpus, scenes = [], []
    for _ in range(REPEATS):
        cpus.append(_median(fn, runs=11, clock=time.thread_time))
        scenes.append(_median(_a3_scene, runs=5, clock=time.thread_time))
    return min(cpus), max(1.0, min(scenes) / A3_REFERENCE_S)


def on_reference(cpu: float, factor: float) -> float:
    """A GUI-thread CPU time measured in a run ``factor`` times slower than the reference
    box, as it would be there: what a frame budget is checked against."""
    return cpu / factor


def _reference_scene() -> None:
    """§A3: 50 ellipse + text tokens, built and rendered whole into a 1280×800 image."""
    scene = QGraphicsScene(0, 0, 1280, 800)
    for i in range(COMBATANTS):
        token = QGraphicsEllipseItem(0, 0, 30, 30)
        token.setBrush(QBrush(QColor.fromHsv((i * 37) % 360, 160, 220)))
        token.setPos((i % 10) * 120, (i // 10) * 90)
        QGraphicsSimpleTextItem(f"First One Mummy {i}", token).setPos(-30, 34)
        scene.addItem(token)
    image = QImage(1280, 800, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, 1280, 800), scene.itemsBoundingRect())
    painter.end()


def _report(
    benchmark: Any,
    label: str,
    fn: Callable[[], object],
    baseline: float | None = None,
    target: float = FRAME_S,
) -> float:
    """Print and record the wall median (pytest-benchmark's) and the GUI thread's CPU
    time (:func:`least_cpu`, the least of several repeats' medians); return the latter as
    on the reference box (:func:`on_reference`), which the target is checked against."""
    median = benchmark.stats.stats.median
    cpu, factor = least_cpu_and_factor(fn)
    benchmark.extra_info.update(
        median_ms=round(median * 1000, 2),
        cpu_median_ms=round(cpu * 1000, 2),
        machine_factor=round(factor, 2),
    )
    line = (
        f"\n{label}: GUI-thread CPU {cpu * 1000:.1f} ms (least of {REPEATS} medians;"
        f" §A3 scene {factor:.2f}x the reference box's: {cpu / factor * 1000:.1f} ms there;"
        f" target < {target * 1000:.0f} ms), wall median {median * 1000:.1f} ms"
    )
    if baseline is not None:
        benchmark.extra_info.update(
            a3_scene_ms=round(baseline * 1000, 2), ratio=round(median / baseline, 2)
        )
        line += f"; §A3 scene {baseline * 1000:.1f} ms wall; ratio {median / baseline:.1f}x"
    print(line)
    return on_reference(cpu, factor)


def test_full_redraw_with_50_combatants(qtbot: Any, benchmark: Any) -> None:
    board, document = _board(qtbot)
    document.apply(_shuffled(document.encounter, seed=2), "Everyone moves")
    baseline = _median(_reference_scene)
    redraw = _redrawing(board, document)
    redraws = board.controller.redraws
    benchmark.pedantic(redraw, rounds=30, warmup_rounds=2)
    assert board.controller.redraws > redraws
    assert len(board.scene.tokens()) == COMBATANTS - 1
    assert (
        _report(benchmark, "full redraw, 50 combatants", redraw, baseline, TARGET_50_S)
        < TARGET_50_S
    )


def test_selection_change_with_50_combatants(qtbot: Any, benchmark: Any) -> None:
    board, document = _board(qtbot)
    ids = [c.id for c in document.encounter.combatants]
    select_next = _selecting(board, document)
    benchmark.pedantic(select_next, rounds=30, warmup_rounds=2)
    assert board.scene.centre_id in ids
    assert (
        _report(benchmark, "selection change, 50 combatants", select_next, target=TARGET_50_S)
        < TARGET_50_S
    )


def test_one_drag_step_repaints_little(qtbot: Any, benchmark: Any) -> None:
    """A mouse move during a drag: one token moves, the cached rings are not redrawn."""
    board, document = _board(qtbot)
    token = board.scene.tokens()[0]
    viewport = board.view.viewport()
    start = board.view.mapFromScene(token.pos())
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    offsets = iter(range(10_000))

    def step() -> None:
        dx = 20 + next(offsets) % 2  # a small move, as a pointer makes
        QTest.mouseMove(viewport, start + QPoint(dx, 0))
        QApplication.processEvents()  # the queued partial repaint

    benchmark.pedantic(step, rounds=40, warmup_rounds=2)
    cpu = _report(benchmark, "one drag step, 50 combatants", step)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert document.undo_stack.count() == 0  # the drag ended where it began
    assert cpu < FRAME_S / 4
