"""Application settings: a small versioned JSON file in the config folder.

Settings are a convenience, so loading them never fails: a missing file gives
defaults; a damaged one is moved aside to ``settings.json.bak`` (kept, so
nothing is lost and it can be sent with a bug report) and defaults are used,
with a warning for the UI to show. A file written by a newer m3desk is left
exactly as it is, and :func:`save_settings` refuses to overwrite it, so
trying an old version never wipes the settings of the new one.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import logging
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from m3desk.storage.atomic import atomic_write_bytes
from m3desk.storage.errors import DocumentLoadError, SaveError
from m3desk.storage.migrations import run_migrations
from m3desk.storage.paths import AppPaths
from m3desk.storage.registry import Migration
from m3desk.storage.safejson import decode_json_bytes, read_file_capped
from m3desk.storage.validation import summarize_validation_error

if TYPE_CHECKING:
    from m3desk.core.system import GameSystem

__all__ = [
    "MAX_RECENT_FILES",
    "SETTINGS_MIGRATIONS",
    "SETTINGS_SCHEMA_VERSION",
    "AppSettings",
    "load_settings",
    "options_of",
    "save_settings",
    "set_options",
]

_log = logging.getLogger(__name__)

SETTINGS_SCHEMA_VERSION = 2


def _table_rules_per_system(raw: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: the one set of table rules (m3desk 0.1 knew one game) becomes that game's."""
    upgraded = dict(raw)
    rules = upgraded.get("table_rules")
    upgraded["table_rules"] = {UNNAMED_SYSTEM: rules} if rules else {}
    return upgraded


UNNAMED_SYSTEM = "monsters_and_magic"
"""The game m3desk 0.1's settings were for (it knew no other)."""
SETTINGS_MIGRATIONS: Mapping[int, Migration] = {1: _table_rules_per_system}
"""``SETTINGS_MIGRATIONS[n]`` upgrades a settings dict from version n to n+1."""

MAX_RECENT_FILES = 10
_MAX_SETTINGS_BYTES = 1024 * 1024
_SETTINGS_FILE = "an m3desk settings file"
_MAX_QT_STATE_CHARS = 64 * 1024
_BACKUP_NAME = "settings.json.bak"

Theme = Literal["system", "light", "dark"]


def _same_file_key(path: str) -> str:
    return os.path.normcase(path)


class AppSettings(BaseModel):
    """Everything m3desk remembers between runs, except documents.

    ``window_geometry``/``window_state`` hold Qt's ``saveGeometry()``/
    ``saveState()`` bytes in base64, so this module stays Qt-free.
    ``table_rules`` holds each game system's options by system id, stored opaquely: the
    system's options model reads them (:func:`options_of`).
    """

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    schema_version: int = SETTINGS_SCHEMA_VERSION
    recent_files: list[str] = Field(default_factory=list)
    window_geometry: str = ""
    window_state: str = ""
    theme: Theme = "system"
    autosave_seconds: int = Field(default=5, ge=1, le=600)
    table_rules: dict[str, dict[str, Any]] = Field(default_factory=dict)
    board_lanes: bool = True
    """The encounter tab's board shows lanes (False: rings); the last choice sticks."""
    encounter_library_width: int = Field(default=0, ge=0, le=10_000)
    """The library's width beside an encounter tab (0: narrow, names only); the GM's drag
    sticks. Beside a sheet the library keeps its own width."""
    encounter_map_share: float = Field(default=0.0, ge=0.0, le=1.0)
    """The share of a distance game's encounter tab the map takes beside the tracker and
    log (0: the default share); the GM's drag of the splitter sticks."""
    encounter_splits: dict[
        Annotated[str, Field(max_length=40)], Annotated[float, Field(ge=0.0, le=1.0)]
    ] = Field(default_factory=dict, max_length=10)
    """The encounter tab's other splitters as the GM last dragged them, by name: "log"
    (the log's share of the height under the tracker), "board" (the board's share beside
    the log, in a game of bands)."""
    player_view_centre: Literal["party", "acting", "fixed"] = "party"
    """What the player view's board centres on: the party (a player character, never a
    monster), whoever acts, or one combatant the GM fixed."""
    player_view_fixed: str = Field(default="", max_length=200)
    """The name of the combatant the player view stays on when ``player_view_centre`` is
    "fixed"."""
    export_folders: dict[str, str] = Field(default_factory=dict, max_length=20)
    """The folder each kind of export ("pdf", "exchange") was last written to: the next one
    starts there (none yet: the user's documents folder)."""

    @field_validator("recent_files")
    @classmethod
    def _tidy_recent(cls, value: list[str]) -> list[str]:
        """Most recent first, no duplicates or blanks, at most MAX_RECENT_FILES."""
        seen: set[str] = set()
        tidy: list[str] = []
        for entry in value:
            key = _same_file_key(entry)
            if entry and key not in seen:
                seen.add(key)
                tidy.append(entry)
        return tidy[:MAX_RECENT_FILES]

    @field_validator("window_geometry", "window_state")
    @classmethod
    def _check_base64(cls, value: str) -> str:
        """Qt would choke on garbage here; catch it when the file is read."""
        if len(value) > _MAX_QT_STATE_CHARS:
            raise ValueError("is too long")
        try:
            base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValueError("is not valid base64") from exc
        return value

    def add_recent(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` (made absolute) at the top of the recent-files list."""
        entry = os.path.abspath(os.fspath(path))
        key = _same_file_key(entry)
        rest = [item for item in self.recent_files if _same_file_key(item) != key]
        self.recent_files = [entry, *rest]


def _backup_damaged(paths: AppPaths, detail: str) -> str:
    """Move the damaged settings file aside and word the warning for the user."""
    source = paths.settings_file
    backup = source.with_name(_BACKUP_NAME)
    try:
        os.replace(source, backup)
    except OSError as exc:
        _log.warning("could not move damaged settings %s aside: %s", source, exc)
        return (
            f"The settings file “{source}” is damaged, so m3desk started with default "
            f"settings.\nDetails: {detail}"
        )
    return (
        f"The settings file “{source}” was damaged, so m3desk started with default "
        f"settings. The damaged file was kept as “{backup}”.\nDetails: {detail}"
    )


def _newer_warning(paths: AppPaths, version: int) -> str:
    return (
        f"The settings file “{paths.settings_file}” was written by a newer m3desk "
        f"(settings version {version}; this version understands up to "
        f"{SETTINGS_SCHEMA_VERSION}). m3desk started with default settings and will not "
        "overwrite that file."
    )


def _file_version(raw: dict[str, Any]) -> int | None:
    """The file's schema version; a missing one counts as 1, a bad one as None."""
    version = raw.get("schema_version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return None
    return version


def load_settings(paths: AppPaths) -> tuple[AppSettings, str | None]:
    """Load settings; never raises. Returns (settings, warning for the UI or None)."""
    source = paths.settings_file
    try:
        os.stat(source)
    except FileNotFoundError:
        return AppSettings(), None
    except OSError as exc:
        return AppSettings(), f"The settings file “{source}” could not be read ({exc})."
    try:
        data = read_file_capped(source, _MAX_SETTINGS_BYTES, _SETTINGS_FILE)
    except DocumentLoadError as exc:
        if isinstance(exc.__cause__, OSError):  # unreadable, not damaged: leave it alone
            return AppSettings(), exc.message
        return AppSettings(), _backup_damaged(paths, exc.message)
    try:
        raw = decode_json_bytes(
            data,
            source=str(source),
            path=source,
            limit=_MAX_SETTINGS_BYTES,
            expected=_SETTINGS_FILE,
        )
        if not isinstance(raw, dict):
            return AppSettings(), _backup_damaged(paths, "it does not hold settings.")
        version = _file_version(raw)
        if version is None:
            return AppSettings(), _backup_damaged(paths, "its settings version is not valid.")
        if version > SETTINGS_SCHEMA_VERSION:
            return AppSettings(), _newer_warning(paths, version)
        if version < SETTINGS_SCHEMA_VERSION:
            raw = run_migrations(
                raw,
                from_version=version,
                to_version=SETTINGS_SCHEMA_VERSION,
                migrations=SETTINGS_MIGRATIONS,
                label="settings",
                source=str(source),
                path=source,
            )
        raw["schema_version"] = SETTINGS_SCHEMA_VERSION
        return AppSettings.model_validate(raw), None
    except DocumentLoadError as exc:
        return AppSettings(), _backup_damaged(paths, exc.message)
    except ValidationError as exc:
        return AppSettings(), _backup_damaged(paths, "; ".join(summarize_validation_error(exc)))


def _newer_version_on_disk(paths: AppPaths) -> int | None:
    try:
        raw = decode_json_bytes(
            read_file_capped(paths.settings_file, _MAX_SETTINGS_BYTES),
            source=str(paths.settings_file),
            path=paths.settings_file,
            limit=_MAX_SETTINGS_BYTES,
        )
    except DocumentLoadError:
        return None
    if not isinstance(raw, dict):
        return None
    version = _file_version(raw)
    return version if version is not None and version > SETTINGS_SCHEMA_VERSION else None


def save_settings(paths: AppPaths, settings: AppSettings) -> None:
    """Write settings atomically; raises SaveError.

    The file on disk is checked rather than a flag remembered from loading, so
    the rule holds even if a newer m3desk wrote the file while this one ran.
    """
    target = paths.settings_file
    newer = _newer_version_on_disk(paths)
    if newer is not None:
        raise SaveError(
            f"Could not save “{target}”: it was written by a newer m3desk (settings "
            f"version {newer}) and this version will not overwrite it.",
            target,
        )
    record = settings.model_dump(mode="json")
    record["schema_version"] = SETTINGS_SCHEMA_VERSION
    try:
        # ASCII-escaped so file names that are not valid UTF-8 survive the round trip.
        text = json.dumps(record, indent=2, ensure_ascii=True, allow_nan=False) + "\n"
    except ValueError as exc:
        raise SaveError(
            f"Could not save “{target}”: a setting holds a value that cannot be written ({exc}).",
            target,
        ) from exc
    data = text.encode("ascii")
    with contextlib.suppress(DocumentLoadError):
        if read_file_capped(target, _MAX_SETTINGS_BYTES) == data:
            return  # unchanged (closing a window left where it was): no write, no disk wait
    with contextlib.suppress(OSError):  # if this fails, the write below says why
        paths.config_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(target, data)


def options_of(settings: AppSettings, system: GameSystem) -> tuple[BaseModel, str | None]:
    """A game's table rules stored in the settings, and why they were not usable.

    Stored as the options model's JSON dump; options that no longer validate (a hand-edited
    file, a newer m3desk's options) give the system's defaults and a message.
    """
    stored = settings.table_rules.get(system.id)
    if not stored:
        return system.default_options(), None
    try:
        return system.options_model.model_validate(stored), None
    except ValidationError as exc:
        details = "; ".join(summarize_validation_error(exc))
        return system.default_options(), (
            f"The saved table rules for {system.name} could not be read, so its default "
            f"rules are used until you set them again (Edit → Table Rules…). "
            f"Details: {details}"
        )


def set_options(settings: AppSettings, system: GameSystem, options: BaseModel) -> None:
    """Make ``options`` the stored table rules of ``system``."""
    rules = dict(settings.table_rules)
    rules[system.id] = options.model_dump(mode="json")
    settings.table_rules = rules
