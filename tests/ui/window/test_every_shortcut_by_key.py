"""Every shortcut the menus and Help → Keyboard Shortcuts show works from every focus in
the window (issue 28): the tracker, the log, the map, the library and a sheet's editor.

Ctrl+Shift+P (Player View) did nothing with the focus anywhere but the encounter tab's own
widgets while the menu item worked: the encounter's keys answered only inside the tab. Each
key is sent where the focus is, as the keyboard sends it, and the test checks the action
itself received it (the shortcut is eaten there, so nothing opens).
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMenu, QWidget

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.help_dialogs import pressable_keys

GAMES = [system.id for system in registry.systems()]


class _Catcher(QObject):
    """Eats the shortcut events an action receives and counts them (ambiguous ones too)."""

    def __init__(self) -> None:
        super().__init__()
        self.fired: list[QAction] = []
        self.ambiguous: list[QAction] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut and isinstance(watched, QAction):
            shortcut = event
            if shortcut.isAmbiguous():  # type: ignore[attr-defined]
                self.ambiguous.append(watched)
            else:
                self.fired.append(watched)
            return True
        return False


def _menu_actions(menu: QMenu) -> list[QAction]:
    found: list[QAction] = []
    for action in menu.actions():
        if action.menu() is not None:
            found += _menu_actions(action.menu())  # type: ignore[arg-type]
        elif action.isVisible() and not action.isSeparator():
            found.append(action)
    return found


def _declared(window: MainWindow) -> list[QAction]:
    """Every action a visible menu shows with keys."""
    actions: list[QAction] = []
    for top in window.menuBar().actions():
        if top.isVisible() and top.menu() is not None:
            actions += _menu_actions(top.menu())  # type: ignore[arg-type]
    return [action for action in actions if pressable_keys(action)]


def _key_of(action: QAction) -> QKeySequence:
    keys = [key for key in action.shortcuts() if key.count() == 1]
    typed = [key for key in keys if key[0].key().value < 0x0100_0000]  # type: ignore[index]
    return (typed or keys)[0]


def _press_all(qtbot: Any, window: MainWindow, focus: QWidget, where: str) -> list[str]:
    """Press every declared key with ``focus`` focused; what did not reach its action."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    missed: list[str] = []
    for action in _declared(window):
        if not action.isEnabled():
            continue
        if where == "library" and action.shortcutContext() != Qt.ShortcutContext.WindowShortcut:
            continue  # Delete removes a combatant only from inside the encounter tab
        catcher = _Catcher()
        action.installEventFilter(catcher)
        focus.setFocus(Qt.FocusReason.MouseFocusReason)
        qtbot.waitUntil(focus.hasFocus, timeout=2000)
        key = _key_of(action)
        combination = key[0]  # type: ignore[index]
        qtbot.keyClick(
            QApplication.focusWidget(), combination.key(), combination.keyboardModifiers()
        )
        action.removeEventFilter(catcher)
        if catcher.fired != [action]:
            shown = key.toString(QKeySequence.SequenceFormat.NativeText)
            missed.append(
                f"{action.text()} ({shown}) from the {where}"
                + (" [ambiguous]" if catcher.ambiguous else "")
            )
    return missed


def _open_fight(window: MainWindow, tmp_path: Any, game: str) -> EncounterWidget:
    """Every sample of ``game`` in one encounter, opened in the window."""
    from m3desk.storage.encounter_files import save_encounter
    from m3desk.ui.encounter.new_document import new_encounter_document

    document = new_encounter_document(sample_files(game), name="Every sample")
    path = tmp_path / "fight.m3e"
    save_encounter(path, document.encounter)
    document.deleteLater()
    record = window.open_path(path)
    assert record is not None and isinstance(record.page, EncounterWidget)
    return record.page


def _focusable(widget: QWidget) -> QWidget:
    """The widget a click would focus: an item view inside ``widget`` (or itself)."""
    views = [view for view in widget.findChildren(QAbstractItemView) if view.isVisible()]
    return views[0] if views else widget


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_key_works_from_every_focus(
    qtbot: Any, window: MainWindow, tmp_path: Any, game: str
) -> None:
    page = _open_fight(window, tmp_path, game)
    places: list[tuple[str, QWidget]] = [
        ("tracker", page.tracker),
        ("log", _focusable(page.log_panel)),
    ]
    if page.map is not None:
        places.append(("map", page.map.view if hasattr(page.map, "view") else page.map))
    places.append(("library", _focusable(window.library)))
    missed: list[str] = []
    for where, widget in places:
        missed += _press_all(qtbot, window, widget, where)
    assert not missed, "\n".join(missed)


def test_window_keys_work_from_a_sheet_editor(qtbot: Any, window: MainWindow) -> None:
    game = GAMES[0]
    record = window.open_path(next(p for p in sample_files(game) if p.suffix.endswith("c")))
    assert record is not None
    editor = _focusable(record.page)
    missed = _press_all(qtbot, window, editor, "sheet editor")
    assert not missed, "\n".join(missed)
