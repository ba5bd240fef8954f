"""The trait bonus for the traits selected in the traits table.

Players pick the traits that apply to an action and read off the bonus, e.g. "Trait bonus
with 2 traits: +2 (level 1, capped at 2)". The numbers come from ``trait_bonus``.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QLabel, QWidget

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.traits import trait_bonus
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["TraitBonusLabel", "trait_bonus_text"]

HINT = "Select the traits that apply to an action to see its trait bonus."


def trait_bonus_text(level: int, traits: int) -> str:
    if traits <= 0:
        return HINT
    bonus = trait_bonus(level, traits)
    cap = trait_bonus(level, level + 1)  # enough traits to reach the rules' cap
    noun = "trait" if traits == 1 else "traits"
    return f"Trait bonus with {traits} {noun}: {signed(bonus)} (level {level}, capped at {cap})"


class TraitBonusLabel(QLabel):
    def __init__(
        self, document: SheetDocument, selection: QItemSelectionModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._selection = selection
        self.setWordWrap(True)
        self.setToolTip(
            "The first trait that applies adds your level; each further one adds +1, "
            "up to twice your level."
        )
        selection.selectionChanged.connect(self.refresh)
        self.document_link = DocumentLink.on(document, "sheet_changed",
                                             lambda _changed: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        count = len(self._selection.selectedRows())
        self.setText(trait_bonus_text(self._document.sheet.level, count))

    def detach(self) -> None:
        self.document_link.detach()
