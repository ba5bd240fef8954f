"""Character and monster sheet editors: item models, delegates and the editor widgets.

Everything here edits a :class:`~m3desk.ui.documents.sheet_document.SheetDocument` through its undo
stack;
nothing computes game values (``m3desk.systems.monsters_and_magic.derive`` does).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet.character_sheet_editor import CharacterSheetEditor
from m3desk.ui.sheet.monster_sheet_editor import MonsterSheetEditor

__all__ = ["CharacterSheetEditor", "MonsterSheetEditor", "make_sheet_editor"]


def make_sheet_editor(
    document: SheetDocument, parent: QWidget | None = None
) -> QWidget:
    """The editor widget for the document's kind of sheet."""
    from m3desk.ui.documents.form_sheet_document import FormSheetDocument

    if isinstance(document, FormSheetDocument):
        from m3desk.ui.sheet.form_editor import FormSheetEditor

        return FormSheetEditor(document, parent)
    if isinstance(document.sheet, CharacterSheet):
        return CharacterSheetEditor(document, parent)
    return MonsterSheetEditor(document, parent)
