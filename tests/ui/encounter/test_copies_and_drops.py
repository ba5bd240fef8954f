"""Putting monsters into a fight, in every game: N numbered copies of a sheet in one step
with hit points by the chosen method, and sheets dragged from the library onto the tab."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.copies import plural
from m3desk.core.dice import Roller
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.copies_dialog import CopiesDialog
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.library.model import LibraryModel
from m3desk.ui.library.scan import scan_files
from tests.ui.action.sample_fights import GAMES


def _samples(game: str, suffix: str) -> list[Path]:
    return [path for path in sample_files(game) if path.suffix == suffix]


def _widget(qtbot: Any, game: str) -> EncounterWidget:
    document = new_encounter_document(_samples(game, ".m3c")[:1], name="Copies")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1366, 728)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _rows(widget: EncounterWidget) -> list[tuple[str, str]]:
    """Each tracker row's name and first hit-point column, as the tracker shows them."""
    model = widget.tracker.tracker_model
    name = model.column_of("name")
    pool = next(
        n
        for n in range(model.columnCount())
        if re.fullmatch(r"-?\d+/\d+", str(model.index(0, n).data() or ""))
    )
    return [
        (str(model.index(row, name).data()), str(model.index(row, pool).data()))
        for row in range(model.rowCount())
    ]


def _expected(game: str, sheet: Any, method: str) -> int | None:
    """The book's numbers: d8 per Hit Die (½ HD: 1d4) plus the modifier, average rounded
    down; a game whose sheets have no Hit Dice keeps the sheet's hit points."""
    hit_dice = getattr(sheet, "hit_dice", None)
    if hit_dice is None:
        return None
    count, sides = (1, 4) if hit_dice == 0 else (hit_dice, 8)
    if method == "maximum":
        return int(max(1, count * sides + sheet.hit_dice_modifier))
    return int(max(1, count * (sides + 1) // 2 + sheet.hit_dice_modifier))


@pytest.mark.parametrize("method", ["average", "maximum", "rolled"])
@pytest.mark.parametrize("game", GAMES)
def test_four_copies_of_a_monster_in_one_step(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str, method: str
) -> None:
    widget = _widget(qtbot, game)
    document = widget.document
    monster_path = _samples(game, ".m3m")[0]
    monster = load_sheet(monster_path).model
    widget.roster_adder.roller = Roller(11)
    seen: list[str] = []

    def drive(dialog: CopiesDialog) -> int:
        offered = [dialog.sheet.itemText(n) for n in range(dialog.sheet.count())]
        # Only this game's sheets are offered, monsters first.
        names = {load_sheet(p).model.name for p in sample_files(game)}
        assert all(text.split(" (")[0] in names for text in offered), offered
        dialog.sheet.setCurrentIndex(offered.index(f"{monster.name} (monster, sample)"))
        dialog.count.setFocus()
        dialog.count.selectAll()
        qtbot.keyClicks(dialog.count, "4")
        dialog.method.setCurrentIndex(dialog.method.findData(method))
        seen.append(dialog.note.text())
        qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        return 1

    monkeypatch.setattr(CopiesDialog, "show_modal", staticmethod(drive))
    strip = widget.setup_strip
    strip.add_menu.aboutToShow.emit()
    action = next(a for a in strip.add_menu.actions() if a.text() == "&Copies of a Sheet…")
    action.trigger()
    rows = _rows(widget)
    copies = rows[1:]
    assert [name for name, _hp in copies] == [f"{monster.name} {n}" for n in range(1, 5)]
    expected = _expected(game, monster, method)
    points = [int(hp.split("/")[1]) for _name, hp in copies]
    if expected is None:  # no Hit Dice: the sheet's own hit points on every copy
        assert len(set(points)) == 1
        assert "hit points as the sheet" in document.encounter.log[-1].text
    elif method == "rolled":
        low = _expected(game, monster, "maximum")
        assert low is not None and all(1 <= p <= low for p in points)
        dice = seen[0].split("Hit Dice ")[1].split(":")[0]
        entry = document.encounter.log[-1]
        if len(set(points)) == 1:
            assert entry.text.endswith(f", {points[0]} hp each (rolled on {dice})")
        else:
            assert entry.text.endswith(f", {min(points)}–{max(points)} hp (rolled on {dice})")
            # Each copy's own roll is kept in the line's details.
            assert entry.details == "; ".join(
                f"{name}: {hp.split('/')[1]} hp" for name, hp in copies
            )
    else:
        assert points == [expected] * 4, (points, expected)
        assert f"{expected} hit points each ({method})" in seen[0]
    # One undo step and one log line for the four.
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == f"Add 4 × {monster.name}"
    line = document.encounter.log[-1].text
    assert line.startswith(f"4 {plural(monster.name)} join the Monsters: {monster.name} 1–4, "), (
        line
    )
    assert not any(entry.text.endswith("joins the Monsters") for entry in document.encounter.log)
    document.undo_stack.undo()
    assert len(document.encounter.combatants) == 1


def test_ose_average_is_the_sheets_own_average(qtbot: Any) -> None:
    """The copies' average and the OSE sheet's derived "average hit points" agree."""
    from m3desk.systems.ose.derive import derive

    widget = _widget(qtbot, "ose")
    for path in _samples("ose", ".m3m"):
        sheet = load_sheet(path).model
        dialog = CopiesDialog(widget.document, [], widget)
        qtbot.addWidget(dialog)
        rules = registry.get("ose").encounter
        assert rules is not None
        dice = rules.hit_dice(sheet)
        assert dice is not None
        from m3desk.core.copies import copy_hit_points

        assert copy_hit_points(dice, "average", Roller(1)) == max(
            1, derive(sheet)["hp.average"].value
        ), path.name


@pytest.mark.parametrize("game", GAMES)
def test_library_rows_dropped_on_the_encounter_join_it(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    widget = _widget(qtbot, game)
    document = widget.document
    monsters = _samples(game, ".m3m")[:2]
    others = [path for other in GAMES if other != game for path in _samples(other, ".m3m")[:1]]
    library = LibraryModel()
    library.set_entries(scan_files([*monsters, *others], is_sample=True))
    mime = library.mimeData([library.index(row, 0) for row in range(library.rowCount())])
    errors: list[str] = []
    monkeypatch.setattr(
        prompts, "show_error", lambda _parent, _title, message: errors.append(message)
    )
    # Dropped on the tracker's rows: the tracker takes no drops, so the tab does.
    target = widget.tracker.viewport()
    where = QPointF(target.rect().center())
    enter = QDragEnterEvent(
        where.toPoint(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        where,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, drop)
    assert drop.isAccepted()
    names = [c.name for c in document.encounter.combatants]
    for path in monsters:
        assert any(name.startswith(load_sheet(path).model.name) for name in names), names
    assert len(names) == 1 + len(monsters)
    assert document.undo_stack.count() == 1
    # Another game's sheets are refused with a message naming both games.
    game_name = registry.get(game).name
    assert len(errors) == 1 and errors[0].count(f"this encounter is {game_name}") == len(others)


@pytest.mark.parametrize("game", GAMES)
def test_add_combatants_offers_only_sheets_of_the_encounters_game(qtbot: Any, game: str) -> None:
    from m3desk.ui.encounter.new_document import OpenSheet

    document = new_encounter_document(_samples(game, ".m3c")[:1], name="Mixed window")
    open_sheets = [OpenSheet(load_sheet(_samples(other, ".m3m")[0]).model, None) for other in GAMES]
    widget = EncounterWidget(document, open_sheets=lambda: open_sheets)
    qtbot.addWidget(widget)
    strip = widget.setup_strip
    strip.add_menu.aboutToShow.emit()
    texts = [a.text() for a in strip.add_menu.actions() if a.text()]
    mine = load_sheet(_samples(game, ".m3m")[0]).model.name
    others = {s.sheet.name for s in open_sheets} - {mine}
    assert mine in texts
    assert not others & set(texts), texts
    offered = widget.roster_adder.sheet_choices()
    assert {registry.system_of(c.sheet).id for c in offered} == {game}
