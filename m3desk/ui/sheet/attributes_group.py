"""The six attributes in a group box: score, modifier and check, prime marked ★."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.attribute_delegate import AttributeDelegate
from m3desk.ui.sheet.attributes_model import CHECK, MODIFIER, SCORE, AttributesModel
from m3desk.ui.sheet.derived_delegate import DerivedDelegate
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.override_menu import OverrideMenu, keys_under_cursor
from m3desk.ui.sheet.sheet_table_view import SheetTableView

__all__ = ["AttributesGroup"]


class AttributesGroup(QGroupBox):
    def __init__(
        self,
        document: SheetDocument,
        report: Report,
        parent: QWidget | None = None,
        *,
        prime: bool = True,
    ) -> None:
        super().__init__("Attributes", parent)
        self.model = AttributesModel(document, self)
        self.model.edit_refused.connect(report)
        self.view = SheetTableView(self, min_rows=6, row_headers=True, compact=True)
        self.view.setObjectName("attributes_view")
        self.view.setModel(self.model)
        self.delegate = AttributeDelegate(self.view)
        self.delegate.message.connect(report)
        self.view.setItemDelegateForColumn(SCORE, self.delegate)
        derived = DerivedDelegate(self.view)
        self.view.setItemDelegateForColumn(MODIFIER, derived)
        self.view.setItemDelegateForColumn(CHECK, derived)
        self.override_menu = OverrideMenu(document, self.view, keys_under_cursor(self.view))
        text = "Right-click a modifier to override it."
        if prime:
            text = "★ prime attribute: its modifier doubles on checks. " + text
        hint = QLabel(text, self)
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(hint)
        layout.addStretch(1)
