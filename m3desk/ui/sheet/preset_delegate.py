"""The name cell of a row table that offers the game's own list (the equipment list's
weapons): typing shows the matching entries with their numbers, and a name from the list
fills the whole row in one undo step ("dagger" → 1d4, thrown, 10/20/30)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QCompleter,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from m3desk.core.sheet_form import RowPreset, TableSpec, find_preset

__all__ = ["NAME_ROLE", "PresetDelegate", "with_listed_presets"]

Index = QModelIndex | QPersistentModelIndex
NAME_ROLE = Qt.ItemDataRole.UserRole + 1
"""The entry's bare name: what is matched against the typing and put into the cell."""


def with_listed_presets(table: TableSpec) -> TableSpec:
    """The table with the presets of its game's data file too (the SRD's spells), read once;
    a file that cannot be read leaves the table's own list (typing still works)."""
    if not table.preset_file or table.presets_from is None:
        return table
    from m3desk.assets import game_data

    try:
        listed = table.presets_from(game_data(table.preset_file))
    except (OSError, ValueError, KeyError, TypeError):
        return table
    return table._replace(presets=(*table.presets, *listed))


def preset_model(table: TableSpec, parent: QWidget) -> QStandardItemModel:
    """One entry per preset: "dagger — 1d4, melee or thrown 10/20/30'" shown, "dagger" used."""
    model = QStandardItemModel(parent)
    for preset in table.presets:
        item = QStandardItem(f"{preset.name} — {preset.note}" if preset.note else preset.name)
        item.setData(preset.name, NAME_ROLE)
        item.setToolTip(preset.note)
        model.appendRow(item)
    return model


class PresetDelegate(QStyledItemDelegate):
    """A line edit with the list as a completer; ``fill`` takes a chosen preset's row."""

    def __init__(
        self, table: TableSpec, fill: Callable[[int, RowPreset], bool], parent: QWidget
    ) -> None:
        super().__init__(parent)
        self._table = table
        self._fill = fill
        self._entries = preset_model(table, parent)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("preset_editor")
        completer = QCompleter(self._entries, editor)
        completer.setCompletionRole(NAME_ROLE)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setMaxVisibleItems(12)
        editor.setCompleter(completer)
        # The popup takes the cell's width, which would cut every entry to "silver da…":
        # it is as wide as its widest entry, within the window.
        popup = completer.popup()
        bar = popup.verticalScrollBar() if popup is not None else None
        if popup is not None and bar is not None:
            widest = popup.sizeHintForColumn(0) + bar.sizeHint().width() + 2 * popup.frameWidth()
            popup.setMinimumWidth(min(widest, parent.window().width()))
        # While the list shows, its popup takes Return and hands it to the line edit past
        # this delegate's event filter: a name chosen from the list, or Return typed while
        # the list shows, commits and closes here; any other Return is the delegate's own.
        completer.activated.connect(lambda _text: self._commit(editor))
        editor.returnPressed.connect(lambda: self._commit(editor))
        return editor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(watched, QLineEdit)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            watched.setProperty("committed", True)  # the delegate commits this one itself
        return super().eventFilter(watched, event)

    def _commit(self, editor: QLineEdit) -> None:
        if editor.property("committed"):
            return
        editor.setProperty("committed", True)
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(Qt.ItemDataRole.EditRole) or ""))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if not isinstance(editor, QLineEdit):
            return
        text = editor.text()
        preset = find_preset(self._table, text)
        if preset is not None:
            self._fill(index.row(), preset)
            return
        model.setData(index, text, Qt.ItemDataRole.EditRole)
