"""The legend under the board: each side's shape and colour, what dashes and hatching mean,
and one short line on the mouse, so nothing on the board relies on colour or on guessing.

The entries flow onto a second row in a narrow pane instead of being clipped, and the keys
live in the line's tooltip (and the board's), not in three lines of small print.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from m3desk.ui.board.flow_layout import FlowLayout
from m3desk.ui.board.ring_scale import RingScale
from m3desk.ui.board.shape_swatch import ShapeSwatch, SwatchKind
from m3desk.ui.board.token_shapes import shape_name

MOUSE_HINT = "Click a token to measure from it, drag it to another ring (hover for keys)"
KEYS_HINT = (
    "Click a token to measure from it · drag it to another ring to change the range"
    " · keys: Tab/arrows to focus, Enter to centre, + closer, − farther"
    " · Ctrl+wheel zooms, Ctrl+0 fits"
)


class BoardLegend(QWidget):
    """Rebuilt only when the sides or the rings change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._key: tuple[tuple[str, ...], bool, str] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self._entries = QWidget(self)
        self._flow = FlowLayout(self._entries, spacing=12, row_spacing=2)
        layout.addWidget(self._entries)
        self._keys = QLabel(MOUSE_HINT, self)
        self._keys.setObjectName("board_keys_hint")
        self._keys.setWordWrap(True)  # wraps, never clips, in a pane narrower than the line
        self._keys.setToolTip(KEYS_HINT.replace(" · ", "\n"))
        self._keys.setAccessibleDescription(KEYS_HINT)
        self._keys.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        font = self._keys.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        self._keys.setFont(font)
        layout.addWidget(self._keys)

    def set_lanes(self, lanes: bool) -> None:
        """Say "lane" or "ring" as the board shows them."""
        word = "lane" if lanes else "ring"
        self._keys.setText(MOUSE_HINT.replace("ring", word))
        self._keys.setToolTip(KEYS_HINT.replace("ring", word).replace(" · ", "\n"))
        self._keys.setAccessibleDescription(KEYS_HINT.replace("ring", word))

    def show_hint(self, shown: bool) -> None:
        """The how-to line (a read-only board, on the players' screen, has no use for it)."""
        self._keys.setVisible(shown)

    def set_sides(self, sides: tuple[str, ...], scale: RingScale) -> None:
        # Only what the legend says: the rings of each centre differ, its words rarely do.
        key = (sides, scale.limit_ring is not None, scale.limit_label)
        if self._key == key:
            return
        self._key = key
        while self._flow.count():
            item = self._flow.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        entries: list[tuple[SwatchKind, int, str]] = [
            ("side", i, f"{side} ({shape_name(i)})") for i, side in enumerate(sides)
        ]
        entries.append(("in_reach", 0, "solid: in reach of the attack named"))
        entries.append(("out_of_reach", 0, "dashed: out of reach"))
        if scale.limit_ring is not None:
            entries.append(
                ("beyond_maximum", 0, f"hatched: beyond maximum range ({scale.limit_label})")
            )
        for kind, index, text in entries:
            self._flow.addWidget(self._entry(kind, index, text))
        self._flow.invalidate()
        self.updateGeometry()

    def _entry(self, kind: SwatchKind, index: int, text: str) -> QWidget:
        """A swatch and its words, kept together on one row."""
        entry = QWidget(self._entries)
        row = QHBoxLayout(entry)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        row.addWidget(ShapeSwatch(kind, index, entry))
        row.addWidget(QLabel(text, entry))
        entry.show()
        return entry

    def texts(self) -> list[str]:
        """The legend's words, for tests and for screen readers' sake."""
        return [w.text() for w in self._entries.findChildren(QLabel) if not w.isHidden()]
