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
_INTRO = ("The rules this encounter is run with; the default for new encounters stays as it "
          "is (Edit → Table Rules…). Changing them is one step that Undo takes back.")


class EncounterRulesController(QObject):
    def __init__(self, document: EncounterDocument, actions: EncounterActions,
                 host: QWidget) -> None:
        super().__init__(host)
        self._document = document
        self._host = host
        actions.table_rules.triggered.connect(self.edit_rules)

    def edit_rules(self) -> BaseModel | None:
        """Ask for this encounter's rules; apply them as one undo step. None if unchanged."""
        encounter = self._document.encounter
        if not hasattr(encounter, "table_rules"):
            return self._edit_options()
        from m3desk.ui.table_rules import dialog as table_rules_dialog  # loaded when used

        chosen = table_rules_dialog.ask_table_rules(self._host, encounter.table_rules,
                                         f"Table Rules — {encounter.name}", _INTRO)
        if chosen is None or chosen == encounter.table_rules:
            return None
        self._document.apply(encounter.model_copy(update={"table_rules": chosen}), UNDO_TEXT)
        return chosen

    def _edit_options(self) -> BaseModel | None:
        """Another game's encounter keeps its options in ``options``: the generic form."""
        encounter = self._document.encounter
        current = getattr(encounter, "options", None)
        if not isinstance(current, BaseModel):
            return None
        from m3desk.ui.table_rules import options_dialog  # loaded when used

        system = registry.system_of(encounter)
        chosen = options_dialog.ask_options(self._host, system, current,
                                            f"Table Rules — {encounter.name}", _INTRO)
        if chosen is None or chosen == current:
            return None
        self._document.apply(encounter.model_copy(update={"options": chosen}), UNDO_TEXT)
        return chosen
