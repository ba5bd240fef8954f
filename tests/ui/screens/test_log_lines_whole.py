"""Log lines wrap whole (issue 28): in every game's encounter tab, on both real screens, and
in a 500-px log column, no line the log shows ends in "…" or is cut at its row's foot.

Before: an entry with details read "backstab: 26 vs 15 → 11 EP, … → 10 EP …" (a marker
that looks like a cut line), and rows not yet fitted to their wrapped text were elided.

The check reads what the view paints: the display text of each row in view, the text
rectangle the style gives it, and the height its words take wrapped at that width. A fresh
process per screen (``offscreen.py``); every installed game (``registry.systems()``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import toy_system
from tests.ui.screens.offscreen import SCREENS, run_on_screen

SCRIPT = (
    toy_system.FRESH_PROCESS
    + r"""
import json
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem
app = QApplication([])
from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.ui import dialogs
from m3desk.ui.encounter.log_model import WHAT
from m3desk.ui.encounter.log_panel import LogPanel
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.main_window import MainWindow

LONG = ("{a} swings at {b} from behind the pillar and hits for 8 after the cover and the "
        "larger target's penalty, and {b} is down to half its hit points")

def settle():
    for _ in range(8):
        app.processEvents()

def cut_lines(view):
    model = view.model()
    viewport = view.viewport().rect()
    cut, seen = [], 0
    for row in range(model.rowCount()):
        index = model.index(row, WHAT)
        rect = view.visualRect(index)
        if not rect.isValid() or not viewport.intersects(rect) \
                or rect.bottom() > viewport.bottom():
            continue  # only rows shown whole are judged (the last may be half in view)
        seen += 1
        option = QStyleOptionViewItem()
        option.initFrom(view)
        option.rect = rect
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        view.itemDelegate().initStyleOption(option, index)
        text_rect = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText,
                                                 option, view)
        text = option.text
        need = option.fontMetrics.boundingRect(QRect(0, 0, text_rect.width(), 100_000),
                                               int(Qt.TextFlag.TextWordWrap), text).height()
        wide = rect.right() > viewport.right() + 1
        if text.rstrip().endswith("…") or need > text_rect.height() or wide:
            cut.append({"text": text, "need": need, "has": text_rect.height(),
                        "wide": wide})
    return seen, cut

dialogs.set_non_interactive(True)
window = MainWindow(AppPaths.from_environment())
window.show()
window.startup(recover=False)
settle()
report = {}
for system in registry.systems():
    files = sample_files(system.id)
    characters = [p for p in files if p.suffix == ".m3c"][:4]
    monsters = [p for p in files if p.suffix == ".m3m"]
    chosen = list(characters)
    while len(chosen) < 8:
        chosen.append(monsters[(len(chosen) - len(characters)) % len(monsters)])
    document = new_encounter_document(chosen, name=system.name)
    fight = document.encounter
    fight = core.next_turn(core.set_side_initiative(
        fight, {s: 2 + n for n, s in enumerate(fight.sides)}))
    people = fight.combatants
    for n in range(14):
        a, b = people[n % len(people)], people[(n + 3) % len(people)]
        fight = core.add_log(fight, LONG.format(a=a.name, b=b.name), actor=a.id, target=b.id,
                             details="12 + 7 = 19 vs 9" if n % 2 else "")
    document.apply(fight, "long lines")
    record = window.session.adopt(document)
    settle()
    seen, cut = cut_lines(record.page.log_panel.view)
    column = LogPanel(document)
    column.resize(900, 420)
    column.show()
    settle()
    column.resize(500, 420)  # narrowed, as a splitter drag does: the rows grow to fit
    settle()
    column_seen, column_cut = cut_lines(column.view)
    report[system.id] = {"seen": seen, "cut": cut, "column_seen": column_seen,
                         "column_cut": column_cut}
    column.close()
    window.session.close(record, ask=False)
    settle()
print(json.dumps(report))
"""
)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_log_line_in_view_reads_whole(tmp_path: Path, screen: str) -> None:
    report = run_on_screen(tmp_path, screen, SCRIPT, timeout=400)
    assert len(report) >= 4
    for game, seen in report.items():
        assert seen["seen"] >= 2 and seen["column_seen"] >= 3, (game, seen)
        assert seen["cut"] == [], (game, "tab", seen["cut"][:3])
        assert seen["column_cut"] == [], (game, "500 px", seen["column_cut"][:3])
