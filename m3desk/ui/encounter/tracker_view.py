"""The tracker table: rows follow the document's selection and set it when the GM clicks.

Selecting a row selects the combatant in the document, so the range board and the action
dialog follow; when the document's selection changes elsewhere (the board, the turn
moving on), the row follows it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QTableView, QWidget

from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.declarations import declare_rows
from m3desk.ui.encounter.initiative_delegate import InitiativeDelegate
from m3desk.ui.encounter.pool_bar_delegate import PoolBarDelegate
from m3desk.ui.encounter.short_words import abbreviations, shortened
from m3desk.ui.encounter.tracker_columns import Column, TrackerRole
from m3desk.ui.encounter.tracker_delegate import TrackerDelegate
from m3desk.ui.encounter.tracker_model import TrackerModel

__all__ = ["TrackerView"]

_NOTES_CHARACTERS = 11
"""The Notes column's starting width in average characters (the GM resizes it by hand)."""
_SHORT_VALUE_CHARACTERS = 10
"""A text column whose sample is this short holds a value (an AC, a THAC0): squeezed last."""
_ROW_PADDING = 6
"""A row is the text's height and this much: compact, so that a fight of twelve shows
whole beside the library at 1366x768 (with 12 px, ten rows did not fit)."""
_CELL_PADDING = 8
"""A cell's room beside its text: the style's margins and a little air (compact)."""
_NAME_CHARACTERS = (10, 30)
"""The Name column fits the longest name, within these many average characters."""


class TrackerView(QTableView):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.tracker_model = TrackerModel(document, self)
        self._widest: dict[tuple[int, str], str] = {}
        self._measured_generation = -1
        self.setModel(self.tracker_model)
        self.setAccessibleName("Initiative tracker")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows at once (Ctrl or Shift and a click): a pick in a choice column (a
        # declaration) goes to them all (``commitData``); the current row is the selected one.
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._delegates = (TrackerDelegate(self), InitiativeDelegate(self), PoolBarDelegate(self))
        self.setItemDelegate(self._delegates[0])
        model = self.tracker_model
        self.setItemDelegateForColumn(model.column_of(Column.INITIATIVE), self._delegates[1])
        for number, spec in enumerate(model.columns):
            if spec.kind == "pool":
                self.setItemDelegateForColumn(number, self._delegates[2])
        self._set_up_headers()

        self.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.tracker_model.modelReset.connect(self._follow_document)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("selection_changed", self._on_document_selection)
        self._follow_document()

    def _set_up_headers(self) -> None:
        """Widths from the font, not from the contents: measuring rows on every change
        costs ~100 ms with 200 combatants (performance note A3), and these columns hold
        values of known shape."""
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        header.setHighlightSections(False)
        # A squeezed title reads "Effects & co…", not a clipped "& consequ".
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        mode = QHeaderView.ResizeMode
        columns = self.tracker_model.columns
        for number in range(len(columns)):
            header.setSectionResizeMode(number, mode.Interactive)
        stretching = [n for n, spec in enumerate(columns) if spec.stretch]
        if stretching:
            header.setSectionResizeMode(stretching[0], mode.Stretch)
        else:
            header.setStretchLastSection(True)
        self._fit_columns()
        vertical = self.verticalHeader()
        vertical.setSectionResizeMode(mode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + _ROW_PADDING)
        vertical.setMinimumWidth(self.fontMetrics().horizontalAdvance("\u25b6") + 8)
        vertical.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tracker_model.modelReset.connect(self._fit_side_column)
        self.tracker_model.modelReset.connect(self._fit_name_column)
        self.tracker_model.modelReset.connect(self._squeeze)

    def _fit_columns(self) -> None:
        bold = QFont(self.font())
        bold.setBold(True)  # the current row is bold: size for it
        metrics = QFontMetrics(bold)
        header_metrics = self.horizontalHeader().fontMetrics()
        padding = _CELL_PADDING
        header = self.horizontalHeader()
        model = self.tracker_model
        fixed = (Column.NAME, Column.SIDE, Column.NOTES)
        for number, spec in enumerate(model.columns):
            if spec.id in fixed or spec.stretch:
                continue
            extra = {"pool": 10, "check": 22}.get(spec.kind, 12 if spec.centred else 0)
            sample = spec.sample
            if spec.kind == "pool" or spec.id == Column.INITIATIVE:
                # As wide as the values it holds ("10/10", "3"), not the widest possible.
                sample = self._widest_shown(number, bold) or "—"
            # A check box keeps a margin right of its box when there is room: a click in the
            # cell's middle selects it, not only ticks it.
            room = padding + (8 if spec.kind == "check" else 0)
            width = (
                max(
                    metrics.horizontalAdvance(sample) + extra,
                    header_metrics.horizontalAdvance(spec.title),
                )
                + room
            )
            header.resizeSection(number, width)
        average = metrics.averageCharWidth()
        header.resizeSection(model.column_of(Column.NOTES), _NOTES_CHARACTERS * average + padding)
        self._fit_side_column()
        self._fit_name_column()

    def _squeeze(self) -> None:
        """Give back width when the columns are wider than the view (a narrow window, 150 %
        scaling, the map beside), least needed first: Notes; the game's long text columns
        (a declaration, a condition list) and its check boxes down to their titles
        shortened ("Decl.", "Act."); then Side to a shortened word ("Monst."); then the
        short values ("7 [12]") down to the values they show, whole; last Name to a few
        characters. Cut text is shortened or elided and whole in the tooltip. A GM reads
        the tracker by name: when the columns must scroll anyway names stay whole
        (cutting them would only cost the reading)."""
        header = self.horizontalHeader()
        stretch, floor, cuts = self._cuts()
        fixed = sum(
            header.sectionSize(n)
            for n in range(header.count())
            if n not in stretch and not header.isSectionHidden(n)
        )
        viewport = self.viewport()
        if not isinstance(viewport, QWidget):  # a resize while Qt tears the view down: the
            return  # wrapper of a deleted object may answer for it (seen once in CI)
        over = fixed + floor * len(stretch) - viewport.width() + 4
        if over > sum(max(header.sectionSize(n) - least, 0) for n, least in cuts[:-1]):
            cuts = cuts[:-1]  # names stay as whole as they read now (the reserve goes)
        for number, least in cuts:
            if over <= 0:
                break
            size = header.sectionSize(number)
            if size > least:
                cut = min(size - least, over)
                header.resizeSection(number, size - cut)
                over -= cut
        name = self.tracker_model.column_of(Column.NAME)
        # Where "(down)" has no room the fallen name reads whole, struck through, without it.
        self.tracker_model.set_down_word(header.sectionSize(name) >= self._names_width(down=True))
        self._shorten_titles()

    def _shorten_titles(self) -> None:
        """Each column's title as its width allows: "Declared" reads "Decl." when narrow."""
        header = self.horizontalHeader()
        metrics = header.fontMetrics()
        shown = {}
        for number, spec in enumerate(self.tracker_model.columns):
            room = header.sectionSize(number) - _CELL_PADDING + 4
            text = shortened(spec.title, metrics, room)
            if text != spec.title:
                shown[number] = text
        self.tracker_model.set_shown_titles(shown)

    def _cuts(self) -> tuple[list[int], int, list[tuple[int, int]]]:
        """The stretching columns, the width each keeps, and the columns :meth:`_squeeze`
        narrows, in order, each with the width it keeps."""
        header = self.horizontalHeader()
        model = self.tracker_model
        average = self.fontMetrics().averageCharWidth()
        stretch = [
            n
            for n, spec in enumerate(model.columns)
            if header.sectionResizeMode(n) == QHeaderView.ResizeMode.Stretch
        ]
        metrics = header.fontMetrics()
        floor = (
            max(average * 5, self._short_title(metrics, stretch[0])) + _CELL_PADDING
            if stretch
            else 0
        )  # what a stretching column keeps
        texts = sorted(
            (
                n
                for n, spec in enumerate(model.columns)
                if spec.kind == "text"
                and n not in stretch
                and spec.id not in (Column.NOTES, Column.NAME, Column.SIDE, Column.INITIATIVE)
            ),
            key=lambda n: -header.sectionSize(n),
        )
        long_texts = [n for n in texts if len(model.columns[n].sample) > _SHORT_VALUE_CHARACTERS]
        short_values = [n for n in texts if n not in long_texts]
        checks = [n for n, spec in enumerate(model.columns) if spec.kind == "check"]
        notes = metrics.horizontalAdvance(model.columns[model.column_of(Column.NOTES)].title)
        name = model.column_of(Column.NAME)
        cuts: list[tuple[int, int]] = [(model.column_of(Column.NOTES), notes + _CELL_PADDING)]
        cuts += [
            (n, max(self._short_title(metrics, n), average * 4) + _CELL_PADDING) for n in long_texts
        ]
        box = self.style().pixelMetric(self.style().PixelMetric.PM_IndicatorWidth)
        cuts += [(n, max(self._short_title(metrics, n), box + 6) + _CELL_PADDING) for n in checks]
        cuts += [(model.column_of(Column.SIDE), self._least_side_width())]
        cuts += [(n, self._least_text_width(n, metrics, average)) for n in short_values]
        # The room kept for "(down)" gives way only after every other column: someone may
        # fall at any moment, and "Goblin 1 (…" no longer says who is down.
        cuts += [(name, self._names_width(down=False))]
        cuts += [(name, average * 9 + _CELL_PADDING)]
        return stretch, floor, cuts

    def _names_width(self, *, down: bool) -> int:
        """The Name column's width for every name in bold, each with "(down)" after it or
        none: what does not change when someone falls."""
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        names = [
            f"{row.combatant.name} (down)" if down else row.combatant.name
            for row in self.tracker_model.rows
        ] or ["Name"]
        least = metrics.averageCharWidth() * _NAME_CHARACTERS[0] + _CELL_PADDING
        return max(least, max(metrics.horizontalAdvance(n) for n in names) + _CELL_PADDING)

    def _short_title(self, metrics: QFontMetrics, number: int) -> int:
        """The width of a column's title at its shortest ("Decl."), or whole if it has none."""
        title = self.tracker_model.columns[number].title
        words = title.split()
        shortest = abbreviations(words[0])[-1:] if words else []
        return metrics.horizontalAdvance(shortest[0] if shortest else title)

    def _least_side_width(self) -> int:
        """Side keeps each side's name shortened at most to its first syllable ("Monst.")."""
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        widths = []
        for side in self.tracker_model.sides or ("Side",):
            words = side.split()
            forms = abbreviations(words[0]) if words else []
            widths.append(metrics.horizontalAdvance(forms[0] if forms else side))
        return max(widths, default=0) + _CELL_PADDING + 2  # bold, rounded up

    def least_width(self) -> int:
        """How narrow the tracker can be with every column in view (squeezed as far as
        :meth:`_squeeze` goes, names whole): what a pane beside it may leave it."""
        self._fit_columns()
        header = self.horizontalHeader()
        stretch, floor, cuts = self._cuts()
        least = dict(cuts[:-2])  # names whole with "(down)" after them
        columns = sum(
            min(header.sectionSize(n), least.get(n, header.sectionSize(n)))
            for n in range(header.count())
            if n not in stretch and not header.isSectionHidden(n)
        )
        self._squeeze()
        return (
            columns
            + floor * len(stretch)
            + self.verticalHeader().width()
            + 2 * self.frameWidth()
            + self.verticalScrollBar().sizeHint().width()
            + 4
        )

    def _least_text_width(self, number: int, metrics: QFontMetrics, average: int) -> int:
        """How narrow a game's text column may get: its title; a short value stays whole."""
        model = self.tracker_model
        spec = model.columns[number]
        least = max(self._short_title(metrics, number), average * 4) + _CELL_PADDING
        if len(spec.sample) <= _SHORT_VALUE_CHARACTERS:  # keep the values shown whole
            bold = QFont(self.font())
            bold.setBold(True)  # the current row is bold: its values stay whole too
            widest = self._widest_shown(number, bold)
            least = max(least, QFontMetrics(bold).horizontalAdvance(widest) + _CELL_PADDING)
        return least

    def _widest_shown(self, number: int, font: QFont) -> str:
        """The widest text column ``number`` shows in ``font``: measured once per change of
        the rows (each resize of the tab asked 200 rows again, four times as it opened)."""
        model = self.tracker_model
        if self._measured_generation != model.generation:
            self._measured_generation = model.generation
            self._widest.clear()
        key = (number, font.key())
        widest = self._widest.get(key)
        if widest is None:
            metrics = QFontMetrics(font)
            shown = [model.index(row, number).data() or "" for row in range(model.rowCount())]
            widest = self._widest[key] = max(shown, key=metrics.horizontalAdvance, default="")
        return widest

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()
        self._squeeze()

    def _fit_name_column(self) -> None:
        """As wide as the longest name as shown, in bold (the current row): a font measure per
        combatant, not a delegate call per cell, so it stays cheap with 200 combatants."""
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        # As the cell says it of anyone who falls ("Goblin 1 (down)"), from the start: the
        # column does not widen under the pointer when someone drops, nor cut the name.
        names = [f"{row.combatant.name} (down)" for row in self.tracker_model.rows] or ["Name"]
        widest = max(metrics.horizontalAdvance(name) for name in names) + _CELL_PADDING
        least, most = (metrics.averageCharWidth() * n + _CELL_PADDING for n in _NAME_CHARACTERS)
        self.horizontalHeader().resizeSection(
            self.tracker_model.column_of(Column.NAME), max(least, min(widest, most))
        )

    def _fit_side_column(self) -> None:
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        sides = self.tracker_model.sides or ("Side",)
        width = max(metrics.horizontalAdvance(side) for side in (*sides, "Side")) + _CELL_PADDING
        self.horizontalHeader().resizeSection(
            self.tracker_model.column_of(Column.SIDE), min(width, 160)
        )

    def preferred_height(self, spare_rows: int = 1) -> int:
        """Every row plus room for a few more, so new combatants do not scroll at once."""
        rows = self.tracker_model.rowCount() + spare_rows
        return (
            self.horizontalHeader().sizeHint().height()
            + rows * self.verticalHeader().defaultSectionSize()
            + 2 * self.frameWidth()
            + self.horizontalScrollBar().sizeHint().height()
        )

    def selected_ids(self) -> list[str]:
        """The combatants of every selected row, top to bottom."""
        rows = sorted({index.row() for index in self.selectionModel().selectedRows()})
        return [self.tracker_model.combatant_id(row) for row in rows]

    def selectionCommand(
        self, index: QModelIndex | QPersistentModelIndex, event: QEvent | None = None
    ) -> QItemSelectionModel.SelectionFlag:
        """Several rows only by the GM's hand (Ctrl or Shift with a click or a key): a row
        made current by the program (the turn moving on, a test) is the one selected row."""
        if event is None:
            return (
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows
            )
        return super().selectionCommand(index, event)

    def commitData(self, editor: QWidget) -> None:
        """A pick in a choice column with several rows selected goes to every one of them,
        as one undo step (:func:`declare_rows`); anything else commits to its own cell."""
        index = self.currentIndex()
        ids = self.selected_ids()
        if (
            isinstance(editor, QComboBox)
            and index.isValid()
            and len(ids) > 1
            and index.data(TrackerRole.CHOICES)
            and self.tracker_model.combatant_id(index.row()) in ids
        ):
            column = self.tracker_model.columns[index.column()].id
            problem = declare_rows(self._document, ids, column, editor.currentText())
            if problem:
                self.tracker_model.edit_rejected.emit(problem)
            return
        super().commitData(editor)

    def selected_id(self) -> str:
        index = self.currentIndex()
        return self.tracker_model.combatant_id(index.row()) if index.isValid() else ""

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        combatant_id = self.tracker_model.combatant_id(current.row()) if current.isValid() else ""
        if combatant_id:
            self._document.select(combatant_id)

    def _on_document_selection(self, combatant_id: str) -> None:
        if combatant_id and combatant_id != self.selected_id():
            self.select_combatant(combatant_id)

    def _follow_document(self) -> None:
        if self._document.selected:
            self.select_combatant(self._document.selected)

    def select_combatant(self, combatant_id: str) -> None:
        """Make the combatant's row current, keeping the column the GM was in."""
        row = self.tracker_model.row_of(combatant_id)
        if row < 0:
            return
        column = max(self.currentIndex().column(), 0)
        index = self.tracker_model.index(row, column)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self.selectionModel().setCurrentIndex(index, flags)
        self.scrollTo(index)
