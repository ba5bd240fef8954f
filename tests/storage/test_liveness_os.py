"""A crashed session is told from a live one by the kernel, not by a process id.

Each case runs a real second process that takes a session lock the way m3desk does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from m3desk.storage.liveness import LockOwner, pid_alive, process_start_ticks
from m3desk.storage.locks import SessionLock, session_is_stale

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and /proc are POSIX")
ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import os, sys, time
from pathlib import Path
from m3desk.storage.locks import SessionLock
lock = SessionLock(Path(sys.argv[1]))
lock.acquire()
print(lock.session_id, flush=True)
if sys.argv[2] == "live":
    time.sleep(60)
os._exit(0)  # a crash: no clean-up runs
"""


def _session(state_dir: Path, mode: str) -> tuple[subprocess.Popen[str], str]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(state_dir), mode],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    session_id = child.stdout.readline().strip()
    child.stdout.close()
    assert session_id
    return child, session_id


def _lock_file(state_dir: Path, session_id: str) -> Path:
    return state_dir / "sessions" / f"{session_id}.lock"


def test_a_live_second_instance_is_alive(tmp_path: Path) -> None:
    child, session_id = _session(tmp_path, "live")
    try:
        assert not session_is_stale(tmp_path, session_id)
    finally:
        child.kill()
        child.wait()
    assert session_is_stale(tmp_path, session_id)


def test_a_crashed_session_whose_pid_now_belongs_to_another_process(tmp_path: Path) -> None:
    child, session_id = _session(tmp_path, "crash")
    child.wait()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock = _lock_file(tmp_path, session_id)
        record = json.loads(lock.read_text())
        record["pid"] = other.pid  # the id was handed to another program
        lock.write_text(json.dumps(record))
        assert pid_alive(other.pid)
        assert session_is_stale(tmp_path, session_id)
        # Even without the kernel's lock file (an older m3desk), the start time tells.
        (tmp_path / "sessions" / f"{session_id}.alive").unlink()
        assert session_is_stale(tmp_path, session_id)
    finally:
        other.kill()
        other.wait()


def test_the_restarted_app_with_the_crashed_apps_pid(tmp_path: Path) -> None:
    """The crashed session's pid is ours now: its lock must not look like us, alive."""
    folder = tmp_path / "sessions"
    folder.mkdir()
    crashed = LockOwner.this_process(session="crashed")
    assert crashed.pid == os.getpid()
    (folder / "crashed.lock").write_text(json.dumps(crashed.to_json()))
    (folder / "crashed.alive").write_text("")  # left behind, held by nobody
    mine = SessionLock(tmp_path)
    mine.acquire()
    try:
        assert session_is_stale(tmp_path, "crashed")
        assert not session_is_stale(tmp_path, mine.session_id)
        assert mine.stale_sessions() == ["crashed"]
    finally:
        mine.release()


def test_a_dead_process_not_yet_reaped(tmp_path: Path) -> None:
    child, session_id = _session(tmp_path, "crash")
    try:
        # Wait until it has exited but do not reap it: a zombie keeps its pid.
        for _ in range(200):
            stat = Path(f"/proc/{child.pid}/stat").read_text()
            if stat[stat.rfind(")") + 2] == "Z":
                break
            subprocess.run(["sleep", "0.01"], check=True)
        assert pid_alive(child.pid)  # what a pid check alone would believe
        assert session_is_stale(tmp_path, session_id)
    finally:
        child.wait()


def test_start_ticks_are_recorded_for_this_process() -> None:
    owner = LockOwner.this_process(session="s")
    assert owner.start_ticks == process_start_ticks(os.getpid())
    assert LockOwner.from_json(owner.to_json()) == owner
