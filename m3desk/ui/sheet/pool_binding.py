"""Two spin boxes bound to a hit-point pool (PHP or MHP): current / maximum.

Raising the maximum raises current as much (a creature at 18/18 becomes 20/20); lowering it
below current brings current down with it. Typing current above the maximum raises the
maximum to it, in the same undo step. So a pool edit is never refused.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from m3desk.systems.monsters_and_magic.sheet import MAX_HIT_POINTS, Pool
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import FieldBinding, Report

__all__ = ["PoolBinding"]


class PoolBinding(FieldBinding):
    def __init__(
        self,
        document: SheetDocument,
        field: str,
        current: QSpinBox,
        maximum: QSpinBox,
        label: str,
        report: Report,
    ) -> None:
        super().__init__(document, (field,), label, report, current)
        self._current = current
        self._maximum = maximum
        current.setAccessibleName(f"{label} current")
        maximum.setAccessibleName(f"{label} maximum")
        current.setMinimum(-MAX_HIT_POINTS)
        maximum.setRange(0, MAX_HIT_POINTS)
        self.refresh()
        current.valueChanged.connect(self._current_changed)
        maximum.valueChanged.connect(self._maximum_changed)
        current.editingFinished.connect(document.break_merge)
        maximum.editingFinished.connect(document.break_merge)

    def _current_changed(self, value: int) -> None:
        pool: Pool = self.value
        if not self.push(Pool(current=value, maximum=max(value, pool.maximum))):
            self.refresh()

    def _maximum_changed(self, value: int) -> None:
        pool: Pool = self.value
        if not self.push(pool.raised_by(value - pool.maximum)):
            self.refresh()

    def refresh(self) -> None:
        pool: Pool = self.value
        self._current.setMaximum(MAX_HIT_POINTS)
        for spin, value in ((self._maximum, pool.maximum), (self._current, pool.current)):
            spin.blockSignals(True)
            if spin.value() != value:
                spin.setValue(value)
            spin.blockSignals(False)
