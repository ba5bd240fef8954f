"""Launching m3desk FILE while m3desk runs hands the file to the running window."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from m3desk.assets import sample_files
from m3desk.storage.paths import AppPaths
from m3desk.ui.single_instance import hand_over, server_name

ROOT = Path(__file__).resolve().parents[3]
RUN = "import sys, m3desk.ui.app as app; sys.exit(app.run(sys.argv[1:]))"


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "M3DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
            "PYTHONPATH": str(ROOT)}


def _recent(home: Path) -> list[str]:
    settings = AppPaths.from_environment({"M3DESK_HOME": str(home)}).settings_file
    try:
        return list(json.loads(settings.read_text()).get("recent_files", []))
    except (OSError, ValueError):
        return []


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX socket path is tested here")
def test_a_second_launch_hands_its_file_to_the_first_and_exits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    sheet = tmp_path / "felix.m3c"
    shutil.copyfile(next(p for p in sample_files("monsters_and_magic") if p.stem == "felix"), sheet)
    state_dir = AppPaths.from_environment({"M3DESK_HOME": str(home)}).state_dir
    first = subprocess.Popen([sys.executable, "-c", RUN], env=_env(home), cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not Path(server_name(state_dir)).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert Path(server_name(state_dir)).exists(), "the first window never listened"
        second = subprocess.run([sys.executable, "-c", RUN, str(sheet)], env=_env(home),
                                cwd=ROOT, capture_output=True, timeout=30)
        assert second.returncode == 0
        deadline = time.monotonic() + 10
        while str(sheet) not in _recent(home) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert str(sheet) in _recent(home)  # the running window opened it
        assert first.poll() is None  # and is still the one window
        # Another data folder is another instance: nothing is handed to this one.
        assert not hand_over(tmp_path / "elsewhere" / "state", [sheet])
    finally:
        first.terminate()
        first.wait(10)


def test_no_running_instance_means_this_launch_is_it(tmp_path: Path) -> None:
    assert not hand_over(tmp_path / "state", [])
