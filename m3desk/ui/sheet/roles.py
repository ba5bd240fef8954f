"""Custom item-data roles the sheet's models answer, shared by delegates and views."""

from __future__ import annotations

from PySide6.QtCore import Qt

__all__ = ["ChoicesRole", "DerivedKeyRole", "DerivedRole", "OverriddenRole"]

_BASE = int(Qt.ItemDataRole.UserRole)

DerivedKeyRole = _BASE + 1
"""The key of the derived value a cell shows ("ac", "max_damage.item.2"), or None."""
DerivedRole = _BASE + 2
"""The :class:`m3desk.core.derived.Derived` a cell shows, or None."""
OverriddenRole = _BASE + 3
"""True when the GM has overridden the derived value a cell shows."""
ChoicesRole = _BASE + 4
"""For choice columns: a tuple of (label, value) pairs the editor offers."""
