"""Which action dialog an encounter gets: its game's own where the game truly differs, else
the generic one.

Monsters & Magic spends effect points, a step no description of "roll, then apply" can hold,
so its widgets provide their own dialog (:mod:`m3desk.ui.games`). Every other game is served
by :class:`~m3desk.ui.action.system_action_dialog.SystemActionDialog` from what its
:class:`~m3desk.core.system.EncounterRules` describe. Dialogs load on first use.
"""

from __future__ import annotations

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.system import Action
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.games import parts_of

__all__ = ["has_actions", "run_action_dialog"]


def has_actions(document: EncounterDocument) -> bool:
    system = registry.system_of(document.encounter)
    rules = system.encounter
    return parts_of(system).action_dialog is not None or (
        rules is not None and rules.resolve is not None
    )


def run_action_dialog(
    document: EncounterDocument,
    parent: object,
    *,
    roller: Roller | None = None,
    actor_id: str | None = None,
    action_id: Action | None = None,
) -> bool:
    """Open the right dialog for the encounter's game; True when an action was applied."""
    from PySide6.QtWidgets import QWidget

    assert isinstance(parent, QWidget)
    own = parts_of(registry.system_of(document.encounter)).action_dialog
    if own is not None:
        return own(document, parent, roller, actor_id, action_id)
    from m3desk.ui.action.system_action_dialog import SystemActionDialog

    return SystemActionDialog.run_for(
        document, parent, roller=roller, actor_id=actor_id, action_id=action_id
    )
