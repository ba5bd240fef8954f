"""Add Condition… and Remove Condition for a game that declares its conditions
(``GameSystem.conditions``: AD&D's attack modifiers and bound wounds, Apparatus's Prone,
Restrained…): the GM picks one by name and effect, it lasts the rounds the game gives it,
and it is one undo step and one log line. A game whose own widgets drive these commands
(Monsters & Magic's effects and consequences) keeps its own words."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.system import ConditionSpec
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["ConditionPicker", "condition_choice"]


def condition_choice(spec: ConditionSpec) -> str:
    """"Prone — own attacks −Adv; …" as the picker lists it."""
    rounds = (f" ({spec.default_rounds} round{'s' if spec.default_rounds != 1 else ''})"
              if spec.default_rounds else "")
    return f"{spec.name}{rounds} — {spec.effect}" if spec.effect else spec.name + rounds


class ConditionPicker(QObject):
    def __init__(self, document: EncounterDocument, actions: EncounterActions,
                 host: QWidget) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        self.conditions = registry.system_of(document.encounter).conditions
        actions.add_condition.triggered.connect(self.add_condition)
        actions.remove_condition_menu.aboutToShow.connect(self._fill_remove_menu)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", lambda _aspects: self.update_enabled())
        self.document_link.connect("selection_changed", lambda _id: self.update_enabled())
        self.update_enabled()

    def _selected(self) -> core.Combatant | None:
        selected = self._document.selected
        return self._document.encounter.combatant(selected) if selected else None

    def update_enabled(self) -> None:
        selected = self._selected()
        self._actions.add_condition.setEnabled(selected is not None)
        self._actions.remove_condition_menu.setEnabled(
            selected is not None and bool(selected.conditions))

    def add_condition(self) -> None:
        selected = self._selected()
        if selected is None:
            return
        spec = prompts.ask_game_condition(self._host, selected.name, self.conditions)
        if spec is None:
            return
        state = core.ConditionState(condition=spec.id, name=spec.name,
                                    rounds=spec.default_rounds)
        self._document.apply(core.add_condition(self._document.encounter, selected.id, state),
                             f"{selected.name}: {spec.name}")

    def remove_condition(self, condition_id: str) -> None:
        selected = self._selected()
        if selected is None or not any(c.id == condition_id for c in selected.conditions):
            return
        name = next(c.name for c in selected.conditions if c.id == condition_id)
        self._document.apply(core.remove_condition(self._document.encounter, selected.id,
                                                   condition_id),
                             f"{selected.name}: {name} ends")

    def _fill_remove_menu(self) -> None:
        menu = self._actions.remove_condition_menu
        menu.clear()
        selected = self._selected()
        if selected is None:
            return
        for condition in selected.conditions:
            rounds = f" ({condition.rounds} left)" if condition.rounds else ""
            action = menu.addAction(mnemonic_safe(condition.name + rounds))
            action.triggered.connect(
                lambda _checked=False, cid=condition.id: self.remove_condition(cid))
