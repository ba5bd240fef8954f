"""Move… : an exact move typed as words ("withdraw 40 ft away from Orc A", "15 ft north"),
previewed with the game's ``check_move`` and made with its ``make_move`` (one undo step)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from m3desk.ui.map.moves import TypedMove, parse_move
from m3desk.ui.map.view import MapView, ruler_lines

__all__ = ["MoveDialog"]


class MoveDialog(QDialog):
    def __init__(self, view: MapView, combatant_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent or view)
        self.view = view
        self.combatant_id = combatant_id
        encounter = view.document.encounter
        name = encounter.combatant(combatant_id).name
        unit = encounter.position_model.unit
        others = [c.name for c in encounter.combatants if c.id != combatant_id]
        example = others[0] if others else "the door"
        self.setWindowTitle(f"Move {name}")
        self.setObjectName("map_move_dialog")
        self.field = QLineEdit(self)
        self.field.setObjectName("map_move_text")
        self.field.setAccessibleName(f"How far and where {name} moves")
        self.field.setPlaceholderText(f"e.g. withdraw 10 {unit} away from {example}")
        prompt = QLabel(
            f"How far and which way {name} moves: an amount in {unit} (or "
            f'squares) and "toward NAME", "away from NAME" or a compass '
            "direction (north, north-east, …; north is up on the map)"
            + (", or up or down (a climb)" if encounter.position_model.height else "")
            + ".",
            self,
        )
        prompt.setTextFormat(Qt.TextFormat.PlainText)
        prompt.setWordWrap(True)
        self.place = QCheckBox("&Place (no movement)", self)
        self.place.setObjectName("map_move_place")
        self.place.setToolTip(
            "The GM puts it there: no movement spent, no move's rules "
            "(Shift+drag on the map does the same)"
        )
        self.place.toggled.connect(lambda _on: self._update(self.field.text()))
        self.preview = QLabel(self)
        self.preview.setObjectName("map_move_preview")
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Move")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(prompt)
        layout.addWidget(self.field)
        layout.addWidget(self.place)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self.field.textChanged.connect(self._update)
        self.typed: TypedMove | None = None
        self._update("")
        self.resize(max(self.sizeHint().width(), 460), self.sizeHint().height())

    def _update(self, text: str) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.typed = None
        if not text.strip():
            self.preview.setText("")
            ok.setEnabled(False)
            return
        try:
            typed = parse_move(self.view.document.encounter, self.combatant_id, text)
        except ValueError as error:
            self.preview.setText(str(error))
            ok.setEnabled(False)
            return
        self.typed = typed
        ok.setText("Place" if self.place.isChecked() else "Move")
        if self.place.isChecked():
            self.preview.setText(f"{typed.description}\nNo movement: the GM places it")
            ok.setEnabled(True)
            return
        check = self.view.preview(self.combatant_id, typed.place)
        unit = self.view.picture.model.unit
        self.preview.setText("\n".join([typed.description, *ruler_lines(check, unit)]))
        ok.setEnabled(True)

    def accept(self) -> None:
        if self.typed is None:
            return
        if self.place.isChecked():
            self.view.place_token(self.combatant_id, self.typed.place)
        else:
            self.view.move_token(self.combatant_id, self.typed.place)
        super().accept()
