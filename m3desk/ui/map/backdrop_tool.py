"""Adjusting the background picture on the map itself (the map's Adjust Picture mode).

While the mode is on (the tools row's Adjust Picture button, the map menu's item, or B
on the map): a drag on the picture moves it; a drag on one of its corner handles scales
it about the opposite corner, keeping its proportions (Shift: free, across and down
apart); Calibrate (C) asks for two clicks on the picture and the distance between them in
the game's unit, and scales the picture so that they lie exactly that far apart; arrow
keys nudge it one grid step (Shift: a fifth of one). Escape cancels a drag or a
calibration under way, and otherwise leaves the mode. Each finished drag or calibration is
one undo step through :func:`~m3desk.ui.map.backdrop_edit.set_backdrop`, the edit the
Background Picture dialog's typed numbers make; a run of nudges is one step.

A frame of a drag is cheap: at its start the rest of the map (grid, terrain, rings,
tokens, legend) is drawn once onto a transparent layer and the picture once at its size
on screen; each frame then fills the background, draws the picture where it is dragged
and the layer over it (the tokens stay above the picture).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.places import Backdrop
from m3desk.ui.map.backdrop import file_pixel_size
from m3desk.ui.map.backdrop_edit import (
    calibrated,
    corners,
    extent,
    moved,
    pixels_between,
    scaled,
    set_backdrop,
)
from m3desk.ui.map.painter import MapFrame, MapStyle, backdrop_rect, paint_backdrop, paint_map

if TYPE_CHECKING:
    from m3desk.ui.map.view import MapView

__all__ = ["BackdropTool", "CalibrateDialog"]

ARROWS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}
NUDGE_RUN = "backdrop-nudge"
CURSORS = (
    Qt.CursorShape.SizeFDiagCursor,
    Qt.CursorShape.SizeBDiagCursor,
    Qt.CursorShape.SizeFDiagCursor,
    Qt.CursorShape.SizeBDiagCursor,
)
MOST_DRAG_PX = 4096
"""The picture drawn for a drag is at most this wide or tall (zoomed far in, the part on
screen is what matters, and a drag draws it scaled from this)."""


@dataclass
class _PictureDrag:
    corner: int | None
    """None: the whole picture moves; else the corner (0 top-left, clockwise) dragged."""
    press: QPointF
    origin: Backdrop
    current: Backdrop
    dragging: bool = False
    layer: QPixmap | None = None
    picture: QPixmap | None = None


class BackdropTool:
    """The Adjust Picture mode of one :class:`MapView` (which calls it first with its
    mouse and key events while the mode is on)."""

    def __init__(self, view: MapView) -> None:
        self.view = view
        self.drag: _PictureDrag | None = None
        self.points: list[tuple[float, float]] | None = None
        """The calibration's clicks so far (None: no calibration under way)."""
        self.pointer: QPointF | None = None
        self.dialog: CalibrateDialog | None = None

    # -- state -----------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self.view.backdrop_action.isChecked()

    def spec(self) -> Backdrop | None:
        return self.view.picture.backdrop

    def size(self) -> tuple[float, float] | None:
        """The picture's size in its file's pixels (None: no picture that could be read)."""
        image, _error = self.view.backdrop()
        if image is None or image.isNull():
            return None
        return file_pixel_size(image)

    def extent(self) -> tuple[float, float, float, float] | None:
        """The picture's (left, top, right, bottom) on the map, if it can be read."""
        spec, size = self.shown(), self.size()
        return extent(spec, size) if spec is not None and size is not None else None

    def shown(self) -> Backdrop | None:
        """The picture as it lies now: where a drag has it, else where the encounter has it."""
        return self.drag.current if self.drag is not None else self.spec()

    def status(self) -> str:
        unit = self.view.picture.model.unit
        if self.points is not None:
            if not self.points:
                return (
                    "Calibrate: click a first point on the picture (a square's corner, "
                    "a wall's end). Esc cancels."
                )
            return (
                f"Calibrate: click a second point a known distance (in {unit}) from the "
                "first. Esc cancels."
            )
        return (
            "Picture: drag to move, a corner to scale (Shift: free); arrows nudge; "
            "C calibrates; Esc ends."
        )

    def banner(self) -> str:
        """The mode in a few words on the map itself (the status beside the tools may
        have no room in a short pane)."""
        if self.points is not None:
            which = "first" if not self.points else "second"
            return f"Calibrate: click the {which} point · Esc cancels"
        return "Adjusting the picture · Esc ends"

    def banner_room(self) -> float:
        """The height the banner takes at the map's top."""
        return _banner_box(self.view.style_, "").bottom()

    def say(self) -> None:
        self.view.said.emit(self.status() if self.active else "")

    def changed(self, on: bool) -> None:
        """The mode went on or off."""
        if not on:
            self.cancel()
            self.points = None
        view = self.view
        view.setMouseTracking(on)
        whole = self.extent()
        # All four handles in sight on the way in; the tokens alone again on the way out
        # (if the map was following them).
        if (on and whole is not None and not _holds(view.frame.visible(), whole)) or (
            not on and view.auto_fit
        ):
            view.fit()
        if on:
            view.setCursor(Qt.CursorShape.SizeAllCursor)
            view.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            view.unsetCursor()
        self.say()
        view.update()

    # -- where things are on screen --------------------------------------------------------

    def handle_size(self) -> float:
        """A handle's side in pixels: a finger's target, growing with the text size."""
        return max(12.0, self.view.style_.line * 0.9)

    def handle_at(self, point: QPointF) -> int | None:
        spec, size = self.shown(), self.size()
        if spec is None or size is None:
            return None
        reach = self.handle_size() * 0.8
        frame = self.view.frame
        found = [
            (
                abs(frame.to_screen(*c).x() - point.x()) + abs(frame.to_screen(*c).y() - point.y()),
                index,
            )
            for index, c in enumerate(corners(spec, size))
            if abs(frame.to_screen(*c).x() - point.x()) <= reach
            and abs(frame.to_screen(*c).y() - point.y()) <= reach
        ]
        return min(found)[1] if found else None

    def on_picture(self, point: QPointF) -> bool:
        spec, size = self.shown(), self.size()
        if spec is None or size is None:
            return False
        x, y = self.view.frame.to_units(point)
        left, top = spec.x, spec.y
        return (
            left <= x <= left + size[0] * spec.per_pixel
            and top <= y <= top + size[1] * spec.down_per_pixel
        )

    def cursor_for(self, point: QPointF) -> Qt.CursorShape:
        if self.points is not None:
            return Qt.CursorShape.CrossCursor
        corner = self.handle_at(point)
        if corner is not None:
            return CURSORS[corner]
        if self.on_picture(point):
            return Qt.CursorShape.SizeAllCursor
        return Qt.CursorShape.ArrowCursor

    # -- mouse -----------------------------------------------------------------------------

    def press(self, event: QMouseEvent) -> bool:
        """Take a left press meant for the picture; False leaves it to the map (a pan)."""
        if event.button() != Qt.MouseButton.LeftButton or self.spec() is None:
            return False
        point = event.position()
        if self.points is not None:
            self._calibration_click(point)
            return True
        corner = self.handle_at(point)
        if corner is None and not self.on_picture(point):
            return False
        spec = self.spec()
        assert spec is not None
        self.drag = _PictureDrag(corner, point, spec, spec)
        return True

    def move(self, event: QMouseEvent) -> bool:
        point = event.position()
        if self.points is not None:
            self.pointer = point
            self.view.update()
            return True
        drag = self.drag
        if drag is None:
            self.view.setCursor(self.cursor_for(point))
            return False
        if not drag.dragging:
            if (point - drag.press).manhattanLength() < QApplication.startDragDistance():
                return True
            drag.dragging = True
            self._cache(drag)
        self.drag_to(point, free=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        return True

    def drag_to(self, point: QPointF, *, free: bool = False) -> None:
        drag, size = self.drag, self.size()
        if drag is None or size is None:
            return
        frame = self.view.frame
        if drag.corner is None:
            x0, y0 = frame.to_units(drag.press)
            x1, y1 = frame.to_units(point)
            drag.current = moved(drag.origin, x1 - x0, y1 - y0)
        else:
            least = max(self.view.picture.model.step, 1e-3)
            drag.current = scaled(
                drag.origin, size, drag.corner, frame.to_units(point), free=free, least=least
            )
        self.view.update()

    def release(self, event: QMouseEvent) -> bool:
        drag = self.drag
        if drag is None:
            return self.points is not None
        if event.button() != Qt.MouseButton.LeftButton:
            return True
        if drag.dragging:
            self.drag_to(
                event.position(), free=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            )
        self.drag = None
        self.view.update()
        if drag.dragging and drag.current != drag.origin:
            set_backdrop(self.view.document, drag.current, self._words(drag))
        self.say()
        return True

    def _words(self, drag: _PictureDrag) -> str:
        unit = self.view.picture.model.unit
        if drag.corner is None:
            dx = drag.current.x - drag.origin.x
            dy = drag.current.y - drag.origin.y
            return f"Move the background picture ({dx:+g} {unit} across, {dy:+g} {unit} down)"
        step = self.view.picture.model.step
        return (
            f"Scale the background picture (a {step:g}-{unit} square spans "
            f"{step / drag.current.per_pixel:.1f} px)"
        )

    def cancel(self) -> bool:
        """Escape: a drag or a calibration under way is dropped, nothing changed."""
        if self.drag is not None:
            self.drag = None
            self.view.update()
            self.say()
            return True
        if self.points is not None:
            self.points = None
            self.pointer = None
            self.view.update()
            self.say()
            return True
        return False

    # -- keys ------------------------------------------------------------------------------

    def key(self, event: QKeyEvent) -> bool:
        key = event.key()
        modifiers = event.modifiers()
        if modifiers & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        if key == Qt.Key.Key_Escape:
            if not self.cancel():
                self.view.backdrop_action.setChecked(False)
            return True
        if key in ARROWS and self.drag is None:
            dx, dy = ARROWS[Qt.Key(key)]
            fine = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            self.nudge(dx, dy, fine=fine)
            return True
        return False

    def nudge(self, dx: int, dy: int, *, fine: bool = False) -> bool:
        """The picture one grid step (``fine``: a fifth of one) that way; a run of nudges
        is one undo step."""
        document = self.view.document
        start = document.run_start(NUDGE_RUN)
        spec = (start if start is not None else document.encounter).backdrop
        now = document.encounter.backdrop
        if spec is None or now is None:
            return False
        step = self.view.picture.model.step or 1
        amount = step / 5 if fine else step
        target = moved(now, dx * amount, dy * amount)
        total_x, total_y = target.x - spec.x, target.y - spec.y
        unit = self.view.picture.model.unit
        return set_backdrop(
            document,
            target,
            f"Nudge the background picture ({total_x:+g} {unit} across, {total_y:+g} {unit} down)",
            run=NUDGE_RUN,
        )

    # -- calibration -----------------------------------------------------------------------

    def start_calibration(self) -> None:
        if self.spec() is None or self.size() is None:
            return
        if not self.active:
            self.view.backdrop_action.setChecked(True)
        self.cancel()
        self.points = []
        self.pointer = None
        self.view.setCursor(Qt.CursorShape.CrossCursor)
        self.say()
        self.view.update()

    def _calibration_click(self, point: QPointF) -> None:
        assert self.points is not None
        if not self.on_picture(point):
            self.view.said.emit("Calibrate: click on the picture itself. Esc cancels.")
            return
        self.points.append(self.view.frame.to_units(point))
        self.view.update()
        if len(self.points) < 2:
            self.say()
            return
        spec = self.spec()
        assert spec is not None
        first, second = self.points
        dialog = CalibrateDialog(
            spec,
            first,
            second,
            self.view.picture.model.unit,
            self.view.picture.model.step,
            self.view,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(
            lambda: self._calibrate(spec, first, second, dialog.distance.value())
        )
        dialog.finished.connect(lambda _result: self._calibration_over())
        self.dialog = dialog
        dialog.open()

    def _calibrate(
        self,
        spec: Backdrop,
        first: tuple[float, float],
        second: tuple[float, float],
        distance: float,
    ) -> None:
        unit = self.view.picture.model.unit
        pixels = pixels_between(spec, first, second)
        set_backdrop(
            self.view.document,
            calibrated(spec, first, second, distance),
            f"Calibrate the background picture ({pixels:.0f} px = {distance:g} {unit})",
        )

    def _calibration_over(self) -> None:
        self.points = None
        self.pointer = None
        self.dialog = None
        if self.active:
            self.view.setCursor(Qt.CursorShape.SizeAllCursor)
        self.say()
        self.view.update()

    # -- painting --------------------------------------------------------------------------

    def _cache(self, drag: _PictureDrag) -> None:
        """The map without its picture, once, on a transparent layer; the picture once at
        its size on screen (at most :data:`MOST_DRAG_PX` a side)."""
        view = self.view
        ratio = view.devicePixelRatioF()
        layer = QPixmap(math.ceil(view.width() * ratio), math.ceil(view.height() * ratio))
        layer.setDevicePixelRatio(ratio)
        layer.fill(Qt.GlobalColor.transparent)
        painter = QPainter(layer)
        paint_map(
            painter,
            view.frame,
            dataclasses.replace(view.picture, backdrop=None),
            view.style_,
            fill=False,
        )
        painter.end()
        drag.layer = layer
        image, _error = view.backdrop()
        if image is not None and not image.isNull():
            rect = backdrop_rect(view.frame, drag.origin, image)
            wanted = QSize(
                max(1, min(math.ceil(rect.width() * ratio), MOST_DRAG_PX)),
                max(1, min(math.ceil(rect.height() * ratio), MOST_DRAG_PX)),
            )
            # Faded onto the map's background once, so a frame copies it opaque.
            picture = QPixmap(wanted)
            picture.setDevicePixelRatio(ratio)
            picture.fill(view.style_.colours.base)
            painter = QPainter(picture)
            paint_backdrop(painter, QRectF(QPointF(0, 0), QSizeF(wanted) / ratio), image)
            painter.end()
            drag.picture = picture

    def paint_drag(self, painter: QPainter) -> bool:
        """A frame of a drag under way (False: none; the map paints as usual)."""
        drag = self.drag
        if drag is None or not drag.dragging or drag.layer is None:
            return False
        view = self.view
        image, _error = view.backdrop()
        target = backdrop_rect(view.frame, drag.current, image) if image is not None else QRectF()
        # The background only around the picture (it is opaque, faded onto it already).
        for rect in _around(QRectF(view.rect()), target.adjusted(1, 1, -1, -1)):
            painter.fillRect(rect, view.style_.colours.base)
        if drag.picture is not None and image is not None:
            ratio = drag.picture.devicePixelRatio()
            size = QSizeF(drag.picture.size()) / ratio
            if abs(target.width() - size.width()) < 1 and abs(target.height() - size.height()) < 1:
                # Moved, not scaled: a plain copy at a whole pixel, the quickest there is.
                painter.drawPixmap(target.topLeft().toPoint(), drag.picture)
            else:
                painter.drawPixmap(target, drag.picture, QRectF(drag.picture.rect()))
        painter.drawPixmap(0, 0, drag.layer)
        self.paint_marks(painter)
        return True

    def paint_marks(self, painter: QPainter) -> None:
        """The picture's outline and corner handles, and a calibration's points."""
        spec, size = self.shown(), self.size()
        if not self.active or spec is None or size is None:
            return
        # The handles over the banner: a corner under it stays a target.
        paint_banner(painter, self.view.style_, self.banner())
        paint_handles(
            painter,
            self.view.frame,
            self.view.style_,
            [self.view.frame.to_screen(*c) for c in corners(spec, size)],
            self.handle_size(),
        )
        if self.points is not None:
            marks = [self.view.frame.to_screen(*p) for p in self.points]
            if len(marks) == 1 and self.pointer is not None:
                marks.append(self.pointer)
            label = ""
            if len(marks) == 2:
                ends = [self.view.frame.to_units(m) for m in marks]
                label = f"{math.dist(*ends):.1f} {self.view.picture.model.unit} now"
            paint_calibration(painter, self.view.style_, marks, label)


def _holds(
    outer: tuple[float, float, float, float], inner: tuple[float, float, float, float]
) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and outer[2] >= inner[2]
        and outer[3] >= inner[3]
    )


def _around(whole: QRectF, hole: QRectF) -> list[QRectF]:
    """The parts of ``whole`` outside ``hole``: at most four bands."""
    hole = hole.intersected(whole)
    if hole.isEmpty():
        return [whole]
    return [
        r
        for r in (
            QRectF(whole.left(), whole.top(), whole.width(), hole.top() - whole.top()),
            QRectF(whole.left(), hole.bottom(), whole.width(), whole.bottom() - hole.bottom()),
            QRectF(whole.left(), hole.top(), hole.left() - whole.left(), hole.height()),
            QRectF(hole.right(), hole.top(), whole.right() - hole.right(), hole.height()),
        )
        if r.width() > 0 and r.height() > 0
    ]


def _ink_and_paper(style: MapStyle) -> tuple[QColor, QColor]:
    """A colour and its opposite that read on any picture: the highlight on a halo."""
    return style.colours.highlight, QColor(255, 255, 255) if not style.colours.dark else QColor(
        0, 0, 0
    )


def paint_handles(
    painter: QPainter, frame: MapFrame, style: MapStyle, points: list[QPointF], side: float
) -> None:
    """A dashed outline through the four corners and a square handle on each, drawn twice
    (a wide halo, then the highlight) so they read on a light or a dark picture."""
    ink, halo = _ink_and_paper(style)
    painter.save()
    # Square to the screen: crisp and quick without antialiasing (a drag paints it at
    # every frame).
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    outline = [*points, points[0]]
    painter.setPen(QPen(halo, 4))
    painter.drawPolyline(outline)
    dashed = QPen(ink, 2, Qt.PenStyle.DashLine)
    painter.setPen(dashed)
    painter.drawPolyline(outline)
    for point in points:
        box = QRectF(point.x() - side / 2, point.y() - side / 2, side, side)
        painter.setPen(QPen(halo, 2))
        painter.setBrush(ink)
        painter.drawRect(box)
    painter.restore()


def _banner_box(style: MapStyle, text: str) -> QRectF:
    pad = max(4.0, style.line * 0.3)
    return QRectF(pad, pad, style.bold_metrics.horizontalAdvance(text) + 2 * pad, style.line + pad)


def paint_banner(painter: QPainter, style: MapStyle, text: str) -> None:
    """A chip at the map's top-left corner saying which mode is on (the legend keeps the
    top-right)."""
    box = _banner_box(style, text)
    pad = box.top()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(style.colours.highlight, 2))
    painter.setBrush(style.colours.base)
    painter.drawRoundedRect(box, pad, pad)
    painter.setFont(style.bold)
    painter.setPen(style.colours.text)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def paint_calibration(
    painter: QPainter, style: MapStyle, marks: list[QPointF], label: str = ""
) -> None:
    """The calibration's points, the line between them and how long it is now."""
    ink, halo = _ink_and_paper(style)
    reach = max(6.0, style.line * 0.45)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for pen in (QPen(halo, 4), QPen(ink, 2)):
        painter.setPen(pen)
        if len(marks) == 2:
            painter.drawLine(marks[0], marks[1])
        for mark in marks:
            painter.drawLine(mark + QPointF(-reach, 0), mark + QPointF(reach, 0))
            painter.drawLine(mark + QPointF(0, -reach), mark + QPointF(0, reach))
    if label and len(marks) == 2:
        width = style.metrics.horizontalAdvance(label) + 8
        box = QRectF(marks[1].x() + reach, marks[1].y() - reach - style.line, width, style.line)
        painter.setPen(QPen(ink, 1))
        painter.setBrush(style.colours.base)
        painter.drawRect(box)
        painter.setFont(style.font)
        painter.setPen(style.colours.text)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
    painter.restore()


class CalibrateDialog(QDialog):
    """How far apart the two points clicked on the picture are, in the game's unit."""

    def __init__(
        self,
        spec: Backdrop,
        first: tuple[float, float],
        second: tuple[float, float],
        unit: str,
        step: float,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("map_calibrate_dialog")
        self.setWindowTitle("Calibrate the Picture")
        pixels = pixels_between(spec, first, second)
        now = math.dist(first, second)
        explain = QLabel(
            f"The two points are {pixels:.0f} pixels apart on the picture "
            f"({now:.1f} {unit} on the map as it lies now). How far apart are "
            "they in the game? The picture is scaled to match; the first point "
            "stays where it is.",
            self,
        )
        explain.setTextFormat(Qt.TextFormat.PlainText)
        explain.setWordWrap(True)
        self.distance = QDoubleSpinBox(self)
        self.distance.setObjectName("calibrate_distance")
        self.distance.setAccessibleName(f"Distance in {unit}")
        self.distance.setRange(0.1, 100_000)
        self.distance.setDecimals(1)
        self.distance.setSuffix(f" {unit}")
        self.distance.setValue(max(step, step * round(now / step)) if step else now)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.distance)
        layout.addWidget(self.buttons)
        self.resize(max(420, self.sizeHint().width()), self.sizeHint().height())
        self.distance.setFocus()
        self.distance.selectAll()
