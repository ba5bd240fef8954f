"""The encounter tab's toolbar: the actions a GM uses every turn, with short labels.

The toolbar shows each action's ``iconText`` (set in :class:`EncounterActions`: "Previous",
"Add Effect"), while the Encounter menu and the tracker's context menu show the full text.
Rarer actions (a game's own second pool and removing its conditions, exporting the log,
writing back to the sheets, the encounter's table rules) sit behind one "More" button, whose
tooltip lists those the game shows; every one of them is
also in the Encounter menu and, where it has one, on its key. So the bar fits a tab about
700 px wide: beside the library on a 1,400 px window nothing goes behind the overflow ("»")
button.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton, QWidget

from m3desk.ui.encounter.encounter_actions import EncounterActions

__all__ = ["build_toolbar", "menu_words"]


def menu_words(actions: list[QAction]) -> str:
    """The visible entries of a menu as one line of plain words ("Export Log, Experience")."""
    words = [
        action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")
        for action in actions
        if action.isVisible() and not action.isSeparator() and action.text()
    ]
    return ", ".join(words)


class _MoreButton(QToolButton):
    """The "More" button, whose tooltip names what its menu shows now."""

    def name_what_is_inside(self) -> None:
        menu = self.menu()
        tip = menu_words(menu.actions()) if menu is not None else ""
        if tip != self.toolTip():
            self.setToolTip(tip)


def build_toolbar(
    actions: EncounterActions, setup_toggle: QToolButton, parent: QWidget | None = None
) -> QToolBar:
    bar = QToolBar("Encounter", parent)
    bar.setObjectName("encounter_toolbar")
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    a = actions
    bar.addWidget(setup_toggle)
    bar.addSeparator()
    for item in (
        a.roll_initiative,
        None,
        a.previous_turn,
        a.next_turn,
        None,
        a.delay,
        a.act_now,
        a.act,
        None,
        a.adjust_php,
        a.add_condition,
        None,
    ):
        if item is None:
            bar.addSeparator()
        else:
            bar.addAction(item)
    more = QMenu("More", bar)
    more.setObjectName("encounter_more_menu")
    more.addAction(a.adjust_mhp)
    more.addMenu(a.remove_condition_menu)
    more.addSeparator()
    more.addAction(a.export_log)
    more.addAction(a.pull_sheet)
    more.addAction(a.experience)
    more.addAction(a.write_back)
    more.addSeparator()
    more.addAction(a.forecast)
    more.addAction(a.board_window)
    more.addAction(a.player_view)
    more.addAction(a.hidden)
    more.addAction(a.table_rules)
    button = _MoreButton(bar)
    button.setObjectName("encounter_more_button")
    button.setText("More")
    button.setAccessibleName("More encounter actions")
    button.setMenu(more)
    # The tooltip lists what the menu holds for this game (its own commands are hidden in the
    # others): written once by hand, it named Monsters & Magic's MHP and effects in every game.
    for action in more.actions():
        action.changed.connect(button.name_what_is_inside)
    button.name_what_is_inside()
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    bar.addWidget(button)
    return bar
