"""One open encounter: its state, undo stack, file, and the combatant the GM has selected.

The single mutation path for encounters: views compute the new state with the pure functions
of :mod:`m3desk.core.encounter` (and the game's own module) and call
:meth:`EncounterDocument.apply`,
which pushes one
:class:`~m3desk.ui.documents.commands.ReplaceStateCommand`. ``encounter_changed`` then says which
parts changed, so each
view refreshes only what it shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic

from PySide6.QtCore import QObject, Signal
from typing_extensions import TypeVar

from m3desk.core.changes import Aspect, changed_aspects
from m3desk.core.encounter import Encounter, pass_over_down
from m3desk.ui.documents.base import SnapshotDocument

ASPECTS = tuple(Aspect)
"""What ``encounter_changed`` can name (see :class:`m3desk.core.changes.Aspect`)."""

E = TypeVar("E", bound=Encounter, default=Encounter)
"""The game's encounter model: a game's own widgets hold ``EncounterDocument[its Encounter]``
and read its fields typed; the generic views hold any game's (the default, the core's)."""


class EncounterDocument(SnapshotDocument, Generic[E]):
    """An encounter being run.

    Signals:
        encounter_changed(frozenset[str]): the encounter was replaced; the set names the
            aspects that changed (see :data:`ASPECTS`).
        selection_changed(str): the GM selected another combatant (by id; "" for none).
        title_changed(str), modified_changed(bool): as for sheets.
    """

    encounter_changed = Signal(object)
    selection_changed = Signal(str)
    announced = Signal(object)
    """tuple[str, ...]: what the table must hear now (a spell lost, morale due); the views
    that show the fight say it where the referee is looking, without stopping play."""

    def __init__(
        self, encounter: E, *, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(path, parent)
        self._encounter = encounter
        self._selected = encounter.combatants[0].id if encounter.combatants else ""
        self._shown_title = self.title()
        self.setup_place = ""
        """Where the fight was met, by the game's choice key ("wilderness"), for the set-up
        steps to preset their choice of place; "": nothing known."""

    def announce(self, notices: tuple[str, ...]) -> None:
        """Tell every view of this fight what the table must hear at this moment."""
        if notices:
            self.announced.emit(tuple(notices))

    @property
    def encounter(self) -> E:
        return self._encounter

    @property
    def state(self) -> E:
        return self._encounter

    def name(self) -> str:
        return self._encounter.name

    @property
    def selected(self) -> str:
        """Id of the selected combatant ("" when the roster is empty)."""
        return self._selected

    def select(self, combatant_id: str) -> None:
        if combatant_id != self._selected:
            self._selected = combatant_id
            self.selection_changed.emit(combatant_id)

    def apply(self, new_encounter: E, text: str, *, run: str | None = None) -> bool:
        """Push one undoable change to ``new_encounter``; False (nothing pushed) if equal.

        ``run`` names a run of edits that are one undo step however slowly they come (a
        distance nudged with +/−): compute the new state from :meth:`run_start`. The turn
        pointer passes over whoever this change puts out of the fight
        (:func:`~m3desk.core.encounter.pass_over_down`)."""
        new_encounter = pass_over_down(new_encounter)
        if run is None:
            return self.push_state(new_encounter, text)
        return self.push_state(new_encounter, text, merge_key=run, merge_window=None)

    def apply_command_state(self, encounter: E) -> None:
        before = self._encounter
        self._encounter = encounter
        ids = {c.id for c in encounter.combatants}
        if self._selected not in ids:
            self.select(encounter.combatants[0].id if encounter.combatants else "")
        self.encounter_changed.emit(changed_aspects(before, encounter))
        self._update_title()
