"""One combatant on the board: a side-shaped marker, its name, and what the centre can reach.

Everything text-related is laid out once when the facts change (wrapped, elided, centred);
``paint`` only draws at precomputed points, so a drag (which moves one item) costs one small
repaint. Plain ``drawText`` at a point, not ``QStaticText``: the view refits (rescales) on
most layout changes, and a static text lays itself out again for every new scale.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from m3desk.ui.board.board_colours import BoardColours, mix
from m3desk.ui.board.footprint import Footprint
from m3desk.ui.board.token_facts import TokenFacts
from m3desk.ui.board.token_metrics import PADDING, TokenMetrics, initials, wrap_caption, wrap_name
from m3desk.ui.board.token_shapes import outline_path, shape_name, shape_path

FOCUS_MARGIN = 3.0
MIN_TEXT_PX = 5.5
"""Below this height on screen a name is a grey smear: a board zoomed out that far (200
combatants fitted in a window) draws markers only; hover, zoom or lanes show the names."""
OUT_OF_REACH = "out of reach"


def short_attack_name(name: str) -> str:
    """ "Cutter (signature longsword)" → "Cutter": the caption has room for a word or two;
    the tooltip keeps the full name."""
    kept: list[str] = []
    at = 0
    while (opening := name.find("(", at)) >= 0 and (closing := name.find(")", opening)) >= 0:
        kept.append(name[at:opening].rstrip())
        at = closing + 1
    kept.append(name[at:])
    return "".join(kept).strip() or name


def caption_for(facts: TokenFacts) -> str:
    """The line under the name: the centre's attacks that reach this token ("Dagger"; the
    legend says so once, beside the solid marker) or "out of reach"; on a board of
    distances, the exact distance first ("30 ft · Sword"), and the distance alone out of
    reach ("480 ft"): the dashed outline says out of reach, the legend says what the dashes
    mean, the tooltip says it in words ("96 ft · out of re…" was cut under every token)."""
    if facts.is_centre:
        return ""
    if facts.reach:
        reach = ", ".join(dict.fromkeys(short_attack_name(n) for n in facts.reach))
    elif facts.distance_caption:
        return facts.position_label
    else:
        reach = OUT_OF_REACH
    return f"{facts.position_label} · {reach}" if facts.distance_caption else reach


def tooltip_for(facts: TokenFacts) -> str:
    """Everything the token abbreviates, in words (shape and reach are not colour-only)."""
    lines = [f"{facts.name} — {facts.side} ({shape_name(facts.side_index)})"]
    if facts.is_centre:
        lines.append("Ranges on the board are measured from here.")
        lines += [f"  {entry}" for entry in facts.attack_summary] or ["  No attacks"]
    else:
        lines.append(
            f"{facts.position_label} from {facts.centre_name}"
            + (" (beyond this encounter's maximum range)" if facts.beyond_maximum else "")
        )
        if facts.reach:
            lines.append(f"{facts.centre_name} can attack with: {', '.join(facts.reach)}")
        else:
            lines.append(
                f"Out of reach: nothing {facts.centre_name} wields works at {facts.position_label}"
            )
        if facts.unequipped_reach:
            lines.append(f"Would reach once drawn: {', '.join(facts.unequipped_reach)}")
    if facts.conditions:
        lines.append("Conditions: " + ", ".join(facts.conditions))
    if not facts.is_centre:
        lines.append("Drag to another ring, or +/− when focused, to change the range.")
    return "\n".join(lines)


class TokenItem(QGraphicsItem):
    """A combatant's token; the centre combatant uses the same class drawn larger."""

    def __init__(self, facts: TokenFacts, metrics: TokenMetrics, colours: BoardColours) -> None:
        super().__init__()
        self._facts = facts
        self._metrics = metrics
        self._colours = colours
        self._focused = False
        self._show_focus = False
        self._preview: str | None = None
        self._name_lines: list[str] = []
        self._caption_lines: list[str] = []
        self._marker = QPainterPath()
        self._rect = QRectF()
        self._fill = QColor()
        self._ink = QColor()
        self._placed_lines: list[tuple[QPointF, str]] = []
        self._placed_captions: list[tuple[QPointF, str]] = []
        self._caption_font = QFont()
        self._marker_centre = QPointF()
        self._outline = QPainterPath()
        self._initials_rect = QRectF()
        self._text_rect = QRectF()
        self._chip_width: float | None = None
        self._mark = initials(facts.name)
        self._dirty = self._marker_dirty = True
        self._marker_key: tuple[object, ...] = ()
        self._rename = True
        self.setZValue(10)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self._relayout()

    # -- content ---------------------------------------------------------------------------

    @property
    def facts(self) -> TokenFacts:
        return self._facts

    @property
    def combatant_id(self) -> str:
        return self._facts.combatant_id

    def set_facts(self, facts: TokenFacts, chip_width: float | None = None) -> bool:
        """Show new facts (and, in lanes, a new chip width) in one layout pass; False (and
        no repaint) when nothing the token shows changed."""
        if not self._metrics.chips:
            chip_width = None
        resized = chip_width != self._chip_width
        if facts == self._facts and not resized:
            return False
        geometry = resized or facts.is_centre != self._facts.is_centre
        rename = geometry or facts.name != self._facts.name
        self._facts = facts
        self._chip_width = chip_width
        if geometry:
            self.prepareGeometryChange()
        self._relayout(rename=rename)
        self.update()
        return True

    def toolTip(self) -> str:
        """Everything the token abbreviates (built when asked: the scene's help event)."""
        return tooltip_for(self._facts)

    def set_style(self, metrics: TokenMetrics, colours: BoardColours) -> None:
        self.prepareGeometryChange()
        if not metrics.chips:
            self._chip_width = None
        self._metrics = metrics
        self._colours = colours
        self._marker_key = ()
        self._relayout()
        self.update()

    def set_focused(self, focused: bool, show: bool) -> None:
        if (focused, show) != (self._focused, self._show_focus):
            self._focused, self._show_focus = focused, show
            self.update()

    @property
    def has_visible_focus(self) -> bool:
        return self._focused and self._show_focus

    def set_preview(self, label: str | None) -> None:
        """While dragged: the name of the ring it would land in (None: its own ring)."""
        if label != self._preview:
            self._preview = label
            self.update()

    @property
    def preview(self) -> str | None:
        return self._preview

    def set_dragging(self, dragging: bool) -> None:
        self.setZValue(100 if dragging else 10)
        self.setCursor(
            Qt.CursorShape.ClosedHandCursor if dragging else Qt.CursorShape.OpenHandCursor
        )

    @property
    def mark(self) -> str:
        """The letters on the marker."""
        return self._mark

    def set_mark(self, mark: str) -> None:
        """The letters on the marker, told apart from the other tokens' by the scene."""
        if mark != self._mark:
            self._mark = mark
            self.update()

    def set_chip_width(self, width: float | None) -> None:
        """In lanes, chips share a row evenly: this chip's width (None: the usual one)."""
        if width is not None and not self._metrics.chips:
            width = None
        if width == self._chip_width:
            return
        self.prepareGeometryChange()
        self._chip_width = width
        self._relayout()
        self.update()

    @property
    def caption(self) -> str:
        """The caption as drawn, its lines joined by a space."""
        self._ensure_layout()
        return " ".join(self._caption_lines)

    @property
    def caption_lines(self) -> list[str]:
        """The caption's lines as drawn (two under a one-line name when one is too short)."""
        self._ensure_layout()
        return list(self._caption_lines)

    @property
    def caption_font(self) -> QFont:
        self._ensure_layout()
        return self._caption_font

    @property
    def name_lines(self) -> list[str]:
        self._ensure_layout()
        return list(self._name_lines)

    def _footprint(self) -> Footprint:
        facts, metrics = self._facts, self._metrics
        footprint = metrics.footprint(facts.is_centre)
        if metrics.chips and self._chip_width is not None and not facts.is_centre:
            footprint = replace(footprint, width=self._chip_width)
        return footprint

    def _relayout(self, *, rename: bool = True) -> None:
        """Note that the text must be laid out again; only the box is set now.

        The text is laid out when the token is first painted (or read) after a change:
        a redraw of 200 combatants in a pane that shows 20 lays out 20. Names are wrapped
        again only when they (or the token's size) change, since a selection change alters
        bands and reach, not names."""
        self._rect = QRectF(*_rect_tuple(self._footprint().rect_at(0.0, 0.0)))
        self._rename = self._rename or rename
        self._dirty = self._marker_dirty = True

    def _ensure_marker(self) -> None:
        """The marker's place, shape and colours (all a zoomed-out board draws)."""
        if not self._marker_dirty:
            return
        self._marker_dirty = False
        facts, footprint = self._facts, self._footprint()
        radius = footprint.marker_radius
        # A new centre changes most tokens' captions but few markers: what it shows only.
        key = (facts.side_index, facts.in_reach, radius, footprint.width, self._metrics.chips)
        if key == self._marker_key:
            return
        self._marker_key = key
        self._marker_centre = (
            QPointF(-footprint.width / 2 + PADDING + radius, 0.0)
            if self._metrics.chips
            else QPointF(0.0, 0.0)
        )
        colours = self._colours
        self._fill = colours.side_colour(facts.side_index)
        if not facts.in_reach:
            # Faded toward the background, but opaque: alpha blending costs 3x the paint.
            self._fill = mix(self._fill, colours.base, 0.55)
        self._ink = colours.ink_on(self._fill) if facts.in_reach else colours.text
        self._marker = shape_path(facts.side_index, radius).translated(self._marker_centre)
        pen = self.outline_pen()
        self._outline = outline_path(
            facts.side_index, radius, pen.widthF(), pen.style()
        ).translated(self._marker_centre)
        self._initials_rect = QRectF(
            self._marker_centre.x() - radius,
            self._marker_centre.y() - radius,
            2 * radius,
            2 * radius,
        )

    def _ensure_layout(self) -> None:
        self._ensure_marker()
        if not self._dirty:
            return
        rename, self._dirty, self._rename = self._rename, False, False
        facts, metrics = self._facts, self._metrics
        footprint = self._footprint()
        names = metrics.centre_metrics if facts.is_centre else metrics.name_metrics
        caption = caption_for(facts)
        self._caption_font, captions = metrics.caption_fonts[not facts.in_reach]
        if metrics.chips:
            self._layout_chip(footprint, names, captions, caption, rename=rename)
        else:
            self._layout_stacked(footprint, names, captions, caption, rename=rename)

    def _layout_stacked(
        self,
        footprint: Footprint,
        names: QFontMetricsF,
        captions: QFontMetricsF,
        caption: str,
        *,
        rename: bool,
    ) -> None:
        """A ring token: the marker on top, the name (two lines at most) and caption under
        it, centred."""
        facts, metrics = self._facts, self._metrics
        width = footprint.width - 2 * PADDING if facts.is_centre else metrics.name_width
        if rename:
            self._name_lines = wrap_name(facts.name, names, width)
        # A second caption line where one is too short ("30 ft" / "Sword, Dagger").
        self._caption_lines = wrap_caption(caption, captions, metrics.name_width, 2)
        text_top = footprint.marker_radius + 3
        if rename:
            self._placed_lines = [
                _centred(line, names, text_top + i * metrics.line_height, metrics.line_height)
                for i, line in enumerate(self._name_lines)
            ]
        caption_top = text_top + len(self._name_lines) * metrics.line_height
        self._placed_captions = [
            _centred(
                line, captions, caption_top + i * metrics.caption_height, metrics.caption_height
            )
            for i, line in enumerate(self._caption_lines)
        ]
        # The backdrop behind the lines drawn, not the whole box kept free for them.
        used = caption_top + len(self._caption_lines) * metrics.caption_height + 1
        self._text_rect = QRectF(
            -footprint.width / 2,
            footprint.marker_radius + 2,
            footprint.width,
            min(used, footprint.height - footprint.top) - footprint.marker_radius - 2,
        )

    def _layout_chip(
        self,
        footprint: Footprint,
        names: QFontMetricsF,
        captions: QFontMetricsF,
        caption: str,
        *,
        rename: bool,
    ) -> None:
        """A lane chip: the marker at the left, the name on one line and the caption under
        it, left-aligned beside the marker."""
        facts, metrics = self._facts, self._metrics
        radius = footprint.marker_radius
        left = -footprint.width / 2
        text_left = left + 2 * radius + 3 * PADDING
        text_width = footprint.width / 2 - PADDING - text_left
        lines = metrics.line_height + (0.0 if facts.is_centre else metrics.caption_height)
        top = -lines / 2
        if rename:
            self._name_lines = [
                names.elidedText(facts.name, Qt.TextElideMode.ElideRight, text_width)
            ]
            self._placed_lines = [
                (
                    QPointF(text_left, _baseline(names, top, metrics.line_height)),
                    self._name_lines[0],
                )
            ]
        self._caption_lines = wrap_caption(caption, captions, text_width, 1)
        self._placed_captions = [
            (
                QPointF(
                    text_left,
                    _baseline(captions, top + metrics.line_height, metrics.caption_height),
                ),
                line,
            )
            for line in self._caption_lines
        ]
        self._text_rect = QRectF(left, -footprint.height / 2, footprint.width, footprint.height)

    # -- QGraphicsItem ---------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-FOCUS_MARGIN, -FOCUS_MARGIN, FOCUS_MARGIN, FOCUS_MARGIN)

    def footprint_rect(self) -> QRectF:
        """The box the layout keeps free of other tokens (scene coordinates)."""
        return self._rect.translated(self.pos())

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._rect)
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._metrics.line_height * painter.worldTransform().m11() < MIN_TEXT_PX:
            # Too small to read: the marker's shape and colour, no letters, no layout.
            self._ensure_marker()
            self._paint_marker(painter, letters=False)
            self._paint_focus(painter)
            return
        self._ensure_layout()
        colours = self._colours
        text_rect = self._text_rect
        if self._metrics.chips:  # a chip reads as one thing: a thin edge around it
            edge = QPen(colours.ring_line, 1)
            edge.setCosmetic(True)
            painter.setPen(edge)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.backdrop)
        painter.drawRoundedRect(text_rect, 4, 4)
        self._paint_marker(painter)
        self._paint_text(painter)
        self._paint_focus(painter)

    def _paint_focus(self, painter: QPainter) -> None:
        if self.has_visible_focus:
            pen = QPen(self._colours.highlight, 2)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            # Around what is drawn: the box kept for a second caption line may be empty.
            box = QRectF(self._rect)
            if not self._text_rect.isEmpty():
                box.setBottom(min(box.bottom(), self._text_rect.bottom() + PADDING))
            painter.drawRoundedRect(box.adjusted(-1, -1, 1, 1), 6, 6)

    def outline_pen(self) -> QPen:
        """Solid when the centre can attack this token, dashed when not: reach is marked by
        the outline's pattern and the caption, not by colour alone."""
        if self._facts.in_reach:
            return QPen(self._colours.text, 1.5)
        return QPen(self._colours.text, 2, Qt.PenStyle.DashLine)

    def _paint_marker(self, painter: QPainter, *, letters: bool = True) -> None:
        facts = self._facts
        centre = self._marker_centre
        # The fill, then the outline (solid or dashed) as a ready-stroked area.
        painter.fillPath(self._marker, self._fill)
        painter.fillPath(self._outline, self._colours.text)  # outline_pen()'s colour
        if not letters:
            return
        radius = self._metrics.footprint(facts.is_centre).marker_radius
        painter.setFont(self._metrics.initials_font)
        painter.setPen(self._ink)
        painter.drawText(self._initials_rect, Qt.AlignmentFlag.AlignCenter, self._mark)
        if facts.conditions:
            self._paint_badge(painter, centre + QPointF(radius * 0.9, -radius * 0.8))

    def _paint_badge(self, painter: QPainter, centre: QPointF) -> None:
        """A count of conditions, in the text colour so it shows on every palette."""
        colours = self._colours
        size = self._metrics.caption_height * 0.5
        painter.setPen(QPen(colours.base, 1.2))
        painter.setBrush(colours.text)
        painter.drawEllipse(centre, size, size)
        painter.setPen(colours.base)
        painter.setFont(self._metrics.initials_font)
        painter.drawText(
            QRectF(centre.x() - size, centre.y() - size, 2 * size, 2 * size),
            Qt.AlignmentFlag.AlignCenter,
            str(len(self._facts.conditions)),
        )

    def _paint_text(self, painter: QPainter) -> None:
        facts, metrics, colours = self._facts, self._metrics, self._colours
        painter.setPen(colours.text)
        painter.setFont(metrics.centre_font if facts.is_centre else metrics.name_font)
        for point, line in self._placed_lines:
            painter.drawText(point, line)
        if facts.is_centre:
            return
        if self._preview is not None:
            painter.setFont(metrics.initials_font)
            text = f"→ {self._preview}"
            point = self._placed_captions[0][0] if self._placed_captions else QPointF()
            if not metrics.chips:  # centred under the marker, like the caption it replaces
                width = QFontMetricsF(metrics.initials_font).horizontalAdvance(text)
                point = QPointF(-width / 2, point.y())
            painter.drawText(point, text)
            return
        painter.setFont(self._caption_font)
        painter.setPen(colours.text if facts.in_reach else colours.muted_text)
        for point, line in self._placed_captions:
            painter.drawText(point, line)


def _centred(text: str, metrics: QFontMetricsF, top: float, height: float) -> tuple[QPointF, str]:
    """Where ``drawText`` puts ``text`` centred on the token, in a line at ``top``."""
    return QPointF(-metrics.horizontalAdvance(text) / 2, _baseline(metrics, top, height)), text


def _baseline(metrics: QFontMetricsF, top: float, height: float) -> float:
    """The baseline that centres one line of ``metrics`` in a line box at ``top``."""
    return top + (height - metrics.height()) / 2 + metrics.ascent()


def _rect_tuple(rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """(x1, y1, x2, y2) → (x, y, width, height) for QRectF."""
    return rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]
