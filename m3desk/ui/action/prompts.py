"""The action dialog's one modal question, behind a function tests replace.

Callers look it up through the module (``prompts.confirm_discard_roll(...)``) so that
``monkeypatch.setattr(prompts, "confirm_discard_roll", ...)`` is seen, as for
:mod:`m3desk.ui.dialogs`.
"""

from __future__ import annotations

import logging

from PySide6.QtWidgets import QMessageBox, QWidget

from m3desk.ui import dialogs

__all__ = ["confirm_discard_roll"]

_log = logging.getLogger(__name__)


def confirm_discard_roll(parent: QWidget | None, summary: str) -> bool:
    """The dice are rolled but nothing was applied: really close and forget the roll?"""
    if dialogs.is_non_interactive():
        _log.warning("Closing the action dialog without applying: %s", summary)
        return True
    box = dialogs.message_box(
        parent,
        QMessageBox.Icon.Question,
        "Discard this roll?",
        "The dice have been rolled, but the result is not applied yet.",
        f"{summary}\n\nClose without applying it? Nothing is logged.",
    )
    discard = box.addButton("Discard the Roll", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton("Keep Editing", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    box.exec()
    return box.clickedButton() is discard
