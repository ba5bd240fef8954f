"""How every game's action dialog is opened: modal, on one action when asked, then gone.

The generic :class:`~m3desk.ui.action.system_action_dialog.SystemActionDialog` and a game's
own dialog differ in what they show, not in how the window runs them, so that is written
once here: :meth:`ModalActionDialog.run_for` builds the dialog, turns it to the action asked
for (a notice's morale check), runs it through :meth:`~ModalActionDialog.show_modal` (which
tests replace to drive the dialog instead) and says whether an action was applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, cast

from PySide6.QtWidgets import QDialog, QWidget

from m3desk.core.actions import Action
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["ModalActionDialog"]


class ModalActionDialog(QDialog):
    """An action dialog run modally for one encounter; True from :meth:`run_for` when an
    action was applied."""

    _was_applied = False

    @property
    def was_applied(self) -> bool:
        """Whether Apply went through."""
        return self._was_applied

    def choose(self, action_id: Action, target_id: str | None = None) -> bool:
        """Show the action ``action_id``; False when the dialog has no such action (a
        dialog whose actions are not the seam's ids shows its own default)."""
        del action_id, target_id
        return False

    def chosen_action(self) -> Action | None:
        """The action of the seam the dialog is on now (None: none of the seam's)."""
        return None

    @classmethod
    def run_for(
        cls,
        document: EncounterDocument,
        parent: QWidget,
        *,
        action_id: Action | None = None,
        **options: Any,
    ) -> bool:
        """Open the dialog (modal) with ``options`` (the roller, the actor…), on
        ``action_id`` when given; True when an action was applied."""
        build = cast("Callable[..., Self]", cls)
        dialog = build(document, parent, **options)
        if action_id is not None:
            dialog.choose(action_id)
        try:
            cls.show_modal(dialog)
            return dialog.was_applied
        finally:
            dialog.deleteLater()

    @staticmethod
    def show_modal(dialog: QDialog) -> int:
        """Run the dialog modally; tests replace this to drive the dialog instead."""
        return dialog.exec()
