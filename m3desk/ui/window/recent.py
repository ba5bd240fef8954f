"""File → Open Recent, rebuilt from the settings each time it opens."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QWidget

from m3desk.ui.window.settings_store import SettingsStore

__all__ = ["RecentFilesMenu"]


class RecentFilesMenu(QMenu):
    """Up to ten recent files; files that vanished are pruned and the user is told so.

    The notice is a disabled line in the menu (and ``pruned`` for the status bar),
    not a dialog: opening a menu should never pop up a message box.
    """

    open_requested = Signal(Path)
    pruned = Signal(list)

    def __init__(self, store: SettingsStore, parent: QWidget | None = None) -> None:
        super().__init__("Open &Recent", parent)
        self.setObjectName("recent_menu")
        self._store = store
        self._last_pruned: list[Path] = []
        self.aboutToShow.connect(self.rebuild)

    def rebuild(self) -> None:
        missing = self._store.prune_missing_recent()
        if missing:
            self._last_pruned = missing
            self.pruned.emit(missing)
        self.clear()
        for number, path in enumerate(self._store.recent_files(), start=1):
            shown = path.name.replace("&", "&&")  # a literal & in a name is not a mnemonic
            label = f"&{number % 10} {shown}"
            action = self.addAction(label)
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_requested.emit(p))
        if not self._store.recent_files():
            self.addAction("No recent files").setEnabled(False)
        if self._last_pruned:
            self.addSeparator()
            names = ", ".join(path.name.replace("&", "&&") for path in self._last_pruned)
            note = self.addAction(f"Removed (no longer exists): {names}")
            note.setEnabled(False)
        self.addSeparator()
        clear = self.addAction("&Clear List")
        clear.setEnabled(bool(self._store.recent_files()))
        clear.triggered.connect(self._clear)

    def _clear(self) -> None:
        self._last_pruned = []
        self._store.remove_recent(self._store.recent_files())
