"""A row table with its + and − buttons, delegates installed by column kind.

+ adds a row and starts editing its name; − and the Delete key remove the selected rows as
one undo step. Derived columns get the override context menu.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QHBoxLayout, QStyledItemDelegate, QToolButton, QVBoxLayout, QWidget

from m3desk.ui.sheet.bands_delegate import BandsDelegate
from m3desk.ui.sheet.choice_delegate import ChoiceDelegate
from m3desk.ui.sheet.columns import ColumnKind
from m3desk.ui.sheet.derived_delegate import DerivedDelegate
from m3desk.ui.sheet.dice_delegate import DiceDelegate
from m3desk.ui.sheet.message_bar import MessageBar
from m3desk.ui.sheet.override_menu import OverrideMenu, keys_under_cursor
from m3desk.ui.sheet.row_table_model import RowTableModel
from m3desk.ui.sheet.sheet_table_view import SheetTableView
from m3desk.ui.sheet.tier_delegate import TierDelegate

__all__ = ["RowTablePanel"]


class RowTablePanel(QWidget):
    def __init__(
        self,
        model: RowTableModel,
        messages: MessageBar,
        parent: QWidget | None = None,
        *,
        min_rows: int = 2,
    ) -> None:
        super().__init__(parent)
        self.model = model
        model.setParent(self)
        self.view = SheetTableView(self, min_rows=min_rows)
        self.view.setObjectName(f"{model.field}_view")
        self.view.setModel(model)
        self._install_delegates(messages)
        self.override_menu = OverrideMenu(model.document, self.view, keys_under_cursor(self.view))
        model.edit_refused.connect(messages.show_message)
        self.view.delete_requested.connect(model.remove_rows)

        noun = model.noun
        self.add_button = self._button("+", f"Add a new {noun}", self.add_row)
        self.remove_button = self._button(
            "−", f"Remove the selected {noun} (Delete)", self.remove_selected
        )
        self.remove_button.setEnabled(False)
        selection = self.view.selectionModel()
        selection.selectionChanged.connect(self._update_buttons)
        model.modelReset.connect(self._update_buttons)
        model.rowsRemoved.connect(self._update_buttons)

        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(buttons)

    def _button(self, text: str, tip: str, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.clicked.connect(slot)
        return button

    def _install_delegates(self, messages: MessageBar) -> None:
        view = self.view
        for column, spec in enumerate(self.model.columns):
            delegate: QStyledItemDelegate | None = None
            if spec.kind is ColumnKind.DICE:
                dice = DiceDelegate(view)
                dice.message.connect(messages.show_message)
                delegate = dice
            elif spec.kind is ColumnKind.BANDS:
                bands = BandsDelegate(view)
                bands.message.connect(messages.show_message)
                delegate = bands
            elif spec.kind is ColumnKind.DERIVED:
                delegate = DerivedDelegate(view)
            elif spec.kind is ColumnKind.CHOICE and spec.field == "tier":
                delegate = TierDelegate(self.model.document.rules, view)
            elif spec.kind is ColumnKind.CHOICE:
                delegate = ChoiceDelegate(view)
            if delegate is not None:
                view.setItemDelegateForColumn(column, delegate)

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.view.selected_rows()))

    def add_row(self) -> None:
        row = self.model.rowCount()
        if not self.model.insertRows(row, 1):
            return
        index = self.model.index(row, 0)
        self.view.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.view.edit(index)

    def remove_selected(self) -> None:
        self.model.remove_rows(self.view.selected_rows())
