"""A combo box narrower than its longest choice: the shown choice ends in "…" when cut.

Qt's combo box clips its text at the arrow; this one draws it elided, so a narrow sheet
shows "CHA (Charis…" rather than "CHA (Charisma" (the list shows every choice in full).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

__all__ = ["ElidingComboBox"]


class ElidingComboBox(QComboBox):
    def __init__(self, parent: QWidget | None = None, *, min_characters: int = 8) -> None:
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(min_characters)

    def shown_text(self) -> str:
        """The current choice as drawn in the box's width (elided if it does not fit)."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._elided(option)

    def _elided(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option,
            QStyle.SubControl.SC_ComboBoxEditField, self)
        width = field.width() - 2  # the style draws the label 1 px in from each side
        if not option.currentIcon.isNull():
            width -= option.iconSize.width() + 4
        return self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight,
                                             max(width, 0))

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._elided(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
