"""A short list of checkable entries (traits, effects, gear) that sizes itself to its rows.

Space ticks the current entry, so every list in the dialog works from the keyboard. The
list grows with its content up to a few rows, then scrolls: a trait list of three should
not take the room of ten, and a monster with forty traits should not push the dialog off
the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

__all__ = ["CheckEntry", "CheckList"]

KEY_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True, slots=True)
class CheckEntry:
    key: str
    text: str
    tooltip: str = ""


class CheckList(QListWidget):
    """Checkable entries keyed by a string; ``changed`` fires when a tick changes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, max_rows: int = 5) -> None:
        super().__init__(parent)
        self._max_rows = max_rows
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setUniformItemSizes(True)
        self.setSpacing(1)  # the tick boxes of neighbouring rows must not touch
        self.itemChanged.connect(self._on_item_changed)

    def set_entries(self, entries: Iterable[CheckEntry], checked: Iterable[str] = ()) -> None:
        """Replace the entries without emitting ``changed`` (the caller refreshes once)."""
        ticked = set(checked)
        blocked = self.blockSignals(True)
        try:
            self.clear()
            for entry in entries:
                item = QListWidgetItem(entry.text, self)
                item.setData(KEY_ROLE, entry.key)
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                    | Qt.ItemFlag.ItemIsUserCheckable
                )
                item.setCheckState(
                    Qt.CheckState.Checked if entry.key in ticked else Qt.CheckState.Unchecked
                )
                if entry.tooltip:
                    item.setToolTip(entry.tooltip)
            if self.count():
                self.setCurrentRow(0)
        finally:
            self.blockSignals(blocked)
        self.updateGeometry()

    def entry_keys(self) -> tuple[str, ...]:
        return tuple(str(self.item(row).data(KEY_ROLE)) for row in range(self.count()))

    def checked_keys(self) -> tuple[str, ...]:
        return tuple(
            str(self.item(row).data(KEY_ROLE))
            for row in range(self.count())
            if self.item(row).checkState() is Qt.CheckState.Checked
        )

    def set_checked(self, key: str, checked: bool) -> None:
        """Tick or untick one entry as the user would (``changed`` fires)."""
        for row in range(self.count()):
            item = self.item(row)
            if item.data(KEY_ROLE) == key:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _on_item_changed(self, _item: QListWidgetItem) -> None:
        self.changed.emit()

    def sizeHint(self) -> QSize:
        rows = min(max(self.count(), 1), self._max_rows)
        row_height = self.sizeHintForRow(0) if self.count() else self.fontMetrics().height() + 6
        frame = 2 * self.frameWidth()
        return QSize(
            super().sizeHint().width(), rows * (row_height + 2 * self.spacing()) + frame + 2
        )

    def minimumSizeHint(self) -> QSize:
        return QSize(80, self.sizeHint().height())
