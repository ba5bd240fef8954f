"""The library panel: samples on first start, search, broken files, opening by mouse and keys."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from m3desk.assets import sample_files
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import save_sheet
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.library.model import ENTRY_ROLE, MARK_ROLE, Column, LibraryModel
from m3desk.ui.library.scan import scan_library
from m3desk.ui.main_window import MainWindow

SAMPLE_NAMES = {"Gramfive", "Felix", "Xiola", "Shamira", "Guido", "First One"}


def _names(model: LibraryModel) -> list[str]:
    return [model.index(row, Column.NAME).data() for row in range(model.rowCount())]


def _row(window: MainWindow, text: str) -> int:
    names = _names(window.library.model)
    return next(i for i, name in enumerate(names) if text.casefold() in name.casefold())


def _samples_of(game: str) -> int:
    from m3desk.ui.library.scan import read_entry

    return sum(1 for path in sample_files() if read_entry(path).game == game)


ALL_SAMPLES = len(sample_files())
OUR_SAMPLES = 6  # the Example of Play's party and mummy


def test_first_start_shows_the_sample_party(window: MainWindow, paths: AppPaths) -> None:
    assert not paths.characters_dir.exists()
    model = window.library.model
    assert model.rowCount() == ALL_SAMPLES
    assert window.library.summary.text() == f"No sheets of your own yet, {ALL_SAMPLES} samples"
    window.library.show_game("Monsters & Magic")
    names = _names(model)
    assert len(names) == OUR_SAMPLES == _samples_of("Monsters & Magic")
    for expected in SAMPLE_NAMES:
        assert any(expected.casefold() in name.casefold() for name in names), names
    assert {model.index(r, Column.SOURCE).data() for r in range(6)} == {"Sample"}


def test_the_game_filter_shows_one_game_at_a_time(window: MainWindow, qtbot) -> None:
    combo, model = window.library.game_filter, window.library.model
    assert combo.isVisible()
    games = [combo.itemText(n) for n in range(combo.count())]
    assert games[:2] == ["All games", "Monsters & Magic"] and "Old-School Essentials" in games
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert model.game == "Monsters & Magic" and model.rowCount() == OUR_SAMPLES
    combo.setCurrentIndex(games.index("Old-School Essentials"))
    assert model.rowCount() == _samples_of("Old-School Essentials") > 0
    assert all(model.entry(r).game == "Old-School Essentials" for r in range(model.rowCount()))
    assert "Old-School Essentials" in model.index(0, Column.NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert window.library.summary.text().startswith(f"Showing {model.rowCount()} of ")
    combo.setCurrentIndex(0)
    assert model.rowCount() == ALL_SAMPLES


def test_search_filters_by_name_race_class_kind_and_level(window: MainWindow, qtbot) -> None:
    search, model = window.library.search, window.library.model
    window.library.show_game("Monsters & Magic")
    qtbot.keyClicks(search, "gramf")
    assert _names(model) == [n for n in _names(model) if "gramf" in n.casefold()]
    assert len(_names(model)) == 1
    search.clear()
    qtbot.keyClicks(search, "monster")
    assert [model.index(r, Column.KIND).data() for r in range(model.rowCount())] == ["Monster"]
    search.clear()
    qtbot.keyClicks(search, "fighter")
    assert all(model.index(r, Column.CLASS).data() == "fighter" for r in range(model.rowCount()))
    assert model.rowCount() >= 1
    search.clear()
    gramfive = model.index(_row(window, "gramfive"), Column.RACE).data()
    qtbot.keyClicks(search, gramfive)
    assert model.rowCount() >= 1
    search.clear()
    qtbot.keyClicks(search, "no such thing")
    assert model.rowCount() == 0
    assert window.library.summary.text().startswith(f"Showing 0 of {ALL_SAMPLES} · ")
    search.clear()
    assert model.rowCount() == 6


def test_user_files_are_listed_and_a_broken_file_shows_its_error(
    make_window, paths: AppPaths
) -> None:
    paths.library_dir("characters")
    paths.library_dir("monsters")
    save_sheet(
        paths.characters_dir / "aria.m3c",
        CharacterSheet(name="Aria", race="elf", char_class="thief", level=3),
    )
    save_sheet(paths.monsters_dir / "rat.m3m", MonsterSheet(name="Giant Rat", level=2))
    (paths.characters_dir / "broken.m3c").write_text("{ not json", encoding="utf-8")
    (paths.characters_dir / ".aria.m3c.1234.tmp").write_text("leftover", encoding="utf-8")

    window = make_window()
    window.library.show_game("Monsters & Magic")
    model = window.library.model
    assert model.rowCount() == 9
    broken = model.index(_row(window, "broken"), Column.NAME)
    assert broken.data(Qt.ItemDataRole.DecorationRole) is not None
    assert "broken.m3c" in broken.data(Qt.ItemDataRole.ToolTipRole)
    assert "cannot be opened" in broken.data(Qt.ItemDataRole.ToolTipRole)
    aria = model.index(_row(window, "aria"), Column.NAME)
    assert aria.data(Qt.ItemDataRole.DecorationRole) is None
    assert model.index(aria.row(), Column.SOURCE).data() == "Library"
    assert model.index(aria.row(), Column.LEVEL).data() == "3"
    assert "1 cannot be opened" in window.library.summary.text()


def test_double_click_opens_a_sample_in_a_tab(window: MainWindow, qtbot) -> None:
    view = window.library.view
    index = window.library.model.index(_row(window, "gramfive"), Column.NAME)
    view.scrollTo(index)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    qtbot.mouseDClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    assert [r.plain_title() for r in window.session.records] == ["Gramfive the Grim"]
    assert window.session.current().is_sample


def test_enter_in_the_list_and_in_the_search_box_opens(window: MainWindow, qtbot) -> None:
    view = window.library.view
    view.setFocus()
    view.setCurrentIndex(window.library.model.index(_row(window, "felix"), Column.NAME))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.keyClicks(window.library.search, "xiola")
    qtbot.keyClick(window.library.search, Qt.Key.Key_Return)
    titles = [r.plain_title() for r in window.session.records]
    assert len(titles) == 2 and "Felix" in titles[0] and "Xiola" in titles[1]


def test_opening_a_file_twice_focuses_its_tab(window: MainWindow) -> None:
    view = window.library.view
    first = window.library.model.index(_row(window, "gramfive"), Column.NAME)
    other = window.library.model.index(_row(window, "felix"), Column.NAME)
    view.activated.emit(first)
    view.activated.emit(other)
    view.activated.emit(first)
    assert len(window.session.records) == 2
    assert window.session.current().plain_title() == "Gramfive the Grim"


def _drag_enter(pos: QPointF, mime: QMimeData) -> QDragEnterEvent:
    """PySide6 6.12 takes a QPointF (the QPoint form is deprecated); 6.11 only a QPoint."""
    args = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    try:
        return QDragEnterEvent(pos, *args)
    except TypeError:
        return QDragEnterEvent(pos.toPoint(), *args)


def _drop(target, mime: QMimeData) -> QDropEvent:
    pos = QPointF(target.rect().center())
    actions = Qt.DropAction.CopyAction
    enter = _drag_enter(pos, mime)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    drop = QDropEvent(pos, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, drop)
    return drop


def test_dragging_a_library_row_onto_the_tab_area_opens_it(window: MainWindow) -> None:
    model = window.library.model
    row = _row(window, "shamira")
    mime = model.mimeData([model.index(row, Column.NAME)])
    drop = _drop(window.tabs.placeholder, mime)
    assert drop.isAccepted()
    assert [r.plain_title() for r in window.session.records] == [model.entry(row).name]
    # A second one dropped on the tab bar of the now visible tab widget.
    row = _row(window, "guido")
    _drop(window.tabs.tab_widget.tabBar(), model.mimeData([model.index(row, Column.NAME)]))
    assert len(window.session.records) == 2


def test_dropping_files_from_a_file_manager_opens_sheets_only(
    window: MainWindow, sample, tmp_path: Path
) -> None:
    note = tmp_path / "note.txt"
    note.write_text("not a sheet", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(sample("gramfive"))), QUrl.fromLocalFile(str(note))])
    _drop(window.tabs.placeholder, mime)
    assert [r.plain_title() for r in window.session.records] == ["Gramfive the Grim"]

    only_text = QMimeData()
    only_text.setUrls([QUrl.fromLocalFile(str(note))])
    enter = _drag_enter(QPointF(5, 5), only_text)
    enter.ignore()
    QApplication.sendEvent(window.tabs.tab_widget.tabBar(), enter)
    assert not enter.isAccepted()


def test_library_model_passes_the_model_tester(qtmodeltester, paths: AppPaths, sample) -> None:
    paths.library_dir("characters")
    (paths.characters_dir / "broken.m3c").write_bytes(b"\x00\xff")
    model = LibraryModel()
    model.set_entries(scan_library(paths, [sample("gramfive"), sample("first-one-mummy")]))
    qtmodeltester.check(model)
    model.sort(Column.LEVEL, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(model)
    model.set_filter("gram")
    qtmodeltester.check(model)
    model.set_filter("")
    model.set_entries([])
    qtmodeltester.check(model)


def test_header_click_sorts_in_the_model_and_keeps_the_selection(window: MainWindow, qtbot) -> None:
    view, model = window.library.view, window.library.model
    window.library.show_game("Monsters & Magic")
    assert view.model() is model  # no QSortFilterProxyModel in between
    window.library.select_path(model.entry(_row(window, "xiola")).path)
    header = view.horizontalHeader()
    level_x = header.sectionViewportPosition(Column.LEVEL) + header.sectionSize(Column.LEVEL) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(level_x, header.height() // 2)
    )
    levels = [model.entry(r).level for r in range(model.rowCount())]
    assert levels == sorted(levels) or levels == sorted(levels, reverse=True)
    assert "Xiola" in model.entry(view.currentIndex().row()).name
    assert model.index(0, 0).data(ENTRY_ROLE) is model.entry(0)


def test_a_newer_or_damaged_sample_free_library_still_lists_user_files(tmp_path: Path) -> None:
    paths = AppPaths(tmp_path / "d", tmp_path / "c", tmp_path / "s")
    paths.library_dir("characters")
    newer = paths.characters_dir / "future.m3c"
    newer.write_text(
        json.dumps({"format": "m3desk.character", "schema_version": 99, "document": {}}),
        encoding="utf-8",
    )
    entries = scan_library(paths, [])
    assert len(entries) == 1 and entries[0].broken and "newer" in (entries[0].error or "")


def test_a_sheet_saved_by_another_program_appears_by_itself(
    window: MainWindow, paths: AppPaths, qtbot
) -> None:
    paths.library_dir("monsters")
    window.library.refresh()  # now the new folder is watched too
    save_sheet(paths.monsters_dir / "ogre.m3m", MonsterSheet(name="Ogre", level=4))
    qtbot.waitUntil(lambda: window.library.model.rowCount() == ALL_SAMPLES + 1, timeout=5000)


def test_the_library_opens_narrow_with_a_readable_name_column(window: MainWindow) -> None:
    """About a third of a 1,000 px sheet, not half of it: marks for Kind and Source."""
    QApplication.processEvents()
    library, view = window.library, window.library.view
    assert 300 <= library.width() <= 350, library.width()  # Lvl fits Hit Dice ("4+1")
    header = view.horizontalHeader()
    name_needs = view.fontMetrics().horizontalAdvance("Gramfive the Grim")
    assert header.sectionSize(Column.NAME) >= name_needs
    assert view.horizontalScrollBar().maximum() == 0, "every column is in view"
    model = library.model
    gramfive, mummy = _row(window, "gramfive"), _row(window, "mummy")
    assert model.index(gramfive, Column.KIND).data(MARK_ROLE) == "character"
    assert model.index(mummy, Column.KIND).data(MARK_ROLE) == "monster"
    assert model.index(gramfive, Column.SOURCE).data(MARK_ROLE) == "sample"
    assert model.index(gramfive, Column.KIND).data(Qt.ItemDataRole.ToolTipRole) == "Character"
    assert "Kind" in model.headerData(
        Column.KIND, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert library.grab().width() == library.width()  # the marks paint without errors


def test_a_narrow_library_keeps_names_readable(window: MainWindow, qtbot) -> None:
    """Dragged to ~235 px, Race and Class give way (elided, then hidden), not the names."""
    window.library.show_game("Monsters & Magic")
    QApplication.processEvents()
    library, view = window.library, window.library.view
    header = view.horizontalHeader()
    default = library.width()
    name_needs = view.fontMetrics().horizontalAdvance("Gramfive the Grim")

    def dock(width: int) -> None:
        window.resizeDocks([library], [width], Qt.Orientation.Horizontal)
        QApplication.processEvents()
        # The fit follows the header's own layout, and the scroll range follows the fit.
        qtbot.waitUntil(
            lambda: (
                header.sectionSize(Column.NAME) >= name_needs
                and view.horizontalScrollBar().maximum() == 0
            ),
            timeout=2000,
        )

    dock(235)
    assert library.width() <= 240
    assert header.isSectionHidden(Column.RACE), "Race gives way first"
    for column in (Column.KIND, Column.LEVEL, Column.SOURCE):
        assert not header.isSectionHidden(column)
    # What the hidden columns said is still in the name's tooltip.
    gramfive = library.model.index(_row(window, "gramfive"), Column.NAME)
    assert "level 1 human fighter" in gramfive.data(Qt.ItemDataRole.ToolTipRole)

    dock(default)
    qtbot.waitUntil(
        lambda: (
            not header.isSectionHidden(Column.RACE) and not header.isSectionHidden(Column.CLASS)
        ),
        timeout=2000,
    )
    metrics = view.fontMetrics()
    assert header.sectionSize(Column.CLASS) >= metrics.horizontalAdvance("magic user")
    assert header.sectionSize(Column.RACE) >= metrics.horizontalAdvance("high elf")


def test_the_user_can_widen_the_library_and_the_saved_layout_wins(make_window, qtbot) -> None:
    window = make_window()
    QApplication.processEvents()
    default = window.library.width()
    name_before = window.library.view.horizontalHeader().sectionSize(Column.NAME)
    window.resizeDocks([window.library], [default + 120], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    assert window.library.width() >= default + 100
    assert window.library.view.horizontalHeader().sectionSize(Column.NAME) > name_before
    wide = window.library.width()
    window.shutdown()  # remembers the layout, as closing the window does
    again = make_window()
    QApplication.processEvents()
    assert abs(again.library.width() - wide) <= 2, (again.library.width(), wide)


def test_down_in_the_search_box_moves_into_the_list(window: MainWindow, qtbot) -> None:
    library = window.library
    qtbot.keyClicks(library.search, "gramfive")
    library.view.setCurrentIndex(library.model.index(-1, 0))  # no row current yet
    qtbot.keyClick(library.search, Qt.Key.Key_Down)
    assert library.view.hasFocus() or QApplication.focusWidget() is library.view
    current = library.model.entry(library.view.currentIndex().row())
    assert current is not None and current.path.stem == "gramfive"
