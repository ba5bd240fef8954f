"""Autosave to the recovery folder and restoring after a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from m3desk.storage import catalog
from m3desk.storage.encounter_files import load_encounter
from m3desk.storage.locks import SessionLock
from m3desk.storage.paths import AppPaths
from m3desk.storage.recovery import RecoveryStore
from m3desk.storage.sheet_files import load_sheet, sheet_bytes
from m3desk.systems.monsters_and_magic.encounter import next_turn
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet
from m3desk.ui.dialogs import RestoreChoice, SaveChoice
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.kinds import ENCOUNTERS
from tests.ui.window.conftest import ScriptedDialogs, edit


def _crashed_session(
    paths: AppPaths, pid: int, sheet: CharacterSheet, original: Path | None
) -> RecoveryStore:
    """What a crash leaves behind: a session lock whose process is gone, and a snapshot."""
    lock = SessionLock(paths.state_dir, pid=pid)
    lock.acquire()
    store = RecoveryStore(paths.state_dir, lock.session_id)
    store.write(
        "doc1",
        sheet_bytes(sheet),
        title=sheet.name,
        original_path=str(original) if original else None,
        kind="character",
    )
    return store


def test_autosave_writes_a_snapshot_after_an_idle_pause(window: MainWindow, sample, qtbot) -> None:
    window.autosave.interval_ms = 30
    record = window.open_path(sample("gramfive"))
    edit(record, notes="typed")
    with qtbot.waitSignal(window.autosave.snapshot_written, timeout=3000):
        pass
    [entry] = window.autosave.store.entries()
    assert entry.original_path == str(record.path)
    assert entry.load(catalog.sheets()).model.notes == "typed"

    window.save_current()
    assert window.autosave.store.entries() == []  # saved: the snapshot is gone


def test_restore_after_a_simulated_crash(
    make_window, paths: AppPaths, sample, fake_dialogs: ScriptedDialogs, dead_pid: int
) -> None:
    original = sample("gramfive")
    unsaved = load_sheet(original).model.model_copy(update={"notes": "Unsaved notes"})
    store = _crashed_session(paths, dead_pid, unsaved, original)
    fake_dialogs.answer("ask_restore", RestoreChoice.RESTORE)

    window = make_window()
    [(_parent, titles)] = fake_dialogs.named("ask_restore")
    assert len(titles) == 1 and "Gramfive" in titles[0]
    [record] = window.session.records
    assert record.modified and record.path == original
    assert record.document.sheet == unsaved
    assert window.tabs.title_of(record.page).endswith(" *")
    assert store.entries() == []  # the crashed session's snapshot was handed over
    assert RecoveryStore.orphans(paths.state_dir) == []
    assert len(window.autosave.store.entries()) == 1  # and is safe in ours now

    assert window.save_current()  # Save writes back to the original file
    assert load_sheet(original).model.notes == "Unsaved notes"


def test_restore_of_a_never_saved_document_opens_it_untitled(
    make_window, paths: AppPaths, fake_dialogs: ScriptedDialogs, dead_pid: int
) -> None:
    _crashed_session(paths, dead_pid, CharacterSheet(name="Brand New"), None)
    fake_dialogs.answer("ask_restore", RestoreChoice.RESTORE)
    window = make_window()
    [record] = window.session.records
    assert record.path is None and record.modified


def test_discarding_the_offer_removes_the_snapshots(
    make_window, paths: AppPaths, fake_dialogs: ScriptedDialogs, dead_pid: int
) -> None:
    store = _crashed_session(paths, dead_pid, CharacterSheet(name="Gone"), None)
    fake_dialogs.answer("ask_restore", RestoreChoice.DISCARD)
    window = make_window()
    assert window.session.records == [] and store.entries() == []


def test_not_now_keeps_the_snapshots_for_the_next_start(
    make_window, paths: AppPaths, fake_dialogs: ScriptedDialogs, dead_pid: int
) -> None:
    store = _crashed_session(paths, dead_pid, CharacterSheet(name="Later"), None)
    fake_dialogs.answer("ask_restore", RestoreChoice.LATER)
    make_window()
    assert len(store.entries()) == 1


def test_a_live_instance_s_snapshots_are_never_offered_or_touched(
    make_window, paths: AppPaths, live_pid: int
) -> None:
    store = _crashed_session(paths, live_pid, CharacterSheet(name="Still open"), None)
    window = make_window()  # an ask_restore here would fail: none is scripted
    window.close()
    assert len(store.entries()) == 1


def test_a_clean_exit_leaves_no_snapshot_and_no_lock(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, paths: AppPaths
) -> None:
    record = window.open_path(sample("felix"))
    edit(record)
    window.autosave.snapshot(record)
    assert window.autosave.lock.lock_path.exists()
    fake_dialogs.answer("ask_save_changes", SaveChoice.DISCARD)
    window.close()
    assert not window.autosave.lock.lock_path.exists()
    assert RecoveryStore.orphans(paths.state_dir) == []
    assert not window.autosave.store.folder.exists()


def test_a_sample_snapshot_never_points_back_at_the_bundled_file(window: MainWindow, qtbot) -> None:
    sample_path = window.library.model.entries()[0].path
    record = window.open_path(sample_path)
    assert record.is_sample
    edit(record)
    window.autosave.snapshot(record)
    [entry] = window.autosave.store.entries()
    assert entry.original_path is None


def test_an_unsaved_encounter_is_restored_after_a_simulated_crash(
    make_window,
    paths: AppPaths,
    saved_encounter: Path,
    fake_dialogs: ScriptedDialogs,
    dead_pid: int,
    qtbot,
) -> None:
    # The crashed run: the encounter started, autosaved as kind "encounter", then a crash
    # (its session lock stays behind with a pid that no longer runs).
    crashed = make_window()
    crashed.autosave.interval_ms = 20
    record = crashed.open_path(saved_encounter)
    started = next_turn(record.document.encounter)
    record.document.apply(started, "Start the encounter")
    with qtbot.waitSignal(crashed.autosave.snapshot_written, timeout=3000):
        pass
    [entry] = crashed.autosave.store.entries()
    assert entry.kind == "encounter" and entry.original_path == str(saved_encounter)
    stale = SessionLock(paths.state_dir, pid=dead_pid)
    stale.acquire()
    _move_snapshots(crashed.autosave.store, RecoveryStore(paths.state_dir, stale.session_id))

    fake_dialogs.answer("ask_restore", RestoreChoice.RESTORE)
    window = make_window()
    [(_parent, titles)] = fake_dialogs.named("ask_restore")
    assert "Fane of the First Ones" in titles[0]
    restored = window.session.current()
    assert restored is not None and restored.kind is ENCOUNTERS
    assert restored.document.encounter == started and restored.modified
    assert restored.path == saved_encounter and window.isWindowModified()
    assert window.save_current()
    assert load_encounter(saved_encounter).model == started


def _move_snapshots(source: RecoveryStore, target: RecoveryStore) -> None:
    """Hand the live session's snapshots to the 'crashed' one (a crash leaves them there)."""
    target.folder.mkdir(parents=True, exist_ok=True)
    for entry in source.entries():
        for file in (entry.payload_path, entry.meta_path):
            file.rename(target.folder / file.name)


def test_steady_editing_is_snapshotted_within_the_bound(window: MainWindow, sample, qtbot) -> None:
    """A key a second never pauses long enough for the idle timer; the bound still holds."""
    import time

    window.autosave.interval_ms = 60_000  # the user never pauses
    window.autosave.max_delay_ms = 150
    record = window.open_path(sample("gramfive"))
    written: list[float] = []
    window.autosave.snapshot_written.connect(lambda _id: written.append(time.monotonic()))
    started = time.monotonic()
    for number in range(30):
        edit(record, notes=f"typed {number}")
        qtbot.wait(30)
    assert len(written) >= 3
    gaps = [b - a for a, b in zip([started, *written], written, strict=False)]
    assert max(gaps) < 0.150 + 0.6  # the bound, plus slack for a loaded machine (idle: 60 s)


def test_a_failing_autosave_keeps_its_warning_until_one_works(
    window: MainWindow, sample, qtbot, monkeypatch
) -> None:
    from m3desk.storage.errors import SaveError

    record = window.open_path(sample("gramfive"))
    edit(record, notes="typed")
    real_write = window.autosave.store.write

    def disk_full(*_args, **_kwargs):
        raise SaveError("Could not save: the disk is full.")

    monkeypatch.setattr(window.autosave.store, "write", disk_full)
    window.autosave.snapshot(record)
    warning = window.autosave_warning
    assert warning.isVisible() and "disk is full" in warning.text()
    window.statusBar().clearMessage()  # a passing status message would have gone by now
    qtbot.wait(50)
    assert warning.isVisible()
    monkeypatch.setattr(window.autosave.store, "write", real_write)
    with qtbot.waitSignal(window.autosave.recovered, timeout=1000):
        window.autosave.snapshot(record)
    assert not warning.isVisible()


def _one_sample_per_game() -> list[tuple[str, Path]]:
    from m3desk.assets import sample_files
    from m3desk.core.registry import systems

    return [(system.id, sample_files(system.id)[0]) for system in systems()]


@pytest.mark.parametrize(("game", "source"), _one_sample_per_game())
@pytest.mark.parametrize(
    "cause", ["a file in the way", "permission denied", "read-only", "disk full"]
)
def test_a_recovery_folder_that_cannot_be_made_warns_and_retries(
    window: MainWindow, tmp_path: Path, qtbot, monkeypatch, game: str, source: Path, cause: str
) -> None:
    """The first autosave of the session makes the recovery folder; when it cannot (a run
    with sudo left it root's, a read-only or full disk), the window warns as for any failed
    snapshot, autosave stays on, and the next try that works takes the warning down."""
    import errno
    import os
    import shutil

    copy = tmp_path / "mine" / source.name
    copy.parent.mkdir()
    shutil.copyfile(source, copy)
    record = window.open_path(copy)
    sheet = record.document.sheet
    record.document.replace_sheet(sheet.model_copy(update={"name": sheet.name + " II"}), "Rename")
    root = window.autosave.store.folder.parent
    real_mkdir = os.mkdir
    if cause == "a file in the way":
        root.parent.mkdir(parents=True, exist_ok=True)
        root.write_text("not a folder")
    else:
        code = {
            "permission denied": errno.EACCES,
            "read-only": errno.EROFS,
            "disk full": errno.ENOSPC,
        }[cause]

        def refuse(path, *args, **kwargs):
            if Path(path).name in {root.name, window.autosave.store.folder.name}:
                raise OSError(code, os.strerror(code), str(path))
            return real_mkdir(path, *args, **kwargs)

        monkeypatch.setattr(os, "mkdir", refuse)

    assert window.autosave.snapshot(record) is False
    warning = window.autosave_warning
    assert warning.isVisible() and "Autosave failed" in warning.text()
    assert "recovery folder" in warning.text()
    assert window.autosave.active  # not off for the session
    assert window.autosave._deadlines[record.doc_id].isActive()  # a retry is due

    if cause == "a file in the way":
        root.unlink()
    else:
        monkeypatch.setattr(os, "mkdir", real_mkdir)
    with qtbot.waitSignal(window.autosave.recovered, timeout=1000):
        window.autosave.snapshot(record)
    assert not warning.isVisible()
    assert len(window.autosave.store.entries()) == 1
