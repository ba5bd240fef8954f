"""Measure the frozen m3desk against the two baselines the packaging is judged by.

    .venv/bin/python packaging/measure.py            # about 2 minutes on the reference box
    .venv/bin/python packaging/measure.py --ladder   # also: what each pruning step saves (+90 s)

(a) Size: m3desk's bundle vs a bare PySide6 window (hello.py from the performance note) frozen
    *the same way*: the same spec (packaging/m3desk.spec), hence the same excludes, Qt plugin and
    translation pruning, orphan-library removal and strip; only ``--script hello.py --name hello
    --no-app-data`` differ. Target: ratio <= 1.3.
(b) Start-up: ``m3desk --self-test`` frozen vs ``python -m m3desk --self-test``, whole-process wall
    time, median of 9 runs after 2 warm-ups, QT_QPA_PLATFORM=offscreen, frozen and unfrozen runs
    interleaved so that machine noise hits both alike. Target: ratio <= 1.2. The bare window is
    timed the same way, to show what freezing alone costs.

Bundles are built into build/measure/ (dist/ is left alone). m3desk is frozen from a snapshot of
m3desk/ and resources/ (build/measure/snapshot/), and the unfrozen runs use that same snapshot:
with several people editing the app, the live tree can change between the freeze and the timing.
Results: printed, and written to build/measure/results.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "m3desk.spec"
OUT = ROOT / "build" / "measure"
RUNS, WARMUPS = 9, 2

# hello.py verbatim from the performance note (Appendix, "Scripts (verbatim)"), so the
# baseline does not depend on /work/shared existing.
HELLO = """\
import sys
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
from PySide6.QtCore import QTimer
app = QApplication(sys.argv)
w = QMainWindow(); w.setWindowTitle("hello"); w.setCentralWidget(QLabel("hello")); w.resize(400,300); w.show()
QTimer.singleShot(0, app.quit)
sys.exit(app.exec())
"""  # noqa: E501 - verbatim

# Pruning steps in the order the spec applies them; each ladder rung turns one more on.
STEPS = ["excludes", "qt-filter", "orphans", "strip"]


def freeze(name: str, spec_args: list[str], python: str) -> Path:
    """Build one bundle with the m3desk spec; returns the bundle folder."""
    work, dist = OUT / "work" / name, OUT / "dist"
    command = [
        python,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--workpath",
        str(work),
        "--distpath",
        str(dist),
        str(SPEC),
        "--",
        "--name",
        name,
        *spec_args,
    ]
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"freezing {name} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    print(f"  froze {name} in {time.perf_counter() - started:.0f} s")
    return dist / name


def size_mb(folder: Path) -> float:
    """Apparent size of all regular files (symlinks not followed), in MB (10^6 bytes)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.lstat().st_size for p in files) / 1e6


def targz_mb(folder: Path) -> float:
    """What a download would weigh: tar.gz at gzip's default level."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "bundle.tar.gz"
        subprocess.run(
            ["tar", "czf", str(archive), "-C", str(folder.parent), folder.name], check=True
        )
        return archive.stat().st_size / 1e6


def snapshot_app() -> Path:
    """Copy m3desk/ and resources/ aside, so the frozen and unfrozen runs time the same code."""
    snapshot = OUT / "snapshot"
    shutil.rmtree(snapshot, ignore_errors=True)
    for name in ("m3desk", "resources"):
        shutil.copytree(
            ROOT / name, snapshot / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    return snapshot


def time_runs(
    commands: dict[str, tuple[list[str], Path]], expect: dict[str, str]
) -> dict[str, dict]:
    """Interleaved timing: WARMUPS then RUNS rounds, each round runs every command once.
    ``commands`` maps a key to (argv, working directory)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    walls: dict[str, list[float]] = {k: [] for k in commands}
    cpus: dict[str, list[float]] = {k: [] for k in commands}
    reported: dict[str, list[float]] = {k: [] for k in commands}
    with tempfile.TemporaryDirectory() as profiles:
        for round_no in range(WARMUPS + RUNS):
            for key, (command, cwd) in commands.items():
                # One throw-away profile per variant, reused across its runs (a warm start).
                run_env = {**env, "M3DESK_HOME": str(Path(profiles) / key)}
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                result = subprocess.run(
                    command, env=run_env, capture_output=True, text=True, cwd=cwd, timeout=120
                )
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                if result.returncode != 0 or expect[key] not in result.stdout:
                    sys.exit(
                        f"{key}: {' '.join(command)} failed ({result.returncode}):\n"
                        f"{result.stdout}{result.stderr}"
                    )
                if round_no >= WARMUPS:
                    walls[key].append(wall * 1000)
                    cpus[key].append(cpu * 1000)
                    match = re.search(r" in (\d+) ms", result.stdout)
                    if match:
                        reported[key].append(float(match[1]))
    return {
        key: {
            "median_ms": round(statistics.median(walls[key]), 1),
            "min_ms": round(min(walls[key]), 1),
            "max_ms": round(max(walls[key]), 1),
            # CPU time (user+sys, all threads) barely depends on what else the machine
            # runs, so it is the steadier comparison on a shared or busy box.
            "cpu_median_ms": round(statistics.median(cpus[key]), 1),
            "self_reported_median_ms": (
                round(statistics.median(reported[key]), 1) if reported[key] else None
            ),
        }
        for key in commands
    }


def ladder(python: str, snapshot: Path) -> list[dict]:
    """m3desk frozen with 0, 1, 2, ... pruning steps on: what each step saves."""
    rungs = []
    for i in range(len(STEPS) + 1):
        skipped = STEPS[i:]
        label = "none" if i == 0 else "+" + STEPS[i - 1]
        skip = ["--skip", ",".join(skipped)] if skipped else []
        bundle = freeze(f"ladder-{i}", ["--src", str(snapshot), *skip], python)
        rungs.append({"step": label, "size_mb": round(size_mb(bundle), 1)})
    for prev, rung in itertools.pairwise(rungs):
        rung["saves_mb"] = round(prev["size_mb"] - rung["size_mb"], 1)
    return rungs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--python",
        default=str(ROOT / ".venv" / "bin" / "python"),
        help="the venv's python (has PySide6, PyInstaller and m3desk)",
    )
    parser.add_argument("--ladder", action="store_true", help="also measure each pruning step")
    parser.add_argument("--no-tar", action="store_true", help="skip the tar.gz sizes")
    args = parser.parse_args()
    python = args.python
    OUT.mkdir(parents=True, exist_ok=True)
    hello_py = OUT / "hello.py"
    hello_py.write_text(HELLO, encoding="utf-8")

    print("Freezing both with packaging/m3desk.spec ...")
    snapshot = snapshot_app()
    m3desk = freeze("m3desk", ["--src", str(snapshot)], python)
    hello = freeze("hello", ["--script", str(hello_py), "--no-app-data"], python)

    sizes = {"m3desk_mb": round(size_mb(m3desk), 1), "hello_mb": round(size_mb(hello), 1)}
    sizes["ratio"] = round(sizes["m3desk_mb"] / sizes["hello_mb"], 3)
    if not args.no_tar:
        sizes["m3desk_targz_mb"] = round(targz_mb(m3desk), 1)
        sizes["hello_targz_mb"] = round(targz_mb(hello), 1)

    print(f"Timing: median of {RUNS} after {WARMUPS} warm-ups, offscreen, interleaved ...")
    timing = time_runs(
        # `python -m` puts the working directory first on sys.path: the snapshot, not the repo.
        {
            "m3desk_frozen": ([str(m3desk / "m3desk"), "--self-test"], OUT),
            "m3desk_unfrozen": ([python, "-m", "m3desk", "--self-test"], snapshot),
            "hello_frozen": ([str(hello / "hello")], OUT),
            "hello_unfrozen": ([python, str(hello_py)], OUT),
        },
        {
            "m3desk_frozen": "self-test ok",
            "m3desk_unfrozen": "self-test ok",
            "hello_frozen": "",
            "hello_unfrozen": "",
        },
    )
    startup = {
        "m3desk_ratio": round(
            timing["m3desk_frozen"]["median_ms"] / timing["m3desk_unfrozen"]["median_ms"], 3
        ),
        "hello_ratio": round(
            timing["hello_frozen"]["median_ms"] / timing["hello_unfrozen"]["median_ms"], 3
        ),
        "m3desk_cpu_ratio": round(
            timing["m3desk_frozen"]["cpu_median_ms"] / timing["m3desk_unfrozen"]["cpu_median_ms"], 3
        ),
        "hello_cpu_ratio": round(
            timing["hello_frozen"]["cpu_median_ms"] / timing["hello_unfrozen"]["cpu_median_ms"], 3
        ),
        **timing,
    }
    versions = subprocess.run(
        [
            python,
            "-c",
            "import sys, PySide6, PyInstaller, pydantic; print(sys.version.split()[0],"
            " PySide6.__version__, PyInstaller.__version__, pydantic.VERSION)",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    # Start-up medians are only comparable on a quiet machine: record how busy it was.
    results = {
        "sizes": sizes,
        "startup": startup,
        "versions": dict(
            zip(["python", "pyside6", "pyinstaller", "pydantic"], versions, strict=True)
        ),
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    if args.ladder:
        print("Ladder: one more pruning step per build ...")
        results["ladder"] = ladder(python, snapshot)

    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print()
    print(
        f"(a) size   m3desk {sizes['m3desk_mb']} MB / hello {sizes['hello_mb']} MB "
        f"= {sizes['ratio']:.2f}x  (target <= 1.3)"
    )
    if "m3desk_targz_mb" in sizes:
        print(
            f"           tar.gz: m3desk {sizes['m3desk_targz_mb']} MB, "
            f"hello {sizes['hello_targz_mb']} MB"
        )
    for key in ("m3desk", "hello"):
        frozen, unfrozen = timing[f"{key}_frozen"], timing[f"{key}_unfrozen"]
        print(
            f"(b) start  {key}: frozen {frozen['median_ms']} ms / unfrozen "
            f"{unfrozen['median_ms']} ms = {startup[f'{key}_ratio']:.2f}x wall"
            + ("  (target <= 1.2)" if key == "m3desk" else "")
        )
        print(
            f"{'':19}CPU {frozen['cpu_median_ms']} ms / "
            f"{unfrozen['cpu_median_ms']} ms = {startup[f'{key}_cpu_ratio']:.2f}x"
        )
    for key in ("m3desk_frozen", "m3desk_unfrozen"):
        print(
            f"           {key}: in-process time reported by --self-test "
            f"{timing[key]['self_reported_median_ms']} ms"
        )
    for rung in results.get("ladder", []):
        print(
            f"    ladder {rung['step']:<10} {rung['size_mb']:>6} MB"
            + (f"  (saves {rung['saves_mb']} MB)" if "saves_mb" in rung else "")
        )
    print(f"versions {results['versions']}")
    print(
        f"load average {results['load_average_1_5_15']} on {results['cpus']} CPUs "
        "(busy machine = noisy start-up medians)"
    )
    print(f"written: {(OUT / 'results.json').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
