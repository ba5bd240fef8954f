"""The map's names when tokens pile up, against the same 200 spread over the field, in the
same run: every game that measures distance, 200 combatants on one spot (a file of today
can say so) and 200 crowded within a square or two (an old file's distances that no plane
holds come back so), each one painted frame on the GUI thread's CPU time.

Placing each name looked at every marker and name in the cells round its token, and piled
tokens all sit in the same few cells: 200 on one spot made about 700,000 rectangle tests a
paint (1.26 s, three paints on opening). A full cell now costs one look, and a token in
one tries only the spots beside it (no line leads out of a crowd), so a pile costs about
what a spread fight costs.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from m3desk.core import encounter as core
from m3desk.core.places import Place
from m3desk.ui.map import labels
from tests.benchmarks.test_board_bench import _median
from tests.benchmarks.test_map_bench import GAMES, _map

COUNT = 200
RATIO = 6.0
"""A pile's frame may cost at most this many times the spread fight's (about 1-3× now,
11-160× before)."""


def _piled(encounter: core.Encounter, within: int, seed: int = 3) -> core.Encounter:
    """Everyone within ``within`` squares of one spot (0: on it), off the grid."""
    rng = random.Random(seed)
    step = encounter.position_model.step
    places = {
        c.id: Place.at(step * within * rng.random(), step * within * rng.random())
        for c in encounter.combatants
    }
    return encounter.model_copy(update={"places": places})


@pytest.mark.parametrize("within", [0, 2])
@pytest.mark.parametrize("game", GAMES)
def test_a_pile_of_tokens_costs_what_a_spread_fight_costs(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str, within: int
) -> None:
    # Every frame lays the names out: the layout memo would make each repaint of the same
    # map a lookup, and this measures the layout itself (a changed selection or place pays it).
    monkeypatch.setattr(labels._MEMO, "SIZE", 0)
    panel, document = _map(qtbot, game, COUNT)

    def frame() -> None:
        panel.view.grab()

    frame()
    spread = _median(frame, runs=5, clock=time.thread_time)
    document.apply(_piled(document.encounter, within), "Everyone piles up")
    frame()
    assert len(panel.view.picture.tokens) == COUNT
    piled = _median(frame, runs=5, clock=time.thread_time)
    print(
        f"\n{game}: {COUNT} within {within} squares: {piled * 1000:.0f} ms a frame; "
        f"spread {spread * 1000:.0f} ms; ratio {piled / spread:.1f}×"
    )
    assert piled < RATIO * spread
