"""The one place that creates sheet documents and their editors.

Kept apart so the session does not depend on how the editor package builds its
widgets, and so the editor (the heaviest import of the app) is only loaded
when the first sheet opens, after the window is already on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.systems.monsters_and_magic.sheet import AnySheet as Sheet
from m3desk.systems.monsters_and_magic.table_rules import TableRules

if TYPE_CHECKING:
    from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["create_document", "create_editor"]


def create_document(sheet: Sheet, path: Path | None, rules: TableRules,
                    parent: QObject | None = None) -> SheetDocument:
    """A document for ``sheet``, saved at ``path`` (None: never saved)."""
    from m3desk.ui.documents.sheet_document import SheetDocument

    return SheetDocument(sheet, path=path, rules=rules, parent=parent)


def create_editor(document: SheetDocument, parent: QWidget | None = None) -> QWidget:
    """The sheet editor widget shown in the document's tab."""
    from m3desk.ui.sheet import make_sheet_editor

    return make_sheet_editor(document, parent)
