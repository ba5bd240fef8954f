"""The range board's view: fits the rings to the window, zooms on Ctrl+wheel, takes keys.

It follows its own palette and font (theme switches arrive as change events) and shows
keyboard focus as a ring around the focused token while it has focus.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer
from PySide6.QtGui import (
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

from m3desk.ui.board.board_scene import BoardScene
from m3desk.ui.board.keyboard_navigation import KeyboardNavigation
from m3desk.ui.board.token_drag import TokenDragInteraction

MAX_FIT_SCALE = 1.4
"""A board with two combatants should not show tokens the size of buttons."""
MIN_ZOOM, MAX_ZOOM = 0.1, 5.0
REFIT_GROWTH = 1.25
"""After a layout change the zoom stays unless the rings no longer fit or could grow by more
than this: clicking from combatant to combatant should not pump the board in and out."""
WHEEL_STEP = 1.0015
"""Zoom factor per eighth of a degree: one wheel notch (120) zooms by about 20 %."""
MIN_LANE_ZOOM = 0.8
"""Lanes shrink to fit a short pane down to this, then scroll: names stay readable."""
AUTOSCROLL_EDGE = 24
"""A token dragged this close (pixels) to the top or bottom of a scrolling board scrolls it."""
AUTOSCROLL_MS = 30


class BoardView(QGraphicsView):
    """Shows a :class:`BoardScene`; fits it on resize until the user zooms by hand."""

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._board = scene
        self._navigation = KeyboardNavigation(scene)
        self._auto_fit = True
        self._fitting = False
        self._autoscroll = QTimer(self)
        self._autoscroll.setInterval(AUTOSCROLL_MS)
        self._autoscroll.timeout.connect(self._autoscroll_step)
        self._pointer = QPoint()
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        # The rings are the scene's background (see RingPainter): cache them so a drag
        # repaints only the token under the pointer.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setAccessibleName("Range board")
        scene.layout_changed.connect(self._on_layout_changed)
        scene.focus_changed.connect(self._on_focus_changed)
        scene.set_style(self.font(), self.palette())

    @property
    def board(self) -> BoardScene:
        return self._board

    @property
    def navigation(self) -> KeyboardNavigation:
        return self._navigation

    @property
    def auto_fit(self) -> bool:
        return self._auto_fit

    def zoom(self) -> float:
        return self.transform().m11()

    def set_lanes(self, lanes: bool) -> None:
        """Show the bands as lanes (rows, names at full size) or as rings."""
        self.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if lanes else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.setAlignment(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            if lanes
            else Qt.AlignmentFlag.AlignCenter
        )
        self._board.set_lanes(lanes)
        self.fit()

    def fit(self) -> None:
        """Show all rings; back to following the window size."""
        self._auto_fit = True
        if self._board.lanes:
            self._fit_lanes()
            return
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > MAX_FIT_SCALE:
            self.resetTransform()
            self.scale(MAX_FIT_SCALE, MAX_FIT_SCALE)
            self.centerOn(0, 0)

    def _fit_lanes(self) -> None:
        """Lanes at full size across the pane; when they are taller than it, a smaller zoom
        (the lanes then reflow wider, so fewer rows) down to :data:`MIN_LANE_ZOOM`, then
        the pane scrolls."""
        if self._fitting:
            return
        self._fitting = True
        try:
            width = max(self.viewport().width(), 1)
            height = max(self.viewport().height(), 1)
            zoom = 1.0
            for _attempt in range(4):
                needed = height / max(self._board.lanes_height(width / zoom), 1.0)
                if needed >= zoom - 1e-3 or zoom <= MIN_LANE_ZOOM:
                    break
                zoom = max(MIN_LANE_ZOOM, min(needed, zoom - 0.02))
            self._board.set_lane_width(width / zoom)
            if abs(self.zoom() - zoom) > 1e-9:
                self.resetTransform()
                self.scale(zoom, zoom)
        finally:
            self._fitting = False

    def _follow_lane_width(self) -> None:
        """Zoomed by hand: the lanes reflow to the pane's width at that zoom."""
        if self._fitting:
            return
        self._fitting = True
        try:
            self._board.set_lane_width(self.viewport().width() / self.zoom())
        finally:
            self._fitting = False

    def fitted_zoom(self) -> float:
        """The zoom :meth:`fit` would choose (``fitInView`` keeps a 2-pixel margin)."""
        view = self.viewport().rect().adjusted(2, 2, -2, -2)
        scene = self.sceneRect()
        if scene.isEmpty() or view.isEmpty():
            return 1.0
        return min(view.width() / scene.width(), view.height() / scene.height(), MAX_FIT_SCALE)

    def zoom_by(self, factor: float) -> None:
        """Zoom by hand: stays until :meth:`fit` (Ctrl+0 or a double click on the rings)."""
        target = min(max(self.zoom() * factor, MIN_ZOOM), MAX_ZOOM)
        factor = target / self.zoom()
        self._auto_fit = False
        self.scale(factor, factor)
        if self._board.lanes:
            self._follow_lane_width()

    def _on_layout_changed(self) -> None:
        if not self._auto_fit or self._fitting:
            return
        if self._board.lanes:
            self._fit_lanes()
            return
        fitted, current = self.fitted_zoom(), self.zoom()
        if fitted < current - 1e-9 or fitted > current * REFIT_GROWTH:
            self.fit()
        else:
            self.centerOn(self.sceneRect().center())

    def _on_focus_changed(self, combatant_id: str) -> None:
        token = self._board.token(combatant_id)
        if token is None:
            return
        facts = token.facts
        band = facts.position_label if facts.band is not None else "centre"
        reach = ", ".join(facts.reach) or "out of reach"
        self.setAccessibleDescription(f"{facts.name}, {facts.side}, {band}: {reach}")
        # Keys may walk focus off screen (lanes scroll); a press must not scroll the board
        # under the pointer it is about to drag.
        pressed = QApplication.mouseButtons() != Qt.MouseButton.NoButton
        if (not self._auto_fit or self._board.lanes) and not pressed:
            self.ensureVisible(token.sceneBoundingRect(), 8, 8)

    # -- events ----------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()
        elif self._board.lanes:
            self._follow_lane_width()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._auto_fit:
            self.fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._board.set_style(self.font(), self.palette())

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(WHEEL_STEP ** event.angleDelta().y())
            event.accept()
            return
        super().wheelEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._pointer = event.position().toPoint()
        if self._autoscroll_speed() and isinstance(self._board.interaction, TokenDragInteraction):
            if not self._autoscroll.isActive():
                self._autoscroll.start()
        else:
            self._autoscroll.stop()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._autoscroll.stop()
        super().mouseReleaseEvent(event)

    def _autoscroll_speed(self) -> int:
        """Pixels per step: more the deeper the pointer is into the top or bottom edge."""
        y, height = self._pointer.y(), self.viewport().height()
        if y < AUTOSCROLL_EDGE:
            return -max(2, (AUTOSCROLL_EDGE - y) // 2)
        if y > height - AUTOSCROLL_EDGE:
            return max(2, (y - height + AUTOSCROLL_EDGE) // 2)
        return 0

    def _autoscroll_step(self) -> None:
        """Scroll toward the edge the dragged token is at; the token stays under the pointer."""
        interaction = self._board.interaction
        bar = self.verticalScrollBar()
        speed = self._autoscroll_speed()
        at_end = bar.value() <= bar.minimum() if speed < 0 else bar.value() >= bar.maximum()
        if not isinstance(interaction, TokenDragInteraction) or not speed or at_end:
            self._autoscroll.stop()
            return
        bar.setValue(bar.value() + speed)
        interaction.follow(self.mapToScene(self._pointer))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self._board.token_at(self.mapToScene(event.position().toPoint())) is None:
            self.fit()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            key = event.key()
            if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
                self.zoom_by(1.25)
                return
            if key == Qt.Key.Key_Minus:
                self.zoom_by(0.8)
                return
            if key == Qt.Key.Key_0:
                self.fit()
                return
        if self._navigation.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab walks the tokens; past the last one it leaves the board as usual."""
        if self.hasFocus() and self._navigation.step_focus(next, wrap=False):
            return True
        return super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        reason = event.reason()
        if reason == Qt.FocusReason.TabFocusReason:
            self._navigation.focus_edge(first=True)
        elif reason == Qt.FocusReason.BacktabFocusReason:
            self._navigation.focus_edge(first=False)
        elif not self._board.focused_id:
            self._navigation.focus_edge(first=True)
        self._board.set_show_focus(True)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._board.set_show_focus(False)
