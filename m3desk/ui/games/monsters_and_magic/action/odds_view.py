"""Step 4b: the exact chances before the dice fall, from :meth:`CheckSpec.odds`.

The thresholds are the table's tier costs (5 / 10 / 15 EP by default): what the GM wants to
know is "can this buy a major consequence?", not an abstract distribution.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic import Odds, TableRules
from m3desk.systems.monsters_and_magic.check_text import odds_rows, percent
from m3desk.ui.action.odds_bars import OddsBars

__all__ = ["OddsView"]


class OddsView(QWidget):
    """Success and effect-point thresholds as bars, then the expected effect points."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._odds: Odds | None = None
        self.bars = OddsBars(self)
        self.expected = QLabel(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.bars)
        layout.addWidget(self.expected)

    @property
    def odds(self) -> Odds | None:
        """The odds on display (the very object the rules core returned)."""
        return self._odds

    def set_odds(self, odds: Odds | None, rules: TableRules) -> None:
        self._odds = odds
        if odds is None:
            self.bars.set_rows([])
            self.expected.setText("")
            return
        self.bars.set_rows(odds_rows(odds, rules))
        failing_badly = sum(
            (
                p
                for margin, p in odds.failure_margins.items()
                if margin >= rules.failure_minor_margin
            ),
            Fraction(0),
        )
        self.bars.setToolTip(
            f"Success exactly {odds.success.numerator}/{odds.success.denominator}.\n"
            f"Failing by {rules.failure_minor_margin} or more (a consequence): "
            f"{percent(failing_badly)}."
        )
        self.expected.setText(
            f"Expected effect points: {float(odds.expected_effect_points):.1f}"
            f"   ·   fails by {rules.failure_minor_margin}+: "
            f"{percent(failing_badly)}"
        )

    def row_texts(self) -> list[str]:
        """``["Success 62.5 %", …]`` as shown (tests, accessibility)."""
        return [f"{label} {percent(chance)}" for label, chance in self.bars.rows()]
