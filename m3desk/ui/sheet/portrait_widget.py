"""The portrait: click to choose an image file, "Clear" to remove it.

The file dialog sits behind a classmethod tests replace; the image is stored in the sheet
(scaled to ≤ 256 px, base64 PNG) through the document, so choosing one is undoable.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QFileDialog,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.ui import dialogs
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.portrait_codec import decode_portrait, encode_portrait
from m3desk.ui.sheet.field_binding import Report
from m3desk.ui.sheet.sheet_edits import error_text, with_fields

__all__ = ["PortraitWidget"]

_SHOWN = 128
_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.webp);;All files (*)"


class PortraitWidget(QWidget):
    def __init__(
        self, document: SheetDocument, report: Report, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._report = report
        self.button = QToolButton(self)
        self.button.setObjectName("portrait_button")
        self.button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.button.setToolTip("Click to choose a portrait image")
        self.button.clicked.connect(self.choose)
        self.clear_button = QPushButton("Clear portrait", self)
        self.clear_button.clicked.connect(self.clear)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.document_link = DocumentLink.on(document, "sheet_changed", self._on_sheet_changed)
        self.refresh()

    @classmethod
    def ask_image_path(cls, parent: QWidget) -> Path | None:
        """The image file the user picks, or None (tests replace this)."""
        if dialogs.is_non_interactive():
            return None
        name, _filter = QFileDialog.getOpenFileName(parent, "Choose a portrait", "", _FILTER)
        return Path(name) if name else None

    def choose(self) -> bool:
        path = type(self).ask_image_path(self)
        if path is None:
            return False
        try:
            encoded = encode_portrait(path)
            sheet = with_fields(self._document.sheet, portrait_png=encoded)
        except ValueError as exc:
            self._report(error_text(exc, "Portrait"))
            return False
        return self._document.replace_sheet(sheet, "Choose portrait")

    def clear(self) -> bool:
        sheet = with_fields(self._document.sheet, portrait_png="")
        return self._document.replace_sheet(sheet, "Clear portrait")

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if "portrait_png" in changed:
            self.refresh()

    def refresh(self) -> None:
        pixmap = decode_portrait(str(getattr(self._document.sheet, "portrait_png", "")))
        if pixmap is None:
            self.button.setIcon(
                self.style().standardIcon(self.style().StandardPixmap.SP_FileDialogContentsView)
            )
            self.button.setIconSize(QSize(48, 48))
            self.button.setText("Choose portrait…")
            self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        else:
            self.button.setIcon(QIcon(pixmap))
            self.button.setIconSize(
                pixmap.size().scaled(_SHOWN, _SHOWN, Qt.AspectRatioMode.KeepAspectRatio)
            )
            self.button.setText("")
            self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.clear_button.setEnabled(pixmap is not None)

    def has_portrait(self) -> bool:
        return bool(getattr(self._document.sheet, "portrait_png", ""))

    def detach(self) -> None:
        self.document_link.detach()
