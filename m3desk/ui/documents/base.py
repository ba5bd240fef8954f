"""What every open document is: a state, its file, its undo stack, saved or not.

:class:`SheetDocument` and :class:`EncounterDocument` are this with their own state and the
signal that says what changed in it. Every change is one :class:`ReplaceStateCommand`;
``QUndoStack.setClean()`` after a save drives the title's ``*`` and the close prompt.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from m3desk.ui.documents.commands import MERGE_WINDOW_SECONDS, ReplaceStateCommand

__all__ = ["SnapshotDocument"]


class SnapshotDocument(QObject):
    """Signals:
    title_changed(str): :meth:`title` changed (the name, or saved/unsaved).
    modified_changed(bool): the document now differs (True) or not from its file.
    """

    title_changed = Signal(str)
    modified_changed = Signal(bool)

    def __init__(self, path: Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = path
        self._merge_generation = 0
        self.undo_stack = QUndoStack(self)
        self._shown_title = ""
        # The stack updates its index and clean state after a command's redo() has run, so
        # the title is re-checked on those signals rather than from inside the command.
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.undo_stack.indexChanged.connect(self._update_title)

    # -- to be given by each kind of document -------------------------------------------------

    @property
    def state(self) -> Any:
        raise NotImplementedError

    def name(self) -> str:
        raise NotImplementedError

    def apply_command_state(self, state: Any) -> None:
        """Make ``state`` current and announce what changed (only the command calls this)."""
        raise NotImplementedError

    # -- shared ------------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def title(self) -> str:
        return self.name() + (" *" if self.modified else "")

    @property
    def merge_generation(self) -> int:
        return self._merge_generation

    def break_merge(self) -> None:
        """End the current typing burst: the next edit starts a new undo step."""
        self._merge_generation += 1

    def push_state(
        self,
        new_state: Any,
        text: str,
        *,
        merge_key: str | None = None,
        merge_window: float | None = MERGE_WINDOW_SECONDS,
    ) -> bool:
        """Push one undoable change to ``new_state``; False (nothing pushed) if equal."""
        if new_state == self.state:
            return False
        self.undo_stack.push(
            ReplaceStateCommand(
                self, self.state, new_state, text, merge_key=merge_key, merge_window=merge_window
            )
        )
        return True

    def run_start(self, merge_key: str) -> Any | None:
        """The state before the run of edits with ``merge_key`` that the next such edit
        would join (the top undo step's before), or None when it would start a new step."""
        index = self.undo_stack.index()
        top = self.undo_stack.command(index - 1) if index > 0 else None
        if (
            isinstance(top, ReplaceStateCommand)
            and top.after is self.state
            and top.would_absorb(merge_key, self._merge_generation, time.monotonic())
        ):
            return top.before
        return None

    def mark_saved(self, path: Path | None = None) -> None:
        if path is not None:
            self.path = path
        self.undo_stack.setClean()
        self.break_merge()

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)
        self._update_title()

    def _update_title(self, *_args: object) -> None:
        title = self.title()
        if title != self._shown_title:
            self._shown_title = title
            self.title_changed.emit(title)
