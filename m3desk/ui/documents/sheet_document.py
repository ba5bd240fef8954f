"""One open sheet: its current state, its undo stack, its file, and the table's rules.

Any game's sheet: its derived values come from the form its game describes it with
(:attr:`GameSystem.sheet_forms`), its table rules default to the game's
(:meth:`GameSystem.default_options`).

The document is the single mutation path for sheets (style.md, Anki's operations): views
call :meth:`SheetDocument.replace_sheet`, which pushes one
:class:`~m3desk.ui.documents.commands.ReplaceStateCommand`; the
command sets the state; :attr:`SheetDocument.sheet_changed` reports which top-level fields
changed so that each view refreshes only what it shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel
from PySide6.QtCore import QObject, Signal

from m3desk.core import registry
from m3desk.core.derived import Derived
from m3desk.core.sheet_form import SheetForm
from m3desk.ui.documents.base import SnapshotDocument

__all__ = ["GameSheet", "Sheet", "SheetDocument", "changed_fields", "game_sheet"]

Sheet = BaseModel
"""A character or monster sheet of any installed game."""


@runtime_checkable
class GameSheet(Protocol):
    """What every game's character and monster sheet has, whatever else it holds (each
    installed game's sheets are held to it by tests/ui/sheet/test_game_sheet.py)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str:
        """ "character" or "monster"."""
        ...

    @property
    def notes(self) -> str: ...


def game_sheet(sheet: Sheet) -> GameSheet:
    """``sheet`` read as what every game's sheet has (TypeError for any other model)."""
    if not isinstance(sheet, GameSheet):
        raise TypeError(f"a {type(sheet).__name__} is not a character or monster sheet")
    return sheet


def changed_fields(before: Sheet, after: Sheet) -> frozenset[str]:
    """Top-level field names whose values differ between two sheets of the same kind."""
    names = type(after).model_fields
    return frozenset(name for name in names if getattr(before, name) != getattr(after, name))


class SheetDocument(SnapshotDocument):
    """A character or monster sheet being edited.

    Signals:
        sheet_changed(frozenset[str]): the sheet was replaced (an edit, undo or redo);
            the set holds the top-level field names that changed. It is emitted from inside
            the undo stack's push/undo/redo, before the stack's clean state is updated, so
            listen to ``title_changed``/``modified_changed`` for the saved state.
        title_changed(str): :meth:`title` changed (the name, or saved/unsaved).
        modified_changed(bool): the sheet now differs (True) or not from the saved file.
    """

    sheet_changed = Signal(object)

    def __init__(
        self,
        sheet: Sheet,
        *,
        rules: BaseModel | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(path, parent)
        self._sheet: Sheet = sheet
        self._derived: dict[str, Derived] | None = None
        self.rules: BaseModel = (
            rules if rules is not None else registry.system_of(sheet).default_options()
        )
        self._shown_title = self.title()

    # -- state -------------------------------------------------------------------------------

    @property
    def sheet(self) -> Sheet:
        return self._sheet

    @property
    def state(self) -> Sheet:
        return self._sheet

    def name(self) -> str:
        return str(getattr(self._sheet, "name", ""))

    def derived(self) -> dict[str, Derived]:
        """Every derived value of the current sheet (computed once per sheet state)."""
        if self._derived is None:
            form = self.sheet_form()
            self._derived = dict(form.derive(self._sheet, self.rules)) if form is not None else {}
        return self._derived

    def sheet_form(self) -> SheetForm | None:
        """How the sheet's game describes this kind of sheet (the editor renders it)."""
        kind = getattr(self._sheet, "kind", None)
        return (
            registry.system_of(self._sheet).sheet_forms.get(kind) if isinstance(kind, str) else None
        )

    def table_options(self) -> BaseModel:
        """The table's options the sheet's values follow (its game's table rules)."""
        return self.rules

    def set_rules(self, rules: BaseModel) -> bool:
        """Use other table rules (Edit → Table Rules…); False when they are the same.

        Not an edit of the sheet, so nothing goes on the undo stack and the sheet stays
        saved; derived values are computed again and every view refreshes, because
        ``sheet_changed`` names every field (any of them may show a derived value).
        """
        if rules == self.rules:
            return False
        self.rules = rules
        self._derived = None
        self.sheet_changed.emit(frozenset(type(self._sheet).model_fields))
        return True

    # -- the mutation path -------------------------------------------------------------------

    def replace_sheet(self, new_sheet: Sheet, text: str, *, merge_key: str | None = None) -> bool:
        """Push one undoable edit that makes ``new_sheet`` current.

        Returns False (and pushes nothing) when ``new_sheet`` equals the current sheet, so a
        view may commit the same value twice without littering the undo history.
        """
        if type(new_sheet) is not type(self._sheet):
            raise TypeError(
                f"cannot replace a {type(self._sheet).__name__} with a {type(new_sheet).__name__}"
            )
        return self.push_state(new_sheet, text, merge_key=merge_key)

    def begin_macro(self, text: str) -> None:
        self.undo_stack.beginMacro(text)

    def end_macro(self) -> None:
        self.undo_stack.endMacro()

    def apply_command_state(self, sheet: Sheet) -> None:
        """Make ``sheet`` current and announce it. Only
        :class:`~m3desk.ui.documents.commands.ReplaceStateCommand` calls this."""
        changed = changed_fields(self._sheet, sheet)
        self._sheet = sheet
        self._derived = None
        if changed:
            self.sheet_changed.emit(changed)
