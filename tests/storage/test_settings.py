"""Settings never stop the app from starting, and never destroy a newer version's file."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from m3desk.storage import AppPaths, AppSettings, SaveError, load_settings, safejson, save_settings


@pytest.fixture
def paths(tmp_path: Path) -> AppPaths:
    return AppPaths.from_environment({"M3DESK_HOME": str(tmp_path / "home")})


def test_missing_file_gives_defaults_without_warning(paths: AppPaths) -> None:
    settings, warning = load_settings(paths)

    assert settings == AppSettings()
    assert warning is None
    assert settings.autosave_seconds == 5 and settings.theme == "system"


def test_save_then_load_round_trips(paths: AppPaths) -> None:
    settings = AppSettings(
        theme="dark",
        autosave_seconds=30,
        window_geometry=base64.b64encode(b"\x01\xd9\xd0\xcb geometry").decode(),
        table_rules={"toy": {"critical_on": [19, 20], "house": {"flanking": True}}},
    )
    settings.add_recent("/campaign/aria.m3h")

    save_settings(paths, settings)
    loaded, warning = load_settings(paths)

    assert warning is None
    assert loaded == settings
    assert json.loads(paths.settings_file.read_text())["schema_version"] == 2


def test_file_names_that_are_not_utf8_survive_a_round_trip(paths: AppPaths) -> None:
    settings = AppSettings(recent_files=[os.fsdecode(b"/maps/caf\xe9.m3h")])

    save_settings(paths, settings)

    assert load_settings(paths) == (settings, None)


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\x01\x02 binary junk",
        b'{"theme": "dark", ',
        b"[1, 2, 3]",
        b'{"theme": "neon"}',
        b'{"autosave_seconds": 0}',
        b'{"autosave_seconds": 601}',
        b'{"window_geometry": "not base64!"}',
        b'{"schema_version": "one"}',
        b"[" * 10_000,
    ],
)
def test_damaged_file_is_kept_as_bak_and_defaults_are_used(paths: AppPaths, content: bytes) -> None:
    paths.ensure()
    paths.settings_file.write_bytes(content)

    settings, warning = load_settings(paths)

    backup = paths.config_dir / "settings.json.bak"
    assert settings == AppSettings()
    assert warning is not None
    assert "settings.json.bak" in warning and "default" in warning
    assert backup.read_bytes() == content
    assert not paths.settings_file.exists()
    save_settings(paths, settings)  # saving works again afterwards
    assert load_settings(paths) == (settings, None)


def test_settings_from_a_newer_m3desk_are_left_alone(paths: AppPaths) -> None:
    paths.ensure()
    newer = b'{"schema_version": 7, "theme": "dark", "hologram_mode": true}'
    paths.settings_file.write_bytes(newer)

    settings, warning = load_settings(paths)

    assert settings == AppSettings()
    assert warning is not None and "newer m3desk" in warning
    with pytest.raises(SaveError, match="newer m3desk"):
        save_settings(paths, AppSettings(theme="light"))
    assert paths.settings_file.read_bytes() == newer
    assert not (paths.config_dir / "settings.json.bak").exists()


def test_unreadable_file_is_not_renamed(paths: AppPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    paths.ensure()
    paths.settings_file.write_text('{"theme": "dark"}')

    def denied(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safejson, "open", denied, raising=False)
    settings, warning = load_settings(paths)

    assert settings == AppSettings()
    assert warning is not None and "permission denied" in warning
    assert paths.settings_file.exists()
    assert not (paths.config_dir / "settings.json.bak").exists()


def test_file_without_version_is_read_as_version_1(paths: AppPaths) -> None:
    paths.ensure()
    paths.settings_file.write_text('{"theme": "light", "unknown_key": 1}')

    settings, warning = load_settings(paths)

    assert warning is None
    assert settings.theme == "light"


def test_recent_files_most_recent_first_without_duplicates(tmp_path: Path) -> None:
    settings = AppSettings()
    for index in range(12):
        settings.add_recent(tmp_path / f"{index}.m3h")
    settings.add_recent(tmp_path / "5.m3h")

    assert len(settings.recent_files) == 10
    assert settings.recent_files[0] == str(tmp_path / "5.m3h")
    assert settings.recent_files[1] == str(tmp_path / "11.m3h")
    assert settings.recent_files.count(str(tmp_path / "5.m3h")) == 1


def test_recent_files_are_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    settings = AppSettings()

    settings.add_recent("aria.m3h")

    assert settings.recent_files == [str(tmp_path / "aria.m3h")]


def test_long_recent_list_in_the_file_is_trimmed(paths: AppPaths) -> None:
    paths.ensure()
    files = [f"/f{index}.m3h" for index in range(15)] + ["/f0.m3h", ""]
    paths.settings_file.write_text(json.dumps({"recent_files": files}))

    settings, warning = load_settings(paths)

    assert warning is None
    assert settings.recent_files == files[:10]


@pytest.mark.parametrize(("seconds", "ok"), [(1, True), (600, True), (0, False), (601, False)])
def test_autosave_interval_bounds(seconds: int, ok: bool) -> None:
    if ok:
        assert AppSettings(autosave_seconds=seconds).autosave_seconds == seconds
    else:
        with pytest.raises(ValidationError):
            AppSettings(autosave_seconds=seconds)


def test_assignments_are_validated_too() -> None:
    settings = AppSettings()

    with pytest.raises(ValidationError):
        settings.theme = "neon"  # type: ignore[assignment]


def test_save_failure_is_a_save_error_and_keeps_old_settings(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(paths, AppSettings(theme="dark"))
    before = paths.settings_file.read_bytes()

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError, match="the disk is full"):
        save_settings(paths, AppSettings(theme="light"))

    assert paths.settings_file.read_bytes() == before


def test_0_1_settings_keep_their_table_rules_as_monsters_and_magic(paths: AppPaths) -> None:
    """m3desk 0.1 stored one set of table rules; it knew only Monsters & Magic."""
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(
        json.dumps({"schema_version": 1, "theme": "dark", "table_rules": {"minor_cost": 4}})
    )
    loaded, warning = load_settings(paths)
    assert warning is None
    assert loaded.theme == "dark"
    assert loaded.table_rules == {"monsters_and_magic": {"minor_cost": 4}}


def test_each_game_keeps_its_own_table_rules(paths: AppPaths) -> None:
    from m3desk.core import registry
    from m3desk.storage.settings import options_of, set_options
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    system = registry.get("monsters_and_magic")
    settings = AppSettings(table_rules={"toy": {"natural_20_hits": False}})
    assert options_of(settings, system) == (TableRules(), None)
    set_options(settings, system, TableRules.book_example())
    save_settings(paths, settings)
    loaded, _ = load_settings(paths)
    assert options_of(loaded, system) == (TableRules.book_example(), None)
    assert loaded.table_rules["toy"] == {"natural_20_hits": False}


def test_saving_unchanged_settings_leaves_the_file_alone(paths: AppPaths) -> None:
    """Closing a window that was not moved saves the same settings: no rewrite, and so no
    wait for the disk at every exit; a change is written as before."""
    settings = AppSettings(theme="dark")
    save_settings(paths, settings)
    written = os.stat(paths.settings_file)

    save_settings(paths, settings)
    assert os.stat(paths.settings_file).st_ino == written.st_ino  # not replaced

    settings.theme = "light"
    save_settings(paths, settings)
    assert load_settings(paths)[0].theme == "light"
