"""The library dock: a search box over the table of characters, monsters and encounters."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from m3desk.storage.paths import AppPaths
from m3desk.ui.library.column_fitter import ColumnFitter
from m3desk.ui.library.mark_delegate import MarkDelegate, mark_column_width
from m3desk.ui.library.model import Column, LibraryModel
from m3desk.ui.library.scan import LibraryEntry, bundled_samples, library_folders, scan_library
from m3desk.ui.library.search_keys import DownIntoList

__all__ = ["LibraryPanel"]

Scanner = Callable[[], Sequence[LibraryEntry]]


class LibraryPanel(QDockWidget):
    """Lists every file the user can open; asks the window to open one on Enter/double-click.

    The panel never opens files itself (``open_requested``), so the window keeps
    one code path for the library, the Open dialog, drops and the command line.
    Several rows can be selected (Ctrl/Shift-click) because File → New Encounter
    and Print Party take the selected sheets.
    """

    open_requested = Signal(Path)

    def __init__(
        self, paths: AppPaths, parent: QWidget | None = None, scanner: Scanner | None = None
    ) -> None:
        super().__init__("Library", parent)
        self.setObjectName("library_dock")
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self._paths = paths
        self._scanner: Scanner = scanner or (lambda: scan_library(paths, bundled_samples()))
        self.last_scan_seconds = 0.0

        self.model = LibraryModel(self)
        self.search = QLineEdit()
        self.search.setObjectName("library_search")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the library")
        self.search.textChanged.connect(self.model.set_filter)
        self.search.returnPressed.connect(self._open_from_search)

        self.game_filter = QComboBox()
        self.game_filter.setObjectName("library_game")
        self.game_filter.setAccessibleName("Show the files of one game")
        self.game_filter.setToolTip("Show the files of one game, or of every game")
        self.game_filter.currentIndexChanged.connect(self._on_game_chosen)

        self.view = QTableView()
        self.view.setObjectName("library_view")
        self.view.setAccessibleName("Library")
        self.view.setModel(self.model)
        self._configure_view()
        self.view.activated.connect(self._open_index)
        self.down_into_list = DownIntoList(self.search, self.view, Column.NAME)

        self.summary = QLabel()
        self.summary.setObjectName("library_summary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # shown before the text guard is
        self.summary.setWordWrap(True)
        self.model.modelReset.connect(self._update_summary)
        self.model.modelReset.connect(self._name_the_search)
        self._name_the_search()

        # Another m3desk (or a file manager) may add sheets: rescan shortly after the
        # folders change. Debounced, because one atomic save touches the folder twice.
        self._watcher = QFileSystemWatcher(self)
        self._rescan = QTimer(self)
        self._rescan.setSingleShot(True)
        self._rescan.setInterval(300)
        self._rescan.timeout.connect(self.refresh)
        self._watcher.directoryChanged.connect(self._rescan.start)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(self.game_filter)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)
        self.setWidget(body)

    def _name_the_search(self) -> None:
        """The search box names what it searches in the columns' words (the shown game's
        "Race" and "Class", or the seam's "Ancestry" and "Calling" for games mixed)."""
        ancestry, calling = self.model.identity_words()
        words = f"{ancestry.lower()}, {calling.lower()}"
        # Kind and level are searched too, as the tooltip says: the box is narrow beside a
        # fight at 150 %, where the longer list was cut.
        text = f"Search name, {words}…"
        if text != self.search.placeholderText():
            self.search.setPlaceholderText(text)
            self.search.setToolTip(f"Search the library by name, {words}, kind or level")

    def _configure_view(self) -> None:
        view = self.view
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setDragEnabled(True)
        view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        view.setDefaultDropAction(Qt.DropAction.CopyAction)
        view.setAlternatingRowColors(True)
        view.setShowGrid(False)
        view.setWordWrap(False)
        view.setTabKeyNavigation(False)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._marks = MarkDelegate(view)
        view.setItemDelegateForColumn(Column.KIND, self._marks)
        view.setItemDelegateForColumn(Column.SOURCE, self._marks)
        header = view.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionsMovable(True)
        header.setStretchLastSection(False)
        # Widths from the font, not ResizeToContents: the dock opens narrow (Name gets the
        # room, long races and classes elide, the tooltips tell the rest) and measuring
        # every row on each rescan is what the performance notes warn against (A3).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(mark_column_width(view.fontMetrics().height()))
        widths = self._column_widths()
        for column, width in widths.items():
            header.resizeSection(column, width)
        # A narrow dock squeezes Race and Class, then hides them, before Name gives way.
        self.column_fitter = ColumnFitter(
            view,
            widths,
            name_minimum=self._name_width(),
            shrunk_minimum=view.fontMetrics().horizontalAdvance("halfl…") + self._cell_padding(),
        )
        self.column_fitter.hidden = {Column.GAME}  # until the library holds two games
        header.setSectionHidden(Column.GAME, True)
        header.setSortIndicator(Column.NAME, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)  # calls LibraryModel.sort, never a proxy

    def _cell_padding(self) -> int:
        """What an item view adds around a cell's text, plus a little so nothing elides."""
        style = self.view.style()
        return (
            2 * (style.pixelMetric(style.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1) + 2
        )

    def _column_widths(self) -> dict[Column, int]:
        """Every column but Name (which stretches), from the font: right at 150 % too."""
        metrics = self.view.fontMetrics()
        padding = self._cell_padding()
        mark = mark_column_width(metrics.height())
        widest = {
            Column.LEVEL: ("Lvl", "4+1"),
            Column.RACE: ("high elf",),
            Column.CLASS: ("magic user",),
            Column.GAME: ("Game",),
        }
        widths = {
            column: max(metrics.horizontalAdvance(text) for text in texts) + padding
            for column, texts in widest.items()
        }
        return {Column.KIND: mark, **widths, Column.SOURCE: mark}

    def _name_width(self) -> int:
        """The Name column's width for the sample party's longest names."""
        metrics = self.view.fontMetrics()
        return (
            max(
                metrics.horizontalAdvance(text)
                for text in ("Gramfive the Grim", "Guido of Gramarye")
            )
            + self._cell_padding()
        )

    def preferred_width(self) -> int:
        """A dock width with the Name column wide enough for the sample party's names.

        Computed from the font, so it stays right at 150% or with large fonts.
        """
        name = self._name_width()
        columns = sum(
            width for column, width in self._column_widths().items() if column is not Column.GAME
        )  # shown when the dock is widened
        sides = self._body_margins()
        return name + columns + 2 * self.view.frameWidth() + sides

    def _body_margins(self) -> int:
        """The left and right margins of the panel's layout."""
        body = self.widget()
        layout = body.layout() if body is not None else None
        if layout is None:
            return 0
        margins = layout.contentsMargins()
        return margins.left() + margins.right()

    def narrow_width(self) -> int:
        """The width beside an encounter: Name, Level and the marks, no more (Race and
        Class give way; the encounter needs the room)."""
        widths = self._column_widths()
        sides = self._body_margins()
        marks = sum(widths.get(column, 0) for column in (Column.KIND, Column.LEVEL, Column.SOURCE))
        scroll = self.view.verticalScrollBar().sizeHint().width()
        return self._name_width() + marks + scroll + 2 * self.view.frameWidth() + sides

    # -- contents ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rescan the folders; the selection stays on the same files if they still exist."""
        current = self.selected_path()
        selected = [entry.path for entry in self.selected_entries()]
        started = time.perf_counter()
        entries = self._scanner()
        self.model.set_entries(entries)
        self._fill_games()
        self.last_scan_seconds = time.perf_counter() - started
        if len(selected) > 1:
            self.select_paths(selected)
        if current is not None:
            row = self.model.row_of(current)
            if len(selected) <= 1:
                self.select_path(current)
            elif row >= 0:
                self.view.selectionModel().setCurrentIndex(
                    self.model.index(row, Column.NAME), QItemSelectionModel.SelectionFlag.NoUpdate
                )
        self._watch_folders()

    ALL_GAMES = "All games"

    def _fill_games(self) -> None:
        """One entry per game the library holds files of; shown only when there are two."""
        games = self.model.games()
        wanted = [self.ALL_GAMES, *games]
        shown = [self.game_filter.itemText(n) for n in range(self.game_filter.count())]
        if wanted != shown:
            chosen = self.model.game
            self.game_filter.blockSignals(True)
            self.game_filter.clear()
            self.game_filter.addItems(wanted)
            self.game_filter.setCurrentIndex(wanted.index(chosen) if chosen in wanted else 0)
            self.game_filter.blockSignals(False)
            if chosen not in wanted:
                self.model.set_game(None)
        self.game_filter.setVisible(len(games) > 1)
        self._show_game_column()

    def show_game(self, game: str | None) -> None:
        """Show one game's files (None: all), as choosing it in the combo box does."""
        index = self.game_filter.findText(game or self.ALL_GAMES)
        self.game_filter.setCurrentIndex(max(index, 0))

    def _on_game_chosen(self, index: int) -> None:
        text = self.game_filter.itemText(index)
        self.model.set_game(None if index <= 0 or text == self.ALL_GAMES else text)
        self._show_game_column()

    def _show_game_column(self) -> None:
        """The Game column while the library lists every game's files, and holds two."""
        games = self.model.games()
        hide = self.model.game is not None or len(games) < 2
        self.column_fitter.hidden = {Column.GAME} if hide else set()
        if games:  # as wide as the longest game's name the library holds
            metrics = self.view.fontMetrics()
            self.column_fitter.prefer(
                Column.GAME,
                max(metrics.horizontalAdvance(game) for game in games) + self._cell_padding(),
            )
        self.column_fitter.fit()

    def _watch_folders(self) -> None:
        """Watch the data folder and whichever library folders exist by now."""
        wanted = [
            str(folder)
            for folder in (self._paths.data_dir, *library_folders(self._paths))
            if folder.is_dir()
        ]
        missing = [folder for folder in wanted if folder not in self._watcher.directories()]
        if missing:
            self._watcher.addPaths(missing)

    def selected_path(self) -> Path | None:
        """The current row's file (the one Enter opens), else the first selected one."""
        current = self.view.currentIndex()
        selection = self.view.selectionModel()
        if current.isValid() and selection.isRowSelected(current.row()):
            entry = self.model.entry(current.row())
            return entry.path if entry is not None else None
        entries = self.selected_entries()
        return entries[0].path if entries else None

    def selected_entries(self) -> list[LibraryEntry]:
        """Every selected row that can be opened, top to bottom as shown."""
        rows = sorted(index.row() for index in self.view.selectionModel().selectedRows())
        entries = [self.model.entry(row) for row in rows]
        return [entry for entry in entries if entry is not None and not entry.broken]

    def select_paths(self, paths: Sequence[Path]) -> int:
        """Select the rows of ``paths`` (as Ctrl-click would); returns how many were found."""
        selection = self.view.selectionModel()
        selection.clearSelection()
        found = 0
        for path in paths:
            row = self.model.row_of(path)
            if row < 0:
                continue
            index = self.model.index(row, Column.NAME)
            flags = (
                QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            )
            selection.select(index, flags)
            selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
            found += 1
        return found

    def select_path(self, path: Path) -> bool:
        row = self.model.row_of(path)
        if row < 0:
            return False
        index = self.model.index(row, Column.NAME)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        return True

    def focus_search(self) -> None:
        """Show the panel and put the cursor in the search box (Ctrl+F)."""
        self.show()
        self.raise_()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _update_summary(self) -> None:
        entries = self.model.entries()
        own = sum(1 for e in entries if not e.is_sample)
        samples = len(entries) - own
        broken = sum(1 for e in entries if e.broken)
        shown = self.model.rowCount()
        parts = [
            f"{own} of your own" if own else "No sheets of your own yet",
            f"{samples} sample{'s' if samples != 1 else ''}",
        ]
        if broken:
            parts.append(f"{broken} cannot be opened")
        text = ", ".join(parts)
        if self.model.filter_text() or self.model.game is not None:
            text = f"Showing {shown} of {len(entries)} · {text}"
        self.summary.setText(text)

    # -- opening ----------------------------------------------------------------------------

    def _open_index(self, index: QModelIndex) -> None:
        entry = self.model.entry(index.row()) if index.isValid() else None
        if entry is not None:
            self.open_requested.emit(entry.path)

    def _open_from_search(self) -> None:
        """Enter in the search box opens the selected row, or the first match."""
        index = self.view.currentIndex()
        if not index.isValid() and self.model.rowCount() > 0:
            index = self.model.index(0, Column.NAME)
        self._open_index(index)
