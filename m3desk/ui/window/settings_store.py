"""The settings of this run, written back whenever something the user chose changes.

Settings are written at once (theme, recent files) rather than only at exit, so
a crash does not forget them. A failed write is logged and reported once in the
status bar, never in a dialog: settings are a convenience, not the user's work.
"""

from __future__ import annotations

import base64
import logging
import os
from pathlib import Path

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from m3desk.rules.table_rules import STRICT, TableRules
from m3desk.storage.errors import SaveError
from m3desk.storage.paths import AppPaths
from m3desk.storage.settings import AppSettings, save_settings

__all__ = ["SettingsStore"]

_log = logging.getLogger(__name__)


class SettingsStore(QObject):
    """Holds :class:`AppSettings` for the window and saves them on change."""

    recent_changed = Signal()
    save_failed = Signal(str)

    def __init__(self, paths: AppPaths, settings: AppSettings,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.paths = paths
        self.settings = settings
        self._failure_reported = False

    def save(self) -> bool:
        """Write the settings file; on failure tell the window once and carry on."""
        try:
            save_settings(self.paths, self.settings)
        except SaveError as exc:
            _log.warning("settings not saved: %s", exc.message)
            if not self._failure_reported:
                self._failure_reported = True
                self.save_failed.emit(exc.message)
            return False
        return True

    # -- recent files -----------------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        return [Path(entry) for entry in self.settings.recent_files]

    def add_recent(self, path: Path) -> None:
        self.settings.add_recent(path)
        self.save()
        self.recent_changed.emit()

    def remove_recent(self, paths: list[Path]) -> None:
        gone = {os.path.normcase(os.path.abspath(p)) for p in paths}
        self.settings.recent_files = [
            entry for entry in self.settings.recent_files
            if os.path.normcase(os.path.abspath(entry)) not in gone
        ]
        self.save()
        self.recent_changed.emit()

    def prune_missing_recent(self) -> list[Path]:
        """Drop recent files that no longer exist; returns what was dropped."""
        missing = [path for path in self.recent_files() if not path.is_file()]
        if missing:
            self.remove_recent(missing)
        return missing

    # -- other choices ----------------------------------------------------------------------

    @property
    def theme(self) -> str:
        return self.settings.theme

    def set_theme(self, theme: str) -> None:
        if theme != self.settings.theme:
            self.settings.theme = theme  # type: ignore[assignment]  # validated by pydantic
            self.save()

    @property
    def autosave_seconds(self) -> int:
        return self.settings.autosave_seconds

    def table_rules(self) -> TableRules:
        """The table's house rules; damaged stored rules fall back to the book's."""
        if not self.settings.table_rules:
            return STRICT
        try:
            return TableRules.model_validate(self.settings.table_rules)
        except ValidationError as exc:
            _log.warning("stored table rules ignored: %s", exc)
            return STRICT

    def remember_window(self, geometry: bytes, state: bytes) -> None:
        """Qt's saveGeometry()/saveState() bytes, stored base64 (settings stay Qt-free)."""
        self.settings.window_geometry = base64.b64encode(geometry).decode("ascii")
        self.settings.window_state = base64.b64encode(state).decode("ascii")
        self.save()

    def window_bytes(self) -> tuple[bytes, bytes]:
        return (base64.b64decode(self.settings.window_geometry),
                base64.b64decode(self.settings.window_state))
