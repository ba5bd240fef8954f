"""Taking drops of files, the way the library drags its rows (as local file URLs).

One filter serves the window (it opens what is dropped) and an encounter tab (it adds the
sheets dropped on it): each says which paths it takes, and hears them on ``files_dropped``.
A drag carrying none of them is left to the widget's parent.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

__all__ = ["PathDropFilter", "local_paths"]


def local_paths(mime: QMimeData | None, suffixes: Collection[str]) -> list[Path]:
    """Local files in ``mime`` whose suffix is one of ``suffixes``, in the dropped order."""
    if mime is None or not mime.hasUrls():
        return []
    found: list[Path] = []
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if path.suffix.lower() in suffixes:
                found.append(path)
    return found


class PathDropFilter(QObject):
    """Accepts drags carrying the paths ``paths_of`` finds and emits them on drop."""

    files_dropped = Signal(list)

    def __init__(
        self, parent: QObject | None, paths_of: Callable[[QMimeData | None], list[Path]]
    ) -> None:
        super().__init__(parent)
        self._paths_of = paths_of

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragEnterEvent | QDragMoveEvent
        ):
            if self._paths_of(event.mimeData()):
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                return True
        elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            paths = self._paths_of(event.mimeData())
            if paths:
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                self.files_dropped.emit(paths)
                return True
        return super().eventFilter(watched, event)
