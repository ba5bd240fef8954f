"""Reading the map's background picture safely.

The encounter keeps the picture's path and scale (:class:`m3desk.core.places.Backdrop`),
never its bytes. Reading it has budgets checked before any pixel is decoded: the file's
size and the pixel count its header claims (a small PNG may claim 60 000 × 60 000
pixels). A picture too large is scaled down as it is decoded; a missing, corrupt or hostile
file gives a sentence and the map shows without it (nothing in the encounter changes).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QImageReader

__all__ = ["MAX_FILE_BYTES", "MAX_PIXELS", "MAX_SIDE", "BackdropCache", "read_backdrop"]

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 120_000_000
"""The most pixels a header may claim (a 12 000 × 10 000 scan); larger is refused."""
MAX_SIDE = 4096
"""The picture is decoded to at most this many pixels on its long side (enough for a map
under the grid; a 10 000-px scan would take 400 MB in memory at full size)."""


def read_backdrop(path: str) -> tuple[QImage, float]:
    """The picture at ``path`` and how much it was shrunk on reading (1.0: full size;
    0.5: each pixel of the image stands for two of the file's). Raises ValueError with a
    sentence naming the file when it cannot be used."""
    file = Path(path)
    name = file.name or path
    try:
        size = file.stat().st_size
    except OSError as error:
        raise ValueError(f"The background picture {name} could not be opened "
                         f"({error.strerror or error}).") from error
    if not file.is_file():
        raise ValueError(f"The background picture {name} is not a file.")
    if size > MAX_FILE_BYTES:
        raise ValueError(f"The background picture {name} is {size // (1024 * 1024)} MB; "
                         f"choose one under {MAX_FILE_BYTES // (1024 * 1024)} MB.")
    reader = QImageReader(str(file))
    reader.setAutoTransform(True)
    reader.setAllocationLimit(MAX_SIDE * MAX_SIDE * 4 // (1024 * 1024) + 1)
    claimed = reader.size()
    if not claimed.isValid():
        raise ValueError(f"{name} is not a picture m3desk can read "
                         f"({reader.errorString() or 'unknown format'}).")
    if claimed.width() * claimed.height() > MAX_PIXELS:
        raise ValueError(f"{name} claims {claimed.width()} × {claimed.height()} pixels, more "
                         f"than a map needs ({MAX_PIXELS // 1_000_000} megapixels at most).")
    shrink = 1.0
    if max(claimed.width(), claimed.height()) > MAX_SIDE:
        target = claimed.scaled(MAX_SIDE, MAX_SIDE, Qt.AspectRatioMode.KeepAspectRatio)
        shrink = target.width() / claimed.width()
        reader.setScaledSize(QSize(target))
    image = reader.read()
    if image.isNull():
        raise ValueError(f"{name} could not be read as a picture "
                         f"({reader.errorString() or 'corrupt data'}).")
    return image, shrink


class BackdropCache:
    """One decoded picture per path, read once; the error sentence kept for a bad one."""

    def __init__(self) -> None:
        self._path = ""
        self._image: QImage | None = None
        self._error = ""

    def get(self, path: str) -> tuple[QImage | None, str]:
        """The picture for ``path`` (already divided to the file's pixel scale: the
        returned image's width × ``per_pixel``/shrink) and the error sentence, if any."""
        if path != self._path:
            self._path = path
            try:
                image, shrink = read_backdrop(path)
            except ValueError as error:
                self._image, self._error = None, str(error)
            else:
                # Stretch back to the file's pixel size on paint: keep the factor in the image.
                image.setText("m3desk-shrink", repr(shrink))
                self._image, self._error = image, ""
        return self._image, self._error


def file_pixel_size(image: QImage) -> tuple[float, float]:
    """The size in the file's pixels of an image :class:`BackdropCache` may have shrunk."""
    try:
        shrink = float(image.text("m3desk-shrink") or 1.0)
    except ValueError:
        shrink = 1.0
    return image.width() / shrink, image.height() / shrink
