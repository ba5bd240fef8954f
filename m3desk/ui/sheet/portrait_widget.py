"""The portrait: click to choose an image file, "Clear" to remove it.

The file dialog sits behind a classmethod tests replace; the image is stored in the sheet
(scaled to ≤ 256 px, base64 JPEG or PNG) through the document, so choosing one is undoable.
The chosen file is read on a worker (:mod:`m3desk.ui.sheet.portrait_reading`): meanwhile the
portrait says it is reading, with a Cancel that leaves the sheet as it was; the result is
applied once, as one undo step, when the reading ends (a second choice replaces the first;
a closed sheet applies nothing). A refused file's sentence goes to the sheet's message bar.

Stored portraits are decoded at the size shown, and kept decoded by their text in a small
cache: a sheet shown again, or a party's sheets opened together, decode nothing twice. A
large one (from a file made elsewhere) is decoded on a worker
(:mod:`m3desk.ui.sheet.portrait_decoding`): meanwhile the portrait's place shows "Loading…"
at the very size the picture will have, and the picture replaces it when it is decoded (a
closed sheet applies nothing).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.sheet_form import FieldSpec, FormError, get_path, set_path
from m3desk.ui import dialogs
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.sheet import portrait_decoding
from m3desk.ui.sheet.portrait_decoding import Key, Pending, portrait_for
from m3desk.ui.sheet.portrait_reading import PortraitReading, start_reading

__all__ = ["PortraitWidget", "shown_portrait"]

_SHOWN = 128
_FILTER = "Images (*.png *.jpg *.jpeg *.webp *.svg);;All files (*)"
POLL_MS = 40
"""How often the GUI thread looks whether the worker has read the chosen file."""
LOADING = "Loading…"
"""What the portrait's place says while a large stored portrait is decoded."""
_CHOOSE_TIP = "Click to choose a portrait image"


def shown_portrait(text: str, fit: int) -> QPixmap | Pending | None:
    """The stored portrait ``text`` decoded at most ``fit`` pixels on its long side (None:
    none, or not one m3desk would store; :class:`Pending` while a worker decodes it)."""
    return portrait_for(text, fit)


_PLACEHOLDERS: dict[tuple[int, int, float, int], QPixmap] = {}


def _placeholder(size: QSize, ratio: float, palette: QPalette) -> QPixmap:
    """The portrait's place while it is decoded: a quiet frame of ``size`` saying so (the
    last few drawn are kept: a party's portraits are mostly of one size)."""
    key = (size.width(), size.height(), ratio, palette.cacheKey())
    if key not in _PLACEHOLDERS:
        if len(_PLACEHOLDERS) >= 16:
            _PLACEHOLDERS.clear()
        _PLACEHOLDERS[key] = _drawn_placeholder(size, ratio, palette)
    return _PLACEHOLDERS[key]


def _drawn_placeholder(size: QSize, ratio: float, palette: QPalette) -> QPixmap:
    pixmap = QPixmap(
        QSize(max(1, math.ceil(size.width() * ratio)), max(1, math.ceil(size.height() * ratio)))
    )
    pixmap.setDevicePixelRatio(ratio)
    fill = QColor(palette.color(QPalette.ColorRole.Mid))
    fill.setAlpha(60)
    pixmap.fill(fill)
    painter = QPainter(pixmap)
    painter.setPen(palette.color(QPalette.ColorRole.Mid))
    painter.drawRect(QRect(0, 0, size.width() - 1, size.height() - 1))
    painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
    painter.drawText(
        QRect(0, 0, size.width(), size.height()), Qt.AlignmentFlag.AlignCenter, LOADING
    )
    painter.end()
    return pixmap


class PortraitWidget(QWidget):
    def __init__(
        self,
        document: SheetDocument,
        report: Callable[[str], None],
        parent: QWidget | None = None,
        *,
        field: str = "portrait_png",
    ) -> None:
        super().__init__(parent)
        self._field = field
        self._document = document
        self._report = report
        self.button = QToolButton(self)
        self.button.setObjectName("portrait_button")
        self.button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.button.setToolTip(_CHOOSE_TIP)
        self.button.clicked.connect(self.choose)
        self.clear_button = QPushButton("Clear portrait", self)
        self.clear_button.clicked.connect(self.clear)
        self.reading_label = QLabel(self)
        self.reading_label.setObjectName("portrait_reading")
        self.reading_label.setTextFormat(Qt.TextFormat.PlainText)
        self.reading_label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)  # no fraction to show: it moves while the file is read
        self.busy.setTextVisible(False)
        self.busy.setAccessibleName("Reading the portrait")
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setObjectName("portrait_cancel")
        self.cancel_button.setToolTip("Stop reading the picture; the portrait stays as it was")
        self.cancel_button.clicked.connect(self.cancel_reading)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.reading_label)
        layout.addWidget(self.busy)
        layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._reading: PortraitReading | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        # A plain closure (the wrapper may be gone by then): a destroyed sheet stops its read.
        pending: list[PortraitReading] = []
        self._pending = pending
        # The stored portrait a worker decodes for this view (at most one).
        waiting: list[Key] = []
        self._waiting = waiting

        def stop_pending(*_args: object) -> None:
            for reading in pending:
                reading.cancel()
            for key in waiting:
                portrait_decoding.release(key)
            waiting.clear()

        self.destroyed.connect(stop_pending)
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)
        portrait_decoding.landing().ready.connect(self._on_decoded)
        self._show_reading()
        self.refresh()

    @classmethod
    def ask_image_path(cls, parent: QWidget) -> Path | None:
        """The image file the user picks, or None (tests replace this)."""
        if dialogs.is_non_interactive():
            return None
        name, _filter = QFileDialog.getOpenFileName(parent, "Choose a portrait", "", _FILTER)
        return Path(name) if name else None

    def choose(self) -> bool:
        """Ask for a file and start reading it (replacing a reading under way); the sheet
        changes when the reading ends. False when no file was chosen."""
        path = type(self).ask_image_path(self)
        if path is None or not self.document_link.attached:
            return False
        self._stop_reading()
        self._reading = start_reading(path)
        self._pending[:] = [self._reading]
        self._timer.start()
        self._show_reading()
        return True

    @property
    def reading(self) -> bool:
        """A chosen file is being read."""
        return self._reading is not None

    def cancel_reading(self) -> None:
        """Stop reading the chosen file; the sheet stays as it was."""
        self._stop_reading()
        self._show_reading()

    def _stop_reading(self) -> None:
        self._timer.stop()
        if self._reading is not None:
            self._reading.cancel()
        self._reading = None
        self._pending.clear()

    def _poll(self) -> None:
        reading = self._reading
        if reading is None or not self.document_link.attached:  # the sheet was closed
            self.cancel_reading()
            return
        outcome = reading.outcome()
        if outcome is None:
            return
        self._timer.stop()
        self._reading = None
        self._pending.clear()
        self._show_reading()
        if outcome.sentence:
            self._report(outcome.sentence)
        elif outcome.encoded:
            try:
                sheet = self._with(outcome.encoded)
            except FormError as exc:
                self._report(str(exc))
                return
            self._document.replace_sheet(sheet, "Choose portrait")

    def _show_reading(self) -> None:
        reading = self._reading
        if reading is not None:
            # as wide as the portrait already is: the fields beside it do not move
            width = max(self.width() if self.isVisible() else 0, self.button.sizeHint().width())
            name = self.fontMetrics().elidedText(reading.name, Qt.TextElideMode.ElideMiddle, width)
            self.reading_label.setText(f"Reading…\n{name}")
            self.reading_label.setToolTip(f"Reading the picture {reading.path}")
            self.reading_label.setFixedWidth(width)
            self.busy.setFixedWidth(width)
        self.reading_label.setVisible(reading is not None)
        self.busy.setVisible(reading is not None)
        self.cancel_button.setVisible(reading is not None)
        self.clear_button.setVisible(reading is None)

    def _with(self, encoded: str) -> BaseModel:
        return set_path(self._document.sheet, FieldSpec(self._field, "Portrait"), encoded)

    def clear(self) -> bool:
        return self._document.replace_sheet(self._with(""), "Clear portrait")

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if self._field.split(".")[0] in changed:
            self.refresh()

    def refresh(self) -> None:
        fit = math.ceil(_SHOWN * max(1.0, self.devicePixelRatioF()))
        shown = shown_portrait(str(get_path(self._document.sheet, self._field)), fit)
        self._wait_for(shown.key if isinstance(shown, Pending) else None)
        if isinstance(shown, Pending):
            # the picture's own size when its header says it: nothing moves when it lands
            size = shown.size if shown.size.isValid() else QSize(_SHOWN, _SHOWN)
            size = size.scaled(_SHOWN, _SHOWN, Qt.AspectRatioMode.KeepAspectRatio)
            ratio = max(1.0, self.devicePixelRatioF())
            self._show_icon(QIcon(_placeholder(size, ratio, self.palette())), size, LOADING)
        elif shown is None:
            self.button.setIcon(
                self.style().standardIcon(self.style().StandardPixmap.SP_FileDialogContentsView)
            )
            self.button.setIconSize(QSize(48, 48))
            self.button.setText("Choose portrait…")
            self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            self.button.setToolTip(_CHOOSE_TIP)
        else:
            size = shown.size().scaled(_SHOWN, _SHOWN, Qt.AspectRatioMode.KeepAspectRatio)
            self._show_icon(QIcon(shown), size, _CHOOSE_TIP)
        self.clear_button.setEnabled(shown is not None)

    def _show_icon(self, icon: QIcon, size: QSize, tip: str) -> None:
        self.button.setIcon(icon)
        self.button.setIconSize(size)
        self.button.setText("")
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.button.setToolTip(tip)

    @property
    def loading(self) -> bool:
        """A worker is decoding the stored portrait this view shows."""
        return bool(self._waiting)

    def _wait_for(self, key: Key | None) -> None:
        if self._waiting and self._waiting[0] == key:
            return
        for old in self._waiting:
            portrait_decoding.release(old)
        self._waiting[:] = [] if key is None else [key]
        if key is not None:
            portrait_decoding.wait(key)

    def _on_decoded(self, key: Key) -> None:
        if self._waiting and self._waiting[0] == key:
            self._waiting.clear()  # the decoding is over: nothing to release
            if self.document_link.attached:  # a closed sheet applies nothing
                self.refresh()

    def has_portrait(self) -> bool:
        return bool(get_path(self._document.sheet, self._field))

    def detach(self) -> None:
        self._stop_reading()
        self._wait_for(None)
        self.document_link.detach()
