"""One open expedition: its state, undo stack and file.

The single mutation path for expeditions: the tab computes the next expedition with its
game's :class:`~m3desk.core.expedition_rules.ExplorationRules` and calls
:meth:`ExpeditionDocument.apply`, which pushes one
:class:`~m3desk.ui.documents.commands.ReplaceStateCommand`; ``expedition_changed`` then
tells the views to refresh.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from m3desk.core.expedition import Expedition
from m3desk.ui.documents.base import SnapshotDocument

__all__ = ["ExpeditionDocument"]


class ExpeditionDocument(SnapshotDocument):
    """An expedition being run.

    Signals:
        expedition_changed(): the expedition was replaced (a step, an undo, a redo).
        title_changed(str), modified_changed(bool): as for sheets.
    """

    expedition_changed = Signal()

    def __init__(
        self, expedition: Expedition, *, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(path, parent)
        self._expedition = expedition
        self._shown_title = self.title()

    @property
    def expedition(self) -> Expedition:
        return self._expedition

    @property
    def state(self) -> Expedition:
        return self._expedition

    def name(self) -> str:
        return self._expedition.name

    def apply(self, new_expedition: Expedition, text: str) -> bool:
        """Push one undoable change to ``new_expedition``; False (nothing pushed) if equal."""
        return self.push_state(new_expedition, text)

    def apply_command_state(self, expedition: Expedition) -> None:
        self._expedition = expedition
        self.expedition_changed.emit()
        self._update_title()
