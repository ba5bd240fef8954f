"""Sheet editors: every game's sheets rendered from the :class:`~m3desk.core.sheet_form.SheetForm`
its package describes (fields, ability tables, pools, derived values, tables of rows).

Everything here edits a :class:`~m3desk.ui.documents.sheet_document.SheetDocument` through its undo
stack; nothing computes game values (each game's ``derive`` does), and no module here names a
game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # printing reads this package's formats without widgets (export-pdf)
    from PySide6.QtWidgets import QWidget

    from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["make_sheet_editor"]


def make_sheet_editor(document: SheetDocument, parent: QWidget | None = None) -> QWidget:
    """The editor widget for the document's sheet, as its game's form describes it."""
    from m3desk.ui.sheet.form_editor import FormSheetEditor

    return FormSheetEditor(document, parent)
