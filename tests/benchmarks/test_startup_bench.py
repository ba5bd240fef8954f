"""Start-up: ``m3desk --self-test`` against ../shared/bench/hello_pyd.py, in the same run.

The figure that matters is the ratio (target ≤ 1.5×): both are whole-process wall times on
the same machine, minutes apart, so machine speed cancels out.
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
RUNS = 9


def _median_wall(args: list[str], env: dict[str, str]) -> float:
    times = []
    for index in range(RUNS + 2):
        start = time.perf_counter()
        subprocess.run(args, env=env, check=True, capture_output=True, timeout=120)
        if index >= 2:  # two warm-up runs
            times.append(time.perf_counter() - start)
    return statistics.median(times)


@pytest.mark.skipif(not HELLO.exists(), reason="../shared/bench/hello_pyd.py is missing")
def test_startup_ratio_against_hello_pyd(benchmark, tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}
    baseline = _median_wall([sys.executable, str(HELLO)], env)
    app = benchmark.pedantic(
        _median_wall, args=([sys.executable, "-m", "m3desk", "--self-test"], env),
        rounds=1, iterations=1)
    ratio = app / baseline
    benchmark.extra_info.update(baseline_s=round(baseline, 4), app_s=round(app, 4),
                                ratio=round(ratio, 3))
    print(f"\nstart-up: hello_pyd {baseline * 1000:.0f} ms, m3desk --self-test "
          f"{app * 1000:.0f} ms, ratio {ratio:.2f}x (target <= 1.5x)")
