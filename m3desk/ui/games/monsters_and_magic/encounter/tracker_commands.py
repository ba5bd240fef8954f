"""Monsters & Magic's tracker commands on the selected combatant: its two pools (PHP, MHP),
effects and consequences, and casting this round (initiative by INT).

These are for what happens outside the action dialog (a trap, a potion, a ruling); each
is one undo step and one log line, so the table can see what the GM changed.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.games.monsters_and_magic.encounter import prompts

__all__ = ["TrackerCommands"]


class TrackerCommands(QObject):
    def __init__(self, document: EncounterDocument[Encounter], actions: EncounterActions,
                 host: QWidget) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        actions.adjust_php.triggered.connect(lambda: self.adjust_pool("php"))
        actions.adjust_mhp.triggered.connect(lambda: self.adjust_pool("mhp"))
        actions.add_condition.triggered.connect(self.add_condition)
        actions.remove_condition_menu.aboutToShow.connect(self._fill_remove_menu)
        actions.casting.triggered.connect(self.toggle_casting)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", lambda _aspects: self.update_enabled())
        self.document_link.connect("selection_changed", lambda _id: self.update_enabled())
        self.update_enabled()

    def _selected(self) -> Combatant | None:
        selected = self._document.selected
        return self._document.encounter.combatant(selected) if selected else None

    def update_enabled(self) -> None:
        selected = self._selected()
        for action in (self._actions.adjust_php, self._actions.adjust_mhp,
                       self._actions.add_condition, self._actions.casting):
            action.setEnabled(selected is not None)
        self._actions.casting.setChecked(bool(selected and selected.casting))
        self._actions.remove_condition_menu.setEnabled(
            selected is not None and bool(selected.sheet.conditions))

    def adjust_pool(self, pool: edits.PoolName) -> None:
        selected = self._selected()
        if selected is None:
            return
        current = selected.sheet.php if pool == "php" else selected.sheet.mhp
        delta = prompts.ask_pool_change(self._host, selected.name, edits.POOL_LABELS[pool],
                                        current)
        if delta:
            self._document.apply(*edits.adjust_pool(self._document.encounter, selected.id,
                                                    pool, delta))

    def add_condition(self) -> None:
        selected = self._selected()
        if selected is None:
            return
        condition = prompts.ask_condition(self._host, selected.name,
                                          self._document.encounter.options)
        if condition is not None:
            self._document.apply(*edits.add_condition(self._document.encounter, selected.id,
                                                      condition))

    def remove_condition(self, condition_id: str) -> None:
        selected = self._selected()
        if selected is not None and any(c.id == condition_id for c in selected.sheet.conditions):
            self._document.apply(*edits.remove_condition(self._document.encounter, selected.id,
                                                         condition_id))

    def _fill_remove_menu(self) -> None:
        menu = self._actions.remove_condition_menu
        menu.clear()
        selected = self._selected()
        if selected is None:
            return
        for condition in selected.sheet.conditions:
            action = menu.addAction(condition_short(condition))
            action.triggered.connect(
                lambda _checked=False, cid=condition.id: self.remove_condition(cid))

    def toggle_casting(self) -> None:
        selected = self._selected()
        if selected is not None:
            self._document.apply(*edits.set_casting(self._document.encounter, selected.id,
                                                    not selected.casting))
