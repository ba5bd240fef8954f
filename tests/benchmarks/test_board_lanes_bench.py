"""The board as lanes (the encounter tab's default): a selection change and a full redraw,
each with one painted frame, for every game, at 50 and 200 combatants.

Targets (issue 13): under 8 ms at 50 combatants, under 16 ms at 200, on the GUI thread's
CPU time (see test_board_bench for why CPU time). The pane is the encounter tab's board at
1366 × 768 (410 × 260), where lanes scroll rather than shrink the names.
"""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.board import RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.benchmarks.test_board_bench import _redrawing, _report, _selecting
from tests.benchmarks.test_board_games_bench import _board, _spread

GAMES = [
    system.id
    for system in registry.systems()
    if system.encounter is not None and sample_files(system.id)
]
TARGETS_S = {50: 0.008, 200: 0.016}
PANE = (410, 260)


def _lanes_board(qtbot: Any, game: str, count: int) -> tuple[RangeBoardWidget, EncounterDocument]:
    return _board(qtbot, game, count, lanes=True, size=PANE)


@pytest.mark.parametrize("count", sorted(TARGETS_S))
@pytest.mark.parametrize("game", GAMES)
def test_lanes_selection_change(qtbot: Any, benchmark: Any, game: str, count: int) -> None:
    board, document = _lanes_board(qtbot, game, count)
    ids = [c.id for c in document.encounter.combatants]
    select_next = _selecting(board, document)
    benchmark.pedantic(select_next, rounds=20, warmup_rounds=2)
    assert board.lanes and board.scene.centre_id in ids
    assert len(board.scene.tokens()) == count - 1
    cpu = _report(
        benchmark,
        f"lanes, {game}, selection change, {count} combatants",
        select_next,
        target=TARGETS_S[count],
    )
    assert cpu < TARGETS_S[count]


@pytest.mark.parametrize("count", sorted(TARGETS_S))
@pytest.mark.parametrize("game", GAMES)
def test_lanes_full_redraw(qtbot: Any, benchmark: Any, game: str, count: int) -> None:
    board, document = _lanes_board(qtbot, game, count)
    document.apply(_spread(document.encounter, seed=2), "Everyone moves")
    redraw = _redrawing(board, document)
    redraws = board.controller.redraws
    benchmark.pedantic(redraw, rounds=20, warmup_rounds=2)
    assert board.controller.redraws > redraws
    cpu = _report(
        benchmark,
        f"lanes, {game}, full redraw, {count} combatants",
        redraw,
        target=TARGETS_S[count],
    )
    assert cpu < TARGETS_S[count]
