"""Every modal question the encounter table asks, behind functions tests can replace.

Modal dialogs block a test until someone clicks (pytest-qt's advice), so the widgets call
these through the module (``prompts.show_error(...)``) and tests monkeypatch them.
While the application's dialogs are switched off (the self-test), each answers at once
with the choice that changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from m3desk.core.system import ConditionSpec
from m3desk.storage.sheet_files import FILE_FILTER
from m3desk.ui import dialogs
from m3desk.ui.plain_text import mnemonic_safe

__all__ = [
    "LOG_FILTER",
    "ask_game_condition",
    "confirm_write_back",
    "log_file_to_save",
    "sheet_files_to_add",
    "show_error",
    "show_info",
]

LOG_FILTER = "Text files (*.txt);;All files (*)"


def sheet_files_to_add(parent: QWidget, directory: Path) -> list[Path]:
    """Character and monster files to add as combatants; empty when cancelled."""
    if dialogs.is_non_interactive():
        return []
    names, _chosen = QFileDialog.getOpenFileNames(
        parent, "Add Combatants", str(directory), FILE_FILTER
    )
    return [Path(name) for name in names]


def log_file_to_save(parent: QWidget, suggested: Path) -> Path | None:
    """Where to export the log as text; None when cancelled. The dialog asks to overwrite."""
    if dialogs.is_non_interactive():
        return None
    name, _chosen = QFileDialog.getSaveFileName(parent, "Export Log", str(suggested), LOG_FILTER)
    return Path(name) if name else None


def ask_game_condition(
    parent: QWidget, name: str, conditions: Sequence[ConditionSpec]
) -> ConditionSpec | None:
    """One of the game's conditions for ``name``, by its name and effect; None when
    cancelled."""
    if dialogs.is_non_interactive() or not conditions:
        return None
    from PySide6.QtWidgets import QInputDialog

    from m3desk.ui.encounter.condition_parts import condition_choice

    items = [condition_choice(spec) for spec in conditions]
    chosen, ok = QInputDialog.getItem(
        parent, "Add Condition", mnemonic_safe(f"A condition on {name}:"), items, 0, False
    )
    return conditions[items.index(chosen)] if ok and chosen in items else None


def confirm_write_back(parent: QWidget, summary: str, count: int) -> bool:
    """Ask before writing ``count`` sheet files; ``summary`` lists each file's changes."""
    if dialogs.is_non_interactive():
        return False
    noun = "file" if count == 1 else "files"
    box = dialogs.message_box(
        parent,
        QMessageBox.Icon.Question,
        "Write Back to Sheets",
        f"Write the encounter's results into {count} sheet {noun}?",
        "Only what the fight changes on a sheet is written (listed below).\n"
        "This saves the files now; it is not an encounter edit, so Undo does not "
        "take it back.\n\n" + summary,
    )
    write = box.addButton("Write Back", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is write


def ask_keep_samples(parent: QWidget, names: list[str], folder: str) -> bool:
    """Offer to save the fight's sample characters as the GM's own sheets (then written
    back); False: leave them as samples."""
    if dialogs.is_non_interactive():
        return False
    listed = ", ".join(names)
    box = dialogs.message_box(
        parent,
        QMessageBox.Icon.Question,
        "Write Back to Sheets",
        f"{listed} came from the app's samples, which are never written to.",
        f"Save {'it' if len(names) == 1 else 'them'} as your own sheets in {folder}, with "
        "what the fight changed? The encounter then writes back to those files.",
    )
    keep = box.addButton("&Save as My Sheets", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(keep)
    box.exec()
    return box.clickedButton() is keep


def show_error(parent: QWidget, title: str, message: str) -> None:
    dialogs.show_error(parent, title, message)


def show_info(parent: QWidget, title: str, message: str) -> None:
    dialogs.show_info(parent, title, message)


def choose_screen(parent: QWidget, names: list[str], *, default: int) -> int:
    """Which screen the player view opens on (the players' screen by default)."""
    if dialogs.is_non_interactive() or len(names) <= 1:
        return default
    from PySide6.QtWidgets import QInputDialog

    chosen, ok = QInputDialog.getItem(
        parent, "Player View", "Show the players' view on:", names, default, False
    )
    return names.index(chosen) if ok and chosen in names else default
