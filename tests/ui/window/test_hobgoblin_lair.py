""" "The party meets 2d4 hobgoblins", as a GM plays it in the real window: the party from the
library, the hobgoblins from the bestiary (their number rolled), surprise, distance and
reaction, the fight's end typed into the tracker, the experience shared and written back
into the characters' files."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit

from m3desk.assets import sample_files
from m3desk.core.dice import Roller
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.dialogs import NewEncounterChoice
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.copies_dialog import CopiesDialog
from m3desk.ui.encounter.experience_dialog import ExperienceDialog
from m3desk.ui.encounter.setup_steps import SetupStepsPanel
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow


def _party(paths: AppPaths) -> list[Path]:
    folder = paths.library_dir("characters")
    wanted = ("lirra", "morgan-ironwolf", "silverleaf")
    return [
        Path(shutil.copyfile(source, folder / source.name))
        for source in sample_files("ose")
        if source.stem in wanted
    ]


def _type_hp(qtbot, page: EncounterWidget, name: str, text: str) -> None:
    tracker = page.tracker
    model = tracker.tracker_model
    combatant = next(c for c in page.document.encounter.combatants if c.name == name)
    cell = model.index(model.row_of(combatant.id), model.column_of("hp"))
    tracker.setFocus()
    tracker.setCurrentIndex(cell)
    tracker.edit(cell)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit), type(editor)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: cell.data() is not None and str(cell.data()).startswith(text), timeout=2000
    )


def test_2d4_hobgoblins_and_the_party_from_bestiary_to_experience_written_back(
    qtbot, window: MainWindow, fake_dialogs, paths: AppPaths, monkeypatch
) -> None:
    party = _party(paths)
    fake_dialogs.answer(
        "ask_new_encounter", NewEncounterChoice("Hobgoblin lair", tuple(party), ("",) * len(party))
    )
    record = window.new_encounter()
    assert record is not None
    page = record.page
    assert isinstance(page, EncounterWidget)
    document = page.document
    page.roster_adder.roller = Roller(seed=7)

    # The bestiary: hobgoblins, their number rolled from the book's 1d6... 2d4 here.
    window.activateWindow()
    qtbot.keyClick(
        window,
        Qt.Key.Key_M,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    panel = window.bestiary
    qtbot.waitUntil(lambda: bool(panel.bestiaries), timeout=2000)
    window.bestiary_commands.follow(record)
    qtbot.keyClicks(panel.search, "hobgoblin")
    assert panel.current_entry().sheet.name == "Hobgoblin"
    rolled: list[str] = []

    def roll_2d4(dialog: CopiesDialog) -> int:
        dialog.appearing_dice = __import__(
            "m3desk.core.dice", fromlist=["DiceExpr"]
        ).DiceExpr.parse("2d4")  # the GM's "2d4 hobgoblins"
        qtbot.mouseClick(dialog.roll_count, Qt.MouseButton.LeftButton)
        rolled.append(dialog.rolled.text())
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CopiesDialog, "show_modal", roll_2d4)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    hobgoblins = [c for c in document.encounter.combatants if c.name.startswith("Hobgoblin")]
    count = len(hobgoblins)
    assert 2 <= count <= 8 and rolled[0].endswith(f"= {count}")
    assert [c.name for c in hobgoblins] == [f"Hobgoblin {n}" for n in range(1, count + 1)]

    # Surprise, distance, reaction: typed as rolled at the table.
    steps = page.findChild(SetupStepsPanel)
    qtbot.keyClicks(steps.row("surprise").faces, "4 5")
    qtbot.keyClick(steps.row("surprise").faces, Qt.Key.Key_Return)
    assert steps.row("surprise").result.text().endswith("nobody is surprised")
    qtbot.keyClicks(steps.row("distance").faces, "2 3")
    qtbot.keyClick(steps.row("distance").faces, Qt.Key.Key_Return)
    assert steps.row("distance").result.text() == "50 ft, dungeon"
    qtbot.keyClicks(steps.row("reaction").faces, "1 2")
    qtbot.keyClick(steps.row("reaction").faces, Qt.Key.Key_Return)
    assert (
        "hostile, may attack" in steps.row("reaction").result.text()
        or "attacks" in steps.row("reaction").result.text()
    )

    # The fight's end, as the GM types it into the tracker: every hobgoblin down.
    qtbot.mouseClick(page.setup_strip.start_button, Qt.MouseButton.LeftButton)
    for hobgoblin in hobgoblins:
        _type_hp(qtbot, page, hobgoblin.name, "0")
    assert all(
        c.sheet.hit_points <= 0
        for c in document.encounter.combatants
        if c.name.startswith("Hobgoblin")
    )

    # Experience: 15 XP each (the SRD block), shared by the three survivors.
    page.encounter_actions.experience.trigger()
    dialog = page.findChild(ExperienceDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.total.text() == f"Total: {15 * count} XP"
    share = 15 * count // 3
    shown = {
        dialog.shares.item(row, 0).text(): dialog.shares.item(row, 1).text()
        for row in range(dialog.shares.rowCount())
    }
    assert set(shown) == {"Lirra", "Morgan Ironwolf", "Silverleaf"}
    before = {path.stem: load_sheet(path).model.experience for path in party}
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert not dialog.add_button.isEnabled()  # once only
    monkeypatch.setattr(prompts, "confirm_write_back", lambda *_args: True)
    qtbot.mouseClick(dialog.write_back_button, Qt.MouseButton.LeftButton)
    after = {path.stem: load_sheet(path).model.experience for path in party}
    for path in party:
        name = load_sheet(path).model.name
        assert after[path.stem] == before[path.stem] + int(shown[name])
        assert int(shown[name]) >= share - share // 10  # a prime requisite moves it ±10 %
    assert any("Experience:" in entry.text for entry in document.encounter.log)
