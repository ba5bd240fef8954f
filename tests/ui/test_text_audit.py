"""Every text m3desk shows reads as written, in the whole window and all four games.

A tour opens the real main window with a character, a monster and an encounter of every game
(named "Bob & Sue", "Fang & Claw" and "Fight & Flight", as a user's files may be), every
menu, and every dialog the menus reach (each modal one is read and then cancelled by a timer;
the non-modal ones are read where they stand), and reads every widget's texts.

1. No "&" is lost or doubled. Buttons, check boxes, group boxes, tab bars, dock titles,
   menu items and labels with a buddy read "&" as a mnemonic: a name with "&" must be
   written "&&" there, or the "&" vanishes and underlines what follows ("Monsters  Magic").
   Everywhere else (plain labels, window titles, combo items, lists, tooltips) "&" shows as
   it is, so "&&" shows doubled and "&Name" shows its marker.
2. No placeholder is cut: each fits its field at the real screen sizes, measured in a
   fresh process per screen (``tests/ui/screens/offscreen.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QTextDocumentFragment
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QTabBar,
    QTableView,
    QTextEdit,
    QTreeView,
    QWidget,
)

from m3desk.core import registry
from tests import toy_system
from tests.ui.screens.offscreen import SCREENS, run_on_screen

GAMES = tuple(registry.ids())
CHARACTER, MONSTER, ENCOUNTER = "Bob & Sue", "Fang & Claw", "Fight & Flight"
WINDOW_DIALOGS = (
    "new_character",
    "new_monster",
    "new_encounter",
    "table_rules",
    "shortcuts",
    "user_guide",
    "about",
)
"""The window's menu commands that open a dialog (files and printers are Qt's own)."""
ENCOUNTER_DIALOGS = (
    "table_rules",
    "forecast",
    "board_window",
    "player_view",
    "act",
    "roll_initiative",
    "roll_selected",
    "add_condition",
    "adjust_php",
    "adjust_mhp",
)
"""The encounter commands that open a dialog or a window of their own."""


# -- reading texts --------------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """A text as a widget was given it; ``mnemonic``: the widget reads "&" as a marker."""

    where: str
    raw: str
    mnemonic: bool


def _tokens(raw: str) -> Iterator[tuple[str, bool]]:
    """(character, is a lone "&") for what a mnemonic widget makes of ``raw``."""
    index = 0
    while index < len(raw):
        if raw[index] == "&":
            if raw[index + 1 : index + 2] == "&":
                yield "&", False
                index += 2
                continue
            yield raw[index + 1 : index + 2], True
            index += 2
            continue
        yield raw[index], False
        index += 1


def as_shown(raw: str) -> str:
    """What a mnemonic widget shows of ``raw``: lone "&" gone, "&&" as one "&"."""
    return "".join(char for char, _lone in _tokens(raw))


def offences(text: Text, names: tuple[str, ...]) -> list[str]:
    """What is wrong with ``text``; ``names``: names that really contain "&"."""
    found = []
    if text.mnemonic:
        marked = [char for char, lone in _tokens(text.raw) if lone]
        if any(not char or char.isspace() for char in marked):
            found.append("an '&' that should show vanishes (write '&&')")
        if len(marked) > 1:
            found.append("more than one mnemonic '&': the later ones vanish")
        shown = as_shown(text.raw)
    else:
        shown = text.raw
        rest = shown
        for name in names:
            rest = rest.replace(name, "")
        if "&&" in shown:
            found.append("a doubled '&&' shows")
        elif re.search(r"&\w", rest):
            found.append("a mnemonic '&' shows literally")
    for name in names:
        mangled = as_shown(name)
        if mangled != name and mangled in shown and name not in shown:
            found.append(f"{name!r} shows as {mangled!r}")
    return found


def path_of(obj: Any) -> str:
    parts = []
    while obj is not None:
        name = type(obj).__name__
        if obj.objectName() and not obj.objectName().startswith("qt_"):
            name += f"#{obj.objectName()}"
        parts.append(name)
        if isinstance(obj, QWidget) and obj.isWindow():
            if not isinstance(obj, QMainWindow):  # its title follows the current tab
                parts[-1] += f"[{obj.windowTitle()}]"
            break
        obj = obj.parent()
    return "/".join(reversed(parts[:6]))


def _literal_label(label: QLabel) -> str:
    if label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and Qt.mightBeRichText(label.text())
    ):
        return QTextDocumentFragment.fromHtml(label.text()).toPlainText()
    return label.text()


def _columns(model: Any, parent: Any) -> int:
    try:
        return int(model.columnCount(parent))
    except TypeError:  # a list model's columnCount is private: it has one column
        return 1


def _view_texts(view: QAbstractItemView, where: str) -> Iterator[Text]:
    model = view.model()
    if model is None:
        return
    root = view.rootIndex()
    for orientation, count in (
        (Qt.Orientation.Horizontal, _columns(model, root)),
        (Qt.Orientation.Vertical, model.rowCount(root)),
    ):
        for section in range(min(count, 60)):
            value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str):
                yield Text(f"{where} header {section}", value, False)
    stack = [root]
    seen = 0
    while stack and seen < 400:
        parent = stack.pop()
        for row in range(model.rowCount(parent)):
            for column in range(_columns(model, parent)):
                index = model.index(row, column, parent)
                seen += 1
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str) and value:
                        yield Text(f"{where} cell {row},{column}", value, False)
                if column == 0 and isinstance(view, QTreeView) and model.rowCount(index):
                    stack.append(index)


def widget_texts(widget: QWidget) -> Iterator[Text]:
    """The texts ``widget`` itself shows (not its children's)."""
    where = path_of(widget)
    if widget.isWindow() or isinstance(widget, QDockWidget):
        yield Text(f"{where} title", widget.windowTitle(), isinstance(widget, QDockWidget))
    if widget.toolTip():
        yield Text(f"{where} tooltip", widget.toolTip(), False)
    if isinstance(widget, QAbstractButton):
        yield Text(where, widget.text(), True)
    elif isinstance(widget, QGroupBox):
        yield Text(where, widget.title(), True)
    elif isinstance(widget, QLabel):
        if widget.buddy() is not None:
            yield Text(where, widget.text(), True)
        else:
            yield Text(where, _literal_label(widget), False)
    elif isinstance(widget, QTabBar):
        for index in range(widget.count()):
            yield Text(f"{where} tab {index}", widget.tabText(index), True)
            yield Text(f"{where} tab {index} tooltip", widget.tabToolTip(index), False)
    elif isinstance(widget, QComboBox):
        for index in range(widget.count()):
            yield Text(f"{where} item {index}", widget.itemText(index), False)
        yield Text(f"{where} placeholder", widget.placeholderText(), False)
    elif isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        yield Text(f"{where} placeholder", widget.placeholderText(), False)
    elif isinstance(widget, QMenu):
        yield from menu_texts(widget)
    if isinstance(widget, QAbstractItemView) and not isinstance(widget.parent(), QComboBox):
        yield from _view_texts(widget, where)


def menu_texts(menu: QMenu) -> Iterator[Text]:
    """A menu's title and items, filled as they are when the menu opens (if it can)."""
    if not menu.menuAction().isVisible():
        return
    menu.aboutToShow.emit()
    where = path_of(menu)
    yield Text(f"{where} title", menu.title(), True)
    for action in menu.actions():
        yield from action_texts(action, where)


def action_texts(action: QAction, where: str) -> Iterator[Text]:
    if action.isSeparator() or not action.isVisible():
        return
    yield Text(f"{where} ▸ {action.text()!r}", action.text(), True)
    if action.toolTip():
        yield Text(f"{where} ▸ {action.text()!r} tooltip", action.toolTip(), False)
    if action.statusTip():
        yield Text(f"{where} ▸ {action.text()!r} status tip", action.statusTip(), False)
    submenu = action.menu()
    if isinstance(submenu, QMenu):
        yield from menu_texts(submenu)


def texts_of(top: QWidget) -> Iterator[Text]:
    """Every text of ``top`` and of every widget and menu inside it."""
    for widget in [top, *top.findChildren(QWidget)]:
        yield from (text for text in widget_texts(widget) if text.raw)
    for action in top.actions():
        yield from action_texts(action, path_of(top))
    if hasattr(top, "menuBar"):
        for action in top.menuBar().actions():
            yield from action_texts(action, "menu bar")


# -- measuring placeholders -----------------------------------------------------------------


def _line_edit_room(edit: QLineEdit) -> int:
    """The width a line edit paints its placeholder in: its contents rectangle (inside the
    frame) minus the text margins, the side widgets (clear button) and Qt's 2 px a side."""
    option = QStyleOptionFrame()
    option.initFrom(edit)
    style = edit.style()
    option.lineWidth = (
        style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, option, edit)
        if edit.hasFrame()
        else 0
    )
    contents = style.subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    sides = sum(
        child.width()
        for child in edit.findChildren(QWidget)
        if child.parent() is edit and child.isVisible()
    )
    return contents.width() - margins.left() - margins.right() - sides - 4


def _measure(widget: QWidget) -> tuple[str, int, int]:
    """(placeholder, room, need) of a field; an empty placeholder if it has none."""
    if isinstance(widget, QLineEdit) and widget.placeholderText():
        text = widget.placeholderText()
        return text, _line_edit_room(widget), widget.fontMetrics().horizontalAdvance(text)
    if isinstance(widget, QComboBox) and not widget.isEditable() and widget.placeholderText():
        option = QStyleOptionComboBox()
        option.initFrom(widget)
        option.frame = True
        text = widget.placeholderText()
        room = (
            widget.style()
            .subControlRect(
                QStyle.ComplexControl.CC_ComboBox,
                option,
                QStyle.SubControl.SC_ComboBoxEditField,
                widget,
            )
            .width()
        )
        return text, room, widget.fontMetrics().horizontalAdvance(text)
    if isinstance(widget, QPlainTextEdit | QTextEdit) and widget.placeholderText():
        text = widget.placeholderText()
        margin = int(widget.document().documentMargin())
        viewport = widget.viewport().rect().adjusted(margin, margin, -margin, -margin)
        need = (
            widget.fontMetrics()
            .boundingRect(0, 0, viewport.width(), 10_000, Qt.TextFlag.TextWordWrap, text)
            .height()
        )
        return text, viewport.height(), need
    return "", 0, 0


def placeholders(top: QWidget) -> list[dict[str, Any]]:
    """Every field of ``top`` with a placeholder: the room it has and the room the
    placeholder needs (pixels wide; for a text box, pixels high). A field inside a part the
    user reveals (details, an option's extra field) is measured with that part shown."""
    measured = []
    for widget in [top, *top.findChildren(QWidget)]:
        if not _measure(widget)[0] or not top.isVisible():
            continue
        revealed = []
        if not widget.isVisible():
            hidden = widget
            while hidden is not None and hidden is not top:
                if hidden.isHidden():
                    revealed.append(hidden)
                hidden = hidden.parentWidget()
            for part in reversed(revealed):
                part.show()
            settle()
        if widget.isVisible():
            text, room, need = _measure(widget)
            measured.append(
                {
                    "where": path_of(widget),
                    "text": text,
                    "room": room,
                    "need": need,
                    "revealed": bool(revealed),
                }
            )
        for part in revealed:
            part.hide()
    return measured


# -- the tour ---------------------------------------------------------------------------------


def plant_files(paths: Any) -> list[Path]:
    """A character, a monster and an encounter of every game, in the user's library, each
    with "&" in its name."""
    from m3desk.assets import sample_files
    from m3desk.core import encounter as core
    from m3desk.storage.encounter_files import save_encounter
    from m3desk.storage.sheet_files import load_sheet, save_sheet
    from m3desk.ui.encounter.new_document import new_encounter_document

    planted: list[Path] = []
    for game in GAMES:
        samples = sample_files(game)
        character = next(p for p in samples if p.suffix == ".m3c")
        monster = next(p for p in samples if p.suffix == ".m3m")
        sheets = []
        for source, name, kind in (
            (character, CHARACTER, "characters"),
            (monster, MONSTER, "monsters"),
        ):
            sheet = load_sheet(source).model.model_copy(update={"name": name})
            target = paths.library_dir(kind) / f"{game}-{source.name}"
            save_sheet(target, sheet)
            planted.append(target)
            sheets.append(target)
        document = new_encounter_document([*sheets, *samples[:2]], name=f"{ENCOUNTER} {game}")
        fight = document.encounter
        fight = core.next_turn(
            core.set_initiative(  # begun: "Bob & Sue" acts first
                fight, {c.id: 20 - n for n, c in enumerate(fight.combatants)}
            )
        )
        target = paths.library_dir("encounters") / f"{game}.m3e"
        save_encounter(target, fight)
        document.deleteLater()
        planted.append(target)
    return planted


class ModalCloser:
    """While on, reads every modal dialog that opens (``read``) and then cancels it."""

    def __init__(self, read: Callable[[QWidget], None]) -> None:
        self.read = read
        self.seen: list[str] = []
        self.timer = QTimer()
        self.timer.setInterval(30)
        self.timer.timeout.connect(self._close)

    def _close(self) -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            return
        self.seen.append(modal.windowTitle() or type(modal).__name__)
        if not isinstance(modal, QFileDialog):
            self.read(modal)
        if isinstance(modal, QMessageBox) and modal.escapeButton() is None:
            modal.done(0)
        elif isinstance(modal, QDialog):
            modal.reject()
        else:
            modal.close()

    def run(self, action: QAction | Callable[[], object]) -> None:
        self.timer.start()
        try:
            action.trigger() if isinstance(action, QAction) else action()
            QApplication.processEvents()
        finally:
            self.timer.stop()


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def read_cell_editors(page: QWidget, read: Callable[[QWidget], None]) -> None:
    """Open the editor of every editable cell in the first row of each visible table of
    ``page``, read it, and close it with Escape (nothing is changed)."""
    for view in page.findChildren(QAbstractItemView):
        model = view.model()
        if model is None or not view.isVisible() or not model.rowCount(view.rootIndex()):
            continue
        for column in range(_columns(model, view.rootIndex())):
            index = model.index(0, column, view.rootIndex())
            if view.isColumnHidden(column) if isinstance(view, QTableView) else False:
                continue
            if not model.flags(index) & Qt.ItemFlag.ItemIsEditable:
                continue
            before = set(view.viewport().findChildren(QWidget))
            view.setCurrentIndex(index)
            view.edit(index)
            settle()
            for editor in set(view.viewport().findChildren(QWidget)) - before:
                if editor.parent() is view.viewport() and editor.isVisible():
                    read(editor)
                    QTest.keyClick(editor, Qt.Key.Key_Escape)
            settle()


def tour(window: Any, read: Callable[[QWidget], None]) -> list[str]:
    """Show every page of ``window``, every menu and dialog, calling ``read`` on each window
    as it stands (and on each table cell's editor); returns the titles of the modal dialogs
    that were read."""
    closer = ModalCloser(read)
    window.library.refresh()
    settle()
    read(window)
    for name in WINDOW_DIALOGS:
        closer.run(getattr(window.menu_actions, name))
    window.menu_actions.game_rules_menu.aboutToShow.emit()
    for action in window.menu_actions.game_rules_menu.actions():
        closer.run(action)
    for page in window.tabs.pages():
        window.tabs.show_page(page)
        settle()
        read(window)
        read_cell_editors(page, read)
        button = getattr(page, "read_button", None)
        if button is not None:
            closer.run(button.click)
        actions = getattr(page, "encounter_actions", None)
        if actions is None:
            continue
        page.tracker.selectRow(0)
        for name in ENCOUNTER_DIALOGS:
            action = getattr(actions, name, None)
            if action is not None and action.isVisible() and action.isEnabled():
                closer.run(action)
        settle()
    for top in QApplication.topLevelWidgets():
        if top is not window and top.isVisible() and not isinstance(top, QMenu):
            read(top)
    return closer.seen


def open_planted(window: Any, planted: list[Path]) -> None:
    for path in planted:
        assert window.open_path(path) is not None, path


def names_with_ampersand() -> tuple[str, ...]:
    from m3desk.core import registry

    games = tuple(system.name for system in registry.systems() if "&" in system.name)
    return (*games, CHARACTER, MONSTER, ENCOUNTER)


def audit(texts: list[Text]) -> list[str]:
    names = names_with_ampersand()
    found: dict[tuple[str, str], None] = {}
    for text in texts:
        for problem in offences(text, names):
            found[(f"{text.where}: {text.raw!r}", problem)] = None
    return [f"{where} — {problem}" for where, problem in found]


# -- the tests --------------------------------------------------------------------------------


@pytest.fixture
def toured_window(qtbot: Any, restore_app_look: Any) -> Iterator[tuple[Any, list[Text], list[str]]]:
    from m3desk.storage.paths import AppPaths
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.theme import apply_theme

    apply_theme(QApplication.instance(), "light")
    paths = AppPaths.from_environment()
    planted = plant_files(paths)
    window = MainWindow(paths)
    window.show()
    window.startup([], recover=False)
    qtbot.waitExposed(window)
    open_planted(window, planted)
    texts: list[Text] = []
    seen = tour(window, lambda top: texts.extend(texts_of(top)))
    yield window, texts, seen
    for top in QApplication.topLevelWidgets():
        if top is not window and top.isVisible():
            top.close()
    window.session.close_all(ask=False)
    window.shutdown(remember_layout=False)
    window.close()
    window.deleteLater()


@pytest.fixture
def restore_app_look(qapp: Any) -> Iterator[None]:
    yield
    from PySide6.QtGui import QPalette

    qapp.setProperty("m3desk_theme_choice", None)
    qapp.setStyle("Fusion")
    qapp.setPalette(QPalette())


def test_no_ampersand_is_lost_or_doubled_anywhere(toured_window) -> None:
    window, texts, seen = toured_window
    shown = {as_shown(t.raw) if t.mnemonic else t.raw for t in texts}
    # The tour reached what it claims: the four games' tabs, their dialogs and menus.
    assert {"New Character", "New Encounter", "Keyboard Shortcuts"} <= {title for title in seen} | {
        t.raw for t in texts if t.where.endswith("title")
    }
    assert any(CHARACTER in text for text in shown)
    assert any(text.startswith("Monsters & Magic") for text in shown)
    assert len(window.tabs.pages()) == 3 * len(GAMES)
    problems = audit(texts)
    assert not problems, "\n".join(problems)


def test_the_audit_finds_what_it_is_for() -> None:
    names = ("Monsters & Magic", "AD&D 2e", CHARACTER)
    wrong = [
        Text("button", "Monsters & Magic", True),
        Text("tab", "AD&D 2e", True),
        Text("label", "Bob && Sue", False),
        Text("label", "&Name:", False),
        Text("menu", "&Table Rules of AD&D 2e", True),
    ]
    right = [
        Text("button", "Monsters && Magic", True),
        Text("tab", "&AD&&D 2e", True),
        Text("label", "Bob & Sue", False),
        Text("title", "AD&D 2e", False),
        Text("buddy", "&Name:", True),
    ]
    assert [bool(offences(text, names)) for text in wrong] == [True] * len(wrong)
    assert [offences(text, names) for text in right] == [[]] * len(right)


SCREEN_SCRIPT = (
    toy_system.FRESH_PROCESS
    + r"""
import json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.main_window import MainWindow
from m3desk.ui.theme import apply_theme
from tests.ui.test_text_audit import open_planted, placeholders, plant_files, tour

apply_theme(app, "light")
paths = AppPaths.from_environment()
planted = plant_files(paths)
window = MainWindow(paths)
window.show()
window.startup([], recover=False)
open_planted(window, planted)
measured = []
def read(top):
    for entry in placeholders(top):
        if entry not in measured:
            measured.append(entry)
seen = tour(window, read)
screen = app.primaryScreen().availableGeometry()
print(json.dumps({"screen": [screen.width(), screen.height()], "measured": measured,
                  "seen": seen}))
"""
)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_placeholder_is_cut_on_the_real_screens(tmp_path: Path, screen: str) -> None:
    report = run_on_screen(tmp_path, screen, SCREEN_SCRIPT, timeout=400)
    assert report["screen"] == list(SCREENS[screen][:2])
    assert "New Character" in report["seen"]
    print(json.dumps(report["measured"], indent=1, ensure_ascii=False))
    cut = [field for field in report["measured"] if field["need"] > field["room"]]
    assert not cut, json.dumps(cut, indent=1, ensure_ascii=False)
