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
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from m3desk.core import registry
from m3desk.storage.errors import SaveError
from m3desk.storage.paths import AppPaths
from m3desk.storage.settings import AppSettings, options_of, save_settings, set_options

if TYPE_CHECKING:
    from pydantic import BaseModel

    from m3desk.core.system import GameSystem

__all__ = ["SettingsStore"]

_log = logging.getLogger(__name__)


def rules_system() -> str:
    """The game whose table rules Edit → Table Rules… edits: the first installed (the one
    files from before games were named belong to); the others are under Edit → Table Rules
    of Other Games. Known without loading a game."""
    return registry.ids()[0]


class SettingsStore(QObject):
    """Holds :class:`AppSettings` for the window and saves them on change."""

    recent_changed = Signal()
    save_failed = Signal(str)

    def __init__(
        self, paths: AppPaths, settings: AppSettings, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.paths = paths
        self.settings = settings
        self._failure_reported = False
        self._rules: BaseModel | None = None
        self._rules_problem: str | None = None

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

    def set_board_lanes(self, lanes: bool) -> None:
        """Remember how encounter boards are shown (lanes or rings) for the next one."""
        if self.settings.board_lanes != lanes:
            self.settings.board_lanes = lanes
            self.save()

    def set_encounter_library_width(self, width: int) -> None:
        """Remember how wide the GM wants the library beside an encounter."""
        width = max(0, min(int(width), 10_000))
        if self.settings.encounter_library_width != width:
            self.settings.encounter_library_width = width
            self.save()

    def set_encounter_map_share(self, share: float) -> None:
        """Remember the share of an encounter tab the GM gives the map (distance games)."""
        share = round(max(0.0, min(float(share), 1.0)), 3)
        if self.settings.encounter_map_share != share:
            self.settings.encounter_map_share = share
            self.save()

    def set_encounter_split(self, name: str, share: float) -> None:
        """Remember a splitter of the encounter tab as the GM dragged it ("log", "board")."""
        share = round(max(0.0, min(float(share), 1.0)), 3)
        if self.settings.encounter_splits.get(name) != share:
            self.settings.encounter_splits = {**self.settings.encounter_splits, name: share}
            self.save()

    def player_centre(self) -> tuple[str, str]:
        """What the player view centres on ("party", "acting" or "fixed") and, when fixed,
        on whom (a combatant's name)."""
        return self.settings.player_view_centre, self.settings.player_view_fixed

    def set_player_centre(self, mode: str, fixed: str = "") -> None:
        if (mode, fixed) != self.player_centre():
            self.settings.player_view_centre = mode  # type: ignore[assignment]  # validated
            self.settings.player_view_fixed = fixed[:200]
            self.save()

    def export_folder(self, kind: str) -> Path:
        """Where an export of ``kind`` ("pdf", "exchange") starts: the folder the last one
        went to while it exists, else the user's documents folder (never the app's own data
        folder, nor a bare home)."""
        from m3desk.ui.file_places import documents_folder

        last = self.settings.export_folders.get(kind, "")
        if last and Path(last).is_dir():
            return Path(last)
        return documents_folder()

    def remember_export_folder(self, kind: str, folder: Path) -> None:
        text = str(folder)
        if self.settings.export_folders.get(kind) != text and len(text) < 4096:
            self.settings.export_folders = {**self.settings.export_folders, kind: text}
            self.save()

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
            entry
            for entry in self.settings.recent_files
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

    def table_rules(self) -> BaseModel:
        """The table's default house rules (Edit → Table Rules…).

        Stored as the options' ``model_dump(mode="json")``; rules that no longer validate (a
        hand-edited file, a newer m3desk's options) give the strict rules, with a warning
        logged and kept in :meth:`table_rules_problem` for the window to show.
        """
        if self._rules is not None:
            return self._rules
        options, self._rules_problem = options_of(self.settings, registry.get(rules_system()))
        self._rules = options
        if self._rules_problem:
            _log.warning("stored table rules ignored: %s", self._rules_problem)
        return self._rules

    def table_rules_problem(self) -> str | None:
        """Why the stored table rules were not used, or None when they were (or none stored)."""
        if self._rules is None and not self.settings.table_rules.get(rules_system()):
            return None  # the defaults: no need to load the game at start-up to know that
        self.table_rules()
        return self._rules_problem

    def set_table_rules(self, rules: BaseModel) -> bool:
        """Make ``rules`` the default for new sheets and encounters; False if not saved.

        They are used for the rest of this run either way.
        """
        self._rules, self._rules_problem = rules, None
        set_options(self.settings, registry.get(rules_system()), rules)
        return self.save()

    def options_for(self, system: GameSystem) -> BaseModel:
        """Another game's table rules as the table set them (its defaults if unreadable)."""
        options, problem = options_of(self.settings, system)
        if problem:
            _log.warning("stored table rules of %s ignored: %s", system.id, problem)
        return options

    def set_options_for(self, system: GameSystem, options: BaseModel) -> bool:
        """Make ``options`` the default of ``system``; False if the settings were not saved."""
        set_options(self.settings, system, options)
        return self.save()

    def remember_window(self, geometry: bytes, state: bytes) -> None:
        """Qt's saveGeometry()/saveState() bytes, stored base64 (settings stay Qt-free)."""
        self.settings.window_geometry = base64.b64encode(geometry).decode("ascii")
        self.settings.window_state = base64.b64encode(state).decode("ascii")
        self.save()

    def window_bytes(self) -> tuple[bytes, bytes]:
        return (
            base64.b64decode(self.settings.window_geometry),
            base64.b64decode(self.settings.window_state),
        )
