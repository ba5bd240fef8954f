"""Opening files dropped on the window: from a file manager or from the library panel.

Library rows are dragged as ordinary file URLs (see ``LibraryModel.mimeData``),
so one filter handles both. It is installed on the main window, which accepts
drops; Qt passes a drag up to it from every child that does not take drops
itself (the tab bar, the empty-area hint, labels). An encounter tab takes the sheets
dropped on it itself (:mod:`m3desk.ui.encounter.sheet_drops`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QObject

from m3desk.ui.library.drops import PathDropFilter, local_paths
from m3desk.ui.library.file_types import DOCUMENT_SUFFIXES

__all__ = ["FileDropFilter", "document_paths"]


def document_paths(mime: QMimeData | None) -> list[Path]:
    """Local character, monster and encounter files in ``mime``, in the dropped order."""
    return local_paths(mime, DOCUMENT_SUFFIXES)


class FileDropFilter(PathDropFilter):
    """Accepts drags carrying m3desk files and emits ``files_dropped`` on drop."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent, document_paths)
