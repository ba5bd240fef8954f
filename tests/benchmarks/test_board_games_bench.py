"""The board with 50 (< 8 ms) and 200 (< 16 ms) combatants of every game measured in feet or metres.

The same two measures as Monsters & Magic's board (test_board_bench): a full redraw (every
distance from the centre changes: undo and redo of everyone moving) and a selection change,
each followed by one painted frame, on the GUI thread's CPU time. The games' rings come from
their own rules (melee, moves, missile bands), so this also times their ``rings`` and
``reach`` with 50 combatants.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.places import Place
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.board import RangeBoard, RangeBoardWidget
from m3desk.ui.documents.encounter_document import EncounterDocument
from tests.benchmarks.test_board_bench import (
    COMBATANTS,
    FRAME_S,
    TARGET_50_S,
    _redrawing,
    _report,
    _selecting,
)

GAMES = [
    system.id
    for system in registry.systems()
    if system.positions.kind == "distance"
    and system.encounter is not None
    and sample_files(system.id)
]


def _spread(encounter: core.Encounter, seed: int) -> core.Encounter:
    """Everyone somewhere: a random band; or, in a game of distances, a random square of a
    field a quarter of the maximum range across (such a game measures between places: the
    distances of pairs were the format before places, and moved no token)."""
    rng = random.Random(seed)
    model = encounter.position_model
    ids = [c.id for c in encounter.combatants]
    if model.kind == "distance":
        across = max(model.maximum // 4 // model.step, 2)
        places = {
            i: Place.at(model.step * rng.randrange(across), model.step * rng.randrange(across))
            for i in ids
        }
        return encounter.model_copy(update={"places": places})
    if model.kind == "bands":
        values = list(range(len(model.bands)))
    else:
        values = list(range(0, model.maximum // 2, model.step))
    positions = {core.pair_key(a, b): rng.choice(values) for a in ids for b in ids if a < b}
    return encounter.model_copy(update={"positions": positions})


def _board(
    qtbot: Any,
    game: str,
    count: int = COMBATANTS,
    *,
    lanes: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> tuple[RangeBoardWidget, EncounterDocument]:
    """A board of ``count`` combatants of ``game``'s samples, shown at ``size``."""
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sample_files(game)]
    encounter = rules.encounter_type(name="Fifty")
    for index in range(count):
        sheet = sheets[index % len(sheets)]
        side = "Party" if getattr(sheet, "kind", "") == "character" else "Monsters"
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    document = EncounterDocument(_spread(encounter, seed=1))
    board = RangeBoard(document, lanes=lanes)
    qtbot.addWidget(board)
    board.resize(*size)
    board.show()
    qtbot.waitExposed(board)
    return board, document


def captions(board: RangeBoardWidget) -> dict[str, str]:
    """What each token says under its name (the distance and what reaches it)."""
    return {token.combatant_id: token.caption for token in board.scene.tokens()}


@pytest.mark.parametrize("game", GAMES)
def test_full_redraw_with_50_combatants_of_each_game(qtbot: Any, benchmark: Any, game: str) -> None:
    board, document = _board(qtbot, game)
    document.apply(_spread(document.encounter, seed=2), "Everyone moves")
    redraw = _redrawing(board, document)
    before = captions(board)
    redraw()
    assert captions(board) != before  # the tokens show other distances
    benchmark.pedantic(redraw, rounds=20, warmup_rounds=2)
    assert len(board.scene.tokens()) == COMBATANTS - 1
    assert (
        _report(benchmark, f"{game}: full redraw, 50 combatants", redraw, target=TARGET_50_S)
        < TARGET_50_S
    )


@pytest.mark.parametrize("game", GAMES)
def test_selection_change_with_50_combatants_of_each_game(
    qtbot: Any, benchmark: Any, game: str
) -> None:
    board, document = _board(qtbot, game)
    ids = [c.id for c in document.encounter.combatants]
    select_next = _selecting(board, document)
    benchmark.pedantic(select_next, rounds=20, warmup_rounds=2)
    assert board.scene.centre_id in ids
    assert (
        _report(
            benchmark, f"{game}: selection change, 50 combatants", select_next, target=TARGET_50_S
        )
        < TARGET_50_S
    )


@pytest.mark.parametrize("game", GAMES)
def test_selection_change_with_200_combatants_of_each_game(
    qtbot: Any, benchmark: Any, game: str
) -> None:
    board, document = _board(qtbot, game, count=200)
    assert len(document.encounter.combatants) == 200
    select_next = _selecting(board, document)
    benchmark.pedantic(select_next, rounds=10, warmup_rounds=1)
    assert _report(benchmark, f"{game}: selection change, 200 combatants", select_next) < FRAME_S
