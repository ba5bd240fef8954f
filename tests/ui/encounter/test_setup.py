"""Set-up: surroundings and maximum range, roster, Scouting and surprise, Start."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from m3desk.systems.monsters_and_magic import RangeBand
from m3desk.systems.monsters_and_magic.checks import Failure
from m3desk.systems.monsters_and_magic.encounter import range_between
from m3desk.systems.monsters_and_magic.ranges import EncounterConditions
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.new_document import OpenSheet, new_encounter_document
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.helpers import by_name, click_cell, row_of


def choose(combo, data) -> None:
    """Pick an item as the GM would (by its data); fails if it is not offered."""
    index = combo.findData(data)
    assert index >= 0, f"{data!r} not offered"
    combo.setCurrentIndex(index)


def test_new_document_puts_characters_in_the_party_and_monsters_in_monsters(
    sample_copies: list[Path],
) -> None:
    document = new_encounter_document(
        [*sample_copies, CharacterSheet(name="Hireling"), OpenSheet(MonsterSheet(name="Rat"), None)]
    )
    sides = {c.name: c.side for c in document.encounter.combatants}
    assert sides["First One Mummy"] == "Monsters" and sides["Rat"] == "Monsters"
    assert sides["Felix Pook"] == "Party" and sides["Hireling"] == "Party"
    assert by_name(document.encounter, "Felix").source_path == str(sample_copies[0])
    assert by_name(document.encounter, "Hireling").source_path is None
    assert not document.modified and document.undo_stack.count() == 0


def test_surroundings_set_the_maximum_range_and_the_gm_can_override_it(
    qtbot, widget: EncounterWidget
) -> None:
    strip = widget.setup_strip
    document = widget.document
    assert document.encounter.maximum_range is RangeBand.SHORT
    assert "max Short" in strip.game_panel.conditions_combo.currentText()
    choose(strip.game_panel.conditions_combo, EncounterConditions.OUTDOORS_CLEAR)
    assert document.encounter.maximum_range is RangeBand.OUT_OF_RANGE
    assert strip.game_panel.maximum_combo.itemText(0) == "Table 13: Out of Range"
    choose(strip.game_panel.maximum_combo, RangeBand.MEDIUM)
    assert document.encounter.maximum_range is RangeBand.MEDIUM
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.encounter.maximum_range is RangeBand.OUT_OF_RANGE
    assert strip.game_panel.maximum_combo.currentIndex() == 0
    document.undo_stack.undo()
    assert strip.game_panel.conditions_combo.currentData() == EncounterConditions.INDOORS_CHAMBER


def test_scouting_party_success_mummy_simple_failure(qtbot, widget: EncounterWidget) -> None:
    scouting = widget.setup_strip.game_panel.scouting
    assert not scouting.apply_button.isEnabled()
    choose(scouting.side_combos["Party"], "success")
    choose(scouting.side_combos["Monsters"], Failure.SIMPLE)
    assert scouting.preview.text() == "→ the encounter starts at Short; the Party have surprise"
    assert scouting.surprise_box.isChecked()
    assert scouting.surprise_box.text() == "The Party have surprise"
    qtbot.mouseClick(scouting.apply_button, Qt.MouseButton.LeftButton)

    encounter = widget.document.encounter
    felix, mummy = by_name(encounter, "Felix"), by_name(encounter, "First")
    assert range_between(encounter, felix.id, mummy.id) is RangeBand.SHORT
    assert encounter.surprise_side == "Party"
    assert "the Party have surprise" in widget.round_label.text()
    assert encounter.log[-1].text.startswith("Scouting: the encounter starts at Short")


def test_the_gm_can_rule_out_surprise(qtbot, widget: EncounterWidget) -> None:
    scouting = widget.setup_strip.game_panel.scouting
    choose(scouting.side_combos["Party"], "success")
    choose(scouting.side_combos["Monsters"], Failure.MAJOR)
    qtbot.mouseClick(scouting.surprise_box, Qt.MouseButton.LeftButton)
    assert not scouting.surprise_box.isChecked()
    assert scouting.preview.text().endswith("no surprise")
    scouting.apply_button.click()
    assert widget.document.encounter.surprise_side is None


def test_both_sides_spotting_gives_no_surprise_to_offer(qtbot, widget: EncounterWidget) -> None:
    scouting = widget.setup_strip.game_panel.scouting
    choose(scouting.side_combos["Party"], "success")
    choose(scouting.side_combos["Monsters"], "success")
    assert not scouting.surprise_box.isEnabled()
    assert scouting.surprise_box.text() == "No surprise"


def test_add_combatants_from_files_one_undo_step_and_errors_per_file(
    qtbot, widget: EncounterWidget, sample_copies: list[Path], tmp_path: Path, monkeypatch
) -> None:
    broken = tmp_path / "broken.m3m"
    broken.write_text("{ not json", encoding="utf-8")
    mummy = next(p for p in sample_copies if p.suffix == ".m3m")
    asked: list[Path] = []
    errors: list[str] = []

    def pick(parent, folder):
        asked.append(folder)
        return [mummy, broken]

    monkeypatch.setattr(prompts, "sheet_files_to_add", pick)
    monkeypatch.setattr(prompts, "show_error", lambda parent, title, text: errors.append(text))
    strip = widget.setup_strip
    strip.side_combo.setCurrentText("Undead")
    before = widget.document.undo_stack.count()
    strip.add_menu.aboutToShow.emit()
    strip.add_menu.actions()[0].trigger()

    encounter = widget.document.encounter
    assert [c.name for c in encounter.combatants if c.name.startswith("First")] == [
        "First One Mummy 1",
        "First One Mummy 2",
    ]
    assert by_name(encounter, "First One Mummy 2").side == "Undead"
    assert "Undead" in encounter.sides
    assert widget.document.undo_stack.count() == before + 1
    assert len(errors) == 1 and "broken.m3m" in errors[0]
    assert widget.document.selected == by_name(encounter, "First One Mummy 2").id
    assert "Undead" in widget.setup_strip.game_panel.scouting.side_combos


def test_add_from_sheets_open_in_the_window(qtbot, document) -> None:
    sheet = CharacterSheet(name="Brother Anselm")
    shown = EncounterWidget(document, open_sheets=lambda: [OpenSheet(sheet, None)])
    qtbot.addWidget(shown)
    strip = shown.setup_strip
    strip.add_menu.aboutToShow.emit()
    texts = [a.text() for a in strip.add_menu.actions()]
    assert "Brother Anselm" in texts
    next(a for a in strip.add_menu.actions() if a.text() == "Brother Anselm").trigger()
    assert by_name(document.encounter, "Brother").side == "Party"


def test_remove_the_selected_combatant(qtbot, widget: EncounterWidget) -> None:
    click_cell(qtbot, widget, "Guido", Column.NAME)
    qtbot.mouseClick(widget.setup_strip.remove_button, Qt.MouseButton.LeftButton)
    assert not any(c.name.startswith("Guido") for c in widget.document.encounter.combatants)
    widget.document.undo_stack.undo()
    assert row_of(widget, "Guido") >= 0


def test_renaming_the_encounter_is_one_undo_step(qtbot, widget: EncounterWidget) -> None:
    edit = widget.setup_strip.name_edit
    edit.selectAll()
    qtbot.keyClicks(edit, "Crypt")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert widget.document.encounter.name == "Crypt"
    assert widget.document.title() == "Crypt *"
