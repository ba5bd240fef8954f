"""Which action dialog a game gets: its own where it truly differs, else the generic one.

The one place in the UI that names a game for its actions: Monsters & Magic spends effect
points, a step no description of "roll, then apply" can hold, so it keeps its own dialog.
Every other game is served by :class:`~m3desk.ui.action.system_action_dialog.SystemActionDialog`
from what its :class:`~m3desk.core.system.EncounterRules` describe. Dialogs load on first use.
"""

from __future__ import annotations

from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.own_game import OWN_GAME_ID

__all__ = ["has_actions", "run_action_dialog"]

OWN_DIALOGS = frozenset({OWN_GAME_ID})


def has_actions(document: EncounterDocument) -> bool:
    system = registry.system_of(document.encounter)
    rules = system.encounter
    return system.id in OWN_DIALOGS or (rules is not None and rules.resolve is not None)


def run_action_dialog(document: EncounterDocument, parent: object, *,
                      roller: Roller | None = None, actor_id: str | None = None,
                      action_id: str | None = None) -> bool:
    """Open the right dialog for the encounter's game; True when an action was applied."""
    from PySide6.QtWidgets import QWidget

    assert isinstance(parent, QWidget)
    if registry.system_of(document.encounter).id in OWN_DIALOGS:
        from m3desk.systems.monsters_and_magic.dice import Roller as CheckRoller
        from m3desk.ui.action.action_dialog import ActionDialog

        check_roller = roller if isinstance(roller, CheckRoller) or roller is None else None
        return ActionDialog.run_for(document, parent, roller=check_roller, actor_id=actor_id)
    from m3desk.ui.action.system_action_dialog import SystemActionDialog

    return SystemActionDialog.run_for(document, parent, roller=roller, actor_id=actor_id,
                                      action_id=action_id)
