"""A compact table of derived values (AC, rolled defence, Movement, MOV, initiative...)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QWidget

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.derived_delegate import DerivedDelegate
from m3desk.ui.sheet.derived_values_model import VALUE, DerivedValuesModel
from m3desk.ui.sheet.override_menu import OverrideMenu, keys_under_cursor
from m3desk.ui.sheet.sheet_table_view import SheetTableView

__all__ = ["DerivedValuesTable"]


class DerivedValuesTable(SheetTableView):
    def __init__(
        self, document: SheetDocument, keys: Sequence[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, min_rows=1, compact=True)
        self.setObjectName("derived_values_view")
        self.derived_model = DerivedValuesModel(document, keys, self)
        self.setModel(self.derived_model)
        self.setItemDelegateForColumn(VALUE, DerivedDelegate(self))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.horizontalHeader().setVisible(False)
        self.override_menu = OverrideMenu(document, self, keys_under_cursor(self))
        self.setToolTip("Right-click a value to override it")
