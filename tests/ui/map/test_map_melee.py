"""The map at melee range (issue 28): 8 and 12 combatants face to face a step apart, on both
real screens, in the encounter tab, the board window, the player view and on paper. Every
name is drawn, whole on the map, over no token and no other name, and no two tokens sit on
each other (the map fitted the whole scene, a five-foot step 14 px wide: names vanished or
floated between tokens, "Goblin 1 (down)" covered Lirra on the players' screen). Every
installed game that keeps places, from the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.ui.encounter.board_window import BoardWindow
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.painter import Painted
from m3desk.ui.map.view import MapView
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.map_block import MapBlock
from tests.ui.map.melee import MAP_GAMES, SCREENS, melee, melee_document

COUNTS = (8, 12)
WINDOWS = {name: (round(w / scale), round((h - 40) / scale))
           for name, (w, h, scale) in SCREENS.items()}
"""The main window on each screen in logical pixels (less a taskbar): at 150 % the same
fonts on two thirds of the room."""


def _clashes(painted: Painted, width: float, height: float) -> list[str]:
    """What is wrong with the names and tokens the map painted."""
    wrong = []
    labels, markers = painted.labels, painted.markers
    surface = QRectF(0, 0, width, height)
    for n, label in enumerate(labels):
        if not surface.contains(label):
            wrong.append(f"name {label} not whole on the map")
        wrong += [f"name {label} covers name {other}" for other in labels[n + 1:]
                  if label.intersects(other)]
        wrong += [f"name {label} covers token {marker}" for marker in markers
                  if label.intersects(marker)]
    for n, marker in enumerate(markers):
        wrong += [f"token {marker} on token {other}" for other in markers[n + 1:]
                  if marker.intersects(other)]
    return wrong


def _check_view(view: MapView, count: int) -> None:
    view.grab()
    painted = view.painted
    assert len(view.picture.tokens) == count
    assert len(painted.labels) == count, "names left out"
    assert _clashes(painted, view.width(), view.height()) == []


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_in_the_tab(qtbot: Any, game: str, screen: str,
                                                    count: int) -> None:
    document = melee_document(game, count)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(*WINDOWS[screen])
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    _check_view(widget.map.view, count)
    # The GM selects a monster at the far end: the map follows, every name still clear.
    document.select(document.encounter.combatants[-1].id)
    _check_view(widget.map.view, count)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_in_the_board_window_and_the_player_view(
        qtbot: Any, game: str, screen: str, count: int) -> None:
    document = melee_document(game, count)
    board = BoardWindow(document)
    qtbot.addWidget(board)
    board.resize(*WINDOWS[screen])
    board.show()
    qtbot.waitExposed(board)
    assert board.map is not None
    _check_view(board.map.view, count)
    board.close()
    players = PlayerView(document)
    qtbot.addWidget(players)
    players.resize(*WINDOWS[screen])
    players.show()
    qtbot.waitExposed(players)
    assert players.map is not None
    _check_view(players.map, count)
    players.close()


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_on_paper(qapp: Any, tmp_path: Path, game: str,
                                                   count: int) -> None:
    encounter = melee(game, count)
    writer = QPdfWriter(str(tmp_path / "map.pdf"))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    painter = QPainter(writer)
    canvas = Canvas(painter)
    block = MapBlock(encounter)
    width = canvas.width - 40
    block.paint(canvas, 20, 20, width, block.map_height_for(width))
    painter.end()
    painted = block.painted
    assert painted is not None
    frame = block.frame_for(width)
    assert len(painted.labels) == count, "names left out"
    assert _clashes(painted, frame.width, frame.height) == []


LEAST_PRINTED_TOKEN = 12.0
"""Points across (over 4 mm): a printed token's initials read (before: 7 to 9 points)."""


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_printed_tokens_are_large_enough_to_read(qapp: Any, tmp_path: Path, game: str,
                                                 count: int) -> None:
    """The printed map of a whole fight (its set-up places, far apart, so the scene fits a
    quarter page) and of a melee: every token at least :data:`LEAST_PRINTED_TOKEN` across,
    and still no name over a token."""
    from m3desk.assets import sample_files
    from m3desk.ui.encounter.new_document import new_encounter_document

    files = sample_files(game)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"]
    chosen = list(characters)
    while len(chosen) < count:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    for encounter in (new_encounter_document(chosen).encounter, melee(game, count)):
        writer = QPdfWriter(str(tmp_path / "map.pdf"))
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageOrientation(QPageLayout.Orientation.Landscape)
        painter = QPainter(writer)
        canvas = Canvas(painter)
        block = MapBlock(encounter)
        width = canvas.width - 40
        block.paint(canvas, 20, 20, width, block.map_height_for(width))
        painter.end()
        painted = block.painted
        assert painted is not None and len(painted.markers) == count
        small = [round(m.width(), 1) for m in painted.markers if m.width() < LEAST_PRINTED_TOKEN]
        assert small == [], f"tokens {small} points across"
        frame = block.frame_for(width)
        assert _clashes(painted, frame.width, frame.height) == []
