"""The Tables panel through the real window, for every game: View → Tables, a table picked
with a click, Roll clicked (and totals typed), the result with its chain on the screen and in
the open encounter's log as one undo step; the GM's own table typed in the dialog; the models
pass qtmodeltester."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPlainTextEdit

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.dice import Roller
from m3desk.core.system import GameSystem
from m3desk.storage.paths import AppPaths
from m3desk.storage.tables import load_tables
from m3desk.ui.main_window import MainWindow
from m3desk.ui.tables.models import RowsModel, TablesModel, chance_text

GAMES = list(registry.systems())


def _encounter_file(game: GameSystem, paths: AppPaths) -> Path | None:
    from m3desk.storage.encounter_files import save_encounter
    from m3desk.ui.encounter.new_document import new_encounter_document

    files = sample_files(game.id)
    if game.encounter is None or not files:
        return None
    document = new_encounter_document(files[:3], name=f"{game.name} road")
    path = paths.library_dir("encounters") / f"{game.id}.m3e"
    save_encounter(path, document.encounter)
    document.deleteLater()
    return path


def _type_lines(qtbot: Any, widget: Any, text: str) -> None:
    """Type ``text`` key by key, Return between lines (keyClicks takes no newline)."""
    for number, line in enumerate(text.split("\n")):
        if number:
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        qtbot.keyClicks(widget, line)


def _click_row(qtbot: Any, view: Any, row: int) -> None:
    index = view.model().index(row, 0)
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_tables_roll_through_the_window_and_land_in_the_log(
    game: GameSystem, make_window: Callable[..., MainWindow], paths: AppPaths, qtbot: Any
) -> None:
    encounter = _encounter_file(game, paths)
    window = make_window([encounter] if encounter is not None else [])
    action = window.findChild(QAction, "show_tables")
    assert action is not None
    action.trigger()
    panel = window.tables_panel
    qtbot.waitUntil(panel.isVisible)
    assert panel.game_id == (game.id if encounter is not None else panel.game_id)
    panel.show_game(game.id)
    if not len(panel.tables):
        assert "ships no tables" in panel.note.text()
        qtbot.mouseClick(panel.new_button, Qt.MouseButton.LeftButton)
        dialog = panel.table_dialog
        qtbot.keyClicks(dialog.name_edit, "Camp at night")
        dialog.rows_edit.setFocus()
        _type_lines(qtbot, dialog.rows_edit, "d6, Result\n1-3, Owls\n4-5")
        save = dialog.buttons.button(dialog.buttons.StandardButton.Save)
        qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
        assert "Row 2 has no result" in dialog.problems.text() and dialog.isVisible()
        _type_lines(qtbot, dialog.rows_edit, ", Wolves, 2d4\n6, A bear")
        qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
        assert not dialog.isVisible()
        assert panel.current_table() is not None
        assert panel.current_table().name == "Camp at night"  # type: ignore[union-attr]
    last = panel.list_model.rowCount() - 1
    _click_row(qtbot, panel.list_view, last)
    table = panel.current_table()
    assert table is not None and table.name == panel.list_model.table(last).name  # type: ignore[union-attr]
    # every row's chance on the screen is the table's own exact chance
    shown = [panel.rows_model.index(r, 2).data() for r in range(panel.rows_model.rowCount())]
    assert shown == [chance_text(c) for _row, c in table.chances()]
    panel.roller = Roller(5)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    result = panel.last
    assert result is not None
    assert panel.result.text().startswith(result.chain_text())
    assert (
        panel.rows_model.index(panel.rows_model.hit, 1).data() == result.steps[0].row.result_text()
    )
    record = window.session.current() if encounter is not None else None
    if record is not None:
        fight = record.document
        assert f"Logged in {fight.encounter.name}." in panel.result.text()
        assert fight.encounter.log[-1].text == f"{table.name}: {result.summary()}"
        before = len(fight.encounter.log)
        fight.undo_stack.undo()
        assert len(fight.encounter.log) == before - 1
    # a total typed at the table
    total = table.rows[0].low
    panel.typed.setFocus()
    qtbot.keyClicks(panel.typed, str(total))
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.last is not None and panel.last.steps[0].typed
    assert panel.last.steps[0].total == total
    assert f"({table.dice}: {total}, typed)" in panel.result.text()
    qtbot.keyClicks(panel.typed, "999")
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert f"999 is not on {table.name}" in panel.result.text()


def test_treasure_is_rolled_from_the_panel(
    make_window: Callable[..., MainWindow], qtbot: Any
) -> None:
    tables = {g.id: load_tables(g.id) for g in GAMES}
    with_treasure = [g for g, t in tables.items() if t.treasure_types]
    assert with_treasure
    window = make_window([])
    window.findChild(QAction, "show_tables").trigger()
    panel = window.tables_panel
    for game in GAMES:
        panel.show_game(game.id)
        assert panel.treasure_button.isVisibleTo(panel) == (game.id in with_treasure)
    panel.show_game(with_treasure[0])
    panel.treasure_box.setCurrentIndex(panel.treasure_box.findData("H"))
    panel.roller = Roller(9)
    qtbot.mouseClick(panel.treasure_button, Qt.MouseButton.LeftButton)
    treasure = panel.last_treasure
    assert treasure is not None
    assert panel.result.text() == "Treasure type H:\n" + "\n".join(treasure.lines())


def test_the_search_narrows_the_list(make_window: Callable[..., MainWindow], qtbot: Any) -> None:
    window = make_window([])
    window.findChild(QAction, "show_tables").trigger()
    panel = window.tables_panel
    game = next(g for g in GAMES if len(load_tables(g.id)) > 5)
    panel.show_game(game.id)
    everything = panel.list_model.rowCount()
    first = panel.list_model.table(0)
    assert first is not None
    qtbot.keyClicks(panel.search, first.name.split()[0][:5])
    assert 1 <= panel.list_model.rowCount() <= everything
    panel.list_view.setFocus()
    qtbot.keyClick(panel.list_view, Qt.Key.Key_Return)  # Enter on a table rolls it
    assert panel.last is not None and panel.last.steps[0].table == panel.current_table().name  # type: ignore[union-attr]
    panel.search.clear()
    qtbot.keyClicks(panel.search, "zzzz-no-such")
    assert panel.list_model.rowCount() == 0 and not panel.roll_button.isEnabled()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_models_pass_qtmodeltester(game: GameSystem, qtmodeltester: Any) -> None:
    tables = load_tables(game.id)
    names = TablesModel()
    names.set_tables(tables)
    qtmodeltester.check(names)
    rows = RowsModel()
    rows.set_table(tables.get(tables.names()[0]) if len(tables) else None)
    qtmodeltester.check(rows)
    names.set_filter("a")
    qtmodeltester.check(names)


def test_an_import_that_is_not_text_is_said(
    make_window: Callable[..., MainWindow], tmp_path: Path
) -> None:
    window = make_window([])
    window.findChild(QAction, "show_tables").trigger()
    panel = window.tables_panel
    bad = tmp_path / "table.csv"
    bad.write_bytes(b"\xff\xfe\x00junk")
    panel.import_path(bad)
    assert "is not a UTF-8 text file" in panel.result.text()
    large = tmp_path / "huge.csv"
    with large.open("wb") as stream:
        stream.truncate(300 * 1024)  # sparse: over the limit without writing it
    panel.import_path(large)
    # on the old code: "so it is not an m3desk file", of a CSV table
    assert panel.result.text().endswith("so it is not a table of CSV or Markdown text.")
    good = tmp_path / "weather.md"
    good.write_text("| d4 | Weather |\n|---|---|\n| 1-3 | Rain |\n| 4 | Sun |\n", encoding="utf-8")
    panel.import_path(good)
    dialog = panel.table_dialog
    assert dialog.name_edit.text() == "weather" and "Rain" in dialog.rows_edit.toPlainText()
    dialog.reject()  # a modal dialog left open would take the next test's keys


def test_the_srd_tables_show_their_licence(
    make_window: Callable[..., MainWindow], qtbot: Any
) -> None:
    window = make_window([])
    window.findChild(QAction, "show_tables").trigger()
    panel = window.tables_panel
    for game in GAMES:
        panel.show_game(game.id)
        table = panel.current_table()
        licensed = table is not None and bool(table.licence)
        assert panel.licence_button.isVisibleTo(panel) == licensed
        if licensed:
            qtbot.mouseClick(panel.licence_button, Qt.MouseButton.LeftButton)
            text = panel.licence_dialog.findChild(QPlainTextEdit, "tables_licence_text")
            assert "OPEN GAME LICENSE Version 1.0a" in text.toPlainText()
            panel.licence_dialog.close()
