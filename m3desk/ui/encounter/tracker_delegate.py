"""The tracker's row look and its editors.

Row state is drawn from the palette: the current turn gets a Highlight-tinted background
(its bold font and the ▶ row marker say the same without colour), surprised combatants are
drawn as disabled items (greyed and italic), so light and dark palettes both work.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QRegularExpression,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QIntValidator,
    QPalette,
    QRegularExpressionValidator,
    QValidator,
)
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from m3desk.ui.encounter.short_words import shortened
from m3desk.ui.encounter.tracker_columns import Column, TrackerRole
from m3desk.ui.sheet.choice_delegate import ChoiceCombo

__all__ = ["TrackerDelegate"]

Index = QModelIndex | QPersistentModelIndex
_POOL_INPUT = QRegularExpression(r"-?\d{0,4}(/\d{0,4})?")


class OptionalIntValidator(QIntValidator):
    """A whole number in range, or nothing: an empty initiative cell means "none yet"."""

    def validate(self, text: str, position: int) -> object:
        if not text.strip():
            return QValidator.State.Acceptable, text, position
        return super().validate(text, position)


def current_turn_brush(palette: QPalette) -> QBrush:
    tint = QColor(palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight))
    tint.setAlpha(60)
    return QBrush(tint)


class TrackerDelegate(QStyledItemDelegate):
    """Base for every tracker column: row state look plus the editor each column needs."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        state = index.data(TrackerRole.ROW_STATE)
        if state == "surprised":
            option.state &= ~QStyle.StateFlag.State_Enabled
        elif state == "current":
            option.backgroundBrush = current_turn_brush(option.palette)
        model = index.model()
        spec = model.column_spec(index.column()) if hasattr(model, "column_spec") else None
        if spec is not None and spec.id == Column.SIDE and option.text:
            # A narrow Side reads "Monst.", never "Mons…" (its tooltip and editor keep it).
            option.text = shortened(option.text, option.fontMetrics, option.rect.width() - 8)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        model = index.model()
        spec = model.column_spec(index.column()) if hasattr(model, "column_spec") else None
        column = spec.id if spec is not None else ""
        if column == Column.INITIATIVE:
            edit = QLineEdit(parent)
            edit.setValidator(OptionalIntValidator(-99, 199, edit))
            edit.setPlaceholderText("none")
            edit.setAccessibleName("Initiative")
            return edit
        choices = index.data(TrackerRole.CHOICES)
        if spec is not None and choices:
            combo = ChoiceCombo(parent)
            combo.addItems(list(choices))
            for number, tip in enumerate(index.data(TrackerRole.CHOICE_TIPS) or ()):
                if tip:  # what the game's maneuver of that name allows
                    combo.setItemData(number, tip, Qt.ItemDataRole.ToolTipRole)
            combo.setMinimumContentsLength(max(len(choice) for choice in choices))
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setAccessibleName(spec.tip or spec.title)
            # A pick is final: commit it at once, as a combo box in a form does.
            combo.picked.connect(lambda _index, combo=combo: self._commit_pick(combo))
            return combo
        if spec is not None and spec.kind == "pool":
            edit = QLineEdit(parent)
            edit.setValidator(QRegularExpressionValidator(_POOL_INPUT, edit))
            edit.setToolTip(f"Current {spec.title} (7), or current/maximum (7/25)")
            edit.setAccessibleName(spec.title)
            return edit
        if spec is not None and spec.number_range is not None:
            spin = QSpinBox(parent)
            spin.setRange(*spec.number_range)
            spin.setAccessibleName(spec.tip or spec.title)
            return spin
        if column == Column.SIDE:
            side_combo = QComboBox(parent)
            side_combo.setEditable(True)
            side_combo.addItems(list(getattr(model, "sides", ())))
            side_combo.setAccessibleName("Side")
            return side_combo
        if column in (Column.NAME, Column.NOTES) or spec is not None:
            edit = QLineEdit(parent)
            edit.setMaxLength(80 if column == Column.NAME else 10_000)
            if spec is not None:
                edit.setAccessibleName(spec.title)
            return edit
        return super().createEditor(parent, option, index)

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        super().updateEditorGeometry(editor, option, index)
        if isinstance(editor, QComboBox) and not editor.isEditable():
            # A list of actions reads whole even when its column is narrow.
            editor.resize(max(editor.width(), editor.sizeHint().width()), editor.height())

    def _commit_pick(self, combo: QComboBox) -> None:
        self.commitData.emit(combo)
        self.closeEditor.emit(combo, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole) or ""))
            line_edit = editor.lineEdit()
            if line_edit is not None:
                line_edit.selectAll()  # a typed key replaces, as in the other cells
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)
