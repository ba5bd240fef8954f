"""The map with its tools: Fit, Move…, Terrain (paint it, with what to paint), Adjust
Picture (drag, scale and calibrate the background picture on the map, with Calibrate…
beside it while on), Picture… (the typed numbers), and a status line that says what a drag
means while it lasts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.system import PositionModel
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.view import MapView

__all__ = ["MapPanel", "StatusLine"]

PAINT_HINT = "Drag to paint every square you cross; right-click terrain to remove it."
DIFFICULTIES = range(1, 6)
"""The Difficulty Ratings the paint tool offers (the tracker takes more by hand)."""


class StatusLine(QLabel):
    """One line that is never cut: its words whole, or their short form where the row is
    too narrow for them (``short``: "Loading…" for "Loading picture <name>…"), or
    nothing (the tooltip, the ruler by the pointer and the map's own notice say it in full).
    It read "L" beside the picture's tools at 150 % while a picture loaded."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.short = ""

    def shown_text(self) -> str:
        """What the line paints at its width: the whole text, the short form, or ""."""
        text = self.text()
        if self.wordWrap() or not text:
            return text
        room = self.contentsRect().width()
        metrics = self.fontMetrics()
        for candidate in (text, self.short):
            if candidate and metrics.horizontalAdvance(candidate) <= room:
                return candidate
        return ""

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.wordWrap():
            super().paintEvent(event)
            return
        shown = self.shown_text()
        if not shown:
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), shown)


class MapPanel(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("map_panel")
        self.document = document
        self.view = MapView(document, self)
        model = document.encounter.position_model
        self.fit_button = self._button(
            "Fit",
            "Show the fight (Ctrl+0): everyone when they fit "
            "at a readable size, else the selected combatant and "
            "those in reach; the wheel or Ctrl+= and Ctrl+- zoom, "
            "a drag on open ground pans, the right-click menu "
            "shows the whole map",
            self.view.fit,
        )
        self.move_button = self._button(
            "Move…",
            "Move the selected combatant an exact distance and direction",
            self.move_selected,
        )
        self._make_paint_tools(model)
        self._make_picture_tools()
        self._make_status()
        self._lay_out()

    def _make_paint_tools(self, model: PositionModel) -> None:
        """The Terrain button and what it paints (walls; difficult ground where it costs)."""
        paints = "walls or difficult ground" if model.prices_terrain else "walls"
        self.paint_button = self._button(
            "Terrain",
            f"Paint terrain: drag rectangles on the "
            f"map to paint {paints}; right-click one to remove "
            "it",
            None,
        )
        self.paint_button.setCheckable(True)
        self.paint_button.toggled.connect(self._paint_toggled)
        self.paint_kind = QComboBox(self)
        self.paint_kind.setObjectName("map_paint_kind")
        self.paint_kind.setAccessibleName("What to paint")
        self.paint_kind.addItem("Wall (impassable)", (0, True))
        if model.prices_terrain:
            for rating in DIFFICULTIES:
                self.paint_kind.addItem(f"Difficult ground DR {rating}", (rating, False))
        self.paint_kind.currentIndexChanged.connect(self._kind_chosen)
        self.paint_kind.setVisible(False)

    def _make_picture_tools(self) -> None:
        """The background picture's tools: adjust, calibrate, choose, cancel reading."""
        self.adjust_button = QToolButton(self)
        self.adjust_button.setDefaultAction(self.view.backdrop_action)
        self.adjust_button.setAutoRaise(True)
        self.adjust_button.setAccessibleName("Adjust Picture")
        self.view.backdrop_action.toggled.connect(self._adjust_toggled)
        self.calibrate_button = QToolButton(self)
        self.calibrate_button.setDefaultAction(self.view.calibrate_action)
        self.calibrate_button.setText("Calibrate…")
        self.calibrate_button.setAutoRaise(True)
        self.calibrate_button.setAccessibleName("Calibrate Picture")
        self.calibrate_button.setVisible(False)
        self.backdrop_button = self._button(
            "Picture…",
            "Background picture: place a picture (a drawn or scanned map) under the grid",
            self.choose_backdrop,
        )
        self.cancel_picture_button = self._button(
            "Cancel",
            "Stop reading the background picture (the map shows without it)",
            self.view.cancel_picture,
        )
        self.cancel_picture_button.setObjectName("map_cancel_picture")
        self.cancel_picture_button.setAccessibleName("Cancel reading the picture")
        self.cancel_picture_button.setVisible(False)
        self.view.picture_loading.connect(self._picture_loading)

    def _make_status(self) -> None:
        """The line that says what a move means, and what the view asks of the panel."""
        self.status = StatusLine(self)
        self.status.setObjectName("map_status")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        # Beside the tools, not on a line of its own: the map keeps the height (a short
        # pane under the tracker), the ruler by the pointer says it all in full anyway.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setAccessibleName("What the move means")
        self.view.said.connect(self._say)
        self.view.move_requested.connect(self.move_combatant)
        self.view.backdrop_requested.connect(self.choose_backdrop)

    def _lay_out(self) -> None:
        """The tools' row (and the second row for when the pane is narrow) over the map."""
        tools = self._tools = QHBoxLayout()
        tools.setContentsMargins(0, 0, 0, 0)
        tools.setSpacing(2)
        for widget in (self.fit_button, self.move_button, self.paint_button, self.paint_kind):
            tools.addWidget(widget)
        # The picture's tools and the status: on the same row when the pane is wide, on a
        # second row when it is narrow (the map beside the tracker at 150 %), never cut.
        self._picture_tools = (
            self.adjust_button,
            self.calibrate_button,
            self.backdrop_button,
            self.cancel_picture_button,
        )
        # Keeps the first row's buttons together at its left when the status moves down.
        self._spacer = QWidget(self)
        self._spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        tools.addWidget(self._spacer, 1)
        self._second = QHBoxLayout()
        self._second.setContentsMargins(0, 0, 0, 0)
        self._second.setSpacing(2)
        self._wrapped = True
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addLayout(tools)
        layout.addLayout(self._second)
        layout.addWidget(self.view, 1)
        self._wrap(False)

    def add_tool(self, text: str, tip: str, slot: object) -> QToolButton:
        """A host's button at the start of the tools row (the "Distances" button)."""
        button = self._button(text, tip, slot)
        self._tools.insertWidget(0, button)
        return button

    def _wrap(self, wrapped: bool) -> None:
        """The picture's tools and the status on a second row (``wrapped``) or beside the
        others."""
        if wrapped == self._wrapped:
            return
        self._wrapped = wrapped
        self._spacer.setVisible(wrapped)
        row = self._second if wrapped else self._tools
        for widget in self._picture_tools:
            row.addWidget(widget)
        row.addWidget(self.status, 1)
        self._place_paint_kind()

    def _place_paint_kind(self) -> None:
        """What to paint: beside Terrain, or on the second row with the hint when the
        first is too narrow for it whole ("Wall (impassable)" was cut at 150 %)."""
        if self._wrapped:
            self._second.insertWidget(0, self.paint_kind)
        else:
            self._tools.insertWidget(self._tools.indexOf(self.paint_button) + 1, self.paint_kind)

    def _one_row_width(self) -> int:
        items = (self._tools.itemAt(n) for n in range(self._tools.count()))
        shown = [item.widget() for item in items if item is not None]
        shown += list(self._picture_tools)
        widths = [
            w.sizeHint().width()
            for w in dict.fromkeys(shown)
            if w is not None and w not in (self.status, self._spacer) and not w.isHidden()
        ]
        if self.view.paint_mode:  # the paint tool's hint is whole beside them, or below
            widths.append(self.status.fontMetrics().horizontalAdvance(self.status.text()) + 8)
        return sum(widths) + 2 * len(widths) + 8  # the spacing and the panel's margins

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rewrap()

    def _rewrap(self) -> None:
        self._wrap(self._one_row_width() > self.width())

    def _button(self, text: str, tip: str, slot: object) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        button.setAccessibleName(text.rstrip("…"))
        if callable(slot):
            button.clicked.connect(slot)
        return button

    def _say(self, text: str) -> None:
        self.status.short = "Loading…" if self.view.picture_loading_now else ""
        self.status.setText(text)
        self.status.setToolTip(text)

    def _picture_loading(self, loading: bool) -> None:
        self.cancel_picture_button.setVisible(loading)
        self._rewrap()

    def _paint_toggled(self, on: bool) -> None:
        if on:
            self.view.backdrop_action.setChecked(False)
        self.view.paint_mode = on
        self.paint_kind.setVisible(on)
        # While painting the picture's tools give their room to the hint (one tool at a time).
        for widget in self._picture_tools:
            widget.setVisible(
                not on
                and (widget is not self.calibrate_button or self.view.backdrop_action.isChecked())
            )
        # The hint wraps where the pane is narrow (the ruler's words, one line, never do).
        self.status.setWordWrap(on)
        self._say(PAINT_HINT if on else "")
        self._kind_chosen(self.paint_kind.currentIndex())
        self._rewrap()

    def _adjust_toggled(self, on: bool) -> None:
        """The picture's mode and the paint tool take the same drags: one at a time."""
        if on and self.paint_button.isChecked():
            self.paint_button.setChecked(False)
            self.view.backdrop_tool.say()
        self.calibrate_button.setVisible(on)
        self._rewrap()

    def _kind_chosen(self, _index: int) -> None:
        rating, wall = self.paint_kind.currentData() or (0, True)
        self.view.paint_rating, self.view.paint_wall = int(rating), bool(wall)

    def move_selected(self) -> None:
        selected = self.document.selected
        if selected and selected in self.document.encounter.places:
            self.move_combatant(selected)

    def move_combatant(self, combatant_id: str) -> None:
        from m3desk.ui.map.move_dialog import MoveDialog

        dialog = MoveDialog(self.view, combatant_id, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.move_dialog = dialog
        dialog.open()

    def choose_backdrop(self) -> None:
        from m3desk.ui.map.backdrop_dialog import BackdropDialog

        dialog = BackdropDialog(self.document, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.backdrop_dialog = dialog
        dialog.open()

    def detach(self) -> None:
        self.view.document_link.detach()
