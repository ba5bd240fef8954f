"""Start-up against ../shared/bench/hello_pyd.py, measured in the same run.

The figures that matter are ratios (target ≤ 1.5×): whole-process wall times on the same
machine, minutes apart, so machine speed cancels out. Two are reported:

- *first window*: m3desk's real start path (settings, theme, main window shown, library
  scanned, the first event-loop turn) and then quit — the same work hello_pyd.py does with
  its one label;
- *first window and what follows*: the same, quitting only after the start-up work queued
  behind the first window (the plain-text guard, recovery, listening for later launches), so
  nothing moved out of the first turn goes unmeasured;
- *self-test*: ``m3desk --self-test``, which also opens every sample sheet, runs an
  encounter and exports a PDF, so it measures start-up plus a tour of every view.

Both run as an installed m3desk runs: with its modules' bytecode cached (a wheel install and
the frozen bundle ship it). The cache goes to a temporary folder (``PYTHONPYCACHEPREFIX``),
filled by the warm-up rounds, so the source tree stays clean even where the environment sets
``PYTHONDONTWRITEBYTECODE``. The first window compiled from source every time is reported
beside it, as a figure.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

HELLO = Path(__file__).resolve().parents[3] / "shared" / "bench" / "hello_pyd.py"
RUNS = 15
"""Pairs measured after two warm-up rounds: a shared machine needs that many for a steady median."""
FIRST_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import m3desk.ui.app as app

exec_ = QApplication.exec
def exec_then_quit(*_args):
    QTimer.singleShot(0, QApplication.quit)  # after the start-up work queued before exec()
    return exec_()
QApplication.exec = staticmethod(exec_then_quit)
sys.exit(app.run([]))
"""

SETTLED = FIRST_WINDOW.replace(
    "QTimer.singleShot(0, QApplication.quit)",
    # Three turns: the first window's, the guard's and recovery's, the listening's.
    "QTimer.singleShot(0, lambda: QTimer.singleShot(0, lambda: QTimer.singleShot(\n"
    "        0, QApplication.quit)))",
)

TARGET = 1.48
"""Issue 21: start-up to the first shown window no slower than the 1.48x hello_pyd of
issue 13's end (the aim is 1.2x)."""
pytestmark = pytest.mark.skipif(not HELLO.exists(), reason="shared/bench/hello_pyd.py missing")


def _run(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True, timeout=120)
    return time.perf_counter() - start


def _paired_medians(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """hello_pyd and m3desk run in turns, so a neighbour's load falls on both alike."""
    hello, app = [], []
    for index in range(RUNS + 2):
        pair = (_run([sys.executable, str(HELLO)], env), _run(args, env))
        if index >= 2:  # two warm-up rounds
            hello.append(pair[0])
            app.append(pair[1])
    return statistics.median(hello), statistics.median(app)


def _ratio(
    benchmark,
    label: str,
    args: list[str],
    tmp_path: Path,
    target: float | None,
    *,
    bytecode: bool = True,
) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    if bytecode:  # as installed: each module compiled once, by the warm-up rounds
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    baseline, app = benchmark.pedantic(_paired_medians, args=(args, env), rounds=1, iterations=1)
    ratio = app / baseline
    benchmark.extra_info.update(
        baseline_s=round(baseline, 4), app_s=round(app, 4), ratio=round(ratio, 3)
    )
    goal = f" (target <= {target}x)" if target is not None else ""
    print(
        f"\n{label}: hello_pyd {baseline * 1000:.0f} ms, m3desk {app * 1000:.0f} ms, "
        f"ratio {ratio:.2f}x{goal}"
    )
    return ratio


def test_first_window_ratio_against_hello_pyd(benchmark, tmp_path) -> None:
    ratio = _ratio(
        benchmark, "first window", [sys.executable, "-c", FIRST_WINDOW], tmp_path, TARGET
    )
    assert ratio <= TARGET


def test_first_window_and_what_follows_against_hello_pyd(benchmark, tmp_path) -> None:
    # A figure: the first window plus the start-up work queued behind it.
    assert SETTLED != FIRST_WINDOW
    _ratio(
        benchmark, "first window and what follows", [sys.executable, "-c", SETTLED], tmp_path, None
    )


def test_first_window_compiled_from_source_against_hello_pyd(benchmark, tmp_path) -> None:
    # A figure: what a checkout that never keeps bytecode pays to compile m3desk each start.
    _ratio(
        benchmark,
        "first window, compiled from source",
        [sys.executable, "-c", FIRST_WINDOW],
        tmp_path,
        None,
        bytecode=False,
    )


def test_self_test_ratio_against_hello_pyd(benchmark, tmp_path) -> None:
    # A figure, not a target: the self-test opens every sample of four games.
    _ratio(benchmark, "self-test", [sys.executable, "-m", "m3desk", "--self-test"], tmp_path, None)
