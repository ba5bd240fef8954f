"""One table of a form-described sheet (weapons, traits, spells, effects), edited in place.

Columns are the table's :class:`~m3desk.core.sheet_form.FieldSpec`: text, numbers (bonuses
signed), choices (with the labels a game gives them), ticks, dice and range bands checked as
they are typed, and ``derived`` columns (maximum damage) explained in their tooltip and
overridable by the referee. Every edit is one undo step through the document; rows added or
removed by undo are proper insert/remove signals, and a row's overrides follow it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.derived import Derived
from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    RowPreset,
    TableSpec,
    add_row,
    display_value,
    fill_row,
    get_path,
    remove_rows,
    set_row_field,
)
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.checked_text import refuse_enter
from m3desk.ui.sheet.choice_delegate import ChoiceDelegate
from m3desk.ui.sheet.derived_delegate import DerivedDelegate
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.live_commit import LiveCommit
from m3desk.ui.sheet.override_menu import OverrideMenu, keys_under_cursor
from m3desk.ui.sheet.preset_delegate import PresetDelegate, with_listed_presets
from m3desk.ui.sheet.roles import ChoicesRole, DerivedKeyRole, DerivedRole, OverriddenRole
from m3desk.ui.sheet.row_diff import RowChangeKind, row_change
from m3desk.ui.sheet.sheet_table_view import SheetTableView

__all__ = ["CheckedTextDelegate", "FormRowsModel", "RowsPanel", "bold_font"]

Index = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def bold_font() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


class FormRowsModel(QAbstractTableModel):
    """The rows of one table of the sheet, edited through the document's undo stack."""

    edit_refused = Signal(str)

    def __init__(
        self, document: SheetDocument, table: TableSpec, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.table = table
        form = document.sheet_form()
        self._bonus_keys = form.bonus_keys if form is not None else ()
        self._rows: tuple[BaseModel, ...] = self._current()
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_changed)

    def _current(self) -> tuple[BaseModel, ...]:
        return tuple(get_path(self.document.sheet, self.table.path))

    def row_at(self, row: int) -> BaseModel:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < len(self.table.columns):
            spec = self.table.columns[section]
            if role == _ROLE.DisplayRole:
                return spec.label
            if role == _ROLE.ToolTipRole:
                return spec.help or None
        elif orientation is Qt.Orientation.Vertical and role == _ROLE.DisplayRole:
            return str(section + 1)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        kind = self.table.columns[index.column()].kind
        if kind == "bool":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if kind == "derived":
            return base
        return base | Qt.ItemFlag.ItemIsEditable

    def derived_key(self, row: int, spec: FieldSpec) -> str | None:
        key = f"{spec.derived}{row}"
        return key if key in self.document.derived() else None

    def choices(self, spec: FieldSpec) -> tuple[tuple[str, Any], ...]:
        """(label, text the model takes) for a choice column's list."""
        labels: tuple[str, ...] = ()
        if self.table.choice_labels is not None:
            labels = self.table.choice_labels(spec, self.document.table_options())
        return tuple(zip(labels or spec.choices, spec.choices, strict=False))

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        spec = self.table.columns[index.column()]
        if spec.kind == "derived":
            return self._derived_data(index.row(), spec, role)
        row = self._rows[index.row()]
        value = get_path(row, spec.path)
        ruled = spec.ruled(row, self.document.table_options()) if spec.ruled else ""
        if role == _ROLE.ToolTipRole:
            if ruled:
                return (
                    f"{ruled} at this table (its table rules); the row's own "
                    f"{display_value(spec, value)} counts where the table uses it. " + spec.help
                ).strip()
            return spec.help or (spec.label if spec.kind == "bool" else None)
        if ruled and role == _ROLE.DisplayRole:
            return ruled
        if spec.kind == "bool":
            if role == _ROLE.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        if role == _ROLE.DisplayRole:
            if spec.hidden is not None and spec.hidden(row):
                return ""
            text = display_value(spec, value)
            return text.replace("-", "−") if spec.kind == "int" else text
        if role == _ROLE.EditRole:
            return display_value(spec, value)
        if role == ChoicesRole and spec.kind == "choice":
            return self.choices(spec)
        if role == _ROLE.TextAlignmentRole and spec.kind == "int":
            return _RIGHT
        return None

    def _derived_data(self, row: int, spec: FieldSpec, role: int) -> Any:
        key = self.derived_key(row, spec)
        derived: Derived | None = self.document.derived()[key] if key else None
        if role == DerivedKeyRole:
            return key
        if role == DerivedRole:
            return derived
        if role == OverriddenRole:
            return bool(derived and derived.overridden)
        if role == _ROLE.TextAlignmentRole:
            return _RIGHT
        if derived is None:
            return None
        if role == _ROLE.DisplayRole:
            return derived_text(derived, self._bonus_keys)
        if role == _ROLE.ToolTipRole:
            return derived.explanation()
        if role == _ROLE.FontRole and derived.overridden:
            return bold_font()
        return None

    def problem(self, index: Index, text: str) -> str | None:
        """Why typed ``text`` cannot go in the cell (None when it can): the very edit is
        tried on the sheet, so the answer is the rules' own."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        spec = self.table.columns[index.column()]
        try:
            set_row_field(
                self.document.sheet,
                self.table,
                index.row(),
                spec,
                text.strip(),
                self.document.table_options(),
            )
        except FormError as error:
            return str(error)
        return None

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        spec = self.table.columns[index.column()]
        if spec.kind == "derived":
            return False
        if spec.kind == "bool":
            if role != _ROLE.CheckStateRole:
                return False
            state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(int(value))
            value = state == Qt.CheckState.Checked
        elif role != _ROLE.EditRole:
            return False
        row = index.row()
        shown = get_path(self._rows[row], spec.path)
        if shown == value or (spec.kind != "bool" and display_value(spec, shown) == value):
            return False
        try:
            after = set_row_field(
                self.document.sheet, self.table, row, spec, value, self.document.table_options()
            )
        except FormError as error:
            self.edit_refused.emit(str(error))
            return False
        return self.document.replace_sheet(
            after,
            f"Change {spec.label.lower()} of {self._row_name(row)}",
            merge_key=f"{self.table.path}.{row}.{spec.path}",
        )

    def _row_name(self, row: int) -> str:
        name = getattr(self._rows[row], "name", None)
        return str(name) if name else f"{self.table.label.lower()} row {row + 1}"

    def _noun(self, count: int = 1) -> str:
        noun = self.table.noun or self.table.label.lower()
        return noun if count == 1 else f"{count} rows of {self.table.label.lower()}"

    def add(self, at: int | None = None) -> int:
        """Add a new row (at ``at``, None: last) as one undo step; its number, or −1."""
        try:
            after = add_row(
                self.document.sheet, self.table, options=self.document.table_options(), at=at
            )
        except FormError as error:
            self.edit_refused.emit(str(error))
            return -1
        self.document.replace_sheet(after, f"Add {self._noun()}")
        return len(self._rows) - 1 if at is None else at

    def insertRows(self, row: int, count: int, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() or count != 1 or not 0 <= row <= len(self._rows):
            return False
        return self.add(row) >= 0

    def removeRows(self, row: int, count: int, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() or count < 1 or row < 0 or row + count > len(self._rows):
            return False
        return self.remove_rows(range(row, row + count))

    def fill(self, row: int, preset: RowPreset) -> bool:
        """Row ``row`` takes a preset's values (a weapon of the list), one undo step."""
        try:
            after = fill_row(self.document.sheet, self.table, row, preset)
        except FormError as error:
            self.edit_refused.emit(str(error))
            return False
        return self.document.replace_sheet(after, f"Fill {preset.name} from the list")

    def remove_rows(self, rows: Iterable[int]) -> bool:
        """Remove any set of rows as one undo step (a selection and Delete)."""
        doomed = sorted({row for row in rows if 0 <= row < len(self._rows)})
        if not doomed:
            return False
        sheet = remove_rows(self.document.sheet, self.table, doomed)
        text = (
            f"Remove {self._noun()} {self._row_name(doomed[0])}"
            if len(doomed) == 1
            else f"Remove {self._noun(len(doomed))}"
        )
        return self.document.replace_sheet(sheet, text)

    def _on_changed(self, _changed: frozenset[str]) -> None:
        rows = self._current()
        change = row_change(self._rows, rows)
        if change.kind is RowChangeKind.INSERTED:
            self.beginInsertRows(QModelIndex(), change.first, change.last)
            self._rows = rows
            self.endInsertRows()
        elif change.kind is RowChangeKind.REMOVED:
            self.beginRemoveRows(QModelIndex(), change.first, change.last)
            self._rows = rows
            self.endRemoveRows()
        elif change.kind is RowChangeKind.RESET:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        else:
            self._rows = rows
        if self._rows:  # derived cells follow other fields (level, overrides): refresh all
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(self.table.columns) - 1)
            )

    def detach(self) -> None:
        self.document_link.detach()


class CheckedTextDelegate(QStyledItemDelegate):
    """A text cell the column reads strictly (damage dice, range bands, a duration).

    While the text is no value of the column, Enter keeps the editor open and the message
    bar says why; leaving the cell then keeps the old value. Text that reads commits after
    a short pause in typing, so what follows from it (maximum damage) updates as one types.
    """

    message = Signal(str)

    def __init__(
        self,
        problem: Callable[[Index, str], str | None],
        placeholder: str = "",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._problem = problem
        self._placeholder = placeholder

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        editor.setPlaceholderText(self._placeholder)
        tip = index.data(Qt.ItemDataRole.ToolTipRole)
        if tip:
            editor.setToolTip(str(tip))
        live = LiveCommit(self, editor)
        editor.textEdited.connect(
            lambda text: self._typed(QPersistentModelIndex(index), text, live)
        )
        editor.setProperty("index", QPersistentModelIndex(index))
        return editor

    def _typed(self, index: Index, text: str, live: LiveCommit) -> None:
        problem = self._problem(index, text)
        if problem is None:
            live.schedule()
        else:
            live.cancel()
            self.message.emit(problem)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        # Leave a half-typed value alone: the user is still fixing it.
        if (
            isinstance(editor, QLineEdit)
            and self._problem(index, editor.text()) is None
            and editor.text().strip() != text
        ):
            editor.setText(text)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, QLineEdit):
            return
        live = LiveCommit.of(editor)
        if live is not None:
            live.cancel()
        problem = self._problem(index, editor.text())
        if problem is not None:
            self.message.emit(problem)
            return
        model.setData(index, editor.text().strip(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        index = watched.property("index") if isinstance(watched, QLineEdit) else None
        if isinstance(index, QPersistentModelIndex) and refuse_enter(
            watched, event, lambda text: self._problem(index, text), self.message.emit
        ):
            return True
        return super().eventFilter(watched, event)


class RowsPanel(QWidget):
    """A table of the sheet with its + and − buttons (and a line for what is selected)."""

    def __init__(
        self,
        document: SheetDocument,
        table: TableSpec,
        report: Callable[[str], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        table = with_listed_presets(table)
        self.document = document
        self.table = table
        self.model = FormRowsModel(document, table, self)
        self.model.edit_refused.connect(report)
        self.view = SheetTableView(self, min_rows=table.min_rows)
        self.view.setObjectName(f"table:{table.path}")
        self.view.setModel(self.model)
        for number, spec in enumerate(table.columns):
            if spec.kind == "choice":  # the sheet's own combo delegate, as wide as its choices
                self.view.setItemDelegateForColumn(number, ChoiceDelegate(self.view))
            elif spec.kind == "derived":
                self.view.setItemDelegateForColumn(number, DerivedDelegate(self.view))
            elif spec.path == "name" and table.presets:
                self.view.setItemDelegateForColumn(
                    number, PresetDelegate(table, self.model.fill, self.view)
                )
            elif spec.kind in ("dice", "bands") or spec.read is not None:
                delegate = CheckedTextDelegate(self.model.problem, parent=self.view)
                delegate.message.connect(report)
                self.view.setItemDelegateForColumn(number, delegate)
        self.view.delete_requested.connect(self.model.remove_rows)
        if any(spec.kind == "derived" for spec in table.columns):
            self.override_menu = OverrideMenu(document, self.view, keys_under_cursor(self.view))
        if table.help:
            self.view.setToolTip(table.help)
        noun = table.label.lower()
        self.add_button = QToolButton(self)
        self.add_button.setText("+")
        self.add_button.setObjectName(f"add:{table.path}")
        self.add_button.setToolTip(f"Add a row to {noun}")
        self.add_button.clicked.connect(self._add)
        self.remove_button = QToolButton(self)
        self.remove_button.setText("−")
        self.remove_button.setObjectName(f"remove:{table.path}")
        self.remove_button.setToolTip(f"Remove the selected rows of {noun} (Delete)")
        self.remove_button.clicked.connect(self._remove)
        self.remove_button.setEnabled(False)
        self.view.selectionModel().selectionChanged.connect(self._selected)
        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.view, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        self.note: QLabel | None = None
        if table.selection_note is not None:
            self.note = QLabel(self)
            self.note.setObjectName(f"note:{table.path}")
            self.note.setTextFormat(Qt.TextFormat.PlainText)
            self.note.setWordWrap(True)
            self.note.setToolTip(table.selection_help)
            layout.addWidget(self.note)
            self.note_link = DocumentLink.on(
                document, "sheet_changed", lambda _changed: self._selected()
            )
        self._selected()

    def _selected(self, *_args: object) -> None:
        rows = self.view.selectionModel().selectedRows()
        self.remove_button.setEnabled(bool(rows))
        if self.note is not None and self.table.selection_note is not None:
            self.note.setText(self.table.selection_note(self.document.sheet, len(rows)))

    def _add(self) -> None:
        row = self.model.add()
        if row >= 0:
            index = self.model.index(row, 0)
            self.view.setCurrentIndex(index)
            self.view.edit(index)

    def _remove(self) -> None:
        rows = sorted({index.row() for index in self.view.selectionModel().selectedRows()})
        self.model.remove_rows(rows)

    def detach(self) -> None:
        self.model.detach()
        if self.note is not None:
            self.note_link.detach()
