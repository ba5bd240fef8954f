"""A name on the map never runs over a token's drawn shape, its own or another's: a diamond
reaches 1.18 radii up, down and to the sides, a triangle 1.3 up, a hexagon and a pentagon
past their square at the sides, and the names were laid out against each token's square
(a name under a diamond covered its tip, on screen and on paper). Checked in numbers (no
name's box meets any marker's ink, over random scenes of every shape and each game's
crowd, from the registry) and in pixels (the diamonds' tips look the same with the names
drawn as without them)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPalette,
)

from m3desk.core import registry
from m3desk.ui.board.token_shapes import SHAPE_NAMES, shape_name, shape_path
from m3desk.ui.map import MapPanel
from m3desk.ui.map import painter as map_painter
from m3desk.ui.map.frame import MapFrame
from m3desk.ui.map.marker_shape import OUTLINE, tips
from m3desk.ui.map.painter import Painted, paint_map
from m3desk.ui.map.picture import MapPicture, MapToken
from m3desk.ui.map.style import MapStyle
from tests.ui.map.conftest import fight, shown_panel

MAP_GAMES = [
    s.id for s in registry.systems() if s.positions.kind == "distance" and s.encounter is not None
]


def _ink(side_index: int, radius: float, centre: QPointF) -> QPainterPath:
    """A marker's ink as drawn: its shape filled and its outline (a pen 1.2 wide) round it."""
    shape = shape_path(side_index, radius)
    stroker = QPainterPathStroker()
    stroker.setWidth(2 * OUTLINE)
    return shape.united(stroker.createStroke(shape)).translated(centre)


def _overlaps(painted: Painted, tokens: dict[str, MapToken], radius: float) -> list[str]:
    """Each name drawn over a marker's ink, as "name over whose shape"."""
    inks = [
        (token, _ink(token.side_index, radius, painted.centres[who]))
        for who, token in tokens.items()
        if who in painted.centres
    ]
    found = []
    for who, box in painted.named.items():
        for token, ink in inks:
            if ink.intersects(box.adjusted(0.05, 0.05, -0.05, -0.05)):
                found.append(
                    f"{painted.texts[who]!r} {box.getRect()} over {token.name}'s "
                    f"{shape_name(token.side_index)}"
                )
    return found


def _scene(rng: random.Random, count: int) -> MapPicture:
    """``count`` tokens of every side's shape, names of every length, a few steps apart."""
    model = registry.get(MAP_GAMES[0]).positions
    step = model.step
    words = ["Orc", "Hobgoblin boss", "Giant rat", "Wren", "Sister Rebecca", "Ogre"]
    tokens = tuple(
        MapToken(
            f"t{n}",
            f"{rng.choice(words)} {n}",
            SHAPE_NAMES[side],
            side,
            step * rng.randint(0, 9) + rng.random() * step * 0.3,
            step * rng.randint(0, 6) + rng.random() * step * 0.3,
        )
        for n in range(count)
        for side in [rng.randrange(len(SHAPE_NAMES))]
    )
    return MapPicture(model, tokens, SHAPE_NAMES, selected=tokens[0].combatant_id)


def _paint(
    picture: MapPicture, style: MapStyle, size: tuple[int, int], ratio: float = 1.0
) -> tuple[Painted, MapFrame, QImage]:
    frame = MapFrame.fitted(picture.bounds(), *size)
    image = QImage(round(size[0] * ratio), round(size[1] * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painted = paint_map(painter, frame, picture, style, legend=False)
    painter.end()
    return painted, frame, image


def _styles() -> list[MapStyle]:
    light = QPalette(QColor("#f0f0f0"))
    return [MapStyle.of(light, QFont()), MapStyle.of(light, QFont(), paper=True)]


def test_every_shape_stands_out_of_its_square_where_it_is_drawn() -> None:
    """The tips are what the shapes draw: none for a circle and a square, four for a
    diamond, and each covers the part of the ink past the square."""
    radius = 12.0
    counts = {name: len(tips(n, radius)) for n, name in enumerate(SHAPE_NAMES)}
    assert counts == {
        "circle": 0,
        "diamond": 4,
        "triangle": 3,
        "square": 0,
        "hexagon": 2,
        "pentagon": 3,
    }
    square = QPainterPath()
    square.addRect(QRectF(-radius - OUTLINE, -radius - OUTLINE, *(2 * (radius + OUTLINE),) * 2))
    for n in range(len(SHAPE_NAMES)):
        out = _ink(n, radius, QPointF()).subtracted(square)
        for left, right, top, bottom in tips(n, radius):
            out = out.subtracted(_rect_path(QRectF(left, top, right - left, bottom - top)))
        assert out.boundingRect().width() * out.boundingRect().height() < 0.01, SHAPE_NAMES[n]


def _rect_path(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRect(rect)
    return path


@pytest.mark.parametrize("seed", range(12))
def test_no_name_runs_over_a_shape_in_random_scenes(qtbot: Any, seed: int) -> None:
    rng = random.Random(seed)
    picture = _scene(rng, rng.randint(8, 16))
    tokens = {t.combatant_id: t for t in picture.tokens}
    for style in _styles():
        for size in ((560, 420), (900, 640)):
            painted, frame, _ = _paint(picture, style, size)
            assert painted.named, "no name drawn"
            radius = round(style.radius(frame, picture.model), 1)
            assert _overlaps(painted, tokens, radius) == [], (style.paper, size)


@pytest.mark.parametrize("count", [8, 12])
@pytest.mark.parametrize("game", MAP_GAMES)
def test_no_name_runs_over_a_shape_in_each_games_fight(qtbot: Any, game: str, count: int) -> None:
    panel = MapPanel(fight(game, count=count))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    for size in ((1366, 768), (900, 700), (640, 480)):
        panel.resize(*size)
        panel.view.grab()
        view = panel.view
        painted = view.painted
        assert painted.named, "no name drawn"
        radius = round(view.style_.radius(view.frame, view.picture.model), 1)
        tokens = {t.combatant_id: t for t in view.picture.tokens}
        assert _overlaps(painted, tokens, radius) == [], size


@pytest.mark.parametrize("ratio", [1.0, 1.5])
@pytest.mark.parametrize("game", MAP_GAMES)
def test_a_names_pixels_are_never_on_a_diamonds_tip(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str, ratio: float
) -> None:
    """Each game's fight painted with its names and without: every pixel of every marker's
    tips out of its square is the same (a name's chip and letters over a tip changed it)."""
    panel = shown_panel(qtbot, game, count=10)
    view = panel.view
    picture, style = view.picture, view.style_
    named, frame, image = _paint(picture, style, (900, 700), ratio)
    monkeypatch.setattr(map_painter, "label_layout", lambda *args: [])
    bare, _, nameless = _paint(picture, style, (900, 700), ratio)
    assert named.named and not bare.named
    radius = round(style.radius(frame, picture.model), 1)
    under = 0  # names standing right under a diamond's bottom tip: what the test is about
    changed = []
    for who, centre in named.centres.items():
        token = picture.token(who)
        assert token is not None
        box = named.named.get(who)
        if box is not None and shape_name(token.side_index) == "diamond":
            under += abs(box.top() - (centre.y() + radius)) < radius
        for left, right, top, bottom in tips(token.side_index, radius):
            tip = QRectF(centre.x() + left, centre.y() + top, right - left, bottom - top)
            ink = _ink(token.side_index, radius, centre).intersected(_rect_path(tip))
            for x in range(int(tip.left() * ratio), int(tip.right() * ratio) + 1):
                for y in range(int(tip.top() * ratio), int(tip.bottom() * ratio) + 1):
                    if not ink.contains(QPointF((x + 0.5) / ratio, (y + 0.5) / ratio)):
                        continue
                    if image.pixel(x, y) != nameless.pixel(x, y):
                        changed.append(f"{token.name}'s {shape_name(token.side_index)} ({x},{y})")
    assert under, "no name stands under a diamond: nothing checked"
    assert changed == [], changed[:8]


@pytest.mark.parametrize("side", range(len(SHAPE_NAMES)))
def test_a_dragged_tokens_name_stands_clear_of_its_shape(qtbot: Any, side: int) -> None:
    """The token being dragged is painted alone, its name under it: past its shape's foot
    (a diamond's tip was under the name while it moved)."""
    model = registry.get(MAP_GAMES[0]).positions
    token = MapToken("t", "Hobgoblin boss 2", SHAPE_NAMES[side], side, 0.0, 0.0)
    style = MapStyle.of(QPalette(QColor("#f0f0f0")), QFont())
    frame = MapFrame.fitted(
        (-10 * model.step, -10 * model.step, 10 * model.step, 10 * model.step), 400, 400
    )
    radius = round(style.radius(frame, model), 1)
    centre = QPointF(200, 150)

    def painted(name: bool) -> QImage:
        image = QImage(400, 400, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        if name:
            map_painter.paint_token(painter, frame, token, style, model, selected=True, at=centre)
        else:  # the marker alone, as paint_token draws it
            sprite, anchor = style.marker_sprite(token, radius, True, 1.0)
            painter.drawPixmap(QPointF(centre.x() - anchor.x(), centre.y() - anchor.y()), sprite)
        painter.end()
        return image

    named, bare = painted(True), painted(False)
    ink = _ink(side, radius, centre)
    bottom = ink.boundingRect().bottom()
    changed = [
        (x, y)
        for y in range(int(centre.y()), int(bottom) + 1)
        for x in range(int(centre.x() - 2 * radius), int(centre.x() + 2 * radius))
        if ink.contains(QPointF(x + 0.5, y + 0.5)) and named.pixel(x, y) != bare.pixel(x, y)
    ]
    assert changed == [], f"{SHAPE_NAMES[side]}: the name over {changed[:6]}"
