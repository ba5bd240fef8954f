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

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont
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
    QVBoxLayout,
    QWidget,
)

from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    SectionSpec,
    SheetForm,
    display_value,
    get_path,
    set_path,
    set_pool,
)
from m3desk.ui import dialogs
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument, game_sheet
from m3desk.ui.sheet.ability_table import AbilityGroup
from m3desk.ui.sheet.derived_format import derived_text
from m3desk.ui.sheet.derived_label import DerivedLabel
from m3desk.ui.sheet.derived_values_table import DerivedValuesTable
from m3desk.ui.sheet.form_rows import FormRowsModel, RowsPanel
from m3desk.ui.sheet.level_step_dialog import LevelStepDialog
from m3desk.ui.sheet.portrait_widget import PortraitWidget
from m3desk.ui.sheet.sheet_editor_base import SheetEditorBase
from m3desk.ui.sheet.sheet_rolls_dialog import RollLog, SheetRollsDialog, rolls_of
from m3desk.ui.sheet.table_checks import TableChecks

__all__ = ["FieldEditor", "FormRowsModel", "FormSheetEditor", "StatBlockDialog"]

_INT_RANGE = (-999_999, 9_999_999)


class FieldEditor(QObject):
    """One field of the sheet: its widget, kept in step with the document both ways."""

    def __init__(
        self,
        document: SheetDocument,
        spec: FieldSpec,
        report: Callable[[str], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.spec = spec
        self._report = report
        self.pool: tuple[QSpinBox, QSpinBox] | None = None
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
        if spec.kind == "pool":
            return self._make_pool(parent)
        if spec.kind == "int":
            box = QSpinBox(parent)
            box.setPrefix(spec.prefix)
            low = spec.minimum if spec.minimum is not None else _INT_RANGE[0]
            high = spec.maximum if spec.maximum is not None else _INT_RANGE[1]
            if spec.blank:  # one step below the minimum reads "by size" and means None
                low -= 1
                box.setSpecialValueText(spec.blank)
            box.setRange(low, high)
            box.setKeyboardTracking(False)
            box.setAccelerated(True)
            box.valueChanged.connect(
                lambda value: self.commit(None if spec.blank and value == box.minimum() else value)
            )
            return box
        if spec.kind == "choice":
            combo = QComboBox(parent)
            combo.addItems(list(spec.choices))
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            # Any change of the choice (a click, the keys on the closed box) is an edit; the
            # echo of refresh() is blocked.
            combo.currentIndexChanged.connect(
                lambda index: index >= 0 and self.commit(combo.itemText(index))
            )
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
        line.setPlaceholderText(spec.placeholder)
        if spec.width:
            line.setMinimumWidth(line.fontMetrics().horizontalAdvance(spec.width) + 16)
        if spec.kind == "text" and spec.read is None:
            # Live as the user types, one undo step per burst: textChanged, not textEdited,
            # so the line edit's own Ctrl+Z keeps the sheet in step. A refused text (an empty
            # name) is said and left in the box until editing finishes.
            line.textChanged.connect(lambda text: self.commit(text, merge=True, live=True))
            line.editingFinished.connect(self._finished)
        else:
            line.editingFinished.connect(lambda: self.commit(line.text()))
        return line

    def _finished(self) -> None:
        self.refresh()
        self.document.break_merge()

    def _make_pool(self, parent: QWidget) -> QWidget:
        """Current / maximum: a raised maximum raises the current as much, a current typed
        above the maximum raises it (:func:`~m3desk.core.sheet_form.pool_after`)."""
        holder = QWidget(parent)
        layout = QHBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        current, maximum = QSpinBox(holder), QSpinBox(holder)
        most = self.spec.maximum if self.spec.maximum is not None else _INT_RANGE[1]
        least = self.spec.minimum if self.spec.minimum is not None else -most
        current.setRange(least, most)
        maximum.setRange(0, most)
        for box, part in ((current, "current"), (maximum, "maximum")):
            box.setObjectName(f"field:{self.spec.path}.{part}")
            box.setAccessibleName(f"{self.spec.label} {part}")
            box.setKeyboardTracking(False)
            box.setAccelerated(True)
            box.editingFinished.connect(self.document.break_merge)
        current.valueChanged.connect(lambda value: self.commit_pool(current=value))
        maximum.valueChanged.connect(lambda value: self.commit_pool(maximum=value))
        slash = QLabel("/", holder)
        layout.addWidget(current)
        layout.addWidget(slash)
        layout.addWidget(maximum)
        layout.addStretch(1)
        self.pool = (current, maximum)
        return holder

    def commit_pool(self, *, current: int | None = None, maximum: int | None = None) -> bool:
        try:
            after = set_pool(self.document.sheet, self.spec, current=current, maximum=maximum)
        except FormError as error:
            self._report(str(error))
            self.refresh()
            return False
        if after == self.document.sheet:
            self.refresh()
            return False
        return self.document.replace_sheet(
            after, f"Change {self.spec.label}", merge_key=f"field:{self.spec.path}"
        )

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

    def commit(self, value: Any, *, merge: bool = False, live: bool = False) -> bool:
        sheet = self.document.sheet
        if self._shown_value() == value:
            return False
        try:
            after = set_path(sheet, self.spec, value)
        except FormError as error:
            self._report(str(error))
            if not live:
                self.refresh()
            return False
        text = f"Set {self.spec.label}"
        form = self.document.sheet_form()
        step = (
            form.level_step(sheet, after, self.document.table_options())
            if form is not None and form.level_step is not None
            else None
        )
        if step is not None:  # a raised level offers its hit points, in the same undo step
            answer = LevelStepDialog.ask(step, after, self.widget)
            if answer is not None:
                after = step.apply(after, answer[0])
                text = f"Set {self.spec.label} and hit points"
                self._report(f"{step.text}: {answer[1]}.")
            else:
                self._report(f"{step.text}: hit points left as they were.")
        return self.document.replace_sheet(
            after, text, merge_key=f"field:{self.spec.path}" if merge else None
        )

    def _shown_value(self) -> Any:
        value = get_path(self.document.sheet, self.spec.path)
        if self.spec.kind in ("int", "bool", "long_text", "pool"):
            return value
        return display_value(self.spec, value)

    def refresh(self) -> None:
        value = self._shown_value()
        widget = self.widget
        if self.spec.locked is not None:
            reason = self.spec.locked(self.document.sheet)
            widget.setEnabled(not reason)
            widget.setToolTip(reason or self.spec.help)
        widget.blockSignals(True)
        try:
            if self.pool is not None:
                for box, number in zip(self.pool, (value.current, value.maximum), strict=True):
                    box.blockSignals(True)
                    if box.value() != number:
                        box.setValue(number)
                    box.blockSignals(False)
            elif isinstance(widget, QSpinBox):
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
                if not widget.hasFocus():  # a text too long for the box shows its start
                    widget.setCursorPosition(0)
        finally:
            widget.blockSignals(False)
        if self.derived_label is not None:
            derived = self.document.derived().get(self.spec.derived)
            form = self.document.sheet_form()
            if derived is not None:
                text = (
                    f"{self._derived_name(derived.label)} "
                    f"{derived_text(derived, form.bonus_keys if form else ())}"
                )
                self.derived_label.setText(f"{text} GM" if derived.overridden else text)
                self.derived_label.setToolTip(derived.explanation())

    def _derived_name(self, label: str) -> str:
        """What the value beside the field is, without the field's own name: "THAC0" beside
        Level, "modifier" beside STR (its label "STR modifier")."""
        own = self.spec.label
        if label.startswith(own + " ") and len(label) > len(own) + 1:
            return label[len(own) + 1 :]
        return label


class StatBlockDialog(QDialog):
    """Paste a stat block as a book prints it; the sheet is filled from what can be read.

    A block that offers variants ("HD 8 / 12 / 16") shows a choice of the variant to read."""

    def __init__(
        self,
        help_text: str,
        parent: QWidget | None = None,
        variants: Callable[[str], tuple[str, ...]] = lambda _text: (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Read a Stat Block")
        self._variants = variants
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("stat_block_text")
        self.text.setPlaceholderText("Paste the stat block here")
        self.text.setMinimumSize(
            self.fontMetrics().horizontalAdvance("M" * 40), self.fontMetrics().lineSpacing() * 8
        )
        self.variant = QComboBox(self)
        self.variant.setObjectName("stat_block_variant")
        self.variant_label = QLabel("&Variant:", self)
        self.variant_label.setBuddy(self.variant)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, parent=self
        )
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


def with_mnemonics(labels: list[str], used: set[str] | None = None) -> list[str]:
    """The labels with an Alt+letter each, none of them in ``used`` (which grows): a word's
    first letter first ("&Name", "Armour &bonus"), else any letter; a label left without a
    free letter gets none. A label's own "&" is kept as text."""
    used = set() if used is None else used
    marked: list[str] = []
    for label in labels:
        starts = [
            i for i, ch in enumerate(label) if ch.isalnum() and (i == 0 or label[i - 1] == " ")
        ]
        rest = [i for i, ch in enumerate(label) if ch.isalnum() and i not in starts]
        place = next((i for i in starts + rest if label[i].casefold() not in used), None)
        if place is None:
            marked.append(label.replace("&", "&&"))
            continue
        used.add(label[place].casefold())
        marked.append(label[:place].replace("&", "&&") + "&" + label[place:].replace("&", "&&"))
    return marked


def headline_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setBold(True)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * 1.4)
    return font


class FormSheetEditor(SheetEditorBase):
    """The sheet of any game, section by section, as its :class:`SheetForm` describes it."""

    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        form = document.sheet_form()
        if form is None:
            raise TypeError(f"no game describes a {type(document.sheet).__name__} with a form")
        self.setObjectName("form_sheet_editor")
        self.form_document = document
        self.form: SheetForm = form
        self.fields: dict[str, FieldEditor] = {}
        self.tables: dict[str, RowsPanel] = {}
        self.derived_tables: list[DerivedValuesTable] = []
        self.headlines: list[DerivedLabel] = []
        self.abilities: AbilityGroup | None = None
        self.pictures: dict[str, PortraitWidget] = {}
        self.groups: dict[str, QGroupBox] = {}
        self._alt_keys: set[str] = set()
        """Letters taken by Alt+letter on this sheet, so none is ambiguous."""
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
        if form.parse is not None:
            self.read_button = QPushButton("Read Stat Block…", self.content)
            self.read_button.setObjectName("read_stat_block")
            self.read_button.setToolTip(
                "Paste a stat block as a module prints it to fill the sheet"
            )
            self.read_button.clicked.connect(self.ask_stat_block)
            top.addWidget(self.read_button)
        self.roll_log: RollLog | None = None
        """Where a roll from the sheet is logged (the open encounter); set by the window."""
        self.rolls_dialog: SheetRollsDialog | None = None
        self.roll_button: QPushButton | None = None
        if rolls_of(document):
            self.roll_button = QPushButton("Roll…", self.content)
            self.roll_button.setObjectName("roll_from_sheet")
            self.roll_button.setToolTip(
                "Roll a saving throw, a check or a skill from this "
                "sheet, with its exact chance (logged in the open "
                "encounter)"
            )
            self.roll_button.clicked.connect(self.open_rolls)
            top.addWidget(self.roll_button)
        header = QVBoxLayout()
        header.addLayout(top)
        self.table_checks = TableChecks(form.warnings, self.content)
        header.addWidget(self.table_checks)
        self.grid.addLayout(header, 0, 0, 1, 2)
        self._lay_out(form.sections)
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_changed)
        self._show_summary()
        self._show_used()

    def _lay_out(self, sections: tuple[SectionSpec, ...]) -> None:
        """Two columns: each section goes to the shorter one (the left on a tie); a tall one
        takes two rows of its column; a wide one the whole width below both."""
        free = [1, 1]
        stretch_row = -1
        for section in sections:
            group = self._section(section)
            if section.wide:
                row = max(free)
                self.add_group(group, row, 0, 1, 2)
                free = [row + 1, row + 1]
            else:
                column = 0 if free[0] <= free[1] else 1
                row = free[column]
                span = 2 if section.tall else 1
                self.add_group(group, row, column, span, 1)
                free[column] = row + span
            if section.stretch:
                stretch_row = row
        self.grid.setRowStretch(stretch_row if stretch_row >= 0 else max(free), 1)
        self.grid.setColumnStretch(0, self.form.column_stretch[0])
        self.grid.setColumnStretch(1, self.form.column_stretch[1])

    def _section(self, section: SectionSpec) -> QGroupBox:
        group = QGroupBox(section.title, self.content)
        group.setObjectName(f"section:{section.title}")
        self.groups[section.title] = group
        layout = QVBoxLayout(group)
        if section.headline is not None:
            headline = section.headline
            headline_label = DerivedLabel(
                self.form_document,
                headline.keys,
                lambda values: headline.text(tuple(values)),
                group,
            )
            headline_label.setObjectName("headline:" + ",".join(headline.keys))
            headline_label.setFont(headline_font(group.font()))
            self.headlines.append(headline_label)
            layout.addWidget(headline_label)
        if (
            len(section.fields) == 1
            and section.fields[0].kind == "long_text"
            and section.fields[0].label == section.title
        ):
            editor = FieldEditor(self.form_document, section.fields[0], self.report, group)
            self.fields[section.fields[0].path] = editor
            editor.widget.setAccessibleName(section.title)
            layout.addWidget(editor.widget)
        elif section.fields:
            form = QFormLayout()
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
            # A row too long for the section's width puts its field under its label, so a
            # narrow sheet (150 % beside the library) never scrolls sideways.
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            pools = [spec for spec in section.fields if spec.kind == "pool"]
            if pools:
                form.addRow(QLabel("", group), self._pool_header(group, pools[0]))
            texts = with_mnemonics([spec.label for spec in section.fields], self._alt_keys)
            for spec, text in zip(section.fields, texts, strict=True):
                editor = FieldEditor(self.form_document, spec, self.report, group)
                self.fields[spec.path] = editor
                label = QLabel(text, group)
                label.setTextFormat(Qt.TextFormat.PlainText)
                label.setBuddy(editor.pool[0] if editor.pool else editor.widget)
                if spec.help and spec.kind == "pool":
                    label.setToolTip(spec.help)
                form.addRow(label, editor.row_widget())
            if section.picture is not None:
                picture = PortraitWidget(
                    self.form_document, self.report, group, field=section.picture.path
                )
                self.pictures[section.picture.path] = picture
                beside = QHBoxLayout()
                beside.addLayout(form, 1)
                beside.addWidget(picture)
                layout.addLayout(beside)
            else:
                layout.addLayout(form)
        if section.abilities is not None:
            self.abilities = AbilityGroup(self.form_document, section.abilities, self.report, group)
            layout.addWidget(self.abilities)
        if section.derived:
            table = DerivedValuesTable(self.form_document, section.derived, group)
            table.setObjectName(f"derived_values:{section.title}")
            self.derived_tables.append(table)
            layout.addWidget(table)
        if section.table is not None:
            panel = RowsPanel(self.form_document, section.table, self.report, group)
            self.tables[section.table.path] = panel
            layout.addWidget(panel)
        if not section.stretch and not (
            len(section.fields) == 1 and section.fields[0].kind == "long_text"
        ):
            layout.addStretch(1)  # a box taller than its contents keeps them at its top
        return group

    def _pool_header(self, parent: QWidget, spec: FieldSpec) -> QWidget:
        """ "Current" and "Maximum" over the pools' two boxes."""
        holder = QWidget(parent)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        probe = QSpinBox()
        most = spec.maximum if spec.maximum is not None else _INT_RANGE[1]
        probe.setRange(spec.minimum if spec.minimum is not None else -most, most)
        width = probe.sizeHint().width()
        probe.deleteLater()
        slash = QLabel("/")
        gap = slash.sizeHint().width()
        slash.deleteLater()
        for text in ("Current", "Maximum"):
            label = QLabel(text, holder)
            label.setFixedWidth(width)
            row.addWidget(label)
            if text == "Current":
                row.addSpacing(gap + row.spacing())
        row.addStretch(1)
        return holder

    def _on_changed(self, _changed: frozenset[str]) -> None:
        for editor in self.fields.values():
            editor.refresh()
        self._show_summary()
        self._show_used()

    def _show_used(self) -> None:
        """Sections this sheet has no use for (a fighter's thief skills and spell list) are
        left off the screen as they are off its paper; they come back with the class."""
        unused = self.form.printed.unused(self.form_document.sheet)
        for title, group in self.groups.items():
            group.setHidden(title in unused)

    def _show_summary(self) -> None:
        text = self.form.summary(self.form_document.sheet)
        self.summary.setText(text)
        self.summary.setVisible(bool(text))
        self.table_checks.show_for(self.form_document.sheet)

    def open_rolls(self) -> SheetRollsDialog:
        """The sheet's rolls, in a window beside the sheet (kept open while the sheet is)."""
        if self.rolls_dialog is None:
            self.rolls_dialog = SheetRollsDialog(self.form_document, self.roll_log, self)
        self.rolls_dialog.log = self.roll_log
        self.rolls_dialog.show()
        self.rolls_dialog.raise_()
        return self.rolls_dialog

    def ask_stat_block(self) -> None:
        parse = self.form.parse
        if parse is None or dialogs.is_non_interactive():
            return
        form = self.form
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
        parse = self.form.parse
        assert parse is not None
        current = self.form_document.sheet
        name = game_sheet(current).name
        sheet, problems = parse(text, name, variant)
        # A name line above the stats ("Goblin") names the monster; else it keeps its own.
        read = str(getattr(sheet, "name", "") or "")
        sheet = sheet.model_copy(update={"name": read or name})
        self.form_document.replace_sheet(sheet, "Read stat block")
        if problems:
            self.report("Read the stat block, except: " + "; ".join(problems) + ".")
        return problems
