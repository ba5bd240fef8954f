"""The user guide (F1) covers the forecast, the player view and the theme (issue 19 §9).

Read through the window as a user does: F1, then the text the guide shows. The keys and
menu names it gives are the ones the app really has, so the guide cannot drift from them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget

from m3desk.core import registry
from m3desk.systems import INSTALLED
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.main_window import MainWindow
from m3desk.ui.window.help_dialogs import UserGuideDialog, pressable_keys


def _section(text: str, title: str) -> str:
    """The guide's section under ``title`` (up to the next title)."""
    lines = text.splitlines()
    assert title in lines, f"the guide has no section “{title}”"
    start = lines.index(title)
    rest = lines[start + 1 :]
    titles = {
        "The library",
        "Sheets",
        "Encounters",
        "The board",
        "The player view",
        "The forecast",
        "Table rules",
        "Looks and layout",
        "The four games in m3desk",
        "Printing",
        "Files",
        "The bestiary",
        "Random tables",
        "Other tools",
    }
    end = next((n for n, line in enumerate(rest) if line in titles), len(rest))
    return " ".join(" ".join(rest[:end]).split())


def test_f1_opens_a_guide_to_the_forecast_player_view_and_theme(
    qtbot: Any, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    QApplication.processEvents()
    [guide] = [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, UserGuideDialog) and w.isVisible()
    ]
    text = guide.all_text()
    holder = QWidget()
    actions = EncounterActions(holder, holder)
    player = _section(text, "The player view")
    forecast = _section(text, "The forecast")
    looks = _section(text, "Looks and layout")
    # What each does, with the menu names and keys the app has.
    assert "Encounter → Player View" in player
    assert f"({pressable_keys(actions.player_view)})" in player
    assert "F11" in player and "Hidden from Players" in player
    for word in ("unhurt", "wounded", "badly wounded", "down", "the party", "whoever acts"):
        assert word in player, word
    assert "Encounter → Forecast…" in forecast
    assert f"({pressable_keys(actions.forecast)})" in forecast
    for words in ("who wins", "Seed", "Attackers pick", "Stop"):
        assert words in forecast, words
    for system in map(registry.get, INSTALLED):  # every shipped game's forecast is described
        assert system.name in forecast, system.name
    themes = [
        window.menu_actions.themes[key].text().replace("&", "")
        for key in ("light", "dark", "system")
    ]
    assert "View → Theme" in looks
    assert all(f"**{name}**" not in looks and name in looks for name in themes), looks
    holder.deleteLater()


def test_the_guide_names_the_bestiary_and_other_tools_as_the_menus_do(
    qtbot: Any, window: MainWindow
) -> None:
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    QApplication.processEvents()
    guide = next(
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, UserGuideDialog) and w.isVisible() and w.parent() is window
    )
    text = guide.all_text()
    bestiary = _section(text, "The bestiary")
    action = window.findChild(QAction, "show_bestiary")
    assert action is not None
    assert f"View → {action.text().replace('&', '')} ({action.shortcut().toString()})" in bestiary
    assert (
        "Add to Encounter" in bestiary
        and window.bestiary.add_button.text().replace("&", "") == "Add to Encounter…"
    )
    others = _section(text, "Other tools")
    for item in (window.menu_actions.import_sheet, window.menu_actions.export_sheet):
        assert f"File → {item.text().replace('&', '')}" in others
