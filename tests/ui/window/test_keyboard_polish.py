"""The keyboard, as a polished app has it (issue 19 §9).

Help → Keyboard Shortcuts listed Qt's internals ("Ctrl+Z, Alt+Backspace, Undo", F14); the
save-changes question's Discard had no Alt+letter; Tab from a row table's editor stopped on
check-box columns, where there is nothing to type.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMessageBox

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
from m3desk.ui.sheet.sheet_table_view import SheetTableView

QT_KEY_NAMES = re.compile(
    r"\b(F1[3-9]|F2\d|F3[0-5]|Undo|Redo|Close|Save|Open|New|Help|Find|"
    r"Copy|Paste|Cut|Forward|Back|Refresh|Print)\b"
)


def test_the_shortcuts_list_each_command_once_with_keys_a_user_presses(
    qtbot: Any, window: MainWindow
) -> None:
    dialog = window.show_shortcuts()
    qtbot.addWidget(dialog)
    table = dialog.table  # type: ignore[attr-defined]
    rows = [
        tuple(table.item(row, column).text() for column in range(3))
        for row in range(table.rowCount())
    ]
    assert rows
    commands = [(where, what) for where, what, _keys in rows]
    assert len(commands) == len(set(commands)), "a command is listed twice"
    by_name = {what: keys for _where, what, keys in rows}
    assert by_name["Undo"] == "Ctrl+Z"
    assert by_name["Redo"] == "Ctrl+Y or Ctrl+Shift+Z"
    assert by_name["Close"] == "Ctrl+W"
    # The map's own keys (they work while the map has the focus): its picture tools too.
    on_map = {what: keys for where, what, keys in rows if where == "Map"}
    assert on_map["Adjust Picture"] == "B" and on_map["Calibrate Picture"] == "C"
    assert on_map["Move the selected one a grid step"] == "Arrow keys"
    for where, what, keys in rows:
        assert "&" not in what and not what.endswith("…"), what
        assert keys and not QT_KEY_NAMES.search(keys), (what, keys)
        assert "," not in keys, (what, keys)
        assert where in ("Window", "Encounter", "Map")
    # Every text shows whole: no column is narrower than what it holds.
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    for column in range(3):
        widest = max(metrics.horizontalAdvance(row[column]) for row in rows)
        assert header.sectionSize(column) >= widest, (column, header.sectionSize(column))


def test_every_button_of_the_save_changes_question_has_an_alt_letter(
    monkeypatch: pytest.MonkeyPatch, qtbot: Any
) -> None:
    shown: list[list[str]] = []

    def answer(box: QMessageBox) -> int:
        shown.append([button.text() for button in box.buttons()])
        return int(QMessageBox.StandardButton.Cancel)

    monkeypatch.setattr(QMessageBox, "exec", answer)
    dialogs.ask_save_changes(None, "Gramfive")
    dialogs.ask_restore(None, ["Gramfive"])
    assert len(shown) == 2
    for texts in shown:
        letters = [re.search(r"&(\w)", text) for text in texts]
        assert all(letters), texts
        keys = [match.group(1).lower() for match in letters if match]
        assert len(keys) == len(set(keys)), texts
    assert "&Discard" in shown[0]


def _tab_from_editor(qtbot: Any, view: SheetTableView, column: int) -> int:
    """Open the editor of the first row's ``column``, press Tab; the column it lands on."""
    model = view.model()
    index = model.index(0, column)
    view.setFocus()
    view.setCurrentIndex(index)
    view.edit(index)
    QApplication.processEvents()
    assert view.state() == QAbstractItemView.State.EditingState
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    QApplication.processEvents()
    landed = view.currentIndex()
    assert view.state() == QAbstractItemView.State.EditingState, "Tab left nothing to type in"
    return landed.column()


@pytest.mark.parametrize("game", [s.id for s in registry.systems()])
def test_tab_in_a_row_table_skips_check_box_columns(
    qtbot: Any, window: MainWindow, game: str
) -> None:
    tried = 0
    for path in sample_files(game):
        record = window.open_path(path)
        assert record is not None
        page = record.page
        qtbot.waitExposed(page)
        for view in page.findChildren(SheetTableView):
            model = view.model()
            if model is None or model.rowCount() == 0 or not view.isVisibleTo(page):
                continue
            flags = [model.index(0, c).flags() for c in range(model.columnCount())]
            checks = [c for c, f in enumerate(flags) if f & Qt.ItemFlag.ItemIsUserCheckable]
            editable = [c for c, f in enumerate(flags) if f & Qt.ItemFlag.ItemIsEditable]
            # A cell just before a check box, with a cell to type in after the check boxes.
            before = [
                c
                for c in editable
                if c + 1 in checks and (model.rowCount() > 1 or any(e > c + 1 for e in editable))
            ]
            if not before:
                continue
            landed = _tab_from_editor(qtbot, view, before[0])
            assert landed not in checks, (path.name, landed)
            assert flags[landed] & Qt.ItemFlag.ItemIsEditable
            view.closePersistentEditor(view.currentIndex())
            tried += 1
        window.session.close(record, ask=False)
        if tried >= 2:
            break
    if game == "ose" or game == "adnd2e":
        assert tried, f"no {game} row table with a check-box column was tried"
