"""``m3desk --self-test`` starts the whole app headless and exits 0 with one line."""

from __future__ import annotations

import os
import subprocess
import sys


def test_self_test_starts_the_app_and_exits_zero(tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "m3desk", "--self-test"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1 and "self-test ok" in lines[0], result.stdout


def test_self_test_without_a_display_runs_headless_by_itself_with_one_line(tmp_path) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env["M3DESK_HOME"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "m3desk", "--self-test"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    output = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(output) == 1 and "self-test ok" in output[0], output
