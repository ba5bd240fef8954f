"""The Tables dock: a game's random tables and the GM's own, each row with its exact chance,
rolled with one click or from the totals typed at the table.

The game follows the document in front (or is picked in the panel). The tables are read when
the panel first shows a game (a few hundred rows, milliseconds) and again after the GM adds
one. A roll shows its chain of sub-tables and, when an encounter of the game is open, is
logged there as one undo step (the window's ``log_roll``). The panel names no game: what it
shows comes from the game's tables (:mod:`m3desk.core.tables`) through the seam.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.tables import Table, TableError, TableResult, TableSet, roll
from m3desk.core.treasure import Treasure, roll_treasure
from m3desk.storage.paths import AppPaths
from m3desk.ui.tables.models import RowsModel, TablesModel

__all__ = ["TablesPanel"]

LogRoll = Callable[[str, str, str], str]
"""(game id, log line, details) → the name of the encounter it was logged in, or ""."""
MAX_TYPED = 8


class TablesPanel(QDockWidget):
    """Pick a table, see its rows and chances, roll it (or type the totals rolled)."""

    def __init__(
        self, paths: AppPaths, parent: QWidget | None = None, roller: Roller | None = None
    ) -> None:
        super().__init__("Tables", parent)
        self.setObjectName("tables_dock")
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.paths = paths
        self.roller = roller or Roller()
        self.log_roll: LogRoll | None = None
        self.tables = TableSet()
        self.last: TableResult | None = None
        self.last_treasure: Treasure | None = None
        self._game = ""
        self._loaded: dict[str, TableSet] = {}

        self._build_finding()
        self._build_list()
        self._build_rows()
        self._build_rolling()
        self._build_buttons()
        self._lay_out()
        self._update_buttons()

    def _build_finding(self) -> None:
        """The game's box and the search field above the list."""
        self.game_box = QComboBox()
        self.game_box.setObjectName("tables_game")
        self.game_box.setAccessibleName("Game")
        self.game_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.game_box.setMinimumContentsLength(8)
        for game in registry.systems():
            self.game_box.addItem(game.name, game.id)
        self.game_box.currentIndexChanged.connect(self._on_game_picked)
        self.search = QLineEdit()
        self.search.setObjectName("tables_search")
        self.search.setPlaceholderText("Find a table…")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Find a table")

    def _build_list(self) -> None:
        """The list of the game's tables (Enter or a double-click rolls one)."""
        self.list_model = TablesModel(self)
        self.search.textChanged.connect(self._on_search)
        self.list_view = QListView()
        self.list_view.setObjectName("tables_list")
        self.list_view.setAccessibleName("Tables")
        self.list_view.setModel(self.list_model)
        self.list_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list_view.setWordWrap(True)
        self.list_view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list_view.selectionModel().currentChanged.connect(self._on_table_changed)
        self.list_view.activated.connect(lambda _index: self.roll_selected())

    def _build_rows(self) -> None:
        """The chosen table's rows, wrapped to the dock's width."""
        self.rows_model = RowsModel(self)
        self.rows_view = QTableView()
        self.rows_view.setObjectName("tables_rows")
        self.rows_view.setAccessibleName("Rows of the table")
        self.rows_view.setModel(self.rows_model)
        self.rows_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rows_view.setWordWrap(True)
        self.rows_view.verticalHeader().hide()
        # a scroll bar that comes and goes changes the width the rows were fitted to
        self.rows_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.rows_view.setTextElideMode(Qt.TextElideMode.ElideNone)
        header = self.rows_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # wrapped results take the rows' height the width gives them, at every width
        header.sectionResized.connect(lambda *_a: self.rows_view.resizeRowsToContents())

    def _build_rolling(self) -> None:
        """The table's note, the totals typed or rolled, the result (scrolls past six lines)."""
        self.note = QLabel()
        self.note.setObjectName("tables_note")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.typed = QLineEdit()
        self.typed.setObjectName("tables_typed")
        self.typed.setAccessibleName("Totals rolled at the table")
        self.typed.setPlaceholderText("Totals rolled")
        self.typed.setToolTip(
            "Leave empty to let m3desk roll; one total per table of the "
            "chain, first this table's, then each sub-table's"
        )
        self.typed.returnPressed.connect(self.roll_selected)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("tables_roll")
        self.roll_button.clicked.connect(self.roll_selected)
        # No mnemonics in this dock: beside an encounter every letter is some field's
        # (Name, Remove, Start…); the table list and the totals field roll on Enter.
        self.result = QLabel()
        self.result.setObjectName("tables_result")
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.result_area = QScrollArea()
        self.result_area.setObjectName("tables_result_area")
        self.result_area.setWidget(self.result)
        self.result_area.setWidgetResizable(True)
        self.result_area.setFrameShape(QFrame.Shape.NoFrame)
        self.result_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.result_area.setMaximumHeight(self.fontMetrics().lineSpacing() * 6 + 8)

    def _build_buttons(self) -> None:
        """Rolling a treasure type, a table of one's own, the licence, and the problems line."""
        self.treasure_box = QComboBox()
        self.treasure_box.setObjectName("tables_treasure_type")
        self.treasure_box.setAccessibleName("Treasure type")
        self.treasure_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.treasure_button = QPushButton("Roll Treasure Type")
        self.treasure_button.setObjectName("tables_roll_treasure")
        self.treasure_button.setToolTip(
            "Roll the treasure type: coins, gems, jewellery and "
            "magic items, with their worth in gold"
        )
        self.treasure_button.clicked.connect(self.roll_treasure_type)

        self.new_button = QPushButton("New Table…")
        self.new_button.setObjectName("tables_new")
        self.new_button.setToolTip("Type a table of your own for this game (or paste one)")
        self.new_button.clicked.connect(lambda: self.new_table())
        self.import_button = QPushButton("Import…")
        self.import_button.setObjectName("tables_import")
        self.import_button.setToolTip("Read a table from a CSV or Markdown file")
        self.import_button.clicked.connect(self.import_table)
        self.licence_button = QPushButton("Licence…")
        self.licence_button.setObjectName("tables_licence")
        self.licence_button.setToolTip("The licence under which the game's tables are bundled")
        self.licence_button.clicked.connect(self.show_licence)
        self.problems = QLabel()
        self.problems.setObjectName("tables_problems")
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.problems.setWordWrap(True)
        self.problems.hide()

    def _lay_out(self) -> None:
        """The finder on top, the list over the rows in a splitter, the problems below."""
        top = QVBoxLayout()
        top.addWidget(self.game_box)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.licence_button)
        top.addLayout(search_row)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.list_view, 1)
        own = QHBoxLayout()
        own.addWidget(self.new_button)
        own.addWidget(self.import_button)
        left_layout.addLayout(own)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.note)
        right_layout.addWidget(self.rows_view, 1)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.typed, 1)
        roll_row.addWidget(self.roll_button)
        right_layout.addLayout(roll_row)
        right_layout.addWidget(self.result_area)
        treasure_row = QHBoxLayout()
        treasure_row.addWidget(self.treasure_box)
        treasure_row.addWidget(self.treasure_button, 1)
        right_layout.addLayout(treasure_row)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.problems)
        self.setWidget(body)

    # -- which game ------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self._game

    def show_game(self, game_id: str) -> None:
        """Show the tables of ``game_id`` (the document in front's game)."""
        at = self.game_box.findData(game_id)
        if at >= 0 and at != self.game_box.currentIndex():
            self.game_box.setCurrentIndex(at)
        elif game_id != self._game or game_id not in self._loaded:
            self._load(game_id)

    def showEvent(self, event: object) -> None:
        if not self._game and self.game_box.count():
            self._load(str(self.game_box.currentData()))
        super().showEvent(event)  # type: ignore[arg-type]

    def _on_game_picked(self, _index: int) -> None:
        self._load(str(self.game_box.currentData()))

    def own_folder(self, game_id: str) -> Path:
        from m3desk.storage.tables import own_tables_folder

        return own_tables_folder(self.paths, game_id)

    def _load(self, game_id: str, *, reload: bool = False, select: str = "") -> None:
        from m3desk.storage.tables import load_tables

        self._game = game_id
        if reload or game_id not in self._loaded:
            self._loaded[game_id] = load_tables(game_id, self.own_folder(game_id))
        self.tables = self._loaded[game_id]
        self.list_model.set_tables(self.tables)
        self.problems.setText("\n".join(self.tables.problems[:6]))
        self.problems.setVisible(bool(self.tables.problems))
        self.treasure_box.clear()
        for kind in sorted(self.tables.treasure_types.values(), key=lambda k: k.type):
            words = {"hoard": "a hoard", "individual": "each one's", "group": "a group's"}
            self.treasure_box.addItem(kind.type, kind.type)
            self.treasure_box.setItemData(
                self.treasure_box.count() - 1,
                f"Treasure type {kind.type}: {words[kind.kind]}",
                Qt.ItemDataRole.ToolTipRole,
            )
        has_treasure = bool(self.tables.treasure_types)
        for widget in (self.treasure_box, self.treasure_button):
            widget.setVisible(has_treasure)
        self.result.clear()
        self.last = None
        self.last_treasure = None
        if not len(self.tables):
            self.note.setText(
                f"{self.game_box.currentText()} ships no tables: "
                "New Table… types one of your own, Import… reads a CSV or "
                "Markdown file."
            )
        self.select_table(select or (self.tables.names()[0] if len(self.tables) else ""))

    # -- the table shown -------------------------------------------------------------------

    def _on_search(self, text: str) -> None:
        current = self.current_table()
        self.list_model.set_filter(text)
        self.select_table(current.name if current is not None else "")
        if self.current_table() is None and self.list_model.rowCount():
            self.select_table(self.list_model.table(0).name)  # type: ignore[union-attr]

    def select_table(self, name: str) -> None:
        row = self.list_model.row_of(name) if name else -1
        if row < 0:
            self.list_view.selectionModel().clearCurrentIndex()
            self._show(None)
            return
        index = self.list_model.index(row, 0)
        self.list_view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.list_view.scrollTo(index)
        self._show(self.list_model.table(row))

    def current_table(self) -> Table | None:
        index = self.list_view.currentIndex()
        return self.list_model.table(index.row()) if index.isValid() else None

    def _on_table_changed(self, current: object, _previous: object) -> None:
        index = self.list_view.currentIndex()
        self._show(self.list_model.table(index.row()) if index.isValid() else None)

    def _show(self, table: Table | None) -> None:
        self.rows_model.set_table(table)
        if table is not None:
            note = f"Roll {table.dice}."
            self.note.setText(f"{note} {table.note}" if table.note else note)
            self.rows_view.resizeRowsToContents()
        elif len(self.tables):
            self.note.setText("No table matches.")
        self._update_buttons()

    def _update_buttons(self) -> None:
        table = self.current_table()
        self.licence_button.setVisible(table is not None and bool(table.licence) and not table.own)
        self.roll_button.setEnabled(self.current_table() is not None)
        self.typed.setEnabled(self.current_table() is not None)

    # -- rolling ---------------------------------------------------------------------------

    def _typed_totals(self) -> list[int] | None:
        words = self.typed.text().replace(",", " ").split()
        if len(words) > MAX_TYPED or not all(
            w.lstrip("-").isdecimal() and len(w) < 5 for w in words
        ):
            self.result.setText(
                "Type the totals rolled as numbers, like 14 or 3 7 (one for "
                "each table of the chain)."
            )
            return None
        return [int(w) for w in words]

    def roll_selected(self) -> TableResult | None:
        """Roll the table shown (or read the typed totals); show and log the result."""
        table = self.current_table()
        if table is None:
            return None
        typed = self._typed_totals()
        if typed is None:
            return None
        try:
            result = roll(table, self.roller, typed)
        except TableError as exc:
            self.result.setText(f"{exc}.".replace("..", "."))
            return None
        self.last = result
        self.rows_model.mark(result.steps[0].row)
        self.rows_view.resizeRowsToContents()  # the bold row may need a second line
        self.rows_view.scrollTo(self.rows_model.index(self.rows_model.hit, 0))
        line = f"{table.name}: {result.summary()}"
        text = result.chain_text()
        where = self._log(line, text)
        self.result.setText(text + (f"\nLogged in {where}." if where else ""))
        self.typed.clear()
        return result

    def roll_treasure_type(self) -> Treasure | None:
        kind = self.treasure_box.currentData()
        if not kind:
            return None
        try:
            treasure = roll_treasure(self.tables, str(kind), self.roller)
        except TableError as exc:
            self.result.setText(f"{exc}.")
            return None
        self.last_treasure = treasure
        lines = treasure.lines()
        where = self._log(
            f"Treasure type {treasure.type}: {lines[-1].lower()}",
            "\n".join([*lines, *treasure.details()]),
        )
        self.result.setText(
            f"Treasure type {treasure.type}:\n"
            + "\n".join(lines)
            + (f"\nLogged in {where}." if where else "")
        )
        return treasure

    def _log(self, line: str, details: str) -> str:
        if self.log_roll is None:
            return ""
        return self.log_roll(self._game, line, details)

    def show_licence(self) -> None:
        """The current table's licence, as plain text, in a dialog of its own."""
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit

        from m3desk.storage.tables import licence_text

        table = self.current_table()
        text = licence_text(self._game, table) if table is not None else None
        dialog = QDialog(self)
        dialog.setWindowTitle("Tables Licence")
        view = QPlainTextEdit(text or "This table names no licence file that m3desk has.")
        view.setReadOnly(True)
        view.setObjectName("tables_licence_text")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(view)
        layout.addWidget(buttons)
        metrics = view.fontMetrics()
        dialog.resize(metrics.horizontalAdvance("m") * 70, metrics.height() * 30)
        dialog.open()
        self.licence_dialog = dialog

    # -- the GM's own tables ---------------------------------------------------------------

    def new_table(self, text: str = "", name: str = "") -> Path | None:
        """Open the New Table dialog; a saved table joins the list, selected."""
        from m3desk.ui.tables.table_dialog import TableDialog

        dialog = TableDialog(self.paths, self._game, self.game_box.currentText(), text, name, self)
        self.table_dialog = dialog
        dialog.setModal(True)
        dialog.finished.connect(lambda _r: self._after_dialog(dialog))
        dialog.show()
        return None

    def _after_dialog(self, dialog: object) -> None:
        from m3desk.ui.tables.table_dialog import TableDialog

        assert isinstance(dialog, TableDialog)
        if dialog.spec is not None:
            self._load(self._game, reload=True, select=dialog.spec.name)

    def import_table(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            "Import a Table",
            str(Path.home()),
            "Tables (*.csv *.md *.markdown *.txt *.tsv);;All files (*)",
        )
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> None:
        """Read a CSV or Markdown file into the New Table dialog (nothing is saved yet)."""
        from m3desk.storage.errors import DocumentLoadError
        from m3desk.ui.tables.table_dialog import read_import

        try:
            text = read_import(path)
        except DocumentLoadError as exc:
            self.result.setText(exc.message)
            return
        self.new_table(text, path.stem)
