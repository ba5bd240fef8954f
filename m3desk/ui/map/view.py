"""The interactive map: one painted widget (no item per token: a whole frame is one pass
of :func:`~m3desk.ui.map.painter.paint_map`, and a drag repaints a cached picture of the
rest plus the dragged token and its ruler).

Mouse: a press on a token selects it; dragging it shows a ruler coloured against
``rules.check_move`` (green as far as the allowance goes, a bar where it ends) and the drop
is one ``rules.make_move`` through the document (one undo step, one log line): on or beside
a foe it lands in reach at the free spot beside it, past the allowance it asks first, where
the rules block it it is refused; Shift+drag places the token instead (no movement, no move's
rules). A drag on empty ground pans (in paint mode, wherever it begins, it paints the squares
it crosses); the wheel zooms under the pointer; a double click on empty ground fits the fight
(everyone at a readable size, else the selected combatant and those in reach).
Keys: arrows move the selected token one grid step (a run of presses is one undo step),
Page Up / Page Down climb or descend one step where the game keeps heights, Tab and
Shift+Tab select the next or previous combatant,
Ctrl+= / Ctrl+- zoom, Ctrl+0 fits, Escape cancels a drag.
Adjust Picture (B; :mod:`~m3desk.ui.map.backdrop_tool`) drags, scales and calibrates the
background picture instead, and C starts its calibration.
"""

from __future__ import annotations

from collections.abc import Callable

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
from m3desk.core.encounter import Encounter, add_log, move_to
from m3desk.core.places import Area, Place, areas_at
from m3desk.core.system import EncounterRules, MoveCheck
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.backdrop import PictureHandle
from m3desk.ui.map.backdrop_tool import BackdropTool
from m3desk.ui.map.drag import Drag, follow
from m3desk.ui.map.drops import landing, ruler_lines, stop_at_allowance
from m3desk.ui.map.fit import NEAREST_COUNTED, Room, fitted_frame, most_scale, wanted_bounds
from m3desk.ui.map.moves import area_between, snapped, stepped, with_area
from m3desk.ui.map.painter import (
    GroundCache,
    MapFrame,
    MapStyle,
    Painted,
    Ruler,
    names_fit,
    paint_map,
    paint_ruler,
    paint_token,
)
from m3desk.ui.map.picture import MapPicture, MapToken, picture_of
from m3desk.ui.map.view_words import (
    ADJUST_PICTURE,
    ARROWS,
    CALIBRATE_PICTURE,
    MAP_KEYS,
    MAX_SCALE,
    MIN_SCALE,
    WHEEL_STEP,
    paint_notice,
    token_tip,
)

__all__ = ["MAP_KEYS", "MapView", "ruler_lines"]


class _MapLink(DocumentLink):
    """The map's link to its document; detaching it (the tab closes) also lets the
    background picture go, whether or not the view itself is deleted soon."""

    def __init__(self, document: QObject, owner: QObject, on_detach: Callable[[], None]) -> None:
        super().__init__(document, owner)
        self._on_detach = on_detach

    def detach(self) -> None:
        super().detach()
        self._on_detach()


MAP_ASPECTS = frozenset({"roster", "sheets", "positions", "setup", "turn"})


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

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        read_only: bool = False,
        rings: bool = True,
    ) -> None:
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
        self.picture: MapPicture = picture_of(document.encounter, document.selected, rings=rings)
        self.frame = MapFrame.fitted(self.picture.bounds(), 640, 480)
        self.auto_fit = True
        self._pressing = False
        self.paint_mode = False
        self.paint_rating = 1
        self.paint_wall = True
        self.ruler: Ruler | None = None
        self.redraws = 0
        self._drag: Drag | None = None
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
        """Read the document again and repaint (following the action while the map is
        fitted: a new selection far off, or someone leaving the view, refits)."""
        self.picture = picture_of(self.document.encounter, self.document.selected, rings=self.rings)
        self.redraws += 1
        self._enable_backdrop_actions()
        self.backdrop()  # asks for a new picture at once (the dialog's read is shared)
        if (
            self.auto_fit
            and self._drag is None
            and not self._pressing
            and (not self._holds(self._wanted_bounds()) or not self._names_fit())
        ):
            self.fit()
        self.update()

    def _holds(self, bounds: tuple[float, float, float, float]) -> bool:
        left, top, right, bottom = self.frame.visible()
        b_left, b_top, b_right, b_bottom = bounds
        return left <= b_left and top <= b_top and right >= b_right and bottom >= b_bottom

    def _fit_room(self) -> Room:
        """The map's surface and the room kept above and below the fitted map (the lowest
        names, the scale bar, the picture mode's banner)."""
        above, below = 0.0, self.style_.line + 8
        if self.backdrop_tool.active:
            above = self.backdrop_tool.banner_room()
            below = max(below, self.style_.small_metrics.height() + 12)
        return Room(self.width(), self.height(), above, below)

    def _names_fit(self) -> bool:
        """Every token on the map clear and named whole (a crowd: taken to be)."""
        return len(self.picture.tokens) > NEAREST_COUNTED or names_fit(
            self.frame, self.picture, self.style_
        )

    def _wanted_bounds(self) -> tuple[float, float, float, float]:
        """What a fit shows: everything when it reads, else the action."""
        return wanted_bounds(self.picture, self.style_, self._fit_room())

    def fit(self) -> None:
        """Show the fight at a readable size (:func:`~m3desk.ui.map.fit.fitted_frame`:
        everyone where every name shows whole, else the selected combatant and those in
        its reach, zoomed in until every name on the map does); while the picture is
        adjusted, the whole picture (its four handles). Follow the window size again."""
        self.auto_fit = True
        room = self._fit_room()
        picture = self.backdrop_tool.extent() if self.backdrop_tool.active else None
        if picture is None:
            self.frame = fitted_frame(self.picture, self.style_, room)
        else:
            # Tokens and terrain, not the rings: a bow's long range would shrink every name.
            bounds = self.picture.bounds()
            bounds = (
                min(bounds[0], picture[0]),
                min(bounds[1], picture[1]),
                max(bounds[2], picture[2]),
                max(bounds[3], picture[3]),
            )
            self.frame = room.whole(room.inner(bounds, most_scale(self.picture, self.style_)))
        self.update()

    def fit_all(self) -> None:
        """Every token and area, however small they get (the menu's Whole Map)."""
        room = self._fit_room()
        self.frame = room.whole(
            room.inner(self.picture.bounds(), most_scale(self.picture, self.style_))
        )
        self.auto_fit = False
        self.update()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        scale = min(max(self.frame.scale * factor, MIN_SCALE), MAX_SCALE)
        self.frame = self.frame.zoomed(scale / self.frame.scale, anchor)
        self.auto_fit = False
        self.update()

    def token_at(self, point: QPointF) -> MapToken | None:
        """The token under ``point`` (widget pixels); the selected one wins a tie."""
        radius = self.style_.radius(self.frame, self.picture.model) + 2
        hits = [
            t
            for t in self.picture.tokens
            if (self.frame.to_screen(t.x, t.y) - point).manhattanLength() <= radius * 1.4
            and _distance(self.frame.to_screen(t.x, t.y), point) <= radius
        ]
        hits.sort(
            key=lambda t: (
                t.combatant_id != self.picture.selected,
                _distance(self.frame.to_screen(t.x, t.y), point),
            )
        )
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

    def place_token(self, combatant_id: str, place: Place) -> bool:
        """The GM puts a token somewhere: no movement spent, no move's rules (one undo
        step, its log line)."""
        encounter = self.document.encounter
        here = encounter.places.get(combatant_id)
        if here is None or here == place:
            return False
        name = encounter.combatant(combatant_id).name
        model = encounter.position_model
        text = f"GM places {name} {model.label(model.measure(here, place))} away (no movement)"
        return self.document.apply(
            add_log(move_to(encounter, combatant_id, place), text, actor=combatant_id), text
        )

    def landing(self, combatant_id: str, place: Place) -> Place:
        """Where a drop at ``place`` lands (:func:`~m3desk.ui.map.drops.landing`)."""
        return landing(self.document.encounter, self.rules, combatant_id, place)

    def stop_at_allowance(self, combatant_id: str, origin: Place, target: Place) -> Place | None:
        """The farthest grid point the allowance covers on the way
        (:func:`~m3desk.ui.map.drops.stop_at_allowance`)."""
        return stop_at_allowance(self.document.encounter, self.rules, combatant_id, origin, target)

    def drop(
        self,
        combatant_id: str,
        origin: Place,
        target: Place,
        check: MoveCheck | None,
        *,
        placing: bool = False,
    ) -> bool:
        """A token let go at ``target``: placed by the GM, moved by the rules, asked about
        when over the allowance, refused where the rules forbid the move."""
        if target == origin:
            return False
        if placing:
            return self.place_token(combatant_id, target)
        check = check or self.preview(combatant_id, target)
        unit = self.picture.model.unit
        if check.blocked:
            self.said.emit(" — ".join(ruler_lines(check, unit)))
            return False
        if check.over:
            from m3desk.ui.map import over_allowance

            stop = self.stop_at_allowance(combatant_id, origin, target)
            name = self.document.encounter.combatant(combatant_id).name
            stop_words = (
                None if stop is None else f"{self.picture.model.measure(origin, stop)} {unit}"
            )
            choice = over_allowance.ask_over_allowance(
                self, name, ruler_lines(check, unit)[0], stop_words
            )
            if choice is over_allowance.OverChoice.CANCEL:
                return False
            if choice is over_allowance.OverChoice.STOP:
                if stop is None:
                    return False
                target = stop
        return self.move_token(combatant_id, target)

    def step_selected(self, dx: int, dy: int, dz: int = 0) -> bool:
        """One grid step of the selected combatant, across or (``dz``) up or down (a run
        of steps is one undo step)."""
        selected = self.document.selected
        here = self.document.encounter.places.get(selected)
        if self.read_only or here is None or (dz and not self.picture.model.height):
            return False
        # Steps across and climbs are runs of their own: a climb then a walk is two moves.
        kind = "climb" if dz else "walk"
        return self.move_token(
            selected,
            stepped(self.picture.model, here, dx, dy, dz),
            run=f"map-step:{selected}:{kind}",
        )

    def add_area(self, area: Area) -> bool:
        kind = "a wall" if area.wall else f"difficult ground (DR {area.rating})"
        return self.document.apply(
            with_area(self.document.encounter, area), f"Paint {kind} on the map"
        )

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
            # The squares the drag will paint, not the pointer's own rectangle.
            area = self._painted_area(*self._rubber)
            if area is not None:
                rubber = QRectF(
                    self.frame.to_screen(area.x, area.y),
                    self.frame.to_screen(area.x + area.width, area.y + area.height),
                )
        self.painted = paint_map(
            painter,
            self.frame,
            self.picture,
            self.style_,
            backdrop=image,
            skip=skip,
            rubber=rubber,
            ground=self._ground,
        )
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
        paint_notice(painter, self.width(), self.height(), self.style_, text)

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
                paint_token(
                    painter,
                    self.frame,
                    token,
                    self.style_,
                    self.picture.model,
                    selected=True,
                    at=self.frame.to_screen(drag.target.x, drag.target.y),
                )
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
            self.read_only and event.button() == Qt.MouseButton.LeftButton
        ):
            self._pan = point
            return
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if self.backdrop_tool.active and self.backdrop_tool.press(event):
            return
        if self.paint_mode:  # the terrain tool paints wherever the drag begins
            self._rubber = (point, point)
            self.update()
            return
        token = self.token_at(point)
        if token is not None:
            self._pressing = True  # the map stays put under the pointer while it selects
            try:
                self.document.select(token.combatant_id)
            finally:
                self._pressing = False
            x, y = self.frame.to_units(point)
            self._drag = Drag(
                token.combatant_id,
                point,
                (token.x - x, token.y - y),
                Place.at(token.x, token.y, token.z),
            )
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
        self.drag_to(point, placing=_placing(event))

    def drag_to(self, point: QPointF, *, placing: bool = False) -> None:
        """The dragged token follows ``point``: snapped to the grid (in reach of a foe it is
        dropped on or beside), ruler and words updated; ``placing``: the GM places it."""
        drag = self._drag
        if drag is None:
            return
        x, y = self.frame.to_units(point)
        target = snapped(self.picture.model, x + drag.offset[0], y + drag.offset[1], drag.origin.z)
        target = self.landing(drag.combatant_id, target)
        if target != drag.target or placing != drag.placing:
            self.ruler = follow(
                drag, self.document.encounter, self.rules, self.picture.model, target, placing
            )
            self.said.emit(" — ".join(self.ruler.lines))
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
            area = self._painted_area(start, end)
            if area is not None:
                self.add_area(area)
            self.update()
            return
        drag = self._drag
        if drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        placing = _placing(event)
        if drag.dragging:
            self.drag_to(event.position(), placing=placing)
        self._end_drag()
        if drag.dragging and drag.target is not None:
            self.drop(
                drag.combatant_id,
                drag.origin,
                drag.target,
                None if placing else drag.check,
                placing=placing,
            )

    def _painted_area(self, start: QPointF, end: QPointF) -> Area | None:
        """The terrain a paint drag from ``start`` to ``end`` (surface pixels) lays: every
        grid square it touches."""
        return area_between(
            self.picture.model,
            self.frame.to_units(start),
            self.frame.to_units(end),
            rating=self.paint_rating,
            wall=self.paint_wall or not self.picture.model.prices_terrain,
        )

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
        elif (
            key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)
            and self.picture.model.height
            and not self.read_only
        ):
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
        return token_tip(self.document.encounter, self.picture, token, read_only=self.read_only)


def _placing(event: QMouseEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)


def _distance(a: QPointF, b: QPointF) -> float:
    d = a - b
    return float((d.x() ** 2 + d.y() ** 2) ** 0.5)
