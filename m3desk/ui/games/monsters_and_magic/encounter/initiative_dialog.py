"""Monsters & Magic's initiative check in the generic initiative dice dialog: 3d6 +
modifier per combatant, rolled already, typed over where the table rolled real dice.

The rows are the game's :class:`InitiativeRequest`: its modifier and terms, its reading of
typed dice (three faces or a total), its result and its log's words; the dialog is
:class:`~m3desk.ui.encounter.initiative_dice_dialog.InitiativeDiceDialog`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.initiative_roll import InitiativeRequest, read_dice
from m3desk.ui.encounter.initiative_dice_dialog import InitiativeDiceDialog, InitiativeRow

__all__ = ["InitiativeDialog", "initiative_row"]

INTRO = (
    "Initiative is 3d6 + DEX (INT when casting) + level. The dice are rolled for you; "
    "type the table's dice (5 5 4, or a total) to replace them."
)
HINT = "Type three faces (5 5 4) or their total (3 to 18)"


def initiative_row(request: InitiativeRequest) -> InitiativeRow:
    """One combatant's check as a row of the generic dialog."""
    return InitiativeRow(
        combatant_id=request.combatant_id,
        name=request.name + (" (casting)" if request.casting else ""),
        modifier=signed(request.modifier),
        modifier_tip=request.terms_text,
        offered=" ".join(str(face) for face in request.rolled),
        read=read_dice,
        result=request.result,
        details=request.details,
    )


class InitiativeDialog(InitiativeDiceDialog):
    """Shows each combatant's modifier and 3d6; the initiative updates as dice are typed."""

    def __init__(self, requests: Sequence[InitiativeRequest], parent: QWidget | None) -> None:
        super().__init__(
            [initiative_row(request) for request in requests],
            parent,
            intro=INTRO,
            dice="3d6",
            hint=HINT,
        )
