"""How long a bought effect or consequence lasts: a scene, N rounds, until removed, or until
thrown off with N accumulated effect points (a disease)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QSpinBox, QWidget

from m3desk.systems.monsters_and_magic import Duration, DurationKind
from m3desk.ui.action.combo_items import current_data, select_data

__all__ = ["DurationEditor"]

_TEXT = {
    DurationKind.SCENE: "this scene",
    DurationKind.ROUNDS: "rounds",
    DurationKind.UNTIL_REMOVED: "until removed",
    DurationKind.CONTEST: "until thrown off",
}


class DurationEditor(QWidget):
    """A kind and, where it needs one, a number (rounds, or EP to throw it off)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox(self)
        for kind, text in _TEXT.items():
            self.kind.addItem(text, kind.value)
        self.number = QSpinBox(self)
        self.number.setRange(1, 100)
        self.number.setValue(5)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.kind)
        layout.addWidget(self.number)
        self.kind.currentIndexChanged.connect(self._on_kind)
        self.number.valueChanged.connect(lambda _v: self.changed.emit())
        self._on_kind(0, emit=False)

    def duration(self) -> Duration:
        kind = DurationKind(current_data(self.kind) or DurationKind.SCENE.value)
        if kind is DurationKind.ROUNDS:
            return Duration(kind=kind, rounds=self.number.value())
        if kind is DurationKind.CONTEST:
            return Duration(kind=kind, contest_target=self.number.value())
        return Duration(kind=kind)

    def set_duration(self, duration: Duration) -> None:
        select_data(self.kind, duration.kind.value)
        if duration.rounds is not None:
            self.number.setValue(duration.rounds)
        elif duration.contest_target is not None:
            self.number.setValue(duration.contest_target)
        self._on_kind(0, emit=False)

    def _on_kind(self, _index: int, *, emit: bool = True) -> None:
        kind = DurationKind(current_data(self.kind) or DurationKind.SCENE.value)
        self.number.setVisible(kind in (DurationKind.ROUNDS, DurationKind.CONTEST))
        self.number.setSuffix(" rounds" if kind is DurationKind.ROUNDS else " EP")
        if kind is DurationKind.CONTEST:
            self.number.setToolTip("Effect points the bearer must accumulate to throw it off.")
        else:
            self.number.setToolTip("")
        if emit:
            self.changed.emit()
