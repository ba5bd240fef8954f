"""Test set-up: headless Qt, and every m3desk folder pointed at a temporary directory."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Never touch a real profile: every user folder lives under a fresh temporary root."""
    home = tmp_path_factory.mktemp("m3desk-home")
    monkeypatch.setenv("M3DESK_HOME", str(home))
    for name in ("M3DESK_DATA_DIR", "M3DESK_CONFIG_DIR", "M3DESK_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home
