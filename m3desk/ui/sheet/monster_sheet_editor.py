"""The monster sheet: name, level, size, AC and rolled defence, hit points, attributes,
traits (incl. initiative traits), attacks and monster actions, conditions, description."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.sheet import MonsterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.attributes_group import AttributesGroup
from m3desk.ui.sheet.conditions_model import ConditionsModel
from m3desk.ui.sheet.monster_attacks_model import MonsterAttacksModel
from m3desk.ui.sheet.monster_defence_group import MonsterDefenceGroup
from m3desk.ui.sheet.monster_identity_group import MonsterIdentityGroup
from m3desk.ui.sheet.notes_group import NotesGroup
from m3desk.ui.sheet.pools_group import PoolsGroup
from m3desk.ui.sheet.sheet_editor_base import SheetEditorBase
from m3desk.ui.sheet.table_group import TableGroup
from m3desk.ui.sheet.traits_model import TraitsModel

__all__ = ["MonsterSheetEditor"]


class MonsterSheetEditor(SheetEditorBase):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        if not isinstance(document.sheet, MonsterSheet):
            raise TypeError("MonsterSheetEditor edits monster sheets")
        super().__init__(document, parent)
        self.setObjectName("monster_sheet_editor")
        report = self.report
        bar = self.message_bar
        self.identity = MonsterIdentityGroup(document, report, self.content)
        self.defence = MonsterDefenceGroup(document, report, self.content)
        self.attributes = AttributesGroup(document, report, self.content, prime=False)
        self.pools = PoolsGroup(document, report, self.content, hero_points=False)
        self.traits = TableGroup("Traits", TraitsModel(document), bar, self.content, min_rows=1)
        self.attacks = TableGroup(
            "Attacks and monster actions", MonsterAttacksModel(document), bar, self.content
        )
        self.conditions = TableGroup(
            "Effects and consequences", ConditionsModel(document), bar, self.content, min_rows=1
        )
        self.description = NotesGroup(document, "description", "Description", report, self.content)
        self.notes = NotesGroup(document, "notes", "Notes", report, self.content)

        self.add_group(self.identity, 0, 0)
        self.add_group(self.defence, 0, 1, 2, 1)
        self.add_group(self.pools, 1, 0)
        self.add_group(self.attributes, 2, 0)
        self.add_group(self.traits, 2, 1)
        self.add_group(self.attacks, 3, 0, 1, 2)
        self.add_group(self.conditions, 4, 0, 1, 2)
        self.add_group(self.description, 5, 0)
        self.add_group(self.notes, 5, 1)
        self.grid.setRowStretch(5, 1)  # spare height goes to the text, not between tables
