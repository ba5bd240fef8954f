"""The map where the fight is shown: the encounter tab and the board window (the distance
list a tab away), the player view (hidden combatants absent) and the printed encounter
sheet (the names on the map, as text in the PDF). Every game of distance; Monsters & Magic
keeps its board."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.core import encounter as core
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.tabs import MapTabs
from m3desk.ui.printing.export import export_encounter_pdf
from tests.systems.test_places_migration import DISTANCE_GAMES, old_fight
from tests.ui.map.conftest import fight


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_the_encounter_tab_and_the_board_window_open_on_the_map(qtbot: Any, game: str) -> None:
    document = fight(game)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1366, 768)
    widget.show()
    qtbot.waitExposed(widget)
    assert isinstance(widget.board_area, MapTabs)
    assert widget.board_area.currentWidget() is widget.map
    assert widget.map is not None and widget.map.view.isVisible()
    # The distances from the selected combatant, a click away, and back.
    qtbot.mouseClick(widget.board_area.distances_button, Qt.MouseButton.LeftButton)
    assert widget.board_area.currentWidget() is widget.board and widget.board.isVisible()
    qtbot.mouseClick(widget.board_area.map_button, Qt.MouseButton.LeftButton)
    assert widget.board_area.currentWidget() is widget.map
    names = {t.name for t in widget.map.view.picture.tokens}
    assert names == {c.name for c in document.encounter.combatants}
    window = widget.show_board_window()
    qtbot.waitExposed(window)
    assert window.map is not None and window.map.view.isVisible()
    window.close()


def test_monsters_and_magic_keeps_its_board(qtbot: Any) -> None:
    from tests.ui.board.conftest import party_encounter

    widget = EncounterWidget(EncounterDocument(party_encounter()))
    qtbot.addWidget(widget)
    assert widget.map is None and widget.board_area is widget.board


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_the_player_view_shows_the_map_without_hidden_combatants(qtbot: Any, game: str) -> None:
    document = fight(game)
    hidden = document.encounter.combatants[1]
    document.apply(core.update_combatant(document.encounter, hidden.id, hidden=True), "Hide")
    view = PlayerView(document)
    qtbot.addWidget(view)
    view.resize(1366, 768)
    view.show()
    qtbot.waitExposed(view)
    assert view.map is not None and view.map.isVisible()
    assert view.board.header.isVisible()  # which combatant the rings are drawn around
    shown = {t.name for t in view.map.picture.tokens}
    assert shown == {c.name for c in document.encounter.combatants if not c.hidden}
    assert not any(hidden.name in text for text in view.texts())
    # The GM reveals it: it appears on the players' map.
    document.apply(core.update_combatant(document.encounter, hidden.id, hidden=False), "Reveal")
    assert hidden.name in {t.name for t in view.map.picture.tokens}
    view.close()


def _between(text: str, start: str, end: str) -> str:
    return text[text.index(start) + len(start) : text.index(end, text.index(start))]


@pytest.mark.parametrize("game", DISTANCE_GAMES)
def test_the_printed_encounter_sheet_shows_the_map_with_every_name(
    qapp: Any, tmp_path: Path, game: str
) -> None:
    encounter = old_fight(game, count=4)
    out = tmp_path / "fight.pdf"
    export_encounter_pdf(encounter, out)
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "MAP" in text
    on_map = _between(text, "MAP", "LAST LOG LINES")
    for combatant in encounter.combatants:
        assert combatant.name in on_map
    assert f"grid in {encounter.position_model.unit}" in on_map
