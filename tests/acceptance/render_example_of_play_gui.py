"""Replay the GUI Example of Play and render what the GM sees, for looking at it (not a test).

    .venv/bin/python -m tests.acceptance.render_example_of_play_gui [OUTPUT_DIR]

Writes, at 100 % and at 150 % (``QT_SCALE_FACTOR=1.5``, its own process, as Qt reads the
scale once), into OUTPUT_DIR (default: a new temporary folder):

- ``table_rules_dialog_<scale>.png``: Encounter → Table Rules… after "Book Example";
- ``tracker_surprise_round_<scale>.png`` and ``board_surprise_round_<scale>.png``: just
  after Start;
- ``action_dialog_before_roll_<scale>.png`` and ``action_dialog_after_roll_<scale>.png``:
  Gramfive's Cutter in the surprise round (item 10), before the dice and after spending;
- ``action_dialog_gm_maximum_damage_<scale>.png``: Gramfive's second attack (item 18) with
  the GM's maximum damage 12 in place of the computed 10;
- ``tracker_end_of_round_one_<scale>.png``, ``board_end_of_round_one_<scale>.png`` and
  ``window_end_of_round_one_<scale>.png``.

Each child process runs offscreen on a configured screen (1920×1080 at 100 %, 2560×1440 at
150 %: both a 1707×960-ish logical desktop or more) with ``M3DESK_HOME`` in a fresh
temporary folder, and replays the same steps as the acceptance test (its assertions too).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SCALES = {"100": ("1", (1920, 1080)), "150": ("1.5", (2560, 1440))}
WINDOW_SIZE = (1400, 880)


def _child(output: Path, percent: str) -> None:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QWidget
    from pytestqt.qt_compat import qt_api
    from pytestqt.qtbot import QtBot

    qt_api.set_qt_api("pyside6")  # what pytest-qt does at start-up

    app = QApplication([sys.argv[0]])
    app.setApplicationDisplayName("m3desk")

    from m3desk.storage.paths import AppPaths
    from m3desk.ui import dialogs
    from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
    from m3desk.ui.main_window import MainWindow
    from m3desk.ui.table_rules.options_dialog import OptionsDialog
    from tests.acceptance.example_of_play_gm import (
        Gm,
        round_one,
        set_up,
        start_from_the_library,
        surprise_round,
    )
    from tests.ui.window.conftest import ScriptedDialogs

    script = ScriptedDialogs()
    from m3desk.ui.window import new_encounter

    new_encounter.ask_new_encounter = script.make("ask_new_encounter")
    dialogs.ask_save_changes = script.make("ask_save_changes")

    def snapshot(name: str, widget: QWidget) -> None:
        for _ in range(5):
            QCoreApplication.processEvents()
        path = output / f"{name}_{percent}.png"
        widget.grab().save(str(path))
        print(f"{path}  {widget.width()}×{widget.height()} logical")

    window = MainWindow(AppPaths.from_environment())
    window.resize(*WINDOW_SIZE)
    window.show()
    window.startup([], recover=False)
    bot = QtBot(None)  # type: ignore[arg-type]  # no pytest request: nothing to register
    window.activateWindow()
    bot.waitUntil(window.isActiveWindow, timeout=2000)
    gm = Gm(bot, window, snapshot=snapshot)
    ActionDialog.show_modal = staticmethod(gm.drive)  # type: ignore[method-assign]
    OptionsDialog.show_modal = staticmethod(gm.drive_table_rules)  # type: ignore[method-assign]
    start_from_the_library(gm, script)
    set_up(gm)
    surprise_round(gm)
    round_one(gm)
    snapshot("window_end_of_round_one", window)
    window.session.close_all(ask=False)
    window.shutdown(remember_layout=False)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        _child(Path(argv[1]), argv[2])
        return
    output = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="m3desk-example-gui-"))
    output.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parents[2]
    for percent, (factor, (width, height)) in SCALES.items():
        with tempfile.TemporaryDirectory(prefix="m3desk-home-") as home:
            screen = Path(home) / "screen.json"
            screen.write_text(
                json.dumps(
                    {
                        "screens": [
                            {
                                "name": "screen",
                                "x": 0,
                                "y": 0,
                                "width": width,
                                "height": height,
                                "logicalDpi": 96,
                                "logicalBaseDpi": 96,
                                "dpr": 1,
                            }
                        ]
                    }
                )
            )
            env = {
                **os.environ,
                "M3DESK_HOME": str(Path(home) / "profile"),
                "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
                "QT_SCALE_FACTOR": factor,
            }
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "tests.acceptance.render_example_of_play_gui",
                    "--child",
                    str(output),
                    percent,
                ],
                cwd=root,
                env=env,
                check=True,
            )
    print(f"written to {output}")


if __name__ == "__main__":
    main(sys.argv[1:])
