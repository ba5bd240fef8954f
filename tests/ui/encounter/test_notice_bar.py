"""The notice bar reads from the left across the tracker's width, whatever it showed before."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

from m3desk.core.system import Action, DueAction
from m3desk.ui.encounter.notice_bar import NoticeBar


def test_a_short_notice_starts_at_the_left_on_one_line(qtbot: Any) -> None:
    host = QWidget()
    layout = QVBoxLayout(host)
    bar = NoticeBar()
    layout.addWidget(bar)
    layout.addStretch(1)
    qtbot.addWidget(host)
    host.resize(1100, 300)
    host.show()
    qtbot.waitExposed(host)
    bar.show_notices(("Delsenora may follow Goblin 1.",))
    qtbot.wait(10)
    label = bar.label.geometry()
    assert label.left() < 60, label  # beside the icon, not pushed to the right
    assert label.width() > 900
    assert label.height() < 2 * bar.label.fontMetrics().height()  # one line, not a column
    bar.show_due((DueAction("Free attack on Delsenora", "a", Action("free", 0, target="d")),))
    bar.show_due(())
    qtbot.wait(10)
    assert bar.label.geometry().left() < 60
