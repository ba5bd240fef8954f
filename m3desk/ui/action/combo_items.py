"""Filling combo boxes: data per entry, tooltips, disabled entries that say why.

A disabled entry stays visible (so the GM sees that a major consequence exists) but cannot
be picked with the mouse or the arrow keys; its tooltip carries the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox

__all__ = ["current_data", "entry_enabled", "fill_combo", "select_data", "set_entry_enabled"]


def fill_combo(combo: QComboBox, entries: Iterable[tuple[str, Any, str]], keep: Any = None) -> None:
    """Replace the entries (text, data, tooltip) without signals; select ``keep`` if present."""
    blocked = combo.blockSignals(True)
    try:
        combo.clear()
        for index, (text, data, tooltip) in enumerate(entries):
            combo.addItem(text, data)
            if tooltip:
                combo.setItemData(index, tooltip, Qt.ItemDataRole.ToolTipRole)
        found = combo.findData(keep) if keep is not None else -1
        combo.setCurrentIndex(found if found >= 0 else (0 if combo.count() else -1))
    finally:
        combo.blockSignals(blocked)


def select_data(combo: QComboBox, data: Any, *, quiet: bool = True) -> bool:
    """Select the entry holding ``data``; False when there is none."""
    index = combo.findData(data)
    if index < 0:
        return False
    blocked = combo.blockSignals(quiet)
    try:
        combo.setCurrentIndex(index)
    finally:
        combo.blockSignals(blocked)
    return True


def current_data(combo: QComboBox) -> Any:
    return combo.currentData() if combo.currentIndex() >= 0 else None


def set_entry_enabled(combo: QComboBox, index: int, enabled: bool, reason: str = "") -> None:
    """Grey out one entry (it cannot be chosen) and put the reason in its tooltip."""
    model = combo.model()
    if isinstance(model, QStandardItemModel):
        item = model.item(index)
        if item is not None:
            flags = item.flags()
            if enabled:
                item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            else:
                item.setFlags(flags & ~(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable))
            item.setToolTip(reason)


def entry_enabled(combo: QComboBox, index: int) -> bool:
    model = combo.model()
    if isinstance(model, QStandardItemModel):
        item = model.item(index)
        return item is not None and item.isEnabled()
    return True
