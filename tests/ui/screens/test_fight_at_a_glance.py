"""The whole fight at a glance (issue 28): every game's encounter tab in the real window on
the screens users have, with the bestiary dock open beside it.

- With 8 and with 12 combatants, at least 10 rows show whole at 1366x768 and at least 8 at
  1600x1000 @150 % (all of them when there are fewer), and every column is in view without
  scrolling sideways. Before: 11 of 12 for Monsters & Magic, and OSE, AD&D and Apparatus
  hid up to three columns (Declared, Cover, Acted, Notes) behind a scroll bar.
- Nothing moves under the pointer when the round's status gains a line or a notice and its
  morale button appear (a monster dropped to 0 hit points; a notice announced): the
  tracker, the map and the log stay where they were (they moved 14 to 60 px).
- The bestiary's names are whole at the dock's width beside an encounter (every name
  collapsed to "…" while Alignment and Moves kept their widths).

A fresh process per screen (``offscreen.py``); every installed game (``registry.systems()``,
the toy game included).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import toy_system
from tests.ui.screens.offscreen import SCREENS, run_on_screen

LEAST_ROWS = {"1366x768 at 100 %": 10, "1600x1000 at 150 %": 8}

SCRIPT = (
    toy_system.FRESH_PROCESS
    + r"""
import json
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAction, QFontMetrics
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.library.bestiary_model import BestiaryColumn
from m3desk.ui.main_window import MainWindow

def settle():
    for _ in range(6):
        app.processEvents()

def top(widget, window):
    return widget.mapTo(window, QPoint(0, 0)).y() if widget is not None else None

dialogs.set_non_interactive(True)
window = MainWindow(AppPaths.from_environment())
window.show()
window.startup(recover=False)
settle()
window.findChild(QAction, "show_bestiary").trigger()  # View → Bestiary
settle()
report = {"games": {}, "bestiary": []}
for system in registry.systems():
    files = sample_files(system.id)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"]
    for count in (8, 12):
        chosen = list(characters)
        while len(chosen) < count:
            chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
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
        whole = sum(1 for row in range(model.rowCount())
                    if viewport.contains(tracker.visualRect(model.index(row, 0))))
        game = {"rows": model.rowCount(), "whole_rows": whole,
                "sideways": tracker.horizontalScrollBar().maximum(),
                "bestiary_shown": window.bestiary.isVisible()}
        panel = window.bestiary
        view = panel.view
        metrics = QFontMetrics(view.font())
        room = view.horizontalHeader().sectionSize(BestiaryColumn.NAME) - 8
        cut = []
        for row in range(panel.model.rowCount()):
            name = panel.model.index(row, BestiaryColumn.NAME).data()
            # Whole on one line, or on the lines its row is tall enough to hold.
            lines = metrics.boundingRect(QRect(0, 0, room, 10_000),
                                         int(Qt.TextFlag.TextWordWrap), name)
            if (metrics.horizontalAdvance(name) > room
                    and lines.height() > view.rowHeight(row) - 2):
                cut.append(name)
        report["bestiary"].append({"dock": panel.width(), "names": panel.model.rowCount(),
                                   "cut": cut})
        if count == 8:
            # What moves when a monster drops (a status line, a notice, a morale button).
            parts = {"tracker": page.tracker, "map": page.map, "log": page.log_panel.view}
            before = {key: top(widget, window) for key, widget in parts.items()}
            monster = next(c for c in document.encounter.combatants if c.side == "Monsters")
            pool = next(n for n, spec in enumerate(model.columns) if spec.kind == "pool")
            model.setData(model.index(model.row_of(monster.id), pool), "0")
            settle()
            document.announce(("A notice the table must hear, said at once.",))
            settle()
            after = {key: top(widget, window) for key, widget in parts.items()}
            game["moved"] = {key: after[key] - before[key] for key in parts
                             if before[key] is not None and after[key] != before[key]}
            game["notice"] = page.notice_bar.isVisible()
        report["games"][f"{system.id} {count}"] = game
        window.session.close(record, ask=False)
        settle()
print(json.dumps(report))
"""
)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_fight_of_eight_or_twelve_shows_whole_and_holds_still(
    tmp_path: Path, screen: str
) -> None:
    report = run_on_screen(tmp_path, screen, SCRIPT, timeout=400)
    least = LEAST_ROWS[screen]
    assert len(report["games"]) >= 2 * 4
    for key, game in report["games"].items():
        assert game["bestiary_shown"], key
        assert game["whole_rows"] >= min(game["rows"], least), (key, game)
        assert game["sideways"] == 0, (key, game)
        if "moved" in game:
            assert game["notice"], key
            assert game["moved"] == {}, (key, game)
    for seen in report["bestiary"]:
        assert seen["names"] > 200 and seen["cut"] == [], seen
