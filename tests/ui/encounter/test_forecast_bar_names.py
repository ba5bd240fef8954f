"""The forecast's bar charts show combatants' names whole while the bars keep room."""

from __future__ import annotations

from typing import Any

from m3desk.ui.encounter.forecast_plots import Bar, BarChart


def _chart(qtbot: Any, width: int, *names: str) -> BarChart:
    chart = BarChart("Hit points left (outline: now)")
    qtbot.addWidget(chart)
    chart.set_bars([Bar(name, 0.5, text="46.8 of 49", reference=0.9) for name in names])
    chart.resize(width, chart.sizeHint().height())
    chart.show()
    qtbot.waitExposed(chart)
    return chart


def test_a_three_word_name_is_shown_whole_when_the_bars_keep_their_room(qtbot: Any) -> None:
    # Just wide enough for the name, the value and the bars' room: a third of this width
    # (the old cap) is narrower than the name, which was cut to "First One …".
    probe = _chart(qtbot, 400, "First One Mummy")
    measure = probe.fontMetrics().horizontalAdvance
    width = measure("First One Mummy") + 16 + measure("46.8 of 49") + 10 + BarChart.BAR_ROOM
    assert width // 3 < measure("First One Mummy") + 6
    chart = _chart(qtbot, width, "Felix Pook", "First One Mummy")
    assert chart.label_shown(1) == "First One Mummy"
    label_w, value_w = chart.columns()
    assert chart.width() - label_w - value_w >= BarChart.BAR_ROOM


def test_a_name_too_long_for_the_chart_is_cut_and_the_bars_keep_their_room(qtbot: Any) -> None:
    long_name = "Grand Vizier of the Seventeen Sunken Towers of the Eastern Marches"
    chart = _chart(qtbot, 370, long_name)
    shown = chart.label_shown(0)
    assert shown != long_name and shown.endswith("…")
    label_w, value_w = chart.columns()
    assert chart.width() - label_w - value_w >= BarChart.BAR_ROOM
