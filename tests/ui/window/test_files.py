"""Opening and saving through the window: nothing a user wrote is ever lost or overwritten."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from m3desk.storage.locks import FileLocks
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.main_window import MainWindow
from tests.ui.window.conftest import ScriptedDialogs, edit


def _tab_texts(window: MainWindow) -> list[str]:
    return [window.tabs.title_of(page) for page in window.tabs.pages()]


def test_edit_marks_unsaved_and_ctrl_s_saves_a_file_that_reloads_equal(
    window: MainWindow, sample, qtbot
) -> None:
    path = sample("gramfive")
    record = window.open_path(path)
    assert record is not None and not record.is_sample
    assert _tab_texts(window) == ["Gramfive the Grim"]
    assert window.windowTitle() == "Gramfive the Grim[*] — m3desk"
    assert not window.isWindowModified()

    edit(record, notes="Owes Felix three silver pieces.")
    assert _tab_texts(window) == ["Gramfive the Grim *"]
    assert window.isWindowModified()

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert _tab_texts(window) == ["Gramfive the Grim"]
    assert not window.isWindowModified() and not record.modified
    assert load_sheet(path).model == record.document.sheet
    assert load_sheet(path).model.notes == "Owes Felix three silver pieces."
    assert window.settings_store.recent_files()[0] == path


def test_save_on_a_sample_asks_save_as_into_the_library(
    window: MainWindow, fake_dialogs: ScriptedDialogs, paths: AppPaths
) -> None:
    sample_path = next(e.path for e in window.library.model.entries() if "Xiola" in e.name)
    before = sample_path.read_bytes()
    record = window.open_path(sample_path)
    assert record is not None and record.is_sample
    edit(record)
    chosen = paths.characters_dir / "my xiola"  # the user typed no extension
    fake_dialogs.answer("save_file_name", chosen)
    window.menu_actions.save.trigger()

    suggested = fake_dialogs.named("save_file_name")[0][1]
    assert suggested.parent == paths.characters_dir and suggested.suffix == ".m3c"
    saved = paths.characters_dir / "my xiola.m3c"
    assert load_sheet(saved).model == record.document.sheet
    assert sample_path.read_bytes() == before  # the bundled sample is never written
    assert not record.is_sample and record.path == saved and not record.modified
    sources = {e.path: e.is_sample for e in window.library.model.entries()}
    assert sources[saved] is False  # the library was refreshed after the save


def test_save_as_writes_a_new_file_and_the_tab_follows_it(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path, qtbot
) -> None:
    original = sample("first-one-mummy")
    record = window.open_path(original)
    edit(record, name="The Second One")
    target = tmp_path / "elsewhere" / "second.m3m"
    target.parent.mkdir()
    fake_dialogs.answer("save_file_name", target)
    qtbot.keyClick(
        window,
        Qt.Key.Key_S,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert record.path == target and not record.modified
    assert load_sheet(target).model.name == "The Second One"
    assert load_sheet(original).model.name != "The Second One"
    assert window.windowTitle() == "The Second One[*] — m3desk"
    assert window.session.find(target) is record and window.session.find(original) is None


def test_a_failed_save_keeps_the_document_open_and_modified(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    path = sample("felix")
    before = path.read_bytes()
    record = window.open_path(path)
    edit(record)
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    fake_dialogs.answer("save_file_name", blocker / "felix.m3c")
    assert not window.save_current_as()
    assert "Could not save" in fake_dialogs.messages()[0]
    assert record in window.session.records and record.modified
    assert record.path == path and path.read_bytes() == before
    assert window.isWindowModified()


def test_a_file_from_a_newer_m3desk_is_refused_and_never_touched(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    future = tmp_path / "future.m3c"
    future.write_text(
        json.dumps(
            {
                "format": "m3desk.character",
                "schema_version": 7,
                "app_version": "9.0",
                "document": {"name": "Zed"},
            }
        ),
        encoding="utf-8",
    )
    before = future.read_bytes()
    assert window.open_path(future) is None
    [message] = fake_dialogs.messages()
    assert "future.m3c" in message and "newer m3desk" in message
    assert window.session.records == [] and future.read_bytes() == before


def test_a_corrupt_file_is_reported_and_nothing_else_changes(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    open_one = window.open_path(sample("guido"))
    edit(open_one)
    corrupt = tmp_path / "corrupt.m3c"
    corrupt.write_bytes(b'{"format": "m3desk.character", "schema_version": 1, "docu')
    assert window.open_path(corrupt) is None
    [message] = fake_dialogs.messages()
    assert "corrupt.m3c" in message
    assert window.session.records == [open_one] and open_one.modified
    assert window.session.current() is open_one
    assert corrupt not in window.settings_store.recent_files()


def test_second_instance_warning_names_the_other_process(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, paths: AppPaths, live_pid: int
) -> None:
    path = sample("shamira")
    FileLocks(paths.state_dir, pid=live_pid).claim(path)
    fake_dialogs.answer("ask_open_anyway", False, True)
    assert window.open_path(path) is None
    ((_parent, asked_path, holder),) = fake_dialogs.named("ask_open_anyway")
    assert asked_path == path and f"pid {live_pid}" in holder
    assert window.session.records == []
    record = window.open_path(path)  # "Open anyway"
    assert record is not None and record.path == path


def test_a_crashed_instance_s_file_claim_is_ignored(
    window: MainWindow, sample, paths: AppPaths, dead_pid: int
) -> None:
    path = sample("shamira")
    FileLocks(paths.state_dir, pid=dead_pid).claim(path)
    assert window.open_path(path) is not None  # no question: the owner is gone


def test_command_line_files_open_and_a_bad_one_is_reported(
    make_window, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    bad = tmp_path / "missing.m3c"
    good = sample("gramfive")
    window = make_window([bad, good])
    assert [r.path for r in window.session.records] == [good]
    [message] = fake_dialogs.messages()
    assert "missing.m3c" in message


def test_save_as_onto_a_file_from_a_newer_m3desk_is_refused(
    window: MainWindow, sample, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    future = tmp_path / "future.m3c"
    future.write_text(
        json.dumps(
            {"format": "m3desk.character", "schema_version": 7, "document": {"name": "Zed"}}
        ),
        encoding="utf-8",
    )
    before = future.read_bytes()
    record = window.open_path(sample("xiola"))
    edit(record)
    fake_dialogs.answer("save_file_name", future)
    assert not window.save_current_as()
    assert "newer m3desk" in fake_dialogs.messages()[0]
    assert future.read_bytes() == before and record.modified and record.path != future


def _broken_encounter(tmp_path: Path, change) -> Path:
    import json

    fixture = Path(__file__).parents[2] / "fixtures" / "v0_1" / "tomb-v0_1.m3e"
    raw = json.loads(fixture.read_text(encoding="utf-8"))
    change(raw["document"])
    path = tmp_path / "broken.m3e"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_an_encounter_whose_turn_names_nobody_opens_repaired_and_says_so(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    def lost(document) -> None:
        document["phase"] = "rounds"
        document["round"] = 1
        document["turn"] = "nobody"

    opened = window.open_path(_broken_encounter(tmp_path, lost))
    assert opened is not None and opened.modified
    [warning] = fake_dialogs.messages("show_warning")
    assert "broken.m3e" in warning and "turn named no combatant" in warning


def test_an_encounter_with_twin_ids_gets_a_message_and_leaves_no_claim(
    window: MainWindow, fake_dialogs: ScriptedDialogs, tmp_path: Path
) -> None:
    def twins(document) -> None:
        document["combatants"][1]["id"] = document["combatants"][0]["id"]

    path = _broken_encounter(tmp_path, twins)
    assert window.open_path(path) is None
    [message] = fake_dialogs.messages()
    assert "broken.m3e" in message and "two combatants share the id" in message
    assert window.session.records == []
    assert window.open_path(path) is None  # no lock left behind blocks a second try
