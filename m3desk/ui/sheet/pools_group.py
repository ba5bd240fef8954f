"""Physical and mental hit points (current / maximum), and hero points for characters."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QSpinBox, QWidget

from m3desk.systems.monsters_and_magic.sheet import SheetBase
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.pool_binding import PoolBinding
from m3desk.ui.sheet.sheet_edits import field_range
from m3desk.ui.sheet.spin_binding import SpinBinding

__all__ = ["PoolsGroup"]


class PoolsGroup(QGroupBox):
    def __init__(
        self,
        document: SheetDocument,
        report: Report,
        parent: QWidget | None = None,
        *,
        hero_points: bool = True,
    ) -> None:
        super().__init__("Hit points", parent)
        grid = QGridLayout(self)
        grid.addWidget(QLabel("Current", self), 0, 1)
        grid.addWidget(QLabel("Maximum", self), 0, 3)
        self.php_current, self.php_maximum = self._pool_row(grid, 1, "PHP", "Physical hit points")
        self.mhp_current, self.mhp_maximum = self._pool_row(grid, 2, "MHP", "Mental hit points")
        PoolBinding(document, "php", self.php_current, self.php_maximum, "PHP", report)
        PoolBinding(document, "mhp", self.mhp_current, self.mhp_maximum, "MHP", report)
        self.hero_points_spin: QSpinBox | None = None
        if hero_points:
            label = QLabel("Hero points", self)
            spin = QSpinBox(self)
            spin.setRange(*field_range(SheetBase, "hero_points"))
            spin.setToolTip(
                "Spend to bump effect points, or to take damage instead of a consequence"
            )
            label.setBuddy(spin)
            grid.addWidget(label, 3, 0)
            grid.addWidget(spin, 3, 1)
            SpinBinding(document, ("hero_points",), spin, "Hero points", report)
            self.hero_points_spin = spin
        grid.setColumnStretch(4, 1)
        grid.setRowStretch(grid.rowCount(), 1)

    def _pool_row(
        self, grid: QGridLayout, row: int, name: str, tip: str
    ) -> tuple[QSpinBox, QSpinBox]:
        label = QLabel(name, self)
        label.setToolTip(tip)
        current, maximum = QSpinBox(self), QSpinBox(self)
        label.setBuddy(current)
        grid.addWidget(label, row, 0)
        grid.addWidget(current, row, 1)
        grid.addWidget(QLabel("/", self), row, 2)
        grid.addWidget(maximum, row, 3)
        return current, maximum
