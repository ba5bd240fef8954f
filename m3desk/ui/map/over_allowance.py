"""The question a drop past the allowance asks: stop at the allowance, move all the way
anyway (the GM is the arbiter), or leave the token where it was. A module-level function,
so tests answer it."""

from __future__ import annotations

from enum import Enum

from PySide6.QtWidgets import QMessageBox, QWidget

from m3desk.ui import dialogs

__all__ = ["OverChoice", "ask_over_allowance"]


class OverChoice(Enum):
    STOP = "stop"
    ANYWAY = "anyway"
    CANCEL = "cancel"


def ask_over_allowance(
    parent: QWidget | None, name: str, said: str, stop: str | None
) -> OverChoice:
    """Ask what a drop past the allowance means. ``said`` is the ruler's first words
    ("charges 190 ft · allowance 180 ft"), ``stop`` where the allowance ends ("180 ft"),
    None when no step of the way is within it."""
    if dialogs.is_non_interactive():
        return OverChoice.STOP if stop is not None else OverChoice.CANCEL
    box = dialogs.message_box(
        parent,
        QMessageBox.Icon.Question,
        "Over the allowance",
        f"{name} {said}: that is over the allowance.",
        "Stop where the allowance ends, move all the way anyway "
        "(as the GM rules), or leave it where it was.",
    )
    stop_button = (
        box.addButton(f"Stop at {stop}", QMessageBox.ButtonRole.AcceptRole)
        if stop is not None
        else None
    )
    anyway = box.addButton("Move Anyway", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(stop_button or cancel)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if stop_button is not None and clicked is stop_button:
        return OverChoice.STOP
    return OverChoice.ANYWAY if clicked is anyway else OverChoice.CANCEL
