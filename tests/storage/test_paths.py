"""Every folder m3desk writes to can be moved by an environment variable."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from m3desk.storage import AppPaths


def test_home_moves_all_three_folders_under_one_root(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path)})

    assert paths.data_dir == tmp_path / "data"
    assert paths.config_dir == tmp_path / "config"
    assert paths.state_dir == tmp_path / "state"


def test_individual_variables_win_over_home(tmp_path: Path) -> None:
    env = {
        "M3DESK_HOME": str(tmp_path / "home"),
        "M3DESK_DATA_DIR": str(tmp_path / "library"),
        "M3DESK_STATE_DIR": str(tmp_path / "scratch"),
    }
    paths = AppPaths.from_environment(env)

    assert paths.data_dir == tmp_path / "library"
    assert paths.config_dir == tmp_path / "home" / "config"
    assert paths.state_dir == tmp_path / "scratch"


def test_each_folder_can_be_moved_alone(tmp_path: Path) -> None:
    env = {
        "M3DESK_DATA_DIR": str(tmp_path / "d"),
        "M3DESK_CONFIG_DIR": str(tmp_path / "c"),
        "M3DESK_STATE_DIR": str(tmp_path / "s"),
    }
    paths = AppPaths.from_environment(env)

    assert (paths.data_dir, paths.config_dir, paths.state_dir) == (
        tmp_path / "d",
        tmp_path / "c",
        tmp_path / "s",
    )


def test_without_overrides_platform_folders_named_after_the_app_are_used() -> None:
    paths = AppPaths.from_environment({})

    for folder in (paths.data_dir, paths.config_dir, paths.state_dir):
        assert folder.is_absolute()
        assert "m3desk" in folder.parts


def test_empty_variables_count_as_unset(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path), "M3DESK_DATA_DIR": "  "})

    assert paths.data_dir == tmp_path / "data"


def test_relative_and_tilde_paths_become_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("USERPROFILE", str(tmp_path / "user"))

    paths = AppPaths.from_environment({"M3DESK_HOME": "portable", "M3DESK_DATA_DIR": "~/sheets"})

    assert paths.config_dir == tmp_path / "portable" / "config"
    assert paths.data_dir == tmp_path / "user" / "sheets"


def test_default_reads_the_process_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("M3DESK_HOME", str(tmp_path / "from-env"))

    assert AppPaths.from_environment().state_dir == tmp_path / "from-env" / "state"


def test_nothing_is_created_until_ensure(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path / "root")})
    assert not (tmp_path / "root").exists()

    paths.ensure()

    assert paths.data_dir.is_dir() and paths.config_dir.is_dir() and paths.state_dir.is_dir()
    assert not paths.characters_dir.exists()  # library subfolders only on demand


def test_library_subfolders_are_created_on_demand(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path)})

    monsters = paths.library_dir("monsters")

    assert monsters == paths.monsters_dir == tmp_path / "data" / "monsters"
    assert monsters.is_dir()
    assert not paths.encounters_dir.exists()
    assert paths.library_dir("encounters", create=False) == paths.encounters_dir
    assert not paths.encounters_dir.exists()
    with pytest.raises(ValueError):
        paths.library_dir("spells")  # type: ignore[arg-type]


def test_paths_are_immutable(tmp_path: Path) -> None:
    paths = AppPaths.from_environment({"M3DESK_HOME": str(tmp_path)})

    with pytest.raises(dataclasses.FrozenInstanceError):
        paths.data_dir = tmp_path  # type: ignore[misc]
    assert paths.settings_file == tmp_path / "config" / "settings.json"


def test_the_cache_folder_moves_with_home_or_alone(tmp_path: Path) -> None:
    """The cache (a large map picture's smaller copy) follows the same rules."""
    assert AppPaths.from_environment({"M3DESK_HOME": str(tmp_path)}).cache_dir == (
        tmp_path / "cache"
    )
    env = {"M3DESK_HOME": str(tmp_path), "M3DESK_CACHE_DIR": str(tmp_path / "elsewhere")}
    assert AppPaths.from_environment(env).cache_dir == tmp_path / "elsewhere"
    platform = AppPaths.from_environment({}).cache_dir
    assert platform is not None and platform.is_absolute() and "m3desk" in platform.parts
    assert AppPaths(tmp_path / "d", tmp_path / "c", tmp_path / "s").cache_dir is None
