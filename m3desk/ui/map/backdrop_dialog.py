"""Background Picture…: choose an image to lie under the grid, and its scale and place.

The scale is typed as the pixels of the picture one grid square spans (a battle map drawn
at 70 px a square); the picture's top-left corner can be moved in the game's unit. (On the
map itself, Adjust Picture drags, scales and calibrates it: the same edit, one undo step.)
A picture stretched down apart from across (a corner dragged with Shift) keeps its stretch
when the scale is typed. The
encounter keeps the path and the scale; the picture is read (with budgets) before anything
changes, so a bad file gives a sentence here and the encounter stays as it was.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.places import FAR, Backdrop
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map.backdrop import PictureHandle
from m3desk.ui.map.backdrop_edit import set_backdrop

__all__ = ["BackdropDialog", "set_backdrop"]

IMAGE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp *.svg *.svgz);;All files (*)"


class BackdropDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setObjectName("map_backdrop_dialog")
        self.setWindowTitle("Background Picture")
        model = document.encounter.position_model
        current = document.encounter.backdrop
        self.path = QLineEdit(current.path if current else "", self)
        self.path.setObjectName("backdrop_path")
        self.path.setAccessibleName("Picture file")
        choose = QPushButton("Choose…", self)
        choose.clicked.connect(self._choose)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(choose)
        self.per_square = QDoubleSpinBox(self)
        self.per_square.setObjectName("backdrop_scale")
        self.per_square.setRange(1, 2000)
        self.per_square.setDecimals(1)
        self.per_square.setSuffix(" px")
        self.per_square.setValue(model.step / current.per_pixel if current else 50.0)
        self.left = self._coordinate(current.x if current else 0.0, model.unit)
        self.top = self._coordinate(current.y if current else 0.0, model.unit)
        form = QFormLayout()
        form.addRow("Picture:", row)
        form.addRow(f"One square ({model.step} {model.unit}) spans:", self.per_square)
        form.addRow("Left edge at:", self.left)
        form.addRow("Top edge at:", self.top)
        self.message = QLabel(self)
        self.message.setObjectName("backdrop_message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.remove = self.buttons.addButton(
            "Remove Picture", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.remove.setEnabled(current is not None)
        self.remove.clicked.connect(self._remove)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._reading = PictureHandle(self, self._read)
        self._wanted: Backdrop | None = None
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(max(520, self.sizeHint().width()), self.sizeHint().height())

    def _coordinate(self, value: float, unit: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox(self)
        box.setRange(-FAR, FAR)
        box.setDecimals(1)
        box.setSuffix(f" {unit}")
        box.setValue(value)
        return box

    def _choose(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, "Background Picture", self.path.text(), IMAGE_FILTER
        )
        if path:
            self.path.setText(path)

    def _remove(self) -> None:
        set_backdrop(self.document, None)
        super().accept()

    def backdrop(self) -> Backdrop:
        """The picture as typed; raises ValueError with a sentence if it cannot be used."""
        path = self.path.text().strip()
        if not path:
            raise ValueError("Choose a picture file first.")
        step = self.document.encounter.position_model.step
        per_pixel = step / self.per_square.value()
        current = self.document.encounter.backdrop
        down = None
        if current is not None and current.per_pixel_y is not None:
            down = per_pixel * current.per_pixel_y / current.per_pixel
        return Backdrop(
            path=path,
            x=self.left.value(),
            y=self.top.value(),
            per_pixel=per_pixel,
            per_pixel_y=down,
        )

    @property
    def reading(self) -> bool:
        """The chosen picture is being read (OK waits; Cancel stops the reading)."""
        return self._wanted is not None

    def accept(self) -> None:
        if self._wanted is not None:
            return
        try:
            backdrop = self.backdrop()
        except ValueError as error:
            self.message.setText(str(error))
            return
        self._wanted = backdrop
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.message.setText(f"Reading the picture {_name(backdrop.path)}…")
        self._reading.get(backdrop.path, again=True)
        if not self._reading.loading:
            self._read()

    def _read(self) -> None:
        wanted, self._wanted = self._wanted, None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        if wanted is None:
            return
        image, error = self._reading.get(wanted.path)
        if image is None:
            self.message.setText(error or f"The picture {_name(wanted.path)} could not be read.")
            return
        set_backdrop(self.document, wanted)
        super().accept()

    def reject(self) -> None:
        if self._wanted is not None:  # Cancel while reading: stop reading, stay open
            self._reading.cancel()
            return
        self._reading.release()
        super().reject()

    def done(self, result: int) -> None:
        self._reading.release()
        super().done(result)


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1] or path
