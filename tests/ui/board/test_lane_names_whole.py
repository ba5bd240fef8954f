"""Lane chips read whole names (issue 28): Monsters & Magic's range lanes cut long names
("Gramfive the Gr…", "First One Mum…") because every chip had the one width a short name
needs. Chips now widen to the longest name as far as the lane allows. Every installed game
with a range board, fights of 8 and 12, the encounter tab on both real screens beside the
bestiary dock; the text read is the text each chip lays out to draw."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget

DOCK = 240
SCREENS = {"1366x768@100": (1366 - DOCK, 728), "1600x1000@150": (1067 - DOCK, 627)}
"""The encounter tab on each real screen in logical pixels, beside the bestiary dock."""

BOARD_GAMES = [
    s.id for s in registry.systems() if s.encounter is not None and s.positions.kind != "distance"
]
"""Every installed game whose tab shows the range board (rings or lanes)."""


@pytest.mark.parametrize("count", (8, 12))
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_chip_in_the_lanes_reads_its_whole_name(
    qtbot: Any, game: str, screen: str, count: int
) -> None:
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"] or characters
    chosen = list(characters)
    while len(chosen) < count:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    widget = EncounterWidget(new_encounter_document(chosen))
    qtbot.addWidget(widget)
    widget.resize(*SCREENS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    board = widget.board
    board.lanes_button.click()  # as the GM does: the Lanes button
    qtbot.wait(50)
    assert board.lanes
    tokens = list(board.scene.tokens())
    assert len(tokens) >= count - 1  # the centre may be named by the header alone
    cut = [
        (t.facts.name, t.name_lines)
        for t in tokens
        if " ".join(t.name_lines) != t.facts.name or any("…" in n for n in t.name_lines)
    ]
    assert cut == []
