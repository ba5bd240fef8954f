"""The character sheet: identity, attributes, defence and movement, hit points, traits,
equipment, spells, effects and consequences, notes."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.attributes_group import AttributesGroup
from m3desk.ui.sheet.character_defence_group import CharacterDefenceGroup
from m3desk.ui.sheet.character_identity_group import CharacterIdentityGroup
from m3desk.ui.sheet.conditions_model import ConditionsModel
from m3desk.ui.sheet.items_model import ItemsModel
from m3desk.ui.sheet.notes_group import NotesGroup
from m3desk.ui.sheet.pools_group import PoolsGroup
from m3desk.ui.sheet.sheet_editor_base import SheetEditorBase
from m3desk.ui.sheet.spells_model import SpellsModel
from m3desk.ui.sheet.table_group import TableGroup
from m3desk.ui.sheet.trait_bonus_label import TraitBonusLabel
from m3desk.ui.sheet.traits_model import TraitsModel

__all__ = ["CharacterSheetEditor"]


class CharacterSheetEditor(SheetEditorBase):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        if not isinstance(document.sheet, CharacterSheet):
            raise TypeError("CharacterSheetEditor edits character sheets")
        super().__init__(document, parent)
        self.setObjectName("character_sheet_editor")
        report = self.report
        bar = self.message_bar
        self.identity = CharacterIdentityGroup(document, report, self.content)
        self.attributes = AttributesGroup(document, report, self.content)
        self.defence = CharacterDefenceGroup(document, report, self.content)
        self.pools = PoolsGroup(document, report, self.content)
        self.traits = TableGroup("Traits", TraitsModel(document), bar, self.content)
        self.trait_bonus_label = TraitBonusLabel(
            document, self.traits.view.selectionModel(), self.traits
        )
        self.traits.add_below(self.trait_bonus_label)
        self.items = TableGroup("Equipment", ItemsModel(document), bar, self.content)
        self.spells = TableGroup("Spells", SpellsModel(document), bar, self.content, min_rows=1)
        self.conditions = TableGroup(
            "Effects and consequences", ConditionsModel(document), bar, self.content, min_rows=1
        )
        self.notes = NotesGroup(document, "notes", "Notes", report, self.content)

        self.add_group(self.identity, 0, 0)
        self.add_group(self.attributes, 0, 1)
        self.add_group(self.defence, 1, 0)
        self.add_group(self.pools, 1, 1)
        self.add_group(self.traits, 2, 0, 1, 2)
        self.add_group(self.items, 3, 0, 1, 2)
        self.add_group(self.spells, 4, 0, 1, 2)
        self.add_group(self.conditions, 5, 0, 1, 2)
        self.add_group(self.notes, 6, 0, 1, 2)
        self.grid.setRowStretch(6, 1)  # spare height goes to the notes, not between tables
        self.grid.setColumnStretch(0, 3)
        self.grid.setColumnStretch(1, 2)
