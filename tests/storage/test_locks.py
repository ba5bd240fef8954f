"""Telling a crashed instance from a running one, and warning about files open twice."""

from __future__ import annotations

import json
import os
import socket
from datetime import datetime
from pathlib import Path

import pytest

from m3desk.storage import FileLocks, LockOwner, SaveError, SessionLock, liveness, locks, pid_alive

# --- process liveness ---------------------------------------------------------------------


def test_pid_liveness(dead_pid: int, live_pid: int) -> None:
    assert pid_alive(os.getpid())
    assert pid_alive(live_pid)
    assert not pid_alive(dead_pid)


@pytest.mark.parametrize("pid", [0, -1, 2**70, True])
def test_nonsense_pids_are_not_alive(pid: int) -> None:
    # os.kill(0, 0) and (-1, 0) would address whole process groups and "succeed".
    assert not pid_alive(pid)


def test_process_owned_by_someone_else_counts_as_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_yours(pid: int, signal: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "kill", not_yours)

    assert pid_alive(424242)


# --- session locks ------------------------------------------------------------------------


def test_session_lock_records_pid_host_and_start_time(state_dir: Path) -> None:
    lock = SessionLock(state_dir)
    lock.acquire()

    record = json.loads(lock.lock_path.read_text(encoding="utf-8"))
    assert lock.lock_path == state_dir / "sessions" / f"{lock.session_id}.lock"
    assert record["pid"] == os.getpid()
    assert record["hostname"] == socket.gethostname()
    assert datetime.fromisoformat(record["started"]).tzinfo is not None

    lock.release()
    assert not lock.lock_path.exists()
    lock.release()  # releasing twice is harmless


def test_session_lock_as_context_manager(state_dir: Path) -> None:
    with SessionLock(state_dir, "s1") as lock:
        assert lock.lock_path.exists()
    assert not lock.lock_path.exists()


def test_crashed_session_is_stale(state_dir: Path, dead_pid: int) -> None:
    SessionLock(state_dir, "crashed", pid=dead_pid).acquire()
    me = SessionLock(state_dir, "me")
    me.acquire()

    assert me.stale_sessions() == ["crashed"]


def test_running_second_instance_is_not_stale(state_dir: Path, live_pid: int) -> None:
    SessionLock(state_dir, "other", pid=live_pid).acquire()
    SessionLock(state_dir, "parent", pid=os.getppid()).acquire()

    assert SessionLock(state_dir, "me").stale_sessions() == []


def test_other_hosts_sessions_are_assumed_alive(state_dir: Path, dead_pid: int) -> None:
    SessionLock(state_dir, "laptop", pid=dead_pid, hostname="not-" + socket.gethostname()).acquire()

    assert SessionLock(state_dir, "me").stale_sessions() == []


def test_damaged_session_lock_counts_as_stale(state_dir: Path) -> None:
    (state_dir / "sessions").mkdir()
    (state_dir / "sessions" / "garbled.lock").write_bytes(b"\x00\x01 not json")
    (state_dir / "sessions" / "notes.txt").write_text("ignored")

    assert SessionLock(state_dir, "me").stale_sessions() == ["garbled"]


@pytest.mark.skipif(liveness.current_boot_id() is None, reason="needs a Linux boot id")
def test_lock_from_before_a_reboot_is_stale_even_if_the_pid_was_reused(state_dir: Path) -> None:
    owner = LockOwner.this_process()
    before_reboot = {**owner.to_json(), "pid": os.getpid(), "boot_id": "0000-old-boot"}
    (state_dir / "sessions").mkdir()
    (state_dir / "sessions" / "powercut.lock").write_text(json.dumps(before_reboot))

    assert SessionLock(state_dir, "me").stale_sessions() == ["powercut"]


def test_clear_stale_locks_removes_only_crashed_sessions(
    state_dir: Path, dead_pid: int, live_pid: int
) -> None:
    crashed = SessionLock(state_dir, "crashed", pid=dead_pid)
    crashed.acquire()
    running = SessionLock(state_dir, "running", pid=live_pid)
    running.acquire()

    assert SessionLock(state_dir, "me").clear_stale_locks() == ["crashed"]
    assert not crashed.lock_path.exists()
    assert running.lock_path.exists()


def test_unusable_session_ids_are_refused(state_dir: Path) -> None:
    with pytest.raises(ValueError):
        SessionLock(state_dir, "../escape")


def test_session_lock_write_failure_is_a_save_error(
    state_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(*_args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", read_only)
    with pytest.raises(SaveError, match="read-only"):
        SessionLock(state_dir).acquire()


# --- file locks ---------------------------------------------------------------------------


def test_first_claim_is_uncontested(state_dir: Path, tmp_path: Path) -> None:
    result = FileLocks(state_dir).claim(tmp_path / "aria.m3h")

    assert not result.held_elsewhere
    assert result.owner is None
    assert result.path == tmp_path / "aria.m3h"


def test_second_live_instance_is_reported_with_its_pid_and_host(
    state_dir: Path, tmp_path: Path, live_pid: int
) -> None:
    document = tmp_path / "aria.m3h"
    FileLocks(state_dir, pid=live_pid).claim(document)

    result = FileLocks(state_dir).claim(document)

    assert result.held_elsewhere
    assert result.owner is not None
    assert result.owner.pid == live_pid
    assert result.owner.hostname == socket.gethostname()
    assert str(live_pid) in result.owner.describe()


def test_claims_of_dead_processes_are_taken_over_silently(
    state_dir: Path, tmp_path: Path, dead_pid: int
) -> None:
    document = tmp_path / "aria.m3h"
    FileLocks(state_dir, pid=dead_pid).claim(document)

    result = FileLocks(state_dir).claim(document)

    assert not result.held_elsewhere
    assert len(os.listdir(state_dir / "locks")) == 1  # the dead claim was removed


def test_the_same_file_spelled_differently_is_the_same_claim(
    state_dir: Path, tmp_path: Path, live_pid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    FileLocks(state_dir, pid=live_pid).claim("aria.m3h")

    assert FileLocks(state_dir).claim(tmp_path / "sub" / ".." / "aria.m3h").held_elsewhere
    assert not FileLocks(state_dir).claim(tmp_path / "brom.m3h").held_elsewhere


def test_released_claims_no_longer_warn(state_dir: Path, tmp_path: Path, live_pid: int) -> None:
    other = FileLocks(state_dir, pid=live_pid)
    other.claim(tmp_path / "a.m3h")
    other.claim(tmp_path / "b.m3h")

    other.release(tmp_path / "a.m3h")
    assert not FileLocks(state_dir).claim(tmp_path / "a.m3h").held_elsewhere
    assert FileLocks(state_dir).claim(tmp_path / "b.m3h").held_elsewhere

    other.release_all()
    assert not FileLocks(state_dir).claim(tmp_path / "b.m3h").held_elsewhere


def test_claiming_twice_in_one_process_does_not_warn(state_dir: Path, tmp_path: Path) -> None:
    file_locks = FileLocks(state_dir)
    file_locks.claim(tmp_path / "a.m3h")

    assert not file_locks.claim(tmp_path / "a.m3h").held_elsewhere


def test_failure_to_record_a_claim_never_blocks_opening(
    state_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, live_pid: int
) -> None:
    FileLocks(state_dir, pid=live_pid).claim(tmp_path / "a.m3h")

    def disk_full(*_args: object, **_options: object) -> None:
        raise SaveError("Could not save: the disk is full.")

    monkeypatch.setattr(locks, "atomic_write_bytes", disk_full)
    result = FileLocks(state_dir).claim(tmp_path / "a.m3h")

    assert result.held_elsewhere  # the warning still works


def test_a_lock_is_written_without_waiting_for_the_disk_and_a_save_still_waits(
    state_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up writes the session's lock: a power cut makes any lock stale anyway, so no
    fsync (a disk round trip, tens of ms on a slow disk). A document's save still syncs."""
    from m3desk.storage.atomic import atomic_write_bytes

    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    lock = SessionLock(state_dir)
    lock.acquire()
    assert lock.lock_path.exists() and json.loads(lock.lock_path.read_text())["pid"]
    assert synced == []
    atomic_write_bytes(tmp_path / "sheet.m3c", b"{}")
    assert len(synced) == 2  # the file, then its folder
    lock.release()
