"""Opens the action dialog (``m3desk.ui.action``), built by another engineer in parallel.

Imported lazily: until that package exists the tracker still works and "Act…" says the
dialog is not available. The expected entry point is
``ActionDialog.run_for(document, parent, roller=None, actor_id=None)`` (``actor_id`` is passed
when the dialog accepts it; its memory of last choices is its own business); tests replace
:func:`open_action_dialog` itself.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.dice import Roller
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import prompts

__all__ = ["action_dialog_available", "open_action_dialog"]

_MODULE = "m3desk.ui.action"


def _dialog_class() -> Any:
    """``ActionDialog`` if its package is there and has the entry point, else None.

    Looked up in the package first, then in its ``action_dialog`` module (the package may
    not re-export it yet)."""
    for name in (_MODULE, f"{_MODULE}.action_dialog"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        dialog = getattr(module, "ActionDialog", None)
        if dialog is not None and hasattr(dialog, "run_for"):
            return dialog
    return None


def action_dialog_available() -> bool:
    return _dialog_class() is not None


def open_action_dialog(document: EncounterDocument, parent: QWidget,
                       roller: Roller | None = None, *, actor_id: str | None = None) -> None:
    """Run the action dialog for ``actor_id`` (the combatant whose turn it is)."""
    dialog = _dialog_class()
    if dialog is None:
        prompts.show_info(parent, "Act", "The action dialog is not part of this build yet. "
                          "Use Adjust PHP… and Add Effect or Consequence… meanwhile.")
        return
    options: dict[str, Any] = {"roller": roller}
    if actor_id is not None and "actor_id" in inspect.signature(dialog.run_for).parameters:
        options["actor_id"] = actor_id
    dialog.run_for(document, parent, **options)
