"""Run a script in a fresh Qt process that sees one real screen (offscreen platform).

The screens users have: 1366×768 at 100 % (728 logical pixels tall once the panel is
taken) and 1600×1000 at 150 % (1067×627 logical pixels). Qt's offscreen platform is told
the screen's size in logical pixels and its scale through a configuration file; a screen is
fixed when the application starts, hence a process per screen. The script prints one JSON
line last, which is what :func:`run_on_screen` returns.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "SCREENS", "run_on_screen"]

SCREENS = {"1366x768 at 100 %": (1366, 728, 1.0), "1600x1000 at 150 %": (1067, 627, 1.5)}
ROOT = Path(__file__).resolve().parents[3]
"""The worktree the tests run from: the script imports m3desk (and tests helpers) from it."""


def run_on_screen(tmp_path: Path, screen: str, script: str, *, timeout: int = 180) -> Any:
    """Run ``script`` on ``screen`` (a key of :data:`SCREENS`) with a fresh M3DESK_HOME."""
    width, height, scale = SCREENS[screen]
    config = tmp_path / "screen.json"
    config.write_text(
        json.dumps(
            {
                "screens": [
                    {
                        "name": "Screen",
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": height,
                        "logicalDpi": 96,
                        "logicalBaseDpi": 96,
                        "dpr": scale,
                    }
                ]
            }
        ),
        encoding="utf-8",
    )
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "M3DESK_HOME": str(home),
        "PYTHONPATH": str(ROOT),
    }
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return json.loads(result.stdout.strip().splitlines()[-1])
