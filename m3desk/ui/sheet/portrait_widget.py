"""The portrait: click to choose an image file, "Clear" to remove it.

The file dialog sits behind a classmethod tests replace; the image is stored in the sheet
(scaled to ≤ 256 px, base64 PNG) through the document, so choosing one is undoable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel
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

from m3desk.core.sheet_form import FieldSpec, FormError, get_path, set_path
from m3desk.ui import dialogs
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.sheet_document import SheetDocument
from m3desk.ui.portrait_codec import decode_portrait, encode_portrait

__all__ = ["PortraitWidget"]

_SHOWN = 128
_FILTER = "Images (*.png *.jpg *.jpeg *.webp *.svg);;All files (*)"


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
            sheet = self._with(encoded)
        except FormError as exc:
            self._report(str(exc))
            return False
        except ValueError as exc:
            self._report(str(exc))
            return False
        return self._document.replace_sheet(sheet, "Choose portrait")

    def _with(self, encoded: str) -> BaseModel:
        return set_path(self._document.sheet, FieldSpec(self._field, "Portrait"), encoded)

    def clear(self) -> bool:
        return self._document.replace_sheet(self._with(""), "Clear portrait")

    def _on_sheet_changed(self, changed: frozenset[str]) -> None:
        if self._field.split(".")[0] in changed:
            self.refresh()

    def refresh(self) -> None:
        pixmap = decode_portrait(str(get_path(self._document.sheet, self._field)))
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
        return bool(get_path(self._document.sheet, self._field))

    def detach(self) -> None:
        self.document_link.detach()
