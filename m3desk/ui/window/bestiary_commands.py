"""What the window does for the bestiary panel: open a book monster, or add N to a fight.

A monster opens like a bundled sample: its tab is a sheet nobody's file holds, and Save asks
where in the library to keep the GM's own copy. "Add to Encounter…" opens the encounter's own
Copies dialog on it: how many (typed, or rolled from the book's number appearing), hit points
per copy by the table's method, one undo step, named 1…N.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.storage.bestiary import BestiaryEntry
from m3desk.ui.library.bestiary_panel import BestiaryPanel

if TYPE_CHECKING:
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.window.open_document import OpenDocument

__all__ = ["BestiaryCommands"]


class BestiaryCommands(QObject):
    """Connects the bestiary panel to the window's documents."""

    def __init__(self, window: MainWindow, panel: BestiaryPanel) -> None:
        super().__init__(window)
        self._window = window
        self.panel = panel
        panel.open_requested.connect(self.open_entry)
        panel.add_requested.connect(self.add_entry)

    def follow(self, record: OpenDocument | None) -> None:
        """Enable "Add to Encounter" when the current tab is an encounter."""
        encounter = self._encounter_widget(record)
        if encounter is None:
            self.panel.set_can_add(False, "Open an encounter to add monsters to it")
            return
        self.panel.set_can_add(True)

    @staticmethod
    def _encounter_widget(record: OpenDocument | None) -> QWidget | None:
        page = record.page if record is not None else None
        return page if page is not None and hasattr(page, "roster_adder") else None

    def open_entry(self, entry: BestiaryEntry) -> OpenDocument:
        """The monster's sheet in a tab, as a sample: Save makes the GM's own copy."""
        title = next((b.title for b in self.panel.bestiaries if entry in b.entries), "the bestiary")
        return self._window.session.open_reference(entry.sheet, f"From {title}")

    def add_entry(self, entry: BestiaryEntry) -> int:
        """Ask how many and add them to the current encounter; returns how many joined."""
        record = self._window.session.current() if self._window._has_session() else None
        page = self._encounter_widget(record)
        if page is None:
            return 0
        game = registry.system_of(page.document.encounter)  # type: ignore[attr-defined]
        if registry.system_of(entry.sheet).id != game.id:
            from m3desk.ui import dialogs

            dialogs.show_error(
                self._window,
                "Another Game",
                f"{entry.name} is a monster of "
                f"{registry.system_of(entry.sheet).name}; this encounter is "
                f"{game.name}.",
            )
            return 0
        from m3desk.ui.encounter.copies_dialog import CopiesDialog, SheetChoice

        document = page.document  # type: ignore[attr-defined]
        before = len(document.encounter.combatants)
        dialog = CopiesDialog(
            document,
            [SheetChoice(entry.sheet, "bestiary")],
            self._window,
            roller=page.roster_adder.roller,  # type: ignore[attr-defined]
            appearing=entry.appearing,
        )
        try:
            CopiesDialog.show_modal(dialog)
        finally:
            dialog.deleteLater()
        return len(document.encounter.combatants) - before
