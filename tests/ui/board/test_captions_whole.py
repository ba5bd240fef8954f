"""Every token's caption on the range board reads whole (round 31): an OSE fight of 10 at
1366×768 drew "96 ft · out of re…" under every token out of reach. Every installed game, Rings
and Lanes, fights of 10 in the encounter tab on both real screens beside the bestiary dock
(the Distances page for a game of the map); the text read is the text each token draws, and
its width is measured against the token's own box. Ranges from a party member (most in
reach of something) and from a monster (most out of reach)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFontMetricsF

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.tabs import MapTabs

SCREENS = {"1366x768@100": (1126, 654), "1600x1000@150": (887, 553)}
"""The encounter tab on each real screen in logical pixels, as the main window gives it
(less a taskbar, the menu bar, the tab bar and the library dock)."""

GAMES = [s.id for s in registry.systems() if s.encounter is not None]


def _fight_of_ten(game: str) -> list[Any]:
    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"] or characters
    chosen = list(characters)
    while len(chosen) < 10:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    return chosen


@pytest.mark.parametrize("centre", ("party", "monster"))
@pytest.mark.parametrize("lanes", (False, True), ids=("rings", "lanes"))
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", GAMES)
def test_every_caption_on_the_board_reads_whole(
    qtbot: Any, game: str, screen: str, lanes: bool, centre: str
) -> None:
    document = new_encounter_document(_fight_of_ten(game))
    if centre == "monster":  # most are out of its reach: "96 ft · out of re…" before
        document.select(document.encounter.combatants[-1].id)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*SCREENS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    board = widget.board
    if isinstance(widget.board_area, MapTabs):
        widget.board_area.distances_button.click()  # as the GM does: the Distances button
    (board.lanes_button if lanes else board.rings_button).click()
    qtbot.wait(50)
    assert board.lanes == lanes and board.isVisible()
    tokens = [t for t in board.scene.tokens() if not t.facts.is_centre]
    assert len(tokens) >= 9
    cut = []
    for token in tokens:
        metrics = QFontMetricsF(token.caption_font)
        box = token.footprint_rect().width()
        for line in token.caption_lines:
            if "…" in line or metrics.horizontalAdvance(line) > box:
                cut.append((token.facts.name, line))
        if not token.caption_lines:
            cut.append((token.facts.name, "(no caption)"))
    assert cut == []
