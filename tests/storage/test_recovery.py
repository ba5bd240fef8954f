"""Unsaved edits survive a crash, and only a crash: never a running second instance."""

from __future__ import annotations

import json
import logging
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from m3desk.storage import (
    DocumentLoadError,
    DocumentRegistry,
    RecoveryStore,
    SessionLock,
    dump_document_bytes,
)
from tests.storage.dummy_documents import HERO, Hero


def _crashed_session(state_dir: Path, pid: int, session_id: str = "crashed") -> RecoveryStore:
    """A session whose process died without cleaning up."""
    SessionLock(state_dir, session_id, pid=pid).acquire()
    return RecoveryStore(state_dir, session_id)


def test_snapshots_of_a_crashed_session_are_offered(
    state_dir: Path, dead_pid: int, hero: Hero, registry: DocumentRegistry
) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write(
        "doc-1",
        dump_document_bytes(HERO, hero),
        title="Aria Moonwhisper",
        original_path="/home/gm/aria.m3h",
        kind="hero",
    )
    store.write(
        "doc-2",
        dump_document_bytes(HERO, Hero(name="New")),
        title="Untitled 1",
        original_path=None,
        kind="hero",
    )
    me = SessionLock(state_dir, "me")
    me.acquire()

    orphans = RecoveryStore.orphans(state_dir)

    by_id = {entry.doc_id: entry for entry in orphans}
    assert set(by_id) == {"doc-1", "doc-2"}
    aria = by_id["doc-1"]
    assert (aria.title, aria.kind, aria.original_path) == (
        "Aria Moonwhisper",
        "hero",
        "/home/gm/aria.m3h",
    )
    assert aria.problem is None
    assert aria.session_id == "crashed"
    assert aria.saved_at is not None
    assert abs(datetime.now(UTC) - aria.saved_at) < timedelta(minutes=1)
    assert aria.read_payload() == dump_document_bytes(HERO, hero)
    assert aria.load(registry).model == hero
    assert by_id["doc-2"].original_path is None


def test_snapshots_of_a_running_instance_are_not_offered(
    state_dir: Path, live_pid: int, hero: Hero
) -> None:
    other = _crashed_session(state_dir, live_pid, "other-window")
    other.write(
        "doc-1", dump_document_bytes(HERO, hero), title="A", original_path=None, kind="hero"
    )

    assert RecoveryStore.orphans(state_dir) == []


def test_own_snapshots_are_not_offered(state_dir: Path, hero: Hero) -> None:
    me = SessionLock(state_dir)
    me.acquire()
    store = RecoveryStore(state_dir, me.session_id)
    store.write(
        "doc-1", dump_document_bytes(HERO, hero), title="A", original_path=None, kind="hero"
    )

    assert RecoveryStore.orphans(state_dir) == []
    assert [entry.doc_id for entry in store.entries()] == ["doc-1"]


def test_snapshots_without_any_session_lock_are_offered(state_dir: Path) -> None:
    RecoveryStore(state_dir, "lockless").write(
        "doc-1", b"{}", title="A", original_path=None, kind="hero"
    )

    assert [entry.session_id for entry in RecoveryStore.orphans(state_dir)] == ["lockless"]


def test_clean_exit_leaves_nothing_to_recover(state_dir: Path) -> None:
    me = SessionLock(state_dir, "me")
    me.acquire()
    store = RecoveryStore(state_dir, "me")
    store.write("doc-1", b"{}", title="A", original_path=None, kind="hero")
    store.write("doc-2", b"{}", title="B", original_path=None, kind="hero")

    store.discard_all()
    me.release()

    assert RecoveryStore.orphans(state_dir) == []
    assert not store.folder.exists()


def test_discard_forgets_one_document(state_dir: Path, dead_pid: int) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("doc-1", b"{}", title="A", original_path=None, kind="hero")
    store.write("doc-2", b"{}", title="B", original_path=None, kind="hero")

    store.discard("doc-1")
    store.discard("doc-1")  # twice is harmless

    assert [entry.doc_id for entry in RecoveryStore.orphans(state_dir)] == ["doc-2"]


def test_a_newer_snapshot_replaces_the_older_one(state_dir: Path, dead_pid: int) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("doc-1", b"first", title="Old title", original_path=None, kind="hero")
    store.write("doc-1", b"second", title="New title", original_path="/x.m3h", kind="hero")

    (entry,) = RecoveryStore.orphans(state_dir)
    assert entry.read_payload() == b"second"
    assert entry.title == "New title"
    assert [p for p in os.listdir(store.folder) if p.endswith(".tmp")] == []


def test_orphans_are_listed_newest_first(state_dir: Path, dead_pid: int) -> None:
    store = _crashed_session(state_dir, dead_pid)
    for name, stamp in [("old", "2024-01-01T10:00:00+00:00"), ("new", "2025-06-01T10:00:00+00:00")]:
        store.write(name, b"{}", title=name, original_path=None, kind="hero")
        meta_path = store.folder / f"{name}.meta.json"
        meta = json.loads(meta_path.read_text())
        meta["saved_at"] = stamp
        meta_path.write_text(json.dumps(meta))

    assert [entry.doc_id for entry in RecoveryStore.orphans(state_dir)] == ["new", "old"]


def test_removing_the_last_entry_cleans_up_the_crashed_session(
    state_dir: Path, dead_pid: int
) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("doc-1", b"{}", title="A", original_path=None, kind="hero")
    store.write("doc-2", b"{}", title="B", original_path=None, kind="hero")
    first, second = RecoveryStore.orphans(state_dir)

    first.remove()
    assert store.folder.exists()
    second.remove()

    assert RecoveryStore.orphans(state_dir) == []
    assert not store.folder.exists()
    assert not (state_dir / "sessions" / "crashed.lock").exists()


def test_damaged_description_is_flagged_not_fatal_and_not_deleted(
    state_dir: Path, dead_pid: int, caplog: pytest.LogCaptureFixture
) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("good", b"{}", title="Good", original_path=None, kind="hero")
    store.write("bad", b"payload survives", title="Bad", original_path=None, kind="hero")
    (store.folder / "bad.meta.json").write_bytes(b"\xff\xfe{{{ not json")
    store.write("nodesc", b"{}", title="X", original_path=None, kind="hero")
    (store.folder / "nodesc.meta.json").unlink()

    with caplog.at_level(logging.WARNING, logger="m3desk.storage.recovery"):
        entries = {entry.doc_id: entry for entry in RecoveryStore.orphans(state_dir)}

    assert entries["good"].problem is None
    bad = entries["bad"]
    assert bad.problem is not None and "damaged" in bad.problem
    assert bad.title == "bad"
    assert bad.read_payload() == b"payload survives"
    assert entries["nodesc"].problem is not None
    assert (store.folder / "bad.meta.json").exists()
    assert "bad" in caplog.text


def test_description_without_data_is_skipped_but_kept(
    state_dir: Path, dead_pid: int, caplog: pytest.LogCaptureFixture
) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("lost", b"{}", title="Lost", original_path=None, kind="hero")
    (store.folder / "lost.json").unlink()

    with caplog.at_level(logging.WARNING, logger="m3desk.storage.recovery"):
        assert RecoveryStore.orphans(state_dir) == []

    assert (store.folder / "lost.meta.json").exists()
    assert "lost.meta.json" in caplog.text


def test_damaged_snapshot_fails_like_any_bad_document(
    state_dir: Path, dead_pid: int, registry: DocumentRegistry
) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("doc-1", b"\x00\x01garbage", title="A", original_path=None, kind="hero")
    (entry,) = RecoveryStore.orphans(state_dir)

    with pytest.raises(DocumentLoadError, match="binary"):
        entry.load(registry)


def test_snapshot_files_cannot_escape_the_recovery_folder(state_dir: Path) -> None:
    store = RecoveryStore(state_dir, "me")

    for bad in ("../../evil", "a/b", "", "x.y", "a" * 200):
        with pytest.raises(ValueError):
            store.write(bad, b"{}", title="A", original_path=None, kind="hero")
    with pytest.raises(ValueError):
        RecoveryStore(state_dir, "../up")


def test_stray_files_in_the_recovery_folder_are_ignored(state_dir: Path, dead_pid: int) -> None:
    store = _crashed_session(state_dir, dead_pid)
    store.write("doc-1", b"{}", title="A", original_path=None, kind="hero")
    (store.folder / "README.txt").write_text("not ours")
    (state_dir / "recovery" / "stray-file").write_text("not a session")

    assert [entry.doc_id for entry in RecoveryStore.orphans(state_dir)] == ["doc-1"]


def test_recovery_copies_and_locks_are_private_to_the_user(state_dir: Path, hero: Hero) -> None:
    """A private (0600) sheet's unsaved copy must not be readable by others either."""
    import stat

    lock = SessionLock(state_dir, "me")
    lock.acquire()
    store = RecoveryStore(state_dir, "me")
    store.write(
        "doc-1",
        dump_document_bytes(HERO, hero),
        title="Aria",
        original_path="/home/gm/aria.m3h",
        kind="hero",
    )
    written = [p for p in store.folder.iterdir()]
    assert written
    for path in (*written, lock.lock_path):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
    assert stat.S_IMODE(store.folder.stat().st_mode) & 0o077 == 0
