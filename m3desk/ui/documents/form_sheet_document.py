"""A sheet of a game that describes its sheets with a :class:`~m3desk.core.sheet_form.SheetForm`.

The same document as Monsters & Magic's (one undo stack, ``replace_sheet``, ``sheet_changed``,
``derived()``), but its derived values come from the form's ``derive`` under that game's own
table rules, not from Monsters & Magic's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QObject

from m3desk.core import registry
from m3desk.core.derived import Derived
from m3desk.core.sheet_form import SheetForm
from m3desk.core.system import GameSystem
from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["FormSheetDocument", "form_of"]


def form_of(model: BaseModel) -> tuple[GameSystem, SheetForm] | None:
    """The game and the form that describe ``model``, if a game describes it with one."""
    kind = getattr(model, "kind", None)
    try:
        system = registry.system_of(model)
    except registry.UnknownSystemError:
        return None
    form = system.sheet_forms.get(kind) if isinstance(kind, str) else None
    return (system, form) if form is not None else None


class FormSheetDocument(SheetDocument):
    """A sheet edited through its game's form (Old-School Essentials, AD&D 2e, Apparatus)."""

    def __init__(
        self,
        sheet: BaseModel,
        *,
        system: GameSystem,
        form: SheetForm,
        options: BaseModel | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(sheet, path=path, parent=parent)
        self.system = system
        self.form = form
        self.options: BaseModel = options if options is not None else system.default_options()

    def derived(self) -> dict[str, Derived]:
        if self._derived is None:
            self._derived = dict(self.form.derive(self._sheet, self.options))
        return self._derived

    def sheet_form(self) -> SheetForm:
        return self.form

    def table_options(self) -> BaseModel:
        return self.options

    def set_rules(self, rules: Any) -> bool:
        """Monsters & Magic's table rules do not apply to another game's sheet."""
        return False

    def set_options(self, options: BaseModel) -> bool:
        """Use the table's other options for this game (derived values are recomputed)."""
        if options == self.options:
            return False
        self.options = options
        self._derived = None
        self.sheet_changed.emit(frozenset(type(self._sheet).model_fields))
        return True
