"""The window at its default size (1400×880), library at its default width: nothing cut.

Library about a third of a sheet's width; the sheet's attributes in full; the encounter's
tracker across the tab with every column, the board (square-ish) beside the log below it,
the toolbar without an overflow button, the board's legend and the log unclipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolBar, QToolButton

from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.main_window import MainWindow
from m3desk.ui.theme import TOOLBAR_EXTENSION, apply_theme
from tests.ui.window.layout_probe import settle, window_problems

ROOT = Path(__file__).resolve().parents[3]


def test_every_view_fits_at_the_default_size(window: MainWindow) -> None:
    assert window_problems(window) == []


def test_every_view_fits_at_150_percent(tmp_path: Path) -> None:
    """QT_SCALE_FACTOR is read at start-up, so this needs a process of its own."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_SCALE_FACTOR": "1.5",
        "M3DESK_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.window.layout_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _encounter(window: MainWindow) -> EncounterWidget:
    from tests.ui.encounter.render_tracker import mid_round_one

    record = window.session.adopt(mid_round_one())
    settle()
    assert isinstance(record.page, EncounterWidget)
    return record.page


def test_rare_encounter_actions_are_one_click_away_and_in_the_menu(window: MainWindow) -> None:
    page = _encounter(window)
    actions = page.encounter_actions
    toolbar = page.findChild(QToolBar, "encounter_toolbar")
    more = toolbar.findChild(QToolButton, "encounter_more_button")
    assert more is not None and more.menu() is not None
    in_more = more.menu().actions()
    assert actions.write_back in in_more and actions.export_log in in_more
    assert actions.adjust_mhp in in_more
    assert actions.remove_condition_menu.menuAction() in in_more
    on_bar = toolbar.actions()
    for action in (
        actions.next_turn,
        actions.previous_turn,
        actions.act,
        actions.delay,
        actions.roll_initiative,
        actions.adjust_php,
        actions.add_condition,
    ):
        assert action in on_bar, action.text()
    # The toolbar's words are short; the menu keeps the full names.
    assert actions.add_condition.iconText() == "Add Effect"
    assert actions.add_condition.text() == "Add &Effect or Consequence…"
    menu_actions = window.menu_actions.menus["encounter"].actions()
    assert actions.write_back in menu_actions and actions.export_log in menu_actions


def _ink(button: QToolButton) -> list[int]:
    """The lightness of every opaque pixel of the button's icon."""
    image = button.icon().pixmap(16, 16).toImage()
    return [
        image.pixelColor(x, y).lightness()
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() > 128
    ]


def test_the_overflow_button_reads_in_the_dark_theme(
    window: MainWindow, qapp: QApplication, restore_app_look
) -> None:
    """Squeezed narrow, the toolbar's "»" appears, drawn in the palette's text colour."""
    page = _encounter(window)
    toolbar = page.findChild(QToolBar, "encounter_toolbar")
    extension = toolbar.findChild(QToolButton, TOOLBAR_EXTENSION)
    apply_theme(qapp, "dark")
    toolbar.setMaximumWidth(300)  # as in a window narrower than the tab's usual width
    settle()
    assert extension.isVisible()
    assert max(_ink(extension)) > 180, "the » is drawn light on the dark window"
    apply_theme(qapp, "light")
    assert min(_ink(extension)) < 80, "and dark again after switching back to the light theme"
    assert toolbar.orientation() == Qt.Orientation.Horizontal
