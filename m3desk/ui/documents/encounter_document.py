"""One open encounter: its state, undo stack, file, and the combatant the GM has selected.

The single mutation path for encounters: views compute the new state with the pure functions
of :mod:`m3desk.core.encounter` (and the game's own module) and call
:meth:`EncounterDocument.apply`,
which pushes one
:class:`EditEncounterCommand`. ``encounter_changed`` then says which parts changed, so each
view refreshes only what it shows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from m3desk.core.changes import Aspect, changed_aspects
from m3desk.core.encounter import Encounter

ASPECTS = tuple(Aspect)
"""What ``encounter_changed`` can name (see :class:`m3desk.core.changes.Aspect`)."""


class EditEncounterCommand(QUndoCommand):
    """Replace the encounter with a new state; undo restores the old one exactly.

    Both states are stored whole (frozen models share structure), so the redo() that
    ``QUndoStack.push`` runs at once is harmless.
    """

    def __init__(self, document: EncounterDocument, before: Encounter, after: Encounter,
                 text: str) -> None:
        super().__init__(text)
        self._document = document
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._document._set_state(self._after)

    def undo(self) -> None:
        self._document._set_state(self._before)


class EncounterDocument(QObject):
    """An encounter being run.

    Signals:
        encounter_changed(frozenset[str]): the encounter was replaced; the set names the
            aspects that changed (see :data:`ASPECTS`).
        selection_changed(str): the GM selected another combatant (by id; "" for none).
        title_changed(str), modified_changed(bool): as for sheets.
    """

    encounter_changed = Signal(object)
    selection_changed = Signal(str)
    title_changed = Signal(str)
    modified_changed = Signal(bool)

    def __init__(self, encounter: Encounter, *, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._encounter = encounter
        self._selected = encounter.combatants[0].id if encounter.combatants else ""
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def title(self) -> str:
        return self._encounter.name + (" *" if self.modified else "")

    @property
    def selected(self) -> str:
        """Id of the selected combatant ("" when the roster is empty)."""
        return self._selected

    def select(self, combatant_id: str) -> None:
        if combatant_id != self._selected:
            self._selected = combatant_id
            self.selection_changed.emit(combatant_id)

    def apply(self, new_encounter: Encounter, text: str) -> bool:
        """Push one undoable change to ``new_encounter``; False (nothing pushed) if equal."""
        if new_encounter == self._encounter:
            return False
        self.undo_stack.push(EditEncounterCommand(self, self._encounter, new_encounter, text))
        return True

    def mark_saved(self, path: Path | None = None) -> None:
        if path is not None:
            self.path = path
        self.undo_stack.setClean()

    def _set_state(self, encounter: Encounter) -> None:
        before = self._encounter
        self._encounter = encounter
        ids = {c.id for c in encounter.combatants}
        if self._selected not in ids:
            self.select(encounter.combatants[0].id if encounter.combatants else "")
        self.encounter_changed.emit(changed_aspects(before, encounter))
        self.title_changed.emit(self.title())

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)
        self.title_changed.emit(self.title())
