"""Two windows on one file never overwrite each other silently."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from m3desk.storage.sheet_files import load_sheet, save_sheet
from m3desk.ui.dialogs import ConflictChoice
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs, edit


def _changed_elsewhere(path: Path, notes: str) -> None:
    """Another window (or program) saves the same file."""
    sheet = load_sheet(path).model
    save_sheet(path, sheet.model_copy(update={"notes": notes}))


@pytest.mark.parametrize("answer", list(ConflictChoice))
def test_saving_over_a_file_changed_elsewhere_asks_first(
    window: MainWindow,
    sample: Callable[[str], Path],
    fake_dialogs: ScriptedDialogs,
    answer: ConflictChoice,
    tmp_path: Path,
) -> None:
    path = sample("gramfive")
    record = window.open_path(path)
    assert record is not None
    _changed_elsewhere(path, "A's notes")
    edit(record, notes="B's notes")
    fake_dialogs.answer("ask_file_changed", answer)
    if answer is ConflictChoice.SAVE_AS:
        fake_dialogs.answer("save_file_name", tmp_path / "mine.m3c")
    saved = window.save_current()
    [(_parent, asked_path)] = fake_dialogs.named("ask_file_changed")
    assert asked_path == path
    on_disk = load_sheet(path).model.notes
    if answer is ConflictChoice.OVERWRITE:
        assert saved and on_disk == "B's notes" and not record.modified
    elif answer is ConflictChoice.SAVE_AS:
        assert saved and on_disk == "A's notes"
        assert load_sheet(tmp_path / "mine.m3c").model.notes == "B's notes"
    elif answer is ConflictChoice.RELOAD:
        assert not saved and on_disk == "A's notes"
        assert record.document.sheet.notes == "A's notes" and not record.modified
    else:
        assert not saved and on_disk == "A's notes"
        assert record.modified and record.document.sheet.notes == "B's notes"


def test_an_unchanged_file_saves_without_a_question(
    window: MainWindow, sample: Callable[[str], Path], fake_dialogs: ScriptedDialogs
) -> None:
    record = window.open_path(sample("gramfive"))
    assert record is not None
    edit(record, notes="first")
    assert window.save_current()
    edit(record, notes="second")
    assert window.save_current()  # our own save is not "changed elsewhere"
    assert fake_dialogs.named("ask_file_changed") == []


def test_the_user_is_told_when_an_open_file_changes_on_disk(
    qtbot, window: MainWindow, sample: Callable[[str], Path]
) -> None:
    path = sample("gramfive")
    record = window.open_path(path)
    with qtbot.waitSignal(window.session.changed_on_disk, timeout=5000) as changed:
        _changed_elsewhere(path, "someone else")
    assert changed.args[0] is record
    assert "changed on disk" in window.statusBar().currentMessage()


@pytest.mark.parametrize("replace", [False, True])
def test_save_as_onto_a_file_m3desk_cannot_read_asks_first(
    window: MainWindow,
    sample: Callable[[str], Path],
    fake_dialogs: ScriptedDialogs,
    tmp_path: Path,
    replace: bool,
) -> None:
    foreign = tmp_path / "someone-elses.m3c"
    foreign.write_text("my spreadsheet, not yours")
    record = window.open_path(sample("gramfive"))
    assert record is not None
    fake_dialogs.answer("save_file_name", foreign)
    fake_dialogs.answer("ask_replace_unreadable", replace)
    assert window.session.save_as(record) is replace
    assert len(fake_dialogs.named("ask_replace_unreadable")) == 1
    if replace:
        assert load_sheet(foreign).model == record.document.sheet
    else:
        assert foreign.read_text() == "my spreadsheet, not yours"
