"""What the app formats itself renders; what files say shows literally (issue 19 §1).

The plain-text guard turned Qt's own tooltip label plain, so every tooltip read
``<p style='white-space:pre-wrap'>AC 19 = …</p>``, and the action dialogs' coloured labels
showed ``<span style='color:…'>``. These tests hover real cells of every game and read the
text Qt's tooltip label (``QTipLabel``) renders, and read every label of each game's action
dialog after a roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from tests.ui.rendered_text import hover, markup

GAMES = [system.id for system in registry.systems()]


def hover_cell(view: QAbstractItemView, index: QModelIndex) -> str:
    view.scrollTo(index)
    return hover(view.viewport(), view.visualRect(index).center())


def cells_with_tips(view: QAbstractItemView, limit: int = 6) -> Iterator[QModelIndex]:
    model = view.model()
    found = 0
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            if view.isIndexHidden(index) if hasattr(view, "isIndexHidden") else False:
                continue
            if index.data(Qt.ItemDataRole.ToolTipRole) and view.visualRect(index).isValid():
                yield index
                found += 1
                if found >= limit:
                    return


def same_words(shown: str, tip: str) -> bool:
    return shown.split() == tip.split()


def shows_exactly(shown: str, tip: str) -> None:
    """The label shows the tip's words and no markup the tip itself does not contain
    (a condition hint's literal "<name>" is the hint's own text)."""
    assert markup(shown) == markup(tip), shown
    assert same_words(shown, tip), (shown, tip)


def _visible_views(page: QWidget) -> list[QAbstractItemView]:
    return [
        view
        for view in page.findChildren(QAbstractItemView)
        if view.isVisibleTo(page) and view.model() is not None
    ]


def _check_views(page: QWidget) -> int:
    hovered = 0
    for view in _visible_views(page):
        for index in cells_with_tips(view):
            tip = str(index.data(Qt.ItemDataRole.ToolTipRole))
            shown = hover_cell(view, index)
            shows_exactly(shown, tip)
            hovered += 1
    return hovered


@pytest.mark.parametrize("game", GAMES)
def test_hovered_sheet_cells_and_labels_show_their_text_not_markup(
    qtbot, window: MainWindow, game: str
) -> None:
    for path in sample_files(game)[:4]:
        record = window.open_path(path)
        assert record is not None
        page = record.page
        qtbot.waitExposed(page)
        hovered = _check_views(page)
        derived = [
            label
            for label in page.findChildren(QWidget)
            if label.toolTip() and "=" in label.toolTip() and label.isVisibleTo(page)
        ]
        for widget in derived[:4]:
            shown = hover(widget, widget.rect().center())
            shows_exactly(shown, widget.toolTip())
            hovered += 1
        assert hovered, f"nothing to hover on {path.name}"


def _encounter(window: MainWindow, game: str) -> EncounterWidget:
    files = [p for p in sample_files(game)]
    document = new_encounter_document(files[:2] + files[-2:], name=f"{game} fight")
    fight = document.encounter
    fight = core.set_side_initiative(fight, {side: 2 + n for n, side in enumerate(fight.sides)})
    document.apply(core.next_turn(fight), "start")
    record = window.session.adopt(document)
    page = record.page
    assert isinstance(page, EncounterWidget)
    return page


@pytest.mark.parametrize("game", GAMES)
def test_hovered_tracker_cells_board_tokens_and_library_rows_show_plain_words(
    qtbot, window: MainWindow, game: str
) -> None:
    page = _encounter(window, game)
    qtbot.waitExposed(page)
    QApplication.processEvents()
    tracker = page.tracker
    assert list(cells_with_tips(tracker)), "the tracker has no tooltips"
    for index in cells_with_tips(tracker, limit=12):
        shown = hover_cell(tracker, index)
        shows_exactly(shown, str(index.data(Qt.ItemDataRole.ToolTipRole)))
    view = page.board.view
    tokens = page.board.scene.tokens()
    hovered = 0
    for token in tokens:
        where = view.mapFromScene(token.sceneBoundingRect().center())
        if view.itemAt(where) is not token:
            continue
        shown = hover(view.viewport(), where)
        shows_exactly(shown, token.toolTip())
        hovered += 1
    assert hovered, "no token could be hovered"
    library = window.library.view
    rows = list(cells_with_tips(library, limit=8))
    assert rows
    for index in rows:
        shows_exactly(hover_cell(library, index), str(index.data(Qt.ItemDataRole.ToolTipRole)))


def test_a_hostile_name_shows_literally_in_the_tooltip_label(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The other half of the promise: a file's text is never read as markup."""
    from m3desk.storage.sheet_files import load_sheet, save_sheet

    hostile = "<b>x</b> & <img src=/dev/zero>"
    for game in GAMES:
        source = next(p for p in sample_files(game) if p.suffix == ".m3c")
        sheet = load_sheet(source).model
        path = tmp_path / f"{game}.m3c"
        save_sheet(path, sheet.model_copy(update={"name": hostile}))
        document = new_encounter_document([path], name=hostile)
        record = window.session.adopt(document)
        page = record.page
        assert isinstance(page, EncounterWidget)
        qtbot.waitExposed(page)
        model = page.tracker.tracker_model
        index = model.index(0, model.column_of("name"))
        shown = hover_cell(page.tracker, index)
        assert hostile in shown, shown
        window.session.close_all(ask=False)


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # a popup, offscreen
def test_a_menu_s_action_tips_show_as_words(qtbot, window: MainWindow) -> None:
    """Edit → Table Rules of Other Games explains each game's item on hover (the guard
    used to swallow every menu tooltip: the menu itself has none)."""
    menu = window.menu_actions.game_rules_menu
    menu.popup(window.mapToGlobal(window.rect().center()))
    QApplication.processEvents()
    actions = [a for a in menu.actions() if not a.isSeparator() and a.toolTip()]
    assert actions
    for action in actions:
        shown = hover(menu, menu.actionGeometry(action).center())
        shows_exactly(shown, action.toolTip())
        assert shown.split() != action.text().replace("&", "").split()
    menu.close()
