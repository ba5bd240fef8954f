"""Sheets dropped on an open encounter join it as combatants.

The library drags its rows as file URLs (``LibraryModel.mimeData``); dropped on an
encounter tab, character and monster files are added to the roster, on the side chosen in
the set-up strip, in one undo step (a sheet of another game is refused with a message, the
rest still join). Anything else, an encounter file say, is left to the window, which opens it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QWidget

from m3desk.ui.encounter.roster_adder import RosterAdder
from m3desk.ui.library.drops import PathDropFilter, local_paths
from m3desk.ui.library.scan import SHEET_SUFFIXES

__all__ = ["SheetDrops", "sheet_paths"]


def sheet_paths(mime: QMimeData | None) -> list[Path]:
    """Local character and monster files in ``mime``, in the dropped order."""
    return local_paths(mime, SHEET_SUFFIXES)


class SheetDrops(PathDropFilter):
    """Installed on the encounter widget: it takes drags of sheets, nothing else."""

    def __init__(self, target: QWidget, adder: RosterAdder, side: Callable[[], str | None]) -> None:
        super().__init__(target, sheet_paths)
        target.setAcceptDrops(True)
        target.installEventFilter(self)
        self.files_dropped.connect(lambda paths: adder.add(paths, side()))
