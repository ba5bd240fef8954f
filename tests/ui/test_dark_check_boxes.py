"""An unticked check box can be seen in the dark theme (issue 13: it looked like no box)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QStyle, QStyleOptionButton

from m3desk.ui.theme import apply_theme


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QApplication]:
    apply_theme(qapp, "dark")
    yield qapp
    qapp.setProperty("m3desk_theme_choice", None)
    qapp.setStyle("Fusion")
    qapp.setPalette(QPalette())


def _contrast(a: QColor, b: QColor) -> float:
    def luminance(c: QColor) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return (
            0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())
        )

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_an_unticked_box_has_a_frame_that_stands_out(qtbot: Any, dark: QApplication) -> None:
    box = QCheckBox("Shield")
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    image = box.grab().toImage()
    option = QStyleOptionButton()
    option.initFrom(box)
    indicator = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    ratio = box.devicePixelRatioF()
    y = int(indicator.center().y() * ratio)
    background = image.pixelColor(0, y)
    edge = max(
        (
            image.pixelColor(int(x * ratio), y)
            for x in range(indicator.left(), indicator.left() + 3)
        ),
        key=lambda colour: _contrast(colour, background),
    )
    assert _contrast(edge, background) >= 3.0  # WCAG's floor for a control's boundary
