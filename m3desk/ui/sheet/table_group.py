"""A titled group box around a row table panel (traits, equipment, spells, conditions...)."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from m3desk.ui.sheet.message_bar import MessageBar
from m3desk.ui.sheet.row_table_model import RowTableModel
from m3desk.ui.sheet.row_table_panel import RowTablePanel

__all__ = ["TableGroup"]


class TableGroup(QGroupBox):
    def __init__(
        self,
        title: str,
        model: RowTableModel,
        messages: MessageBar,
        parent: QWidget | None = None,
        *,
        min_rows: int = 2,
    ) -> None:
        super().__init__(title, parent)
        self.setObjectName(f"{model.field}_group")
        self.panel = RowTablePanel(model, messages, self, min_rows=min_rows)
        self.model = model
        self.view = self.panel.view
        self.body = QVBoxLayout(self)
        self.body.addWidget(self.panel)

    def add_below(self, widget: QWidget) -> None:
        self.body.addWidget(widget)
