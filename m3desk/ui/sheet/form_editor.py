"""The sheet editor of every game that describes its sheets with a form.

One group box per :class:`~m3desk.core.sheet_form.SectionSpec`: its fields as a form (spin
boxes, combo boxes, check boxes, line edits), its derived values as a table that explains each
value and lets the referee override it (right-click), and its table of rows (weapons, attacks,
spells) with + and − buttons. Every edit goes through the document's undo stack; a refused
edit says why in the message bar and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    RowPreset,
    SectionSpec,
    TableSpec,
    add_row,
    display_value,
    fill_row,
    get_path,
    remove_row,
    set_path,
    set_row_field,
)
from m3desk.ui import dialogs
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.form_sheet_document import FormSheetDocument
from m3desk.ui.sheet.choice_delegate import ChoiceDelegate
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.derived_values_table import DerivedValuesTable
from m3desk.ui.sheet.preset_delegate import PresetDelegate
from m3desk.ui.sheet.roles import ChoicesRole
from m3desk.ui.sheet.sheet_editor_base import SheetEditorBase
from m3desk.ui.sheet.sheet_table_view import SheetTableView

__all__ = ["FieldEditor", "FormRowsModel", "FormSheetEditor", "StatBlockDialog"]

Index = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
_INT_RANGE = (-999_999, 9_999_999)


class FieldEditor(QObject):
    """One field of the sheet: its widget, kept in step with the document both ways."""

    def __init__(self, document: FormSheetDocument, spec: FieldSpec,
                 report: Callable[[str], None], parent: QWidget) -> None:
        super().__init__(parent)
        self.document = document
        self.spec = spec
        self._report = report
        self.widget = self._make_widget(parent)
        self.widget.setObjectName(f"field:{spec.path}")
        if spec.help:
            self.widget.setToolTip(spec.help)
        self.derived_label: QLabel | None = None
        if spec.derived:
            self.derived_label = QLabel(parent)
            self.derived_label.setObjectName(f"derived:{spec.derived}")
            self.derived_label.setTextFormat(Qt.TextFormat.PlainText)
            # May wrap: a sheet on a small screen never scrolls sideways for a long name.
            self.derived_label.setWordWrap(True)
        self.refresh()

    def _make_widget(self, parent: QWidget) -> QWidget:
        spec = self.spec
        if spec.kind == "int":
            box = QSpinBox(parent)
            low = spec.minimum if spec.minimum is not None else _INT_RANGE[0]
            high = spec.maximum if spec.maximum is not None else _INT_RANGE[1]
            if spec.blank:  # one step below the minimum reads "by size" and means None
                low -= 1
                box.setSpecialValueText(spec.blank)
            box.setRange(low, high)
            box.setKeyboardTracking(False)
            box.setAccelerated(True)
            box.valueChanged.connect(lambda value: self.commit(
                None if spec.blank and value == box.minimum() else value))
            return box
        if spec.kind == "choice":
            combo = QComboBox(parent)
            combo.addItems(list(spec.choices))
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.activated.connect(lambda index: self.commit(combo.itemText(index)))
            return combo
        if spec.kind == "bool":
            check = QCheckBox(parent)
            check.toggled.connect(lambda checked: self.commit(checked))
            return check
        if spec.kind == "long_text":
            notes = QPlainTextEdit(parent)
            notes.setTabChangesFocus(True)
            notes.setMinimumHeight(notes.fontMetrics().lineSpacing() * 5)
            notes.textChanged.connect(lambda: self.commit(notes.toPlainText(), merge=True))
            return notes
        line = QLineEdit(parent)
        if spec.width:
            line.setMinimumWidth(line.fontMetrics().horizontalAdvance(spec.width) + 16)
        line.editingFinished.connect(lambda: self.commit(line.text()))
        return line

    def row_widget(self) -> QWidget:
        """The widget to put in a form row (with its derived value beside it, if any)."""
        if self.derived_label is None:
            return self.widget
        holder = QWidget(self.widget.parentWidget())
        layout = QHBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.widget)
        layout.addWidget(self.derived_label, 1)  # the rest of the row: it wraps only if short
        return holder

    def commit(self, value: Any, *, merge: bool = False) -> bool:
        sheet = self.document.sheet
        if self._shown_value() == value:
            return False
        try:
            after = set_path(sheet, self.spec, value)
        except FormError as error:
            self._report(str(error))
            self.refresh()
            return False
        return self.document.replace_sheet(
            after, f"Set {self.spec.label}",  # type: ignore[arg-type]
            merge_key=f"field:{self.spec.path}" if merge else None)

    def _shown_value(self) -> Any:
        value = get_path(self.document.sheet, self.spec.path)
        if self.spec.kind in ("int", "bool", "long_text"):
            return value
        return display_value(self.spec, value)

    def refresh(self) -> None:
        value = self._shown_value()
        widget = self.widget
        widget.blockSignals(True)
        try:
            if isinstance(widget, QSpinBox):
                widget.setValue(widget.minimum() if value is None else int(value))
            elif isinstance(widget, QComboBox):
                index = widget.findText(str(value))
                if index < 0:
                    widget.addItem(str(value))
                    index = widget.count() - 1
                widget.setCurrentIndex(index)
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QPlainTextEdit):
                if widget.toPlainText() != value:
                    widget.setPlainText(str(value))
            elif isinstance(widget, QLineEdit) and widget.text() != value:
                widget.setText(str(value))
        finally:
            widget.blockSignals(False)
        if self.derived_label is not None:
            derived = self.document.derived().get(self.spec.derived)
            if derived is not None:
                text = f"{self._derived_name(derived.label)} " \
                    f"{derived_text(derived, self.document.form.bonus_keys)}"
                self.derived_label.setText(f"{text} GM" if derived.overridden else text)
                self.derived_label.setToolTip(derived.explanation())

    def _derived_name(self, label: str) -> str:
        """What the value beside the field is, without the field's own name: "THAC0" beside
        Level, "modifier" beside STR (its label "STR modifier")."""
        own = self.spec.label
        if label.startswith(own + " ") and len(label) > len(own) + 1:
            return label[len(own) + 1:]
        return label


class FormRowsModel(QAbstractTableModel):
    """The rows of one table of the sheet (weapons, attacks, spells), edited in place."""

    edit_refused = Signal(str)

    def __init__(self, document: FormSheetDocument, table: TableSpec,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.table = table
        self._rows: tuple[BaseModel, ...] = self._current()
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_changed)

    def _current(self) -> tuple[BaseModel, ...]:
        return tuple(get_path(self.document.sheet, self.table.path))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = _ROLE.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and 0 <= section < len(self.table.columns):
            spec = self.table.columns[section]
            if role == _ROLE.DisplayRole:
                return spec.label
            if role == _ROLE.ToolTipRole:
                return spec.help or None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.table.columns[index.column()].kind == "bool":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = _ROLE.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        spec = self.table.columns[index.column()]
        value = get_path(self._rows[index.row()], spec.path)
        if spec.kind == "bool":
            if role == _ROLE.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            if role == _ROLE.ToolTipRole:
                return spec.help or spec.label
            return None
        if role in (_ROLE.DisplayRole, _ROLE.EditRole):
            return display_value(spec, value).replace("-", "−") if (
                role == _ROLE.DisplayRole and spec.kind == "int") else display_value(spec, value)
        if role == _ROLE.ToolTipRole:
            return spec.help or None
        if role == ChoicesRole and spec.kind == "choice":
            return tuple((choice, choice) for choice in spec.choices)
        if role == _ROLE.TextAlignmentRole and spec.kind == "int":
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def setData(self, index: Index, value: Any, role: int = _ROLE.EditRole) -> bool:
        if not index.isValid():
            return False
        spec = self.table.columns[index.column()]
        if spec.kind == "bool":
            if role != _ROLE.CheckStateRole:
                return False
            state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(int(value))
            value = state == Qt.CheckState.Checked
        elif role != _ROLE.EditRole:
            return False
        row = index.row()
        if get_path(self._rows[row], spec.path) == value or (
                spec.kind != "bool" and display_value(
                    spec, get_path(self._rows[row], spec.path)) == value):
            return False
        try:
            after = set_row_field(self.document.sheet, self.table, row, spec, value)
        except FormError as error:
            self.edit_refused.emit(str(error))
            return False
        return self.document.replace_sheet(
            after, f"Set {spec.label} of {self._row_name(row)}")  # type: ignore[arg-type]

    def _row_name(self, row: int) -> str:
        name = getattr(self._rows[row], "name", None)
        return str(name) if name else f"{self.table.label.lower()} row {row + 1}"

    def add(self) -> int:
        try:
            after = add_row(self.document.sheet, self.table)
        except FormError as error:
            self.edit_refused.emit(str(error))
            return -1
        self.document.replace_sheet(after, f"Add to {self.table.label}")  # type: ignore[arg-type]
        return len(self._rows) - 1

    def fill(self, row: int, preset: RowPreset) -> bool:
        """Row ``row`` takes a preset's values (a weapon of the list), one undo step."""
        try:
            after = fill_row(self.document.sheet, self.table, row, preset)
        except FormError as error:
            self.edit_refused.emit(str(error))
            return False
        return self.document.replace_sheet(
            after, f"Fill {preset.name} from the list")  # type: ignore[arg-type]

    def remove(self, rows: list[int]) -> None:
        if not rows:
            return
        sheet = self.document.sheet
        for row in sorted(set(rows), reverse=True):
            sheet = remove_row(sheet, self.table, row)
        count = len(set(rows))
        self.document.replace_sheet(  # type: ignore[arg-type]
            sheet, f"Remove {self._row_name(rows[0])}" if count == 1
            else f"Remove {count} rows of {self.table.label}")

    def _on_changed(self, _changed: frozenset[str]) -> None:
        rows = self._current()
        if rows == self._rows:
            return
        if len(rows) == len(self._rows):
            self._rows = rows
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(rows) - 1, len(self.table.columns) - 1))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def detach(self) -> None:
        self.document_link.detach()


class _RowsPanel(QWidget):
    def __init__(self, document: FormSheetDocument, table: TableSpec,
                 report: Callable[[str], None], parent: QWidget) -> None:
        super().__init__(parent)
        self.model = FormRowsModel(document, table, self)
        self.model.edit_refused.connect(report)
        self.view = SheetTableView(self, min_rows=2)
        self.view.setObjectName(f"table:{table.path}")
        self.view.setModel(self.model)
        for number, spec in enumerate(table.columns):
            if spec.kind == "choice":  # the sheet's own combo delegate, as wide as its choices
                self.view.setItemDelegateForColumn(number, ChoiceDelegate(self.view))
            elif spec.path == "name" and table.presets:
                self.view.setItemDelegateForColumn(
                    number, PresetDelegate(table, self.model.fill, self.view))
        self.view.delete_requested.connect(self.model.remove)
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
        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)

    def _add(self) -> None:
        row = self.model.add()
        if row >= 0:
            index = self.model.index(row, 0)
            self.view.setCurrentIndex(index)
            self.view.edit(index)

    def _remove(self) -> None:
        rows = sorted({index.row() for index in self.view.selectionModel().selectedRows()})
        self.model.remove(rows)


class StatBlockDialog(QDialog):
    """Paste a stat block as a book prints it; the sheet is filled from what can be read.

    A block that offers variants ("HD 8 / 12 / 16") shows a choice of the variant to read."""

    def __init__(self, help_text: str, parent: QWidget | None = None,
                 variants: Callable[[str], tuple[str, ...]] = lambda _text: ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("Read a Stat Block")
        self._variants = variants
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("stat_block_text")
        self.text.setPlaceholderText("Paste the stat block here")
        self.text.setMinimumSize(self.fontMetrics().horizontalAdvance("M" * 40),
                                 self.fontMetrics().lineSpacing() * 8)
        self.variant = QComboBox(self)
        self.variant.setObjectName("stat_block_variant")
        self.variant_label = QLabel("&Variant:", self)
        self.variant_label.setBuddy(self.variant)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Read")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        hint = QLabel(help_text, self)
        hint.setTextFormat(Qt.TextFormat.PlainText)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addWidget(self.text, 1)
        row = QHBoxLayout()
        row.addWidget(self.variant_label)
        row.addWidget(self.variant, 1)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.text.textChanged.connect(self._offer_variants)
        self._offer_variants()

    def _offer_variants(self) -> None:
        """The block's variants to choose from; hidden when it describes one creature."""
        found = self._variants(self.text.toPlainText())
        current = self.variant.currentIndex()
        if tuple(self.variant.itemText(i) for i in range(self.variant.count())) != found:
            self.variant.clear()
            self.variant.addItems(list(found))
            if 0 <= current < len(found):
                self.variant.setCurrentIndex(current)
        self.variant.setVisible(bool(found))
        self.variant_label.setVisible(bool(found))

    def chosen_variant(self) -> int:
        return max(0, self.variant.currentIndex())


class FormSheetEditor(SheetEditorBase):
    """The sheet of a form-described game, section by section."""

    def __init__(self, document: FormSheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setObjectName("form_sheet_editor")
        self.form_document = document
        self.fields: dict[str, FieldEditor] = {}
        self.tables: dict[str, _RowsPanel] = {}
        self.derived_tables: list[DerivedValuesTable] = []
        self.summary = QLabel(self.content)
        self.summary.setObjectName("sheet_summary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        font = self.summary.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.summary.setFont(font)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        self.read_button: QPushButton | None = None
        self.stat_block_dialog: StatBlockDialog | None = None
        if document.form.parse is not None:
            self.read_button = QPushButton("Read Stat Block…", self.content)
            self.read_button.setObjectName("read_stat_block")
            self.read_button.setToolTip("Paste a stat block as a module prints it to fill the "
                                        "sheet")
            self.read_button.clicked.connect(self.ask_stat_block)
            top.addWidget(self.read_button)
        self.grid.addLayout(top, 0, 0, 1, 2)
        row, column = 1, 0
        for section in document.form.sections:
            group = self._section(section)
            if section.wide:
                if column:
                    row += 1
                self.add_group(group, row, 0, 1, 2)
                row, column = row + 1, 0
            else:
                self.add_group(group, row, column)
                column = 1 - column
                row += 1 if column == 0 else 0
        self.grid.setRowStretch(row + 1, 1)
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_changed)
        self._show_summary()

    def _section(self, section: SectionSpec) -> QGroupBox:
        group = QGroupBox(section.title, self.content)
        group.setObjectName(f"section:{section.title}")
        layout = QVBoxLayout(group)
        if section.fields:
            form = QFormLayout()
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
            for spec in section.fields:
                editor = FieldEditor(self.form_document, spec, self.report, group)
                self.fields[spec.path] = editor
                label = QLabel(spec.label, group)
                label.setTextFormat(Qt.TextFormat.PlainText)
                label.setBuddy(editor.widget)
                form.addRow(label, editor.row_widget())
            layout.addLayout(form)
        if section.derived:
            table = DerivedValuesTable(self.form_document, section.derived, group)
            table.setObjectName(f"derived_values:{section.title}")
            self.derived_tables.append(table)
            layout.addWidget(table)
        if section.table is not None:
            panel = _RowsPanel(self.form_document, section.table, self.report, group)
            self.tables[section.table.path] = panel
            layout.addWidget(panel)
        else:
            layout.addStretch(1)  # a box taller than its contents keeps them at its top
        return group

    def _on_changed(self, _changed: frozenset[str]) -> None:
        for editor in self.fields.values():
            editor.refresh()
        self._show_summary()

    def _show_summary(self) -> None:
        text = self.form_document.form.summary(self.form_document.sheet)
        self.summary.setText(text)
        self.summary.setVisible(bool(text))

    def ask_stat_block(self) -> None:
        parse = self.form_document.form.parse
        if parse is None or dialogs.is_non_interactive():
            return
        form = self.form_document.form
        dialog = StatBlockDialog(form.parse_help, self, form.stat_block_variants)
        self.stat_block_dialog = dialog
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.read_stat_block(dialog.text.toPlainText(), dialog.chosen_variant())
        finally:
            self.stat_block_dialog = None
            dialog.deleteLater()

    def read_stat_block(self, text: str, variant: int = 0) -> list[str]:
        """Fill the sheet from a stat block (one undo step); returns what could not be read."""
        parse = self.form_document.form.parse
        assert parse is not None
        current = self.form_document.sheet
        sheet, problems = parse(text, current.name, variant)
        sheet = sheet.model_copy(update={"name": current.name})
        self.form_document.replace_sheet(sheet, "Read stat block")  # type: ignore[arg-type]
        if problems:
            self.report("Read the stat block, except: " + "; ".join(problems) + ".")
        return problems
