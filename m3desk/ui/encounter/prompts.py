"""Every modal question the encounter table asks, behind functions tests can replace.

Modal dialogs block a test until someone clicks (pytest-qt's advice), so the widgets call
these through the module (``prompts.ask_condition(...)``) and tests monkeypatch them.
While the application's dialogs are switched off (the self-test), each answers at once
with the choice that changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from m3desk.storage.sheet_files import FILE_FILTER
from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.initiative_roll import InitiativeRequest
from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui import dialogs
from m3desk.ui.plain_text import mnemonic_safe

__all__ = [
    "LOG_FILTER",
    "DiceAnswers",
    "ask_condition",
    "ask_initiative_dice",
    "ask_pool_change",
    "confirm_write_back",
    "log_file_to_save",
    "sheet_files_to_add",
    "show_error",
    "show_info",
]

LOG_FILTER = "Text files (*.txt);;All files (*)"
DiceAnswers = dict[str, tuple[int, str]]
"""Combatant id → (3d6 total, the dice as typed) for each initiative the GM accepted."""


def sheet_files_to_add(parent: QWidget, directory: Path) -> list[Path]:
    """Character and monster files to add as combatants; empty when cancelled."""
    if dialogs.is_non_interactive():
        return []
    names, _chosen = QFileDialog.getOpenFileNames(parent, "Add Combatants", str(directory),
                                                  FILE_FILTER)
    return [Path(name) for name in names]


def log_file_to_save(parent: QWidget, suggested: Path) -> Path | None:
    """Where to export the log as text; None when cancelled. The dialog asks to overwrite."""
    if dialogs.is_non_interactive():
        return None
    name, _chosen = QFileDialog.getSaveFileName(parent, "Export Log", str(suggested),
                                                LOG_FILTER)
    return Path(name) if name else None


def ask_initiative_dice(parent: QWidget,
                        requests: Sequence[InitiativeRequest]) -> DiceAnswers | None:
    """Show the rolled dice for each combatant; the GM may type the real ones instead."""
    if dialogs.is_non_interactive():
        return None
    from m3desk.ui.encounter.initiative_dialog import InitiativeDialog

    dialog = InitiativeDialog(requests, parent)
    try:
        return dialog.answers() if dialog.exec() else None
    finally:
        dialog.deleteLater()


def ask_pool_change(parent: QWidget, name: str, label: str, pool: Pool) -> int | None:
    """Damage (negative) or healing (positive) to apply; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    delta, ok = QInputDialog.getInt(
        parent, f"Adjust {label}",
        mnemonic_safe(f"{name} has {label} {pool.current}/{pool.maximum}.\n"
                      "Damage as a negative number, healing as a positive one:"),
        0, -9999, 9999)
    return delta if ok and delta else None


def ask_condition(parent: QWidget, name: str, rules: TableRules) -> Condition | None:
    """A new effect or consequence for ``name``; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    from m3desk.ui.encounter.condition_dialog import ConditionDialog

    dialog = ConditionDialog(name, rules, parent)
    try:
        return dialog.condition() if dialog.exec() else None
    finally:
        dialog.deleteLater()


def confirm_write_back(parent: QWidget, summary: str, count: int) -> bool:
    """Ask before writing ``count`` sheet files; ``summary`` lists each file's changes."""
    if dialogs.is_non_interactive():
        return False
    noun = "file" if count == 1 else "files"
    box = dialogs.message_box(
        parent, QMessageBox.Icon.Question, "Write Back to Sheets",
        f"Write the encounter's results into {count} sheet {noun}?",
        "Only current PHP, MHP, hero points and effects and consequences change.\n"
        "This saves the files now; it is not an encounter edit, so Undo does not "
        "take it back.\n\n" + summary)
    write = box.addButton("Write Back", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is write


def show_error(parent: QWidget, title: str, message: str) -> None:
    dialogs.show_error(parent, title, message)


def show_info(parent: QWidget, title: str, message: str) -> None:
    dialogs.show_info(parent, title, message)


def choose_screen(parent: QWidget, names: list[str], *, default: int) -> int:
    """Which screen the player view opens on (the players' screen by default)."""
    if dialogs.is_non_interactive() or len(names) <= 1:
        return default
    from PySide6.QtWidgets import QInputDialog

    chosen, ok = QInputDialog.getItem(parent, "Player View", "Show the players' view on:",
                                      names, default, False)
    return names.index(chosen) if ok and chosen in names else default
