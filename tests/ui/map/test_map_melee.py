"""The map at melee range (issue 28): 8 and 12 combatants face to face a step apart, on both
real screens, in the encounter tab, the board window, the player view and on paper. Every
name is drawn, whole on the map, over no token and no other name, and no two tokens sit on
each other (the map fitted the whole scene, a five-foot step 14 px wide: names vanished or
floated between tokens, "Goblin 1 (down)" covered Lirra on the players' screen). Every
installed game that keeps places, from the registry."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from m3desk.ui.encounter.board_window import BoardWindow
from m3desk.ui.encounter.player_view import PlayerView
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.map.fit import LEAST_STEP_LINES, action_bounds
from m3desk.ui.map.labels import crosses, token_label
from m3desk.ui.map.legend import scale_bar_box
from m3desk.ui.map.painter import Painted
from m3desk.ui.map.style import LEAST_RADIUS
from m3desk.ui.map.view import MapView
from m3desk.ui.printing.canvas import Canvas
from m3desk.ui.printing.map_block import MapBlock
from tests.ui.map.melee import MAP_GAMES, SCREENS, melee, melee_document, opening_document

COUNTS = (8, 12)
WINDOWS = {
    name: (round(w / scale), round((h - 40) / scale)) for name, (w, h, scale) in SCREENS.items()
}
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
        wrong += [
            f"name {label} covers name {other}"
            for other in labels[n + 1 :]
            if label.intersects(other)
        ]
        wrong += [
            f"name {label} covers token {marker}" for marker in markers if label.intersects(marker)
        ]
    for n, marker in enumerate(markers):
        wrong += [
            f"token {marker} on token {other}"
            for other in markers[n + 1 :]
            if marker.intersects(other)
        ]
    return wrong


NAME_REACH = 2.6
"""Lines of text a name may stand from its token's edge (one more on paper, which has no
tooltip to fall back on, and smaller letters) (at 150 % "Hobgoblin boss 2" stood
three tokens away from its own: no overlap, but no one could tell whose name it was)."""


def _gap(box: QRectF, point: QPointF) -> float:
    dx = max(box.left() - point.x(), 0.0, point.x() - box.right())
    dy = max(box.top() - point.y(), 0.0, point.y() - box.bottom())
    return math.hypot(dx, dy)


def _strays(painted: Painted, reach: float = NAME_REACH) -> list[str]:
    """The names that do not stand beside their own token: their box farther than a small
    distance from it, or their middle nearer to another token than to it."""
    wrong = []
    markers = painted.centres
    radius = painted.markers[0].width() / 2 if painted.markers else 0.0
    for who, box in painted.named.items():
        own = _gap(box, markers[who])
        if own > radius + reach * painted.line:
            wrong.append(f"{who}'s name {own:.0f} px from its token")
        middle = box.center()
        mine = math.dist(middle.toTuple(), markers[who].toTuple())
        wrong += [
            f"{who}'s name nearer {other}'s token"
            for other, centre in markers.items()
            if other != who and math.dist(middle.toTuple(), centre.toTuple()) <= mine
        ]
    return wrong


def _unnamed(view: MapView) -> list[str]:
    """The tokens on the map whose name is not drawn whole beside them (left out, or
    shortened to "Hobg. boss 2", or initials only); a token standing off the map but for a
    part of its marker may have none."""
    painted, picture = view.painted, view.picture
    unit = picture.model.unit
    wrong = []
    width, height = view.width(), view.height()
    for who, centre in painted.centres.items():
        if not (0 <= centre.x() <= width and 0 <= centre.y() <= height):
            continue  # a part of a marker at the edge: its name is a pan away
        token = picture.token(who)
        assert token is not None
        said = painted.texts.get(who)
        if said != token_label(token, unit):
            wrong.append(f"{token.name}: {said!r}")
    return wrong


def _check_view(view: MapView, count: int) -> None:
    """Every token on the map (the selected one always) with its name whole, clear and
    beside it."""
    view.grab()
    painted = view.painted
    assert len(view.picture.tokens) == count
    assert view.picture.selected in painted.centres, "the selected one off the map"
    assert _unnamed(view) == []
    assert _clashes(painted, view.width(), view.height()) == []
    assert _strays(painted) == []
    bar = scale_bar_box(view.frame, view.picture.model, view.style_)[0]
    assert bar.right() <= view.width(), "the scale bar's words cut at the map's edge"


DOCK = 240
"""The library or bestiary dock beside the tab, in logical pixels (as the window opens)."""


SCENES = {"melee": melee_document, "opening": opening_document}
"""Face to face a step apart, and as a new encounter places the sides."""


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("dock", (0, DOCK))
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_in_the_tab(
    qtbot: Any, game: str, screen: str, count: int, dock: int, scene: str
) -> None:
    document = SCENES[scene](game, count)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    width, height = WINDOWS[screen]
    widget.resize(width - dock, height)
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    _check_view(widget.map.view, count)
    # The GM selects a monster at the far end: the map follows, every name still clear.
    document.select(document.encounter.combatants[-1].id)
    _check_view(widget.map.view, count)


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_in_the_board_window_and_the_player_view(
    qtbot: Any, game: str, screen: str, count: int, scene: str
) -> None:
    document = SCENES[scene](game, count)
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


def _printed(tmp_path: Path, encounter: Any) -> tuple[MapBlock, float]:
    writer = QPdfWriter(str(tmp_path / "map.pdf"))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    painter = QPainter(writer)
    canvas = Canvas(painter)
    block = MapBlock(encounter)
    width = canvas.width - 40
    block.paint(canvas, 20, 20, width, block.map_height_for(width))
    painter.end()
    return block, width


def _crossings(painted: Painted) -> list[str]:
    """The lines from a token to its name that run under another name or over a token."""
    wrong = []
    for line in painted.leaders:
        ends = (line.p1(), line.p2())
        wrong += [
            f"line {line} under name {box}"
            for box in painted.labels
            if crosses(line, box) and not any(box.adjusted(-1, -1, 1, 1).contains(e) for e in ends)
        ]
        wrong += [
            f"line {line} over token {box}"
            for box in painted.markers
            if crosses(line, box.adjusted(2, 2, -2, -2))
            and not box.adjusted(-1, -1, 1, 1).contains(line.p1())
        ]
    return wrong


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_names_cover_no_token_and_no_name_on_paper(
    qapp: Any, tmp_path: Path, game: str, count: int, scene: str
) -> None:
    """Every name whole on the printed map (paper has no tooltip), none over a token or
    another name, and no line from a token to its name runs under another name (one did:
    the page read "Goblin 2" struck through by Orc's line)."""
    block, width = _printed(tmp_path, SCENES[scene](game, count).encounter)
    painted = block.painted
    assert painted is not None
    frame = block.frame_for(width)
    unit = block.picture.model.unit
    whole = {t.combatant_id: token_label(t, unit) for t in block.picture.tokens}
    assert painted.texts == whole, "names left out or shortened"
    assert _clashes(painted, frame.width, frame.height) == []
    assert _strays(painted, NAME_REACH + 1) == []
    assert _crossings(painted) == []


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_tokens_keep_a_least_size(
    qtbot: Any, game: str, screen: str, count: int, scene: str
) -> None:
    """A token on screen is at least :data:`LEAST_RADIUS` lines of text in radius in the
    tab (with the library beside it), the board window and the player view (Apparatus drew
    its tokens 8 px across at 150 % in the scene a new encounter opens with)."""
    width, height = WINDOWS[screen]
    for make, size in (
        (EncounterWidget, (width - DOCK, height)),
        (BoardWindow, (width, height)),
        (PlayerView, (width, height)),
    ):
        window = make(SCENES[scene](game, count))
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        view = window.map if isinstance(window, PlayerView) else window.map.view
        assert isinstance(view, MapView)
        view.grab()
        painted = view.painted
        smallest = min(m.width() for m in painted.markers) / 2
        assert smallest >= LEAST_RADIUS * painted.line - 0.1, (
            f"{make.__name__}: tokens {2 * smallest:.0f} px across"
        )
        window.close()


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("screen", WINDOWS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_new_encounter_opens_zoomed_to_the_action(
    qtbot: Any, game: str, screen: str, count: int
) -> None:
    """The scene a new encounter opens with (each side packed in a block) is fitted as a
    melee is: where the whole scene would draw a grid step under
    :data:`LEAST_STEP_LINES` lines, the map shows the selected combatant and those in its
    reach at that size or more (it showed the whole scene, a step 9 px wide at 150 %)."""
    document = opening_document(game, count)
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    width, height = WINDOWS[screen]
    widget.resize(width - DOCK, height)
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.map is not None
    view = widget.map.view
    step = view.picture.model.step * view.frame.scale
    assert step >= LEAST_STEP_LINES * view.style_.line - 0.5, f"a step {step:.0f} px wide"
    left, top, right, bottom = view.frame.visible()
    a_left, a_top, a_right, a_bottom = action_bounds(view.picture)
    margin = 2 * view.picture.model.step  # the action's own margin may be cut
    assert left <= a_left + margin and right >= a_right - margin
    assert top <= a_top + margin and bottom >= a_bottom - margin


LEAST_PRINTED_TOKEN = 12.0
"""Points across (over 4 mm): a printed token's initials read (before: 7 to 9 points)."""


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("game", MAP_GAMES)
def test_printed_tokens_are_large_enough_to_read(
    qapp: Any, tmp_path: Path, game: str, count: int
) -> None:
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
