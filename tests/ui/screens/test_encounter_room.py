"""The encounter gets the room on the screens users have (issue 19 §9).

At 1600x1000 @150 % the library kept a third of the width beside an encounter: five tracker
rows fitted and names were cut; the forecast opened too small for its plots; the player
view's header was clipped by the Rings button. Each game's samples (four characters, four
monsters) in the real window, on each real screen, in a fresh process per screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.screens.offscreen import SCREENS, run_on_screen

SCRIPT = r"""
import json
import time
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget
app = QApplication([])
from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.main_window import MainWindow

def settle():
    for _ in range(4):
        app.processEvents()

def in_window(widget, window):
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())

dialogs.set_non_interactive(True)
window = MainWindow(AppPaths.from_environment())
window.show()
window.startup(recover=False)
settle()
screen = window.screen().availableGeometry()
report = {"screen": [screen.width(), screen.height()], "window": window.width(), "games": {}}
sheet = window.open_path(sample_files("ose")[0])
settle()
report["library_beside_sheet"] = window.library.width()
for system in registry.systems():
    files = sample_files(system.id)
    chosen = [p for p in files if p.suffix == ".m3c"][:4] + [p for p in files
                                                             if p.suffix == ".m3m"][:4]
    document = new_encounter_document(chosen, name=system.name)
    fight = document.encounter
    fight = core.set_side_initiative(fight, {s: 2 + n for n, s in enumerate(fight.sides)})
    document.apply(core.next_turn(fight), "start")
    record = window.session.adopt(document)
    settle()
    page = record.page
    tracker = page.tracker
    model = tracker.tracker_model
    viewport = tracker.viewport().rect()
    whole_rows = sum(1 for row in range(model.rowCount())
                     if viewport.contains(tracker.visualRect(model.index(row, 0))))
    name_column = model.column_of("name")
    cut = []
    for row in range(model.rowCount()):
        index = model.index(row, name_column)
        font = index.data(Qt.ItemDataRole.FontRole) or tracker.font()
        # What the cell paints: its text, elided to the cell less the view's text margins.
        room = tracker.visualRect(index).width() - 8
        if QFontMetrics(font).horizontalAdvance(index.data()) > room:
            cut.append(index.data())
    game = {"rows": model.rowCount(), "whole_rows": whole_rows, "cut_names": cut,
            "library": window.library.width(), "tab": page.width()}
    # The forecast, played a few fights, shows its four plots without scrolling.
    dialog = page.show_forecast()
    dialog.fights.setValue(100)
    settle()
    dialog.start()
    # The fights run in a worker process: wait for them by the clock, not by a count of
    # event-loop turns (starting the process alone takes a second on a loaded machine).
    deadline = time.monotonic() + 90
    while dialog.forecast is None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    settle()
    scroll = dialog.findChild(QScrollArea)
    frame = dialog.frameGeometry()
    game["forecast"] = {"done": dialog.forecast is not None,
                        "size": [frame.width(), frame.height()],
                        "plots_scroll": scroll.verticalScrollBar().maximum(),
                        "plots_height": scroll.widget().sizeHint().height(),
                        "viewport": scroll.viewport().height()}
    dialog.close()
    # The player view centred on the longest name: its header is whole and nothing covers
    # it (it shared its row with the Rings and Lanes buttons, which cut it when narrow).
    view = page.show_player_view()
    longest = max((c for c in page.document.encounter.combatants), key=lambda c: len(c.name))
    view.set_centre("fixed", longest.name)
    game["header"] = []
    # As it opens, beside the GM's window (three fifths of the screen), and full screen.
    for size in (None, (screen.width() * 3 // 5, screen.height()),
                 (screen.width(), screen.height())):
        if size:
            view.resize(*size)
        settle()
        header = view.board.header
        box = in_window(header, view)
        overlaps = [w.objectName() or type(w).__name__ for w in view.findChildren(QWidget)
                    if w.isVisible() and w is not header and not w.isAncestorOf(header)
                    and not header.isAncestorOf(w) and w.parentWidget() is not None
                    and in_window(w, view).intersects(box)]
        words = max(header.fontMetrics().horizontalAdvance(word)
                    for word in header.text().split())
        one_line = header.fontMetrics().horizontalAdvance(header.text())
        # Whole: on one line, or wrapped with every line in view and no word cut.
        lines_fit = one_line <= header.contentsRect().width() or (
            header.wordWrap() and header.heightForWidth(header.width()) <= header.height())
        game["header"].append({"text": header.text(), "whole": lines_fit,
                               "widest_word": words, "has": header.contentsRect().width(),
                               "overlaps": overlaps, "view": view.width()})
    view.close()
    report["games"][system.id] = game
    window.session.focus(sheet)
    settle()
    game["library_back"] = window.library.width()
    window.session.close(record, ask=False)
    settle()
# The GM's own width beside an encounter is kept, for this run and the next.
record = window.session.adopt(new_encounter_document(sample_files("ose")[:2], name="Drag"))
settle()
from PySide6.QtCore import Qt
window.resizeDocks([window.library], [260], Qt.Orientation.Horizontal)
settle()
dragged = window.library.width()
window.session.focus(sheet)
settle()
window.session.focus(record)
settle()
report["dragged"] = [dragged, window.library.width()]
window.shutdown()
from m3desk.storage.settings import load_settings
report["remembered"] = getattr(load_settings(AppPaths.from_environment())[0],
                               "encounter_library_width", None)
print(json.dumps(report))
"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_an_encounter_gets_the_room_its_forecast_and_player_view_fit(
    tmp_path: Path, screen: str
) -> None:
    width, height, _scale = SCREENS[screen]
    report = run_on_screen(tmp_path, screen, SCRIPT, timeout=300)
    assert report["screen"] == [width, height]
    for game, seen in report["games"].items():
        # The library narrows beside an encounter (at most a fifth of the window) and
        # takes its width back beside a sheet.
        assert seen["library"] <= report["window"] // 4, (game, seen)
        assert seen["library_back"] == report["library_beside_sheet"], (game, seen)
        # Every combatant's row is whole in view, and no name is cut.
        assert seen["whole_rows"] == seen["rows"] >= 4, (game, seen)
        assert seen["cut_names"] == [], (game, seen)
        forecast = seen["forecast"]
        assert forecast["done"], game
        assert forecast["size"][0] <= width and forecast["size"][1] <= height, (game, forecast)
        assert forecast["plots_scroll"] == 0, (game, forecast)
        for header in seen["header"]:
            assert header["text"].startswith("Ranges from "), header
            assert header["whole"] and header["widest_word"] <= header["has"], (game, header)
            assert header["overlaps"] == [], (game, header)
    dragged, back = report["dragged"]
    assert back == dragged
    assert report["remembered"] == dragged
