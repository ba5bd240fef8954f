"""Where m3desk keeps things on disk, and how a user (or a test) moves them.

Three roots, following platformdirs conventions:

* ``data_dir``   – the user's library (characters, monsters, encounters);
* ``config_dir`` – settings;
* ``state_dir``  – crash-recovery snapshots and lock files, which are not
  user files and may be wiped without losing work that was saved;
* ``cache_dir``  – copies made only to save time (a large map picture read smaller),
  which may be wiped at any moment.

Every root can be moved by an environment variable so that portable installs,
odd setups and above all the test-suite never touch a real profile:
``M3DESK_HOME`` moves all three (``HOME/data``, ``HOME/config``,
``HOME/state``, ``HOME/cache``) and ``M3DESK_DATA_DIR`` / ``M3DESK_CONFIG_DIR`` /
``M3DESK_STATE_DIR`` / ``M3DESK_CACHE_DIR`` move one each and win over ``M3DESK_HOME``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import platformdirs

from m3desk import APP_NAME

__all__ = [
    "ENV_CACHE_DIR",
    "ENV_CONFIG_DIR",
    "ENV_DATA_DIR",
    "ENV_HOME",
    "ENV_STATE_DIR",
    "AppPaths",
    "LibraryKind",
]

ENV_HOME = "M3DESK_HOME"
ENV_DATA_DIR = "M3DESK_DATA_DIR"
ENV_CONFIG_DIR = "M3DESK_CONFIG_DIR"
ENV_STATE_DIR = "M3DESK_STATE_DIR"
ENV_CACHE_DIR = "M3DESK_CACHE_DIR"

LibraryKind = Literal["characters", "monsters", "encounters"]
_LIBRARY_KINDS: tuple[LibraryKind, ...] = ("characters", "monsters", "encounters")


def _env_path(env: Mapping[str, str], name: str) -> Path | None:
    """Read a folder from ``env``; empty values count as unset.

    The result is made absolute at once so a later ``chdir`` cannot silently
    move the user's library.
    """
    value = env.get(name, "").strip()
    if not value:
        return None
    return Path(os.path.abspath(os.path.expanduser(value)))


@dataclass(frozen=True)
class AppPaths:
    """The folders m3desk writes to. Nothing is created until asked."""

    data_dir: Path
    config_dir: Path
    state_dir: Path
    cache_dir: Path | None = None
    """None: nothing is cached (paths built by hand, as some tests do)."""

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> AppPaths:
        """Build the paths from ``env`` (default: ``os.environ``) and platformdirs.

        ``env`` is a parameter, not a global read, so tests can pass a plain
        dict and never depend on the machine they run on.
        """
        environ: Mapping[str, str] = os.environ if env is None else env
        home = _env_path(environ, ENV_HOME)
        if home is not None:
            data, config, state = home / "data", home / "config", home / "state"
            cache = home / "cache"
        else:
            dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False, roaming=False)
            data = Path(dirs.user_data_dir)
            config = Path(dirs.user_config_dir)
            state = Path(dirs.user_state_dir)
            cache = Path(dirs.user_cache_dir)
        return cls(
            data_dir=_env_path(environ, ENV_DATA_DIR) or data,
            config_dir=_env_path(environ, ENV_CONFIG_DIR) or config,
            state_dir=_env_path(environ, ENV_STATE_DIR) or state,
            cache_dir=_env_path(environ, ENV_CACHE_DIR) or cache,
        )

    def ensure(self) -> None:
        """Create the three roots (not the library subfolders, nor the cache) if missing."""
        for folder in (self.data_dir, self.config_dir, self.state_dir):
            folder.mkdir(parents=True, exist_ok=True)

    def library_dir(self, kind: LibraryKind, *, create: bool = True) -> Path:
        """Return the library subfolder for ``kind``, creating it on demand.

        Subfolders are created lazily so a user who never saves a monster does
        not get an empty ``monsters/`` folder.
        """
        if kind not in _LIBRARY_KINDS:
            raise ValueError(f"unknown library folder {kind!r}")
        folder = self.data_dir / kind
        if create:
            folder.mkdir(parents=True, exist_ok=True)
        return folder

    @property
    def characters_dir(self) -> Path:
        """``data_dir/characters`` (not created by reading this)."""
        return self.data_dir / "characters"

    @property
    def monsters_dir(self) -> Path:
        """``data_dir/monsters`` (not created by reading this)."""
        return self.data_dir / "monsters"

    @property
    def encounters_dir(self) -> Path:
        """``data_dir/encounters`` (not created by reading this)."""
        return self.data_dir / "encounters"

    @property
    def settings_file(self) -> Path:
        """The settings JSON file inside ``config_dir``."""
        return self.config_dir / "settings.json"
