"""The bestiary dock: the book's monsters, searched as you type, one step from a fight.

It sits beside the library (a tab of the same dock area) and reads the bundled bestiaries the
first time it is shown, so start-up pays nothing for it. A monster opens as a bundled sample
does (Save makes the GM's own copy in the library), or joins the current encounter in as many
copies as asked (``add_requested``); the panel itself never changes a document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QRect, Qt, QTimer, Signal, SignalInstance
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from m3desk.ui.library.bestiary_model import LEVEL_BANDS, BestiaryColumn, BestiaryModel
from m3desk.ui.library.search_keys import DownIntoList

if TYPE_CHECKING:
    from m3desk.storage.bestiary import Bestiary, BestiaryEntry

__all__ = ["BestiaryPanel"]

Loader = Callable[[], Sequence["Bestiary"]]
_MODE_CHOICES = {
    "": "Any movement",
    "walk": "Walks",
    "fly": "Flies",
    "swim": "Swims",
    "climb": "Climbs",
}


def _bundled() -> list[Bestiary]:
    """Every bundled bestiary (read on first show: start-up loads none of this)."""
    from m3desk.assets import resource_path
    from m3desk.storage.bestiary import DocumentLoadError, bundled_bestiaries, load_bestiary

    found = []
    for path in bundled_bestiaries(resource_path("bestiary")):
        try:
            found.append(load_bestiary(path))
        except DocumentLoadError:
            continue  # a broken bundled file is a packaging bug; the test suite catches it
    return found


class BestiaryPanel(QDockWidget):
    """Search, filter and pick book monsters; asks the window to open or add one."""

    open_requested = Signal(object)
    """A :class:`BestiaryEntry` to open as a read-only sample sheet."""
    add_requested = Signal(object)
    """A :class:`BestiaryEntry` to add to the current encounter."""

    def __init__(self, parent: QWidget | None = None, loader: Loader | None = None) -> None:
        super().__init__("Bestiary", parent)
        self.setObjectName("bestiary_dock")
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self._loader: Loader = loader or _bundled
        self.bestiaries: list[Bestiary] = []
        self._loaded = False
        self._can_add = False

        self.model = BestiaryModel(self)
        self.title = QLabel()
        self.title.setObjectName("bestiary_title")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.licence_button = QPushButton("&Licence…")
        self.licence_button.setToolTip(
            "The Open Game Licence under which the monsters' names and numbers are bundled"
        )
        self.licence_button.clicked.connect(self.show_licence)

        self._build_filters()
        self._build_list()
        self._lay_out()
        self.visibilityChanged.connect(self._on_visible)
        self.set_can_add(False)
        self._on_current()

    def _build_filters(self) -> None:
        """The search field and the filters by Hit Dice, alignment and movement."""
        self.search = QLineEdit()
        self.search.setObjectName("bestiary_search")
        self.search.setPlaceholderText("Search monsters by name…")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the bestiary")
        self.search.textChanged.connect(self.model.set_filter)
        self.search.returnPressed.connect(self._open_from_search)

        self.level_filter = QComboBox()
        self.level_filter.setObjectName("bestiary_level")
        self.level_filter.setAccessibleName("Hit Dice")
        for label, _low, _high in LEVEL_BANDS:
            self.level_filter.addItem(label)
        self.level_filter.currentIndexChanged.connect(self._on_level)
        self.alignment_filter = QComboBox()
        self.alignment_filter.setObjectName("bestiary_alignment")
        self.alignment_filter.setAccessibleName("Alignment")
        self.alignment_filter.currentIndexChanged.connect(self._on_alignment)
        self.mode_filter = QComboBox()
        self.mode_filter.setObjectName("bestiary_mode")
        self.mode_filter.setAccessibleName("Movement")
        self.mode_filter.currentIndexChanged.connect(self._on_mode)

    def _build_list(self) -> None:
        """The monsters' table, the chosen one's details and the buttons that use it."""
        self.view = QTableView()
        self.view.setObjectName("bestiary_view")
        self.view.setAccessibleName("Bestiary")
        self.view.setModel(self.model)
        self._configure_view()
        self.view.activated.connect(self._open_index)
        self.down_into_list = DownIntoList(self.search, self.view, BestiaryColumn.NAME)

        self.detail = QLabel()
        self.detail.setObjectName("bestiary_detail")
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setWordWrap(True)
        self.open_button = QPushButton("&Open Sheet")
        self.open_button.setToolTip("Open the monster's sheet; Save makes your own copy")
        self.open_button.clicked.connect(lambda: self._emit(self.open_requested))
        self.add_button = QPushButton("Add to &Encounter…")
        self.add_button.setObjectName("bestiary_add")
        self.add_button.clicked.connect(lambda: self._emit(self.add_requested))
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        self.model.modelReset.connect(self._after_filter)

    def _lay_out(self) -> None:
        """The title over the search, the filters, the table, the details and the buttons."""
        for combo in (self.level_filter, self.alignment_filter, self.mode_filter):
            # The dock shares its width with the library: the combos shrink and elide
            # rather than widen the whole dock area.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(6)
        self.shown = QLabel()
        self.shown.setObjectName("bestiary_shown")
        self.shown.setTextFormat(Qt.TextFormat.PlainText)
        filters = QGridLayout()
        filters.setSpacing(6)
        filters.addWidget(self.level_filter, 0, 0)
        filters.addWidget(self.alignment_filter, 0, 1)
        filters.addWidget(self.mode_filter, 1, 0)
        filters.addWidget(self.shown, 1, 1)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.licence_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        layout.addLayout(head)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.detail)
        layout.addLayout(buttons)
        self.setWidget(body)

    def _configure_view(self) -> None:
        view = self.view
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.setShowGrid(False)
        # A name longer than the narrow dock ("Neanderthal Leader (Caveman)") takes a
        # second line rather than an ellipsis: each row is as tall as its words.
        view.setWordWrap(True)
        view.setTabKeyNavigation(False)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = view.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(BestiaryColumn.NAME, QHeaderView.ResizeMode.Stretch)
        metrics = view.fontMetrics()
        padding = 2 * metrics.horizontalAdvance("m")
        self._preferred: dict[BestiaryColumn, int] = {}
        for column, widest in (
            (BestiaryColumn.LEVEL, "10**"),
            (BestiaryColumn.ALIGNMENT, "Chaotic"),
            (BestiaryColumn.MOVES, "flies, swims"),
        ):
            self._preferred[column] = metrics.horizontalAdvance(widest) + padding
            header.resizeSection(column, self._preferred[column])
        # Name stretches: a change of the dock's width shows as Name resized. The fit waits
        # for the header's own layout to finish (resizing inside its signal confuses it).
        self._fitting = QTimer(self)
        self._fitting.setSingleShot(True)
        self._fitting.setInterval(0)
        self._fitting.timeout.connect(self.fit_columns)
        header.sectionResized.connect(
            lambda section, _old, _new: (
                self._fitting.start() if section == BestiaryColumn.NAME else None
            )
        )

    def fit_columns(self) -> None:
        """The name first and whole: Moves gives way first, then Alignment, while the
        longest name listed would be cut; Hit Dice stay (the GM picks goblins by them).
        In a dock too narrow even for that, the name takes all the room the Hit Dice leave
        (the library's own Name column gives way last the same way)."""
        header = self.view.horizontalHeader()
        metrics = self.view.fontMetrics()
        names = (
            self.model.index(row, BestiaryColumn.NAME).data()
            for row in range(self.model.rowCount())
        )
        wanted = max(
            (metrics.horizontalAdvance(name or "") for name in names), default=0
        ) + 2 * metrics.horizontalAdvance("m")
        room = header.width() - self._preferred[BestiaryColumn.LEVEL]
        for column in (BestiaryColumn.ALIGNMENT, BestiaryColumn.MOVES):
            room -= self._preferred[column]
        for column in (BestiaryColumn.MOVES, BestiaryColumn.ALIGNMENT):
            hide = room < wanted
            if hide:
                room += self._preferred[column]
            if header.isSectionHidden(column) != hide:
                header.setSectionHidden(column, hide)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """A name wider than its column gets the lines it needs (a measure per name)."""
        view = self.view
        metrics = view.fontMetrics()
        room = view.horizontalHeader().sectionSize(BestiaryColumn.NAME) - 8
        one_line = view.verticalHeader().defaultSectionSize()
        for row in range(self.model.rowCount()):
            name = self.model.index(row, BestiaryColumn.NAME).data() or ""
            height = one_line
            if metrics.horizontalAdvance(name) > room > 0:
                lines = metrics.boundingRect(
                    QRect(0, 0, room, 10_000), int(Qt.TextFlag.TextWordWrap), name
                )
                height = max(one_line, lines.height() + 8)
            if view.rowHeight(row) != height:
                view.setRowHeight(row, height)

    # -- contents ---------------------------------------------------------------------------

    def ensure_loaded(self) -> None:
        """Read the bundled bestiaries, once (the first time the panel is shown)."""
        if self._loaded:
            return
        self._loaded = True
        self.bestiaries = list(self._loader())
        entries = [entry for bestiary in self.bestiaries for entry in bestiary.entries]
        self.model.set_entries(entries)
        self._fill(
            self.alignment_filter,
            ["", *self.model.alignments()],
            lambda value: value or "Any alignment",
        )
        self._fill(
            self.mode_filter,
            ["", *self.model.modes()],
            lambda value: _MODE_CHOICES.get(value, value),
        )
        titles = ", ".join(bestiary.title for bestiary in self.bestiaries)
        self.title.setText(
            f"{titles} · {len(entries)} monsters" if entries else "No bestiary is installed."
        )
        self.licence_button.setVisible(any(b.licence for b in self.bestiaries))
        self._fitting.start()
        if entries:
            self.view.setCurrentIndex(self.model.index(0, BestiaryColumn.NAME))

    @staticmethod
    def _fill(combo: QComboBox, values: list[str], label: Callable[[str], str]) -> None:
        combo.blockSignals(True)
        combo.clear()
        for value in values:
            combo.addItem(label(value), value)
        combo.blockSignals(False)

    def _on_visible(self, visible: bool) -> None:
        if visible:
            self.ensure_loaded()

    def set_can_add(self, can_add: bool, why_not: str = "") -> None:
        """Whether "Add to Encounter" has an encounter of a bestiary's game to add to."""
        self._can_add = can_add
        self.add_button.setEnabled(can_add and self.current_entry() is not None)
        self.add_button.setToolTip(
            "Add this monster to the current encounter, as many as you choose"
            if can_add
            else (why_not or "Open an encounter to add monsters to it")
        )

    def current_entry(self) -> BestiaryEntry | None:
        index = self.view.currentIndex()
        return self.model.entry(index.row()) if index.isValid() else None

    def _on_current(self, *_: object) -> None:
        entry = self.current_entry()
        self.open_button.setEnabled(entry is not None)
        self.add_button.setEnabled(self._can_add and entry is not None)
        if entry is None:
            self.detail.setText("")
            return
        appearing = f"\nNumber appearing {entry.appearing}" if entry.appearing else ""
        warnings = "".join(f"\n⚠ {w}" for w in self.model.warnings(entry))
        self.detail.setText(f"{entry.name}\n{entry.summary}{appearing}{warnings}")

    def _after_filter(self) -> None:
        total = len(self.model.entries())
        shown = self.model.rowCount()
        self.shown.setText(f"{shown} of {total} shown" if shown != total else "")
        self._fitting.start()
        if self.model.rowCount() and not self.view.currentIndex().isValid():
            self.view.setCurrentIndex(self.model.index(0, BestiaryColumn.NAME))
        self._on_current()

    def _on_level(self, index: int) -> None:
        _label, low, high = LEVEL_BANDS[max(index, 0)]
        self.model.set_levels(low, high)

    def _on_alignment(self, index: int) -> None:
        self.model.set_alignment(str(self.alignment_filter.itemData(index) or ""))

    def _on_mode(self, index: int) -> None:
        self.model.set_mode(str(self.mode_filter.itemData(index) or ""))

    # -- actions ----------------------------------------------------------------------------

    def _emit(self, signal: SignalInstance) -> None:
        entry = self.current_entry()
        if entry is not None:
            signal.emit(entry)

    def _open_index(self, index: QModelIndex) -> None:
        entry = self.model.entry(index.row()) if index.isValid() else None
        if entry is not None:
            self.open_requested.emit(entry)

    def _open_from_search(self) -> None:
        index = self.view.currentIndex()
        if not index.isValid() and self.model.rowCount() > 0:
            index = self.model.index(0, BestiaryColumn.NAME)
        self._open_index(index)

    def focus_search(self) -> None:
        self.show()
        self.raise_()
        self.ensure_loaded()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def show_licence(self) -> None:
        """The licence text, as plain text, in a dialog of its own."""
        # Imported when asked for: PySide builds each Qt class (and its enums) at its first
        # import, and the first window shows no dialog.
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit

        texts = [
            b.licence.read_text(encoding="utf-8", errors="replace")
            for b in self.bestiaries
            if b.licence is not None
        ]
        dialog = QDialog(self)
        dialog.setWindowTitle("Bestiary Licence")
        text = QPlainTextEdit("\n\n".join(texts))
        text.setReadOnly(True)
        text.setObjectName("bestiary_licence_text")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(buttons)
        metrics = text.fontMetrics()
        dialog.resize(metrics.horizontalAdvance("m") * 70, metrics.height() * 30)
        dialog.open()
        self.licence_dialog = dialog
