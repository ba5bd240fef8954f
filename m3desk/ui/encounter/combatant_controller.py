"""The tracker's commands on the selected combatant that every game has: remove it.

A game's own commands (Monsters & Magic's pools and effects) come from its widgets
(:mod:`m3desk.ui.games`, ``tracker_commands``); each is one undo step and one log line.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core.encounter import remove_combatant
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.encounter_actions import EncounterActions

__all__ = ["CombatantController"]


class CombatantController(QObject):
    def __init__(
        self, document: EncounterDocument, actions: EncounterActions, host: QWidget
    ) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        actions.remove_combatant.triggered.connect(self.remove_combatant)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", lambda _aspects: self.update_enabled())
        self.document_link.connect("selection_changed", lambda _id: self.update_enabled())
        self.update_enabled()

    def update_enabled(self) -> None:
        self._actions.remove_combatant.setEnabled(bool(self._document.selected))

    def remove_combatant(self) -> None:
        selected = self._document.selected
        if selected is None:
            return
        name = self._document.encounter.combatant(selected).name
        self._document.apply(remove_combatant(self._document.encounter, selected), f"Remove {name}")
