"""Right-click on a derived value: "Override…" (the GM sets it) and "Clear override".

One controller per widget. It asks the widget which derived keys sit under the cursor (a
table asks its model's :data:`DerivedKeyRole`; a readout label knows its keys) and pushes
the override through the document, so it is undoable like any other edit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractItemView, QAbstractScrollArea, QMenu, QWidget

from m3desk.core.sheet_form import set_override
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.override_prompt import OverridePrompt
from m3desk.ui.sheet.roles import DerivedKeyRole

__all__ = ["OverrideMenu", "keys_under_cursor"]

KeysAt = Callable[[QPoint], Sequence[str]]


def keys_under_cursor(view: QAbstractItemView) -> KeysAt:
    """For item views: the derived key of the cell under the cursor, if it shows one."""

    def keys_at(pos: QPoint) -> Sequence[str]:
        key = view.indexAt(pos).data(DerivedKeyRole)
        return [key] if isinstance(key, str) else []

    return keys_at


class OverrideMenu(QObject):
    def __init__(self, document: SheetDocument, widget: QWidget, keys_at: KeysAt) -> None:
        """``keys_at`` gets positions as ``customContextMenuRequested`` gives them (viewport
        coordinates for item views)."""
        super().__init__(widget)
        self._document = document
        self._widget = widget
        self._keys_at = keys_at
        self.last_menu: QMenu | None = None
        widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        widget.customContextMenuRequested.connect(self._show)

    def menu_for(self, keys: Sequence[str]) -> QMenu | None:
        """The menu for these derived values (None when there is nothing to override)."""
        derived = self._document.derived()
        known = [key for key in keys if key in derived]
        if not known:
            return None
        menu = QMenu(self._widget)
        single = len(known) == 1
        for key in known:
            label = derived[key].label
            override = QAction("Override…" if single else f"Override {label}…", menu)
            override.setObjectName(f"override:{key}")
            override.triggered.connect(lambda _checked=False, key=key: self.override(key))
            menu.addAction(override)
            clear = QAction("Clear override" if single else f"Clear override of {label}", menu)
            clear.setObjectName(f"clear:{key}")
            clear.setEnabled(derived[key].overridden)
            clear.triggered.connect(lambda _checked=False, key=key: self.clear(key))
            menu.addAction(clear)
        return menu

    def _show(self, pos: QPoint) -> None:
        menu = self.menu_for(self._keys_at(pos))
        if menu is None:
            return
        if self.last_menu is not None:
            self.last_menu.deleteLater()
        self.last_menu = menu
        widget = self._widget
        anchor = widget.viewport() if isinstance(widget, QAbstractScrollArea) else widget
        menu.popup(anchor.mapToGlobal(pos))

    def override(self, key: str) -> bool:
        derived = self._document.derived()[key]
        value = OverridePrompt.ask(self._widget, derived)
        if value is None:
            return False
        sheet = set_override(self._document.sheet, key, value)
        return self._document.replace_sheet(sheet, f"Override {derived.label}")

    def clear(self, key: str) -> bool:
        derived = self._document.derived()[key]
        sheet = set_override(self._document.sheet, key, None)
        return self._document.replace_sheet(sheet, f"Clear override of {derived.label}")
