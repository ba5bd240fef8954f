"""Encounter → Table Rules…: the house rules this one encounter is run with.

An encounter keeps its own copy of the table rules (it was started with the default of the
time, or saved with its own), so changing them here leaves the app's default alone. The
change is one undo step; the tracker and every open view refresh from ``encounter_changed``.
"""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import registry
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.encounter_actions import EncounterActions

__all__ = ["UNDO_TEXT", "EncounterRulesController"]

UNDO_TEXT = "Change table rules"
_INTRO = (
    "The rules this encounter is run with; the default for new encounters stays as it "
    "is (Edit → Table Rules…). Changing them is one step that Undo takes back."
)


class EncounterRulesController(QObject):
    def __init__(
        self, document: EncounterDocument, actions: EncounterActions, host: QWidget
    ) -> None:
        super().__init__(host)
        self._document = document
        self._host = host
        actions.table_rules.triggered.connect(self.edit_rules)

    def edit_rules(self) -> BaseModel | None:
        """Ask for this encounter's rules; apply them as one undo step. None if unchanged.

        Every game keeps them in ``options``, edited in the one Table Rules form (with the
        editors and profiles a game's own widgets add, :mod:`m3desk.ui.games`)."""
        encounter = self._document.encounter
        current = encounter.options
        from m3desk.ui.table_rules.options_dialog import ask_game_options  # loaded when used

        chosen = ask_game_options(
            self._host,
            registry.system_of(encounter),
            current,
            f"Table Rules — {encounter.name}",
            _INTRO,
        )
        if chosen is None or chosen == current:
            return None
        self._document.apply(encounter.model_copy(update={"options": chosen}), UNDO_TEXT)
        return chosen
