"""The interactive map: one painted widget (no item per token: a whole frame is one pass
of :func:`~m3desk.ui.map.painter.paint_map`, and a drag repaints a cached picture of the
rest plus the dragged token and its ruler).

Mouse: a press on a token selects it; dragging it shows a ruler coloured against
``rules.check_move`` and the drop is one ``rules.make_move`` through the document (one
undo step, one log line). A drag on empty ground pans (or, in paint mode, draws a terrain
rectangle); the wheel zooms under the pointer; a double click on empty ground fits.
Keys: arrows move the selected token one grid step (a run of presses is one undo step),
Page Up / Page Down climb or descend one step where the game keeps heights, Tab and
Shift+Tab select the next or previous combatant,
Ctrl+= / Ctrl+- zoom, Ctrl+0 fits, Escape cancels a drag.
Adjust Picture (B; :mod:`~m3desk.ui.map.backdrop_tool`) drags, scales and calibrates the
background picture instead, and C starts its calibration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QHelpEvent,
    QImage,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QToolTip, QWidget

from m3desk.core import registry
from m3desk.core.encounter import Encounter, position_between
from m3desk.core.places import Area, Place, areas_at
from m3desk.core.system import EncounterRules, MoveCheck
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.backdrop import PictureHandle
from m3desk.ui.map.backdrop_tool import BackdropTool
from m3desk.ui.map.moves import area_between, snapped, stepped, with_area
from m3desk.ui.map.painter import (
    GroundCache,
    MapFrame,
    MapStyle,
    Painted,
    Ruler,
    paint_map,
    paint_ruler,
    paint_token,
)
from m3desk.ui.map.picture import MapPicture, MapToken, picture_of

__all__ = ["MAP_KEYS", "MapView", "ruler_lines"]


class _MapLink(DocumentLink):
    """The map's link to its document; detaching it (the tab closes) also lets the
    background picture go, whether or not the view itself is deleted soon."""

    def __init__(self, document: QObject, owner: QObject, on_detach: Callable[[], None]
                 ) -> None:
        super().__init__(document, owner)
        self._on_detach = on_detach

    def detach(self) -> None:
        super().detach()
        self._on_detach()

WHEEL_STEP = 1.0015
"""Zoom per eighth of a degree: a wheel notch (120) zooms by about 20 %."""
MIN_SCALE, MAX_SCALE = 0.02, 400.0
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
          Qt.Key.Key_Down: (0, 1)}
ADJUST_PICTURE = ("Adjust Picture", "B", "Adjust the background picture on the map: drag "
                  "it, drag a corner to scale it, calibrate it by two points (B)")
CALIBRATE_PICTURE = ("Calibrate Picture…", "C", "Click two points on the picture and type how "
                     "far apart they are: the picture is scaled to match (C)")
MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("Move the selected one a grid step", "Arrow keys"),
    ("Raise or lower the selected one", "PgUp or PgDown"),
    ("Select the next or the previous", "Tab or Shift+Tab"),
    ("Zoom in", "Ctrl++"),
    ("Zoom out", "Ctrl+-"),
    ("Fit the whole map", "Ctrl+0"),
    ("Cancel a drag", "Esc"),
    (ADJUST_PICTURE[0], ADJUST_PICTURE[1]),
    ("Nudge the picture (Adjust Picture on)", "Arrow keys"),
    (CALIBRATE_PICTURE[0].rstrip("…"), CALIBRATE_PICTURE[1]),
)
"""What the map answers while it has the focus, for Help → Keyboard Shortcuts (keyPressEvent
and the map's own actions below)."""
MAP_ASPECTS = frozenset({"roster", "sheets", "positions", "setup", "turn"})


def ruler_lines(check: MoveCheck, unit: str) -> tuple[str, ...]:
    """What the ruler says: the move's length (its cost against the allowance where the
    game prices moves), whether it is within or over the allowance (the GM may still drop
    it), and the rules' notes."""
    first = f"{check.verb} {check.distance} {unit}"
    if check.allowance is None:
        if check.cost != check.distance:
            first += f" · costs {check.cost}"
    elif check.cost != check.distance:
        first += f" · costs {check.cost} of {check.allowance}"
    else:
        first += f" · allowance {check.allowance} {unit}"
    notes = list(check.notes)
    lines = [first]
    if check.blocked:
        lines.append("Blocked by the rules: you may still drop it here")
    elif check.over:
        # The game's own words for it when it gives them ("over the allowance (90 ft)").
        said = next((n for n in notes if n.casefold().startswith("over the allowance")),
                    f"over the allowance ({check.allowance} {unit})")
        if said in notes:
            notes.remove(said)
        lines.append(f"{said[:1].upper()}{said[1:]}: you may still drop it here")
    elif check.allowance is not None:
        lines.append("Within the allowance")
    return (*lines, *notes)


@dataclass
class _Drag:
    combatant_id: str
    press: QPointF
    offset: tuple[float, float]
    origin: Place
    dragging: bool = False
    target: Place | None = None
    check: MoveCheck | None = None


class MapView(QWidget):
    """The map of one encounter document.

    Signals:
        said(str): a line for the status under the map ("" clears it): the ruler's words
            while dragging, a picture that could not be read.
        move_requested(str): the context menu asked for a typed move of this combatant.
        backdrop_requested(): the context menu asked for the background picture dialog.
    """

    said = Signal(str)
    move_requested = Signal(str)
    backdrop_requested = Signal()
    picture_loading = Signal(bool)
    """The background picture began (True) or ended (False) being read."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None, *,
                 read_only: bool = False, rings: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("map_view")
        self.setAccessibleName("Map")
        self.document = document
        self.read_only = read_only
        self.rings = rings
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus if read_only else Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 80)
        self.setMouseTracking(False)
        self.style_ = MapStyle.of(self.palette(), self.font())
        self.picture: MapPicture = picture_of(document.encounter, document.selected,
                                              rings=rings)
        self.frame = MapFrame.fitted(self.picture.bounds(), 640, 480)
        self.auto_fit = True
        self.paint_mode = False
        self.paint_rating = 1
        self.paint_wall = True
        self.ruler: Ruler | None = None
        self.redraws = 0
        self._drag: _Drag | None = None
        self._pan: QPointF | None = None
        self._rubber: tuple[QPointF, QPointF] | None = None
        self._static: QPixmap | None = None
        self._backdrops = PictureHandle(self, self._picture_read)
        self._was_loading = False
        self._ground = GroundCache()
        self.painted = Painted()
        """Where the last paint put the tokens, their names and the legend."""
        # Every pixel is painted by the map itself: no background fill before each paint.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._told = ""
        self.backdrop_action = self._action(*ADJUST_PICTURE)
        self.backdrop_action.setCheckable(True)
        self.calibrate_action = self._action(*CALIBRATE_PICTURE)
        self.backdrop_tool = BackdropTool(self)
        self.backdrop_action.toggled.connect(self.backdrop_tool.changed)
        self.calibrate_action.triggered.connect(self.backdrop_tool.start_calibration)
        self._enable_backdrop_actions()
        self.document_link = _MapLink(document, self, self._backdrops.release)
        self.document_link.connect("encounter_changed", self._on_changed)
        self.document_link.connect("selection_changed", lambda _id: self.refresh())

    def _action(self, text: str, key: str, tip: str) -> QAction:
        """An action of the map's own, its key working while the map has the focus."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        action.setToolTip(tip)
        self.addAction(action)
        return action

    def _enable_backdrop_actions(self) -> None:
        usable = not self.read_only and self.picture.backdrop is not None
        for action in (self.backdrop_action, self.calibrate_action):
            action.setEnabled(usable)
        if not usable and self.backdrop_action.isChecked():
            self.backdrop_action.setChecked(False)

    # -- state -----------------------------------------------------------------------------

    @property
    def rules(self) -> EncounterRules:
        rules = registry.system_of(self.document.encounter).encounter
        assert rules is not None
        return rules

    def _on_changed(self, aspects: frozenset[str]) -> None:
        if aspects & MAP_ASPECTS:
            self.refresh()

    def refresh(self) -> None:
        """Read the document again and repaint (refitting if something left the view)."""
        self.picture = picture_of(self.document.encounter, self.document.selected,
                                  rings=self.rings)
        self.redraws += 1
        self._enable_backdrop_actions()
        self.backdrop()  # asks for a new picture at once (the dialog's read is shared)
        if self.auto_fit and self._drag is None and not self._holds_everything():
            self.fit()
        self.update()

    def _holds_everything(self) -> bool:
        left, top, right, bottom = self.frame.visible()
        b_left, b_top, b_right, b_bottom = self.picture.bounds()
        return left <= b_left and top <= b_top and right >= b_right and bottom >= b_bottom

    def fit(self) -> None:
        """Show every token and area (and, while the picture is adjusted, the whole
        picture: its four handles); follow the window size again."""
        self.auto_fit = True
        # Tokens and terrain, not the rings: a bow's long range would shrink every name.
        bounds = self.picture.bounds()
        picture = self.backdrop_tool.extent() if self.backdrop_tool.active else None
        # The lowest names hang under their tokens, and clear of the scale bar's chip.
        above, below = 0.0, self.style_.line + 8
        if picture is not None:
            bounds = (min(bounds[0], picture[0]), min(bounds[1], picture[1]),
                      max(bounds[2], picture[2]), max(bounds[3], picture[3]))
            # Between the mode's banner and the scale bar: the corner handles clear of both.
            above = self.backdrop_tool.banner_room()
            below = max(below, self.style_.small_metrics.height() + 12)
        frame = MapFrame.fitted(bounds, self.width(), self.height() - above - below,
                                most=self._most_scale())
        self.frame = MapFrame(frame.scale, frame.cx,
                              frame.cy - (above - below) / 2 / frame.scale,
                              self.width(), self.height())
        self.update()

    def _most_scale(self) -> float:
        """Fitting never zooms in past a grid square about three lines of text wide."""
        return max(self.style_.line * 3 / max(self.picture.model.step, 1), 1.0)

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        scale = min(max(self.frame.scale * factor, MIN_SCALE), MAX_SCALE)
        self.frame = self.frame.zoomed(scale / self.frame.scale, anchor)
        self.auto_fit = False
        self.update()

    def token_at(self, point: QPointF) -> MapToken | None:
        """The token under ``point`` (widget pixels); the selected one wins a tie."""
        radius = self.style_.radius(self.frame, self.picture.model) + 2
        hits = [t for t in self.picture.tokens
                if (self.frame.to_screen(t.x, t.y) - point).manhattanLength() <= radius * 1.4
                and _distance(self.frame.to_screen(t.x, t.y), point) <= radius]
        hits.sort(key=lambda t: (t.combatant_id != self.picture.selected,
                                 _distance(self.frame.to_screen(t.x, t.y), point)))
        return hits[0] if hits else None

    def area_at(self, point: QPointF) -> int | None:
        """The index of the topmost terrain area under ``point``."""
        x, y = self.frame.to_units(point)
        areas = self.picture.areas
        found = areas_at(areas, x, y)
        return max(i for i, a in enumerate(areas) if a in found) if found else None

    def screen_of(self, combatant_id: str) -> QPointF:
        """Where a combatant's token is drawn (widget pixels): for tests and menus."""
        token = self.picture.token(combatant_id)
        if token is None:
            raise KeyError(combatant_id)
        return self.frame.to_screen(token.x, token.y)

    # -- moving ----------------------------------------------------------------------------

    def preview(self, combatant_id: str, place: Place) -> MoveCheck:
        return self.rules.check_move(self.document.encounter, combatant_id, place)

    def move_token(self, combatant_id: str, place: Place, *, run: str | None = None) -> bool:
        """Move through the game's ``make_move``: one undo step (or one run) and its log line."""
        encounter = self.document.encounter
        start = self.document.run_start(run) if run is not None else None
        base: Encounter = start if start is not None else encounter
        if base.places.get(combatant_id) == place:
            if start is None:
                return False
            return self.document.apply(base, "Move back", run=run)
        moved, text = self.rules.make_move(base, combatant_id, place)
        return self.document.apply(moved, text, run=run)

    def step_selected(self, dx: int, dy: int, dz: int = 0) -> bool:
        """One grid step of the selected combatant, across or (``dz``) up or down (a run
        of steps is one undo step)."""
        selected = self.document.selected
        here = self.document.encounter.places.get(selected)
        if self.read_only or here is None or (dz and not self.picture.model.height):
            return False
        # Steps across and climbs are runs of their own: a climb then a walk is two moves.
        kind = "climb" if dz else "walk"
        return self.move_token(selected, stepped(self.picture.model, here, dx, dy, dz),
                               run=f"map-step:{selected}:{kind}")

    def add_area(self, area: Area) -> bool:
        kind = "a wall" if area.wall else f"difficult ground (DR {area.rating})"
        return self.document.apply(with_area(self.document.encounter, area),
                                   f"Paint {kind} on the map")

    # -- painting --------------------------------------------------------------------------

    def backdrop(self) -> tuple[QImage | None, str]:
        """The background picture (None while it is read on the worker) and the sentence
        saying why it is not shown, if it cannot be."""
        spec = self.picture.backdrop
        image, error = self._backdrops.get(spec.path if spec is not None else "")
        loading = self._backdrops.loading
        if loading != self._was_loading:
            self._was_loading = loading
            self.picture_loading.emit(loading)
        return image, error

    @property
    def picture_loading_now(self) -> bool:
        """The background picture is being read (the map shows "Loading picture…")."""
        return self._backdrops.loading

    def cancel_picture(self) -> None:
        """Stop reading the background picture: the map shows without it, and says so."""
        self._backdrops.cancel()

    def reload_picture(self) -> None:
        """Read the background picture anew (after a failure or a cancel)."""
        spec = self.picture.backdrop
        if spec is not None:
            self._backdrops.get(spec.path, again=True)
            self._told = ""
            self.update()

    def _picture_read(self) -> None:
        _image, error = self.backdrop()  # says the reading ended
        if self._told.startswith("Loading picture "):
            self._told = ""
            if not error:
                self.said.emit("")
        self.update()

    def paint_onto(self, painter: QPainter, *, skip: str = "", overlays: bool = True) -> None:
        image, error = self.backdrop()
        if error and error != self._told:
            self._told = error
            self.said.emit(error)
        elif self._backdrops.loading:
            name = self._backdrops.path.replace("\\", "/").rsplit("/", 1)[-1]
            text = f"Loading picture {name}…"
            if text != self._told:
                self._told = text
                self.said.emit(text)
        rubber = None
        if overlays and self._rubber is not None:
            rubber = QRectF(self._rubber[0], self._rubber[1]).normalized()
        self.painted = paint_map(painter, self.frame, self.picture, self.style_,
                                 backdrop=image, skip=skip, rubber=rubber,
                                 ground=self._ground)
        if overlays:
            self._paint_notice(painter, image, error)

    def _paint_notice(self, painter: QPainter, image: QImage | None, error: str) -> None:
        """While the picture is read, "Loading picture <name>…"; when it cannot be shown,
        why: in a chip at the map's lower right, above the scale bar's row (the status
        line beside the tools may be too narrow for the whole sentence)."""
        spec = self.picture.backdrop
        if spec is None or image is not None:
            return
        name = spec.path.replace("\\", "/").rsplit("/", 1)[-1]
        text = f"Loading picture {name}…" if self._backdrops.loading else error
        if not text:
            return
        painter.save()
        metrics = painter.fontMetrics()
        room = max(120, self.width() - 40)
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        box = metrics.boundingRect(0, 0, room, 10 * metrics.height(), flags, text)
        above = 2 * metrics.height() + 16  # the scale bar and its label stay in sight
        chip = QRectF(self.width() - box.width() - 20, self.height() - box.height() - above,
                      box.width() + 12, box.height() + 8)
        painter.setPen(self.style_.colours.text)
        painter.setBrush(self.style_.colours.base)
        painter.drawRoundedRect(chip, 4, 4)
        painter.drawText(chip.adjusted(6, 4, -6, -4), flags, text)
        painter.restore()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        if self.backdrop_tool.paint_drag(painter):
            painter.end()
            return
        drag = self._drag
        if drag is not None and drag.dragging and self._static is not None:
            painter.drawPixmap(0, 0, self._static)
            token = self.picture.token(drag.combatant_id)
            if self.ruler is not None:
                paint_ruler(painter, self.frame, self.ruler, self.style_)
            if token is not None and drag.target is not None:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                paint_token(painter, self.frame, token, self.style_, self.picture.model,
                            selected=True,
                            at=self.frame.to_screen(drag.target.x, drag.target.y))
        else:
            self.paint_onto(painter)
            self.backdrop_tool.paint_marks(painter)
        painter.end()

    def _cache_static(self, skip: str) -> None:
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(int(self.width() * ratio), int(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        painter = QPainter(pixmap)
        self.paint_onto(painter, skip=skip, overlays=False)
        painter.end()
        self._static = pixmap

    # -- events ----------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()
        else:
            self.frame = self.frame.resized(self.width(), self.height())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.style_ = MapStyle.of(self.palette(), self.font())
            self.update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom_by(WHEEL_STEP ** event.angleDelta().y(), event.position())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if event.button() == Qt.MouseButton.MiddleButton or (
                self.read_only and event.button() == Qt.MouseButton.LeftButton):
            self._pan = point
            return
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if self.backdrop_tool.active and self.backdrop_tool.press(event):
            return
        token = self.token_at(point)
        if token is not None:
            self.document.select(token.combatant_id)
            x, y = self.frame.to_units(point)
            self._drag = _Drag(token.combatant_id, point, (token.x - x, token.y - y),
                               Place.at(token.x, token.y, token.z))
            return
        if self.paint_mode:
            self._rubber = (point, point)
            return
        self._pan = point

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if self._pan is not None:
            delta = point - self._pan
            self._pan = point
            self.frame = self.frame.panned(delta.x(), delta.y())
            self.auto_fit = False
            self.update()
            return
        if self.backdrop_tool.active and self.backdrop_tool.move(event):
            return
        if self._rubber is not None:
            self._rubber = (self._rubber[0], point)
            self.update()
            return
        drag = self._drag
        if drag is None:
            return
        if not drag.dragging:
            if (point - drag.press).manhattanLength() < QApplication.startDragDistance():
                return
            drag.dragging = True
            self._cache_static(drag.combatant_id)
        self.drag_to(point)

    def drag_to(self, point: QPointF) -> None:
        """The dragged token follows ``point``: snapped to the grid, ruler and words updated."""
        drag = self._drag
        if drag is None:
            return
        x, y = self.frame.to_units(point)
        target = snapped(self.picture.model, x + drag.offset[0], y + drag.offset[1],
                         drag.origin.z)
        if target != drag.target:
            drag.target = target
            drag.check = self.preview(drag.combatant_id, target)
            lines = ruler_lines(drag.check, self.picture.model.unit)
            self.ruler = Ruler((drag.origin.x, drag.origin.y), (target.x, target.y), lines,
                               drag.check.over)
            self.said.emit(" — ".join(lines))
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None:
            self._pan = None
            return
        if self.backdrop_tool.active and self.backdrop_tool.release(event):
            return
        if self._rubber is not None:
            start, end = self._rubber
            self._rubber = None
            area = area_between(self.picture.model, self.frame.to_units(start),
                                self.frame.to_units(end), rating=self.paint_rating,
                                wall=self.paint_wall or not self.picture.model.prices_terrain)
            if area is not None:
                self.add_area(area)
            self.update()
            return
        drag = self._drag
        if drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if drag.dragging:
            self.drag_to(event.position())
        self._end_drag()
        if drag.dragging and drag.target is not None and drag.target != drag.origin:
            self.move_token(drag.combatant_id, drag.target)

    def _end_drag(self) -> None:
        self._drag = None
        self._static = None
        self.ruler = None
        self.backdrop_tool.say()
        self.update()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        # In the picture's mode a quick second click is a click (a calibration's second
        # point, a drag begun at once), never a fit.
        if self.backdrop_tool.active and not self.read_only and self.backdrop_tool.press(event):
            return
        if self.token_at(event.position()) is None:
            self.fit()
            return
        if not self.read_only:
            token = self.token_at(event.position())
            if token is not None:
                self.move_requested.emit(token.combatant_id)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        control = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if self._drag is None and self.backdrop_tool.active and self.backdrop_tool.key(event):
            event.accept()
            return
        if control and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(1.25)
        elif control and key == Qt.Key.Key_Minus:
            self.zoom_by(0.8)
        elif control and key == Qt.Key.Key_0:
            self.fit()
        elif key == Qt.Key.Key_Escape and self._drag is not None:
            self._end_drag()
        elif key in ARROWS and not control and not self.read_only:
            self.step_selected(*ARROWS[Qt.Key(key)])
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown) and self.picture.model.height \
                and not self.read_only:
            self.step_selected(0, 0, 1 if key == Qt.Key.Key_PageUp else -1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab select the next or previous combatant on the map; past the
        last (or first) they leave the map as usual."""
        if self.hasFocus() and not self.read_only:
            ids = [t.combatant_id for t in self.picture.tokens]
            selected = self.document.selected
            index = ids.index(selected) if selected in ids else -1
            following = index + (1 if next else -1)
            if index >= 0 and 0 <= following < len(ids):
                self.document.select(ids[following])
                return True
        return super().focusNextPrevChild(next)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.read_only:
            return
        from m3desk.ui.map.menu import map_menu

        map_menu(self, QPointF(event.pos())).popup(event.globalPos())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def tooltip_at(self, point: QPointF) -> str:
        token = self.token_at(point)
        if token is not None:
            return self.tooltip_for(token)
        index = self.area_at(point)
        if index is not None:
            from m3desk.ui.map.painter import area_label

            return f"Terrain: {area_label(self.picture.areas[index])}"
        return ""

    def tooltip_for(self, token: MapToken) -> str:
        encounter = self.document.encounter
        unit = self.picture.model.unit
        lines = [f"{token.name} — {token.side}"]
        if token.z:
            lines.append(f"{token.z:g} {unit} above the ground")
        selected = self.picture.selected
        if selected and selected != token.combatant_id and selected in encounter.places:
            other = encounter.combatant(selected).name
            lines.append(f"{position_between(encounter, selected, token.combatant_id)} "
                         f"{unit} from {other}")
        if token.hidden:
            lines.append("Hidden from the players")
        if token.down:
            lines.append("Down: out of the fight")
        if token.conditions:
            lines.append("Conditions: " + ", ".join(token.conditions))
        if not self.read_only:
            lines.append("Drag to move; arrow keys move one square"
                         + ("; Page Up/Down climb" if self.picture.model.height else "")
                         + "; double-click for an exact move.")
        return "\n".join(lines)


def _distance(a: QPointF, b: QPointF) -> float:
    d = a - b
    return float((d.x() ** 2 + d.y() ** 2) ** 0.5)
