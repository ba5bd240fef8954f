"""Opens the action dialog of the encounter's game (its own, or the generic one).

Tests replace :func:`open_action_dialog` itself; which dialog a game gets is
:mod:`m3desk.ui.action.dialog_choice`'s.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.core.dice import Roller
from m3desk.core.system import Action
from m3desk.ui.action.dialog_choice import has_actions, run_action_dialog
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts

__all__ = ["open_action_dialog"]


def open_action_dialog(
    document: EncounterDocument,
    parent: QWidget,
    roller: Roller | None = None,
    *,
    actor_id: str | None = None,
    action_id: Action | None = None,
) -> None:
    """Run the action dialog for ``actor_id`` (the combatant whose turn it is), on
    ``action_id`` when given (a check the notice bar offers)."""
    if not has_actions(document):
        prompts.show_info(
            parent,
            "Act",
            "This game describes no actions m3desk can resolve "
            "yet: change hit points and conditions in the tracker.",
        )
        return
    run_action_dialog(document, parent, roller=roller, actor_id=actor_id, action_id=action_id)
