"""Undo commands: every user edit of a sheet is one ``QUndoCommand`` on the document's stack.

Commands store absolute before/after sheets (Orange canvas style), so the ``redo()`` that
``QUndoStack.push()`` runs at once is harmless and undo restores exactly what was there.
They hold no game arithmetic: whatever the rules derive is recomputed from the sheet.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet

if TYPE_CHECKING:
    from m3desk.ui.documents.sheet_document import SheetDocument

__all__ = ["MERGE_WINDOW_SECONDS", "EditSheetCommand"]

Sheet = CharacterSheet | MonsterSheet

MERGE_WINDOW_SECONDS = 2.0
"""Edits of one field closer together than this are one undo step (typing, spin steps)."""

_MERGE_ID = 0x4D33  # "M3": every mergeable sheet edit shares it; mergeWith compares keys


class EditSheetCommand(QUndoCommand):
    """Replace the document's sheet; undo puts the previous one back.

    ``merge_key`` names the field being edited ("attributes.STR", "items.2.damage"):
    consecutive commands with the same key, on the same document, within
    :data:`MERGE_WINDOW_SECONDS` of each other and in the same merge generation (see
    :meth:`SheetDocument.break_merge`) become one step. Without a key a command never merges.
    """

    def __init__(
        self,
        document: SheetDocument,
        before: Sheet,
        after: Sheet,
        text: str,
        *,
        merge_key: str | None = None,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text, parent)
        self._document = document
        self._before = before
        self._after = after
        self._merge_key = merge_key
        self._generation = document.merge_generation
        self._stamp = time.monotonic()

    @property
    def before(self) -> Sheet:
        return self._before

    @property
    def after(self) -> Sheet:
        return self._after

    @property
    def merge_key(self) -> str | None:
        return self._merge_key

    def id(self) -> int:
        return _MERGE_ID if self._merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditSheetCommand) or not self._can_absorb(other):
            return False
        self._after = other._after
        self._stamp = other._stamp
        if self._after == self._before:
            self.setObsolete(True)  # typed back to where it started: drop the step
        return True

    def _can_absorb(self, other: EditSheetCommand) -> bool:
        return (
            other._document is self._document
            and other._merge_key == self._merge_key
            and other._generation == self._generation
            and other._stamp - self._stamp <= MERGE_WINDOW_SECONDS
        )

    def redo(self) -> None:
        self._document.apply_command_state(self._after)

    def undo(self) -> None:
        self._document.apply_command_state(self._before)
