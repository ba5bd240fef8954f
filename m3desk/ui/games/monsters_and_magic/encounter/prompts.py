"""Monsters & Magic's modal questions at the encounter table, behind functions tests replace.

Like :mod:`m3desk.ui.encounter.prompts`: while the application's dialogs are switched off
(the self-test), each answers at once with the choice that changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QInputDialog, QWidget

from m3desk.systems.monsters_and_magic.conditions import Condition
from m3desk.systems.monsters_and_magic.initiative_roll import InitiativeRequest
from m3desk.systems.monsters_and_magic.sheet import Pool
from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui import dialogs
from m3desk.ui.encounter.initiative_dice_dialog import InitiativeAnswers
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["DiceAnswers", "ask_condition", "ask_initiative_dice", "ask_pool_change"]

DiceAnswers = InitiativeAnswers
"""Combatant id → (3d6 total, the dice as typed) for each initiative the GM accepted."""


def ask_initiative_dice(
    parent: QWidget, requests: Sequence[InitiativeRequest]
) -> DiceAnswers | None:
    """Show the rolled dice for each combatant; the GM may type the real ones instead."""
    if dialogs.is_non_interactive():
        return None
    from m3desk.ui.games.monsters_and_magic.encounter.initiative_dialog import InitiativeDialog

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
        parent,
        f"Adjust {label}",
        mnemonic_safe(
            f"{name} has {label} {pool.current}/{pool.maximum}.\n"
            "Damage as a negative number, healing as a positive one:"
        ),
        0,
        -9999,
        9999,
    )
    return delta if ok and delta else None


def ask_condition(parent: QWidget, name: str, rules: TableRules) -> Condition | None:
    """A new effect or consequence for ``name``; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    from m3desk.ui.games.monsters_and_magic.encounter.condition_dialog import ConditionDialog

    dialog = ConditionDialog(name, rules, parent)
    try:
        return dialog.condition() if dialog.exec() else None
    finally:
        dialog.deleteLater()
