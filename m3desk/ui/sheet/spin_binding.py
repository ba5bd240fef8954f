"""A spin box bound to an integer field (level, experience, hero points, AC...).

``none_value`` lets the spin box's minimum stand for "not set" (Movement "by race"),
shown with the spin box's special-value text.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import FieldBinding, Report
from m3desk.ui.sheet.sheet_edits import SheetPath

__all__ = ["SpinBinding"]


class SpinBinding(FieldBinding):
    def __init__(
        self,
        document: SheetDocument,
        path: SheetPath,
        spin: QSpinBox,
        label: str,
        report: Report,
        *,
        none_value: int | None = None,
    ) -> None:
        super().__init__(document, path, label, report, spin)
        self._spin = spin
        self._none_value = none_value
        spin.setAccessibleName(label)
        self.refresh()
        spin.valueChanged.connect(self._changed)
        spin.editingFinished.connect(document.break_merge)

    def _changed(self, value: int) -> None:
        typed: int | None = None if value == self._none_value else value
        if not self.push(typed):
            self.refresh()

    def refresh(self) -> None:
        value = self.value
        shown = self._none_value if value is None else int(value)
        if shown is not None and self._spin.value() != shown:
            self._spin.blockSignals(True)
            self._spin.setValue(shown)
            self._spin.blockSignals(False)
