"""The legend under the board: each side's shape and colour, what dashes and hatching mean,
and the keys, so nothing on the board relies on colour or on guessing."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from m3desk.rules.ranges import RangeBand
from m3desk.ui.board.shape_swatch import ShapeSwatch, SwatchKind
from m3desk.ui.board.token_shapes import shape_name

KEYS_HINT = ("Click a token to measure from it · drag it to another ring to change the range"
             " · keys: Tab/arrows to focus, Enter to centre, + closer, − farther"
             " · Ctrl+wheel zooms, Ctrl+0 fits")


class BoardLegend(QWidget):
    """Rebuilt only when the sides or the maximum range change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._key: tuple[tuple[str, ...], RangeBand] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self._row = QHBoxLayout()
        self._row.setSpacing(4)
        layout.addLayout(self._row)
        self._keys = QLabel(KEYS_HINT, self)
        self._keys.setWordWrap(True)
        font = self._keys.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        self._keys.setFont(font)
        layout.addWidget(self._keys)

    def set_sides(self, sides: tuple[str, ...], maximum: RangeBand) -> None:
        if self._key == (sides, maximum):
            return
        self._key = (sides, maximum)
        while self._row.count():
            item = self._row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        entries: list[tuple[SwatchKind, int, str]] = [
            ("side", i, f"{side} ({shape_name(i)})") for i, side in enumerate(sides)]
        entries += [("out_of_reach", 0, "dashed: out of reach"),
                    ("beyond_maximum", 0, f"hatched: beyond maximum range ({maximum.label})")]
        for kind, index, text in entries:
            self._row.addWidget(ShapeSwatch(kind, index, self))
            label = QLabel(text, self)
            self._row.addWidget(label)
            self._row.addSpacing(8)
        self._row.addStretch(1)

    def texts(self) -> list[str]:
        """The legend's words, for tests and for screen readers' sake."""
        return [w.text() for w in self.findChildren(QLabel) if not w.isHidden()
                and w is not self._keys]
