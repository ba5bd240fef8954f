"""The one undo command: every user edit of a document is a :class:`ReplaceStateCommand`.

It stores the absolute before and after states (Orange canvas style; frozen pydantic models
share structure, so keeping both is cheap), so the ``redo()`` that ``QUndoStack.push()``
runs at once is harmless and undo restores exactly what was there. Sheets and encounters use
it alike; it holds no game arithmetic.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

__all__ = ["MERGE_WINDOW_SECONDS", "ReplaceStateCommand", "StateHolder"]


class StateHolder(Protocol):
    """A document the command can set: sheets and encounters."""

    @property
    def merge_generation(self) -> int: ...

    def apply_command_state(self, state: Any) -> None: ...


MERGE_WINDOW_SECONDS = 2.0
"""Edits of one field closer together than this are one undo step (typing, spin steps)."""

_MERGE_ID = 0x4D33  # "M3": every mergeable edit shares it; mergeWith compares keys


class ReplaceStateCommand(QUndoCommand):
    """Replace the document's state; undo puts the previous one back.

    ``merge_key`` names the field being edited ("attributes.STR", "items.2.damage"):
    consecutive commands with the same key, on the same document, within
    :data:`MERGE_WINDOW_SECONDS` of each other and in the same merge generation (see
    the document's ``break_merge``) become one step. Without a key a command never merges.
    """

    def __init__(
        self,
        document: StateHolder,
        before: Any,
        after: Any,
        text: str,
        *,
        merge_key: str | None = None,
        merge_window: float | None = MERGE_WINDOW_SECONDS,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text, parent)
        self._document = document
        self._before = before
        self._after = after
        self._merge_key = merge_key
        self._window = merge_window
        """None: consecutive edits with the key merge however far apart (a nudge run)."""
        self._generation = document.merge_generation
        self._stamp = time.monotonic()

    @property
    def before(self) -> Any:
        return self._before

    @property
    def after(self) -> Any:
        return self._after

    @property
    def merge_key(self) -> str | None:
        return self._merge_key

    def id(self) -> int:
        return _MERGE_ID if self._merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceStateCommand) or not self._can_absorb(other):
            return False
        self._after = other._after
        self._stamp = other._stamp
        self.setText(other.text())  # the step says where the run ended
        if self._after == self._before:
            self.setObsolete(True)  # typed back to where it started: drop the step
        return True

    def would_absorb(self, merge_key: str, generation: int, stamp: float) -> bool:
        """Whether an edit with ``merge_key``, made now, would join this step."""
        return (
            merge_key == self._merge_key
            and generation == self._generation
            and (self._window is None or stamp - self._stamp <= self._window)
        )

    def _can_absorb(self, other: ReplaceStateCommand) -> bool:
        return (
            other._document is self._document
            and other._merge_key is not None
            and self.would_absorb(other._merge_key, other._generation, other._stamp)
        )

    def redo(self) -> None:
        self._document.apply_command_state(self._after)

    def undo(self) -> None:
        self._document.apply_command_state(self._before)
