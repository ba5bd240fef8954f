"""Add Condition… and Remove Condition on the selected combatant, in every game that has
conditions: the GM picks one, it is one undo step and one log line, and the Remove menu
lists what the combatant bears.

A game that declares its conditions (``GameSystem.conditions``: AD&D's attack modifiers
and bound wounds, Apparatus's Prone, Restrained…) is served as it is: a condition picked
by name and effect, lasting the rounds the game gives it. A game whose conditions are its
own passes its :class:`~m3desk.ui.encounter.condition_parts.ConditionHooks` (Monsters &
Magic's tracker commands: its effect-or-consequence dialog, its words in the menu)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.system import ConditionSpec
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.condition_parts import Change, ConditionHooks, condition_choice
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["ConditionPicker", "condition_choice", "declared_hooks"]


def declared_hooks(conditions: Sequence[ConditionSpec]) -> ConditionHooks:
    """The hooks of a game that declares its conditions: one picked from the list, lasting
    its default rounds; the menu says the rounds left."""

    def ask(host: QWidget, encounter: core.Encounter, combatant: core.Combatant) -> Change | None:
        spec = prompts.ask_game_condition(host, combatant.name, conditions)
        if spec is None:
            return None
        state = core.ConditionState(condition=spec.id, name=spec.name, rounds=spec.default_rounds)
        return (
            core.add_condition(encounter, combatant.id, state),
            f"{combatant.name}: {spec.name}",
        )

    def listed(combatant: core.Combatant) -> list[tuple[str, str]]:
        return [
            (c.id, c.name + (f" ({c.rounds} left)" if c.rounds else ""))
            for c in combatant.conditions
        ]

    def remove(encounter: core.Encounter, combatant_id: str, condition_id: str) -> Change:
        combatant = encounter.combatant(combatant_id)
        name = next(c.name for c in combatant.conditions if c.id == condition_id)
        return (
            core.remove_condition(encounter, combatant_id, condition_id),
            f"{combatant.name}: {name} ends",
        )

    return ConditionHooks(ask=ask, listed=listed, remove=remove)


class ConditionPicker(QObject):
    """Drives Add Condition… and the Remove Condition menu for the selected combatant."""

    def __init__(
        self,
        document: EncounterDocument[Any],
        actions: EncounterActions,
        host: QWidget,
        hooks: ConditionHooks | None = None,
    ) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        self.conditions = registry.system_of(document.encounter).conditions
        self.hooks = hooks if hooks is not None else declared_hooks(self.conditions)
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
            selected is not None and bool(self.hooks.listed(selected))
        )

    def add_condition(self) -> None:
        selected = self._selected()
        if selected is None:
            return
        change = self.hooks.ask(self._host, self._document.encounter, selected)
        if change is not None:
            self._document.apply(*change)

    def remove_condition(self, condition_id: str) -> None:
        selected = self._selected()
        if selected is None or condition_id not in dict(self.hooks.listed(selected)):
            return
        self._document.apply(
            *self.hooks.remove(self._document.encounter, selected.id, condition_id)
        )

    def _fill_remove_menu(self) -> None:
        menu = self._actions.remove_condition_menu
        menu.clear()
        selected = self._selected()
        if selected is None:
            return
        for condition_id, words in self.hooks.listed(selected):
            action = menu.addAction(mnemonic_safe(words))
            action.triggered.connect(
                lambda _checked=False, cid=condition_id: self.remove_condition(cid)
            )
