"""The one place that creates sheet documents and their editors.

Kept apart so the session does not depend on how the editor package builds its
widgets, and so the editor (the heaviest import of the app) is only loaded
when the first sheet opens, after the window is already on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from pydantic import BaseModel

    from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["create_document", "create_editor", "form_of", "options_provider"]

options_provider: Callable[[Any], BaseModel] | None = None
"""The table's options of a game (the window sets it from its settings); None: defaults."""


def form_of(model: BaseModel) -> object | None:
    """The (game, form) describing ``model`` when its game edits sheets through a form."""
    from m3desk.ui.documents.form_sheet_document import form_of as found

    return found(model)


def create_document(
    sheet: BaseModel, path: Path | None, rules: BaseModel, parent: QObject | None = None
) -> SheetDocument:
    """A document for ``sheet``, saved at ``path`` (None: never saved).

    ``rules`` are the default table rules (Edit → Table Rules…), which a game's own sheet
    document follows (``GameParts.sheet_document``); any other game's sheet follows its own
    options (:data:`options_provider`).
    """
    from m3desk.ui.documents.form_sheet_document import FormSheetDocument
    from m3desk.ui.documents.form_sheet_document import form_of as found
    from m3desk.ui.games import parts_of

    described = found(sheet)
    if described is None:
        raise TypeError(f"m3desk has no sheet editor for a {type(sheet).__name__}")
    system, form = described
    own_document = parts_of(system).sheet_document
    if own_document is not None:
        return own_document(sheet, path, rules, parent)
    options = options_provider(system) if options_provider is not None else None
    return FormSheetDocument(
        sheet, system=system, form=form, options=options, path=path, parent=parent
    )


def create_editor(document: SheetDocument, parent: QWidget | None = None) -> QWidget:
    """The sheet editor widget shown in the document's tab."""
    from m3desk.ui.sheet import make_sheet_editor

    return make_sheet_editor(document, parent)
