"""A combo box bound to a field with a fixed set of values (prime, encumbrance, size)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QComboBox

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import FieldBinding, Report
from m3desk.ui.sheet.sheet_edits import SheetPath

__all__ = ["ComboBinding"]


class ComboBinding(FieldBinding):
    def __init__(
        self,
        document: SheetDocument,
        path: SheetPath,
        combo: QComboBox,
        choices: Sequence[tuple[str, Any]],
        label: str,
        report: Report,
    ) -> None:
        super().__init__(document, path, label, report, combo)
        self._combo = combo
        self._values = [value for _label, value in choices]
        combo.setAccessibleName(label)
        for text, _value in choices:
            combo.addItem(text)
        self.refresh()
        combo.currentIndexChanged.connect(self._picked)

    def _picked(self, position: int) -> None:
        if 0 <= position < len(self._values) and not self.push(self._values[position], merge=False):
            self.refresh()

    def refresh(self) -> None:
        value = self.value
        position = self._values.index(value) if value in self._values else -1
        if self._combo.currentIndex() != position:
            self._combo.blockSignals(True)
            self._combo.setCurrentIndex(position)
            self._combo.blockSignals(False)
