"""The Encounter menu: the current encounter tab's own actions, shown only for that tab.

The actions belong to the encounter widget (their keys work while the tab has focus);
the menu only lists them, so a GM can find Next Turn or Write Back without knowing the
toolbar or the tracker's context menu. It is rebuilt when the current tab changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

if TYPE_CHECKING:
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["EncounterMenu"]


class EncounterMenu:
    """Fills ``menu`` from the current page's ``encounter_action_list()``, or hides it."""

    def __init__(self, menu: QMenu) -> None:
        self.menu = menu

    def follow(self, record: OpenDocument | None) -> None:
        self.menu.clear()
        actions = self._actions_of(record.page) if record is not None else []
        self.menu.addActions(actions)
        self.menu.menuAction().setVisible(bool(actions))

    @staticmethod
    def _actions_of(page: QWidget) -> list[QAction]:
        listing = getattr(page, "encounter_action_list", None)
        return list(listing()) if callable(listing) else []
