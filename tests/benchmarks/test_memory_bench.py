"""Memory over a long evening: 2,000 resolved actions and turns grow the process < 40 MB.

A fresh process opens the Example of Play's fight in the real encounter tab (tracker, board,
log) and plays 2,000 steps as a table would: an attack's damage with its log line, then the
next turn, each one undo step, the views following every change. The growth of the resident
set is measured after a warm-up of 100 steps (Qt's caches, fonts and the first layouts), so
what is reported is what the evening adds: the undo history and the log.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

LIMIT_MB = 40.0
SCRIPT = r"""
import os, gc
from PySide6.QtWidgets import QApplication
app = QApplication([])
from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.new_document import add_sheets
from m3desk.ui.encounter.widget import EncounterWidget

def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

fight = add_sheets(Encounter(name="Evening"), sample_files("monsters_and_magic"))
ids = [c.id for c in fight.combatants]
fight = core.set_initiative(fight, {i: 20 - n for n, i in enumerate(ids)})
document = EncounterDocument(fight)
widget = EncounterWidget(document)
widget.resize(1366, 728)
widget.show()
app.processEvents()

def step(n):
    encounter = document.encounter
    target = ids[n % len(ids)]
    sheet = encounter.combatant(target).sheet
    php = sheet.php.model_copy(update={"current": max(0, sheet.php.current - 1)
                                       if n % 7 else sheet.php.maximum})
    after = core.replace_sheet(encounter, target, sheet.model_copy(update={"php": php}))
    after = core.add_log(after, f"Blow {n}: 1 PHP damage to {sheet.name}", actor=ids[0],
                         target=target, details="15 + 8 + 3 = 26 vs 15 -> 11 EP")
    document.apply(after, f"Blow {n}")
    document.apply(core.next_turn(document.encounter), "Next turn")
    app.processEvents()

for n in range(100):
    step(n)
gc.collect()
before = rss_mb()
for n in range(100, 2100):
    step(n)
gc.collect()
app.processEvents()
print(f"{rss_mb() - before:.1f} {document.undo_stack.count()} {len(document.encounter.log)}")
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc (Linux)")
def test_an_evening_of_2000_actions_grows_the_process_by_less_than_40_mb(
    tmp_path: Path, benchmark
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "M3DESK_HOME": str(tmp_path)}

    def run() -> list[str]:
        result = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return result.stdout.split()

    grown, steps, log = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(grown_mb=float(grown), undo_steps=int(steps))
    print(
        f"\n2,000 actions and turns: the process grew {float(grown):.1f} MB "
        f"(limit {LIMIT_MB:.0f} MB); {steps} undo steps, {log} log entries"
    )
    assert int(steps) >= 4000
    assert float(grown) < LIMIT_MB
