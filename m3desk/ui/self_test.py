"""``m3desk --self-test``: the smoke test of an installed or frozen build, and the start-up bench.

It starts the real window headless, opens the bundled samples, touches every
main view and prints ONE line. Dialogs are switched to non-interactive first, so
nothing can wait for a click; the user's recovery snapshots are not offered
(they belong to the user, not to a smoke test) and the window layout is not
written back.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from m3desk import __version__
from m3desk.ui import dialogs

if TYPE_CHECKING:
    from m3desk.ui.main_window import MainWindow


class SelfTestError(RuntimeError):
    """A view did not behave; the message says which."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestError(message)


def _exercise_library(window: MainWindow) -> str:
    model = window.library.model
    total = model.rowCount()
    _check(total > 0, "the library is empty (bundled samples missing?)")
    window.library.search.setText("gramfive")
    matches = model.rowCount()
    window.library.search.clear()
    _check(0 < matches < total, f"library search found {matches} of {total}")
    window.library.view.grab()
    return f"library ({total} sheets, search)"


def _exercise_sheets(window: MainWindow) -> list[str]:
    from m3desk.assets import sample_files

    samples = sample_files()
    records = window.open_paths(samples)
    _check(len(records) == len(samples), f"opened {len(records)} of {len(samples)} samples")
    for record in records:
        window.session.focus(record)
        QApplication.processEvents()  # lays out and paints the editor
    first = records[0]
    window.session.focus(first)  # Undo/Redo act on the current tab's stack
    before = first.document.sheet
    edited = before.model_copy(update={"notes": before.notes + " (self-test)"})
    first.document.replace_sheet(edited, "Self-test edit")
    _check(first.modified, "an edit did not mark the sheet modified")
    window.undo_group.undo()
    _check(first.document.sheet == before and not first.modified, "undo did not restore")
    window.undo_group.redo()
    _check(first.document.sheet == edited, "redo did not reapply the edit")
    window.undo_group.undo()
    return [f"{len(records)} sample sheets in tabs", "each sheet editor", "undo/redo"]


def _exercise_dialogs(window: MainWindow) -> str:
    from m3desk.assets import classes, races
    from m3desk.ui.window.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(races(), classes(), window)
    dialog.adjustSize()
    dialog.deleteLater()
    return "new-character dialog"


def exercise_window(window: MainWindow) -> list[str]:
    """Touch every main view once; raises SelfTestError if one misbehaves."""
    exercised = ["main window", _exercise_library(window)]
    exercised += _exercise_sheets(window)
    exercised.append(_exercise_dialogs(window))
    _check(window.session.close_all(ask=False), "closing the sheets failed")
    return exercised


def self_test(window: MainWindow, started: float) -> int:
    """Run the self-test on a shown window; prints one line, returns the exit code."""
    dialogs.set_non_interactive(True)
    try:
        QApplication.processEvents()
        window.startup(recover=False)
        exercised = window.exercise_views()
    except Exception as exc:  # report any failure as one line, never a traceback dialog
        print(f"m3desk {__version__} self-test FAILED: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        window.session.close_all(ask=False)
        window.shutdown(remember_layout=False)
        window.close()
        return 1
    elapsed_ms = (time.perf_counter() - started) * 1000
    window.shutdown(remember_layout=False)
    window.close()
    print(f"m3desk {__version__} self-test ok: {', '.join(exercised)} in {elapsed_ms:.0f} ms")
    return 0
