"""The range board's scene: rings around the centre combatant and one token per other one.

It knows nothing of documents: it shows a :class:`BoardSnapshot` and reports what the
user asks for (``centre_requested``, ``band_requested``); the controller turns requests
into commands. Showing a new snapshot reuses every token item, repaints only tokens whose
facts changed, and runs the ring layout only when band membership changed.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from m3desk.ui.board.board_colours import BoardColours
from m3desk.ui.board.board_snapshot import EMPTY_SCALE, BoardSnapshot
from m3desk.ui.board.interaction import BoardInteraction
from m3desk.ui.board.lane_layout import LANE_GAP, Chip, LaneLayout, layout_lanes
from m3desk.ui.board.lane_painter import LanePainter
from m3desk.ui.board.ring_layout import RingLayout, layout_rings
from m3desk.ui.board.ring_painter import RingPainter
from m3desk.ui.board.token_drag import TokenDragInteraction
from m3desk.ui.board.token_facts import TokenFacts
from m3desk.ui.board.token_item import TokenItem, caption_for
from m3desk.ui.board.token_metrics import PADDING, TokenMetrics, distinct_initials, wrap_name
from m3desk.ui.plain_text import show_tooltip

SCENE_MARGIN = 16.0
EMPTY_HINT = "Add combatants to the encounter to see their ranges"
LANE_LABEL_SHARE = 0.35
"""In lanes, labels take at most this share of the width (longer ones are elided; the lane's
tooltip says them in full), so chips keep the room."""
DEFAULT_LANE_WIDTH = 400.0


class BoardScene(QGraphicsScene):
    """Rings, tokens and the current mouse mode.

    Signals:
        centre_requested(str): make this combatant the centre (a click, or Enter).
        band_requested(str, int): put this combatant in this ring around the centre (a
            drop, or +/− on a band board).
        position_requested(str, int): put this combatant at this position from the centre
            (+/− on a distance board).
        layout_changed(): the rings changed size; views refit.
        focus_changed(str): the keyboard focus moved to this combatant.
    """

    centre_requested = Signal(str)
    band_requested = Signal(str, int)
    position_requested = Signal(str, int)
    layout_changed = Signal()
    focus_changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Tokens move on every redraw and during drags; a BSP index would be rebuilt more
        # often than it is queried (Qt's advice for dynamic scenes).
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._metrics = TokenMetrics.from_font(QApplication.font())
        self._colours = BoardColours.from_palette(QApplication.palette())
        self._snapshot = BoardSnapshot(None, (), EMPTY_SCALE, ())
        self._tokens: dict[str, TokenItem] = {}
        self._rings: RingPainter | LanePainter | None = None
        self._lanes = False
        self._lane_width = DEFAULT_LANE_WIDTH
        self._marks_key: tuple[str, ...] = ()
        self._marks: dict[str, str] = {}
        self._font = QApplication.font()
        self._hint = QGraphicsSimpleTextItem(EMPTY_HINT)
        self._hint.setZValue(20)
        self.addItem(self._hint)
        self._layout_key: object = None
        self._layout: RingLayout | LaneLayout | None = None
        self._interaction: BoardInteraction | None = None
        self._focused_id = ""
        self._show_focus = False
        self._relayout(force=True)

    # -- content ---------------------------------------------------------------------------

    @property
    def snapshot(self) -> BoardSnapshot:
        return self._snapshot

    @property
    def ring_layout(self) -> RingLayout:
        """The rings' geometry (the board shows rings)."""
        assert isinstance(self._layout, RingLayout)
        return self._layout

    @property
    def lane_layout(self) -> LaneLayout:
        """The lanes' geometry (the board shows lanes)."""
        assert isinstance(self._layout, LaneLayout)
        return self._layout

    @property
    def board_layout(self) -> RingLayout | LaneLayout:
        """Whichever layout the board shows: positions, anchors, ``band_at``, bounds."""
        assert self._layout is not None
        return self._layout

    # -- presentation ----------------------------------------------------------------------

    @property
    def lanes(self) -> bool:
        """True when the bands show as lanes (rows) rather than rings."""
        return self._lanes

    def set_lanes(self, lanes: bool) -> None:
        """Rings or lanes: the tokens take the matching shape and everything is laid out
        again."""
        if lanes == self._lanes:
            return
        self._lanes = lanes
        self._restyle(TokenMetrics.from_font(self._font, chips=lanes), self._colours)

    @property
    def lane_width(self) -> float:
        return self._lane_width

    def set_lane_width(self, width: float) -> None:
        """The width the lanes fill (scene units): the view's width at its zoom."""
        width = max(float(width), 1.0)
        if abs(width - self._lane_width) < 0.5:
            return
        self._lane_width = width
        if self._lanes:
            self._relayout()

    def lanes_height(self, width: float) -> float:
        """How tall the lanes would be at ``width``, without laying out any token (the view
        tries a few widths to find its zoom)."""
        labels = self._metrics.label_sizes(self._snapshot.scale.labels)
        return self._lanes_for(max(width, 1.0), self._snapshot.band_members(), labels).height

    def _lanes_for(
        self,
        width: float,
        members: tuple[tuple[str, ...], ...],
        labels: tuple[tuple[float, float], ...],
    ) -> LaneLayout:
        """The lanes at ``width``. No centre chip: the board's header names the centre, and
        a short pane keeps its height for the lanes. Long labels take two lines."""
        metrics = self._metrics
        column = min(max((w for w, _h in labels), default=0.0), max(width * LANE_LABEL_SHARE, 60.0))
        # Chips as wide as the longest name or caption needs, as far as the lane allows:
        # they read whole ("Gramfive the Gr…", "10 ft · dagger, sl…" before); beyond that
        # they are elided, whole in the tip.
        token = metrics.token
        widest = self._widest_chip_text() + 2 * token.marker_radius + 4 * PADDING + 2
        chip_width = max(token.width, min(widest, width - column - 3 * LANE_GAP))
        return layout_lanes(
            members,
            Chip(chip_width, token.height),
            metrics.lane_label_sizes(self._snapshot.scale.labels, column),
            width,
        )

    def _widest_chip_text(self) -> float:
        """The widest name or caption a chip of the snapshot's tokens draws."""
        names = self._metrics.name_metrics
        captions = self._metrics.caption_fonts
        return max(
            (
                max(
                    names.horizontalAdvance(t.name),
                    captions[not t.in_reach][1].horizontalAdvance(caption_for(t)),
                )
                for t in self._snapshot.tokens
            ),
            default=0.0,
        )

    def drop_point(self, band: int, near: QPointF) -> QPointF:
        """A point in ring or lane ``band`` close to ``near``: where a token dragged from
        ``near`` to that band would land."""
        layout = self.board_layout
        if isinstance(layout, LaneLayout):
            return QPointF(*layout.drop_point(band, near.x()))
        inner, outer = layout.radii[band]
        radius = (inner + outer) / 2
        angle = math.atan2(near.y(), near.x())
        return QPointF(radius * math.cos(angle), radius * math.sin(angle))

    @property
    def centre_id(self) -> str:
        return self._snapshot.centre.combatant_id if self._snapshot.centre else ""

    def token(self, combatant_id: str) -> TokenItem | None:
        return self._tokens.get(combatant_id)

    def tokens(self) -> list[TokenItem]:
        """Every token but the centre's."""
        return [item for item in self._tokens.values() if not item.facts.is_centre]

    @property
    def rings(self) -> RingPainter | LanePainter:
        """What paints the rings or lanes (and which one is the drop target)."""
        assert self._rings is not None
        return self._rings

    def show_snapshot(self, snapshot: BoardSnapshot) -> None:
        """Bring the board to ``snapshot``, touching only what differs."""
        if self._interaction is not None:
            self._interaction.cancel()
        previous_centre = self.centre_id
        self._snapshot = snapshot
        if self._rings is not None and self._rings.scale != snapshot.scale:
            self._rings.scale = snapshot.scale
            self._invalidate_rings()
        # The layout first (it needs only the snapshot), so each token takes its new facts
        # and its chip width in one pass.
        changed = self._update_layout()
        layout = self.board_layout
        chip_width = layout.chip_width if isinstance(layout, LaneLayout) else None
        wanted: list[TokenFacts] = [
            *([snapshot.centre] if snapshot.centre else []),
            *snapshot.tokens,
        ]
        ids = set()
        for facts in wanted:
            ids.add(facts.combatant_id)
            item = self._tokens.get(facts.combatant_id)
            if item is None:
                item = TokenItem(facts, self._metrics, self._colours)
                self._tokens[facts.combatant_id] = item
                self.addItem(item)
            item.set_facts(facts, None if facts.is_centre else chip_width)
        for gone in [i for i in self._tokens if i not in ids]:
            self.removeItem(self._tokens.pop(gone))
        names = tuple(facts.name for facts in wanted)
        if names != self._marks_key:  # names change with the roster, not the centre
            self._marks_key, self._marks = names, distinct_initials(names)
        marks = self._marks
        for facts in wanted:
            self._tokens[facts.combatant_id].set_mark(marks[facts.name])
        self._hint.setVisible(snapshot.centre is None)
        self._place_tokens()
        if changed:
            self.layout_changed.emit()
        self._fix_focus(previous_centre)

    def _relayout(self, *, force: bool = False) -> None:
        changed = self._update_layout(force=force)
        self._place_tokens()
        if changed:
            self.layout_changed.emit()

    def _update_layout(self, *, force: bool = False) -> bool:
        """Lay the rings or lanes out again if what they depend on changed; True if so."""
        members = self._snapshot.band_members()
        metrics = self._metrics
        labels = metrics.label_sizes(self._snapshot.scale.labels)
        width = self._lane_width if self._lanes else None
        key = (
            members,
            self._widest_chip_text() if self._lanes else None,  # captions change alone
            metrics.token,
            metrics.centre,
            labels,
            width,
            self._snapshot.centre is None,
        )  # the empty board's hint takes room
        if key == self._layout_key and not force:
            return False
        self._layout_key = key
        if width is not None:
            self._layout = self._lanes_for(width, members, labels)
        else:
            self._layout = layout_rings(members, metrics.token, metrics.centre, labels)
        self._place_rings(self._layout)
        return True

    def _place_tokens(self) -> None:
        layout = self.board_layout
        chip_width = layout.chip_width if isinstance(layout, LaneLayout) else None
        for combatant_id, item in self._tokens.items():
            anchor = (
                layout.centre_anchor if item.facts.is_centre else layout.positions[combatant_id]
            )
            item.setVisible(anchor is not None)
            if anchor is None:
                continue
            if not item.facts.is_centre:
                item.set_chip_width(chip_width)
            if item.pos() != QPointF(*anchor):
                item.setPos(*anchor)

    def _place_rings(self, layout: RingLayout | LaneLayout) -> None:
        x1, y1, x2, y2 = layout.bounds
        bounds = QRectF(x1, y1, x2 - x1, y2 - y1)
        if isinstance(layout, LaneLayout):
            self._rings = LanePainter(layout, self._snapshot.scale)
            # Above the lanes, wrapped to their width (the scene grows to hold it), so a
            # short pane shows it first.
            self._hint.setText(
                "\n".join(
                    wrap_name(
                        EMPTY_HINT,
                        self._metrics.name_metrics,
                        bounds.width() - 2 * LANE_GAP,
                        max_lines=4,
                    )
                )
            )
            height = self._hint.boundingRect().height()
            self._hint.setPos(LANE_GAP, -height - LANE_GAP)
            if self._snapshot.centre is None:
                bounds.setTop(-height - 2 * LANE_GAP)
            self.setSceneRect(bounds)  # the lanes fill the view's width exactly
        else:
            self._rings = RingPainter(layout, self._snapshot.scale)
            self._hint.setText(EMPTY_HINT)
            hint = self._hint.boundingRect()
            self._hint.setPos(-hint.width() / 2, layout.centre_radius + 8)
            self.setSceneRect(
                bounds.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN)
            )
        self._invalidate_rings()

    def band_at(self, position: QPointF) -> int:
        return self.board_layout.band_at(position.x(), position.y())

    def highlight_band(self, band: int | None) -> None:
        """Light up the ring a dragged token would land in (None: none).

        Redraws the cached rings once per band crossed, never per mouse move.
        """
        if self.rings.drop_target != band:
            self.rings.drop_target = band
            self._invalidate_rings()

    def _invalidate_rings(self) -> None:
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        if self._rings is not None:
            self._rings.paint(painter, self._colours, self._metrics)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """A token's tooltip (made when asked, not at every redraw); elsewhere, which band
        is under the pointer."""
        token = self.token_at(event.scenePos())
        if token is not None:
            show_tooltip(event.screenPos(), token.toolTip())
            event.accept()
            return
        if self._rings is None:
            super().helpEvent(event)
            return
        band = self.band_at(event.scenePos())
        show_tooltip(event.screenPos(), self._rings.tooltip(band))
        event.accept()

    # -- style -----------------------------------------------------------------------------

    def set_style(self, font: QFont, palette: QPalette) -> None:
        """Follow the view's font and palette (theme switches, font size changes)."""
        self._font = QFont(font)
        metrics = TokenMetrics.from_font(font, chips=self._lanes)
        colours = BoardColours.from_palette(palette)
        self._hint.setBrush(colours.text)
        self._hint.setFont(metrics.name_font)
        self.setBackgroundBrush(colours.background)
        if metrics == self._metrics and colours == self._colours:
            return
        self._restyle(metrics, colours)

    def _restyle(self, metrics: TokenMetrics, colours: BoardColours) -> None:
        self._metrics, self._colours = metrics, colours
        for item in self._tokens.values():
            item.set_style(metrics, colours)
        self._relayout(force=True)
        self._invalidate_rings()

    @property
    def colours(self) -> BoardColours:
        return self._colours

    # -- keyboard focus --------------------------------------------------------------------

    def focus_order(self) -> list[str]:
        """Tokens from the innermost ring outward, clockwise from the top within a ring
        (in lanes: row by row, left to right): the order a reader scans the board in."""
        layout = self.board_layout
        lanes = isinstance(layout, LaneLayout)

        def key(item: TokenItem) -> tuple[int, float, float]:
            x, y = layout.positions[item.combatant_id]
            if lanes:
                return int(item.facts.band or 0), y, x
            return int(item.facts.band or 0), (math.atan2(y, x) + math.pi / 2) % (2 * math.pi), 0.0

        return [item.combatant_id for item in sorted(self.tokens(), key=key)]

    @property
    def focused_id(self) -> str:
        return self._focused_id

    def focused_facts(self) -> TokenFacts | None:
        item = self._tokens.get(self._focused_id)
        return item.facts if item is not None else None

    def set_focused(self, combatant_id: str) -> None:
        if combatant_id == self._focused_id:
            return
        old = self._tokens.get(self._focused_id)
        if old is not None:
            old.set_focused(False, self._show_focus)
        self._focused_id = combatant_id
        new = self._tokens.get(combatant_id)
        if new is not None:
            new.set_focused(True, self._show_focus)
        self.focus_changed.emit(combatant_id)

    def set_show_focus(self, show: bool) -> None:
        """The focus ring shows only while the view has keyboard focus."""
        self._show_focus = show
        item = self._tokens.get(self._focused_id)
        if item is not None:
            item.set_focused(True, show)

    def _fix_focus(self, previous_centre: str) -> None:
        """Keep focus on a token after a redraw: the old centre when focus became the centre
        (so Enter, Enter walks back), else the first token."""
        facts = self.focused_facts()
        if facts is not None and not facts.is_centre:
            item = self._tokens[self._focused_id]
            item.set_focused(True, self._show_focus)
            return
        old = self._tokens.get(previous_centre)
        if old is not None and not old.facts.is_centre:
            self.set_focused(previous_centre)
            return
        order = self.focus_order()
        self.set_focused(order[0] if order else "")

    # -- mouse modes -----------------------------------------------------------------------

    @property
    def interaction(self) -> BoardInteraction | None:
        return self._interaction

    def end_interaction(self, interaction: BoardInteraction) -> None:
        if self._interaction is interaction:
            self._interaction = None

    def cancel_interaction(self) -> None:
        if self._interaction is not None:
            self._interaction.cancel()

    def token_at(self, position: QPointF) -> TokenItem | None:
        for item in self.items(position):
            if isinstance(item, TokenItem):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._interaction is not None:
            self._interaction.mouse_press(event)
            return
        token = self.token_at(event.scenePos())
        if token is not None and event.button() == Qt.MouseButton.LeftButton:
            if not token.facts.is_centre:
                self.set_focused(token.combatant_id)
                self._interaction = TokenDragInteraction(self, token, event)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._interaction is not None:
            self._interaction.mouse_move(event)
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._interaction is not None:
            self._interaction.mouse_release(event)
            return
        super().mouseReleaseEvent(event)
