"""Step 4a: every modifier of the check and of the resistance, each with its label.

Rendered as one rich-text table because it refreshes on every input change (a few
hundred microseconds, where rebuilding a grid of labels would cost milliseconds) and
because it should read like the sums written in the margin of a character sheet.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from m3desk.core.numbers import signed
from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic import CheckSpec
from m3desk.systems.monsters_and_magic.check_text import damage_cap_text, spec_formula
from m3desk.ui.action.tone import tone_color
from m3desk.ui.plain_text import app_markup, tinted

__all__ = ["ModifierView"]


def _cells(
    terms: tuple[Term, ...], extra: list[tuple[str, str]] | None = None, *, base_first: bool = False
) -> list[tuple[str, str]]:
    """Label and value per term; a static resistance's first term is a number, not a bonus."""
    cells = [
        (escape(t.label), str(t.value) if base_first and index == 0 else signed(t.value))
        for index, t in enumerate(terms)
    ] + (extra or [])
    return cells or [("<i>nothing</i>", "")]


def _table(
    left_head: str, left: list[tuple[str, str]], right_head: str, right: list[tuple[str, str]]
) -> str:
    """One table, two sides: a single table measures and paints the same in every style."""
    rows = [f"<tr><td colspan='2'>{left_head}</td><td></td><td colspan='2'>{right_head}</td></tr>"]
    for index in range(max(len(left), len(right))):
        cells = []
        for side in (left, right):
            label, value = side[index] if index < len(side) else ("", "")
            cells.append(f"<td>{label}</td><td align='right'>{value}</td>")
        rows.append(f"<tr>{cells[0]}<td width='18'></td>{cells[1]}</tr>")
    return "<table width='100%' cellspacing='0' cellpadding='1'>" + "".join(rows) + "</table>"


class ModifierView(QLabel):
    """The check's terms beside the resistance's terms, then what happens after a hit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        app_markup(self)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._plain = ""
        self._heights: dict[int, int] = {}

    # QLabel under-measures nested rich-text tables; measure with a text document instead.
    def setText(self, text: str) -> None:
        if text != self.text():
            self._heights.clear()
            super().setText(text)
            self.updateGeometry()

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            document = QTextDocument()
            document.setDefaultFont(self.font())
            document.setDocumentMargin(0)
            document.setHtml(self.text())
            margins = self.contentsMargins()
            document.setTextWidth(max(width - margins.left() - margins.right(), 1))
            self._heights[width] = (
                int(document.size().height()) + margins.top() + margins.bottom() + 4
            )
        return self._heights[width]

    def hasHeightForWidth(self) -> bool:
        return True

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(max(self.width(), hint.width())))

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self.heightForWidth(max(self.width(), 200)))

    def plain_text(self) -> str:
        """The same content without markup (tests, accessibility)."""
        return self._plain

    def show_spec(self, spec: CheckSpec | None, error: str = "") -> None:
        if spec is None:
            self._plain = error or "The check cannot be built yet."
            self.setText(tinted(self._plain, tone_color(self, "bad")))
            return
        muted = tone_color(self, "muted").name()
        extra = [("damage die", f"+{spec.damage}")] if spec.damage else []
        after = []
        if spec.ep_terms:
            after.append(
                "after a hit: "
                + ", ".join(f"{escape(t.label)} {signed(t.value)} EP" for t in spec.ep_terms)
            )
        if spec.damage_cap is not None:
            after.append(
                "maximum damage "
                + escape(damage_cap_text(spec.damage_cap, spec.damage_cap_computed))
            )
        if spec.mental:
            after.append("damage to MHP")
        footer = f"<div style='color:{muted}'>{' · '.join(after)}</div>" if after else ""
        self.setText(
            _table(
                f"<b>Check</b>  {escape(spec_formula(spec))}",
                _cells(spec.terms, extra),
                f"<b>Against</b>  {escape(spec.resistance.describe())}",
                _cells(spec.resistance.terms, base_first=not spec.resistance.rolled),
            )
            + footer
        )
        terms = "; ".join(t.signed() for t in spec.terms)
        resist = "; ".join(t.signed() for t in spec.resistance.terms)
        self._plain = (
            f"Check {spec_formula(spec)}: {terms}"
            f" | Against {spec.resistance.describe()}: {resist}"
            + (f" | {' · '.join(after)}" if after else "")
        )
