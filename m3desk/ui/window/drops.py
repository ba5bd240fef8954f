"""Opening files dropped on the window: from a file manager or from the library panel.

Library rows are dragged as ordinary file URLs (see ``LibraryModel.mimeData``),
so one filter handles both. It is installed on the main window, which accepts
drops; Qt passes a drag up to it from every child that does not take drops
itself (the tab bar, the empty-area hint, labels).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

from m3desk.ui.library.file_types import DOCUMENT_SUFFIXES

__all__ = ["FileDropFilter", "document_paths"]


def document_paths(mime: QMimeData | None) -> list[Path]:
    """Local character, monster and encounter files in ``mime``, in the dropped order."""
    if mime is None or not mime.hasUrls():
        return []
    found: list[Path] = []
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if path.suffix.lower() in DOCUMENT_SUFFIXES:
                found.append(path)
    return found


class FileDropFilter(QObject):
    """Accepts drags carrying m3desk files and emits ``files_dropped`` on drop."""

    files_dropped = Signal(list)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragEnterEvent | QDragMoveEvent
        ):
            if document_paths(event.mimeData()):
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                return True
        elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            paths = document_paths(event.mimeData())
            if paths:
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                self.files_dropped.emit(paths)
                return True
        return super().eventFilter(watched, event)
