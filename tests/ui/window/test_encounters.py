"""Encounters in the window: open, start from the library, edit, undo, save, close, drop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, QUrl

from m3desk.storage.encounter_files import load_encounter
from m3desk.storage.paths import AppPaths
from m3desk.ui.dialogs import NewEncounterChoice, SaveChoice
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.library.model import Column
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.drops import document_paths
from m3desk.ui.window.kinds import ENCOUNTERS
from m3desk.ui.window.new_encounter import NewEncounterDialog, encounter_candidates
from m3desk.ui.window.open_document import OpenDocument
from tests.ui.window.conftest import ScriptedDialogs
from tests.ui.window.encounter_helpers import focus_tracker, press

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def names(record: OpenDocument) -> list[str]:
    return [combatant.name for combatant in record.document.encounter.combatants]


def test_ctrl_o_opens_an_encounter_in_its_own_tab_and_the_library_lists_it(
    window: MainWindow, saved_encounter: Path, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    window.library.refresh()  # the encounter was saved after the window started
    entries = {entry.path: entry for entry in window.library.model.entries()}
    assert entries[saved_encounter].kind_label == "Encounter"
    assert entries[saved_encounter].name == "Fane of the First Ones"

    fake_dialogs.answer("open_file_names", [saved_encounter])
    qtbot.keyClick(window, Qt.Key.Key_O, CTRL)
    [(_parent, _folder, file_filter)] = fake_dialogs.named("open_file_names")
    assert "*.m3e" in file_filter and "*.m3c" in file_filter
    [record] = window.session.records
    assert record.kind is ENCOUNTERS and isinstance(record.page, EncounterWidget)
    assert window.windowTitle() == "Fane of the First Ones[*] — m3desk"
    assert sorted(names(record)) == ["Felix Pook", "First One Mummy", "Gramfive the Grim"]
    encounter_menu = window.menu_actions.menus["encounter"]
    assert encounter_menu.menuAction().isVisible()
    assert record.page.encounter_actions.next_turn in encounter_menu.actions()
    assert window.open_path(saved_encounter) is record  # a second open focuses the tab


def test_an_encounter_from_the_command_line_and_a_sheet_tab_hides_the_menu(
    make_window, saved_encounter: Path, sample
) -> None:
    window = make_window([saved_encounter])
    [record] = window.session.records
    assert record.kind is ENCOUNTERS
    window.open_path(sample("guido"))
    assert not window.menu_actions.menus["encounter"].menuAction().isVisible()


def test_new_encounter_from_two_library_rows(
    window: MainWindow, party_in_library: dict[str, Path], fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    window.library.refresh()
    chosen = [party_in_library["gramfive"], party_in_library["first-one-mummy"]]
    assert window.library.select_paths(chosen) == 2
    asked: list[list[str]] = []

    def start_with_the_checked(_parent, candidates, name) -> NewEncounterChoice:
        asked.append([f"{c.name} ({c.where}, {c.checked})" for c in candidates if c.checked])
        return NewEncounterChoice(name, tuple(c.source for c in candidates if c.checked))

    fake_dialogs.answer("ask_new_encounter", start_with_the_checked)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL_SHIFT)
    assert sorted(asked[0]) == [
        "First One Mummy (library, True)",
        "Gramfive the Grim (library, True)",
    ]
    record = window.session.current()
    assert record is not None and record.kind is ENCOUNTERS
    assert sorted(names(record)) == ["First One Mummy", "Gramfive the Grim"]
    sources = {c.name: c.source_path for c in record.document.encounter.combatants}
    assert sources["Gramfive the Grim"] == str(party_in_library["gramfive"])
    assert record.path is None and not record.modified
    assert window.windowTitle() == "Encounter[*] — m3desk"


def test_open_sheet_tabs_join_a_new_encounter_and_samples_keep_no_path(
    window: MainWindow, party_in_library: dict[str, Path]
) -> None:
    felix = window.open_path(party_in_library["felix"])
    sample_row = next(e for e in window.library.model.entries() if "Xiola" in e.name)
    xiola = window.open_path(sample_row.path)
    assert felix is not None and xiola is not None and xiola.is_sample
    candidates = encounter_candidates(window.session.records_of(felix.kind), [])
    assert [(c.name, c.where, c.checked) for c in candidates] == [
        ("Felix Pook", "open tab", True),
        ("Xiola Zenwaith", "open tab", True),
    ]
    assert candidates[0].source is felix.document  # the tab's state, unsaved edits too
    assert candidates[1].source.path is None  # write-back never targets a sample


def test_new_encounter_dialog_lists_checkable_sheets(qtbot) -> None:
    from m3desk.ui.window.new_encounter import EncounterCandidate

    dialog = NewEncounterDialog(
        [
            EncounterCandidate("Felix", "open tab", "felix", True),
            EncounterCandidate("Mummy", "library", "mummy", False, side="Monsters"),
        ],
        "Encounter 2",
    )
    qtbot.addWidget(dialog)
    dialog.set_checked(1, True)
    dialog.set_checked(0, False)
    assert dialog.choice() == NewEncounterChoice("Encounter 2", ("mummy",), ("Monsters",))
    dialog.name.clear()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_next_turn_marks_unsaved_save_writes_a_file_that_reloads_equal(
    window: MainWindow,
    party_in_library: dict[str, Path],
    fake_dialogs: ScriptedDialogs,
    paths: AppPaths,
    qtbot,
) -> None:
    window.library.refresh()
    window.library.select_paths(list(party_in_library.values()))
    fake_dialogs.answer(
        "ask_new_encounter",
        lambda _p, candidates, _n: NewEncounterChoice(
            "Crypt", tuple(c.source for c in candidates if c.checked)
        ),
    )
    record = window.new_encounter()
    assert record is not None
    focus_tracker(qtbot, window, record)

    press(qtbot, Qt.Key.Key_Return, CTRL)  # Next Turn: in set-up it starts the encounter
    assert record.document.encounter.phase != "setup"
    assert window.tabs.title_of(record.page) == "Crypt · M&M *" and window.isWindowModified()

    fake_dialogs.answer("save_file_name", paths.encounters_dir / "crypt")
    press(qtbot, Qt.Key.Key_S, CTRL)
    [(_parent, suggested, file_filter)] = fake_dialogs.named("save_file_name")
    assert suggested == paths.encounters_dir / "Crypt.m3e" and "*.m3e" in file_filter
    saved = paths.encounters_dir / "crypt.m3e"
    assert record.path == saved and not record.modified
    assert window.tabs.title_of(record.page) == "Crypt · M&M" and not window.isWindowModified()
    assert load_encounter(saved).model == record.document.encounter
    assert window.settings_store.recent_files()[0] == saved
    assert saved in {entry.path for entry in window.library.model.entries()}


def test_ctrl_z_in_the_encounter_tab_undoes_the_encounter_change(
    window: MainWindow, saved_encounter: Path, sample, qtbot
) -> None:
    window.open_path(sample("guido"))  # another tab with its own (empty) undo stack
    record = window.open_path(saved_encounter)
    assert record is not None
    before = record.document.encounter
    focus_tracker(qtbot, window, record)
    press(qtbot, Qt.Key.Key_Return, CTRL)
    assert record.modified and window.menu_actions.undo.text() == "&Undo Start the encounter"
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert record.document.encounter == before and not record.modified
    assert window.tabs.title_of(record.page) == "Fane of the First Ones · M&M"


def test_closing_an_unsaved_encounter_asks_and_cancel_keeps_it(
    window: MainWindow, saved_encounter: Path, fake_dialogs: ScriptedDialogs, qtbot
) -> None:
    record = window.open_path(saved_encounter)
    assert record is not None
    focus_tracker(qtbot, window, record)
    press(qtbot, Qt.Key.Key_Return, CTRL)
    fake_dialogs.answer("ask_save_changes", SaveChoice.CANCEL, SaveChoice.DISCARD)
    press(qtbot, Qt.Key.Key_W, CTRL)
    assert fake_dialogs.named("ask_save_changes") == [(window, "Fane of the First Ones")]
    assert window.session.records == [record] and record.modified

    page = record.page
    assert window.close_current()  # Discard this time
    assert window.session.records == []
    assert not page.document_link.attached  # the widget let go of its document
    assert load_encounter(saved_encounter).model.phase == "setup"  # nothing written
    assert not window.menu_actions.menus["encounter"].menuAction().isVisible()


def test_an_encounter_file_dropped_on_the_window_opens(
    window: MainWindow, saved_encounter: Path, tmp_path: Path
) -> None:
    note = tmp_path / "note.txt"
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(saved_encounter)), QUrl.fromLocalFile(str(note))])
    assert document_paths(mime) == [saved_encounter]
    window.drop_filter.files_dropped.emit(document_paths(mime))
    assert [record.kind for record in window.session.records] == [ENCOUNTERS]


def test_double_click_on_an_encounter_row_opens_it(
    window: MainWindow, saved_encounter: Path
) -> None:
    window.library.refresh()
    model = window.library.model
    row = model.row_of(saved_encounter)
    window.library.view.activated.emit(model.index(row, Column.NAME))
    assert window.session.current().path == saved_encounter


def test_new_encounter_offers_every_sheet_of_one_game_with_a_side_each(
    window: MainWindow, party_in_library: dict[str, Path], qtbot
) -> None:
    from m3desk.ui.window.new_encounter import EncounterCandidate

    window.library.refresh()
    window.library.select_paths([party_in_library["gramfive"]])
    candidates = encounter_candidates(
        [], window.library.selected_entries(), window.library.model.entries()
    )
    by_name = {c.name: c for c in reversed(candidates)}  # the user's copy before the sample
    assert by_name["Gramfive the Grim"].where == "library"
    assert by_name["Gramfive the Grim"].checked and by_name["Gramfive the Grim"].side == "Party"
    assert not by_name["First One Mummy"].checked  # offered, not ticked
    assert by_name["First One Mummy"].side == "Monsters"
    assert "Goblin" in by_name and by_name["Goblin"].game != "Monsters & Magic"
    dialog = NewEncounterDialog(candidates, "Crypt")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.game.currentText() == "Monsters & Magic"
    rows = {dialog.sheets.item(r, 0).text(): r for r in reversed(range(dialog.sheets.rowCount()))}
    assert dialog.sheets.isRowHidden(rows["Goblin"])  # another game's sheet
    assert not dialog.sheets.isRowHidden(rows["First One Mummy"])
    # The GM ticks the mummy and puts Felix on the mummy's side, a traitor.
    dialog.set_checked(rows["First One Mummy"], True)
    dialog.set_checked(rows["Felix Pook"], True)
    felix_side = dialog.side_boxes[rows["Felix Pook"]]
    felix_side.setFocus()
    felix_side.lineEdit().selectAll()
    qtbot.keyClicks(felix_side, "Cult")
    choice = dialog.choice()
    ticked = sorted(
        r
        for r in range(len(candidates))
        if dialog.sheets.item(r, 0).checkState() == Qt.CheckState.Checked
    )
    chosen = dict(zip((candidates[r].name for r in ticked), choice.sides, strict=True))
    assert chosen == {
        "First One Mummy": "Monsters",
        "Felix Pook": "Cult",
        "Gramfive the Grim": "Party",
    }
    # Choosing another game shows its sheets and unticks the others.
    dialog.game.setCurrentText("Old-School Essentials")
    ose_goblin = next(
        r
        for r, c in enumerate(candidates)
        if c.name == "Goblin" and c.game == "Old-School Essentials"
    )
    assert not dialog.sheets.isRowHidden(ose_goblin)
    assert dialog.choice().sources == ()
    assert isinstance(candidates[0], EncounterCandidate)


def test_the_sides_chosen_are_the_sides_they_join(
    window: MainWindow, party_in_library: dict[str, Path], fake_dialogs: ScriptedDialogs
) -> None:
    fake_dialogs.answer(
        "ask_new_encounter",
        NewEncounterChoice(
            "Betrayal", (party_in_library["felix"], party_in_library["gramfive"]), ("Cult", "")
        ),
    )
    record = window.new_encounter()
    assert record is not None
    sides = {c.name: c.side for c in record.document.encounter.combatants}
    assert sides == {"Felix Pook": "Cult", "Gramfive the Grim": "Party"}


def test_the_boards_rings_or_lanes_choice_sticks_for_the_next_encounter(
    make_window, saved_encounter: Path, paths: AppPaths, qtbot
) -> None:
    from m3desk.storage.settings import load_settings

    window = make_window([saved_encounter])
    [record] = window.session.records
    assert isinstance(record.page, EncounterWidget)
    board = record.page.board
    assert board.lanes and board.lanes_button.isChecked()  # lanes beside the log at first

    qtbot.mouseClick(board.rings_button, Qt.MouseButton.LeftButton)

    assert not board.lanes
    settings, _problem = load_settings(paths)
    assert settings.board_lanes is False  # written at once, not only at exit
    second = saved_encounter.with_name("second.m3e")
    second.write_bytes(saved_encounter.read_bytes())
    other = window.open_path(second)
    assert isinstance(other.page, EncounterWidget) and not other.page.board.lanes
