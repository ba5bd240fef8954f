"""Monsters & Magic's tracker commands on the selected combatant: its two pools (PHP, MHP),
effects and consequences, and casting this round (initiative by INT).

These are for what happens outside the action dialog (a trap, a potion, a ruling); each
is one undo step and one log line, so the table can see what the GM changed. Add and
Remove Condition are the generic picker's, with this game's hooks (:func:`condition_hooks`):
its effect-or-consequence dialog and its words in the menu.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import encounter as core
from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.condition_text import condition_short
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.condition_parts import Change, ConditionHooks
from m3desk.ui.encounter.condition_picker import ConditionPicker
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.games.monsters_and_magic.encounter import prompts

__all__ = ["TrackerCommands", "condition_hooks"]


def _fight(encounter: core.Encounter) -> Encounter:
    if not isinstance(encounter, Encounter):
        raise TypeError(f"not a Monsters & Magic fight: {type(encounter).__name__}")
    return encounter


def _bearer(combatant: core.Combatant) -> Combatant:
    if not isinstance(combatant, Combatant):
        raise TypeError(f"not a Monsters & Magic combatant: {type(combatant).__name__}")
    return combatant


def condition_hooks() -> ConditionHooks:
    """Effects and consequences: asked for in this game's dialog (tier, what it changes,
    how long), listed in its short words, added and removed by its edits."""

    def ask(host: QWidget, encounter: core.Encounter, combatant: core.Combatant) -> Change | None:
        fight = _fight(encounter)
        condition = prompts.ask_condition(host, combatant.name, fight.options)
        return None if condition is None else edits.add_condition(fight, combatant.id, condition)

    def listed(combatant: core.Combatant) -> list[tuple[str, str]]:
        return [(c.id, condition_short(c)) for c in _bearer(combatant).sheet.conditions]

    def remove(encounter: core.Encounter, combatant_id: str, condition_id: str) -> Change:
        return edits.remove_condition(_fight(encounter), combatant_id, condition_id)

    return ConditionHooks(ask=ask, listed=listed, remove=remove)


def _speak_monsters_and_magic(actions: EncounterActions) -> None:
    """The generic tracker's commands in this game's words: its two pools, casting by INT,
    its effects and consequences."""
    actions.speak(
        actions.adjust_php,
        "Adjust &PHP…",
        "Damage or heal the selected combatant's physical hit points",
    )
    actions.speak(
        actions.adjust_mhp,
        "Adjust &MHP…",
        "Damage or heal the selected combatant's mental hit points",
    )
    actions.speak(
        actions.casting,
        "&Casting This Round",
        "Casting a spell: initiative uses INT instead of DEX",
    )
    actions.speak(
        actions.add_condition,
        "Add &Effect or Consequence…",
        "Place an effect or consequence on the selected combatant",
        "Add Effect",
    )
    actions.remove_condition_menu.setTitle("Remo&ve Effect or Consequence")


class TrackerCommands(QObject):
    def __init__(
        self, document: EncounterDocument[Encounter], actions: EncounterActions, host: QWidget
    ) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        _speak_monsters_and_magic(actions)
        actions.adjust_php.triggered.connect(lambda: self.adjust_pool("php"))
        actions.adjust_mhp.triggered.connect(lambda: self.adjust_pool("mhp"))
        self.conditions = ConditionPicker(document, actions, host, condition_hooks())
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
        for action in (self._actions.adjust_php, self._actions.adjust_mhp, self._actions.casting):
            action.setEnabled(selected is not None)
        self._actions.casting.setChecked(bool(selected and selected.casting))

    def adjust_pool(self, pool: edits.PoolName) -> None:
        selected = self._selected()
        if selected is None:
            return
        current = selected.sheet.php if pool == "php" else selected.sheet.mhp
        delta = prompts.ask_pool_change(self._host, selected.name, edits.POOL_LABELS[pool], current)
        if delta:
            self._document.apply(
                *edits.adjust_pool(self._document.encounter, selected.id, pool, delta)
            )

    def add_condition(self) -> None:
        self.conditions.add_condition()

    def remove_condition(self, condition_id: str) -> None:
        self.conditions.remove_condition(condition_id)

    def toggle_casting(self) -> None:
        selected = self._selected()
        if selected is not None:
            self._document.apply(
                *edits.set_casting(self._document.encounter, selected.id, not selected.casting)
            )
