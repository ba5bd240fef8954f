"""The bestiary panel in the real window: search, filter, open a monster, add N to a fight."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QDialog, QPlainTextEdit, QTabBar

from m3desk.assets import sample_files
from m3desk.core.dice import Roller
from m3desk.storage.bestiary import BestiaryEntry
from m3desk.ui.dialogs import NewEncounterChoice
from m3desk.ui.encounter.copies_dialog import CopiesDialog, SheetChoice, appearing_dice
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.library.bestiary_model import BestiaryColumn, BestiaryModel
from m3desk.ui.main_window import MainWindow


def _shown_names(model: BestiaryModel) -> list[str]:
    return [model.data(model.index(row, BestiaryColumn.NAME)) for row in range(model.rowCount())]


def _open_panel(qtbot, window: MainWindow):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(
        window,
        Qt.Key.Key_M,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    panel = window.bestiary
    qtbot.waitUntil(lambda: bool(panel.bestiaries), timeout=2000)
    tabs = _dock_tabs(window)
    assert tabs.tabText(tabs.currentIndex()) == "Bestiary"
    assert panel.search.hasFocus()
    return panel


def _dock_tabs(window: MainWindow) -> QTabBar:
    return next(
        bar
        for bar in window.findChildren(QTabBar)
        if {bar.tabText(n) for n in range(bar.count())} == {"Library", "Bestiary"}
    )


def test_start_up_reads_no_bestiary(window: MainWindow) -> None:
    assert window.bestiary.bestiaries == []
    tabs = _dock_tabs(window)  # a tab behind the library
    assert tabs.tabText(tabs.currentIndex()) == "Library"


def test_the_model_passes_the_model_tester(qtmodeltester, window: MainWindow) -> None:
    window.bestiary.ensure_loaded()
    qtmodeltester.check(window.bestiary.model)


def test_search_and_filters_narrow_the_list_as_typed(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    assert panel.model.rowCount() == 257
    assert "257 monsters" in panel.title.text()

    qtbot.keyClicks(panel.search, "hobgob")
    assert _shown_names(panel.model) == ["Hobgoblin", "Hobgoblin Bodyguard", "Hobgoblin King"]
    assert panel.detail.text().splitlines()[1].startswith("HD 1+1   AC 6 [13]   THAC0 18")

    panel.search.clear()
    panel.mode_filter.setCurrentIndex(panel.mode_filter.findText("Flies"))
    fliers = _shown_names(panel.model)
    assert "White Dragon" in fliers and "Giant Rat" not in fliers
    panel.level_filter.setCurrentIndex(panel.level_filter.findText("HD 4–6"))
    panel.alignment_filter.setCurrentIndex(panel.alignment_filter.findText("Neutral"))
    mid_neutral_fliers = _shown_names(panel.model)
    assert "White Dragon" in mid_neutral_fliers
    assert all(4 <= panel.model.entry(row).level <= 6 for row in range(panel.model.rowCount()))
    assert all(
        panel.model.entry(row).alignment == "Neutral" for row in range(panel.model.rowCount())
    )
    assert "of " not in panel.model.data(panel.model.index(0, BestiaryColumn.LEVEL))


def test_variants_are_listed_in_the_order_of_their_numbers(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    qtbot.keyClicks(panel.search, "hydra")
    assert _shown_names(panel.model) == [f"Hydra (HD {hd})" for hd in range(5, 13)]
    panel.search.clear()
    qtbot.keyClicks(panel.search, "air elemental")
    assert _shown_names(panel.model) == [f"Air Elemental (HD {hd})" for hd in (8, 12, 16)]


def test_enter_opens_the_monster_as_a_sample_sheet(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    qtbot.keyClicks(panel.search, "ogre")
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)
    record = window.session.current()
    assert record is not None and record.plain_title() == "Ogre"
    assert record.is_sample and record.path is None
    tabs = window.tabs.tab_widget
    assert tabs.tabToolTip(tabs.currentIndex()).startswith(
        "From Old-School Essentials SRD monsters — Save makes your own copy"
    )
    assert record.model().max_hit_points == 19


def test_add_to_encounter_needs_an_encounter(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    assert not panel.add_button.isEnabled()
    assert "Open an encounter" in panel.add_button.toolTip()


@pytest.fixture
def ose_encounter(window: MainWindow, fake_dialogs):
    party = [path for path in sample_files("ose") if path.suffix == ".m3c"][:2]
    fake_dialogs.answer(
        "ask_new_encounter", NewEncounterChoice("Hobgoblin Lair", tuple(party), ("", ""))
    )
    record = window.new_encounter()
    assert record is not None and isinstance(record.page, EncounterWidget)
    return record


def test_four_hobgoblins_join_the_fight_in_one_step(
    qtbot, window: MainWindow, ose_encounter, monkeypatch
) -> None:
    panel = _open_panel(qtbot, window)
    window.bestiary_commands.follow(ose_encounter)
    qtbot.keyClicks(panel.search, "hobgoblin")
    assert panel.add_button.isEnabled()
    shown: list[str] = []

    def four_at_maximum(dialog: CopiesDialog) -> int:
        shown.append(dialog.sheet.currentText())
        dialog.count.setValue(4)
        dialog.method.setCurrentIndex(dialog.method.findText("Maximum"))
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CopiesDialog, "show_modal", four_at_maximum)
    before = len(ose_encounter.document.encounter.combatants)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    encounter = ose_encounter.document.encounter
    added = encounter.combatants[before:]
    assert [c.name for c in added] == [f"Hobgoblin {n}" for n in range(1, 5)]
    assert {c.side for c in added} == {"Monsters"}
    assert shown == ["Hobgoblin (monster, bestiary)"]
    assert {c.sheet.max_hit_points for c in added} == {9}  # HD 1+1 at its maximum, 8 + 1
    tracker = ose_encounter.page.tracker
    model = tracker.model()
    shown = {
        str(model.data(model.index(row, column)))
        for row in range(model.rowCount())
        for column in range(model.columnCount())
    }
    assert {"Hobgoblin 1", "Hobgoblin 4"} <= shown
    ose_encounter.document.undo_stack.undo()  # one undo step takes all four away
    assert len(ose_encounter.document.encounter.combatants) == before


def test_the_count_can_be_rolled_from_number_appearing(qtbot, ose_encounter) -> None:
    from m3desk.systems.ose.sheet import MonsterSheet

    entry = BestiaryEntry(MonsterSheet(name="Hobgoblin"), {}, appearing="2d4 (4d6)")
    dialog = CopiesDialog(
        ose_encounter.document,
        [SheetChoice(entry.sheet, "bestiary")],
        roller=Roller(seed=3),
        appearing=entry.appearing,
    )
    qtbot.addWidget(dialog)
    assert dialog.roll_count.text() == "&Roll 2d4" and not dialog.roll_count.isHidden()
    qtbot.mouseClick(dialog.roll_count, Qt.MouseButton.LeftButton)
    total = dialog.count.value()
    assert 2 <= total <= 8
    assert dialog.rolled.text().startswith("rolled 2d4: ")
    assert dialog.rolled.text().endswith(f" = {total}")


@pytest.mark.parametrize(
    ("text", "dice"),
    [("2d4 (1d6 × 10)", "2d4"), ("1 (1)", None), ("0 (3d10)", None), ("1d8+1 (0)", "1d8+1")],
)
def test_appearing_dice(text: str, dice: str | None) -> None:
    found = appearing_dice(text)
    assert (str(found) if found else None) == dice


def test_the_licence_shows_as_plain_text(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    assert panel.licence_button.isVisible()
    qtbot.mouseClick(panel.licence_button, Qt.MouseButton.LeftButton)
    text = panel.licence_dialog.findChild(QPlainTextEdit, "bestiary_licence_text")
    assert text is not None
    assert "OPEN GAME LICENSE Version 1.0a" in text.toPlainText()
    panel.licence_dialog.close()


def test_unused_index_is_harmless() -> None:
    model = BestiaryModel()
    assert model.data(QModelIndex()) is None
    assert Path  # keep the import list honest for the type checker


def test_down_in_the_search_box_moves_into_the_list(qtbot, window: MainWindow) -> None:
    panel = _open_panel(qtbot, window)
    qtbot.keyClicks(panel.search, "orc")
    qtbot.keyClick(panel.search, Qt.Key.Key_Down)
    assert panel.view.hasFocus()
    assert panel.current_entry() is not None and "Orc" in panel.current_entry().sheet.name


def test_a_misprinted_monster_carries_a_warning_mark_and_says_why(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """A bestiary monster whose XP is not its Hit Dice's shows the warning icon beside its
    name, the sentence in its tooltip and under the list; the SRD's own monsters show none."""
    import json

    from m3desk.assets import resource_path
    from m3desk.storage.bestiary import load_bestiary

    panel = _open_panel(qtbot, window)
    model = panel.model
    decorated = [
        model.entry(row).name
        for row in range(model.rowCount())
        if model.data(model.index(row, BestiaryColumn.NAME), Qt.ItemDataRole.DecorationRole)
        is not None
    ]
    assert decorated == []
    data = json.loads(
        resource_path("bestiary", "ose", "srd-monsters.json").read_text(encoding="utf-8")
    )
    for monster in data["monsters"]:
        if monster["sheet"]["name"] == "Mastodon":
            monster["sheet"]["xp"] = 1  # the compendium's slip
    path = tmp_path / "misprinted.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    model.set_entries(load_bestiary(path).entries)
    qtbot.keyClicks(panel.search, "mastodon")
    index = model.index(0, BestiaryColumn.NAME)
    assert model.data(index) == "Mastodon"
    assert model.data(index, Qt.ItemDataRole.DecorationRole) is not None
    assert "Warning: XP 1 is not the XP table's 1,350 for HD 15" in model.data(
        index, Qt.ItemDataRole.ToolTipRole
    )
    panel.view.setCurrentIndex(index)
    assert "⚠ XP 1 is not the XP table's 1,350" in panel.detail.text()
