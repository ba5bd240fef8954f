"""Connects an :class:`EncounterDocument` to a :class:`BoardScene`, both ways.

Document → board: a redraw on selection changes and on the aspects the board shows.
Board → document: a click selects; a drop becomes one ``document.apply`` of ``set_position``
(the document's single mutation path, one undo command, one log line); a run of +/− on one
pair becomes one undo step and one log line with the net change (``nudge_position``).
Connections are kept so :meth:`detach` can cut them when the board goes away.
"""

from __future__ import annotations

from PySide6.QtCore import QMetaObject, QObject, Signal

from m3desk.core.encounter import nudge_position, pair_key, position_between, set_position
from m3desk.ui.board.board_scene import BoardScene
from m3desk.ui.board.board_snapshot import snapshot_of
from m3desk.ui.documents.encounter_document import EncounterDocument

REDRAW_ASPECTS = frozenset({"roster", "sheets", "positions", "setup"})
""""setup" too: the maximum range (Table 13) is the band of every pair not yet set."""


class BoardController(QObject):
    """Keeps one board in step with one encounter document.

    Signals:
        centre_changed(str): the centre combatant's name ("" when the roster is empty).
    """

    centre_changed = Signal(str)

    def __init__(
        self, document: EncounterDocument, scene: BoardScene, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.scene = scene
        self.redraws = 0
        """How many snapshots were shown (tests check that unrelated changes cost none)."""
        self._connections: list[QMetaObject.Connection] = [
            document.encounter_changed.connect(self._on_encounter_changed),
            document.selection_changed.connect(self._on_selection_changed),
            scene.centre_requested.connect(self._on_centre_requested),
            scene.band_requested.connect(self._on_band_requested),
            scene.position_requested.connect(self._on_nudged),
        ]
        self.redraw()

    @property
    def attached(self) -> bool:
        return bool(self._connections)

    def detach(self) -> None:
        """Stop following the document (idempotent)."""
        for connection in self._connections:
            QObject.disconnect(connection)
        self._connections.clear()

    def redraw(self) -> None:
        snapshot = snapshot_of(self.document.encounter, self.document.selected)
        self.scene.show_snapshot(snapshot)
        self.redraws += 1
        self.centre_changed.emit(snapshot.centre.name if snapshot.centre else "")

    def move_text(self, combatant_id: str, position: int) -> str:
        name = self.document.encounter.combatant(combatant_id).name
        return f"Move {name} to {self.scene.snapshot.scale.label_of_position(position)}"

    def _on_encounter_changed(self, aspects: frozenset[str]) -> None:
        if aspects & REDRAW_ASPECTS:
            self.redraw()

    def _on_selection_changed(self, _combatant_id: str) -> None:
        self.redraw()

    def _on_centre_requested(self, combatant_id: str) -> None:
        self.document.select(combatant_id)

    def _on_band_requested(self, combatant_id: str, ring: int) -> None:
        """A drop in a ring: the ring's band, or the distance the ring stands for."""
        self._on_position_requested(combatant_id, self.scene.snapshot.scale.value_of(ring))

    def _on_nudged(self, combatant_id: str, position: int) -> None:
        """+/− on the board: a run of nudges of one pair is one undo step and one log line
        with the net change, however many steps it took."""
        encounter = self.document.encounter
        centre = self.document.selected
        if not centre or combatant_id == centre:
            return
        run = f"nudge:{pair_key(centre, combatant_id)}"
        start = self.document.run_start(run)
        self.document.apply(
            nudge_position(
                encounter if start is None else start,
                centre,
                combatant_id,
                position,
                mover=combatant_id,
            ),
            self.move_text(combatant_id, position),
            run=run,
        )

    def _on_position_requested(self, combatant_id: str, position: int) -> None:
        encounter = self.document.encounter
        centre = self.document.selected
        if not centre or combatant_id == centre:
            return
        if position_between(encounter, centre, combatant_id) == position:
            return
        self.document.apply(
            set_position(encounter, centre, combatant_id, position, mover=combatant_id),
            self.move_text(combatant_id, position),
        )
