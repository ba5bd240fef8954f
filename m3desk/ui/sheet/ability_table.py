"""A sheet's abilities as a table: the score (typed), then derived columns (modifiers).

Rendered from a :class:`~m3desk.core.sheet_form.AbilityTable`: any game's abilities. Each
derived cell explains itself in its tooltip and the referee overrides it with a right-click;
a row the sheet marks (a prime attribute) is starred, its last column bold with the mark's
word ("+6 prime"). A score is edited in a spin box that explains an impossible number and
commits after a pause in typing, through the game's own edit (a CON that moves the pools).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.derived import Derived
from m3desk.core.sheet_form import AbilityTable, FieldSpec, FormError, get_path, set_path
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.derived_delegate import DerivedDelegate
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.form_rows import bold_font
from m3desk.ui.sheet.live_commit import LiveCommit
from m3desk.ui.sheet.override_menu import OverrideMenu, keys_under_cursor
from m3desk.ui.sheet.roles import DerivedKeyRole, DerivedRole, OverriddenRole
from m3desk.ui.sheet.score_spin_box import ScoreSpinBox
from m3desk.ui.sheet.sheet_table_view import SheetTableView

__all__ = ["SCORE", "AbilityGroup", "AbilityTableModel"]

Index = QModelIndex | QPersistentModelIndex
SCORE = 0
_ROLE = Qt.ItemDataRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class AbilityTableModel(QAbstractTableModel):
    """Rows of abilities; column 0 the score, then the table's derived columns."""

    edit_refused = Signal(str)

    def __init__(
        self, document: SheetDocument, table: AbilityTable, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.table = table
        form = document.sheet_form()
        self._bonus_keys = form.bonus_keys if form is not None else ()
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_changed)

    def marks(self) -> bool:
        """Whether this sheet marks a row (a character's prime; a monster has none)."""
        return (
            bool(self.table.marked) and self.table.marked in type(self.document.sheet).model_fields
        )

    def is_marked(self, row: int) -> bool:
        if not self.marks():
            return False
        value = getattr(self.document.sheet, self.table.marked)
        return str(getattr(value, "value", value)) == self.table.rows[row].label

    def derived(self, row: int, column: int) -> Derived:
        spec = self.table.columns[column - 1]
        return self.document.derived()[self.table.key(spec, self.table.rows[row])]

    def score(self, row: int) -> int:
        return int(get_path(self.document.sheet, self.table.rows[row].path))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 1 + len(self.table.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < self.columnCount():
            spec = self.table.columns[section - 1] if section else None
            if role == _ROLE.DisplayRole:
                return spec.label if spec else self.table.score_label
            if role == _ROLE.ToolTipRole:
                return (spec.help if spec else self.table.score_help) or None
        elif orientation is Qt.Orientation.Vertical and 0 <= section < len(self.table.rows):
            row = self.table.rows[section]
            marked = self.is_marked(section)
            if role == _ROLE.DisplayRole:
                return f"{row.label} {self.table.mark}" if marked else row.label
            if role == _ROLE.ToolTipRole:
                return (row.help or row.label) + (self.table.mark_help if marked else "")
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsEditable if index.column() == SCORE else flags

    def _text(self, row: int, column: int) -> str:
        text = derived_text(self.derived(row, column), self._bonus_keys)
        if column == len(self.table.columns) and self.is_marked(row) and self.table.mark_word:
            text += f" {self.table.mark_word}"
        return text

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.table.rows):
            return None
        row, column = index.row(), index.column()
        if column == SCORE:
            return self._score_data(row, role)
        derived = self.derived(row, column)
        if role == _ROLE.DisplayRole:
            return self._text(row, column)
        if role == _ROLE.ToolTipRole:
            return derived.explanation()
        if role == DerivedKeyRole:
            return derived.key
        if role == DerivedRole:
            return derived
        if role == OverriddenRole:
            return derived.overridden
        if role == _ROLE.FontRole and (
            derived.overridden or (column == len(self.table.columns) and self.is_marked(row))
        ):
            return bold_font()
        if role == _ROLE.TextAlignmentRole:
            return _RIGHT
        return None

    def _score_data(self, row: int, role: int) -> Any:
        spec = self.table.rows[row]
        if role == _ROLE.DisplayRole:
            return str(self.score(row))
        if role == _ROLE.EditRole:
            return self.score(row)
        if role == _ROLE.ToolTipRole:
            text = f"{spec.help or spec.label} {self.score(row)}"
            if self.table.columns:
                text += f": {self._text(row, 1)}"
                if self.is_marked(row) and len(self.table.columns) > 1:
                    text = text.removesuffix(f" {self.table.mark_word}")
                    last = derived_text(
                        self.derived(row, len(self.table.columns)), self._bonus_keys
                    )
                    text += f" ({last} {self.table.mark_word})"
            return text
        if role == _ROLE.FontRole:
            return bold_font()
        if role == _ROLE.TextAlignmentRole:
            return _RIGHT
        return None

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        if not index.isValid() or index.column() != SCORE or role != _ROLE.EditRole:
            return False
        spec = self.table.rows[index.row()]
        try:
            sheet = set_path(self.document.sheet, spec, int(value))
        except (FormError, TypeError, ValueError) as error:
            self.edit_refused.emit(str(error))
            return False
        return self.document.replace_sheet(sheet, f"Change {spec.label}", merge_key=spec.path)

    def _on_changed(self, _changed: frozenset[str]) -> None:
        last = len(self.table.rows) - 1
        self.dataChanged.emit(self.index(0, 0), self.index(last, self.columnCount() - 1))
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, last)

    def detach(self) -> None:
        self.document_link.detach()


class ScoreDelegate(QStyledItemDelegate):
    """Edits a score in a spin box that says why a number is impossible (and keeps
    editing), committing after a pause in typing so what follows from it updates."""

    message = Signal(str)

    def __init__(self, rows: tuple[FieldSpec, ...], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = rows

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        spec = self._rows[index.row()]
        low = spec.minimum if spec.minimum is not None else -999
        high = spec.maximum if spec.maximum is not None else 999
        editor = ScoreSpinBox(spec.label, low, high, parent)
        editor.setFrame(False)
        editor.setAlignment(_RIGHT)
        live = LiveCommit(self, editor)
        editor.valueChanged.connect(lambda _value: live.schedule())
        editor.edited.connect(lambda _text: self._typed(editor, live))
        return editor

    def _typed(self, editor: ScoreSpinBox, live: LiveCommit) -> None:
        problem = editor.problem()
        if problem is not None:
            live.cancel()
            self.message.emit(problem)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on an impossible score: say why and keep editing."""
        if (
            isinstance(watched, ScoreSpinBox)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            problem = watched.problem()
            if problem is not None:
                self.message.emit(problem)
                return True
        return super().eventFilter(watched, event)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if not isinstance(editor, ScoreSpinBox) or not isinstance(value, int):
            return
        if editor.value() != value or not editor.hasAcceptableInput():
            editor.blockSignals(True)
            editor.setValue(value)
            editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, ScoreSpinBox):
            return
        live = LiveCommit.of(editor)
        if live is not None:
            live.cancel()
        problem = editor.problem()
        if problem is not None:
            self.message.emit(problem)
            return
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        editor.setGeometry(option.rect)


class AbilityGroup(QWidget):
    """The ability table with its note under it."""

    def __init__(
        self,
        document: SheetDocument,
        table: AbilityTable,
        report: Callable[[str], None],
        parent: QGroupBox,
    ) -> None:
        super().__init__(parent)
        self.model = AbilityTableModel(document, table, self)
        self.model.edit_refused.connect(report)
        self.view = SheetTableView(self, min_rows=len(table.rows), row_headers=True, compact=True)
        self.view.setObjectName("abilities_view")
        self.view.setModel(self.model)
        self.delegate = ScoreDelegate(table.rows, self.view)
        self.delegate.message.connect(report)
        self.view.setItemDelegateForColumn(SCORE, self.delegate)
        derived = DerivedDelegate(self.view)
        for column in range(1, self.model.columnCount()):
            self.view.setItemDelegateForColumn(column, derived)
        self.override_menu = OverrideMenu(document, self.view, keys_under_cursor(self.view))
        text = (table.mark_note if self.model.marks() else "") + table.note
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        if text:
            self.hint = QLabel(text, self)
            self.hint.setTextFormat(Qt.TextFormat.PlainText)
            self.hint.setWordWrap(True)
            layout.addWidget(self.hint)
