"""Roll Initiative in a Monsters & Magic fight: the check's dice asked for, then applied.

Apart from the dialog (:mod:`.initiative_dialog`), which :mod:`.prompts` opens: the dialog
imports no question, so the two import each other no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic import encounter_edits as edits
from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.systems.monsters_and_magic.initiative_roll import initiative_requests
from m3desk.ui.games.monsters_and_magic.encounter import prompts

if TYPE_CHECKING:
    from m3desk.systems.monsters_and_magic.encounter import Encounter
    from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["roll_initiative"]


def roll_initiative(
    document: EncounterDocument[Encounter], ids: list[str], host: QWidget, roller: Any
) -> None:
    """Monsters & Magic's initiative check for ``ids``: 3d6 + modifier rolled and shown,
    the table's dice typed over them, the accepted ones applied as one undo step."""
    encounter = document.encounter
    requests = initiative_requests(
        encounter, ids, roller if isinstance(roller, Roller) else Roller()
    )
    answers = prompts.ask_initiative_dice(host, requests)
    if not answers:
        return
    results = {}
    for request in requests:
        if request.combatant_id in answers:
            total, typed = answers[request.combatant_id]
            results[request.combatant_id] = (request.result(total), request.details(typed, total))
    if results:
        document.apply(*edits.set_initiatives(encounter, results))
